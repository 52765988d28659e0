//! The UCI protocol in-process: parsing, answers, and whole exchanges with the state machine
//! (no program started).

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_chess::uci::{
    Command, Flow, Go, GoFieldError, Response, UciEngine, UciError, FALLBACK_DEPTH,
};
use cgtk_chess::{Chess, Engine, Limits, Move, MoveList, Score, SearchInfo};
use cgtk_core::{Game, Notation};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// A session whose answers are collected on a channel.
fn session() -> (UciEngine, Receiver<Response>) {
    let (tx, rx) = mpsc::channel();
    let uci = UciEngine::new(move |r| {
        let _ = tx.send(r);
    });
    (uci, rx)
}

/// Sends `lines`, waits for the search to end by itself, and returns every answer.
fn exchange(uci: &mut UciEngine, rx: &Receiver<Response>, lines: &[&str]) -> Vec<Response> {
    for line in lines {
        assert_eq!(uci.handle(line), Flow::Continue, "{line}");
    }
    uci.finish();
    rx.try_iter().collect()
}

fn text(responses: &[Response]) -> Vec<String> {
    responses.iter().map(Response::to_string).collect()
}

/// The game after `position` `spec`, read by the parser.
fn game_of(spec: &str) -> Chess {
    match Command::parse(&format!("position {spec}")) {
        Ok(Command::Position(game)) => *game,
        other => panic!("position {spec}: {other:?}"),
    }
}

/// The single `bestmove` of `responses`, which must be the last answer.
fn bestmove(responses: &[Response]) -> Option<Move> {
    let moves: Vec<Option<Move>> = responses
        .iter()
        .filter_map(|r| match r {
            Response::BestMove(m) => Some(*m),
            _ => None,
        })
        .collect();
    assert_eq!(moves.len(), 1, "one bestmove: {:?}", text(responses));
    assert!(
        matches!(responses.last(), Some(Response::BestMove(_))),
        "bestmove comes last: {:?}",
        text(responses)
    );
    moves[0]
}

fn info_depths(responses: &[Response]) -> Vec<u32> {
    responses
        .iter()
        .filter_map(|r| match r {
            Response::Info(i) => Some(i.depth),
            _ => None,
        })
        .collect()
}

fn info_strings(responses: &[Response]) -> Vec<String> {
    responses
        .iter()
        .filter_map(|r| match r {
            Response::InfoString(s) => Some(s.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn full_exchange_gives_a_legal_bestmove() {
    let (mut uci, rx) = session();
    let answers = exchange(
        &mut uci,
        &rx,
        &[
            "uci",
            "isready",
            "ucinewgame",
            "position startpos moves e2e4 e7e5 g1f3",
            "go depth 3",
        ],
    );
    let lines = text(&answers);
    assert_eq!(
        lines[..5],
        [
            "id name cgtk",
            "id author the cgtk authors",
            "option name Hash type spin default 16 min 1 max 1024",
            "uciok",
            "readyok"
        ]
    );
    assert_eq!(info_depths(&answers), [1, 2, 3]);
    let game = game_of("startpos moves e2e4 e7e5 g1f3");
    assert_eq!(uci.game(), &game);
    let best = bestmove(&answers).expect("a move");
    assert!(game.is_legal(best), "illegal bestmove {best}");
    // Every info line's principal variation is playable from the position.
    for r in &answers {
        if let Response::Info(i) = r {
            let mut g = game.clone();
            for &mv in &i.pv {
                assert!(g.is_legal(mv), "pv {:?}", i.pv);
                g.make(mv);
            }
        }
    }
    assert_eq!(uci.handle("quit"), Flow::Quit);
}

#[test]
fn mate_in_one_and_positions_without_moves() {
    let (mut uci, rx) = session();
    let answers = exchange(
        &mut uci,
        &rx,
        &[
            "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "go depth 3",
        ],
    );
    assert!(answers.iter().any(|r| matches!(
        r,
        Response::Info(SearchInfo {
            score: Score::Mate(1),
            ..
        })
    )));
    assert_eq!(
        text(&answers).last().map(String::as_str),
        Some("bestmove a1a8")
    );
    // Checkmated: no move, said so.
    let answers = exchange(
        &mut uci,
        &rx,
        &["position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "go depth 3"],
    );
    assert_eq!(
        text(&answers),
        [
            "info string no legal move: the game is over",
            "bestmove (none)"
        ]
    );
}

/// Issue 17: a `go` with a malformed or negative field never answered `bestmove` (the whole
/// line was rejected, so a user interface waited for ever). Now each bad field gets an
/// `info string`, the rest of the line counts, and a `bestmove` always follows.
#[test]
fn go_with_bad_fields_still_answers_bestmove() {
    let start = Chess::new();
    for (line, field) in [
        ("go depth -3", "depth"),
        ("go movetime abc", "movetime"),
        ("go depth x", "depth"),
        ("go wtime -1000 btime -1000", "wtime"),
        ("go depth", "depth"),
        ("go nodes 1e6", "nodes"),
        ("go movetime 99999999999999999999999", "movetime"),
        ("go mate 3", "mate"),
        ("go frobnicate", "frobnicate"),
    ] {
        let (mut uci, rx) = session();
        let answers = exchange(&mut uci, &rx, &["position startpos", line]);
        let notes = info_strings(&answers);
        assert!(
            notes
                .first()
                .is_some_and(|n| n.starts_with("ignored go") && n.contains(field)),
            "{line}: {notes:?}"
        );
        // Nothing bounded the search any more: the fallback did, and said so.
        assert!(
            notes
                .iter()
                .any(|n| n.contains(&format!("depth {FALLBACK_DEPTH}"))),
            "{line}: {notes:?}"
        );
        let best = bestmove(&answers).expect("a move");
        assert!(start.is_legal(best), "{line}: {best}");
    }
}

/// `go searchmoves` searches only the moves listed (it was ignored, and the engine could
/// answer a move outside the list); moves not legal here are reported and dropped, and when
/// none is legal every move is searched.
#[test]
fn searchmoves_limits_the_moves_searched_at_the_root() {
    let mate = "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let (mut uci, rx) = session();
    let free = exchange(&mut uci, &rx, &[mate, "go depth 3"]);
    assert_eq!(
        bestmove(&free).map(|m| m.to_string()).as_deref(),
        Some("a1a8")
    );
    let kings = exchange(&mut uci, &rx, &[mate, "go searchmoves g1f1 g1h1 depth 3"]);
    let best = bestmove(&kings).map(|m| m.to_string());
    assert!(
        matches!(best.as_deref(), Some("g1f1" | "g1h1")),
        "{:?}",
        text(&kings)
    );
    assert!(info_strings(&kings).is_empty(), "{:?}", text(&kings));
    // The restricted search left nothing wrong in the table: the free search still mates.
    let again = exchange(&mut uci, &rx, &[mate, "go depth 3"]);
    assert_eq!(
        bestmove(&again).map(|m| m.to_string()).as_deref(),
        Some("a1a8")
    );

    let some = exchange(
        &mut uci,
        &rx,
        &["position startpos", "go searchmoves e2e5 h2h3 depth 2"],
    );
    assert_eq!(
        bestmove(&some).map(|m| m.to_string()).as_deref(),
        Some("h2h3")
    );
    let notes = info_strings(&some);
    assert!(
        notes.len() == 1 && notes[0].starts_with("ignored go searchmoves \"e2e5\""),
        "{notes:?}"
    );
    let none = exchange(
        &mut uci,
        &rx,
        &["position startpos", "go searchmoves e2e5 depth 2"],
    );
    assert!(
        info_strings(&none)
            .iter()
            .any(|n| n.contains("searching every move")),
        "{:?}",
        text(&none)
    );
    assert!(Chess::new().is_legal(bestmove(&none).expect("a move")));
}

/// The good fields of a line with a bad one still count (the bad one alone is dropped).
#[test]
fn a_bad_field_is_ignored_on_its_own() {
    let (mut uci, rx) = session();
    let answers = exchange(
        &mut uci,
        &rx,
        &["position startpos", "go movetime abc depth 2 winc -5"],
    );
    assert_eq!(info_depths(&answers), [1, 2]);
    let notes = info_strings(&answers);
    assert_eq!(
        notes,
        [
            "ignored go movetime \"abc\": expected a whole number from 0 to 18446744073709551615",
            "ignored go winc \"-5\": a negative value is not allowed",
        ]
    );
    assert!(Chess::new().is_legal(bestmove(&answers).expect("a move")));

    // The parser's view of the same kind of line.
    let go = Go::parse(&["depth", "movetime", "50", "binc", "-0"]);
    assert_eq!(
        go.ignored,
        [GoFieldError::MissingValue {
            field: "depth".into()
        }]
    );
    assert_eq!(go.limits.movetime, Some(Duration::from_millis(50)));
    assert_eq!(go.limits.binc, Some(Duration::ZERO));
    assert!(!go.fallback && !go.limits.infinite);
    let go = Go::parse(&[
        "wtime",
        "300000",
        "btime",
        "300000",
        "winc",
        "2000",
        "binc",
        "2000",
        "movestogo",
        "40",
        "nodes",
        "5000",
        "depth",
        "0",
    ]);
    assert!(go.ignored.is_empty());
    assert_eq!(
        go.limits,
        Limits {
            depth: Some(1),
            wtime: Some(Duration::from_secs(300)),
            btime: Some(Duration::from_secs(300)),
            winc: Some(Duration::from_secs(2)),
            binc: Some(Duration::from_secs(2)),
            movestogo: Some(40),
            nodes: Some(5000),
            ..Limits::default()
        }
    );
    // A bare `go` and `go infinite` search until `stop`; `go infinite` with a bad field too.
    assert!(Go::parse(&[]).limits.infinite);
    let go = Go::parse(&["infinite", "depth", "-1"]);
    assert!(go.limits.infinite && !go.fallback && go.limits.depth.is_none());
}

/// A position where the first generated move is not the move a depth-1 search picks (a
/// pawn takes a hanging queen), with that capture.
fn queen_hangs() -> (Chess, Move) {
    let game = game_of("fen 4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1");
    let capture = game.parse_move("e4d5").expect("legal");
    let mut list = MoveList::new();
    game.legal_move_list(&mut list);
    assert_ne!(list[0], capture, "the test needs another first move");
    (game, capture)
}

/// Issue 17: `stop` before depth 1 had finished returned the first generated move, never
/// searched. Now the first iteration always completes, so even a search told to stop
/// before it starts answers with a searched move.
#[test]
fn stop_before_depth_one_returns_a_searched_move() {
    let (game, capture) = queen_hangs();
    let mut depths = Vec::new();
    let best = Engine::new(1).search(&game, &Limits::default(), &AtomicBool::new(true), |i| {
        depths.push(i.depth)
    });
    assert_eq!(best, Some(capture));
    assert_eq!(depths, [1], "depth 1 completed, nothing deeper");
    // A node budget and a deadline spent at once stop it only after depth 1 too.
    let limits = Limits {
        nodes: Some(1),
        movetime: Some(Duration::from_millis(1)),
        ..Limits::default()
    };
    let best = Engine::new(1).search(&game, &limits, &AtomicBool::new(false), |_| {});
    assert_eq!(best, Some(capture));

    // Over the protocol: `go infinite` then at once `stop`.
    let (mut uci, rx) = session();
    uci.handle("position fen 4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1");
    uci.handle("go infinite");
    uci.handle("stop");
    assert!(!uci.is_searching());
    let answers: Vec<Response> = rx.try_iter().collect();
    assert!(info_depths(&answers).contains(&1), "{:?}", text(&answers));
    assert_eq!(bestmove(&answers), Some(capture));
}

/// An infinite search answers `isready` while it runs, and `bestmove` only after `stop`;
/// a deadline too large for the clock (it used to overflow) is no deadline.
#[test]
fn infinite_and_huge_deadlines_wait_for_stop() {
    for go in ["go infinite", "go movetime 18446744073709551615", "go"] {
        let (mut uci, rx) = session();
        uci.handle("position startpos moves d2d4");
        uci.handle(go);
        uci.handle("isready");
        std::thread::sleep(Duration::from_millis(50));
        assert!(uci.is_searching());
        let early: Vec<Response> = rx.try_iter().collect();
        assert!(early.contains(&Response::ReadyOk), "{go}");
        assert!(
            !early.iter().any(|r| matches!(r, Response::BestMove(_))),
            "{go}: ended early: {:?}",
            text(&early)
        );
        uci.handle("stop");
        let late: Vec<Response> = rx.try_iter().collect();
        let best = bestmove(&late).expect("a move");
        assert!(game_of("startpos moves d2d4").is_legal(best), "{go}");
    }
}

/// `quit` and dropping the session both stop a search, which still answers.
#[test]
fn quit_and_drop_stop_the_search() {
    let (mut uci, rx) = session();
    uci.handle("go infinite");
    assert_eq!(uci.handle("quit"), Flow::Quit);
    assert!(bestmove(&rx.try_iter().collect::<Vec<_>>()).is_some());
    let (mut uci, rx) = session();
    uci.handle("go infinite");
    drop(uci);
    assert!(bestmove(&rx.try_iter().collect::<Vec<_>>()).is_some());
}

#[test]
fn bad_lines_get_an_info_string_and_change_nothing() {
    let (mut uci, rx) = session();
    uci.handle("position startpos moves e2e4");
    let before = uci.game().clone();
    for (line, message) in [
        ("position fen 8/8/8 w - - 0 1", "ignored position: invalid FEN \"8/8/8 w - - 0 1\": the board has 3 ranks separated by '/', expected 8"),
        ("position startpos moves e2e4 e2e4", "ignored position: move 2 \"e2e4\" is not playable: invalid move \"e2e4\": there is no piece on e2"),
        ("position startpos e2e4", "ignored position: unexpected \"e2e4\" after the start position (moves follow the word 'moves')"),
        ("position", "ignored position: expected 'startpos' or 'fen <FEN>', found \"\""),
        ("position somewhere", "ignored position: expected 'startpos' or 'fen <FEN>', found \"somewhere\""),
        ("frobnicate now", "unknown command \"frobnicate\" (known: uci, isready, ucinewgame, position, go, setoption, stop, ponderhit, quit, debug, register, d)"),
        ("setoption name Hash value 0", "ignored setoption Hash: value \"0\", expected a whole number from 1 to 1024"),
        ("setoption name Hash", "ignored setoption Hash: value \"\", expected a whole number from 1 to 1024"),
        ("setoption name Threads value 2", "ignored setoption: unknown option \"Threads\" (known: Hash)"),
        ("setoption value 3", "ignored setoption \"value 3\": expected setoption name <id> [value <x>]"),
    ] {
        assert_eq!(uci.handle(line), Flow::Continue);
        let answers: Vec<String> = text(&rx.try_iter().collect::<Vec<_>>());
        assert_eq!(answers, [format!("info string {message}")], "{line}");
    }
    assert_eq!(uci.game(), &before);
    // Blank lines are ignored silently; good options are taken silently.
    for line in [
        "",
        "   ",
        "setoption name hash value 8",
        "ponderhit",
        "stop",
    ] {
        uci.handle(line);
        assert_eq!(rx.try_iter().count(), 0, "{line:?}");
    }
}

#[test]
fn parsed_commands_are_typed() {
    assert_eq!(Command::parse(" uci "), Ok(Command::Uci));
    assert_eq!(Command::parse("isready"), Ok(Command::IsReady));
    assert_eq!(Command::parse("ucinewgame"), Ok(Command::UciNewGame));
    assert_eq!(Command::parse("stop"), Ok(Command::Stop));
    assert_eq!(Command::parse("quit"), Ok(Command::Quit));
    assert_eq!(Command::parse("d"), Ok(Command::Display));
    assert_eq!(Command::parse(""), Err(UciError::Empty));
    assert_eq!(
        Command::parse("setoption name Clear Hash"),
        Ok(Command::SetOption {
            name: "Clear Hash".into(),
            value: None
        })
    );
    assert_eq!(
        Command::parse("setoption name Hash value 64"),
        Ok(Command::SetOption {
            name: "Hash".into(),
            value: Some("64".into())
        })
    );
    // `position fen` with moves keeps the history (for repetitions).
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let game = game_of(&format!("fen {fen} moves e1f1 e8d8 f1e1 d8e8"));
    assert_eq!(game.fen(), "4k3/8/8/8/8/8/8/4K2R w - - 4 3");
    assert_eq!(
        game.repetitions(),
        0,
        "castling rights changed: a new position"
    );
    let game = game_of("startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(game.repetitions(), 2);
    assert!(matches!(
        Command::parse("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e3"),
        Err(UciError::Move { number: 1, .. })
    ));
}

#[test]
fn answers_are_formatted_as_uci_lines() {
    let game = Chess::new();
    let mv = |t: &str| game.parse_move(t).expect("legal");
    let info = SearchInfo {
        depth: 2,
        score: Score::Cp(-15),
        nodes: 300,
        elapsed: Duration::from_millis(3),
        pv: vec![mv("e2e4"), mv("d2d4")],
    };
    let cases = [
        (Response::IdName("cgtk".into()), "id name cgtk"),
        (Response::IdAuthor("x y".into()), "id author x y"),
        (
            Response::SpinOption {
                name: "Hash".into(),
                default: 16,
                min: 1,
                max: 1024,
            },
            "option name Hash type spin default 16 min 1 max 1024",
        ),
        (Response::UciOk, "uciok"),
        (Response::ReadyOk, "readyok"),
        (
            Response::Info(info.clone()),
            "info depth 2 score cp -15 nodes 300 nps 100000 time 3 pv e2e4 d2d4",
        ),
        (
            Response::Info(SearchInfo {
                score: Score::Mate(-2),
                pv: Vec::new(),
                ..info
            }),
            "info depth 2 score mate -2 nodes 300 nps 100000 time 3",
        ),
        (
            Response::InfoString("two\nlines".into()),
            "info string two lines",
        ),
        (Response::BestMove(Some(mv("g1f3"))), "bestmove g1f3"),
        (Response::BestMove(None), "bestmove (none)"),
    ];
    for (response, line) in cases {
        assert_eq!(response.to_string(), line);
    }
}

#[test]
fn display_draws_the_board() {
    let (mut uci, rx) = session();
    uci.handle("position startpos moves e2e4");
    uci.handle("d");
    let lines = text(&rx.try_iter().collect::<Vec<_>>());
    assert_eq!(lines.len(), 11, "{lines:?}");
    assert_eq!(lines[4], "info string 4  . . . . P . . .");
    assert_eq!(
        lines[10],
        "info string fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

/// `ucinewgame` forgets the position; `setoption name Hash` takes effect between searches.
#[test]
fn new_game_and_hash() {
    let (mut uci, rx) = session();
    let answers = exchange(
        &mut uci,
        &rx,
        &[
            "position startpos moves e2e4",
            "setoption name Hash value 1",
            "ucinewgame",
            "go depth 2",
        ],
    );
    assert!(info_strings(&answers).is_empty(), "{:?}", text(&answers));
    assert_eq!(uci.game(), &Chess::new());
    assert!(Chess::new().is_legal(bestmove(&answers).expect("a move")));
}
