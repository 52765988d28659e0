//! [`Chess`]: a position with its game history, implementing the shared game traits
//! (make/unmake, outcome with every draw rule, FEN and UCI notation, board drawing,
//! evaluation and Zobrist keys).

use super::fen::FenError;
use super::position::{Position, Undo};
use super::types::{Color, Move, MoveList, Role, Square};
use cgtk_core::{Evaluate, Game, Notation, NotationError, Outcome, Player, PositionKey, Render};

/// A game of chess: the current [`Position`] and the keys of the positions before it, for
/// the threefold repetition rule.
///
/// ```
/// use cgtk_core::{Game, Notation, Outcome, Player};
/// use cgtk_chess::Chess;
/// // Fool's mate.
/// let mut game = Chess::new();
/// for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     let mv = game.parse_move(text).unwrap();
///     game.make(mv);
/// }
/// assert_eq!(game.outcome(), Some(Outcome::Win(Player::Second)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chess {
    pos: Position,
    /// Keys of the earlier positions of the game, oldest first.
    history: Vec<u64>,
}

impl Default for Chess {
    fn default() -> Self {
        Chess::new()
    }
}

impl Chess {
    /// A game from the standard starting position.
    pub fn new() -> Chess {
        Chess::from_position(Position::startpos())
    }

    /// A game starting at `pos`, with no earlier history.
    pub fn from_position(pos: Position) -> Chess {
        Chess {
            pos,
            history: Vec::new(),
        }
    }

    /// A game starting from a FEN position.
    pub fn from_fen(fen: &str) -> Result<Chess, FenError> {
        Position::from_fen(fen).map(Chess::from_position)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The current position in FEN.
    pub fn fen(&self) -> String {
        self.pos.fen()
    }

    /// Fills `moves` with the legal moves (a fixed-size list, no allocation).
    pub fn legal_move_list(&self, moves: &mut MoveList) {
        self.pos.legal_moves(moves);
    }

    /// How many times the current position occurred before (same side, pieces, rights and
    /// en passant square), looking back only as far as the last capture or pawn move.
    pub fn repetitions(&self) -> usize {
        let key = self.pos.hash;
        let reach = (self.pos.halfmove as usize).min(self.history.len());
        self.history[self.history.len() - reach..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&k| k == key)
            .count()
    }

    /// True when the position occurred before in the game, within the fifty-move window
    /// (used by search to score repetitions as draws).
    pub(crate) fn is_repeated(&self) -> bool {
        self.repetitions() > 0
    }

    /// Plays a null move (search only).
    pub(crate) fn make_null(&mut self) -> Undo {
        self.history.push(self.pos.hash);
        self.pos.make_null()
    }

    /// Takes back a null move.
    pub(crate) fn unmake_null(&mut self, undo: Undo) {
        self.pos.unmake_null(undo);
        self.history.pop();
    }
}

impl Game for Chess {
    type Move = Move;
    type Undo = Undo;

    fn to_move(&self) -> Player {
        match self.pos.side {
            Color::White => Player::First,
            Color::Black => Player::Second,
        }
    }

    /// Every legal move; none once the game is drawn by rule (fifty moves, repetition,
    /// insufficient material), as the trait promises for a finished game. The position's own
    /// generator ([`Position::legal_moves`]) still lists the moves of the board.
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.drawn_by_rule() {
            return;
        }
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        moves.extend_from_slice(&list);
    }

    fn make(&mut self, mv: Move) -> Undo {
        self.history.push(self.pos.hash);
        self.pos.make(mv)
    }

    fn unmake(&mut self, mv: Move, undo: Undo) {
        self.pos.unmake(mv, undo);
        self.history.pop();
    }

    /// Checkmate, stalemate, the fifty-move rule (100 plies without a capture or pawn
    /// move), threefold repetition and insufficient material; mate takes precedence.
    fn outcome(&self) -> Option<Outcome> {
        if self.pos.count_legal() == 0 {
            return Some(if self.pos.in_check() {
                Outcome::Win(self.to_move().opponent())
            } else {
                Outcome::Draw
            });
        }
        if self.drawn_by_rule() {
            return Some(Outcome::Draw);
        }
        None
    }

    fn end_reason(&self) -> Option<String> {
        let reason = if self.pos.count_legal() == 0 {
            if self.pos.in_check() {
                "checkmate"
            } else {
                "stalemate"
            }
        } else if self.pos.halfmove >= 100 {
            "fifty-move rule"
        } else if self.repetitions() >= 2 {
            "threefold repetition"
        } else if self.pos.insufficient_material() {
            "insufficient material"
        } else {
            return None;
        };
        Some(reason.to_string())
    }

    fn is_legal(&self, mv: Move) -> bool {
        if self.drawn_by_rule() {
            return false;
        }
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        list.contains(&mv)
    }
}

impl Chess {
    /// Drawn by the fifty-move rule, a threefold repetition or insufficient material.
    fn drawn_by_rule(&self) -> bool {
        self.pos.halfmove >= 100 || self.repetitions() >= 2 || self.pos.insufficient_material()
    }
}

impl Notation for Chess {
    /// FEN.
    fn position_text(&self) -> String {
        self.pos.fen()
    }

    fn parse_position(&self, text: &str) -> Result<Chess, NotationError> {
        Chess::from_fen(text).map_err(|e| NotationError::Position {
            text: text.to_string(),
            reason: e.to_string(),
        })
    }

    /// UCI long algebraic notation: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
    fn move_text(&self, mv: Move) -> String {
        mv.uci()
    }

    /// Reads UCI long algebraic notation in any case (`E2E4`, `e7e8Q`: without SAN,
    /// capitals mean nothing of their own). A refusal says why when that is cheap to
    /// tell: no piece on the square, the opponent's piece, a promotion without its letter.
    ///
    /// ```
    /// use cgtk_chess::Chess;
    /// use cgtk_core::Notation;
    /// let game = Chess::from_fen("8/4P3/8/8/8/8/8/k6K w - - 0 1").unwrap();
    /// assert_eq!(game.move_text(game.parse_move("e7e8Q").unwrap()), "e7e8q");
    /// let refusal = game.parse_move("e7e8").unwrap_err().to_string();
    /// assert!(refusal.ends_with("write e7e8q, e7e8r, e7e8b or e7e8n"), "{refusal}");
    /// ```
    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let err = |reason: &str| NotationError::Move {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let t = text.trim().to_ascii_lowercase();
        if !(t.len() == 4 || t.len() == 5) || !t.is_ascii() {
            return Err(err(
                "expected a move in long algebraic notation such as e2e4 or e7e8q",
            ));
        }
        let from = Square::parse(&t[0..2]).ok_or_else(|| err("bad origin square"))?;
        let to = Square::parse(&t[2..4]).ok_or_else(|| err("bad destination square"))?;
        let promotion = match t.get(4..5) {
            None => None,
            Some("q") => Some(Role::Queen),
            Some("r") => Some(Role::Rook),
            Some("b") => Some(Role::Bishop),
            Some("n") => Some(Role::Knight),
            Some(_) => return Err(err("the promotion letter must be one of q r b n")),
        };
        self.pos
            .find_move(from, to, promotion)
            .ok_or_else(|| err(&self.why_illegal(from, to, promotion)))
    }
}

impl Chess {
    /// Why the move from `from` to `to` (promoting to `promotion`) is not legal here.
    fn why_illegal(&self, from: Square, to: Square, promotion: Option<Role>) -> String {
        let colour = |c: Color| match c {
            Color::White => "white",
            Color::Black => "black",
        };
        let piece = self.pos.board[from.index()];
        if piece.is_empty() {
            return format!("there is no piece on {from}");
        }
        if piece.color() != self.pos.side {
            return format!(
                "the piece on {from} is {}'s; {} is to move",
                colour(piece.color()),
                colour(self.pos.side)
            );
        }
        let plain = format!("{from}{to}");
        match promotion {
            None if self.pos.find_move(from, to, Some(Role::Queen)).is_some() => format!(
                "a pawn reaching the last rank promotes: write {plain}q, {plain}r, {plain}b or {plain}n"
            ),
            Some(_) if self.pos.find_move(from, to, None).is_some() => {
                format!("{plain} is not a promotion: write {plain}")
            }
            _ => "not a legal move in this position".to_string(),
        }
    }
}

impl Render for Chess {
    /// The board with white at the bottom, uppercase white pieces, `.` for empty squares.
    fn render(&self) -> String {
        self.pos.render()
    }
}

impl Position {
    /// The board as text, rank 8 first, with file letters below.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            out.push(char::from(b'1' + rank));
            out.push(' ');
            for file in 0..8 {
                out.push(' ');
                out.push(self.board[Square::new(file, rank).index()].fen_char());
            }
            out.push('\n');
        }
        out.push_str("   a b c d e f g h\n");
        out.push_str(match self.side {
            Color::White => "white to move",
            Color::Black => "black to move",
        });
        out
    }
}

impl Evaluate for Chess {
    fn evaluate(&self) -> i32 {
        self.pos.evaluate()
    }
}

impl PositionKey for Chess {
    fn key(&self) -> u64 {
        self.pos.hash
    }
}
