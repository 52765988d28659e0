//! The large-board runs the README quotes, timed end to end (criterion would repeat a
//! 10-second run too often): `cargo bench -p cgtk-poggle --bench scale -- [WHAT] [RUNS]`,
//! WHAT one of `k2` (default), `k6`, `nullity`, `all`, or `nullity-direct` (once: the
//! halving against the direct gcd at n = 10⁶).
//!
//! - `solve/k2`: the 10000×10000 plane board in 2 colours from the default
//!   start: elimination of the N×N reduced system, the bit-packed chase, and the
//!   row-by-row check A·x = b, which must pass.
//! - `solve/k6`: the 2000×2000 board in 6 colours for a reachable pseudo-random target
//!   (the default start is not solvable), checked with A·x formed press by press.
//! - `nullity`: the GF(2) nullity of the 10⁶×10⁶ board, checked against the direct gcd
//!   on small sizes first.
//!
//! Prints every run's time and the median.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_poggle::{gf2_nullity, gf2_nullity_direct, BoardSpec};
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn timed(name: &str, runs: usize, mut f: impl FnMut()) {
    let times: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            let s = t.elapsed().as_secs_f64();
            println!("{name}: {s:.2} s");
            s
        })
        .collect();
    println!("{name}: median {:.2} s of {runs}", median(times));
}

fn solve_k2(n: usize) {
    let t = Instant::now();
    let board = BoardSpec::square(n, 2).build().unwrap();
    let analysis = board.analyze().unwrap();
    let eliminated = t.elapsed().as_secs_f64();
    let x = analysis.solve_bits(&board.target_bits()).unwrap();
    let x = x.expect("the default start is solvable for this n");
    let solved = t.elapsed().as_secs_f64();
    assert!(board.is_solution_bits(&x), "A·x ≠ b");
    println!(
        "  {n}×{n}: reduced system eliminated at {eliminated:.2} s, solved at {solved:.2} s, checked at {:.2} s; {} presses",
        t.elapsed().as_secs_f64(),
        x.count_ones()
    );
}

fn solve_k6(n: usize) {
    let t = Instant::now();
    let board = BoardSpec::square(n, 6).build().unwrap();
    // A·x₀ for a fixed pseudo-random x₀: always reachable.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let x0: Vec<u32> = (0..n * n)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % 6) as u32
        })
        .collect();
    let target = board.effect(&x0);
    let set_up = t.elapsed().as_secs_f64();
    let analysis = board.analyze().unwrap();
    let x = analysis.solve(&target).unwrap().expect("A·x₀ is reachable");
    let solved = t.elapsed().as_secs_f64();
    assert_eq!(board.effect(&x), target, "A·x ≠ b");
    println!(
        "  {n}×{n}, k = 6: target made at {set_up:.2} s, solved at {solved:.2} s, checked at {:.2} s; kernel size {}",
        t.elapsed().as_secs_f64(),
        analysis.kernel_size()
    );
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let what = args.first().map_or("k2", String::as_str);
    let runs: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    if what == "k2" || what == "all" {
        timed("solve/k2/10000", runs, || solve_k2(10_000));
    }
    if what == "k6" || what == "all" {
        timed("solve/k6/2000", runs, || solve_k6(2000));
    }
    if what == "nullity-direct" {
        // Once, untimed: the halving against the direct gcd (O(n²/64)) at n = 10⁶.
        let t = Instant::now();
        let direct = gf2_nullity_direct(1_000_000);
        println!(
            "direct gcd: nullity(10^6) = {direct} in {:.1} s",
            t.elapsed().as_secs_f64()
        );
        assert_eq!(gf2_nullity(1_000_000), direct);
    }
    if what == "nullity" || what == "all" {
        // The halving agrees with the direct gcd first, then the timed run.
        for n in [1000, 1001, 2047, 2048, 4095] {
            assert_eq!(gf2_nullity(n), gf2_nullity_direct(n), "n = {n}");
        }
        timed("nullity/1000000", runs, || {
            println!("  nullity(10^6) = {}", gf2_nullity(1_000_000));
        });
    }
}
