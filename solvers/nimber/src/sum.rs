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
    /// Every move to a sum of value 0; empty exactly when the player to move loses.
    pub winning_moves: Vec<SumMove>,
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
    let values: Vec<u32> = heaps.iter().map(|&h| grundy[h as usize]).collect();
    let value = values.iter().fold(0, |x, v| x ^ v);
    let mut winning_moves = Vec::new();
    if value != 0 {
        for (i, (&h, &v)) in heaps.iter().zip(&values).enumerate() {
            let target = value ^ v;
            for m in game.moves(h) {
                let after = m.leaves.iter().fold(0, |x, &l| x ^ grundy[l as usize]);
                if after == target {
                    winning_moves.push(SumMove {
                        heap: i,
                        take: m.take,
                        leaves: m.leaves,
                    });
                }
            }
        }
    }
    SumAnalysis {
        heaps: heaps.to_vec(),
        values,
        value,
        winning_moves,
    }
}
