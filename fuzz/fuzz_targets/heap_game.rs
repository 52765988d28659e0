//! Octal, hexadecimal and subtraction codes: an accepted game prints as a code that reads
//! back as the same game.
#![no_main]
use cgtk_nimber::HeapGame;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(game) = text.parse::<HeapGame>() {
        let shown = game.to_string();
        let back: HeapGame = shown.parse().expect("a printed game reads back");
        assert_eq!(back.to_string(), shown);
    }
});
