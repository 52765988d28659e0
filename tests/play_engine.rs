//! The engine behind `cgtk play`, as a library: level 100 never lets a won Mu Torere
//! position slip, whatever the opponent replies.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk::play::table_move;
use cgtk_core::{Game, Outcome, PerfectIndex, Value};
use cgtk_games::mu_torere::MuTorere;
use cgtk_retro::Solution;

/// Plays the table's move in `game` (a win for the side to move), then tries every reply,
/// recursively; every line must end in a win for the engine. Returns the positions seen.
fn never_loses(game: &mut MuTorere, solution: &Solution, depth: u32) -> u64 {
    assert!(depth < 200, "the game does not end");
    let engine = game.to_move();
    let (mv, verdict) = table_move(game, |i| solution.verdict(i)).unwrap();
    assert_eq!(verdict.value, Value::Win);
    let undo = game.make(mv);
    let mut seen = 1;
    match game.outcome() {
        Some(outcome) => assert_eq!(outcome, Outcome::Win(engine)),
        None => {
            let mut replies = Vec::new();
            game.legal_moves(&mut replies);
            for reply in replies {
                let u = game.make(reply);
                match game.outcome() {
                    Some(outcome) => assert_eq!(outcome, Outcome::Win(engine)),
                    None => seen += never_loses(game, solution, depth + 1),
                }
                game.unmake(reply, u);
            }
        }
    }
    game.unmake(mv, undo);
    seen
}

#[test]
fn level_100_never_loses_a_won_mu_torere_position() {
    let start = MuTorere::start(Default::default());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let mut won = 0;
    for i in 0..start.index_size() {
        let Some(mut game) = start.position_at(i) else {
            continue;
        };
        if game.outcome().is_some() || solution.verdict(i).unwrap().value != Value::Win {
            continue;
        }
        never_loses(&mut game, &solution, 0);
        won += 1;
    }
    assert!(won > 50, "only {won} won positions");
}

/// A search deep enough to see the end never throws away a win it can see: over the won
/// hound positions whose win takes at most 3 plies, alpha-beta to depth 4 with either
/// heuristic keeps every win. And every blunder reported elsewhere is one by the table.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn fox_hounds_heuristics_keep_every_win_within_their_horizon() {
    use cgtk::play::{measure, won_hound_positions, Heuristic};
    use cgtk_core::Notation;
    use cgtk_games::fox_hounds::FoxHounds;
    let start = FoxHounds::start(Default::default());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let all = won_hound_positions(&start, &solution);
    let near: Vec<FoxHounds> = all
        .iter()
        .copied()
        .filter(|g| solution.verdict(g.index()).unwrap().distance.unwrap() <= 3)
        .collect();
    assert!(near.len() > 100, "{}", near.len());
    for h in [Heuristic::Naive, Heuristic::Better] {
        let report = measure(&near, &solution, h, 4, &|| {});
        assert_eq!(report.blunders, 0, "{h:?}: {report:?}");
        let shallow = measure(&all[..2000], &solution, h, 1, &|| {});
        for b in &shallow.examples {
            let game = start.parse_position(&b.position).unwrap();
            for (mv, keeps) in [(&b.chosen, false), (&b.winning, true)] {
                let mut next = game;
                next.make(game.parse_move(mv).unwrap());
                let lost = solution.verdict(next.index()).map(|v| v.value) == Some(Value::Loss);
                assert_eq!(lost, keeps, "{b:?}");
            }
        }
    }
}
