//! Dense matrices over Z/kZ.

use std::fmt;

use num_bigint::BigUint;

use crate::modular::Reducer;
use crate::{AlgebraError, LinearSystem};

/// The largest number of entries a [`ZkMatrix`] may hold (2^34, i.e. 64 GiB of `u32`).
pub const MAX_ENTRIES: usize = 1 << 34;

/// A dense matrix over Z/kZ for any modulus `2 <= k < 2^32`, composite `k` included.
///
/// Entries are residues `0..k` stored row-major as `u32`.
///
/// # Example
///
/// Over Z/6Z the equation `2x = 4` has the solutions `x = 2` and `x = 5`:
///
/// ```
/// use cgtk_algebra::ZkMatrix;
///
/// let a = ZkMatrix::from_rows(6, vec![vec![2]])?;
/// let x = a.solve(&[4])?.expect("solvable");
/// assert_eq!(a.mul_vec(&x), vec![4]);
/// assert_eq!(a.kernel_size(), 2u32.into()); // x = 0 and x = 3
/// assert_eq!(a.solve(&[3])?, None);          // 2x is always even
/// # Ok::<(), cgtk_algebra::AlgebraError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ZkMatrix {
    rows: usize,
    cols: usize,
    k: u32,
    data: Vec<u32>,
}

impl ZkMatrix {
    /// The `rows × cols` zero matrix over Z/kZ.
    ///
    /// ```
    /// use cgtk_algebra::ZkMatrix;
    /// let z = ZkMatrix::zeros(2, 3, 5)?;
    /// assert_eq!((z.rows(), z.cols(), z.modulus()), (2, 3, 5));
    /// assert!(ZkMatrix::zeros(2, 3, 1).is_err());
    /// # Ok::<(), cgtk_algebra::AlgebraError>(())
    /// ```
    pub fn zeros(rows: usize, cols: usize, k: u32) -> Result<Self, AlgebraError> {
        if k < 2 {
            return Err(AlgebraError::Modulus { k: k as u64 });
        }
        let len =
            rows.checked_mul(cols)
                .filter(|&n| n <= MAX_ENTRIES)
                .ok_or(AlgebraError::TooLarge {
                    rows,
                    cols,
                    max: MAX_ENTRIES,
                })?;
        Ok(ZkMatrix {
            rows,
            cols,
            k,
            data: vec![0; len],
        })
    }

    /// The `rows × cols` matrix with entry `f(r, c) mod k` at `(r, c)`.
    ///
    /// ```
    /// use cgtk_algebra::ZkMatrix;
    /// let a = ZkMatrix::from_fn(2, 3, 4, |r, c| (r + c) as u32 * 3)?;
    /// assert_eq!(a.row(1), &[3, 2, 1]);
    /// # Ok::<(), cgtk_algebra::AlgebraError>(())
    /// ```
    pub fn from_fn(
        rows: usize,
        cols: usize,
        k: u32,
        mut f: impl FnMut(usize, usize) -> u32,
    ) -> Result<Self, AlgebraError> {
        let mut m = Self::zeros(rows, cols, k)?;
        for r in 0..rows {
            for c in 0..cols {
                m.data[r * cols + c] = f(r, c) % k;
            }
        }
        Ok(m)
    }

    /// The `n × n` identity matrix over Z/kZ.
    pub fn identity(n: usize, k: u32) -> Result<Self, AlgebraError> {
        let mut m = Self::zeros(n, n, k)?;
        for i in 0..n {
            m.data[i * n + i] = 1;
        }
        Ok(m)
    }

    /// A matrix from its rows; every row must have the same length and every entry must be
    /// a residue `0..k` (entries `>= k` are an error, not reduced).
    ///
    /// ```
    /// use cgtk_algebra::{AlgebraError, ZkMatrix};
    /// assert!(ZkMatrix::from_rows(4, vec![vec![1, 2], vec![3, 0]]).is_ok());
    /// assert!(matches!(ZkMatrix::from_rows(4, vec![vec![1, 4]]), Err(AlgebraError::Entry { .. })));
    /// assert!(matches!(ZkMatrix::from_rows(4, vec![vec![1], vec![1, 2]]), Err(AlgebraError::Dimension { .. })));
    /// ```
    pub fn from_rows(k: u32, rows: Vec<Vec<u32>>) -> Result<Self, AlgebraError> {
        let cols = rows.first().map_or(0, Vec::len);
        let mut m = Self::zeros(rows.len(), cols, k)?;
        for (r, row) in rows.iter().enumerate() {
            if row.len() != cols {
                return Err(AlgebraError::Dimension {
                    what: "row length",
                    expected: cols,
                    found: row.len(),
                });
            }
            for (c, &v) in row.iter().enumerate() {
                if v >= k {
                    return Err(AlgebraError::Entry {
                        row: r,
                        col: c,
                        value: v as u64,
                        k,
                    });
                }
                m.data[r * cols + c] = v;
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

    /// The modulus `k`.
    pub fn modulus(&self) -> u32 {
        self.k
    }

    /// The entries, row-major.
    pub fn as_slice(&self) -> &[u32] {
        &self.data
    }

    /// Row `r` as a slice.
    ///
    /// # Panics
    /// When `r >= rows`.
    pub fn row(&self, r: usize) -> &[u32] {
        &self.data[r * self.cols..(r + 1) * self.cols]
    }

    /// The entry at `(r, c)`.
    ///
    /// # Panics
    /// When the position is outside the matrix.
    pub fn get(&self, r: usize, c: usize) -> u32 {
        assert!(
            r < self.rows && c < self.cols,
            "position ({r}, {c}) outside a {}x{} matrix",
            self.rows,
            self.cols
        );
        self.data[r * self.cols + c]
    }

    /// Sets the entry at `(r, c)` to `v mod k`.
    ///
    /// # Panics
    /// When the position is outside the matrix.
    pub fn set(&mut self, r: usize, c: usize, v: u32) {
        assert!(
            r < self.rows && c < self.cols,
            "position ({r}, {c}) outside a {}x{} matrix",
            self.rows,
            self.cols
        );
        self.data[r * self.cols + c] = v % self.k;
    }

    /// `A·x mod k`; entries of `x` are reduced modulo `k` first.
    ///
    /// # Panics
    /// When `x.len() != cols` (see [`try_mul_vec`](Self::try_mul_vec) for a checked form).
    pub fn mul_vec(&self, x: &[u32]) -> Vec<u32> {
        match self.try_mul_vec(x) {
            Ok(y) => y,
            Err(e) => panic!("{e}"),
        }
    }

    /// `A·x mod k`, or an error when `x.len() != cols`.
    pub fn try_mul_vec(&self, x: &[u32]) -> Result<Vec<u32>, AlgebraError> {
        if x.len() != self.cols {
            return Err(AlgebraError::Dimension {
                what: "vector length",
                expected: self.cols,
                found: x.len(),
            });
        }
        let red = Reducer::new(self.k);
        let x: Vec<u64> = x.iter().map(|&v| (v % self.k) as u64).collect();
        Ok((0..self.rows)
            .map(|r| {
                let mut acc = 0u64;
                for (&a, &b) in self.row(r).iter().zip(&x) {
                    acc = red.reduce(acc + a as u64 * b);
                }
                acc as u32
            })
            .collect())
    }

    /// The product `self · other` over the same Z/kZ.
    ///
    /// # Panics
    /// When the moduli differ or `self.cols() != other.rows()` (see [`try_mul`](Self::try_mul)).
    pub fn mul(&self, other: &ZkMatrix) -> ZkMatrix {
        match self.try_mul(other) {
            Ok(m) => m,
            Err(e) => panic!("{e}"),
        }
    }

    /// The product `self · other`, or an error when the moduli or the sizes do not agree.
    pub fn try_mul(&self, other: &ZkMatrix) -> Result<ZkMatrix, AlgebraError> {
        if self.k != other.k {
            return Err(AlgebraError::ModulusMismatch {
                left: self.k,
                right: other.k,
            });
        }
        if self.cols != other.rows {
            return Err(AlgebraError::Dimension {
                what: "inner dimension of a product",
                expected: self.cols,
                found: other.rows,
            });
        }
        let red = Reducer::new(self.k);
        let mut out = ZkMatrix::zeros(self.rows, other.cols, self.k)?;
        let mut acc = vec![0u64; other.cols];
        for r in 0..self.rows {
            acc.iter_mut().for_each(|a| *a = 0);
            for (i, &a) in self.row(r).iter().enumerate() {
                if a == 0 {
                    continue;
                }
                for (s, &b) in acc.iter_mut().zip(other.row(i)) {
                    *s = red.reduce(*s + a as u64 * b as u64);
                }
            }
            for (o, &s) in out.data[r * other.cols..(r + 1) * other.cols]
                .iter_mut()
                .zip(&acc)
            {
                *o = s as u32;
            }
        }
        Ok(out)
    }

    /// Eliminates once and keeps what solving and kernel questions need: one diagonal form
    /// `P·A·Q = D` per prime power of `k`, combined by the Chinese Remainder Theorem.
    pub fn analyze(&self) -> LinearSystem {
        LinearSystem::new(self)
    }

    /// One solution of `A·x ≡ b (mod k)`, `Ok(None)` when there is none.
    ///
    /// Errors when `b.len() != rows` or an entry of `b` is not a residue modulo `k`.
    pub fn solve(&self, b: &[u32]) -> Result<Option<Vec<u32>>, AlgebraError> {
        self.check_rhs(b)?;
        self.analyze().solve(b)
    }

    /// A generating set of the kernel (in fact a basis as a product of cyclic groups, see
    /// [`LinearSystem::kernel_basis`]).
    pub fn kernel_generators(&self) -> Vec<Vec<u32>> {
        self.analyze().kernel_generators().to_vec()
    }

    /// The number of solutions of `A·x ≡ 0`, exactly.
    pub fn kernel_size(&self) -> BigUint {
        self.analyze().kernel_size()
    }

    pub(crate) fn check_rhs(&self, b: &[u32]) -> Result<(), AlgebraError> {
        check_rhs(self.rows, self.k, b)
    }
}

/// Checks a right-hand side: `rows` entries, each a residue modulo `k`.
pub(crate) fn check_rhs(rows: usize, k: u32, b: &[u32]) -> Result<(), AlgebraError> {
    crate::error::check_rhs_len(rows, b.len())?;
    if let Some((index, &v)) = b.iter().enumerate().find(|(_, &v)| v >= k) {
        return Err(AlgebraError::VectorEntry {
            index,
            value: v as u64,
            k,
        });
    }
    Ok(())
}

impl fmt::Debug for ZkMatrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "ZkMatrix {}x{} mod {}", self.rows, self.cols, self.k)?;
        for r in 0..self.rows {
            writeln!(f, "  {:?}", self.row(r))?;
        }
        Ok(())
    }
}
