//! GF(2) nullities of n×n boards against the published tables, from the light-chasing
//! solver and from the polynomial gcd.

use cgtk_poggle::{gf2_nullity, BoardSpec, Method};

fn read_table(text: &str) -> Vec<(usize, usize)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace().map(|t| t.parse::<usize>().unwrap());
            (it.next().unwrap(), it.next().unwrap())
        })
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
    let table = read_table(include_str!("data/a159257_plane_nullity.txt"));
    assert_eq!(table.len(), 130);
    let limit = if cfg!(debug_assertions) { 60 } else { 130 };
    for &(n, expected) in table.iter().filter(|(n, _)| *n <= limit) {
        assert_eq!(chased_nullity(n, false), expected, "chasing, n = {n}");
        assert_eq!(gf2_nullity(n), expected, "polynomial, n = {n}");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn plane_nullity_beyond_the_table_two_methods_agree() {
    // The sequence page shows n ≤ 130; for 131..=200 the two independent methods must agree.
    for n in 131..=200 {
        assert_eq!(chased_nullity(n, false), gf2_nullity(n), "n = {n}");
    }
}

#[test]
fn torus_nullity_matches_oeis_a165738() {
    let table = read_table(include_str!("data/a165738_torus_nullity.txt"));
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
