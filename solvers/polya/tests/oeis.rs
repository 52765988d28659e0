//! Necklace and bracelet counts against the published OEIS sequences in `tests/data`.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_polya::CycleIndex;

/// The `n a(n)` lines of a published OEIS sequence in `tests/data`.
fn read_table(name: &str) -> Vec<(usize, String)> {
    let table = cgtk_testkit::reference!(name);
    assert!(
        table.source().starts_with("OEIS"),
        "{name}: {}",
        table.source()
    );
    table
        .sequence()
        .into_iter()
        .map(|(n, a)| (n as usize, a))
        .collect()
}

fn check(name: &str, colours: u64, bracelets: bool) {
    let table = read_table(name);
    assert!(table.len() > 30, "{name}: at least n = 0..=30");
    let mut checked = 0;
    for (n, expected) in table {
        if n == 0 {
            continue; // the empty necklace: no group acts on zero beads here
        }
        let z = if bracelets {
            CycleIndex::dihedral(n)
        } else {
            CycleIndex::cyclic(n)
        }
        .unwrap();
        assert_eq!(z.count(colours).to_string(), expected, "{name}: n = {n}");
        checked += 1;
    }
    assert!(checked >= 30);
}

#[test]
fn necklaces_two_colours_match_a000031() {
    check("necklaces_2.txt", 2, false);
}

#[test]
fn necklaces_three_colours_match_a001867() {
    check("necklaces_3.txt", 3, false);
}

#[test]
fn bracelets_two_colours_match_a000029() {
    check("bracelets_2.txt", 2, true);
}

#[test]
fn bracelets_three_colours_match_a027671() {
    check("bracelets_3.txt", 3, true);
}

/// The sums over contents of Pólya's counts give Burnside's count (a law), on sizes far
/// beyond any enumeration.
#[test]
fn content_counts_add_up_to_the_total() {
    for n in [30usize, 64, 97] {
        let z = CycleIndex::dihedral(n).unwrap();
        let by_content: num_bigint::BigUint = (0..=n as u64)
            .map(|a| z.count_with_content(&[a, n as u64 - a]).unwrap())
            .sum();
        assert_eq!(by_content, z.count(2), "n = {n}");
    }
}

/// 1000 beads in 3 colours: Burnside's count is exact and matches the formula
/// (1/n) Σ φ(d) 3^(n/d) evaluated independently with the divisor list.
#[test]
fn a_thousand_beads() {
    let z = CycleIndex::cyclic(1000).unwrap();
    let three = num_bigint::BigUint::from(3u32);
    let sum: num_bigint::BigUint = cgtk_polya::divisors(1000)
        .into_iter()
        .map(|d| cgtk_polya::euler_phi(d) * three.pow((1000 / d) as u32))
        .sum();
    assert_eq!(z.count(3), sum / 1000u32);
    assert_eq!(
        z.count_with_content(&[334, 333, 333]).unwrap(),
        multinomial(&[334, 333, 333]) / 1000u32
    );
}

fn multinomial(parts: &[u64]) -> num_bigint::BigUint {
    let total: u64 = parts.iter().sum();
    let fact = |n: u64| (1..=n).fold(num_bigint::BigUint::from(1u32), |a, i| a * i);
    parts.iter().fold(fact(total), |a, &p| a / fact(p))
}
