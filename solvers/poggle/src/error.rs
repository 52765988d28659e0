//! The errors of board construction and solving.

use thiserror::Error;

/// Why a [`BoardSpec`](crate::BoardSpec) or a grid was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The number of colours is below 2 or does not fit the arithmetic.
    #[error(
        "{k} {} asked for: a board needs at least 2 colours and at most {max}",
        if *k == 1 { "colour" } else { "colours" }
    )]
    Colours {
        /// The rejected number of colours.
        k: u64,
        /// The largest number allowed.
        max: u64,
    },
    /// A side of the board is 0.
    #[error("board {rows}×{cols}: both sides must be at least 1")]
    EmptySide {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// Solving the board would take more memory than allowed.
    #[error("board {rows}×{cols} in {k} colours would need {}", memory_over(*needed, *limit, " to solve"))]
    TooMuchMemory {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// Colours.
        k: u32,
        /// About how many bytes solving would take.
        needed: u64,
        /// The limit it was compared with.
        limit: u64,
    },
    /// A start or goal grid has the wrong shape.
    #[error("{which} grid is {got_rows}×{got_cols} but the board is {rows}×{cols}")]
    GridShape {
        /// "start" or "goal".
        which: &'static str,
        /// Rows of the grid.
        got_rows: usize,
        /// Columns of the grid.
        got_cols: usize,
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// A start or goal grid holds a colour outside 0..k.
    #[error("{which} grid: colour {value} at row {row}, column {col} is not allowed with {k} colours (allowed: 0 to {max})", max = k - 1)]
    GridColour {
        /// "start" or "goal".
        which: &'static str,
        /// The rejected value.
        value: u64,
        /// Row (1-based).
        row: usize,
        /// Column (1-based).
        col: usize,
        /// Colours.
        k: u32,
    },
}

/// Why a grid of colours or press counts could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    /// No rows at all.
    #[error("the grid is empty: give one row of colours per line")]
    Empty,
    /// A token is not a number.
    #[error("row {row}: {token:?} is not a colour (digits run together, or numbers separated by spaces)")]
    NotANumber {
        /// Row (1-based).
        row: usize,
        /// The rejected text.
        token: String,
    },
    /// A number too large for any colour or press count (above 2^64 - 1).
    #[error(
        "row {row}: {token} is too large: colours and press counts go up to 18446744073709551615"
    )]
    TooLarge {
        /// Row (1-based).
        row: usize,
        /// The rejected text.
        token: String,
    },
    /// A blank line between two rows (a missing row, or two grids run together).
    #[error("a blank line follows row {after}: the rows of a grid must follow each other")]
    BlankLine {
        /// The row before the blank line (1-based).
        after: usize,
    },
    /// Rows of different lengths.
    #[error(
        "row {row} has {got} {} but row 1 has {expected}: all rows must have the same length",
        if *got == 1 { "entry" } else { "entries" }
    )]
    Ragged {
        /// Row (1-based).
        row: usize,
        /// Its length.
        got: usize,
        /// The length of row 1.
        expected: usize,
    },
}

/// Why a press pattern was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PatternError {
    /// No offsets.
    #[error("a press pattern needs at least one offset")]
    Empty,
    /// Too many offsets.
    #[error("a press pattern has {got} offsets: at most {max} are allowed")]
    TooLong {
        /// Offsets given.
        got: usize,
        /// The limit.
        max: usize,
    },
    /// An offset too far away.
    #[error("offset {dr},{dc}: each coordinate must lie in -{max}..={max}")]
    TooFar {
        /// Row offset.
        dr: i64,
        /// Column offset.
        dc: i64,
        /// The limit.
        max: i64,
    },
    /// Unreadable text.
    #[error(
        "{token:?} is not an offset: write row,column pairs such as \"0,0 -1,0 1,0 0,-1 0,1\""
    )]
    Syntax {
        /// The rejected text.
        token: String,
    },
}

/// Why a solve could not be carried out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The target vector has the wrong length.
    #[error("target has {got} entries but the board has {expected} buttons")]
    TargetLength {
        /// Entries given.
        got: usize,
        /// Buttons on the board.
        expected: usize,
    },
    /// A method was forced that does not apply to this board.
    #[error("{method} does not apply to this board: {why}")]
    Method {
        /// The method asked for.
        method: &'static str,
        /// Why not.
        why: &'static str,
    },
    /// The linear algebra failed (should not happen on a validated board).
    #[error("linear algebra: {0}")]
    Algebra(String),
}

/// Memory a computation would take (`needed`) beyond the `limit`, for people, with what
/// it is for (`purpose`, such as " to solve"): `about 12.5 MB of memory to solve, more than
/// the 1.0 GB available`, or `more memory than can be addressed to solve` when the estimate
/// overflowed (`u64::MAX`), which no memory available could hold (it read "more memory than
/// can be addressed, more than the 24.6 GB available").
pub(crate) fn memory_over(needed: u64, limit: u64, purpose: &str) -> String {
    if needed == u64::MAX {
        format!("more memory than can be addressed{purpose}")
    } else {
        format!(
            "about {} of memory{purpose}, more than the {} available",
            bytes(needed),
            bytes(limit)
        )
    }
}

/// A number of bytes for people: `12.5 MB`, `3.2 GB`.
pub(crate) fn bytes(n: u64) -> String {
    let units = [("GB", 1e9), ("MB", 1e6), ("kB", 1e3)];
    for (unit, size) in units {
        if n as f64 >= size {
            return format!("{:.1} {unit}", n as f64 / size);
        }
    }
    if n == 1 {
        "1 byte".into()
    } else {
        format!("{n} bytes")
    }
}
