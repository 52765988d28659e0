//! A simple static evaluation: material, piece-square bonuses computed from the distance to
//! the centre and the advance of pawns, a king that hides in the middlegame and centralises
//! in the endgame, and a push of the lone king to the edge when one side is far ahead.

use super::position::Position;
use super::types::Color;

/// Material values in centipawns, indexed by role number (1 = pawn … 6 = king).
pub const PIECE_VALUES: [i32; 7] = [0, 100, 320, 330, 500, 900, 0];

/// Distance from the four centre squares (0 in the centre, 6 in a corner).
#[inline]
fn centre_distance(file: i32, rank: i32) -> i32 {
    let f = if file < 4 { 3 - file } else { file - 4 };
    let r = if rank < 4 { 3 - rank } else { rank - 4 };
    f + r
}

const PAWN_ADVANCE: [i32; 8] = [0, 0, 4, 10, 20, 35, 60, 0];

/// The piece-square bonus of `role` on (`file`, `rank`) seen from its own side (rank 0 is
/// its first rank), as (middlegame, endgame).
fn square_bonus(role: u8, file: i32, rank: i32) -> (i32, i32) {
    let cd = centre_distance(file, rank);
    match role {
        1 => {
            let centre = if (file == 3 || file == 4) && (rank == 3 || rank == 4) {
                15
            } else {
                0
            };
            (
                PAWN_ADVANCE[rank as usize] / 2 + centre,
                PAWN_ADVANCE[rank as usize] * 2,
            )
        }
        2 => (20 - 8 * cd, 10 - 5 * cd),
        3 => (10 - 4 * cd, 5 - 3 * cd),
        4 => {
            let seventh = if rank == 6 { 15 } else { 0 };
            (
                seventh + if file == 3 || file == 4 { 5 } else { 0 },
                seventh,
            )
        }
        5 => (5 - 2 * cd, 10 - 3 * cd),
        _ => {
            let shelter = if rank == 0 {
                if matches!(file, 0 | 1 | 2 | 6 | 7) {
                    20
                } else {
                    0
                }
            } else {
                -15 * rank
            };
            (shelter, 30 - 10 * cd)
        }
    }
}

impl Position {
    /// The static evaluation in centipawns from the point of view of the side to move.
    ///
    /// ```
    /// use cgtk_chess::Position;
    /// // White is a queen up.
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    /// assert!(pos.evaluate() > 800);
    /// ```
    pub fn evaluate(&self) -> i32 {
        let mut mg = [0i32; 2];
        let mut eg = [0i32; 2];
        let mut material = [0i32; 2];
        let mut phase = 0;
        let mut bishops = [0; 2];
        for color in [Color::White, Color::Black] {
            let c = color.index();
            for (sq, role) in self.pieces(color) {
                let role = role as u8;
                let file = sq.file() as i32;
                let mut rank = sq.rank() as i32;
                if color == Color::Black {
                    rank = 7 - rank;
                }
                let (m, e) = square_bonus(role, file, rank);
                mg[c] += m;
                eg[c] += e;
                material[c] += PIECE_VALUES[role as usize];
                phase += match role {
                    2 | 3 => 1,
                    4 => 2,
                    5 => 4,
                    _ => 0,
                };
                if role == 3 {
                    bishops[c] += 1;
                }
            }
            if bishops[c] >= 2 {
                material[c] += 30;
            }
        }
        let phase = phase.min(24);
        let mut score = [0i32; 2];
        for c in 0..2 {
            score[c] = material[c] + (mg[c] * phase + eg[c] * (24 - phase)) / 24;
        }
        let mut white = score[0] - score[1];
        white += self.mop_up(material);
        if self.side == Color::White {
            white
        } else {
            -white
        }
    }

    /// With a large material lead, reward driving the losing king to the edge and bringing
    /// the winning king close (so that mates are found with little search).
    fn mop_up(&self, material: [i32; 2]) -> i32 {
        let diff = material[0] - material[1];
        if diff.abs() < 400 {
            return 0;
        }
        let (strong, weak, sign) = if diff > 0 {
            (Color::White, Color::Black, 1)
        } else {
            (Color::Black, Color::White, -1)
        };
        if material[weak.index()] > 500 {
            return 0;
        }
        let wk = self.king_square(weak);
        let sk = self.king_square(strong);
        let (wf, wr) = (wk.file() as i32, wk.rank() as i32);
        let (sf, sr) = (sk.file() as i32, sk.rank() as i32);
        let kings = (wf - sf).abs().max((wr - sr).abs());
        sign * (10 * centre_distance(wf, wr) + 6 * (7 - kings))
    }
}
