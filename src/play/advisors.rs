//! Engines behind the AI levels: alpha-beta search and Monte Carlo tree search, each as an
//! [`Advisor`].

use super::playable::Advisor;
use cgtk_core::{Game, PerfectIndex, Value};
use cgtk_retro::{Solution, Table, Verdict};
use cgtk_search::{mcts, plies_to_end, AlphaBeta, Limits, MctsConfig, NoChance};

/// A position's key for the transposition table.
pub type KeyFn<G> = Box<dyn Fn(&G) -> u64>;
/// An evaluation from the side to move's point of view.
pub type EvalFn<G> = Box<dyn Fn(&G) -> i32>;

/// Alpha-beta search to a depth (and node budget) with an evaluation function.
pub struct AlphaBetaAdvisor<G: Game> {
    searcher: AlphaBeta<G>,
    limits: Limits,
    eval: EvalFn<G>,
    key: KeyFn<G>,
    name: &'static str,
}

impl<G: Game + Clone> AlphaBetaAdvisor<G> {
    /// An advisor searching with `limits` and `eval` (from the side to move's view), the
    /// table keyed by `key`; `name` names the evaluation in its notes.
    pub fn new(limits: Limits, eval: EvalFn<G>, key: KeyFn<G>, name: &'static str) -> Self {
        AlphaBetaAdvisor {
            searcher: AlphaBeta::with_capacity(1 << 18),
            limits,
            eval,
            key,
            name,
        }
    }
}

impl<G: Game + Clone> Advisor<G> for AlphaBetaAdvisor<G> {
    fn best_move(&mut self, game: &G, _seed: u64) -> Option<(G::Move, String)> {
        let mut position = game.clone();
        let result =
            self.searcher
                .search_keyed(&mut position, self.limits, &*self.eval, &*self.key);
        let mv = result.best_move?;
        let verdict = match plies_to_end(result.score) {
            Some(n) if result.score > 0 => format!("wins in {}", plies(n)),
            Some(n) => format!("loses in {}", plies(n)),
            None => format!("score {}", result.score),
        };
        Some((
            mv,
            format!("alpha-beta{} depth {}: {verdict}", self.name, result.depth),
        ))
    }
}

/// Monte Carlo tree search with a number of playouts; the seed comes from the session.
pub struct MctsAdvisor {
    /// Playouts per move.
    pub playouts: u32,
}

impl<G: Game + Clone> Advisor<G> for MctsAdvisor {
    fn best_move(&mut self, game: &G, seed: u64) -> Option<(G::Move, String)> {
        let config = MctsConfig {
            playouts: self.playouts,
            seed,
            ..Default::default()
        };
        let result = mcts(&NoChance(game.clone()), &config);
        let mv = result.best_move?;
        let stats = result.moves.iter().find(|s| s.mv == mv)?;
        Some((
            mv,
            format!(
                "mcts {} playouts: {:.0}% expected",
                self.playouts,
                stats.mean * 100.0
            ),
        ))
    }
}

/// `1 ply`, `5 plies`.
pub(crate) fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// Solved values by index: a solution computed in memory or a table file.
pub enum Solved {
    /// Solved on the fly.
    Memory(Solution),
    /// Probed from a table file.
    File(Table<std::io::BufReader<std::fs::File>>),
}

impl Solved {
    /// The verdict of the position with this index.
    pub fn verdict(&mut self, index: u64) -> Option<Verdict> {
        match self {
            Solved::Memory(s) => s.verdict(index),
            Solved::File(t) => t.get(index).ok().flatten(),
        }
    }
}

/// Perfect play from a solved table: win as fast as possible, else draw, else lose as
/// slowly as possible.
pub struct TableAdvisor {
    /// The solved values.
    pub solved: Solved,
}

/// The best move by the table: each move is judged by its child's verdict (for the
/// opponent). Returns the move and the verdict for the side to move.
pub fn table_move<G: PerfectIndex + Clone>(
    game: &G,
    mut verdict: impl FnMut(u64) -> Option<Verdict>,
) -> Option<(G::Move, Verdict)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut best: Option<(G::Move, (u8, i64), Verdict)> = None;
    for mv in moves {
        let mut next = game.clone();
        next.make(mv);
        let (rank, mine) = match next.outcome() {
            Some(o) => {
                let v = o.value_for(game.to_move());
                (
                    rank_of(v, 1),
                    Verdict {
                        value: v,
                        distance: (v != Value::Draw).then_some(1),
                    },
                )
            }
            None => {
                let v = verdict(next.index())?;
                let mine = Verdict {
                    value: v.value.negate(),
                    distance: v.distance.map(|d| d + 1),
                };
                (rank_of(mine.value, mine.distance.unwrap_or(0)), mine)
            }
        };
        if best.as_ref().map_or(true, |b| rank > b.1) {
            best = Some((mv, rank, mine));
        }
    }
    best.map(|(mv, _, v)| (mv, v))
}

/// Orders outcomes for the mover: quick wins, then draws, then slow losses.
fn rank_of(value: Value, distance: u32) -> (u8, i64) {
    match value {
        Value::Win => (2, -(distance as i64)),
        Value::Draw => (1, 0),
        Value::Loss => (0, distance as i64),
    }
}

/// A verdict as a note: `table: win in 5 plies`.
pub fn verdict_note(v: Verdict) -> String {
    match v.distance {
        Some(d) => format!("table: {} in {}", v.value, plies(d)),
        None => format!("table: {}", v.value),
    }
}

impl<G: PerfectIndex + Clone> Advisor<G> for TableAdvisor {
    fn best_move(&mut self, game: &G, _seed: u64) -> Option<(G::Move, String)> {
        let solved = &mut self.solved;
        let (mv, v) = table_move(game, |i| solved.verdict(i))?;
        Some((mv, verdict_note(v)))
    }
}
