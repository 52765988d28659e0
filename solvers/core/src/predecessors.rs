use crate::game::PerfectIndex;

/// Un-move generation for retrograde analysis: which positions lead here in one move.
///
/// For a position `p`, [`predecessors`](Predecessors::predecessors) lists the index of
/// every legal, unfinished position `q` and one entry **per move** of `q` that produces `p`
/// (so that a retrograde solver can count down each position's remaining moves). It must
/// agree exactly with [`Game::legal_moves`](crate::Game::legal_moves) and
/// [`Game::make`](crate::Game::make): `q` appears k times in the list of `p` exactly
/// when k of `q`'s legal moves lead to `p`.
///
/// With a symmetry-reduced index (see [`PerfectIndex`]) the same holds for classes: `q`
/// stands for its representative `position_at(q)`, and it appears k times exactly when k
/// of the representative's legal moves lead to a position with `p`'s index.
pub trait Predecessors: PerfectIndex {
    /// Clears `out` and fills it with the indices of the predecessors of this position.
    fn predecessors(&self, out: &mut Vec<u64>);

    /// The number of legal moves, as [`legal_moves`](crate::Game::legal_moves) would list
    /// them. The provided version lists them into `buffer`; games with a faster count
    /// override it.
    fn move_count(&self, buffer: &mut Vec<Self::Move>) -> usize {
        self.legal_moves(buffer);
        buffer.len()
    }
}
