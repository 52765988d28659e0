//! Halving the Gray-code walk with a symmetry of the board.
//!
//! An involution σ of the board (a reflection or the half turn) that commutes with the
//! press matrix and fixes the target maps the coset to itself; in kernel coordinates
//! σ(c) = S·c + t. Put y(c) = (S + I)·c + t: σ keeps y (since σ² = 1 gives (S + I)·t = 0)
//! and on the fibre y(c) = y it is the translation c ↦ c + y, y lying in D = ker(S + I).
//! A minimal solution's mirror image is minimal too, so on each fibre with y ≠ 0 it is
//! enough to walk a complement of y in D: half the fibre. The fibre y = 0 (the solutions σ
//! fixes) is walked whole.

use super::infoset::invert;

/// A subspace of kernel coordinates to walk: c = base + Σ wᵢ·gensᵢ, each solution found
/// standing for `weight` solutions of the coset (itself and, when 2, its mirror image).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Piece {
    pub base: u128,
    pub gens: Vec<u128>,
    pub weight: u64,
}

impl Piece {
    /// The whole coset of dimension `dim`, each solution standing for itself.
    pub(crate) fn whole(dim: usize) -> Self {
        Piece {
            base: 0,
            gens: (0..dim).map(|i| 1u128 << i).collect(),
            weight: 1,
        }
    }
}

/// Coordinates in the kernel basis of cell-space vectors: pivots (cells where the basis is
/// invertible) and the inverse rows.
pub(crate) struct Coordinates {
    cells: Vec<usize>,
    rows: Vec<u128>,
}

impl Coordinates {
    /// `None` when the basis is dependent or too large.
    pub fn new(basis: &[Vec<u32>]) -> Option<Self> {
        let dim = basis.len();
        if dim == 0 || dim > 128 {
            return None;
        }
        let len = basis[0].len();
        let mut pivots: Vec<(u32, u128)> = Vec::new();
        let mut cells = Vec::new();
        let mut forms = Vec::new();
        for cell in 0..len {
            let mut a = 0u128;
            for (i, g) in basis.iter().enumerate() {
                if g[cell] & 1 == 1 {
                    a |= 1 << i;
                }
            }
            let mut r = a;
            for &(p, v) in &pivots {
                if r >> p & 1 == 1 {
                    r ^= v;
                }
            }
            if r != 0 {
                pivots.push((r.trailing_zeros(), r));
                cells.push(cell);
                forms.push(a);
                if cells.len() == dim {
                    break;
                }
            }
        }
        let rows = invert(&forms, dim)?;
        Some(Coordinates { cells, rows })
    }

    /// The coordinates c with Σ cᵢ·gᵢ = v on the pivot cells (v assumed in the kernel).
    pub fn of(&self, v: &[u32]) -> u128 {
        let mut c = 0u128;
        for (k, &cell) in self.cells.iter().enumerate() {
            if v[cell] & 1 == 1 {
                c ^= self.rows[k];
            }
        }
        c
    }
}

/// Σ cᵢ·gᵢ over GF(2) in cell space.
fn combine(basis: &[Vec<u32>], c: u128) -> Vec<u32> {
    let mut out = vec![0u32; basis.first().map_or(0, Vec::len)];
    for (i, g) in basis.iter().enumerate() {
        if c >> i & 1 == 1 {
            for (o, &b) in out.iter_mut().zip(g) {
                *o ^= b & 1;
            }
        }
    }
    out
}

/// The action of the cell permutation `perm` on coordinates, (S as columns, t), or `None`
/// when it does not map the coset to itself.
pub(crate) fn action(
    particular: &[u32],
    basis: &[Vec<u32>],
    coords: &Coordinates,
    perm: &[usize],
) -> Option<(Vec<u128>, u128)> {
    let apply = |v: &[u32]| {
        let mut out = vec![0u32; v.len()];
        for (i, &p) in perm.iter().enumerate() {
            out[p] = v[i] & 1;
        }
        out
    };
    let mut columns = Vec::with_capacity(basis.len());
    for g in basis {
        let image = apply(g);
        let c = coords.of(&image);
        if combine(basis, c) != image {
            return None;
        }
        columns.push(c);
    }
    let image = apply(particular);
    let diff: Vec<u32> = image
        .iter()
        .zip(particular)
        .map(|(a, b)| (a ^ b) & 1)
        .collect();
    let t = coords.of(&diff);
    if combine(basis, t) != diff {
        return None;
    }
    Some((columns, t))
}

/// S·c for S given by its columns.
pub(crate) fn mul(columns: &[u128], c: u128) -> u128 {
    columns
        .iter()
        .enumerate()
        .filter(|(i, _)| c >> i & 1 == 1)
        .fold(0, |acc, (_, &col)| acc ^ col)
}

/// The pieces that cover one solution of every pair {x, σx} (and every fixed solution),
/// for the involution among `perms` that saves most; `None` when none applies.
pub(crate) fn halved_pieces(
    particular: &[u32],
    basis: &[Vec<u32>],
    perms: &[Vec<usize>],
) -> Option<Vec<Piece>> {
    let dim = basis.len();
    let coords = Coordinates::new(basis)?;
    let mut best: Option<(usize, Vec<u128>, u128)> = None;
    for perm in perms {
        let Some((s, t)) = action(particular, basis, &coords, perm) else {
            continue;
        };
        // σ must be an involution on coordinates.
        if (0..dim).any(|i| mul(&s, s[i]) != 1 << i) {
            continue;
        }
        let m: Vec<u128> = (0..dim).map(|i| s[i] ^ (1 << i)).collect(); // S + I
        let rank = rank_of(&m);
        let no_fixed = !in_span(&m, t);
        // Work ≈ 2^(d−r)·(1 + (2^r − 1)/2), or half of everything without fixed points.
        let score = if no_fixed { dim + 1 } else { rank };
        if score > 0 && best.as_ref().map_or(true, |b| score > b.0) {
            best = Some((score, m, t));
        }
    }
    let (_, m, t) = best?;
    // D = ker(S + I) in reduced echelon form (pivot bit of each vector set in no other).
    let kernel = kernel_basis(&m, dim);
    // A complement E of D: unit vectors chosen so that (S + I)·e are independent.
    let mut images: Vec<(u32, u128)> = Vec::new();
    let mut complement = Vec::new();
    for (i, &image) in m.iter().enumerate() {
        let mut r = image;
        for &(p, v) in &images {
            if r >> p & 1 == 1 {
                r ^= v;
            }
        }
        if r != 0 {
            images.push((r.trailing_zeros(), r));
            complement.push(1u128 << i);
        }
    }
    let r = complement.len();
    if r > 20 {
        // Too many fibres to list; the plain walk is as good.
        return None;
    }
    let mut pieces = Vec::with_capacity(1 << r);
    for z in 0u64..(1 << r) {
        let base = (0..r)
            .filter(|i| z >> i & 1 == 1)
            .fold(0u128, |acc, i| acc ^ complement[i]);
        let y = mul(&m, base) ^ t;
        if y == 0 {
            pieces.push(Piece {
                base,
                gens: kernel.iter().map(|&(_, v)| v).collect(),
                weight: 1,
            });
        } else {
            // y ∈ D: drop one basis vector that y uses.
            let drop = kernel.iter().position(|&(p, _)| y >> p & 1 == 1)?;
            pieces.push(Piece {
                base,
                gens: kernel
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != drop)
                    .map(|(_, &(_, v))| v)
                    .collect(),
                weight: 2,
            });
        }
    }
    Some(pieces)
}

/// Rank of a set of vectors.
pub(crate) fn rank_of(vectors: &[u128]) -> usize {
    let mut pivots: Vec<(u32, u128)> = Vec::new();
    for &v in vectors {
        let mut r = v;
        for &(p, w) in &pivots {
            if r >> p & 1 == 1 {
                r ^= w;
            }
        }
        if r != 0 {
            pivots.push((r.trailing_zeros(), r));
        }
    }
    pivots.len()
}

/// Whether t is a sum of some of `columns`.
fn in_span(columns: &[u128], t: u128) -> bool {
    rank_of(columns) == rank_of(&[columns, &[t]].concat())
}

/// A basis of {c : M·c = 0} (M by columns) in reduced echelon form: (pivot bit, vector),
/// each pivot bit set in its own vector only.
fn kernel_basis(columns: &[u128], dim: usize) -> Vec<(u32, u128)> {
    // Row-reduce the d×d matrix whose rows are the coordinates of M·e_i, tracking e_i:
    // combinations that reduce to 0 are kernel vectors.
    let mut pivots: Vec<(u32, u128, u128)> = Vec::new(); // (pivot, reduced image, combination)
    let mut kernel: Vec<u128> = Vec::new();
    for (i, &col) in columns.iter().enumerate().take(dim) {
        let mut r = col;
        let mut comb = 1u128 << i;
        for &(p, v, c) in &pivots {
            if r >> p & 1 == 1 {
                r ^= v;
                comb ^= c;
            }
        }
        if r == 0 {
            kernel.push(comb);
        } else {
            pivots.push((r.trailing_zeros(), r, comb));
        }
    }
    // Reduced echelon form of the kernel vectors.
    let mut out: Vec<(u32, u128)> = Vec::new();
    for v in kernel {
        let mut r = v;
        for &(p, w) in &out {
            if r >> p & 1 == 1 {
                r ^= w;
            }
        }
        if r == 0 {
            continue;
        }
        let p = r.trailing_zeros();
        for entry in out.iter_mut() {
            if entry.1 >> p & 1 == 1 {
                entry.1 ^= r;
            }
        }
        out.push((p, r));
    }
    out
}
