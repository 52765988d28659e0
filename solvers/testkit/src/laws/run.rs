//! The checks with their positions chosen from a start position and a [`Budget`], for
//! tests: each returns what it examined, and panics with the first counterexample (or when
//! it examined no position at all). [`game_laws!`](crate::game_laws) calls these.

use super::{checks, indexed, playouts, Budget, Checked, LawResult};
use cgtk_core::{Notation, PerfectIndex, PositionKey, Predecessors};

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

/// [`checks::make_unmake`] on the positions of random playouts from `start`.
///
/// # Panics
///
/// On a counterexample.
pub fn make_unmake<G: Notation + Clone + PartialEq>(start: &G, budget: Budget) -> Checked {
    expect_law(checks::make_unmake(playouts(start, budget), budget.seed))
}

/// [`checks::key`] on the positions of random playouts from `start`.
///
/// # Panics
///
/// On a counterexample.
pub fn key<G: PositionKey + Notation + Clone>(start: &G, budget: Budget) -> Checked {
    expect_law(checks::key(start, playouts(start, budget)))
}

/// [`checks::notation`] on the positions of random playouts from `start`.
///
/// # Panics
///
/// On a counterexample.
pub fn notation<G: Notation + Clone + PartialEq>(start: &G, budget: Budget) -> Checked {
    expect_law(checks::notation(start, playouts(start, budget)))
}

/// [`checks::index`] on the positions of random playouts from `start`, then
/// [`checks::index_sweep`] over `budget.indices` indices.
///
/// # Panics
///
/// On a counterexample.
pub fn index<G: PerfectIndex + Notation + PartialEq>(start: &G, budget: Budget) -> Checked {
    let played = expect_law(checks::index(playouts(start, budget)));
    let swept = expect_law(checks::index_sweep(start, budget.indices));
    Checked {
        positions: played.positions + swept.positions,
        moves: 0,
    }
}

/// [`checks::symmetries`] on the positions of random playouts from `start` and the
/// representatives at `budget.indices` indices.
///
/// # Panics
///
/// On a counterexample.
pub fn symmetries<G: PerfectIndex + Notation + PartialEq>(start: &G, budget: Budget) -> Checked {
    let positions = playouts(start, budget)
        .into_iter()
        .chain(indexed(start, budget.indices));
    expect_law(checks::symmetries(positions))
}

/// [`checks::predecessors`] on the positions of random playouts from `start` and the
/// representatives at `budget.indices` indices.
///
/// # Panics
///
/// On a counterexample.
pub fn predecessors<G: Predecessors + Notation + PartialEq>(start: &G, budget: Budget) -> Checked {
    let positions = playouts(start, budget)
        .into_iter()
        .chain(indexed(start, budget.indices));
    expect_law(checks::predecessors(positions))
}
