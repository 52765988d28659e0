//! The engine against the naive solver, position by position, and against published facts.

mod common;

use cgtk_core::{PerfectIndex, Value};
use cgtk_games::fox_hounds::FoxHounds;
use cgtk_games::kono::Kono;
use cgtk_games::mu_torere::MuTorere;
use cgtk_retro::{reachable, solve, Solution};
use common::naive_solve;

fn check_against_naive<G: cgtk_core::Predecessors + Sync>(game: &G) -> Solution {
    let solution = solve(game, &|_| {}).unwrap();
    let naive = naive_solve(game);
    let mut legal = 0;
    for i in 0..game.index_size() {
        assert_eq!(solution.verdict(i), naive.get(&i).copied(), "index {i}");
        legal += naive.contains_key(&i) as u64;
    }
    assert_eq!(solution.counts().total(), legal);
    solution
}

#[test]
fn mu_torere_matches_naive_solver() {
    for variant in ["standard", "first-two-turns"] {
        check_against_naive(&MuTorere::start(variant.parse().unwrap()));
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn fox_hounds_matches_naive_solver() {
    let solution = check_against_naive(&FoxHounds::start(Default::default()));
    // Every hound move goes forward, so the game is finite: no draws at all.
    assert_eq!(solution.counts().draws, 0);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn kono_with_few_pieces_matches_naive_solver() {
    for variant in ["max-pieces=2", "compulsory-capture,max-pieces=3"] {
        let solution = check_against_naive(&Kono::start(variant.parse().unwrap()));
        let c = solution.counts();
        assert!(
            c.draws > 0 && c.wins > 0 && c.losses > 0,
            "{variant}: {c:?}"
        );
    }
}

/// Wikipedia, "Mū tōrere" (section Analysis): "Mū tōrere has 1180 reachable positions. Out
/// of those, 208 are winning, 128 are losing, and 844 are draws. The initial position is a
/// draw." Also P. D. Straffin, "Position graphs for Pong Hau K'i and Mu Torere",
/// Mathematics Magazine 68 (1995): neither player can force a win from the start.
#[test]
fn mu_torere_is_a_draw_from_the_start() {
    let start = MuTorere::start(Default::default());
    let solution = solve(&start, &|_| {}).unwrap();
    assert_eq!(solution.verdict(start.index()).unwrap().value, Value::Draw);
    let reach = reachable(&start);
    let mut c = cgtk_retro::Counts::default();
    for i in reach.iter() {
        c.add(solution.verdict(i).unwrap());
    }
    assert_eq!(reach.count(), 1180);
    assert_eq!((c.wins, c.losses, c.draws), (208, 128, 844));
}

/// The hounds win Fox and Hounds with correct play when the fox moves first (J. Hurd,
/// "Fox & Hounds", gilith.wordpress.com, 2018, solving the game by exhaustive analysis).
#[test]
fn fox_hounds_hounds_win_with_fox_first() {
    for fox in ["b8", "d8", "f8", "h8"] {
        let start = FoxHounds::start(format!("fox={fox}").parse().unwrap());
        let solution = solve(&start, &|_| {}).unwrap();
        let v = solution.verdict(start.index()).unwrap();
        assert_eq!(v.value, Value::Loss, "fox on {fox}");
    }
}
