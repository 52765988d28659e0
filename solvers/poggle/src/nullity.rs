//! The GF(2) nullity of the n×n plane board through a polynomial gcd.
//!
//! With p₀ = 1, p₁ = x, pₙ₊₁ = x·pₙ + pₙ₋₁ over GF(2) (the characteristic polynomials of
//! the path graphs' adjacency matrices), the n×n Lights Out matrix over GF(2) has nullity
//! deg gcd(pₙ(x), pₙ(x + 1)). The tests check this against the light-chasing solver and
//! a published table.

use cgtk_algebra::Gf2Poly;

/// The polynomial pₙ over GF(2).
///
/// ```
/// use cgtk_poggle::path_polynomial;
/// // p₅ = x⁵ + x
/// assert_eq!(path_polynomial(5).degree(), Some(5));
/// ```
pub fn path_polynomial(n: usize) -> Gf2Poly {
    let mut prev = Gf2Poly::one();
    if n == 0 {
        return prev;
    }
    let mut cur = Gf2Poly::x();
    for _ in 1..n {
        let next = cur.shl(1).add(&prev);
        prev = std::mem::replace(&mut cur, next);
    }
    cur
}

/// The nullity over GF(2) of the n×n plane Lights Out board (the number of solutions of a
/// solvable start is 2^nullity), by the polynomial gcd.
///
/// ```
/// assert_eq!(cgtk_poggle::gf2_nullity(4), 4);
/// assert_eq!(cgtk_poggle::gf2_nullity(5), 2);
/// assert_eq!(cgtk_poggle::gf2_nullity(6), 0);
/// ```
pub fn gf2_nullity(n: usize) -> usize {
    let p = path_polynomial(n);
    let q = p.compose_x_plus_1();
    p.gcd(&q).degree().unwrap_or(0)
}
