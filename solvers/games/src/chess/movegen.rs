//! Legal move generation: the checkers and pinned pieces are found first from the king
//! ([`Guard`]), so that every generated move is legal without playing it; only king moves
//! and en passant test the attacked squares themselves.
//!
//! One generator serves three uses through [`MoveSink`]: filling a [`MoveList`], filling
//! it with captures and promotions only, and counting the moves without listing them.

use super::attacks::{bit, Guard};
use super::position::{Position, BK, BQ, WK, WQ};
use super::tables::{
    delta_index, DIAG_STEPS, KING_STEPS, KING_STEPS_ON_BOARD, KNIGHT_TARGETS, ORTHO_STEPS, STEPS,
    ZONE_STEPS,
};
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
    /// One pawn step forward, as a wrapping 0x88 difference.
    const FORWARD: u8;
    /// The rank (0..8) of pawns that may advance two squares.
    const START_RANK: u8;
    /// The rank from which a pawn's move promotes.
    const SEVENTH_RANK: u8;
    /// The side's castling right bits.
    const CASTLING: u8;
}

struct WhiteMoves;

impl Side for WhiteMoves {
    const US: Color = Color::White;
    const FORWARD: u8 = 16;
    const START_RANK: u8 = 1;
    const SEVENTH_RANK: u8 = 6;
    const CASTLING: u8 = WK | WQ;
}

struct BlackMoves;

impl Side for BlackMoves {
    const US: Color = Color::Black;
    const FORWARD: u8 = 16u8.wrapping_neg();
    const START_RANK: u8 = 6;
    const SEVENTH_RANK: u8 = 1;
    const CASTLING: u8 = BK | BQ;
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
    /// use cgtk_games::chess::{MoveList, Position};
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
    /// use cgtk_games::chess::Position;
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
            self.free_pieces::<C, S>(Role::Pawn, sink);
            self.free_pieces::<C, S>(Role::Knight, sink);
            self.free_pieces::<C, S>(Role::Bishop, sink);
            self.free_pieces::<C, S>(Role::Rook, sink);
            self.free_pieces::<C, S>(Role::Queen, sink);
        } else {
            for role in [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ] {
                self.restricted_pieces::<C, S>(role, &g, k, sink);
            }
        }
    }

    /// The moves of the pieces of kind `role` (not the king) when none is pinned and the
    /// king is not in check.
    #[inline(always)]
    fn free_pieces<C: Side, S: MoveSink>(&self, role: Role, sink: &mut S) {
        for &s in self.piece_squares(C::US, role) {
            self.moves_from::<C, S>(role, s, &Free, sink);
        }
    }

    /// The moves of the pieces of kind `role` (not the king) when some piece is pinned or
    /// the king is in check.
    #[inline(always)]
    fn restricted_pieces<C: Side, S: MoveSink>(&self, role: Role, g: &Guard, k: u8, sink: &mut S) {
        for &s in self.piece_squares(C::US, role) {
            if g.pinned & bit(s) != 0 {
                // A pinned piece moves only along its line, and never out of a check (which
                // comes from another line). A pinned knight always leaves its line.
                if g.checkers == 0 && role != Role::Knight {
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

    #[inline(always)]
    fn moves_from<C: Side, S: MoveSink>(&self, role: Role, s: u8, f: &impl Filter, sink: &mut S) {
        match role {
            Role::Pawn => self.pawn_moves::<C, S>(s, f, sink),
            Role::Knight => self.knight_moves::<C, S>(s, f, sink),
            Role::Bishop => self.slide::<C, S, 4>(s, DIAG_STEPS, f, sink),
            Role::Rook => self.slide::<C, S, 4>(s, ORTHO_STEPS, f, sink),
            _ => self.slide::<C, S, 8>(s, KING_STEPS, f, sink),
        }
    }

    #[inline(always)]
    fn knight_moves<C: Side, S: MoveSink>(&self, s: u8, f: &impl Filter, sink: &mut S) {
        for to in KNIGHT_TARGETS[s as usize & 127] {
            // A padding entry holds the knight itself, an own piece.
            let p = self.board[to as usize];
            let (open, kind) = if p.is_empty() {
                (S::QUIETS, MoveKind::Quiet)
            } else {
                (p.0 & C::US.bit() == 0, MoveKind::Capture)
            };
            push_move_if(sink, open & f.allows(to), s, to, kind);
        }
    }

    #[inline(always)]
    fn slide<C: Side, S: MoveSink, const N: usize>(
        &self,
        s: u8,
        steps: [i8; N],
        f: &impl Filter,
        sink: &mut S,
    ) {
        for d in steps {
            let mut to = s.wrapping_add(d as u8);
            while to & 0x88 == 0 {
                let p = self.board[to as usize];
                if !p.is_empty() {
                    let enemy = p.0 & C::US.flip().bit() != 0;
                    push_move_if(sink, enemy & f.allows(to), s, to, MoveKind::Capture);
                    break;
                }
                if S::QUIETS && f.allows(to) {
                    push_move(sink, s, to, MoveKind::Quiet);
                }
                to = to.wrapping_add(d as u8);
            }
        }
    }

    #[inline(always)]
    fn pawn_moves<C: Side, S: MoveSink>(&self, s: u8, f: &impl Filter, sink: &mut S) {
        let one = s.wrapping_add(C::FORWARD);
        if s >> 4 == C::SEVENTH_RANK {
            self.promotions::<C, S>(s, f, sink);
            return;
        }
        // Conditions are combined with `&` and moves pushed with `push_if`, so that pawn
        // moves cost no hard-to-predict branches. That is safe: the board and the filters
        // accept any `u8` square, and off the board the board is empty.
        let one_empty = self.board[one as usize].is_empty();
        let two = one.wrapping_add(C::FORWARD);
        let double = one_empty & (s >> 4 == C::START_RANK) & self.board[two as usize].is_empty();
        if S::QUIETS {
            push_move_if(sink, one_empty & f.allows(one), s, one, MoveKind::Quiet);
            push_move_if(sink, double & f.allows(two), s, two, MoveKind::Quiet);
        }
        for to in [one.wrapping_sub(1), one.wrapping_add(1)] {
            let enemy = self.board[to as usize].0 & C::US.flip().bit() != 0;
            push_move_if(sink, enemy & f.allows(to), s, to, MoveKind::Capture);
        }
    }

    /// The moves of a pawn about to promote: each reachable square four times.
    #[inline(never)]
    fn promotions<C: Side, S: MoveSink>(&self, s: u8, f: &impl Filter, sink: &mut S) {
        let one = s.wrapping_add(C::FORWARD);
        if self.board[one as usize].is_empty() && f.allows(one) {
            push_promotions(sink, s, one, MoveKind::Promotion);
        }
        for to in [one.wrapping_sub(1), one.wrapping_add(1)] {
            if self.board[to as usize].0 & C::US.flip().bit() != 0 && f.allows(to) {
                push_promotions(sink, s, to, MoveKind::PromotionCapture);
            }
        }
    }

    /// King moves to squares the enemy does not attack once the king has left its square,
    /// then castling (not out of check): the right is kept, the squares between king and
    /// rook are empty, and the king does not pass or land on an attacked square. The
    /// attacked destinations are found together ([`zone_attacks`](Position::zone_attacks)).
    #[inline(always)]
    fn king_moves<C: Side, S: MoveSink>(&self, k: u8, in_check: bool, sink: &mut S) {
        // Bits over ZONE_STEPS: the destinations to test.
        let mut wanted = 0u16;
        for (i, d) in KING_STEPS.into_iter().enumerate() {
            let p = self.board[k.wrapping_add(d as u8) as usize];
            let open = (p.0 & C::US.bit() == 0) & (S::QUIETS | !p.is_empty());
            wanted |= (open as u16) << i;
        }
        wanted &= KING_STEPS_ON_BOARD[k as usize & 127] as u16;
        let rights = self.castling & C::CASTLING;
        if S::QUIETS && rights != 0 && !in_check {
            let empty = |sq: u8| self.board[sq as usize].is_empty();
            if rights & (WK | BK) != 0 && empty(k + 1) && empty(k + 2) {
                wanted |= 1 << 8;
            }
            if rights & (WQ | BQ) != 0 && empty(k - 1) && empty(k - 2) && empty(k - 3) {
                wanted |= 1 << 9;
            }
        }
        if wanted == 0 {
            return;
        }
        let safe = wanted & !self.zone_attacks(k, wanted, C::US.flip());
        let mut steps = safe & 0xff;
        while steps != 0 {
            let to = k.wrapping_add(ZONE_STEPS[steps.trailing_zeros() as usize] as u8);
            steps &= steps - 1;
            let kind = if self.board[to as usize].is_empty() {
                MoveKind::Quiet
            } else {
                MoveKind::Capture
            };
            push_move(sink, k, to, kind);
        }
        // Castling needs the square passed (bit 0: k + 1, bit 1: k - 1) safe as well.
        if safe & (1 << 8 | 1) == 1 << 8 | 1 {
            push_move(sink, k, k + 2, MoveKind::Castling);
        }
        if safe & (1 << 9 | 1 << 1) == 1 << 9 | 1 << 1 {
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
        let behind = to.wrapping_sub(C::FORWARD);
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
