//! Errors in the text of a game position (Hackenbush, Domineering, Toads and Frogs, Cutcake).

/// Why a text is not a position of one of the games. Positions count characters from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A character the game's notation does not use.
    #[error("unexpected character '{character}' at position {position} of '{text}' (allowed: {allowed})")]
    Character {
        /// The whole text.
        text: String,
        /// Where.
        position: usize,
        /// The character.
        character: char,
        /// What the notation allows.
        allowed: &'static str,
    },
    /// A size such as `4x5` that does not parse or is out of range.
    #[error("'{text}' is not a size ROWSxCOLS with {limit}")]
    Size {
        /// The text.
        text: String,
        /// What is allowed.
        limit: &'static str,
    },
    /// A position larger than the solver accepts.
    #[error("the position is too large: {what}")]
    TooLarge {
        /// What is too large, with the limit.
        what: String,
    },
    /// A structural mistake (unbalanced parentheses, ragged rows, empty text).
    #[error("{what} in '{text}'")]
    Malformed {
        /// The text.
        text: String,
        /// What is wrong.
        what: String,
    },
}

/// Reads a board size with cgtk-core's one grammar ([`cgtk_core::BoardSize`]: `N`, `RxC`,
/// `R×C`, `R*C`), both sides in `1..=max`.
pub(crate) fn parse_size(
    text: &str,
    max: usize,
    limit: &'static str,
) -> Result<(usize, usize), PositionError> {
    let bad = || PositionError::Size {
        text: text.to_string(),
        limit,
    };
    let size: cgtk_core::BoardSize = text.parse().map_err(|_| bad())?;
    let (r, c) = (size.rows, size.cols);
    if r == 0 || c == 0 || r > max || c > max {
        return Err(bad());
    }
    Ok((r, c))
}
