//! nalgebra interop: the real spectrum of the Lights Out operator against its closed form,
//! and nalgebra matrices handed to the modular solver.

// A panic in a test is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_algebra::nalgebra::{DMatrix, DVector, SymmetricEigen};
use cgtk_algebra::{residues_from_dvector, AlgebraError, ConversionError, ZkMatrix};
use num_bigint::BigUint;
use proptest::prelude::*;
use std::f64::consts::PI;

/// The n²×n² Lights Out operator A = I + adjacency of the n×n grid (a press toggles the
/// button and its up/down/left/right neighbours), as an integer matrix.
fn lights_out(n: usize) -> DMatrix<i64> {
    DMatrix::from_fn(n * n, n * n, |a, b| {
        let (ra, ca) = (a / n, a % n);
        let (rb, cb) = (b / n, b % n);
        i64::from(ra.abs_diff(rb) + ca.abs_diff(cb) <= 1)
    })
}

/// The closed form: A = T⊗I + I⊗T − I with T the tridiagonal path matrix (ones on three
/// diagonals), whose eigenvalues are 1 + 2cos(iπ/(n+1)); so A has
/// 1 + 2cos(iπ/(n+1)) + 2cos(jπ/(n+1)) for i, j = 1..n.
fn formula(n: usize) -> Vec<f64> {
    let theta = PI / (n as f64 + 1.0);
    let mut values = Vec::new();
    for i in 1..=n {
        for j in 1..=n {
            values.push(1.0 + 2.0 * (i as f64 * theta).cos() + 2.0 * (j as f64 * theta).cos());
        }
    }
    values.sort_by(f64::total_cmp);
    values
}

#[test]
fn lights_out_spectrum_matches_the_closed_form() {
    for n in 1..=12 {
        let a = lights_out(n).map(|v| v as f64);
        let mut eigen: Vec<f64> = SymmetricEigen::new(a).eigenvalues.iter().copied().collect();
        eigen.sort_by(f64::total_cmp);
        let expected = formula(n);
        assert_eq!(eigen.len(), n * n);
        for (k, (got, want)) in eigen.iter().zip(&expected).enumerate() {
            assert!(
                (got - want).abs() < 1e-9,
                "n = {n}: eigenvalue {k} is {got}, the formula gives {want}"
            );
        }
    }
}

#[test]
fn the_spectrum_also_gives_the_real_rank() {
    // Over the reals A is singular exactly when 1 + 2cos(iπ/(n+1)) + 2cos(jπ/(n+1)) = 0 for
    // some i, j; nalgebra's rank must count the same number of zero eigenvalues.
    for n in 1..=10 {
        let zeros = formula(n).iter().filter(|v| v.abs() < 1e-9).count();
        let a = lights_out(n).map(|v| v as f64);
        assert_eq!(a.rank(1e-9), n * n - zeros, "n = {n}");
    }
    // 5×5: (i, j) = (3, 4) and (4, 3), cos(π/2) + cos(2π/3) = −1/2.
    assert_eq!(formula(5).iter().filter(|v| v.abs() < 1e-9).count(), 2);
}

#[test]
fn an_nalgebra_lights_out_matrix_goes_to_the_modular_solver() {
    // The 5×5 board: |ker A| = 4 over GF(2) (nullity 2), 27 over Z/3Z; every solution that
    // comes back satisfies A·x = b, checked in nalgebra's own integer arithmetic.
    for (k, kernel) in [(2u32, 4u32), (3, 27)] {
        let a_int = lights_out(5);
        let a = ZkMatrix::reduce_dmatrix(&a_int, k).unwrap();
        assert_eq!(a.to_dmatrix().map(i64::from), a_int);
        let system = a.analyze();
        assert_eq!(system.kernel_size(), BigUint::from(kernel), "k = {k}");
        let b = residues_from_dvector(&DVector::from_element(25, 1.0), k).unwrap();
        let x = system.solve(&b).unwrap().expect("all-on is solvable");
        let ax = &a_int * DVector::from_iterator(25, x.iter().map(|&v| i64::from(v)));
        assert!(
            ax.iter().all(|v| v.rem_euclid(i64::from(k)) == 1),
            "k = {k}"
        );
    }
}

#[test]
fn bad_entries_are_refused_with_the_value() {
    let m = |v: f64| DMatrix::from_row_slice(2, 2, &[0.0, 1.0, 1.0, v]);
    for bad in [0.5, f64::NAN, f64::INFINITY, -f64::INFINITY, 1e-300] {
        match ZkMatrix::from_dmatrix_f64(&m(bad), 4) {
            Err(ConversionError::NotInteger {
                row: 1,
                col: 1,
                value,
            }) => {
                assert!(value.is_nan() || value == bad)
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    for bad in [-1.0, 4.0, 1e20] {
        assert_eq!(
            ZkMatrix::from_dmatrix_f64(&m(bad), 4),
            Err(ConversionError::OutOfRange {
                row: 1,
                col: 1,
                value: bad,
                k: 4
            })
        );
    }
    assert_eq!(
        ZkMatrix::from_dmatrix_f64(&m(1.0), 1),
        Err(ConversionError::Matrix(AlgebraError::Modulus { k: 1 }))
    );
    assert_eq!(
        residues_from_dvector(&DVector::from_vec(vec![1.0, 2.5]), 3),
        Err(ConversionError::NotInteger {
            row: 0,
            col: 1,
            value: 2.5
        })
    );
    assert!(matches!(
        ZkMatrix::from_dmatrix(&DMatrix::from_element(1, 1, 7u32), 7),
        Err(AlgebraError::Entry { value: 7, k: 7, .. })
    ));
    let message = ZkMatrix::from_dmatrix_f64(&m(4.0), 4)
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "entry 4 at row 1, column 1 is not a residue modulo 4: entries must be in 0..4"
    );
}

proptest! {
    #[test]
    fn round_trips_through_nalgebra(
        k in 2u32..50,
        rows in 0usize..6,
        cols in 0usize..6,
        seed in proptest::collection::vec(any::<u32>(), 36),
    ) {
        let a = ZkMatrix::from_fn(rows, cols, k, |r, c| seed[r * 6 + c]).unwrap();
        prop_assert_eq!(&ZkMatrix::from_dmatrix(&a.to_dmatrix(), k).unwrap(), &a);
        prop_assert_eq!(&ZkMatrix::from_dmatrix_f64(&a.to_dmatrix_f64(), k).unwrap(), &a);
        let ints = a.to_dmatrix().map(|v| i64::from(v) - 3 * i64::from(k));
        prop_assert_eq!(&ZkMatrix::reduce_dmatrix(&ints, k).unwrap(), &a);
    }
}
