//! ASCII diagrams of positions.
//!
//! # Format
//!
//! One line per row, top row first; one character per point: `.` empty, `X` black, `O`
//! white (also `+` for an empty point, and lowercase `x` `o`); spaces between points are
//! ignored. An optional last line `black to move` or `white to move` gives the side to
//! move (Black by default). Blank lines are skipped. Every row must have the same length.
//!
//! ```text
//! . X O
//! X . O
//! . X O
//! white to move
//! ```

use crate::position::Setup;
use crate::types::Color;
use thiserror::Error;

/// A diagram that does not describe a board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DiagramError {
    /// No row at all.
    #[error("the diagram has no rows")]
    Empty,
    /// A character that is not a point.
    #[error("unexpected character {ch:?} in row {row} (use . X O)")]
    BadChar {
        /// The character.
        ch: char,
        /// The row (1 = top).
        row: usize,
    },
    /// A row of another length than the first.
    #[error("row {row} has {found} points, the first row has {expected}")]
    Ragged {
        /// The row (1 = top).
        row: usize,
        /// The first row's length.
        expected: usize,
        /// This row's length.
        found: usize,
    },
}

impl Setup {
    /// Reads a diagram (see the [module documentation](crate::diagram_format)); the
    /// result is not validated: [`Setup::position`] does that.
    ///
    /// ```
    /// use cgtk_go::{Color, Setup};
    /// let setup = Setup::from_diagram(". X\nO .\nwhite to move").unwrap();
    /// assert_eq!((setup.width, setup.height), (2, 2));
    /// assert_eq!(setup.stones, vec![None, Some(Color::Black), Some(Color::White), None]);
    /// assert_eq!(setup.to_move, Color::White);
    /// assert!(Setup::from_diagram(". X\nO").is_err());
    /// ```
    pub fn from_diagram(text: &str) -> Result<Setup, DiagramError> {
        let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
        let mut to_move = Color::Black;
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            match line.to_ascii_lowercase().as_str() {
                "black to move" => {
                    to_move = Color::Black;
                    continue;
                }
                "white to move" => {
                    to_move = Color::White;
                    continue;
                }
                _ => {}
            }
            let row_no = rows.len() + 1;
            let mut row = Vec::new();
            for ch in line.chars().filter(|c| !c.is_whitespace()) {
                row.push(match ch {
                    '.' | '+' => None,
                    'X' | 'x' => Some(Color::Black),
                    'O' | 'o' => Some(Color::White),
                    _ => return Err(DiagramError::BadChar { ch, row: row_no }),
                });
            }
            if let Some(first) = rows.first() {
                if first.len() != row.len() {
                    return Err(DiagramError::Ragged {
                        row: row_no,
                        expected: first.len(),
                        found: row.len(),
                    });
                }
            }
            rows.push(row);
        }
        let width = rows.first().map_or(0, Vec::len);
        if rows.is_empty() || width == 0 {
            return Err(DiagramError::Empty);
        }
        Ok(Setup {
            width,
            height: rows.len(),
            stones: rows.concat(),
            to_move,
        })
    }

    /// Writes the diagram [`from_diagram`](Setup::from_diagram) reads: points separated
    /// by spaces, then the side to move.
    ///
    /// ```
    /// use cgtk_go::Setup;
    /// let text = "X . .\n. O .\nblack to move\n";
    /// assert_eq!(Setup::from_diagram(text).unwrap().to_diagram(), text);
    /// ```
    pub fn to_diagram(&self) -> String {
        let mut out = String::new();
        for y in 0..self.height {
            let row: Vec<&str> = (0..self.width)
                .map(
                    |x| match self.stones.get(y * self.width + x).copied().flatten() {
                        None => ".",
                        Some(Color::Black) => "X",
                        Some(Color::White) => "O",
                    },
                )
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out.push_str(&format!("{} to move\n", self.to_move));
        out
    }
}
