//! Laws of short games on random game trees, checked against a plain minimax over the
//! uncanonicalised trees (a separate implementation of sums, negatives and winners).

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_partizan::{Arena, GameId, Outcome, Relation};
use proptest::prelude::*;

/// A game tree as written, never simplified.
#[derive(Clone, Debug)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree {
        left: vec![],
        right: vec![],
    });
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(left, right)| Tree { left, right })
    })
}

fn neg(t: &Tree) -> Tree {
    Tree {
        left: t.right.iter().map(neg).collect(),
        right: t.left.iter().map(neg).collect(),
    }
}

fn sum(a: &Tree, b: &Tree) -> Tree {
    let mut left: Vec<Tree> = a.left.iter().map(|x| sum(x, b)).collect();
    left.extend(b.left.iter().map(|x| sum(a, x)));
    let mut right: Vec<Tree> = a.right.iter().map(|x| sum(x, b)).collect();
    right.extend(b.right.iter().map(|x| sum(a, x)));
    Tree { left, right }
}

/// Whether Left, moving first, wins (normal play: who cannot move loses).
fn left_first_wins(t: &Tree) -> bool {
    t.left.iter().any(|x| !right_first_wins(x))
}

/// Whether Right, moving first, wins.
fn right_first_wins(t: &Tree) -> bool {
    t.right.iter().any(|x| !left_first_wins(x))
}

fn minimax_outcome(t: &Tree) -> Outcome {
    match (left_first_wins(t), right_first_wins(t)) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

/// g <= h iff Right, moving first in h - g, loses.
fn minimax_leq(g: &Tree, h: &Tree) -> bool {
    !right_first_wins(&sum(h, &neg(g)))
}

fn build(a: &mut Arena, t: &Tree) -> GameId {
    let left = t.left.iter().map(|x| build(a, x)).collect();
    let right = t.right.iter().map(|x| build(a, x)).collect();
    a.construct(left, right)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn g_minus_g_is_zero(t in tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &t);
        let m = a.neg(g);
        prop_assert_eq!(a.add(g, m), a.zero());
        // The negative of the tree, canonicalised on its own, is the same form.
        let n = build(&mut a, &neg(&t));
        prop_assert_eq!(n, m);
    }

    #[test]
    fn outcome_agrees_with_minimax(t in tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &t);
        prop_assert_eq!(a.outcome(g), minimax_outcome(&t));
    }

    #[test]
    fn comparison_agrees_with_minimax(s in tree(), t in tree()) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &s), build(&mut a, &t));
        prop_assert_eq!(a.leq(g, h), minimax_leq(&s, &t));
        prop_assert_eq!(a.leq(h, g), minimax_leq(&t, &s));
        // Equal games have the identical canonical form and text.
        let equal = minimax_leq(&s, &t) && minimax_leq(&t, &s);
        prop_assert_eq!(g == h, equal);
        if equal {
            prop_assert_eq!(a.display(g), a.display(h));
        }
        prop_assert_eq!(a.compare(g, h) == Relation::Equal, equal);
    }

    #[test]
    fn sums_agree_with_minimax_and_commute(s in tree(), t in tree()) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &s), build(&mut a, &t));
        let gh = a.add(g, h);
        prop_assert_eq!(gh, a.add(h, g));
        // The sum of the trees, canonicalised as one tree, is the same form.
        prop_assert_eq!(build(&mut a, &sum(&s, &t)), gh);
        prop_assert_eq!(a.outcome(gh), minimax_outcome(&sum(&s, &t)));
    }

    #[test]
    fn sums_associate(r in tree(), s in tree(), t in tree()) {
        let mut a = Arena::new();
        let (f, g, h) = (build(&mut a, &r), build(&mut a, &s), build(&mut a, &t));
        let fg = a.add(f, g);
        let gh = a.add(g, h);
        prop_assert_eq!(a.add(fg, h), a.add(f, gh));
    }

    #[test]
    fn printed_form_reads_back(t in tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &t);
        let text = a.display(g);
        prop_assert_eq!(a.parse(&text), Ok(g), "{}", text);
    }

    #[test]
    fn canonical_forms_have_no_dominated_or_reversible_options(t in tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &t);
        let (left, right) = (a.left_options(g).to_vec(), a.right_options(g).to_vec());
        for &x in &left {
            for &y in &left {
                prop_assert!(x == y || !a.leq(x, y));
            }
            for &xr in &a.right_options(x).to_vec() {
                prop_assert!(!a.leq(xr, g));
            }
        }
        for &x in &right {
            for &y in &right {
                prop_assert!(x == y || !a.leq(y, x));
            }
            for &xl in &a.left_options(x).to_vec() {
                prop_assert!(!a.leq(g, xl));
            }
        }
    }
}

#[test]
fn known_forms() {
    let mut a = Arena::new();
    let cases = [
        ("{0|*}", "^"),
        ("{0,*|0}", "^*"),
        ("{0|^*}", "^^"),
        ("^ + ^ + ^", "^3"),
        ("{|} + {0|}", "1"),
        ("{0|1}", "1/2"),
        ("{1/2|1}", "3/4"),
        ("{0|0}", "*"),
        ("{*|*}", "0"),
        ("{0,*|0,*}", "*2"),
        ("{1|-1} + {1|-1}", "0"),
        ("* + *", "0"),
        ("{1|1}", "1*"),
        ("{2|1}", "{2|1}"),
        ("^ + v", "0"),
        ("±1 + 1", "{2|0}"),
        ("{0|{0|-1}}", "{0||0|-1}"),
        ("{{2|0}|-1}", "{2|0||-1}"),
        ("-{0||0|-1}", "{1|0||0}"),
        ("3/4 - 1/4", "1/2"),
        ("{-1|0} + {0|1}", "0"),
    ];
    for (text, form) in cases {
        let g = a.parse(text).unwrap();
        assert_eq!(a.display(g), form, "{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The walls at temperature 0 are the stops, computed separately from the options.
    #[test]
    fn thermograph_walls_at_zero_are_the_stops(t in tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &t);
        let th = a.thermograph(g);
        let (ls, rs) = a.stops(g);
        prop_assert_eq!(th.left.at(cgtk_partizan::Dyadic::ZERO), ls);
        prop_assert_eq!(th.right.at(cgtk_partizan::Dyadic::ZERO), rs);
        prop_assert!(ls >= rs || th.temperature < cgtk_partizan::Dyadic::ZERO);
    }

    /// Means add: mean(G + H) = mean(G) + mean(H), and mean(-G) = -mean(G).
    #[test]
    fn means_add(s in tree(), t in tree()) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &s), build(&mut a, &t));
        let gh = a.add(g, h);
        let (mg, mh, mgh) = (a.mean(g), a.mean(h), a.mean(gh));
        prop_assert_eq!(mgh, mg + mh);
        let m = a.neg(g);
        prop_assert_eq!(a.mean(m), -mg);
        prop_assert_eq!(a.temperature(m), a.temperature(g));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// A player has a winning move in a sum exactly when the outcome says the player wins
    /// moving first, and every listed move leads to a sum that player wins moving second.
    #[test]
    fn winning_moves_agree_with_outcomes(s in tree(), t in tree()) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &s), build(&mut a, &t));
        let total = a.add(g, h);
        let outcome = a.outcome(total);
        let left = cgtk_partizan::winning_moves(&mut a, &[g, h], true);
        let right = cgtk_partizan::winning_moves(&mut a, &[g, h], false);
        prop_assert_eq!(!left.is_empty(), matches!(outcome, Outcome::L | Outcome::N));
        prop_assert_eq!(!right.is_empty(), matches!(outcome, Outcome::R | Outcome::N));
        for m in left {
            prop_assert!(matches!(a.outcome(m.sum_after), Outcome::L | Outcome::P));
        }
        for m in right {
            prop_assert!(matches!(a.outcome(m.sum_after), Outcome::R | Outcome::P));
        }
    }
}

/// All-small game trees: every position has moves for both players or for neither.
fn all_small_tree() -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree {
        left: vec![],
        right: vec![],
    });
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 1..3),
            prop::collection::vec(inner, 1..3),
        )
            .prop_map(|(left, right)| Tree { left, right })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Atomic weights add, and negate with the game.
    #[test]
    fn atomic_weights_add(s in all_small_tree(), t in all_small_tree()) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &s), build(&mut a, &t));
        let gh = a.add(g, h);
        let (wg, wh, wgh) = (
            a.atomic_weight(g).unwrap(),
            a.atomic_weight(h).unwrap(),
            a.atomic_weight(gh).unwrap(),
        );
        prop_assert_eq!(a.add(wg, wh), wgh);
        let m = a.neg(g);
        let wm = a.atomic_weight(m).unwrap();
        prop_assert_eq!(wm, a.neg(wg));
    }
}

/// Every line of the bad-input corpus is refused with an error (and no panic).
#[test]
fn bad_inputs_are_refused() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bad_games.txt");
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.starts_with("# Source: "));
    let mut a = Arena::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        assert!(a.parse(line).is_err(), "'{line}' was accepted");
        count += 1;
    }
    assert!(count >= 20);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The printed form of a sum does not depend on the order of its terms, nor on what the
    /// arena held before: {1|-1} + {2|*} and {2|*} + {1|-1} printed their options in
    /// different orders (the order the forms had been stored in).
    #[test]
    fn printed_forms_do_not_depend_on_the_order_of_terms(s in tree(), t in tree()) {
        let mut forward = Arena::new();
        let (g, h) = (build(&mut forward, &s), build(&mut forward, &t));
        let gh = forward.add(g, h);
        let mut backward = Arena::new();
        let (h2, g2) = (build(&mut backward, &t), build(&mut backward, &s));
        let hg = backward.add(h2, g2);
        prop_assert_eq!(forward.display(gh), backward.display(hg));
        prop_assert_eq!(forward.display(g), backward.display(g2));
        prop_assert_eq!(forward.display(h), backward.display(h2));
        // The options are listed in the same order in both arenas.
        let texts = |a: &mut Arena, x: GameId| {
            let (l, r) = (a.left_options(x).to_vec(), a.right_options(x).to_vec());
            let l: Vec<String> = l.into_iter().map(|o| a.display(o)).collect();
            let r: Vec<String> = r.into_iter().map(|o| a.display(o)).collect();
            (l, r)
        };
        prop_assert_eq!(texts(&mut forward, gh), texts(&mut backward, hg));
    }
}
