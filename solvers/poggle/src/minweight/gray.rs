//! Exhaustive search of the coset in Gray-code order: each step adds one generator (a
//! packed XOR) and weighs the result (popcounts), the space split into chunks over the
//! cores.

use super::code::CosetCode;
use super::symmetry::Piece;
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
    pub coords: u128,
    /// How many solutions have that many presses (pieces' weights included).
    pub count: u64,
    /// Whether every solution was visited.
    pub complete: bool,
}

/// Low coordinates walked inside one chunk.
fn chunk_bits(dim: usize) -> usize {
    dim.min(18)
}

/// Walks every piece (together they cover the coset up to a symmetry) unless `ctl` stops
/// it; the count weighs each solution found by its piece's weight.
pub(crate) fn gray_search(code: &CosetCode, pieces: &[Piece], ctl: &Control) -> GrayOutcome {
    // The kernel-coordinate vectors of all pieces, packed once.
    let mut packed: std::collections::HashMap<u128, Vec<u64>> = std::collections::HashMap::new();
    for piece in pieces {
        for &g in &piece.gens {
            packed.entry(g).or_insert_with(|| pack(code, g));
        }
    }
    let mut jobs: Vec<(usize, u64, usize)> = Vec::new(); // (piece, chunk, low bits)
    let mut total = 0u64;
    for (i, piece) in pieces.iter().enumerate() {
        debug_assert!(piece.gens.len() <= MAX_GRAY_DIM);
        let low = chunk_bits(piece.gens.len());
        for chunk in 0..(1u64 << (piece.gens.len() - low)) {
            jobs.push((i, chunk, low));
        }
        total += 1u64 << piece.gens.len();
    }
    ctl.total.store(total, std::sync::atomic::Ordering::Relaxed);
    let walk_job = |&(i, chunk, low): &(usize, u64, usize)| -> Option<(u64, u128, u64)> {
        if ctl.is_stopped() {
            return None;
        }
        let piece = &pieces[i];
        let mut base = piece.base;
        for (b, &g) in piece.gens.iter().enumerate().skip(low) {
            if chunk >> (b - low) & 1 == 1 {
                base ^= g;
            }
        }
        let gens: Vec<&[u64]> = piece.gens[..low]
            .iter()
            .map(|g| packed.get(g).map_or(&[][..], Vec::as_slice))
            .collect();
        let (best, step, count) = walk(code.vector(base), &gens, code.active_weights());
        let gray = step ^ (step >> 1);
        let coords = piece.gens[..low]
            .iter()
            .enumerate()
            .filter(|(b, _)| gray >> b & 1 == 1)
            .fold(base, |acc, (_, &g)| acc ^ g);
        let best = best + code.constant;
        ctl.offer(best);
        ctl.tick(1u64 << low);
        Some((best, coords, count * piece.weight))
    };
    let merge = |a: (u64, u128, u64), b: (u64, u128, u64)| match a.0.cmp(&b.0) {
        std::cmp::Ordering::Less => a,
        std::cmp::Ordering::Greater => b,
        std::cmp::Ordering::Equal => (a.0, a.1.min(b.1), a.2 + b.2),
    };
    let results: Vec<Option<(u64, u128, u64)>> = if jobs.len() == 1 {
        vec![walk_job(&jobs[0])]
    } else {
        jobs.par_iter().map(walk_job).collect()
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

/// The packed kernel vector with coordinates c.
fn pack(code: &CosetCode, c: u128) -> Vec<u64> {
    let mut v = vec![0u64; code.words()];
    for (i, g) in code.generators.iter().enumerate() {
        if c >> i & 1 == 1 {
            for (a, b) in v.iter_mut().zip(g) {
                *a ^= b;
            }
        }
    }
    v
}

/// The Gray-code walk from x over all sums of `gens`: (fewest weight, step, count). Copies
/// are compiled for processors with hardware popcount and chosen when the program starts.
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+popcnt",
    "x86_64+avx2+popcnt",
    "x86_64+popcnt",
    "aarch64+neon"
))]
fn walk(mut x: Vec<u64>, gens: &[&[u64]], weights: &[u32]) -> (u64, u64, u64) {
    let mut best: u64 = x
        .iter()
        .zip(weights)
        .map(|(v, &w)| u64::from(v.count_ones() * w))
        .sum();
    let mut best_step = 0u64;
    let mut count = 1u64;
    let low = gens.len();
    for step in 1..(1u64 << low) {
        let g = gens[step.trailing_zeros() as usize];
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
