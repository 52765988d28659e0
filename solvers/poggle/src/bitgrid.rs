//! Bit-packed grids: press grids and targets of 2-colour boards, one bit a button.

/// An r×c grid of bits, row-major, each row packed into whole `u64` words (bit j of a row
/// is column j). A 10000×10000 grid takes 12.5 MB, a grid of `u32` 400 MB.
///
/// ```
/// use cgtk_poggle::BitGrid;
/// let mut g = BitGrid::new(2, 70);
/// g.set(1, 65, true);
/// assert!(g.get(1, 65) && !g.get(0, 65));
/// assert_eq!(g.count_ones(), 1);
/// assert_eq!(BitGrid::from_cells(&g.to_cells(), 2, 70), g);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitGrid {
    rows: usize,
    cols: usize,
    stride: usize,
    words: Vec<u64>,
}

impl BitGrid {
    /// The all-zero r×c grid.
    pub fn new(rows: usize, cols: usize) -> Self {
        let stride = cols.div_ceil(64);
        BitGrid {
            rows,
            cols,
            stride,
            words: vec![0; rows * stride],
        }
    }

    /// The grid of the low bits of `cells` (row-major, `rows × cols` entries).
    ///
    /// # Panics
    /// When `cells.len() != rows * cols`.
    pub fn from_cells(cells: &[u32], rows: usize, cols: usize) -> Self {
        assert_eq!(cells.len(), rows * cols, "grid entries must be rows × cols");
        let mut g = BitGrid::new(rows, cols);
        for (i, row) in cells.chunks(cols.max(1)).enumerate().take(rows) {
            let out = g.row_mut(i);
            for (j, &v) in row.iter().enumerate() {
                out[j / 64] |= u64::from(v & 1) << (j % 64);
            }
        }
        g
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Words per row.
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The bit at (row, col).
    pub fn get(&self, row: usize, col: usize) -> bool {
        self.words[row * self.stride + col / 64] >> (col % 64) & 1 == 1
    }

    /// Sets the bit at (row, col).
    pub fn set(&mut self, row: usize, col: usize, value: bool) {
        let w = &mut self.words[row * self.stride + col / 64];
        let bit = 1u64 << (col % 64);
        if value {
            *w |= bit;
        } else {
            *w &= !bit;
        }
    }

    /// Row i's words (the bits past the last column are 0).
    pub fn row(&self, i: usize) -> &[u64] {
        &self.words[i * self.stride..(i + 1) * self.stride]
    }

    /// Row i's words, mutable; keep the bits past the last column at 0.
    pub fn row_mut(&mut self, i: usize) -> &mut [u64] {
        &mut self.words[i * self.stride..(i + 1) * self.stride]
    }

    /// Row i as 0/1 entries, into `out` (cleared first).
    pub fn row_cells(&self, i: usize, out: &mut Vec<u32>) {
        out.clear();
        let row = self.row(i);
        out.extend((0..self.cols).map(|j| (row[j / 64] >> (j % 64) & 1) as u32));
    }

    /// All entries as 0/1, row-major.
    pub fn to_cells(&self) -> Vec<u32> {
        let mut out = Vec::with_capacity(self.rows * self.cols);
        let mut row = Vec::new();
        for i in 0..self.rows {
            self.row_cells(i, &mut row);
            out.extend_from_slice(&row);
        }
        out
    }

    /// The number of set bits (the number of presses of a press grid).
    pub fn count_ones(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// The transposed grid (c×r).
    pub fn transpose(&self) -> BitGrid {
        let mut out = BitGrid::new(self.cols, self.rows);
        for i in 0..self.rows {
            let row = self.row(i);
            for (wi, &word) in row.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let j = wi * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    out.words[j * out.stride + i / 64] |= 1u64 << (i % 64);
                }
            }
        }
        out
    }
}

/// The mask of the valid bits in the last word of a row of `cols` bits.
pub(crate) fn last_word_mask(cols: usize) -> u64 {
    match cols % 64 {
        0 => u64::MAX,
        m => (1u64 << m) - 1,
    }
}

/// `out = row ⊕ (row shifted one column left) ⊕ (one column right)`: for every column j,
/// the parity of the presses at j − 1, j, j + 1 of a plane row of `cols` bits.
pub(crate) fn horizontal_plane(row: &[u64], out: &mut [u64], cols: usize) {
    let n = row.len();
    for i in 0..n {
        let up = (row[i] << 1) | if i > 0 { row[i - 1] >> 63 } else { 0 };
        let down = (row[i] >> 1) | if i + 1 < n { row[i + 1] << 63 } else { 0 };
        out[i] = row[i] ^ up ^ down;
    }
    if n > 0 {
        out[n - 1] &= last_word_mask(cols);
    }
}

/// Like [`horizontal_plane`] on a torus row (columns wrap around; `cols` ≥ 3).
pub(crate) fn horizontal_torus(row: &[u64], out: &mut [u64], cols: usize) {
    horizontal_plane(row, out, cols);
    let bit = |j: usize| row[j / 64] >> (j % 64) & 1;
    // Column 0 also sees column c − 1, and column c − 1 sees column 0.
    out[0] ^= bit(cols - 1);
    out[(cols - 1) / 64] ^= bit(0) << ((cols - 1) % 64);
}
