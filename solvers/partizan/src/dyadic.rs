//! Dyadic rationals m/2^k: the numbers of short games and the coordinates of thermographs.

use serde::{Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};

/// The largest exponent k of a denominator 2^k.
pub const MAX_EXPONENT: u32 = 48;

/// A dyadic rational `numerator / 2^exponent`, kept in lowest terms (the numerator is odd
/// unless the exponent is 0).
///
/// ```
/// use cgtk_partizan::Dyadic;
/// let half = Dyadic::new(1, 1);
/// assert_eq!(half + half, Dyadic::integer(1));
/// assert_eq!((half - Dyadic::integer(2)).to_string(), "-3/2");
/// assert_eq!("3/8".parse::<Dyadic>().unwrap(), Dyadic::new(3, 3));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Dyadic {
    numerator: i64,
    exponent: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic {
        numerator: 0,
        exponent: 0,
    };

    /// `numerator / 2^exponent`, reduced to lowest terms.
    ///
    /// # Panics
    /// When `exponent` exceeds [`MAX_EXPONENT`].
    ///
    /// ```
    /// use cgtk_partizan::Dyadic;
    /// assert_eq!(Dyadic::new(4, 3), Dyadic::new(1, 1));
    /// ```
    pub fn new(numerator: i64, exponent: u32) -> Dyadic {
        assert!(
            exponent <= MAX_EXPONENT,
            "denominator 2^{exponent} too large"
        );
        Dyadic::reduce(numerator as i128, exponent)
    }

    /// The integer `n`.
    ///
    /// ```
    /// use cgtk_partizan::Dyadic;
    /// assert!(Dyadic::integer(-3).is_integer());
    /// ```
    pub fn integer(n: i64) -> Dyadic {
        Dyadic {
            numerator: n,
            exponent: 0,
        }
    }

    fn reduce(mut numerator: i128, mut exponent: u32) -> Dyadic {
        while exponent > 0 && numerator % 2 == 0 {
            numerator /= 2;
            exponent -= 1;
        }
        Dyadic {
            numerator: numerator as i64,
            exponent,
        }
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> i64 {
        self.numerator
    }

    /// The exponent k of the denominator 2^k in lowest terms.
    pub fn exponent(self) -> u32 {
        self.exponent
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.exponent == 0
    }

    /// The largest integer not above this number.
    ///
    /// ```
    /// use cgtk_partizan::Dyadic;
    /// assert_eq!(Dyadic::new(-3, 1).floor(), -2);
    /// ```
    pub fn floor(self) -> i64 {
        self.numerator >> self.exponent
    }

    /// Half of this number.
    ///
    /// ```
    /// use cgtk_partizan::Dyadic;
    /// assert_eq!(Dyadic::integer(1).half(), Dyadic::new(1, 1));
    /// ```
    pub fn half(self) -> Dyadic {
        Dyadic::reduce(self.numerator as i128, self.exponent + 1)
    }

    /// This number divided by `d`, when the quotient is dyadic (`d` a power of two up to sign).
    pub fn div_pow2(self, d: i64) -> Option<Dyadic> {
        if d == 0 || d.unsigned_abs().count_ones() != 1 {
            return None;
        }
        let k = d.unsigned_abs().trailing_zeros();
        let n = if d < 0 {
            -(self.numerator as i128)
        } else {
            self.numerator as i128
        };
        if self.exponent + k > MAX_EXPONENT {
            return None;
        }
        Some(Dyadic::reduce(n, self.exponent + k))
    }

    /// This number times the integer `k`.
    pub fn times(self, k: i64) -> Dyadic {
        Dyadic::reduce(self.numerator as i128 * k as i128, self.exponent)
    }

    fn aligned(a: Dyadic, b: Dyadic) -> (i128, i128, u32) {
        let e = a.exponent.max(b.exponent);
        (
            (a.numerator as i128) << (e - a.exponent),
            (b.numerator as i128) << (e - b.exponent),
            e,
        )
    }

    /// The simplest number strictly between `low` and `high` (`None` for no bound), the value
    /// of `{low | high}` when both are numbers with `low < high`.
    ///
    /// # Panics
    /// When `low >= high`.
    ///
    /// ```
    /// use cgtk_partizan::Dyadic;
    /// let d = |n, e| Some(Dyadic::new(n, e));
    /// assert_eq!(Dyadic::simplest_between(d(0, 0), d(1, 0)), Dyadic::new(1, 1));
    /// assert_eq!(Dyadic::simplest_between(d(-1, 0), d(5, 0)), Dyadic::ZERO);
    /// assert_eq!(Dyadic::simplest_between(d(1, 2), d(5, 3)), Dyadic::new(1, 1));
    /// assert_eq!(Dyadic::simplest_between(d(3, 0), None), Dyadic::integer(4));
    /// ```
    pub fn simplest_between(low: Option<Dyadic>, high: Option<Dyadic>) -> Dyadic {
        if let (Some(l), Some(h)) = (low, high) {
            assert!(l < h, "no number between {l} and {h}");
        }
        let above_zero = low.is_some_and(|l| l >= Dyadic::ZERO);
        let below_zero = high.is_some_and(|h| h <= Dyadic::ZERO);
        if !above_zero && !below_zero {
            return Dyadic::ZERO;
        }
        if below_zero {
            return -Dyadic::simplest_between(high.map(|h| -h), low.map(|l| -l));
        }
        let Some(l) = low else {
            return Dyadic::ZERO;
        };
        let n = Dyadic::integer(l.floor() + 1);
        let Some(h) = high else {
            return n;
        };
        if n < h {
            return n;
        }
        let mut k = 1;
        loop {
            // The least multiple of 2^-k strictly above l.
            let scaled = ((l.numerator as i128) << k) >> l.exponent;
            let candidate = Dyadic::reduce(scaled + 1, k);
            if candidate < h {
                return candidate;
            }
            k += 1;
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = Dyadic::aligned(*self, *other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        let (a, b, e) = Dyadic::aligned(self, other);
        Dyadic::reduce(a + b, e)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self + (-other)
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            numerator: -self.numerator,
            exponent: self.exponent,
        }
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, 1u64 << self.exponent)
        }
    }
}

impl Serialize for Dyadic {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Why a text is not a dyadic rational.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a dyadic rational (an integer or m/2^k, e.g. -3/8)")]
pub struct ParseDyadicError(pub String);

impl std::str::FromStr for Dyadic {
    type Err = ParseDyadicError;
    fn from_str(text: &str) -> Result<Dyadic, ParseDyadicError> {
        let bad = || ParseDyadicError(text.to_string());
        let t = text.trim();
        let (num, den) = match t.split_once('/') {
            Some((n, d)) => (n.trim(), d.trim().parse::<u64>().map_err(|_| bad())?),
            None => (t, 1),
        };
        let n: i64 = num.parse().map_err(|_| bad())?;
        if den == 0 || den.count_ones() != 1 || den.trailing_zeros() > MAX_EXPONENT {
            return Err(bad());
        }
        if n.unsigned_abs() >= 1 << 62 {
            return Err(bad());
        }
        Ok(Dyadic::new(n, den.trailing_zeros()))
    }
}
