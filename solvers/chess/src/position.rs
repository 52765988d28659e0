//! The position: a 0x88 board with piece lists and square sets, side to move, castling
//! rights, en passant square, move clocks and an incrementally updated Zobrist hash; make
//! and unmake.

use super::squareset::bit;
use super::tables::{piece_key, CASTLE_MASK, ZOBRIST};
use super::types::{Color, Move, MoveKind, Piece, Role, Square};

/// Castling right bits: white king side, white queen side, black king side, black queen side.
pub(crate) const WK: u8 = 1;
pub(crate) const WQ: u8 = 2;
pub(crate) const BK: u8 = 4;
pub(crate) const BQ: u8 = 8;

/// A chess position (without the game history; see [`Chess`](super::Chess) for that).
///
/// Squares are 0x88 indices. Each side keeps one list of squares per piece kind, so that
/// attack tests and move generation visit pieces, not empty squares, and know each piece's
/// kind without looking it up, and the same squares as a set, so that all pawns or all
/// targets of a piece can be handled at once.
#[derive(Clone)]
pub struct Position {
    /// Indexed by any `u8` so that lookups need no bounds check; the squares off the board
    /// (index `& 0x88 != 0`) are never written and stay empty.
    pub(crate) board: [Piece; 256],
    /// `lists[colour][role][i]`: the squares of that side's pieces of that role (slot 0 and
    /// slot 7 of the role index are unused).
    pub(crate) lists: [[[u8; 16]; 8]; 2],
    pub(crate) counts: [[u8; 8]; 2],
    /// The position of each occupied square in its piece list.
    pub(crate) slot: [u8; 256],
    /// `occupancy[colour][role]`: the squares of that side's pieces of that role as a set of
    /// 0x88 squares (bit `sq` for square `sq`, see [`bit`]); `occupancy[colour][0]` holds all
    /// of that side's pieces. The same geometry as the board, so a set shifted by a step
    /// needs no edge masks: what leaves the board lands on the off-board bits.
    pub(crate) occupancy: [[u128; 8]; 2],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

impl PartialEq for Position {
    /// Equal positions have the same pieces on the same squares, side, rights, en passant
    /// square and clocks (the order of the piece lists does not matter).
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.side == other.side
            && self.castling == other.castling
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.hash == other.hash
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// What [`Position::make`] returns and [`Position::unmake`] needs to restore a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The piece captured by the move (empty if none).
    pub captured: Piece,
    /// Castling rights before the move.
    pub castling: u8,
    /// En passant square before the move.
    pub ep: Option<Square>,
    /// Halfmove clock before the move.
    pub halfmove: u32,
    /// Hash before the move.
    pub hash: u64,
}

impl Position {
    /// An empty board, white to move, no rights (used by the FEN reader).
    pub(crate) fn empty() -> Position {
        Position {
            board: [Piece::EMPTY; 256],
            lists: [[[0; 16]; 8]; 2],
            counts: [[0; 8]; 2],
            slot: [0; 256],
            occupancy: [[0; 8]; 2],
            side: Color::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on `sq` ([`Piece::EMPTY`] if none).
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    /// The en passant target square, when a capture there may be possible.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Halfmove clock: plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The Zobrist hash of the position.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        Square(self.lists[color.index()][Role::King as usize][0])
    }

    /// The 0x88 squares of `color`'s pieces of kind `role`, in no particular order.
    #[inline]
    pub fn piece_squares(&self, color: Color, role: Role) -> &[u8] {
        let (c, r) = (color.index(), role as usize);
        // `min` costs less than the bounds check it removes (counts never exceed 15).
        &self.lists[c][r][..(self.counts[c][r] as usize).min(16)]
    }

    /// Every piece of `color` as (square, role), pawns first and the king last.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Role)> + '_ {
        Role::ALL.into_iter().flat_map(move |role| {
            self.piece_squares(color, role)
                .iter()
                .map(move |&sq| (Square(sq), role))
        })
    }

    /// Recomputes the hash from scratch (the incremental hash must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in Square::all() {
            let p = self.board[sq.index()];
            if !p.is_empty() {
                h ^= piece_key(p, sq.0);
            }
        }
        h ^= ZOBRIST.castling[self.castling as usize];
        if let Some(ep) = self.ep {
            h ^= ZOBRIST.ep_file[ep.file() as usize];
        }
        if self.side == Color::Black {
            h ^= ZOBRIST.black;
        }
        h
    }

    /// Puts `piece` on the empty square `sq` (the caller keeps at most 16 pieces of a kind
    /// per side, which the FEN reader checks).
    #[inline]
    pub(crate) fn add_piece(&mut self, sq: u8, piece: Piece) {
        let (c, r) = (piece.color().index(), piece.role_index() as usize);
        let n = self.counts[c][r];
        self.lists[c][r][n as usize & 15] = sq;
        self.slot[sq as usize] = n;
        self.counts[c][r] = n + 1;
        self.board[sq as usize] = piece;
        self.toggle(c, r, bit(sq));
        self.hash ^= piece_key(piece, sq);
    }

    /// Flips the squares `bits` in the sets of side `c`'s pieces and of its role `r`.
    #[inline(always)]
    fn toggle(&mut self, c: usize, r: usize, bits: u128) {
        self.occupancy[c][0] ^= bits;
        self.occupancy[c][r & 7] ^= bits;
    }

    #[inline]
    fn remove_piece(&mut self, sq: u8) -> Piece {
        let piece = self.board[sq as usize];
        let (c, r) = (piece.color().index(), piece.role_index() as usize);
        let n = self.counts[c][r].wrapping_sub(1);
        let s = self.slot[sq as usize];
        let last = self.lists[c][r][n as usize & 15];
        self.lists[c][r][s as usize & 15] = last;
        self.slot[last as usize] = s;
        self.counts[c][r] = n;
        self.board[sq as usize] = Piece::EMPTY;
        self.toggle(c, r, bit(sq));
        self.hash ^= piece_key(piece, sq);
        piece
    }

    #[inline]
    fn move_piece(&mut self, from: u8, to: u8) {
        let piece = self.board[from as usize];
        let (c, r) = (piece.color().index(), piece.role_index() as usize);
        let s = self.slot[from as usize];
        self.lists[c][r][s as usize & 15] = to;
        self.slot[to as usize] = s;
        self.board[to as usize] = piece;
        self.board[from as usize] = Piece::EMPTY;
        self.toggle(c, r, bit(from) | bit(to));
        self.hash ^= piece_key(piece, from) ^ piece_key(piece, to);
    }

    /// The rook's origin and destination for a castling king move to `king_to`.
    #[inline]
    pub(crate) fn castling_rook(king_to: u8) -> (u8, u8) {
        if king_to & 7 == 6 {
            (king_to + 1, king_to - 1)
        } else {
            (king_to - 2, king_to + 1)
        }
    }

    /// Plays a legal move and returns what [`unmake`](Position::unmake) needs.
    #[inline(always)]
    pub fn make(&mut self, mv: Move) -> Undo {
        let undo = Undo {
            captured: Piece::EMPTY,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        let (from, to) = (mv.from.0, mv.to.0);
        let us = self.side;
        if let Some(ep) = self.ep.take() {
            self.hash ^= ZOBRIST.ep_file[ep.file() as usize];
        }
        let moved = self.board[from as usize];
        // Quiet moves and captures first, as plain branches (they are most moves).
        let captured = if mv.kind == MoveKind::Quiet {
            self.move_piece(from, to);
            Piece::EMPTY
        } else if mv.kind == MoveKind::Capture {
            let captured = self.remove_piece(to);
            self.move_piece(from, to);
            captured
        } else {
            self.make_special(mv)
        };
        let rights = self.castling & CASTLE_MASK[from as usize] & CASTLE_MASK[to as usize];
        if rights != self.castling {
            self.hash ^=
                ZOBRIST.castling[self.castling as usize] ^ ZOBRIST.castling[rights as usize];
            self.castling = rights;
        }
        let is_pawn = moved.role_index() == Role::Pawn as u8;
        if is_pawn || !captured.is_empty() {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if is_pawn && (from ^ to) == 32 {
            // Record the en passant square only when an enemy pawn stands beside the
            // destination, so that equal positions have equal keys.
            let enemy_pawn = Piece::new(us.flip(), Role::Pawn);
            let beside = |sq: u8| sq & 0x88 == 0 && self.board[sq as usize] == enemy_pawn;
            if beside(to.wrapping_add(1)) || beside(to.wrapping_sub(1)) {
                let ep = Square((from + to) / 2);
                self.ep = Some(ep);
                self.hash ^= ZOBRIST.ep_file[ep.file() as usize];
            }
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.flip();
        self.hash ^= ZOBRIST.black;
        Undo { captured, ..undo }
    }

    /// Takes back `mv`, the last move made, given the record [`make`](Position::make) returned.
    #[inline(always)]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        let them = self.side;
        let us = them.flip();
        self.side = us;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        let (from, to) = (mv.from.0, mv.to.0);
        if mv.kind == MoveKind::Quiet {
            self.move_piece(to, from);
        } else if mv.kind == MoveKind::Capture {
            self.move_piece(to, from);
            self.add_piece(to, undo.captured);
        } else {
            self.unmake_special(mv, undo.captured);
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
    }

    /// The board part of [`make`](Position::make) for en passant, castling and promotions;
    /// returns the captured piece.
    #[inline(never)]
    fn make_special(&mut self, mv: Move) -> Piece {
        let (from, to) = (mv.from.0, mv.to.0);
        let us = self.side;
        let mut captured = Piece::EMPTY;
        match mv.kind {
            MoveKind::EnPassant => {
                let cap = if us == Color::White { to - 16 } else { to + 16 };
                captured = self.remove_piece(cap);
                self.move_piece(from, to);
            }
            MoveKind::Castling => {
                self.move_piece(from, to);
                let (rf, rt) = Self::castling_rook(to);
                self.move_piece(rf, rt);
            }
            _ => {
                if mv.kind == MoveKind::PromotionCapture {
                    captured = self.remove_piece(to);
                }
                self.remove_piece(from);
                let role = mv.promotion.unwrap_or(Role::Queen);
                self.add_piece(to, Piece::new(us, role));
            }
        }
        captured
    }

    /// The board part of [`unmake`](Position::unmake) for en passant, castling and
    /// promotions (`us` has already been restored as the side to move).
    #[inline(never)]
    fn unmake_special(&mut self, mv: Move, captured: Piece) {
        let (from, to) = (mv.from.0, mv.to.0);
        let us = self.side;
        match mv.kind {
            MoveKind::EnPassant => {
                self.move_piece(to, from);
                let cap = if us == Color::White { to - 16 } else { to + 16 };
                self.add_piece(cap, captured);
            }
            MoveKind::Castling => {
                let (rf, rt) = Self::castling_rook(to);
                self.move_piece(rt, rf);
                self.move_piece(to, from);
            }
            _ => {
                self.remove_piece(to);
                self.add_piece(from, Piece::new(us, Role::Pawn));
                if mv.kind == MoveKind::PromotionCapture {
                    self.add_piece(to, captured);
                }
            }
        }
    }

    /// Passes the turn without moving (for null-move tests); returns the undo record.
    pub(crate) fn make_null(&mut self) -> Undo {
        let undo = Undo {
            captured: Piece::EMPTY,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        if let Some(ep) = self.ep.take() {
            self.hash ^= ZOBRIST.ep_file[ep.file() as usize];
        }
        self.side = self.side.flip();
        self.hash ^= ZOBRIST.black;
        undo
    }

    /// Takes back [`make_null`](Position::make_null).
    pub(crate) fn unmake_null(&mut self, undo: Undo) {
        self.side = self.side.flip();
        self.ep = undo.ep;
        self.hash = undo.hash;
    }

    /// True when neither side can ever mate: bare kings, a single minor piece, or only
    /// bishops all on squares of one colour.
    pub fn insufficient_material(&self) -> bool {
        let mut minors = 0;
        let mut knights = 0;
        let mut bishop_colors = [false; 2];
        for c in [Color::White, Color::Black] {
            for (sq, role) in self.pieces(c) {
                match role {
                    Role::King => {}
                    Role::Knight => {
                        minors += 1;
                        knights += 1;
                    }
                    Role::Bishop => {
                        minors += 1;
                        bishop_colors[(sq.rank() + sq.file()) as usize & 1] = true;
                    }
                    _ => return false,
                }
            }
        }
        minors <= 1 || (knights == 0 && !(bishop_colors[0] && bishop_colors[1]))
    }
}

#[cfg(test)]
mod tests {
    use super::super::types::MoveList;
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The piece lists hold exactly the occupied squares, each in the list of its piece,
    /// at the slot recorded for it; the square sets hold the same squares; and the
    /// off-board half of the board stays empty.
    fn assert_lists_match_board(pos: &Position) {
        let mut listed = 0;
        for color in [Color::White, Color::Black] {
            let mut all = 0;
            for role in Role::ALL {
                let mut set = 0;
                for (i, &sq) in pos.piece_squares(color, role).iter().enumerate() {
                    assert_eq!(pos.board[sq as usize], Piece::new(color, role), "{pos:?}");
                    assert_eq!(pos.slot[sq as usize] as usize, i, "{pos:?}");
                    set |= bit(sq);
                    listed += 1;
                }
                assert_eq!(pos.occupancy[color.index()][role as usize], set, "{pos:?}");
                all |= set;
            }
            assert_eq!(pos.occupancy[color.index()][0], all, "{pos:?}");
        }
        let occupied = (0..=255u8)
            .filter(|&sq| !pos.board[sq as usize].is_empty())
            .inspect(|&sq| assert_eq!(sq & 0x88, 0, "piece off the board: {pos:?}"))
            .count();
        assert_eq!(listed, occupied, "{pos:?}");
    }

    #[test]
    fn piece_lists_follow_make_and_unmake() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut moves = MoveList::new();
        for fen in fens {
            for _ in 0..20 {
                let mut pos = Position::from_fen(fen).unwrap();
                for _ in 0..60 {
                    assert_lists_match_board(&pos);
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    for &mv in moves.iter() {
                        let undo = pos.make(mv);
                        assert_lists_match_board(&pos);
                        pos.unmake(mv, undo);
                    }
                    pos.make(moves[rng.gen_range(0..moves.len())]);
                }
            }
        }
    }
}
