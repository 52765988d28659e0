//! The brute-force orbit counter against Burnside and Pólya: every board up to 3×3 with up
//! to 3 colours, necklaces and bracelets up to 12 beads in 2 and 3 colours, by content too,
//! and Mu Torere with and without reflections.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

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
    // A content whose colourings fit in a u64 but are too many to enumerate is refused
    // with their exact number, C(40,20) (it read "more than 2^64").
    let forty = BruteForce::new(&NamedGroup::Cyclic(40).group().unwrap()).unwrap();
    let err = forty.count_with_content(&[20, 20]).unwrap_err().to_string();
    assert!(
        err.starts_with("too large to enumerate: 137846528820 colourings × 40 symmetries"),
        "{err}"
    );
}

/// The figure inventory c + u + e on the whole board (ring × fixed centre): the coefficient
/// of c^4 u^4 e is the total, and it matches the class-by-class count.
#[test]
fn mu_torere_inventory() {
    let ring = cgtk_polya::CycleIndex::cyclic(8).unwrap();
    let board = ring.product(&cgtk_polya::CycleIndex::symmetric(1).unwrap());
    assert_eq!(
        board.to_string(),
        "(g1^9 + g1*g2^4 + 2*g1*g4^2 + 4*g1*g8)/8"
    );
    let inventory = PatternInventory::new(&board, &["c", "u", "e"]).unwrap();
    assert_eq!(inventory.count(&[4, 4, 1]).to_string(), "80");
    // The same group built from generators on 9 points gives the same cycle index.
    let generated = cgtk_polya::CycleIndex::of_group(&cgtk_polya::mu_torere_group(false), 100);
    assert_eq!(generated.unwrap(), board);
}

mod random_groups {
    use super::*;
    use cgtk_polya::{CycleIndex, Perm, PermGroup};
    use proptest::prelude::*;

    fn arb_perm(degree: usize) -> impl Strategy<Value = Perm> {
        Just((0..degree as u32).collect::<Vec<u32>>())
            .prop_shuffle()
            .prop_map(|images| Perm::from_images(images).unwrap())
    }

    proptest! {
        /// For any group on 7 points, Burnside on its enumerated cycle index agrees with the
        /// brute force for 1 to 3 colours, content by content.
        #[test]
        fn burnside_matches_brute_force(gens in prop::collection::vec(arb_perm(7), 0..3), k in 1u64..=3) {
            let group = PermGroup::from_generators(7, gens).unwrap();
            let z = CycleIndex::of_group(&group, 10_000).unwrap();
            let brute = BruteForce::new(&group).unwrap();
            let by_content = brute.count_by_content(k).unwrap();
            prop_assert_eq!(BigUint::from(by_content.values().sum::<u64>()), z.count(k));
            for (content, &n) in &by_content {
                prop_assert_eq!(z.count_with_content(content).unwrap(), BigUint::from(n));
            }
        }
    }
}
