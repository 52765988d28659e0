//! Exhaustive search of the coset in Gray-code order: each step adds one generator (a
//! packed XOR) and weighs the result (popcounts), the space split into chunks over the
//! cores.

use super::code::CosetCode;
use super::control::Control;
use super::symmetry::Piece;
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
    // Jobs are (piece, chunk) pairs, numbered through the prefix sums of the pieces' chunk
    // counts and made on the fly (there may be far too many to list).
    let mut first_job = Vec::with_capacity(pieces.len() + 1);
    let mut jobs = 0u64;
    let mut total = 0u64;
    for piece in pieces {
        debug_assert!(piece.gens.len() <= MAX_GRAY_DIM);
        first_job.push(jobs);
        let low = chunk_bits(piece.gens.len());
        jobs = jobs.saturating_add(1u64 << (piece.gens.len() - low));
        total = total.saturating_add(1u64 << piece.gens.len());
    }
    first_job.push(jobs);
    ctl.total.store(total, std::sync::atomic::Ordering::Relaxed);
    // (fewest, coordinates, count, complete)
    type Found = (u64, u128, u64, bool);
    let walk_job = |job: u64| -> Found {
        if ctl.is_stopped() {
            return (u64::MAX, 0, 0, false);
        }
        let i = first_job.partition_point(|&f| f <= job) - 1;
        let chunk = job - first_job[i];
        let piece = &pieces[i];
        let low = chunk_bits(piece.gens.len());
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
        (best, coords, count * piece.weight, true)
    };
    let merge = |a: Found, b: Found| {
        let complete = a.3 && b.3;
        match a.0.cmp(&b.0) {
            std::cmp::Ordering::Less => (a.0, a.1, a.2, complete),
            std::cmp::Ordering::Greater => (b.0, b.1, b.2, complete),
            std::cmp::Ordering::Equal => (a.0, a.1.min(b.1), a.2 + b.2, complete),
        }
    };
    let (best, coords, count, complete) = if jobs == 1 {
        walk_job(0)
    } else {
        // Stop handing out jobs once a limit is reached (there may be 2^40 of them).
        let done = std::sync::atomic::AtomicU64::new(0);
        let out = (0..jobs)
            .into_par_iter()
            .map(|j| {
                let found = walk_job(j);
                if found.3 {
                    done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    Some(found)
                } else {
                    None
                }
            })
            .while_some()
            .reduce(|| (u64::MAX, 0, 0, true), merge);
        let all = done.load(std::sync::atomic::Ordering::Relaxed) == jobs;
        (out.0, out.1, out.2, out.3 && all)
    };
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
