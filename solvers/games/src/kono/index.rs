//! The symmetry-reduced index of Four Field Kono (scheme `kono-sym16-v1`).
//!
//! A position is first *normalised* so that the side to move plays `x` (swapping the
//! colours when `o` is to move). Each cell then holds digit 0 (empty), 1 (the side to move)
//! or 2 (the other side). The corners and the four centre cells (`A`, eight cells) and the
//! edge cells (`B`, eight cells) are read as base-3 numbers, and the *key* of the board is
//! `code(A) · 3^8 + code(B)`. The board symmetries keep `A` and `B` apart, so the smallest
//! key among the eight images of the board is found by first making `A` smallest (the
//! board symmetries that do so form a coset of the subgroup fixing that smallest `A`) and
//! then `B` smallest within that subgroup. The index is the number of smallest keys
//! (classes) below the position's: classes are ordered by their smallest `A`, then by
//! their smallest `B`.
//!
//! Tables make it eight small lookups: the digits of a part are summed byte by byte from
//! weight tables (for `B`, after the board symmetry that makes `A` smallest, folded into
//! the weights), then one table per part gives the class.

use super::symmetry::{board_group, image_cell, BoardGroup, BOARD_SYMMETRIES, COLOUR_SWAP};
use cgtk_core::Player;
use std::sync::OnceLock;

/// The corners and the centre, in increasing cell order.
const A_CELLS: [u8; 8] = [0, 3, 5, 6, 9, 10, 12, 15];
/// The edge cells, in increasing cell order.
const B_CELLS: [u8; 8] = [1, 2, 4, 7, 8, 11, 13, 14];
/// 3^8: the codes of eight cells.
const CODES: usize = 6561;
/// Classes per entry of the table that finds an index's orbit.
const HINT_SHIFT: u32 = 10;

/// Where a position's class lies in the index, and how the position relates to the
/// class's representative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Class {
    /// The index of the class.
    pub index: u32,
    /// The symmetry (of the 16) that takes the position to the representative.
    pub to_representative: u8,
    /// How many board symmetries fix the representative (1, 2, 4 or 8).
    pub stabilizer: u8,
}

/// Per byte of a bitboard (low, high): the sum of 3^j over its cells that land on the
/// j-th cell of a part.
type Weights = [[u16; 256]; 2];

/// What an `A` code tells: its orbit's classes and how to reach its smallest form.
#[derive(Clone, Copy, Default)]
struct AInfo {
    /// The index of the orbit's first class.
    offset: u32,
    /// The subgroup fixing the smallest `A` (row of [`IndexTables::b_info`]).
    subgroup: u8,
    /// A board symmetry taking this code to the smallest of its orbit.
    to_smallest: u8,
}

/// What a `B` code tells under one subgroup.
#[derive(Clone, Copy, Default)]
struct BInfo {
    /// The rank of its smallest form among the smallest forms.
    rank: u16,
    /// A symmetry of the subgroup taking it to its smallest form.
    to_smallest: u8,
    /// How many symmetries of the subgroup fix it.
    stabilizer: u8,
}

/// The classes whose smallest `A` code is one value.
struct Orbit {
    /// The smallest `A` code.
    a_code: u16,
    /// The subgroup fixing it.
    subgroup: u8,
    /// The index of the orbit's first class.
    offset: u32,
}

/// Every table of the index.
pub(super) struct IndexTables {
    group: &'static BoardGroup,
    a_weights: Weights,
    /// Per board symmetry `d`: the weights of `B` after `d`.
    b_weights: [Weights; BOARD_SYMMETRIES as usize],
    a_info: Vec<AInfo>,
    /// The subgroup of the identity alone.
    trivial: u8,
    /// Per subgroup, per `B` code (`subgroup * CODES + code`).
    b_info: Vec<BInfo>,
    /// Per subgroup: its board symmetries as a bit mask.
    subgroup_elements: Vec<u8>,
    /// Per subgroup: the smallest forms in increasing order.
    smallest: Vec<Vec<u16>>,
    orbits: Vec<Orbit>,
    /// Per block of `1 << HINT_SHIFT` indices: the orbit holding the block's first index.
    orbit_hint: Vec<u16>,
    /// The cells of each code of `A` and of `B`: `(mover, other)` bitboards.
    a_boards: Vec<[u16; 2]>,
    b_boards: Vec<[u16; 2]>,
    size: u64,
}

/// The shared index tables (built on first use, in a few milliseconds).
pub(super) fn index_tables() -> &'static IndexTables {
    static TABLES: OnceLock<IndexTables> = OnceLock::new();
    TABLES.get_or_init(IndexTables::new)
}

/// The weights of the cells of `part` after board symmetry `d`.
fn weights(part: [u8; 8], d: u8) -> Weights {
    let mut w = [[0u16; 256]; 2];
    for (half, table) in w.iter_mut().enumerate() {
        for (byte, sum) in table.iter_mut().enumerate() {
            for bit in 0..8u8 {
                let image = image_cell(d, half as u8 * 8 + bit);
                if let Some(j) = part.iter().position(|&c| c == image) {
                    if byte >> bit & 1 == 1 {
                        *sum += 3u16.pow(j as u32);
                    }
                }
            }
        }
    }
    w
}

/// The base-3 code of the cells of a part: digit 1 for the mover, 2 for the other side.
#[inline]
fn code(w: &Weights, mover: u16, other: u16) -> usize {
    let sum = |bb: u16| w[0][(bb & 0xFF) as usize] + w[1][(bb >> 8) as usize];
    (sum(mover) + 2 * sum(other)) as usize
}

/// The bitboards `(mover, other)` of every code of a part.
fn boards(part: [u8; 8]) -> Vec<[u16; 2]> {
    (0..CODES)
        .map(|code| {
            let mut board = [0u16; 2];
            let mut k = code;
            for c in part {
                match k % 3 {
                    1 => board[0] |= 1 << c,
                    2 => board[1] |= 1 << c,
                    _ => {}
                }
                k /= 3;
            }
            board
        })
        .collect()
}

impl IndexTables {
    fn new() -> IndexTables {
        let mut tables = IndexTables {
            group: board_group(),
            a_weights: weights(A_CELLS, 0),
            b_weights: std::array::from_fn(|d| weights(B_CELLS, d as u8)),
            a_info: vec![AInfo::default(); CODES],
            trivial: 0,
            b_info: Vec::new(),
            subgroup_elements: Vec::new(),
            smallest: Vec::new(),
            orbits: Vec::new(),
            orbit_hint: Vec::new(),
            a_boards: boards(A_CELLS),
            b_boards: boards(B_CELLS),
            size: 0,
        };
        tables.build_orbits();
        tables.trivial = tables.subgroup(1);
        tables
    }

    /// The code of `part` (board bitboards `boards`, weights `w`) after board symmetry `d`.
    fn image(&self, boards: &[[u16; 2]], w: &Weights, code_now: usize, d: u8) -> usize {
        let [m, o] = boards[code_now];
        code(w, self.group.apply(d, m), self.group.apply(d, o))
    }

    /// The smallest image of `code_now` under the board symmetries in `elements` (a bit
    /// mask), the first symmetry giving it, and how many fix it.
    fn smallest_image(&self, part: [u8; 8], code_now: usize, elements: u8) -> (usize, u8, u8) {
        let (boards, w) = if part == A_CELLS {
            (&self.a_boards, &self.a_weights)
        } else {
            (&self.b_boards, &self.b_weights[0])
        };
        let images = (0..BOARD_SYMMETRIES)
            .filter(|d| elements >> d & 1 == 1)
            .map(|d| (self.image(boards, w, code_now, d), d));
        let fixing = images.clone().filter(|&(c, _)| c == code_now).count() as u8;
        // The identity (d = 0) is in every subgroup asked for, so there is an image.
        #[allow(clippy::expect_used)]
        let (smallest, d) = images.min().expect("the identity is in every subgroup");
        (smallest, d, fixing)
    }

    fn build_orbits(&mut self) {
        let mut offset = 0u64;
        for a in 0..CODES {
            let (smallest, d, _) = self.smallest_image(A_CELLS, a, 0xFF);
            self.a_info[a] = if smallest == a {
                let fixing = (0..BOARD_SYMMETRIES)
                    .filter(|&d| self.image(&self.a_boards, &self.a_weights, a, d) == a)
                    .fold(0u8, |m, d| m | 1 << d);
                let subgroup = self.subgroup(fixing);
                self.orbits.push(Orbit {
                    a_code: a as u16,
                    subgroup,
                    offset: offset as u32,
                });
                let info = AInfo {
                    offset: offset as u32,
                    subgroup,
                    to_smallest: 0,
                };
                offset += self.smallest[subgroup as usize].len() as u64;
                info
            } else {
                // The smallest code is below this one, so its orbit is known.
                AInfo {
                    to_smallest: d,
                    ..self.a_info[smallest]
                }
            };
        }
        self.size = offset;
        let mut orbit = 0;
        for block in 0..offset.div_ceil(1 << HINT_SHIFT) {
            let first = (block << HINT_SHIFT) as u32;
            while orbit + 1 < self.orbits.len() && self.orbits[orbit + 1].offset <= first {
                orbit += 1;
            }
            self.orbit_hint.push(orbit as u16);
        }
    }

    /// The number of the subgroup with these elements, building its tables if new.
    fn subgroup(&mut self, elements: u8) -> u8 {
        if let Some(i) = self.subgroup_elements.iter().position(|&m| m == elements) {
            return i as u8;
        }
        let mut info = vec![BInfo::default(); CODES];
        let mut smallest_forms = Vec::new();
        let mut smallest_of = vec![0usize; CODES];
        for b in 0..CODES {
            let (smallest, d, fixing) = self.smallest_image(B_CELLS, b, elements);
            if smallest == b {
                smallest_forms.push(b as u16);
            }
            smallest_of[b] = smallest;
            info[b].to_smallest = d;
            info[b].stabilizer = fixing;
        }
        for b in 0..CODES {
            // The smallest forms are listed in increasing order and every board's smallest
            // form is among them, so the count of those below it is its rank.
            info[b].rank = smallest_forms.partition_point(|&f| f < smallest_of[b] as u16) as u16;
        }
        self.b_info.extend(info);
        self.smallest.push(smallest_forms);
        self.subgroup_elements.push(elements);
        (self.smallest.len() - 1) as u8
    }

    /// The number of classes.
    pub(super) fn size(&self) -> u64 {
        self.size
    }

    /// The class of the position with `pieces` and `to_move`.
    #[inline]
    pub(super) fn classify(&self, pieces: [u16; 2], to_move: Player) -> Class {
        let (mover, other, swap) = match to_move {
            Player::First => (pieces[0], pieces[1], 0),
            Player::Second => (pieces[1], pieces[0], COLOUR_SWAP),
        };
        let a = self.a_info[code(&self.a_weights, mover, other)];
        let b = code(&self.b_weights[a.to_smallest as usize], mover, other);
        if a.subgroup == self.trivial {
            // Most orbits: every B code is its own smallest form.
            return Class {
                index: a.offset + b as u32,
                to_representative: a.to_smallest | swap,
                stabilizer: 1,
            };
        }
        let b = self.b_info[a.subgroup as usize * CODES + b];
        Class {
            index: a.offset + b.rank as u32,
            to_representative: self.group.compose(b.to_smallest, a.to_smallest | swap),
            stabilizer: b.stabilizer,
        }
    }

    /// The representative of class `index` as `(mover, other)` bitboards, the side to move
    /// playing `x`; `None` beyond the last class.
    #[inline]
    pub(super) fn representative(&self, index: u64) -> Option<[u16; 2]> {
        if index >= self.size {
            return None;
        }
        let i = index as u32;
        let mut orbit = self.orbit_hint[(i >> HINT_SHIFT) as usize] as usize;
        while orbit + 1 < self.orbits.len() && self.orbits[orbit + 1].offset <= i {
            orbit += 1;
        }
        let orbit = &self.orbits[orbit];
        let b = self.smallest[orbit.subgroup as usize][(i - orbit.offset) as usize];
        let [am, ao] = self.a_boards[orbit.a_code as usize];
        let [bm, bo] = self.b_boards[b as usize];
        Some([am | bm, ao | bo])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The number of classes by Burnside's lemma: the average over the eight board
    /// symmetries of the boards each one fixes, 3^(its cycles on the 16 cells).
    #[test]
    fn size_is_the_burnside_count() {
        let mut fixed = 0u64;
        for d in 0..BOARD_SYMMETRIES {
            let mut seen = [false; 16];
            let mut cycles = 0;
            for c in 0..16u8 {
                if !seen[c as usize] {
                    cycles += 1;
                    let mut x = c;
                    while !seen[x as usize] {
                        seen[x as usize] = true;
                        x = super::super::symmetry::image_cell(d, x);
                    }
                }
            }
            fixed += 3u64.pow(cycles);
        }
        assert_eq!(index_tables().size(), fixed / 8);
        assert_eq!(index_tables().size(), 5_398_083);
    }

    /// The key of a normalised board, straight from the definition: cell `A_CELLS[j]`
    /// weighs 3^(8 + j), cell `B_CELLS[j]` weighs 3^j, times the cell's digit.
    fn key(board: [u16; 2]) -> u64 {
        static WEIGHTS: OnceLock<[u64; 16]> = OnceLock::new();
        let w = WEIGHTS.get_or_init(|| {
            let mut w = [0u64; 16];
            for j in 0..8 {
                w[A_CELLS[j] as usize] = 3u64.pow(8 + j as u32);
                w[B_CELLS[j] as usize] = 3u64.pow(j as u32);
            }
            w
        });
        let sum = |mut bb: u16| {
            let mut s = 0;
            while bb != 0 {
                s += w[bb.trailing_zeros() as usize];
                bb &= bb - 1;
            }
            s
        };
        sum(board[0]) + 2 * sum(board[1])
    }

    /// Every board of 3^16: the smallest keys are numbered in increasing order, and every
    /// board lands on the class whose representative has its smallest key.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
    fn the_index_numbers_smallest_keys_in_order() {
        let t = index_tables();
        let g = board_group();
        // `boards` decodes the codes; `key` (from the definition) checks every decoded board.
        let (a_boards, b_boards) = (boards(A_CELLS), boards(B_CELLS));
        let mut classes = 0u32;
        for k in 0..(CODES * CODES) as u64 {
            let (a, b) = (a_boards[k as usize / CODES], b_boards[k as usize % CODES]);
            let b = [a[0] | b[0], a[1] | b[1]];
            assert_eq!(key(b), k);
            let smallest = (0..BOARD_SYMMETRIES)
                .map(|d| key(b.map(|bb| g.apply(d, bb))))
                .min()
                .unwrap();
            let class = t.classify(b, Player::First);
            if smallest == k {
                assert_eq!(class.index, classes, "key {k}");
                classes += 1;
            }
            let rep = t.representative(class.index as u64).unwrap();
            assert_eq!(key(rep), smallest, "key {k}");
            let image = b.map(|bb| g.apply(class.to_representative, bb));
            assert_eq!(image, rep, "key {k}");
        }
        assert_eq!(classes as u64, t.size());
        assert_eq!(t.representative(t.size()), None);
    }
}
