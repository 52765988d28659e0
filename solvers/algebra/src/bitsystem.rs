//! Elimination over GF(2): row echelon form in strips, kernels, and [`BitSystem`].

use rayon::prelude::*;
use std::fmt;

use crate::bitvec::parity;
use crate::{AlgebraError, BitMatrix, BitVec};

/// Gaussian elimination to row echelon form on the first `pivot_cols` columns of a
/// row-major packed matrix. Returns the pivot columns: after the call row `i` has its
/// leading 1 in column `pivots[i]`, and rows `pivots.len()..` are zero in those columns.
///
/// Columns are taken in strips of [`STRIP`] (inside one word): the strip's pivot rows are
/// found and reduced among themselves, then every row below is cleared in the strip with a
/// single XOR of a precomputed combination of the pivot rows (the "Four Russians" idea),
/// instead of one XOR per pivot.
pub(crate) fn echelon(
    data: &mut [u64],
    rows: usize,
    stride: usize,
    pivot_cols: usize,
) -> Vec<usize> {
    let mut pivots = Vec::new();
    let mut rank = 0;
    let mut table: Vec<u64> = Vec::new();
    let mut selectors: Vec<usize> = Vec::new();
    let mut c0 = 0;
    while c0 < pivot_cols && rank < rows {
        let w = c0 / 64;
        let width = STRIP.min(pivot_cols - c0).min(64 - c0 % 64);
        let strip = strip_pivots(data, rows, stride, rank, c0, width);
        let np = strip.len();
        if np > 0 {
            // Only the pivot rows' nonzero span matters (banded matrices stay cheap).
            let span = |j: usize| {
                let row = &data[(rank + j) * stride + w..(rank + j + 1) * stride];
                row.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1)
            };
            let len = (0..np).map(span).max().unwrap_or(0);
            let offsets: Vec<u32> = strip.iter().map(|&c| (c % 64) as u32).collect();
            // Which pivot rows each row below needs: the bits of its strip at the pivots.
            selectors.clear();
            let strip_mask = offsets.iter().fold(0u64, |m, &off| m | 1 << off);
            selectors.extend(
                data[(rank + np) * stride..rows * stride]
                    .chunks_exact(stride)
                    .map(|row| {
                        let x = row[w];
                        if x & strip_mask == 0 {
                            return 0;
                        }
                        offsets
                            .iter()
                            .enumerate()
                            .fold(0usize, |m, (j, &off)| m | (((x >> off) & 1) as usize) << j)
                    }),
            );
            let direct: usize = selectors.iter().map(|m| m.count_ones() as usize).sum();
            let with_table = (1usize << np) + selectors.iter().filter(|&&m| m != 0).count();
            if direct <= with_table {
                // Few rows to clear (sparse matrices): one XOR per pivot row needed.
                for (r, &m) in (rank + np..rows).zip(selectors.iter()) {
                    let mut m = m;
                    while m != 0 {
                        let j = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let (lo, hi) = data.split_at_mut(r * stride);
                        let src = (rank + j) * stride + w;
                        xor_into(&mut hi[w..w + len], &lo[src..src + len]);
                    }
                }
            } else {
                // table[m] = XOR of the pivot rows selected by the bits of m (from word w).
                table.clear();
                table.resize(len << np, 0);
                for m in 1usize..1 << np {
                    let low = m.trailing_zeros() as usize;
                    let prev = m & (m - 1);
                    let src = (rank + low) * stride + w;
                    for i in 0..len {
                        table[m * len + i] = table[prev * len + i] ^ data[src + i];
                    }
                }
                // Rows below are independent: large matrices clear them on every core.
                let below = &mut data[(rank + np) * stride..rows * stride];
                let table = &table;
                let clear = |(row, &m): (&mut [u64], &usize)| {
                    if m != 0 {
                        xor_into(&mut row[w..w + len], &table[m * len..(m + 1) * len]);
                    }
                };
                if below.len() * len / stride >= PARALLEL_WORDS {
                    below
                        .par_chunks_exact_mut(stride)
                        .zip(selectors.par_iter())
                        .with_min_len(64)
                        .for_each(clear);
                } else {
                    below
                        .chunks_exact_mut(stride)
                        .zip(selectors.iter())
                        .for_each(clear);
                }
            }
            pivots.extend_from_slice(&strip);
            rank += np;
        }
        c0 += width;
    }
    pivots
}

/// Words to XOR in one strip from which [`echelon`] clears the rows below in parallel.
const PARALLEL_WORDS: usize = 1 << 16;

/// Columns processed together by [`echelon`].
const STRIP: usize = 8;

/// Finds the pivots of columns `c0..c0 + width` (inside one word) among rows `rank..`,
/// moves them to rows `rank..rank + np` and reduces them so that each has a 1 in its own
/// pivot column and 0 in the strip's other pivot columns. Returns the pivot columns.
fn strip_pivots(
    data: &mut [u64],
    rows: usize,
    stride: usize,
    rank: usize,
    c0: usize,
    width: usize,
) -> Vec<usize> {
    let w = c0 / 64;
    let mut found: Vec<usize> = Vec::new();
    for c in c0..c0 + width {
        let bit = 1u64 << (c % 64);
        let top = rank + found.len();
        // A row below whose bit c is set once the strip's pivots are cleared from it.
        let reduced = |x: u64, data: &[u64]| {
            let mut x = x;
            for (j, &pc) in found.iter().enumerate() {
                if x >> (pc % 64) & 1 == 1 {
                    x ^= data[(rank + j) * stride + w];
                }
            }
            x
        };
        let Some(r) = (top..rows).find(|&r| reduced(data[r * stride + w], data) & bit != 0) else {
            continue;
        };
        // Clear the earlier strip pivots from row r for real, then move it to `top`.
        for (j, &pc) in found.iter().enumerate() {
            if data[r * stride + w] >> (pc % 64) & 1 == 1 {
                let (lo, hi) = data.split_at_mut(r * stride);
                xor_into(
                    &mut hi[w..stride],
                    &lo[(rank + j) * stride + w..(rank + j + 1) * stride],
                );
            }
        }
        if r != top {
            let (lo, hi) = data.split_at_mut(r * stride);
            lo[top * stride..(top + 1) * stride].swap_with_slice(&mut hi[..stride]);
        }
        // Clear column c from the earlier strip pivot rows.
        for j in 0..found.len() {
            let at = (rank + j) * stride;
            if data[at + w] & bit != 0 {
                let (lo, hi) = data.split_at_mut(top * stride);
                xor_into(&mut lo[at + w..at + stride], &hi[w..stride]);
            }
        }
        found.push(c);
    }
    found
}

#[inline]
fn xor_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= s;
    }
}

/// Kernel basis from an echelon form: one vector per free column, by back substitution.
pub(crate) fn kernel_from_echelon(
    work: &[u64],
    stride: usize,
    cols: usize,
    pivots: &[usize],
) -> Vec<BitVec> {
    let mut is_pivot = vec![false; cols];
    for &p in pivots {
        is_pivot[p] = true;
    }
    (0..cols)
        .filter(|&f| !is_pivot[f])
        .map(|f| {
            let mut xw = vec![0u64; cols.div_ceil(64)];
            xw[f / 64] |= 1u64 << (f % 64);
            for (i, &pc) in pivots.iter().enumerate().rev() {
                if pc > f {
                    continue;
                }
                if parity(&work[i * stride..i * stride + xw.len()], &xw) {
                    xw[pc / 64] |= 1u64 << (pc % 64);
                }
            }
            BitVec::from_words(cols, xw)
        })
        .collect()
}

/// One elimination of a [`BitMatrix`] with its transform `T` (`T·A = R`, `R` in row
/// echelon form), for solving many right-hand sides.
///
/// ```
/// use cgtk_algebra::{BitMatrix, BitVec};
/// let mut a = BitMatrix::zeros(2, 2);
/// a.set(0, 0, true);
/// a.set(0, 1, true);
/// a.set(1, 0, true);
/// a.set(1, 1, true);
/// let sys = a.analyze();
/// assert_eq!((sys.rank(), sys.nullity()), (1, 1));
/// assert!(sys.solve(&BitVec::from_bools(&[true, false])).is_none());
/// let b = BitVec::from_bools(&[true, true]);
/// assert_eq!(a.mul_vec(&sys.solve(&b).unwrap()), b);
/// ```
#[derive(Clone)]
pub struct BitSystem {
    rows: usize,
    cols: usize,
    stride: usize,
    /// Rows of `[R | T]`, `R` taking `stride` words and `T` the rest.
    work: Vec<u64>,
    full_stride: usize,
    pivots: Vec<usize>,
}

impl BitSystem {
    pub(crate) fn new(a: &BitMatrix) -> Self {
        let (rows, cols) = (a.rows(), a.cols());
        let stride = cols.div_ceil(64);
        let full_stride = stride + rows.div_ceil(64);
        let mut work = vec![0u64; rows * full_stride];
        for r in 0..rows {
            work[r * full_stride..r * full_stride + stride].copy_from_slice(a.row(r));
            work[r * full_stride + stride + r / 64] |= 1u64 << (r % 64);
        }
        let pivots = echelon(&mut work, rows, full_stride, cols);
        BitSystem {
            rows,
            cols,
            stride,
            work,
            full_stride,
            pivots,
        }
    }

    /// The rank of `A`.
    pub fn rank(&self) -> usize {
        self.pivots.len()
    }

    /// The dimension of the kernel of `A`.
    pub fn nullity(&self) -> usize {
        self.cols - self.rank()
    }

    /// True when every right-hand side is solvable.
    pub fn is_surjective(&self) -> bool {
        self.rank() == self.rows
    }

    /// One solution of `A·x = b`, or `None`.
    ///
    /// # Panics
    /// When `b.len() != rows` (see [`try_solve`](Self::try_solve)).
    pub fn solve(&self, b: &BitVec) -> Option<BitVec> {
        match self.try_solve(b) {
            Ok(x) => x,
            Err(e) => panic!("{e}"),
        }
    }

    /// One solution of `A·x = b`, `Ok(None)` when there is none, an error when
    /// `b.len() != rows`.
    ///
    /// ```
    /// use cgtk_algebra::{AlgebraError, BitMatrix, BitVec};
    /// let sys = BitMatrix::identity(3).analyze();
    /// let b = BitVec::from_bools(&[true, false, true]);
    /// assert_eq!(sys.try_solve(&b).unwrap(), Some(b));
    /// let short = BitVec::from_bools(&[true]);
    /// assert!(matches!(sys.try_solve(&short), Err(AlgebraError::Dimension { .. })));
    /// ```
    pub fn try_solve(&self, b: &BitVec) -> Result<Option<BitVec>, AlgebraError> {
        crate::error::check_rhs_len(self.rows, b.len())?;
        Ok(self.solve_checked(b))
    }

    fn solve_checked(&self, b: &BitVec) -> Option<BitVec> {
        let fs = self.full_stride;
        let transformed =
            |i: usize| parity(&self.work[i * fs + self.stride..(i + 1) * fs], b.words());
        if (self.rank()..self.rows).any(transformed) {
            return None;
        }
        let mut xw = vec![0u64; self.stride];
        for (i, &pc) in self.pivots.iter().enumerate().rev() {
            let v = transformed(i) ^ parity(&self.work[i * fs..i * fs + self.stride], &xw);
            if v {
                xw[pc / 64] |= 1u64 << (pc % 64);
            }
        }
        Some(BitVec::from_words(self.cols, xw))
    }

    /// A basis of the kernel of `A`.
    pub fn kernel_basis(&self) -> Vec<BitVec> {
        kernel_from_echelon(&self.work, self.full_stride, self.cols, &self.pivots)
    }
}

impl fmt::Debug for BitSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "BitSystem {{ rows: {}, cols: {}, rank: {} }}",
            self.rows,
            self.cols,
            self.rank()
        )
    }
}
