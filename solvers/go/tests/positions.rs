//! Diagrams and SGF: round trips and errors.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::Game;
use cgtk_go::{
    write_sgf, Color, DiagramError, Go, Komi, KomiError, Rules, Setup, SgfError, SgfGame,
};
use proptest::prelude::*;

fn arb_setup() -> impl Strategy<Value = Setup> {
    (1usize..20, 1usize..20, any::<bool>()).prop_flat_map(|(w, h, white)| {
        proptest::collection::vec(
            prop_oneof![
                Just(None),
                Just(Some(Color::Black)),
                Just(Some(Color::White))
            ],
            w * h,
        )
        .prop_map(move |stones| Setup {
            width: w,
            height: h,
            stones,
            to_move: if white { Color::White } else { Color::Black },
        })
    })
}

fn random_game(w: usize, h: usize, komi: i32, choices: &[usize]) -> Go {
    let rules = Rules {
        komi: Komi(komi),
        ..Rules::for_size(w, h)
    };
    let mut go = Go::with_rules(w, h, rules).unwrap();
    let mut moves = Vec::new();
    for &c in choices {
        go.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        go.make(moves[c % moves.len()]);
    }
    go
}

proptest! {
    #[test]
    fn diagram_round_trip(setup in arb_setup()) {
        let text = setup.to_diagram();
        prop_assert_eq!(Setup::from_diagram(&text).unwrap(), setup);
    }

    #[test]
    fn sgf_round_trip_of_set_up_positions(setup in arb_setup()) {
        // Only legal set-ups become games; the others must be refused by validation.
        match setup.position(None) {
            Ok(go) => {
                let read = SgfGame::parse(&write_sgf(&go)).unwrap();
                prop_assert_eq!(&read.setup, &setup);
                prop_assert_eq!(read.into_go(None).unwrap(), go);
            }
            Err(e) => prop_assert!(!e.reasons.is_empty()),
        }
    }

    #[test]
    fn sgf_round_trip_of_games(
        w in 1usize..20, h in 1usize..20, komi in -20i32..20,
        choices in proptest::collection::vec(0usize..10_000, 0..60),
    ) {
        let go = random_game(w, h, komi, &choices);
        let text = write_sgf(&go);
        let back = SgfGame::parse(&text).unwrap().into_go(None).unwrap();
        prop_assert_eq!(back.board(), go.board());
        prop_assert_eq!(back.moves(), go.moves());
        prop_assert_eq!(back.rules(), go.rules());
        prop_assert_eq!(back, go);
    }
}

#[test]
fn sgf_reads_rectangles_setup_lists_and_variations() {
    let game = SgfGame::parse(
        "(;FF[4]GM[1]SZ[7:5]KM[6.5]C[a comment \\] here]AB[aa:bb][gd]AW[ce]PL[W]\
         ;AE[ab];W[dc](;B[tt];W[ee])(;B[ff]))",
    )
    .unwrap();
    assert_eq!((game.setup.width, game.setup.height), (7, 5));
    let black: Vec<usize> = (0..35)
        .filter(|&i| game.setup.stones[i] == Some(Color::Black))
        .collect();
    assert_eq!(black, vec![0, 1, 8, 27]);
    assert_eq!(game.setup.stones[4 * 7 + 2], Some(Color::White));
    assert_eq!(game.setup.to_move, Color::White);
    assert_eq!(game.komi, Some(Komi(13)));
    assert_eq!(
        game.moves,
        vec![
            (Color::White, Some((3, 2))),
            (Color::Black, None),
            (Color::White, Some((4, 4)))
        ]
    );
}

#[test]
fn sgf_errors_are_typed() {
    let unsupported = |t: &str| matches!(SgfGame::parse(t), Err(SgfError::Unsupported { .. }));
    assert!(unsupported("(;SZ[21])"));
    assert!(unsupported("(;FF[5])"));
    assert!(unsupported("(;SZ[9];B[aa]AB[bb])"));
    let bad_value = |t: &str| matches!(SgfGame::parse(t), Err(SgfError::BadValue { .. }));
    assert!(bad_value("(;SZ[x])"));
    assert!(bad_value("(;SZ[5];B[zz])"));
    assert!(bad_value("(;KM[x])"));
    // A number that is no komi says why (it was a bare "bad value \"2000\"").
    for (text, reason) in [
        ("(;KM[0.3])", KomiError::NotHalf),
        ("(;KM[2000])", KomiError::OutOfRange),
        ("(;KM[-1000.5])", KomiError::OutOfRange),
    ] {
        let err = SgfGame::parse(text).unwrap_err();
        assert!(
            matches!(&err, SgfError::BadKomi { reason: r, .. } if *r == reason),
            "{text}: {err:?}"
        );
    }
    assert_eq!(
        SgfGame::parse("(;KM[2000])").unwrap_err().to_string(),
        "bad value \"2000\" for property KM: komi must lie between -1000 and 1000"
    );
    assert_eq!(
        SgfGame::parse("(;KM[-1000])").unwrap().komi,
        Some(Komi(-2000))
    );
    assert!(bad_value("(;PL[X])"));
    assert!(bad_value("(;SZ[5]AB[aa:zz])"));
    // One node setting a point twice: the last setting used to win silently.
    for (text, first, second) in [
        ("(;SZ[5]AB[aa]AW[aa])", "AB", "AW"),
        ("(;SZ[5]AB[aa][aa])", "AB", "AB"),
        ("(;SZ[5]AB[bb]AE[aa:cc])", "AB", "AE"),
    ] {
        let err = SgfGame::parse(text).unwrap_err();
        assert!(
            matches!(&err, SgfError::SetTwice { first: f, second: s, .. } if f == first && s == second),
            "{text}: {err:?}"
        );
    }
    assert_eq!(
        SgfGame::parse("(;SZ[5]AB[aa]AW[aa])")
            .unwrap_err()
            .to_string(),
        "point aa is set up twice in one node (AB and AW); a node sets each point once"
    );
    // Set-up in a later node may change a point (before the first move).
    assert!(SgfGame::parse("(;SZ[5]AB[aa];AW[aa])").is_ok());
    let syntax = |t: &str| matches!(SgfGame::parse(t), Err(SgfError::Syntax { .. }));
    assert!(syntax(""));
    assert!(syntax("(SZ[9])"));
    assert!(syntax("(;SZ)"));
    assert!(syntax("(;SZ[9]"));
    // Stones without liberties in the set-up: both strings reported.
    let e = SgfGame::parse("(;SZ[2:1]AB[aa]AW[ba])")
        .unwrap()
        .into_go(None)
        .unwrap_err();
    match e {
        SgfError::Position(p) => assert_eq!(p.reasons.len(), 2),
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn diagram_errors() {
    assert_eq!(Setup::from_diagram("\n \n"), Err(DiagramError::Empty));
    assert_eq!(
        Setup::from_diagram("X?."),
        Err(DiagramError::BadChar { ch: '?', row: 1 })
    );
    assert_eq!(
        Setup::from_diagram("X..\n.."),
        Err(DiagramError::Ragged {
            row: 2,
            expected: 3,
            found: 2
        })
    );
}

// Regression: a record that plays on after two passes (as GTP controllers do to settle
// dead stones) was refused as an illegal move after the end of the game.
#[test]
fn sgf_plays_on_after_two_passes() {
    for text in [
        "(;SZ[5];B[cc];W[];B[];W[bb])",
        "(;SZ[5];B[cc];W[tt];B[tt];W[bb])",
        "(;SZ[5];B[];W[];B[];W[];B[dd])",
    ] {
        let game = SgfGame::parse(text).unwrap();
        let go = game.into_go(None).unwrap();
        let &(color, last) = game.moves.last().unwrap();
        let (x, y) = last.unwrap();
        let point = go.board().point(x, y).unwrap();
        assert_eq!(go.board().color_at(point), Some(color), "{text}");
        assert_eq!(go.passes(), 0, "{text}");
        assert_eq!(go.moves().len(), game.moves.len(), "{text}");
        // The written record reads back as the same game.
        assert_eq!(
            SgfGame::parse(&write_sgf(&go))
                .unwrap()
                .into_go(None)
                .unwrap(),
            go
        );
    }
    // Two passes still end the game when nothing follows them.
    let ended = SgfGame::parse("(;SZ[5];B[];W[])")
        .unwrap()
        .into_go(None)
        .unwrap();
    assert!(ended.outcome().is_some());
}
