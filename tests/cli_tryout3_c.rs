//! Regressions found by the third tryout of `cgtk play` (every game, every in-game command,
//! saving and loading, bad input): each test says what broke.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk_with, ok_with, scratch};

/// A save that failed part way (here the file size limit of the process, as a full disk
/// would) truncated the save file already at that path: the old game was lost and the file
/// left behind was half a JSON document. The new game is written beside it and put in place
/// only when whole.
#[cfg(unix)]
#[test]
fn a_failed_save_leaves_the_save_file_already_there_as_it_was() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = scratch("tryout3-c", "failed-save");
    let old = "{\"game\":\"nim\",\"variant\":\"1,2\",\"level\":100,\"seed\":1,\"moves\":[]}\n";
    std::fs::write(dir.join("game.json"), old).unwrap();
    // 200 moves make a saved game of about 2,000 bytes, past a limit of 1 block (512 or
    // 1,024 bytes, as the shell counts them); with the signal ignored the write fails with
    // "File too large" instead of killing the process.
    let mut script: String = "1:1\n".repeat(200);
    script.push_str("save game.json\nquit\n");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 1; exec \"$0\" play nim 300 --you both")
        .arg(env!("CARGO_BIN_EXE_cgtk"))
        .current_dir(&*dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("not saved: cannot write game.json: File too large"),
        "{stdout}"
    );
    assert_eq!(std::fs::read_to_string(dir.join("game.json")).unwrap(), old);
    assert!(!dir.join("game.json.part").exists());
}

/// A save that cannot be made says why, names the file once and leaves no part file.
#[test]
fn a_save_into_a_missing_directory_is_refused_with_the_reason() {
    let dir = scratch("tryout3-c", "missing-dir");
    let run = cgtk_with(
        &["play", "nim", "1", "2"],
        "save no/such/dir/game.json\n",
        Some(&dir),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stdout
            .contains("not saved: cannot create no/such/dir/game.json: No such file or directory"),
        "{}",
        run.stdout
    );
    assert!(std::fs::read_dir(&*dir).unwrap().next().is_none());
}

/// A saved game with a UTF-8 byte-order mark (as some editors on Windows write a file
/// edited by hand) was refused as `not a saved game: expected value at line 1 column 1`,
/// by `load` and by `--load`; `go solve` already reads SGF files with one.
#[test]
fn a_saved_game_with_a_byte_order_mark_loads() {
    let dir = scratch("tryout3-c", "bom");
    let text = "\u{feff}{\"game\":\"nim\",\"variant\":\"1,2\",\"level\":100,\"seed\":1,\"moves\":[\"2:1\"]}";
    std::fs::write(dir.join("bom.json"), text).unwrap();
    let run = cgtk_with(&["play", "nim", "3"], "load bom.json\nmoves\n", Some(&dir));
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("loaded 1 move from bom.json"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("moves so far: 2:1"), "{}", run.stdout);
    let run = cgtk_with(
        &["play", "nim", "--load", "bom.json"],
        "moves\n",
        Some(&dir),
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("moves so far: 2:1"), "{}", run.stdout);
}

/// A saved game that is JSON but not an object was refused with a type name of the
/// program: `invalid length 0, expected struct SavedGameFile with 5 elements`.
#[test]
fn a_saved_game_that_is_not_a_json_object_says_what_a_saved_game_holds() {
    let dir = scratch("tryout3-c", "not-object");
    for (name, text) in [
        ("array.json", "[]"),
        ("number.json", "7"),
        ("text.json", "\"nim\""),
    ] {
        std::fs::write(dir.join(name), text).unwrap();
        let run = cgtk_with(&["play", "nim", "--load", name], "", Some(&dir));
        assert_eq!(run.code, 2, "{name}");
        assert!(!run.stderr.contains("SavedGameFile"), "{}", run.stderr);
        assert!(
            run.stderr.contains(
                "not a saved game: expected a JSON object with the fields game, variant, level, seed, you and moves"
            ),
            "{}",
            run.stderr
        );
    }
}

/// `show` (draw the board again) was taken for a move: `illegal: invalid move "show"`.
#[test]
fn show_draws_the_board_again() {
    let out = ok_with(&["play", "nim", "1", "2", "--you", "both"], "2:1\nshow\n");
    assert!(
        out.contains("second to move> show\nheap 1: | (1)\nheap 2: | (1)\nsecond to move\n"),
        "{out}"
    );
    let out = ok_with(&["play", "kono"], "help\n");
    assert!(out.contains("show"), "{out}");
}

/// `moves` after the end printed `legal moves: ` with nothing after it.
#[test]
fn moves_after_the_end_says_there_are_none() {
    let out = ok_with(&["play", "nim", "1", "--you", "both"], "1:1\nmoves\n");
    assert!(
        out.contains("moves so far: 1:1\nlegal moves: none (the game is over)\n"),
        "{out}"
    );
}

/// `play calculation deal=2,deal=3` played deal 3 and `player=mcts,player=best` the best
/// player, silently; `deal=1,,piles=3` was read as if the empty setting were not there.
/// Every other game refuses both.
#[test]
fn calculation_refuses_a_setting_given_twice_or_an_empty_one() {
    for (variant, says) in [
        ("deal=2,deal=3", "sets deal more than once"),
        ("2 3", "sets deal more than once"),
        ("player=mcts,player=best", "sets player more than once"),
        ("piles=3,piles=3", "sets piles more than once"),
        ("deal=1,,piles=3", "has an empty setting between commas"),
    ] {
        let run = cgtk_with(&["play", "calculation", variant], "", None);
        assert_eq!(run.code, 2, "{variant}: {}", run.stdout);
        assert!(run.stderr.contains(says), "{variant}: {}", run.stderr);
    }
}

/// A very long line (here 100,000 characters) was quoted whole three times: in the
/// `illegal: invalid move "…"` line, in the JSON summary's `rejected` and in the closing
/// error, so that a stray paste filled the terminal. It is echoed once, as read, and
/// quoted clipped.
#[test]
fn a_very_long_line_is_quoted_clipped() {
    let line = "1".repeat(100_000);
    let run = cgtk_with(&["play", "nim", "1", "2"], format!("{line}\n2:2\n"), None);
    assert_eq!(run.code, 2);
    assert!(run.stderr.len() < 400, "{} bytes", run.stderr.len());
    assert!(run.stderr.contains("line 1 \"1111111111"), "{}", run.stderr);
    assert!(run.stderr.contains("(100000 characters)"), "{}", run.stderr);
    // The echo, and nothing else of that size.
    assert!(run.stdout.len() < 101_000, "{} bytes", run.stdout.len());
    assert!(
        run.stdout
            .contains("illegal: a move is at most 100 characters; this line has 100000"),
        "{}",
        &run.stdout[run.stdout.len().saturating_sub(500)..]
    );
    // The game goes on after it.
    assert!(
        run.stdout.contains("you (first) play 2:2"),
        "{}",
        run.stdout
    );
}

/// An SGF record loaded into a game without SGF (`play chess`, `load game.sgf`) was refused
/// as `not a saved game: expected value at line 1 column 1`, which did not say that the game
/// has no SGF.
#[test]
fn an_sgf_file_loaded_into_a_game_without_sgf_says_the_game_has_none() {
    let dir = scratch("tryout3-c", "sgf-into-chess");
    std::fs::write(dir.join("game.sgf"), "(;FF[4]GM[1]SZ[5];B[cc])\n").unwrap();
    let run = cgtk_with(&["play", "chess"], "load game.sgf\n", Some(&dir));
    assert_eq!(run.code, 2);
    assert!(
        run.stdout.contains(
            "cannot load game.sgf: chess has no SGF records; its saved games are the JSON that `save` writes"
        ),
        "{}",
        run.stdout
    );
    let run = cgtk_with(&["play", "kono", "--load", "game.sgf"], "", Some(&dir));
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("kono has no SGF records"),
        "{}",
        run.stderr
    );
}

/// A Nim move from a heap of one counter was refused with `heap 1 has 1 counters; take 1 to
/// 1`, and a count past 2³² with `count "99999999999999999999" is not a number`.
#[test]
fn nim_refusals_count_counters_rightly() {
    let run = cgtk_with(
        &["play", "nim", "1", "5"],
        "1:2\n1:99999999999999999999\n",
        None,
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stdout
            .contains("illegal: invalid move \"1:2\": heap 1 has 1 counter; take 1\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(
            "illegal: invalid move \"1:99999999999999999999\": count 99999999999999999999 is more than heap 1 has (1)\n"
        ),
        "{}",
        run.stdout
    );
}

/// `play calculation deal=18446744073709551616` was refused as `deal "…" is not a number`:
/// it is one, past the last deal.
#[test]
fn calculation_says_a_deal_past_the_last_is_past_the_last() {
    let run = cgtk_with(
        &["play", "calculation", "deal=18446744073709551616"],
        "",
        None,
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("deal 18446744073709551616 is past the last deal, 18446744073709551615"),
        "{}",
        run.stderr
    );
}

/// The saved game did not record the user's side: a game saved playing `--you second` and
/// loaded without it handed the user's move to the engine. The side is saved, `--load`
/// plays it (refusing `--you` beside it, as the level and seed), and an in-game `load` says
/// which of the level, seed and side the file changed (`--level 10` became the file's 100
/// without a word).
#[test]
fn a_saved_game_keeps_the_users_side() {
    let dir = scratch("tryout3-c", "side");
    let run = cgtk_with(
        &["play", "kono", "--you", "second", "--seed", "3"],
        "save k.json\n",
        Some(&dir),
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("k.json")).unwrap()).unwrap();
    assert_eq!(saved["you"], "second");
    // The engine (first) made one move before the save; loaded, it is the user's turn.
    assert_eq!(saved["moves"].as_array().unwrap().len(), 1);
    let run = cgtk_with(&["play", "kono", "--load", "k.json"], "moves\n", Some(&dir));
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("you (second) to move> moves"),
        "{}",
        run.stdout
    );
    let run = cgtk_with(
        &["play", "kono", "--load", "k.json", "--you", "first"],
        "",
        Some(&dir),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("--load k.json takes your side from the file; leave out --you first"),
        "{}",
        run.stderr
    );
    let run = cgtk_with(
        &["play", "kono", "--level", "10"],
        "load k.json\n",
        Some(&dir),
    );
    assert!(
        run.stdout.contains(
            "loaded 1 move from k.json; from the file: level 100 (was 10), seed 3 (was 1), you second (was first)"
        ),
        "{}",
        run.stdout
    );
    // A file saved before the side was recorded keeps the side given.
    let old = "{\"game\":\"kono\",\"variant\":\"standard\",\"level\":100,\"seed\":3,\"moves\":[\"a1xa3\"]}";
    std::fs::write(dir.join("old.json"), old).unwrap();
    let run = cgtk_with(
        &["play", "kono", "--load", "old.json", "--you", "second"],
        "moves\n",
        Some(&dir),
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("you (second) to move> moves"),
        "{}",
        run.stdout
    );
    // A side that is not one, or one a one-player game does not have.
    let bad = old.replace("\"moves\"", "\"you\":\"third\",\"moves\"");
    std::fs::write(dir.join("bad.json"), bad).unwrap();
    let run = cgtk_with(&["play", "kono", "--load", "bad.json"], "", Some(&dir));
    assert!(
        run.stderr
            .contains("you \"third\" is not a side: expected first, second, both or none"),
        "{}",
        run.stderr
    );
    let calc = "{\"game\":\"calculation\",\"variant\":\"deal=3\",\"level\":100,\"seed\":1,\"you\":\"second\",\"moves\":[]}";
    std::fs::write(dir.join("calc.json"), calc).unwrap();
    let run = cgtk_with(
        &["play", "calculation", "--load", "calc.json"],
        "",
        Some(&dir),
    );
    assert!(
        run.stderr.contains(
            "you \"second\": calculation is a one-player game, played by you (first) or the engine (none)"
        ),
        "{}",
        run.stderr
    );
}

/// `save game.sgf` in a game without SGF wrote the JSON document under that name.
#[test]
fn an_sgf_save_in_a_game_without_sgf_is_refused() {
    let dir = scratch("tryout3-c", "sgf-save");
    let run = cgtk_with(&["play", "chess"], "save game.sgf\n", Some(&dir));
    assert_eq!(run.code, 2);
    assert!(
        run.stdout.contains("not saved: chess has no SGF records"),
        "{}",
        run.stdout
    );
    assert!(!dir.join("game.sgf").exists());
}
