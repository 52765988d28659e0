//! cgtk-search: game-tree search engines, generic over cgtk-core's traits.
//!
//! - [`AlphaBeta`]: negamax alpha-beta with iterative deepening, a transposition table
//!   keyed by [`PositionKey`](cgtk_core::PositionKey), move ordering (table move, killer
//!   moves) and a game-supplied evaluation ([`Evaluate`](cgtk_core::Evaluate) or any
//!   function). Finished games score [`WIN`] minus the distance in plies, so faster wins
//!   are preferred.
//! - [`mcts`]: Monte Carlo tree search (UCT) with uniformly random playouts, reproducible
//!   from a seed, with chance nodes through [`Chance`](cgtk_core::Chance); [`NoChance`]
//!   wraps games that have none.
//! - [`chance_mcts`]: Monte Carlo tree search for one-player games with chance events
//!   (patiences): UCB1, an expansion threshold, chance children created when their event
//!   is drawn, and a caller-supplied playout with rewards in [0, 1].
//!
//! # Example
//!
//! ```
//! use cgtk_games::nim::Nim;
//! use cgtk_search::{mcts, plies_to_end, AlphaBeta, Limits, MctsConfig};
//!
//! // Heaps 3, 4, 5 have nim-sum 2: a win for the player to move, by taking 2 from heap 1.
//! let mut nim = Nim::new(&[3, 4, 5]).unwrap();
//! let result = AlphaBeta::new().search(&mut nim, Limits::depth(12));
//! assert!(plies_to_end(result.score).is_some() && result.score > 0);
//! let mv = result.best_move.unwrap();
//! assert_eq!((mv.heap, mv.take), (0, 2));
//!
//! let by_mcts = mcts(&nim, &MctsConfig { playouts: 20_000, seed: 1, ..Default::default() });
//! assert!(by_mcts.best_move.is_some());
//! ```
#![deny(missing_docs)]

mod alphabeta;
mod chance_mcts;
mod deterministic;
mod mcts;

pub use alphabeta::{is_decisive, plies_to_end, AlphaBeta, Limits, SearchResult, DECISIVE, WIN};
pub use chance_mcts::{chance_mcts, ChanceMctsConfig};
pub use deterministic::NoChance;
pub use mcts::{mcts, MctsConfig, MctsResult, MoveStats};
