//! BitMatrix against ZkMatrix with k = 2 and against brute force.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_algebra::{BitMatrix, BitVec, ZkMatrix};
use num_bigint::BigUint;
use proptest::prelude::*;

fn bit_matrix(rows: &[Vec<bool>]) -> BitMatrix {
    BitMatrix::from_bool_rows(rows).expect("rectangular")
}

fn zk_of(rows: &[Vec<bool>]) -> ZkMatrix {
    ZkMatrix::from_rows(
        2,
        rows.iter()
            .map(|r| r.iter().map(|&b| b as u32).collect())
            .collect(),
    )
    .expect("bits")
}

fn to_u32(v: &BitVec) -> Vec<u32> {
    v.to_bools().into_iter().map(u32::from).collect()
}

fn rows_strategy(max_rows: usize, max_cols: usize) -> impl Strategy<Value = Vec<Vec<bool>>> {
    (1..=max_rows, 1..=max_cols).prop_flat_map(|(r, c)| {
        proptest::collection::vec(proptest::collection::vec(any::<bool>(), c), r)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Rank, kernel and solvability agree with the general Z/kZ code for k = 2, and the
    /// kernel basis spans exactly the brute-force kernel.
    #[test]
    fn agrees_with_zk_matrix(rows in rows_strategy(9, 9), rhs in proptest::collection::vec(any::<bool>(), 9)) {
        let a = bit_matrix(&rows);
        let z = zk_of(&rows);
        let sys = z.analyze();
        prop_assert_eq!(Some(a.rank()), sys.rank());
        prop_assert_eq!(BigUint::from(2u32).pow(a.nullity() as u32), sys.kernel_size());
        let basis = a.kernel_basis();
        prop_assert_eq!(basis.len(), a.nullity());
        for v in &basis {
            prop_assert_eq!(a.mul_vec(v).count_ones(), 0);
        }
        // The span of the basis has 2^nullity distinct elements (independence).
        let mut span = std::collections::HashSet::new();
        for mask in 0u32..(1 << basis.len()) {
            let mut v = BitVec::new(a.cols());
            for (i, g) in basis.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    v.xor_assign(g);
                }
            }
            span.insert(v);
        }
        prop_assert_eq!(span.len(), 1usize << a.nullity());
        let b = BitVec::from_bools(&rhs[..a.rows()]);
        let x1 = a.solve(&b);
        let x2 = a.analyze().solve(&b);
        let xz = sys.solve(&to_u32(&b)).unwrap();
        prop_assert_eq!(x1.is_some(), xz.is_some());
        prop_assert_eq!(x2.is_some(), xz.is_some());
        for x in [x1, x2].into_iter().flatten() {
            prop_assert_eq!(a.mul_vec(&x), b.clone());
        }
        let bs = a.analyze();
        prop_assert_eq!(bs.rank(), a.rank());
        prop_assert_eq!(bs.kernel_basis(), basis);
    }
}

#[test]
fn no_solution_is_confirmed_by_brute_force() {
    let mut state = 12345u64;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 40) & 1 == 1
    };
    for _ in 0..300 {
        let rows: Vec<Vec<bool>> = (0..5).map(|_| (0..4).map(|_| next()).collect()).collect();
        let a = bit_matrix(&rows);
        let b = BitVec::from_bools(&(0..5).map(|_| next()).collect::<Vec<_>>());
        let exists = (0u32..16).any(|m| {
            a.mul_vec(&BitVec::from_bools(
                &(0..4).map(|i| m >> i & 1 == 1).collect::<Vec<_>>(),
            )) == b
        });
        assert_eq!(a.solve(&b).is_some(), exists);
    }
}

#[test]
fn wide_matrices_cross_word_boundaries() {
    // A 130x200 matrix with a known kernel: rows are random, then check A·x = b round trip.
    let (r, c) = (130, 200);
    let mut a = BitMatrix::zeros(r, c);
    let mut state = 7u64;
    for i in 0..r {
        for j in 0..c {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if (state >> 40) & 1 == 1 {
                a.set(i, j, true);
            }
        }
    }
    let mut x = BitVec::new(c);
    for j in (0..c).step_by(3) {
        x.set(j, true);
    }
    let b = a.mul_vec(&x);
    let y = a.solve(&b).expect("b is in the image");
    assert_eq!(a.mul_vec(&y), b);
    assert_eq!(a.rank() + a.nullity(), c);
    assert_eq!(a.kernel_basis().len(), a.nullity());
    for v in a.kernel_basis() {
        assert_eq!(a.mul_vec(&v).count_ones(), 0);
    }
}

/// The Lights Out matrix of the n×n board (plus-shaped presses) over GF(2).
fn lights_out(n: usize) -> BitMatrix {
    let mut a = BitMatrix::zeros(n * n, n * n);
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            a.set(i, i, true);
            if r > 0 {
                a.set(i, i - n, true);
            }
            if r + 1 < n {
                a.set(i, i + n, true);
            }
            if c > 0 {
                a.set(i, i - 1, true);
            }
            if c + 1 < n {
                a.set(i, i + 1, true);
            }
        }
    }
    a
}

/// Two independent computations of the n×n Lights Out nullity agree: elimination of the
/// n²×n² system, and deg gcd(p_n(x), p_n(x+1)) with p_0 = 1, p_1 = x,
/// p_(m+1) = x·p_m + p_(m-1) over GF(2) (the characteristic polynomials of the path).
#[test]
fn lights_out_nullity_by_elimination_equals_polynomial_gcd() {
    let mut prev = cgtk_algebra::Gf2Poly::one();
    let mut cur = cgtk_algebra::Gf2Poly::x();
    let mut nullities = Vec::new();
    for n in 1..=40usize {
        let by_poly = cur.gcd(&cur.compose_x_plus_1()).degree().expect("nonzero");
        let a = lights_out(n);
        let by_matrix = a.nullity();
        assert_eq!(by_poly, by_matrix, "n = {n}");
        assert_eq!(a.kernel_basis().len(), by_matrix);
        nullities.push(by_matrix);
        let next = cur.shl(1).add(&prev);
        prev = std::mem::replace(&mut cur, next);
    }
    // Spot values: the 4×4 and 5×5 boards have 16 and 4 quiet patterns (2^4, 2^2).
    assert_eq!(&nullities[..5], &[0, 0, 0, 4, 2]);
}

#[test]
fn lights_out_zk_matrix_agrees_with_bit_matrix() {
    for n in 1..=9usize {
        let a = lights_out(n);
        let rows: Vec<Vec<u32>> = (0..n * n)
            .map(|r| (0..n * n).map(|c| a.get(r, c) as u32).collect())
            .collect();
        let z = ZkMatrix::from_rows(2, rows).unwrap();
        let sys = z.analyze();
        assert_eq!(sys.nullity(), Some(a.nullity()), "n = {n}");
        let ones = BitVec::from_bools(&vec![true; n * n]);
        let xz = sys.solve(&vec![1; n * n]).unwrap();
        let xb = a.solve(&ones);
        assert_eq!(xz.is_some(), xb.is_some());
        if let Some(x) = xz {
            assert_eq!(z.mul_vec(&x), vec![1; n * n]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Larger low-rank products L·R (rank at most `inner`) spanning several words and
    /// elimination strips: rank, kernel and solving agree with ZkMatrix over Z/2Z.
    #[test]
    fn low_rank_products_agree_with_zk_matrix(rows in 1usize..140, cols in 1usize..140, inner in 0usize..100, seed in any::<u64>()) {
        let mut state = seed | 1;
        let mut bit = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state & 1 == 1
        };
        let left: Vec<Vec<bool>> = (0..rows).map(|_| (0..inner).map(|_| bit()).collect()).collect();
        let right: Vec<Vec<bool>> = (0..inner).map(|_| (0..cols).map(|_| bit()).collect()).collect();
        let prod: Vec<Vec<bool>> = (0..rows)
            .map(|i| (0..cols).map(|j| (0..inner).fold(false, |acc, t| acc ^ (left[i][t] & right[t][j]))).collect())
            .collect();
        let a = bit_matrix(&prod);
        let z = zk_of(&prod);
        let sys = z.analyze();
        prop_assert_eq!(Some(a.rank()), sys.rank());
        prop_assert!(a.rank() <= inner);
        let basis = a.kernel_basis();
        prop_assert_eq!(basis.len(), cols - a.rank());
        for v in &basis {
            prop_assert_eq!(a.mul_vec(v).count_ones(), 0);
        }
        let x0 = BitVec::from_bools(&(0..cols).map(|_| bit()).collect::<Vec<_>>());
        let b = a.mul_vec(&x0);
        let x = a.solve(&b).expect("b = A·x0");
        prop_assert_eq!(a.mul_vec(&x), b.clone());
        let bs = a.analyze();
        prop_assert_eq!(a.mul_vec(&bs.solve(&b).expect("b = A·x0")), b);
        let random_b = BitVec::from_bools(&(0..rows).map(|_| bit()).collect::<Vec<_>>());
        let expect = sys.solve(&to_u32(&random_b)).unwrap().is_some();
        prop_assert_eq!(a.solve(&random_b).is_some(), expect);
        prop_assert_eq!(bs.solve(&random_b).is_some(), expect);
    }
}

proptest! {
    /// BitVec agrees with a Vec<bool> model.
    #[test]
    fn bit_vec_matches_a_bool_model(bits in proptest::collection::vec(any::<bool>(), 0..300), other_seed in any::<u64>()) {
        let v = BitVec::from_bools(&bits);
        prop_assert_eq!(v.len(), bits.len());
        prop_assert_eq!(v.to_bools(), bits.clone());
        prop_assert_eq!(v.count_ones(), bits.iter().filter(|&&b| b).count());
        let ones: Vec<usize> = bits.iter().enumerate().filter(|(_, &b)| b).map(|(i, _)| i).collect();
        prop_assert_eq!(v.iter_ones().collect::<Vec<_>>(), ones);
        let other: Vec<bool> = (0..bits.len()).map(|i| (other_seed >> (i % 64)) & 1 == 1).collect();
        let w = BitVec::from_bools(&other);
        let mut x = v.clone();
        x.xor_assign(&w);
        let model: Vec<bool> = bits.iter().zip(&other).map(|(a, b)| a ^ b).collect();
        prop_assert_eq!(x.to_bools(), model);
        let dot = bits.iter().zip(&other).filter(|(a, b)| **a && **b).count() % 2 == 1;
        prop_assert_eq!(v.dot(&w), dot);
        let mut t = v.clone();
        for i in 0..bits.len() {
            t.toggle(i);
        }
        prop_assert_eq!(t.count_ones(), bits.len() - v.count_ones());
        // from_words clears the bits past the length.
        let words = vec![u64::MAX; bits.len().div_ceil(64)];
        prop_assert_eq!(BitVec::from_words(bits.len(), words).count_ones(), bits.len());
    }
}
