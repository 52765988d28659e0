use crate::game::PerfectIndex;

/// Un-move generation for retrograde analysis: which positions lead here in one move.
///
/// For a position `p`, [`predecessors`](Predecessors::predecessors) lists the index of
/// every legal, unfinished position `q` and one entry **per move** of `q` that produces `p`
/// (so that a retrograde solver can count down each position's remaining moves). It must
/// agree exactly with [`Game::legal_moves`](crate::Game::legal_moves) and
/// [`Game::make`](crate::Game::make): `q` appears k times in the list of `p` exactly
/// when k of `q`'s legal moves lead to `p`.
pub trait Predecessors: PerfectIndex {
    /// Clears `out` and fills it with the indices of the predecessors of this position.
    fn predecessors(&self, out: &mut Vec<u64>);
}
