//! Press patterns: which buttons a press advances, as offsets from the pressed button.

use crate::error::PatternError;

/// The most offsets a pattern may have.
pub const MAX_PATTERN_LEN: usize = 64;
/// The largest absolute offset coordinate.
pub const MAX_OFFSET: i64 = 1000;

/// A press pattern: the offsets (row, column) relative to the pressed button whose buttons
/// advance by one colour. An offset listed twice advances its button twice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    offsets: Vec<(i32, i32)>,
}

impl Pattern {
    /// The classic plus shape: the button and its four orthogonal neighbours.
    pub fn plus() -> Self {
        Pattern {
            offsets: vec![(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)],
        }
    }

    /// A pattern from offsets (row, column).
    ///
    /// ```
    /// use cgtk_poggle::Pattern;
    /// let x = Pattern::new(&[(0, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]).unwrap();
    /// assert!(!x.is_plus());
    /// assert!(Pattern::new(&[]).is_err());
    /// ```
    pub fn new(offsets: &[(i64, i64)]) -> Result<Self, PatternError> {
        if offsets.is_empty() {
            return Err(PatternError::Empty);
        }
        if offsets.len() > MAX_PATTERN_LEN {
            return Err(PatternError::TooLong {
                got: offsets.len(),
                max: MAX_PATTERN_LEN,
            });
        }
        let mut out = Vec::with_capacity(offsets.len());
        for &(dr, dc) in offsets {
            // A range test, not `abs()`: `i64::MIN.abs()` overflows (and wrapped to a negative
            // number that passed the old test, so the offset was then truncated to 0).
            let allowed = -MAX_OFFSET..=MAX_OFFSET;
            if !allowed.contains(&dr) || !allowed.contains(&dc) {
                return Err(PatternError::TooFar {
                    dr,
                    dc,
                    max: MAX_OFFSET,
                });
            }
            let narrow = |v: i64| {
                i32::try_from(v).map_err(|_| PatternError::TooFar {
                    dr,
                    dc,
                    max: MAX_OFFSET,
                })
            };
            out.push((narrow(dr)?, narrow(dc)?));
        }
        Ok(Pattern { offsets: out })
    }

    /// Reads offsets written as `row,column` pairs separated by spaces or semicolons.
    ///
    /// ```
    /// use cgtk_poggle::Pattern;
    /// assert!(Pattern::parse("0,0 -1,0 1,0 0,-1 0,1").unwrap().is_plus());
    /// assert!(Pattern::parse("0;0").is_err());
    /// // The most negative 64-bit offset is refused, not wrapped to 0.
    /// assert!(Pattern::parse("-9223372036854775808,0").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Self, PatternError> {
        let mut offsets = Vec::new();
        for token in text.split(|c: char| c.is_whitespace() || c == ';') {
            if token.is_empty() {
                continue;
            }
            let syntax = || PatternError::Syntax {
                token: token.to_string(),
            };
            let (r, c) = token.split_once(',').ok_or_else(syntax)?;
            let dr = r.trim().parse::<i64>().map_err(|_| syntax())?;
            let dc = c.trim().parse::<i64>().map_err(|_| syntax())?;
            offsets.push((dr, dc));
        }
        Pattern::new(&offsets)
    }

    /// The offsets (row, column).
    pub fn offsets(&self) -> &[(i32, i32)] {
        &self.offsets
    }

    /// Whether this is the plus shape (in any order), the pattern light chasing handles.
    pub fn is_plus(&self) -> bool {
        let mut a = self.offsets.clone();
        let mut b = Pattern::plus().offsets;
        a.sort_unstable();
        b.sort_unstable();
        a == b
    }
}
