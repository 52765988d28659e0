//! Cutcake: Left cuts a rectangle of cake along a vertical line, Right along a horizontal one.

use crate::arena::{Arena, GameId};
use crate::fxhash::FxMap;
use crate::position_error::{parse_size, PositionError};

/// The largest side of a Cutcake rectangle.
pub const MAX_CUTCAKE_SIDE: usize = 256;

/// Values of Cutcake rectangles, each computed from its options and kept in a table.
///
/// A `rows × cols` rectangle is divided into unit squares. Left (Vertical) cuts one piece
/// along a vertical grid line into two pieces of widths `a + b = cols`; Right (Horizontal)
/// cuts along a horizontal line into heights `a + b = rows`. Who cannot cut loses.
///
/// ```
/// use cgtk_partizan::{Arena, Cutcake};
/// let mut a = Arena::new();
/// let mut cake = Cutcake::new();
/// let g = cake.value(&mut a, 1, 2);
/// assert_eq!(a.display(g), "1");
/// let g = cake.value(&mut a, 2, 2);
/// assert_eq!(g, a.zero());
/// ```
#[derive(Debug, Default)]
pub struct Cutcake {
    table: FxMap<(usize, usize), GameId>,
}

impl Cutcake {
    /// An empty table.
    pub fn new() -> Cutcake {
        Cutcake::default()
    }

    /// The value of a `rows × cols` rectangle.
    pub fn value(&mut self, arena: &mut Arena, rows: usize, cols: usize) -> GameId {
        if let Some(&g) = self.table.get(&(rows, cols)) {
            return g;
        }
        let mut left = Vec::new();
        for a in 1..cols {
            let (x, y) = (
                self.value(arena, rows, a),
                self.value(arena, rows, cols - a),
            );
            left.push(arena.add(x, y));
        }
        let mut right = Vec::new();
        for a in 1..rows {
            let (x, y) = (
                self.value(arena, a, cols),
                self.value(arena, rows - a, cols),
            );
            right.push(arena.add(x, y));
        }
        let g = arena.construct(left, right);
        self.table.insert((rows, cols), g);
        g
    }

    /// Reads `RxC` and returns the value of that rectangle.
    ///
    /// ```
    /// use cgtk_partizan::{Arena, Cutcake};
    /// let mut a = Arena::new();
    /// let g = Cutcake::new().parse_value(&mut a, "2x7").unwrap();
    /// assert_eq!(a.display(g), "2");
    /// assert!(Cutcake::new().parse_value(&mut a, "2x0").is_err());
    /// ```
    pub fn parse_value(&mut self, arena: &mut Arena, text: &str) -> Result<GameId, PositionError> {
        let (r, c) = parse_size(text, MAX_CUTCAKE_SIDE, "sides 1 to 256")?;
        Ok(self.value(arena, r, c))
    }
}
