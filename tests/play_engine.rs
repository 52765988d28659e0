//! The engine behind `cgtk play`, as a library: level 100 never lets a won Mu Torere
//! position slip, whatever the opponent replies.

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
