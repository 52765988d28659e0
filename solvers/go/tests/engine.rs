//! The Monte Carlo engine against a seeded random player on 9×9 (release builds only:
//! debug builds are too slow for full games).

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::Game;
use cgtk_go::{Color, Engine, EngineConfig, Go, Move};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random player that passes only when no legal move fills no own eye-like point (so
/// that it does not give the game away by passing early).
fn random_move(go: &Go, rng: &mut ChaCha8Rng) -> Move {
    let mut moves = Vec::new();
    go.legal_moves(&mut moves);
    let me = go.to_move_color();
    moves.retain(|&m| match m {
        Move::Pass => false,
        Move::Play(p) => !go.board().is_eyelike(p, me),
    });
    if moves.is_empty() {
        Move::Pass
    } else {
        moves[rng.gen_range(0..moves.len())]
    }
}

/// Plays one game; returns the final score in half points from Black's side.
fn play_game(engine_color: Color, seed: u64, rave: bool) -> i32 {
    let mut go = Go::new(9, 9).unwrap();
    let mut engine = Engine::new(EngineConfig {
        playouts: 2000,
        seed,
        rave,
        ..Default::default()
    });
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xABCD);
    for _ in 0..400 {
        if go.outcome().is_some() {
            break;
        }
        let mv = if go.to_move_color() == engine_color {
            engine.genmove(&go)
        } else {
            random_move(&go, &mut rng)
        };
        assert!(go.is_legal(mv), "illegal {mv:?}");
        go.make(mv);
    }
    assert!(go.outcome().is_some(), "the game ended by two passes");
    go.score_halves()
}

/// Six games against the random player, the engine taking each colour three times; every
/// one must be won.
fn engine_wins_six_games(rave: bool) {
    // Seeds 1-6 without RAVE and 7-12 with it, as when the twelve games were one test.
    let first = if rave { 6 } else { 0 };
    for game in first..first + 6u64 {
        let colour = if game % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let score = play_game(colour, game + 1, rave);
        let won = match colour {
            Color::Black => score > 0,
            Color::White => score < 0,
        };
        assert!(
            won,
            "game {game} (rave {rave}): engine as {colour} lost, score {score} half points"
        );
    }
}

// Two tests of six games rather than one of twelve, so that the test harness plays them
// on two threads.
#[test]
#[cfg_attr(debug_assertions, ignore = "release only: full 9x9 games")]
fn engine_beats_a_random_player_every_time_on_9x9() {
    engine_wins_six_games(false);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release only: full 9x9 games")]
fn engine_with_rave_beats_a_random_player_every_time_on_9x9() {
    engine_wins_six_games(true);
}

#[test]
fn engine_moves_are_legal_on_a_small_board() {
    for rave in [false, true] {
        let mut go = Go::new(5, 5).unwrap();
        let mut engine = Engine::new(EngineConfig {
            playouts: 100,
            rave,
            ..Default::default()
        });
        for _ in 0..80 {
            if go.outcome().is_some() {
                break;
            }
            let mv = engine.genmove(&go);
            assert!(go.is_legal(mv));
            go.make(mv);
        }
    }
}

#[test]
fn rave_engine_takes_a_stone_in_atari() {
    // A white stone in atari on 5x5: capturing it is the obvious move.
    let setup =
        cgtk_go::Setup::from_diagram(". . . . .\n. . X . .\n. X O X .\n. . . . .\n. . . . .\n");
    let go = setup.unwrap().position(None).unwrap();
    let mut engine = Engine::new(EngineConfig {
        playouts: 2000,
        rave: true,
        ..Default::default()
    });
    let mv = engine.genmove(&go);
    assert_eq!(mv, Move::Play(go.board().point(2, 3).unwrap()));
}

/// Plays `moves` (GTP vertices, colours alternating from Black) on an empty board with
/// komi 7.5.
fn after(size: usize, moves: &[&str]) -> Go {
    let rules = cgtk_go::Rules {
        komi: cgtk_go::Komi(15),
        ..cgtk_go::Rules::for_size(size, size)
    };
    let mut go = Go::with_rules(size, size, rules).unwrap();
    for (i, text) in moves.iter().enumerate() {
        let colour = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mv = cgtk_go::gtp::parse_vertex(text, go.board()).unwrap();
        go.play(mv, colour).unwrap();
    }
    go
}

/// After White's pass the engine (Black, behind on the board) passed too, ending the
/// game with its loss; the pass's RAVE value stayed at the prior ½ while real moves
/// scored less.
#[test]
fn engine_does_not_end_the_game_with_a_losing_pass() {
    for (size, moves) in [
        (9, ["E5", "E4", "D4", "pass"]),
        (5, ["A1", "B1", "C1", "pass"]),
    ] {
        let go = after(size, &moves);
        assert!(go.score_halves() < 0, "Black is behind on the board");
        for (playouts, rave) in [(1000, true), (3000, true), (1000, false)] {
            let mut engine = Engine::new(EngineConfig {
                playouts,
                rave,
                ..Default::default()
            });
            let mv = engine.genmove(&go);
            assert_ne!(
                mv,
                Move::Pass,
                "{moves:?} at {playouts} playouts, rave {rave}"
            );
            assert!(go.is_legal(mv));
        }
    }
}

/// With only its own eyes left to fill and the board lost, the engine still plays on
/// rather than end the game with a pass.
#[test]
fn engine_fills_an_eye_rather_than_pass_into_a_loss() {
    // X . X . on one row, komi 7.5: Black owns all 4 points and still loses by 3.5.
    let setup = cgtk_go::Setup::from_diagram("X . X .\n").unwrap();
    let rules = cgtk_go::Rules {
        komi: cgtk_go::Komi(15),
        ..cgtk_go::Rules::for_size(4, 1)
    };
    let mut go = setup.position(Some(rules)).unwrap();
    go.set_to_move(Color::White);
    go.make(Move::Pass);
    let mut engine = Engine::new(EngineConfig {
        playouts: 100,
        ..Default::default()
    });
    assert_eq!(
        engine.genmove(&go),
        Move::Play(go.board().point(1, 0).unwrap())
    );
    // With komi 0.5 the same board wins: Black passes and the game ends.
    go.set_komi(cgtk_go::Komi(1));
    assert_eq!(engine.genmove(&go), Move::Pass);
}
