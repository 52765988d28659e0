//! The rule sets of cgtk, one module per game, each implementing cgtk-core's traits
//! ([`Game`](cgtk_core::Game), [`Notation`](cgtk_core::Notation),
//! [`Render`](cgtk_core::Render) and, for games small enough to solve,
//! [`PerfectIndex`](cgtk_core::PerfectIndex) and [`Predecessors`](cgtk_core::Predecessors)).
//!
//! - [`mu_torere`]: Mu Torere, the Māori blocking game on an eight-pointed star.
//! - [`kono`]: Four Field Kono, captures by jumping over your own piece on 4×4.
//! - [`fox_hounds`]: Fox and Hounds on the dark squares of a checkerboard.
//! - [`nim`]: Nim with any heaps.
//!
//! # Example
//!
//! ```
//! use cgtk_core::{perft, Game, Notation};
//! use cgtk_games::fox_hounds::FoxHounds;
//!
//! let mut game = FoxHounds::start(Default::default());
//! assert_eq!(game.position_text(), "d8 a1,c1,e1,g1 f");
//! // The fox has two moves, then each hound has up to two.
//! assert_eq!(perft(&mut game, 2), 2 * 7);
//! ```
#![deny(missing_docs)]

pub mod fox_hounds;
pub mod kono;
pub mod mu_torere;
pub mod nim;
mod variant;
