//! Single timed runs too long for repeated sampling: Grundy's game to N = 10^6 by the
//! common/rare and by the plain method (minutes), checked against each other, and to
//! N = 10^7 by the common/rare method. Every run is checked against the published
//! statistics of the first 2^21 values (tests/data/sparse_space_statistics.txt): the largest
//! value 231 first at heap 763622, and 1274 heaps of sparse value (mask 0xfe), the last at
//! heap 82860.
//!
//! `cargo bench -p cgtk-nimber --bench grundy_once` (add `-- fast` to skip the plain run).

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_nimber::{grundy_sequence, grundy_sequence_plain, HeapGame};
use std::time::{Duration, Instant};

/// The CPU time of this process so far (user + system), read from /proc where there is one.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which ends with ')'): utime and stime are the
    // 12th and 13th, in clock ticks of 1/100 s.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Runs `compute`, printing its wall and CPU time; returns the values and the CPU time
/// (the wall time where there is no CPU time).
fn timed(label: &str, compute: impl FnOnce() -> Vec<u32>) -> (Vec<u32>, Duration) {
    let (cpu, wall) = (cpu_time(), Instant::now());
    let values = compute();
    let wall = wall.elapsed();
    let cpu = cpu.zip(cpu_time()).map(|(a, b)| b - a);
    println!(
        "{label}: {:.2} s wall, {} CPU",
        wall.as_secs_f64(),
        cpu.map_or("?".into(), |c| format!("{:.2} s", c.as_secs_f64()))
    );
    (values, cpu.unwrap_or(wall))
}

/// The published statistics of Grundy's game (the `grundys` row of
/// tests/data/sparse_space_statistics.txt: heaps, largest value, first heap with it, mask,
/// number of rare heaps, last rare heap), on the values computed (which must reach the
/// first heap of the largest value).
fn check_published(g: &[u32]) {
    let table = cgtk_testkit::reference!("sparse_space_statistics.txt");
    let row = table
        .records()
        .into_iter()
        .find(|r| r[0] == "grundys")
        .expect("a row for grundys");
    let number = |f: &str| match f.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).unwrap(),
        None => f.parse::<u64>().unwrap(),
    };
    let [heaps, largest, first, mask, rare_heaps, last_rare] =
        [1, 2, 3, 4, 5, 6].map(|i| number(row[i]));
    let prefix = &g[..g.len().min(heaps as usize)];
    let max = *prefix.iter().max().unwrap();
    assert_eq!(max as u64, largest);
    assert_eq!(prefix.iter().position(|&v| v == max), Some(first as usize));
    let rare: Vec<usize> = (0..prefix.len())
        .filter(|&n| (prefix[n] as u64 & mask).count_ones() % 2 == 0)
        .collect();
    assert_eq!(
        (rare.len() as u64, rare.last().map(|&n| n as u64)),
        (rare_heaps, Some(last_rare))
    );
}

fn main() {
    let fast_only = std::env::args().any(|a| a == "fast");
    let game = HeapGame::Grundys;
    let (fast, fast_time) = timed("common/rare method, N = 10^6", || {
        grundy_sequence(&game, 1_000_000).unwrap()
    });
    check_published(&fast);
    let (long, _) = timed("common/rare method, N = 10^7", || {
        grundy_sequence(&game, 10_000_000).unwrap()
    });
    check_published(&long);
    assert_eq!(&long[..fast.len()], &fast[..]);
    if !fast_only {
        let (plain, plain_time) = timed("plain method, N = 10^6", || {
            grundy_sequence_plain(&game, 1_000_000).unwrap()
        });
        assert_eq!(plain, fast);
        println!(
            "plain / common-rare (CPU time): {:.0}",
            plain_time.as_secs_f64() / fast_time.as_secs_f64()
        );
    }
}
