//! Partizan combinatorial games: Left and Right have different moves.
//!
//! - [`Arena`]: short games in canonical form, stored once each and named by [`GameId`];
//!   construction from options ([`Arena::construct`]), numbers ([`Dyadic`]), nimbers, ups,
//!   switches; sums, negatives, comparison ([`Relation`]) and outcome classes ([`Outcome`]);
//!   reading ([`Arena::parse`]) and printing ([`Arena::display`]) the usual notation.
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
mod canonical;
mod display;
mod dyadic;
mod fxhash;
mod parse;

pub use arena::{Arena, GameId, Outcome, Relation};
pub use dyadic::{Dyadic, ParseDyadicError, MAX_EXPONENT};
pub use parse::{ParseGameError, MAX_INTEGER, MAX_NIMBER, MAX_UPS};
