//! cgtk-games: the rule sets, one module per game, each implementing cgtk-core's traits.
//!
//! ```
//! use cgtk_core::Game;
//! let nim = cgtk_games::nim::Nim::new(&[1, 2, 3]).unwrap();
//! assert_eq!(nim.outcome(), None);
//! ```
#![deny(missing_docs)]

pub mod nim;
