//! Sets of squares in the 0x88 geometry: a `u128` with bit `sq` for the 0x88 square `sq`.
//!
//! Each rank takes 16 bits, of which the low 8 are the board and the high 8 the off-board
//! files, exactly as in the 0x88 board. A set shifted by a square difference therefore needs
//! no edge masks: a square stepping off a side lands on an off-board bit (or leaves the
//! `u128`), where no piece ever stands. The position keeps one set per side and kind of
//! piece next to its board and piece lists; the generator uses them to handle all pawns,
//! or all targets of a knight, at once.

use super::tables::{DIAG_STEPS, KING_STEPS, KNIGHT_STEPS, ORTHO_STEPS};

/// The 0x88 square `sq` as a one-square set.
#[inline(always)]
pub(crate) fn bit(sq: u8) -> u128 {
    // A table lookup costs fewer instructions than a variable 128-bit shift.
    SQUARE_BITS[sq as usize & 127]
}

static SQUARE_BITS: [u128; 128] = {
    let mut table = [0u128; 128];
    let mut s = 0;
    while s < 128 {
        table[s] = 1 << s;
        s += 1;
    }
    table
};

/// The squares of the 0x88 rank `rank` (0..8).
pub(crate) const fn rank(rank: u8) -> u128 {
    0xffu128 << (16 * rank)
}

/// `set` moved by the square difference `delta` (a constant in practice), bits leaving the
/// `u128` dropped.
#[inline(always)]
pub(crate) fn shift(set: u128, delta: i8) -> u128 {
    if delta >= 0 {
        set << delta
    } else {
        set >> delta.unsigned_abs()
    }
}

/// The number of squares in `set`, which must hold squares of the board only: the ranks
/// in the upper half of the `u128` are folded onto the unused off-board bits of the lower
/// half, so that one 64-bit count covers all 64 squares.
#[inline(always)]
pub(crate) fn count(set: u128) -> u32 {
    debug_assert_eq!(set & OFF_BOARD, 0, "count of off-board squares");
    ((set as u64) | ((set >> 64) as u64) << 8).count_ones()
}

/// Calls `visit` with each square of `set`, in increasing order.
#[inline(always)]
pub(crate) fn for_each(set: u128, mut visit: impl FnMut(u8)) {
    // Each 64-bit half apart: a bit scan and a clear per square, without 128-bit arithmetic.
    for (half, base) in [(set as u64, 0u8), ((set >> 64) as u64, 64)] {
        let mut bits = half;
        while bits != 0 {
            visit(base + bits.trailing_zeros() as u8);
            bits &= bits - 1;
        }
    }
}

/// The squares off the board (file bit `0x08` set), as a set.
pub(crate) const OFF_BOARD: u128 = !(0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ffu128);

/// For each 0x88 square (index `& 127`), the squares one of `steps` leads to from it.
const fn leaps<const N: usize>(steps: [i8; N]) -> [u128; 128] {
    let mut table = [0u128; 128];
    let mut s = 0;
    while s < 128 {
        let mut i = 0;
        while i < N {
            let to = (s as i32 + steps[i] as i32) as u8;
            if s & 0x88 == 0 && to & 0x88 == 0 {
                table[s] |= 1 << to;
            }
            i += 1;
        }
        s += 1;
    }
    table
}

/// For each 0x88 square (index `& 127`), the squares on the lines along `steps` from it to
/// the edge of the board (what a slider on it reaches on an empty board).
const fn lines(steps: [i8; 4]) -> [u128; 128] {
    let mut table = [0u128; 128];
    let mut s = 0;
    while s < 128 {
        let mut i = 0;
        while i < 4 {
            let mut to = (s as i32 + steps[i] as i32) as u8;
            while s & 0x88 == 0 && to & 0x88 == 0 {
                table[s] |= 1 << to;
                to = (to as i32 + steps[i] as i32) as u8;
            }
            i += 1;
        }
        s += 1;
    }
    table
}

/// The squares a knight reaches from each square.
pub(crate) static KNIGHT_SETS: [u128; 128] = leaps(KNIGHT_STEPS);
/// The squares a king reaches from each square (castling apart): a queen's first steps.
pub(crate) static KING_SETS: [u128; 128] = leaps(KING_STEPS);
/// The first diagonal steps from each square.
pub(crate) static DIAG_NEIGHBOURS: [u128; 128] = leaps(DIAG_STEPS);
/// The first orthogonal steps from each square.
pub(crate) static ORTHO_NEIGHBOURS: [u128; 128] = leaps(ORTHO_STEPS);
/// The diagonals through each square (without the square).
pub(crate) static DIAG_LINES: [u128; 128] = lines(DIAG_STEPS);
/// The rank and file through each square (without the square).
pub(crate) static ORTHO_LINES: [u128; 128] = lines(ORTHO_STEPS);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_and_visit_agree_with_the_bits() {
        let squares = [0x00u8, 0x07, 0x34, 0x43, 0x70, 0x77];
        let set = squares.iter().fold(0, |s, &sq| s | bit(sq));
        assert_eq!(count(set), 6);
        let mut seen = Vec::new();
        for_each(set, |sq| seen.push(sq));
        assert_eq!(seen, squares);
        assert_eq!(count(rank(0) | rank(7)), 16);
    }

    #[test]
    fn shifted_sets_never_wrap_onto_the_board() {
        // A step off the h file lands off the board, never on the a file of the next rank.
        assert_eq!(shift(bit(0x17), 17) & !OFF_BOARD, 0);
        assert_eq!(shift(bit(0x10), -17) & !OFF_BOARD, 0);
        assert_eq!(shift(bit(0x10), 15) & !OFF_BOARD, 0);
        assert_eq!(count(KNIGHT_SETS[0x00]), 2);
        assert_eq!(count(KNIGHT_SETS[0x34]), 8);
        assert_eq!(count(KING_SETS[0x00]), 3);
        assert_eq!(count(DIAG_LINES[0x00]), 7);
        assert_eq!(count(DIAG_LINES[0x34]), 13);
        assert_eq!(count(ORTHO_LINES[0x34]), 14);
    }
}
