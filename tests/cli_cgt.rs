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
    insta::assert_snapshot!(usage_error(&["cgt", "value", "1/3"]), @"error: the denominator of '1/3' at position 1 is not a power of two (short games have dyadic numbers only) in '1/3'\n");
    insta::assert_snapshot!(usage_error(&["cgt", "value", "{0|1|2}"]), @"error: two separators '|' at the same level (positions 3 and 5): use braces or more bars to say which is outer in '{0|1|2}'\n");
    insta::assert_snapshot!(usage_error(&["cgt", "compare", "^", "x"]), @"error: unexpected character 'x' at position 1 in 'x'\n");
    usage_error(&["cgt", "toads", "TTx"]);
    usage_error(&["cgt", "cutcake", "0x3"]);
    usage_error(&["cgt", "domineering", "9x9"]);
    usage_error(&["cgt", "hackenbush", "B(R"]);
    usage_error(&["cgt", "value", "*99999"]);
    usage_error(&["cgt", "value", "1/562949953421312"]);
    // Deep nesting is refused instead of overflowing the stack.
    let deep = format!("{}0{}", "{".repeat(300), "|}".repeat(300));
    assert!(usage_error(&["cgt", "value", &deep]).starts_with(
        "error: braces, parentheses and prefix signs nest more than 200 deep at position 201 "
    ));
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

/// 40000 minus or plus-minus signs before a game overflowed the stack (the process
/// aborted): the nesting limit covered braces and parentheses, not prefix signs. Signs now
/// count toward the same limit of 200.
#[test]
fn long_runs_of_signs_are_refused_instead_of_overflowing_the_stack() {
    for sign in ["-", "±"] {
        for n in [201, 40_000] {
            let game = format!("{}1", sign.repeat(n));
            let err = usage_error(&["cgt", "value", &game]);
            assert!(
                err.starts_with(
                    "error: braces, parentheses and prefix signs nest more than 200 deep at position 201 "
                ),
                "{sign} x {n}: {err}"
            );
            let err = usage_error(&["cgt", "compare", "0", &game]);
            assert!(err.contains("nest more than 200 deep"), "{err}");
            // The input is quoted only by the 80 characters around the error, with its
            // length.
            let quoted = if n == 201 {
                format!(
                    "in '…{}1' (202 characters, shown from position 123)",
                    sign.repeat(79)
                )
            } else {
                format!(
                    "in '…{}…' (40001 characters, shown from position 161)",
                    sign.repeat(80)
                )
            };
            assert!(err.trim_end().ends_with(&quoted), "{err}");
        }
    }
    // Late in a long input, the 80 characters around the error are shown.
    let long = format!("{}x", "1+".repeat(20_000));
    let err = usage_error(&["cgt", "value", &long]);
    assert!(err.contains("at position 40001"), "{err}");
    let quoted = format!(
        "in '…{}x' (40001 characters, shown from position 39922)",
        "+1".repeat(39) + "+"
    );
    assert!(err.trim_end().ends_with(&quoted), "{err}");
    assert_eq!(
        json(&["cgt", "value", &format!("{}1", "-".repeat(200))])["value"],
        "1"
    );
    assert_eq!(
        json(&["cgt", "value", &format!("{}1", "-".repeat(199))])["value"],
        "-1"
    );
    // ±±1 = {±1 | ±1} = 0, and ±0 = *.
    assert_eq!(
        json(&["cgt", "value", &format!("1 - {}1", "±".repeat(199))])["value"],
        "1*"
    );
    // Signs inside braces add to the depth of the braces.
    let deep = format!("{}0{}", "{-".repeat(100), "|}".repeat(100));
    ok(&["cgt", "value", &deep]);
    let deeper = format!("{}0{}", "{-".repeat(101), "|}".repeat(101));
    assert!(usage_error(&["cgt", "value", &deeper]).contains("nest more than 200 deep"));
}

/// The printed canonical form of {1|-1} + {2|*} depended on the order of the terms (the
/// options were printed in the order the forms had been stored): equal games now print
/// identically, options sorted by a fixed order.
#[test]
fn printed_forms_do_not_depend_on_the_order_of_terms() {
    let form = "{{3|1}, {3|1*}|{1|-1*}, {1*|-1*}}";
    assert_eq!(json(&["cgt", "value", "{1|-1} + {2|*}"])["value"], form);
    assert_eq!(json(&["cgt", "value", "{2|*} + {1|-1}"])["value"], form);
    assert_eq!(
        ok(&["cgt", "value", "{1|-1} + {2|*}"]),
        ok(&["cgt", "value", "{2|*} + {1|-1}"])
    );
    let games = [
        "{1|-1}",
        "{2|*}",
        "^",
        "{0||0|-1}",
        "*2",
        "{3|1/2}",
        "{1|0,*}",
        "1/4",
    ];
    for (i, a) in games.iter().enumerate() {
        for b in &games[i + 1..] {
            let ab = ok(&["cgt", "value", &format!("{a} + {b}")]);
            let ba = ok(&["cgt", "value", &format!("{b} + {a}")]);
            assert_eq!(ab, ba, "{a} + {b}");
        }
    }
    // A sum of components printed the same whatever their order.
    let forward = json(&["cgt", "moves", "{1|-1}", "{2|*}", "^"]);
    let backward = json(&["cgt", "moves", "^", "{2|*}", "{1|-1}"]);
    assert_eq!(forward["sum"]["value"], backward["sum"]["value"]);
}

/// Hackenbush printed 1/1099511627776 (B and 40 R edges), which `cgt value` refused as
/// "not a power of two up to 2^32": numbers are now read with denominators up to 2^48, as
/// far as the number type goes, and a larger power of two is refused as too large.
#[test]
fn every_printed_number_reads_back() {
    for reds in [40, 47] {
        let stalk = format!("B{}", "R".repeat(reds));
        let printed = json(&["cgt", "hackenbush", &stalk])["value"].clone();
        assert_eq!(printed, format!("1/{}", 1u64 << reds));
        let text = printed.as_str().unwrap();
        assert_eq!(json(&["cgt", "value", text])["value"], printed);
    }
    let finest = format!("-3/{}", 1u64 << 48);
    assert_eq!(json(&["cgt", "value", &finest])["value"], finest.as_str());
    let err = usage_error(&["cgt", "value", &format!("1/{}", 1u64 << 49)]);
    assert_eq!(
        err,
        "error: '1/562949953421312' at position 1 is too large (integers up to 65536, denominators up to 2^48, *n up to *1024, up multiples up to 256) in '1/562949953421312'\n"
    );
    // Numbers near the limits add without overflow (the numerator passed 64 bits and
    // wrapped round) and read back.
    let e = 1u64 << 48;
    let big = json(&["cgt", "value", &format!("65536 - 1/{e}")])["value"].clone();
    assert_eq!(big, format!("{}/{e}", (1u128 << 64) - 1));
    assert_eq!(json(&["cgt", "value", big.as_str().unwrap()])["value"], big);
    let over = json(&["cgt", "value", &format!("32768 + 1/{e}")]);
    assert_eq!(over["value"], format!("{}/{e}", (1u128 << 63) + 1));
    // Means and temperatures may be finer than the numbers of the game: {2^-48 | 0} has
    // mean and temperature 2^-49 (it printed 2^-47 and -2^-48).
    let hot = json(&["cgt", "value", &format!("{{1/{e}|0}}")]);
    assert_eq!(hot["mean"], format!("1/{}", 1u64 << 49));
    assert_eq!(hot["temperature"], format!("1/{}", 1u64 << 49));
    // A game equal to a number finer than 2^-48 is refused, not a panic.
    let err = usage_error(&["cgt", "value", &format!("{{0|1/{}}}", 1u64 << 48)]);
    assert!(err.contains("2^48"), "{err}");
    let nested = format!("{}1{}", "{0|".repeat(60), "}".repeat(60));
    assert!(usage_error(&["cgt", "value", &nested]).contains("2^48"));
}

/// A sum where nobody can move has no hottest component ("Left moves to (none), Right to
/// (none)" was printed for 0), and a side without a move in it is said to have none.
#[test]
fn moves_without_any_move_say_so() {
    let zero = ok(&["cgt", "moves", "0"]);
    assert!(zero.ends_with("no component has a move\n"), "{zero}");
    assert!(!zero.contains("(none)"), "{zero}");
    assert!(json(&["cgt", "moves", "0"])["hottest"].is_null());
    let two = ok(&["cgt", "moves", "{1|}"]);
    assert!(
        two.contains("there Left moves to 1, Right has no move"),
        "{two}"
    );
}

#[test]
fn domineering_and_toads_stop_at_the_memory_limit() {
    // A 5×5 board values over 4,096 regions: the process holds more than 1 MB by then.
    let e = usage_error(&["cgt", "domineering", "5x5", "--max-memory", "1M"]);
    assert!(
        e.contains("valuing the board stopped with 4096 regions valued")
            && e.contains("more than the 1.0 MB allowed; raise --max-memory"),
        "{e}"
    );
    let e = usage_error(&["cgt", "toads", "TTTT....FFFF", "--max-memory", "1M"]);
    assert!(
        e.contains("valuing the row stopped with 4096 positions valued"),
        "{e}"
    );
    // Within the limit the value is as without one.
    assert_eq!(
        json(&["cgt", "domineering", "5x5", "--max-memory", "1G"])["value"],
        json(&["cgt", "domineering", "5x5"])["value"]
    );
    let e = usage_error(&["cgt", "toads", "TT..FF", "--max-memory", "lots"]);
    assert!(e.contains("--max-memory \"lots\""), "{e}");
}
