//! Elimination over a local ring Z/p^eZ: a diagonal form `P·A·Q = D`.
//!
//! Every nonzero element of Z/p^eZ is `u·p^v` with `u` a unit and `v < e`. Choosing as
//! pivot an entry of minimal valuation `v` in the remaining block, every other entry of the
//! block is a multiple of `p^v`, so the pivot clears its column (row operations) and its
//! row (column operations) exactly, without dividing by a non-unit. Scaling the pivot row by
//! `u^-1` leaves `p^v` on the diagonal.

use crate::modular::{inv_mod, valuation, Reducer};

/// The diagonal form of one matrix over Z/p^eZ with its transforms kept in factored form
/// (like an LU factorisation with pivoting):
///
/// - below the diagonal, `factors[i][t]` is the multiple of pivot row `t` subtracted from
///   row `i` at step `t`; right of the diagonal, `factors[t][j]` is the multiple of pivot
///   column `t` subtracted from column `j`; rows and columns of stored multipliers were
///   swapped along with later pivot swaps, so every swap can be applied first;
/// - on the diagonal, `p^v` (or 0).
#[derive(Clone, Debug)]
pub(crate) struct LocalForm {
    pub(crate) p: u32,
    pub(crate) e: u32,
    /// `p^e`.
    pub(crate) q: u32,
    cols: usize,
    factors: Vec<u32>,
    /// Row and column swapped with `t` at step `t`.
    row_swaps: Vec<usize>,
    col_swaps: Vec<usize>,
    /// The unit by which the pivot row was scaled at step `t`.
    scales: Vec<u32>,
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
        let steps = rows.min(cols);
        let mut diag = vec![e; steps];
        let (mut row_swaps, mut col_swaps, mut scales) = (Vec::new(), Vec::new(), Vec::new());
        let mut exact = ExactValuation::new(p64, e, 0);
        for t in 0..steps {
            let Some((pi, pj, v)) = find_pivot(&a, rows, cols, t, &exact, p64, e) else {
                break;
            };
            if v != exact.floor {
                exact = ExactValuation::new(p64, e, v);
            }
            // Bring the pivot to (t, t), stored multipliers included.
            if pi != t {
                swap_rows(&mut a, cols, t, pi);
            }
            if pj != t {
                for r in 0..rows {
                    a.swap(r * cols + t, r * cols + pj);
                }
            }
            row_swaps.push(pi);
            col_swaps.push(pj);
            diag[t] = v;
            let pv = p64.pow(v);
            // Scale the pivot row so that the pivot is exactly p^v.
            let unit = a[t * cols + t] as u64 / pv;
            let unit_inv = inv_mod(unit % q64, q64).unwrap_or(1);
            scales.push(unit_inv as u32);
            if unit_inv != 1 {
                scale_row(&mut a[t * cols + t..(t + 1) * cols], unit_inv, &red);
            }
            // Clear the column below the pivot with row operations (every entry of the
            // block is a multiple of p^v), keeping the multiplier in the cleared place.
            // Only the pivot row's nonzero span matters (banded matrices stay cheap).
            let end = t
                + 1
                + a[t * cols + t + 1..(t + 1) * cols]
                    .iter()
                    .rposition(|&x| x != 0)
                    .map_or(0, |j| j + 1);
            for i in t + 1..rows {
                let x = a[i * cols + t] as u64;
                if x == 0 {
                    continue;
                }
                let f = x / pv;
                a[i * cols + t] = f as u32;
                let (top, bottom) = a.split_at_mut(i * cols);
                axpy(
                    &mut bottom[t + 1..end],
                    &top[t * cols + t + 1..t * cols + end],
                    q64 - f,
                    &red,
                );
            }
            // Clearing the row right of the pivot with column operations touches nothing
            // else in the block (the pivot column is now zero below the pivot): only the
            // multipliers are kept.
            for j in t + 1..cols {
                let x = a[t * cols + j] as u64;
                if x != 0 {
                    a[t * cols + j] = (x / pv) as u32;
                }
            }
        }
        LocalForm {
            p,
            e,
            q,
            cols,
            factors: a,
            row_swaps,
            col_swaps,
            scales,
            diag,
        }
    }

    /// `P·b`: the row operations of the elimination applied to `b`.
    fn apply_left(&self, b: &[u64], red: &Reducer) -> Vec<u64> {
        let q64 = self.q as u64;
        let mut c = b.to_vec();
        for (t, &pi) in self.row_swaps.iter().enumerate() {
            c.swap(t, pi);
        }
        for (t, &s) in self.scales.iter().enumerate() {
            c[t] = red.reduce(c[t] * s as u64);
            let ct = c[t];
            if ct == 0 {
                continue;
            }
            for (i, ci) in c.iter_mut().enumerate().skip(t + 1) {
                let f = self.factors[i * self.cols + t] as u64;
                if f != 0 {
                    *ci = red.reduce(*ci + (q64 - f) * ct);
                }
            }
        }
        c
    }

    /// `Q·y`: the column operations of the elimination applied to `y`, whose entries past
    /// `last` are zero.
    fn apply_right(&self, mut y: Vec<u64>, last: usize, red: &Reducer) -> Vec<u64> {
        let q64 = self.q as u64;
        let start = self.col_swaps.len().min(last + 1);
        // While y has few nonzero entries (kernel generators usually), only those are
        // visited; once it fills up, whole rows are.
        let mut support: Vec<usize> = (start..self.cols).filter(|&j| y[j] != 0).collect();
        let mut dense = support.len() * 8 > self.cols;
        for s in (0..start).rev() {
            let row = &self.factors[s * self.cols..(s + 1) * self.cols];
            let mut acc = 0u64;
            if dense {
                for (&g, &yj) in row[s + 1..].iter().zip(&y[s + 1..]) {
                    if g != 0 && yj != 0 {
                        acc = red.reduce(acc + g as u64 * yj);
                    }
                }
            } else {
                for &j in &support {
                    let g = row[j];
                    if g != 0 {
                        acc = red.reduce(acc + g as u64 * y[j]);
                    }
                }
            }
            if acc != 0 {
                y[s] = red.reduce(y[s] + q64 - acc);
            }
            if !dense && y[s] != 0 {
                support.push(s);
                dense = support.len() * 8 > self.cols;
            }
        }
        for (t, &pj) in self.col_swaps.iter().enumerate().rev() {
            y.swap(t, pj);
        }
        y
    }

    /// One solution of `A·x = b` over Z/p^eZ (`b` reduced mod q), or `None`.
    pub(crate) fn solve(&self, b: &[u64]) -> Option<Vec<u64>> {
        let red = Reducer::new(self.q);
        let p64 = self.p as u64;
        let c = self.apply_left(b, &red);
        let mut y = vec![0u64; self.cols];
        for (i, &ci) in c.iter().enumerate() {
            let v = self.diag.get(i).copied().unwrap_or(self.e);
            if v >= self.e {
                if ci != 0 {
                    return None;
                }
            } else {
                let pv = p64.pow(v);
                if ci % pv != 0 {
                    return None;
                }
                y[i] = ci / pv;
            }
        }
        Some(self.apply_right(y, self.cols, &red))
    }

    /// A basis of the kernel as a product of cyclic groups: `(generator, order)` with
    /// orders `p^s`, `s >= 1`, in decreasing order.
    pub(crate) fn kernel_basis(&self) -> Vec<(Vec<u64>, u64)> {
        let red = Reducer::new(self.q);
        let p64 = self.p as u64;
        let mut out = Vec::new();
        for t in 0..self.cols {
            let v = self.diag.get(t).copied().unwrap_or(self.e);
            if v == 0 {
                continue;
            }
            // D y = 0 forces p^v y_t = 0, i.e. y_t in p^(e - v) Z; a free column has v = e.
            let mut y = vec![0u64; self.cols];
            y[t] = red.reduce(p64.pow(self.e - v));
            out.push((self.apply_right(y, t, &red), p64.pow(v)));
        }
        out.sort_by_key(|&(_, o)| std::cmp::Reverse(o));
        out
    }

    /// Number of diagonal entries that are units.
    pub(crate) fn unit_pivots(&self) -> usize {
        self.diag.iter().filter(|&&v| v == 0).count()
    }
}

fn swap_rows(m: &mut [u32], width: usize, i: usize, j: usize) {
    if i == j {
        return;
    }
    let (i, j) = (i.min(j), i.max(j));
    let (lo, hi) = m.split_at_mut(j * width);
    lo[i * width..(i + 1) * width].swap_with_slice(&mut hi[..width]);
}

/// Tests "valuation exactly `floor`" for entries known to be multiples of `p^floor`,
/// i.e. "not a multiple of `d = p^(floor+1)`", without a division.
#[derive(Clone, Copy)]
struct ExactValuation {
    floor: u32,
    /// `d - 1` when `d` is a power of two.
    mask: Option<u32>,
    /// For odd `d`: `d^-1 mod 2^32` and `floor((2^32 - 1) / d)`; `d | x` iff
    /// `x·d^-1 mod 2^32 <= that bound`.
    inverse: u32,
    bound: u32,
}

impl ExactValuation {
    fn new(p: u64, e: u32, floor: u32) -> Self {
        let d = if floor + 1 >= e {
            1u64 << 32
        } else {
            p.pow(floor + 1)
        };
        if d.is_power_of_two() {
            let mask = if d == 1 << 32 {
                u32::MAX
            } else {
                (d - 1) as u32
            };
            ExactValuation {
                floor,
                mask: Some(mask),
                inverse: 0,
                bound: 0,
            }
        } else {
            let inverse = inv_mod(d, 1 << 32).unwrap_or(1) as u32;
            ExactValuation {
                floor,
                mask: None,
                inverse,
                bound: (u32::MAX as u64 / d) as u32,
            }
        }
    }

    /// True when the nonzero multiple `x` of `p^floor` has valuation exactly `floor`.
    #[inline(always)]
    fn holds(&self, x: u32) -> bool {
        match self.mask {
            // floor + 1 >= e: every nonzero entry (x < q) qualifies.
            Some(u32::MAX) => true,
            Some(mask) => x & mask != 0,
            None => x.wrapping_mul(self.inverse) > self.bound,
        }
    }
}

/// A pivot of minimal valuation in the block `rows t.., cols t..`. Every entry of the block
/// is a multiple of `p^floor` (the previous pivot's valuation), so the first entry of
/// valuation exactly `floor` ends the search; otherwise the whole block is scanned.
fn find_pivot(
    a: &[u32],
    rows: usize,
    cols: usize,
    t: usize,
    exact: &ExactValuation,
    p: u64,
    e: u32,
) -> Option<(usize, usize, u32)> {
    let floor = exact.floor;
    // Fast path: column t.
    for i in t..rows {
        let x = a[i * cols + t];
        if x != 0 && exact.holds(x) {
            return Some((i, t, floor));
        }
    }
    let mut best: Option<(usize, usize, u32)> = None;
    for i in t..rows {
        let row = &a[i * cols..(i + 1) * cols];
        for (j, &x) in row.iter().enumerate().skip(t) {
            if x == 0 {
                continue;
            }
            if exact.holds(x) {
                return Some((i, j, floor));
            }
            let v = valuation(x as u64, p, e);
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

/// `x mod q` for `q < 2^16`, `x < 2^32`, given `m = floor(2^32 / q)`.
#[inline(always)]
fn reduce_small(x: u32, q: u32, m: u64) -> u32 {
    let t = ((x as u64 * m) >> 32) as u32;
    let r = x - t * q;
    if r >= q {
        r - q
    } else {
        r
    }
}

/// `dst += f * src` elementwise modulo q.
#[inline]
fn axpy(dst: &mut [u32], src: &[u32], f: u64, red: &Reducer) {
    if f == 0 {
        return;
    }
    let q = red.modulus();
    if q.is_power_of_two() {
        // Arithmetic modulo 2^32 then a mask is exact, and vectorises.
        let (f, mask) = (f as u32, (q - 1) as u32);
        for (d, &s) in dst.iter_mut().zip(src) {
            *d = d.wrapping_add(f.wrapping_mul(s)) & mask;
        }
    } else if q < 1 << 16 {
        // d + f·s < 2^32: a 32-bit Barrett step (quotient off by at most one), which
        // vectorises.
        let (f, q32) = (f as u32, q as u32);
        let m = (1u64 << 32) / q;
        for (d, &s) in dst.iter_mut().zip(src) {
            *d = reduce_small(*d + f * s, q32, m);
        }
    } else {
        for (d, &s) in dst.iter_mut().zip(src) {
            *d = red.reduce(*d as u64 + f * s as u64) as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_valuation_test() {
        for (p, e) in [
            (2u64, 1u32),
            (2, 5),
            (3, 4),
            (5, 2),
            (7, 1),
            (2, 31),
            (3, 20),
            (65521, 2),
        ] {
            let q = p.pow(e);
            for floor in 0..e {
                let test = ExactValuation::new(p, e, floor);
                let step = p.pow(floor);
                let mut x = step;
                let mut count = 0;
                while x < q && count < 20_000 {
                    assert_eq!(
                        test.holds(x as u32),
                        valuation(x, p, e) == floor,
                        "p^e = {p}^{e}, x = {x}"
                    );
                    x += step * (1 + count % 7);
                    count += 1;
                }
            }
        }
    }

    #[test]
    fn small_reduction_is_exact() {
        for q in [2u32, 3, 5, 6, 7, 10, 255, 257, 4095, 65521, 65534, 65535] {
            let m = (1u64 << 32) / q as u64;
            let max = (q - 1) + (q - 1) * (q - 1);
            for start in (0..max.saturating_sub(1000)).step_by(1_000_003) {
                for y in start..start + 1000 {
                    assert_eq!(reduce_small(y, q, m), y % q, "q = {q}, x = {y}");
                }
            }
            for y in max.saturating_sub(1000)..=max {
                assert_eq!(reduce_small(y, q, m), y % q, "q = {q}, x = {y}");
            }
        }
    }
}
