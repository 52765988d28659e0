//! `cgtk play`: options and saved files that cannot apply are refused with a clear message
//! (exit code 2), and a puzzle's hint says when the board cannot be solved. One test per
//! defect found by a tryout, each saying what broke.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk_with, usage_error_with};

/// `--heuristic` plays alpha-beta instead of the table, and `--mcts` replaces whichever
/// engine the game has: `--heuristic better --table FILE` used to play alpha-beta without
/// opening the file (even a missing one or another game's), and `--heuristic material
/// --mcts 100` played Monte Carlo without a word about the heuristic.
#[test]
fn engine_options_that_cannot_both_apply_are_refused() {
    let err = usage_error_with(
        &[
            "play",
            "fox-hounds",
            "--heuristic",
            "better",
            "--table",
            "/nonexistent/fox.tbl",
        ],
        "d8-c7\nquit\n",
    );
    assert_eq!(
        err,
        "error: --heuristic and --table cannot both apply: --heuristic plays alpha-beta over the evaluation instead of the solved table; leave out one\n"
    );
    let err = usage_error_with(
        &["play", "kono", "--heuristic", "material", "--mcts", "100"],
        "quit\n",
    );
    assert_eq!(
        err,
        "error: --heuristic and --mcts cannot both apply: each chooses the engine's moves (alpha-beta over the evaluation, or Monte Carlo tree search); leave out one\n"
    );
    let err = usage_error_with(
        &[
            "play",
            "mu-torere",
            "--mcts",
            "100",
            "--table",
            "/nonexistent/mu.tbl",
        ],
        "quit\n",
    );
    assert_eq!(
        err,
        "error: --mcts and --table cannot both apply: Monte Carlo tree search chooses the engine's moves instead of the solved table; leave out one\n"
    );
    // Each alone is still accepted.
    for args in [
        &["play", "kono", "--heuristic", "material"][..],
        &["play", "kono", "--mcts", "10"][..],
    ] {
        let run = cgtk_with(args, "quit\n", None);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    }
}

/// `hint` on a Poggle board that no presses can solve answered "no hint: the game is
/// over" while play went on.
#[test]
fn hint_on_an_unsolvable_poggle_board_says_it_cannot_be_solved() {
    let run = cgtk_with(&["play", "poggle", "2,3"], "hint\nquit\n", None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("no hint: this board cannot be solved: no presses reach the goal"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("game over"), "{}", run.stdout);
    // A solvable board still hints a press.
    let run = cgtk_with(&["play", "poggle", "3"], "hint\nquit\n", None);
    assert!(run.stdout.contains("hint: "), "{}", run.stdout);
}

/// A saved game's level above 255 was reported as `invalid value: integer 1000, expected
/// u8` (a type name), while 200 got the range; an empty variant was read as the default,
/// though the command line refuses an empty variant word.
#[test]
fn bad_saved_levels_and_empty_variants_are_refused_plainly() {
    let dir = common::scratch("play-refusals", "saved");
    let write = |name: &str, level: &str, variant: &str| {
        let text = format!(
            r#"{{"game":"nim","variant":"{variant}","level":{level},"seed":1,"moves":[]}}"#
        );
        std::fs::write(dir.join(name), text).unwrap();
        dir.join(name).to_string_lossy().into_owned()
    };
    for level in ["200", "1000", "-1"] {
        let file = write("level.json", level, "1,2");
        let err = usage_error_with(&["play", "nim", "--load", &file], "quit\n");
        assert!(
            err.ends_with(&format!("level {level} is out of range 0..=100\n")),
            "{level}: {err}"
        );
    }
    let file = write("level.json", "2.5", "1,2");
    let err = usage_error_with(&["play", "nim", "--load", &file], "quit\n");
    assert!(
        err.ends_with("level 2.5 is not written as a whole number: expected one in 0..=100\n"),
        "{err}"
    );
    for variant in ["", "  "] {
        let file = write("variant.json", "100", variant);
        let err = usage_error_with(&["play", "nim", "--load", &file], "quit\n");
        assert!(
            err.ends_with("the variant is empty; a saved game names its variant, e.g. \"3,4,5\" or \"standard\"\n"),
            "{variant:?}: {err}"
        );
    }
    // The in-session `load` reads files the same way.
    let file = write("level.json", "1000", "1,2");
    let run = cgtk_with(
        &["play", "nim", "--you", "both"],
        format!("load {file}\nquit\n"),
        None,
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stdout.contains("level 1000 is out of range 0..=100"),
        "{}",
        run.stdout
    );
}

/// `play calculation --you second` was accepted for a one-player game, while `play poggle
/// --you first` was refused; the registry now says which games have one player.
#[test]
fn one_player_games_refuse_a_side() {
    for you in ["first", "second", "both"] {
        let err = usage_error_with(&["play", "calculation", "--you", you], "quit\n");
        assert_eq!(
            err,
            "error: calculation is a one-player game: --you takes only none (the engine plays it); leave --you out to play yourself\n",
            "{you}"
        );
    }
    let err = usage_error_with(&["play", "poggle", "--you", "first"], "quit\n");
    assert_eq!(
        err,
        "error: poggle is a one-player puzzle: --you does not apply\n"
    );
    // Watching the engine play a deal stays possible.
    let run = cgtk_with(
        &["play", "calculation", "player=rule-based", "--you", "none"],
        "",
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}
