//! The `cgtk nimber`, `cgtk nim` and `cgtk grundy` commands as users see them.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{ok, usage_error};

#[test]
fn nimber_evaluates_expressions() {
    assert_eq!(ok(&["nimber", "*2 * *3 + *1"]), "*0\n");
    assert_eq!(ok(&["nimber", "*4 * *4"]), "*6\n");
    assert_eq!(ok(&["nimber", "(*5 + *9)^-1 * (*5 + *9)"]), "*1\n");
    assert_eq!(ok(&["nimber", "*16", "*", "*16"]), "*24\n");
    insta::assert_snapshot!(ok(&["nimber", "--json", "*2^-1 + sqrt(*2)"]));
}

#[test]
fn nimber_reports_errors_with_positions() {
    insta::assert_snapshot!(usage_error(&["nimber", "*3 / (*1 + *1)"]), @"error: division by *0 at position 4 in '*3 / (*1 + *1)'\n");
    insta::assert_snapshot!(usage_error(&["nimber", "*3 + + *1"]), @"error: expected a nimber (*n or n), '(' or sqrt( at position 6, found '+' in '*3 + + *1'\n");
    insta::assert_snapshot!(usage_error(&["nimber", "*99999999999999999999"]));
}

#[test]
fn nim_lists_winning_moves() {
    insta::assert_snapshot!(ok(&["nim", "3", "4", "5", "--explain"]));
    insta::assert_snapshot!(ok(&["nim", "1", "2", "3"]));
    insta::assert_snapshot!(ok(&["nim", "--json", "7", "9", "12", "15"]));
}

#[test]
fn nim_rejects_bad_heaps() {
    insta::assert_snapshot!(usage_error(&["nim", "3", "x"]), @"error: heap 'x' is not a whole number of counters (0 to 18446744073709551615)\n");
    usage_error(&["nim", "-3"]);
    usage_error(&["nim"]);
}

#[test]
fn grundy_kayles_sequence_and_proven_period() {
    insta::assert_snapshot!(ok(&["grundy", "0.77", "--to", "200"]));
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["grundy", "0.77", "--to", "200", "--json"])).unwrap();
    assert_eq!(json["preperiod"], 71);
    assert_eq!(json["period"], 12);
    assert_eq!(json["proven"], true);
    assert_eq!(json["proof"], "octal-theorem");
    assert_eq!(json["values"].as_array().unwrap().len(), 201);
}

#[test]
fn grundy_names_the_proof_of_a_period() {
    // A subtraction game's period is proven by a window of t values in a row: period 50 from
    // 144 from G(0..=214), where the octal bound would need G(0..=359).
    let args = ["grundy", "sub:5,9,12,13,21", "--to", "214", "--no-values"];
    let text = ok(&args);
    assert!(
        text.contains("period 50 from n = 144 (preperiod 144), proven by 21 values in a row"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(&[&args[..], &["--json"]].concat())).unwrap();
    assert_eq!(
        (json["proven"].as_bool(), json["proof"].as_str()),
        (Some(true), Some("window"))
    );
    // One value fewer and the period is observed only.
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "grundy",
        "sub:5,9,12,13,21",
        "--to",
        "213",
        "--no-values",
        "--json",
    ]))
    .unwrap();
    assert_eq!(json["proven"], false);
    assert_eq!(json["proof"], serde_json::Value::Null);
}

#[test]
fn grundy_other_games() {
    insta::assert_snapshot!(ok(&["grundy", "grundys", "--to", "40"]));
    insta::assert_snapshot!(ok(&["grundy", "sub:1,3,4", "--to", "30"]));
    insta::assert_snapshot!(ok(&["grundy", "--json", "0.07", "--to", "12"]));
    insta::assert_snapshot!(ok(&["grundy", "0.137", "--to", "5000", "--no-values"]));
}

#[test]
fn grundy_sums_of_heaps() {
    insta::assert_snapshot!(ok(&["grundy", "0.77", "--position", "5,7,12"]));
    insta::assert_snapshot!(ok(&["grundy", "grundys", "--position", "7,8", "--json"]));
    insta::assert_snapshot!(ok(&["grundy", "0.77", "--position", "3,3"]));
}

#[test]
fn grundy_rejects_bad_input() {
    insta::assert_snapshot!(usage_error(&["grundy", "0.8x", "--to", "5"]));
    insta::assert_snapshot!(usage_error(&["grundy", "1.7", "--to", "5"]));
    insta::assert_snapshot!(usage_error(&["grundy", "sub:0,2", "--to", "5"]));
    insta::assert_snapshot!(usage_error(&["grundy", "grundys", "--to", "1000000000"]));
    insta::assert_snapshot!(usage_error(&["grundy", "0.77", "--position", "3,x"]));
    insta::assert_snapshot!(usage_error(&["grundy", "0.77"]));
    usage_error(&["grundy", "0.77", "--to", "ten"]);
}

/// `grundy 0.77 --to 18446744073709551615` (and the same heap in `--position`) overflowed
/// `N + 1` when sizing the progress bar. Both are refused with the limit; a heap that is
/// too large is named as a heap, not as "N".
#[test]
fn grundy_refuses_the_largest_numbers_without_overflow() {
    let err = usage_error(&["grundy", "0.77", "--to", "18446744073709551615"]);
    assert!(
        err.contains("N = 18446744073709551615 is too large for 0.77: at most 200000000"),
        "{err}"
    );
    let err = usage_error(&["grundy", "kayles", "--position", "5,18446744073709551615"]);
    assert!(
        err.contains("heap 18446744073709551615 in --position is too large for 0.77: heaps go up to 200000000"),
        "{err}"
    );
}

/// `nim 0` said "every move leaves a non-zero nim-sum" of heaps that allow no move.
#[test]
fn nim_without_counters_has_no_moves() {
    let out = ok(&["nim", "0", "0"]);
    assert!(
        out.contains("the player to move loses: there are no moves"),
        "{out}"
    );
}

/// In Grundy's game a move only splits a heap; it was printed as "take 0, leaving 2 + 3".
#[test]
fn grundys_game_moves_are_splits() {
    let out = ok(&["grundy", "grundys", "--position", "5"]);
    assert!(out.contains("heap 1 (5): split into "), "{out}");
    assert!(!out.contains("take 0"), "{out}");
}

/// An all-but subtraction game has an arithmetic period, named as such (it was "no period
/// found"); JSON gives its saltus.
#[test]
fn grundy_reports_arithmetic_periods_of_all_but_games() {
    let text = ok(&["grundy", "sub:!1,3", "--to", "100", "--no-values"]);
    assert!(
        text.contains("arithmetic period 2 with saltus 1 (G(n + 2) = G(n) + 1) from n = 0"),
        "{text}"
    );
    let v: serde_json::Value = serde_json::from_str(&ok(&[
        "--json",
        "grundy",
        "sub:!3,5,8",
        "--to",
        "300",
        "--no-values",
    ]))
    .unwrap();
    assert_eq!(
        (v["period"].as_u64(), v["saltus"].as_u64()),
        (Some(78), Some(26))
    );
    assert_eq!(v["proven"], false);
    assert_eq!(v["proof"], serde_json::Value::Null);
}
