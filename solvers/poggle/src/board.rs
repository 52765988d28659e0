//! Boards: the unvalidated [`BoardSpec`] and the validated [`Board`].

use crate::bitgrid::{horizontal_plane, horizontal_torus, BitGrid};
use crate::error::BoardError;
use crate::grid::Grid;
use crate::pattern::Pattern;
use cgtk_core::BoardSize;
use std::sync::OnceLock;

fn spell_out<'a>(c: &'a Colours, cells: &'a OnceLock<Vec<u32>>, n: usize) -> &'a [u32] {
    match c {
        Colours::Cells(v) => v,
        Colours::Uniform(v) => cells.get_or_init(|| vec![*v; n]),
    }
}

/// The most buttons of a board solved through the full system, k = 2 (bit-packed): a
/// limit of [`Method::Full`](crate::Method::Full) asked for explicitly, which costs
/// (r·c)³/64 word operations.
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
    /// The most bytes solving may take ([`Board::memory_estimate`]); `None` for no limit
    /// (the default).
    pub memory_limit: Option<u64>,
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
            memory_limit: None,
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

    /// The same board with a memory limit: [`build`](Self::build) refuses a board whose
    /// [`Board::memory_estimate`] is larger.
    ///
    /// ```
    /// use cgtk_poggle::{BoardError, BoardSpec};
    /// let spec = BoardSpec::square(10_000, 2).with_memory_limit(1 << 20);
    /// assert!(matches!(spec.build(), Err(BoardError::TooMuchMemory { .. })));
    /// assert!(BoardSpec::square(100, 2).with_memory_limit(1 << 24).build().is_ok());
    /// ```
    pub fn with_memory_limit(mut self, bytes: u64) -> Self {
        self.memory_limit = Some(bytes);
        self
    }

    /// Checks everything and returns the board.
    ///
    /// ```
    /// use cgtk_poggle::{BoardError, BoardSpec, Grid};
    /// let mut spec = BoardSpec::new(2, 2, 3);
    /// spec.start = Some(Grid::parse("01\n20")?);
    /// let board = spec.build()?;
    /// // The presses must add goal − start (mod 3) to each button.
    /// assert_eq!(board.target(), vec![0, 2, 1, 0]);
    /// spec.goal = Some(Grid::parse("03\n00")?);
    /// let err = spec.build().unwrap_err();
    /// assert!(matches!(err, BoardError::GridColour { value: 3, row: 1, col: 2, .. }));
    /// spec.goal = Some(Grid::parse("012")?);
    /// assert!(matches!(spec.build(), Err(BoardError::GridShape { which: "goal", .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
        let needed = memory_estimate(rows, cols, k, self.torus, &self.pattern);
        let fits = usize::try_from(cells).is_ok() && cells.checked_mul(4).is_some();
        if !fits
            || self
                .memory_limit
                .is_some_and(|limit| needed > u128::from(limit))
        {
            return Err(BoardError::TooMuchMemory {
                rows,
                cols,
                k,
                needed: u64::try_from(needed).unwrap_or(u64::MAX),
                limit: self.memory_limit.unwrap_or(u64::MAX),
            });
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
            start_cells: OnceLock::new(),
            goal_cells: OnceLock::new(),
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

/// About how many bytes solving an r×c board in k colours takes: the reduced (or full)
/// system and its elimination, plus the grids (one bit a button for k = 2 on the
/// bit-packed path, several `u32` a button otherwise).
pub(crate) fn memory_estimate(
    rows: usize,
    cols: usize,
    k: u32,
    torus: bool,
    pattern: &Pattern,
) -> u128 {
    let cells = rows as u128 * cols as u128;
    let system = if full_system_reason(rows, cols, torus, pattern).is_some() {
        // [A | T] during elimination, A kept beside it.
        if k == 2 {
            cells * cells * 3 / 8
        } else {
            cells * cells * 16
        }
    } else {
        let m = rows.min(cols) as u128 * if torus { 2 } else { 1 };
        if k == 2 {
            m * m * 3 / 8 + m * 64
        } else {
            m * m * 16
        }
    };
    let per_cell = if k == 2 { 1 } else { 20 };
    system + cells * per_cell + (1 << 20)
}

/// A board's start or goal: one colour everywhere, or a grid.
#[derive(Debug, Clone)]
enum Colours {
    Uniform(u32),
    Cells(Vec<u32>),
}

fn read_grid(
    grid: Option<&Grid>,
    which: &'static str,
    rows: usize,
    cols: usize,
    k: u32,
    default: u32,
) -> Result<Colours, BoardError> {
    let Some(grid) = grid else {
        return Ok(Colours::Uniform(default));
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
        .collect::<Result<_, _>>()
        .map(Colours::Cells)
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
    start: Colours,
    goal: Colours,
    /// Uniform colours spelled out, made on the first call of `start()` / `goal()` only
    /// (a 10⁸-button board never needs them).
    start_cells: OnceLock<Vec<u32>>,
    goal_cells: OnceLock<Vec<u32>>,
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
        spell_out(&self.start, &self.start_cells, self.cells())
    }
    /// Goal colours, row-major.
    pub fn goal(&self) -> &[u32] {
        spell_out(&self.goal, &self.goal_cells, self.cells())
    }

    /// What the presses must add to button `i` (row-major): goal − start (mod k).
    pub fn target_at(&self, i: usize) -> u32 {
        let at = |c: &Colours| match c {
            Colours::Uniform(v) => u64::from(*v),
            Colours::Cells(v) => u64::from(v[i]),
        };
        let k = u64::from(self.k);
        ((at(&self.goal) + k - at(&self.start)) % k) as u32
    }

    /// What the presses must add to every button: goal − start (mod k), row-major.
    pub fn target(&self) -> Vec<u32> {
        (0..self.cells()).map(|i| self.target_at(i)).collect()
    }

    /// The target's low bits, bit-packed: the whole target of a board in 2 colours.
    ///
    /// ```
    /// use cgtk_poggle::BoardSpec;
    /// let board = BoardSpec::new(3, 100, 2).build().unwrap();
    /// assert_eq!(board.target_bits().count_ones(), 300);
    /// ```
    pub fn target_bits(&self) -> BitGrid {
        let mut g = BitGrid::new(self.rows, self.cols);
        for i in 0..self.rows {
            self.target_row_bits(i, g.row_mut(i));
        }
        g
    }

    /// Row i of [`target_bits`](Self::target_bits) into `out` (`cols.div_ceil(64)` words).
    fn target_row_bits(&self, i: usize, out: &mut [u64]) {
        let c = self.cols;
        if let (Colours::Uniform(s), Colours::Uniform(g)) = (&self.start, &self.goal) {
            let k = u64::from(self.k);
            let bit = ((u64::from(*g) + k - u64::from(*s)) % k) & 1;
            out.fill(if bit == 1 { u64::MAX } else { 0 });
            if let Some(last) = out.last_mut() {
                *last &= crate::bitgrid::last_word_mask(c);
            }
            return;
        }
        out.fill(0);
        for j in 0..c {
            out[j / 64] |= u64::from(self.target_at(i * c + j) & 1) << (j % 64);
        }
    }

    /// About how many bytes solving this board takes (what
    /// [`BoardSpec::with_memory_limit`] compares with).
    pub fn memory_estimate(&self) -> u64 {
        let m = memory_estimate(self.rows, self.cols, self.k, self.torus, &self.pattern);
        u64::try_from(m).unwrap_or(u64::MAX)
    }

    /// Whether the bit-packed presses solve a board in 2 colours, checked row by row
    /// without unpacking: A·x is formed one row at a time from rows i − 1, i, i + 1 of x
    /// and compared with the target's row. Boards with another pattern or more colours
    /// are checked through [`is_solution`](Self::is_solution).
    ///
    /// ```
    /// use cgtk_poggle::{BitGrid, BoardSpec};
    /// let board = BoardSpec::square(3, 2).build().unwrap();
    /// let x = BitGrid::from_cells(&[1, 0, 1, 0, 1, 0, 1, 0, 1], 3, 3);
    /// assert!(board.is_solution_bits(&x));
    /// assert!(!board.is_solution_bits(&BitGrid::new(3, 3)));
    /// ```
    pub fn is_solution_bits(&self, presses: &BitGrid) -> bool {
        if presses.rows() != self.rows || presses.cols() != self.cols {
            return false;
        }
        if self.k != 2 || !self.pattern.is_plus() || (self.torus && self.cols < 3) {
            return self.is_solution(&presses.to_cells());
        }
        let (r, c) = (self.rows, self.cols);
        let stride = presses.stride();
        let mut effect = vec![0u64; stride];
        let mut want = vec![0u64; stride];
        for i in 0..r {
            let row = presses.row(i);
            if self.torus {
                horizontal_torus(row, &mut effect, c);
            } else {
                horizontal_plane(row, &mut effect, c);
            }
            let vertical = if self.torus {
                [Some((i + r - 1) % r), Some((i + 1) % r)]
            } else {
                [i.checked_sub(1), (i + 1 < r).then_some(i + 1)]
            };
            for v in vertical.into_iter().flatten() {
                for (e, &w) in effect.iter_mut().zip(presses.row(v)) {
                    *e ^= w;
                }
            }
            self.target_row_bits(i, &mut want);
            if effect != want {
                return false;
            }
        }
        true
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
