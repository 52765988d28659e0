//! The solution coset x₀ + ker A: enumerating solutions and finding one with the fewest
//! presses.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// The most (kernel elements × buttons) an exhaustive minimal search visits by default.
pub const DEFAULT_SEARCH_BUDGET: u64 = 1 << 28;

/// Total presses of a press vector: the sum of its entries.
pub fn total_presses(x: &[u32]) -> u64 {
    x.iter().map(|&v| u64::from(v)).sum()
}

/// The result of a minimal-solution search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MinimalSearch {
    /// The best solution found.
    pub presses: Vec<u32>,
    /// Its total presses.
    pub total: u64,
    /// Whether the whole coset was searched, so that `presses` is proven minimal.
    pub exhaustive: bool,
    /// How many solutions were looked at.
    pub visited: u64,
}

/// Walks the coset `particular + Σ cᵢ·gᵢ` (0 ≤ cᵢ < oᵢ) in odometer order, calling `visit`
/// with each solution and its total presses; stops early when `visit` returns false.
/// Incrementing digit i adds gᵢ once; wrapping it from oᵢ − 1 to 0 also adds gᵢ once,
/// since oᵢ·gᵢ ≡ 0.
pub fn walk_coset(
    particular: &[u32],
    basis: &[(Vec<u32>, u32)],
    k: u32,
    mut visit: impl FnMut(&[u32], u64) -> bool,
) {
    let k64 = u64::from(k);
    let mut x = particular.to_vec();
    let mut total = total_presses(&x);
    let mut digits = vec![0u32; basis.len()];
    loop {
        if !visit(&x, total) {
            return;
        }
        let mut d = 0;
        loop {
            if d == basis.len() {
                return;
            }
            let (g, order) = &basis[d];
            for (xi, &gi) in x.iter_mut().zip(g) {
                if gi != 0 {
                    let old = u64::from(*xi);
                    let new = (old + u64::from(gi)) % k64;
                    total = total + new - old;
                    *xi = new as u32;
                }
            }
            digits[d] += 1;
            if digits[d] < *order {
                break;
            }
            digits[d] = 0;
            d += 1;
        }
    }
}

/// Up to `limit` solutions of the coset, in odometer order, the particular solution first.
pub fn enumerate_solutions(
    particular: &[u32],
    basis: &[(Vec<u32>, u32)],
    k: u32,
    limit: usize,
) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    if limit == 0 {
        return out;
    }
    walk_coset(particular, basis, k, |x, _| {
        out.push(x.to_vec());
        out.len() < limit
    });
    out
}

/// A solution with the fewest total presses. The whole coset is searched when
/// |ker A| × buttons ≤ `budget`; otherwise a local search (add multiples of each basis
/// pattern while that lowers the total) returns the best found, not proven minimal.
pub fn minimal_solution(
    particular: &[u32],
    basis: &[(Vec<u32>, u32)],
    kernel_size: &BigUint,
    k: u32,
    budget: u64,
) -> MinimalSearch {
    let cells = particular.len().max(1) as u64;
    let exhaustive = kernel_size
        .to_u64()
        .and_then(|s| s.checked_mul(cells))
        .is_some_and(|work| work <= budget);
    if exhaustive {
        let mut best = particular.to_vec();
        let mut best_total = total_presses(particular);
        let mut visited = 0;
        walk_coset(particular, basis, k, |x, total| {
            visited += 1;
            if total < best_total {
                best_total = total;
                best.copy_from_slice(x);
            }
            true
        });
        return MinimalSearch {
            presses: best,
            total: best_total,
            exhaustive: true,
            visited,
        };
    }
    local_search(particular, basis, k)
}

fn local_search(particular: &[u32], basis: &[(Vec<u32>, u32)], k: u32) -> MinimalSearch {
    let k64 = u64::from(k);
    let mut x = particular.to_vec();
    let mut total = total_presses(&x);
    let mut visited = 1;
    let mut improved = true;
    let mut rounds = 0;
    while improved && rounds < 64 {
        improved = false;
        rounds += 1;
        for (g, order) in basis {
            let mut best: Option<(u32, u64)> = None;
            for m in 1..(*order).min(64) {
                let t: u64 = x
                    .iter()
                    .zip(g)
                    .map(|(&xi, &gi)| (u64::from(xi) + u64::from(m) * u64::from(gi)) % k64)
                    .sum();
                visited += 1;
                if t < best.map_or(total, |b| b.1) {
                    best = Some((m, t));
                }
            }
            if let Some((m, t)) = best {
                for (xi, &gi) in x.iter_mut().zip(g) {
                    *xi = ((u64::from(*xi) + u64::from(m) * u64::from(gi)) % k64) as u32;
                }
                total = t;
                improved = true;
            }
        }
    }
    MinimalSearch {
        presses: x,
        total,
        exhaustive: false,
        visited,
    }
}
