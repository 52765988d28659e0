//! Perft: the number of leaves of the legal move tree, the standard check of a move
//! generator against published counts.

use super::position::Position;
use super::types::{Move, MoveList};

/// Counts the leaf nodes of the legal move tree to `depth` plies. Every ply but the last
/// is played with [`make`](Position::make) and [`unmake`](Position::unmake); the moves of
/// the last ply are counted without playing or listing them.
///
/// ```
/// use cgtk_chess::{perft, Position};
/// assert_eq!(perft(&mut Position::startpos(), 3), 8902);
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal() as u64,
        _ => {
            // One move list per ply above the last, allocated once.
            let mut lists = vec![MoveList::new(); depth as usize - 1];
            perft_with(pos, &mut lists)
        }
    }
}

/// Perft with one move list per remaining ply above the last.
fn perft_with(pos: &mut Position, lists: &mut [MoveList]) -> u64 {
    let Some((moves, deeper)) = lists.split_first_mut() else {
        return pos.count_legal() as u64;
    };
    pos.legal_moves(moves);
    let mut nodes = 0;
    if deeper.is_empty() {
        // The last ply but one: its children's moves are counted, not listed.
        for &mv in moves.iter() {
            let undo = pos.make(mv);
            nodes += pos.count_legal() as u64;
            pos.unmake(mv, undo);
        }
    } else {
        for &mv in moves.iter() {
            let undo = pos.make(mv);
            nodes += perft_with(pos, deeper);
            pos.unmake(mv, undo);
        }
    }
    nodes
}

/// Perft that lists the moves of every ply, the last included (as perft is commonly
/// written, and as the `shakmaty` crate's does), instead of counting the last ply's moves
/// as [`perft`] does: the same count, by the plain route.
///
/// ```
/// use cgtk_chess::{perft, perft_listing, Position};
/// let mut kiwipete = Position::from_fen(
///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
/// ).unwrap();
/// assert_eq!(perft_listing(&mut kiwipete, 2), 2039);
/// assert_eq!(perft(&mut kiwipete, 2), 2039);
/// ```
pub fn perft_listing(pos: &mut Position, depth: u32) -> u64 {
    let mut lists = vec![MoveList::new(); depth as usize];
    listing_with(pos, &mut lists)
}

fn listing_with(pos: &mut Position, lists: &mut [MoveList]) -> u64 {
    let Some((moves, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    pos.legal_moves(moves);
    if deeper.is_empty() {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in moves.iter() {
        let undo = pos.make(mv);
        nodes += listing_with(pos, deeper);
        pos.unmake(mv, undo);
    }
    nodes
}

/// Perft split by first move: each legal move with the leaf count below it, in
/// generation order, so that the counts add up to [`perft`] at the same depth. At depth 0
/// the root is the one leaf and no move is played: the list is empty.
///
/// ```
/// use cgtk_chess::{perft, perft_divide, Position};
/// let mut pos = Position::startpos();
/// let divide = perft_divide(&mut pos, 2);
/// assert_eq!(divide.len(), 20);
/// assert_eq!(divide.iter().map(|d| d.1).sum::<u64>(), perft(&mut pos, 2));
/// assert!(perft_divide(&mut pos, 0).is_empty());
/// ```
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let undo = pos.make(mv);
            let n = perft(pos, depth - 1);
            pos.unmake(mv, undo);
            (mv, n)
        })
        .collect()
}
