//! The size of a rectangular board as users write it: `N` for an N×N board, or `RxC`.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The size of a rectangular board: `rows` × `cols`.
///
/// Read from `N` (an N×N board) or `RxC`, where the separator may be `x`, `X`, `×` or `*`
/// and spaces may surround the numbers (`4x6`, `4×6`, `4 X 6`, `4*6`). It is written back
/// as `RxC`, so `parse(display(size)) == size`.
///
/// Parsing checks the form only: `0x3` parses, and each user of a size refuses the sides
/// it cannot handle with its own message (a Poggle board needs both sides at least 1, a
/// board group at most a million cells).
///
/// # Examples
/// ```
/// use cgtk_core::BoardSize;
/// let square: BoardSize = "5".parse()?;
/// assert_eq!(square, BoardSize::square(5));
/// let wide: BoardSize = "4 × 6".parse()?;
/// assert_eq!((wide.rows, wide.cols), (4, 6));
/// assert_eq!(wide.to_string(), "4x6");
/// assert_eq!(wide.cells(), Some(24));
///
/// let err = "5x".parse::<BoardSize>().unwrap_err();
/// assert_eq!(err.text, "5x");
/// assert_eq!(
///     err.to_string(),
///     "size \"5x\": write N for an N×N board or RxC (e.g. 5 or 4x6), with whole numbers of at least 1"
/// );
/// # Ok::<(), cgtk_core::BoardSizeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardSize {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
}

/// Text that is not a board size (`N` or `RxC` with whole numbers).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "size {text:?}: write N for an N×N board or RxC (e.g. 5 or 4x6), with whole numbers of at least 1"
)]
pub struct BoardSizeError {
    /// The rejected text, as given.
    pub text: String,
}

/// The characters that may separate rows from columns.
const SEPARATORS: [char; 4] = ['x', 'X', '×', '*'];

impl BoardSize {
    /// A `rows` × `cols` board.
    ///
    /// ```
    /// use cgtk_core::BoardSize;
    /// assert_eq!(BoardSize::new(3, 4).to_string(), "3x4");
    /// ```
    pub const fn new(rows: usize, cols: usize) -> BoardSize {
        BoardSize { rows, cols }
    }

    /// An `n` × `n` board.
    ///
    /// ```
    /// use cgtk_core::BoardSize;
    /// assert!(BoardSize::square(7).is_square());
    /// ```
    pub const fn square(n: usize) -> BoardSize {
        BoardSize { rows: n, cols: n }
    }

    /// Whether rows and columns are equal.
    ///
    /// ```
    /// use cgtk_core::BoardSize;
    /// assert!(!BoardSize::new(2, 3).is_square());
    /// ```
    pub const fn is_square(&self) -> bool {
        self.rows == self.cols
    }

    /// The number of cells, `None` when it overflows `usize`.
    ///
    /// ```
    /// use cgtk_core::BoardSize;
    /// assert_eq!(BoardSize::new(3, 4).cells(), Some(12));
    /// assert_eq!(BoardSize::new(usize::MAX, 2).cells(), None);
    /// ```
    pub const fn cells(&self) -> Option<usize> {
        self.rows.checked_mul(self.cols)
    }
}

impl FromStr for BoardSize {
    type Err = BoardSizeError;

    fn from_str(text: &str) -> Result<BoardSize, BoardSizeError> {
        let bad = || BoardSizeError {
            text: text.to_string(),
        };
        let whole = |part: &str| part.trim().parse::<usize>().map_err(|_| bad());
        let trimmed = text.trim();
        match trimmed.split_once(SEPARATORS) {
            Some((rows, cols)) => Ok(BoardSize::new(whole(rows)?, whole(cols)?)),
            None => Ok(BoardSize::square(whole(trimmed)?)),
        }
    }
}

impl fmt::Display for BoardSize {
    /// `RxC`, e.g. `4x6` (a square board too: `5x5`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::BoardSize;

    #[test]
    fn every_accepted_form_reads_the_same_size() {
        for text in ["4x6", "4X6", "4×6", "4*6", " 4 x 6 ", "4 X 6", "4 × 6"] {
            assert_eq!(text.parse(), Ok(BoardSize::new(4, 6)), "{text:?}");
        }
        for text in ["5", " 5 ", "5x5"] {
            assert_eq!(text.parse(), Ok(BoardSize::square(5)), "{text:?}");
        }
        // Zero sides parse; the users of a size refuse them with their own limits.
        assert_eq!("0".parse(), Ok(BoardSize::square(0)));
    }

    #[test]
    fn malformed_sizes_are_refused_with_the_text() {
        for text in [
            "",
            "x",
            "5x",
            "x5",
            "5x6x7",
            "3y3",
            "-1",
            "five",
            "4 6",
            "99999999999999999999999",
        ] {
            let err = text.parse::<BoardSize>().unwrap_err();
            assert_eq!(err.text, text);
        }
    }
}
