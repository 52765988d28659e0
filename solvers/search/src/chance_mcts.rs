//! Monte Carlo tree search for one-player games with chance events (patiences): UCB1
//! selection, an expansion threshold, chance children created lazily when their event is
//! drawn, and a caller-supplied playout that returns a reward in [0, 1].

use crate::mcts::{MctsResult, MoveStats};
use cgtk_core::Chance;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// How a one-player chance-node search runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChanceMctsConfig {
    /// Iterations, each ending with one playout.
    pub playouts: u32,
    /// The UCB1 exploration constant `c` in `mean + c·√(ln N / n)`.
    pub exploration: f64,
    /// A leaf grows children only once it has been visited this many times; until then
    /// iterations stop at it and play out from there (0 or 1: grow at the first visit).
    pub expansion_threshold: u32,
    /// The seed of the random generator: equal seeds give equal searches.
    pub seed: u64,
}

impl Default for ChanceMctsConfig {
    fn default() -> Self {
        ChanceMctsConfig {
            playouts: 1000,
            exploration: std::f64::consts::SQRT_2,
            expansion_threshold: 1,
            seed: 0,
        }
    }
}

struct Node<M> {
    /// The move or event that led here.
    step: Option<M>,
    children: Vec<usize>,
    visits: u32,
    total: f64,
    expanded: bool,
}

impl<M> Node<M> {
    fn fresh(step: Option<M>) -> Self {
        Node {
            step,
            children: Vec::new(),
            visits: 0,
            total: 0.0,
            expanded: false,
        }
    }
}

/// Searches a one-player game with chance events from `root` (a decision node) and returns
/// the statistics of its moves; [`Game::to_move`](cgtk_core::Game::to_move) is ignored and
/// every reward is the player's.
///
/// Each iteration walks down from the root. At a decision node whose children exist it
/// takes the first child never visited, else the child with the highest UCB1 bound. At a
/// chance node it draws an event with the probabilities of
/// [`Chance::chance_events`] and goes to that event's child, creating it when the event is
/// drawn the first time (so a node has children only for the events seen so far, and its
/// value estimates the expectation over events). The walk stops at a finished game or at
/// a node visited fewer than `expansion_threshold` times (the root always grows); then
/// `playout` plays on from there and returns the reward in [0, 1], which is added to every
/// node of the walk. The move returned is the most visited (ties: the higher mean).
///
/// ```
/// use cgtk_games::nim::Nim;
/// use cgtk_search::{chance_mcts, ChanceMctsConfig, NoChance};
/// use cgtk_core::{Game, Outcome, Player};
///
/// // Take from heaps 1, 2 and win by taking the last object: treated as one player who
/// // wants to reach the empty position in one move (a take of 2 from heap 2 does not).
/// let nim = NoChance(Nim::new(&[0, 3]).unwrap());
/// let config = ChanceMctsConfig { playouts: 200, ..Default::default() };
/// let result = chance_mcts(&nim, &config, |game, _rng| {
///     // Reward: 1 when this move emptied the heaps, else 0.
///     if game.outcome().is_some() { 1.0 } else { 0.0 }
/// });
/// let best = result.best_move.unwrap();
/// assert_eq!((best.heap, best.take), (1, 3));
/// ```
pub fn chance_mcts<G, F>(root: &G, config: &ChanceMctsConfig, mut playout: F) -> MctsResult<G::Move>
where
    G: Chance + Clone,
    F: FnMut(&mut G, &mut ChaCha8Rng) -> f64,
{
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    if root.outcome().is_some() || root.is_chance() {
        return MctsResult {
            best_move: None,
            moves: Vec::new(),
        };
    }
    let mut nodes: Vec<Node<G::Move>> = vec![Node::fresh(None)];
    let mut buffer = Vec::new();
    let mut events = Vec::new();
    let mut path = Vec::new();
    for _ in 0..config.playouts {
        let mut game = root.clone();
        let mut node = 0;
        path.clear();
        path.push(0);
        loop {
            if game.outcome().is_some() {
                break;
            }
            if node != 0 && nodes[node].visits < config.expansion_threshold {
                break;
            }
            let next = if game.is_chance() {
                game.chance_events(&mut events);
                let event = draw(&events, &mut rng);
                match nodes[node]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| nodes[c].step == Some(event))
                {
                    Some(child) => child,
                    None => {
                        let child = nodes.len();
                        nodes.push(Node::fresh(Some(event)));
                        nodes[node].children.push(child);
                        child
                    }
                }
            } else {
                if !nodes[node].expanded {
                    nodes[node].expanded = true;
                    game.legal_moves(&mut buffer);
                    for &mv in &buffer {
                        let child = nodes.len();
                        nodes.push(Node::fresh(Some(mv)));
                        nodes[node].children.push(child);
                    }
                }
                if nodes[node].children.is_empty() {
                    break;
                }
                ucb1_child(&nodes, node, config.exploration)
            };
            if let Some(step) = nodes[next].step {
                game.make(step);
            }
            path.push(next);
            node = next;
        }
        let reward = playout(&mut game, &mut rng);
        for &n in &path {
            nodes[n].visits += 1;
            nodes[n].total += reward;
        }
    }
    let moves: Vec<MoveStats<G::Move>> = nodes[0]
        .children
        .iter()
        .filter_map(|&c| {
            let n = &nodes[c];
            Some(MoveStats {
                mv: n.step?,
                visits: n.visits,
                mean: n.total / n.visits.max(1) as f64,
            })
        })
        .collect();
    let best_move = moves
        .iter()
        .max_by(|a, b| a.visits.cmp(&b.visits).then(a.mean.total_cmp(&b.mean)))
        .map(|s| s.mv);
    MctsResult { best_move, moves }
}

/// The first child never visited, else the highest UCB1 bound (first on ties).
fn ucb1_child<M>(nodes: &[Node<M>], node: usize, exploration: f64) -> usize {
    let children = &nodes[node].children;
    if let Some(&c) = children.iter().find(|&&c| nodes[c].visits == 0) {
        return c;
    }
    let log_parent = (nodes[node].visits.max(1) as f64).ln();
    let mut best = children[0];
    let mut best_value = f64::NEG_INFINITY;
    for &c in children {
        let n = &nodes[c];
        let visits = n.visits as f64;
        let value = n.total / visits + exploration * (log_parent / visits).sqrt();
        if value > best_value {
            best_value = value;
            best = c;
        }
    }
    best
}

/// Draws an event with its probability.
fn draw<M: Copy>(events: &[(M, f64)], rng: &mut ChaCha8Rng) -> M {
    events[crate::mcts::weighted_index(events.iter().map(|e| e.1), rng)].0
}
