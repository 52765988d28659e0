//! The symmetries of Four Field Kono.
//!
//! The rules treat every direction and both players alike, so each of the eight symmetries
//! of the square board (the dihedral group of order 8) maps a position to one with the same
//! value, and so does swapping the colours together with the side to move. Together they
//! form a group of order 16; symmetry `g` is the board symmetry `g & 7` followed, when
//! `g & 8` is set, by the colour swap.

use std::sync::OnceLock;

/// The number of symmetries of the board.
pub(super) const BOARD_SYMMETRIES: u8 = 8;
/// The number of symmetries of a position: board symmetries, with or without the colour
/// swap.
pub(super) const SYMMETRIES: u8 = 16;
/// The bit of a symmetry that swaps the colours and the side to move.
pub(super) const COLOUR_SWAP: u8 = 8;

/// Where board symmetry `d` takes `cell` (`rank * 4 + file`): bit 0 of `d` transposes
/// (rank ↔ file), then bit 1 mirrors the files (a ↔ d), then bit 2 mirrors the ranks.
pub(super) fn image_cell(d: u8, cell: u8) -> u8 {
    let (mut rank, mut file) = (cell / 4, cell % 4);
    if d & 1 != 0 {
        std::mem::swap(&mut rank, &mut file);
    }
    if d & 2 != 0 {
        file = 3 - file;
    }
    if d & 4 != 0 {
        rank = 3 - rank;
    }
    rank * 4 + file
}

/// The board symmetries as tables: images of bitboards, composition and inverses.
pub(super) struct BoardGroup {
    /// `bytes[d][h][b]`: the image under `d` of byte `b` as the low (`h = 0`) or high
    /// (`h = 1`) byte of a bitboard.
    bytes: [[[u16; 256]; 2]; BOARD_SYMMETRIES as usize],
    /// `compose[a][b]`: `b`, then `a`.
    compose: [[u8; BOARD_SYMMETRIES as usize]; BOARD_SYMMETRIES as usize],
    inverse: [u8; BOARD_SYMMETRIES as usize],
}

impl BoardGroup {
    fn new() -> BoardGroup {
        let mut bytes = [[[0u16; 256]; 2]; BOARD_SYMMETRIES as usize];
        for (d, halves) in bytes.iter_mut().enumerate() {
            for (h, table) in halves.iter_mut().enumerate() {
                for (b, image) in table.iter_mut().enumerate() {
                    *image = (0..8u8)
                        .filter(|bit| b >> bit & 1 == 1)
                        .map(|bit| 1u16 << image_cell(d as u8, h as u8 * 8 + bit))
                        .fold(0, |acc, x| acc | x);
                }
            }
        }
        let perm = |d: u8| -> [u8; 16] { std::array::from_fn(|c| image_cell(d, c as u8)) };
        let mut compose = [[0u8; BOARD_SYMMETRIES as usize]; BOARD_SYMMETRIES as usize];
        let mut inverse = [0u8; BOARD_SYMMETRIES as usize];
        for a in 0..BOARD_SYMMETRIES {
            for b in 0..BOARD_SYMMETRIES {
                let both: [u8; 16] = std::array::from_fn(|c| perm(a)[perm(b)[c] as usize]);
                // The eight symmetries of the square form a group: the composition of two
                // of them is one of them.
                #[allow(clippy::expect_used)]
                let c = (0..BOARD_SYMMETRIES)
                    .find(|&c| perm(c) == both)
                    .expect("the board symmetries form a group");
                compose[a as usize][b as usize] = c;
                if c == 0 {
                    inverse[a as usize] = b;
                }
            }
        }
        BoardGroup {
            bytes,
            compose,
            inverse,
        }
    }

    /// The image of bitboard `bb` under board symmetry `d`.
    #[inline]
    pub(super) fn apply(&self, d: u8, bb: u16) -> u16 {
        let t = &self.bytes[d as usize];
        t[0][(bb & 0xFF) as usize] | t[1][(bb >> 8) as usize]
    }

    /// The symmetry (of the 16) "`b`, then `a`".
    #[inline]
    pub(super) fn compose(&self, a: u8, b: u8) -> u8 {
        self.compose[(a & 7) as usize][(b & 7) as usize] | ((a ^ b) & COLOUR_SWAP)
    }

    /// The inverse of symmetry `g` (of the 16).
    #[inline]
    pub(super) fn inverse(&self, g: u8) -> u8 {
        self.inverse[(g & 7) as usize] | (g & COLOUR_SWAP)
    }
}

/// The shared tables of the board symmetries.
pub(super) fn board_group() -> &'static BoardGroup {
    static GROUP: OnceLock<BoardGroup> = OnceLock::new();
    GROUP.get_or_init(BoardGroup::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_symmetries_are_the_eight_of_the_square() {
        let perms: Vec<Vec<u8>> = (0..BOARD_SYMMETRIES)
            .map(|d| (0..16).map(|c| image_cell(d, c)).collect())
            .collect();
        for (d, p) in perms.iter().enumerate() {
            let mut sorted = p.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..16).collect::<Vec<u8>>(), "{d} is a permutation");
            // Orthogonal neighbours stay neighbours.
            for c in 0..16u8 {
                for n in [c + 1, c + 4] {
                    if n < 16 && (n == c + 4 || c % 4 != 3) {
                        let (a, b) = (p[c as usize], p[n as usize]);
                        let (ra, fa, rb, fb) = (a / 4, a % 4, b / 4, b % 4);
                        assert_eq!(ra.abs_diff(rb) + fa.abs_diff(fb), 1);
                    }
                }
            }
        }
        for a in 0..8 {
            for b in 0..a {
                assert_ne!(perms[a], perms[b]);
            }
        }
    }

    #[test]
    fn composition_and_inverse_agree_with_bitboards() {
        let g = board_group();
        let boards = [0x0001u16, 0x8421, 0x00FF, 0x1234, 0xF0F0, 0x0660];
        for a in 0..SYMMETRIES {
            assert_eq!(g.compose(a, g.inverse(a)), 0);
            assert_eq!(g.compose(g.inverse(a), a), 0);
            for b in 0..SYMMETRIES {
                let c = g.compose(a, b);
                assert_eq!(c & COLOUR_SWAP, (a ^ b) & COLOUR_SWAP);
                for &bb in &boards {
                    assert_eq!(g.apply(c & 7, bb), g.apply(a & 7, g.apply(b & 7, bb)));
                }
            }
        }
    }
}
