//! The full Four Field Kono solve checked for internal consistency, position by position.
//!
//! Too heavy for the regular suite (minutes of CPU on a 2-core machine): run it with
//! `cargo test --release -p cgtk-retro --test kono_full -- --ignored`.

use cgtk_core::{Game, PerfectIndex, Value};
use cgtk_games::kono::Kono;
use cgtk_retro::{reachable, solve, Solution, Verdict};
use rayon::prelude::*;

/// Every win has a move to a loss at distance − 1 and none to a loss closer; every loss
/// has all moves to wins, the longest at distance − 1; every draw has a move to a draw and
/// none to a loss.
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
            let losses = children.iter().filter(|c| c.value == Value::Loss);
            let ok = match (v.value, v.distance) {
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
            };
            (!ok) as u64
        })
        .sum();
    assert_eq!(bad, 0, "inconsistent positions");
}

#[test]
#[ignore = "very heavy: solves the full game (minutes on 2 cores); run with --release -- --ignored"]
fn full_kono_is_consistent() {
    for variant in ["standard", "compulsory-capture"] {
        let start = Kono::start(variant.parse().unwrap());
        let solution = solve(&start, &|_| {}).unwrap();
        check_consistency(&start, &solution);
        let c = solution.counts();
        let reach = reachable(&start);
        eprintln!(
            "{variant}: legal {} wins {} losses {} draws {} reachable {} start {:?} longest {:?}",
            c.total(),
            c.wins,
            c.losses,
            c.draws,
            reach.count(),
            solution.verdict(start.index()),
            solution.longest_win()
        );
        // Each side has at most 8 pieces: sum over a, b <= 8 of 16!/(a! b! (16-a-b)!), twice.
        let mut legal = 0u64;
        let f = |n: u64| (1..=n).product::<u64>();
        for a in 0..=8 {
            for b in 0..=8 {
                legal += 2 * f(16) / (f(a) * f(b) * f(16 - a - b));
            }
        }
        assert_eq!(c.total(), legal);
    }
}
