//! The rules of Calculation: foundation sequences, deals, move notation, every refusal.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::Game;
use cgtk_solitaire::{
    Calculation, Deal, DealError, Move, MoveError, ParseMoveError, Position, Rules, Step,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

#[test]
fn the_four_foundation_sequences() {
    // ../shared/MISSION.md §5: the "by 2" foundation runs 2 4 6 8 10 Q A 3 5 7 9 J K.
    let names = |f| {
        Rules::STANDARD
            .foundation_sequence(f)
            .into_iter()
            .map(cgtk_solitaire::rank_name)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(names(0), "A 2 3 4 5 6 7 8 9 10 J Q K");
    assert_eq!(names(1), "2 4 6 8 10 Q A 3 5 7 9 J K");
    assert_eq!(names(2), "3 6 9 Q 2 5 8 J A 4 7 10 K");
    assert_eq!(names(3), "4 8 Q 3 7 J 2 6 10 A 5 9 K");
}

#[test]
fn every_foundation_runs_through_every_rank_and_ends_with_its_king() {
    for (ranks, foundations) in [(13, 4), (7, 3), (5, 2), (5, 4), (11, 4)] {
        let rules = Rules::new(ranks, foundations, 2).unwrap();
        for f in 0..rules.foundations() {
            let mut seq = rules.foundation_sequence(f);
            assert_eq!(seq[0] as usize, f + 1);
            assert_eq!(*seq.last().unwrap(), ranks);
            // The next-card table reads the same sequence: level l needs card l + 1.
            for (l, &card) in seq.iter().enumerate() {
                assert_eq!(
                    rules.next_card(f, l as u8),
                    Some(card),
                    "f{} level {l}",
                    f + 1
                );
            }
            assert_eq!(rules.next_card(f, ranks), None);
            seq.sort();
            assert_eq!(seq, (1..=ranks).collect::<Vec<_>>());
        }
        // The stock holds exactly what the foundations still need.
        let needed: usize = (1..=ranks).map(|r| rules.copies_in_stock(r) as usize).sum();
        assert_eq!(needed, rules.stock_len());
    }
}

#[test]
fn rule_sets_that_are_refused() {
    assert!(Rules::new(13, 5, 4).is_err());
    assert!(Rules::new(13, 4, 0).is_err());
    assert!(Rules::new(13, 4, 5).is_err());
    assert!(Rules::new(14, 4, 4).is_err());
    assert!(Rules::new(9, 3, 4).is_err()); // the step 3 does not reach every rank of 9
    assert!(Rules::new(3, 3, 1).is_err()); // as many foundations as ranks
}

#[test]
fn seeded_deals_are_stable_and_valid() {
    let deal = Deal::from_seed(Rules::STANDARD, 1);
    let mut counts = [0; 14];
    for &r in deal.stock() {
        counts[r as usize] += 1;
    }
    assert_eq!(&counts[1..], &[3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    // Different seeds give different deals (for these seeds, at least).
    let deals: std::collections::HashSet<_> = (0..100)
        .map(|s| Deal::from_seed(Rules::STANDARD, s))
        .collect();
    assert_eq!(deals.len(), 100);
}

#[test]
fn the_shuffle_is_the_documented_one() {
    // An independent transcription of the documented procedure.
    use rand::RngCore;
    let mut stock: Vec<u8> = Vec::new();
    for rank in 1..=13u8 {
        for _ in 0..(if rank <= 4 { 3 } else { 4 }) {
            stock.push(rank);
        }
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let n = stock.len();
    for i in (1..n).rev() {
        let j = (u128::from(rng.next_u64()) * (i as u128 + 1) / (1u128 << 64)) as usize;
        stock.swap(i, j);
    }
    assert_eq!(Deal::from_seed(Rules::STANDARD, 2026).stock(), &stock[..]);
}

#[test]
fn written_deals_read_with_or_without_suits() {
    let seeded = Deal::from_seed(Rules::STANDARD, 4);
    let suits = ["S", "h", "♦", "C"];
    let text: Vec<String> = seeded
        .rank_names()
        .iter()
        .enumerate()
        .map(|(i, r)| format!("{r}{}", suits[i % 4]))
        .collect();
    assert_eq!(
        Deal::parse(Rules::STANDARD, &text.join(",")).unwrap(),
        seeded
    );
    assert_eq!(
        Deal::parse(Rules::STANDARD, &seeded.to_string()).unwrap(),
        seeded
    );
    let with_t = seeded.to_string().replace("10", "t");
    assert_eq!(Deal::parse(Rules::STANDARD, &with_t).unwrap(), seeded);
}

#[test]
fn written_deals_with_mistakes_are_refused_with_the_place() {
    let good = Deal::from_seed(Rules::STANDARD, 4).to_string();
    let mut tokens: Vec<&str> = good.split(' ').collect();
    tokens[6] = "Z";
    let err = Deal::parse(Rules::STANDARD, &tokens.join(" ")).unwrap_err();
    assert_eq!(
        err,
        DealError::UnknownCard {
            position: 7,
            token: "Z".into()
        }
    );
    assert!(err.to_string().starts_with("card 7: \"Z\" is not a card"));
    // One card short.
    let short = good.rsplit_once(' ').unwrap().0;
    let err = Deal::parse(Rules::STANDARD, short).unwrap_err();
    assert!(matches!(err, DealError::WrongCounts { .. }), "{err}");
    assert!(
        err.to_string()
            .starts_with("not a valid 48-card stock: 47 cards instead of 48; "),
        "{err}"
    );
    // A fourth ace: the fourth is on the foundation already.
    let err = Deal::parse(Rules::STANDARD, &good.replacen("K", "A", 1)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "not a valid 48-card stock: A 4 times instead of 3, K 3 times instead of 4"
    );
    // A reduced deck refuses ranks above its king.
    let small = Rules::new(5, 2, 2).unwrap();
    assert!(matches!(
        Deal::parse(small, "5 4 3 2 A 5 4 6"),
        Err(DealError::RankTooHigh { position: 8, .. })
    ));
}

fn all_moves() -> Vec<Move> {
    let mut v = Vec::new();
    for i in 0..4 {
        v.push(Move::StockToFoundation(i));
        v.push(Move::StockToWaste(i));
        for f in 0..4 {
            v.push(Move::WasteToFoundation {
                pile: i,
                foundation: f,
            });
        }
    }
    v
}

#[test]
fn move_notation_round_trips() {
    for mv in all_moves() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        assert_eq!(mv.to_string().to_uppercase().parse::<Move>(), Ok(mv));
    }
    assert_eq!(all_moves().len(), 24);
}

#[test]
fn bad_move_text_is_refused() {
    for text in [
        "", "s", "s-f5", "s-f0", "x-f1", "f1-w1", "s-s", "w5-f1", "w1-", "s-k",
    ] {
        assert!(
            matches!(text.parse::<Move>(), Err(ParseMoveError::Syntax(_))),
            "{text}"
        );
    }
    let err = "w1-w2".parse::<Move>().unwrap_err();
    assert_eq!(err, ParseMoveError::WasteToWaste("w1-w2".into()));
    assert_eq!(
        err.to_string(),
        "\"w1-w2\": cards never move from one waste pile to another"
    );
}

#[test]
fn refusals_say_why() {
    let mut pos = Position::start(Rules::STANDARD);
    pos.turn(7).unwrap();
    let err = pos.play(Move::StockToFoundation(0)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "s-f1: 7 does not fit foundation f1, which needs 2"
    );
    let err = pos
        .play(Move::WasteToFoundation {
            pile: 0,
            foundation: 0,
        })
        .unwrap_err();
    assert_eq!(err.to_string(), "w1-f1: that waste pile is empty");
    pos.play(Move::StockToWaste(2)).unwrap();
    assert!(matches!(
        pos.play(Move::StockToWaste(0)),
        Err(MoveError::NoTurnedCard(_))
    ));
    // Three waste piles: w4 does not exist.
    let mut three = Position::start(Rules::standard(3).unwrap());
    three.turn(5).unwrap();
    let err = three.play(Move::StockToWaste(3)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "s-w4: this game has 4 foundations and 3 waste piles"
    );
    // A complete foundation takes nothing more.
    let small = Rules::new(5, 2, 1).unwrap();
    let deal = Deal::new(small, vec![2, 3, 4, 5, 4, 1, 3, 5]).unwrap();
    let mut game = Calculation::new(deal);
    for mv in ["s-f1", "s-f1", "s-f1", "s-f1", "s-f2", "s-f2", "s-f2"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let err = game.play(Move::StockToFoundation(0)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "s-f1: 5 does not fit foundation f1, which needs nothing, it is complete"
    );
    game.play(Move::StockToFoundation(1)).unwrap();
    assert!(game.is_won());
    assert_eq!(game.play(Move::StockToWaste(0)), Err(MoveError::GameOver));
}

#[test]
fn a_stuck_game_is_over_and_lost() {
    // One waste pile: 3 buried under 5 can never come out.
    let small = Rules::new(5, 2, 1).unwrap();
    let deal = Deal::new(small, vec![3, 5, 2, 4, 1, 3, 4, 5]).unwrap();
    let mut game = Calculation::new(deal);
    game.play("s-w1".parse().unwrap()).unwrap(); // 3
    game.play("s-w1".parse().unwrap()).unwrap(); // 5 on 3
    while !game.is_over() {
        let mut moves = Vec::new();
        game.position().moves(&mut moves);
        game.play(moves[0]).unwrap();
    }
    assert!(!game.is_won());
    assert_eq!(game.play(Move::StockToWaste(0)), Err(MoveError::GameOver));
}

#[test]
fn waste_tops_go_home_at_any_time() {
    let small = Rules::new(5, 2, 2).unwrap();
    let deal = Deal::new(small, vec![3, 2, 4, 1, 5, 3, 4, 5]).unwrap();
    let mut game = Calculation::new(deal);
    game.play("s-w1".parse().unwrap()).unwrap(); // 3 parked
    game.play("s-f1".parse().unwrap()).unwrap(); // 2 on A
                                                 // With 4 turned, the 3 goes home first, then the 4 follows it.
    game.play("w1-f1".parse().unwrap()).unwrap();
    game.play("s-f1".parse().unwrap()).unwrap();
    assert_eq!(game.position().foundation_top(0), 4);
}

proptest! {
    /// Random steps, then taking them back, restore the position; every legal move is
    /// accepted by the checked `play`.
    #[test]
    fn make_unmake_restores(seed in any::<u64>(), piles in 1u8..=4) {
        let rules = Rules::standard(piles).unwrap();
        let mut pos = Position::start(rules);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut history = Vec::new();
        let mut steps = Vec::new();
        for _ in 0..rng.gen_range(0..120) {
            pos.legal_moves(&mut steps);
            if steps.is_empty() {
                break;
            }
            let step = steps[rng.gen_range(0..steps.len())];
            if let Step::Play(mv) = step {
                prop_assert!(pos.check(mv).is_ok());
            }
            let before = pos;
            let undo = pos.make(step);
            history.push((step, undo, before));
        }
        while let Some((step, undo, before)) = history.pop() {
            pos.unmake(step, undo);
            prop_assert_eq!(pos, before);
        }
    }

    #[test]
    fn moves_not_listed_are_refused(seed in any::<u64>()) {
        let deal = Deal::from_seed(Rules::STANDARD, seed);
        let mut game = Calculation::new(deal);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
        while !game.is_over() {
            game.position().moves(&mut legal);
            for mv in all_moves() {
                prop_assert_eq!(game.position().check(mv).is_ok(), legal.contains(&mv));
            }
            game.play(legal[rng.gen_range(0..legal.len())]).unwrap();
        }
        // Cards are conserved.
        let pos = game.position();
        let on_piles: usize = (0..4).map(|w| pos.pile(w).len()).sum();
        prop_assert_eq!(pos.cards_on_foundations() + on_piles, 52);
    }
}
