//! Sums of heaps of one heap game: their value and winning moves.

use crate::HeapGame;
use serde::Serialize;

/// A winning move in a sum of heaps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumMove {
    /// Which heap (from 0).
    pub heap: usize,
    /// Counters removed from it.
    pub take: u64,
    /// The heaps left in its place (empty when it is gone).
    pub leaves: Vec<u64>,
}

/// A sum of heaps analysed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumAnalysis {
    /// The heap sizes.
    pub heaps: Vec<u64>,
    /// The Grundy value of each heap.
    pub values: Vec<u32>,
    /// The value of the sum: the XOR of the heaps' values.
    pub value: u32,
    /// The moves to a sum of value 0 (every one, or the first ones up to the limit of
    /// [`analyse_sum_with_limit`]); empty exactly when the player to move loses.
    pub winning_moves: Vec<SumMove>,
    /// How many winning moves there are in all (listed or not).
    pub winning_move_count: u64,
}

/// Analyses the sum of `heaps` in `game`, given `grundy` = G(0..=N) with N at least the
/// largest heap.
///
/// # Panics
///
/// Panics if a heap exceeds the computed range of `grundy`.
///
/// ```
/// use cgtk_nimber::{analyse_sum, grundy_sequence, HeapGame};
/// let g = grundy_sequence(&HeapGame::kayles(), 12).unwrap();
/// let a = analyse_sum(&HeapGame::kayles(), &[5, 7, 12], &g);
/// assert_eq!(a.values, [4, 2, 4]);
/// assert_eq!(a.value, 2);
/// // Every winning move leaves a sum of value 0.
/// for m in &a.winning_moves {
///     let rest = a.value ^ a.values[m.heap];
///     assert_eq!(m.leaves.iter().fold(rest, |x, &h| x ^ g[h as usize]), 0);
/// }
/// assert!(!a.winning_moves.is_empty());
/// ```
pub fn analyse_sum(game: &HeapGame, heaps: &[u64], grundy: &[u32]) -> SumAnalysis {
    analyse_sum_with_limit(game, heaps, grundy, usize::MAX)
}

/// [`analyse_sum`] keeping only the first `limit` winning moves, but counting all of them:
/// memory stays small for a heap of 10^8, which has millions of winning moves in Kayles.
/// The moves are looked at one by one, never listed.
///
/// # Panics
///
/// If a heap is beyond `grundy`.
///
/// ```
/// use cgtk_nimber::{analyse_sum, analyse_sum_with_limit, grundy_sequence, HeapGame};
/// let game = HeapGame::kayles();
/// let g = grundy_sequence(&game, 1000).unwrap();
/// let all = analyse_sum(&game, &[1000, 7], &g);
/// let some = analyse_sum_with_limit(&game, &[1000, 7], &g, 3);
/// assert_eq!(some.winning_moves, all.winning_moves[..3]);
/// assert_eq!(some.winning_move_count, all.winning_moves.len() as u64);
/// ```
pub fn analyse_sum_with_limit(
    game: &HeapGame,
    heaps: &[u64],
    grundy: &[u32],
    limit: usize,
) -> SumAnalysis {
    let values: Vec<u32> = heaps.iter().map(|&h| grundy[h as usize]).collect();
    let value = values.iter().fold(0, |x, v| x ^ v);
    let mut winning_moves = Vec::new();
    let mut winning_move_count = 0u64;
    if value != 0 {
        for (i, (&h, &v)) in heaps.iter().zip(&values).enumerate() {
            let target = value ^ v;
            game.for_each_move(h, &mut |take, leaves| {
                let after = leaves.iter().fold(0, |x, &l| x ^ grundy[l as usize]);
                if after == target {
                    winning_move_count += 1;
                    if winning_moves.len() < limit {
                        winning_moves.push(SumMove {
                            heap: i,
                            take,
                            leaves: leaves.to_vec(),
                        });
                    }
                }
            });
        }
    }
    SumAnalysis {
        heaps: heaps.to_vec(),
        values,
        value,
        winning_moves,
        winning_move_count,
    }
}
