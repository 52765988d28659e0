//! Search speed: alpha-beta with and without a useful transposition table, and Monte Carlo
//! playouts, on Nim and Mu Torere; proof-number search (PNS, df-pn) against alpha-beta on
//! the same won positions of Nim, Mu Torere and Fox and Hounds (times here, node counts
//! printed once per benchmark). Each benchmark checks its result.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::{Game, PerfectIndex};
use cgtk_games::fox_hounds::{FoxHounds, Role};
use cgtk_games::mu_torere::MuTorere;
use cgtk_games::nim::Nim;
use cgtk_search::{
    dfpn, is_decisive, mcts, plies_to_end, pns, AlphaBeta, Limits, MctsConfig, NoChance,
    ProofConfig, Status, Wins,
};
use criterion::{criterion_group, criterion_main, Criterion};
use std::sync::Once;

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

criterion_group!(benches, alpha_beta, monte_carlo, proof_number);
criterion_main!(benches);

/// The first position (by index) among those won for the side to move in the most
/// plies up to `plies`, found in the solved table, with its distance.
fn won_in<G: cgtk_core::Predecessors + Sync>(start: &G, plies: u32) -> (G, u32) {
    let solution = cgtk_retro::solve(start, &|_| {}).unwrap();
    let (index, distance) = (0..start.index_size())
        .filter_map(|i| {
            let v = solution.verdict(i)?;
            let d = v.distance?;
            (v.value == cgtk_core::Value::Win && d <= plies).then_some((i, d))
        })
        .max_by_key(|&(i, d)| (d, std::cmp::Reverse(i)))
        .unwrap();
    (start.position_at(index).unwrap(), distance)
}

/// PNS, df-pn (1+ε = 1.25) and alpha-beta (evaluation 0, iterative deepening to the
/// win's distance) on the same won positions.
fn proof_number(c: &mut Criterion) {
    let mut group = c.benchmark_group("proof");
    group.sample_size(10);
    let fox_key = |g: &FoxHounds| {
        g.hounds() as u64 | (g.fox() as u64) << 32 | ((g.role_to_move() == Role::Fox) as u64) << 40
    };
    let nim = Nim::new(&[3, 4, 5]).unwrap();
    let (mu, mu_plies) = won_in(&MuTorere::start(Default::default()), 9);
    let (fox, fox_plies) = won_in(&FoxHounds::start(Default::default()), 21);
    let mu_key = |g: &MuTorere| g.index();
    let nim_key = |g: &Nim| cgtk_core::PositionKey::key(g);
    let dfpn_config = ProofConfig {
        epsilon: 0.25,
        ..ProofConfig::default()
    };

    macro_rules! trio {
        ($name:expr, $game:expr, $key:expr, $plies:expr) => {{
            let report = Once::new();
            group.bench_function(concat!($name, ": pns"), |b| {
                b.iter(|| {
                    let mut g = $game.clone();
                    let goal = Wins::side_to_move(&g);
                    let r = pns(&mut g, &goal, &$key, &ProofConfig::default(), &|_| {}).unwrap();
                    assert_eq!(r.status, Status::Proved);
                    report.call_once(|| eprintln!("{}: pns {} nodes", $name, r.nodes));
                    r.nodes
                })
            });
            let report = Once::new();
            group.bench_function(concat!($name, ": df-pn"), |b| {
                b.iter(|| {
                    let mut g = $game.clone();
                    let goal = Wins::side_to_move(&g);
                    let r = dfpn(&mut g, &goal, &$key, &dfpn_config, &|_| {}).unwrap();
                    assert_eq!(r.status, Status::Proved);
                    report.call_once(|| eprintln!("{}: df-pn {} nodes", $name, r.nodes));
                    r.nodes
                })
            });
            let report = Once::new();
            group.bench_function(concat!($name, ": alpha-beta"), |b| {
                b.iter(|| {
                    let mut g = $game.clone();
                    let mut searcher = AlphaBeta::new();
                    let r = searcher.search_keyed(&mut g, Limits::depth($plies), &|_| 0, &$key);
                    assert!(r.score > 0 && plies_to_end(r.score).is_some());
                    report.call_once(|| eprintln!("{}: alpha-beta {} nodes", $name, r.nodes));
                    r.nodes
                })
            });
        }};
    }
    trio!("nim 3,4,5", nim, nim_key, 12);
    trio!("mu-torere longest win", mu, mu_key, mu_plies);
    trio!("fox-hounds won in 21", fox, fox_key, fox_plies);
    eprintln!("mu-torere: won in {mu_plies}; fox-hounds: won in {fox_plies}");
    group.finish();
}
