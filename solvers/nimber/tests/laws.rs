//! Field laws of nim addition and multiplication on random 64-bit nimbers, and round trips
//! of the text forms.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod tower_product;

use cgtk_nimber::{evaluate, Nimber};
use proptest::prelude::*;

fn nimber() -> impl Strategy<Value = Nimber> {
    any::<u64>().prop_map(Nimber)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn addition_is_an_abelian_group(a in nimber(), b in nimber(), c in nimber()) {
        prop_assert_eq!(a + b, b + a);
        prop_assert_eq!((a + b) + c, a + (b + c));
        prop_assert_eq!(a + Nimber::ZERO, a);
        prop_assert_eq!(a + a, Nimber::ZERO);
    }

    #[test]
    fn multiplication_is_commutative_and_associative(a in nimber(), b in nimber(), c in nimber()) {
        prop_assert_eq!(a * b, b * a);
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!(a * Nimber::ONE, a);
        prop_assert_eq!(a * Nimber::ZERO, Nimber::ZERO);
    }

    #[test]
    fn multiplication_distributes_over_addition(a in nimber(), b in nimber(), c in nimber()) {
        prop_assert_eq!(a * (b + c), a * b + a * c);
    }

    #[test]
    fn products_agree_with_the_plain_tower_recursion(a in nimber(), b in nimber()) {
        prop_assert_eq!((a * b).0, tower_product::nim_product(a.0, b.0));
    }

    #[test]
    fn nonzero_nimbers_have_inverses(a in nimber()) {
        prop_assume!(a != Nimber::ZERO);
        let inv = a.inverse().unwrap();
        prop_assert_eq!(a * inv, Nimber::ONE);
        prop_assert_eq!(a.checked_powi(-1), Some(inv));
        // Lagrange: the multiplicative group has order 2^64 - 1.
        prop_assert_eq!(a.pow(u64::MAX), Nimber::ONE);
    }

    #[test]
    fn square_roots_square_back(a in nimber()) {
        let r = a.sqrt();
        prop_assert_eq!(r * r, a);
        // In characteristic 2 the square root is the power 2^63.
        prop_assert_eq!(a.pow(1 << 63), r);
    }

    #[test]
    fn powers_add_exponents(a in nimber(), e in 0u64..1000, f in 0u64..1000) {
        prop_assert_eq!(a.pow(e) * a.pow(f), a.pow(e + f));
    }

    #[test]
    fn display_and_parse_round_trip(a in nimber()) {
        prop_assert_eq!(a.to_string().parse::<Nimber>(), Ok(a));
        prop_assert_eq!(a.0.to_string().parse::<Nimber>(), Ok(a));
    }

    #[test]
    fn expressions_follow_the_operators(a in nimber(), b in nimber(), c in nimber()) {
        prop_assert_eq!(evaluate(&format!("{a} + {b} * {c}")), Ok(a + b * c));
        prop_assert_eq!(evaluate(&format!("({a} + {b}) * {c}")), Ok((a + b) * c));
        prop_assert_eq!(evaluate(&format!("{a} * {b}^2")), Ok(a * b * b));
        if b != Nimber::ZERO {
            prop_assert_eq!(evaluate(&format!("{a} / {b}")), Ok(a * b.inverse().unwrap()));
        }
    }
}

#[test]
fn small_fields_close_under_multiplication() {
    // The nimbers below 2^(2^k) form subfields.
    for bits in [1u32, 2, 4, 8] {
        let limit = 1u64 << bits;
        for a in (0..limit).step_by(((limit / 16).max(1)) as usize) {
            for b in 0..limit {
                assert!((Nimber(a) * Nimber(b)).0 < limit);
            }
        }
    }
}

#[test]
fn parse_errors_name_the_input() {
    let err = "*x".parse::<Nimber>().unwrap_err();
    assert!(err.to_string().contains("'*x'"));
    assert!("".parse::<Nimber>().is_err());
    assert!("*18446744073709551616".parse::<Nimber>().is_err());
    assert!("-3".parse::<Nimber>().is_err());
}

#[test]
fn expression_errors_give_positions() {
    use cgtk_nimber::ExprError::*;
    assert_eq!(
        evaluate("*3 / (*1 + *1)"),
        Err(DivisionByZero { position: 4 })
    );
    assert_eq!(evaluate("*0^-1"), Err(DivisionByZero { position: 3 }));
    assert_eq!(
        evaluate("*3 + "),
        Err(ExpectedOperand {
            found: "the end".into(),
            position: 6
        })
    );
    assert_eq!(
        evaluate("*3 ) "),
        Err(ExpectedOperator {
            inside: false,
            found: "')'".into(),
            position: 4
        })
    );
    assert_eq!(
        evaluate("(*3 2)"),
        Err(ExpectedOperator {
            inside: true,
            found: "'2'".into(),
            position: 5
        })
    );
    assert_eq!(evaluate("(*3 + *1"), Err(Unclosed { position: 1 }));
    assert_eq!(evaluate("  "), Err(Empty));
    assert_eq!(
        evaluate("*2 ^ x").unwrap_err().to_string(),
        "expected a whole-number exponent after '^' at position 6, found 'x'"
    );
    assert_eq!(evaluate("sqrt(*6)"), Ok(Nimber(4)));
    assert_eq!(evaluate("*2*3"), Ok(Nimber(1)));
}
