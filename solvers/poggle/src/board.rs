//! Boards: the unvalidated [`BoardSpec`] and the validated [`Board`].

use crate::error::BoardError;
use crate::grid::Grid;
use crate::pattern::Pattern;
use cgtk_core::BoardSize;

/// The most buttons a board may have (start, goal and solution grids must fit in memory).
pub const MAX_CELLS: u64 = 1 << 24;
/// The longest reduced system light chasing builds for k = 2 (bit-packed): the shorter side
/// of a plane board, or twice it on the torus.
pub const MAX_CHASE_UNKNOWNS_GF2: usize = 8192;
/// The longest reduced system light chasing builds for k > 2.
pub const MAX_CHASE_UNKNOWNS: usize = 2048;
/// The most buttons of a board solved through the full system, k = 2 (bit-packed).
pub const MAX_FULL_CELLS_GF2: usize = 4096;
/// The most buttons of a board solved through the full system, k > 2.
pub const MAX_FULL_CELLS: usize = 1024;
/// Boards with at most this many buttons are solved through the full system by default.
pub const SMALL_BOARD_CELLS: usize = 64;

/// A board as asked for, not yet checked: size, colours, topology, press pattern, start and
/// goal. [`BoardSpec::build`] checks it and returns a [`Board`].
///
/// ```
/// use cgtk_poggle::BoardSpec;
/// let board = BoardSpec::new(5, 5, 2).build().unwrap();
/// assert_eq!(board.cells(), 25);
/// assert!(BoardSpec::new(0, 5, 2).build().is_err());
/// assert!(BoardSpec::new(5, 5, 1).build().is_err());
/// ```
#[derive(Debug, Clone)]
pub struct BoardSpec {
    /// Rows (at least 1).
    pub rows: usize,
    /// Columns (at least 1).
    pub cols: usize,
    /// Number of colours k (at least 2, below 2^32).
    pub colours: u64,
    /// Neighbours wrap around the edges.
    pub torus: bool,
    /// The press pattern (default: the plus shape).
    pub pattern: Pattern,
    /// The starting colours (default: all 1).
    pub start: Option<Grid>,
    /// The goal colours (default: all 0).
    pub goal: Option<Grid>,
}

impl BoardSpec {
    /// An r×c plane board in k colours with the plus pattern, start all 1, goal all 0.
    pub fn new(rows: usize, cols: usize, colours: u64) -> Self {
        BoardSpec {
            rows,
            cols,
            colours,
            torus: false,
            pattern: Pattern::plus(),
            start: None,
            goal: None,
        }
    }

    /// The n×n plane board in k colours.
    pub fn square(n: usize, colours: u64) -> Self {
        Self::new(n, n, colours)
    }

    /// The plane board of a size as users write it (`N` or `RxC`) in k colours.
    ///
    /// ```
    /// use cgtk_poggle::{BoardSize, BoardSpec};
    /// let size: BoardSize = "4x6".parse()?;
    /// let board = BoardSpec::of_size(size, 3).build()?;
    /// assert_eq!((board.rows(), board.cols(), board.colours()), (4, 6, 3));
    /// assert_eq!(board.size(), size);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_size(size: BoardSize, colours: u64) -> Self {
        Self::new(size.rows, size.cols, colours)
    }

    /// The same board on the torus (or not).
    pub fn with_torus(mut self, torus: bool) -> Self {
        self.torus = torus;
        self
    }

    /// Checks everything and returns the board.
    pub fn build(&self) -> Result<Board, BoardError> {
        let max_k = u64::from(u32::MAX);
        if self.colours < 2 || self.colours > max_k {
            return Err(BoardError::Colours {
                k: self.colours,
                max: max_k,
            });
        }
        let k = self.colours as u32;
        let (rows, cols) = (self.rows, self.cols);
        if rows == 0 || cols == 0 {
            return Err(BoardError::EmptySide { rows, cols });
        }
        let cells = rows as u128 * cols as u128;
        if cells > u128::from(MAX_CELLS) {
            return Err(BoardError::TooManyCells {
                rows,
                cols,
                cells,
                max: MAX_CELLS,
            });
        }
        let n = rows * cols;
        if let Some(why) = full_system_reason(rows, cols, self.torus, &self.pattern) {
            let max = if k == 2 {
                MAX_FULL_CELLS_GF2
            } else {
                MAX_FULL_CELLS
            };
            if n > max {
                return Err(BoardError::FullSystemTooLarge {
                    rows,
                    cols,
                    why,
                    max,
                });
            }
        } else {
            let per_side = if self.torus { 2 } else { 1 };
            let max = if k == 2 {
                MAX_CHASE_UNKNOWNS_GF2
            } else {
                MAX_CHASE_UNKNOWNS
            } / per_side;
            if rows.min(cols) > max {
                return Err(BoardError::TooWide { rows, cols, k, max });
            }
        }
        let start = read_grid(self.start.as_ref(), "start", rows, cols, k, 1)?;
        let goal = read_grid(self.goal.as_ref(), "goal", rows, cols, k, 0)?;
        Ok(Board {
            rows,
            cols,
            k,
            torus: self.torus,
            pattern: self.pattern.clone(),
            start,
            goal,
        })
    }
}

/// Why a board must be solved through the full system, or `None` when light chasing applies.
pub(crate) fn full_system_reason(
    rows: usize,
    cols: usize,
    torus: bool,
    pattern: &Pattern,
) -> Option<&'static str> {
    if !pattern.is_plus() {
        Some("a custom press pattern")
    } else if torus && rows.max(cols) < 3 {
        Some("a torus with both sides below 3")
    } else {
        None
    }
}

fn read_grid(
    grid: Option<&Grid>,
    which: &'static str,
    rows: usize,
    cols: usize,
    k: u32,
    default: u32,
) -> Result<Vec<u32>, BoardError> {
    let Some(grid) = grid else {
        return Ok(vec![default; rows * cols]);
    };
    if grid.rows() != rows || grid.cols() != cols {
        return Err(BoardError::GridShape {
            which,
            got_rows: grid.rows(),
            got_cols: grid.cols(),
            rows,
            cols,
        });
    }
    grid.cells()
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if v < u64::from(k) {
                Ok(v as u32)
            } else {
                Err(BoardError::GridColour {
                    which,
                    value: v,
                    row: i / cols + 1,
                    col: i % cols + 1,
                    k,
                })
            }
        })
        .collect()
}

/// A checked board: r×c buttons in k colours, plane or torus, a press pattern, start and
/// goal colours. Build one with [`BoardSpec::build`].
#[derive(Debug, Clone)]
pub struct Board {
    rows: usize,
    cols: usize,
    k: u32,
    torus: bool,
    pattern: Pattern,
    start: Vec<u32>,
    goal: Vec<u32>,
}

impl Board {
    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// Rows and columns together.
    pub fn size(&self) -> BoardSize {
        BoardSize::new(self.rows, self.cols)
    }
    /// Number of buttons, rows × cols.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }
    /// Number of colours k.
    pub fn colours(&self) -> u32 {
        self.k
    }
    /// Whether neighbours wrap around the edges.
    pub fn is_torus(&self) -> bool {
        self.torus
    }
    /// The press pattern.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }
    /// Starting colours, row-major.
    pub fn start(&self) -> &[u32] {
        &self.start
    }
    /// Goal colours, row-major.
    pub fn goal(&self) -> &[u32] {
        &self.goal
    }

    /// What the presses must add to every button: goal − start (mod k), row-major.
    pub fn target(&self) -> Vec<u32> {
        let k = u64::from(self.k);
        self.start
            .iter()
            .zip(&self.goal)
            .map(|(&s, &g)| ((u64::from(g) + k - u64::from(s)) % k) as u32)
            .collect()
    }

    /// The buttons a press at (row, col) advances, with repetition (a button reached twice
    /// on a small torus appears twice).
    pub fn reach(&self, row: usize, col: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = (self.rows as i64, self.cols as i64);
        let torus = self.torus;
        self.pattern.offsets().iter().filter_map(move |&(dr, dc)| {
            let (mut i, mut j) = (row as i64 + i64::from(dr), col as i64 + i64::from(dc));
            if torus {
                i = i.rem_euclid(r);
                j = j.rem_euclid(c);
            } else if i < 0 || i >= r || j < 0 || j >= c {
                return None;
            }
            Some((i * c + j) as usize)
        })
    }

    /// The change A·x that pressing each button `presses[i]` times makes (mod k).
    ///
    /// ```
    /// use cgtk_poggle::BoardSpec;
    /// let board = BoardSpec::new(2, 3, 3).build().unwrap();
    /// // Pressing the top-left button once advances it and its two neighbours.
    /// assert_eq!(board.effect(&[1, 0, 0, 0, 0, 0]), vec![1, 1, 0, 1, 0, 0]);
    /// ```
    pub fn effect(&self, presses: &[u32]) -> Vec<u32> {
        let k = u64::from(self.k);
        let mut out = vec![0u64; self.cells()];
        for (b, &x) in presses.iter().enumerate().take(self.cells()) {
            if x == 0 {
                continue;
            }
            for e in self.reach(b / self.cols, b % self.cols) {
                out[e] = (out[e] + u64::from(x)) % k;
            }
        }
        out.into_iter().map(|v| v as u32).collect()
    }

    /// Whether `presses` turns the start into the goal.
    pub fn is_solution(&self, presses: &[u32]) -> bool {
        presses.len() == self.cells() && self.effect(presses) == self.target()
    }
}

/// Row-major `rows × cols` to row-major `cols × rows`.
pub(crate) fn transpose(v: &[u32], rows: usize, cols: usize) -> Vec<u32> {
    let mut out = vec![0; v.len()];
    for i in 0..rows {
        for j in 0..cols {
            out[j * rows + i] = v[i * cols + j];
        }
    }
    out
}
