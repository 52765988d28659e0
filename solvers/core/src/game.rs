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

    /// Why the game is over, in a few words (`checkmate`, `the fox reached the hounds'
    /// home row`), or `None` while it goes on. The provided version says that the player
    /// to move has no move, which is how most games here end.
    fn end_reason(&self) -> Option<String> {
        self.outcome()
            .map(|_| "the player to move has no legal move".to_string())
    }

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
///
/// # Symmetry reduction
///
/// A game whose rules are invariant under a group of transformations (mirror images of the
/// board, swapping the colours together with the side to move, …) may give all the images
/// of a position one index, so that an index names a *class* of positions with one value.
/// Such a game overrides the four symmetry methods below; [`position_at`](PerfectIndex::position_at)
/// then returns the class's representative, and [`index_with_symmetry`](PerfectIndex::index_with_symmetry)
/// says which transformation of the representative a position is. The defaults describe
/// an index without reduction (the group of the identity alone).
///
/// The transformations must be symmetries of the rules: for every symmetry `g`, the moves
/// of `p.transformed(g)` are the transformed moves of `p` (leading to the transformed
/// children), and the same player wins or the game is drawn.
pub trait PerfectIndex: Game + Clone {
    /// The size of the index space (legal positions and unused indices alike).
    fn index_size(&self) -> u64;
    /// This position's index, in `0..index_size()`; equal for a position and its
    /// transformations under the game's symmetries.
    fn index(&self) -> u64;
    /// The position with `index` under the same rules variant as `self` (the class's
    /// representative), or `None` when the index names no legal position.
    fn position_at(&self, index: u64) -> Option<Self>;

    /// The order of the symmetry group the index is reduced by; its elements are numbered
    /// `0..symmetry_count()`, 0 being the identity. The default, 1, means no reduction.
    fn symmetry_count(&self) -> u32 {
        1
    }

    /// This position transformed by symmetry `g` (in `0..symmetry_count()`).
    fn transformed(&self, g: u32) -> Self {
        debug_assert_eq!(g, 0, "the identity is the only symmetry");
        self.clone()
    }

    /// The symmetry "`b`, then `a`": `p.transformed(b).transformed(a) ==
    /// p.transformed(compose_symmetries(a, b))`.
    fn compose_symmetries(&self, a: u32, b: u32) -> u32 {
        debug_assert_eq!((a, b), (0, 0), "the identity is the only symmetry");
        0
    }

    /// This position's index and a symmetry `g` with
    /// `position_at(index).transformed(g) == *self`.
    fn index_with_symmetry(&self) -> (u64, u32) {
        (self.index(), 0)
    }

    /// The number of distinct positions that share this position's index (1 without
    /// symmetry reduction). The provided version compares every transformation.
    fn class_size(&self) -> u64
    where
        Self: PartialEq,
    {
        let images: Vec<Self> = (0..self.symmetry_count())
            .map(|g| self.transformed(g))
            .collect();
        (0..images.len())
            .filter(|&i| !images[..i].contains(&images[i]))
            .count() as u64
    }

    /// Clears `out` and fills it with the distinct positions that share this position's
    /// index, this one's representative first.
    fn class_members(&self, out: &mut Vec<Self>)
    where
        Self: PartialEq,
    {
        out.clear();
        let (index, _) = self.index_with_symmetry();
        let Some(rep) = self.position_at(index) else {
            return;
        };
        for g in 0..self.symmetry_count() {
            let image = rep.transformed(g);
            if !out.contains(&image) {
                out.push(image);
            }
        }
    }
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

    /// A *canonical* key, if the game has one: equal for positions that are images of
    /// each other under a symmetry of the rules (a board symmetry; swapping the colours
    /// together with the side to move), so that positions with equal canonical keys have
    /// the same value for the player to move. Searches that fold symmetries use it;
    /// `None` (the provided version) when the game gives none.
    fn canonical_key(&self) -> Option<u64> {
        None
    }
}
