//! Legal move generation: the checkers and pinned pieces are found first from the king
//! ([`Guard`]), so that every generated move is legal without playing it; only king moves
//! and en passant test the attacked squares themselves.
//!
//! One generator serves three uses through [`MoveSink`]: filling a [`MoveList`], filling
//! it with captures and promotions only, and counting the moves without listing them.
//! Pawns move together, as sets of 0x88 squares shifted by a step; knights and the king find
//! their targets as sets; sliders walk the board from their square, in the directions whose
//! first square holds no own piece. A counted set costs one population count, a listed set
//! one bit scan per move.

use super::attacks::Guard;
use super::position::{Position, BK, BQ, WK, WQ};
use super::squareset::{
    bit, count, for_each, rank, shift, DIAG_LINES, DIAG_NEIGHBOURS, KING_SETS, KNIGHT_SETS,
    ORTHO_LINES, ORTHO_NEIGHBOURS,
};
use super::tables::{delta_index, ATK_DIAG, ATTACKS, STEPS};
use super::types::{Color, Move, MoveKind, MoveList, Piece, Role, Square};

const PROMOTION_ROLES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Where the generator puts the moves it finds.
trait MoveSink {
    /// False when only captures and promotions are wanted.
    const QUIETS: bool;
    /// Takes one legal move.
    fn push(&mut self, mv: Move);
    /// Takes `mv` when `keep` holds, without a branch (for conditions that are hard to
    /// predict).
    fn push_if(&mut self, keep: bool, mv: Move);
    /// Takes the moves of kind `kind` to each square of `targets` (squares of the board),
    /// each from the square `origin(to)`.
    fn push_set(&mut self, targets: u128, origin: impl Fn(u8) -> u8, kind: MoveKind);
    /// Takes the four promotions (`kind` a promotion kind) to each square of `targets`.
    fn push_promotion_set(&mut self, targets: u128, origin: impl Fn(u8) -> u8, kind: MoveKind);
    /// Takes the moves from `from` to each square of `targets` (none holding an own piece):
    /// captures of the pieces in `them`, then (when `QUIETS`) quiet moves to the others.
    #[inline(always)]
    fn push_targets(&mut self, from: u8, targets: u128, them: u128) {
        self.push_set(targets & them, |_| from, MoveKind::Capture);
        if Self::QUIETS {
            self.push_set(targets & !them, |_| from, MoveKind::Quiet);
        }
    }
}

/// Fills the slots of a [`MoveList`], all moves or (`QUIETS` false) captures and promotions
/// only. The length stays in a local, where the compiler keeps it in a register, and is
/// written back once at the end ([`MoveList::refill`]).
struct Fill<'a, const QUIETS: bool> {
    slots: &'a mut [Move; MoveList::CAPACITY],
    len: usize,
}

impl<const QUIETS: bool> MoveSink for Fill<'_, QUIETS> {
    const QUIETS: bool = QUIETS;
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.push_if(true, mv);
    }
    /// Writes the slot either way and advances only when `keep` holds (the mask only spares
    /// a bounds check: no position fills the list).
    #[inline(always)]
    fn push_if(&mut self, keep: bool, mv: Move) {
        self.slots[self.len & (MoveList::CAPACITY - 1)] = mv;
        self.len += keep as usize;
    }
    #[inline(always)]
    fn push_set(&mut self, targets: u128, origin: impl Fn(u8) -> u8, kind: MoveKind) {
        for_each(targets, |to| {
            self.push(Move::new(Square(origin(to)), Square(to), kind));
        });
    }
    #[inline(always)]
    fn push_promotion_set(&mut self, targets: u128, origin: impl Fn(u8) -> u8, kind: MoveKind) {
        for_each(targets, |to| push_promotions(self, origin(to), to, kind));
    }
}

/// Counts the moves without storing them (perft's last ply, mate and stalemate tests).
struct Count(usize);

impl MoveSink for Count {
    const QUIETS: bool = true;
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn push_if(&mut self, keep: bool, _: Move) {
        self.0 += keep as usize;
    }
    #[inline(always)]
    fn push_set(&mut self, targets: u128, _: impl Fn(u8) -> u8, _: MoveKind) {
        self.0 += count(targets) as usize;
    }
    #[inline(always)]
    fn push_promotion_set(&mut self, targets: u128, _: impl Fn(u8) -> u8, _: MoveKind) {
        self.0 += 4 * count(targets) as usize;
    }
    #[inline(always)]
    fn push_targets(&mut self, _: u8, targets: u128, _: u128) {
        self.0 += count(targets) as usize;
    }
}

/// Which destinations a piece other than the king may move to.
trait Filter {
    /// Whether a move may end on `to`; defined (and cheap) for any `u8`, on the board or not.
    fn allows(&self, to: u8) -> bool;
}

/// Any destination: neither in check nor pinned.
struct Free;

impl Filter for Free {
    #[inline(always)]
    fn allows(&self, _: u8) -> bool {
        true
    }
}

/// In check: the checker or a square between it and the king.
struct Targets(u128);

impl Filter for Targets {
    #[inline(always)]
    fn allows(&self, to: u8) -> bool {
        self.0 & bit(to) != 0
    }
}

/// Pinned: the squares on the line from the king (`king`) in direction `step`.
struct PinLine {
    king: u8,
    step: i8,
}

impl Filter for PinLine {
    #[inline(always)]
    fn allows(&self, to: u8) -> bool {
        STEPS[delta_index(self.king, to)] == self.step
    }
}

/// The side to move as a type, so that its colour bits, pawn direction and ranks are
/// constants in the generator compiled for it.
trait Side {
    const US: Color;
    /// The side's castling right bits.
    const CASTLING: u8;
    /// One pawn step forward, as a signed square difference (for shifting sets).
    const PUSH: i8;
    /// The two pawn capture steps, as signed square differences.
    const CAPTURE_STEPS: [i8; 2];
    /// The rank a pawn reaches by a single step from its start rank, as a set.
    const DOUBLE_STEP_RANK: u128;
    /// The rank where pawns promote, as a set.
    const LAST_RANK: u128;
    /// The squares between king and rook for castling king side, as a set.
    const KING_SIDE_BETWEEN: u128;
    /// The squares between king and rook for castling queen side, as a set.
    const QUEEN_SIDE_BETWEEN: u128;
}

struct WhiteMoves;

impl Side for WhiteMoves {
    const US: Color = Color::White;
    const CASTLING: u8 = WK | WQ;
    const PUSH: i8 = 16;
    const CAPTURE_STEPS: [i8; 2] = [15, 17];
    const DOUBLE_STEP_RANK: u128 = rank(2);
    const LAST_RANK: u128 = rank(7);
    const KING_SIDE_BETWEEN: u128 = 0b0110_0000;
    const QUEEN_SIDE_BETWEEN: u128 = 0b0000_1110;
}

struct BlackMoves;

impl Side for BlackMoves {
    const US: Color = Color::Black;
    const CASTLING: u8 = BK | BQ;
    const PUSH: i8 = -16;
    const CAPTURE_STEPS: [i8; 2] = [-17, -15];
    const DOUBLE_STEP_RANK: u128 = rank(5);
    const LAST_RANK: u128 = rank(0);
    const KING_SIDE_BETWEEN: u128 = 0b0110_0000 << 0x70;
    const QUEEN_SIDE_BETWEEN: u128 = 0b0000_1110 << 0x70;
}

#[inline(always)]
fn push_move<S: MoveSink>(sink: &mut S, from: u8, to: u8, kind: MoveKind) {
    sink.push(Move::new(Square(from), Square(to), kind));
}

#[inline(always)]
fn push_move_if<S: MoveSink>(sink: &mut S, keep: bool, from: u8, to: u8, kind: MoveKind) {
    sink.push_if(keep, Move::new(Square(from), Square(to), kind));
}

impl Position {
    /// Fills `moves` with every legal move (after clearing it): king moves, castling, en
    /// passant, then the pawns, knights, bishops, rooks and queens.
    ///
    /// ```
    /// use cgtk_chess::{MoveList, Position};
    /// let mut moves = MoveList::new();
    /// Position::startpos().legal_moves(&mut moves);
    /// assert_eq!(moves.len(), 20);
    /// ```
    pub fn legal_moves(&self, moves: &mut MoveList) {
        moves.refill(|slots| {
            let mut fill = Fill::<true> { slots, len: 0 };
            self.generate(&mut fill);
            fill.len
        });
    }

    /// Fills `moves` with the legal captures and promotions only (for quiescence search).
    pub fn legal_captures(&self, moves: &mut MoveList) {
        moves.refill(|slots| {
            let mut fill = Fill::<false> { slots, len: 0 };
            self.generate(&mut fill);
            fill.len
        });
    }

    /// The number of legal moves (what perft counts at its last ply), counted without
    /// listing them.
    ///
    /// ```
    /// use cgtk_chess::Position;
    /// assert_eq!(Position::startpos().count_legal(), 20);
    /// ```
    pub fn count_legal(&self) -> usize {
        let mut count = Count(0);
        self.generate(&mut count);
        count.0
    }

    #[inline(always)]
    fn generate<S: MoveSink>(&self, sink: &mut S) {
        match self.side {
            Color::White => self.generate_for::<WhiteMoves, S>(sink),
            Color::Black => self.generate_for::<BlackMoves, S>(sink),
        }
    }

    #[inline(always)]
    fn generate_for<C: Side, S: MoveSink>(&self, sink: &mut S) {
        let g = self.guard(C::US);
        let k = self.king_square(C::US).0;
        self.king_moves::<C, S>(k, g.checkers != 0, sink);
        if g.checkers >= 2 {
            return;
        }
        self.en_passant_moves::<C, S>(sink);
        if g.checkers == 0 && g.pinned == 0 {
            // The common case: every piece moves freely.
            let pawns = self.occupancy[C::US.index()][Role::Pawn as usize];
            self.pawn_moves_together::<C, S>(pawns, !0, sink);
            self.knight_moves::<C, S>(0, !0, sink);
            self.free_pieces::<C, S>(Role::Bishop, sink);
            self.free_pieces::<C, S>(Role::Rook, sink);
            self.free_pieces::<C, S>(Role::Queen, sink);
        } else {
            let pawns = self.occupancy[C::US.index()][Role::Pawn as usize] & !g.pinned;
            self.pawn_moves_together::<C, S>(pawns, g.target, sink);
            self.knight_moves::<C, S>(g.pinned, g.target, sink);
            if g.checkers == 0 {
                // Pinned pawns may still move along their line (pinned knights never can).
                let pinned_pawns = g.pinned & self.occupancy[C::US.index()][Role::Pawn as usize];
                for_each(pinned_pawns, |s| {
                    self.pawn_moves_together::<C, S>(bit(s), pin_line(k, s), sink);
                });
            }
            for role in [Role::Bishop, Role::Rook, Role::Queen] {
                self.restricted_pieces::<C, S>(role, &g, k, sink);
            }
        }
    }

    /// The moves of the sliders of kind `role` when none is pinned and the king is not in
    /// check.
    #[inline(always)]
    fn free_pieces<C: Side, S: MoveSink>(&self, role: Role, sink: &mut S) {
        for &s in self.piece_squares(C::US, role) {
            self.moves_from::<C, S>(role, s, &Free, sink);
        }
    }

    /// The moves of the sliders of kind `role` when some piece is pinned or the king is in
    /// check.
    #[inline(always)]
    fn restricted_pieces<C: Side, S: MoveSink>(&self, role: Role, g: &Guard, k: u8, sink: &mut S) {
        for &s in self.piece_squares(C::US, role) {
            if g.pinned & bit(s) != 0 {
                // A pinned piece moves only along its line, and never out of a check (which
                // comes from another line).
                if g.checkers == 0 {
                    let step = STEPS[delta_index(k, s)];
                    self.moves_from::<C, S>(role, s, &PinLine { king: k, step }, sink);
                }
            } else if g.checkers == 0 {
                self.moves_from::<C, S>(role, s, &Free, sink);
            } else {
                self.moves_from::<C, S>(role, s, &Targets(g.target), sink);
            }
        }
    }

    /// The moves of the pawns in `pawns` to squares in `target`, found for all of them at
    /// once by shifting the set of pawns (en passant apart); the pawns about to promote,
    /// usually none, apart.
    #[inline(always)]
    fn pawn_moves_together<C: Side, S: MoveSink>(&self, pawns: u128, target: u128, sink: &mut S) {
        let them = self.occupancy[C::US.flip().index()][0];
        let empty = !(self.occupancy[C::US.index()][0] | them);
        let promoting = pawns & shift(C::LAST_RANK, -C::PUSH);
        let pawns = pawns & !promoting;
        let back = |to: u8| to.wrapping_sub(C::PUSH as u8);
        let single = shift(pawns, C::PUSH) & empty;
        if S::QUIETS {
            let double = shift(single & C::DOUBLE_STEP_RANK, C::PUSH) & empty & target;
            sink.push_set(single & target, back, MoveKind::Quiet);
            sink.push_set(double, |to| back(back(to)), MoveKind::Quiet);
        }
        for step in C::CAPTURE_STEPS {
            let origin = |to: u8| to.wrapping_sub(step as u8);
            sink.push_set(
                shift(pawns, step) & them & target,
                origin,
                MoveKind::Capture,
            );
        }
        if promoting != 0 {
            let single = shift(promoting, C::PUSH) & empty & target;
            sink.push_promotion_set(single, back, MoveKind::Promotion);
            for step in C::CAPTURE_STEPS {
                let origin = |to: u8| to.wrapping_sub(step as u8);
                let captures = shift(promoting, step) & them & target;
                sink.push_promotion_set(captures, origin, MoveKind::PromotionCapture);
            }
        }
    }

    /// The moves of every knight not in `pinned` (a pinned knight always leaves its line),
    /// to squares in `target`: captures, then quiet moves.
    #[inline(always)]
    fn knight_moves<C: Side, S: MoveSink>(&self, pinned: u128, target: u128, sink: &mut S) {
        let own = self.occupancy[C::US.index()][0];
        let them = self.occupancy[C::US.flip().index()][0];
        for &s in self.piece_squares(C::US, Role::Knight) {
            if pinned & bit(s) != 0 {
                continue;
            }
            sink.push_targets(s, KNIGHT_SETS[s as usize & 127] & !own & target, them);
        }
    }

    #[inline(always)]
    fn moves_from<C: Side, S: MoveSink>(&self, role: Role, s: u8, f: &impl Filter, sink: &mut S) {
        let first_steps = match role {
            Role::Bishop => &DIAG_NEIGHBOURS,
            Role::Rook => &ORTHO_NEIGHBOURS,
            _ => &KING_SETS,
        };
        self.slide::<C, S>(s, first_steps[s as usize & 127], f, sink);
    }

    /// The moves of a slider on `s` whose first steps are `first_steps`: each direction
    /// whose first square holds no own piece is walked to the first piece or the edge (a
    /// slider boxed in by its own pieces, common in the opening, walks nothing).
    #[inline(always)]
    fn slide<C: Side, S: MoveSink>(&self, s: u8, first_steps: u128, f: &impl Filter, sink: &mut S) {
        for_each(first_steps & !self.occupancy[C::US.index()][0], |first| {
            let step = first.wrapping_sub(s);
            let mut to = first;
            loop {
                let p = self.board[to as usize];
                if !p.is_empty() {
                    let enemy = p.0 & C::US.flip().bit() != 0;
                    push_move_if(sink, enemy & f.allows(to), s, to, MoveKind::Capture);
                    break;
                }
                if S::QUIETS && f.allows(to) {
                    push_move(sink, s, to, MoveKind::Quiet);
                }
                to = to.wrapping_add(step);
                if to & 0x88 != 0 {
                    break;
                }
            }
        });
    }

    /// King moves to squares the enemy does not attack once the king has left its square,
    /// then castling (not out of check): the right is kept, the squares between king and
    /// rook are empty, and the king does not pass or land on an attacked square. The
    /// attacked squares are found together ([`attacked_around`](Position::attacked_around)).
    #[inline(always)]
    fn king_moves<C: Side, S: MoveSink>(&self, k: u8, in_check: bool, sink: &mut S) {
        let own = self.occupancy[C::US.index()][0];
        let them = self.occupancy[C::US.flip().index()][0];
        let steps = KING_SETS[k as usize & 127] & !own & if S::QUIETS { !0 } else { them };
        // The castling destinations; a castling right implies that king and rook stand on
        // their home squares.
        let mut castling = 0;
        let rights = self.castling & C::CASTLING;
        if S::QUIETS && rights != 0 && !in_check {
            let occupied = own | them;
            if rights & (WK | BK) != 0 && occupied & C::KING_SIDE_BETWEEN == 0 {
                castling |= bit(k + 2);
            }
            if rights & (WQ | BQ) != 0 && occupied & C::QUEEN_SIDE_BETWEEN == 0 {
                castling |= bit(k - 2);
            }
        }
        if steps | castling == 0 {
            // Often the king is boxed in by its own pieces.
            return;
        }
        let safe = !self.attacked_around(k, steps | castling, C::US.flip());
        sink.push_targets(k, steps & safe, them);
        // Castling needs the square passed safe as well (it is empty, so among `steps`).
        let castle = |to: u8, passed: u8| castling & safe & bit(to) != 0 && safe & bit(passed) != 0;
        if castle(k + 2, k + 1) {
            push_move(sink, k, k + 2, MoveKind::Castling);
        }
        if castle(k.wrapping_sub(2), k.wrapping_sub(1)) {
            push_move(sink, k, k - 2, MoveKind::Castling);
        }
    }

    /// Captures en passant, each tested on the board as it would be after the capture.
    #[inline(always)]
    fn en_passant_moves<C: Side, S: MoveSink>(&self, sink: &mut S) {
        let Some(ep) = self.ep else {
            return;
        };
        let to = ep.0;
        let pawn = Piece::new(C::US, Role::Pawn);
        let behind = to.wrapping_sub(C::PUSH as u8);
        for from in [behind.wrapping_sub(1), behind.wrapping_add(1)] {
            if from & 0x88 == 0 && self.board[from as usize] == pawn && self.ep_is_legal(from, to) {
                push_move(sink, from, to, MoveKind::EnPassant);
            }
        }
    }

    /// The legal move from `from` to `to` (with `promotion` for pawns reaching the last
    /// rank), if there is one.
    pub fn find_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == to && m.promotion == promotion)
    }

    /// The piece that moves in `mv`.
    #[inline]
    pub fn moving_piece(&self, mv: Move) -> Piece {
        self.board[mv.from.index()]
    }
}

/// The squares on the line through the king on `k` and its pinned piece on `s`, but for
/// those two: where the pinned piece may move.
#[inline(always)]
fn pin_line(k: u8, s: u8) -> u128 {
    let (k, s) = (k as usize & 127, s as usize & 127);
    if ATTACKS[delta_index(k as u8, s as u8)] & ATK_DIAG != 0 {
        DIAG_LINES[k] & DIAG_LINES[s]
    } else {
        ORTHO_LINES[k] & ORTHO_LINES[s]
    }
}

/// The four promotions of a pawn move of `kind` (promotion, or promotion with capture).
#[inline(always)]
fn push_promotions<S: MoveSink>(sink: &mut S, from: u8, to: u8, kind: MoveKind) {
    for role in PROMOTION_ROLES {
        sink.push(Move {
            from: Square(from),
            to: Square(to),
            kind,
            promotion: Some(role),
        });
    }
}
