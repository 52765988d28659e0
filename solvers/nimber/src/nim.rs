//! Nim: the nim-sum of heaps and every winning move.

use serde::Serialize;

/// A move in Nim: take `take` counters from heap `heap` (indexed from 0), leaving `leaves`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct NimMove {
    /// Which heap, from 0.
    pub heap: usize,
    /// How many counters to take.
    pub take: u64,
    /// How many counters are left in that heap.
    pub leaves: u64,
}

/// A Nim position analysed: its nim-sum and every move to a position of nim-sum 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimAnalysis {
    /// The heap sizes.
    pub heaps: Vec<u64>,
    /// The XOR of the heap sizes: the value of the position.
    pub nim_sum: u64,
    /// Every winning move; empty exactly when the player to move loses.
    pub winning_moves: Vec<NimMove>,
}

impl NimAnalysis {
    /// Whether the player to move wins (the nim-sum is not 0).
    pub fn first_player_wins(&self) -> bool {
        self.nim_sum != 0
    }
}

/// Analyses a Nim position: the nim-sum s of the heaps, and for every heap h with
/// h XOR s < h the move that leaves h XOR s.
///
/// # Examples
///
/// ```
/// use cgtk_nimber::{analyse_nim, NimMove};
/// let a = analyse_nim(&[3, 4, 5]);
/// assert_eq!(a.nim_sum, 2);
/// assert_eq!(a.winning_moves, vec![NimMove { heap: 0, take: 2, leaves: 1 }]);
/// assert!(!analyse_nim(&[1, 2, 3]).first_player_wins());
/// ```
pub fn analyse_nim(heaps: &[u64]) -> NimAnalysis {
    let nim_sum = heaps.iter().fold(0, |s, &h| s ^ h);
    let winning_moves = if nim_sum == 0 {
        Vec::new()
    } else {
        heaps
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h ^ nim_sum < h)
            .map(|(heap, &h)| NimMove {
                heap,
                take: h - (h ^ nim_sum),
                leaves: h ^ nim_sum,
            })
            .collect()
    };
    NimAnalysis {
        heaps: heaps.to_vec(),
        nim_sum,
        winning_moves,
    }
}
