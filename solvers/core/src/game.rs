use crate::player::{Outcome, Player};
use std::fmt::Debug;

/// The rules of a two-player (or one-player) game of perfect information, as every engine
/// sees them.
///
/// Positions are changed in place: [`make`](Game::make) plays a move and returns an undo
/// record; [`unmake`](Game::unmake) with the same move and that record restores the
/// position exactly. Move lists go into a caller-provided buffer so that search loops do
/// not allocate.
pub trait Game {
    /// A move, small and cheap to copy.
    type Move: Copy + Eq + Debug;
    /// What [`unmake`](Game::unmake) needs to restore the position (often `()`).
    type Undo;

    /// The player whose turn it is.
    fn to_move(&self) -> Player;

    /// Clears `moves` and fills it with every legal move. Empty when the game is over.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays `mv`, which must be legal, and returns what undoing it needs.
    fn make(&mut self, mv: Self::Move) -> Self::Undo;

    /// Takes back `mv`, the last move made, given the record [`make`](Game::make) returned.
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo);

    /// `Some` when the game is over, with how it ended; `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// True when `mv` is one of the legal moves. The provided version generates them all.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }
}

/// Counts the leaf nodes of the game tree to `depth` plies (a move-generator check).
///
/// Finished games count as leaves only at depth 0; a finished game before that contributes
/// nothing, as in chess perft.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for mv in moves {
        let undo = game.make(mv);
        nodes += perft(game, depth - 1);
        game.unmake(mv, undo);
    }
    nodes
}

/// A perfect index: every position of the game (for one rules variant) corresponds to one
/// integer in `0..index_size()`, as retrograde analysis and table files need.
///
/// The methods take `&self` so that a position can carry its rules variant: any position
/// of the variant serves as the template for [`position_at`](PerfectIndex::position_at).
pub trait PerfectIndex: Game + Sized {
    /// The size of the index space (legal positions and unused indices alike).
    fn index_size(&self) -> u64;
    /// This position's index, in `0..index_size()`.
    fn index(&self) -> u64;
    /// The position with `index` under the same rules variant as `self`, or `None` when
    /// the index names no legal position.
    fn position_at(&self, index: u64) -> Option<Self>;
}

/// Random or hidden events, for engines that handle chance nodes (Monte Carlo tree search).
///
/// At a chance node, [`Game::legal_moves`] lists the possible events and
/// [`Game::make`] applies one; [`chance_events`](Chance::chance_events) gives their
/// probabilities.
pub trait Chance: Game {
    /// True when the next event is decided by chance rather than by a player.
    fn is_chance(&self) -> bool;
    /// Clears `events` and fills it with the possible events and their probabilities
    /// (which sum to 1). Called only when [`is_chance`](Chance::is_chance) is true.
    fn chance_events(&self, events: &mut Vec<(Self::Move, f64)>);
}

/// A static evaluation for alpha-beta search, from the point of view of the side to move:
/// positive is good for the player to move.
pub trait Evaluate: Game {
    /// The evaluation in the game's own units (centipawns for chess).
    fn evaluate(&self) -> i32;
}

/// A hash key of the position (for transposition tables), equal for equal positions.
pub trait PositionKey: Game {
    /// The key; collisions must be rare but are tolerated by the engines.
    fn key(&self) -> u64;
}
