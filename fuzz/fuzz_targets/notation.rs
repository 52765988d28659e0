//! Each game's position text and move notation, read in its start position: an accepted
//! position is written back as the same text, an accepted move is legal and written back
//! as a move that reads as the same move.
#![no_main]
use cgtk_core::Notation;
use libfuzzer_sys::fuzz_target;

fn check<G: Notation>(start: &G, text: &str)
where
    G::Move: PartialEq + std::fmt::Debug,
{
    if let Ok(position) = start.parse_position(text) {
        let shown = position.position_text();
        let back = start
            .parse_position(&shown)
            .expect("a written position reads back");
        assert_eq!(back.position_text(), shown);
    }
    if let Ok(mv) = start.parse_move(text) {
        assert!(start.is_legal(mv));
        let shown = start.move_text(mv);
        assert_eq!(start.parse_move(&shown).ok(), Some(mv), "{shown}");
    }
}

fuzz_target!(|text: &str| {
    check(
        &cgtk_games::mu_torere::MuTorere::start(Default::default()),
        text,
    );
    check(&cgtk_games::kono::Kono::start(Default::default()), text);
    check(
        &cgtk_games::fox_hounds::FoxHounds::start(Default::default()),
        text,
    );
    if let Ok(nim) = cgtk_games::nim::Nim::new(&[3, 4, 5]) {
        check(&nim, text);
    }
    check(&cgtk_chess::Chess::new(), text);
    if let Ok(puzzle) = cgtk_poggle::Puzzle::from_variant("3x4,3") {
        check(&puzzle, text);
    }
});
