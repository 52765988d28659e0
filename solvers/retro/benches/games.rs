//! Solve time and peak memory of every solved game, each result checked.
//!
//! `cargo bench -p cgtk-retro --bench games [-- FILTER]` solves each game several times
//! and prints the median wall time of the solve and of the reachability search from the
//! start (what `cgtk solve` does besides), the CPU time (user + system) per run, and the
//! peak resident memory of one solve and one search. Each game runs in a process of its
//! own (this program started again with `--game NAME`), so that the peak, read from
//! `/proc/self/status` (VmHWM, Linux only), is that game's. Criterion is not used: the
//! full Kono takes seconds per run and its memory is part of what is measured.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::{PerfectIndex, Predecessors, Value};
use cgtk_games::fox_hounds::FoxHounds;
use cgtk_games::kono::Kono;
use cgtk_games::mu_torere::MuTorere;
use cgtk_retro::{reachable, solve, Reachable, Solution};
use std::time::{Duration, Instant};

/// A field of /proc/self/status in kB, e.g. `VmHWM`.
fn status_kb(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// User plus system CPU time of this process so far (from /proc/self/stat).
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // The kernel reports clock ticks of 1/100 s on every common Linux configuration.
    Some(Duration::from_millis(ticks * 10))
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn show(d: Duration) -> String {
    if d < Duration::from_millis(10) {
        format!("{:.3} ms", d.as_secs_f64() * 1e3)
    } else {
        format!("{:.3} s", d.as_secs_f64())
    }
}

/// Times `runs` solves and reachability searches of `start`, checks the last results
/// with `check`, and prints one line.
fn bench<G>(name: &str, start: &G, runs: usize, check: impl Fn(&Solution, &Reachable))
where
    G: Predecessors + PartialEq + Sync,
    G::Move: Send,
{
    let solution = solve(start, &|_| {}).expect("the game solves");
    let reach = reachable(start);
    check(&solution, &reach);
    drop((solution, reach));
    let peak = status_kb("VmHWM");
    let cpu_before = cpu_time();
    let (mut solves, mut searches) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        let t = Instant::now();
        let solution = solve(start, &|_| {}).expect("the game solves");
        solves.push(t.elapsed());
        let t = Instant::now();
        let reach = reachable(start);
        searches.push(t.elapsed());
        check(&solution, &reach);
    }
    let cpu = cpu_time()
        .zip(cpu_before)
        .map(|(after, before)| show((after - before) / runs as u32));
    println!(
        "{name:<16} solve {:>10}   reachable {:>10}   cpu per run {:>10}   peak memory {}   ({runs} runs, {} threads)",
        show(median(solves)),
        show(median(searches)),
        cpu.unwrap_or_else(|| "?".into()),
        peak.map_or("?".into(), |kb| format!("{:.1} MB", kb as f64 / 1024.0)),
        rayon::current_num_threads()
    );
}

/// Legal Kono positions: at most 8 pieces a side on 16 cells, either side to move.
fn kono_legal_positions() -> u64 {
    let f = |n: u64| (1..=n).product::<u64>();
    let mut legal = 0;
    for a in 0..=8 {
        for b in 0..=8 {
            legal += 2 * f(16) / (f(a) * f(b) * f(16 - a - b));
        }
    }
    legal
}

const GAMES: [&str; 4] = ["mu-torere", "fox-hounds", "kono", "kono-compulsory"];

/// Runs one game: `--game NAME`.
fn run(name: &str) {
    match name {
        "mu-torere" => {
            let mu = MuTorere::start(Default::default());
            bench(name, &mu, 101, |s, r| {
                // Wikipedia, "Mū tōrere": 1180 reachable positions, the start a draw.
                assert_eq!(s.verdict(mu.index()).unwrap().value, Value::Draw);
                assert_eq!(r.count(), 1180);
            })
        }
        "fox-hounds" => {
            let fox = FoxHounds::start(Default::default());
            bench(name, &fox, 7, |s, _| {
                // The hounds win from every fox start square with the fox moving first.
                for square in ["b8", "d8", "f8", "h8"] {
                    let start = FoxHounds::start(format!("fox={square}").parse().unwrap());
                    assert_eq!(s.verdict(start.index()).unwrap().value, Value::Loss);
                }
                assert_eq!(s.counts().draws, 0);
            })
        }
        _ => {
            let variant = if name == "kono" {
                "standard"
            } else {
                "compulsory-capture"
            };
            let kono = Kono::start(variant.parse().unwrap());
            bench(name, &kono, 5, |s, r| {
                assert_eq!(s.position_counts(&kono).total(), kono_legal_positions());
                // Neither side can force a win from the start.
                assert_eq!(s.verdict(kono.index()).unwrap().value, Value::Draw);
                assert!(r.count() > 1_000_000 && r.count() < kono_legal_positions());
            })
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(at) = args.iter().position(|a| a == "--game") {
        run(&args[at + 1]);
        return;
    }
    let filter: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let me = std::env::current_exe().expect("the benchmark's own path");
    for game in GAMES {
        if filter.is_empty() || filter.iter().any(|f| game.contains(f.as_str())) {
            let status = std::process::Command::new(&me)
                .args(["--game", game])
                .status()
                .expect("the benchmark starts itself");
            assert!(status.success(), "{game} failed");
        }
    }
}
