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
//! - [`pns`] (best-first proof-number search over the graph of positions, cycles decided
//!   by a fixed point; [`pns_with_table`] keeps the graph between searches) and
//!   [`dfpn`] (depth-first proof-number search with a transposition table, optionally
//!   with the 1+ε trick, and the same fixed point over the region below the root once it
//!   meets cycles): prove or disprove an [`Objective`] of a prover ([`Wins`],
//!   [`DoesNotLose`], or a game's own), within a [`Budget`], with the proof move, a
//!   principal variation and optionally the proof tree ([`ProofNode`], serde). Positions
//!   repeated on the path count as infinite play, judged by the objective; see [`pns`]
//!   and [`dfpn`] for what each promises in games with cycles. [`WithPass`] adds the pass
//!   as a move to a game implementing [`PassTurn`].
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
//!
//! // Proof-number search proves the same win; df-pn agrees.
//! use cgtk_search::{dfpn, pns, ProofConfig, Status, Wins};
//! let key = |g: &Nim| cgtk_core::PositionKey::key(g);
//! let goal = Wins::side_to_move(&nim);
//! let proof = pns(&mut nim, &goal, &key, &ProofConfig::default(), &|_| {}).unwrap();
//! assert_eq!(proof.status, Status::Proved);
//! let again = dfpn(&mut nim, &goal, &key, &ProofConfig::default(), &|_| {}).unwrap();
//! assert_eq!(again.status, Status::Proved);
//! ```
#![deny(missing_docs)]

mod alphabeta;
mod chance_mcts;
mod deterministic;
mod dfpn;
mod graph;
mod mcts;
mod objective;
mod pass;
mod pns;
mod proof;

pub use alphabeta::{is_decisive, plies_to_end, AlphaBeta, Limits, SearchResult, DECISIVE, WIN};
pub use chance_mcts::{chance_mcts, ChanceMctsConfig};
pub use deterministic::NoChance;
pub use dfpn::{dfpn, dfpn_with_table, DfpnTable, DFPN_MAX_DEPTH};
pub use mcts::{mcts, MctsConfig, MctsResult, MoveStats};
pub use objective::{DoesNotLose, Objective, Status, Wins};
pub use pass::{PassTurn, Turn, WithPass};
pub use pns::{pns, pns_with_table, PnsTable};
pub use proof::{Budget, Leaf, Limit, Progress, ProofConfig, ProofNode, ProofResult, ProveError};
