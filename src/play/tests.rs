//! The engine behind `cgtk play`, tested in the binary: sessions driven from text, level
//! 100 never throwing a won position away, saved games, damaged tables.

use super::*;
use cgtk_core::{Game, Notation, Outcome, PerfectIndex, Value};
use cgtk_games::mu_torere::MuTorere;
use cgtk_games::nim::Nim;
use cgtk_retro::Solution;

fn setup(variant: &str) -> Setup {
    Setup {
        variant: variant.into(),
        history: 64,
        ..Default::default()
    }
}

#[test]
fn a_scripted_nim_session_ends_with_the_last_counter() {
    let game = build_nim(&setup("1,2")).unwrap();
    let rebuild = |v: &str| build_nim(&setup(v));
    let options = Options {
        level: 100,
        seats: Seats::Both,
        seed: 1,
        echo: true,
        max_engine_plies: 500,
    };
    let mut session = Session::new(game, options, &rebuild);
    let mut out = Vec::new();
    session
        .run(&mut "2:1\n1:1\n2:1\n".as_bytes(), &mut out)
        .unwrap();
    assert_eq!(session.summary().result, "first");
}

#[test]
fn saved_games_read_back_and_refuse_missing_fields() {
    let text = r#"{"game":"nim","variant":"1,2","level":100,"seed":3,"moves":["2:1"]}"#;
    let saved = SavedGame::from_json(text).unwrap();
    assert_eq!(saved.moves, ["2:1"]);
    assert!(SavedGame::from_json("{}").is_err());
}

/// Plays the table's move in `game` (a win for the side to move), then tries every reply,
/// recursively; every line must end in a win for the engine. Returns the positions seen.
fn never_loses(game: &mut MuTorere, solution: &Solution, depth: u32) -> u64 {
    assert!(depth < 200, "the game does not end");
    let engine = game.to_move();
    let (mv, verdict) = solution.best_move(game).unwrap().unwrap();
    assert_eq!(verdict.value, Value::Win);
    let undo = game.make(mv);
    let mut seen = 1;
    match game.outcome() {
        Some(outcome) => assert_eq!(outcome, Outcome::Win(engine)),
        None => {
            let mut replies = Vec::new();
            game.legal_moves(&mut replies);
            for reply in replies {
                let u = game.make(reply);
                match game.outcome() {
                    Some(outcome) => assert_eq!(outcome, Outcome::Win(engine)),
                    None => seen += never_loses(game, solution, depth + 1),
                }
                game.unmake(reply, u);
            }
        }
    }
    game.unmake(mv, undo);
    seen
}

#[test]
fn level_100_never_loses_a_won_mu_torere_position() {
    let start = MuTorere::start(Default::default());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let mut won = 0;
    for i in 0..start.index_size() {
        let Some(mut game) = start.position_at(i) else {
            continue;
        };
        if game.outcome().is_some() || solution.verdict(i).unwrap().value != Value::Win {
            continue;
        }
        never_loses(&mut game, &solution, 0);
        won += 1;
    }
    assert!(won > 50, "only {won} won positions");
}

/// The engine's move at level 100 (the best move, never a random one).
fn engine_move(game: &mut dyn Playable) -> String {
    game.best_move(7).unwrap().unwrap().0
}

/// `play nim 100 200 300` used to answer `1:1` (alpha-beta at depth 4 scoring 0): over
/// many positions, large and small, a won Nim position stays won after level 100's move.
#[test]
fn level_100_never_throws_a_won_nim_position_away() {
    let mut heaps = vec![100u32, 200, 300];
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut won = 0;
    for round in 0..120 {
        if round > 0 {
            let n = 1 + (state % 4) as usize;
            heaps = (0..n)
                .map(|i| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    // Mostly small heaps (the search proves them), some large ones.
                    let cap = if (round + i) % 3 == 0 { 1000 } else { 9 };
                    (state % cap) as u32 + 1
                })
                .collect();
        }
        let variant: Vec<String> = heaps.iter().map(u32::to_string).collect();
        let mut game = build_nim(&setup(&variant.join(","))).unwrap();
        let nim = Nim::new(&heaps).unwrap();
        if nim.nim_sum() == 0 {
            continue;
        }
        won += 1;
        let mv = engine_move(game.as_mut());
        let mut next = nim.clone();
        next.make(nim.parse_move(&mv).unwrap());
        assert_eq!(next.nim_sum(), 0, "{heaps:?}: level 100 played {mv}");
        // The hint is the same move.
        let hint = game.hint(7).unwrap().unwrap();
        assert!(hint.starts_with(&format!("{mv} (")), "{hint}");
    }
    assert!(won > 60, "{won}");
    let mut big = build_nim(&setup("100,200,300")).unwrap();
    assert_eq!(engine_move(big.as_mut()), "3:128");
}

/// A Kono variant without a start position (an endgame database) is refused by `play`,
/// which used to start from the full board and then play random moves.
#[test]
fn endgame_databases_are_not_played() {
    let err = build_kono(&setup("max-pieces=2")).err().unwrap();
    assert!(err.contains("has no start position"), "{err}");
    assert!(build_kono(&setup("compulsory-capture")).is_ok());
}

/// A damaged table is refused when the game is set up (it used to be accepted, after which
/// `hint` said the game was over and level 100 played random moves).
#[test]
fn a_damaged_table_is_refused_before_play() {
    let start = MuTorere::start(Default::default());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let mut file = Vec::new();
    cgtk_retro::write_game_table(
        &mut file,
        &start,
        cgtk_retro::Compression::RunLength,
        &solution,
    )
    .unwrap();
    let dir = std::env::temp_dir().join(format!("cgtk-play-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("mt.tbl");
    std::fs::write(&good, &file).unwrap();
    let n = file.len();
    file[n - 10] ^= 0x04;
    let bad = dir.join("bad.tbl");
    std::fs::write(&bad, &file).unwrap();
    let with = |path: &std::path::Path| Setup {
        table: Some(path.to_path_buf()),
        ..setup("")
    };
    let mut game = build_mu_torere(&with(&good)).unwrap();
    assert!(game.hint(1).unwrap().unwrap().contains("(table: draw)"));
    let err = build_mu_torere(&with(&bad)).err().unwrap();
    assert!(err.contains("payload checksum"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A search deep enough to see the end never throws away a win it can see: over the won
/// hound positions whose win takes at most 3 plies, alpha-beta to depth 4 with either
/// heuristic keeps every win. And every blunder reported is one by the table.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn fox_hounds_heuristics_keep_every_win_within_their_horizon() {
    use cgtk_games::fox_hounds::heuristics::{evaluate, Heuristic};
    use cgtk_games::fox_hounds::{FoxHounds, Role};
    use cgtk_search::{AlphaBeta, Limits};
    let start = FoxHounds::start(Default::default());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let all = cgtk_retro::won_positions(&start, &solution, |g: &FoxHounds| {
        g.role_to_move() == Role::Hounds
    });
    let near: Vec<FoxHounds> = all
        .iter()
        .copied()
        .filter(|g| solution.verdict(g.index()).unwrap().distance.unwrap() <= 3)
        .collect();
    assert!(near.len() > 100, "{}", near.len());
    let policy = |h: Heuristic, depth: u32| {
        move |g: &FoxHounds| {
            let mut position = *g;
            AlphaBeta::with_capacity(1 << 16)
                .search_keyed(
                    &mut position,
                    Limits::depth(depth),
                    &|g: &FoxHounds| evaluate(g, h),
                    &|g: &FoxHounds| g.index(),
                )
                .best_move
        }
    };
    for h in Heuristic::ALL {
        let report = cgtk_retro::audit(&near, &solution, policy(h, 4), &|| {}, 3);
        assert_eq!(report.blunders, 0, "{h:?}: {report:?}");
        let shallow = cgtk_retro::audit(&all[..2000], &solution, policy(h, 1), &|| {}, 3);
        for b in &shallow.examples {
            let game = b.position;
            for (mv, keeps) in [(b.chosen, false), (b.winning, true)] {
                let mut next = game;
                next.make(mv);
                let lost = solution.verdict(next.index()).map(|v| v.value) == Some(Value::Loss);
                assert_eq!(lost, keeps, "{}", game.position_text());
            }
        }
    }
}

/// Options a game would ignore are refused, naming the games that take them (`play nim
/// --table` and `play poggle --mcts` used to be accepted and ignored).
#[test]
fn options_a_game_would_ignore_are_refused() {
    let entry = |id: &str| crate::games::GAMES.iter().find(|g| g.id == id).unwrap();
    let table = Setup {
        table: Some("t.tbl".into()),
        ..setup("")
    };
    assert_eq!(
        build_checked(entry("nim"), &table).err().unwrap(),
        "nim has no solved tables; --table is for mu-torere, kono, fox-hounds"
    );
    let mcts = Setup {
        mcts: Some(10),
        ..setup("3")
    };
    assert_eq!(
        build_checked(entry("poggle"), &mcts).err().unwrap(),
        "poggle has no engine opponent; --mcts is for nim, mu-torere, kono, fox-hounds, chess, go, calculation"
    );
    assert!(build_checked(entry("nim"), &mcts).is_ok());
}

/// An engine-against-engine game stopped at its ply limit said only "no result after N
/// plies", though the table the engines play from knows the position's value. Fox and
/// Hounds is a win for the hounds: after the fox's first move, the table's distance for
/// the hounds (checked against the solution itself) is given.
#[test]
fn an_engine_game_stopped_at_its_limit_gives_the_table_verdict() {
    use cgtk_games::fox_hounds::FoxHounds;
    let game = build_fox_hounds(&setup("")).unwrap();
    let rebuild = |v: &str| build_fox_hounds(&setup(v));
    let options = Options {
        level: 100,
        seats: Seats::None,
        seed: 1,
        echo: false,
        max_engine_plies: 1,
    };
    let mut session = Session::new(game, options, &rebuild);
    let mut out = Vec::new();
    session.run(&mut "".as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let start = FoxHounds::start(Default::default());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let moves = session.summary().moves;
    let mut after = start;
    after.make(after.parse_move(&moves[0]).unwrap());
    let verdict = solution.verdict(after.index()).unwrap();
    assert_eq!(verdict.value, Value::Win);
    let plies = verdict.distance.unwrap();
    assert!(
        out.contains(&format!(
            "stopped: no result after 1 ply; with best play second wins in {plies} plies (table)"
        )),
        "{out}"
    );
}
