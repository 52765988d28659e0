//! The [`Nimber`] type: nim addition, Conway's nim multiplication, inverse, powers and
//! square roots on 64-bit nimbers.

// Nim addition is XOR, and subtraction is the same as addition.
#![allow(clippy::suspicious_arithmetic_impl, clippy::suspicious_op_assign_impl)]

use crate::field;
use serde::Serialize;
use std::fmt;
use std::ops::{Add, AddAssign, Div, Mul, MulAssign, Neg, Sub, SubAssign};
use std::str::FromStr;

/// A nimber *n below 2^64: an element of the field of order 2^64 under nim addition (XOR)
/// and Conway's nim multiplication.
///
/// # Examples
///
/// ```
/// use cgtk_nimber::Nimber;
/// let (two, three) = (Nimber(2), Nimber(3));
/// assert_eq!(two + three, Nimber(1));
/// assert_eq!(two * three, Nimber(1)); // *2 and *3 are inverses
/// assert_eq!(Nimber(4) * Nimber(4), Nimber(6));
/// assert_eq!(Nimber(8).inverse().map(|x| x * Nimber(8)), Some(Nimber(1)));
/// assert_eq!("*12".parse::<Nimber>(), Ok(Nimber(12)));
/// assert_eq!(Nimber(12).to_string(), "*12");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The additive identity *0.
    pub const ZERO: Nimber = Nimber(0);
    /// The multiplicative identity *1.
    pub const ONE: Nimber = Nimber(1);

    /// The multiplicative inverse, `None` for *0.
    ///
    /// ```
    /// use cgtk_nimber::Nimber;
    /// assert_eq!(Nimber(2).inverse(), Some(Nimber(3)));
    /// assert_eq!(Nimber(0).inverse(), None);
    /// ```
    pub fn inverse(self) -> Option<Nimber> {
        (self.0 != 0).then(|| Nimber(field::inv64(self.0)))
    }

    /// `self / rhs`, `None` when `rhs` is *0.
    pub fn checked_div(self, rhs: Nimber) -> Option<Nimber> {
        rhs.inverse().map(|inv| self * inv)
    }

    /// `self` to the power `exponent` (nim products), with `x^0 = *1` for every x.
    ///
    /// ```
    /// use cgtk_nimber::Nimber;
    /// assert_eq!(Nimber(2).pow(3), Nimber(1)); // *2 has order 3
    /// ```
    pub fn pow(self, mut exponent: u64) -> Nimber {
        let (mut base, mut acc) = (self, Nimber::ONE);
        while exponent > 0 {
            if exponent & 1 == 1 {
                acc *= base;
            }
            base *= base;
            exponent >>= 1;
        }
        acc
    }

    /// `self` to a signed power: a negative exponent uses the inverse; `None` for a
    /// negative power of *0.
    ///
    /// ```
    /// use cgtk_nimber::Nimber;
    /// assert_eq!(Nimber(5).checked_powi(-1), Nimber(5).inverse());
    /// assert_eq!(Nimber(0).checked_powi(-2), None);
    /// ```
    pub fn checked_powi(self, exponent: i64) -> Option<Nimber> {
        if exponent >= 0 {
            Some(self.pow(exponent as u64))
        } else {
            self.inverse().map(|inv| inv.pow(exponent.unsigned_abs()))
        }
    }

    /// The square root: the unique y with y·y = self (squaring is a field automorphism in
    /// characteristic 2).
    ///
    /// ```
    /// use cgtk_nimber::Nimber;
    /// assert_eq!(Nimber(6).sqrt(), Nimber(4));
    /// assert_eq!(Nimber(2).sqrt() * Nimber(2).sqrt(), Nimber(2));
    /// ```
    pub fn sqrt(self) -> Nimber {
        Nimber(field::sqrt64(self.0))
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Self {
        Nimber(n)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// A nimber that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid nimber '{input}': expected *n or n with n a whole number from 0 to 18446744073709551615")]
pub struct ParseNimberError {
    /// The rejected text.
    pub input: String,
}

impl FromStr for Nimber {
    type Err = ParseNimberError;

    /// Reads `*n` or a plain `n` (decimal).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let digits = t.strip_prefix('*').unwrap_or(t).trim_start();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseNimberError {
                input: s.to_string(),
            });
        }
        digits
            .parse::<u64>()
            .map(Nimber)
            .map_err(|_| ParseNimberError {
                input: s.to_string(),
            })
    }
}

impl Add for Nimber {
    type Output = Nimber;
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl Sub for Nimber {
    type Output = Nimber;
    /// Subtraction is addition in characteristic 2.
    fn sub(self, rhs: Nimber) -> Nimber {
        self + rhs
    }
}

impl SubAssign for Nimber {
    fn sub_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl Neg for Nimber {
    type Output = Nimber;
    /// Every nimber is its own negative.
    fn neg(self) -> Nimber {
        self
    }
}

impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(field::mul64(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

impl Div for Nimber {
    type Output = Nimber;
    /// # Panics
    ///
    /// Panics when `rhs` is *0; use [`Nimber::checked_div`] to get `None` instead.
    fn div(self, rhs: Nimber) -> Nimber {
        match self.checked_div(rhs) {
            Some(q) => q,
            None => panic!("nimber division by *0"),
        }
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl std::iter::Product for Nimber {
    fn product<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ONE, |a, b| a * b)
    }
}
