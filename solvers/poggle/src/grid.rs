//! Grids of colours or press counts: reading and writing the text format.
//!
//! One row per line. When every entry is a single digit (k ≤ 10) the digits run together
//! (`01210`); otherwise entries are separated by spaces (`0 11 3`). Lines starting with `#`
//! are ignored when reading, and so are blank lines before the first row and after the last
//! one; a blank line between two rows is refused (it used to be skipped silently, which
//! hid a missing row). A UTF-8 byte-order mark at the start is skipped.

use crate::error::GridError;

/// A rectangular grid of small numbers (colours or press counts), row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<u64>,
}

impl Grid {
    /// A grid from its rows and row-major entries.
    ///
    /// # Panics
    /// When `cells.len() != rows * cols`.
    pub fn new(rows: usize, cols: usize, cells: Vec<u64>) -> Self {
        assert_eq!(cells.len(), rows * cols, "grid entries must be rows × cols");
        Grid { rows, cols, cells }
    }

    /// Reads the text format: one row per line, digits run together or numbers separated
    /// by spaces.
    ///
    /// ```
    /// use cgtk_poggle::Grid;
    /// let g = Grid::parse("012\n2 1 0\n").unwrap();
    /// assert_eq!((g.rows(), g.cols()), (2, 3));
    /// assert_eq!(g.cells(), &[0, 1, 2, 2, 1, 0]);
    /// assert!(Grid::parse("01\n0").is_err());
    /// // A blank line between rows is refused; around the grid it is fine.
    /// assert!(Grid::parse("01\n\n10\n").is_err());
    /// assert!(Grid::parse("\n01\n10\n\n").is_ok());
    /// ```
    pub fn parse(text: &str) -> Result<Self, GridError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut cells = Vec::new();
        let mut rows = 0;
        let mut cols = 0;
        let mut blank_after = None;
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with('#') {
                continue;
            }
            if line.is_empty() {
                if rows > 0 {
                    blank_after.get_or_insert(rows);
                }
                continue;
            }
            if let Some(after) = blank_after {
                return Err(GridError::BlankLine { after });
            }
            rows += 1;
            let tokens: Vec<&str> = line.split_whitespace().collect();
            let start = cells.len();
            if tokens.len() == 1 && tokens[0].chars().all(|c| c.is_ascii_digit()) {
                cells.extend(tokens[0].bytes().map(|b| u64::from(b - b'0')));
            } else {
                for token in tokens {
                    let value = token.parse::<u64>().map_err(|_| {
                        if token.bytes().all(|b| b.is_ascii_digit()) {
                            GridError::TooLarge {
                                row: rows,
                                token: token.to_string(),
                            }
                        } else {
                            GridError::NotANumber {
                                row: rows,
                                token: token.to_string(),
                            }
                        }
                    })?;
                    cells.push(value);
                }
            }
            let len = cells.len() - start;
            if rows == 1 {
                cols = len;
            } else if len != cols {
                return Err(GridError::Ragged {
                    row: rows,
                    got: len,
                    expected: cols,
                });
            }
        }
        if rows == 0 {
            return Err(GridError::Empty);
        }
        Ok(Grid { rows, cols, cells })
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Entries, row-major.
    pub fn cells(&self) -> &[u64] {
        &self.cells
    }

    /// The entries as rows.
    pub fn to_rows(&self) -> Vec<Vec<u64>> {
        self.cells
            .chunks(self.cols.max(1))
            .map(|r| r.to_vec())
            .collect()
    }
}

/// Writes `cells` (row-major, `cols` per row) in the text format: digits run together when
/// `k ≤ 10`, else space-separated; one row per line, each line ending in a newline.
///
/// ```
/// assert_eq!(cgtk_poggle::format_grid(&[0, 1, 2, 1], 2, 3), "01\n21\n");
/// assert_eq!(cgtk_poggle::format_grid(&[0, 11], 2, 12), "0 11\n");
/// ```
pub fn format_grid(cells: &[u32], cols: usize, k: u32) -> String {
    let mut out = String::new();
    for row in cells.chunks(cols.max(1)) {
        for (i, v) in row.iter().enumerate() {
            if k > 10 && i > 0 {
                out.push(' ');
            }
            out.push_str(&v.to_string());
        }
        out.push('\n');
    }
    out
}
