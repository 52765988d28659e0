//! The full-information solver, single thread, its two methods side by side: the
//! depth-first search alone (the method before beams) and beam searches first.
//! Each benchmark checks its result.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_solitaire::{solve_with, Deal, Rules, Solution, SolveLimits, SolveMethod};
use criterion::{criterion_group, criterion_main, Criterion};

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("calculation solver");
    group.sample_size(10);
    let methods = [
        ("depth-first", SolveMethod::DepthFirst),
        ("beam-first", SolveMethod::BeamFirst),
    ];
    let deal = Deal::from_seed(Rules::STANDARD, 2);
    for (name, method) in methods {
        group.bench_function(format!("{name}: deal 2"), |b| {
            b.iter(|| {
                let report = solve_with(&deal, SolveLimits::default(), method);
                assert!(matches!(report.solution, Solution::Win(_)));
                report.nodes
            })
        });
    }
    // Twenty deals at 20,000 nodes each: the time to decide what each method can.
    let deals: Vec<Deal> = (0..20)
        .map(|s| Deal::from_seed(Rules::STANDARD, s))
        .collect();
    let limits = SolveLimits {
        nodes: 20_000,
        time: None,
    };
    for (name, method) in methods {
        group.bench_function(format!("{name}: deals 0-19, 20k nodes"), |b| {
            b.iter(|| {
                let won = deals
                    .iter()
                    .filter(|d| matches!(solve_with(d, limits, method).solution, Solution::Win(_)))
                    .count();
                assert!(won > 0);
                won
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solver);
criterion_main!(benches);
