//! Exact values of tiny boards (area scoring, positional superko, komi 0).
//!
//! Published values: E. C. D. van der Werf, H. J. van den Herik, J. W. H. M. Uiterwijk,
//! "Solving Go on small boards", ICGA Journal 26(2), 2003: 2×2 Black +1, 3×3 Black +9
//! (centre), 4×4 Black +2; see tests/data/tiny_boards.txt.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::Game;
use cgtk_go::{solve_board, solve_position, Go, Komi, Move, SolveError, SolveMethod, SolveOptions};
use rand::{Rng, SeedableRng};

const NO_TABLE: SolveOptions = SolveOptions {
    method: SolveMethod::NoTable,
    max_nodes: None,
    table_bits: 16,
};

const HISTORY_KEYED: SolveOptions = SolveOptions {
    method: SolveMethod::HistoryKeyed,
    max_nodes: None,
    table_bits: 16,
};

fn published() -> Vec<(usize, usize, i32)> {
    let text = include_str!("data/tiny_boards.txt");
    assert!(text.starts_with("# Source: "));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let (w, h) = f[0].split_once('x').unwrap();
            (
                w.parse().unwrap(),
                h.parse().unwrap(),
                f[1].parse().unwrap(),
            )
        })
        .collect()
}

/// The rectangles of `small_rectangles.txt` (Drange et al.; a cross-check).
fn rectangles() -> Vec<(usize, usize, i32)> {
    let text = include_str!("data/small_rectangles.txt");
    assert!(text.starts_with("# Source: "));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let (w, h) = f[0].split_once('x').unwrap();
            (
                w.parse().unwrap(),
                h.parse().unwrap(),
                f[1].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn small_rectangles_agree_with_the_mini_go_table() {
    // 4x3 and 3x4 take about 1.4e5 nodes each.
    for (w, h, value) in rectangles() {
        let s = solve_board(w, h, Komi(0), SolveOptions::default()).unwrap();
        assert_eq!(s.score_halves, 2 * value, "{w}x{h}");
        check_pv(w, h, Komi(0), s.score_halves, &s.pv);
    }
}

fn expected(w: usize, h: usize) -> i32 {
    published()
        .into_iter()
        .find(|&(a, b, _)| (a, b) == (w, h))
        .unwrap()
        .2
}

#[test]
fn two_by_two_is_black_plus_one() {
    let s = solve_board(2, 2, Komi(0), SolveOptions::default()).unwrap();
    assert_eq!(s.score_halves, 2 * expected(2, 2));
    check_pv(2, 2, Komi(0), s.score_halves, &s.pv);
}

#[test]
fn thin_boards_agree_with_and_without_the_table() {
    for (w, h) in [(1, 1), (2, 1), (3, 1), (4, 1)] {
        let a = solve_board(w, h, Komi(0), SolveOptions::default()).unwrap();
        let b = solve_board(w, h, Komi(0), NO_TABLE).unwrap();
        assert_eq!(a.score_halves, b.score_halves, "{w}x{h}");
    }
}

#[test]
fn small_rectangles_agree_with_and_without_the_table() {
    for (w, h) in [(2, 2), (2, 3), (3, 2)] {
        let a = solve_board(w, h, Komi(0), SolveOptions::default()).unwrap();
        let b = solve_board(w, h, Komi(0), NO_TABLE).unwrap();
        let c = solve_board(w, h, Komi(0), HISTORY_KEYED).unwrap();
        assert_eq!(a.score_halves, b.score_halves, "{w}x{h}");
        assert_eq!(a.score_halves, c.score_halves, "{w}x{h}");
        check_pv(w, h, Komi(0), a.score_halves, &a.pv);
        check_pv(w, h, Komi(0), b.score_halves, &b.pv);
    }
}

/// Positions reached by random games (so with histories that ban moves): the fast search
/// with its position-keyed table agrees with the search keyed by the set of positions seen.
#[test]
fn random_positions_agree_with_the_history_keyed_search() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
    let mut checked = 0;
    for round in 0..48 {
        let (w, h) = [(2, 2), (2, 3), (3, 2), (4, 1), (5, 1), (1, 5)][round % 6];
        let mut go = Go::new(w, h).unwrap();
        for _ in 0..rng.gen_range(1..10) {
            let moves: Vec<Move> = go
                .board()
                .points()
                .map(Move::Play)
                .filter(|&m| go.is_legal(m))
                .collect();
            if moves.is_empty() {
                break;
            }
            go.make(moves[rng.gen_range(0..moves.len())]);
        }
        let fast = solve_position(&go, SolveOptions::default()).unwrap();
        let exact = solve_position(&go, HISTORY_KEYED).unwrap();
        assert_eq!(
            fast.score_halves,
            exact.score_halves,
            "{w}x{h} after {:?}",
            go.moves()
        );
        // The principal variation is legal from this history and scores the value.
        let mut replay = go.clone();
        for &mv in &fast.pv {
            assert!(
                replay.is_legal(mv),
                "{mv:?} illegal after {:?}",
                replay.moves()
            );
            replay.make(mv);
        }
        assert_eq!(replay.passes(), 2);
        assert_eq!(replay.score_halves(), fast.score_halves);
        checked += 1;
    }
    assert_eq!(checked, 48);
}

#[test]
fn node_limit_reports_bounds_that_hold_the_value() {
    let options = SolveOptions {
        max_nodes: Some(100),
        ..SolveOptions::default()
    };
    match solve_board(3, 3, Komi(0), options) {
        Err(SolveError::NodeLimit {
            limit,
            lower_halves,
            upper_halves,
        }) => {
            assert_eq!(limit, 100);
            assert!(lower_halves <= 18 && 18 <= upper_halves);
        }
        other => panic!("expected the node limit, got {other:?}"),
    }
}

/// Replays the principal variation: every move legal, and the game scores the value.
fn check_pv(w: usize, h: usize, komi: Komi, score_halves: i32, pv: &[Move]) {
    let mut go = Go::new(w, h).unwrap();
    go.set_komi(komi);
    for &mv in pv {
        assert!(go.is_legal(mv), "{mv:?} illegal in the pv");
        go.make(mv);
    }
    assert_eq!(go.passes(), 2, "the pv ends the game");
    assert_eq!(go.score_halves(), score_halves);
}

#[test]
fn three_by_three_is_black_plus_nine_with_the_centre() {
    let s = solve_board(3, 3, Komi(0), SolveOptions::default()).unwrap();
    assert_eq!(s.score_halves, 2 * expected(3, 3));
    let go = Go::new(3, 3).unwrap();
    assert_eq!(s.best_move, Move::Play(go.board().point(1, 1).unwrap()));
    check_pv(3, 3, Komi(0), s.score_halves, &s.pv);
    // Komi shifts the score only.
    let k = solve_board(3, 3, Komi(9), SolveOptions::default()).unwrap();
    assert_eq!(k.score_halves, 2 * expected(3, 3) - 9);
}

#[test]
fn three_by_three_side_and_corner_openings() {
    // After a side opening Black wins by 3; after a corner opening White wins by 9
    // (van der Werf et al.). Solve White's reply to each.
    for ((x, y), value) in [((1, 0), 3), ((0, 0), -9)] {
        let mut go = Go::new(3, 3).unwrap();
        go.make(Move::Play(go.board().point(x, y).unwrap()));
        let s = solve_position(&go, SolveOptions::default()).unwrap();
        assert_eq!(s.score_halves, 2 * value, "opening at ({x}, {y})");
        let mut replay = go.clone();
        for &mv in &s.pv {
            assert!(replay.is_legal(mv));
            replay.make(mv);
        }
        assert_eq!(replay.score_halves(), 2 * value);
    }
}

/// 4×4: Black wins by 2 from one of the four central points (van der Werf et al.), under
/// positional superko: about 2·10⁶ df-pn nodes (25 s in the test profile, 13–34 s in
/// release on the loaded shared machine).
#[test]
fn four_by_four_is_black_plus_two() {
    let options = SolveOptions {
        max_nodes: None,
        ..SolveOptions::default()
    };
    let s = solve_board(4, 4, Komi(0), options).unwrap();
    assert_eq!(s.score_halves, 2 * expected(4, 4));
    let go = Go::new(4, 4).unwrap();
    let centre: Vec<Move> = [(1, 1), (2, 1), (1, 2), (2, 2)]
        .iter()
        .map(|&(x, y)| Move::Play(go.board().point(x, y).unwrap()))
        .collect();
    assert!(centre.contains(&s.best_move), "{:?}", s.best_move);
    check_pv(4, 4, Komi(0), s.score_halves, &s.pv);
}
