//! Partizan combinatorial games: Left and Right have different moves.
//!
//! - [`Arena`]: short games in canonical form, stored once each and named by [`GameId`];
//!   construction from options ([`Arena::construct`]), numbers ([`Dyadic`]), nimbers, ups,
//!   switches; sums, negatives, comparison ([`Relation`]) and outcome classes ([`Outcome`]);
//!   reading ([`Arena::parse`]) and printing ([`Arena::display`]) the usual notation.
//! - Temperature theory: [`Arena::stops`], [`Arena::mean`], [`Arena::temperature`] and
//!   the [`Thermograph`] with its [`Wall`]s; [`Arena::atomic_weight`] of all-small games.
//! - Playing sums: [`winning_moves`] and [`hottest_move`]; [`thermograph_png`] draws a
//!   thermograph.
//! - Games valued from their options with a transposition table: [`Hackenbush`]
//!   (blue-red-green trees), [`Domineering`] (boards split into regions),
//!   [`ToadsAndFrogs`], [`Cutcake`].
//!
//! # Example
//!
//! ```
//! use cgtk_partizan::{Arena, Outcome, Relation};
//!
//! let mut a = Arena::new();
//! let g = a.parse("{1|-1} + ^").unwrap();
//! assert_eq!(a.outcome(g), Outcome::N);
//! let h = a.parse("{0||0|-1}").unwrap();
//! assert_eq!(a.display(h), "{0||0|-1}");
//! let (x, y) = (a.parse("^").unwrap(), a.parse("*").unwrap());
//! assert_eq!(a.compare(x, y), Relation::Confused);
//! ```

#![deny(missing_docs)]

mod arena;
mod atomic;
mod canonical;
mod cutcake;
mod display;
mod domineering;
mod dyadic;
mod fxhash;
mod hackenbush;
mod parse;
mod picture;
mod play;
mod position_error;
mod thermograph;
mod toads;

pub use arena::{Arena, GameId, Outcome, Relation};
pub use cutcake::{Cutcake, MAX_CUTCAKE_SIDE};
pub use domineering::{Domineering, DomineeringBoard, DomineeringMove, MAX_DOMINEERING_CELLS};
pub use dyadic::{Dyadic, ParseDyadicError, MAX_EXPONENT};
pub use hackenbush::{parse_hackenbush, Edge, EdgeColour, Hackenbush, MAX_HACKENBUSH_EDGES};
pub use parse::{
    ParseGameError, MAX_DENOMINATOR_EXPONENT, MAX_INTEGER, MAX_NESTING, MAX_NIMBER, MAX_UPS,
};
pub use picture::thermograph_png;
pub use play::{hottest_move, winning_moves, SumMove};
pub use position_error::PositionError;
pub use thermograph::{Thermograph, Wall, WallPiece};
pub use toads::{parse_toads, ToadsAndFrogs, MAX_TOADS_LENGTH};
