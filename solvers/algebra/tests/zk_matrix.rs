//! ZkMatrix and LinearSystem against brute force over all vectors.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashSet;

use cgtk_algebra::{AlgebraError, LinearSystem, ZkMatrix};
use num_bigint::BigUint;
use proptest::prelude::*;

/// Every vector of `Z/kZ^n`, in lexicographic order.
fn all_vectors(k: u32, n: usize) -> Vec<Vec<u32>> {
    let total = (k as usize).pow(n as u32);
    (0..total)
        .map(|mut idx| {
            (0..n)
                .map(|_| {
                    let d = (idx % k as usize) as u32;
                    idx /= k as usize;
                    d
                })
                .collect()
        })
        .collect()
}

fn brute_kernel(a: &ZkMatrix) -> Vec<Vec<u32>> {
    all_vectors(a.modulus(), a.cols())
        .into_iter()
        .filter(|x| a.mul_vec(x).iter().all(|&v| v == 0))
        .collect()
}

/// Every element `Σ c_i g_i` with `0 <= c_i < o_i`, in enumeration order.
fn enumerate_kernel(sys: &LinearSystem, k: u32, n: usize) -> Vec<Vec<u32>> {
    let mut out = vec![vec![0u32; n]];
    for (g, o) in sys.kernel_basis() {
        let mut next = Vec::new();
        for base in &out {
            for c in 0..*o as u64 {
                next.push(
                    base.iter()
                        .zip(g)
                        .map(|(&b, &gi)| ((b as u64 + c * gi as u64) % k as u64) as u32)
                        .collect(),
                );
            }
        }
        out = next;
    }
    out
}

fn matrix_strategy(k: u32, max_rows: usize, max_cols: usize) -> impl Strategy<Value = ZkMatrix> {
    (1..=max_rows, 1..=max_cols).prop_flat_map(move |(r, c)| {
        proptest::collection::vec(proptest::collection::vec(0..k, c), r)
            .prop_map(move |rows| ZkMatrix::from_rows(k, rows).expect("entries below k"))
    })
}

/// Small k and shapes so that `k^cols` stays a few thousand.
fn small_case() -> impl Strategy<Value = ZkMatrix> {
    (2u32..=12).prop_flat_map(|k| {
        let max_cols = match k {
            2 => 8,
            3 => 6,
            4..=5 => 5,
            6..=7 => 4,
            _ => 3,
        };
        matrix_strategy(k, 4, max_cols)
    })
}

/// Matrices with many zero divisors: entries drawn from multiples of a divisor of k.
fn degenerate_case() -> impl Strategy<Value = ZkMatrix> {
    (
        prop::sample::select(vec![4u32, 8, 9, 12, 16, 27, 36]),
        1usize..=3,
        1usize..=3,
    )
        .prop_flat_map(|(k, r, c)| {
            let divisors: Vec<u32> = (1..k).filter(|d| k % d == 0).collect();
            proptest::collection::vec(
                proptest::collection::vec((prop::sample::select(divisors), 0..k), c),
                r,
            )
            .prop_map(move |rows| {
                let rows = rows
                    .into_iter()
                    .map(|row| row.into_iter().map(|(d, m)| d * m % k).collect())
                    .collect();
                ZkMatrix::from_rows(k, rows).expect("entries below k")
            })
        })
}

fn check_against_brute_force(a: &ZkMatrix) {
    let k = a.modulus();
    let sys = a.analyze();
    let kernel = brute_kernel(a);
    assert_eq!(
        sys.kernel_size(),
        BigUint::from(kernel.len()),
        "kernel size of {a:?}"
    );
    // The basis enumerates every kernel element exactly once.
    let enumerated = enumerate_kernel(&sys, k, a.cols());
    let set: HashSet<Vec<u32>> = enumerated.iter().cloned().collect();
    assert_eq!(
        set.len(),
        enumerated.len(),
        "an element enumerated twice for {a:?}"
    );
    let brute: HashSet<Vec<u32>> = kernel.into_iter().collect();
    assert_eq!(set, brute, "enumerated kernel of {a:?}");
    for (g, o) in sys.kernel_basis() {
        // o is the exact additive order of g.
        let order = (1..=k).find(|&m| g.iter().all(|&x| (x as u64 * m as u64) % k as u64 == 0));
        assert_eq!(order, Some(*o), "order of generator {g:?} of {a:?}");
        assert!(*o >= 2);
    }
    // Solvability agrees with the image, and solutions are solutions.
    let image: HashSet<Vec<u32>> = all_vectors(k, a.cols())
        .iter()
        .map(|x| a.mul_vec(x))
        .collect();
    assert_eq!(sys.image_size(), BigUint::from(image.len()));
    assert_eq!(
        sys.is_surjective(),
        image.len() == (k as usize).pow(a.rows() as u32)
    );
    for b in all_vectors(k, a.rows()).into_iter().take(200) {
        match sys.solve(&b).expect("valid right-hand side") {
            Some(x) => assert_eq!(a.mul_vec(&x), b, "wrong solution of {a:?} x = {b:?}"),
            None => assert!(!image.contains(&b), "missed solution of {a:?} x = {b:?}"),
        }
    }
    if let Some(r) = sys.rank() {
        assert!(cgtk_algebra::is_prime(k));
        assert_eq!(
            BigUint::from(k).pow((a.cols() - r) as u32),
            sys.kernel_size()
        );
    } else {
        assert!(!cgtk_algebra::is_prime(k));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn small_matrices_match_brute_force(a in small_case()) {
        check_against_brute_force(&a);
    }

    #[test]
    fn degenerate_matrices_match_brute_force(a in degenerate_case()) {
        check_against_brute_force(&a);
    }
}

#[test]
fn every_k_from_2_to_12_is_covered() {
    // Deterministic sweep on top of the random cases: every k, a few fixed shapes.
    for k in 2u32..=12 {
        for seed in 0..20u64 {
            let (r, c) = (1 + (seed % 3) as usize, 1 + (seed / 3 % 3) as usize);
            let mut state = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(k as u64);
            let rows = (0..r)
                .map(|_| {
                    (0..c)
                        .map(|_| {
                            state = state
                                .wrapping_mul(6364136223846793005)
                                .wrapping_add(1442695040888963407);
                            ((state >> 33) % k as u64) as u32
                        })
                        .collect()
                })
                .collect();
            check_against_brute_force(&ZkMatrix::from_rows(k, rows).unwrap());
        }
    }
}

#[test]
fn errors_instead_of_panics() {
    assert_eq!(
        ZkMatrix::zeros(2, 2, 0),
        Err(AlgebraError::Modulus { k: 0 })
    );
    assert_eq!(
        ZkMatrix::zeros(2, 2, 1),
        Err(AlgebraError::Modulus { k: 1 })
    );
    assert_eq!(
        cgtk_algebra::check_modulus(1 << 32),
        Err(AlgebraError::Modulus { k: 1 << 32 })
    );
    assert!(matches!(
        ZkMatrix::zeros(usize::MAX, 2, 3),
        Err(AlgebraError::TooLarge { .. })
    ));
    let err = ZkMatrix::from_rows(5, vec![vec![0, 7]]).unwrap_err();
    assert_eq!(
        err,
        AlgebraError::Entry {
            row: 0,
            col: 1,
            value: 7,
            k: 5
        }
    );
    assert_eq!(
        err.to_string(),
        "entry 7 at row 0, column 1 is not a residue modulo 5: entries must be in 0..5"
    );
    let a = ZkMatrix::identity(2, 5).unwrap();
    assert!(matches!(a.solve(&[1]), Err(AlgebraError::Dimension { .. })));
    assert!(matches!(
        a.solve(&[1, 5]),
        Err(AlgebraError::VectorEntry {
            index: 1,
            value: 5,
            k: 5
        })
    ));
    assert!(matches!(
        a.try_mul_vec(&[1, 2, 3]),
        Err(AlgebraError::Dimension { .. })
    ));
    let b = ZkMatrix::identity(2, 7).unwrap();
    assert!(matches!(
        a.try_mul(&b),
        Err(AlgebraError::ModulusMismatch { .. })
    ));
}

#[test]
fn empty_shapes() {
    let a = ZkMatrix::zeros(0, 3, 4).unwrap();
    assert_eq!(a.kernel_size(), BigUint::from(64u32));
    assert_eq!(a.solve(&[]).unwrap(), Some(vec![0, 0, 0]));
    let b = ZkMatrix::zeros(3, 0, 4).unwrap();
    assert_eq!(b.kernel_size(), BigUint::from(1u32));
    assert_eq!(b.solve(&[0, 0, 0]).unwrap(), Some(vec![]));
    assert_eq!(b.solve(&[0, 1, 0]).unwrap(), None);
}

#[test]
fn kernel_size_is_exact_beyond_u64() {
    // The zero 3x40 matrix over Z/(2^32-5): |ker| = k^40, far beyond u64.
    let k = u32::MAX - 4;
    let a = ZkMatrix::zeros(3, 40, k).unwrap();
    assert_eq!(a.kernel_size(), BigUint::from(k).pow(40));
}

#[test]
fn public_types_can_cross_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<ZkMatrix>();
    send_sync::<LinearSystem>();
    send_sync::<cgtk_algebra::BitMatrix>();
    send_sync::<cgtk_algebra::BitSystem>();
    send_sync::<cgtk_algebra::BitVec>();
    send_sync::<cgtk_algebra::Gf2Poly>();
    send_sync::<cgtk_algebra::GfpPoly>();
    send_sync::<AlgebraError>();
}
