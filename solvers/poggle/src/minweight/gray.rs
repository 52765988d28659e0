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

/// The kernel that weighs a piece of `dim` generators.
fn kernel_for(dim: usize, allowed: Kernel) -> Kernel {
    if allowed == Kernel::Walsh && dim >= WALSH_MIN_BITS {
        Kernel::Walsh
    } else {
        Kernel::Gray
    }
}

/// Low coordinates walked inside one chunk of a piece of `dim` generators.
fn chunk_bits(dim: usize, allowed: Kernel) -> usize {
    match kernel_for(dim, allowed) {
        Kernel::Gray => dim.min(18),
        Kernel::Walsh => dim.min(WALSH_BITS),
    }
}

/// How the solutions of one chunk are weighed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// One packed XOR and popcount per solution, in Gray-code order.
    Gray,
    /// All at once by a Walsh–Hadamard transform of the signed column weights.
    Walsh,
}

/// Low coordinates of a Walsh chunk (2^16 sums of 16 bits: 128 KiB, in the L2 cache;
/// 2^14 is as fast on n = 39, slower where there are more columns to scatter).
pub(crate) const WALSH_BITS: usize = 16;

/// Pieces with fewer generators are walked in Gray-code order.
pub(crate) const WALSH_MIN_BITS: usize = 8;

/// Low coordinates of a Walsh chunk folded into the columns' scatter (one 16-lane row each).
const WALSH_ROW_BITS: usize = 4;

/// The kernels allowed: the Walsh transform (for pieces of at least 2^8 solutions) when the
/// weights fit its 16-bit sums.
pub(crate) fn pick_kernel(code: &CosetCode) -> Kernel {
    let total: u64 = code
        .active_weights()
        .iter()
        .enumerate()
        .map(|(w, &m)| {
            let present = code.generators.iter().fold(0u64, |acc, g| acc | g[w]);
            u64::from(present.count_ones()) * u64::from(m)
        })
        .sum();
    if total <= i16::MAX as u64 {
        Kernel::Walsh
    } else {
        Kernel::Gray
    }
}

/// Walks every piece (together they cover the coset up to a symmetry) unless `ctl` stops
/// it; the count weighs each solution found by its piece's weight. `kernel` is the fastest
/// kernel allowed ([`pick_kernel`]).
pub(crate) fn gray_search(
    code: &CosetCode,
    pieces: &[Piece],
    kernel: Kernel,
    ctl: &Control,
) -> GrayOutcome {
    // Columns that exist (padding bits are in no generator).
    let present: Vec<u64> = (0..code.active_weights().len())
        .map(|w| code.generators.iter().fold(0, |acc, g| acc | g[w]))
        .collect();
    // The kernel-coordinate vectors of all pieces, packed once.
    let mut packed: std::collections::HashMap<u128, Vec<u64>> = std::collections::HashMap::new();
    for piece in pieces {
        for &g in &piece.gens {
            packed.entry(g).or_insert_with(|| pack(code, g));
        }
    }
    // Walsh plans, one per distinct set of low generators.
    let mut plans: std::collections::HashMap<Vec<u128>, WalshPlan> =
        std::collections::HashMap::new();
    if kernel == Kernel::Walsh {
        for piece in pieces
            .iter()
            .filter(|p| kernel_for(p.gens.len(), kernel) == Kernel::Walsh)
        {
            let low = chunk_bits(piece.gens.len(), kernel);
            plans
                .entry(piece.gens[..low].to_vec())
                .or_insert_with_key(|key| {
                    let gens: Vec<&[u64]> = key
                        .iter()
                        .map(|g| packed.get(g).map_or(&[][..], Vec::as_slice))
                        .collect();
                    WalshPlan::new(&gens, code.active_weights(), &present)
                });
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
        let low = chunk_bits(piece.gens.len(), kernel);
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
        let low = chunk_bits(piece.gens.len(), kernel);
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
        let (best, picked) = match kernel_for(piece.gens.len(), kernel) {
            Kernel::Gray => {
                let (best, step, count) = walk(code.vector(base), &gens, code.active_weights());
                (best, Some((step ^ (step >> 1), count)))
            }
            Kernel::Walsh => {
                // The position of the lightest is looked for only when it may be the best.
                let bar = ctl
                    .best
                    .load(std::sync::atomic::Ordering::Relaxed)
                    .saturating_sub(code.constant);
                let Some(plan) = plans.get(&piece.gens[..low]) else {
                    return (u64::MAX, 0, 0, false);
                };
                WALSH_ROWS.with(|f| walsh(&code.vector(base), plan, &mut f.borrow_mut(), bar))
            }
        };
        let (mask, count) = picked.unwrap_or((0, 0));
        let coords = piece.gens[..low]
            .iter()
            .enumerate()
            .filter(|(b, _)| mask >> b & 1 == 1)
            .fold(base, |acc, (_, &g)| acc ^ g);
        let best = best + code.constant;
        ctl.offer(best);
        ctl.tick(1u64 << low);
        if picked.is_none() {
            // Heavier than a solution already found: it takes no part in the result.
            return (u64::MAX, 0, 0, true);
        }
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

thread_local! {
    /// Each thread's Walsh rows, reused from chunk to chunk.
    pub(crate) static WALSH_ROWS: std::cell::RefCell<Vec<[i16; 16]>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The 16×16 Hadamard signs: `HADAMARD[b][v]` = (−1)^(b·v).
const HADAMARD: [[i16; 16]; 16] = {
    let mut h = [[0i16; 16]; 16];
    let mut b = 0;
    while b < 16 {
        let mut v = 0;
        while v < 16 {
            h[b][v] = if (b & v).count_ones() % 2 == 0 { 1 } else { -1 };
            v += 1;
        }
        b += 1;
    }
    h
};

/// The columns of a Walsh chunk, fixed by its low generators: for each present column, its
/// word and bit, the row it is added to and its signed 16-lane pattern (weight times the
/// Hadamard signs of the four lowest bits of its pattern β).
pub(crate) struct WalshPlan {
    cols: Vec<(u32, u32, u32)>,
    patterns: Vec<[i16; 16]>,
    rows: usize,
    total: i64,
}

impl WalshPlan {
    /// The plan for chunks spanned by `gens` (packed, 4 ≤ k ≤ [`WALSH_BITS`]).
    pub(crate) fn new(gens: &[&[u64]], weights: &[u32], present: &[u64]) -> Self {
        let k = gens.len();
        debug_assert!((WALSH_ROW_BITS..=WALSH_BITS).contains(&k));
        let mut cols = Vec::new();
        let mut patterns = Vec::new();
        let mut total = 0i64;
        let mut beta = [0u32; 64];
        for (w, &m) in weights.iter().enumerate() {
            let mut live = present[w];
            beta.fill(0);
            for (i, g) in gens.iter().enumerate() {
                let mut bits = g[w];
                while bits != 0 {
                    beta[bits.trailing_zeros() as usize] |= 1 << i;
                    bits &= bits - 1;
                }
            }
            while live != 0 {
                let b = live.trailing_zeros() as usize;
                live &= live - 1;
                total += i64::from(m);
                cols.push((w as u32, b as u32, beta[b] >> WALSH_ROW_BITS));
                let mut pattern = HADAMARD[(beta[b] & 15) as usize];
                for p in pattern.iter_mut() {
                    *p *= m as i16;
                }
                patterns.push(pattern);
            }
        }
        WalshPlan {
            cols,
            patterns,
            rows: 1 << (k - WALSH_ROW_BITS),
            total,
        }
    }
}

/// The lightest of the 2^k solutions x + Σ_{i ∈ v} gensᵢ (the plan's generators) at once.
/// Column j with weight wⱼ, value sⱼ at x and pattern βⱼ (bit i: whether gensᵢ has it)
/// weighs wⱼ·[sⱼ ⊕ βⱼ·v], so the weight of v is (W − F̂(v))/2 with W the total weight and
/// F̂ the Walsh–Hadamard transform of F(β) = Σ_{βⱼ = β} ±wⱼ (+ where sⱼ = 0). The four
/// lowest bits of β are transformed while F is filled (one 16-lane row per column), the
/// others by butterflies, two bits per pass. Returns the fewest weight and, when it is at
/// most `bar`, the mask v of the first solution with it and how many have it.
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+popcnt",
    "x86_64+avx2+popcnt",
    "x86_64+popcnt",
    "aarch64+neon"
))]
pub(crate) fn walsh(
    x: &[u64],
    plan: &WalshPlan,
    f: &mut Vec<[i16; 16]>,
    bar: u64,
) -> (u64, Option<(u64, u64)>) {
    let rows = plan.rows;
    f.clear();
    f.resize(rows, [0i16; 16]);
    for (&(w, b, hi), pattern) in plan.cols.iter().zip(&plan.patterns) {
        // Negated where the column is pressed at x: (p ^ m) − m with m = 0 or −1.
        let m = -((x[w as usize] >> b & 1) as i16);
        let mut row = f[hi as usize];
        for (r, &p) in row.iter_mut().zip(pattern) {
            *r = r.wrapping_add((p ^ m).wrapping_sub(m));
        }
        f[hi as usize] = row;
    }
    // Butterflies on the row index bits, two at a time (radix 4), then one if odd.
    let mut h = 1;
    while 4 * h <= rows {
        for block in f.chunks_exact_mut(4 * h) {
            let (ab, cd) = block.split_at_mut(2 * h);
            let (a, b) = ab.split_at_mut(h);
            let (c, d) = cd.split_at_mut(h);
            for (((ra, rb), rc), rd) in a
                .iter_mut()
                .zip(b.iter_mut())
                .zip(c.iter_mut())
                .zip(d.iter_mut())
            {
                for l in 0..16 {
                    let (p, q, r, s) = (ra[l], rb[l], rc[l], rd[l]);
                    let (s0, d0, s1, d1) = (p + q, p - q, r + s, r - s);
                    ra[l] = s0 + s1;
                    rb[l] = d0 + d1;
                    rc[l] = s0 - s1;
                    rd[l] = d0 - d1;
                }
            }
        }
        h *= 4;
    }
    if h < rows {
        for block in f.chunks_exact_mut(2 * h) {
            let (lo, hi) = block.split_at_mut(h);
            for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
                for (p, q) in a.iter_mut().zip(b.iter_mut()) {
                    let s = *p + *q;
                    let d = *p - *q;
                    *p = s;
                    *q = d;
                }
            }
        }
    }
    let flat = f.as_flattened();
    let top = flat.iter().copied().max().unwrap_or(0);
    let best = ((plan.total - i64::from(top)) / 2) as u64;
    if best > bar {
        return (best, None);
    }
    let count = flat.iter().filter(|&&v| v == top).count() as u64;
    // Index bits: the low four are the row's lane (β bits 0..4), the rest the row.
    let first = flat.iter().position(|&v| v == top).unwrap_or(0);
    (best, Some((first as u64, count)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minweight::control::{SearchLimits, SearchMethod};

    /// A random coset in `cells` cells with a kernel of dimension `dim` (a small xorshift).
    fn random_code(seed: u64, cells: usize, dim: usize) -> (Vec<u32>, Vec<Vec<u32>>) {
        let mut s = seed | 1;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        // Few distinct forms, repeated, so that columns merge into weights.
        let forms: Vec<u64> = (0..cells / 3 + 1).map(|_| next()).collect();
        let mut basis = vec![vec![0u32; cells]; dim];
        let mut particular = vec![0u32; cells];
        for cell in 0..cells {
            let f = forms[(next() as usize) % forms.len()];
            for (i, g) in basis.iter_mut().enumerate() {
                g[cell] = (f >> i & 1) as u32;
            }
            particular[cell] = (next() & 1) as u32;
        }
        // Unit vectors on the first cells keep the basis independent.
        for (i, g) in basis.iter_mut().enumerate() {
            for (c, v) in g.iter_mut().enumerate().take(dim) {
                *v = u32::from(c == i);
            }
        }
        (particular, basis)
    }

    #[test]
    fn walsh_chunks_agree_with_the_gray_walk() {
        for (seed, cells, dim) in [(1, 300, 12), (7, 900, 20), (11, 64, 9), (5, 2000, 17)] {
            let (particular, basis) = random_code(seed, cells, dim);
            let code = CosetCode::new(&particular, &basis).unwrap();
            let pieces = [Piece::whole(dim)];
            let mut found = Vec::new();
            for kernel in [Kernel::Gray, Kernel::Walsh] {
                let ctl = Control::new(SearchMethod::GrayCode, SearchLimits::default(), &|_| {});
                let out = gray_search(&code, &pieces, kernel, &ctl);
                assert!(out.complete);
                assert_eq!(code.total(out.coords), out.best, "seed {seed}");
                found.push((out.best, out.count));
            }
            // Brute force over the coordinates.
            let mut best = (u64::MAX, 0);
            for c in 0u128..(1 << dim) {
                let w = code.total(c);
                if w < best.0 {
                    best = (w, 1);
                } else if w == best.0 {
                    best.1 += 1;
                }
            }
            assert_eq!(found, vec![best, best], "seed {seed}");
        }
    }

    /// Every square board up to 40 (plane) and 26 (torus) with nullity 8..=20: the Walsh
    /// chunks and the Gray-code walk agree on the fewest presses and their number, over the
    /// whole coset and over the pieces halved by the board's involutions.
    #[test]
    fn walsh_chunks_agree_on_boards_plane_and_torus() {
        use crate::minweight::symmetry::halved_pieces;
        use crate::minweight::{board_involutions, square_cosets};
        let mut checked = 0;
        for (n, torus, x, basis) in square_cosets(40, 26, 8..=20) {
            let code = CosetCode::new(&x, &basis).unwrap();
            let whole = vec![Piece::whole(basis.len())];
            let halved = halved_pieces(&x, &basis, &board_involutions(n, n)).unwrap();
            let mut found = Vec::new();
            for pieces in [&whole, &halved] {
                for kernel in [Kernel::Gray, Kernel::Walsh] {
                    let ctl =
                        Control::new(SearchMethod::GrayCode, SearchLimits::default(), &|_| {});
                    let out = gray_search(&code, pieces, kernel, &ctl);
                    assert!(out.complete);
                    assert_eq!(code.total(out.coords), out.best, "n = {n} torus {torus}");
                    found.push((out.best, out.count));
                }
            }
            assert!(
                found.iter().all(|f| *f == found[0]),
                "n = {n} torus {torus}: {found:?}"
            );
            checked += 1;
        }
        assert!(checked >= 10, "{checked}");
    }
}
