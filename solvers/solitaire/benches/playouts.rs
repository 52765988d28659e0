//! Calculation speed, single thread unless said: playouts from the start of a game (random,
//! rule-based, random-home-first, blend and greedy policies), one Monte Carlo move of 1,000
//! playouts, one hindsight and one rollout move (the latter also on two threads, with the
//! fitted base policy and two levels deep, in mid-game and at 16 cards face down), the
//! rollout player's base policy over a deal, one exact move with five cards face down (a
//! lost position) and with six (a sure win), and the solver on a deal.
//! Each benchmark checks its result.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_solitaire::{
    exact_best_move, greedy_moves, hindsight_moves, mcts_move, random_playout, rollout_moves,
    solve, BasePolicy, Deal, HindsightOptions, MctsOptions, Move, PlayoutPolicy, Position,
    RolloutOptions, Rules, Solution, SolveLimits,
};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("calculation playouts");
    let start = Position::start(Rules::STANDARD);
    for (name, policy) in [
        ("random", PlayoutPolicy::Random),
        ("rule-based", PlayoutPolicy::RuleBased),
        ("random-home-first", PlayoutPolicy::RandomHomeFirst),
        ("blend 50%", PlayoutPolicy::Blend(50)),
        ("greedy", PlayoutPolicy::Greedy),
    ] {
        group.throughput(Throughput::Elements(1000));
        group.bench_function(format!("1000 {name} playouts"), |b| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
            b.iter(|| {
                let wins = (0..1000)
                    .filter(|_| random_playout(&start, policy, &mut rng))
                    .count();
                assert!(wins < 1000);
                wins
            })
        });
    }
    group.finish();
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("calculation search");
    group.sample_size(10);
    // A real choice for both trees: a 7 on one pile, a 9 turned (onto the 7, or a new pile).
    let mut pos = Position::start(Rules::STANDARD);
    pos.turn(7).unwrap();
    pos.play(Move::StockToWaste(0)).unwrap();
    pos.turn(9).unwrap();
    for (name, options) in [
        (
            "mcts move, 1000 random playouts",
            MctsOptions::baseline(1000),
        ),
        (
            "best move, 1000 blend playouts, lean tree",
            MctsOptions::best(1000),
        ),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mv = mcts_move(&pos, &options, 3);
                assert!(mv.is_some());
                mv
            })
        });
    }
    for (samples, nodes) in [(16, 1000), (32, 1000)] {
        let options = HindsightOptions { samples, nodes };
        group.bench_function(
            format!("hindsight move, {samples} samples x {nodes} nodes"),
            |b| {
                b.iter(|| {
                    let (moves, scores) = hindsight_moves(&pos, &options, 3).unwrap();
                    assert!(!moves.is_empty() && scores.len() > 1);
                    moves
                })
            },
        );
    }
    // A position 24 cards into deal 5, played by the rule-based player: a mid-game move.
    let deal = Deal::from_seed(Rules::STANDARD, 5);
    let mut mid = Position::start(Rules::STANDARD);
    for &card in &deal.stock()[..24] {
        mid.turn(card).unwrap();
        while let Some(mv) = cgtk_solitaire::rule_based_move(&mid) {
            mid.play(mv).unwrap();
            if mid.is_chance() {
                break;
            }
        }
    }
    mid.turn(deal.stock()[24]).unwrap();
    let options = HindsightOptions::new(16);
    group.bench_function("hindsight move, mid-game, 16 samples x 1000 nodes", |b| {
        b.iter(|| {
            let (moves, _) = hindsight_moves(&mid, &options, 3).unwrap();
            assert!(!moves.is_empty());
            moves
        })
    });
    // The rollout player: one move at the early choice and at the mid-game position, on one
    // thread; and the mid-game move on two (a decision's simulated games share the pool).
    let pool = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    };
    let (one, two) = (pool(1), pool(2));
    // The mid-game move once more with the fitted base policy, to set against the order
    // evaluation's on one thread.
    for (name, at, threads, base) in [
        ("early choice", &pos, &one, BasePolicy::Order),
        ("mid-game", &mid, &one, BasePolicy::Order),
        ("mid-game, 2 threads", &mid, &two, BasePolicy::Order),
        ("mid-game, fitted base", &mid, &one, BasePolicy::Fitted),
    ] {
        let options = RolloutOptions {
            base,
            ..RolloutOptions::new(200)
        };
        group.bench_function(format!("rollout move, {name}, 200 samples"), |b| {
            b.iter(|| {
                let (moves, wins) = threads.install(|| rollout_moves(at, &options, 3).unwrap());
                assert!(!moves.is_empty() && wins.len() > 1);
                moves
            })
        });
    }
    // A level-2 decision at the mid-game position (10 orders per placement, each played by a
    // level-1 player sampling 16 orders a decision): the work of the nested and two-level
    // players, nearly all of it in the levels below the top.
    let nested = RolloutOptions {
        levels: 2,
        inner_samples: 16,
        ..RolloutOptions::new(10)
    };
    group.bench_function("rollout move, mid-game, level 2, 10 x 16 samples", |b| {
        b.iter(|| {
            let (moves, wins) = one.install(|| rollout_moves(&mid, &nested, 3).unwrap());
            assert!(!moves.is_empty() && wins.len() > 1);
            moves
        })
    });
    // The same late in a deal, where the nested players use it: deal 5 played by a
    // 100-sample rollout player up to 16 cards face down (waste piles as tidy as the nested
    // players meet them, unlike the base policy's or the rule-based player's).
    let mut late = Position::start(Rules::STANDARD);
    for &card in &deal.stock()[..32] {
        late.turn(card).unwrap();
        let (line, _) = rollout_moves(&late, &RolloutOptions::new(100), 5).unwrap();
        for mv in line {
            late.play(mv).unwrap();
        }
    }
    late.turn(deal.stock()[32]).unwrap();
    group.bench_function(
        "rollout move, 16 cards face down, level 2, 10 x 16 samples",
        |b| {
            b.iter(|| {
                let (moves, wins) = one.install(|| rollout_moves(&late, &nested, 3).unwrap());
                assert!(!moves.is_empty() && wins.len() > 1);
                moves
            })
        },
    );
    // The base policy over a whole deal, as a rollout plays it (one per sample and placement).
    let deal = Deal::from_seed(Rules::STANDARD, 7);
    group.bench_function("greedy base policy, one whole deal", |b| {
        b.iter(|| {
            let mut game = cgtk_solitaire::Calculation::new(deal.clone());
            while let Some(line) = greedy_moves(game.position()) {
                for mv in line {
                    game.play(mv).unwrap();
                }
            }
            assert!(game.is_over());
            game.position().cards_on_foundations()
        })
    });
    // Exact play: deal 5002 played by the rollout player (20 samples) up to 5 cards face
    // down (a position worth 0: every line explored), and deal 5009 up to 6 (a sure win).
    for (seed, cards, worth) in [(5002, 5, 0.0), (5009, 6, 1.0)] {
        let deal = Deal::from_seed(Rules::STANDARD, seed);
        let mut game = cgtk_solitaire::Calculation::new(deal);
        while game.position().unseen_total() > cards {
            let (line, _) = rollout_moves(game.position(), &RolloutOptions::new(20), seed).unwrap();
            for mv in line {
                game.play(mv).unwrap();
            }
        }
        let late = *game.position();
        assert!(late.turned().is_some());
        group.bench_function(format!("exact move, {cards} cards face down"), |b| {
            b.iter(|| {
                let (mv, p) = exact_best_move(&late, 20_000_000).unwrap().unwrap();
                assert!((p - worth).abs() < 1e-9);
                mv
            })
        });
    }
    let deal = Deal::from_seed(Rules::STANDARD, 2);
    group.bench_function("solve deal 2", |b| {
        b.iter(|| {
            let report = solve(&deal, SolveLimits::default());
            assert!(matches!(report.solution, Solution::Win(_)));
            report.nodes
        })
    });
    group.finish();
}

criterion_group!(benches, playouts, search);
criterion_main!(benches);
