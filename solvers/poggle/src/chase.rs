//! Light chasing for the plus pattern.
//!
//! The presses of the first row are unknowns u. Every button of row i has the button below
//! it in its neighbourhood with coefficient 1, so the equation of button (i, j) fixes the
//! press at (i + 1, j) as an affine function of u. Once every row is fixed, the equations
//! of the rows that were not used for chasing are left over: a small square system M·u ≡ d.
//!
//! - Plane (any r ≥ 1): unknowns = row 0 (c of them); the equations of rows 0..r−1 fix rows
//!   1..r; the c equations of the last row remain.
//! - Torus (r ≥ 3): the equation of row 0 also involves row r−1 (wrapping up), so the
//!   unknowns are rows 0 and r−1 (2c of them); the equations of rows 0..r−3 fix rows
//!   1..r−2; the 2c equations of rows r−2 and r−1 remain. Columns may be any c ≥ 1 (a
//!   button reached twice horizontally counts twice).
//!
//! Every press vector that satisfies the chasing equations is determined by its unknowns,
//! so x ↦ u is a bijection between the solutions of A·x ≡ b and those of M·u ≡ d, and a
//! group isomorphism between ker A and ker M: |ker A| = |ker M| exactly.

use crate::bitgrid::{horizontal_plane, horizontal_torus, last_word_mask, BitGrid};

/// The shape of a chase: rows, columns (the width of the unknown row), colours, topology.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ChaseShape {
    pub rows: usize,
    pub cols: usize,
    pub k: u32,
    pub torus: bool,
}

impl ChaseShape {
    /// Number of unknowns, also the number of leftover equations.
    pub fn unknowns(&self) -> usize {
        if self.torus {
            2 * self.cols
        } else {
            self.cols
        }
    }

    /// Chases concrete numbers: the presses determined by the unknowns `u` and the target,
    /// and the leftover equations' residuals (left side minus target, mod k), which are all
    /// zero exactly when the presses solve the board.
    pub fn chase_values(&self, target: &[u32], u: &[u32]) -> (Vec<u32>, Vec<u32>) {
        let (r, c) = (self.rows, self.cols);
        let k = u64::from(self.k);
        let mut x = vec![0u32; r * c];
        let get = |x: &[u32], i: usize, j: usize| u64::from(x[i * c + j]);
        // Sum of the presses in row i that reach button (i, j) horizontally, itself included.
        let horizontal = |x: &[u32], i: usize, j: usize| -> u64 {
            if self.torus {
                get(x, i, j) + get(x, i, (j + c - 1) % c) + get(x, i, (j + 1) % c)
            } else {
                let mut s = get(x, i, j);
                if j > 0 {
                    s += get(x, i, j - 1);
                }
                if j + 1 < c {
                    s += get(x, i, j + 1);
                }
                s
            }
        };
        x[..c].copy_from_slice(&u[..c]);
        let mut residual = Vec::with_capacity(self.unknowns());
        if self.torus {
            x[(r - 1) * c..].copy_from_slice(&u[c..2 * c]);
            for i in 0..=r - 3 {
                let up = (i + r - 1) % r;
                for j in 0..c {
                    let s = horizontal(&x, i, j) + get(&x, up, j);
                    let t = u64::from(target[i * c + j]);
                    x[(i + 1) * c + j] = ((t + k - s % k) % k) as u32;
                }
            }
            for i in [r - 2, r - 1] {
                for j in 0..c {
                    let s = horizontal(&x, i, j) + get(&x, i - 1, j) + get(&x, (i + 1) % r, j);
                    let t = u64::from(target[i * c + j]);
                    residual.push(((s % k + k - t) % k) as u32);
                }
            }
        } else {
            for i in 0..r - 1 {
                for j in 0..c {
                    let mut s = horizontal(&x, i, j);
                    if i > 0 {
                        s += get(&x, i - 1, j);
                    }
                    let t = u64::from(target[i * c + j]);
                    x[(i + 1) * c + j] = ((t + k - s % k) % k) as u32;
                }
            }
            let i = r - 1;
            for j in 0..c {
                let mut s = horizontal(&x, i, j);
                if i > 0 {
                    s += get(&x, i - 1, j);
                }
                let t = u64::from(target[i * c + j]);
                residual.push(((s % k + k - t) % k) as u32);
            }
        }
        (x, residual)
    }

    /// [`chase_values`](Self::chase_values) for k = 2 on the plane, 64 buttons a word:
    /// row i + 1 = target row i ⊕ (row i with its two horizontal neighbours) ⊕ row i − 1.
    /// Returns the presses and the last row's residual (zero exactly for a solution).
    pub fn chase_bits(&self, target: &BitGrid, u: &[u64]) -> (BitGrid, Vec<u64>) {
        let (r, c) = (self.rows, self.cols);
        let mut x = BitGrid::new(r, c);
        let stride = x.stride();
        x.row_mut(0).copy_from_slice(&u[..stride]);
        let mut h = vec![0u64; stride];
        let mut step = |x: &BitGrid, i: usize, out: &mut [u64]| {
            horizontal_plane(x.row(i), &mut h, c);
            for (j, o) in out.iter_mut().enumerate() {
                let up = if i > 0 { x.row(i - 1)[j] } else { 0 };
                *o = h[j] ^ up ^ target.row(i)[j];
            }
        };
        let mut next = vec![0u64; stride];
        for i in 0..r - 1 {
            step(&x, i, &mut next);
            x.row_mut(i + 1).copy_from_slice(&next);
        }
        step(&x, r - 1, &mut next);
        (x, next)
    }

    /// [`chase_bits`](Self::chase_bits) on the torus: `u` holds row 0 (bits 0..c) and row
    /// r − 1 (bits c..2c); rows 1..r − 2 are chased; the residual holds the equations of
    /// rows r − 2 and r − 1, in the order of the leftover system.
    pub fn chase_bits_torus(&self, target: &BitGrid, u: &[u64]) -> (BitGrid, Vec<u64>) {
        let (r, c) = (self.rows, self.cols);
        let mut x = BitGrid::new(r, c);
        let stride = x.stride();
        let mask = last_word_mask(c);
        for w in 0..stride {
            x.row_mut(0)[w] = bits_at(u, 64 * w);
            x.row_mut(r - 1)[w] = bits_at(u, c + 64 * w);
        }
        x.row_mut(0)[stride - 1] &= mask;
        x.row_mut(r - 1)[stride - 1] &= mask;
        let mut h = vec![0u64; stride];
        // Row i's equation sums minus its target; without the row below while that row is
        // the one being fixed (it is still 0 then).
        let mut equation = |x: &BitGrid, i: usize, with_down: bool, out: &mut [u64]| {
            if c < 3 {
                // Both horizontal neighbours are one button reached twice (or the button
                // itself three times): only the button itself counts mod 2.
                h.copy_from_slice(x.row(i));
            } else {
                horizontal_torus(x.row(i), &mut h, c);
            }
            let up = x.row((i + r - 1) % r);
            for (j, o) in out.iter_mut().enumerate() {
                let down = if with_down { x.row((i + 1) % r)[j] } else { 0 };
                *o = h[j] ^ up[j] ^ down ^ target.row(i)[j];
            }
        };
        let mut next = vec![0u64; stride];
        for i in 0..r - 2 {
            equation(&x, i, false, &mut next);
            x.row_mut(i + 1).copy_from_slice(&next);
        }
        let mut residual = vec![0u64; (2 * c).div_ceil(64)];
        for (block, i) in [r - 2, r - 1].into_iter().enumerate() {
            equation(&x, i, true, &mut next);
            for j in 0..c {
                let bit = next[j / 64] >> (j % 64) & 1;
                residual[(block * c + j) / 64] |= bit << ((block * c + j) % 64);
            }
        }
        (x, residual)
    }

    /// The leftover equations' linear part over GF(2): one bit-packed row per equation,
    /// `words` u64 per row, bit j of a row = coefficient of unknown j.
    pub fn reduced_gf2(&self) -> (Vec<u64>, usize) {
        let words = self.unknowns().div_ceil(64);
        if !self.torus {
            return (self.plane_reduced_gf2(), words);
        }
        (torus_reduced_gf2(self.rows, self.cols), words)
    }

    /// The leftover equations' linear part over Z/kZ, one row per equation.
    pub fn reduced_zk(&self) -> Vec<Vec<u32>> {
        let n = self.unknowns();
        if !self.torus {
            let k = self.k;
            let forms = self.plane_reduced(|h, a, b| (h[a] + k - h[b]) % k);
            return forms.chunks(n.max(1)).map(|r| r.to_vec()).collect();
        }
        if self.rows >= 3 {
            let forms = torus_reduced(self.rows, self.cols, self.k);
            return forms.chunks(n.max(1)).map(|r| r.to_vec()).collect();
        }
        let ops = ZkForms { k: self.k, n };
        let forms = self.chase_forms(&ops);
        forms.chunks(n.max(1)).map(|r| r.to_vec()).collect()
    }

    /// The leftover equations of a plane chase without chasing every form, one `u32` per
    /// coefficient.
    ///
    /// Row i's forms are Xᵢ(B)·u with X₀ = 1, X₋₁ = 0, Xᵢ₊₁ = −(B·Xᵢ + Xᵢ₋₁), where B is
    /// the c×c tridiagonal all-ones matrix (the row's horizontal reach), and the leftover
    /// system is M = B·X_{r−1} + X_{r−2}. A row of c buttons with zero walls at columns 0
    /// and c + 1 is the same as an odd, 2(c+1)-periodic sequence on the whole line, on
    /// which B acts as 1 + S + S⁻¹ (S the shift). So every Xᵢ(B) is one Laurent polynomial
    /// h in S taken modulo S^L − 1, L = 2(c + 1), and
    /// M[j][l] = h[(l − j) mod L] − h[(−l − j) mod L] (columns and rows from 1).
    /// That costs O(r·L + c²) instead of the O(r·c²) of chasing forms.
    fn plane_reduced(&self, entry: impl Fn(&[u32], usize, usize) -> u32) -> Vec<u32> {
        let (r, c, k) = (self.rows, self.cols, self.k);
        let l = 2 * (c + 1);
        let h = plane_polynomial(r, l, k);
        let mut out = vec![0u32; c * c];
        for (j0, row) in out.chunks_mut(c.max(1)).enumerate() {
            let j = j0 + 1;
            for col in 1..=c {
                let a = (col + l - j) % l;
                let b = (2 * l - col - j) % l;
                row[col - 1] = entry(&h, a, b);
            }
        }
        out
    }

    /// [`plane_reduced`](Self::plane_reduced) for k = 2, 64 entries at a time: row j of M
    /// is the bits (l − j) mod L, l = 1..c, of h (a run of consecutive bits of h written
    /// twice) XOR the bits (l + j) mod L of h reflected (h[−q]), each read a word at a
    /// time. Rows are built on every core.
    fn plane_reduced_gf2(&self) -> Vec<u64> {
        use rayon::prelude::*;
        let c = self.cols;
        let l = 2 * (c + 1);
        let h = plane_polynomial(self.rows, l, 2);
        let twice = |f: &dyn Fn(usize) -> u32| {
            let mut w = vec![0u64; (2 * l).div_ceil(64) + 1];
            for p in 0..2 * l {
                w[p / 64] |= u64::from(f(p % l) & 1) << (p % 64);
            }
            w
        };
        let forward = twice(&|q| h[q]);
        let reflected = twice(&|q| h[(l - q) % l]);
        let stride = c.div_ceil(64);
        let mut out = vec![0u64; c * stride];
        out.par_chunks_mut(stride.max(1))
            .enumerate()
            .for_each(|(j0, row)| {
                let j = j0 + 1;
                let (a, b) = ((1 + l - j) % l, (1 + j) % l);
                for (wi, w) in row.iter_mut().enumerate() {
                    *w = bits_at(&forward, a + 64 * wi) ^ bits_at(&reflected, b + 64 * wi);
                }
                if c % 64 != 0 {
                    row[stride - 1] &= (1u64 << (c % 64)) - 1;
                }
            });
        out
    }

    /// Chases linear forms in the unknowns (no constants: the target only shifts the
    /// right-hand side, which [`chase_values`](Self::chase_values) computes) and returns the
    /// leftover equations' forms, concatenated.
    fn chase_forms<F: Forms>(&self, ops: &F) -> Vec<F::Word> {
        let (r, c, w) = (self.rows, self.cols, ops.width());
        let zero_row = || vec![F::Word::default(); c * w];
        let unit_row = |first: usize| {
            let mut row = zero_row();
            for j in 0..c {
                ops.set_unit(&mut row[j * w..(j + 1) * w], first + j);
            }
            row
        };
        // Adds to `acc` the forms of row `row` that reach column j horizontally.
        let add_horizontal = |acc: &mut [F::Word], row: &[F::Word], j: usize| {
            let at = |j: usize| &row[j * w..(j + 1) * w];
            ops.add(acc, at(j));
            if self.torus {
                ops.add(acc, at((j + c - 1) % c));
                ops.add(acc, at((j + 1) % c));
            } else {
                if j > 0 {
                    ops.add(acc, at(j - 1));
                }
                if j + 1 < c {
                    ops.add(acc, at(j + 1));
                }
            }
        };
        let first = unit_row(0);
        let last = if self.torus { unit_row(c) } else { zero_row() };
        // prev = row i − 1 (row r − 1 on the torus, nothing on the plane), cur = row i.
        let mut prev = last.clone();
        let mut cur = first.clone();
        let mut next = zero_row();
        let chase_rows = if self.torus { r - 2 } else { r - 1 };
        for _ in 0..chase_rows {
            for j in 0..c {
                let acc = &mut next[j * w..(j + 1) * w];
                acc.fill(F::Word::default());
                add_horizontal(acc, &cur, j);
                ops.add(acc, &prev[j * w..(j + 1) * w]);
                ops.neg(acc);
            }
            std::mem::swap(&mut prev, &mut cur);
            std::mem::swap(&mut cur, &mut next);
        }
        let mut out = Vec::with_capacity(self.unknowns() * w);
        let mut acc = vec![F::Word::default(); w];
        // The equations of row `cur` (the last chased row): up = prev, down = last.
        for j in 0..c {
            acc.fill(F::Word::default());
            add_horizontal(&mut acc, &cur, j);
            ops.add(&mut acc, &prev[j * w..(j + 1) * w]);
            if self.torus {
                ops.add(&mut acc, &last[j * w..(j + 1) * w]);
            }
            out.extend_from_slice(&acc);
        }
        if self.torus {
            // The equations of row r − 1: up = row r − 2 (cur), down = row 0.
            for j in 0..c {
                acc.fill(F::Word::default());
                add_horizontal(&mut acc, &last, j);
                ops.add(&mut acc, &cur[j * w..(j + 1) * w]);
                ops.add(&mut acc, &first[j * w..(j + 1) * w]);
                out.extend_from_slice(&acc);
            }
        }
        out
    }
}

/// The Laurent polynomial of the plane chase's leftover system, modulo S^l − 1 and k:
/// B·X_{r−1} + X_{r−2} with B = 1 + S + S⁻¹ (see [`ChaseShape::plane_reduced`]).
fn plane_polynomial(rows: usize, l: usize, k: u32) -> Vec<u32> {
    let mut prev = vec![0u32; l];
    let mut cur = vec![0u32; l];
    cur[0] = 1;
    let mut next = vec![0u32; l];
    for _ in 0..rows.saturating_sub(1) {
        chase_step(&cur, &prev, &mut next, k, true);
        std::mem::swap(&mut prev, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    chase_step(&cur, &prev, &mut next, k, false);
    next
}

/// `out = B·h + g` (negated when `negate`) for Laurent polynomials modulo S^l − 1 and k,
/// with B = 1 + S + S⁻¹ (l ≥ 1; on l = 1 or 2 the neighbours coincide, as on a torus).
fn chase_step(h: &[u32], g: &[u32], out: &mut [u32], k: u32, negate: bool) {
    let l = h.len();
    let around = |e: usize| (h[(e + l - 1) % l], h[(e + 1) % l]);
    if k == 2 {
        for e in 1..l.saturating_sub(1) {
            out[e] = h[e - 1] ^ h[e] ^ h[e + 1] ^ g[e];
        }
        for e in [0, l - 1] {
            let (a, b) = around(e);
            out[e] = a ^ h[e] ^ b ^ g[e];
        }
        return;
    }
    let k64 = u64::from(k);
    let sum = |a: u32, b: u32, c: u32, d: u32| {
        let s = ((u64::from(a) + u64::from(b) + u64::from(c) + u64::from(d)) % k64) as u32;
        if negate && s != 0 {
            k - s
        } else {
            s
        }
    };
    for e in 1..l.saturating_sub(1) {
        out[e] = sum(h[e - 1], h[e], h[e + 1], g[e]);
    }
    for e in [0, l - 1] {
        let (a, b) = around(e);
        out[e] = sum(a, h[e], b, g[e]);
    }
}

/// The torus chase's leftover system from Laurent polynomials modulo S^c − 1 (the rows
/// are cycles, so every Xᵢ(B) is circulant: entry (j, l) = h[(l − j) mod c]). Row i's
/// forms are Pᵢ(B)·u₀ + Qᵢ(B)·u₁ (u₀ = row 0, u₁ = row r − 1) with
/// (P₀, Q₀) = (1, 0), (P₋₁, Q₋₁) = (0, 1) and Xᵢ₊₁ = −(B·Xᵢ + Xᵢ₋₁) for i < r − 2; the
/// equations of row r − 2 are B·X_{r−2} + X_{r−3} + X_{r−1} and those of row r − 1 are
/// B·X_{r−1} + X_{r−2} + X₀, with X_{r−1} = (0, 1). Returns the polynomials of the two
/// blocks of equations: `[block][unknown row]`.
fn torus_polynomials(rows: usize, c: usize, k: u32) -> [[Vec<u32>; 2]; 2] {
    let unit = || {
        let mut v = vec![0u32; c];
        v[0] = 1;
        v
    };
    let zero = || vec![0u32; c];
    // [P, Q] of rows i − 1 and i.
    let (mut prev, mut cur) = ([zero(), unit()], [unit(), zero()]);
    let mut next = [zero(), zero()];
    for _ in 0..rows - 2 {
        for s in 0..2 {
            chase_step(&cur[s], &prev[s], &mut next[s], k, true);
        }
        std::mem::swap(&mut prev, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    let add = |a: &mut [u32], b: &[u32]| {
        for (x, &y) in a.iter_mut().zip(b) {
            *x = ((u64::from(*x) + u64::from(y)) % u64::from(k)) as u32;
        }
    };
    // Row r − 2: B·cur + prev + (0, 1).
    let mut eq_a = [zero(), zero()];
    for s in 0..2 {
        chase_step(&cur[s], &prev[s], &mut eq_a[s], k, false);
    }
    add(&mut eq_a[1], &unit());
    // Row r − 1: (0, B) + cur + (1, 0).
    let mut eq_b = [cur[0].clone(), zero()];
    chase_step(&unit(), &cur[1], &mut eq_b[1], k, false);
    add(&mut eq_b[0], &unit());
    [eq_a, eq_b]
}

/// The torus system's 2c × 2c entries mod k, row-major: entry (j, l) of a block is
/// h[(l − j) mod c].
fn torus_reduced(rows: usize, c: usize, k: u32) -> Vec<u32> {
    let mut out = vec![0u32; 4 * c * c];
    for (block, eq) in torus_polynomials(rows, c, k).iter().enumerate() {
        for j in 0..c {
            let row = &mut out[(block * c + j) * 2 * c..(block * c + j + 1) * 2 * c];
            for (s, h) in eq.iter().enumerate() {
                for l in 0..c {
                    row[s * c + l] = h[(l + c - j) % c];
                }
            }
        }
    }
    out
}

/// [`torus_reduced`] for k = 2, packed 64 entries a word straight away (the `u32` form
/// of a 20000 × 20000 system would take 1.6 GB).
fn torus_reduced_gf2(rows: usize, c: usize) -> Vec<u64> {
    let n = 2 * c;
    let words = n.div_ceil(64);
    let mut out = vec![0u64; n * words];
    for (block, eq) in torus_polynomials(rows, c, 2).iter().enumerate() {
        for j in 0..c {
            let row = &mut out[(block * c + j) * words..(block * c + j + 1) * words];
            for (s, h) in eq.iter().enumerate() {
                for l in 0..c {
                    let bit = u64::from(h[(l + c - j) % c] & 1);
                    row[(s * c + l) / 64] |= bit << ((s * c + l) % 64);
                }
            }
        }
    }
    out
}

/// The 64 bits of `words` from bit `at` on (`words` one word longer than needed).
fn bits_at(words: &[u64], at: usize) -> u64 {
    let (i, s) = (at / 64, at % 64);
    let lo = words.get(i).copied().unwrap_or(0);
    if s == 0 {
        lo
    } else {
        (lo >> s) | (words.get(i + 1).copied().unwrap_or(0) << (64 - s))
    }
}

/// Arithmetic on linear forms stored as fixed-width word slices.
trait Forms {
    type Word: Copy + Default;
    fn width(&self) -> usize;
    fn add(&self, acc: &mut [Self::Word], x: &[Self::Word]);
    fn neg(&self, acc: &mut [Self::Word]);
    fn set_unit(&self, form: &mut [Self::Word], i: usize);
}

/// Forms over GF(2), 64 coefficients per word (the reference the bit-packed shortcuts
/// are tested against).
#[cfg(test)]
struct Gf2Forms {
    words: usize,
}

#[cfg(test)]
impl Forms for Gf2Forms {
    type Word = u64;
    fn width(&self) -> usize {
        self.words
    }
    #[inline]
    fn add(&self, acc: &mut [u64], x: &[u64]) {
        for (a, b) in acc.iter_mut().zip(x) {
            *a ^= b;
        }
    }
    fn neg(&self, _: &mut [u64]) {}
    fn set_unit(&self, form: &mut [u64], i: usize) {
        form[i / 64] |= 1 << (i % 64);
    }
}

/// Forms over Z/kZ, one u32 coefficient per unknown.
struct ZkForms {
    k: u32,
    n: usize,
}

impl Forms for ZkForms {
    type Word = u32;
    fn width(&self) -> usize {
        self.n
    }
    #[inline]
    fn add(&self, acc: &mut [u32], x: &[u32]) {
        let k = u64::from(self.k);
        for (a, &b) in acc.iter_mut().zip(x) {
            let s = u64::from(*a) + u64::from(b);
            *a = if s >= k { (s - k) as u32 } else { s as u32 };
        }
    }
    fn neg(&self, acc: &mut [u32]) {
        for a in acc.iter_mut() {
            if *a != 0 {
                *a = self.k - *a;
            }
        }
    }
    fn set_unit(&self, form: &mut [u32], i: usize) {
        form[i] = 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortcuts_match_chasing_every_form() {
        for (k, torus) in [2u32, 3, 4, 6]
            .into_iter()
            .flat_map(|k| [(k, false), (k, true)])
        {
            for rows in if torus { 3..=9 } else { 1..=9 } {
                for cols in 1..=9 {
                    let shape = ChaseShape {
                        rows,
                        cols,
                        k,
                        torus,
                    };
                    if k == 2 {
                        let ops = Gf2Forms {
                            words: shape.unknowns().div_ceil(64),
                        };
                        assert_eq!(
                            shape.reduced_gf2().0,
                            shape.chase_forms(&ops),
                            "{rows}×{cols}"
                        );
                    }
                    let n = shape.unknowns();
                    let ops = ZkForms { k, n };
                    let chased: Vec<Vec<u32>> = shape
                        .chase_forms(&ops)
                        .chunks(n)
                        .map(|r| r.to_vec())
                        .collect();
                    assert_eq!(shape.reduced_zk(), chased, "{rows}×{cols}, k = {k}");
                }
            }
        }
    }
}
