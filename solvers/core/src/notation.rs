use crate::game::Game;
use thiserror::Error;

/// Why a position or a move could not be read from text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    /// The text is not a position of this game.
    #[error("invalid position {text:?}: {reason}")]
    Position {
        /// The rejected text.
        text: String,
        /// What is wrong and what is allowed.
        reason: String,
    },
    /// The text is not a move of this game, or not a legal one here.
    #[error("invalid move {text:?}: {reason}")]
    Move {
        /// The rejected text.
        text: String,
        /// What is wrong and what is allowed.
        reason: String,
    },
}

/// A documented text notation for positions and moves, so that users can type them and
/// tables can be exported as text. `parse_position(position_text(p)) == p` must hold.
pub trait Notation: Game + Sized {
    /// The position as one line of text.
    fn position_text(&self) -> String;
    /// Reads a position written by [`position_text`](Notation::position_text), with the
    /// rules variant of `self`.
    fn parse_position(&self, text: &str) -> Result<Self, NotationError>;
    /// A move in this position as text.
    fn move_text(&self, mv: Self::Move) -> String;
    /// Reads a move; an error when it is malformed or not legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError>;
}

/// Drawing the position as text for a person (several lines, no trailing newline needed).
pub trait Render {
    /// The board as text.
    fn render(&self) -> String;
}
