//! The engine finds forced mates and wins material, and respects its limits.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_chess::{Chess, Engine, Limits, Score};
use std::sync::atomic::AtomicBool;

fn search(fen: &str, depth: u32) -> (String, Option<Score>) {
    let game = Chess::from_fen(fen).expect("valid FEN");
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut score = None;
    let best = Engine::new(4).search(&game, &limits, &AtomicBool::new(false), |i| {
        score = Some(i.score)
    });
    (best.expect("a move").to_string(), score)
}

#[test]
fn mate_in_two_by_a_rook_sacrifice() {
    // 1. Ra6 bxa6 2. b7#.
    let (best, score) = search("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 5);
    assert_eq!(best, "a1a6");
    assert_eq!(score, Some(Score::Mate(2)));
}

#[test]
fn takes_a_hanging_queen() {
    let (best, _) = search("4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1", 4);
    assert_eq!(best, "d1d5");
}

#[test]
fn sees_being_mated() {
    // Black's only move is Kb8, and then Rh8 mates.
    let (_, score) = search("k7/8/1K6/8/8/8/8/7R b - - 0 1", 4);
    assert_eq!(score, Some(Score::Mate(-1)));
}

#[test]
fn no_move_when_the_game_is_over() {
    let game = Chess::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").expect("valid FEN");
    let best = Engine::new(1).search(&game, &Limits::default(), &AtomicBool::new(false), |_| {});
    assert_eq!(best, None);
}

#[test]
fn a_stop_request_still_yields_a_legal_move() {
    let game = Chess::new();
    let stop = AtomicBool::new(true);
    let best = Engine::new(1).search(
        &game,
        &Limits {
            infinite: true,
            ..Limits::default()
        },
        &stop,
        |_| {},
    );
    assert!(cgtk_core::Game::is_legal(&game, best.expect("a move")));
}

#[test]
fn node_limit_is_respected() {
    let game = Chess::new();
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let mut last = 0;
    let best = Engine::new(1).search(&game, &limits, &AtomicBool::new(false), |i| last = i.nodes);
    assert!(best.is_some());
    assert!(last > 0 && last <= 20_000 + 1024, "{last}");
}

#[test]
fn time_budgets() {
    use cgtk_chess::{time_budget, Color};
    use std::time::Duration;
    let ms = Duration::from_millis;
    let movetime = Limits {
        movetime: Some(ms(100)),
        ..Limits::default()
    };
    assert_eq!(
        time_budget(&movetime, Color::White),
        (Some(ms(95)), Some(ms(95)))
    );
    let clock = Limits {
        wtime: Some(ms(60_000)),
        btime: Some(ms(1_000)),
        winc: Some(ms(1_000)),
        ..Limits::default()
    };
    let (soft, hard) = time_budget(&clock, Color::White);
    let (soft, hard) = (soft.unwrap(), hard.unwrap());
    // About a thirtieth of the clock plus most of the increment; never more than half of it.
    assert!(soft >= ms(2_000) && soft <= ms(3_000), "{soft:?}");
    assert!(hard >= soft && hard <= ms(30_000), "{hard:?}");
    // Black has one second left: its budget stays well inside it.
    let (_, black_hard) = time_budget(&clock, Color::Black);
    assert!(black_hard.unwrap() <= ms(500));
    assert_eq!(
        time_budget(
            &Limits {
                infinite: true,
                ..clock
            },
            Color::White
        ),
        (None, None)
    );
}
