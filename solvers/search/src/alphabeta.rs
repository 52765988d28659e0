//! Negamax alpha-beta with iterative deepening, a transposition table and move ordering.

use cgtk_core::{Evaluate, Game, Outcome, PositionKey};
use std::collections::HashMap;

/// The score of a win at the root; a win found `n` plies deep scores `WIN - n`, so that
/// faster wins (and slower losses) are preferred.
pub const WIN: i32 = 1_000_000;
/// Scores at least this large in absolute value are proven wins or losses; evaluations
/// are clamped below it.
pub const DECISIVE: i32 = WIN - 100_000;

/// True when `score` is a proven win or loss.
pub fn is_decisive(score: i32) -> bool {
    score.abs() >= DECISIVE
}

/// How many plies a decisive score takes to reach the end, `None` for other scores.
///
/// ```
/// use cgtk_search::{plies_to_end, WIN};
/// assert_eq!(plies_to_end(WIN - 3), Some(3));
/// assert_eq!(plies_to_end(-(WIN - 4)), Some(4));
/// assert_eq!(plies_to_end(17), None);
/// ```
pub fn plies_to_end(score: i32) -> Option<u32> {
    is_decisive(score).then(|| (WIN - score.abs()) as u32)
}

/// How far to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// Stop (keeping the last completed iteration) after this many nodes, if given.
    pub nodes: Option<u64>,
}

impl Limits {
    /// Search to `depth` plies with no node limit.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth, nodes: None }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The best move at the root (`None` when the game is over); the first legal move when
    /// the node limit stops the search before depth 1 is complete (`depth` 0).
    pub best_move: Option<M>,
    /// The score for the side to move: positive is good; see [`WIN`].
    pub score: i32,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited over all iterations.
    pub nodes: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

struct Entry<M> {
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<M>,
}

const MAX_PLY: usize = 256;

/// A negamax alpha-beta searcher, generic over the game. Its transposition table is keyed
/// by [`PositionKey`] and persists between searches (call [`clear`](AlphaBeta::clear) to
/// empty it).
///
/// Move ordering: the table's best move first, then two killer moves per ply, then the
/// generator's order.
///
/// ```
/// use cgtk_core::Game;
/// use cgtk_games::nim::Nim;
/// use cgtk_search::{plies_to_end, AlphaBeta, Limits};
///
/// // Heaps 1, 2: the first player wins by taking 1 from heap 2 (leaving 1, 1).
/// let mut nim = Nim::new(&[1, 2]).unwrap();
/// let result = AlphaBeta::new().search(&mut nim, Limits::depth(10));
/// assert_eq!(plies_to_end(result.score), Some(3));
/// let best = result.best_move.unwrap();
/// assert_eq!((best.heap, best.take), (1, 1));
/// ```
pub struct AlphaBeta<G: Game> {
    table: HashMap<u64, Entry<G::Move>>,
    capacity: usize,
    killers: Vec<[Option<G::Move>; 2]>,
    nodes: u64,
    node_limit: Option<u64>,
    aborted: bool,
    buffers: Vec<Vec<G::Move>>,
}

impl<G: Game> Default for AlphaBeta<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> AlphaBeta<G> {
    /// A searcher with a transposition table of up to a million entries.
    pub fn new() -> Self {
        Self::with_capacity(1 << 20)
    }

    /// A searcher whose transposition table holds at most `entries` positions (when full,
    /// it is emptied and refilled).
    pub fn with_capacity(entries: usize) -> Self {
        AlphaBeta {
            table: HashMap::new(),
            capacity: entries.max(1),
            killers: vec![[None, None]; MAX_PLY + 1],
            nodes: 0,
            node_limit: None,
            aborted: false,
            buffers: Vec::new(),
        }
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches with the game's own [`Evaluate`].
    ///
    /// ```
    /// use cgtk_games::nim::Nim;
    /// use cgtk_search::{plies_to_end, AlphaBeta, Limits};
    ///
    /// // Heaps 2, 2 have nim-sum 0: the player to move loses, at best after 4 plies
    /// // (take 1, the opponent copies, take 1, the opponent takes the last).
    /// let mut nim = Nim::new(&[2, 2]).unwrap();
    /// let result = AlphaBeta::new().search(&mut nim, Limits::depth(10));
    /// assert!(result.score < 0);
    /// assert_eq!(plies_to_end(result.score), Some(4));
    /// assert_eq!(result.best_move.map(|m| m.take), Some(1));
    /// assert_eq!(nim.heaps(), &[2, 2]); // the game is restored
    /// ```
    pub fn search(&mut self, game: &mut G, limits: Limits) -> SearchResult<G::Move>
    where
        G: Evaluate + PositionKey,
    {
        self.search_with(game, limits, &|g: &G| g.evaluate())
    }

    /// Searches with the evaluation `eval`, keying the table by [`PositionKey`].
    pub fn search_with(
        &mut self,
        game: &mut G,
        limits: Limits,
        eval: &dyn Fn(&G) -> i32,
    ) -> SearchResult<G::Move>
    where
        G: PositionKey,
    {
        self.search_keyed(game, limits, eval, &|g: &G| g.key())
    }

    /// Searches with the evaluation `eval` (from the side to move's point of view), by
    /// iterative deepening from depth 1 to `limits.depth`, the transposition table keyed by
    /// `key` (for instance a perfect index). Stops early once a win or loss within the
    /// searched depth is proven. `game` is restored before returning.
    ///
    /// ```
    /// use cgtk_core::{Game, PerfectIndex};
    /// use cgtk_games::nim::Nim;
    /// use cgtk_search::{plies_to_end, AlphaBeta, Limits};
    ///
    /// // Keyed by the perfect index (no hash collisions), with no evaluation.
    /// let mut nim = Nim::new(&[3, 4, 5]).unwrap();
    /// let mut searcher = AlphaBeta::new();
    /// let result = searcher.search_keyed(&mut nim, Limits::depth(12), &|_| 0, &|g| g.index());
    /// assert!(plies_to_end(result.score).is_some() && result.score > 0);
    /// // The winning move leaves a nim-sum of 0.
    /// nim.make(result.best_move.unwrap());
    /// assert_eq!(nim.nim_sum(), 0);
    /// ```
    pub fn search_keyed(
        &mut self,
        game: &mut G,
        limits: Limits,
        eval: &dyn Fn(&G) -> i32,
        key: &dyn Fn(&G) -> u64,
    ) -> SearchResult<G::Move> {
        self.nodes = 0;
        self.node_limit = limits.nodes;
        self.aborted = false;
        for k in self.killers.iter_mut() {
            *k = [None, None];
        }
        let mut result = SearchResult {
            best_move: None,
            score: self.leaf_score(game, 0, eval),
            depth: 0,
            nodes: 0,
        };
        if game.outcome().is_some() {
            return result;
        }
        let max_depth = limits.depth.min(MAX_PLY as u32);
        if max_depth == 0 {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            result.best_move = moves.first().copied();
            return result;
        }
        for depth in 1..=max_depth {
            let score = self.negamax(game, depth, 0, -WIN - 1, WIN + 1, eval, key);
            if self.aborted {
                break;
            }
            result.score = score;
            result.depth = depth;
            result.best_move = self
                .table
                .get(&key(game))
                .and_then(|e| e.best)
                .filter(|&m| game.is_legal(m));
            if result.best_move.is_none() {
                let mut moves = Vec::new();
                game.legal_moves(&mut moves);
                result.best_move = moves.first().copied();
            }
            if plies_to_end(score).is_some_and(|n| n <= depth) {
                break;
            }
        }
        // Stopped inside depth 1: a legal move all the same (it returned none, in a game
        // that was not over).
        if result.best_move.is_none() {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            result.best_move = moves.first().copied();
        }
        result.nodes = self.nodes;
        result
    }

    fn leaf_score(&self, game: &G, ply: u32, eval: &dyn Fn(&G) -> i32) -> i32 {
        match game.outcome() {
            Some(Outcome::Draw) => 0,
            Some(Outcome::Win(p)) if p == game.to_move() => WIN - ply as i32,
            Some(Outcome::Win(_)) => -(WIN - ply as i32),
            None => eval(game).clamp(-DECISIVE + 1, DECISIVE - 1),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        eval: &dyn Fn(&G) -> i32,
        key_of: &dyn Fn(&G) -> u64,
    ) -> i32 {
        self.nodes += 1;
        if self.node_limit.is_some_and(|limit| self.nodes > limit) {
            self.aborted = true;
            return 0;
        }
        if depth == 0 || game.outcome().is_some() || ply as usize >= MAX_PLY {
            return self.leaf_score(game, ply, eval);
        }
        let key = key_of(game);
        let mut tt_move = None;
        if let Some(e) = self.table.get(&key) {
            tt_move = e.best;
            if e.depth >= depth {
                let score = from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }

        let mut moves = self.buffers.pop().unwrap_or_default();
        game.legal_moves(&mut moves);
        order(&mut moves, tt_move, &self.killers[ply as usize]);

        let alpha0 = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        for &mv in moves.iter() {
            let undo = game.make(mv);
            let score = -self.negamax(game, depth - 1, ply + 1, -beta, -alpha, eval, key_of);
            game.unmake(mv, undo);
            if self.aborted {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                let k = &mut self.killers[ply as usize];
                if k[0] != Some(mv) {
                    k[1] = k[0];
                    k[0] = Some(mv);
                }
                break;
            }
        }
        self.buffers.push(moves);
        if self.aborted {
            return 0;
        }
        let bound = if best_score <= alpha0 {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.table.len() >= self.capacity {
            self.table.clear();
        }
        self.table.insert(
            key,
            Entry {
                depth,
                score: to_table(best_score, ply),
                bound,
                best: best_move,
            },
        );
        best_score
    }
}

/// Puts the table move first, then the killers, keeping the rest in generator order.
fn order<M: Copy + Eq>(moves: &mut [M], tt_move: Option<M>, killers: &[Option<M>; 2]) {
    let mut front = 0;
    for candidate in [tt_move, killers[0], killers[1]].into_iter().flatten() {
        if let Some(i) = moves[front..].iter().position(|&m| m == candidate) {
            moves[front..=front + i].rotate_right(1);
            front += 1;
        }
    }
}

/// Decisive scores are stored relative to the node, so they stay right at any ply.
fn to_table(score: i32, ply: u32) -> i32 {
    if score >= DECISIVE {
        score + ply as i32
    } else if score <= -DECISIVE {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score >= DECISIVE {
        score - ply as i32
    } else if score <= -DECISIVE {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordering_moves_table_move_and_killers_to_front() {
        let mut moves = [1, 2, 3, 4, 5];
        order(&mut moves, Some(4), &[Some(2), Some(9)]);
        assert_eq!(moves, [4, 2, 1, 3, 5]);
    }

    #[test]
    fn table_scores_round_trip() {
        for s in [WIN - 7, -(WIN - 9), 12, -40] {
            assert_eq!(from_table(to_table(s, 5), 5), s);
        }
    }
}
