//! Constant tables of the 0x88 board: which piece kinds can attack along a square
//! difference, the unit step of that line, and the Zobrist keys.

use super::types::Piece;

/// Index of a square difference `to - from` (in -119..=119 between two squares of the
/// board) in the difference tables: 0..=238, computed in `u8` so that indexing the 256-entry
/// tables needs no bounds check.
#[inline]
pub(crate) fn delta_index(from: u8, to: u8) -> usize {
    to.wrapping_sub(from).wrapping_add(119) as usize
}

pub(crate) const ATK_KNIGHT: u8 = 1;
pub(crate) const ATK_DIAG: u8 = 2;
pub(crate) const ATK_ORTHO: u8 = 4;
pub(crate) const ATK_KING: u8 = 8;
pub(crate) const ATK_WPAWN: u8 = 16;
pub(crate) const ATK_BPAWN: u8 = 32;

pub(crate) const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];
pub(crate) const DIAG_STEPS: [i8; 4] = [15, 17, -15, -17];
pub(crate) const ORTHO_STEPS: [i8; 4] = [1, -1, 16, -16];
pub(crate) const KING_STEPS: [i8; 8] = [1, -1, 16, -16, 15, 17, -15, -17];

const fn attack_table() -> ([u8; 256], [i8; 256]) {
    let mut attacks = [0u8; 256];
    let mut steps = [0i8; 256];
    let mut i = 0;
    while i < 8 {
        let k = KNIGHT_STEPS[i] as i32;
        attacks[(k + 119) as usize] |= ATK_KNIGHT;
        let d = KING_STEPS[i] as i32;
        attacks[(d + 119) as usize] |= ATK_KING;
        let kind = if i < 4 { ATK_ORTHO } else { ATK_DIAG };
        let mut n = 1;
        while n < 8 {
            // In 0x88 each (rank, file) difference is a distinct number, so the n-th
            // multiple of a unit step names exactly one line.
            let delta = d * n;
            attacks[(delta + 119) as usize] |= kind;
            steps[(delta + 119) as usize] = d as i8;
            n += 1;
        }
        i += 1;
    }
    attacks[(15 + 119) as usize] |= ATK_WPAWN;
    attacks[(17 + 119) as usize] |= ATK_WPAWN;
    attacks[(-15 + 119) as usize] |= ATK_BPAWN;
    attacks[(-17 + 119) as usize] |= ATK_BPAWN;
    (attacks, steps)
}

const TABLES: ([u8; 256], [i8; 256]) = attack_table();
/// Which attack kinds (`ATK_*` bits) reach a difference `to - from`.
pub(crate) static ATTACKS: [u8; 256] = TABLES.0;
/// The unit step from `from` towards `to` when they share a line, else 0.
pub(crate) static STEPS: [i8; 256] = TABLES.1;

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Zobrist keys: one per (piece byte, 0x88 square), castling rights, en passant file, side.
pub(crate) struct Zobrist {
    pub(crate) piece: [[u64; 128]; Piece::BYTES],
    pub(crate) castling: [u64; 16],
    pub(crate) ep_file: [u64; 8],
    pub(crate) black: u64,
}

const fn zobrist() -> Zobrist {
    let mut state = 0x0C47_7C35_u64;
    let mut z = Zobrist {
        piece: [[0; 128]; Piece::BYTES],
        castling: [0; 16],
        ep_file: [0; 8],
        black: 0,
    };
    let mut p = 0;
    while p < Piece::BYTES {
        let mut s = 0;
        while s < 128 {
            z.piece[p][s] = splitmix(&mut state);
            s += 1;
        }
        p += 1;
    }
    let mut c = 1;
    while c < 16 {
        z.castling[c] = splitmix(&mut state);
        c += 1;
    }
    let mut f = 0;
    while f < 8 {
        z.ep_file[f] = splitmix(&mut state);
        f += 1;
    }
    z.black = splitmix(&mut state);
    z
}

pub(crate) static ZOBRIST: Zobrist = zobrist();

/// The Zobrist key of `piece` on the 0x88 square `sq` (the masks only spare bounds checks).
#[inline]
pub(crate) fn piece_key(piece: Piece, sq: u8) -> u64 {
    ZOBRIST.piece[piece.0 as usize & (Piece::BYTES - 1)][sq as usize & 127]
}

/// Castling rights that survive a move touching each square (a corner or a king's start).
const fn castle_masks() -> [u8; 256] {
    let mut m = [15u8; 256];
    m[0x00] = 15 & !2; // a1: white queen side
    m[0x07] = 15 & !1; // h1: white king side
    m[0x04] = 15 & !3; // e1
    m[0x70] = 15 & !8; // a8
    m[0x77] = 15 & !4; // h8
    m[0x74] = 15 & !12; // e8
    m
}

pub(crate) static CASTLE_MASK: [u8; 256] = castle_masks();
