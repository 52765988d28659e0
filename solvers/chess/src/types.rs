//! Small value types: colours, pieces, 0x88 squares and moves.

use std::fmt;

/// A side: white moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The other side.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for white, 1 for black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour bit of this side's piece bytes (see [`Piece`]).
    #[inline]
    pub(crate) const fn bit(self) -> u8 {
        Piece::WHITE_BIT << self as u8
    }
}

/// The kind of a piece, without its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn.
    Pawn = 1,
    /// Knight.
    Knight = 2,
    /// Bishop.
    Bishop = 3,
    /// Rook.
    Rook = 4,
    /// Queen.
    Queen = 5,
    /// King.
    King = 6,
}

impl Role {
    /// Every role, pawn to king.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The role from its number 1..=6.
    #[inline]
    pub(crate) fn from_index(i: u8) -> Role {
        match i {
            1 => Role::Pawn,
            2 => Role::Knight,
            3 => Role::Bishop,
            4 => Role::Rook,
            5 => Role::Queen,
            _ => Role::King,
        }
    }

    /// The lowercase letter of the role (`p n b r q k`).
    pub fn letter(self) -> char {
        b" pnbrqk"[self as usize] as char
    }
}

/// A piece on the board, packed in one byte: the role in bits 0..3, bit 3 set for white and
/// bit 4 for black; 0 is empty. With one bit per colour, "own piece" and "enemy piece" are
/// each a single mask test that is false on an empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(pub(crate) u8);

impl Piece {
    /// No piece.
    pub const EMPTY: Piece = Piece(0);

    /// The colour bit of white pieces.
    pub(crate) const WHITE_BIT: u8 = 8;

    /// The colour bit of black pieces.
    pub(crate) const BLACK_BIT: u8 = 16;

    /// The number of piece bytes tables indexed by piece provide for (a power of two above
    /// the largest, so that a mask keeps an index in range).
    pub(crate) const BYTES: usize = 32;

    /// The piece of `color` and `role`.
    #[inline]
    pub fn new(color: Color, role: Role) -> Piece {
        Piece(color.bit() | role as u8)
    }

    /// True for an empty square.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The colour (meaningless for [`Piece::EMPTY`]).
    #[inline]
    pub fn color(self) -> Color {
        if self.0 & Piece::BLACK_BIT == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The role, or `None` for an empty square.
    #[inline]
    pub fn role(self) -> Option<Role> {
        (self.0 != 0).then(|| Role::from_index(self.0 & 7))
    }

    #[inline]
    pub(crate) fn role_index(self) -> u8 {
        self.0 & 7
    }

    /// The FEN letter: uppercase for white.
    pub fn fen_char(self) -> char {
        match self.role() {
            None => '.',
            Some(r) if self.color() == Color::White => r.letter().to_ascii_uppercase(),
            Some(r) => r.letter(),
        }
    }
}

/// A square of the 0x88 board: `16 * rank + file`, with rank and file in 0..8. Squares with
/// bit pattern `0x88` set are off the board, so one mask tests a step off the edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = first rank), both in 0..8.
    ///
    /// ```
    /// use cgtk_chess::Square;
    /// assert_eq!(Square::new(4, 3).to_string(), "e4");
    /// ```
    #[inline]
    pub fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < 8 && rank < 8);
        Square(rank * 16 + file)
    }

    /// The file, 0 = a.
    #[inline]
    pub fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 = first.
    #[inline]
    pub fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// The 0x88 index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Reads `e4`-style names.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        Some(Square::new(b[0] - b'a', b[1] - b'1'))
    }

    /// The 64 squares, a1 to h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(|i| Square::new(i & 7, i >> 3))
    }

    /// 0..64, a1 = 0, h8 = 63.
    #[inline]
    pub fn index64(self) -> usize {
        ((self.0 >> 4) * 8 + (self.0 & 7)) as usize
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// What a move does, so that make and unmake need not rediscover it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move to an empty square (including pawn pushes).
    Quiet,
    /// A capture on the destination square.
    Capture,
    /// A pawn capturing en passant.
    EnPassant,
    /// Castling; `from` and `to` are the king's squares.
    Castling,
    /// A pawn reaching the last rank on an empty square.
    Promotion,
    /// A pawn capturing onto the last rank.
    PromotionCapture,
}

/// A move: origin, destination, kind, and the promotion role for promotions (four bytes,
/// aligned as one 32-bit word, which is read and copied whole).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C, align(4))]
pub struct Move {
    /// Origin square.
    pub from: Square,
    /// Destination square (for castling, the king's destination).
    pub to: Square,
    /// What the move does.
    pub kind: MoveKind,
    /// The role a pawn becomes, for promotions; `None` otherwise.
    pub promotion: Option<Role>,
}

impl Move {
    /// A move without promotion.
    #[inline]
    pub(crate) fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            kind,
            promotion: None,
        }
    }

    /// True for captures (including en passant and promotion captures).
    #[inline]
    pub fn is_capture(self) -> bool {
        matches!(
            self.kind,
            MoveKind::Capture | MoveKind::EnPassant | MoveKind::PromotionCapture
        )
    }

    /// The move in UCI long algebraic notation (`e2e4`, `e7e8q`, `e1g1`).
    pub fn uci(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(r) = self.promotion {
            write!(f, "{}", r.letter())?;
        }
        Ok(())
    }
}

/// A fixed-capacity move list (no allocation). A position the FEN reader accepts has at most
/// 15 pieces besides the king, none with more than 27 moves, so 512 slots always suffice.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: u16,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    /// The number of slots.
    pub(crate) const CAPACITY: usize = 512;

    /// An empty list.
    pub fn new() -> MoveList {
        const NULL: Move = Move {
            from: Square(0),
            to: Square(0),
            kind: MoveKind::Quiet,
            promotion: None,
        };
        MoveList {
            moves: [NULL; MoveList::CAPACITY],
            len: 0,
        }
    }

    /// Refills the list: `fill` writes moves into the slots from the first on and returns
    /// how many it wrote.
    #[inline]
    pub(crate) fn refill(&mut self, fill: impl FnOnce(&mut [Move; MoveList::CAPACITY]) -> usize) {
        let len = fill(&mut self.moves).min(MoveList::CAPACITY);
        self.len = len as u16;
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }

    /// The moves as a mutable slice (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len as usize]
    }

    /// Keeps only the moves for which `keep` is true, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len() {
            if keep(&self.moves[i]) {
                self.moves[kept] = self.moves[i];
                kept += 1;
            }
        }
        self.len = kept as u16;
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}
