//! `cgtk play`: whole games scripted through standard input, their transcripts snapshotted.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgtk-play-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn play(dir: &PathBuf, args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .arg("play")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code().unwrap_or(-1),
    }
}

#[test]
fn nim_game_with_rejected_input_hint_undo_and_redo() {
    let dir = scratch("nim-game");
    let run = play(
        &dir,
        &["nim", "1", "2", "3", "--seed", "5"],
        "help\n4:1\n2:3\nfrobnicate\nhint\n1:1\nundo\nredo\n2:2\n3:1\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn undo_and_redo_stop_at_the_history_bound() {
    let dir = scratch("history");
    // Two people, history 2: five moves, then undo three times (the third is refused),
    // redo three times (the third finds nothing), then a new move clears the redo list.
    let run = play(
        &dir,
        &["nim", "5", "5", "--you", "both", "--history", "2"],
        "1:1\n2:1\n1:1\n2:1\n1:1\nundo\nundo\nundo\nredo\nredo\nredo\nundo\n2:3\nredo\nmoves\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn history_below_two_is_a_usage_error() {
    let dir = scratch("history-1");
    let run = play(&dir, &["nim", "--history", "1"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("1 is not in 2..=1000000"),
        "{}",
        run.stderr
    );
}

#[test]
fn save_then_load_then_continue() {
    let dir = scratch("save-load");
    let first = play(
        &dir,
        &["nim", "2", "3", "4", "--level", "60", "--seed", "9"],
        "3:1\nsave game.json\nquit\n",
    );
    assert_eq!(first.code, 0, "{}", first.stderr);
    let saved = std::fs::read_to_string(dir.join("game.json")).unwrap();
    insta::assert_snapshot!("saved_document", saved);

    // Continue from the file (its level and seed come with it) and finish the game.
    let second = play(
        &dir,
        &["nim", "9", "--load", "game.json"],
        "moves\nhint\n2:3\n",
    );
    assert_eq!(second.code, 0, "{}", second.stderr);
    insta::assert_snapshot!("continued", second.stdout);

    // `load` inside a session replaces the game in play.
    let third = play(
        &dir,
        &["nim", "1", "--you", "both"],
        "load game.json\nmoves\nquit\n",
    );
    assert_eq!(third.code, 0, "{}", third.stderr);
    insta::assert_snapshot!("loaded_in_session", third.stdout);
}

#[test]
fn loading_a_file_with_an_illegal_move_is_refused_precisely() {
    let dir = scratch("bad-load");
    std::fs::write(
        dir.join("bad.json"),
        r#"{"game":"nim","variant":"2,3","level":100,"seed":1,"moves":["2:1","1:2","2:3"]}"#,
    )
    .unwrap();
    let run = play(&dir, &["nim", "--load", "bad.json"], "");
    assert_eq!(run.code, 2);
    insta::assert_snapshot!(run.stderr);

    std::fs::write(
        dir.join("other.json"),
        r#"{"game":"chess","variant":"","level":1,"seed":1,"moves":[]}"#,
    )
    .unwrap();
    let run = play(
        &dir,
        &["nim", "--you", "both"],
        "load other.json\nload missing.json\nload\nquit\n",
    );
    assert_eq!(run.code, 0);
    insta::assert_snapshot!("refused_in_session", run.stdout);
}

#[test]
fn unknown_game_is_a_usage_error() {
    let dir = scratch("unknown");
    let run = play(&dir, &["tic-tac-toe"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .starts_with("error: unknown game \"tic-tac-toe\"; games: nim"),
        "{}",
        run.stderr
    );
}

/// Engine against engine at level 0 (every move random): the JSON record replays legally
/// in an independent Nim and its result is the side that took the last counter.
#[test]
fn level_zero_plays_only_legal_moves() {
    use cgtk_core::{Game, Notation, Outcome};
    let dir = scratch("level0");
    for seed in 0..20 {
        let seed = seed.to_string();
        let run = play(
            &dir,
            &[
                "--json", "nim", "3", "4", "5", "--you", "none", "--level", "0", "--seed", &seed,
            ],
            "",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        let summary: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        let mut nim = cgtk_games::nim::Nim::new(&[3, 4, 5]).unwrap();
        for mv in summary["moves"].as_array().unwrap() {
            let mv = nim.parse_move(mv.as_str().unwrap()).unwrap();
            assert!(nim.is_legal(mv));
            nim.make(mv);
        }
        let Some(Outcome::Win(winner)) = nim.outcome() else {
            panic!("game not finished: {summary}")
        };
        assert_eq!(summary["result"], winner.to_string());
    }
}
