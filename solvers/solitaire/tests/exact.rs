//! Exact play with a memory kept from one placement to the next gives the same placements
//! and probabilities as searching afresh for each, within the position limit and past it.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_solitaire::{
    exact_best_line, exact_best_line_in, exact_value_in, play_out, rollout_moves, Calculation,
    Deal, ExactError, ExactMemory, Move, PlayerKind, Position, RolloutOptions, Rules,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Seven ranks, four foundations, two waste piles: 24 cards in the stock.
fn rules() -> Rules {
    Rules::new(7, 4, 2).unwrap()
}

/// `play_out` (one memory for the game) plays the moves that placement-by-placement calls
/// of `rollout_moves` (a search afresh each) play, drawing the same seeds, the last 6
/// cards played exactly.
#[test]
fn a_kept_memory_plays_the_games_of_searches_afresh() {
    let options = RolloutOptions {
        exact_cards: 6,
        ..RolloutOptions::new(20)
    };
    let player = PlayerKind::Rollout(options);
    let mut exact_placements = 0;
    for seed in 0..12 {
        let deal = Deal::from_seed(rules(), seed);
        let kept = play_out(&deal, &player, seed);
        let mut afresh = Calculation::new(deal);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some((line, wins)) = rollout_moves(afresh.position(), &options, rng.gen()) {
            let turned = afresh.position().turned().is_some();
            if turned && wins.is_empty() && afresh.position().unseen_total() <= 6 {
                exact_placements += 1;
            }
            for mv in line {
                afresh.play(mv).unwrap();
            }
        }
        assert_eq!(kept.moves(), afresh.moves(), "deal {seed}");
    }
    assert!(exact_placements > 30, "{exact_placements}");
}

/// The first position, over deals from `seed` on, with `face_down` cards left face down
/// and one turned that the base policy (the rollout player at level 0) reaches and whose
/// exact search remembers at least 1,000 positions.
fn position_with(seed: u64, face_down: usize) -> Position {
    let base = RolloutOptions {
        levels: 0,
        ..RolloutOptions::new(1)
    };
    (seed..)
        .find_map(|seed| {
            let mut game = Calculation::new(Deal::from_seed(rules(), seed));
            while game.position().unseen_total() > face_down {
                for mv in rollout_moves(game.position(), &base, 0)?.0 {
                    game.play(mv).unwrap();
                }
            }
            let mut memory = ExactMemory::default();
            exact_best_line_in(game.position(), usize::MAX, &mut memory).ok()??;
            (memory.len() >= 1000).then_some(*game.position())
        })
        .unwrap()
}

/// A memory that would pass the limit with an earlier search's positions starts afresh
/// and gives the fresh search's line; one that passes it afresh is left empty.
#[test]
fn a_memory_too_full_for_the_limit_starts_afresh() {
    // Two positions of different deals: the second search finds few of its positions among
    // the first's.
    let first = position_with(0, 7);
    let second = position_with(100, 7);
    let mut alone = ExactMemory::default();
    exact_best_line_in(&first, usize::MAX, &mut alone).unwrap();
    let (m1, fresh) = (alone.len(), exact_best_line(&second, usize::MAX).unwrap());
    let mut only_second = ExactMemory::default();
    exact_best_line_in(&second, usize::MAX, &mut only_second).unwrap();
    let m2 = only_second.len();
    let mut together = ExactMemory::default();
    exact_best_line_in(&first, usize::MAX, &mut together).unwrap();
    exact_best_line_in(&second, usize::MAX, &mut together).unwrap();
    // A limit both fit alone but not together (a search passes its limit by at most the
    // depth of its recursion, well under 100 positions here).
    let limit = m1.max(m2) + m1.min(m2) / 2;
    assert!(together.len() > limit + 100, "{m1} {m2} {}", together.len());
    let mut memory = ExactMemory::default();
    exact_best_line_in(&first, limit, &mut memory).unwrap();
    assert_eq!(memory.len(), m1);
    assert_eq!(
        exact_best_line_in(&second, limit, &mut memory).unwrap(),
        fresh
    );
    assert_eq!(memory.len(), m2);

    // A limit the second passes even afresh: the error of a fresh search, an empty memory.
    let tight = m2 / 2;
    let mut memory = ExactMemory::default();
    exact_best_line_in(&first, usize::MAX, &mut memory).unwrap();
    assert_eq!(
        exact_best_line_in(&second, tight, &mut memory),
        Err(ExactError::TooLarge(tight))
    );
    assert_eq!(
        exact_best_line(&second, tight),
        Err(ExactError::TooLarge(tight))
    );
    assert!(memory.is_empty());
}

/// The value of any position (`exact_value_in`) agrees with the best line's: no placement
/// of a turned card is worth more than the best line's chance, the best line's own
/// placement is worth exactly that, and a chance position is worth the mean of its turns.
#[test]
fn every_placement_is_worth_at_most_the_best_line() {
    let mut placements = 0;
    let mut short = 0;
    for seed in [0, 100] {
        let pos = position_with(seed, 7);
        let mut memory = ExactMemory::default();
        let (line, best) = exact_best_line_in(&pos, usize::MAX, &mut memory)
            .unwrap()
            .unwrap();
        let mut after = pos;
        for &mv in &line {
            after.play(mv).unwrap();
        }
        assert_eq!(
            exact_value_in(&after, usize::MAX, &mut memory).unwrap(),
            best
        );
        // Each single placement of the turned card (no waste moves before it).
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        for mv in moves
            .into_iter()
            .filter(|mv| !matches!(mv, Move::WasteToFoundation { .. }))
        {
            let mut child = pos;
            child.play(mv).unwrap();
            let v = exact_value_in(&child, usize::MAX, &mut memory).unwrap();
            assert!(v <= best, "seed {seed} {mv}: {v} > {best}");
            placements += 1;
            short += usize::from(v < best);
        }
        // A chance position: the mean over the ranks turned, by their counts.
        let total = after.unseen_total() as f64;
        let mean: f64 = (1..=after.rules().ranks())
            .filter(|&r| after.unseen(r) > 0)
            .map(|r| {
                let mut turned = after;
                turned.turn(r).unwrap();
                let v = exact_best_line_in(&turned, usize::MAX, &mut memory)
                    .unwrap()
                    .map_or(0.0, |(_, v)| v);
                f64::from(after.unseen(r)) / total * v
            })
            .sum();
        assert!(
            (mean - best).abs() < 1e-12,
            "seed {seed}: {mean} against {best}"
        );
    }
    assert!(placements > 2 && short > 0, "{placements} {short}");
}
