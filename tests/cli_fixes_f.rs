//! Regressions from a tryout of `cgtk play`: how moves are read (case) and how refusals
//! and the ends of games are worded. Each test says what broke.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk_with, ok_with, scratch};

/// A game of `args` fed `script`, which must be accepted whole (exit code 0).
fn played(args: &[&str], script: &str) -> String {
    ok_with(args, script)
}

/// Moves were read case by case: `play mu-torere` took `1-C`, but `play kono` refused
/// `A1XA3`, `play fox-hounds` refused `D8-C7` and `play chess` refused `e7e8Q` and `E2E4`,
/// though none of these notations gives a capital letter a meaning of its own.
#[test]
fn moves_are_read_in_any_case_where_the_notation_is_unambiguous() {
    let kono = played(&["play", "kono", "--you", "both"], "A1XA3\nB4XB2\n");
    assert!(kono.contains("first plays a1xa3"), "{kono}");
    let fox = played(&["play", "fox-hounds", "--you", "both"], "D8-C7\n");
    assert!(fox.contains("first plays d8-c7"), "{fox}");
    let chess = played(&["play", "chess", "--you", "both"], "E2E4\nE7e5\n");
    assert!(chess.contains("first plays e2e4"), "{chess}");
    assert!(chess.contains("second plays e7e5"), "{chess}");
    let fen = "8/4P3/8/8/8/8/8/k6K w - - 0 1";
    let promotion = played(&["play", "chess", fen, "--you", "both"], "e7e8Q\n");
    assert!(promotion.contains("first plays e7e8q"), "{promotion}");
    let mu = played(&["play", "mu-torere", "--you", "both"], "1-C\n");
    assert!(mu.contains("first plays 1-c"), "{mu}");
    let go = played(&["play", "go", "5", "--you", "both"], "c3\nPASS\n");
    assert!(go.contains("second plays pass"), "{go}");
    let calculation = played(&["play", "calculation"], "S-W1\n");
    assert!(calculation.contains("you play s-w1"), "{calculation}");
}

/// The UCI protocol reads moves with the same parser: a capital promotion letter is a
/// promotion there too.
#[test]
fn uci_reads_a_capital_promotion_letter() {
    let run = cgtk_with(
        &["uci"],
        "position fen 8/4P3/8/8/8/8/8/k6K w - - 0 1 moves e7e8Q\nd\nquit\n",
        None,
    );
    assert!(!run.stdout.contains("ignored position"), "{}", run.stdout);
    assert!(
        run.stdout.contains("fen 4Q3/8/8/8/8/8/8/k6K b"),
        "{}",
        run.stdout
    );
}

/// `e7e8` (a pawn reaching the last rank without saying what it becomes) was refused
/// with only "not a legal move in this position".
#[test]
fn a_promotion_without_its_letter_names_the_promotions() {
    let fen = "8/4P3/8/8/8/8/8/k6K w - - 0 1";
    let run = cgtk_with(&["play", "chess", fen, "--you", "both"], "e7e8\n", None);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stdout.contains(
            "illegal: invalid move \"e7e8\": a pawn reaching the last rank promotes: write e7e8q, e7e8r, e7e8b or e7e8n"
        ),
        "{}",
        run.stdout
    );
}

/// Other chess refusals whose reason is cheap to state said only "not a legal move".
#[test]
fn chess_refusals_say_what_is_wrong_with_the_move() {
    let run = cgtk_with(
        &["play", "chess", "--you", "both"],
        "e3e4\ne7e5\ne2e4q\n",
        None,
    );
    let out = &run.stdout;
    assert!(
        out.contains("invalid move \"e3e4\": there is no piece on e3"),
        "{out}"
    );
    assert!(
        out.contains("invalid move \"e7e5\": the piece on e7 is black's; white is to move"),
        "{out}"
    );
    assert!(
        out.contains("invalid move \"e2e4q\": e2e4 is not a promotion: write e2e4"),
        "{out}"
    );
}

/// `2-c` at the start of Mu Torere (the piece on 2 has only black neighbours) was refused
/// with "not a legal move in this position", though the rule is the game's one subtlety.
#[test]
fn mu_torere_says_why_a_piece_may_not_enter_the_centre() {
    let run = cgtk_with(&["play", "mu-torere", "--you", "both"], "2-c\n", None);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stdout.contains(
            "invalid move \"2-c\": a piece moves from the ring to the centre only when one of its ring neighbours is an opponent's piece; the neighbours of 2 are 1 and 3, both black"
        ),
        "{}",
        run.stdout
    );
}

/// Kono's and Fox and Hounds' refusals said only "not a legal move in this position".
#[test]
fn kono_and_fox_hounds_refusals_say_what_is_wrong() {
    let kono = cgtk_with(
        &["play", "kono", "--you", "both"],
        "a2-a3\na3-a4\nb1-c1\na1xa4\n",
        None,
    );
    let out = &kono.stdout;
    assert!(
        out.contains("invalid move \"a2-a3\": a3 is not empty"),
        "{out}"
    );
    assert!(
        out.contains("invalid move \"a3-a4\": the piece on a3 is o's; x is to move"),
        "{out}"
    );
    assert!(
        out.contains("invalid move \"b1-c1\": c1 is not empty"),
        "{out}"
    );
    assert!(
        out.contains("invalid move \"a1xa4\": a capture jumps over the next cell onto the one beyond it, two cells away in a line"),
        "{out}"
    );
    let fox = cgtk_with(
        &["play", "fox-hounds", "--you", "both"],
        "a1-b2\nd8-e9\nb2-c3\n",
        None,
    );
    let out = &fox.stdout;
    assert!(
        out.contains("invalid move \"a1-b2\": the hound on a1 moves only when the hounds are to move; the fox is to move"),
        "{out}"
    );
    assert!(
        out.contains("invalid move \"b2-c3\": there is no piece on b2"),
        "{out}"
    );
}

/// A solved Poggle board answered a further press with "the game is over".
#[test]
fn a_solved_poggle_board_says_it_is_solved() {
    let run = cgtk_with(
        &["play", "poggle", "1x1"],
        "a1\na1\nshow\nmoves\nhint\n",
        None,
    );
    let out = &run.stdout;
    assert!(out.contains("solved in 1 move"), "{out}");
    assert!(
        out.contains("the puzzle is solved; undo, load, or quit"),
        "{out}"
    );
    assert!(
        out.contains("legal moves: none (the puzzle is solved)"),
        "{out}"
    );
    assert!(out.contains("no hint: the puzzle is solved"), "{out}");
    assert!(!out.contains("game is over"), "{out}");
}

/// A Calculation deal that came to its end answered further moves with "the game is
/// over".
#[test]
fn a_finished_calculation_deal_says_the_deal_is_over() {
    // Deal 1 with every card on the first waste pile: four moves to the foundations,
    // then nothing fits.
    let mut script = "s-w1\n".repeat(48);
    script.push_str("w1-f3\nw1-f1\nw1-f4\nw1-f2\ns-w1\nhint\n");
    let run = cgtk_with(&["play", "calculation", "deal=1"], script, None);
    let out = &run.stdout;
    assert!(out.contains("lost: no move left"), "{out}");
    assert!(
        out.contains("the deal is over; undo, load, or quit"),
        "{out}"
    );
    assert!(out.contains("no hint: the deal is over"), "{out}");
    assert!(!out.contains("game is over"), "{out}");
}

/// Calculation quoted a bad move with backticks, the other games with double quotes.
#[test]
fn calculation_quotes_bad_moves_with_double_quotes() {
    let run = cgtk_with(&["play", "calculation"], "x\nw1-w2\n", None);
    let out = &run.stdout;
    assert!(out.contains("illegal: \"x\" is not a move"), "{out}");
    assert!(
        out.contains("illegal: \"w1-w2\": cards never move from one waste pile to another"),
        "{out}"
    );
    assert!(!out.contains('`'), "{out}");
}

/// Go's board never said whose colour was to move; every other game's does.
#[test]
fn the_go_board_says_which_colour_is_to_move() {
    let out = played(&["play", "go", "5", "--you", "both"], "c3\n");
    let boards: Vec<&str> = out.split("komi 0").collect();
    assert!(boards[1].contains("black to move"), "{out}");
    assert!(boards[2].contains("white to move"), "{out}");
}

/// An engine-against-engine Kono game at level 100 stopped with "no result after 500
/// plies" without saying that the table makes the position a draw.
#[test]
fn an_engine_game_stopped_at_the_ply_limit_gives_the_table_verdict() {
    let out = played(&["play", "kono", "--you", "none"], "");
    assert!(
        out.contains(
            "stopped: no result after 500 plies; the position is a draw with best play (table)"
        ),
        "{out}"
    );
}

/// Poggle saved `"level": 100`, though it has no engine levels (`--level` is refused).
#[test]
fn a_saved_poggle_game_has_no_level() {
    let dir = scratch("fixes-f", "poggle-level");
    let run = cgtk_with(
        &["play", "poggle", "2x2"],
        "a1\nsave game.json\n",
        Some(&dir),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(dir.join("game.json")).unwrap();
    assert!(!text.contains("level"), "{text}");
    // It loads back, and so does a file saved before (with the level).
    let run = cgtk_with(
        &["play", "poggle", "--load", "game.json"],
        "moves\n",
        Some(&dir),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("moves so far: a1"), "{}", run.stdout);
    let old = r#"{"game":"poggle","variant":"2x2,2","level":100,"seed":1,"moves":["b2"]}"#;
    std::fs::write(dir.join("old.json"), old).unwrap();
    let run = cgtk_with(
        &["play", "poggle", "--load", "old.json"],
        "moves\n",
        Some(&dir),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("moves so far: b2"), "{}", run.stdout);
    // A game with levels still needs one.
    let nim = r#"{"game":"nim","variant":"1,2","seed":1,"moves":[]}"#;
    std::fs::write(dir.join("nim.json"), nim).unwrap();
    let run = cgtk_with(&["play", "nim", "--load", "nim.json"], "", Some(&dir));
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("level"), "{}", run.stderr);
}
