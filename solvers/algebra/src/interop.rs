//! Conversions between `nalgebra`'s dense matrices and vectors and [`ZkMatrix`], so that a
//! matrix built with nalgebra can be handed to the modular solver (and its answers read back
//! as nalgebra values). The elimination itself stays in this crate: nalgebra has no exact
//! arithmetic over Z/kZ.

use nalgebra::{DMatrix, DVector};
use thiserror::Error;

use crate::{AlgebraError, ZkMatrix};

/// Why an nalgebra matrix or vector could not become residues modulo `k`.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ConversionError {
    /// The modulus is outside `2 <= k < 2^32`, or the matrix is too large
    /// (the error of [`ZkMatrix::zeros`]).
    #[error(transparent)]
    Matrix(#[from] AlgebraError),
    /// A real entry is not a whole number (a fraction, infinite or NaN).
    #[error("entry {value} at row {row}, column {col} is not an integer")]
    NotInteger {
        /// Row of the offending entry (0 for a vector).
        row: usize,
        /// Column of the offending entry (the index for a vector).
        col: usize,
        /// The rejected value.
        value: f64,
    },
    /// An integer entry is not a residue `0..k` (use [`ZkMatrix::reduce_dmatrix`] to reduce
    /// integers modulo `k` instead).
    #[error("entry {value} at row {row}, column {col} is not a residue modulo {k}: entries must be in 0..{k}")]
    OutOfRange {
        /// Row of the offending entry (0 for a vector).
        row: usize,
        /// Column of the offending entry (the index for a vector).
        col: usize,
        /// The rejected value.
        value: f64,
        /// The modulus.
        k: u32,
    },
}

/// The residue `value` stands for, if it is a whole number in `0..k`.
fn residue(value: f64, row: usize, col: usize, k: u32) -> Result<u32, ConversionError> {
    if !value.is_finite() || value.fract() != 0.0 {
        return Err(ConversionError::NotInteger { row, col, value });
    }
    if value < 0.0 || value >= f64::from(k) {
        return Err(ConversionError::OutOfRange { row, col, value, k });
    }
    // A whole number in 0..k < 2^32: the cast is exact.
    Ok(value as u32)
}

impl ZkMatrix {
    /// The matrix over Z/kZ whose entries are those of `m`, which must be residues `0..k`
    /// (integers outside that range are refused, not reduced).
    ///
    /// ```
    /// use cgtk_algebra::{AlgebraError, ZkMatrix};
    /// use nalgebra::DMatrix;
    ///
    /// let m = DMatrix::from_row_slice(2, 2, &[1u32, 2, 0, 3]);
    /// let a = ZkMatrix::from_dmatrix(&m, 5)?;
    /// assert_eq!(a.row(0), &[1, 2]);
    /// assert!(matches!(
    ///     ZkMatrix::from_dmatrix(&m, 3),
    ///     Err(AlgebraError::Entry { row: 1, col: 1, value: 3, k: 3 })
    /// ));
    /// # Ok::<(), AlgebraError>(())
    /// ```
    pub fn from_dmatrix(m: &DMatrix<u32>, k: u32) -> Result<Self, AlgebraError> {
        let mut out = Self::zeros(m.nrows(), m.ncols(), k)?;
        for r in 0..m.nrows() {
            for c in 0..m.ncols() {
                let v = m[(r, c)];
                if v >= k {
                    return Err(AlgebraError::Entry {
                        row: r,
                        col: c,
                        value: u64::from(v),
                        k,
                    });
                }
                out.set(r, c, v);
            }
        }
        Ok(out)
    }

    /// The matrix over Z/kZ of an integer matrix, every entry reduced modulo `k` (so `-1`
    /// becomes `k - 1`). Only the modulus and the size can be refused.
    ///
    /// ```
    /// use cgtk_algebra::ZkMatrix;
    /// use nalgebra::DMatrix;
    ///
    /// let m = DMatrix::from_row_slice(1, 3, &[-1i64, 7, 2]);
    /// assert_eq!(ZkMatrix::reduce_dmatrix(&m, 3)?.row(0), &[2, 1, 2]);
    /// # Ok::<(), cgtk_algebra::AlgebraError>(())
    /// ```
    pub fn reduce_dmatrix(m: &DMatrix<i64>, k: u32) -> Result<Self, AlgebraError> {
        let mut out = Self::zeros(m.nrows(), m.ncols(), k)?;
        for r in 0..m.nrows() {
            for c in 0..m.ncols() {
                // rem_euclid by k < 2^32 is in 0..k: the cast is exact.
                out.set(r, c, m[(r, c)].rem_euclid(i64::from(k)) as u32);
            }
        }
        Ok(out)
    }

    /// The matrix over Z/kZ of a real matrix whose entries are whole numbers in `0..k`;
    /// a fraction, an infinity or NaN is [`ConversionError::NotInteger`], a whole number
    /// outside `0..k` is [`ConversionError::OutOfRange`].
    ///
    /// ```
    /// use cgtk_algebra::{ConversionError, ZkMatrix};
    /// use nalgebra::DMatrix;
    ///
    /// let a = ZkMatrix::from_dmatrix_f64(&DMatrix::from_row_slice(1, 2, &[1.0, 2.0]), 3)?;
    /// assert_eq!(a.row(0), &[1, 2]);
    /// let half = DMatrix::from_row_slice(1, 2, &[1.0, 0.5]);
    /// assert_eq!(
    ///     ZkMatrix::from_dmatrix_f64(&half, 3),
    ///     Err(ConversionError::NotInteger { row: 0, col: 1, value: 0.5 })
    /// );
    /// let big = DMatrix::from_row_slice(1, 1, &[3.0]);
    /// assert!(matches!(
    ///     ZkMatrix::from_dmatrix_f64(&big, 3),
    ///     Err(ConversionError::OutOfRange { value, k: 3, .. }) if value == 3.0
    /// ));
    /// # Ok::<(), ConversionError>(())
    /// ```
    pub fn from_dmatrix_f64(m: &DMatrix<f64>, k: u32) -> Result<Self, ConversionError> {
        let mut out = Self::zeros(m.nrows(), m.ncols(), k)?;
        for r in 0..m.nrows() {
            for c in 0..m.ncols() {
                out.set(r, c, residue(m[(r, c)], r, c, k)?);
            }
        }
        Ok(out)
    }

    /// The residues as an nalgebra matrix of the same shape.
    ///
    /// ```
    /// use cgtk_algebra::ZkMatrix;
    /// let a = ZkMatrix::from_rows(4, vec![vec![1, 2, 3]])?;
    /// let m = a.to_dmatrix();
    /// assert_eq!((m.nrows(), m.ncols(), m[(0, 2)]), (1, 3, 3));
    /// assert_eq!(ZkMatrix::from_dmatrix(&m, 4)?, a);
    /// # Ok::<(), cgtk_algebra::AlgebraError>(())
    /// ```
    pub fn to_dmatrix(&self) -> DMatrix<u32> {
        DMatrix::from_row_slice(self.rows(), self.cols(), self.as_slice())
    }

    /// The residues as a real nalgebra matrix (every `u32` is exact in `f64`).
    pub fn to_dmatrix_f64(&self) -> DMatrix<f64> {
        self.to_dmatrix().map(f64::from)
    }
}

/// The residues modulo `k` of a real vector whose entries are whole numbers in `0..k`
/// (a right-hand side for [`ZkMatrix::solve`]); refusals as in [`ZkMatrix::from_dmatrix_f64`].
///
/// ```
/// use cgtk_algebra::{residues_from_dvector, ZkMatrix};
/// use nalgebra::{DMatrix, DVector};
///
/// // x + y = 1, y = 2 over Z/3Z.
/// let a = ZkMatrix::from_dmatrix_f64(&DMatrix::from_row_slice(2, 2, &[1.0, 1.0, 0.0, 1.0]), 3)?;
/// let b = residues_from_dvector(&DVector::from_vec(vec![1.0, 2.0]), 3)?;
/// let x = a.solve(&b)?.expect("a unit determinant");
/// assert_eq!(DVector::from_vec(x), DVector::from_vec(vec![2u32, 2]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn residues_from_dvector(v: &DVector<f64>, k: u32) -> Result<Vec<u32>, ConversionError> {
    crate::check_modulus(u64::from(k))?;
    v.iter()
        .enumerate()
        .map(|(i, &value)| residue(value, 0, i, k))
        .collect()
}
