//! Every game's variant text, Nim heaps and Poggle puzzle sizes: an error or a game, never
//! a panic (a huge board is refused before it is built).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = text.parse::<cgtk_games::kono::Variant>();
    let _ = text.parse::<cgtk_games::mu_torere::Variant>();
    let _ = text.parse::<cgtk_games::fox_hounds::Variant>();
    let _ = cgtk_games::nim::Nim::parse_heaps(text);
    let _ = cgtk_poggle::Puzzle::from_variant(text);
});
