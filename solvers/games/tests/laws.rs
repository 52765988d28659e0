//! The generic laws of game rules (cgtk-testkit) for every game of this crate and several
//! of their variants: make/unmake, notation round trips, the perfect index, its
//! symmetries and the un-moves; the position key where a game has one. Each line writes a
//! quick test (random playouts and a sample of indices) and a full one (release builds:
//! long playouts and every index).

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::Notation;
use cgtk_games::{fox_hounds::FoxHounds, kono::Kono, mu_torere::MuTorere, nim::Nim};

/// A position of `variant` read from `text` (for variants whose start is not a position of
/// the variant).
fn kono(variant: &str, text: &str) -> Kono {
    Kono::start(variant.parse().unwrap())
        .parse_position(text)
        .unwrap()
}

// Nim has a position key but no un-moves.
cgtk_testkit::game_laws!(nim, Nim::new(&[3, 4, 5]).unwrap(); indexed: make_unmake, key, notation, index, symmetries);
cgtk_testkit::game_laws!(nim_with_an_empty_heap, Nim::new(&[2, 0, 3]).unwrap(); indexed: make_unmake, key, notation, index, symmetries);
cgtk_testkit::game_laws!(nim_six_heaps, Nim::new(&[1, 2, 3, 4, 5, 6]).unwrap(); indexed: make_unmake, key, notation, index, symmetries);

cgtk_testkit::game_laws!(mu_torere, MuTorere::start("standard".parse().unwrap()));
cgtk_testkit::game_laws!(
    mu_torere_first_two_turns,
    MuTorere::start("first-two-turns".parse().unwrap())
);

cgtk_testkit::game_laws!(kono, Kono::start("standard".parse().unwrap()));
cgtk_testkit::game_laws!(
    kono_compulsory_capture,
    Kono::start("compulsory-capture".parse().unwrap())
);
cgtk_testkit::game_laws!(
    kono_four_pieces,
    kono("max-pieces=4", "xx../x.x./o.o./.o.o x")
);
cgtk_testkit::game_laws!(
    kono_compulsory_three_pieces,
    kono("compulsory-capture,max-pieces=3", "x.x./x.../o.o./..o. x")
);

cgtk_testkit::game_laws!(fox_hounds, FoxHounds::start("standard".parse().unwrap()));
cgtk_testkit::game_laws!(
    fox_hounds_from_b8_hounds_first,
    FoxHounds::start("fox=b8,first=hounds".parse().unwrap())
);
cgtk_testkit::game_laws!(
    fox_hounds_from_h8,
    FoxHounds::start("fox=h8".parse().unwrap())
);

// The exact position keys (no symmetry folded in) that proof-number search uses.
cgtk_testkit::game_laws!(mu_torere_key, MuTorere::start("first-two-turns".parse().unwrap()); indexed: key);
cgtk_testkit::game_laws!(kono_key, Kono::start("standard".parse().unwrap()); indexed: key);
cgtk_testkit::game_laws!(fox_hounds_key, FoxHounds::start("fox=b8,first=hounds".parse().unwrap()); indexed: key);
