//! The GF(2) nullity of the n×n plane board through a polynomial gcd.
//!
//! With p₀ = 1, p₁ = x, pₙ₊₁ = x·pₙ + pₙ₋₁ over GF(2) (the characteristic polynomials of
//! the path graphs' adjacency matrices), the n×n Lights Out matrix over GF(2) has nullity
//! d(n) = deg gcd(pₙ(x), pₙ(x + 1)). The tests check this against the light-chasing solver
//! and a published table.
//!
//! Over GF(2) these polynomials halve: p₂ₘ₊₁ = x·pₘ² and p₂ₘ = (pₘ + pₘ₋₁)² (both follow
//! from the recurrence by induction, squaring being additive in characteristic 2). So
//! - for n = 2m, d(n) = 2·deg gcd(r(x), r(x + 1)) with r = pₘ + pₘ₋₁, a gcd of half the
//!   degree and a quarter of the work;
//! - for n = 2m + 1, write g = gcd(pₘ(x), pₘ(x + 1)), pₘ = g·a, pₘ(x + 1) = g·b with a, b
//!   coprime. Then gcd(x·pₘ², (x + 1)·pₘ(x + 1)²) = g²·gcd(x·a², (x + 1)·b²), and no
//!   factor but x and x + 1 can divide both x·a² and (x + 1)·b²: x divides both exactly
//!   when x | b, once, and x + 1 exactly when x + 1 | a, once; by the symmetry x ↔ x + 1
//!   the two happen together. So d(2m + 1) = 2·d(m) + 2·[v₍ₓ₊₁₎(pₘ) > vₓ(pₘ)], where v
//!   counts how often a factor divides.
//!
//! The pₘ themselves come from the same halving in O(m log m / 64) word operations.

use cgtk_algebra::Gf2Poly;

/// The polynomial pₙ over GF(2).
///
/// ```
/// use cgtk_poggle::path_polynomial;
/// // p₅ = x⁵ + x
/// assert_eq!(path_polynomial(5).degree(), Some(5));
/// assert_eq!(path_polynomial(5).to_string(), "x^5 + x");
/// ```
pub fn path_polynomial(n: usize) -> Gf2Poly {
    path_pair(n).0
}

/// (pₙ, pₙ₋₁), with p₋₁ = 0, by halving: from (pⱼ, pⱼ₋₁), p₂ⱼ = (pⱼ + pⱼ₋₁)²,
/// p₂ⱼ₊₁ = x·pⱼ² and p₂ⱼ₋₁ = x·pⱼ₋₁².
fn path_pair(n: usize) -> (Gf2Poly, Gf2Poly) {
    if n == 0 {
        return (Gf2Poly::one(), Gf2Poly::zero());
    }
    let (pj, pj1) = path_pair(n / 2);
    let even = pj.add(&pj1).square();
    if n % 2 == 1 {
        (pj.square().shl(1), even)
    } else {
        (even, pj1.square().shl(1))
    }
}

/// pₙ by the recurrence pₙ₊₁ = x·pₙ + pₙ₋₁ itself, O(n²/64): the reference for the
/// halving.
///
/// ```
/// use cgtk_poggle::{path_polynomial, path_polynomial_by_recurrence};
/// for n in 0..200 {
///     assert_eq!(path_polynomial(n), path_polynomial_by_recurrence(n));
/// }
/// ```
pub fn path_polynomial_by_recurrence(n: usize) -> Gf2Poly {
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
/// solvable start is 2^nullity), by the polynomial gcd of half the degree (see the module
/// notes). n = 10⁶ takes seconds.
///
/// ```
/// assert_eq!(cgtk_poggle::gf2_nullity(4), 4);
/// assert_eq!(cgtk_poggle::gf2_nullity(5), 2);
/// assert_eq!(cgtk_poggle::gf2_nullity(6), 0);
/// ```
pub fn gf2_nullity(n: usize) -> usize {
    gf2_nullity_with_progress(n, &mut |_, _| {})
}

/// [`gf2_nullity`], telling `progress(done, total)` how far the one long gcd has come.
///
/// ```
/// let mut calls = 0;
/// let d = cgtk_poggle::gf2_nullity_with_progress(1000, &mut |done, total| {
///     assert!(done <= total);
///     calls += 1;
/// });
/// assert_eq!(d, cgtk_poggle::gf2_nullity(1000));
/// assert!(calls > 0);
/// ```
pub fn gf2_nullity_with_progress(n: usize, progress: &mut dyn FnMut(u64, u64)) -> usize {
    if n == 0 {
        return 0;
    }
    if n % 2 == 0 {
        let (pm, pm1) = path_pair(n / 2);
        let r = pm.add(&pm1);
        let g = r.gcd_with_progress(&r.compose_x_plus_1(), &mut |done, total| {
            progress(done as u64, total as u64)
        });
        return 2 * g.degree().unwrap_or(0);
    }
    let m = n / 2;
    let p = path_polynomial(m);
    let at_x = p.trailing_zeros().unwrap_or(0);
    let at_x_plus_1 = p.compose_x_plus_1().trailing_zeros().unwrap_or(0);
    2 * gf2_nullity_with_progress(m, progress) + if at_x_plus_1 > at_x { 2 } else { 0 }
}

/// deg gcd(pₙ(x), pₙ(x + 1)) taken directly, O(n²/64): the reference the halving
/// [`gf2_nullity`] is tested against.
///
/// ```
/// for n in 1..100 {
///     assert_eq!(cgtk_poggle::gf2_nullity_direct(n), cgtk_poggle::gf2_nullity(n));
/// }
/// ```
pub fn gf2_nullity_direct(n: usize) -> usize {
    let p = path_polynomial_by_recurrence(n);
    let q = p.compose_x_plus_1();
    p.gcd(&q).degree().unwrap_or(0)
}
