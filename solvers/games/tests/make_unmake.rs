//! Make then unmake restores every position, for random playouts of every game.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::Game;
use cgtk_games::{fox_hounds::FoxHounds, kono::Kono, mu_torere::MuTorere, nim::Nim};
use proptest::prelude::*;
use std::fmt::Debug;

/// Plays the moves picked by `choices` (each modulo the number of legal moves), checking
/// after each make/unmake pair that the position is restored, then unwinds the whole line
/// and checks every position on the way back.
fn check_playout<G: Game + Clone + PartialEq + Debug>(start: G, choices: &[u32]) {
    let mut game = start;
    let mut line = Vec::new();
    let mut moves = Vec::new();
    for &c in choices {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        for &mv in &moves {
            let before = game.clone();
            let undo = game.make(mv);
            game.unmake(mv, undo);
            assert_eq!(game, before, "make/unmake of {mv:?}");
        }
        let mv = moves[c as usize % moves.len()];
        let before = game.clone();
        let undo = game.make(mv);
        line.push((mv, undo, before));
    }
    while let Some((mv, undo, before)) = line.pop() {
        game.unmake(mv, undo);
        assert_eq!(game, before, "unwinding {mv:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn nim(heaps in prop::collection::vec(0u32..6, 1..5), choices in prop::collection::vec(any::<u32>(), 0..30)) {
        check_playout(Nim::new(&heaps).unwrap(), &choices);
    }

    #[test]
    fn mu_torere(variant in prop::sample::select(vec!["standard", "first-two-turns"]), choices in prop::collection::vec(any::<u32>(), 0..80)) {
        check_playout(MuTorere::start(variant.parse().unwrap()), &choices);
    }

    #[test]
    fn kono(variant in prop::sample::select(vec!["standard", "compulsory-capture"]), choices in prop::collection::vec(any::<u32>(), 0..80)) {
        check_playout(Kono::start(variant.parse().unwrap()), &choices);
    }

    #[test]
    fn fox_hounds(variant in prop::sample::select(vec!["standard", "fox=b8,first=hounds", "fox=h8"]), choices in prop::collection::vec(any::<u32>(), 0..60)) {
        check_playout(FoxHounds::start(variant.parse().unwrap()), &choices);
    }
}
