//! `cgtk play`: whole games scripted through standard input, their transcripts snapshotted.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Run;
use std::path::Path;

fn scratch(name: &str) -> common::Scratch {
    common::scratch("play", name)
}

/// Runs `cgtk play ARGS` in `dir` with `input` on standard input.
fn play(dir: &Path, args: &[&str], input: &str) -> Run {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    common::cgtk_with(&all, input, Some(dir))
}

#[test]
fn nim_game_with_rejected_input_hint_undo_and_redo() {
    let dir = scratch("nim-game");
    let run = play(
        &dir,
        &["nim", "1", "2", "3", "--seed", "5"],
        "help\n4:1\n2:3\nfrobnicate\nhint\n1:1\nundo\nredo\n2:2\n3:1\n",
    );
    // A script with refused lines ends with exit code 2 (it used to exit 0).
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("4 lines of the input refused"),
        "{}",
        run.stderr
    );
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
    let second = play(&dir, &["nim", "--load", "game.json"], "moves\nhint\n2:3\n");
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
        r#"{"game":"chess","variant":"standard","level":1,"seed":1,"moves":[]}"#,
    )
    .unwrap();
    let run = play(
        &dir,
        &["nim", "--you", "both"],
        "load other.json\nload missing.json\nload\nquit\n",
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("3 lines of the input refused"),
        "{}",
        run.stderr
    );
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

#[test]
fn mu_torere_game_against_the_table() {
    let dir = scratch("mu-torere");
    let run = play(
        &dir,
        &["mu-torere", "--you", "second", "--seed", "4"],
        "moves\nc-1\nhint\n8-1\nundo\nhelp\n",
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("line 2 \"c-1\""), "{}", run.stderr);
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn fox_and_hounds_engine_against_itself_with_a_heuristic() {
    let dir = scratch("fox-hounds");
    let run = play(
        &dir,
        &[
            "fox-hounds",
            "--you",
            "none",
            "--heuristic",
            "better",
            "--level",
            "90",
            "--seed",
            "2",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!(run.stdout);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn analyze_fox_hounds_reports_both_heuristics() {
    insta::assert_snapshot!(common::ok(&["analyze", "fox-hounds", "--depth", "2"]));
}

/// The hint's presses (from the linear algebra) solve the puzzle by the game's own rules.
#[test]
fn poggle_puzzle_solved_by_following_the_hint() {
    let dir = scratch("poggle");
    let run = play(
        &dir,
        &["poggle", "3"],
        "hint\nz9\nb2\nundo\na1\nc1\nb2\na3\nc3\n",
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("line 2 \"z9\""), "{}", run.stderr);
    assert!(run.stdout.contains("solved in 5 moves"));
    insta::assert_snapshot!(run.stdout);
}

/// A table written by `cgtk solve` drives the engine exactly as the table solved on the
/// fly; a table of another game is refused.
#[test]
fn play_from_a_table_file() {
    let dir = scratch("table");
    let solve = common::cgtk_with(&["solve", "mu-torere", "--out", "mt.tbl"], "", Some(&dir));
    assert_eq!(solve.code, 0, "{}", solve.stderr);
    let args = ["mu-torere", "--you", "none", "--seed", "3", "--level", "80"];
    let on_the_fly = play(&dir, &args, "");
    let mut with_table = args.to_vec();
    with_table.extend(["--table", "mt.tbl"]);
    let from_file = play(&dir, &with_table, "");
    assert_eq!(from_file.code, 0, "{}", from_file.stderr);
    assert_eq!(on_the_fly.stdout, from_file.stdout);
    assert!(from_file.stdout.contains("[table: "));

    let wrong = play(&dir, &["kono", "--table", "mt.tbl"], "");
    assert_eq!(wrong.code, 2);
    insta::assert_snapshot!("wrong_table", wrong.stderr);
}

/// Level 0 on the other games: every move of engine-against-engine games replays legally
/// in the library's own rules, and the reported result is the rules' outcome.
#[test]
fn level_zero_plays_only_legal_moves_in_every_board_game() {
    use cgtk_core::{Game, Notation, Outcome};
    fn replay<G: Game + Notation>(mut game: G, summary: &serde_json::Value) {
        for mv in summary["moves"].as_array().unwrap() {
            let mv = game.parse_move(mv.as_str().unwrap()).unwrap();
            assert!(game.is_legal(mv));
            game.make(mv);
        }
        let expected = match game.outcome() {
            Some(Outcome::Win(p)) => p.to_string(),
            Some(Outcome::Draw) => "draw".to_string(),
            None => "unfinished".to_string(),
        };
        assert_eq!(summary["result"], expected.as_str());
    }
    let dir = scratch("level0-boards");
    for seed in ["1", "2", "3"] {
        for game in ["mu-torere", "kono", "fox-hounds"] {
            let run = play(
                &dir,
                &[
                    "--json", game, "--you", "none", "--level", "0", "--seed", seed,
                ],
                "",
            );
            assert_eq!(run.code, 0, "{}", run.stderr);
            let summary: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
            match game {
                "mu-torere" => replay(
                    cgtk_games::mu_torere::MuTorere::start(Default::default()),
                    &summary,
                ),
                "kono" => replay(cgtk_games::kono::Kono::start(Default::default()), &summary),
                _ => replay(
                    cgtk_games::fox_hounds::FoxHounds::start(Default::default()),
                    &summary,
                ),
            }
        }
    }
}

/// `--mcts N` hands the engine's moves to Monte Carlo tree search; the game is
/// reproducible from its seed.
#[test]
fn monte_carlo_engine_is_reproducible() {
    let dir = scratch("mcts");
    let args = [
        "fox-hounds",
        "--you",
        "none",
        "--mcts",
        "300",
        "--seed",
        "5",
    ];
    let a = play(&dir, &args, "");
    let b = play(&dir, &args, "");
    assert_eq!(a.code, 0, "{}", a.stderr);
    assert!(a.stdout.contains("[mcts 300 playouts: "), "{}", a.stdout);
    assert!(a.stdout.contains("game over: "));
    assert_eq!(a.stdout, b.stdout);
}

/// Kono's engine plays perfectly from the table solved on the fly (the start is a draw, as
/// the retro tests establish); `--heuristic material` hands it to alpha-beta instead.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn kono_engine_plays_from_the_table_solved_on_the_fly() {
    let dir = scratch("kono-table");
    let run = play(
        &dir,
        &["kono", "--you", "first", "--seed", "1"],
        "hint\nb1xb3\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("hint: a1xa3 (table: draw)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("engine (second) plays c4xc2  [table: draw]"),
        "{}",
        run.stdout
    );
    let searched = play(
        &dir,
        &["kono", "--you", "first", "--heuristic", "material"],
        "b1xb3\nquit\n",
    );
    assert_eq!(searched.code, 0, "{}", searched.stderr);
    assert!(
        searched.stdout.contains("[alpha-beta (material)"),
        "{}",
        searched.stdout
    );
}

/// `--heuristic` names an evaluation the game offers; anything else is a usage error that
/// lists what is offered.
#[test]
fn heuristics_a_game_does_not_offer_are_refused() {
    let dir = scratch("heuristics");
    let nim = play(&dir, &["nim", "--heuristic", "naive"], "");
    assert_eq!(nim.code, 2);
    assert_eq!(
        nim.stderr,
        "error: nim offers no --heuristic; games that do: kono (material); fox-hounds (naive, better)\n"
    );
    let kono = play(&dir, &["kono", "--heuristic", "better"], "");
    assert_eq!(kono.code, 2);
    assert_eq!(
        kono.stderr,
        "error: unknown heuristic \"better\" for kono; expected material\n"
    );
}

/// `play kono max-pieces=N` names an endgame database without a start position: it used
/// to start from the full board anyway; `play nim 100 200 300` used to hint a losing move.
#[test]
fn variants_play_cannot_honour_are_refused_and_nim_hints_win() {
    let err = common::usage_error(&["play", "kono", "max-pieces=2"]);
    assert!(err.contains("has no start position"), "{err}");
    let dir = scratch("nim-large");
    let run = play(
        &dir,
        &["nim", "100", "200", "300", "--you", "first"],
        "hint\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("hint: 3:128 (nim-sum: wins)"),
        "{}",
        run.stdout
    );
}

/// The seed of a saved game is read as any JSON number and then checked (`"seed":-1` was
/// refused as `expected u64`, a type name): every seed `save` can write still loads, the
/// largest included, and is written back unchanged.
#[test]
fn saved_seeds_load_up_to_the_largest() {
    let dir = scratch("seeds");
    for seed in ["0", "18446744073709551615"] {
        let text =
            format!(r#"{{"game":"nim","variant":"1,2","level":0,"seed":{seed},"moves":["2:1"]}}"#);
        std::fs::write(dir.join("in.json"), text).unwrap();
        let run = play(
            &dir,
            &["nim", "--load", "in.json", "--you", "both"],
            "save out.json\nquit\n",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        let saved = std::fs::read_to_string(dir.join("out.json")).unwrap();
        let value: serde_json::Value = serde_json::from_str(&saved).unwrap();
        assert_eq!(value["seed"].to_string(), seed);
        assert_eq!(value["moves"], serde_json::json!(["2:1"]));
    }
}
