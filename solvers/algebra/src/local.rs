//! Elimination over a local ring Z/p^eZ: a diagonal form `P·A·Q = D`.
//!
//! Every nonzero element of Z/p^eZ is `u·p^v` with `u` a unit and `v < e`. Choosing as
//! pivot an entry of minimal valuation `v` in the remaining block, every other entry of the
//! block is a multiple of `p^v`, so the pivot clears its column (row operations) and its
//! row (column operations) exactly, without dividing by a non-unit. Scaling the pivot row by
//! `u^-1` leaves `p^v` on the diagonal.

use crate::modular::{inv_mod, valuation, Reducer};

/// The diagonal form of one matrix over Z/p^eZ with its transforms.
#[derive(Clone, Debug)]
pub(crate) struct LocalForm {
    pub(crate) p: u32,
    pub(crate) e: u32,
    /// `p^e`.
    pub(crate) q: u32,
    rows: usize,
    cols: usize,
    /// `P`, rows × rows, row-major.
    left: Vec<u32>,
    /// `Q` transposed: row `t` of this is column `t` of `Q`; cols × cols.
    right_t: Vec<u32>,
    /// Valuations of the diagonal of `D` (`e` stands for zero); length `min(rows, cols)`.
    pub(crate) diag: Vec<u32>,
}

impl LocalForm {
    /// Eliminates `a` (rows × cols, entries reduced modulo `q = p^e`).
    pub(crate) fn new(mut a: Vec<u32>, rows: usize, cols: usize, p: u32, e: u32) -> Self {
        let q = p.pow(e);
        let red = Reducer::new(q);
        let q64 = q as u64;
        let p64 = p as u64;
        let mut left = identity(rows);
        let mut right_t = identity(cols);
        let steps = rows.min(cols);
        let mut diag = vec![e; steps];
        let mut pow_p = vec![1u64; e as usize + 1];
        for i in 1..=e as usize {
            pow_p[i] = pow_p[i - 1] * p64;
        }
        for t in 0..steps {
            let Some((pi, pj, v)) = find_pivot(&a, rows, cols, t, p64, e) else {
                break;
            };
            // Bring the pivot to (t, t).
            if pi != t {
                swap_rows(&mut a, cols, t, pi);
                swap_rows(&mut left, rows, t, pi);
            }
            if pj != t {
                for r in 0..rows {
                    a.swap(r * cols + t, r * cols + pj);
                }
                swap_rows(&mut right_t, cols, t, pj);
            }
            diag[t] = v;
            let pv = pow_p[v as usize];
            // Scale the pivot row so that the pivot is exactly p^v.
            let unit = a[t * cols + t] as u64 / pv;
            let unit_inv = inv_mod(unit % q64, q64).unwrap_or(1);
            if unit_inv != 1 {
                scale_row(&mut a[t * cols + t..(t + 1) * cols], unit_inv, &red);
                scale_row(&mut left[t * rows..(t + 1) * rows], unit_inv, &red);
            }
            // Clear the column below the pivot with row operations.
            for i in t + 1..rows {
                let x = a[i * cols + t] as u64;
                if x == 0 {
                    continue;
                }
                let f = (q64 - x / pv) % q64; // subtract (x / p^v) times the pivot row
                let (top, bottom) = a.split_at_mut(i * cols);
                axpy(
                    &mut bottom[t..cols],
                    &top[t * cols + t..(t + 1) * cols],
                    f,
                    &red,
                );
                let (top, bottom) = left.split_at_mut(i * rows);
                axpy(&mut bottom[..rows], &top[t * rows..(t + 1) * rows], f, &red);
            }
            // Clear the row right of the pivot with column operations; in `a` they only touch
            // row t, since the pivot column is now zero below the pivot.
            for j in t + 1..cols {
                let x = a[t * cols + j] as u64;
                if x == 0 {
                    continue;
                }
                a[t * cols + j] = 0;
                let f = (q64 - x / pv) % q64;
                let (lo, hi) = right_t.split_at_mut(j * cols);
                axpy(&mut hi[..cols], &lo[t * cols..(t + 1) * cols], f, &red);
            }
        }
        LocalForm {
            p,
            e,
            q,
            rows,
            cols,
            left,
            right_t,
            diag,
        }
    }

    /// One solution of `A·x = b` over Z/p^eZ (`b` reduced mod q), or `None`.
    pub(crate) fn solve(&self, b: &[u64]) -> Option<Vec<u64>> {
        let red = Reducer::new(self.q);
        let p64 = self.p as u64;
        let mut y = vec![0u64; self.cols];
        #[allow(clippy::needless_range_loop)] // i indexes P's rows, D's diagonal and y at once
        for i in 0..self.rows {
            let row = &self.left[i * self.rows..(i + 1) * self.rows];
            let c = dot(row, b, &red);
            let v = self.diag.get(i).copied().unwrap_or(self.e);
            if v >= self.e {
                if c != 0 {
                    return None;
                }
            } else {
                let pv = p64.pow(v);
                if c % pv != 0 {
                    return None;
                }
                y[i] = c / pv;
            }
        }
        let mut x = vec![0u64; self.cols];
        for (t, &yt) in y.iter().enumerate() {
            if yt != 0 {
                let col = &self.right_t[t * self.cols..(t + 1) * self.cols];
                for (xr, &qr) in x.iter_mut().zip(col) {
                    *xr = red.reduce(*xr + yt * qr as u64);
                }
            }
        }
        Some(x)
    }

    /// A basis of the kernel as a product of cyclic groups: `(generator, order)` with
    /// orders `p^s`, `s >= 1`, in decreasing order.
    pub(crate) fn kernel_basis(&self) -> Vec<(Vec<u64>, u64)> {
        let red = Reducer::new(self.q);
        let q64 = self.q as u64;
        let p64 = self.p as u64;
        let mut out = Vec::new();
        for t in 0..self.cols {
            let v = self.diag.get(t).copied().unwrap_or(self.e);
            if v == 0 {
                continue;
            }
            // D y = 0 forces p^v y_t = 0, i.e. y_t in p^(e - v) Z; a free column has v = e.
            let v = v.min(self.e);
            let scale = p64.pow(self.e - v);
            let col = &self.right_t[t * self.cols..(t + 1) * self.cols];
            let g: Vec<u64> = col.iter().map(|&c| red.reduce(c as u64 * scale)).collect();
            out.push((g, p64.pow(v)));
        }
        out.sort_by_key(|&(_, o)| std::cmp::Reverse(o));
        debug_assert!(out.iter().all(|(_, o)| *o <= q64));
        out
    }

    /// Number of diagonal entries that are units.
    pub(crate) fn unit_pivots(&self) -> usize {
        self.diag.iter().filter(|&&v| v == 0).count()
    }
}

fn identity(n: usize) -> Vec<u32> {
    let mut m = vec![0u32; n * n];
    for i in 0..n {
        m[i * n + i] = 1;
    }
    m
}

fn swap_rows(m: &mut [u32], width: usize, i: usize, j: usize) {
    if i == j {
        return;
    }
    let (i, j) = (i.min(j), i.max(j));
    let (lo, hi) = m.split_at_mut(j * width);
    lo[i * width..(i + 1) * width].swap_with_slice(&mut hi[..width]);
}

/// The entry of minimal valuation in the block `rows t.., cols t..` (a unit ends the search).
fn find_pivot(
    a: &[u32],
    rows: usize,
    cols: usize,
    t: usize,
    p: u64,
    e: u32,
) -> Option<(usize, usize, u32)> {
    // Fast path: a unit in column t.
    for i in t..rows {
        let x = a[i * cols + t] as u64;
        if x % p != 0 {
            return Some((i, t, 0));
        }
    }
    let mut best: Option<(usize, usize, u32)> = None;
    for i in t..rows {
        for j in t..cols {
            let x = a[i * cols + j] as u64;
            if x == 0 {
                continue;
            }
            if x % p != 0 {
                return Some((i, j, 0));
            }
            let v = valuation(x, p, e);
            if best.map_or(true, |(_, _, bv)| v < bv) {
                best = Some((i, j, v));
            }
        }
    }
    best
}

#[inline]
fn scale_row(row: &mut [u32], f: u64, red: &Reducer) {
    for x in row {
        *x = red.reduce(*x as u64 * f) as u32;
    }
}

/// `dst += f * src` elementwise modulo q.
#[inline]
fn axpy(dst: &mut [u32], src: &[u32], f: u64, red: &Reducer) {
    if f == 0 {
        return;
    }
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = red.reduce(*d as u64 + f * s as u64) as u32;
    }
}

fn dot(row: &[u32], b: &[u64], red: &Reducer) -> u64 {
    let mut acc = 0u64;
    for (&r, &x) in row.iter().zip(b) {
        if r != 0 && x != 0 {
            acc = red.reduce(acc + r as u64 * x);
        }
    }
    acc
}
