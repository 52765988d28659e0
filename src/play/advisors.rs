//! Engines behind the AI levels: alpha-beta search and Monte Carlo tree search, each as an
//! [`Advisor`].

use super::playable::Advisor;
use cgtk_core::{Game, Notation, Predecessors, TableGame, Value};
use cgtk_retro::{GameTable, Solution, Verdict};
use cgtk_search::{mcts, plies_to_end, AlphaBeta, Limits, MctsConfig, NoChance};

/// A position's key for the transposition table.
pub type KeyFn<G> = Box<dyn Fn(&G) -> u64>;
/// An exact rule: a best move and its value for the side to move.
pub type ExactFn<G> = Box<dyn Fn(&G) -> Option<(<G as Game>::Move, Value)>>;
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

impl<G: Game + Clone> AlphaBetaAdvisor<G> {
    /// The search's move and note, and whether the search proved the result (saw the end
    /// of every line).
    fn search(&mut self, game: &G) -> Option<(G::Move, String, bool)> {
        let mut position = game.clone();
        let result =
            self.searcher
                .search_keyed(&mut position, self.limits, &*self.eval, &*self.key);
        let mv = result.best_move?;
        let proved = plies_to_end(result.score);
        let verdict = match proved {
            Some(n) if result.score > 0 => format!("wins in {}", plies(n)),
            Some(n) => format!("loses in {}", plies(n)),
            None => format!("score {}", result.score),
        };
        Some((
            mv,
            format!("alpha-beta{} depth {}: {verdict}", self.name, result.depth),
            proved.is_some(),
        ))
    }

    /// The search's move when the search proves the result, else `None`.
    fn proved_move(&mut self, game: &G) -> Option<(G::Move, String)> {
        self.search(game)
            .filter(|(_, _, proved)| *proved)
            .map(|(mv, note, _)| (mv, note))
    }
}

impl<G: Game + Clone> Advisor<G> for AlphaBetaAdvisor<G> {
    fn best_move(&mut self, game: &G, _seed: u64) -> Result<Option<(G::Move, String)>, String> {
        Ok(self.search(game).map(|(mv, note, _)| (mv, note)))
    }
}

/// Monte Carlo tree search with a number of playouts; the seed comes from the session.
pub struct MctsAdvisor {
    /// Playouts per move.
    pub playouts: u32,
}

impl<G: Game + Clone> Advisor<G> for MctsAdvisor {
    fn best_move(&mut self, game: &G, seed: u64) -> Result<Option<(G::Move, String)>, String> {
        Ok(self.choose(game, seed))
    }
}

impl MctsAdvisor {
    fn choose<G: Game + Clone>(&self, game: &G, seed: u64) -> Option<(G::Move, String)> {
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

/// Solved values: a solution computed in memory or a table file opened for the game.
pub enum Solved<G> {
    /// Solved on the fly.
    Memory(Solution),
    /// Probed from a table file (checked against the game and verified when opened).
    File(GameTable<G, std::io::BufReader<std::fs::File>>),
    /// To be solved when first asked (so that games never needing the engine's best move
    /// never pay for it).
    Later(G),
}

/// Perfect play from solved values: win as fast as possible, else draw, else lose as
/// slowly as possible.
pub struct TableAdvisor<G> {
    /// The solved values.
    pub solved: Solved<G>,
}

/// A verdict as a note: `table: win in 5 plies`.
pub fn verdict_note(v: Verdict) -> String {
    match v.distance {
        Some(d) => format!("table: {} in {}", v.value, plies(d)),
        None => format!("table: {}", v.value),
    }
}

impl<G: TableGame + Notation + Predecessors + Sync> Advisor<G> for TableAdvisor<G> {
    fn best_move(&mut self, game: &G, _seed: u64) -> Result<Option<(G::Move, String)>, String> {
        if let Solved::Later(start) = &self.solved {
            let solution = cgtk_retro::solve(start, &|_| {})
                .map_err(|e| format!("cannot solve {}: {e}", G::GAME))?;
            self.solved = Solved::Memory(solution);
        }
        let best = match &mut self.solved {
            Solved::Memory(s) => s.best_move(game),
            Solved::File(t) => t.best_move(game),
            Solved::Later(_) => return Ok(None),
        };
        let best = best.map_err(|e| format!("table: {e}"))?;
        Ok(best.map(|(mv, v)| (mv, verdict_note(v))))
    }

    fn verdict(&mut self, game: &G) -> Option<Verdict> {
        match &mut self.solved {
            Solved::Memory(s) => s.verdict(game.index()),
            Solved::File(t) => t.verdict(game).ok().flatten(),
            Solved::Later(_) => None,
        }
    }
}

/// Perfect play by an exact rule of the game (Nim's nim-sum) whenever the search does not
/// prove the result by itself: a search to a bounded depth with no knowledge scores
/// every open position alike and may pick a losing move.
pub struct ExactAdvisor<G: Game> {
    /// The search tried first (it finds the fastest win and names its distance).
    pub search: AlphaBetaAdvisor<G>,
    /// The exact rule: a best move and whether it wins.
    pub exact: ExactFn<G>,
    /// The rule's name in notes, e.g. `nim-sum`.
    pub name: &'static str,
}

impl<G: Game + Clone> Advisor<G> for ExactAdvisor<G> {
    fn best_move(&mut self, game: &G, _seed: u64) -> Result<Option<(G::Move, String)>, String> {
        if let Some(proved) = self.search.proved_move(game) {
            return Ok(Some(proved));
        }
        Ok((self.exact)(game).map(|(mv, value)| {
            let verdict = match value {
                Value::Win => "wins",
                Value::Loss => "loses",
                Value::Draw => "draws",
            };
            (mv, format!("{}: {verdict}", self.name))
        }))
    }
}
