//! Engines behind the AI levels: alpha-beta search and Monte Carlo tree search, each as an
//! [`Advisor`].

use super::playable::Advisor;
use cgtk_core::{Game, PositionKey};
use cgtk_search::{mcts, plies_to_end, AlphaBeta, Limits, MctsConfig, NoChance};

/// Alpha-beta search to a depth (and node budget) with an evaluation function.
pub struct AlphaBetaAdvisor<G: Game> {
    searcher: AlphaBeta<G>,
    limits: Limits,
    eval: Box<dyn Fn(&G) -> i32>,
    name: &'static str,
}

impl<G: Game + PositionKey + Clone> AlphaBetaAdvisor<G> {
    /// An advisor searching with `limits` and `eval` (from the side to move's view);
    /// `name` names the evaluation in its notes.
    pub fn new(limits: Limits, eval: Box<dyn Fn(&G) -> i32>, name: &'static str) -> Self {
        AlphaBetaAdvisor {
            searcher: AlphaBeta::with_capacity(1 << 18),
            limits,
            eval,
            name,
        }
    }
}

impl<G: Game + PositionKey + Clone> Advisor<G> for AlphaBetaAdvisor<G> {
    fn best_move(&mut self, game: &G, _seed: u64) -> Option<(G::Move, String)> {
        let mut position = game.clone();
        let result = self
            .searcher
            .search_with(&mut position, self.limits, &*self.eval);
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
