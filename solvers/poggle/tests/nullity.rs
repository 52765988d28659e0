//! GF(2) nullities of n×n boards against the published tables, from the light-chasing
//! solver and from the polynomial gcd.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_poggle::{gf2_nullity, gf2_nullity_direct, BoardSpec, Method};

/// The `n a(n)` lines of a published sequence in `tests/data`.
fn read_table(name: &str) -> Vec<(usize, usize)> {
    cgtk_testkit::reference!(name)
        .sequence()
        .into_iter()
        .map(|(n, a)| (n as usize, a))
        .collect()
}

fn chased_nullity(n: usize, torus: bool) -> usize {
    let board = BoardSpec::square(n, 2).with_torus(torus).build().unwrap();
    let method = if torus && n < 3 {
        Method::Full
    } else {
        Method::Chase
    };
    board.analyze_with(method).unwrap().nullity().unwrap()
}

#[test]
fn plane_nullity_matches_oeis_a159257() {
    // The published b-file: n = 1..=1000. Light chasing is checked on n ≤ 60 in a debug
    // build and on n ≤ CHASE_LIMIT in release (the README's test command); the polynomial
    // gcd on the whole table.
    let table = read_table("a159257_plane_nullity.txt");
    assert_eq!(table.len(), 1000);
    assert!(table.iter().enumerate().all(|(i, &(n, _))| n == i + 1));
    let (chase_limit, poly_limit) = if cfg!(debug_assertions) {
        (60, 300)
    } else {
        (CHASE_LIMIT, 1000)
    };
    for &(n, expected) in &table {
        if n <= chase_limit {
            assert_eq!(chased_nullity(n, false), expected, "chasing, n = {n}");
        }
        if n <= poly_limit {
            assert_eq!(gf2_nullity(n), expected, "polynomial, n = {n}");
        }
    }
}

/// The largest n whose n×n board the release test solves by light chasing against the
/// published table.
const CHASE_LIMIT: usize = 500;

#[test]
fn torus_nullity_matches_oeis_a165738() {
    let table = read_table("a165738_torus_nullity.txt");
    assert_eq!(table.len(), 90);
    let limit = if cfg!(debug_assertions) { 40 } else { 90 };
    for &(n, expected) in table.iter().filter(|(n, _)| *n <= limit) {
        assert_eq!(chased_nullity(n, true), expected, "torus, n = {n}");
    }
}

#[test]
fn full_system_agrees_with_chasing_and_polynomial() {
    let limit = if cfg!(debug_assertions) { 12 } else { 24 };
    for n in 1..=limit {
        let board = BoardSpec::square(n, 2).build().unwrap();
        let full = board.analyze_with(Method::Full).unwrap().nullity().unwrap();
        assert_eq!(full, gf2_nullity(n), "n = {n}");
        assert_eq!(full, chased_nullity(n, false), "n = {n}");
    }
}

#[test]
fn singular_sizes_match_oeis_a117870() {
    // The sizes n ≤ 143 whose n×n board has a nontrivial kernel.
    let listed: Vec<usize> = cgtk_testkit::reference!("a117870_singular_sizes.txt").numbers();
    let computed: Vec<usize> = (1..=143).filter(|&n| gf2_nullity(n) > 0).collect();
    assert_eq!(computed, listed);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn published_laws_hold_up_to_200() {
    // Laws stated on OEIS A159257 and A165738 (Buchholz 2014, Boyles 2018):
    // the plane nullity a(n) is even and at most n; a(n) > 0 implies a(2n + 1) > 0; and
    // the (n+1)×(n+1) torus nullity is 2·a(n) + 4 when n ≡ 2 (mod 3), else 2·a(n).
    // The torus side comes from light chasing on the torus, the plane side from the
    // polynomial gcd: two different computations.
    for n in 1..=200 {
        let a = gf2_nullity(n);
        assert!(a % 2 == 0 && a <= n, "n = {n}: a(n) = {a}");
        if a > 0 {
            assert!(gf2_nullity(2 * n + 1) > 0, "n = {n}");
        }
        let extra = if n % 3 == 2 { 4 } else { 0 };
        assert_eq!(
            chased_nullity(n + 1, true),
            2 * a + extra,
            "torus n + 1 = {}",
            n + 1
        );
    }
}

#[test]
fn solution_counts_match_oeis_a075462() {
    // The all-ones board is solvable for every n, so its number of solutions is 2^nullity;
    // here from the polynomial halving and, independently, from the CLI's bit-packed
    // solver path (light chasing, one elimination).
    let table: Vec<(u64, u64)> = cgtk_testkit::reference!("a075462_solution_counts.txt").sequence();
    assert_eq!(table.len(), 62);
    for (n, count) in table {
        let n = n as usize;
        assert_eq!(1u64 << gf2_nullity(n), count, "n = {n}");
        let board = BoardSpec::square(n, 2).build().unwrap();
        let analysis = board.analyze().unwrap();
        assert_eq!(analysis.kernel_size(), count.into(), "n = {n}");
        let x = analysis.solve_bits(&board.target_bits()).unwrap().unwrap();
        assert!(board.is_solution_bits(&x), "n = {n}");
    }
}

#[test]
fn halving_matches_the_direct_gcd() {
    // The halving formulas (module notes of `nullity`) against deg gcd(pₙ, pₙ(x + 1))
    // taken directly, on every n up to a limit and on a few large n of each parity.
    let limit = if cfg!(debug_assertions) { 400 } else { 3000 };
    for n in 1..=limit {
        assert_eq!(gf2_nullity(n), gf2_nullity_direct(n), "n = {n}");
    }
    let large: &[usize] = if cfg!(debug_assertions) {
        &[4095, 4096, 5119]
    } else {
        &[16_383, 16_384, 20_479, 30_000, 40_001]
    };
    for &n in large {
        let d = gf2_nullity(n);
        assert_eq!(d, gf2_nullity_direct(n), "n = {n}");
        assert!(d % 2 == 0 && d <= n, "n = {n}: {d}");
    }
    for n in 0..300 {
        assert_eq!(
            cgtk_poggle::path_polynomial(n),
            cgtk_poggle::path_polynomial_by_recurrence(n),
            "p_{n}"
        );
    }
}
