//! Attack tests on the 0x88 board, through the square-difference tables and the square
//! sets: whether a square is attacked, which squares around the king are, and what
//! restricts the side to move (the pieces giving check and the pinned pieces), found once
//! per position from the king.

use super::position::Position;
use super::squareset::{bit, for_each, shift, DIAG_LINES, KING_SETS, KNIGHT_SETS, ORTHO_LINES};
use super::tables::{delta_index, ATK_DIAG, ATK_KING, ATK_KNIGHT, ATK_ORTHO, ATTACKS, STEPS};
use super::types::{Color, Piece, Role, Square};

/// The sliding kinds with the lines (`ATK_*` bits) each moves along.
const SLIDERS: [(Role, u8); 3] = [
    (Role::Bishop, ATK_DIAG),
    (Role::Rook, ATK_ORTHO),
    (Role::Queen, ATK_DIAG | ATK_ORTHO),
];

/// The two squares from which a pawn of colour `by` attacks `target` (possibly off the
/// board, where the board is always empty).
#[inline]
fn pawn_origins(target: u8, by: Color) -> [u8; 2] {
    match by {
        Color::White => [target.wrapping_sub(15), target.wrapping_sub(17)],
        Color::Black => [target.wrapping_add(15), target.wrapping_add(17)],
    }
}

/// What restricts the moves of the side to move.
pub(crate) struct Guard {
    /// The number of enemy pieces giving check (0, 1 or 2).
    pub(crate) checkers: u32,
    /// The squares a move of a piece other than the king must reach: every square when not
    /// in check; under a single check, the checker and the squares between it and the king.
    pub(crate) target: u128,
    /// The pieces pinned to their king: each may move only along the line through it.
    pub(crate) pinned: u128,
}

impl Position {
    /// True when every square strictly between `from` and `to`, walking by `step`, is empty
    /// according to `empty`.
    #[inline]
    fn line_clear(from: u8, to: u8, step: u8, empty: impl Fn(u8) -> bool) -> bool {
        let mut sq = from.wrapping_add(step);
        while sq != to {
            if !empty(sq) {
                return false;
            }
            sq = sq.wrapping_add(step);
        }
        true
    }

    /// True when a slider of `by` reaches `target`, with the squares between judged by `empty`.
    #[inline]
    fn slider_reaches(&self, target: u8, by: Color, empty: impl Fn(u8) -> bool + Copy) -> bool {
        SLIDERS.iter().any(|&(role, lines)| {
            self.piece_squares(by, role).iter().any(|&s| {
                let idx = delta_index(s, target);
                ATTACKS[idx] & lines != 0 && Self::line_clear(s, target, STEPS[idx] as u8, empty)
            })
        })
    }

    /// True when `by` attacks `target`, with the square `ignore` treated as empty (the king
    /// that moves away along a checking line). A piece standing on `target` itself is not
    /// an attacker of it (its square difference is 0, which attacks nothing).
    #[inline]
    pub(crate) fn attacked_ignoring(&self, target: u8, by: Color, ignore: u8) -> bool {
        let pawn = Piece::new(by, Role::Pawn);
        if pawn_origins(target, by)
            .iter()
            .any(|&sq| self.board[sq as usize] == pawn)
        {
            return true;
        }
        let leaps = |role: Role, kind: u8| {
            self.piece_squares(by, role)
                .iter()
                .any(|&s| ATTACKS[delta_index(s, target)] & kind != 0)
        };
        if leaps(Role::Knight, ATK_KNIGHT) || leaps(Role::King, ATK_KING) {
            return true;
        }
        self.slider_reaches(target, by, |sq| {
            sq == ignore || self.board[sq as usize].is_empty()
        })
    }

    /// Which squares of `squares` (around the king on `k`) the side `them` attacks, with `k`
    /// itself treated as empty (the king moving away along a checking line). Pawns, knights
    /// and the king attack sets of squares; for each square still open, only the sliders on
    /// its lines are walked to.
    pub(crate) fn attacked_around(&self, k: u8, squares: u128, them: Color) -> u128 {
        let theirs = &self.occupancy[them.index()];
        let pawns = theirs[Role::Pawn as usize];
        let mut attacked = KING_SETS[self.king_square(them).0 as usize & 127]
            | match them {
                Color::White => shift(pawns, 15) | shift(pawns, 17),
                Color::Black => shift(pawns, -15) | shift(pawns, -17),
            };
        for &n in self.piece_squares(them, Role::Knight) {
            attacked |= KNIGHT_SETS[n as usize & 127];
        }
        attacked &= squares;
        let queens = theirs[Role::Queen as usize];
        let diagonal = theirs[Role::Bishop as usize] | queens;
        let orthogonal = theirs[Role::Rook as usize] | queens;
        let empty = |sq: u8| sq == k || self.board[sq as usize].is_empty();
        for_each(squares & !attacked, |to| {
            let t = to as usize & 127;
            let aligned = DIAG_LINES[t] & diagonal | ORTHO_LINES[t] & orthogonal;
            for_each(aligned, |s| {
                if Self::line_clear(s, to, STEPS[delta_index(s, to)] as u8, empty) {
                    attacked |= bit(to);
                }
            });
        });
        attacked
    }

    /// True when a piece of colour `by` attacks `sq`.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_ignoring(sq.0, by, 0x88)
    }

    /// True when the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.king_square(self.side), self.side.flip())
    }

    /// The checkers and pinned pieces of `us` (the side to move), found from its king: enemy
    /// pawns and knights by the squares they attack from, enemy sliders by the lines through
    /// the king and then a walk along the shared line.
    #[inline(always)]
    pub(crate) fn guard(&self, us: Color) -> Guard {
        let them = us.flip();
        let k = self.king_square(us).0;
        let mut checkers = 0;
        // The last checker found (which one does not matter when there are two).
        let mut checker = 0;
        let mut pinned = 0;
        let pawn = Piece::new(them, Role::Pawn);
        for sq in pawn_origins(k, them) {
            if self.board[sq as usize] == pawn {
                checkers += 1;
                checker = sq;
            }
        }
        let theirs = &self.occupancy[them.index()];
        let knights = KNIGHT_SETS[k as usize & 127] & theirs[Role::Knight as usize];
        for_each(knights, |n| {
            checkers += 1;
            checker = n;
        });
        // Only the sliders on a line through the king can give check or pin.
        let queens = theirs[Role::Queen as usize];
        let aligned = DIAG_LINES[k as usize & 127] & (theirs[Role::Bishop as usize] | queens)
            | ORTHO_LINES[k as usize & 127] & (theirs[Role::Rook as usize] | queens);
        for_each(aligned, |s| {
            // Walk from the king towards the slider; the walks end on `s` at the latest,
            // which is occupied.
            let step = STEPS[delta_index(s, k)].wrapping_neg() as u8;
            let first = self.first_piece(k, step);
            if first == s {
                checkers += 1;
                checker = s;
            } else if self.board[first as usize].0 & us.bit() != 0
                && self.first_piece(first, step) == s
            {
                pinned |= bit(first);
            }
        });
        let target = if checkers == 0 {
            !0
        } else {
            // The checker, and the squares between it and the king when it shares a line
            // with the king (for a knight the step is 0 and nothing lies between).
            let step = STEPS[delta_index(k, checker)] as u8;
            let mut target = bit(checker);
            let mut sq = k.wrapping_add(step);
            while step != 0 && sq != checker {
                target |= bit(sq);
                sq = sq.wrapping_add(step);
            }
            target
        };
        Guard {
            checkers,
            target,
            pinned,
        }
    }

    /// The first occupied square after `from` walking by `step` (which must reach one).
    #[inline]
    fn first_piece(&self, from: u8, step: u8) -> u8 {
        let mut sq = from.wrapping_add(step);
        while self.board[sq as usize].is_empty() {
            sq = sq.wrapping_add(step);
        }
        sq
    }

    /// En passant by the pawn on `from` to `to`: legal when, once both pawns have left their
    /// squares and the capturing pawn stands on `to`, no enemy piece attacks the king (the
    /// capture can uncover a line through either pawn, even along the rank).
    pub(crate) fn ep_is_legal(&self, from: u8, to: u8) -> bool {
        let us = self.side;
        let them = us.flip();
        let k = self.king_square(us).0;
        let captured = if us == Color::White {
            to.wrapping_sub(16)
        } else {
            to.wrapping_add(16)
        };
        let pawn = Piece::new(them, Role::Pawn);
        let pawn_check = pawn_origins(k, them)
            .iter()
            .any(|&sq| sq != captured && self.board[sq as usize] == pawn);
        let knight_check = self
            .piece_squares(them, Role::Knight)
            .iter()
            .any(|&s| ATTACKS[delta_index(s, k)] & ATK_KNIGHT != 0);
        let empty = |sq: u8| {
            sq != to && (sq == from || sq == captured || self.board[sq as usize].is_empty())
        };
        !pawn_check && !knight_check && !self.slider_reaches(k, them, empty)
    }
}
