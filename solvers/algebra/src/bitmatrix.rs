//! Bit-packed matrices over GF(2) and their elimination.

use std::fmt;

use crate::bitsystem::{echelon, kernel_from_echelon};
use crate::bitvec::parity;
use crate::{AlgebraError, BitSystem, BitVec, ZkMatrix};

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

    /// A matrix from its packed rows: `cols.div_ceil(64)` words per row, bit `j % 64` of
    /// word `j / 64` is column `j`; bits past the last column are cleared. `None` when
    /// `words` does not hold exactly `rows` such rows.
    ///
    /// ```
    /// use cgtk_algebra::BitMatrix;
    /// let m = BitMatrix::from_row_words(2, 3, vec![0b101, 0b010]).unwrap();
    /// assert!(m.get(0, 0) && m.get(0, 2) && m.get(1, 1) && !m.get(1, 0));
    /// assert!(BitMatrix::from_row_words(2, 3, vec![1]).is_none());
    /// ```
    pub fn from_row_words(rows: usize, cols: usize, mut words: Vec<u64>) -> Option<Self> {
        let stride = cols.div_ceil(64);
        if rows.checked_mul(stride)? != words.len() {
            return None;
        }
        if cols % 64 != 0 {
            let mask = (1u64 << (cols % 64)) - 1;
            for row in words.chunks_exact_mut(stride) {
                row[stride - 1] &= mask;
            }
        }
        Some(BitMatrix {
            rows,
            cols,
            stride,
            data: words,
        })
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

    /// The same matrix as a bit-packed one; an error unless the modulus is 2.
    ///
    /// ```
    /// use cgtk_algebra::{BitMatrix, ZkMatrix};
    /// let z = ZkMatrix::from_rows(2, vec![vec![1, 0], vec![1, 1]])?;
    /// let b = BitMatrix::from_zk(&z)?;
    /// assert_eq!(b.rank(), 2);
    /// assert_eq!(b.to_zk(), z);
    /// assert!(BitMatrix::from_zk(&ZkMatrix::identity(2, 3)?).is_err());
    /// # Ok::<(), cgtk_algebra::AlgebraError>(())
    /// ```
    pub fn from_zk(m: &ZkMatrix) -> Result<Self, AlgebraError> {
        if m.modulus() != 2 {
            return Err(AlgebraError::ModulusMismatch {
                left: m.modulus(),
                right: 2,
            });
        }
        let mut b = Self::zeros(m.rows(), m.cols());
        for r in 0..m.rows() {
            for (c, &v) in m.row(r).iter().enumerate() {
                if v == 1 {
                    b.set(r, c, true);
                }
            }
        }
        Ok(b)
    }

    /// The same matrix over Z/2Z, unpacked.
    ///
    /// # Panics
    /// When the matrix has more than [`MAX_ENTRIES`](crate::MAX_ENTRIES) entries.
    pub fn to_zk(&self) -> ZkMatrix {
        let mut z = match ZkMatrix::zeros(self.rows, self.cols, 2) {
            Ok(z) => z,
            // A BitMatrix that exists has at most 32·MAX_ENTRIES entries; beyond MAX_ENTRIES
            // the unpacked copy cannot be made.
            Err(e) => panic!("{e}"),
        };
        for r in 0..self.rows {
            for c in BitVec::from_words(self.cols, self.row(r).to_vec()).iter_ones() {
                z.set(r, c, 1);
            }
        }
        z
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
        crate::error::check_rhs_len(self.rows, b.len())?;
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
