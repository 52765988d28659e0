//! Polynomials over GF(2), bit-packed.

use std::fmt;

use crate::PolyError;

/// A polynomial over GF(2): bit `i` of the packed words is the coefficient of `x^i`.
///
/// Addition is XOR; multiplication, division and gcd work a word (64 coefficients) at a
/// time, so the gcd of two polynomials of degree `n` costs about `n²/64` word operations.
///
/// # Example
///
/// ```
/// use cgtk_algebra::Gf2Poly;
///
/// let p = Gf2Poly::from_coeffs(&[1, 1, 0, 1]); // 1 + x + x^3
/// let q = Gf2Poly::from_coeffs(&[1, 1]);       // 1 + x
/// let prod = p.mul(&q);
/// assert_eq!(prod.to_string(), "x^4 + x^3 + x^2 + 1");
/// assert_eq!(prod.gcd(&q), q);
/// assert_eq!(prod.rem(&p)?, Gf2Poly::zero());
/// assert_eq!(q.compose_x_plus_1(), Gf2Poly::x());
/// # Ok::<(), cgtk_algebra::PolyError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Gf2Poly {
    /// Trimmed: no trailing zero words.
    words: Vec<u64>,
}

impl Gf2Poly {
    /// The zero polynomial.
    pub fn zero() -> Self {
        Gf2Poly { words: Vec::new() }
    }

    /// The constant 1.
    pub fn one() -> Self {
        Gf2Poly { words: vec![1] }
    }

    /// The polynomial `x`.
    pub fn x() -> Self {
        Gf2Poly { words: vec![2] }
    }

    /// `x^n`.
    pub fn monomial(n: usize) -> Self {
        let mut words = vec![0; n / 64 + 1];
        words[n / 64] = 1u64 << (n % 64);
        Gf2Poly { words }
    }

    /// From coefficients, lowest degree first; a coefficient is taken modulo 2.
    pub fn from_coeffs(coeffs: &[u8]) -> Self {
        let mut words = vec![0u64; coeffs.len().div_ceil(64)];
        for (i, &c) in coeffs.iter().enumerate() {
            if c & 1 == 1 {
                words[i / 64] |= 1u64 << (i % 64);
            }
        }
        Self::from_words(words)
    }

    /// From packed words (bit `i` = coefficient of `x^i`).
    pub fn from_words(mut words: Vec<u64>) -> Self {
        trim(&mut words);
        Gf2Poly { words }
    }

    /// The packed words (no trailing zero word).
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The coefficients, lowest degree first (empty for zero).
    pub fn coeffs(&self) -> Vec<u8> {
        match self.degree() {
            None => Vec::new(),
            Some(d) => (0..=d).map(|i| self.coeff(i) as u8).collect(),
        }
    }

    /// The coefficient of `x^i`.
    pub fn coeff(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    /// The degree, `None` for the zero polynomial.
    pub fn degree(&self) -> Option<usize> {
        degree_of(&self.words)
    }

    /// True for the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.words.is_empty()
    }

    /// `self + other` (XOR of coefficients; the same as subtraction).
    pub fn add(&self, other: &Gf2Poly) -> Gf2Poly {
        let (long, short) = if self.words.len() >= other.words.len() {
            (self, other)
        } else {
            (other, self)
        };
        let mut words = long.words.clone();
        for (a, b) in words.iter_mut().zip(&short.words) {
            *a ^= b;
        }
        Self::from_words(words)
    }

    /// `self += other`, in place.
    ///
    /// ```
    /// use cgtk_algebra::Gf2Poly;
    /// let mut p = Gf2Poly::from_coeffs(&[1, 1]);
    /// p.add_assign(&Gf2Poly::x());
    /// assert_eq!(p, Gf2Poly::one());
    /// ```
    pub fn add_assign(&mut self, other: &Gf2Poly) {
        if self.words.len() < other.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a ^= b;
        }
        trim(&mut self.words);
    }

    /// `self · x^n`.
    pub fn shl(&self, n: usize) -> Gf2Poly {
        if self.is_zero() {
            return Gf2Poly::zero();
        }
        let mut words = vec![0u64; self.words.len() + n / 64 + 1];
        xor_shifted(&mut words, &self.words, n);
        Self::from_words(words)
    }

    /// `self · other`.
    pub fn mul(&self, other: &Gf2Poly) -> Gf2Poly {
        if self.is_zero() || other.is_zero() {
            return Gf2Poly::zero();
        }
        let (a, b) = if self.words.len() <= other.words.len() {
            (self, other)
        } else {
            (other, self)
        };
        // Table of b·t for every 4-bit t, each one word longer than b.
        let len = b.words.len() + 1;
        let mut table = vec![0u64; 16 * len];
        for t in 1..16usize {
            for bit in 0..4 {
                if t >> bit & 1 == 1 {
                    xor_shifted(&mut table[t * len..(t + 1) * len], &b.words, bit);
                }
            }
        }
        let mut out = vec![0u64; a.words.len() + b.words.len() + 1];
        // Process nibble positions from the highest, shifting the accumulator by 4 each time.
        for nib in (0..16).rev() {
            shl_small(&mut out, 4);
            for (wi, &w) in a.words.iter().enumerate() {
                let t = (w >> (4 * nib)) as usize & 15;
                if t != 0 {
                    for (o, &s) in out[wi..wi + len]
                        .iter_mut()
                        .zip(&table[t * len..(t + 1) * len])
                    {
                        *o ^= s;
                    }
                }
            }
        }
        Self::from_words(out)
    }

    /// Quotient and remainder of the division by `divisor`.
    pub fn div_rem(&self, divisor: &Gf2Poly) -> Result<(Gf2Poly, Gf2Poly), PolyError> {
        let db = divisor.degree().ok_or(PolyError::DivisionByZero)?;
        let mut r = self.words.clone();
        let mut quotient = vec![0u64; (self.degree().unwrap_or(0) / 64) + 1];
        let mut top = degree_of(&r);
        while let Some(dr) = top.filter(|&d| d >= db) {
            let shift = dr - db;
            quotient[shift / 64] |= 1u64 << (shift % 64);
            xor_shifted(&mut r, &divisor.words, shift);
            top = degree_below(&r, dr);
        }
        Ok((Self::from_words(quotient), Self::from_words(r)))
    }

    /// The remainder of the division by `divisor`.
    pub fn rem(&self, divisor: &Gf2Poly) -> Result<Gf2Poly, PolyError> {
        if divisor.is_zero() {
            return Err(PolyError::DivisionByZero);
        }
        let mut r = self.words.clone();
        rem_in_place(&mut r, &divisor.words);
        Ok(Self::from_words(r))
    }

    /// The monic greatest common divisor (zero only when both are zero).
    pub fn gcd(&self, other: &Gf2Poly) -> Gf2Poly {
        self.gcd_with_progress(other, &mut |_, _| {})
    }

    /// [`gcd`](Self::gcd), telling `progress(done, total)` after each Euclidean step how
    /// far it is: `total` is the larger degree, `done` how much the smaller remainder's
    /// degree has dropped below it (the work left shrinks with that degree).
    ///
    /// ```
    /// use cgtk_algebra::Gf2Poly;
    /// let p = Gf2Poly::from_coeffs(&[1, 0, 0, 1, 1, 0, 1, 1]);
    /// let q = Gf2Poly::from_coeffs(&[0, 1, 1, 0, 1]);
    /// let mut last = (0, 0);
    /// let g = p.gcd_with_progress(&q, &mut |done, total| last = (done, total));
    /// assert_eq!(g, p.gcd(&q));
    /// assert_eq!(last, (7, 7));
    /// ```
    pub fn gcd_with_progress(
        &self,
        other: &Gf2Poly,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Gf2Poly {
        let mut a = self.words.clone();
        let mut b = other.words.clone();
        trim(&mut a);
        trim(&mut b);
        let total = degree_of(&a).max(degree_of(&b)).unwrap_or(0);
        while !b.is_empty() {
            rem_in_place(&mut a, &b);
            std::mem::swap(&mut a, &mut b);
            progress(total - degree_of(&b).map_or(0, |d| d.min(total)), total);
        }
        Self::from_words(a)
    }

    /// `self²`: over GF(2) the coefficient of `x^i` moves to `x^(2i)`, a spreading of
    /// bits in linear time.
    ///
    /// ```
    /// use cgtk_algebra::Gf2Poly;
    /// let p = Gf2Poly::from_coeffs(&[1, 1, 0, 1]);
    /// assert_eq!(p.square(), p.mul(&p));
    /// ```
    pub fn square(&self) -> Gf2Poly {
        let spread = |w: u32| {
            let mut x = u64::from(w);
            x = (x | (x << 16)) & 0x0000_ffff_0000_ffff;
            x = (x | (x << 8)) & 0x00ff_00ff_00ff_00ff;
            x = (x | (x << 4)) & 0x0f0f_0f0f_0f0f_0f0f;
            x = (x | (x << 2)) & 0x3333_3333_3333_3333;
            (x | (x << 1)) & 0x5555_5555_5555_5555
        };
        let words = self
            .words
            .iter()
            .flat_map(|&w| [spread(w as u32), spread((w >> 32) as u32)])
            .collect();
        Self::from_words(words)
    }

    /// The number of factors `x` dividing `self` (the index of the lowest nonzero
    /// coefficient); `None` for zero.
    pub fn trailing_zeros(&self) -> Option<usize> {
        let i = self.words.iter().position(|&w| w != 0)?;
        Some(i * 64 + self.words[i].trailing_zeros() as usize)
    }

    /// The extended gcd: `(g, s, t)` with `s·self + t·other = g`, `g` the gcd.
    ///
    /// Costs a product per Euclidean step; use [`gcd`](Self::gcd) when the cofactors are
    /// not needed.
    ///
    /// ```
    /// use cgtk_algebra::Gf2Poly;
    /// let a = Gf2Poly::from_coeffs(&[1, 0, 1]); // (x + 1)^2
    /// let b = Gf2Poly::from_coeffs(&[1, 1, 1, 1]); // (x + 1)(x^2 + 1)
    /// let (g, s, t) = a.xgcd(&b);
    /// assert_eq!(g, a);
    /// assert_eq!(s.mul(&a).add(&t.mul(&b)), g);
    /// ```
    pub fn xgcd(&self, other: &Gf2Poly) -> (Gf2Poly, Gf2Poly, Gf2Poly) {
        let (mut r0, mut r1) = (self.clone(), other.clone());
        let (mut s0, mut s1) = (Gf2Poly::one(), Gf2Poly::zero());
        let (mut t0, mut t1) = (Gf2Poly::zero(), Gf2Poly::one());
        while !r1.is_zero() {
            let Ok((q, r)) = r0.div_rem(&r1) else { break };
            r0 = std::mem::replace(&mut r1, r);
            let s2 = s0.add(&q.mul(&s1));
            s0 = std::mem::replace(&mut s1, s2);
            let t2 = t0.add(&q.mul(&t1));
            t0 = std::mem::replace(&mut t1, t2);
        }
        (r0, s0, t0)
    }

    /// `p(x + 1)`, by the butterflies `(x+1)^(2^j) = x^(2^j) + 1` in `O(n log n / 64)`.
    pub fn compose_x_plus_1(&self) -> Gf2Poly {
        let mut w = self.words.clone();
        // Bits j < 6 inside each word: coefficient i (bit j set) is added to i - 2^j.
        const LOW: [u64; 6] = [
            0x5555_5555_5555_5555,
            0x3333_3333_3333_3333,
            0x0f0f_0f0f_0f0f_0f0f,
            0x00ff_00ff_00ff_00ff,
            0x0000_ffff_0000_ffff,
            0x0000_0000_ffff_ffff,
        ];
        for x in w.iter_mut() {
            for (j, &mask) in LOW.iter().enumerate() {
                *x ^= (*x >> (1 << j)) & mask;
            }
        }
        // Bits j >= 6: whole words, word i (bit j-6 set) is added to word i - 2^(j-6).
        let mut span = 1;
        while span < w.len() {
            let mut i = 0;
            while i < w.len() {
                for t in i..(i + span).min(w.len()) {
                    if t + span < w.len() {
                        w[t] ^= w[t + span];
                    }
                }
                i += 2 * span;
            }
            span *= 2;
        }
        Self::from_words(w)
    }

    /// The formal derivative.
    pub fn derivative(&self) -> Gf2Poly {
        // d/dx x^i = i x^(i-1): keep odd i, shift down by one.
        let mut words: Vec<u64> = self
            .words
            .iter()
            .map(|w| w & 0xaaaa_aaaa_aaaa_aaaa)
            .collect();
        shr1(&mut words);
        Self::from_words(words)
    }

    /// The value at `x = 1` (the parity of the number of terms).
    pub fn eval_one(&self) -> bool {
        self.words.iter().map(|w| w.count_ones()).sum::<u32>() & 1 == 1
    }
}

fn trim(words: &mut Vec<u64>) {
    while words.last() == Some(&0) {
        words.pop();
    }
}

fn degree_of(words: &[u64]) -> Option<usize> {
    let i = words.iter().rposition(|&w| w != 0)?;
    Some(i * 64 + 63 - words[i].leading_zeros() as usize)
}

/// Degree of `words`, knowing it is at most `bound`.
fn degree_below(words: &[u64], bound: usize) -> Option<usize> {
    degree_of(&words[..(bound / 64 + 1).min(words.len())])
}

/// `dst ^= src · x^shift`; `dst` must be long enough for the nonzero part of the result.
fn xor_shifted(dst: &mut [u64], src: &[u64], shift: usize) {
    let ws = shift / 64;
    let bits = shift % 64;
    if bits == 0 {
        for (d, s) in dst[ws..].iter_mut().zip(src) {
            *d ^= s;
        }
        return;
    }
    if ws >= dst.len() || src.is_empty() {
        return;
    }
    // dst[ws + i] ^= src[i] << bits | src[i - 1] >> (64 - bits): one store per word, in a
    // loop the compiler vectorises.
    let out = &mut dst[ws..];
    out[0] ^= src[0] << bits;
    let body = (src.len() - 1).min(out.len() - 1);
    for ((d, &cur), &prev) in out[1..=body]
        .iter_mut()
        .zip(&src[1..=body])
        .zip(&src[..body])
    {
        *d ^= (cur << bits) | (prev >> (64 - bits));
    }
    if src.len() < out.len() {
        out[src.len()] ^= src[src.len() - 1] >> (64 - bits);
    }
}

/// `r = r mod b` in place (`b` trimmed and nonzero); `r` is trimmed afterwards.
fn rem_in_place(r: &mut Vec<u64>, b: &[u64]) {
    let Some(db) = degree_of(b) else { return };
    let mut top = degree_of(r);
    while let Some(dr) = top.filter(|&d| d >= db) {
        xor_shifted(r, b, dr - db);
        top = degree_below(r, dr);
    }
    trim(r);
}

fn shl_small(words: &mut [u64], s: u32) {
    let mut carry = 0u64;
    for w in words.iter_mut() {
        let next = *w >> (64 - s);
        *w = (*w << s) | carry;
        carry = next;
    }
}

fn shr1(words: &mut [u64]) {
    let n = words.len();
    for i in 0..n {
        let hi = if i + 1 < n { words[i + 1] << 63 } else { 0 };
        words[i] = (words[i] >> 1) | hi;
    }
}

impl fmt::Display for Gf2Poly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(d) = self.degree() else {
            return write!(f, "0");
        };
        let mut first = true;
        for i in (0..=d).rev().filter(|&i| self.coeff(i)) {
            if !first {
                write!(f, " + ")?;
            }
            first = false;
            match i {
                0 => write!(f, "1")?,
                1 => write!(f, "x")?,
                _ => write!(f, "x^{i}")?,
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Gf2Poly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gf2Poly({self})")
    }
}
