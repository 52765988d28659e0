//! The board: stones, strings with pseudo-liberties, Zobrist hashing and area counting.
//!
//! Each string is a circular linked list of its stones with one head; the head keeps the
//! number of pseudo-liberties (stone–empty adjacencies, counted with repetition) with
//! their sum and sum of squares, so that "no liberty" (count 0) and "exactly one liberty"
//! (count × sum of squares = sum², every adjacency on the same point) are found in O(1).

use crate::types::{Color, Point};
use thiserror::Error;

/// The largest board side.
pub const MAX_SIDE: usize = 19;

const EMPTY: u8 = 0;
const BORDER: u8 = 3;

/// A board size outside 1×1 to 19×19.
///
/// ```
/// use cgtk_go::{Board, SizeError};
/// assert_eq!(Board::new(20, 3).unwrap_err(), SizeError { width: 20, height: 3 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("board size {width}x{height} is not supported (sides from 1 to 19)")]
pub struct SizeError {
    /// The rejected width.
    pub width: usize,
    /// The rejected height.
    pub height: usize,
}

#[inline]
fn cell_of(c: Color) -> u8 {
    match c {
        Color::Black => 1,
        Color::White => 2,
    }
}

/// The Zobrist key of a stone of colour cell `c` on padded point `p` (splitmix64 of both).
#[inline]
fn zobrist(p: usize, c: u8) -> u64 {
    let mut z = ((p as u64) << 2 | c as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one stone placement did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Opponent stones removed.
    pub captured: usize,
    /// The stone placed took exactly one stone and is a lone stone with one liberty: the
    /// point of the taken stone, where an immediate recapture would repeat the position.
    pub ko: Option<Point>,
    /// Own stones removed (a suicide, when the rules allow it).
    pub suicided: usize,
}

/// A rectangular Go board from 1×1 to 19×19 with incremental strings and a Zobrist hash
/// of the stones.
///
/// ```
/// use cgtk_go::{Board, Color};
/// let mut board = Board::new(3, 3).unwrap();
/// let corner = board.point(0, 0).unwrap();
/// board.play(board.point(1, 0).unwrap(), Color::Black);
/// board.play(corner, Color::White);
/// let taken = board.play(board.point(0, 1).unwrap(), Color::Black);
/// assert_eq!(taken.captured, 1);
/// assert_eq!(board.color_at(corner), None);
/// assert_eq!(board.area(), (9, 0));
/// ```
#[derive(Clone, Debug)]
pub struct Board {
    width: usize,
    height: usize,
    stride: usize,
    cells: Vec<u8>,
    head: Vec<u16>,
    next: Vec<u16>,
    size: Vec<u16>,
    libs: Vec<u16>,
    lib_sum: Vec<u32>,
    lib_sum_sq: Vec<u64>,
    hash: u64,
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.width == other.width && self.height == other.height && self.cells == other.cells
    }
}
impl Eq for Board {}

impl Board {
    /// An empty board `width` columns wide and `height` rows high.
    ///
    /// ```
    /// use cgtk_go::Board;
    /// let board = Board::new(7, 5).unwrap();
    /// assert_eq!((board.width(), board.height()), (7, 5));
    /// assert!(Board::new(0, 5).is_err());
    /// ```
    pub fn new(width: usize, height: usize) -> Result<Board, SizeError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(SizeError { width, height });
        }
        let stride = width + 2;
        let n = stride * (height + 2);
        let mut cells = vec![BORDER; n];
        for y in 0..height {
            for x in 0..width {
                cells[(y + 1) * stride + x + 1] = EMPTY;
            }
        }
        Ok(Board {
            width,
            height,
            stride,
            cells,
            head: (0..n as u16).collect(),
            next: (0..n as u16).collect(),
            size: vec![0; n],
            libs: vec![0; n],
            lib_sum: vec![0; n],
            lib_sum_sq: vec![0; n],
            hash: 0,
        })
    }

    /// The number of columns.
    ///
    /// ```
    /// assert_eq!(cgtk_go::Board::new(4, 2).unwrap().width(), 4);
    /// ```
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    ///
    /// ```
    /// assert_eq!(cgtk_go::Board::new(4, 2).unwrap().height(), 2);
    /// ```
    pub fn height(&self) -> usize {
        self.height
    }

    /// The point in column `x` (0 at the left) and row `y` (0 at the top), if on the board.
    ///
    /// ```
    /// let board = cgtk_go::Board::new(3, 2).unwrap();
    /// assert!(board.point(2, 1).is_some());
    /// assert!(board.point(3, 0).is_none());
    /// ```
    pub fn point(&self, x: usize, y: usize) -> Option<Point> {
        (x < self.width && y < self.height).then(|| Point(((y + 1) * self.stride + x + 1) as u16))
    }

    /// The column and row of a point of this board (0-based, row 0 at the top).
    ///
    /// ```
    /// let board = cgtk_go::Board::new(5, 4).unwrap();
    /// assert_eq!(board.coords(board.point(4, 3).unwrap()), (4, 3));
    /// ```
    pub fn coords(&self, p: Point) -> (usize, usize) {
        let i = p.index();
        (i % self.stride - 1, i / self.stride - 1)
    }

    /// Every point, row by row from the top left.
    ///
    /// ```
    /// assert_eq!(cgtk_go::Board::new(3, 2).unwrap().points().count(), 6);
    /// ```
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.height).flat_map(move |y| {
            (0..self.width).map(move |x| Point(((y + 1) * self.stride + x + 1) as u16))
        })
    }

    /// The stone on `p`, if any.
    ///
    /// ```
    /// use cgtk_go::{Board, Color};
    /// let mut board = Board::new(2, 2).unwrap();
    /// let p = board.point(1, 1).unwrap();
    /// board.play(p, Color::White);
    /// assert_eq!(board.color_at(p), Some(Color::White));
    /// ```
    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        match self.cells[p.index()] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// The Zobrist hash of the stones (0 for the empty board, equal for equal boards of
    /// the same size).
    ///
    /// ```
    /// use cgtk_go::{Board, Color};
    /// let mut a = Board::new(3, 3).unwrap();
    /// let b = a.clone();
    /// a.play(a.point(1, 1).unwrap(), Color::Black);
    /// assert_ne!(a.hash(), b.hash());
    /// ```
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    pub(crate) fn neighbours(&self, p: usize) -> [usize; 4] {
        [p - 1, p + 1, p - self.stride, p + self.stride]
    }

    #[inline]
    pub(crate) fn diagonals(&self, p: usize) -> [usize; 4] {
        [
            p - self.stride - 1,
            p - self.stride + 1,
            p + self.stride - 1,
            p + self.stride + 1,
        ]
    }

    #[inline]
    fn add_lib(&mut self, h: usize, lib: usize) {
        self.libs[h] += 1;
        self.lib_sum[h] += lib as u32;
        self.lib_sum_sq[h] += (lib * lib) as u64;
    }

    #[inline]
    fn remove_lib(&mut self, h: usize, lib: usize) {
        self.libs[h] -= 1;
        self.lib_sum[h] -= lib as u32;
        self.lib_sum_sq[h] -= (lib * lib) as u64;
    }

    /// True when the string with head `h` has exactly one liberty.
    #[inline]
    fn in_atari(&self, h: usize) -> bool {
        let n = self.libs[h] as u64;
        let s = self.lib_sum[h] as u64;
        n > 0 && n * self.lib_sum_sq[h] == s * s
    }

    /// True when a stone of colour `c` on `p` would capture an opponent string.
    pub(crate) fn captures_at(&self, p: Point, c: Color) -> bool {
        let opp = cell_of(c.opponent());
        self.neighbours(p.index())
            .into_iter()
            .any(|n| self.cells[n] == opp && self.in_atari(self.head[n] as usize))
    }

    /// True when a stone of colour `c` on the empty point `p` would have a liberty after
    /// its captures (so it is no suicide); false on an occupied point. Ko and superko are
    /// not looked at.
    ///
    /// ```
    /// use cgtk_go::{Board, Color};
    /// let mut board = Board::new(2, 1).unwrap();
    /// board.play(board.point(0, 0).unwrap(), Color::Black);
    /// let p = board.point(1, 0).unwrap();
    /// assert!(board.is_placeable(p, Color::White)); // it takes the black stone
    /// assert!(!board.is_placeable(p, Color::Black)); // it would fill the last liberty
    /// ```
    pub fn is_placeable(&self, p: Point, c: Color) -> bool {
        let p = p.index();
        if self.cells[p] != EMPTY {
            return false;
        }
        let own = cell_of(c);
        for n in self.neighbours(p) {
            match self.cells[n] {
                EMPTY => return true,
                BORDER => {}
                x if x == own => {
                    if !self.in_atari(self.head[n] as usize) {
                        return true;
                    }
                }
                _ => {
                    if self.in_atari(self.head[n] as usize) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The hash [`hash`](Board::hash) would have after a stone of colour `c` on `p`,
    /// which must be empty.
    ///
    /// ```
    /// use cgtk_go::{Board, Color};
    /// let mut board = Board::new(3, 3).unwrap();
    /// let p = board.point(0, 1).unwrap();
    /// let predicted = board.hash_after(p, Color::White);
    /// board.play(p, Color::White);
    /// assert_eq!(board.hash(), predicted);
    /// ```
    pub fn hash_after(&self, p: Point, c: Color) -> u64 {
        if !self.is_placeable(p, c) {
            let mut copy = self.clone();
            copy.play(p, c);
            return copy.hash;
        }
        let pi = p.index();
        let mut h = self.hash ^ zobrist(pi, cell_of(c));
        let opp = cell_of(c.opponent());
        let mut seen = [usize::MAX; 4];
        for (k, n) in self.neighbours(pi).into_iter().enumerate() {
            if self.cells[n] == opp {
                let head = self.head[n] as usize;
                if self.in_atari(head) && !seen.contains(&head) {
                    seen[k] = head;
                    let mut s = head;
                    loop {
                        h ^= zobrist(s, opp);
                        s = self.next[s] as usize;
                        if s == head {
                            break;
                        }
                    }
                }
            }
        }
        h
    }

    /// Places a stone of colour `c` on the empty point `p`, removes the opponent strings
    /// left without liberties, then the own string if it has none (a suicide: callers
    /// that forbid suicide check [`is_placeable`](Board::is_placeable) first).
    ///
    /// # Panics
    ///
    /// In debug builds, when `p` is not empty.
    ///
    /// ```
    /// use cgtk_go::{Board, Color};
    /// let mut board = Board::new(1, 2).unwrap();
    /// board.play(board.point(0, 0).unwrap(), Color::Black);
    /// let result = board.play(board.point(0, 1).unwrap(), Color::White);
    /// assert_eq!((result.captured, result.suicided), (1, 0));
    /// ```
    pub fn play(&mut self, p: Point, c: Color) -> Placement {
        let p = p.index();
        debug_assert_eq!(self.cells[p], EMPTY, "play on an occupied point");
        let own = cell_of(c);
        let opp = cell_of(c.opponent());
        self.cells[p] = own;
        self.hash ^= zobrist(p, own);
        self.head[p] = p as u16;
        self.next[p] = p as u16;
        self.size[p] = 1;
        self.libs[p] = 0;
        self.lib_sum[p] = 0;
        self.lib_sum_sq[p] = 0;
        for n in self.neighbours(p) {
            match self.cells[n] {
                EMPTY => self.add_lib(p, n),
                BORDER => {}
                _ => {
                    let h = self.head[n] as usize;
                    self.remove_lib(h, p);
                }
            }
        }
        for n in self.neighbours(p) {
            if self.cells[n] == own {
                let a = self.head[p] as usize;
                let b = self.head[n] as usize;
                if a != b {
                    self.merge(a, b);
                }
            }
        }
        let mut captured = 0;
        let mut last_taken = 0;
        for n in self.neighbours(p) {
            if self.cells[n] == opp && self.libs[self.head[n] as usize] == 0 {
                captured += self.remove_string(self.head[n] as usize);
                last_taken = n;
            }
        }
        let h = self.head[p] as usize;
        let mut suicided = 0;
        if self.libs[h] == 0 {
            suicided = self.remove_string(h);
        }
        let ko = (captured == 1 && suicided == 0 && self.size[h] == 1 && self.in_atari(h))
            .then_some(Point(last_taken as u16));
        Placement {
            captured,
            ko,
            suicided,
        }
    }

    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        self.libs[big] += self.libs[small];
        self.lib_sum[big] += self.lib_sum[small];
        self.lib_sum_sq[big] += self.lib_sum_sq[small];
    }

    /// Removes the string with head `h`; returns its number of stones.
    fn remove_string(&mut self, h: usize) -> usize {
        let colour = self.cells[h];
        let mut count = 0;
        let mut s = h;
        loop {
            self.cells[s] = EMPTY;
            self.hash ^= zobrist(s, colour);
            count += 1;
            for n in self.neighbours(s) {
                let c = self.cells[n];
                if c != EMPTY && c != BORDER && self.head[n] as usize != h {
                    let nh = self.head[n] as usize;
                    self.add_lib(nh, s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        count
    }

    /// The stones of the string through the occupied point `p` (empty for an empty point).
    ///
    /// ```
    /// use cgtk_go::{Board, Color};
    /// let mut board = Board::new(3, 1).unwrap();
    /// board.play(board.point(0, 0).unwrap(), Color::Black);
    /// board.play(board.point(1, 0).unwrap(), Color::Black);
    /// assert_eq!(board.string(board.point(0, 0).unwrap()).len(), 2);
    /// ```
    pub fn string(&self, p: Point) -> Vec<Point> {
        let p = p.index();
        if self.cells[p] == EMPTY || self.cells[p] == BORDER {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut s = p;
        loop {
            out.push(Point(s as u16));
            s = self.next[s] as usize;
            if s == p {
                break;
            }
        }
        out.sort();
        out
    }

    /// The number of distinct liberties of the string through `p` (0 for an empty point).
    ///
    /// ```
    /// use cgtk_go::{Board, Color};
    /// let mut board = Board::new(3, 3).unwrap();
    /// board.play(board.point(1, 1).unwrap(), Color::Black);
    /// board.play(board.point(1, 0).unwrap(), Color::Black);
    /// assert_eq!(board.liberties(board.point(1, 1).unwrap()), 5);
    /// ```
    pub fn liberties(&self, p: Point) -> usize {
        let mut libs: Vec<usize> = Vec::new();
        for s in self.string(p) {
            for n in self.neighbours(s.index()) {
                if self.cells[n] == EMPTY && !libs.contains(&n) {
                    libs.push(n);
                }
            }
        }
        libs.len()
    }

    /// Area counts `(black, white)`: each side's stones plus the empty regions that touch
    /// only its stones (Tromp–Taylor: every stone on the board counts as alive).
    ///
    /// ```
    /// use cgtk_go::{Board, Color};
    /// let mut board = Board::new(3, 3).unwrap();
    /// assert_eq!(board.area(), (0, 0));
    /// board.play(board.point(0, 0).unwrap(), Color::White);
    /// assert_eq!(board.area(), (0, 9));
    /// ```
    pub fn area(&self) -> (usize, usize) {
        let mut counts = [0usize; 3];
        let mut seen = vec![false; self.cells.len()];
        let mut stack = Vec::new();
        for p in self.points() {
            let p = p.index();
            match self.cells[p] {
                EMPTY if !seen[p] => {
                    let mut touches = 0u8;
                    let mut region = 0;
                    seen[p] = true;
                    stack.push(p);
                    while let Some(q) = stack.pop() {
                        region += 1;
                        for n in self.neighbours(q) {
                            match self.cells[n] {
                                EMPTY => {
                                    if !seen[n] {
                                        seen[n] = true;
                                        stack.push(n);
                                    }
                                }
                                BORDER => {}
                                c => touches |= c,
                            }
                        }
                    }
                    if touches == 1 || touches == 2 {
                        counts[touches as usize] += region;
                    }
                }
                EMPTY | BORDER => {}
                c => counts[c as usize] += 1,
            }
        }
        (counts[1], counts[2])
    }

    /// True when `p` is empty and looks like an eye of colour `c`: every neighbour is a
    /// stone of `c` (or the edge) and the opponent holds at most one diagonal (none on the
    /// edge). Playouts do not fill such points.
    ///
    /// ```
    /// use cgtk_go::{Board, Color};
    /// let mut board = Board::new(3, 3).unwrap();
    /// for (x, y) in [(1, 0), (0, 1)] {
    ///     board.play(board.point(x, y).unwrap(), Color::Black);
    /// }
    /// assert!(board.is_eyelike(board.point(0, 0).unwrap(), Color::Black));
    /// assert!(!board.is_eyelike(board.point(2, 2).unwrap(), Color::Black));
    /// ```
    pub fn is_eyelike(&self, p: Point, c: Color) -> bool {
        let p = p.index();
        if self.cells[p] != EMPTY {
            return false;
        }
        let own = cell_of(c);
        if self
            .neighbours(p)
            .iter()
            .any(|&n| self.cells[n] != own && self.cells[n] != BORDER)
        {
            return false;
        }
        let opp = cell_of(c.opponent());
        let mut bad = 0;
        let mut edge = false;
        for d in self.diagonals(p) {
            match self.cells[d] {
                BORDER => edge = true,
                x if x == opp => bad += 1,
                _ => {}
            }
        }
        if edge {
            bad == 0
        } else {
            bad <= 1
        }
    }

    /// Clears the board and puts `stones` on it as they are: nothing is captured, so
    /// strings may be left without liberties (set-up positions are validated afterwards).
    pub(crate) fn rebuild(&mut self, stones: &[(Point, Color)]) {
        for p in 0..self.cells.len() {
            if self.cells[p] != BORDER {
                self.cells[p] = EMPTY;
            }
            self.head[p] = p as u16;
            self.next[p] = p as u16;
            self.size[p] = 0;
            self.libs[p] = 0;
            self.lib_sum[p] = 0;
            self.lib_sum_sq[p] = 0;
        }
        self.hash = 0;
        for &(p, c) in stones {
            if self.cells[p.index()] == EMPTY {
                self.cells[p.index()] = cell_of(c);
                self.hash ^= zobrist(p.index(), cell_of(c));
            }
        }
        let mut done = vec![false; self.cells.len()];
        let mut stack = Vec::new();
        for p in 0..self.cells.len() {
            let colour = self.cells[p];
            if colour == EMPTY || colour == BORDER || done[p] {
                continue;
            }
            // Flood the string from p, linking its stones into one circular list.
            done[p] = true;
            stack.push(p);
            let mut last = p;
            self.size[p] = 0;
            while let Some(q) = stack.pop() {
                self.head[q] = p as u16;
                if q != p {
                    self.next[last] = q as u16;
                    last = q;
                }
                self.size[p] += 1;
                for n in self.neighbours(q) {
                    if self.cells[n] == EMPTY {
                        self.add_lib(p, n);
                    } else if self.cells[n] == colour && !done[n] {
                        done[n] = true;
                        stack.push(n);
                    }
                }
            }
            self.next[last] = p as u16;
        }
    }
}
