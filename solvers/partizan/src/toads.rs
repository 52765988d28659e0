//! Toads and Frogs: toads (Left) move right, frogs (Right) move left, on a strip.

use crate::arena::{Arena, GameId};
use crate::fxhash::FxMap;
use crate::position_error::PositionError;
use std::convert::Infallible;

/// The longest strip accepted.
pub const MAX_TOADS_LENGTH: usize = 40;

/// Values of Toads and Frogs positions, each computed from its options and kept in a table.
///
/// A position is a row of `T` (toad, Left's), `F` (frog, Right's) and `.` (empty; `_` and
/// `□` are accepted too). A toad moves one square right into an empty square, or jumps
/// over one frog into the empty square beyond; a frog does the same leftwards.
///
/// ```
/// use cgtk_partizan::{Arena, ToadsAndFrogs};
/// let mut a = Arena::new();
/// let mut tf = ToadsAndFrogs::new();
/// let g = tf.parse_value(&mut a, "TFT.F").unwrap();
/// assert_eq!(a.display(g), "*");
/// let g = tf.parse_value(&mut a, "T.TFF").unwrap();
/// assert_eq!(a.display(g), "^");
/// ```
#[derive(Debug, Default)]
pub struct ToadsAndFrogs {
    table: FxMap<Vec<u8>, GameId>,
}

const TOAD: u8 = b'T';
const FROG: u8 = b'F';
const EMPTY: u8 = b'.';

/// Reads a strip of `T`, `F` and `.` (or `_`, `□`).
///
/// ```
/// use cgtk_partizan::parse_toads;
/// assert_eq!(parse_toads("TT..FF").unwrap(), b"TT..FF".to_vec());
/// assert!(parse_toads("TTx").is_err());
/// ```
pub fn parse_toads(text: &str) -> Result<Vec<u8>, PositionError> {
    let mut row = Vec::new();
    for (i, c) in text.trim().chars().enumerate() {
        row.push(match c {
            'T' | 't' => TOAD,
            'F' | 'f' => FROG,
            '.' | '_' | '□' => EMPTY,
            other => {
                return Err(PositionError::Character {
                    text: text.to_string(),
                    position: i + 1,
                    character: other,
                    allowed: "T, F and . for an empty square",
                })
            }
        });
    }
    if row.is_empty() {
        return Err(PositionError::Malformed {
            text: text.to_string(),
            what: "an empty strip".to_string(),
        });
    }
    if row.len() > MAX_TOADS_LENGTH {
        return Err(PositionError::TooLarge {
            what: format!("{} squares (at most {MAX_TOADS_LENGTH})", row.len()),
        });
    }
    Ok(row)
}

/// Drops pieces that can never move nor be jumped: frogs at the left end, toads at the
/// right end.
fn trim(row: &[u8]) -> &[u8] {
    let start = row.iter().position(|&c| c != FROG).unwrap_or(row.len());
    let row = &row[start..];
    let end = row.iter().rposition(|&c| c != TOAD).map_or(0, |i| i + 1);
    &row[..end]
}

/// Left's options (toad moves) or Right's (frog moves) of a strip.
pub(crate) fn toads_moves(row: &[u8], left: bool) -> Vec<Vec<u8>> {
    let (me, them) = if left { (TOAD, FROG) } else { (FROG, TOAD) };
    let mut out = Vec::new();
    let n = row.len() as isize;
    let step: isize = if left { 1 } else { -1 };
    for i in 0..n {
        if row[i as usize] != me {
            continue;
        }
        let one = i + step;
        let two = i + 2 * step;
        let target = if (0..n).contains(&one) && row[one as usize] == EMPTY {
            Some(one)
        } else if (0..n).contains(&two) && row[one as usize] == them && row[two as usize] == EMPTY {
            Some(two)
        } else {
            None
        };
        if let Some(t) = target {
            let mut next = row.to_vec();
            next[i as usize] = EMPTY;
            next[t as usize] = me;
            out.push(next);
        }
    }
    out
}

impl ToadsAndFrogs {
    /// An empty table.
    pub fn new() -> ToadsAndFrogs {
        ToadsAndFrogs::default()
    }

    /// The value of a strip of `T`, `F` and `.` bytes (as [`parse_toads`] returns).
    pub fn value(&mut self, arena: &mut Arena, row: &[u8]) -> GameId {
        match self.value_with(arena, row, &mut |_, _| Ok::<(), Infallible>(())) {
            Ok(g) => g,
            Err(never) => match never {},
        }
    }

    /// The value of a strip, calling `check` with the arena and the table's size after each
    /// position it values for the first time; an error from `check` stops the work and is
    /// returned (a memory or time limit, say). What was valued stays in the table.
    ///
    /// ```
    /// use cgtk_partizan::{parse_toads, Arena, ToadsAndFrogs};
    /// let (mut a, mut tf) = (Arena::new(), ToadsAndFrogs::new());
    /// let row = parse_toads("TT..FF").unwrap();
    /// let stopped = tf.value_with(&mut a, &row, &mut |_, positions| {
    ///     if positions > 3 { Err("too many positions") } else { Ok(()) }
    /// });
    /// assert_eq!(stopped, Err("too many positions"));
    /// let g = tf.value_with(&mut a, &row, &mut |_, _| Ok::<(), ()>(())).unwrap();
    /// assert_eq!(a.display(g), "*");
    /// ```
    pub fn value_with<E>(
        &mut self,
        arena: &mut Arena,
        row: &[u8],
        check: &mut impl FnMut(&Arena, usize) -> Result<(), E>,
    ) -> Result<GameId, E> {
        let row = trim(row);
        if let Some(&g) = self.table.get(row) {
            return Ok(g);
        }
        let mut options = |left: bool| -> Result<Vec<GameId>, E> {
            toads_moves(row, left)
                .iter()
                .map(|r| self.value_with(arena, r, check))
                .collect()
        };
        let left = options(true)?;
        let right = options(false)?;
        let g = arena.construct(left, right);
        self.table.insert(row.to_vec(), g);
        check(arena, self.table.len())?;
        Ok(g)
    }

    /// How many positions the table holds.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// Reads a strip and returns its value.
    pub fn parse_value(&mut self, arena: &mut Arena, text: &str) -> Result<GameId, PositionError> {
        let row = parse_toads(text)?;
        Ok(self.value(arena, &row))
    }
}
