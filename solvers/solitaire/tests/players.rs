//! Players on reduced decks against the exact referee: Monte Carlo tree search approaches
//! the optimal win probability as playouts grow, never wins a deal the full-information
//! solver calls lost, and every win replays.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_solitaire::{
    all_deals, exact_win_probability, play_out, solve, Calculation, Deal, HindsightOptions,
    MctsOptions, PimcOptions, PlayerKind, PlayoutPolicy, Reward, RolloutOptions, Rules, Solution,
    SolveLimits,
};

/// Plays `games` numbered deals and returns the wins, checking each win against the
/// solver and by replay.
fn wins(rules: Rules, player: &PlayerKind, games: u64) -> u64 {
    let mut won = 0;
    for seed in 0..games {
        let deal = Deal::from_seed(rules, seed);
        let game = play_out(&deal, player, seed);
        assert!(game.is_over());
        if game.is_won() {
            won += 1;
            let replayed = Calculation::replay(deal.clone(), game.moves()).unwrap();
            assert!(replayed.is_won());
            assert!(matches!(
                solve(&deal, SolveLimits::default()).solution,
                Solution::Win(_)
            ));
        }
    }
    won
}

/// Five ranks, two foundations, one waste pile: the optimal player wins 3065/5040 ≈ 0.608
/// of the deals with the order hidden (see the solver tests), 3143/5040 ≈ 0.624 with it
/// known. Over 400 deals the standard error of a rate near 0.6 is 0.025; the tolerance
/// 0.075 is three of them.
#[test]
fn mcts_approaches_the_exact_probability_on_a_small_deck() {
    let rules = Rules::new(5, 2, 1).unwrap();
    let exact = exact_win_probability(rules, 1_000_000).unwrap();
    let games = 400;
    let tolerance = 0.075;
    let rate = |player: PlayerKind| wins(rules, &player, games) as f64 / games as f64;
    let tiny = rate(PlayerKind::Mcts(MctsOptions::baseline(2)));
    let baseline = rate(PlayerKind::Mcts(MctsOptions::baseline(2000)));
    let best = rate(PlayerKind::Mcts(MctsOptions::best(2000)));
    assert!(
        (baseline - exact).abs() <= tolerance,
        "baseline {baseline} vs exact {exact}"
    );
    assert!(
        (best - exact).abs() <= tolerance,
        "best {best} vs exact {exact}"
    );
    assert!(
        tiny < baseline,
        "2 playouts {tiny}, 2000 playouts {baseline}"
    );
}

#[test]
fn players_are_reproducible_and_finish() {
    let deal = Deal::from_seed(Rules::STANDARD, 11);
    for player in [
        PlayerKind::Random,
        PlayerKind::RuleBased,
        PlayerKind::Mcts(MctsOptions::baseline(50)),
        PlayerKind::Mcts(MctsOptions::best(50)),
        PlayerKind::Mcts(MctsOptions {
            policy: PlayoutPolicy::Greedy,
            ..MctsOptions::best(50)
        }),
        PlayerKind::Mcts(MctsOptions {
            policy: PlayoutPolicy::GreedyBlend(80),
            reward: Reward::WinLoss,
            ..MctsOptions::best(50)
        }),
        PlayerKind::Pimc(PimcOptions {
            samples: 2,
            nodes: 200,
        }),
        PlayerKind::Hindsight(HindsightOptions {
            samples: 2,
            nodes: 200,
        }),
        PlayerKind::Rollout(RolloutOptions {
            samples: 5,
            levels: 0,
            inner_samples: 1,
            ..RolloutOptions::new(5)
        }),
        PlayerKind::Rollout(RolloutOptions::new(5)),
        PlayerKind::Rollout(RolloutOptions {
            samples: 2,
            levels: 2,
            inner_samples: 1,
            ..RolloutOptions::new(5)
        }),
    ] {
        let a = play_out(&deal, &player, 3);
        let b = play_out(&deal, &player, 3);
        assert_eq!(a.moves(), b.moves());
        assert!(a.is_over());
        // Every move replays.
        let replayed = Calculation::replay(deal.clone(), a.moves()).unwrap();
        assert_eq!(replayed.position(), a.position());
    }
}

#[test]
fn wins_on_another_small_deck_are_winnable() {
    let rules = Rules::new(7, 2, 1).unwrap();
    let won = wins(rules, &PlayerKind::Mcts(MctsOptions::best(300)), 100);
    assert!(won > 0);
    for policy in [PlayoutPolicy::Greedy, PlayoutPolicy::GreedyBlend(50)] {
        let greedy = MctsOptions {
            policy,
            ..MctsOptions::best(300)
        };
        assert!(
            wins(rules, &PlayerKind::Mcts(greedy), 100) > 0,
            "{policy:?}"
        );
    }
}

/// The determinized player on the deck of the test above: it never beats the optimal
/// hidden-information player by more than the sampling tolerance (no player can beat it),
/// every win is winnable and replays, and it comes within the tolerance of the optimum
/// (its samples are solved exactly on a deck this small).
#[test]
fn pimc_is_near_the_exact_probability_on_a_small_deck() {
    let rules = Rules::new(5, 2, 1).unwrap();
    let exact = exact_win_probability(rules, 1_000_000).unwrap();
    let games = 400;
    let pimc = PlayerKind::Pimc(PimcOptions {
        samples: 30,
        nodes: 100_000,
    });
    let rate = wins(rules, &pimc, games) as f64 / games as f64;
    assert!(
        (rate - exact).abs() <= 0.075,
        "pimc {rate} vs exact {exact}"
    );
}

/// The hindsight player against the exact referee on the same deck (5 ranks, 2 foundations,
/// 1 pile): no player can beat the optimal hidden-information player, so its rate may not
/// exceed the exact probability by more than the sampling tolerance (three standard errors
/// over 400 deals), every win is winnable and replays, and with solves this exact it comes
/// within the tolerance of the optimum from below too.
#[test]
fn hindsight_never_beats_the_exact_probability_on_a_small_deck() {
    let player = PlayerKind::Hindsight(HindsightOptions {
        samples: 30,
        nodes: 100_000,
    });
    let games = 400;
    let tolerance = 0.075;
    let rules = Rules::new(5, 2, 1).unwrap();
    let exact = exact_win_probability(rules, 1_000_000).unwrap();
    let rate = wins(rules, &player, games) as f64 / games as f64;
    assert!(
        rate <= exact + tolerance,
        "hindsight {rate} beats the exact {exact}"
    );
    assert!(
        rate >= exact - tolerance,
        "hindsight {rate} vs exact {exact}"
    );
}

/// The rollout player against the exact referee on the same deck (5 ranks, 2 foundations,
/// 1 pile): its rate may not exceed the exact optimum by more than the tolerance (three
/// standard errors over 400 deals) nor the full-information fraction 3143/5040 at all
/// beyond that, every win is winnable and replays, and with 100 samples per placement it
/// comes within the tolerance of the optimum from below. The base policy alone does
/// worse than the rollouts over it (policy improvement).
#[test]
fn rollout_is_near_the_exact_probability_on_a_small_deck() {
    let rules = Rules::new(5, 2, 1).unwrap();
    let exact = exact_win_probability(rules, 1_000_000).unwrap();
    let known = 3143.0 / 5040.0;
    let games = 400;
    let tolerance = 0.075;
    let rate = |options: RolloutOptions| {
        wins(rules, &PlayerKind::Rollout(options), games) as f64 / games as f64
    };
    let base = rate(RolloutOptions {
        samples: 1,
        levels: 0,
        inner_samples: 1,
        ..RolloutOptions::new(1)
    });
    let rollout = rate(RolloutOptions::new(100));
    assert!(
        rollout <= exact + tolerance && rollout <= known + tolerance,
        "rollout {rollout} beats the exact {exact}"
    );
    assert!(
        rollout >= exact - tolerance,
        "rollout {rollout} vs exact {exact}"
    );
    assert!(base < rollout, "base {base}, rollout {rollout}");
}

/// Over every distinct deal of `rules` (each equally likely), the wins of the rollout
/// player with `exact_cards` (every win replayed) and the number of deals.
fn exact_endgame_wins(rules: Rules, exact_cards: u8) -> (u64, u64) {
    let player = PlayerKind::Rollout(RolloutOptions {
        exact_cards,
        ..RolloutOptions::new(4)
    });
    let (mut won, mut all) = (0u64, 0u64);
    for (i, deal) in all_deals(rules).enumerate() {
        let game = play_out(&deal, &player, i as u64);
        assert!(game.is_over());
        if game.is_won() {
            let mut replay = Calculation::new(deal.clone());
            for &mv in game.moves() {
                replay.play(mv).unwrap();
            }
            assert!(replay.is_won());
            won += 1;
        }
        all += 1;
    }
    (won, all)
}

/// With `exact_cards` as large as the stock, the rollout player plays exactly from the
/// first card: a deterministic optimal strategy, so over every distinct deal of a small
/// deck (each equally likely) it wins exactly the optimal fraction: 14 of 24 deals with 5
/// ranks, one foundation and one pile, 132 of 720 with 7 ranks.
#[test]
fn the_exact_endgame_wins_the_exact_optimum_over_every_deal() {
    for (ranks, piles, expected) in [(5, 1, (14, 24)), (7, 1, (132, 720))] {
        let rules = Rules::new(ranks, 1, piles).unwrap();
        let exact = exact_win_probability(rules, 1_000_000).unwrap();
        let (won, all) = exact_endgame_wins(rules, rules.stock_len() as u8);
        assert_eq!((won, all), expected);
        assert!(
            (won as f64 - exact * all as f64).abs() < 1e-9,
            "{won} of {all}, exact {exact}"
        );
    }
}

/// The same law with two piles (7 ranks, one foundation: 512 of 720 deals).
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn the_exact_endgame_wins_the_exact_optimum_with_two_piles() {
    let rules = Rules::new(7, 1, 2).unwrap();
    let exact = exact_win_probability(rules, 1_000_000).unwrap();
    assert_eq!(exact_endgame_wins(rules, 6), (512, 720));
    assert!((512.0 / 720.0 - exact).abs() < 1e-12);
}
