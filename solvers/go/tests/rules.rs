//! Rules: captures, suicide, ko and superko, scoring, set-up validation, make/unmake.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::{Game, Outcome, Player};
use cgtk_go::{Board, Color, Go, IllegalMove, Invalid, Move, Rules, Setup, Superko};
use proptest::prelude::*;

fn at(go: &Go, x: usize, y: usize) -> Move {
    Move::Play(go.board().point(x, y).unwrap())
}

/// Plays `(colour, x, y)` moves in order, each checked.
fn game(width: usize, height: usize, moves: &[(Color, usize, usize)]) -> Go {
    let mut go = Go::new(width, height).unwrap();
    for &(c, x, y) in moves {
        let mv = at(&go, x, y);
        go.play(mv, c).unwrap();
    }
    go
}

use Color::{Black as B, White as W};

#[test]
fn single_capture_removes_the_stone_and_counts() {
    let go = game(
        5,
        5,
        &[(W, 2, 2), (B, 1, 2), (B, 3, 2), (B, 2, 1), (B, 2, 3)],
    );
    assert_eq!(go.board().color_at(go.board().point(2, 2).unwrap()), None);
    assert_eq!(go.board().area(), (25, 0));
}

#[test]
fn multi_stone_capture_takes_the_whole_string() {
    // White's three stones on the top edge, surrounded by five black stones.
    let go = game(
        5,
        5,
        &[
            (W, 1, 0),
            (W, 2, 0),
            (W, 3, 0),
            (B, 0, 0),
            (B, 4, 0),
            (B, 1, 1),
            (B, 2, 1),
        ],
    );
    assert_eq!(go.board().string(go.board().point(1, 0).unwrap()).len(), 3);
    let mut go = go;
    let taken = go.board().clone().play(go.board().point(3, 1).unwrap(), B);
    assert_eq!(taken.captured, 3);
    go.play(at(&go, 3, 1), B).unwrap();
    for x in 1..4 {
        assert_eq!(go.board().color_at(go.board().point(x, 0).unwrap()), None);
    }
}

#[test]
fn capture_of_two_strings_at_once() {
    // Two white stones at (0,0) and (2,0), each in atari at (1,0)... a black stone there
    // takes both.
    let go = game(
        3,
        2,
        &[(W, 0, 0), (W, 2, 0), (B, 0, 1), (B, 2, 1), (B, 1, 1)],
    );
    let mut board = go.board().clone();
    assert_eq!(board.play(board.point(1, 0).unwrap(), B).captured, 2);
}

#[test]
fn suicide_is_refused_unless_allowed() {
    let go = game(3, 3, &[(B, 1, 0), (B, 0, 1)]);
    assert_eq!(go.check(at(&go, 0, 0), W), Err(IllegalMove::Suicide));
    // Filling the last liberty of its own two-stone string is suicide for White...
    let go2 = game(
        4,
        2,
        &[(W, 0, 0), (W, 0, 1), (B, 1, 0), (B, 2, 0), (B, 2, 1)],
    );
    assert_eq!(go2.check(at(&go2, 1, 1), W), Err(IllegalMove::Suicide));
    // ...but not when it takes the black string in atari on the same point.
    let go2 = game(2, 2, &[(W, 0, 0), (B, 1, 0), (B, 1, 1)]);
    assert_eq!(go2.check(at(&go2, 0, 1), W), Ok(()));
    let mut rules = Rules::for_size(2, 2);
    rules.allow_suicide = true;
    let mut go3 = Go::with_rules(4, 2, rules).unwrap();
    for (c, x, y) in [(W, 0, 0), (W, 0, 1), (B, 1, 0), (B, 2, 0), (B, 2, 1)] {
        let mv = at(&go3, x, y);
        go3.play(mv, c).unwrap();
    }
    go3.play(at(&go3, 1, 1), W).unwrap();
    assert_eq!(
        go3.board().area(),
        (8, 0),
        "the suicide removed the three white stones"
    );
}

/// A ko on a 4×3 board: Black takes at (1,1); White's immediate retake repeats.
fn ko_position() -> Go {
    // . X O .
    // X O . O
    // . X O .
    game(
        4,
        3,
        &[
            (B, 1, 0),
            (B, 0, 1),
            (B, 1, 2),
            (W, 2, 0),
            (W, 1, 1),
            (W, 3, 1),
            (W, 2, 2),
        ],
    )
}

#[test]
fn simple_ko_retake_is_refused() {
    let mut go = ko_position();
    go.play(at(&go, 2, 1), B).unwrap(); // takes the white stone at (1,1)
    assert_eq!(go.board().color_at(go.board().point(1, 1).unwrap()), None);
    assert_eq!(go.check(at(&go, 1, 1), W), Err(IllegalMove::Superko));
    // After a move elsewhere, the retake is legal again (the position is new).
    go.play(at(&go, 3, 2), W).unwrap();
    go.play(at(&go, 0, 2), B).unwrap();
    assert_eq!(go.check(at(&go, 1, 1), W), Ok(()));
}

#[test]
fn scoring_counts_stones_and_surrounded_empty_points() {
    // . X O .
    // . X O .      Black: 2+... columns 0-1 black area 6, White columns 2-3 area 6.
    // . X O .
    let go = game(
        4,
        3,
        &[
            (B, 1, 0),
            (B, 1, 1),
            (B, 1, 2),
            (W, 2, 0),
            (W, 2, 1),
            (W, 2, 2),
        ],
    );
    assert_eq!(go.board().area(), (6, 6));
    assert_eq!(go.score_text(), "0");
    // A neutral point (touching both colours) counts for nobody.
    let go = game(3, 1, &[(B, 0, 0), (W, 2, 0)]);
    assert_eq!(go.board().area(), (1, 1));
    let mut rules = Rules::for_size(9, 9);
    assert_eq!(rules.komi.halves(), 15);
    rules.komi = cgtk_go::Komi(3);
    let mut g = Go::with_rules(9, 9, rules).unwrap();
    g.play(at(&g, 4, 4), B).unwrap();
    g.play(Move::Pass, W).unwrap();
    g.play(Move::Pass, B).unwrap();
    assert_eq!(g.score_halves(), 2 * 81 - 3);
    assert_eq!(g.score_text(), "B+79.5");
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    assert!(g.legal_moves_vec().is_empty());
}

trait Moves {
    fn legal_moves_vec(&self) -> Vec<Move>;
}
impl Moves for Go {
    fn legal_moves_vec(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v
    }
}

#[test]
fn setup_reports_every_string_without_liberty() {
    let mut setup = Setup::empty(3, 1);
    setup.stones = vec![Some(B), Some(W), Some(B)];
    let err = setup.position(None).unwrap_err();
    assert_eq!(
        err.reasons,
        vec![
            Invalid::NoLiberty {
                color: B,
                x: 0,
                y: 0,
                vertex: "A1".into()
            },
            Invalid::NoLiberty {
                color: W,
                x: 1,
                y: 0,
                vertex: "B1".into()
            },
            Invalid::NoLiberty {
                color: B,
                x: 2,
                y: 0,
                vertex: "C1".into()
            },
        ]
    );
    // Points are named as users write them (GTP coordinates), not by internal indices.
    assert_eq!(
        err.to_string(),
        "illegal position: the black string at A1 has no liberty; the white string at B1 \
         has no liberty; the black string at C1 has no liberty"
    );
    let bad = Setup {
        width: 20,
        ..Setup::empty(3, 3)
    };
    assert!(matches!(
        bad.position(None).unwrap_err().reasons[0],
        Invalid::Size(_)
    ));
    let short = Setup {
        stones: vec![None; 3],
        ..Setup::empty(2, 2)
    };
    assert_eq!(
        short.position(None).unwrap_err().reasons,
        vec![Invalid::PointCount {
            expected: 4,
            found: 3
        }]
    );
}

#[test]
fn every_size_from_1x1_to_19x19_builds() {
    for w in 1..=19 {
        for h in 1..=19 {
            let go = Go::new(w, h).unwrap();
            assert_eq!(go.board().points().count(), w * h);
        }
    }
    // 1×1: the only stone would be suicide; only the pass is legal.
    assert_eq!(Go::new(1, 1).unwrap().legal_moves_vec(), vec![Move::Pass]);
    assert!(Board::new(19, 20).is_err());
}

/// Plays `choices` as indices into the legal moves; returns the game.
fn random_game(width: usize, height: usize, choices: &[usize]) -> Go {
    let mut go = Go::new(width, height).unwrap();
    let mut moves = Vec::new();
    for &c in choices {
        go.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        // Avoid passes mostly so that games have captures.
        let mv = moves[c % moves.len()];
        go.make(mv);
    }
    go
}

/// The naive rule: play on a copy, then compare the whole board (and, situationally,
/// the side to move) with every earlier position replayed from the start.
fn naive_legal(go: &Go, mv: Move, rules: Rules) -> bool {
    let Move::Play(p) = mv else {
        return go.passes() < 2;
    };
    if go.passes() >= 2 || go.board().color_at(p).is_some() {
        return false;
    }
    let mut after = go.board().clone();
    let placed = after.play(p, go.to_move_color());
    if placed.suicided > 0 && !rules.allow_suicide {
        return false;
    }
    let stones = |b: &Board| b.points().map(|q| b.color_at(q)).collect::<Vec<_>>();
    let target = (stones(&after), go.to_move_color().opponent());
    let mut replay = go.start_setup().position(Some(rules)).unwrap();
    let mut seen = vec![(stones(replay.board()), replay.to_move_color())];
    for &(c, m) in go.moves() {
        replay.set_to_move(c);
        replay.make(m);
        seen.push((stones(replay.board()), replay.to_move_color()));
    }
    !seen.iter().any(|s| match rules.superko {
        Superko::Positional => s.0 == target.0,
        Superko::Situational => *s == target,
    })
}

proptest! {
    #[test]
    fn legality_agrees_with_the_naive_definition(
        w in 1usize..5, h in 1usize..4, situational in any::<bool>(), suicide in any::<bool>(),
        choices in proptest::collection::vec(0usize..1000, 0..80),
    ) {
        let mut rules = Rules::for_size(w, h);
        rules.allow_suicide = suicide;
        if situational { rules.superko = Superko::Situational; }
        let mut go = Go::with_rules(w, h, rules).unwrap();
        let mut moves = Vec::new();
        for &c in &choices {
            let all: Vec<Move> = go.board().points().map(Move::Play).chain([Move::Pass]).collect();
            go.legal_moves(&mut moves);
            for &mv in &all {
                prop_assert_eq!(moves.contains(&mv), naive_legal(&go, mv, rules), "{:?}", mv);
            }
            if moves.is_empty() { break; }
            // Passes are rare so that games reach captures and repetitions.
            let stones: Vec<Move> = moves.iter().copied().filter(|&m| m != Move::Pass).collect();
            let mv = if stones.is_empty() || c % 10 == 0 { moves[c % moves.len()] } else { stones[c % stones.len()] };
            go.make(mv);
        }
    }

    #[test]
    fn make_then_unmake_restores_the_position(
        w in 1usize..6, h in 1usize..6, choices in proptest::collection::vec(0usize..1000, 0..60),
        extra in 0usize..1000,
    ) {
        let mut go = random_game(w, h, &choices);
        let before = go.clone();
        let mut moves = Vec::new();
        go.legal_moves(&mut moves);
        if let Some(&mv) = moves.get(extra % moves.len().max(1)) {
            let undo = go.make(mv);
            go.unmake(mv, undo);
            prop_assert_eq!(&go, &before);
            prop_assert_eq!(go.board().hash(), before.board().hash());
        }
    }

    #[test]
    fn incremental_strings_agree_with_a_rebuilt_board(
        w in 1usize..8, h in 1usize..8, choices in proptest::collection::vec(0usize..1000, 0..120),
    ) {
        let go = random_game(w, h, &choices);
        let rebuilt = go.setup().position(None).unwrap();
        prop_assert_eq!(go.board().hash(), rebuilt.board().hash());
        for p in go.board().points() {
            prop_assert_eq!(go.board().liberties(p), rebuilt.board().liberties(p));
            prop_assert_eq!(go.board().string(p), rebuilt.board().string(p));
            if go.board().color_at(p).is_some() {
                prop_assert!(go.board().liberties(p) > 0);
            }
            // The O(1) placement test agrees with playing on a copy.
            for c in [B, W] {
                if go.board().color_at(p).is_none() {
                    let mut copy = go.board().clone();
                    let placed = copy.play(p, c);
                    prop_assert_eq!(go.board().is_placeable(p, c), placed.suicided == 0);
                    prop_assert_eq!(go.board().hash_after(p, c), copy.hash());
                }
            }
        }
    }
}

#[test]
fn the_generic_engines_of_cgtk_search_play_go() {
    use cgtk_search::{mcts, AlphaBeta, Limits, MctsConfig, NoChance};
    let mut go = Go::new(3, 3).unwrap();
    let result = AlphaBeta::new().search(&mut go, Limits::depth(3));
    let mv = result.best_move.unwrap();
    assert!(go.is_legal(mv));
    let tree = mcts(
        &NoChance(go.clone()),
        &MctsConfig {
            playouts: 300,
            seed: 2,
            ..Default::default()
        },
    );
    assert!(go.is_legal(tree.best_move.unwrap()));
}

/// Two passes ended `play go` with "the player to move has no legal move": the game ends
/// because both players passed, and the reason gives the area score with komi.
#[test]
fn two_passes_end_the_game_with_the_score_as_reason() {
    let mut go = Go::new(3, 3).unwrap();
    assert_eq!(go.end_reason(), None);
    go.make(Move::Pass);
    go.make(Move::Pass);
    assert_eq!(go.outcome(), Some(Outcome::Draw));
    assert_eq!(
        go.end_reason().unwrap(),
        "both players passed; the area score with komi 0 is even"
    );
    let mut go = Go::new(9, 9).unwrap();
    go.make(Move::Play(go.board().point(4, 4).unwrap()));
    go.make(Move::Pass);
    go.make(Move::Pass);
    assert_eq!(
        go.end_reason().unwrap(),
        "both players passed; Black wins by 73.5 on the area score with komi 7.5"
    );
    let mut go = Go::new(9, 9).unwrap();
    go.make(Move::Pass);
    go.make(Move::Pass);
    assert_eq!(
        go.end_reason().unwrap(),
        "both players passed; White wins by 7.5 on the area score with komi 7.5"
    );
}
