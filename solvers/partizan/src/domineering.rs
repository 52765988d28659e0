//! Domineering: Left places vertical dominoes, Right horizontal ones.

use crate::arena::{Arena, GameId};
use crate::fxhash::FxMap;
use crate::position_error::{parse_size, PositionError};
use std::convert::Infallible;
use std::fmt;

/// The most cells a Domineering board may have (a board is a 64-bit mask).
pub const MAX_DOMINEERING_CELLS: usize = 64;

/// A domino placed on a board: its two cells `(row, col)` and the board after it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DomineeringMove {
    /// The cells the domino covers.
    pub cells: [(usize, usize); 2],
    /// The board after the move.
    pub after: DomineeringBoard,
}

/// A Domineering board: `rows × cols` cells (at most 64), each empty or filled.
///
/// ```
/// use cgtk_partizan::DomineeringBoard;
/// let b: DomineeringBoard = "..#\n...".parse().unwrap();
/// assert_eq!((b.rows(), b.cols(), b.empty_cells()), (2, 3, 5));
/// assert_eq!(b.to_string(), "..#\n...\n");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DomineeringBoard {
    rows: u8,
    cols: u8,
    empty: u64,
}

impl DomineeringBoard {
    /// An empty `rows × cols` rectangle.
    ///
    /// ```
    /// use cgtk_partizan::DomineeringBoard;
    /// assert!(DomineeringBoard::rectangle(8, 8).is_ok());
    /// assert!(DomineeringBoard::rectangle(9, 8).is_err());
    /// ```
    pub fn rectangle(rows: usize, cols: usize) -> Result<DomineeringBoard, PositionError> {
        if rows == 0 || cols == 0 || rows * cols > MAX_DOMINEERING_CELLS {
            return Err(PositionError::TooLarge {
                what: format!("{rows}x{cols} board (at most {MAX_DOMINEERING_CELLS} cells)"),
            });
        }
        let n = rows * cols;
        let empty = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Ok(DomineeringBoard {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        })
    }

    /// Reads `RxC` as an empty rectangle.
    pub fn parse_size(text: &str) -> Result<DomineeringBoard, PositionError> {
        let (r, c) = parse_size(text, MAX_DOMINEERING_CELLS, "at most 64 cells")?;
        DomineeringBoard::rectangle(r, c)
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// How many cells are empty.
    pub fn empty_cells(&self) -> u32 {
        self.empty.count_ones()
    }

    /// Whether the cell at `(row, col)` is empty.
    pub fn is_empty(&self, row: usize, col: usize) -> bool {
        row < self.rows() && col < self.cols() && self.empty >> (row * self.cols() + col) & 1 == 1
    }

    /// The moves of Left (vertical dominoes) or Right (horizontal ones).
    ///
    /// ```
    /// use cgtk_partizan::DomineeringBoard;
    /// let b = DomineeringBoard::rectangle(2, 3).unwrap();
    /// assert_eq!(b.moves(true).len(), 3);
    /// assert_eq!(b.moves(false)[0].cells, [(0, 0), (0, 1)]);
    /// ```
    pub fn moves(&self, left: bool) -> Vec<DomineeringMove> {
        let (r, c) = (self.rows(), self.cols());
        let mut out = Vec::new();
        for i in 0..r {
            for j in 0..c {
                let (i2, j2) = if left { (i + 1, j) } else { (i, j + 1) };
                if self.is_empty(i, j) && self.is_empty(i2, j2) {
                    let mut next = *self;
                    next.empty &= !(1u64 << (i * c + j));
                    next.empty &= !(1u64 << (i2 * c + j2));
                    out.push(DomineeringMove {
                        cells: [(i, j), (i2, j2)],
                        after: next,
                    });
                }
            }
        }
        out
    }

    /// The connected regions of empty cells, each cropped to its bounding box (found one at
    /// a time: most boards are one region, and a vector for them cost an allocation each).
    fn regions(&self) -> impl Iterator<Item = DomineeringBoard> + '_ {
        let (r, c) = (self.rows(), self.cols());
        let row_mask = low_bits(c);
        // Cells not in the first (last) column: where a shift right (left) may land.
        let mut not_first_col = 0u64;
        for i in 0..r {
            not_first_col |= (row_mask & !1) << (i * c);
        }
        let not_last_col = not_first_col >> 1;
        let mut left = self.empty;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let mut region = left & left.wrapping_neg();
            loop {
                let grown = region
                    | ((region << 1) & not_first_col)
                    | ((region >> 1) & not_last_col)
                    | (region << c)
                    | (region >> c);
                let grown = grown & self.empty;
                if grown == region {
                    break;
                }
                region = grown;
            }
            left &= !region;
            Some(self.crop(region))
        })
    }

    fn crop(&self, mask: u64) -> DomineeringBoard {
        let (r, c) = (self.rows(), self.cols());
        let row_mask = low_bits(c);
        let mut cols = 0u64;
        let (mut r0, mut r1) = (usize::MAX, 0);
        for i in 0..r {
            let row = (mask >> (i * c)) & row_mask;
            if row != 0 {
                cols |= row;
                r0 = r0.min(i);
                r1 = i;
            }
        }
        let c0 = cols.trailing_zeros() as usize;
        let c1 = 63 - cols.leading_zeros() as usize;
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut empty = 0u64;
        for i in 0..h {
            let row = (mask >> ((i + r0) * c + c0)) & low_bits(w);
            empty |= row << (i * w);
        }
        DomineeringBoard {
            rows: h as u8,
            cols: w as u8,
            empty,
        }
    }

    /// The board seen through one of the 8 symmetries of the square; `transpose` swaps
    /// rows and columns (and so Left and Right). A plain cell-by-cell version, kept to check
    /// [`DomineeringBoard::normalised`].
    #[cfg(test)]
    fn transformed(&self, flip_rows: bool, flip_cols: bool, transpose: bool) -> DomineeringBoard {
        let (r, c) = (self.rows(), self.cols());
        let (nr, nc) = if transpose { (c, r) } else { (r, c) };
        let mut empty = 0u64;
        for i in 0..r {
            for j in 0..c {
                if self.empty >> (i * c + j) & 1 == 1 {
                    let i2 = if flip_rows { r - 1 - i } else { i };
                    let j2 = if flip_cols { c - 1 - j } else { j };
                    let (a, b) = if transpose { (j2, i2) } else { (i2, j2) };
                    empty |= 1 << (a * nc + b);
                }
            }
        }
        DomineeringBoard {
            rows: nr as u8,
            cols: nc as u8,
            empty,
        }
    }

    /// The least of the board's 8 images and whether it is a transposed one (whose value is
    /// the negative).
    fn normalised(&self) -> (DomineeringBoard, bool) {
        let (r, c) = (self.rows(), self.cols());
        // The images compare by their number of rows first: a board with fewer rows than
        // columns is least among its own 4 images, one with more among the transposed 4;
        // only a square needs all 8 (and the columns only when transposed images count).
        let transposes = c <= r;
        // The board's rows and its columns (the rows of the transposed board), as bit masks.
        let mut rows = [0u64; 64];
        let mut cols = [0u64; 64];
        for (i, row) in rows.iter_mut().enumerate().take(r) {
            *row = (self.empty >> (i * c)) & low_bits(c);
            let mut bits = *row;
            while transposes && bits != 0 {
                cols[bits.trailing_zeros() as usize] |= 1 << i;
                bits &= bits - 1;
            }
        }
        let mut best = (*self, false);
        let mut consider = |lines: &[u64], width: usize, transposed: bool| {
            for flip_lines in [false, true] {
                for flip_bits in [false, true] {
                    let mut empty = 0u64;
                    for (k, &line) in lines.iter().enumerate() {
                        let line = if flip_bits {
                            line.reverse_bits() >> (64 - width)
                        } else {
                            line
                        };
                        let at = if flip_lines { lines.len() - 1 - k } else { k };
                        empty |= line << (at * width);
                    }
                    let b = DomineeringBoard {
                        rows: lines.len() as u8,
                        cols: width as u8,
                        empty,
                    };
                    let key = |b: &DomineeringBoard| (b.rows, b.cols, b.empty);
                    if key(&b) < key(&best.0) {
                        best = (b, transposed);
                    }
                }
            }
        };
        if r <= c {
            consider(&rows[..r], c, false);
        }
        if transposes {
            consider(&cols[..c], r, true);
        }
        best
    }
}

/// The mask of the `n` lowest bits (`n <= 64`).
fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

impl fmt::Display for DomineeringBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.rows() {
            for j in 0..self.cols() {
                f.write_str(if self.is_empty(i, j) { "." } else { "#" })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl std::str::FromStr for DomineeringBoard {
    type Err = PositionError;

    /// Rows of `.` (empty) and `#` or `X` (filled), one a line; blank lines are skipped.
    fn from_str(text: &str) -> Result<DomineeringBoard, PositionError> {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let malformed = |what: String| PositionError::Malformed {
            text: text.to_string(),
            what,
        };
        let Some(first) = lines.first() else {
            return Err(malformed("no rows".to_string()));
        };
        let cols = first.chars().count();
        if let Some((i, l)) = lines
            .iter()
            .enumerate()
            .find(|(_, l)| l.chars().count() != cols)
        {
            return Err(malformed(format!(
                "row {} has {} cells, row 1 has {cols}",
                i + 1,
                l.chars().count()
            )));
        }
        let mut board = DomineeringBoard::rectangle(lines.len(), cols)?;
        for (i, l) in lines.iter().enumerate() {
            for (j, ch) in l.chars().enumerate() {
                match ch {
                    '.' => {}
                    '#' | 'X' | 'x' => board.empty &= !(1u64 << (i * cols + j)),
                    other => {
                        return Err(PositionError::Character {
                            text: text.to_string(),
                            position: i * (cols + 1) + j + 1,
                            character: other,
                            allowed: ". for empty, # or X for filled",
                        })
                    }
                }
            }
        }
        Ok(board)
    }
}

/// Values of Domineering positions, computed from their options. A board is split into its
/// connected regions of empty cells (dominoes in one cannot touch another), each region
/// cropped and brought to the least of its 8 symmetric images (a transposed image swaps
/// Left and Right, so its value is negated) and looked up in a transposition table.
///
/// ```
/// use cgtk_partizan::{Arena, Domineering, DomineeringBoard};
/// let mut a = Arena::new();
/// let mut d = Domineering::new();
/// let b = DomineeringBoard::rectangle(2, 2).unwrap();
/// let g = d.value(&mut a, &b);
/// assert_eq!(a.display(g), "±1");
/// let b = DomineeringBoard::rectangle(1, 4).unwrap();
/// let g = d.value(&mut a, &b);
/// assert_eq!(a.display(g), "-2");
/// ```
#[derive(Debug, Default)]
pub struct Domineering {
    /// Values of normalised regions.
    table: FxMap<(u8, u8, u64), GameId>,
}

impl Domineering {
    /// An empty table.
    pub fn new() -> Domineering {
        Domineering::default()
    }

    /// How many regions the table holds.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The value of a board: the sum of its regions' values.
    pub fn value(&mut self, arena: &mut Arena, board: &DomineeringBoard) -> GameId {
        match self.value_with(arena, board, &mut |_, _| Ok::<(), Infallible>(())) {
            Ok(g) => g,
            Err(never) => match never {},
        }
    }

    /// The value of a board, calling `check` with the arena and the table's size after each
    /// region it values for the first time; an error from `check` stops the work and is
    /// returned (a memory or time limit, say). What was valued stays in the table.
    ///
    /// ```
    /// use cgtk_partizan::{Arena, Domineering, DomineeringBoard};
    /// let (mut a, mut d) = (Arena::new(), Domineering::new());
    /// let b = DomineeringBoard::rectangle(3, 3).unwrap();
    /// let stopped = d.value_with(&mut a, &b, &mut |_, regions| {
    ///     if regions > 4 { Err("too many regions") } else { Ok(()) }
    /// });
    /// assert_eq!(stopped, Err("too many regions"));
    /// assert_eq!(d.table_len(), 5);
    /// let g = d.value_with(&mut a, &b, &mut |_, _| Ok::<(), ()>(())).unwrap();
    /// assert_eq!(a.display(g), "±1");
    /// ```
    pub fn value_with<E>(
        &mut self,
        arena: &mut Arena,
        board: &DomineeringBoard,
        check: &mut impl FnMut(&Arena, usize) -> Result<(), E>,
    ) -> Result<GameId, E> {
        let mut total = arena.zero();
        for region in board.regions() {
            let g = self.region_value(arena, &region, check)?;
            total = arena.add(total, g);
        }
        Ok(total)
    }

    fn region_value<E>(
        &mut self,
        arena: &mut Arena,
        region: &DomineeringBoard,
        check: &mut impl FnMut(&Arena, usize) -> Result<(), E>,
    ) -> Result<GameId, E> {
        if region.empty_cells() < 2 {
            return Ok(arena.zero());
        }
        let (key, negated) = region.normalised();
        let g = match self.table.get(&(key.rows, key.cols, key.empty)) {
            Some(&g) => g,
            None => {
                let mut options = |left: bool| -> Result<Vec<GameId>, E> {
                    key.moves(left)
                        .iter()
                        .map(|m| self.value_with(arena, &m.after, check))
                        .collect()
                };
                let left = options(true)?;
                let right = options(false)?;
                let g = arena.construct(left, right);
                self.table.insert((key.rows, key.cols, key.empty), g);
                check(arena, self.table.len())?;
                g
            }
        };
        Ok(if negated { arena.neg(g) } else { g })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::DomineeringBoard;

    /// The least of the 8 images, found cell by cell.
    fn normalised_slowly(b: &DomineeringBoard) -> (DomineeringBoard, bool) {
        let mut best = (*b, false);
        for t in [false, true] {
            for fr in [false, true] {
                for fc in [false, true] {
                    let img = b.transformed(fr, fc, t);
                    let key = |b: &DomineeringBoard| (b.rows, b.cols, b.empty);
                    if key(&img) < key(&best.0) {
                        best = (img, t);
                    }
                }
            }
        }
        best
    }

    #[test]
    fn normalised_is_the_least_image() {
        // A fixed pseudo-random sequence of boards of every shape up to 64 cells.
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for r in 1..=8usize {
            for c in 1..=8usize {
                for _ in 0..40 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let mut b = DomineeringBoard::rectangle(r, c).unwrap();
                    b.empty &= x;
                    let (fast, slow) = (b.normalised(), normalised_slowly(&b));
                    assert_eq!(fast.0, slow.0, "{r}x{c} {b}");
                    // A board equal to its own transpose may be reported either way.
                    if fast.1 != slow.1 {
                        assert_eq!(b.transformed(false, false, true).normalised().0, fast.0);
                    }
                }
            }
        }
        // Shapes that are not square, wider than 8 and as long as 64.
        for (r, c) in [(1, 64), (64, 1), (2, 32), (3, 21), (5, 12)] {
            let b = DomineeringBoard::rectangle(r, c).unwrap();
            assert_eq!(b.normalised().0, normalised_slowly(&b).0);
        }
    }
}
