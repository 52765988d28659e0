//! Integer helpers: factorisation, inverses, fast reduction, valuations, CRT.

use crate::AlgebraError;

/// Checks that `k` is an allowed modulus (`2 <= k < 2^32`) and returns it as `u32`.
///
/// ```
/// use cgtk_algebra::check_modulus;
/// assert_eq!(check_modulus(6), Ok(6));
/// assert!(check_modulus(1).is_err());
/// assert!(check_modulus(1 << 32).is_err());
/// ```
pub fn check_modulus(k: u64) -> Result<u32, AlgebraError> {
    match u32::try_from(k) {
        Ok(k32) if k32 >= 2 => Ok(k32),
        _ => Err(AlgebraError::Modulus { k }),
    }
}

/// Factors `n >= 1` into `(prime, exponent)` pairs in increasing order of prime.
///
/// ```
/// use cgtk_algebra::factorize;
/// assert_eq!(factorize(360), vec![(2, 3), (3, 2), (5, 1)]);
/// assert_eq!(factorize(4294967291), vec![(4294967291, 1)]);
/// ```
pub fn factorize(mut n: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut p: u32 = 2;
    while (p as u64) * (p as u64) <= n as u64 {
        if n % p == 0 {
            let mut e = 0;
            while n % p == 0 {
                n /= p;
                e += 1;
            }
            out.push((p, e));
        }
        p += if p == 2 { 1 } else { 2 };
    }
    if n > 1 {
        out.push((n, 1));
    }
    out
}

/// True when `n` is prime.
///
/// ```
/// use cgtk_algebra::is_prime;
/// assert!(is_prime(2147483647));
/// assert!(!is_prime(1));
/// assert!(!is_prime(91));
/// ```
pub fn is_prime(n: u32) -> bool {
    n >= 2 && factorize(n) == [(n, 1)]
}

/// The inverse of `a` modulo `m`, when `gcd(a, m) = 1`.
pub(crate) fn inv_mod(a: u64, m: u64) -> Option<u64> {
    let (mut old_r, mut r) = (a as i128 % m as i128, m as i128);
    let (mut old_s, mut s) = (1i128, 0i128);
    while r != 0 {
        let q = old_r / r;
        (old_r, r) = (r, old_r - q * r);
        (old_s, s) = (s, old_s - q * s);
    }
    if old_r != 1 {
        return if m == 1 { Some(0) } else { None };
    }
    Some(old_s.rem_euclid(m as i128) as u64)
}

/// Barrett reduction modulo `q < 2^32` for any `u64` input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reducer {
    q: u64,
    m: u64,
}

impl Reducer {
    pub(crate) fn new(q: u32) -> Self {
        let q = q as u64;
        Reducer { q, m: u64::MAX / q }
    }

    /// `x mod q`.
    #[inline(always)]
    pub(crate) fn reduce(&self, x: u64) -> u64 {
        let t = ((x as u128 * self.m as u128) >> 64) as u64;
        let mut r = x - t * self.q;
        while r >= self.q {
            r -= self.q;
        }
        r
    }
}

/// The `p`-adic valuation of `x` in `Z/p^eZ` (`e` for zero), for `0 <= x < p^e`.
#[inline]
pub(crate) fn valuation(mut x: u64, p: u64, e: u32) -> u32 {
    if x == 0 {
        return e;
    }
    let mut v = 0;
    while x % p == 0 {
        x /= p;
        v += 1;
    }
    v
}

/// For moduli `q_j` pairwise coprime with product `k`, the idempotents `c_j`:
/// `c_j ≡ 1 (mod q_j)` and `c_j ≡ 0 (mod q_i)` for `i != j`.
pub(crate) fn crt_idempotents(k: u32, qs: &[u32]) -> Vec<u64> {
    qs.iter()
        .map(|&q| {
            let rest = (k / q) as u64;
            let inv = inv_mod(rest % q as u64, q as u64).unwrap_or(0);
            (rest * inv) % k as u64
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factorize_products() {
        for n in 1..5000u32 {
            let f = factorize(n);
            let prod: u64 = f.iter().map(|&(p, e)| (p as u64).pow(e)).product();
            assert_eq!(prod, n as u64);
            assert!(f.iter().all(|&(p, _)| (2..p).all(|d| p % d != 0)));
        }
        assert_eq!(
            factorize(u32::MAX),
            vec![(3, 1), (5, 1), (17, 1), (257, 1), (65537, 1)]
        );
    }

    #[test]
    fn reducer_matches_remainder() {
        for &q in &[2u32, 3, 6, 1000, 65537, 2147483647, 4294967291, u32::MAX] {
            let r = Reducer::new(q);
            for &x in &[
                0u64,
                1,
                q as u64 - 1,
                q as u64,
                u64::MAX,
                u64::MAX - 1,
                1 << 63,
                12345678901234567,
            ] {
                assert_eq!(r.reduce(x), x % q as u64, "q={q} x={x}");
            }
        }
    }

    #[test]
    fn inverses() {
        for m in 2..60u64 {
            for a in 0..m {
                let g = gcd(a, m);
                match inv_mod(a, m) {
                    Some(i) => assert_eq!(a * i % m, 1),
                    None => assert_ne!(g, 1),
                }
            }
        }
    }

    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }

    #[test]
    fn idempotents() {
        let k = 360u32;
        let qs = [8u32, 9, 5];
        let c = crt_idempotents(k, &qs);
        for (j, &cj) in c.iter().enumerate() {
            for (i, &q) in qs.iter().enumerate() {
                assert_eq!(cj % q as u64, (i == j) as u64);
            }
        }
    }
}
