//! BitMatrix against ZkMatrix with k = 2 and against brute force.

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
