//! Bit-packed matrices over GF(2) and their elimination.

use std::fmt;

use crate::bitvec::parity;
use crate::{AlgebraError, BitVec};

/// A dense matrix over GF(2), each row packed 64 entries per `u64` word.
///
/// Elimination XORs whole rows a word at a time, so a dense `n × n` system costs about
/// `n³/192` word operations.
///
/// # Example
///
/// The 3-button line where pressing a button flips it and its neighbours:
///
/// ```
/// use cgtk_algebra::{BitMatrix, BitVec};
///
/// let mut a = BitMatrix::zeros(3, 3);
/// for i in 0..3usize {
///     for j in i.saturating_sub(1)..=(i + 1).min(2) {
///         a.set(i, j, true);
///     }
/// }
/// assert_eq!(a.rank(), 3);
/// let b = BitVec::from_bools(&[true, true, true]);
/// let x = a.solve(&b).expect("invertible");
/// assert_eq!(a.mul_vec(&x), b);
/// assert_eq!(x.iter_ones().collect::<Vec<_>>(), vec![1]); // press the middle button
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct BitMatrix {
    rows: usize,
    cols: usize,
    stride: usize,
    data: Vec<u64>,
}

impl BitMatrix {
    /// The `rows × cols` zero matrix.
    pub fn zeros(rows: usize, cols: usize) -> Self {
        let stride = cols.div_ceil(64);
        BitMatrix {
            rows,
            cols,
            stride,
            data: vec![0; rows * stride],
        }
    }

    /// The `rows × cols` zero matrix, or an error when it would be too large to address.
    pub fn try_zeros(rows: usize, cols: usize) -> Result<Self, AlgebraError> {
        let max = crate::zk_matrix::MAX_ENTRIES * 32;
        rows.checked_mul(cols)
            .filter(|&n| n <= max)
            .map(|_| Self::zeros(rows, cols))
            .ok_or(AlgebraError::TooLarge { rows, cols, max })
    }

    /// The `n × n` identity matrix.
    pub fn identity(n: usize) -> Self {
        let mut m = Self::zeros(n, n);
        for i in 0..n {
            m.set(i, i, true);
        }
        m
    }

    /// A matrix from rows of booleans (all of the same length).
    pub fn from_bool_rows(rows: &[Vec<bool>]) -> Result<Self, AlgebraError> {
        let cols = rows.first().map_or(0, Vec::len);
        let mut m = Self::zeros(rows.len(), cols);
        for (r, row) in rows.iter().enumerate() {
            if row.len() != cols {
                return Err(AlgebraError::Dimension {
                    what: "row length",
                    expected: cols,
                    found: row.len(),
                });
            }
            for (c, &b) in row.iter().enumerate() {
                if b {
                    m.set(r, c, true);
                }
            }
        }
        Ok(m)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Row `i` as packed words (`cols.div_ceil(64)` of them; bits past `cols` are zero).
    pub fn row(&self, i: usize) -> &[u64] {
        &self.data[i * self.stride..(i + 1) * self.stride]
    }

    /// Row `i` as a vector.
    pub fn row_vec(&self, i: usize) -> BitVec {
        BitVec::from_words(self.cols, self.row(i).to_vec())
    }

    /// Entry `(r, c)`.
    ///
    /// # Panics
    /// When the position is outside the matrix.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> bool {
        self.check(r, c);
        self.data[r * self.stride + c / 64] >> (c % 64) & 1 == 1
    }

    /// Sets entry `(r, c)`.
    ///
    /// # Panics
    /// When the position is outside the matrix.
    #[inline]
    pub fn set(&mut self, r: usize, c: usize, value: bool) {
        self.check(r, c);
        let w = &mut self.data[r * self.stride + c / 64];
        let mask = 1u64 << (c % 64);
        if value {
            *w |= mask;
        } else {
            *w &= !mask;
        }
    }

    /// Flips entry `(r, c)`.
    ///
    /// # Panics
    /// When the position is outside the matrix.
    #[inline]
    pub fn toggle(&mut self, r: usize, c: usize) {
        self.check(r, c);
        self.data[r * self.stride + c / 64] ^= 1u64 << (c % 64);
    }

    fn check(&self, r: usize, c: usize) {
        assert!(
            r < self.rows && c < self.cols,
            "position ({r}, {c}) outside a {}x{} matrix",
            self.rows,
            self.cols
        );
    }

    /// `A·x` over GF(2).
    ///
    /// # Panics
    /// When `x.len() != cols`.
    pub fn mul_vec(&self, x: &BitVec) -> BitVec {
        assert_eq!(
            x.len(),
            self.cols,
            "vector of length {} times a matrix with {} columns",
            x.len(),
            self.cols
        );
        let mut y = BitVec::new(self.rows);
        for r in 0..self.rows {
            if parity(self.row(r), x.words()) {
                y.set(r, true);
            }
        }
        y
    }

    /// The rank over GF(2).
    pub fn rank(&self) -> usize {
        let mut work = self.data.clone();
        echelon(&mut work, self.rows, self.stride, self.cols).len()
    }

    /// `cols - rank`: the dimension of the kernel.
    pub fn nullity(&self) -> usize {
        self.cols - self.rank()
    }

    /// One solution of `A·x = b`, or `None` when there is none.
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
    pub fn try_solve(&self, b: &BitVec) -> Result<Option<BitVec>, AlgebraError> {
        if b.len() != self.rows {
            return Err(AlgebraError::Dimension {
                what: "right-hand side length",
                expected: self.rows,
                found: b.len(),
            });
        }
        // Augment with b in a word of its own after the matrix.
        let stride = self.stride + 1;
        let mut work = vec![0u64; self.rows * stride];
        for r in 0..self.rows {
            work[r * stride..r * stride + self.stride].copy_from_slice(self.row(r));
            work[r * stride + self.stride] = b.get(r) as u64;
        }
        let pivots = echelon(&mut work, self.rows, stride, self.cols);
        let rank = pivots.len();
        if (rank..self.rows).any(|r| work[r * stride + self.stride] != 0) {
            return Ok(None);
        }
        let mut x = BitVec::new(self.cols);
        let mut xw = vec![0u64; self.stride];
        for (i, &pc) in pivots.iter().enumerate().rev() {
            let row = &work[i * stride..i * stride + self.stride];
            let v = (work[i * stride + self.stride] & 1 == 1) ^ parity(row, &xw);
            if v {
                xw[pc / 64] |= 1u64 << (pc % 64);
                x.set(pc, true);
            }
        }
        Ok(Some(x))
    }

    /// A basis of the kernel (`nullity` vectors).
    pub fn kernel_basis(&self) -> Vec<BitVec> {
        let mut work = self.data.clone();
        let pivots = echelon(&mut work, self.rows, self.stride, self.cols);
        kernel_from_echelon(&work, self.stride, self.cols, &pivots)
    }

    /// Eliminates once, keeping the transform, so that many right-hand sides can be solved.
    pub fn analyze(&self) -> BitSystem {
        BitSystem::new(self)
    }
}

/// Gaussian elimination to row echelon form on the first `pivot_cols` columns of a
/// row-major packed matrix. Returns the pivot columns: after the call row `i` has its
/// leading 1 in column `pivots[i]`, and rows `pivots.len()..` are zero in those columns.
pub(crate) fn echelon(
    data: &mut [u64],
    rows: usize,
    stride: usize,
    pivot_cols: usize,
) -> Vec<usize> {
    let mut pivots = Vec::new();
    let mut rank = 0;
    for c in 0..pivot_cols {
        if rank == rows {
            break;
        }
        let w = c / 64;
        let bit = 1u64 << (c % 64);
        let Some(r) = (rank..rows).find(|&r| data[r * stride + w] & bit != 0) else {
            continue;
        };
        if r != rank {
            let (lo, hi) = data.split_at_mut(r * stride);
            lo[rank * stride..(rank + 1) * stride].swap_with_slice(&mut hi[..stride]);
        }
        let (top, bottom) = data.split_at_mut((rank + 1) * stride);
        let pivot_row = &top[rank * stride + w..(rank + 1) * stride];
        for row in bottom.chunks_exact_mut(stride) {
            if row[w] & bit != 0 {
                xor_into(&mut row[w..], pivot_row);
            }
        }
        pivots.push(c);
        rank += 1;
    }
    pivots
}

#[inline]
fn xor_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= s;
    }
}

/// Kernel basis from an echelon form: one vector per free column, by back substitution.
fn kernel_from_echelon(work: &[u64], stride: usize, cols: usize, pivots: &[usize]) -> Vec<BitVec> {
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
    fn new(a: &BitMatrix) -> Self {
        let stride = a.stride;
        let full_stride = stride + a.rows.div_ceil(64);
        let mut work = vec![0u64; a.rows * full_stride];
        for r in 0..a.rows {
            work[r * full_stride..r * full_stride + stride].copy_from_slice(a.row(r));
            work[r * full_stride + stride + r / 64] |= 1u64 << (r % 64);
        }
        let pivots = echelon(&mut work, a.rows, full_stride, a.cols);
        BitSystem {
            rows: a.rows,
            cols: a.cols,
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
    /// When `b.len() != rows`.
    pub fn solve(&self, b: &BitVec) -> Option<BitVec> {
        assert_eq!(
            b.len(),
            self.rows,
            "right-hand side of length {} for {} rows",
            b.len(),
            self.rows
        );
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

impl fmt::Debug for BitMatrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "BitMatrix {}x{}", self.rows, self.cols)?;
        for r in 0..self.rows {
            let line: String = (0..self.cols)
                .map(|c| if self.get(r, c) { '1' } else { '0' })
                .collect();
            writeln!(f, "  {line}")?;
        }
        Ok(())
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
