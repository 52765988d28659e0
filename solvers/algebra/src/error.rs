//! The error type of matrix construction and solving.

use thiserror::Error;

/// What can go wrong when building or solving a linear system over Z/kZ.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AlgebraError {
    /// The modulus is outside `2 <= k < 2^32`.
    #[error("modulus {k} is not allowed: the modulus k must satisfy 2 <= k < 2^32")]
    Modulus {
        /// The rejected modulus.
        k: u64,
    },
    /// A matrix entry is not a residue `0..k`.
    #[error("entry {value} at row {row}, column {col} is not a residue modulo {k}: entries must be in 0..{k}")]
    Entry {
        /// Row of the offending entry.
        row: usize,
        /// Column of the offending entry.
        col: usize,
        /// The rejected value.
        value: u64,
        /// The modulus.
        k: u32,
    },
    /// A vector entry (right-hand side or argument) is not a residue `0..k`.
    #[error("vector entry {value} at index {index} is not a residue modulo {k}: entries must be in 0..{k}")]
    VectorEntry {
        /// Index of the offending entry.
        index: usize,
        /// The rejected value.
        value: u64,
        /// The modulus.
        k: u32,
    },
    /// Two sizes that must agree do not.
    #[error("dimension mismatch in {what}: expected {expected}, found {found}")]
    Dimension {
        /// Which size was checked.
        what: &'static str,
        /// The size required.
        expected: usize,
        /// The size supplied.
        found: usize,
    },
    /// Two matrices over different rings were combined.
    #[error("modulus mismatch: {left} and {right}: both operands must be over the same Z/kZ")]
    ModulusMismatch {
        /// Modulus of the left operand.
        left: u32,
        /// Modulus of the right operand.
        right: u32,
    },
    /// The matrix would have more entries than can be addressed.
    #[error("a {rows}x{cols} matrix is too large: at most {max} entries are allowed")]
    TooLarge {
        /// Requested rows.
        rows: usize,
        /// Requested columns.
        cols: usize,
        /// The largest number of entries allowed.
        max: usize,
    },
}

/// A right-hand side of `found` entries for a system of `rows` equations: an error unless
/// they agree (the one check of every `solve`).
pub(crate) fn check_rhs_len(rows: usize, found: usize) -> Result<(), AlgebraError> {
    if found != rows {
        return Err(AlgebraError::Dimension {
            what: "right-hand side length",
            expected: rows,
            found,
        });
    }
    Ok(())
}

/// What can go wrong in polynomial arithmetic over GF(p).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PolyError {
    /// The characteristic is not a prime number.
    #[error("characteristic {p} is not allowed: polynomials over GF(p) need a prime p < 2^32")]
    NotPrime {
        /// The rejected characteristic.
        p: u64,
    },
    /// A coefficient is not a residue `0..p`.
    #[error("coefficient {value} of x^{index} is not a residue modulo {p}: coefficients must be in 0..{p}")]
    Coefficient {
        /// The power of x whose coefficient is wrong.
        index: usize,
        /// The rejected value.
        value: u64,
        /// The characteristic.
        p: u32,
    },
    /// Division by the zero polynomial.
    #[error("division by the zero polynomial")]
    DivisionByZero,
    /// Two polynomials over different fields were combined.
    #[error("characteristic mismatch: GF({left}) and GF({right})")]
    FieldMismatch {
        /// Characteristic of the left operand.
        left: u32,
        /// Characteristic of the right operand.
        right: u32,
    },
}
