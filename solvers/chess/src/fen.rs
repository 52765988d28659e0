//! Forsyth–Edwards Notation: reading with precise errors, and writing.

use super::position::{Position, BK, BQ, WK, WQ};
use super::types::{Color, Piece, Role, Square};
use thiserror::Error;

/// Why a FEN string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    #[error("expected 4 to 6 space-separated fields (board, side, castling, en passant[, halfmove, fullmove]), found {found}")]
    FieldCount {
        /// The number of fields found.
        found: usize,
    },
    /// The board does not have 8 ranks.
    #[error("the board has {found} ranks separated by '/', expected 8")]
    RankCount {
        /// The number of ranks found.
        found: usize,
    },
    /// A rank does not describe exactly 8 squares.
    #[error("rank {rank} {text:?} describes {squares} squares, expected 8")]
    RankLength {
        /// The rank (1 to 8).
        rank: u8,
        /// Its text.
        text: String,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–8.
    #[error("unknown piece {found:?} in rank {rank} (allowed: PNBRQK pnbrqk and digits 1-8)")]
    UnknownPiece {
        /// The character.
        found: char,
        /// The rank (1 to 8).
        rank: u8,
    },
    /// A side has no king, or more than one.
    #[error("{color} has {found} kings, expected exactly 1")]
    KingCount {
        /// `white` or `black`.
        color: &'static str,
        /// How many kings.
        found: usize,
    },
    /// A side has more than 16 pieces.
    #[error("{color} has {found} pieces, at most 16 are allowed")]
    TooManyPieces {
        /// `white` or `black`.
        color: &'static str,
        /// How many pieces.
        found: usize,
    },
    /// A pawn on the first or last rank.
    #[error("pawn on {square}: pawns cannot stand on the first or last rank")]
    PawnOnBackRank {
        /// The square.
        square: String,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("side to move {found:?}: expected 'w' or 'b'")]
    SideToMove {
        /// The field.
        found: String,
    },
    /// The castling field is malformed or names a right whose king or rook is not home.
    #[error("castling rights {found:?}: {reason}")]
    Castling {
        /// The field.
        found: String,
        /// What is wrong.
        reason: String,
    },
    /// The en passant field is malformed or impossible.
    #[error("en passant square {found:?}: {reason}")]
    EnPassant {
        /// The field.
        found: String,
        /// What is wrong.
        reason: String,
    },
    /// A move counter is not a number in range.
    #[error("{name} {found:?}: expected {allowed}")]
    Counter {
        /// `halfmove clock` or `fullmove number`.
        name: &'static str,
        /// The field.
        found: String,
        /// What is allowed.
        allowed: &'static str,
    },
    /// The side that just moved is in check, which no legal game can reach.
    #[error("the side not to move is in check")]
    OpponentInCheck,
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The FEN of the standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        match Position::from_fen(START_FEN) {
            Ok(p) => p,
            Err(_) => unreachable!("the start position is valid"),
        }
    }

    /// Reads a position from FEN (the two move counters may be omitted).
    ///
    /// ```
    /// use cgtk_chess::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    /// let err = Position::from_fen("4k3/8/8/8/8/8/8/4K2 w - - 0 1").unwrap_err();
    /// assert_eq!(err.to_string(), "rank 1 \"4K2\" describes 7 squares, expected 8");
    /// ```
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount {
                found: fields.len(),
            });
        }
        let mut pos = Position::empty();
        let mut placed: Vec<(u8, Piece)> = Vec::new();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount { found: ranks.len() });
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0usize;
            for ch in rank_text.chars() {
                if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as usize;
                    continue;
                }
                let role = match ch.to_ascii_lowercase() {
                    'p' => Role::Pawn,
                    'n' => Role::Knight,
                    'b' => Role::Bishop,
                    'r' => Role::Rook,
                    'q' => Role::Queen,
                    'k' => Role::King,
                    _ => {
                        return Err(FenError::UnknownPiece {
                            found: ch,
                            rank: rank + 1,
                        })
                    }
                };
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file < 8 {
                    placed.push((Square::new(file as u8, rank).0, Piece::new(color, role)));
                }
                file += 1;
            }
            if file != 8 {
                return Err(FenError::RankLength {
                    rank: rank + 1,
                    text: rank_text.to_string(),
                    squares: file,
                });
            }
        }
        for color in [Color::White, Color::Black] {
            let mine = || placed.iter().filter(move |(_, p)| p.color() == color);
            let kings = mine().filter(|(_, p)| p.role() == Some(Role::King)).count();
            if kings != 1 {
                return Err(FenError::KingCount {
                    color: color_name(color),
                    found: kings,
                });
            }
            let n = mine().count();
            if n > 16 {
                return Err(FenError::TooManyPieces {
                    color: color_name(color),
                    found: n,
                });
            }
        }
        for &(sq, p) in &placed {
            if p.role() == Some(Role::Pawn) && (sq >> 4 == 0 || sq >> 4 == 7) {
                return Err(FenError::PawnOnBackRank {
                    square: Square(sq).to_string(),
                });
            }
        }
        for &(sq, p) in &placed {
            pos.add_piece(sq, p);
        }
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(FenError::SideToMove {
                    found: other.to_string(),
                })
            }
        };
        pos.castling = parse_castling(&pos, fields[2])?;
        pos.ep = parse_ep(&pos, fields[3])?;
        if let Some(h) = fields.get(4) {
            pos.halfmove = h.parse().map_err(|_| FenError::Counter {
                name: "halfmove clock",
                found: h.to_string(),
                allowed: "a whole number from 0",
            })?;
        }
        if let Some(f) = fields.get(5) {
            pos.fullmove = f
                .parse()
                .ok()
                .filter(|&n: &u32| n >= 1)
                .ok_or(FenError::Counter {
                    name: "fullmove number",
                    found: f.to_string(),
                    allowed: "a whole number from 1",
                })?;
        }
        if pos.is_attacked(pos.king_square(pos.side.flip()), pos.side) {
            return Err(FenError::OpponentInCheck);
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The position in FEN.
    pub fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let p = self.board[Square::new(file, rank).index()];
                if p.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(p.fen_char());
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        if self.castling == 0 {
            out.push('-');
        }
        for (bit, ch) in [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')] {
            if self.castling & bit != 0 {
                out.push(ch);
            }
        }
        match self.ep {
            Some(sq) => out.push_str(&format!(" {sq}")),
            None => out.push_str(" -"),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }
}

fn parse_castling(pos: &Position, field: &str) -> Result<u8, FenError> {
    let err = |reason: String| FenError::Castling {
        found: field.to_string(),
        reason,
    };
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for ch in field.chars() {
        let (bit, color, rook_file) = match ch {
            'K' => (WK, Color::White, 7),
            'Q' => (WQ, Color::White, 0),
            'k' => (BK, Color::Black, 7),
            'q' => (BQ, Color::Black, 0),
            _ => return Err(err(format!("unknown letter {ch:?} (allowed: '-' or KQkq)"))),
        };
        if rights & bit != 0 {
            return Err(err(format!("{ch:?} repeated")));
        }
        let home = if color == Color::White { 0 } else { 7 };
        if pos.board[Square::new(4, home).index()] != Piece::new(color, Role::King) {
            return Err(err(format!(
                "{ch:?} needs the {} king on e{}",
                color_name(color),
                home + 1
            )));
        }
        let rook_sq = Square::new(rook_file, home);
        if pos.board[rook_sq.index()] != Piece::new(color, Role::Rook) {
            return Err(err(format!(
                "{ch:?} needs a {} rook on {rook_sq}",
                color_name(color)
            )));
        }
        rights |= bit;
    }
    Ok(rights)
}

fn parse_ep(pos: &Position, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let err = |reason: &str| FenError::EnPassant {
        found: field.to_string(),
        reason: reason.to_string(),
    };
    let sq = Square::parse(field).ok_or_else(|| err("expected '-' or a square such as e3"))?;
    let us = pos.side;
    let (rank, pawn_rank) = if us == Color::White { (5, 4) } else { (2, 3) };
    if sq.rank() != rank {
        return Err(err(if us == Color::White {
            "with white to move it must be on rank 6"
        } else {
            "with black to move it must be on rank 3"
        }));
    }
    let pawn_sq = Square::new(sq.file(), pawn_rank);
    if pos.board[pawn_sq.index()] != Piece::new(us.flip(), Role::Pawn) {
        return Err(err(
            "no pawn stands in front of it that could have just moved two squares",
        ));
    }
    let behind = Square::new(sq.file(), if us == Color::White { 6 } else { 1 });
    if !pos.board[sq.index()].is_empty() || !pos.board[behind.index()].is_empty() {
        return Err(err("the squares the pawn passed over must be empty"));
    }
    // Kept only when a pawn of the side to move stands beside the pawn that moved, as the
    // move maker does, so that equal positions compare equal.
    let own_pawn = Piece::new(us, Role::Pawn);
    let beside = [pawn_sq.0.wrapping_sub(1), pawn_sq.0.wrapping_add(1)]
        .iter()
        .any(|&s| s & 0x88 == 0 && pos.board[s as usize] == own_pawn);
    Ok(beside.then_some(sq))
}
