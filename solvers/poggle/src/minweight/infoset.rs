//! Minimum weight in the coset through disjoint information sets (Brouwer–Zimmermann
//! style). On an information set I the coordinates are a bijection, so every solution is
//! x₀′ + Σ_{i∈S} hᵢ for one subset S ⊆ I, where hᵢ is 1 on the i-th column of I and 0 on
//! the others and x₀′ vanishes on I; its weight on I is the weight of S. Enumerating all S
//! of size ≤ t on every set proves that every solution not seen weighs at least the sum,
//! over the sets, of their t + 1 lightest columns: the search stops when that bound meets
//! the best found.

use super::code::{xor_into, CosetCode};
use super::control::Control;
use multiversion::multiversion;
use rayon::prelude::*;
use std::sync::atomic::Ordering;

/// One information set in systematic form.
struct InfoSet {
    /// hᵢ packed, and their coordinates.
    rows: Vec<(Vec<u64>, u128)>,
    /// x₀′ packed, and its coordinates.
    origin: (Vec<u64>, u128),
    /// Column weights on the set, lightest first, as prefix sums: `prefix[t]` is the
    /// least weight of t columns.
    prefix: Vec<u64>,
}

/// What the information-set search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct InfoOutcome {
    /// Fewest presses seen (constant included).
    pub best: u64,
    /// Its coordinates.
    pub coords: u128,
    /// Proven lower bound (constant included).
    pub lower_bound: u64,
}

/// The searcher: information sets built once, then enumerated level by level.
pub(crate) struct InfoSearch<'c> {
    code: &'c CosetCode,
    sets: Vec<InfoSet>,
    /// Levels completed on each set (subsets of size < levels[j] enumerated).
    levels: Vec<usize>,
    best: u64,
    coords: u128,
}

impl<'c> InfoSearch<'c> {
    /// Builds disjoint information sets, heaviest columns first.
    pub fn new(code: &'c CosetCode) -> Self {
        let dim = code.dim;
        let mut used = vec![false; code.columns.len()];
        let mut sets = Vec::new();
        if dim > 0 {
            while let Some(set) = Self::next_set(code, &mut used) {
                sets.push(set);
            }
        }
        let best = code.total(0);
        let levels = vec![0; sets.len()];
        InfoSearch {
            code,
            sets,
            levels,
            best,
            coords: 0,
        }
    }

    /// Picks `dim` independent unused columns (greedily, heaviest first) and brings the
    /// code to systematic form on them; `None` when the unused columns have lower rank.
    fn next_set(code: &CosetCode, used: &mut [bool]) -> Option<InfoSet> {
        let dim = code.dim;
        // Reduced rows: (pivot bit, reduced form, column).
        let mut pivots: Vec<(u32, u128)> = Vec::new();
        let mut chosen = Vec::new();
        for (col, &(a, _, _)) in code.columns.iter().enumerate() {
            if used[col] {
                continue;
            }
            let mut r = a;
            for &(p, v) in &pivots {
                if r >> p & 1 == 1 {
                    r ^= v;
                }
            }
            if r != 0 {
                pivots.push((r.trailing_zeros(), r));
                chosen.push(col);
                if chosen.len() == dim {
                    break;
                }
            }
        }
        if chosen.len() < dim {
            return None;
        }
        for &c in &chosen {
            used[c] = true;
        }
        // F[j][i] = bit j of form of chosen[i]; find M with M·F = I, i.e. rows mᵢ with
        // mᵢ · a_{chosen[k]} = δᵢₖ. Solve by inverting the matrix whose rows are the forms.
        let forms: Vec<u128> = chosen.iter().map(|&c| code.columns[c].0).collect();
        let inverse = invert(&forms, dim)?;
        // inverse[i] is a coordinate vector m with m·forms[k] = δ_ik.
        let rows: Vec<(Vec<u64>, u128)> = inverse
            .iter()
            .map(|&m| {
                let mut v = vec![0u64; code.words()];
                for (j, g) in code.generators.iter().enumerate() {
                    if m >> j & 1 == 1 {
                        xor_into(&mut v, g);
                    }
                }
                (v, m)
            })
            .collect();
        let mut origin = (code.origin.clone(), 0u128);
        for (i, &c) in chosen.iter().enumerate() {
            if code.columns[c].1 {
                xor_into(&mut origin.0, &rows[i].0);
                origin.1 ^= rows[i].1;
            }
        }
        let mut weights: Vec<u64> = chosen
            .iter()
            .map(|&c| u64::from(code.columns[c].2))
            .collect();
        weights.sort_unstable();
        let mut prefix = vec![0u64];
        for w in weights {
            prefix.push(prefix[prefix.len() - 1] + w);
        }
        Some(InfoSet {
            rows,
            origin,
            prefix,
        })
    }

    /// The lower bound proven by the levels done so far (constant included).
    pub fn lower_bound(&self) -> u64 {
        if self.exhausted() {
            return self.best;
        }
        self.code.constant
            + self
                .sets
                .iter()
                .zip(&self.levels)
                .map(|(s, &l)| s.prefix[l.min(self.code.dim)])
                .sum::<u64>()
    }

    /// Whether some set has been enumerated completely (every solution seen).
    fn exhausted(&self) -> bool {
        self.levels.iter().any(|&l| l > self.code.dim)
    }

    /// Candidates needed to finish the levels until the bound reaches `target`, or `None`
    /// when the sets cannot prove it short of a full enumeration.
    pub fn cost_to_reach(&self, target: u64) -> Option<u64> {
        let dim = self.code.dim;
        let mut levels = self.levels.clone();
        let mut cost = 0u64;
        let bound = |levels: &[usize]| {
            self.code.constant
                + self
                    .sets
                    .iter()
                    .zip(levels)
                    .map(|(s, &l)| s.prefix[l.min(dim)])
                    .sum::<u64>()
        };
        while bound(&levels) < target {
            let j = (0..levels.len()).min_by_key(|&j| levels[j])?;
            if levels[j] > dim {
                return None;
            }
            cost = cost.saturating_add(binomial(dim, levels[j]));
            levels[j] += 1;
        }
        Some(cost)
    }

    /// Enumerates levels (one set at a time, lowest level first) until the bound meets the
    /// best found or `ctl` stops; `max_level` caps the levels (a warm-up).
    pub fn run(&mut self, ctl: &Control, max_level: usize) -> InfoOutcome {
        let dim = self.code.dim;
        while !self.sets.is_empty() && self.lower_bound() < self.best && !self.exhausted() {
            let j = (0..self.levels.len())
                .min_by_key(|&j| self.levels[j])
                .unwrap_or(0);
            let level = self.levels[j];
            if level > max_level || level > dim {
                break;
            }
            match self.enumerate(j, level, ctl) {
                Some((w, c)) => {
                    if w < self.best {
                        self.best = w;
                        self.coords = c;
                    }
                    ctl.offer(self.best);
                    self.levels[j] += 1;
                    ctl.lower_bound
                        .fetch_max(self.lower_bound().min(self.best), Ordering::Relaxed);
                }
                None => break,
            }
        }
        if self.sets.is_empty() {
            // No information set (fewer useful columns than dimensions): nothing proven.
            return InfoOutcome {
                best: self.best,
                coords: self.coords,
                lower_bound: self.code.constant,
            };
        }
        InfoOutcome {
            best: self.best,
            coords: self.coords,
            lower_bound: self.lower_bound().min(self.best),
        }
    }

    /// Every subset of size `level` of set `j`: the lightest solution among them, or `None`
    /// when stopped part-way.
    fn enumerate(&self, j: usize, level: usize, ctl: &Control) -> Option<(u64, u128)> {
        let set = &self.sets[j];
        let code = self.code;
        let dim = code.dim;
        if level == 0 {
            ctl.tick(1);
            return Some((code.constant + code.weight(&set.origin.0), set.origin.1));
        }
        // Split on the first element for the cores.
        let results: Vec<Option<(u64, u128)>> = (0..dim)
            .into_par_iter()
            .map(|first| {
                if ctl.is_stopped() {
                    return None;
                }
                let mut x = set.origin.0.clone();
                xor_into(&mut x, &set.rows[first].0);
                let coords = set.origin.1 ^ set.rows[first].1;
                let mut best = (u64::MAX, 0u128);
                let mut stack = vec![x];
                let mut visited = 0u64;
                let ok = subsets(
                    set,
                    code,
                    first + 1,
                    level - 1,
                    &mut stack,
                    coords,
                    &mut best,
                    &mut visited,
                    ctl,
                );
                ctl.tick(visited);
                if !ok {
                    return None;
                }
                let b = (best.0.saturating_add(code.constant), best.1);
                ctl.offer(b.0);
                Some(b)
            })
            .collect();
        if results.iter().any(Option::is_none) {
            return None;
        }
        results.into_iter().flatten().min_by_key(|r| r.0)
    }
}

/// Adds `left` more rows with indices ≥ `from` to the top of `stack`, weighing each full
/// subset; false when stopped.
#[allow(clippy::too_many_arguments)]
fn subsets(
    set: &InfoSet,
    code: &CosetCode,
    from: usize,
    left: usize,
    stack: &mut Vec<Vec<u64>>,
    coords: u128,
    best: &mut (u64, u128),
    visited: &mut u64,
    ctl: &Control,
) -> bool {
    let dim = code.dim;
    if left == 0 {
        *visited += 1;
        let w = code.weight(&stack[stack.len() - 1]);
        if w < best.0 {
            *best = (w, coords);
        }
        return true;
    }
    if left == 1 {
        // Innermost level: weigh top ^ row without storing it.
        let top = stack.len() - 1;
        for i in from..dim {
            let (row, c) = &set.rows[i];
            let w = weigh_sum(&stack[top], row, code.active_weights());
            *visited += 1;
            if w < best.0 {
                *best = (w, coords ^ c);
            }
        }
        if *visited >= 0x10000 {
            let stop = ctl.tick(*visited);
            *visited = 0;
            if stop {
                return false;
            }
        }
        return true;
    }
    for i in from..=dim.saturating_sub(left) {
        let mut next = stack[stack.len() - 1].clone();
        xor_into(&mut next, &set.rows[i].0);
        stack.push(next);
        let ok = subsets(
            set,
            code,
            i + 1,
            left - 1,
            stack,
            coords ^ set.rows[i].1,
            best,
            visited,
            ctl,
        );
        stack.pop();
        if !ok {
            return false;
        }
    }
    true
}

/// Rows mᵢ with mᵢ·forms[k] = δᵢₖ over GF(2) (the inverse of the matrix whose columns are
/// the forms), or `None` when the forms are dependent.
pub(crate) fn invert(forms: &[u128], dim: usize) -> Option<Vec<u128>> {
    // Matrix A with A[k] = forms[k] (row k, bit j). We want M with (M Aᵀ)ᵢₖ = δ, i.e.
    // M = (Aᵀ)⁻¹. Gauss–Jordan on rows of Aᵀ augmented with the identity.
    let mut rows: Vec<(u128, u128)> = (0..dim)
        .map(|j| {
            let mut r = 0u128;
            for (k, f) in forms.iter().enumerate() {
                if f >> j & 1 == 1 {
                    r |= 1 << k;
                }
            }
            (r, 1u128 << j)
        })
        .collect();
    for col in 0..dim {
        let p = (col..dim).find(|&r| rows[r].0 >> col & 1 == 1)?;
        rows.swap(col, p);
        let pivot = rows[col];
        for (r, row) in rows.iter_mut().enumerate() {
            if r != col && row.0 >> col & 1 == 1 {
                row.0 ^= pivot.0;
                row.1 ^= pivot.1;
            }
        }
    }
    // Now rows[i] = (e_i, (Aᵀ)⁻¹ row i): (Aᵀ)⁻¹ Aᵀ = I, so row i of (Aᵀ)⁻¹ dotted with
    // column k of Aᵀ (= forms[k]) is δ_ik.
    Some(rows.into_iter().map(|(_, m)| m).collect())
}

/// C(n, k), saturating.
fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) as u128 / (i + 1) as u128;
        if r > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    r as u64
}

/// The weight of a ^ b. Copies are compiled for processors with hardware popcount and
/// chosen when the program starts.
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx512vpopcntdq+popcnt",
    "x86_64+avx2+popcnt",
    "x86_64+popcnt",
    "aarch64+neon"
))]
fn weigh_sum(a: &[u64], b: &[u64], weights: &[u32]) -> u64 {
    a.iter()
        .zip(b)
        .zip(weights)
        .map(|((x, y), &m)| u64::from((x ^ y).count_ones() * m))
        .sum()
}
