//! Benchmarks of the Poggle solver. Each one checks its own result.
//!
//! - `solve/k2/n` and `solve/k6/n`: set up, eliminate and solve the n×n plane board from
//!   the default start (all 1, goal all 0); light chasing except for n = 5 (full system).
//! - `nullity/n`: the GF(2) nullity of the n×n board by the polynomial gcd.
//! - `full_vs_chase/k2/n`: side by side, plain Gaussian elimination on the full n²×n²
//!   system and light chasing, for n ≤ 40, on a reachable pseudo-random target.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_poggle::{gf2_nullity, BoardSpec, Method};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use std::time::Duration;

/// Sets up, eliminates and solves the n×n board for `target` (the default start's when
/// `None`), and checks A·x = b.
fn solve_and_check(n: usize, k: u64, method: Method, target: Option<&[u32]>) -> usize {
    let board = BoardSpec::square(n, k).build().expect("valid board");
    let analysis = board.analyze_with(method).expect("analysis");
    let b = target.map_or_else(|| board.target(), |t| t.to_vec());
    let x = analysis
        .solve(&b)
        .expect("solve")
        .expect("these targets are solvable");
    assert_eq!(board.effect(&x), b, "n = {n}, k = {k}: A·x ≠ b");
    x.len()
}

/// A·x₀ for a fixed pseudo-random x₀: a target that is always solvable.
fn reachable_target(n: usize, k: u64) -> Vec<u32> {
    let board = BoardSpec::square(n, k).build().expect("valid board");
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let x0: Vec<u32> = (0..n * n)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % k) as u32
        })
        .collect();
    board.effect(&x0)
}

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    for (k, sizes) in [(2u64, &[5usize, 100, 1000][..]), (6, &[100, 300][..])] {
        for &n in sizes {
            group.bench_with_input(BenchmarkId::new(format!("k{k}"), n), &n, |b, &n| {
                b.iter(|| solve_and_check(black_box(n), k, Method::Auto, None))
            });
        }
    }
    group.finish();
}

fn nullity(c: &mut Criterion) {
    // Check the polynomial method against light chasing once, then time it on huge n.
    for n in [1000usize, 1001, 1002] {
        let board = BoardSpec::square(n, 2).build().expect("valid board");
        let chased = board.analyze_with(Method::Chase).expect("analysis");
        assert_eq!(Some(gf2_nullity(n)), chased.nullity(), "n = {n}");
    }
    let mut group = c.benchmark_group("nullity");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    for n in [10_000usize, 100_000] {
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, &n| {
            b.iter(|| {
                let d = gf2_nullity(black_box(n));
                // Published facts about the sequence: the nullity is even and at most n.
                assert!(d % 2 == 0 && d <= n);
                d
            })
        });
    }
    group.finish();
}

fn full_vs_chase(c: &mut Criterion) {
    let mut group = c.benchmark_group("full_vs_chase");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300));
    for (k, sizes) in [(2u64, &[10usize, 20, 30, 40][..]), (6, &[10, 20][..])] {
        for &n in sizes {
            let board = BoardSpec::square(n, k).build().expect("valid board");
            let full = board.analyze_with(Method::Full).expect("full");
            let chase = board.analyze_with(Method::Chase).expect("chase");
            assert_eq!(full.kernel_size(), chase.kernel_size(), "n = {n}, k = {k}");
            let target = reachable_target(n, k);
            for (name, method) in [("full", Method::Full), ("chase", Method::Chase)] {
                group.bench_with_input(BenchmarkId::new(format!("k{k}/{name}"), n), &n, |b, &n| {
                    b.iter(|| solve_and_check(black_box(n), k, method, Some(&target)))
                });
            }
        }
    }
    group.finish();
}

criterion_group!(benches, solve, nullity, full_vs_chase);
criterion_main!(benches);
