//! Regressions found by a tryout of the Go commands (`gtp`, `play go`, `go solve-board`,
//! `go solve`): each test says what broke.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk, cgtk_with};

/// Runs `cgtk gtp` on `input` and returns the replies without their blank lines.
fn gtp(args: &[&str], input: &str) -> Vec<String> {
    let mut all = vec!["gtp"];
    all.extend_from_slice(args);
    let run = cgtk_with(&all, input, None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
        .split("\n\n")
        .filter(|r| !r.is_empty())
        .map(str::to_string)
        .collect()
}

/// The engine passed after the opponent's pass while the board as it stood lost for it,
/// which ended the game with its loss (`= pass`, then `= W+6.5`).
#[test]
fn gtp_engine_does_not_end_the_game_with_a_losing_pass() {
    for (moves, playouts) in [
        (
            "boardsize 9\nkomi 7.5\nplay b e5\nplay w e4\nplay b d4\nplay w pass\n",
            "1000",
        ),
        (
            "boardsize 5\nkomi 7.5\nplay b a1\nplay w b1\nplay b c1\nplay w pass\n",
            "1000",
        ),
    ] {
        let replies = gtp(
            &["--playouts", playouts],
            &format!("{moves}genmove b\nfinal_score\n"),
        );
        let mv = &replies[replies.len() - 2];
        assert_ne!(mv, "= pass", "{moves}");
    }
}

/// Two passes ended `play go` with "draw (the player to move has no legal move)": the game
/// ends because both players passed, and is scored by area with komi.
#[test]
fn play_go_two_passes_end_the_game_by_the_score() {
    let run = cgtk_with(&["play", "go", "3", "--you", "both"], "pass\npass\n", None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("game over: draw (both players passed; the area score with komi 0 is even)"),
        "{}",
        run.stdout
    );
    let run = cgtk_with(
        &["play", "go", "3,komi=2.5", "--you", "both"],
        "b2\npass\npass\n",
        None,
    );
    assert!(
        run.stdout.contains(
            "game over: first wins (both players passed; Black wins by 6.5 on the area score with komi 2.5)"
        ),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("no legal move"), "{}", run.stdout);
}

/// Komi beyond ±1000 was refused as "use a multiple of 0.5" (or a bare "bad value" or
/// "syntax error"), though it was one.
#[test]
fn komi_out_of_range_says_the_limit() {
    let limit = "komi must lie between -1000 and 1000";
    let run = cgtk(&["go", "solve-board", "2x2", "--komi", "10000"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        format!("error: invalid --komi 10000: {limit}\n")
    );
    let run = cgtk(&["go", "solve-board", "2x2", "--komi", "0.3"]);
    assert_eq!(
        run.stderr,
        "error: invalid --komi 0.3: komi must be a multiple of 0.5\n"
    );
    let run = cgtk(&["play", "go", "9,komi=2000"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains(limit), "{}", run.stderr);
    let run = cgtk_with(
        &["go", "solve", "-", "--target", "A1", "--objective", "live"],
        "(;SZ[3]KM[2000]AB[aa])",
        None,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains(&format!("bad value \"2000\" for property KM: {limit}")),
        "{}",
        run.stderr
    );
    let replies = gtp(&[], "komi 10000\nkomi -1000000\nkomi lots\nkomi -1000\n");
    assert_eq!(
        replies,
        [
            format!("? {limit}"),
            format!("? {limit}"),
            "? syntax error".to_string(),
            "= ".to_string()
        ]
    );
}

/// Errors named points by internal coordinates ("column 0, row 0 (from the top left)")
/// instead of as the user writes them.
#[test]
fn errors_name_points_in_gtp_coordinates() {
    let run = cgtk_with(
        &[
            "go",
            "solve",
            "-",
            "--target",
            "A5",
            "--objective",
            "capture",
        ],
        "(;SZ[5]AB[cc])",
        None,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("the target point A5 is empty"),
        "{}",
        run.stderr
    );
    let run = cgtk_with(
        &["go", "solve", "-", "--target", "A1", "--objective", "live"],
        "(;SZ[1]AB[aa])",
        None,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("the black string at A1 has no liberty"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("column"), "{}", run.stderr);
}

/// `solve-board --help` said "at most 64 points" while 1x64 was refused for an unstated
/// limit of 19 a side; `solve-board 3` refused the N shorthand `play go 9` accepts.
#[test]
fn solve_board_states_its_limits_and_takes_n_for_n_by_n() {
    let help = cgtk(&["go", "solve-board", "--help"]);
    assert!(
        help.stdout.contains("sides 1 to 19, at most 64 points"),
        "{}",
        help.stdout
    );
    for (size, points) in [("1x64", "64"), ("20x1", "20")] {
        let run = cgtk(&["go", "solve-board", size]);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert_eq!(
            run.stderr,
            format!(
                "error: board {size} has {points} points: solve-board takes sides of 1 to 19 and at most 64 points\n"
            ),
        );
    }
    let run = cgtk(&["--json", "go", "solve-board", "2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["size"], "2x2");
    assert_eq!(v["score"], 1.0);
}

/// `play go` accepted a size or komi given twice (the last won) and empty settings, which
/// every other game refuses.
#[test]
fn play_go_refuses_repeated_and_empty_settings() {
    for (words, problem) in [
        (&["9", "5"][..], "sets the board size more than once"),
        (&["9,7x5"], "sets the board size more than once"),
        (&["9,komi=1,komi=2"], "sets komi more than once"),
        (&["9,,komi=1"], "has an empty setting between commas"),
        (&["9,"], "has an empty setting between commas"),
    ] {
        let mut args = vec!["play", "go"];
        args.extend_from_slice(words);
        let run = cgtk(&args);
        assert_eq!(run.code, 2, "{words:?}: {}", run.stderr);
        assert!(run.stderr.contains(problem), "{words:?}: {}", run.stderr);
    }
    let run = cgtk_with(
        &["play", "go", "komi=1, 5", "--you", "both"],
        "quit\n",
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("komi 1, area score"), "{}", run.stdout);
}

/// `boardsize 9 9` was accepted with the extra argument ignored.
#[test]
fn gtp_boardsize_takes_one_argument() {
    let replies = gtp(&[], "boardsize 9 9\nboardsize\nboardsize 5\n");
    assert_eq!(replies, ["? syntax error", "? syntax error", "= "]);
}

/// After two passes `genmove` answered "the game is over" and `play` "illegal move": GTP
/// controllers go on sending moves (for cleanup), and a new move resumes the game.
#[test]
fn gtp_play_and_genmove_resume_after_two_passes() {
    let replies = gtp(
        &["--playouts", "100"],
        "boardsize 5\nplay b c3\nplay w pass\nplay b pass\nplay w d4\nplay b pass\nplay w pass\ngenmove b\nplay b pass\nplay w pass\nfinal_score\n",
    );
    assert_eq!(replies.len(), 11, "{replies:?}");
    assert!(replies[..7].iter().all(|r| r == "= "), "{replies:?}");
    assert!(
        replies[7].starts_with("= ") && !replies[7].contains("over"),
        "{replies:?}"
    );
    assert_eq!(replies[8], "= ", "{replies:?}");
    assert_eq!(replies[9], "= ", "{replies:?}");
    assert!(replies[10].starts_with("= "), "{replies:?}");
}
