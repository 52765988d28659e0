//! The engine against the naive solver, position by position, and against published facts.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use cgtk_core::{Game, Notation, PerfectIndex, Player, Predecessors};
use cgtk_games::fox_hounds::FoxHounds;
use cgtk_games::kono::Kono;
use cgtk_games::mu_torere::MuTorere;
use cgtk_retro::{reachable, solve, Solution};
use common::naive_solve;
use std::collections::HashSet;
use std::hash::Hash;

/// The engine against the naive solver on every position of `positions`: all the legal
/// positions of `game`'s variant, found without its index. With a symmetry-reduced
/// index this also checks that symmetric positions share a value, and that the classes
/// hold exactly these positions.
fn check_against_naive<G>(game: &G, positions: &[G]) -> Solution
where
    G: Predecessors + Sync + Eq + Hash + std::fmt::Debug,
{
    let solution = solve(game, &|_| {}).unwrap();
    let naive = naive_solve(positions);
    for p in positions {
        assert_eq!(solution.verdict(p.index()), Some(naive[p]), "{p:?}");
    }
    let classes: HashSet<u64> = positions.iter().map(|p| p.index()).collect();
    assert_eq!(solution.counts().total(), classes.len() as u64);
    assert_eq!(
        solution.position_counts(game).total(),
        positions.len() as u64
    );
    solution
}

/// Every position of a game whose index is not reduced, through the index.
fn all_positions<G: PerfectIndex>(game: &G) -> Vec<G> {
    (0..game.index_size())
        .filter_map(|i| game.position_at(i))
        .collect()
}

/// Every Kono position of a variant with few pieces, from the bitboards: `x` on any cells,
/// `o` on any of the others (every subset of the free cells, by the usual submask walk).
fn kono_positions(variant: &str) -> Vec<Kono> {
    let variant = variant.parse().unwrap();
    let mut out = Vec::new();
    for x in 0..=u16::MAX {
        if Kono::from_pieces(variant, x, 0, Player::First).is_none() {
            continue;
        }
        let free = !x;
        let mut o = free;
        loop {
            for side in [Player::First, Player::Second] {
                out.extend(Kono::from_pieces(variant, x, o, side));
            }
            if o == 0 {
                break;
            }
            o = (o - 1) & free;
        }
    }
    out
}

#[test]
fn mu_torere_matches_naive_solver() {
    for variant in ["standard", "first-two-turns"] {
        let game = MuTorere::start(variant.parse().unwrap());
        check_against_naive(&game, &all_positions(&game));
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn fox_hounds_matches_naive_solver() {
    let game = FoxHounds::start(Default::default());
    let solution = check_against_naive(&game, &all_positions(&game));
    // Every hound move goes forward, so the game is finite: no draws at all.
    assert_eq!(solution.counts().draws, 0);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn kono_with_few_pieces_matches_naive_solver() {
    for variant in [
        "max-pieces=2",
        "max-pieces=3",
        "compulsory-capture,max-pieces=3",
    ] {
        let game = Kono::start(variant.parse().unwrap());
        let solution = check_against_naive(&game, &kono_positions(variant));
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
    let want = cgtk_testkit::reference!("mu_torere.txt");
    assert_eq!(
        solution.verdict(start.index()).unwrap().value.as_str(),
        want.value("start")
    );
    let reach = reachable(&start);
    let c = reach.counts(&solution);
    assert_eq!(reach.count().to_string(), want.value("reachable"));
    assert_eq!(c.wins.to_string(), want.value("wins"));
    assert_eq!(c.losses.to_string(), want.value("losses"));
    assert_eq!(c.draws.to_string(), want.value("draws"));
}

/// The hounds win Fox and Hounds with correct play when the fox moves first (J. Hurd,
/// "Fox & Hounds", gilith.wordpress.com, 2018, solving the game by exhaustive analysis).
#[test]
fn fox_hounds_hounds_win_with_fox_first() {
    // The index records whether the fox or the hounds are to move, not the variant, so one
    // solution serves every start square.
    let solution = solve(&FoxHounds::start(Default::default()), &|_| {}).unwrap();
    for fox in ["b8", "d8", "f8", "h8"] {
        let start = FoxHounds::start(format!("fox={fox}").parse().unwrap());
        let v = solution.verdict(start.index()).unwrap();
        assert_eq!(
            v.value.as_str(),
            cgtk_testkit::reference!("fox_hounds.txt").value("start"),
            "fox on {fox}"
        );
        assert_eq!(v.distance, Some(44), "fox on {fox}");
    }
}

/// Positions reachable from `start`, found breadth first over a hash set of positions.
fn naive_reachable<G: Game + Clone + Eq + Hash>(start: &G) -> HashSet<G> {
    let mut seen = HashSet::from([start.clone()]);
    let mut todo = vec![start.clone()];
    let mut moves = Vec::new();
    while let Some(mut p) = todo.pop() {
        p.legal_moves(&mut moves);
        for &mv in &moves {
            let undo = p.make(mv);
            if seen.insert(p.clone()) {
                todo.push(p.clone());
            }
            p.unmake(mv, undo);
        }
    }
    seen
}

/// On Kono's reduced index the reachable positions are counted one by one, not by class:
/// from a few positions of a two-piece endgame, against a search over positions, with the
/// values of the reachable positions counted alike.
#[test]
fn reachable_positions_are_counted_on_the_reduced_index() {
    let game = Kono::start("max-pieces=2".parse().unwrap());
    let solution = solve(&game, &|_| {}).unwrap();
    let naive = naive_solve(&kono_positions("max-pieces=2"));
    for text in [
        "..../.o../.x../.... x",
        "o.../..../..../xx.. o",
        "..x./o.o./..../.x.. x",
    ] {
        let start = game.parse_position(text).unwrap();
        let reach = reachable(&start);
        let want = naive_reachable(&start);
        assert_eq!(reach.count(), want.len() as u64, "{text}");
        let mut counts = cgtk_retro::Counts::default();
        for p in &want {
            counts.add(naive[p]);
            assert!(reach.contains(p.index()));
        }
        assert_eq!(reach.counts(&solution), counts, "{text}");
    }
}
