//! What proof-number searches share: budgets, settings, results, proof trees, errors.

use crate::objective::Status;
use cgtk_core::Game;
use serde::Serialize;
use std::time::{Duration, Instant};
use thiserror::Error;

/// How much a search may spend; `None` is no limit. A search that runs out answers
/// [`Status::Unknown`] and says which limit it met.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// The most positions generated (see [`ProofResult::nodes`]).
    pub nodes: Option<u64>,
    /// The most time spent (checked every 1024 nodes).
    pub time: Option<Duration>,
    /// The most memory for the tree (PNS) or the transposition table (df-pn), in bytes.
    pub memory: Option<usize>,
}

impl Budget {
    /// At most `nodes` positions, no other limit.
    ///
    /// ```
    /// use cgtk_search::Budget;
    /// assert_eq!(Budget::nodes(1000).nodes, Some(1000));
    /// assert_eq!(Budget::nodes(1000).time, None);
    /// ```
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            ..Budget::default()
        }
    }
}

/// Which limit of the [`Budget`] stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Limit {
    /// [`Budget::nodes`].
    Nodes,
    /// [`Budget::time`].
    Time,
    /// [`Budget::memory`].
    Memory,
    /// Not a budget: with [`ProofConfig::symmetric_key`], no legal move reached a
    /// child's key, so the key is not a function of the symmetry class of the position
    /// (a broken key); the search stops rather than guess.
    Key,
}

/// Settings of [`pns`](crate::pns) and [`dfpn`](crate::dfpn).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProofConfig {
    /// What the search may spend.
    pub budget: Budget,
    /// df-pn only: the 1+ε trick. A child's threshold is `max(second + 1, ⌈second ·
    /// (1 + ε)⌉)` for the second-best sibling's number `second`; 0 (the default) is
    /// classic df-pn, 0.25 a common choice.
    pub epsilon: f64,
    /// PNS only: search the graph of positions (one node per position, shared by every
    /// path that reaches it, cycles decided by a fixed point; see [`pns`](crate::pns)).
    /// Default true; without it PNS searches a plain tree (a node per path, repetitions
    /// on the path as leaves), and its proof tree has no `transposition` leaves. (df-pn
    /// always keeps its table.)
    pub transpositions: bool,
    /// PNS only: return the proof (or disproof) tree in [`ProofResult::tree`].
    pub proof_tree: bool,
    /// PNS with transpositions only: the key is *canonical*, giving one key to positions
    /// that are images of each other under a symmetry of the rules (a board symmetry,
    /// the colour swap together with the side to move). The search then holds one node
    /// per class, and assumes that equal keys have equal values under the objective,
    /// once the graph has told apart the prover's turns from the refuter's (it does so
    /// itself, so a key may fold the colours). A node's moves are stored as generated
    /// at the first position of its class the search met; when the class is met in
    /// another orientation, the move to a child is found among the real position's
    /// legal moves by the child's key. Default false (the key identifies positions
    /// exactly, and stored moves are played as they are). df-pn does not read it: give
    /// df-pn a key that keeps the side to move (and so never folds the colour swap).
    pub symmetric_key: bool,
    /// Call the progress function every this many nodes (0 = never). Default 1 << 20.
    pub progress_every: u64,
}

impl Default for ProofConfig {
    fn default() -> Self {
        ProofConfig {
            budget: Budget::default(),
            epsilon: 0.0,
            transpositions: true,
            proof_tree: false,
            symmetric_key: false,
            progress_every: 1 << 20,
        }
    }
}

impl ProofConfig {
    /// The default settings with a budget of `nodes` positions.
    ///
    /// ```
    /// use cgtk_search::ProofConfig;
    /// let config = ProofConfig::nodes(10_000);
    /// assert_eq!(config.budget.nodes, Some(10_000));
    /// assert!(config.transpositions);
    /// ```
    pub fn nodes(nodes: u64) -> ProofConfig {
        ProofConfig {
            budget: Budget::nodes(nodes),
            ..ProofConfig::default()
        }
    }

    pub(crate) fn check(&self) -> Result<(), ProveError> {
        if !(self.epsilon.is_finite() && self.epsilon >= 0.0) {
            return Err(ProveError::Epsilon(self.epsilon));
        }
        Ok(())
    }
}

/// Why a proof search could not start.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ProveError {
    /// [`ProofConfig::epsilon`] is negative or not a number.
    #[error("invalid epsilon {0}: expected a finite number >= 0")]
    Epsilon(f64),
}

/// Where a search stands, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions generated so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The root's proof number (the cost estimate of a proof), when known.
    pub proof_number: Option<u32>,
    /// The root's disproof number, when known.
    pub disproof_number: Option<u32>,
}

/// How a leaf of a [`ProofNode`] tree is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Leaf {
    /// The objective decided the position (a finished game, or an early evaluation).
    Terminal,
    /// The position repeats one on the path from the root: infinite play, judged by
    /// [`Objective::infinite_play_proves`](crate::Objective::infinite_play_proves).
    Repetition,
    /// The position's result (independent of the path) was found elsewhere in the search.
    Transposition,
    /// A position without legal moves that the objective left unknown.
    NoMoves,
}

/// A node of a proof tree (when the root is proved) or disproof tree (disproved): where
/// the winner of the goal moves, the one move that keeps the result; where the other side
/// moves, every legal move. The moves are `M`; [`ProofNode::with_move_text`] writes them
/// in a game's notation, and the tree serialises (serde) as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProofNode<M> {
    /// The move that led here (`None` at the root).
    #[serde(rename = "move")]
    pub mv: Option<M>,
    /// True when the prover is to move (an OR node).
    pub prover_to_move: bool,
    /// The goal's status here (proved or disproved, as the root's).
    pub status: Status,
    /// How a leaf is decided; `None` for an inner node.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaf: Option<Leaf>,
    /// The children, in the game's move order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<ProofNode<M>>,
}

impl<M: Copy> ProofNode<M> {
    /// The number of nodes in the tree.
    pub fn size(&self) -> usize {
        1 + self.children.iter().map(ProofNode::size).sum::<usize>()
    }

    /// The same tree with every move written by `text` in the position it is played
    /// from; `game` is the tree's root position and is restored before returning.
    pub fn with_move_text<G: Game<Move = M>>(
        &self,
        game: &mut G,
        text: &dyn Fn(&G, M) -> String,
    ) -> ProofNode<String> {
        ProofNode {
            mv: None,
            prover_to_move: self.prover_to_move,
            status: self.status,
            leaf: self.leaf,
            children: self
                .children
                .iter()
                .map(|child| {
                    let Some(mv) = child.mv else {
                        return child.with_move_text(game, text);
                    };
                    let written = text(game, mv);
                    let undo = game.make(mv);
                    let mut node = child.with_move_text(game, text);
                    game.unmake(mv, undo);
                    node.mv = Some(written);
                    node
                })
                .collect(),
        }
    }
}

/// What a proof-number search found.
#[derive(Clone, Debug, PartialEq)]
pub struct ProofResult<M> {
    /// Proved, disproved, or unknown within the budget.
    pub status: Status,
    /// The side to move's deciding move at the root: a proving move when the prover is to
    /// move and the goal is proved, a refuting move when the refuter is to move and it is
    /// disproved; `None` otherwise (also when every move of the side to move fails).
    pub proof_move: Option<M>,
    /// A principal variation from the root: when decided, the winner's deciding moves and
    /// replies the (dis)proof covers, to a decided leaf; when unknown, the path the search
    /// would explore next: through the searched positions, most-proving child by
    /// most-proving child, ending at the first position not yet searched.
    pub pv: Vec<M>,
    /// Positions generated (a move made into them and the objective asked), counting
    /// positions generated again.
    pub nodes: u64,
    /// The most tree nodes (PNS) or table entries (df-pn) held at once.
    pub stored: u64,
    /// Bytes per stored node or entry (an estimate for table entries, which the hash map
    /// stores with some overhead).
    pub bytes_per_stored: usize,
    /// Time spent.
    pub elapsed: Duration,
    /// The limit that stopped the search, when the status is unknown for that reason.
    pub stopped: Option<Limit>,
    /// The proof or disproof tree, when asked for ([`ProofConfig::proof_tree`], PNS).
    pub tree: Option<ProofNode<M>>,
}

/// Proof and disproof numbers: `INF` marks a decided node.
pub(crate) const INF: u32 = u32::MAX;
const FINITE_MAX: u32 = u32::MAX - 1;

/// A sum of proof numbers: infinite if either is, else capped below infinity.
#[inline]
pub(crate) fn add(a: u32, b: u32) -> u32 {
    if a == INF || b == INF {
        INF
    } else {
        a.saturating_add(b).min(FINITE_MAX)
    }
}

/// Budget bookkeeping shared by both searches.
pub(crate) struct Meter<'a> {
    pub nodes: u64,
    pub start: Instant,
    budget: Budget,
    every: u64,
    next_report: u64,
    progress: &'a dyn Fn(&Progress),
    pub stopped: Option<Limit>,
}

impl<'a> Meter<'a> {
    pub fn new(config: &ProofConfig, progress: &'a dyn Fn(&Progress)) -> Meter<'a> {
        Meter {
            nodes: 0,
            start: Instant::now(),
            budget: config.budget,
            every: config.progress_every,
            next_report: config.progress_every,
            progress,
            stopped: None,
        }
    }

    /// Counts one position about to be generated; false, without counting it, once a
    /// limit is met (the caller then leaves it ungenerated). So a search never counts more
    /// positions than [`Budget::nodes`], and one stopped by that limit has counted exactly
    /// the limit. (It used to count the position first and overshoot by one.)
    #[inline]
    pub fn count(&mut self) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        if self.budget.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = Some(Limit::Nodes);
            return false;
        }
        if (self.nodes + 1) & 1023 == 0 {
            if let Some(t) = self.budget.time {
                if self.start.elapsed() > t {
                    self.stopped = Some(Limit::Time);
                    return false;
                }
            }
        }
        self.nodes += 1;
        true
    }

    /// Checks the memory limit against `bytes` in use.
    #[inline]
    pub fn memory(&mut self, bytes: usize) -> bool {
        if self.budget.memory.is_some_and(|m| bytes > m) {
            self.stopped = Some(Limit::Memory);
        }
        self.stopped.is_none()
    }

    /// Calls the progress function when due.
    #[inline]
    pub fn report(&mut self, pn: Option<u32>, dn: Option<u32>) {
        if self.every > 0 && self.nodes >= self.next_report {
            self.next_report = self.nodes + self.every;
            (self.progress)(&Progress {
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                proof_number: pn,
                disproof_number: dn,
            });
        }
    }
}
