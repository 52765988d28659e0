//! How often a policy (any way of choosing a move) throws a won position away, measured
//! against a solution.

use crate::engine::Solution;
use crate::reach::reachable;
use cgtk_core::{Notation, PerfectIndex, Value};
use rayon::prelude::*;

/// A won position where the policy's move gives the win away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blunder<G: cgtk_core::Game> {
    /// The position (won for its side to move).
    pub position: G,
    /// The move the policy chose (after it the side to move draws or loses).
    pub chosen: G::Move,
    /// A move that keeps the win (the first in the game's move order).
    pub winning: G::Move,
}

/// The result of [`audit`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Audit<G: cgtk_core::Game> {
    /// Positions examined.
    pub positions: u64,
    /// Of those, how many the policy's move turns into a draw or a loss.
    pub blunders: u64,
    /// The first few blunders, in the order of the positions.
    pub examples: Vec<Blunder<G>>,
}

impl<G: cgtk_core::Game> Audit<G> {
    /// `blunders / positions` (0 when no position was examined).
    pub fn rate(&self) -> f64 {
        if self.positions == 0 {
            0.0
        } else {
            self.blunders as f64 / self.positions as f64
        }
    }
}

/// The positions reachable from `start` that are not finished, won for their side to
/// move by `solution`, and accepted by `keep` (one per index: a class's representative
/// for a symmetry-reduced index).
///
/// ```
/// use cgtk_core::{Game, PerfectIndex, Player, Value};
/// use cgtk_games::mu_torere::MuTorere;
/// use cgtk_retro::{reachable, solve, won_positions};
///
/// let start = MuTorere::start(Default::default());
/// let solution = solve(&start, &|_| {}).unwrap();
/// assert_eq!(reachable(&start).count(), 1180);
/// // Mu Torere is a draw with best play (P. D. Straffin, "Position graphs for Pong Hau
/// // K'i and Mu Torere", Mathematics Magazine 68, 1995), so the start is not among them.
/// assert_eq!(solution.verdict(start.index()).unwrap().value, Value::Draw);
/// // 208 of the 1180 positions reachable are won for the side to move, 104 with black
/// // to move (both counts found again by a separate brute-force solver).
/// let won = won_positions(&start, &solution, |_| true);
/// assert_eq!(won.len(), 208);
/// assert!(won.iter().all(|g| g.outcome().is_none() && *g != start));
/// let black = won_positions(&start, &solution, |g| g.to_move() == Player::First);
/// assert_eq!(black.len(), 104);
/// ```
pub fn won_positions<G>(start: &G, solution: &Solution, keep: impl Fn(&G) -> bool) -> Vec<G>
where
    G: PerfectIndex + PartialEq + Sync,
    G::Move: Send,
{
    reachable(start)
        .iter()
        .filter_map(|i| start.position_at(i))
        .filter(|g| {
            g.outcome().is_none()
                && solution.verdict(g.index()).map(|v| v.value) == Some(Value::Win)
                && keep(g)
        })
        .collect()
}

/// Lets `policy` choose a move in every position of `positions` (each won for its side
/// to move; in parallel, so the policy must not depend on the order) and counts the
/// moves after which `solution` no longer gives the mover a win; keeps up to `examples`
/// of them. `tick` is called once per position.
///
/// ```
/// use cgtk_core::{Game, PerfectIndex};
/// use cgtk_games::mu_torere::MuTorere;
/// use cgtk_retro::{audit, solve, won_positions};
///
/// let start = MuTorere::start(Default::default());
/// let solution = solve(&start, &|_| {}).unwrap();
/// let won = won_positions(&start, &solution, |_| true);
/// // The table's own choice never gives a win away ...
/// let perfect = audit(&won, &solution, |g: &MuTorere| {
///     solution.best_move(g).ok().flatten().map(|(mv, _)| mv)
/// }, &|| {}, 3);
/// assert_eq!((perfect.positions, perfect.blunders), (won.len() as u64, 0));
/// // ... while always playing the first legal move does, somewhere.
/// let first = audit(&won, &solution, |g: &MuTorere| {
///     let mut moves = Vec::new();
///     g.legal_moves(&mut moves);
///     moves.first().copied()
/// }, &|| {}, 3);
/// assert!(first.blunders > 0 && first.examples.len() <= 3);
/// ```
pub fn audit<G>(
    positions: &[G],
    solution: &Solution,
    policy: impl Fn(&G) -> Option<G::Move> + Sync,
    tick: &(dyn Fn() + Sync),
    examples: usize,
) -> Audit<G>
where
    G: PerfectIndex + Notation + Sync + Send,
    G::Move: Send + PartialEq,
{
    let found: Vec<Option<Blunder<G>>> = positions
        .par_iter()
        .map(|game| {
            let chosen = policy(game);
            tick();
            let chosen = chosen?;
            let ranked = solution.move_verdicts(game).ok()?;
            let keeps = |mv: &G::Move| ranked.iter().any(|(m, v)| m == mv && v.value == Value::Win);
            if keeps(&chosen) {
                return None;
            }
            // The first winning move in the game's own move order.
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let winning = moves.into_iter().find(|m| keeps(m))?;
            Some(Blunder {
                position: game.clone(),
                chosen,
                winning,
            })
        })
        .collect();
    let blunders: Vec<Blunder<G>> = found.into_iter().flatten().collect();
    Audit {
        positions: positions.len() as u64,
        blunders: blunders.len() as u64,
        examples: blunders.into_iter().take(examples).collect(),
    }
}
