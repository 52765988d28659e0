//! Search speed: alpha-beta with and without a useful transposition table, and Monte Carlo
//! playouts, on Nim and Mu Torere. Each benchmark checks its result.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::{Game, PerfectIndex};
use cgtk_games::mu_torere::MuTorere;
use cgtk_games::nim::Nim;
use cgtk_search::{is_decisive, mcts, plies_to_end, AlphaBeta, Limits, MctsConfig, NoChance};
use criterion::{criterion_group, criterion_main, Criterion};

fn alpha_beta(c: &mut Criterion) {
    let mut group = c.benchmark_group("alpha-beta");
    group.sample_size(10);
    for (name, capacity) in [
        ("nim 3,4,5 solved, table 1M", 1 << 20),
        ("nim 3,4,5 solved, table 1", 1),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut nim = Nim::new(&[3, 4, 5]).unwrap();
                let mut searcher = AlphaBeta::with_capacity(capacity);
                let r = searcher.search(&mut nim, Limits::depth(12));
                assert!(r.score > 0 && plies_to_end(r.score).is_some());
                r.nodes
            })
        });
    }
    group.bench_function("mu-torere start depth 16", |b| {
        b.iter(|| {
            let mut game = MuTorere::start(Default::default());
            let mut searcher = AlphaBeta::new();
            let r = searcher.search_keyed(&mut game, Limits::depth(16), &|_| 0, &|g| g.index());
            // The start is a draw: no forced result within 16 plies.
            assert!(!is_decisive(r.score));
            r.nodes
        })
    });
    group.finish();
}

fn monte_carlo(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts");
    group.sample_size(10);
    group.bench_function("mu-torere start 10000 playouts", |b| {
        b.iter(|| {
            let game = MuTorere::start(Default::default());
            let r = mcts(
                &NoChance(game),
                &MctsConfig {
                    playouts: 10_000,
                    seed: 1,
                    ..Default::default()
                },
            );
            let visits: u32 = r.moves.iter().map(|m| m.visits).sum();
            assert_eq!(visits, 10_000);
            assert!(game.is_legal(r.best_move.unwrap()));
        })
    });
    group.finish();
}

criterion_group!(benches, alpha_beta, monte_carlo);
criterion_main!(benches);
