//! Passing as a move of its own: games that let the side to move hand over the turn.

use cgtk_core::{Game, Outcome, Player};

/// A game in which the side to move may hand the turn to the opponent without changing
/// anything else (Go; many local fights). [`WithPass`] turns it into a [`Game`] whose
/// moves include the pass, so that every engine (and every proof tree) sees the pass as
/// a node of its own.
pub trait PassTurn: Game {
    /// True when the side to move may pass here.
    fn may_pass(&self) -> bool;
    /// Hands the turn to the opponent.
    fn pass(&mut self);
    /// Takes back a [`pass`](PassTurn::pass), the last move made.
    fn unpass(&mut self);
}

/// A move of a [`WithPass`] game: a move of the game itself, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn<M> {
    /// A move of the underlying game.
    Play(M),
    /// The side to move passes.
    Pass,
}

/// A game with passing added as one more legal move (after the game's own moves, while
/// the game is not over and [`PassTurn::may_pass`] allows it). It counts consecutive
/// passes, so that a pass-aware [`Objective`](crate::Objective) can end the game after
/// two of them; any objective continues to judge the same goal with the other side to
/// move after a pass. Two passes in a row bring back the same position, which a search
/// sees as a repetition when the counter is not part of its key.
///
/// ```
/// use cgtk_core::{Game, Outcome, Player};
/// use cgtk_search::{PassTurn, Turn, WithPass};
///
/// // One heap; a move takes one counter; whoever takes the last counter wins.
/// #[derive(Clone, Debug)]
/// struct Heap { n: u32, to_move: Player }
/// impl Game for Heap {
///     type Move = ();
///     type Undo = ();
///     fn to_move(&self) -> Player { self.to_move }
///     fn legal_moves(&self, moves: &mut Vec<()>) {
///         moves.clear();
///         if self.n > 0 { moves.push(()) }
///     }
///     fn make(&mut self, _: ()) { self.n -= 1; self.to_move = self.to_move.opponent(); }
///     fn unmake(&mut self, _: (), _: ()) { self.n += 1; self.to_move = self.to_move.opponent(); }
///     fn outcome(&self) -> Option<Outcome> {
///         (self.n == 0).then(|| Outcome::Win(self.to_move.opponent()))
///     }
/// }
/// impl PassTurn for Heap {
///     fn may_pass(&self) -> bool { true }
///     fn pass(&mut self) { self.to_move = self.to_move.opponent(); }
///     fn unpass(&mut self) { self.to_move = self.to_move.opponent(); }
/// }
///
/// let mut game = WithPass::new(Heap { n: 2, to_move: Player::First });
/// let mut moves = Vec::new();
/// game.legal_moves(&mut moves);
/// assert_eq!(moves, [Turn::Play(()), Turn::Pass]);
/// let undo = game.make(Turn::Pass);
/// assert_eq!((game.to_move(), game.consecutive_passes()), (Player::Second, 1));
/// game.unmake(Turn::Pass, undo);
/// assert_eq!((game.to_move(), game.consecutive_passes()), (Player::First, 0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WithPass<G> {
    game: G,
    passes: u32,
}

impl<G> WithPass<G> {
    /// The game, no pass played yet.
    pub fn new(game: G) -> WithPass<G> {
        WithPass { game, passes: 0 }
    }

    /// The underlying game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many passes were played in a row just before this position.
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }
}

impl<G: PassTurn> Game for WithPass<G> {
    type Move = Turn<G::Move>;
    type Undo = (Option<G::Undo>, u32);

    fn to_move(&self) -> Player {
        self.game.to_move()
    }

    fn legal_moves(&self, moves: &mut Vec<Turn<G::Move>>) {
        moves.clear();
        if self.game.outcome().is_some() {
            return;
        }
        let mut own = Vec::new();
        self.game.legal_moves(&mut own);
        moves.extend(own.into_iter().map(Turn::Play));
        if self.game.may_pass() {
            moves.push(Turn::Pass);
        }
    }

    fn make(&mut self, mv: Turn<G::Move>) -> Self::Undo {
        let before = self.passes;
        match mv {
            Turn::Play(m) => {
                self.passes = 0;
                (Some(self.game.make(m)), before)
            }
            Turn::Pass => {
                self.passes += 1;
                self.game.pass();
                (None, before)
            }
        }
    }

    fn unmake(&mut self, mv: Turn<G::Move>, (undo, before): Self::Undo) {
        match (mv, undo) {
            (Turn::Play(m), Some(u)) => self.game.unmake(m, u),
            _ => self.game.unpass(),
        }
        self.passes = before;
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
}
