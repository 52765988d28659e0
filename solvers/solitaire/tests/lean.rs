//! The lean search tree loses no strategy: on reduced decks, the optimal win probability
//! over its moves equals the exact optimum over every legal move, and it offers only
//! legal moves.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::{Chance, Game, Outcome, Player};
use cgtk_solitaire::{exact_win_probability, Deal, Lean, Position, Rules, Step};
use std::collections::HashMap;

/// Expectimax over the lean game: the best move at a decision, the expectation at a turn.
fn lean_value(game: &Lean, memo: &mut HashMap<Lean, f64>) -> f64 {
    if let Some(outcome) = game.outcome() {
        return if outcome == Outcome::Win(Player::First) {
            1.0
        } else {
            0.0
        };
    }
    if let Some(&v) = memo.get(game) {
        return v;
    }
    let value = if game.is_chance() {
        let mut events = Vec::new();
        game.chance_events(&mut events);
        events
            .iter()
            .map(|&(step, p)| {
                let mut next = *game;
                next.make(step);
                p * lean_value(&next, memo)
            })
            .sum()
    } else {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "a live position with no lean move");
        moves
            .iter()
            .map(|&step| {
                let mut next = *game;
                next.make(step);
                lean_value(&next, memo)
            })
            .fold(0.0, f64::max)
    };
    memo.insert(*game, value);
    value
}

#[test]
fn the_lean_tree_keeps_the_exact_optimum_on_small_decks() {
    for (ranks, foundations, piles) in [(5, 2, 1), (5, 2, 2), (5, 2, 3)] {
        let rules = Rules::new(ranks, foundations, piles).unwrap();
        let exact = exact_win_probability(rules, 5_000_000).unwrap();
        let lean = lean_value(&Lean::new(Position::start(rules)), &mut HashMap::new());
        assert!(
            (exact - lean).abs() < 1e-9,
            "{rules}: exact {exact}, lean {lean}"
        );
    }
}

#[test]
fn lean_moves_are_legal_and_a_subset() {
    let rules = Rules::STANDARD;
    for seed in 0..50 {
        let deal = Deal::from_seed(rules, seed);
        let mut game = Lean::new(Position::start(rules));
        let mut next_card = deal.stock().iter();
        let mut moves = Vec::new();
        let mut all = Vec::new();
        let mut k = seed as usize;
        while game.outcome().is_none() {
            if game.is_chance() {
                game.make(Step::Turn(*next_card.next().unwrap()));
                continue;
            }
            game.legal_moves(&mut moves);
            game.position().legal_moves(&mut all);
            assert!(!moves.is_empty());
            assert!(moves.iter().all(|m| all.contains(m)));
            k = k
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            game.make(moves[(k >> 33) % moves.len()]);
        }
    }
}
