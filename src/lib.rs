//! cgtk: a combinatorial-game and puzzle-solving toolkit.
//!
//! This facade re-exports the solver crates, so that `cgtk::poggle`, `cgtk::algebra`, … are
//! one dependency away; the `cgtk` binary is built on the [`cli`] module.
//!
//! ```
//! use cgtk::core::Player;
//! assert_eq!(Player::First.opponent(), Player::Second);
//! ```

pub use cgtk_algebra as algebra;
pub use cgtk_core as core;
pub use cgtk_games as games;
pub use cgtk_nimber as nimber;
pub use cgtk_poggle as poggle;
pub use cgtk_polya as polya;
pub use cgtk_retro as retro;
pub use cgtk_search as search;
pub use cgtk_solitaire as solitaire;

pub mod cli;
pub mod commands;
pub mod play;
