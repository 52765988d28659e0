//! Polynomials over a prime field GF(p).

use std::fmt;

use crate::modular::{inv_mod, is_prime};
use crate::PolyError;

/// A polynomial over GF(p), `p` a prime below 2^32, coefficients lowest degree first.
///
/// ```
/// use cgtk_algebra::GfpPoly;
///
/// // Over GF(3): (x + 1)(x + 2) = x^2 + 2 and gcd(x^2 + 2, x + 1) = x + 1.
/// let a = GfpPoly::new(3, vec![1, 1])?;
/// let b = GfpPoly::new(3, vec![2, 1])?;
/// let c = a.mul(&b)?;
/// assert_eq!(c.coeffs(), &[2, 0, 1]);
/// assert_eq!(c.gcd(&a)?, a);
/// assert!(GfpPoly::new(4, vec![1]).is_err()); // 4 is not prime
/// # Ok::<(), cgtk_algebra::PolyError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct GfpPoly {
    p: u32,
    /// Trimmed: the last coefficient is nonzero.
    coeffs: Vec<u32>,
}

impl GfpPoly {
    /// A polynomial from coefficients (lowest degree first), each in `0..p`.
    pub fn new(p: u32, coeffs: Vec<u32>) -> Result<Self, PolyError> {
        if !is_prime(p) {
            return Err(PolyError::NotPrime { p: p as u64 });
        }
        if let Some((index, &v)) = coeffs.iter().enumerate().find(|(_, &c)| c >= p) {
            return Err(PolyError::Coefficient {
                index,
                value: v as u64,
                p,
            });
        }
        Ok(Self::trimmed(p, coeffs))
    }

    /// The zero polynomial over GF(p).
    pub fn zero(p: u32) -> Result<Self, PolyError> {
        Self::new(p, Vec::new())
    }

    fn trimmed(p: u32, mut coeffs: Vec<u32>) -> Self {
        while coeffs.last() == Some(&0) {
            coeffs.pop();
        }
        GfpPoly { p, coeffs }
    }

    /// The characteristic `p`.
    pub fn characteristic(&self) -> u32 {
        self.p
    }

    /// The coefficients, lowest degree first (empty for zero).
    pub fn coeffs(&self) -> &[u32] {
        &self.coeffs
    }

    /// The degree, `None` for zero.
    pub fn degree(&self) -> Option<usize> {
        self.coeffs.len().checked_sub(1)
    }

    /// True for the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.coeffs.is_empty()
    }

    fn same_field(&self, other: &GfpPoly) -> Result<(), PolyError> {
        if self.p == other.p {
            Ok(())
        } else {
            Err(PolyError::FieldMismatch {
                left: self.p,
                right: other.p,
            })
        }
    }

    /// `self + other`.
    pub fn add(&self, other: &GfpPoly) -> Result<GfpPoly, PolyError> {
        self.same_field(other)?;
        let p = self.p as u64;
        let n = self.coeffs.len().max(other.coeffs.len());
        let c = (0..n)
            .map(|i| {
                let a = self.coeffs.get(i).copied().unwrap_or(0) as u64;
                let b = other.coeffs.get(i).copied().unwrap_or(0) as u64;
                ((a + b) % p) as u32
            })
            .collect();
        Ok(Self::trimmed(self.p, c))
    }

    /// `self - other`.
    pub fn sub(&self, other: &GfpPoly) -> Result<GfpPoly, PolyError> {
        self.add(&other.neg())
    }

    /// `-self`.
    pub fn neg(&self) -> GfpPoly {
        let c = self
            .coeffs
            .iter()
            .map(|&a| if a == 0 { 0 } else { self.p - a })
            .collect();
        Self::trimmed(self.p, c)
    }

    /// `self · other`.
    pub fn mul(&self, other: &GfpPoly) -> Result<GfpPoly, PolyError> {
        self.same_field(other)?;
        if self.is_zero() || other.is_zero() {
            return Ok(Self::trimmed(self.p, Vec::new()));
        }
        let p = self.p as u64;
        let mut out = vec![0u64; self.coeffs.len() + other.coeffs.len() - 1];
        for (i, &a) in self.coeffs.iter().enumerate() {
            if a == 0 {
                continue;
            }
            for (j, &b) in other.coeffs.iter().enumerate() {
                out[i + j] = (out[i + j] + a as u64 * b as u64) % p;
            }
        }
        Ok(Self::trimmed(
            self.p,
            out.into_iter().map(|c| c as u32).collect(),
        ))
    }

    /// Quotient and remainder of the division by `divisor`.
    pub fn div_rem(&self, divisor: &GfpPoly) -> Result<(GfpPoly, GfpPoly), PolyError> {
        self.same_field(divisor)?;
        let db = divisor.degree().ok_or(PolyError::DivisionByZero)?;
        let p = self.p as u64;
        let lead_inv = inv_mod(divisor.coeffs[db] as u64, p).ok_or(PolyError::DivisionByZero)?;
        let mut r: Vec<u64> = self.coeffs.iter().map(|&c| c as u64).collect();
        let mut q = vec![0u32; r.len().saturating_sub(db)];
        for top in (db..r.len()).rev() {
            let c = r[top] * lead_inv % p;
            if c == 0 {
                continue;
            }
            q[top - db] = c as u32;
            for (j, &d) in divisor.coeffs.iter().enumerate() {
                let at = top - db + j;
                r[at] = (r[at] + (p - c) * d as u64) % p;
            }
        }
        r.truncate(db);
        Ok((
            Self::trimmed(self.p, q),
            Self::trimmed(self.p, r.into_iter().map(|c| c as u32).collect()),
        ))
    }

    /// The remainder of the division by `divisor`.
    pub fn rem(&self, divisor: &GfpPoly) -> Result<GfpPoly, PolyError> {
        Ok(self.div_rem(divisor)?.1)
    }

    /// The same polynomial divided by its leading coefficient (zero stays zero).
    pub fn monic(&self) -> GfpPoly {
        let Some(&lead) = self.coeffs.last() else {
            return self.clone();
        };
        let p = self.p as u64;
        let inv = inv_mod(lead as u64, p).unwrap_or(1);
        Self::trimmed(
            self.p,
            self.coeffs
                .iter()
                .map(|&c| (c as u64 * inv % p) as u32)
                .collect(),
        )
    }

    /// The monic greatest common divisor (zero only when both are zero).
    pub fn gcd(&self, other: &GfpPoly) -> Result<GfpPoly, PolyError> {
        self.same_field(other)?;
        let (mut a, mut b) = (self.clone(), other.clone());
        while !b.is_zero() {
            let r = a.rem(&b)?;
            a = b;
            b = r;
        }
        Ok(a.monic())
    }

    /// The value at `x`.
    pub fn eval(&self, x: u32) -> u32 {
        let p = self.p as u64;
        let x = x as u64 % p;
        self.coeffs
            .iter()
            .rev()
            .fold(0u64, |acc, &c| (acc * x + c as u64) % p) as u32
    }

    /// `p(x + 1)`, by repeated synthetic division (Taylor shift), `O(n²)`.
    pub fn compose_x_plus_1(&self) -> GfpPoly {
        let p = self.p as u64;
        let mut c: Vec<u64> = self.coeffs.iter().map(|&v| v as u64).collect();
        let n = c.len();
        for i in 0..n {
            for j in (i..n.saturating_sub(1)).rev() {
                c[j] = (c[j] + c[j + 1]) % p;
            }
        }
        Self::trimmed(self.p, c.into_iter().map(|v| v as u32).collect())
    }
}

impl fmt::Display for GfpPoly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return write!(f, "0");
        }
        let mut first = true;
        for (i, &c) in self
            .coeffs
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, &c)| c != 0)
        {
            if !first {
                write!(f, " + ")?;
            }
            first = false;
            match (i, c) {
                (0, _) => write!(f, "{c}")?,
                (1, 1) => write!(f, "x")?,
                (1, _) => write!(f, "{c}x")?,
                (_, 1) => write!(f, "x^{i}")?,
                _ => write!(f, "{c}x^{i}")?,
            }
        }
        Ok(())
    }
}

impl fmt::Debug for GfpPoly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GfpPoly[GF({})]({self})", self.p)
    }
}
