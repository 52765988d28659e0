//! Mid-size systems and large moduli, checked against an independent field elimination.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_algebra::{factorize, ZkMatrix};
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Rank over the field Z/pZ by textbook Gauss–Jordan elimination (u128 arithmetic).
fn field_rank(rows: &[Vec<u64>], p: u64) -> usize {
    let mut m: Vec<Vec<u64>> = rows
        .iter()
        .map(|r| r.iter().map(|&x| x % p).collect())
        .collect();
    let cols = m.first().map_or(0, Vec::len);
    let mut rank = 0;
    for c in 0..cols {
        let Some(r) = (rank..m.len()).find(|&r| m[r][c] != 0) else {
            continue;
        };
        m.swap(rank, r);
        let inv = pow_mod(m[rank][c], p - 2, p);
        for x in m[rank].iter_mut() {
            *x = (*x as u128 * inv as u128 % p as u128) as u64;
        }
        let pivot_row = m[rank].clone();
        for (i, row) in m.iter_mut().enumerate() {
            if i != rank && row[c] != 0 {
                let f = row[c];
                for (x, &y) in row.iter_mut().zip(&pivot_row) {
                    let sub = (f as u128 * y as u128 % p as u128) as u64;
                    *x = (*x + p - sub) % p;
                }
            }
        }
        rank += 1;
    }
    rank
}

fn pow_mod(mut b: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1u64;
    b %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = (r as u128 * b as u128 % m as u128) as u64;
        }
        b = (b as u128 * b as u128 % m as u128) as u64;
        e >>= 1;
    }
    r
}

/// A random matrix of the given rank-ish structure: sparse rows and repeated combinations
/// so that kernels are nontrivial.
fn random_matrix(rng: &mut ChaCha8Rng, k: u32, rows: usize, cols: usize) -> Vec<Vec<u32>> {
    let mut m: Vec<Vec<u32>> = (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| {
                    if rng.gen_bool(0.4) {
                        rng.gen_range(0..k)
                    } else {
                        0
                    }
                })
                .collect()
        })
        .collect();
    // Make some rows combinations of others.
    for i in 0..rows / 3 {
        let (a, b) = (rng.gen_range(0..rows), rng.gen_range(0..rows));
        let (ca, cb) = (rng.gen_range(0..k), rng.gen_range(0..k));
        let row: Vec<u32> = (0..cols)
            .map(|j| {
                ((ca as u128 * m[a][j] as u128 + cb as u128 * m[b][j] as u128) % k as u128) as u32
            })
            .collect();
        m[i] = row;
    }
    m
}

fn check_solve(a: &ZkMatrix, rng: &mut ChaCha8Rng) {
    let k = a.modulus();
    let sys = a.analyze();
    for _ in 0..5 {
        let x0: Vec<u32> = (0..a.cols()).map(|_| rng.gen_range(0..k)).collect();
        let b = a.mul_vec(&x0);
        let x = sys.solve(&b).unwrap().expect("b = A·x0 is in the image");
        assert_eq!(a.mul_vec(&x), b, "k = {k}");
        let b: Vec<u32> = (0..a.rows()).map(|_| rng.gen_range(0..k)).collect();
        if let Some(x) = sys.solve(&b).unwrap() {
            assert_eq!(a.mul_vec(&x), b, "k = {k}");
        }
    }
    let zero = vec![0u32; a.rows()];
    for (g, o) in sys.kernel_basis() {
        assert_eq!(a.mul_vec(g), zero, "generator outside the kernel, k = {k}");
        assert!(*o >= 2 && k % *o == 0, "order {o} does not divide k = {k}");
        // The order is exact: for every prime r | o, (o / r)·g is not zero.
        for (r, _) in factorize(*o) {
            let m = (*o / r) as u64;
            assert!(
                g.iter().any(|&x| x as u64 * m % k as u64 != 0),
                "order {o} not exact, k = {k}"
            );
        }
        let times: Vec<u64> = g.iter().map(|&x| x as u64 * *o as u64 % k as u64).collect();
        assert!(
            times.iter().all(|&x| x == 0),
            "order does not kill the generator, k = {k}"
        );
    }
}

/// For squarefree k, |ker A over Z/kZ| = Π_p p^(cols - rank_p(A)).
fn squarefree_kernel_size(rows: &[Vec<u32>], k: u32, cols: usize) -> BigUint {
    let wide: Vec<Vec<u64>> = rows
        .iter()
        .map(|r| r.iter().map(|&x| x as u64).collect())
        .collect();
    factorize(k)
        .into_iter()
        .map(|(p, e)| {
            assert_eq!(e, 1);
            BigUint::from(p).pow((cols - field_rank(&wide, p as u64)) as u32)
        })
        .product()
}

#[test]
fn large_prime_and_squarefree_moduli_match_field_ranks() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for &k in &[
        2u32,
        3,
        6,
        30,
        2147483647,
        4294967291,
        u32::MAX, /* 3·5·17·257·65537 */
    ] {
        for &(r, c) in &[(12usize, 15usize), (20, 20), (25, 14), (1, 30), (30, 1)] {
            let rows = random_matrix(&mut rng, k, r, c);
            let a = ZkMatrix::from_rows(k, rows.clone()).unwrap();
            let sys = a.analyze();
            assert_eq!(
                sys.kernel_size(),
                squarefree_kernel_size(&rows, k, c),
                "k = {k}, {r}x{c}"
            );
            if cgtk_algebra::is_prime(k) {
                let wide: Vec<Vec<u64>> = rows
                    .iter()
                    .map(|r| r.iter().map(|&x| x as u64).collect())
                    .collect();
                assert_eq!(sys.rank(), Some(field_rank(&wide, k as u64)));
            }
            check_solve(&a, &mut rng);
        }
    }
}

#[test]
fn composite_moduli_solve_and_kernel() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for &k in &[
        4u32,
        8,
        12,
        36,
        100,
        1 << 31,
        3 * 3 * 3 * 3 * 3 * 3 * 3,
        65536 * 3,
        1_000_000_000,
    ] {
        for &(r, c) in &[(10usize, 10usize), (18, 12), (9, 21)] {
            let a = ZkMatrix::from_rows(k, random_matrix(&mut rng, k, r, c)).unwrap();
            check_solve(&a, &mut rng);
            let sys = a.analyze();
            // Orders are invariant factors: each divides the previous one.
            let orders = sys.kernel_cyclic_orders();
            assert!(
                orders.windows(2).all(|w| w[0] % w[1] == 0),
                "k = {k}: {orders:?}"
            );
            assert_eq!(
                sys.image_size() * sys.kernel_size(),
                BigUint::from(k).pow(c as u32)
            );
        }
    }
}

#[test]
fn kernel_of_a_product_contains_the_kernel_of_the_right_factor() {
    // ker(B) ⊆ ker(A·B): an identity that mixes mul, analyze and kernel_basis.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for &k in &[6u32, 9, 36, 100, 2147483647] {
        let a = ZkMatrix::from_rows(k, random_matrix(&mut rng, k, 7, 9)).unwrap();
        let b = ZkMatrix::from_rows(k, random_matrix(&mut rng, k, 9, 8)).unwrap();
        let ab = a.mul(&b);
        for g in b.kernel_generators() {
            assert!(ab.mul_vec(&g).iter().all(|&x| x == 0));
        }
        assert_eq!(ab.kernel_size() % b.kernel_size(), BigUint::from(0u32));
    }
}

mod solve_properties {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn system(
        ks: Vec<u32>,
        max_rows: usize,
        max_cols: usize,
    ) -> impl Strategy<Value = (ZkMatrix, Vec<u32>, Vec<u32>)> {
        (prop::sample::select(ks), 1..=max_rows, 1..=max_cols).prop_flat_map(|(k, r, c)| {
            // Entries biased towards 0 and small values so that systems are often singular.
            let entry = prop_oneof![Just(0u32), 0..k.min(4), 0..k];
            (
                proptest::collection::vec(proptest::collection::vec(entry, c), r),
                proptest::collection::vec(0..k, c),
                proptest::collection::vec(0..k, r),
            )
                .prop_map(move |(rows, x0, b)| {
                    (ZkMatrix::from_rows(k, rows).expect("below k"), x0, b)
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Composite moduli: solutions are solutions, and "no solution" is confirmed by
        /// enumerating every x.
        #[test]
        fn composite_solve_is_exact((a, x0, b) in system(vec![36, 100], 3, 2)) {
            let sys = a.analyze();
            let image_of_x0 = a.mul_vec(&x0);
            let x = sys.solve(&image_of_x0).unwrap();
            prop_assert_eq!(a.mul_vec(x.as_ref().expect("solvable by construction")), image_of_x0);
            let k = a.modulus();
            let image: HashSet<Vec<u32>> = (0..k.pow(a.cols() as u32))
                .map(|mut i| (0..a.cols()).map(|_| { let d = i % k; i /= k; d }).collect::<Vec<u32>>())
                .map(|x| a.mul_vec(&x))
                .collect();
            match sys.solve(&b).unwrap() {
                Some(x) => prop_assert_eq!(a.mul_vec(&x), b),
                None => prop_assert!(!image.contains(&b)),
            }
        }

        /// Large primes: solutions are solutions, and "no solution" agrees with
        /// rank [A | b] > rank A computed by an independent field elimination.
        #[test]
        fn large_prime_solve_is_exact((a, x0, b) in system(vec![2147483647, 4294967291], 6, 6)) {
            let k = a.modulus();
            let sys = a.analyze();
            let image_of_x0 = a.mul_vec(&x0);
            let x = sys.solve(&image_of_x0).unwrap();
            prop_assert_eq!(a.mul_vec(x.as_ref().expect("solvable by construction")), image_of_x0);
            let rows: Vec<Vec<u64>> = (0..a.rows()).map(|r| a.row(r).iter().map(|&v| v as u64).collect()).collect();
            let augmented: Vec<Vec<u64>> =
                rows.iter().zip(&b).map(|(r, &bi)| r.iter().copied().chain([bi as u64]).collect()).collect();
            let solvable = field_rank(&augmented, k as u64) == field_rank(&rows, k as u64);
            match sys.solve(&b).unwrap() {
                Some(x) => prop_assert_eq!(a.mul_vec(&x), b),
                None => prop_assert!(!solvable),
            }
            prop_assert_eq!(sys.rank(), Some(field_rank(&rows, k as u64)));
        }
    }
}

/// `U·D·V` with `U`, `V` invertible over Z/kZ (products of unitriangular matrices and
/// permutations) and `D` the `rows × cols` matrix with diagonal `d`.
fn disguised_diagonal(
    rng: &mut ChaCha8Rng,
    k: u32,
    rows: usize,
    cols: usize,
    d: &[u32],
) -> ZkMatrix {
    let unimodular = |rng: &mut ChaCha8Rng, n: usize| {
        let mut lower = ZkMatrix::identity(n, k).unwrap();
        let mut upper = ZkMatrix::identity(n, k).unwrap();
        for i in 0..n {
            for j in 0..i {
                if rng.gen_bool(0.5) {
                    lower.set(i, j, rng.gen_range(0..k));
                }
                if rng.gen_bool(0.5) {
                    upper.set(j, i, rng.gen_range(0..k));
                }
            }
        }
        let mut perm = ZkMatrix::zeros(n, n, k).unwrap();
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.gen_range(0..=i));
        }
        for (i, &j) in order.iter().enumerate() {
            perm.set(i, j, 1);
        }
        lower.mul(&perm).mul(&upper)
    };
    let mut diag = ZkMatrix::zeros(rows, cols, k).unwrap();
    for (i, &di) in d.iter().enumerate() {
        diag.set(i, i, di);
    }
    unimodular(rng, rows).mul(&diag).mul(&unimodular(rng, cols))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Mid-size matrices with a known Smith form: |ker| = Π gcd(d_i, k) · k^(cols - len d).
#[test]
fn known_smith_forms_give_exact_kernels() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let moduli = [
        4u32,
        8,
        12,
        36,
        100,
        1 << 31,
        59049,
        720720,
        1_000_000_000,
        u32::MAX,
        4294967291,
    ];
    for &k in &moduli {
        let divisors: Vec<u32> = (1..=k.min(100_000))
            .filter(|d| k % d == 0)
            .chain([0, 1, 1, 1])
            .collect();
        for &(rows, cols) in &[(24usize, 24usize), (16, 28), (28, 16)] {
            let d: Vec<u32> = (0..rows.min(cols))
                .map(|_| divisors[rng.gen_range(0..divisors.len())] % k)
                .collect();
            let a = disguised_diagonal(&mut rng, k, rows, cols, &d);
            let sys = a.analyze();
            let expected: BigUint = d
                .iter()
                .map(|&di| BigUint::from(gcd(di as u64, k as u64)))
                .product::<BigUint>()
                * BigUint::from(k).pow((cols - d.len()) as u32);
            assert_eq!(
                sys.kernel_size(),
                expected,
                "k = {k}, {rows}x{cols}, d = {d:?}"
            );
            let expected_surjective =
                rows <= cols && d.iter().all(|&di| gcd(di as u64, k as u64) == 1);
            assert_eq!(
                sys.is_surjective(),
                expected_surjective,
                "k = {k}, d = {d:?}"
            );
            check_solve(&a, &mut rng);
            let orders = sys.kernel_cyclic_orders();
            assert!(
                orders.windows(2).all(|w| w[0] % w[1] == 0),
                "k = {k}: {orders:?}"
            );
        }
    }
}
