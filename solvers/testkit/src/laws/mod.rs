//! Generic laws of game rules, checked over cgtk-core's traits.
//!
//! Each check takes the positions to examine (from [`playouts`] or [`index_sweep`]) and
//! returns how much it examined, or the first [`Counterexample`] with the position's text
//! and what went wrong:
//!
//! | check | trait | law |
//! |---|---|---|
//! | [`make_unmake`] | [`Game`] | make then unmake restores the position, also along a line of moves; `is_legal` accepts the listed moves; a finished game has no moves |
//! | [`key`] | [`PositionKey`](cgtk_core::PositionKey) | make then unmake restores the key; a position reached by moves has the key of the same position read from its text |
//! | [`notation`] | [`Notation`] | `parse_position(position_text(p)) = p`, `parse_move(move_text(m)) = m` |
//! | [`index`] | [`PerfectIndex`] | position → index → position (up to the index's symmetry), index → position → index |
//! | [`symmetries`] | [`PerfectIndex`] | every symmetry maps a position to a legal position of the same class, with the same moves (transformed) and the same value of a finished game; symmetries compose |
//! | [`predecessors`] | [`Predecessors`](cgtk_core::Predecessors) | every predecessor of `p` has `p` among its successors as often as it is listed, and every successor of `p` lists `p` |
//!
//! The [`run`] functions put a generator, a [`Budget`] and a check together and panic with
//! the counterexample; [`game_laws!`](crate::game_laws) writes the tests of a game with
//! them in one line.
//!
//! ```
//! use cgtk_core::{Game, Notation, NotationError, Outcome, Player};
//! use cgtk_testkit::laws::{make_unmake, notation, playouts, Budget};
//!
//! /// One heap; a move takes one or two counters.
//! #[derive(Clone, Debug, PartialEq)]
//! struct Heap(u32, Player);
//! impl Game for Heap {
//!     type Move = u32;
//!     type Undo = ();
//!     fn to_move(&self) -> Player { self.1 }
//!     fn legal_moves(&self, moves: &mut Vec<u32>) {
//!         moves.clear();
//!         moves.extend((1..=2).filter(|&t| t <= self.0));
//!     }
//!     fn make(&mut self, take: u32) { self.0 -= take; self.1 = self.1.opponent(); }
//!     // Wrong: forgets to give the move back to the player who made it.
//!     fn unmake(&mut self, take: u32, _: ()) { self.0 += take; }
//!     fn outcome(&self) -> Option<Outcome> {
//!         (self.0 == 0).then(|| Outcome::Win(self.1.opponent()))
//!     }
//! }
//! impl Notation for Heap {
//!     fn position_text(&self) -> String { format!("{} {}", self.0, self.1) }
//!     fn parse_position(&self, text: &str) -> Result<Heap, NotationError> {
//!         unimplemented!("not needed here")
//!     }
//!     fn move_text(&self, take: u32) -> String { take.to_string() }
//!     fn parse_move(&self, text: &str) -> Result<u32, NotationError> {
//!         unimplemented!("not needed here")
//!     }
//! }
//!
//! let positions = playouts(&Heap(5, Player::First), Budget::QUICK);
//! let found = make_unmake(positions, 1).unwrap_err();
//! assert_eq!(found.position, "5 first");
//! assert!(found.to_string().contains("make then unmake of 1 gives 5 second"));
//! ```

mod checks;
pub mod run;

pub use checks::{index, index_sweep, key, make_unmake, notation, predecessors, symmetries};

use cgtk_core::{Game, Notation, PerfectIndex};
use std::fmt;

/// Which law a counterexample breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Law {
    /// Make then unmake restores the position.
    MakeUnmake,
    /// Make then unmake restores the key, and keys depend on the position alone.
    Key,
    /// Positions and moves read back from their text.
    Notation,
    /// Position → index → position and index → position → index.
    Index,
    /// Symmetries map legal positions to legal positions with the same structure.
    Symmetries,
    /// Predecessors agree with successors.
    Predecessors,
}

impl fmt::Display for Law {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Law::MakeUnmake => "make/unmake",
            Law::Key => "position key",
            Law::Notation => "notation round trip",
            Law::Index => "index round trip",
            Law::Symmetries => "symmetries",
            Law::Predecessors => "predecessors agree with successors",
        })
    }
}

/// The first position found that breaks a law.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The law broken.
    pub law: Law,
    /// The position, as [`Notation::position_text`] writes it.
    pub position: String,
    /// What went wrong there.
    pub detail: String,
}

impl fmt::Display for Counterexample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "law broken: {} at {:?}: {}",
            self.law, self.position, self.detail
        )
    }
}

impl std::error::Error for Counterexample {}

/// How much a check examined: a check that examined nothing proves nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Positions examined.
    pub positions: u64,
    /// Moves examined (from those positions).
    pub moves: u64,
}

/// The outcome of a check.
pub type LawResult = Result<Checked, Counterexample>;

/// How many positions to examine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The seed of the random playouts.
    pub seed: u64,
    /// How many random games to play from the start.
    pub playouts: usize,
    /// The longest of those games, in plies.
    pub plies: usize,
    /// At most this many indices of a perfect index, evenly spaced (all of them when the
    /// index is no larger), for the laws of the index: [`index`], [`symmetries`],
    /// [`predecessors`].
    pub indices: u64,
    /// The same for the laws of the rules and the text ([`make_unmake`], [`key`],
    /// [`notation`]), which the random playouts already exercise.
    pub rule_indices: u64,
}

impl Budget {
    /// For every `cargo test`: a fraction of a second per game.
    pub const QUICK: Budget = Budget {
        seed: 0x5eed,
        playouts: 16,
        plies: 60,
        indices: 4096,
        rule_indices: 4096,
    };

    /// For release builds only: many long playouts, every index up to 2^22 (4 194 304)
    /// for the laws of the index (larger indices evenly spaced: one Kono class in two),
    /// 2^18 indices for the other laws. On Kono (the largest index) the symmetries take
    /// 14 s of CPU here, the predecessors 11 s.
    pub const FULL: Budget = Budget {
        seed: 0xf0_11,
        playouts: 2000,
        plies: 300,
        indices: 1 << 22,
        rule_indices: 1 << 18,
    };

    /// This budget with [`rule_indices`](Budget::rule_indices) as its number of indices.
    pub fn for_rules(self) -> Budget {
        Budget {
            indices: self.rule_indices,
            ..self
        }
    }
}

/// A small deterministic generator (splitmix64), so that every run examines the same
/// positions.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix(u64);

impl SplitMix {
    pub(crate) fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// A number below `n` (which must be positive).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut x = self.0;
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^= x >> 31;
        ((x as u128 * n as u128) >> 64) as usize
    }
}

/// Every position met on `budget.playouts` random games of at most `budget.plies` plies
/// from `start` (the start included once per game), chosen with `budget.seed`.
pub fn playouts<G: Game + Clone>(start: &G, budget: Budget) -> Vec<G> {
    let mut rng = SplitMix::new(budget.seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..budget.playouts {
        let mut game = start.clone();
        out.push(game.clone());
        for _ in 0..budget.plies {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.make(moves[rng.below(moves.len())]);
            out.push(game.clone());
        }
    }
    out
}

/// The indices a sweep of at most `limit` indices visits: all of `0..size` when `size <=
/// limit`, else `limit` of them evenly spaced.
pub fn sweep_indices(size: u64, limit: u64) -> impl Iterator<Item = u64> {
    let step = if size <= limit {
        1
    } else {
        size.div_ceil(limit.max(1))
    };
    (0..size).step_by(step as usize)
}

/// The legal positions at the indices of [`sweep_indices`], each a class's representative.
pub fn indexed<G: PerfectIndex>(template: &G, limit: u64) -> impl Iterator<Item = G> + '_ {
    sweep_indices(template.index_size(), limit).filter_map(|i| template.position_at(i))
}

/// The text of a position, for messages.
pub(crate) fn text<G: Notation>(p: &G) -> String {
    p.position_text()
}
