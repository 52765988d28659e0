//! Monte Carlo tree search (UCT) with random playouts and chance nodes.

use cgtk_core::{Chance, Outcome, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How a Monte Carlo search runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations (selection, expansion, playout, backup), each with one random playout.
    pub playouts: u32,
    /// The UCT exploration constant (√2 is the textbook choice).
    pub exploration: f64,
    /// A playout that has not ended after this many plies counts as a draw (games with
    /// cycles may never end by random play).
    pub max_playout_plies: u32,
    /// The seed of the random generator: equal seeds give equal searches.
    pub seed: u64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            playouts: 10_000,
            exploration: std::f64::consts::SQRT_2,
            max_playout_plies: 500,
            seed: 0,
        }
    }
}

/// What a Monte Carlo search found about one move at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// How many iterations went through it.
    pub visits: u32,
    /// The mean reward for the side to move at the root (win 1, draw ½, loss 0).
    pub mean: f64,
}

/// The result of a Monte Carlo search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult<M> {
    /// The most visited move at the root (`None` when the game is over or the root is a
    /// chance node).
    pub best_move: Option<M>,
    /// Statistics of every root move, in generator order.
    pub moves: Vec<MoveStats<M>>,
}

struct Node<M> {
    /// The move (or chance event) that led here.
    mv: Option<M>,
    /// The player who chose `mv` (`None` for a chance event).
    mover: Option<Player>,
    children: Vec<usize>,
    untried: Vec<M>,
    /// Probabilities of the children's events, when this is a chance node.
    chance: Option<Vec<f64>>,
    visits: u32,
    /// Sum of rewards for the first player.
    reward_first: f64,
    expanded: bool,
}

impl<M> Node<M> {
    /// A node not yet visited nor expanded, reached by `mv` chosen by `mover`.
    fn fresh(mv: Option<M>, mover: Option<Player>) -> Self {
        Node {
            mv,
            mover,
            children: Vec::new(),
            untried: Vec::new(),
            chance: None,
            visits: 0,
            reward_first: 0.0,
            expanded: false,
        }
    }
}

/// Runs UCT from `root`. Decision nodes choose children by the UCT bound; chance nodes
/// (where [`Chance::is_chance`] holds) draw their event with its probability, and their
/// value is thus the expectation over events. Playouts choose uniformly among legal moves
/// and draw chance events with their probabilities.
///
/// ```
/// use cgtk_games::nim::Nim;
/// use cgtk_search::{mcts, MctsConfig};
///
/// // Heaps 1, 2: the only winning move takes 1 from the second heap.
/// let nim = Nim::new(&[1, 2]).unwrap();
/// let result = mcts(&nim, &MctsConfig { playouts: 2000, seed: 7, ..Default::default() });
/// let best = result.best_move.unwrap();
/// assert_eq!((best.heap, best.take), (1, 1));
/// ```
pub fn mcts<G: Chance + Clone>(root: &G, config: &MctsConfig) -> MctsResult<G::Move> {
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    if root.outcome().is_some() || root.is_chance() {
        return MctsResult {
            best_move: None,
            moves: Vec::new(),
        };
    }
    let mut nodes: Vec<Node<G::Move>> = vec![Node::fresh(None, None)];
    let mut buffer = Vec::new();
    let mut events = Vec::new();
    let mut path = Vec::new();
    for _ in 0..config.playouts {
        let mut game = root.clone();
        let mut node = 0;
        path.clear();
        path.push(0);
        // Selection and expansion.
        loop {
            if game.outcome().is_some() {
                break;
            }
            if !nodes[node].expanded {
                expand(&mut nodes, node, &game, &mut buffer, &mut events);
            }
            let next = if let Some(probs) = &nodes[node].chance {
                let i = sample(probs, &mut rng);
                nodes[node].children[i]
            } else if let Some(mv) = nodes[node].untried.pop() {
                let child = nodes.len();
                nodes.push(Node::fresh(Some(mv), Some(game.to_move())));
                nodes[node].children.push(child);
                game.make(mv);
                path.push(child);
                break;
            } else {
                uct_child(&nodes, node, config.exploration)
            };
            if let Some(mv) = nodes[next].mv {
                game.make(mv);
            }
            path.push(next);
            node = next;
            if nodes[node].visits == 0 {
                break;
            }
        }
        let reward_first = playout(
            &mut game,
            config.max_playout_plies,
            &mut rng,
            &mut buffer,
            &mut events,
        );
        for &n in &path {
            nodes[n].visits += 1;
            nodes[n].reward_first += reward_first;
        }
    }
    let moves: Vec<MoveStats<G::Move>> = nodes[0]
        .children
        .iter()
        .filter_map(|&c| {
            let n = &nodes[c];
            let mv = n.mv?;
            let mean_first = n.reward_first / n.visits.max(1) as f64;
            let mean = if root.to_move() == Player::First {
                mean_first
            } else {
                1.0 - mean_first
            };
            Some(MoveStats {
                mv,
                visits: n.visits,
                mean,
            })
        })
        .collect();
    let best_move = moves
        .iter()
        .max_by(|a, b| a.visits.cmp(&b.visits).then(a.mean.total_cmp(&b.mean)))
        .map(|s| s.mv);
    MctsResult { best_move, moves }
}

fn expand<G: Chance>(
    nodes: &mut Vec<Node<G::Move>>,
    node: usize,
    game: &G,
    buffer: &mut Vec<G::Move>,
    events: &mut Vec<(G::Move, f64)>,
) {
    nodes[node].expanded = true;
    if game.is_chance() {
        game.chance_events(events);
        let mut probs = Vec::with_capacity(events.len());
        for &(mv, p) in events.iter() {
            let child = nodes.len();
            nodes.push(Node::fresh(Some(mv), None));
            nodes[node].children.push(child);
            probs.push(p);
        }
        nodes[node].chance = Some(probs);
    } else {
        game.legal_moves(buffer);
        // Popped from the back: reverse so that moves are tried in generator order.
        nodes[node].untried = buffer.iter().rev().copied().collect();
    }
}

fn uct_child<M>(nodes: &[Node<M>], node: usize, exploration: f64) -> usize {
    let parent_visits = (nodes[node].visits.max(1) as f64).ln();
    let mut best = nodes[node].children[0];
    let mut best_value = f64::NEG_INFINITY;
    for &c in &nodes[node].children {
        let n = &nodes[c];
        let visits = n.visits.max(1) as f64;
        let mean_first = n.reward_first / visits;
        let mean = match n.mover {
            Some(Player::Second) => 1.0 - mean_first,
            _ => mean_first,
        };
        let value = mean + exploration * (parent_visits / visits).sqrt();
        if value > best_value {
            best_value = value;
            best = c;
        }
    }
    best
}

fn sample(probs: &[f64], rng: &mut ChaCha8Rng) -> usize {
    weighted_index(probs.iter().copied(), rng)
}

/// The index of an item drawn with probability proportional to its weight (the last item
/// when rounding leaves the draw past the end); shared by both tree searches.
pub(crate) fn weighted_index(
    weights: impl Iterator<Item = f64> + Clone,
    rng: &mut ChaCha8Rng,
) -> usize {
    let mut x: f64 = rng.gen::<f64>() * weights.clone().sum::<f64>();
    let mut last = 0;
    for (i, p) in weights.enumerate() {
        if x < p {
            return i;
        }
        x -= p;
        last = i;
    }
    last
}

/// Plays uniformly random moves (and chance events by their probabilities) to the end;
/// the reward for the first player: 1 win, ½ draw or unfinished, 0 loss.
fn playout<G: Chance>(
    game: &mut G,
    max_plies: u32,
    rng: &mut ChaCha8Rng,
    buffer: &mut Vec<G::Move>,
    events: &mut Vec<(G::Move, f64)>,
) -> f64 {
    for _ in 0..max_plies {
        match game.outcome() {
            Some(outcome) => return reward_first(outcome),
            None => {
                let mv = if game.is_chance() {
                    game.chance_events(events);
                    let probs: Vec<f64> = events.iter().map(|e| e.1).collect();
                    events[sample(&probs, rng)].0
                } else {
                    game.legal_moves(buffer);
                    if buffer.is_empty() {
                        return 0.5;
                    }
                    buffer[rng.gen_range(0..buffer.len())]
                };
                game.make(mv);
            }
        }
    }
    game.outcome().map_or(0.5, reward_first)
}

fn reward_first(outcome: Outcome) -> f64 {
    match outcome {
        Outcome::Win(Player::First) => 1.0,
        Outcome::Win(Player::Second) => 0.0,
        Outcome::Draw => 0.5,
    }
}
