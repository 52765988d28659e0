//! Empty and blank rules variants, refused by every command that reads one.

mod common;

use common::{usage_error, usage_error_with};

/// `prove kono --variant ""` (and `" "`) was proved as the standard game, and `solve kono
/// --variant " "` solved it, though an empty variant word is refused elsewhere.
#[test]
fn empty_and_blank_variants_are_refused() {
    let cases = [
        (
            "kono",
            "standard, compulsory-capture and/or max-pieces=N with N in 1..=8, separated by commas",
        ),
        ("mu-torere", "standard or first-two-turns"),
        (
            "fox-hounds",
            "standard, fox=b8|d8|f8|h8 and/or first=fox|hounds, separated by commas",
        ),
    ];
    for (game, allowed) in cases {
        for variant in ["", " ", "\t"] {
            let expected = format!(
                "error: {game} variant {variant:?} is empty: leave it out for the standard \
                 game, or give {allowed}\n"
            );
            let err = usage_error(&["prove", game, "--variant", variant, "--nodes", "5"]);
            assert_eq!(err, expected);
            if !variant.is_empty() {
                // `solve --variant ""` is refused by the argument parser before this.
                let err = usage_error(&["solve", game, "--variant", variant]);
                assert_eq!(err, expected);
            }
        }
        let err = usage_error(&["solve", game, "--variant", ""]);
        assert!(err.contains("--variant"), "{err}");
        let err = usage_error_with(&["play", game, ""], "quit\n");
        assert!(err.contains("an empty variant word"), "{err}");
    }
}
