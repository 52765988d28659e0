//! The generic laws of game rules (cgtk-testkit) for chess: make/unmake restores the game
//! (position and history), and the incrementally kept key equals the key of the position
//! read back from its FEN; from the standard start and from perft positions with castling,
//! en passant and promotions close at hand.
//!
//! The kit's notation law is not instantiated: a [`Chess`] game also holds the keys of the
//! earlier positions (for repetitions), which a FEN does not carry, so a game read back from
//! its FEN is the same position but not an equal game. FEN and move-text round trips are
//! checked in `rules.rs` and against shakmaty in `differential.rs`.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_chess::Chess;
use cgtk_testkit::laws::Budget;

/// The position called `name` in the perft table (`name | FEN | counts`).
fn perft_position(name: &str) -> Chess {
    let table = cgtk_testkit::reference!("perft.txt");
    let fields = table.fields('|');
    let line = fields.iter().find(|f| f[0] == name).unwrap();
    Chess::from_fen(line[1]).unwrap()
}

/// The release budget for chess: 400 random games of up to 300 plies from each start (the
/// kit's default is 2,000), each position's key and every child's checked against the key
/// of the position read back from its FEN. With the default's five times as many games
/// these were the longest tests of the workspace (the three key laws 106 s in all, against
/// 24 s for all six laws now, release, one thread).
const FULL: Budget = Budget {
    playouts: 400,
    ..Budget::FULL
};

cgtk_testkit::game_laws!(chess, Chess::new(); full: FULL; make_unmake, key);
cgtk_testkit::game_laws!(chess_kiwipete, perft_position("kiwipete"); full: FULL; make_unmake, key);
cgtk_testkit::game_laws!(chess_promotions, perft_position("position4"); full: FULL; make_unmake, key);
