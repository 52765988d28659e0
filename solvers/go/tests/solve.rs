//! Exact values of tiny boards (area scoring, positional superko, komi 0).
//!
//! Published values: E. C. D. van der Werf, H. J. van den Herik, J. W. H. M. Uiterwijk,
//! "Solving Go on small boards", ICGA Journal 26(2), 2003: 2×2 Black +1, 3×3 Black +9
//! (centre), 4×4 Black +2; see tests/data/tiny_boards.txt.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::Game;
use cgtk_go::{solve_board, solve_position, Go, Komi, Move, SolveOptions};

const NO_TABLE: SolveOptions = SolveOptions {
    table: false,
    max_nodes: None,
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
        assert_eq!(a.score_halves, b.score_halves, "{w}x{h}");
        check_pv(w, h, Komi(0), a.score_halves, &a.pv);
        check_pv(w, h, Komi(0), b.score_halves, &b.pv);
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
#[ignore = "not reached yet: the solver needs more than 2e7 nodes on 3x3 (no safe regions, no symmetry, the table is keyed by the set of seen positions)"]
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
#[ignore = "not reached yet, as for the empty 3x3 board"]
fn three_by_three_side_and_corner_openings() {
    // After a side opening Black wins by 3; after a corner opening White wins by 9
    // (van der Werf et al.). Solve White's reply to each.
    for ((x, y), value) in [((1, 0), 3), ((0, 0), -9)] {
        let mut go = Go::new(3, 3).unwrap();
        go.make(Move::Play(go.board().point(x, y).unwrap()));
        let s = solve_position(&go, SolveOptions::default()).unwrap();
        assert_eq!(s.score_halves, 2 * value, "opening at ({x}, {y})");
    }
}

#[test]
#[ignore = "long: 4x4 is far larger (run with --release -- --ignored)"]
fn four_by_four_is_black_plus_two() {
    let s = solve_board(4, 4, Komi(0), SolveOptions::default()).unwrap();
    assert_eq!(s.score_halves, 2 * expected(4, 4));
}
