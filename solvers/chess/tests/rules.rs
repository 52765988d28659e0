//! Rules, FEN and make/unmake properties of the chess module.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_chess::{Chess, FenError, MoveKind, MoveList, Position};
use cgtk_core::{Game, Notation, Outcome, Player, PositionKey, Render};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn moves_of(fen: &str) -> Vec<String> {
    let pos = Position::from_fen(fen).expect("valid FEN");
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[test]
fn fen_errors_are_precise() {
    let cases: &[(&str, FenError)] = &[
        ("8/8/8/8/8/8/8/8 w", FenError::FieldCount { found: 2 }),
        (
            "4k3/8/8/8/8/8/4K3 w - - 0 1",
            FenError::RankCount { found: 7 },
        ),
        (
            "4k3/8/8/8/8/8/8/4K4 w - - 0 1",
            FenError::RankLength {
                rank: 1,
                text: "4K4".into(),
                squares: 9,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4X3 w - - 0 1",
            FenError::UnknownPiece {
                found: 'X',
                rank: 1,
            },
        ),
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::KingCount {
                color: "black",
                found: 0,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            FenError::KingCount {
                color: "white",
                found: 2,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
            FenError::PawnOnBackRank {
                square: "h1".into(),
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            FenError::SideToMove { found: "x".into() },
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - -3 1",
            FenError::Counter {
                name: "halfmove clock",
                found: "-3".into(),
                allowed: "a whole number from 0",
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
            FenError::Counter {
                name: "fullmove number",
                found: "0".into(),
                allowed: "a whole number from 1",
            },
        ),
        ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", FenError::OpponentInCheck),
    ];
    for (fen, expected) in cases {
        assert_eq!(Position::from_fen(fen).unwrap_err(), *expected, "{fen}");
    }
    let castling = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
    assert_eq!(
        castling.to_string(),
        "castling rights \"K\": 'K' needs a white rook on h1"
    );
    let castling = Position::from_fen("4k3/8/8/8/8/8/8/3K3R w K - 0 1").unwrap_err();
    assert_eq!(
        castling.to_string(),
        "castling rights \"K\": 'K' needs the white king on e1"
    );
    let castling = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w Kx - 0 1").unwrap_err();
    assert!(
        castling.to_string().contains("unknown letter 'x'"),
        "{castling}"
    );
    let ep = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - e3 0 1").unwrap_err();
    assert_eq!(
        ep.to_string(),
        "en passant square \"e3\": with white to move it must be on rank 6"
    );
    let ep = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1").unwrap_err();
    assert!(ep.to_string().contains("no pawn"), "{ep}");
    let ep = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - z9 0 1").unwrap_err();
    assert!(ep.to_string().contains("expected '-' or a square"), "{ep}");
}

#[test]
fn garbage_fen_never_panics() {
    for fen in [
        "",
        " ",
        "////////",
        "8/8/8/8/8/8/8/8/8 w - - 0 1",
        "99/8/8/8/8/8/8/8 w - - 0 1",
        "kkkkkkkkk/8/8/8/8/8/8/K7 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1",
        "ÿ/8/8/8/8/8/8/8 w - - 0 1",
    ] {
        assert!(Position::from_fen(fen).is_err(), "{fen:?}");
    }
}

#[test]
fn en_passant_cases() {
    // Plain en passant.
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert!(moves_of(fen).contains(&"e5d6".to_string()));
    let pos = Position::from_fen(fen).unwrap();
    let mv = pos
        .find_move("e5".parse_sq(), "d6".parse_sq(), None)
        .unwrap();
    assert_eq!(mv.kind, MoveKind::EnPassant);
    // The capturing pawn and the captured one both leave rank 5: the rook would check.
    assert!(!moves_of("8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2").contains(&"b5c6".to_string()));
    // The en passant capture removes the pawn that gives check.
    assert!(moves_of("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1").contains(&"e4d3".to_string()));
    // A diagonally pinned pawn may not take en passant off the pin line.
    assert!(!moves_of("4k2b/8/8/3pP3/8/2K5/8/8 w - d6 0 2").contains(&"e5d6".to_string()));
    // Along the pin line it may.
    assert!(moves_of("1b2k3/8/8/3pP3/8/8/7K/8 w - d6 0 2").contains(&"e5d6".to_string()));
}

#[test]
fn castling_through_or_out_of_check_is_forbidden() {
    // f1 attacked by the bishop on c4: no king-side castling; queen side is fine.
    let m = moves_of("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1");
    assert!(!m.contains(&"e1g1".to_string()));
    assert!(m.contains(&"e1c1".to_string()));
    // In check: no castling at all.
    let m = moves_of("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
    assert!(!m.contains(&"e1g1".to_string()) && !m.contains(&"e1c1".to_string()));
    // b1 attacked does not matter for queen-side castling, b1 occupied does.
    assert!(moves_of("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1").contains(&"e1c1".to_string()));
    assert!(!moves_of("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1").contains(&"e1c1".to_string()));
}

#[test]
fn promotions_all_four() {
    let m = moves_of("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for s in [
        "a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n",
    ] {
        assert!(m.contains(&s.to_string()), "{s}");
    }
}

fn play(game: &mut Chess, moves: &[&str]) {
    for text in moves {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        game.make(mv);
    }
}

#[test]
fn endings() {
    let mate = Chess::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(mate.outcome(), Some(Outcome::Win(Player::First)));
    let stalemate = Chess::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw));
    let fifty = Chess::from_fen("7k/8/6K1/8/8/8/8/R7 b - - 100 80").unwrap();
    assert_eq!(fifty.outcome(), Some(Outcome::Draw));
    let ninety_nine = Chess::from_fen("7k/8/6K1/8/8/8/8/R7 b - - 99 80").unwrap();
    assert_eq!(ninety_nine.outcome(), None);
    for fen in [
        "7k/8/6K1/8/8/8/8/8 w - - 0 1",
        "7k/8/6K1/8/8/8/8/6N1 w - - 0 1",
        "7k/8/6K1/8/8/8/b7/7B w - - 0 1",
    ] {
        assert_eq!(
            Chess::from_fen(fen).unwrap().outcome(),
            Some(Outcome::Draw),
            "{fen}"
        );
    }
    // Bishops on squares of both colours can still mate.
    assert_eq!(
        Chess::from_fen("7k/8/6K1/8/8/8/1b6/7B w - - 0 1")
            .unwrap()
            .outcome(),
        None
    );
    // Threefold repetition by knight moves.
    let mut game = Chess::new();
    play(
        &mut game,
        &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"],
    );
    assert_eq!(game.outcome(), None);
    play(&mut game, &["f6g8"]);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

#[test]
fn notation_and_render() {
    let game = Chess::new();
    assert!(game.parse_move("e2e5").is_err());
    assert!(game.parse_move("e2").is_err());
    assert!(game.parse_move("e7e8x").is_err());
    assert_eq!(game.move_text(game.parse_move("e2e4").unwrap()), "e2e4");
    assert_eq!(game.position_text(), cgtk_chess::START_FEN);
    assert!(game.parse_position("junk").is_err());
    insta::assert_snapshot!(game.render(), @r"
    8  r n b q k b n r
    7  p p p p p p p p
    6  . . . . . . . .
    5  . . . . . . . .
    4  . . . . . . . .
    3  . . . . . . . .
    2  P P P P P P P P
    1  R N B Q K B N R
       a b c d e f g h
    white to move
    ");
}

trait ParseSq {
    fn parse_sq(&self) -> cgtk_chess::Square;
}
impl ParseSq for str {
    fn parse_sq(&self) -> cgtk_chess::Square {
        cgtk_chess::Square::parse(self).unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 24 } else { 200 }))]

    /// Along random games: FEN round trip, make/unmake restores position and hash, the
    /// incremental hash equals the recomputed one, counting agrees with listing, and every
    /// generated move is legal (the mover's king is never left attacked).
    #[test]
    fn random_playouts(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Chess::new();
        let mut list = MoveList::new();
        for _ in 0..200 {
            let pos = game.position().clone();
            prop_assert_eq!(&Position::from_fen(&pos.fen()).unwrap(), &pos);
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            prop_assert_eq!(game.key(), pos.hash());
            if game.outcome().is_some() {
                break;
            }
            pos.legal_moves(&mut list);
            prop_assert_eq!(pos.count_legal(), list.len());
            let mut captures = MoveList::new();
            pos.legal_captures(&mut captures);
            let n_tactical = list.iter().filter(|m| m.is_capture() || m.promotion.is_some()).count();
            prop_assert_eq!(captures.len(), n_tactical);
            for &mv in list.iter() {
                let before = game.clone();
                let undo = game.make(mv);
                let mover = game.position().side_to_move().flip();
                prop_assert!(!game.position().is_attacked(game.position().king_square(mover), mover.flip()));
                game.unmake(mv, undo);
                prop_assert_eq!(&game, &before);
            }
            let mv = list[rng.gen_range(0..list.len())];
            game.make(mv);
        }
    }
}
