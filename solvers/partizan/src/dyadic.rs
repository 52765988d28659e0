//! Dyadic rationals m/2^k: the numbers of short games and the coordinates of thermographs.

use serde::{Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};

/// The largest exponent k of a denominator 2^k of a number made with [`Dyadic::new`], and
/// so of a number in a game.
pub const MAX_EXPONENT: u32 = 48;

/// The largest exponent that halving ([`Dyadic::half`], [`Dyadic::div_pow2`]) reaches: means,
/// temperatures and the corners of thermographs may be finer than the numbers of the game.
/// The numerator has 128 bits, so numbers up to 2^30 keep this exponent exactly.
pub(crate) const MAX_DERIVED_EXPONENT: u32 = 96;

/// A dyadic rational `numerator / 2^exponent`, kept in lowest terms (the numerator is odd
/// unless the exponent is 0). The numerator has 128 bits, so sums of numbers made with
/// [`Dyadic::new`] do not overflow.
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
    numerator: i128,
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
        Dyadic::wide(numerator.into(), exponent)
    }

    /// [`Dyadic::new`] with a numerator of up to 128 bits.
    ///
    /// # Panics
    /// When `exponent` exceeds [`MAX_EXPONENT`].
    pub(crate) fn wide(numerator: i128, exponent: u32) -> Dyadic {
        assert!(
            exponent <= MAX_EXPONENT,
            "denominator 2^{exponent} too large"
        );
        Dyadic::reduce(numerator, exponent)
    }

    /// The integer `n`.
    ///
    /// ```
    /// use cgtk_partizan::Dyadic;
    /// assert!(Dyadic::integer(-3).is_integer());
    /// ```
    pub fn integer(n: i64) -> Dyadic {
        Dyadic {
            numerator: n.into(),
            exponent: 0,
        }
    }

    fn reduce(mut numerator: i128, mut exponent: u32) -> Dyadic {
        while exponent > 0 && numerator % 2 == 0 {
            numerator /= 2;
            exponent -= 1;
        }
        Dyadic {
            numerator,
            exponent,
        }
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> i128 {
        self.numerator
    }

    /// The nearest `f64`.
    ///
    /// ```
    /// use cgtk_partizan::Dyadic;
    /// assert_eq!(Dyadic::new(-3, 3).to_f64(), -0.375);
    /// ```
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / 2f64.powi(self.exponent as i32)
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
        let floor = self.numerator >> self.exponent;
        i64::try_from(floor).unwrap_or(if floor < 0 { i64::MIN } else { i64::MAX })
    }

    /// Half of this number.
    ///
    /// # Panics
    /// When the denominator would exceed 2^96 (halving a number of a game 48 times).
    ///
    /// ```
    /// use cgtk_partizan::Dyadic;
    /// assert_eq!(Dyadic::integer(1).half(), Dyadic::new(1, 1));
    /// ```
    pub fn half(self) -> Dyadic {
        self.div_pow2(2)
            .unwrap_or_else(|| panic!("{self} halved is finer than 1/2^{MAX_DERIVED_EXPONENT}"))
    }

    /// This number divided by `d`, when the quotient is dyadic (`d` a power of two up to
    /// sign) with a denominator up to 2^96.
    ///
    /// ```
    /// use cgtk_partizan::{Dyadic, MAX_EXPONENT};
    /// let finest = Dyadic::new(1, MAX_EXPONENT);
    /// assert_eq!(finest.div_pow2(-2).unwrap().to_string(), "-1/562949953421312");
    /// assert_eq!(finest.div_pow2(3), None);
    /// ```
    pub fn div_pow2(self, d: i64) -> Option<Dyadic> {
        if d == 0 || d.unsigned_abs().count_ones() != 1 {
            return None;
        }
        let k = d.unsigned_abs().trailing_zeros();
        let n = if d < 0 {
            -self.numerator
        } else {
            self.numerator
        };
        let exponent = self.exponent + k;
        if self.numerator != 0 && exponent > MAX_DERIVED_EXPONENT {
            return None;
        }
        Some(Dyadic::reduce(n, exponent))
    }

    /// This number times the integer `k`.
    pub fn times(self, k: i64) -> Dyadic {
        Dyadic::reduce(self.numerator * i128::from(k), self.exponent)
    }

    fn aligned(a: Dyadic, b: Dyadic) -> (i128, i128, u32) {
        let e = a.exponent.max(b.exponent);
        (
            a.numerator << (e - a.exponent),
            b.numerator << (e - b.exponent),
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
            let scaled = (l.numerator << k) >> l.exponent;
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
            write!(f, "{}/{}", self.numerator, 1u128 << self.exponent)
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
