//! The `cgtk gtp` and `cgtk go solve-board` commands as users and GTP clients see them.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk, cgtk_with};

#[test]
fn gtp_over_standard_input() {
    let run = cgtk_with(
        &["gtp", "--playouts", "50"],
        "1 boardsize 5\n2 play black C3\n3 play white C3\n4 final_score\n5 quit\n6 name\n",
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Nothing after quit is answered.
    // Exact bytes: GTP clients rely on "=id", a space, the result and a blank line. The
    // komi stays 7.5 across boardsize (as GTP says), so the lone stone scores 25 - 7.5.
    assert_eq!(
        run.stdout,
        "=1 \n\n=2 \n\n?3 illegal move\n\n=4 B+17.5\n\n=5 \n\n"
    );
}

#[test]
fn gtp_without_rave_generates_legal_moves() {
    let run = cgtk_with(
        &["gtp", "--no-rave", "--playouts", "200"],
        "1 boardsize 5\n2 clear_board\n3 play black C3\n4 genmove white\n5 quit\n",
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let replies: Vec<&str> = run.stdout.split("\n\n").collect();
    let mv = replies[3]
        .strip_prefix("=4 ")
        .expect("an answer to genmove");
    assert!(mv != "C3" && (mv == "pass" || mv.len() == 2), "{mv}");
}

#[test]
fn solve_board_json_and_text() {
    let run = cgtk(&["--json", "go", "solve-board", "1x3"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    for key in ["score", "best_move", "pv", "nodes"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let text = cgtk(&["go", "solve-board", "1x2", "--komi", "0.5"]);
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(text.stdout.contains("komi 0.5"), "{}", text.stdout);
}

#[test]
fn solve_board_three_by_three_and_an_honest_unknown() {
    let run = cgtk(&["--json", "go", "solve-board", "3x3"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(v["result"], "solved");
    assert_eq!(v["score"], 9.0);
    assert_eq!(v["best_move"], "B2");
    // A node limit too small for 4x4: bounds, not a value.
    let run = cgtk(&["--json", "go", "solve-board", "4x4", "--max-nodes", "1000"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(v["result"], "unknown");
    let (lo, hi) = (v["lower"].as_f64().unwrap(), v["upper"].as_f64().unwrap());
    assert!(lo <= 2.0 && 2.0 <= hi, "{lo} {hi}");
    // `--nodes` is the same limit, as in `go solve` and `prove`.
    let text = cgtk(&["go", "solve-board", "4x4", "--nodes", "1000"]);
    assert!(
        text.stdout.contains("unknown after 1000 nodes"),
        "{}",
        text.stdout
    );
}

#[test]
fn solve_board_rejects_bad_input_with_exit_2() {
    for args in [
        // `3` is 3x3 (as in `play go 3`); these are not sizes.
        &["go", "solve-board", "3y"][..],
        &["go", "solve-board", "x3"],
        &["go", "solve-board", "0x3"],
        &["go", "solve-board", "20x20"],
        &["go", "solve-board", "9x9"],
        &["go", "solve-board", "2x2", "--max-nodes", "many"],
        &["go", "solve-board", "2x2", "--komi", "0.3"],
        &["go", "solve-board", "2x2", "--komi", "10000"],
        &["go", "solve-board", "2x2", "--komi", "nan"],
    ] {
        let run = cgtk(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    }
}

/// Go's sizes are read as every board size is: `3×2` and `3*2` were refused by `go
/// solve-board` and `play go`, which took only `x` (still columns first, as SGF's SZ).
#[test]
fn go_sizes_take_every_separator() {
    let x = common::json(&["--json", "go", "solve-board", "3x2", "--max-nodes", "1000"]);
    for size in ["3×2", "3*2", "3X2"] {
        let other = common::json(&["--json", "go", "solve-board", size, "--max-nodes", "1000"]);
        assert_eq!(other, x, "{size}");
    }
    let run = common::cgtk_with(&["play", "go", "3×2"], "quit\n", None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run2 = common::cgtk_with(&["play", "go", "3x2"], "quit\n", None);
    assert_eq!(run.stdout, run2.stdout);
}
