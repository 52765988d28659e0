//! The full-information solver against brute force, and exact hidden-information play
//! against an independent expectimax and the full-information bound, on reduced decks.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_solitaire::{
    all_deals, brute_force_winnable, exact_win_probability, solve, solve_with, winnable_deals,
    Calculation, Deal, Position, Rules, Solution, SolveLimits, SolveMethod,
};

/// Both methods of the solver against brute force: equal answers, and every line a win.
fn check_against_brute_force(rules: Rules, deals: impl Iterator<Item = Deal>) -> (u64, u64) {
    let (mut won, mut all) = (0, 0);
    for deal in deals {
        let brute = brute_force_winnable(&deal);
        let depth_first = solve_with(&deal, SolveLimits::default(), SolveMethod::DepthFirst);
        check_one(rules, &deal, brute, &depth_first.solution);
        let report = solve(&deal, SolveLimits::default());
        check_one(rules, &deal, brute, &report.solution);
        if matches!(report.solution, Solution::Win(_)) {
            won += 1;
        }
        all += 1;
    }
    (won, all)
}

fn check_one(rules: Rules, deal: &Deal, brute: bool, solution: &Solution) {
    {
        match solution {
            Solution::Win(line) => {
                assert!(brute, "{rules}: solver wins {deal}, brute force does not");
                let game = Calculation::replay(deal.clone(), line).unwrap();
                assert!(game.is_won(), "{deal}: the line does not win");
            }
            Solution::Loss => assert!(!brute, "{rules}: brute force wins {deal}, solver does not"),
            Solution::Unknown => panic!("{deal}: undecided"),
        }
    }
}

#[test]
fn solver_equals_brute_force_on_every_deal_of_small_decks() {
    for rules in [Rules::new(5, 2, 1).unwrap(), Rules::new(5, 2, 2).unwrap()] {
        let (won, all) = check_against_brute_force(rules, all_deals(rules));
        assert_eq!(all, 5040);
        assert!(won > 0 && won <= all);
    }
}

#[test]
fn solver_equals_brute_force_on_sampled_larger_decks() {
    for (rules, count) in [
        (Rules::new(7, 2, 1).unwrap(), 100),
        (Rules::new(5, 3, 1).unwrap(), 100),
        (Rules::new(5, 3, 2).unwrap(), 10),
        (Rules::new(7, 2, 2).unwrap(), 10),
    ] {
        let deals = (0..count).map(|s| Deal::from_seed(rules, s));
        let (won, all) = check_against_brute_force(rules, deals);
        assert!(
            won > 0 && won < all || rules.piles() > 1,
            "{rules}: {won} of {all}"
        );
    }
}

#[test]
fn solver_wins_replay_on_standard_deals() {
    let mut decided = 0;
    for seed in 0..20 {
        let deal = Deal::from_seed(Rules::STANDARD, seed);
        let report = solve(
            &deal,
            SolveLimits {
                nodes: 200_000,
                time: None,
            },
        );
        if let Solution::Win(line) = report.solution {
            assert!(Calculation::replay(deal, &line).unwrap().is_won());
            decided += 1;
        }
    }
    assert!(decided > 0);
}

/// Expectimax over the player's view with no table and no merging of positions: slow,
/// for the smallest decks only.
fn plain_expectimax(pos: &Position) -> f64 {
    if pos.is_won() {
        return 1.0;
    }
    if pos.is_chance() {
        let total = pos.unseen_total() as f64;
        return (1..=pos.rules().ranks())
            .filter(|&r| pos.unseen(r) > 0)
            .map(|r| {
                let mut child = *pos;
                child.turn(r).unwrap();
                pos.unseen(r) as f64 / total * plain_expectimax(&child)
            })
            .sum();
    }
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = *pos;
            child.play(mv).unwrap();
            plain_expectimax(&child)
        })
        .fold(0.0, f64::max)
}

#[test]
fn exact_play_equals_plain_expectimax() {
    for rules in [
        Rules::new(5, 2, 1).unwrap(),
        Rules::new(5, 1, 1).unwrap(),
        Rules::new(5, 1, 2).unwrap(),
    ] {
        let exact = exact_win_probability(rules, 1_000_000).unwrap();
        let plain = plain_expectimax(&Position::start(rules));
        assert!((exact - plain).abs() < 1e-12, "{rules}: {exact} vs {plain}");
    }
}

#[test]
fn hidden_information_never_beats_full_information() {
    for rules in [Rules::new(5, 2, 1).unwrap(), Rules::new(5, 2, 2).unwrap()] {
        let exact = exact_win_probability(rules, 1_000_000).unwrap();
        let (won, all) = winnable_deals(rules).unwrap();
        let full = won as f64 / all as f64;
        assert!(exact <= full + 1e-12, "{rules}: {exact} > {full}");
        assert!(exact > 0.0);
    }
    // The one-pile game loses something to the hidden order.
    let rules = Rules::new(5, 2, 1).unwrap();
    let exact = exact_win_probability(rules, 1_000_000).unwrap();
    let (won, all) = winnable_deals(rules).unwrap();
    assert!(exact < won as f64 / all as f64);
}

#[test]
fn a_node_limit_gives_an_honest_unknown() {
    // Find a standard deal the solver cannot finish in 50 positions: it must say unknown,
    // never loss.
    let deal = Deal::from_seed(Rules::STANDARD, 0);
    let report = solve(
        &deal,
        SolveLimits {
            nodes: 50,
            time: None,
        },
    );
    assert!(report.nodes <= 50);
    assert!(matches!(
        report.solution,
        Solution::Unknown | Solution::Win(_)
    ));
    assert_ne!(report.solution, Solution::Loss);
}

#[test]
fn no_search_counts_more_positions_than_its_limit() {
    // Small limits on many deals, reduced and standard, every method. The limit can fall on
    // a dead position, which the depth-first search counts and refutes without expanding it,
    // or among the children of one position, which a beam generates together: the cases in
    // which the searches once went on past it.
    let mut deals: Vec<Deal> = (0..12)
        .map(|seed| Deal::from_seed(Rules::STANDARD, seed))
        .collect();
    for (ranks, foundations, piles) in [(7, 2, 1), (7, 2, 2), (5, 2, 1)] {
        let rules = Rules::new(ranks, foundations, piles).unwrap();
        deals.extend((0..12).map(|seed| Deal::from_seed(rules, seed)));
    }
    let mut at_limit = 0;
    for deal in &deals {
        // The beams take 90% of limits from 100 on.
        for nodes in (1..=80).chain((100..=600).step_by(25)) {
            let limits = SolveLimits { nodes, time: None };
            for method in [
                SolveMethod::DepthFirst,
                SolveMethod::BeamFirst,
                SolveMethod::BreadthFirst,
            ] {
                let report = solve_with(deal, limits, method);
                assert!(
                    report.nodes <= nodes,
                    "{method:?} counted {} positions with a limit of {nodes}",
                    report.nodes
                );
                if report.solution == Solution::Unknown {
                    at_limit += 1;
                }
            }
        }
    }
    // The limits were reached, not just respected by searches that ended early.
    assert!(at_limit > 1000, "{at_limit}");
}
