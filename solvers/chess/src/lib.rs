//! Chess with the full rules on a 0x88 board.
//!
//! - [`Position`]: the board (8×16 squares, off-board test by one mask) with one piece list
//!   and one set of squares (a `u128` in the same 8×16 geometry) per side and kind, side to
//!   move, castling rights, en passant square, clocks and a Zobrist hash; legal move
//!   generation (checks and pins found from the king, no trial
//!   moves), captures apart for quiescence, counting without listing,
//!   [`make`](Position::make) / [`unmake`](Position::unmake), FEN.
//! - [`Move`] with its [`MoveKind`]: quiet, capture, en passant, castling, promotion,
//!   promotion with capture; printed in UCI long algebraic notation (`e2e4`, `e7e8q`).
//! - [`Chess`]: a position with its history, implementing [`cgtk_core::Game`] with every
//!   ending (mate, stalemate, fifty moves, threefold repetition, insufficient material),
//!   plus `Notation`, `Render`, `Evaluate` and `PositionKey`.
//! - [`perft`], [`perft_listing`] and [`perft_divide`]: leaf counts of the move tree.
//! - [`Engine`]: iterative-deepening alpha-beta with a transposition table, quiescence,
//!   MVV-LVA and killer ordering, and time management from [`Limits`].
//! - [`uci`]: the Universal Chess Interface as typed commands and answers, and
//!   [`UciEngine`](uci::UciEngine), the protocol's state machine with the search on its own
//!   thread (a program only moves lines between it and standard input and output).
//!
//! # Example
//!
//! ```
//! use cgtk_chess::{perft, Chess, Color, Engine, Limits, Position};
//! use cgtk_core::{Game, Notation};
//! use std::sync::atomic::AtomicBool;
//!
//! let mut kiwipete = Position::from_fen(
//!     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
//! ).unwrap();
//! assert_eq!(perft(&mut kiwipete, 2), 2039);
//!
//! let mut game = Chess::new();
//! let mv = game.parse_move("e2e4").unwrap();
//! game.make(mv);
//! assert_eq!(game.position().side_to_move(), Color::Black);
//! let limits = Limits { depth: Some(2), ..Limits::default() };
//! let reply = Engine::new(1).search(&game, &limits, &AtomicBool::new(false), |_| {});
//! assert!(game.is_legal(reply.unwrap()));
//! ```
#![deny(missing_docs)]

mod attacks;
mod eval;
mod fen;
mod game;
mod movegen;
mod perft;
mod position;
mod search;
mod squareset;
mod tables;
mod types;
pub mod uci;

pub use eval::PIECE_VALUES;
pub use fen::{FenError, START_FEN};
pub use game::Chess;
pub use perft::{perft, perft_divide, perft_listing};
pub use position::{Position, Undo};
pub use search::{time_budget, Engine, Limits, Score, SearchInfo, MATE};
pub use types::{Color, Move, MoveKind, MoveList, Piece, Role, Square};
