//! The full Four Field Kono, solved on its symmetry-reduced index, checked for internal
//! consistency class by class and against an earlier solve without symmetry reduction.
//!
//! Seconds in release mode; skipped in debug builds.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::{Game, PerfectIndex, Value};
use cgtk_games::kono::Kono;
use cgtk_retro::{reachable, solve, Solution, Verdict};
use rayon::prelude::*;

/// Every win has a move to a loss at distance − 1 and none to a loss closer; every loss
/// has all moves to wins, the longest at distance − 1; every draw has a move to a draw and
/// none to a loss. Checked on each class's representative (its symmetric images have the
/// same moves, transformed, into the same classes).
fn check_consistency(start: &Kono, solution: &Solution) {
    let bad: u64 = (0..start.index_size())
        .into_par_iter()
        .map_init(Vec::new, |moves, i| {
            let Some(mut pos) = start.position_at(i) else {
                return (solution.verdict(i).is_some()) as u64;
            };
            let Some(v) = solution.verdict(i) else {
                return 1;
            };
            pos.legal_moves(moves);
            let children: Vec<Verdict> = moves
                .iter()
                .map(|&mv| {
                    pos.make(mv);
                    let c = solution.verdict(pos.index());
                    pos.unmake(mv, ());
                    c.expect("every move leads to a legal position")
                })
                .collect();
            (!consistent(v, &children)) as u64
        })
        .sum();
    assert_eq!(bad, 0, "inconsistent positions");
}

/// Whether verdict `v` follows from the verdicts of the children.
fn consistent(v: Verdict, children: &[Verdict]) -> bool {
    let losses = children.iter().filter(|c| c.value == Value::Loss);
    match (v.value, v.distance) {
        (Value::Win, Some(d)) => losses.filter_map(|c| c.distance).min() == Some(d - 1),
        (Value::Loss, Some(d)) => {
            children.iter().all(|c| c.value == Value::Win)
                && children
                    .iter()
                    .filter_map(|c| c.distance)
                    .max()
                    .map_or(0, |m| m + 1)
                    == d
        }
        (Value::Draw, None) => {
            losses.count() == 0 && children.iter().any(|c| c.value == Value::Draw)
        }
        _ => false,
    }
}

/// Legal positions: at most 8 pieces a side, either side to move, by the multinomial
/// formula: the sum over a, b <= 8 of 16! / (a! b! (16 - a - b)!), twice.
fn legal_positions() -> u64 {
    let f = |n: u64| (1..=n).product::<u64>();
    let mut legal = 0u64;
    for a in 0..=8 {
        for b in 0..=8 {
            legal += 2 * f(16) / (f(a) * f(b) * f(16 - a - b));
        }
    }
    legal
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn full_kono_is_consistent() {
    let want = cgtk_testkit::reference!("kono.txt");
    for (variant, prefix) in [("standard", ""), ("compulsory-capture", "compulsory_")] {
        let start = Kono::start(variant.parse().unwrap());
        let solution = solve(&start, &|_| {}).unwrap();
        check_consistency(&start, &solution);
        let all = solution.position_counts(&start);
        assert_eq!(all.total(), legal_positions(), "{variant}");
        let reach = reachable(&start);
        let from_start = reach.counts(&solution);
        let start_value = solution.verdict(start.index()).unwrap().value;
        let longest = solution.longest_win().unwrap().1;
        let mut got = vec![
            ("reachable", reach.count()),
            ("longest_win", longest as u64),
        ];
        if prefix.is_empty() {
            got.extend([
                ("legal", all.total()),
                ("wins", all.wins),
                ("losses", all.losses),
                ("draws", all.draws),
                ("reachable_wins", from_start.wins),
                ("reachable_losses", from_start.losses),
                ("reachable_draws", from_start.draws),
            ]);
        }
        for (key, value) in got {
            assert_eq!(
                value.to_string(),
                want.value(&format!("{prefix}{key}")),
                "{key}"
            );
        }
        assert_eq!(start_value.as_str(), want.value(&format!("{prefix}start")));
    }
}
