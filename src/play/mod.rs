//! Interactive play: a game in a [`Session`] reads commands from any reader and writes the
//! transcript to any writer, so it runs the same on a terminal, from a script, or in a test.
//!
//! - [`Playable`]: a game seen with moves as text; `Match` makes any game of cgtk-core's
//!   traits playable, with a bounded undo/redo history and an `Advisor` (alpha-beta,
//!   Monte Carlo, a solved table, or an exact rule) for the engine's best move.
//! - The builders (`build_nim`, …) that the registry ([`crate::games::GAMES`]) names.
//! - [`SavedGame`]: the JSON document of `save` and `load`.

mod advisors;
mod calculation;
mod games;
mod playable;
mod saved;
mod session;

pub use calculation::build_calculation;
pub use games::{
    build_checked, build_chess, build_fox_hounds, build_go, build_kono, build_mu_torere, build_nim,
    build_poggle, Setup,
};
pub use playable::Playable;
pub use saved::SavedGame;
pub(crate) use session::is_sgf;
pub use session::{Options, Seats, Session};

#[cfg(test)]
mod tests;
