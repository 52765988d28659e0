//! Both engines against the law of Nim: the player to move loses exactly when the nim-sum
//! of the heaps is 0, and the winning moves are those to nim-sum 0. Distances to the end
//! are checked against a plain minimax without pruning or table.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::{Game, PerfectIndex};
use cgtk_games::nim::{Nim, NimMove};
use cgtk_search::{mcts, plies_to_end, AlphaBeta, Limits, MctsConfig, NoChance};
use std::collections::HashMap;

/// Plies to the end under best play (winner hurries, loser delays), by plain recursion.
fn distance(nim: &mut Nim, memo: &mut HashMap<Vec<u32>, (bool, u32)>) -> (bool, u32) {
    if let Some(&r) = memo.get(nim.heaps()) {
        return r;
    }
    let mut moves = Vec::new();
    nim.legal_moves(&mut moves);
    let mut best: Option<(bool, u32)> = None;
    for mv in moves {
        nim.make(mv);
        let (child_wins, d) = distance(nim, memo);
        nim.unmake(mv, ());
        let mine = (!child_wins, d + 1);
        best = Some(match best {
            None => mine,
            Some(b) => match (b.0, mine.0) {
                (true, true) => (true, b.1.min(mine.1)),
                (false, false) => (false, b.1.max(mine.1)),
                (true, false) => b,
                (false, true) => mine,
            },
        });
    }
    let r = best.unwrap_or((false, 0));
    memo.insert(nim.heaps().to_vec(), r);
    r
}

fn all_positions(start: &[u32]) -> Vec<Nim> {
    let template = Nim::new(start).unwrap();
    (0..template.index_size())
        .filter_map(|i| template.position_at(i))
        .collect()
}

#[test]
fn alpha_beta_value_and_distance_match_the_nim_sum_law() {
    let mut searcher = AlphaBeta::new();
    let mut memo = HashMap::new();
    for mut nim in all_positions(&[3, 4, 5]) {
        let depth: u32 = nim.heaps().iter().sum();
        let result = searcher.search(&mut nim, Limits::depth(depth.max(1)));
        let (wins, plies) = distance(&mut nim, &mut memo);
        assert_eq!(wins, nim.nim_sum() != 0, "{:?}", nim.heaps());
        assert_eq!(result.score > 0, wins, "{:?}: {result:?}", nim.heaps());
        assert_eq!(plies_to_end(result.score), Some(plies), "{:?}", nim.heaps());
        if wins {
            let mv = result.best_move.unwrap();
            nim.make(mv);
            assert_eq!(nim.nim_sum(), 0, "best move {mv:?} does not win");
        }
    }
}

#[test]
fn node_limit_keeps_the_last_completed_iteration() {
    let mut nim = Nim::new(&[7, 9, 11, 13]).unwrap();
    let result = AlphaBeta::new().search(
        &mut nim,
        Limits {
            depth: 40,
            nodes: Some(5_000),
        },
    );
    assert!(result.nodes <= 5_001);
    assert!(result.best_move.is_some());
    assert!(result.depth < 40);
}

fn winning(nim: &Nim, mv: NimMove) -> bool {
    let mut next = nim.clone();
    next.make(mv);
    next.nim_sum() == 0
}

/// Over every won position of heaps up to (2, 3, 4) and three seeds each, MCTS with 3000
/// playouts picks a winning move at least 80% of the time (a random mover would manage far
/// less: the measured rate is printed).
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn mcts_picks_winning_nim_moves_most_of_the_time() {
    let mut tried = 0;
    let mut won = 0;
    let mut random_rate = 0.0;
    for nim in all_positions(&[2, 3, 4]) {
        if nim.nim_sum() == 0 {
            continue;
        }
        let mut moves = Vec::new();
        nim.legal_moves(&mut moves);
        random_rate +=
            moves.iter().filter(|&&m| winning(&nim, m)).count() as f64 / moves.len() as f64;
        for seed in 0..3 {
            let config = MctsConfig {
                playouts: 3000,
                seed,
                ..Default::default()
            };
            let mv = mcts(&NoChance(nim.clone()), &config).best_move.unwrap();
            tried += 1;
            won += winning(&nim, mv) as u32;
        }
    }
    let rate = won as f64 / tried as f64;
    eprintln!(
        "mcts winning-move rate {rate:.3} over {tried} searches; random mover {:.3}",
        random_rate / (tried / 3) as f64
    );
    assert!(rate >= 0.8, "rate {rate}");
}

#[test]
fn mcts_is_reproducible_from_its_seed() {
    let nim = Nim::new(&[3, 4, 5]).unwrap();
    let config = MctsConfig {
        playouts: 500,
        seed: 42,
        ..Default::default()
    };
    assert_eq!(mcts(&nim, &config), mcts(&nim, &config));
}

/// A node limit too small to finish depth 1 returned no move in a game that was not over.
#[test]
fn a_node_limit_inside_depth_one_still_gives_a_legal_move() {
    for nodes in 1..=4 {
        let mut nim = Nim::new(&[2, 2]).unwrap();
        let result = AlphaBeta::new().search(
            &mut nim,
            Limits {
                depth: 10,
                nodes: Some(nodes),
            },
        );
        let mv = result.best_move.expect("a move in a game that is not over");
        assert!(nim.is_legal(mv), "{nodes}: {mv:?}");
    }
}
