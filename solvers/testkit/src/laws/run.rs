//! The checks as tests: each takes the start position, a way to pick the positions to
//! examine for a budget ([`sample`] or [`indexed_sample`]) and the [`Budget`], returns
//! what it examined, and panics with the first counterexample (or when it examined no
//! position at all). [`game_laws!`](crate::game_laws) calls these.

use super::{checks, indexed, playouts, Budget, Checked, LawResult};
use cgtk_core::{Game, Notation, PerfectIndex, PositionKey, Predecessors};

/// The checked figures, or a panic with the counterexample.
///
/// # Panics
///
/// When `result` is a counterexample, or examined no position.
pub fn expect_law(result: LawResult) -> Checked {
    match result {
        Ok(checked) if checked.positions > 0 => checked,
        Ok(_) => panic!("no position was examined: the check proves nothing"),
        Err(counterexample) => panic!("{counterexample}"),
    }
}

/// The positions of random playouts from `start`, for a game without a perfect index.
pub fn sample<G: Game + Clone>(start: &G, budget: Budget) -> Vec<G> {
    playouts(start, budget)
}

/// The positions of random playouts from `start`, then the representatives at
/// `budget.indices` indices (every index when there are no more).
pub fn indexed_sample<G: PerfectIndex>(start: &G, budget: Budget) -> Vec<G> {
    let mut positions = playouts(start, budget);
    positions.extend(indexed(start, budget.indices));
    positions
}

/// [`checks::make_unmake`] on the positions picked for [`Budget::for_rules`].
///
/// # Panics
///
/// On a counterexample.
pub fn make_unmake<G>(_start: &G, pick: impl Fn(Budget) -> Vec<G>, budget: Budget) -> Checked
where
    G: Notation + Clone + PartialEq,
{
    expect_law(checks::make_unmake(pick(budget.for_rules()), budget.seed))
}

/// [`checks::key`] on the positions picked for [`Budget::for_rules`], reading positions
/// with `start`'s rules.
///
/// # Panics
///
/// On a counterexample.
pub fn key<G>(start: &G, pick: impl Fn(Budget) -> Vec<G>, budget: Budget) -> Checked
where
    G: PositionKey + Notation + Clone,
{
    expect_law(checks::key(start, pick(budget.for_rules())))
}

/// [`checks::notation`] on the positions picked for [`Budget::for_rules`], reading
/// positions with `start`'s rules.
///
/// # Panics
///
/// On a counterexample.
pub fn notation<G>(start: &G, pick: impl Fn(Budget) -> Vec<G>, budget: Budget) -> Checked
where
    G: Notation + PartialEq,
{
    expect_law(checks::notation(start, pick(budget.for_rules())))
}

/// [`checks::index`] on the positions picked, then [`checks::index_sweep`] over
/// `budget.indices` indices.
///
/// # Panics
///
/// On a counterexample.
pub fn index<G>(start: &G, pick: impl Fn(Budget) -> Vec<G>, budget: Budget) -> Checked
where
    G: PerfectIndex + Notation + PartialEq,
{
    let given = expect_law(checks::index(pick(budget)));
    let swept = expect_law(checks::index_sweep(start, budget.indices));
    Checked {
        positions: given.positions + swept.positions,
        moves: 0,
    }
}

/// [`checks::symmetries`] on the positions picked.
///
/// # Panics
///
/// On a counterexample.
pub fn symmetries<G>(_start: &G, pick: impl Fn(Budget) -> Vec<G>, budget: Budget) -> Checked
where
    G: PerfectIndex + Notation + PartialEq,
{
    expect_law(checks::symmetries(pick(budget)))
}

/// [`checks::predecessors`] on the positions picked.
///
/// # Panics
///
/// On a counterexample.
pub fn predecessors<G>(_start: &G, pick: impl Fn(Budget) -> Vec<G>, budget: Budget) -> Checked
where
    G: Predecessors + Notation + PartialEq,
{
    expect_law(checks::predecessors(pick(budget)))
}
