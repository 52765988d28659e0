//! GTP: a transcript of every command with its exact replies, errors included.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_go::gtp::{GtpEngine, COMMANDS};
use cgtk_go::EngineConfig;

/// Runs `(input, expected reply)` pairs through one engine.
fn transcript(engine: &mut GtpEngine, pairs: &[(&str, &str)]) {
    for (input, expected) in pairs {
        assert_eq!(engine.handle(input), *expected, "input {input:?}");
    }
}

fn small_engine() -> GtpEngine {
    GtpEngine::with_engine(EngineConfig {
        playouts: 200,
        ..Default::default()
    })
}

#[test]
fn administrative_commands() {
    let mut gtp = small_engine();
    let list = format!("= {}\n\n", COMMANDS.join("\n"));
    transcript(
        &mut gtp,
        &[
            ("protocol_version", "= 2\n\n"),
            ("1 protocol_version", "=1 2\n\n"),
            ("2 name", "=2 cgtk\n\n"),
            ("version", &format!("= {}\n\n", env!("CARGO_PKG_VERSION"))),
            ("known_command genmove", "= true\n\n"),
            ("known_command kgs-genmove_cleanup", "= false\n\n"),
            ("known_command", "? syntax error\n\n"),
            ("list_commands", &list),
            ("", ""),
            ("   # only a comment", ""),
            ("3 no_such_command", "?3 unknown command\n\n"),
            ("\tname\t# tabs and a comment", "= cgtk\n\n"),
            ("4", "?4 missing command\n\n"),
        ],
    );
    assert!(!gtp.quit_requested());
    assert_eq!(gtp.handle("99 quit"), "=99 \n\n");
    assert!(gtp.quit_requested());
}

#[test]
fn setup_commands_and_play() {
    let mut gtp = small_engine();
    transcript(
        &mut gtp,
        &[
            ("boardsize 5", "= \n\n"),
            ("boardsize 0", "? unacceptable size\n\n"),
            ("boardsize 20", "? unacceptable size\n\n"),
            ("boardsize five", "? syntax error\n\n"),
            // GTP v2's boardsize takes one argument; `9 9` was read as 9.
            ("boardsize 9 9", "? syntax error\n\n"),
            ("boardsize", "? syntax error\n\n"),
            ("komi 0.5", "= \n\n"),
            ("komi lots", "? syntax error\n\n"),
            ("komi 1 2", "? syntax error\n\n"),
            // A number out of range says why (it was "syntax error").
            ("komi 10000", "? komi must lie between -1000 and 1000\n\n"),
            ("komi -1000000", "? komi must lie between -1000 and 1000\n\n"),
            ("komi inf", "? komi must be a finite number\n\n"),
            // Not rounded to a half (0.75 would become 1, turning a win by 1 into a draw).
            ("komi 0.75", "? komi must be a multiple of 0.5\n\n"),
            ("komi 0.3", "? komi must be a multiple of 0.5\n\n"),
            ("play black C3", "= \n\n"),
            ("play white C3", "? illegal move\n\n"),
            ("play white Z9", "? syntax error\n\n"),
            ("play purple A1", "? syntax error\n\n"),
            ("play white", "? syntax error\n\n"),
            ("play white B3", "= \n\n"),
            ("play black pass", "= \n\n"),
            ("10 showboard", "=10 \n   A B C D E\n 5 . . . . . 5\n 4 . . . . . 4\n 3 . O X . . 3\n 2 . . . . . 2\n 1 . . . . . 1\n   A B C D E\n\n"),
            // Black C3 and White B3: areas 1 + ... neutral points touch both: score 0 - 0.5.
            ("final_score", "= W+0.5\n\n"),
            ("undo", "= \n\n"),
            ("undo", "= \n\n"),
            ("undo", "= \n\n"),
            ("undo", "? cannot undo\n\n"),
            ("final_score", "= W+0.5\n\n"),
            ("play b A1", "= \n\n"),
            ("final_score", "= B+24.5\n\n"),
            ("clear_board", "= \n\n"),
            ("final_score", "= W+0.5\n\n"),
        ],
    );
}

#[test]
fn suicide_and_ko_are_illegal_moves() {
    let mut gtp = small_engine();
    gtp.handle("boardsize 4");
    // Black B4 and A3 make A4 a suicide for White.
    for m in ["play b B4", "play b A3"] {
        assert_eq!(gtp.handle(m), "= \n\n");
    }
    assert_eq!(gtp.handle("play w A4"), "? illegal move\n\n");
    // A ko: . X O . / X O . O / . X O . (top three rows), then Black takes at C3.
    gtp.handle("clear_board");
    for m in [
        "b B4", "b A3", "b B2", "w C4", "w B3", "w D3", "w C2", "b C3",
    ] {
        assert_eq!(gtp.handle(&format!("play {m}")), "= \n\n", "{m}");
    }
    assert_eq!(gtp.handle("play w B3"), "? illegal move\n\n");
}

#[test]
fn genmove_reg_genmove_and_loadsgf() {
    let mut gtp = small_engine();
    gtp.handle("boardsize 5");
    let reply = gtp.handle("5 reg_genmove black");
    assert!(
        reply.starts_with("=5 ") && reply.ends_with("\n\n"),
        "{reply:?}"
    );
    assert_eq!(gtp.game().moves().len(), 0, "reg_genmove does not play");
    let reply = gtp.handle("genmove b");
    let vertex = reply.trim_start_matches("= ").trim();
    assert_eq!(gtp.game().moves().len(), 1);
    // The generated move was played: playing it again is illegal.
    assert_eq!(
        gtp.handle(&format!("play w {vertex}")),
        "? illegal move\n\n"
    );
    assert_eq!(gtp.handle("genmove"), "? syntax error\n\n");
    assert_eq!(gtp.handle("genmove green"), "? syntax error\n\n");

    let dir = std::env::temp_dir().join(format!("cgtk-gtp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    std::fs::write(&file, "(;GM[1]FF[4]SZ[7]KM[2.5]AB[aa];W[bb];B[cc];W[dd])").unwrap();
    let path = file.display().to_string();
    assert_eq!(gtp.handle(&format!("loadsgf {path}")), "= black\n\n");
    assert_eq!(gtp.game().board().width(), 7);
    assert_eq!(gtp.game().moves().len(), 3);
    // Up to (not including) move 3: the position after two moves, White to play.
    assert_eq!(gtp.handle(&format!("loadsgf {path} 3")), "= white\n\n");
    assert_eq!(gtp.game().moves().len(), 2);
    // Black aa and cc, White bb, the rest neutral: 2 - 1 - 2.5.
    assert_eq!(gtp.handle("final_score"), "= W+1.5\n\n");
    assert_eq!(
        gtp.handle("loadsgf /nonexistent/cgtk.sgf"),
        "? cannot load file\n\n"
    );
    std::fs::write(&file, "not sgf").unwrap();
    assert_eq!(
        gtp.handle(&format!("loadsgf {path}")),
        "? cannot load file\n\n"
    );
    assert_eq!(gtp.handle("loadsgf"), "? syntax error\n\n");
    std::fs::remove_dir_all(&dir).ok();
}

/// After two passes `play` answered "illegal move" and `genmove` "the game is over";
/// controllers go on sending moves (to settle dead stones), so a new move resumes the game.
#[test]
fn play_and_genmove_resume_the_game_after_two_passes() {
    let mut gtp = small_engine();
    transcript(
        &mut gtp,
        &[
            ("boardsize 5", "= \n\n"),
            ("play b C3", "= \n\n"),
            ("play w pass", "= \n\n"),
            ("play b pass", "= \n\n"),
            ("final_score", "= B+17.5\n\n"),
            ("play w D4", "= \n\n"),
            ("play b C3", "? illegal move\n\n"),
            ("play b pass", "= \n\n"),
            ("play w pass", "= \n\n"),
            ("play w pass", "= \n\n"),
        ],
    );
    assert_eq!(gtp.game().passes(), 2);
    let reply = gtp.handle("genmove b");
    assert!(
        reply.starts_with("= ") && !reply.contains("over"),
        "{reply:?}"
    );
    assert_eq!(gtp.game().moves().len(), 8);
    // Undo returns to the ended game, and a refused move leaves it as it was.
    assert_eq!(gtp.handle("undo"), "= \n\n");
    assert_eq!(gtp.game().passes(), 2);
    assert_eq!(gtp.handle("play b D4"), "? illegal move\n\n");
    assert_eq!(gtp.game().passes(), 2);
}

/// `undo` after `loadsgf` answered "cannot undo": the loaded moves are taken back one by
/// one, down to the file's set-up position.
#[test]
fn undo_takes_back_loaded_moves() {
    let mut gtp = small_engine();
    let dir = std::env::temp_dir().join(format!("cgtk-gtp-undo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    // No KM: the engine's komi (here 0.5) holds before and after each undo.
    std::fs::write(&file, "(;GM[1]FF[4]SZ[5]AB[aa];W[bb];B[cc])").unwrap();
    gtp.handle("komi 0.5");
    assert_eq!(
        gtp.handle(&format!("loadsgf {}", file.display())),
        "= white\n\n"
    );
    assert_eq!(gtp.game().moves().len(), 2);
    assert_eq!(gtp.handle("undo"), "= \n\n");
    assert_eq!(gtp.game().moves().len(), 1);
    assert_eq!(gtp.game().rules().komi.points(), 0.5);
    assert_eq!(gtp.handle("undo"), "= \n\n");
    assert_eq!(gtp.game().moves().len(), 0);
    // The set-up stone stays: Black's area 25 minus komi.
    assert_eq!(gtp.handle("final_score"), "= B+24.5\n\n");
    assert_eq!(gtp.handle("undo"), "? cannot undo\n\n");
    std::fs::remove_dir_all(&dir).ok();
}
