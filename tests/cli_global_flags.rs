//! The global flags `--json` and `--threads N` work wherever they are written: before the
//! command, after its options, or after its free (positional) arguments.
//!
//! `cgtk nimber '*4 ^ -1' --json` used to be refused as a bad nimber: the expression's
//! words are taken with clap's `allow_hyphen_values`, which swallowed the trailing `--json`
//! (and `--threads 2`) as more words. Each command that takes free arguments is run with
//! the flags first and last, and must print the same thing.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::ok;

/// Runs `command` with the global flags before it and after it; both must succeed with the
/// same output, and with `--json` the output must be JSON.
fn same_anywhere(command: &[&str], stdin: &str) {
    for flags in [
        &["--json"][..],
        &["--threads", "2"],
        &["--json", "--threads=2"],
    ] {
        let mut first = flags.to_vec();
        first.extend(command);
        let mut last = command.to_vec();
        last.extend(flags);
        let a = common::ok_with(&first, stdin);
        let b = common::ok_with(&last, stdin);
        assert_eq!(a, b, "{first:?} and {last:?} differ");
        if flags.contains(&"--json") {
            serde_json::from_str::<serde_json::Value>(&b)
                .unwrap_or_else(|e| panic!("{last:?}: not JSON ({e}): {b}"));
        }
    }
}

#[test]
fn nimber_expression_then_flags() {
    same_anywhere(&["nimber", "*4 ^ -1"], "");
    same_anywhere(&["nimber", "*2", "*", "*3"], "");
    let json = ok(&["nimber", "*4 ^ -1", "--json"]);
    assert!(json.trim_start().starts_with('{'), "{json}");
}

#[test]
fn nim_and_grundy_then_flags() {
    same_anywhere(&["nim", "3", "4", "5"], "");
    same_anywhere(&["grundy", "kayles", "--to", "20"], "");
    same_anywhere(&["grundy", "kayles", "--position", "5,7"], "");
}

#[test]
fn cgt_games_then_flags() {
    same_anywhere(&["cgt", "value", "-1"], "");
    same_anywhere(&["cgt", "value", "{1|-1}", "+", "^"], "");
    same_anywhere(&["cgt", "compare", "-1/2", "-1"], "");
    same_anywhere(&["cgt", "thermograph", "{2|-1}"], "");
    same_anywhere(&["cgt", "moves", "{1|-1}", "-1/2"], "");
}

#[test]
fn counting_and_puzzles_then_flags() {
    same_anywhere(&["cycle-index", "dihedral", "6"], "");
    same_anywhere(&["poggle", "solve", "4"], "");
    same_anywhere(&["chess", "perft", "2"], "");
}

#[test]
fn play_variant_words_then_flags() {
    same_anywhere(&["play", "nim", "3", "4", "--you", "none"], "");
    same_anywhere(&["play", "nim", "--you", "none", "3", "4"], "");
}

/// After a bare `--` every word is the command's own, even one spelled like a flag.
#[test]
fn after_a_double_dash_flags_are_words() {
    let err = common::usage_error(&["nimber", "--", "*3", "--json"]);
    assert!(err.contains("--json"), "{err}");
}
