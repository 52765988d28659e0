//! FEN: never a panic; an accepted position is written back as FEN that reads the same.
#![no_main]
use cgtk_chess::Chess;
use cgtk_core::Notation;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(game) = Chess::from_fen(text) {
        let again = game.position_text();
        let back = Chess::from_fen(&again).expect("a written FEN reads back");
        assert_eq!(back.position_text(), again);
    }
});
