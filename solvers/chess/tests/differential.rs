//! Differential test against the `shakmaty` crate: on seeded random playouts from every
//! position of `tests/data/perft.txt`, at every ply the set of legal moves of our generator
//! equals shakmaty's (both written in UCI notation), both libraries write the same FEN, and
//! making then unmaking each legal move restores the position, its FEN and its Zobrist key
//! (and the key kept up to date by `make` equals the key computed from scratch).

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_chess::{MoveList, Position};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, EnPassantMode, Position as _};

/// The `(name, FEN)` of every line of the perft table (`name | FEN | counts`).
fn perft_positions() -> Vec<(String, String)> {
    cgtk_testkit::reference!("perft.txt")
        .fields('|')
        .into_iter()
        .map(|fields| {
            assert_eq!(fields.len(), 3, "bad perft line {fields:?}");
            (fields[0].to_string(), fields[1].to_string())
        })
        .collect()
}

fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    Fen::from_ascii(fen.as_bytes())
        .expect("shakmaty reads the FEN")
        .into_position(CastlingMode::Standard)
        .expect("shakmaty accepts the position")
}

/// Plays `playouts` random games of at most `plies` plies from `fen` with both libraries
/// side by side, checking every ply; returns the number of plies checked.
fn compare_playouts(name: &str, fen: &str, playouts: usize, plies: usize, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut list = MoveList::new();
    let mut checked = 0;
    for playout in 0..playouts {
        let mut ours = Position::from_fen(fen).expect("valid FEN");
        let mut theirs = shakmaty_position(fen);
        for ply in 0..plies {
            let fen_here = ours.fen();
            let at = || format!("{name}, playout {playout}, ply {ply}, {fen_here}");
            // The same position, as both libraries write it (the en passant square only
            // when an enemy pawn could take, as our FEN does).
            let their_fen = Fen::from_position(&theirs, EnPassantMode::PseudoLegal).to_string();
            assert_eq!(fen_here, their_fen, "{}", at());

            ours.legal_moves(&mut list);
            let mut our_moves: Vec<String> = list.iter().map(|m| m.to_string()).collect();
            let their_list = theirs.legal_moves();
            let mut their_moves: Vec<String> = their_list
                .iter()
                .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                .collect();
            our_moves.sort();
            their_moves.sort();
            assert_eq!(our_moves, their_moves, "{}", at());
            assert_eq!(ours.count_legal(), list.len(), "{}", at());
            checked += 1;

            // Make/unmake of every legal move restores the position and its key.
            let before = ours.clone();
            let key_before = ours.hash();
            for &mv in list.iter() {
                let undo = ours.make(mv);
                assert_eq!(ours.hash(), ours.compute_hash(), "{} after {mv}", at());
                ours.unmake(mv, undo);
                assert_eq!(ours.fen(), fen_here, "{} unmaking {mv}", at());
                assert_eq!(ours.hash(), key_before, "{} unmaking {mv}", at());
                assert_eq!(ours, before, "{} unmaking {mv}", at());
            }

            if list.is_empty() {
                assert!(their_list.is_empty());
                break;
            }
            // Play the same random move in both.
            let i = rng.gen_range(0..list.len());
            let mv = list[i];
            let text = mv.to_string();
            let theirs_mv = their_list
                .iter()
                .find(|m| m.to_uci(CastlingMode::Standard).to_string() == text)
                .cloned()
                .expect("the same move");
            ours.make(mv);
            theirs.play_unchecked(theirs_mv);
        }
    }
    checked
}

/// A few hundred plies in all, quick enough for debug builds.
#[test]
fn legal_moves_agree_with_shakmaty() {
    let mut total = 0;
    for (k, (name, fen)) in perft_positions().iter().enumerate() {
        total += compare_playouts(name, fen, 4, 40, 1000 + k as u64);
    }
    println!("{total} plies checked");
    assert!(total >= 500, "only {total} plies checked");
}

/// Many more playouts, to the end of the game or 300 plies: run with `--release`.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
fn legal_moves_agree_with_shakmaty_long() {
    let mut total = 0;
    for (k, (name, fen)) in perft_positions().iter().enumerate() {
        total += compare_playouts(name, fen, 100, 300, 2000 + k as u64);
    }
    println!("{total} plies checked");
    assert!(total >= 100_000, "only {total} plies checked");
}
