//! The brute-force orbit counter against Burnside and Pólya: every board up to 3×3 with up
//! to 3 colours, necklaces and bracelets up to 12 beads in 2 and 3 colours, by content too,
//! and Mu Torere with and without reflections.

use cgtk_polya::{
    mu_torere_brute_force, mu_torere_count, BoardSymmetry, BruteForce, NamedGroup, PatternInventory,
};
use num_bigint::BigUint;

const NAMES: [&str; 3] = ["a", "b", "c"];

/// Brute force by content against the pattern inventory and against the content counts of
/// the cycle index, and the total against Burnside.
fn agree(named: NamedGroup, colours: u64) {
    let z = named.cycle_index().unwrap();
    let brute = BruteForce::new(&named.group().unwrap()).unwrap();
    let by_content = brute.count_by_content(colours).unwrap();
    let inventory = PatternInventory::new(&z, &NAMES[..colours as usize]).unwrap();
    let total: u64 = by_content.values().sum();
    assert_eq!(
        BigUint::from(total),
        z.count(colours),
        "{} with {colours}",
        named.name()
    );
    assert_eq!(inventory.total(), z.count(colours));
    assert_eq!(
        inventory.terms().count(),
        by_content.len(),
        "{}",
        named.name()
    );
    for (content, &n) in &by_content {
        let expected = BigUint::from(n);
        assert_eq!(
            inventory.count(content),
            expected,
            "{} {content:?}",
            named.name()
        );
        assert_eq!(z.count_with_content(content).unwrap(), expected);
    }
}

#[test]
fn boards_up_to_three_by_three() {
    for rows in 1..=3 {
        for cols in 1..=3 {
            for symmetry in [BoardSymmetry::Full, BoardSymmetry::Rotations] {
                for colours in 1..=3 {
                    agree(
                        NamedGroup::Board {
                            rows,
                            cols,
                            symmetry,
                        },
                        colours,
                    );
                }
            }
        }
    }
}

#[test]
fn necklaces_up_to_nine_beads() {
    for n in 1..=9 {
        for colours in 2..=3 {
            agree(NamedGroup::Cyclic(n), colours);
            agree(NamedGroup::Dihedral(n), colours);
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn necklaces_ten_to_twelve_beads() {
    for n in 10..=12 {
        for colours in 2..=3 {
            agree(NamedGroup::Cyclic(n), colours);
            agree(NamedGroup::Dihedral(n), colours);
        }
    }
}

/// Counting a single content by permutations of a multiset, against Pólya.
#[test]
fn single_contents() {
    let z = NamedGroup::Dihedral(12).cycle_index().unwrap();
    let brute = BruteForce::new(&NamedGroup::Dihedral(12).group().unwrap()).unwrap();
    for content in [[4u64, 4, 4], [6, 6, 0], [1, 5, 6], [12, 0, 0]] {
        assert_eq!(
            BigUint::from(brute.count_with_content(&content).unwrap()),
            z.count_with_content(&content).unwrap()
        );
    }
}

#[test]
fn mu_torere_both_ways() {
    let rotations = mu_torere_count(false).unwrap();
    assert_eq!(rotations.total.to_string(), "80");
    assert_eq!(rotations.classes[0].count.to_string(), "10");
    assert_eq!(rotations, mu_torere_brute_force(false).unwrap());
    let reflections = mu_torere_count(true).unwrap();
    assert_eq!(reflections, mu_torere_brute_force(true).unwrap());
    let sum: BigUint = reflections.classes.iter().map(|c| c.count.clone()).sum();
    assert_eq!(sum, reflections.total);
}

#[test]
fn canonical_forms_are_fixed_points_of_canonical() {
    let brute = BruteForce::new(&NamedGroup::Dihedral(6).group().unwrap()).unwrap();
    let x = [2u8, 0, 1, 1, 0, 2];
    let c = brute.canonical(&x);
    assert!(brute.is_canonical(&c));
    assert_eq!(brute.canonical(&c), c);
    assert!(c <= x.to_vec());
}

#[test]
fn errors() {
    let brute = BruteForce::new(&NamedGroup::Cyclic(5).group().unwrap()).unwrap();
    assert!(brute.count(0).is_err());
    assert!(brute.count_with_content(&[2, 2]).is_err());
    let big = BruteForce::new(&NamedGroup::Cyclic(64).group().unwrap()).unwrap();
    let err = big.count(2).unwrap_err().to_string();
    assert!(err.starts_with("too large to enumerate"), "{err}");
}
