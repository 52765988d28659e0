//! The walk cut by the whole symmetry group of the board (up to 8× for a square).
//!
//! The board's symmetries that map the coset onto itself act on kernel coordinates as
//! c ↦ S_g·c + t_g, and the weight is the same on a solution and its images. Take a
//! subspace L that every S_g maps onto itself: the chunks c + L are then permuted by the
//! group, and a chunk's image has the same lightest weight and the same number of lightest
//! solutions. Naming each chunk by its coordinates q on a complement of L, the group acts on
//! q affinely; only the chunk whose q is least in its orbit is weighed (by a Walsh
//! transform over L), and what it finds counts for every chunk of the orbit.

use super::code::CosetCode;
use super::control::Control;
use super::gray::GrayOutcome;
use super::gray::{walsh, WalshPlan, WALSH_BITS, WALSH_MIN_BITS, WALSH_ROWS};
use super::infoset::invert;
use super::symmetry::{action, mul, rank_of, Coordinates};
use rayon::prelude::*;
use std::sync::atomic::Ordering;

/// The chunks and the group acting on them.
pub(crate) struct OrbitPlan {
    /// A basis of L (coordinates), the low generators of every chunk.
    low: Vec<u128>,
    /// The complement: chunk q starts at Σ qⱼ·compⱼ.
    comp: Vec<u128>,
    /// Each group element other than the identity on chunk names: (columns, translation).
    maps: Vec<(Vec<u64>, u64)>,
}

impl OrbitPlan {
    /// The plan for the symmetries among `perms` (button permutations) that map the coset
    /// `particular + span(basis)` onto itself; `None` when none does, or no invariant L
    /// of at least [`WALSH_MIN_BITS`] dimensions leaves at least one coordinate outside.
    pub fn new(particular: &[u32], basis: &[Vec<u32>], perms: &[Vec<usize>]) -> Option<Self> {
        let dim = basis.len();
        let coords = Coordinates::new(basis)?;
        let identity: Vec<u128> = (0..dim).map(|i| 1u128 << i).collect();
        let mut group: Vec<(Vec<u128>, u128)> = perms
            .iter()
            .filter_map(|p| action(particular, basis, &coords, p))
            .filter(|(s, t)| *t != 0 || *s != identity)
            .collect();
        if group.is_empty() {
            return None;
        }
        // Close under composition (the orbits below must be orbits of a group):
        // (S, t)∘(S′, t′) = (S·S′, S·t′ + t).
        group.push((identity.clone(), 0));
        let mut i = 0;
        while i < group.len() {
            for j in 0..group.len() {
                let (s, t) = group[i].clone();
                let (s2, t2) = &group[j];
                let product: (Vec<u128>, u128) =
                    (s2.iter().map(|&c| mul(&s, c)).collect(), mul(&s, *t2) ^ t);
                if !group.contains(&product) {
                    group.push(product);
                }
            }
            if group.len() > 8 {
                return None;
            }
            i += 1;
        }
        group.retain(|(s, t)| *t != 0 || *s != identity);
        // L: spans of orbits of unit vectors, kept while they fit in a Walsh chunk and
        // leave at least 4 coordinates to the chunk names.
        let cap = WALSH_BITS.min(dim.saturating_sub(4));
        let mut low: Vec<u128> = Vec::new();
        for i in 0..dim {
            let mut grown = low.clone();
            grown.push(1u128 << i);
            grown.extend(group.iter().map(|(s, _)| mul(s, 1u128 << i)));
            let grown = echelon(&grown);
            if grown.len() <= cap && grown.len() > low.len() {
                low = grown;
            }
        }
        if low.len() < WALSH_MIN_BITS {
            return None;
        }
        // Every S_g must map L onto itself (it does by construction; checked).
        for (s, _) in &group {
            for &v in &low {
                if rank_of(&[&low[..], &[mul(s, v)]].concat()) != low.len() {
                    return None;
                }
            }
        }
        // Complement: unit vectors independent of L and of each other.
        let mut comp = Vec::new();
        let mut span = low.clone();
        for i in 0..dim {
            let mut next = span.clone();
            next.push(1u128 << i);
            if rank_of(&next) == next.len() {
                span = next;
                comp.push(1u128 << i);
            }
        }
        let m = comp.len();
        if m + low.len() != dim || m > 63 {
            return None;
        }
        // Rows giving a vector's coefficients on (comp, low): q = the first m of them.
        let forms: Vec<u128> = comp.iter().chain(&low).copied().collect();
        let rows = invert(&forms, dim)?;
        let name = |v: u128| -> u64 {
            (0..m).fold(0u64, |acc, j| {
                acc | (u64::from((rows[j] & v).count_ones() & 1) << j)
            })
        };
        let maps = group
            .iter()
            .map(|(s, t)| {
                let columns = comp.iter().map(|&c| name(mul(s, c))).collect();
                (columns, name(*t))
            })
            .collect();
        Some(OrbitPlan { low, comp, maps })
    }

    /// Number of group elements (the identity included).
    pub fn order(&self) -> usize {
        self.maps.len() + 1
    }

    /// Whether chunk q is the least of its orbit, and then the orbit's size.
    fn representative(&self, q: u64) -> Option<u64> {
        let mut seen = [q; 8];
        let mut size = 1usize;
        for (columns, t) in &self.maps {
            let mut image = *t;
            let mut bits = q;
            while bits != 0 {
                image ^= columns[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            if image < q {
                return None;
            }
            if !seen[..size].contains(&image) && size < seen.len() {
                seen[size] = image;
                size += 1;
            }
        }
        Some(size as u64)
    }
}

/// Reduced echelon basis of the span of `vectors`.
fn echelon(vectors: &[u128]) -> Vec<u128> {
    let mut out: Vec<u128> = Vec::new();
    for &v in vectors {
        let mut r = v;
        for &w in &out {
            let p = 127 - w.leading_zeros();
            if r >> p & 1 == 1 {
                r ^= w;
            }
        }
        if r != 0 {
            let p = 127 - r.leading_zeros();
            for w in out.iter_mut() {
                if *w >> p & 1 == 1 {
                    *w ^= r;
                }
            }
            out.push(r);
        }
    }
    out
}

/// Weighs one chunk per orbit (Walsh transform over L) unless `ctl` stops it; the count
/// weighs each chunk by its orbit's size.
pub(crate) fn orbit_search(code: &CosetCode, plan: &OrbitPlan, ctl: &Control) -> GrayOutcome {
    let pack = |c: u128| -> Vec<u64> {
        let mut v = vec![0u64; code.words()];
        for (i, g) in code.generators.iter().enumerate() {
            if c >> i & 1 == 1 {
                for (a, b) in v.iter_mut().zip(g) {
                    *a ^= b;
                }
            }
        }
        v
    };
    let present: Vec<u64> = (0..code.active_weights().len())
        .map(|w| code.generators.iter().fold(0, |acc, g| acc | g[w]))
        .collect();
    let low_packed: Vec<Vec<u64>> = plan.low.iter().map(|&g| pack(g)).collect();
    let gens: Vec<&[u64]> = low_packed.iter().map(Vec::as_slice).collect();
    let walsh_plan = WalshPlan::new(&gens, code.active_weights(), &present);
    let m = plan.comp.len();
    let jobs = 1u64 << m;
    ctl.total
        .store((1u64 << code.dim) / plan.order() as u64, Ordering::Relaxed);
    type Found = (u64, u128, u64, bool);
    let walk_job = |q: u64| -> Found {
        if ctl.is_stopped() {
            return (u64::MAX, 0, 0, false);
        }
        let Some(size) = plan.representative(q) else {
            return (u64::MAX, 0, 0, true);
        };
        let base = (0..m)
            .filter(|j| q >> j & 1 == 1)
            .fold(0u128, |acc, j| acc ^ plan.comp[j]);
        let bar = ctl
            .best
            .load(Ordering::Relaxed)
            .saturating_sub(code.constant);
        let (best, picked) =
            WALSH_ROWS.with(|f| walsh(&code.vector(base), &walsh_plan, &mut f.borrow_mut(), bar));
        let best = best + code.constant;
        ctl.offer(best);
        ctl.tick(1u64 << plan.low.len());
        let Some((mask, count)) = picked else {
            return (u64::MAX, 0, 0, true);
        };
        let coords = plan
            .low
            .iter()
            .enumerate()
            .filter(|(b, _)| mask >> b & 1 == 1)
            .fold(base, |acc, (_, &g)| acc ^ g);
        (best, coords, count * size, true)
    };
    let merge = |a: Found, b: Found| {
        let complete = a.3 && b.3;
        match a.0.cmp(&b.0) {
            std::cmp::Ordering::Less => (a.0, a.1, a.2, complete),
            std::cmp::Ordering::Greater => (b.0, b.1, b.2, complete),
            std::cmp::Ordering::Equal => (a.0, a.1.min(b.1), a.2 + b.2, complete),
        }
    };
    let done = std::sync::atomic::AtomicU64::new(0);
    let out = (0..jobs)
        .into_par_iter()
        .map(|q| {
            let found = walk_job(q);
            if found.3 {
                done.fetch_add(1, Ordering::Relaxed);
                Some(found)
            } else {
                None
            }
        })
        .while_some()
        .reduce(|| (u64::MAX, 0, 0, true), merge);
    let complete = out.3 && done.load(Ordering::Relaxed) == jobs;
    GrayOutcome {
        best: out.0,
        coords: out.1,
        count: out.2,
        complete,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minweight::control::{SearchLimits, SearchMethod};
    use crate::minweight::gray::{gray_search, Kernel};
    use crate::minweight::symmetry::Piece;
    use crate::minweight::{board_symmetries, square_cosets};

    /// Every square board up to 40 (plane) and 28 (torus) with nullity 12..=24: one chunk
    /// per orbit of the symmetry group finds the fewest presses and their number found by
    /// the walk of the whole coset.
    #[test]
    fn orbits_agree_with_the_whole_walk_plane_and_torus() {
        let mut checked = 0;
        let mut orders = Vec::new();
        for (n, torus, x, basis) in square_cosets(40, 28, 12..=24) {
            let code = CosetCode::new(&x, &basis).unwrap();
            let Some(plan) = OrbitPlan::new(&x, &basis, &board_symmetries(n, n)) else {
                continue;
            };
            let whole = [Piece::whole(basis.len())];
            let ctl = Control::new(SearchMethod::GrayCode, SearchLimits::default(), &|_| {});
            let all = gray_search(&code, &whole, Kernel::Walsh, &ctl);
            let ctl = Control::new(SearchMethod::GrayCode, SearchLimits::default(), &|_| {});
            let cut = orbit_search(&code, &plan, &ctl);
            assert!(all.complete && cut.complete);
            assert_eq!(code.total(cut.coords), cut.best, "n = {n} torus {torus}");
            assert_eq!(
                (cut.best, cut.count),
                (all.best, all.count),
                "n = {n} torus {torus}"
            );
            orders.push(plan.order());
            checked += 1;
        }
        assert!(checked >= 8, "{checked}");
        // The whole dihedral group acts on some of them.
        assert!(orders.contains(&8), "{orders:?}");
    }
}
