//! cgtk: a combinatorial-game and puzzle-solving toolkit.
//!
//! This facade re-exports the solver crates, so that `cgtk::poggle`, `cgtk::algebra`, … are
//! one dependency away. The `cgtk` program's own modules (arguments, commands, play
//! sessions, the registry of games) are private to the binary.
//!
//! ```
//! use cgtk::core::Player;
//! assert_eq!(Player::First.opponent(), Player::Second);
//! ```
#![deny(missing_docs)]

pub use cgtk_algebra as algebra;
pub use cgtk_chess as chess;
pub use cgtk_core as core;
pub use cgtk_games as games;
pub use cgtk_go as go;
pub use cgtk_nimber as nimber;
pub use cgtk_partizan as partizan;
pub use cgtk_poggle as poggle;
pub use cgtk_polya as polya;
pub use cgtk_retro as retro;
pub use cgtk_search as search;
pub use cgtk_solitaire as solitaire;
