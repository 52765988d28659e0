//! The identity of a solvable game in table files.

use crate::PerfectIndex;

/// A game whose solved values can be stored in a table file: what its table headers say,
/// stated next to the game's index so that a table is always read with the index it was
/// written with.
///
/// ```
/// use cgtk_core::{Game, Outcome, PerfectIndex, Player, TableGame};
///
/// /// One heap of up to 3 counters; a move takes one.
/// #[derive(Clone, PartialEq)]
/// struct Heap(u32);
/// impl Game for Heap {
///     type Move = ();
///     type Undo = ();
///     fn to_move(&self) -> Player { if self.0 % 2 == 1 { Player::First } else { Player::Second } }
///     fn legal_moves(&self, moves: &mut Vec<()>) { moves.clear(); if self.0 > 0 { moves.push(()) } }
///     fn make(&mut self, _: ()) { self.0 -= 1 }
///     fn unmake(&mut self, _: (), _: ()) { self.0 += 1 }
///     fn outcome(&self) -> Option<Outcome> { (self.0 == 0).then(|| Outcome::Win(self.to_move().opponent())) }
/// }
/// impl PerfectIndex for Heap {
///     fn index_size(&self) -> u64 { 4 }
///     fn index(&self) -> u64 { self.0 as u64 }
///     fn position_at(&self, i: u64) -> Option<Heap> { (i < 4).then(|| Heap(i as u32)) }
/// }
/// impl TableGame for Heap {
///     const GAME: &'static str = "heap";
///     const SCHEME: &'static str = "heap-v1";
///     fn variant_text(&self) -> String { "standard".into() }
/// }
/// assert!(Heap(3).table_variant_matches("standard"));
/// assert!(!Heap(3).table_variant_matches("misere"));
/// ```
pub trait TableGame: PerfectIndex {
    /// The game's id in table headers and on the command line, e.g. `kono`.
    const GAME: &'static str;
    /// The name of the index scheme (docs/table-format.md), e.g. `kono-sym16-v1`; a
    /// table written under another scheme cannot be read with this index.
    const SCHEME: &'static str;
    /// True when no variant changes the index or any position's value, only the start
    /// position (Fox and Hounds: the fox's square and who moves first), so that a table
    /// of one variant answers for all of them.
    const VARIANTS_SHARE_TABLE: bool = false;

    /// The rules variant as text, as table headers store it and the game reads it back.
    fn variant_text(&self) -> String;

    /// Whether a table written for variant `table_variant` holds this variant's values.
    fn table_variant_matches(&self, table_variant: &str) -> bool {
        Self::VARIANTS_SHARE_TABLE || table_variant == self.variant_text()
    }
}
