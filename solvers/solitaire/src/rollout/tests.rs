//! Tests of the rollout player.
use super::*;
use crate::deal::Deal;
use crate::game::Calculation;
use crate::rules::Rules;

thread_local! {
    /// The savings ([`Saving`]) turned off on this thread: [`decide`] then plays twins,
    /// or every game, to the end, as it did before them.
    pub(super) static SAVINGS_OFF: std::cell::Cell<[bool; 2]> = const { std::cell::Cell::new([false; 2]) };
}

/// `f` run with `saving` turned off on this thread.
fn without<T>(saving: Saving, f: impl FnOnce() -> T) -> T {
    let set = |off: bool| {
        SAVINGS_OFF.with(|cell| {
            let mut all = cell.get();
            all[saving as usize] = off;
            cell.set(all);
        })
    };
    set(true);
    let out = f();
    set(false);
    out
}

/// The positions where the rollout player decides in the base policy's games of a few
/// deals of each rule set (standard, 3 piles, a reduced deck).
fn decision_positions(deals: u64) -> Vec<Position> {
    let mut positions = Vec::new();
    for rules in crate::evaluation::tests::some_rules() {
        for seed in 0..deals {
            let mut game = Calculation::new(Deal::from_seed(rules, seed));
            while let Some(line) = greedy_moves(game.position()) {
                if game.position().turned().is_some() {
                    positions.push(*game.position());
                }
                for mv in line {
                    game.play(mv).unwrap();
                }
            }
        }
    }
    positions
}

/// `after_next_card` of each placement's position.
fn answers(choices: &[(Vec<Move>, Position)], scorer: &mut BaseScorer) -> Vec<Vec<Position>> {
    choices
        .iter()
        .map(|(_, child)| after_next_card(child, scorer))
        .collect()
}

/// Placements with the same positions after the next card (`after_next_card`) play the
/// same base-policy game on every order: the claim that lets a decision stop playing one
/// of them. Checked on random orders, with pairs of twins and of other placements both
/// met often.
#[test]
fn twins_score_alike_on_every_order() {
    let options = RolloutOptions::new(1);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut scorer = BaseScorer::default();
    let (mut twins, mut others) = (0, 0);
    for pos in decision_positions(6) {
        let choices = placements(&pos);
        let next = answers(&choices, &mut scorer);
        let mut rest: Vec<u8> = (1..=pos.rules().ranks())
            .flat_map(|rank| std::iter::repeat(rank).take(usize::from(pos.unseen(rank))))
            .collect();
        for _ in 0..8 {
            rest.shuffle(&mut rng);
            let games: Vec<Outcome> = choices
                .iter()
                .map(|(_, child)| simulate(*child, &rest, 0, &options, &mut rng, &mut scorer, None))
                .collect();
            for i in 0..choices.len() {
                for j in i + 1..choices.len() {
                    if next[i] == next[j] {
                        assert_eq!(games[i], games[j], "{pos:?}: {:?}", choices[j].0);
                        twins += 1;
                    } else {
                        others += 1;
                    }
                }
            }
        }
    }
    assert!(
        twins > 1_000 && others > 1_000,
        "{twins} twins, {others} others"
    );
}

/// Dropping twins changes no decision: the same placement is chosen as when every
/// placement is played to the end. Twins were dropped in many of these decisions, and in
/// some the later twin is the one the final choice prefers among equals (it must take
/// part in that choice).
#[test]
fn twins_leave_the_decisions_as_they_were() {
    let options = RolloutOptions::new(24);
    let mut scorer = BaseScorer::default();
    let (mut dropped, mut later_preferred) = (0, 0);
    let mut positions = decision_positions(2);
    crate::evaluation::tests::visit_random_games(
        &crate::evaluation::tests::some_rules(),
        4,
        7,
        |pos| {
            if pos.turned().is_some() {
                positions.push(*pos);
            }
        },
    );
    for (k, pos) in positions.iter().enumerate() {
        let with = decide(pos, 24, 1, &options, 24, k as u64, false, None).unwrap();
        let without = without(Saving::Twins, || {
            decide(pos, 24, 1, &options, 24, k as u64, false, None).unwrap()
        });
        assert_eq!(without.twins, 0);
        assert_eq!(with.best, without.best, "{pos:?}");
        dropped += usize::from(with.twins > 0);
        let choices = placements(pos);
        let next = answers(&choices, &mut scorer);
        for j in 0..choices.len() {
            later_preferred +=
                usize::from((0..j).any(|i| {
                    next[i] == next[j] && evaluate(&choices[j].1) > evaluate(&choices[i].1)
                }));
        }
    }
    assert!(
        dropped > 100 && later_preferred > 100,
        "{dropped} decisions with twins, {later_preferred} later twins preferred"
    );
}

/// Stopping the games that meet one played before on the same order changes nothing a
/// decision weighs: every placement's wins and mean values are those of its games played
/// to the end, at one level and at two (level-1 games meeting, each with its own
/// decisions), and many games of these decisions meet.
#[test]
fn meetings_leave_the_decisions_as_they_were() {
    let options = RolloutOptions {
        inner_samples: 3,
        ..RolloutOptions::new(24)
    };
    let mut met = [0, 0];
    let positions = decision_positions(2);
    for (k, pos) in positions.iter().enumerate() {
        for level in [1, 2] {
            if level == 2 && (k % 8 != 0 || pos.unseen_total() > 20) {
                continue;
            }
            let samples = if level == 1 { 24 } else { 6 };
            let with = decide(
                pos, samples, level, &options, samples, k as u64, false, None,
            )
            .unwrap();
            let without = without(Saving::Meetings, || {
                decide(
                    pos, samples, level, &options, samples, k as u64, false, None,
                )
                .unwrap()
            });
            assert_eq!(without.meetings, 0);
            assert_eq!(
                (&with.wins, &with.means, &with.tried, with.best),
                (&without.wins, &without.means, &without.tried, without.best),
                "{pos:?} at level {level}"
            );
            met[usize::from(level - 1)] += with.meetings;
        }
    }
    assert!(
        met[0] > 1000 && met[1] > 20,
        "{met:?} games met at levels 1 and 2"
    );
}

/// A top-level decision with `extend` samples on only while the race is open: one the
/// race closed within its samples is the same decision on the same samples; an open
/// one plays each placement on at least as many samples, never past the cap; and some
/// decisions of these games are extended.
#[test]
fn decisions_extend_only_while_the_race_is_open() {
    let options = RolloutOptions::new(24);
    let (samples, cap) = (24, 96);
    let (mut closed, mut extended) = (0, 0);
    for seed in 0..12 {
        let deal = Deal::from_seed(Rules::new(13, 4, 3).unwrap(), seed);
        let mut game = Calculation::new(deal);
        for k in 0..40u64 {
            if game.is_over() || game.position().turned().is_none() {
                break;
            }
            let pos = *game.position();
            let plain = decide(&pos, samples, 1, &options, samples, k, false, None).unwrap();
            let wide = decide(&pos, samples, 1, &options, cap, k, false, None).unwrap();
            assert!(wide.tried.iter().all(|&t| t <= cap as usize));
            let full = |d: &Decision, count| d.tried.iter().filter(|&&t| t == count).count();
            if full(&plain, samples as usize) <= 1 {
                closed += 1;
                assert_eq!((plain.best, &plain.tried), (wide.best, &wide.tried));
            } else {
                // The same samples first, so never fewer for any placement.
                assert!(
                    plain.tried.iter().zip(&wide.tried).all(|(p, w)| p <= w),
                    "seed {seed}, decision {k}"
                );
                extended += usize::from(wide.tried.iter().any(|&t| t > samples as usize));
            }
            for mv in plain.played().0 {
                game.play(mv).unwrap();
            }
        }
    }
    assert!(
        closed > 0 && extended > 0,
        "{closed} closed, {extended} extended"
    );
}

/// An escalating top level plays a closed race as the quick player does and decides an
/// open one again with the deeper player among the placements still in it; in the
/// nested part of the deal it plays as without.
#[test]
fn escalation_redecides_only_open_races_among_their_placements() {
    let nested = RolloutOptions {
        nested_cards: 6,
        nested_samples: 6,
        inner_samples: 3,
        ..RolloutOptions::new(24)
    };
    let options = RolloutOptions {
        escalate_cards: 39,
        ..nested
    };
    let (mut closed, mut open, mut narrowed) = (0, 0, 0);
    for seed in 0..3 {
        let deal = Deal::from_seed(Rules::new(13, 4, 3).unwrap(), seed);
        let mut game = Calculation::new(deal);
        for k in 0..60u64 {
            if game.is_over() {
                break;
            }
            let pos = *game.position();
            let played = rollout_moves(&pos, &options, k).unwrap().0;
            if pos.turned().is_none() || !options.escalates(&pos) {
                assert_eq!(played, rollout_moves(&pos, &nested, k).unwrap().0);
            } else {
                let quick = decide(&pos, 24, 1, &options, 24, k, true, None).unwrap();
                let live = quick.live.clone();
                if live.iter().filter(|&&l| l).count() <= 1 {
                    closed += 1;
                    assert_eq!(played, quick.played().0);
                } else {
                    open += 1;
                    narrowed += usize::from(live.contains(&false));
                    let deep = decide(&pos, 6, 2, &options, 6, k, true, Some(&live)).unwrap();
                    assert!(live[deep.best], "seed {seed}, decision {k}");
                    for (i, &tried) in deep.tried.iter().enumerate() {
                        assert_eq!(tried > 0, live[i], "seed {seed}, decision {k}");
                    }
                    assert_eq!(played, deep.played().0);
                }
            }
            for mv in played {
                game.play(mv).unwrap();
            }
        }
    }
    assert!(
        closed > 0 && open > 0 && narrowed > 0,
        "{closed} closed, {open} open, {narrowed} narrowed"
    );
}

/// The base policy's game on a known order equals its game through `greedy_moves`.
#[test]
fn simulation_and_greedy_moves_agree() {
    for seed in 0..40 {
        let deal = Deal::from_seed(Rules::STANDARD, seed);
        let mut game = Calculation::new(deal.clone());
        while let Some(line) = greedy_moves(game.position()) {
            for mv in line {
                game.play(mv).unwrap();
            }
        }
        let options = RolloutOptions::new(1);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let out = simulate(
            Position::start(Rules::STANDARD),
            deal.stock(),
            0,
            &options,
            &mut rng,
            &mut BaseScorer::default(),
            None,
        );
        assert_eq!(out.won, game.is_won(), "deal {seed}");
        if out.won {
            assert_eq!(out.home, 52);
        } else {
            assert!(out.home as usize <= game.position().cards_on_foundations());
        }
    }
}

/// A decision's simulated games may be played on any number of threads: the moves and
/// the wins are the same on one thread and on three, at one level and nested.
#[test]
fn decisions_do_not_depend_on_the_threads() {
    let pool = |n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap()
    };
    let (one, three) = (pool(1), pool(3));
    let rules = Rules::new(7, 4, 2).unwrap();
    let options = RolloutOptions {
        nested_cards: 8,
        nested_samples: 12,
        inner_samples: 3,
        ..RolloutOptions::new(40)
    };
    let mut compared = 0;
    for seed in 0..6 {
        let mut game = Calculation::new(Deal::from_seed(rules, seed));
        while !game.is_over() {
            let pos = *game.position();
            let a = one.install(|| rollout_moves(&pos, &options, seed));
            let b = three.install(|| rollout_moves(&pos, &options, seed));
            assert_eq!(a, b, "deal {seed}");
            let Some((line, wins)) = a else { break };
            compared += usize::from(wins.len() > 1);
            for mv in line {
                game.play(mv).unwrap();
            }
        }
    }
    assert!(compared > 20, "{compared}");
}

/// One more win outweighs any cards home: totals over `n` samples compare wins first.
#[test]
fn sample_values_compare_wins_first() {
    let won = Outcome {
        won: true,
        home: 52,
    };
    let lost = |home| Outcome { won: false, home };
    for n in [1u32, 2, 7, 400, 6400] {
        for k in 0..n.min(5) {
            // k + 1 wins and nothing home otherwise, against k wins and 51 cards home
            // on every other sample.
            let more = f64::from(k + 1) * sample_value(won, n)
                + f64::from(n - k - 1) * sample_value(lost(0), n);
            let fewer =
                f64::from(k) * sample_value(won, n) + f64::from(n - k) * sample_value(lost(51), n);
            assert!(more > fewer, "n = {n}, k = {k}");
        }
        assert!(sample_value(lost(3), n) > sample_value(lost(2), n));
    }
}

/// Played one at a time, `greedy_move`'s moves are `greedy_moves`'s lines, deal for
/// deal (the Monte Carlo player's greedy playouts follow the base policy exactly).
#[test]
fn single_greedy_moves_make_up_the_greedy_lines() {
    for seed in 0..40 {
        let deal = Deal::from_seed(Rules::new(13, 4, 3 + (seed % 2) as u8).unwrap(), seed);
        let mut lines = Calculation::new(deal.clone());
        while let Some(line) = greedy_moves(lines.position()) {
            for mv in line {
                lines.play(mv).unwrap();
            }
        }
        let mut singles = Calculation::new(deal);
        while let Some(mv) = greedy_move(singles.position()) {
            singles.play(mv).unwrap();
        }
        assert!(singles.is_over());
        assert_eq!(lines.moves(), singles.moves(), "deal {seed}");
    }
}
/// The fitted base policy plays its own games (legal ones, and not the order
/// evaluation's on every deal), at level 0 and as a rollout level's simulation policy.
#[test]
fn the_fitted_base_policy_plays_legal_games_of_its_own() {
    let fitted = RolloutOptions {
        base: BasePolicy::Fitted,
        ..RolloutOptions::new(8)
    };
    let mut differ = [0, 0];
    for seed in 0..30 {
        for (i, levels) in [0u8, 1].into_iter().enumerate() {
            let deal = Deal::from_seed(Rules::new(13, 4, 3).unwrap(), seed);
            let mut games = Vec::new();
            for options in [
                RolloutOptions { levels, ..fitted },
                RolloutOptions {
                    levels,
                    ..RolloutOptions::new(8)
                },
            ] {
                let mut game = Calculation::new(deal.clone());
                while let Some((line, _)) = rollout_moves(game.position(), &options, seed) {
                    for mv in line {
                        game.play(mv).unwrap();
                    }
                }
                games.push(game.moves().to_vec());
            }
            differ[i] += usize::from(games[0] != games[1]);
        }
    }
    assert!(differ[0] > 5 && differ[1] > 5, "{differ:?}");
}

/// The fitting rows: one line per placement of each decision among two or more, one
/// of them played, with the features of `position_features`.
#[test]
fn fit_rows_mark_one_placement_played_per_decision() {
    let deal = Deal::from_seed(Rules::new(7, 4, 2).unwrap(), 3);
    let mut rows = String::new();
    fit_rows(&deal, 3, &RolloutOptions::new(6), &mut rows);
    let mut played = std::collections::BTreeMap::new();
    for line in rows.lines() {
        let cells: Vec<f64> = line.split(' ').map(|c| c.parse().unwrap()).collect();
        assert_eq!(cells.len(), 5 + crate::fitted::FEATURE_COUNT, "{line}");
        assert_eq!(cells[0], 3.0);
        *played.entry(cells[1] as u64).or_insert(0.0) += cells[3];
    }
    assert!(played.len() > 3, "{rows}");
    assert!(played.values().all(|&n| n == 1.0), "{played:?}");
}
