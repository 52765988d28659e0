//! Go for cgtk: rules, positions, a Monte Carlo engine, GTP and tiny-board solving.
//!
//! - [`Board`]: rectangular boards from 1×1 to 19×19 with incremental strings
//!   (pseudo-liberties with sums for O(1) atari tests) and Zobrist hashing; area counts.
//! - [`Setup`] (any position that parses) → [`Go`] (validated, every reason reported in a
//!   [`PositionError`]); [`Go`] implements cgtk-core's [`Game`](cgtk_core::Game) with
//!   captures, suicide forbidden (or allowed by [`Rules`]), positional or situational
//!   superko, passes (two end the game) and area scoring with [`Komi`].
//! - Positions as ASCII diagrams ([`Setup::from_diagram`], [`Setup::to_diagram`]; the
//!   format is in [`diagram_format`]) and SGF `FF[4]` ([`SgfGame`], [`write_sgf`]).
//! - [`Engine`]: Monte Carlo tree search (UCT) with light playouts that keep their eyes.
//! - [`solve_board`]: exact values of tiny boards (symmetry, Benson bounds, proved-bound
//!   search with a position-keyed table that respects superko histories).
//! - [`LocalProblem`]: local capture and life-and-death problems in a region, solved by
//!   df-pn (cgtk-search) with the pass as a move and superko on the search path.
//! - [`gtp`]: the Go Text Protocol v2 as a state machine, [`gtp::GtpEngine`].
//!
//! # Example
//!
//! ```
//! use cgtk_core::{Game, Outcome, Player};
//! use cgtk_go::{Go, Move};
//!
//! let mut go = Go::new(3, 3).unwrap();
//! let centre = go.board().point(1, 1).unwrap();
//! go.make(Move::Play(centre));
//! go.make(Move::Pass);
//! go.make(Move::Pass);
//! assert_eq!(go.outcome(), Some(Outcome::Win(Player::First)));
//! assert_eq!(go.score_text(), "B+9");
//! ```
#![deny(missing_docs)]

mod board;
mod diagram;
mod engine;
pub mod gtp;
pub mod local;
mod notation;
mod position;
mod sgf;
mod solve;
mod tiny;
mod types;

pub use board::{Board, Placement, SizeError, MAX_SIDE};
pub use diagram::DiagramError;
pub use engine::{playout, Engine, EngineConfig};
pub use local::{
    default_region, search_key, Goal, LocalError, LocalGo, LocalObjective, LocalProblem,
    LocalSolution,
};
pub use position::{
    Go, GoUndo, IllegalMove, Invalid, Komi, KomiError, PositionError, Rules, Setup, Superko,
    MAX_KOMI, TINY_SIDE,
};
pub use sgf::{write_sgf, SgfError, SgfGame};
pub use solve::{
    solve_board, solve_position, BoardSolution, SolveError, SolveMethod, SolveOptions,
    DEFAULT_MAX_NODES,
};
pub use types::{Color, Move, Point};

#[doc = include_str!("diagram_format.md")]
pub mod diagram_format {}
