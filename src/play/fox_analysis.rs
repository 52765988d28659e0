//! How often a hounds' heuristic throws a won Fox and Hounds position away, measured
//! against the solved table.

use super::fox_heuristics::{evaluate, Heuristic};
use cgtk_core::{Game, Notation, PerfectIndex, Value};
use cgtk_games::fox_hounds::{FoxHounds, Role};
use cgtk_retro::Solution;
use cgtk_search::{AlphaBeta, Limits};
use rayon::prelude::*;
use serde::Serialize;

/// The measurement for one heuristic.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HeuristicReport {
    /// The heuristic.
    pub heuristic: Heuristic,
    /// The alpha-beta depth in plies.
    pub depth: u32,
    /// Positions examined: reachable from the start, hounds to move, won for the hounds.
    pub positions: u64,
    /// Of those, how many the heuristic's move turns into a draw or a loss.
    pub blunders: u64,
    /// `blunders / positions`.
    pub blunder_rate: f64,
    /// Up to three positions where it happens, with the move chosen and a winning move.
    pub examples: Vec<Blunder>,
}

/// A won position where the heuristic's move throws the win away.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Blunder {
    /// The position, in the game's notation.
    pub position: String,
    /// The move the heuristic chose.
    pub chosen: String,
    /// A move that keeps the win.
    pub winning: String,
}

/// The won positions the hounds can face: reachable from `start`, hounds to move, not
/// finished, and a win for them by the table.
pub fn won_hound_positions(start: &FoxHounds, solution: &Solution) -> Vec<FoxHounds> {
    cgtk_retro::reachable(start)
        .iter()
        .filter_map(|i| start.position_at(i))
        .filter(|g| {
            g.role_to_move() == Role::Hounds
                && g.outcome().is_none()
                && solution.verdict(g.index()).map(|v| v.value) == Some(Value::Win)
        })
        .collect()
}

fn keeps_win(game: &FoxHounds, mv: cgtk_games::fox_hounds::Move, solution: &Solution) -> bool {
    let mut next = *game;
    next.make(mv);
    match next.outcome() {
        Some(o) => o.value_for(game.to_move()) == Value::Win,
        None => solution.verdict(next.index()).map(|v| v.value) == Some(Value::Loss),
    }
}

/// Runs alpha-beta to `depth` with `heuristic` on every position of `positions` (each with
/// a fresh transposition table, so the result does not depend on the order or the
/// threads) and counts the moves that lose the win. `tick` is called once per position.
pub fn measure(
    positions: &[FoxHounds],
    solution: &Solution,
    heuristic: Heuristic,
    depth: u32,
    tick: &(dyn Fn() + Sync),
) -> HeuristicReport {
    let results: Vec<Option<Blunder>> = positions
        .par_iter()
        .map(|game| {
            let mut position = *game;
            let mut searcher = AlphaBeta::with_capacity(1 << 16);
            let result = searcher.search_keyed(
                &mut position,
                Limits::depth(depth),
                &|g: &FoxHounds| evaluate(g, heuristic),
                &|g: &FoxHounds| g.index(),
            );
            tick();
            let chosen = result.best_move?;
            if keeps_win(game, chosen, solution) {
                return None;
            }
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let winning = moves.into_iter().find(|&m| keeps_win(game, m, solution))?;
            Some(Blunder {
                position: game.position_text(),
                chosen: game.move_text(chosen),
                winning: game.move_text(winning),
            })
        })
        .collect();
    let blunders: Vec<Blunder> = results.into_iter().flatten().collect();
    let n = positions.len() as u64;
    HeuristicReport {
        heuristic,
        depth,
        positions: n,
        blunders: blunders.len() as u64,
        blunder_rate: if n == 0 {
            0.0
        } else {
            blunders.len() as f64 / n as f64
        },
        examples: blunders.into_iter().take(3).collect(),
    }
}
