//! A wrapper giving any game an empty [`Chance`] implementation.

use cgtk_core::{Chance, Evaluate, Game, Outcome, Player, PositionKey};

/// A game without chance events, wrapped so that engines asking for [`Chance`] (Monte
/// Carlo tree search) accept it.
///
/// ```
/// use cgtk_core::Chance;
/// use cgtk_games::nim::Nim;
/// use cgtk_search::NoChance;
/// let game = NoChance(Nim::new(&[3]).unwrap());
/// assert!(!game.is_chance());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoChance<G>(pub G);

impl<G: Game> Game for NoChance<G> {
    type Move = G::Move;
    type Undo = G::Undo;

    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self, moves: &mut Vec<G::Move>) {
        self.0.legal_moves(moves)
    }
    fn make(&mut self, mv: G::Move) -> G::Undo {
        self.0.make(mv)
    }
    fn unmake(&mut self, mv: G::Move, undo: G::Undo) {
        self.0.unmake(mv, undo)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn is_legal(&self, mv: G::Move) -> bool {
        self.0.is_legal(mv)
    }
}

impl<G: Game> Chance for NoChance<G> {
    fn is_chance(&self) -> bool {
        false
    }
    fn chance_events(&self, events: &mut Vec<(G::Move, f64)>) {
        events.clear();
    }
}

impl<G: Evaluate> Evaluate for NoChance<G> {
    fn evaluate(&self) -> i32 {
        self.0.evaluate()
    }
}

impl<G: PositionKey> PositionKey for NoChance<G> {
    fn key(&self) -> u64 {
        self.0.key()
    }
}
