//! Exhaustive search of the coset in Gray-code order: each step adds one generator (a
//! packed XOR) and weighs the result (popcounts), the space split into chunks over the
//! cores.

use super::code::CosetCode;
use super::control::Control;
use multiversion::multiversion;
use rayon::prelude::*;

/// The most kernel dimensions the Gray-code walk takes (coordinates in a u64).
pub(crate) const MAX_GRAY_DIM: usize = 63;

/// What a Gray-code walk found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct GrayOutcome {
    /// Fewest presses seen (constant included).
    pub best: u64,
    /// Coordinates of a solution with that many presses.
    pub coords: u64,
    /// How many visited solutions have that many presses.
    pub count: u64,
    /// Whether every solution was visited.
    pub complete: bool,
}

/// Low coordinates walked inside one chunk.
fn chunk_bits(dim: usize) -> usize {
    dim.min(18)
}

/// Walks the whole coset (2^dim solutions, dim ≤ [`MAX_GRAY_DIM`]) unless `ctl` stops it.
pub(crate) fn gray_search(code: &CosetCode, ctl: &Control) -> GrayOutcome {
    let dim = code.dim;
    debug_assert!(dim <= MAX_GRAY_DIM);
    let low = chunk_bits(dim);
    let chunks = 1u64 << (dim - low);
    ctl.total.store(1u64 << dim, std::sync::atomic::Ordering::Relaxed);
    let walk = |chunk: u64| -> Option<(u64, u64, u64)> {
        if ctl.is_stopped() {
            return None;
        }
        let out = walk_chunk(code, chunk << low, low);
        ctl.offer(out.0);
        ctl.tick(1u64 << low);
        Some(out)
    };
    let merge = |a: (u64, u64, u64), b: (u64, u64, u64)| match a.0.cmp(&b.0) {
        std::cmp::Ordering::Less => a,
        std::cmp::Ordering::Greater => b,
        std::cmp::Ordering::Equal => (a.0, a.1.min(b.1), a.2 + b.2),
    };
    let results: Vec<Option<(u64, u64, u64)>> = if chunks == 1 {
        vec![walk(0)]
    } else {
        (0..chunks).into_par_iter().map(walk).collect()
    };
    let complete = results.iter().all(Option::is_some);
    let (best, coords, count) = results
        .into_iter()
        .flatten()
        .reduce(merge)
        .unwrap_or((u64::MAX, 0, 0));
    GrayOutcome {
        best,
        coords,
        count,
        complete,
    }
}

/// The coordinates `high + gray(s)` for s < 2^low: (fewest presses, coordinates, count).
fn walk_chunk(code: &CosetCode, high: u64, low: usize) -> (u64, u64, u64) {
    let x = code.vector(u128::from(high));
    let (best, best_step, count) = walk(x, &code.generators[..low], &code.word_weight);
    (
        best + code.constant,
        high | (best_step ^ (best_step >> 1)),
        count,
    )
}

/// The Gray-code walk from x over all sums of `gens`: (fewest weight, step, count). Copies
/// are compiled for processors with hardware popcount and chosen when the program starts.
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+popcnt",
    "x86_64+avx2+popcnt",
    "x86_64+popcnt",
    "aarch64+neon"
))]
fn walk(mut x: Vec<u64>, gens: &[Vec<u64>], weights: &[u32]) -> (u64, u64, u64) {
    let mut best: u64 = x
        .iter()
        .zip(weights)
        .map(|(v, &w)| u64::from(v.count_ones() * w))
        .sum();
    let mut best_step = 0u64;
    let mut count = 1u64;
    let low = gens.len();
    for step in 1..(1u64 << low) {
        let g = &gens[step.trailing_zeros() as usize];
        let mut w = 0u64;
        for ((a, b), &m) in x.iter_mut().zip(g).zip(weights) {
            *a ^= b;
            w += u64::from(a.count_ones() * m);
        }
        if w < best {
            best = w;
            best_step = step;
            count = 1;
        } else if w == best {
            count += 1;
        }
    }
    (best, best_step, count)
}
