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

impl NotationError {
    /// The error refusing the move typed `text`, for `reason` (quoted as typed).
    ///
    /// ```
    /// use cgtk_core::NotationError;
    /// let e = NotationError::refused_move("A1-A9", "cells are a1..d4");
    /// assert_eq!(e.to_string(), "invalid move \"A1-A9\": cells are a1..d4");
    /// ```
    pub fn refused_move(text: &str, reason: impl Into<String>) -> NotationError {
        NotationError::Move {
            text: text.to_string(),
            reason: reason.into(),
        }
    }
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

/// How a game writes a move from one place to another, for [`parse_from_to`].
#[derive(Clone, Copy, Debug)]
pub struct FromTo<'a> {
    /// The characters that may join the two places (`-` for a step, `x` for a capture, …).
    pub separators: &'a [char],
    /// The error reason when no separator is found: the expected form, with an example.
    pub form: &'a str,
    /// The error reason when a place is not understood: which places exist.
    pub places: &'a str,
}

/// Reads a move written as two places joined by one of `syntax.separators` (`d8-c7`,
/// `a1xa3`), each place read by `place`: the two places and the separator between them.
/// The text is read in any case (`A1XA3` as `a1xa3`): `place` and the separators see it in
/// lowercase, and errors quote it as typed.
///
/// ```
/// use cgtk_core::{parse_from_to, FromTo};
/// let syntax = FromTo { separators: &['-', 'x'], form: "e.g. 1-2", places: "1..9" };
/// let digit = |s: &str| s.parse::<u8>().ok().filter(|d| (1..=9).contains(d));
/// assert_eq!(parse_from_to(" 3x7 ", &syntax, digit).unwrap(), (3, 'x', 7));
/// assert!(parse_from_to("3+7", &syntax, digit).is_err());
/// assert!(parse_from_to("3-0", &syntax, digit).is_err());
/// let cell = |s: &str| (s == "a1" || s == "a3").then(|| s.to_string());
/// assert_eq!(parse_from_to("A1XA3", &syntax, cell).unwrap(), ("a1".into(), 'x', "a3".into()));
/// ```
pub fn parse_from_to<P>(
    text: &str,
    syntax: &FromTo,
    place: impl Fn(&str) -> Option<P>,
) -> Result<(P, char, P), NotationError> {
    let err = |reason: &str| NotationError::refused_move(text, reason);
    let lower = text.to_ascii_lowercase();
    let t = lower.trim();
    let (at, separator) = t
        .char_indices()
        .find(|(_, c)| syntax.separators.contains(c))
        .ok_or_else(|| err(syntax.form))?;
    let (a, b) = (&t[..at], &t[at + separator.len_utf8()..]);
    match (place(a), place(b)) {
        (Some(from), Some(to)) => Ok((from, separator, to)),
        _ => Err(err(syntax.places)),
    }
}

/// `mv` when it is legal in `game`, else the error that `text` is not a legal move here.
pub fn require_legal<G: Game>(game: &G, mv: G::Move, text: &str) -> Result<G::Move, NotationError> {
    if game.is_legal(mv) {
        Ok(mv)
    } else {
        Err(NotationError::refused_move(
            text,
            "not a legal move in this position",
        ))
    }
}

/// Drawing the position as text for a person (several lines, no trailing newline needed).
pub trait Render {
    /// The board as text.
    fn render(&self) -> String;
}
