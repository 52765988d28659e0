//! Reviewing games with every card known: each checkpoint's verdict against a brute force
//! written here from the rules alone, on every deal of small decks.

// A panic in a test is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_solitaire::{
    all_deals, play_out, review, review_points, solve, turning_point, Calculation, Deal, Move,
    PlayerKind, Position, Rules, Solution, SolveLimits,
};

/// Can `pos` be won when the face-down cards come in the order `rest`? Every legal move
/// is tried, no pruning (small decks only).
fn brute_force(pos: &Position, rest: &[u8]) -> bool {
    if pos.is_won() {
        return true;
    }
    if pos.is_chance() {
        let mut next = *pos;
        next.turn(rest[0]).unwrap();
        return brute_force(&next, &rest[1..]);
    }
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    moves.into_iter().any(|mv| {
        let mut next = *pos;
        next.play(mv).unwrap();
        brute_force(&next, rest)
    })
}

/// The position after `moves` of `deal`, before the next card is turned, and the cards
/// still face down in order.
fn after(deal: &Deal, moves: &[Move]) -> (Position, Vec<u8>) {
    let stock = deal.stock();
    let mut pos = Position::start(deal.rules());
    let mut turned = 0;
    for &mv in moves {
        if pos.is_chance() {
            pos.turn(stock[turned]).unwrap();
            turned += 1;
        }
        pos.play(mv).unwrap();
    }
    (pos, stock[turned..].to_vec())
}

fn check_deals(rules: Rules, step: usize) {
    let mut lost_games = 0;
    let mut turning_points = 0;
    for (i, deal) in all_deals(rules).enumerate().step_by(step) {
        // Random play loses most deals somewhere: a game with a turning point.
        let game = play_out(&deal, &PlayerKind::Random, i as u64);
        let checks = review(&deal, game.moves(), SolveLimits::default()).unwrap();
        let points = review_points(&deal, game.moves()).unwrap();
        assert_eq!(checks.len(), points.len());
        assert_eq!(checks.last().unwrap().point.moves, game.moves().len());
        for check in &checks {
            let prefix = &game.moves()[..check.point.moves];
            let (pos, rest) = after(&deal, prefix);
            assert_eq!(check.point.turned, deal.stock().len() - rest.len());
            let winnable = brute_force(&pos, &rest);
            match &check.solution {
                Solution::Win(line) => {
                    assert!(winnable, "deal {i} at {:?}", check.point);
                    let whole: Vec<Move> = prefix.iter().chain(line).copied().collect();
                    assert!(Calculation::replay(deal.clone(), &whole).unwrap().is_won());
                }
                Solution::Loss => assert!(!winnable, "deal {i} at {:?}", check.point),
                Solution::Unknown => panic!("small decks are decided: deal {i}"),
            }
        }
        // The review's start agrees with the solver on the whole deal.
        assert_eq!(
            matches!(checks[0].solution, Solution::Win(_)),
            matches!(
                solve(&deal, SolveLimits::default()).solution,
                Solution::Win(_)
            )
        );
        match turning_point(&checks) {
            Some((a, b)) => {
                turning_points += 1;
                assert_eq!(b, a + 1);
                assert!(matches!(checks[a].solution, Solution::Win(_)));
                assert!(checks[b..].iter().all(|c| c.solution == Solution::Loss));
            }
            None => assert!(
                checks
                    .iter()
                    .all(|c| matches!(c.solution, Solution::Win(_)))
                    || checks.iter().all(|c| c.solution == Solution::Loss)
            ),
        }
        lost_games += usize::from(!game.is_won());
    }
    assert!(
        lost_games > 0 && turning_points > 0,
        "{lost_games} {turning_points}"
    );
}

#[test]
fn every_verdict_of_a_review_is_the_brute_force_one_with_one_pile() {
    check_deals(Rules::new(5, 2, 1).unwrap(), 7);
}

#[test]
fn every_verdict_of_a_review_is_the_brute_force_one_with_two_piles() {
    check_deals(Rules::new(5, 2, 2).unwrap(), 7);
}

#[test]
fn a_won_game_is_winnable_at_every_point_and_a_refused_move_is_named() {
    let deal = Deal::from_seed(Rules::new(7, 3, 2).unwrap(), 11);
    let solved = solve(&deal, SolveLimits::default());
    let Solution::Win(line) = solved.solution else {
        panic!("deal 11 of the small deck is winnable");
    };
    let checks = review(&deal, &line, SolveLimits::default()).unwrap();
    assert!(checks
        .iter()
        .all(|c| matches!(c.solution, Solution::Win(_))));
    assert_eq!(turning_point(&checks), None);
    let mut bad = line.clone();
    bad.insert(
        0,
        Move::WasteToFoundation {
            pile: 0,
            foundation: 0,
        },
    );
    assert_eq!(
        review(&deal, &bad, SolveLimits::default()).unwrap_err().0,
        0
    );
}
