//! Interactive play: a game in a [`Session`] reads commands from any reader and writes the
//! transcript to any writer, so it runs the same on a terminal, from a script, or in a test.
//!
//! - [`Playable`]: a game seen with moves as text; [`Match`] makes any game of cgtk-core's
//!   traits playable, with a bounded undo/redo history and an [`Advisor`] (alpha-beta,
//!   Monte Carlo, or a solved table) for the engine's best move.
//! - [`GAMES`]: the registry `cgtk play` chooses from (one entry per game).
//! - [`SavedGame`]: the JSON document of `save` and `load`.
//!
//! ```
//! use cgtk::play::{find_game, Options, Seats, Session, Setup};
//!
//! let info = find_game("nim").unwrap();
//! let setup = Setup { variant: "1,2".into(), history: 64, ..Default::default() };
//! let game = (info.build)(&setup).unwrap();
//! let rebuild = move |v: &str| (info.build)(&Setup { variant: v.into(), history: 64, ..Default::default() });
//! let options = Options { level: 100, seats: Seats::Both, seed: 1, echo: true, max_engine_plies: 500 };
//! let mut session = Session::new(game, options, &rebuild);
//! let mut out = Vec::new();
//! session.run(&mut "2:1\n1:1\n2:1\n".as_bytes(), &mut out).unwrap();
//! assert_eq!(session.summary().result, "first");
//! ```

mod advisors;
mod fox_heuristics;
mod games;
mod playable;
mod saved;
mod session;

pub use advisors::{table_move, verdict_note, AlphaBetaAdvisor, MctsAdvisor, Solved, TableAdvisor};
pub use fox_heuristics::{evaluate as fox_hounds_evaluate, fox_room, Heuristic};
pub use games::{find_game, GameInfo, Setup, GAMES};
pub use playable::{Advisor, Match, Playable};
pub use saved::SavedGame;
pub use session::{Options, Rebuild, Seats, Session, Summary};
