//! The `cgtk cgt` commands as users see them.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{ok, ok_with, scratch, usage_error};

/// Runs `cgtk --json ARGS…` and parses its output.
fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    common::json(&all)
}

#[test]
fn value_prints_canonical_form_outcome_and_temperature() {
    insta::assert_snapshot!(ok(&["cgt", "value", "{1|-1} + ^"]));
    insta::assert_snapshot!(ok(&["cgt", "value", "{0|{0|-1}}"]));
    let j = json(&["cgt", "value", "{2|0} + {0|-1}"]);
    assert_eq!(j["value"], "{2|1||0|-1}");
    assert_eq!(j["outcome"], "L");
    // Means add: 1 + (-1/2).
    assert_eq!(j["mean"], "1/2");
    insta::assert_snapshot!(ok(&["--json", "cgt", "value", "^", "+", "*"]));
    assert_eq!(json(&["cgt", "value", "^^*"])["atomic_weight"], "2");
    assert_eq!(
        json(&["cgt", "value", "1"])["atomic_weight"],
        serde_json::Value::Null
    );
}

#[test]
fn value_notation() {
    let cases = [
        ("* + *", "0"),
        ("^ + ^ + *", "^^*"),
        ("3/4 - 1/4", "1/2"),
        ("{0|1}", "1/2"),
        ("-{0||0|-1}", "{1|0||0}"),
        ("±1 + ±1", "0"),
        ("↑ + ↓", "0"),
        ("^3", "^3"),
        ("{1|1}", "1*"),
        ("{1, {2|0} | -1, {0|-2}}", "±(1, {2|0})"),
        ("±(1, {2|0}) + ±(1, {2|0})", "0"),
    ];
    for (input, form) in cases {
        assert_eq!(json(&["cgt", "value", input])["value"], form, "{input}");
    }
}

#[test]
fn compare_answers_the_relation() {
    assert_eq!(ok(&["cgt", "compare", "^", "*"]), "^ || *\n");
    assert_eq!(ok(&["cgt", "compare", "^^", "*"]), "^^ > *\n");
    assert_eq!(ok(&["cgt", "compare", "{0|1}", "1/2"]), "1/2 = 1/2\n");
    assert_eq!(
        ok(&["cgt", "compare", "-1/4", "{0||0|-1}"]),
        "-1/4 < {0||0|-1}\n"
    );
    assert_eq!(json(&["cgt", "compare", "*2", "*3"])["relation"], "||");
}

#[test]
fn bad_games_are_usage_errors() {
    insta::assert_snapshot!(usage_error(&["cgt", "value", "{1|"]), @"error: expected a game (a number, *n, ^, v, {…|…}, '(', '-' or '±') at position 4, found the end of the text in '{1|'\n");
    insta::assert_snapshot!(usage_error(&["cgt", "value", "1/3"]), @"error: the denominator of '1/3' at position 1 is not a power of two up to 2^32 (short games have dyadic numbers only) in '1/3'\n");
    insta::assert_snapshot!(usage_error(&["cgt", "value", "{0|1|2}"]), @"error: two separators '|' at the same level (positions 3 and 5): use braces or more bars to say which is outer in '{0|1|2}'\n");
    insta::assert_snapshot!(usage_error(&["cgt", "compare", "^", "x"]), @"error: unexpected character 'x' at position 1 in 'x'\n");
    usage_error(&["cgt", "toads", "TTx"]);
    usage_error(&["cgt", "cutcake", "0x3"]);
    usage_error(&["cgt", "domineering", "9x9"]);
    usage_error(&["cgt", "hackenbush", "B(R"]);
    usage_error(&["cgt", "value", "*99999"]);
    usage_error(&["cgt", "value", "1/8589934592"]);
    // Deep nesting is refused instead of overflowing the stack.
    let deep = format!("{}0{}", "{".repeat(300), "|}".repeat(300));
    assert!(usage_error(&["cgt", "value", &deep])
        .starts_with("error: braces and parentheses nest more than 200 deep at position 201 "));
}

#[test]
fn thermograph_text_json_and_picture() {
    insta::assert_snapshot!(ok(&["cgt", "thermograph", "{4|{2|-6}}"]));
    let j = json(&["cgt", "thermograph", "{2|-1}"]);
    assert_eq!(j["mean"], "1/2");
    assert_eq!(j["temperature"], "3/2");
    let dir = scratch("cgt", "thermograph");
    let path = dir.join("switch.png");
    let p = path.to_str().unwrap();
    ok(&["cgt", "thermograph", "±1", "--image", p]);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn games() {
    insta::assert_snapshot!(ok(&["cgt", "domineering", "2x2"]));
    assert_eq!(json(&["cgt", "domineering", "2x4"])["value"], "{2|0||0}");
    assert_eq!(
        json(&["cgt", "domineering", "4x4"])["value"],
        "±(0, {{2|0}, {2||2|0}|{2|0}, {2|0||0}})"
    );
    assert_eq!(json(&["cgt", "domineering", "1x7"])["value"], "-3");
    insta::assert_snapshot!(ok_with(
        &["cgt", "domineering", "--board", "-"],
        "..#\n...\n#..\n"
    ));
    assert_eq!(json(&["cgt", "hackenbush", "BRB"])["value"], "3/4");
    assert_eq!(json(&["cgt", "hackenbush", "B(R,BG),GG"])["value"], "1*3");
    assert_eq!(json(&["cgt", "hackenbush", "B(R,BG)"])["value"], "1*");
    assert_eq!(json(&["cgt", "toads", "T.TFF"])["value"], "^");
    assert_eq!(json(&["cgt", "toads", "TFT.F"])["outcome"], "N");
    insta::assert_snapshot!(ok(&["cgt", "toads", "TTT..FFF"]));
    assert_eq!(json(&["cgt", "cutcake", "1x5"])["value"], "4");
    assert_eq!(json(&["cgt", "cutcake", "2x2"])["outcome"], "P");
}

#[test]
fn moves_in_sums() {
    insta::assert_snapshot!(ok(&["cgt", "moves", "{1|-1}", "{5|-5}", "^"]));
    insta::assert_snapshot!(ok(&["--json", "cgt", "moves", "{2|-1}", "-1/2"]));
    // A second-player win: nobody has a winning move.
    insta::assert_snapshot!(ok(&["cgt", "moves", "*", "*"]));
}

/// `cgt hackenbush` with a stalk of 100000 edges overflowed the stack while reading it
/// (the process aborted); it is refused by its size like a stalk of 49 edges.
#[test]
fn hackenbush_refuses_a_huge_stalk_before_reading_it() {
    let stalk = "B".repeat(100_000);
    let err = common::usage_error(&["cgt", "hackenbush", &stalk]);
    assert!(err.contains("100000 edges (at most 48)"), "{err}");
}
