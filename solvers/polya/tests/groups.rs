//! Schreier–Sims against naive closure and known group orders; closed-form cycle indices
//! against enumeration of the generated groups.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_polya::{BoardSymmetry, CycleIndex, NamedGroup, Perm, PermGroup};
use proptest::prelude::*;
use std::collections::HashSet;

fn naive_closure(degree: usize, gens: &[Perm]) -> HashSet<Perm> {
    let mut seen = HashSet::from([Perm::identity(degree)]);
    let mut queue = vec![Perm::identity(degree)];
    while let Some(g) = queue.pop() {
        for s in gens {
            let h = g.then(s);
            if seen.insert(h.clone()) {
                queue.push(h);
            }
        }
    }
    seen
}

fn cycles(degree: usize, cs: &[&[u32]]) -> Perm {
    Perm::from_cycles(degree, &cs.iter().map(|c| c.to_vec()).collect::<Vec<_>>()).unwrap()
}

#[test]
fn symmetric_group_orders() {
    let mut factorial = num_bigint::BigUint::from(1u32);
    for n in 1..=30usize {
        factorial *= n;
        let g = NamedGroup::Symmetric(n).group().unwrap();
        assert_eq!(g.order(), factorial, "S_{n}");
    }
}

/// The Mathieu groups M11 and M12 (orders 7920 and 95040, their classical generators on
/// points 1..12 shifted down by one).
#[test]
fn mathieu_group_orders() {
    let x = cycles(12, &[&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    let y = cycles(12, &[&[2, 6, 10, 7], &[3, 9, 4, 5]]);
    let z = cycles(
        12,
        &[&[0, 11], &[1, 10], &[2, 5], &[3, 7], &[4, 8], &[6, 9]],
    );
    let m11 = PermGroup::from_generators(12, vec![x.clone(), y.clone()]).unwrap();
    assert_eq!(m11.order().to_string(), "7920");
    let m12 = PermGroup::from_generators(12, vec![x, y, z]).unwrap();
    assert_eq!(m12.order().to_string(), "95040");
    // Enumerating M12 gives 95040 distinct elements, each recognised as a member.
    let elements = m12.elements(1_000_000).unwrap();
    let distinct: HashSet<&Perm> = elements.iter().collect();
    assert_eq!(distinct.len(), 95040);
    assert!(elements.iter().take(2000).all(|g| m12.contains(g)));
    assert!(!m12.contains(&cycles(12, &[&[0, 1]])));
}

/// S_2048 from a 2048-cycle and a transposition is refused as soon as its order is known
/// to pass the bound (the full closure runs for many minutes).
#[test]
fn bounded_closure_of_a_huge_group_stops_early() {
    let cycle = Perm::from_cycles(2048, &[(0..2048).collect()]).unwrap();
    let swap = cycles(2048, &[&[0, 1]]);
    let err = PermGroup::from_generators_up_to(2048, vec![cycle, swap], 10_000_000).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the group has more than 10000000 elements; listing them is limited to 10000000"
    );
}

/// A group of order above a million: S_10 (3,628,800) enumerated element by element gives
/// the cycle index of the closed formula.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn million_element_group_cycle_index() {
    let g = NamedGroup::Symmetric(10).group().unwrap();
    assert_eq!(g.order().to_string(), "3628800");
    let enumerated = CycleIndex::of_group(&g, 10_000_000).unwrap();
    assert_eq!(enumerated, CycleIndex::symmetric(10).unwrap());
}

#[test]
fn closed_forms_match_enumeration() {
    for n in 3..=16 {
        for named in [NamedGroup::Cyclic(n), NamedGroup::Dihedral(n)] {
            let enumerated = CycleIndex::of_group(&named.group().unwrap(), 1_000_000).unwrap();
            assert_eq!(enumerated, named.cycle_index().unwrap(), "{}", named.name());
        }
    }
    for n in 1..=7 {
        let named = NamedGroup::Symmetric(n);
        let enumerated = CycleIndex::of_group(&named.group().unwrap(), 1_000_000).unwrap();
        assert_eq!(enumerated, named.cycle_index().unwrap(), "S_{n}");
    }
    for rows in 1..=5 {
        for cols in 1..=5 {
            for symmetry in [BoardSymmetry::Full, BoardSymmetry::Rotations] {
                let named = NamedGroup::Board {
                    rows,
                    cols,
                    symmetry,
                };
                let enumerated = CycleIndex::of_group(&named.group().unwrap(), 100).unwrap();
                assert_eq!(enumerated, named.cycle_index().unwrap(), "{}", named.name());
            }
        }
    }
}

#[test]
fn board_group_orders() {
    let order = |rows, cols, symmetry| {
        NamedGroup::Board {
            rows,
            cols,
            symmetry,
        }
        .group()
        .unwrap()
        .order()
        .to_string()
    };
    assert_eq!(order(3, 3, BoardSymmetry::Full), "8");
    assert_eq!(order(3, 3, BoardSymmetry::Rotations), "4");
    assert_eq!(order(2, 3, BoardSymmetry::Full), "4");
    assert_eq!(order(2, 3, BoardSymmetry::Rotations), "2");
}

#[test]
fn cycle_index_printing() {
    assert_eq!(
        CycleIndex::cyclic(8).unwrap().to_string(),
        "(g1^8 + g2^4 + 2*g4^2 + 4*g8)/8"
    );
    assert_eq!(
        CycleIndex::symmetric(3).unwrap().to_string(),
        "(g1^3 + 3*g1*g2 + 2*g3)/6"
    );
    assert_eq!(
        CycleIndex::dihedral(4).unwrap().to_string(),
        "(g1^4 + 2*g1^2*g2 + 3*g2^2 + 2*g4)/8"
    );
    // S_n's coefficients sum to n!; S_50 has p(50) = 204226 terms.
    let s50 = CycleIndex::symmetric(50).unwrap();
    assert_eq!(s50.len(), 204_226);
    let sum: num_bigint::BigUint = s50.terms().map(|(_, c)| c.clone()).sum();
    assert_eq!(&sum, s50.order());
    // Colourings of 50 points up to S_50 are multisets: C(50 + 2, 2) for 3 colours.
    assert_eq!(s50.count(3).to_string(), "1326");
}

fn arb_perm(degree: usize) -> impl Strategy<Value = Perm> {
    Just((0..degree as u32).collect::<Vec<u32>>())
        .prop_shuffle()
        .prop_map(|images| Perm::from_images(images).unwrap())
}

proptest! {
    /// The stabiliser chain's order equals the size of the naive closure, and its element
    /// list is exactly that closure.
    #[test]
    fn schreier_sims_matches_closure(gens in prop::collection::vec(arb_perm(6), 0..4)) {
        let group = PermGroup::from_generators(6, gens.clone()).unwrap();
        let closure = naive_closure(6, &gens);
        prop_assert_eq!(group.order(), num_bigint::BigUint::from(closure.len()));
        let listed: HashSet<Perm> = group.elements(1000).unwrap().into_iter().collect();
        prop_assert_eq!(listed, closure);
    }

    /// The closure bounded by an order gives the same group as the full one when the group
    /// is no larger than the bound, and refuses it when it is larger.
    #[test]
    fn bounded_closure_agrees_with_the_full_one(
        gens in prop::collection::vec(arb_perm(7), 0..4),
        bound in 1u64..6000,
    ) {
        let full = PermGroup::from_generators(7, gens.clone()).unwrap();
        let order = full.order_u64().unwrap();
        match PermGroup::from_generators_up_to(7, gens, bound) {
            Ok(group) => {
                prop_assert!(order <= bound);
                prop_assert_eq!(group.order(), full.order());
                let listed: HashSet<Perm> = group.elements(6000).unwrap().into_iter().collect();
                let expected: HashSet<Perm> = full.elements(6000).unwrap().into_iter().collect();
                prop_assert_eq!(listed, expected);
            }
            Err(err) => {
                prop_assert!(order > bound, "{} refused with order {}", err, order);
            }
        }
    }

    #[test]
    fn inverse_and_product(a in arb_perm(9), b in arb_perm(9)) {
        prop_assert!(a.then(&a.inverse()).is_identity());
        let ab = a.then(&b);
        for i in 0..9 {
            prop_assert_eq!(ab.apply(i), b.apply(a.apply(i)));
        }
        let cycles = a.cycles();
        prop_assert_eq!(Perm::from_cycles(9, &cycles).unwrap(), a);
    }
}

/// The order a group's name promises (`D4` has 8 elements, `C2` 2, ...).
fn promised_order(name: &str) -> u64 {
    let head = name.split_whitespace().next().unwrap();
    match head {
        "the" => 1,
        "Klein" => 4,
        _ if name.contains("acting as the trivial group") => 1,
        _ if name.contains("acting as C2") => 2,
        _ => {
            let n: u64 = head[1..].parse().unwrap();
            match &head[..1] {
                "C" => n,
                "D" => 2 * n,
                "S" => (1..=n).product(),
                _ => panic!("unknown group name {name}"),
            }
        }
    }
}

/// `cycle-index board 1x1` used to be named D4 with order 1, `board 1x2` the Klein
/// four-group with order 2, and `dihedral 1`, `dihedral 2` printed the unreduced
/// `(2*g1)/2` and `(2*g1^2 + 2*g2)/4`. Every name now promises the order printed, that
/// order is the number of distinct permutations generated, and the identity term has
/// coefficient 1 (so the fraction is in lowest terms).
#[test]
fn names_orders_and_reduced_fractions_agree() {
    let mut groups = Vec::new();
    for n in 1..=7 {
        groups.extend([
            NamedGroup::Cyclic(n),
            NamedGroup::Dihedral(n),
            NamedGroup::Symmetric(n),
        ]);
    }
    for rows in 1..=4 {
        for cols in 1..=4 {
            for symmetry in [BoardSymmetry::Full, BoardSymmetry::Rotations] {
                groups.push(NamedGroup::Board {
                    rows,
                    cols,
                    symmetry,
                });
            }
        }
    }
    for g in groups {
        let z = g.cycle_index().unwrap();
        let name = g.name();
        let order = z.order().to_string();
        assert_eq!(order, promised_order(&name).to_string(), "{name}");
        assert_eq!(
            g.group().unwrap().order().to_string(),
            order,
            "{name}: the generated group"
        );
        let identity = z
            .terms()
            .find(|(m, _)| m.parts() == [(1, g.degree() as u32)])
            .map(|(_, c)| c.to_string());
        assert_eq!(identity.as_deref(), Some("1"), "{name}: {z}");
    }
    let name = |rows, cols| {
        NamedGroup::Board {
            rows,
            cols,
            symmetry: BoardSymmetry::Full,
        }
        .name()
    };
    assert_eq!(name(1, 1), "the trivial group on the cells of a 1x1 board");
    assert_eq!(name(1, 2), "C2 on the cells of a 1x2 board");
    assert_eq!(name(2, 3), "Klein four-group on the cells of a 2x3 board");
    assert_eq!(CycleIndex::dihedral(1).unwrap().to_string(), "g1");
    assert_eq!(
        CycleIndex::dihedral(2).unwrap().to_string(),
        "(g1^2 + g2)/2"
    );
}
