//! Both engines on Mu Torere, against the retrograde solution of every position.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::{Game, PerfectIndex, Value};
use cgtk_games::mu_torere::MuTorere;
use cgtk_retro::{solve, Solution};
use cgtk_search::{mcts, plies_to_end, AlphaBeta, Limits, MctsConfig, NoChance};

fn positions() -> (Vec<MuTorere>, Solution) {
    let start = MuTorere::start(Default::default());
    let solution = solve(&start, &|_| {}).unwrap();
    let all = (0..start.index_size())
        .filter_map(|i| start.position_at(i))
        .collect();
    (all, solution)
}

/// At a depth beyond the longest win, alpha-beta (evaluation 0, table keyed by the perfect
/// index) finds exactly the solved value and distance of every position: wins and losses
/// as decisive scores with the table's distance, draws as non-decisive scores.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn alpha_beta_agrees_with_the_solved_table_on_every_position() {
    let (all, solution) = positions();
    let (_, longest) = solution.longest_win().unwrap();
    let depth = longest + 2;
    let mut searcher = AlphaBeta::new();
    let mut checked = 0;
    for mut game in all {
        let verdict = solution.verdict(game.index()).unwrap();
        let result = searcher.search_keyed(&mut game, Limits::depth(depth), &|_| 0, &|g| g.index());
        let found = match plies_to_end(result.score) {
            Some(_) if result.score > 0 => Value::Win,
            Some(_) => Value::Loss,
            None => Value::Draw,
        };
        assert_eq!(found, verdict.value, "{game:?}: {result:?} vs {verdict:?}");
        assert_eq!(plies_to_end(result.score), verdict.distance, "{game:?}");
        checked += 1;
    }
    assert!(checked > 1000, "only {checked} positions");
}

/// Over every won position (not finished) and two seeds, MCTS with 2000 playouts picks a
/// move that keeps the win (by the table) most of the time; the measured rate is printed.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn mcts_mostly_keeps_the_win_in_won_positions() {
    let (all, solution) = positions();
    let mut tried = 0;
    let mut kept = 0;
    for game in all {
        let v = solution.verdict(game.index()).unwrap();
        if v.value != Value::Win || game.outcome().is_some() {
            continue;
        }
        for seed in 0..2 {
            let config = MctsConfig {
                playouts: 2000,
                seed,
                ..Default::default()
            };
            let mv = mcts(&NoChance(game), &config).best_move.unwrap();
            let mut next = game;
            next.make(mv);
            let keeps = next.outcome().is_some()
                || solution.verdict(next.index()).unwrap().value == Value::Loss;
            tried += 1;
            kept += keeps as u32;
        }
    }
    let rate = kept as f64 / tried as f64;
    eprintln!("mcts kept the win in {kept} of {tried} searches ({rate:.3})");
    assert!(tried >= 100);
    assert!(rate >= 0.75, "rate {rate}");
}
