//! Gf2Poly and GfpPoly against naive implementations and the gcd laws.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_algebra::{Gf2Poly, GfpPoly, PolyError};
use proptest::prelude::*;

/// Naive GF(2) polynomials as coefficient vectors.
fn naive_mul(a: &[u8], b: &[u8]) -> Vec<u8> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0u8; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            out[i + j] ^= x & y;
        }
    }
    trim(out)
}

fn trim(mut v: Vec<u8>) -> Vec<u8> {
    while v.last() == Some(&0) {
        v.pop();
    }
    v
}

fn naive_rem(a: &[u8], b: &[u8]) -> Vec<u8> {
    let b = trim(b.to_vec());
    let mut r = trim(a.to_vec());
    while r.len() >= b.len() {
        let s = r.len() - b.len();
        for (j, &y) in b.iter().enumerate() {
            r[s + j] ^= y;
        }
        r = trim(r);
    }
    r
}

fn naive_gcd(a: &[u8], b: &[u8]) -> Vec<u8> {
    let (mut a, mut b) = (trim(a.to_vec()), trim(b.to_vec()));
    while !b.is_empty() {
        let r = naive_rem(&a, &b);
        a = b;
        b = r;
    }
    a
}

fn naive_shift(a: &[u8]) -> Vec<u8> {
    // p(x+1) = Σ a_i (x+1)^i with binomials mod 2.
    let mut out = vec![0u8; a.len()];
    let mut pow = vec![1u8]; // (x+1)^i
    for &c in a {
        if c == 1 {
            for (j, &v) in pow.iter().enumerate() {
                out[j] ^= v;
            }
        }
        pow = naive_mul(&pow, &[1, 1]);
    }
    trim(out)
}

fn bits(max_len: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(0u8..=1, 0..max_len)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn gf2_arithmetic_matches_naive(a in bits(300), b in bits(200)) {
        let (pa, pb) = (Gf2Poly::from_coeffs(&a), Gf2Poly::from_coeffs(&b));
        prop_assert_eq!(pa.mul(&pb).coeffs(), naive_mul(&a, &b));
        prop_assert_eq!(pa.compose_x_plus_1().coeffs(), naive_shift(&a));
        prop_assert_eq!(pa.gcd(&pb).coeffs(), naive_gcd(&a, &b));
        if pb.is_zero() {
            prop_assert_eq!(pa.rem(&pb), Err(PolyError::DivisionByZero));
        } else {
            prop_assert_eq!(pa.rem(&pb).unwrap().coeffs(), naive_rem(&a, &b));
            let (q, r) = pa.div_rem(&pb).unwrap();
            prop_assert_eq!(q.mul(&pb).add(&r), pa.clone());
            prop_assert!(r.degree() < pb.degree());
        }
    }

    /// Bézout: s·a + t·b = gcd(a, b), and the cofactors are reduced (deg s < deg b).
    #[test]
    fn gf2_bezout(a in bits(200), b in bits(200)) {
        let (pa, pb) = (Gf2Poly::from_coeffs(&a), Gf2Poly::from_coeffs(&b));
        let (g, s, t) = pa.xgcd(&pb);
        prop_assert_eq!(&g, &pa.gcd(&pb));
        prop_assert_eq!(s.mul(&pa).add(&t.mul(&pb)), g.clone());
        if pb.degree().is_some_and(|d| d > 0) && !g.is_zero() {
            prop_assert!(s.degree() < pb.degree());
        }
    }

    /// gcd(a·c, b·c) is a multiple of c and divides both products.
    #[test]
    fn gf2_gcd_laws(a in bits(150), b in bits(150), c in bits(100)) {
        let (pa, pb, pc) = (Gf2Poly::from_coeffs(&a), Gf2Poly::from_coeffs(&b), Gf2Poly::from_coeffs(&c));
        let (ac, bc) = (pa.mul(&pc), pb.mul(&pc));
        let g = ac.gcd(&bc);
        if !g.is_zero() {
            prop_assert!(ac.rem(&g).unwrap().is_zero());
            prop_assert!(bc.rem(&g).unwrap().is_zero());
            if !pc.is_zero() {
                prop_assert!(g.rem(&pc).unwrap().is_zero());
            }
        } else {
            prop_assert!(ac.is_zero() && bc.is_zero());
        }
    }

    #[test]
    fn gfp_matches_gf2_for_p_2(a in bits(80), b in bits(80)) {
        let to_p = |v: &[u8]| GfpPoly::new(2, v.iter().map(|&x| x as u32).collect()).unwrap();
        let (pa, pb) = (to_p(&a), to_p(&b));
        let (qa, qb) = (Gf2Poly::from_coeffs(&a), Gf2Poly::from_coeffs(&b));
        let conv = |p: &GfpPoly| p.coeffs().iter().map(|&c| c as u8).collect::<Vec<_>>();
        prop_assert_eq!(conv(&pa.gcd(&pb).unwrap()), qa.gcd(&qb).coeffs());
        prop_assert_eq!(conv(&pa.mul(&pb).unwrap()), qa.mul(&qb).coeffs());
        prop_assert_eq!(conv(&pa.compose_x_plus_1()), qa.compose_x_plus_1().coeffs());
    }

    #[test]
    fn gfp_division_and_gcd_laws(p in prop::sample::select(vec![3u32, 5, 7, 101, 2147483647]),
                                 a in proptest::collection::vec(any::<u32>(), 0..20),
                                 b in proptest::collection::vec(any::<u32>(), 0..15)) {
        let pa = GfpPoly::new(p, a.iter().map(|&x| x % p).collect()).unwrap();
        let pb = GfpPoly::new(p, b.iter().map(|&x| x % p).collect()).unwrap();
        if !pb.is_zero() {
            let (q, r) = pa.div_rem(&pb).unwrap();
            prop_assert_eq!(q.mul(&pb).unwrap().add(&r).unwrap(), pa.clone());
            prop_assert!(r.degree() < pb.degree());
        }
        let g = pa.gcd(&pb).unwrap();
        if !g.is_zero() {
            prop_assert!(pa.rem(&g).unwrap().is_zero());
            prop_assert!(pb.rem(&g).unwrap().is_zero());
            prop_assert_eq!(g.coeffs().last(), Some(&1));
        }
        // p(x+1) evaluated at t equals p at t+1.
        let shifted = pa.compose_x_plus_1();
        for t in 0..5u32 {
            prop_assert_eq!(shifted.eval(t), pa.eval(t + 1));
        }
    }
}

#[test]
fn poly_errors() {
    assert_eq!(GfpPoly::new(6, vec![1]), Err(PolyError::NotPrime { p: 6 }));
    assert_eq!(
        GfpPoly::new(5, vec![1, 5]),
        Err(PolyError::Coefficient {
            index: 1,
            value: 5,
            p: 5
        })
    );
    let a = GfpPoly::new(5, vec![1]).unwrap();
    let b = GfpPoly::new(7, vec![1]).unwrap();
    assert_eq!(
        a.gcd(&b),
        Err(PolyError::FieldMismatch { left: 5, right: 7 })
    );
    assert_eq!(
        a.rem(&GfpPoly::zero(5).unwrap()),
        Err(PolyError::DivisionByZero)
    );
}

#[test]
fn display() {
    assert_eq!(Gf2Poly::zero().to_string(), "0");
    assert_eq!(
        Gf2Poly::from_coeffs(&[1, 1, 0, 1]).to_string(),
        "x^3 + x + 1"
    );
    assert_eq!(
        GfpPoly::new(5, vec![3, 1, 0, 2]).unwrap().to_string(),
        "2x^3 + x + 3"
    );
}

/// p ↦ p(x+1) is a ring homomorphism and an involution: checked on long random
/// polynomials whose word-level butterflies span many words.
#[test]
fn shift_is_a_ring_homomorphism_on_long_polynomials() {
    let mut state = 99u64;
    let mut word = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for words in [1usize, 2, 3, 17, 64, 100] {
        let a = Gf2Poly::from_words((0..words).map(|_| word()).collect());
        let b = Gf2Poly::from_words((0..words + 3).map(|_| word()).collect());
        let lhs = a.mul(&b).compose_x_plus_1();
        let rhs = a.compose_x_plus_1().mul(&b.compose_x_plus_1());
        assert_eq!(lhs, rhs, "{words} words");
        assert_eq!(a.compose_x_plus_1().compose_x_plus_1(), a);
        assert_eq!(a.compose_x_plus_1().degree(), a.degree());
        // Value at 0 of p(x+1) is p(1).
        assert_eq!(a.compose_x_plus_1().coeff(0), a.eval_one());
    }
}

#[test]
fn long_gcd_has_the_planted_factor() {
    let mut state = 7u64;
    let mut word = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let common = Gf2Poly::from_words((0..20).map(|_| word()).collect());
    let a = Gf2Poly::from_words((0..150).map(|_| word()).collect()).mul(&common);
    let b = Gf2Poly::from_words((0..140).map(|_| word()).collect()).mul(&common);
    let g = a.gcd(&b);
    assert!(g.rem(&common).unwrap().is_zero());
    assert!(a.rem(&g).unwrap().is_zero() && b.rem(&g).unwrap().is_zero());
    // gcd(a/g, b/g) = 1.
    let (qa, ra) = a.div_rem(&g).unwrap();
    let (qb, rb) = b.div_rem(&g).unwrap();
    assert!(ra.is_zero() && rb.is_zero());
    assert_eq!(qa.gcd(&qb), Gf2Poly::one());
}
