//! The small shared vocabulary of cgtk.
//!
//! Every engine (retrograde analysis, alpha-beta, Monte Carlo tree search, proof-number
//! search) is written against the traits here, never against a concrete game:
//!
//! - [`Player`], [`ByPlayer`] and [`Outcome`]: who moves and how a game ended.
//! - [`Game`]: the rules every engine needs: side to move, legal moves into a caller's
//!   buffer, [`make`](Game::make) returning an undo record and [`unmake`](Game::unmake).
//! - Extension traits for what only some engines need: [`PerfectIndex`] (retrograde
//!   analysis) with [`Predecessors`] (un-moves), [`Chance`] (random or hidden events for Monte Carlo search),
//!   [`Evaluate`] and [`PositionKey`] (alpha-beta), [`Notation`] and [`Render`] (the
//!   command line).
//! - [`BoardSize`]: the size of a rectangular board as users write it (`N` or `RxC`).
//! - [`TableGame`]: a solvable game's identity in table files (game id, index scheme,
//!   variant); [`parse_variant`]: every game's rules-variant text, one grammar and one
//!   [`VariantError`].
//!
//! # Example
//!
//! A complete game: a single Nim heap from which a move takes one or two counters.
//!
//! ```
//! use cgtk_core::{Game, Outcome, Player};
//!
//! #[derive(Clone)]
//! struct Heap { counters: u32, to_move: Player }
//!
//! impl Game for Heap {
//!     type Move = u32;
//!     type Undo = ();
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn legal_moves(&self, moves: &mut Vec<u32>) {
//!         moves.clear();
//!         moves.extend((1..=2).filter(|&t| t <= self.counters));
//!     }
//!     fn make(&mut self, take: u32) {
//!         self.counters -= take;
//!         self.to_move = self.to_move.opponent();
//!     }
//!     fn unmake(&mut self, take: u32, _: ()) {
//!         self.counters += take;
//!         self.to_move = self.to_move.opponent();
//!     }
//!     fn outcome(&self) -> Option<Outcome> {
//!         // Normal play: the player who cannot move loses.
//!         (self.counters == 0).then(|| Outcome::Win(self.to_move.opponent()))
//!     }
//! }
//!
//! let mut heap = Heap { counters: 4, to_move: Player::First };
//! let undo = heap.make(1);
//! assert_eq!(heap.counters, 3);
//! heap.unmake(1, undo);
//! assert_eq!(heap.counters, 4);
//! // Two plies from 4 counters: 1 then 1, 1 then 2, 2 then 1, 2 then 2.
//! assert_eq!(cgtk_core::perft(&mut heap, 2), 4);
//! ```
#![deny(missing_docs)]

mod board_size;
mod game;
mod notation;
mod player;
mod predecessors;
mod table;
mod variant;

pub use board_size::{BoardSize, BoardSizeError};
pub use game::{perft, Chance, Evaluate, Game, PerfectIndex, PositionKey};
pub use notation::{parse_from_to, require_legal, FromTo, Notation, NotationError, Render};
pub use player::{ByPlayer, Outcome, Player, Value};
pub use predecessors::Predecessors;
pub use table::TableGame;
pub use variant::{parse_variant, Setting, VariantError, VariantProblem};
