//! Heap games: octal and hexadecimal take-and-break codes, subtraction games and Grundy's
//! game, read from their usual codes.

use crate::ImpartialGame;
use std::fmt;
use std::str::FromStr;

/// The largest subtraction-set member or code length accepted.
pub const MAX_REMOVAL: u64 = 1_000_000;

/// A take-and-break game played on heaps of counters.
///
/// # Examples
///
/// ```
/// use cgtk_nimber::HeapGame;
/// let kayles: HeapGame = "0.77".parse().unwrap();
/// assert_eq!(kayles.to_string(), "0.77");
/// assert_eq!("kayles".parse::<HeapGame>().unwrap(), kayles);
/// assert!("0.8x".parse::<HeapGame>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeapGame {
    /// An octal or hexadecimal code `d0.d1d2…`: digit d_j says what may be left after
    /// removing j counters from a heap (j = 0 for the digit before the point): bit 1 nothing
    /// (the whole heap was j), bit 2 one heap, bit 4 two heaps, bit 8 three heaps (the
    /// heaps left are never empty). `digits[j]` is d_j.
    Code {
        /// d_0, d_1, …, without trailing zeros after d_0.
        digits: Vec<u8>,
    },
    /// Subtraction game: remove any number of counters in the set.
    Subtraction {
        /// The allowed removals, ascending, distinct, at least 1.
        set: Vec<u64>,
    },
    /// All-but subtraction game: remove any positive number of counters not in the set.
    AllBut {
        /// The forbidden removals, ascending, distinct, at least 1.
        set: Vec<u64>,
    },
    /// Grundy's game: split a heap into two non-empty heaps of different sizes.
    Grundys,
}

/// A game code that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid game '{input}': {reason}; expected an octal or hexadecimal code such as 0.77, 0.137 or 4.07, sub:1,3,4, sub:!1,2, grundys, kayles or dawsons")]
pub struct ParseGameError {
    /// The rejected text.
    pub input: String,
    /// What is wrong with it.
    pub reason: String,
}

/// One move of a heap game from a heap: how many counters are removed and the heaps left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapMove {
    /// Counters removed.
    pub take: u64,
    /// The non-empty heaps left in place of the heap.
    pub leaves: Vec<u64>,
}

impl HeapGame {
    /// Kayles, 0.77.
    pub fn kayles() -> HeapGame {
        HeapGame::Code {
            digits: vec![0, 7, 7],
        }
    }

    /// Dawson's Kayles, 0.07.
    pub fn dawsons_kayles() -> HeapGame {
        HeapGame::Code {
            digits: vec![0, 0, 7],
        }
    }

    /// The largest number of counters a move may remove, `None` when unbounded (all-but
    /// subtraction games, and Grundy's game counts as removing 0).
    pub fn max_removal(&self) -> Option<u64> {
        match self {
            HeapGame::Code { digits } => Some(digits.len().saturating_sub(1) as u64),
            HeapGame::Subtraction { set } => set.last().copied(),
            HeapGame::AllBut { .. } => None,
            HeapGame::Grundys => Some(0),
        }
    }

    /// Whether some move leaves three heaps (a hexadecimal digit with bit 8).
    pub fn has_three_way_splits(&self) -> bool {
        matches!(self, HeapGame::Code { digits } if digits.iter().any(|d| d & 8 != 0))
    }

    /// Whether no move splits a heap: a code whose digits leave at most one heap (no bit 4
    /// or 8), or a subtraction game. Then, past the largest removal t, G(n) is the mex of
    /// G(n − j) over a fixed set of j ≤ t, so t values in a row decide all later ones.
    ///
    /// ```
    /// use cgtk_nimber::HeapGame;
    /// assert!("sub:1,3,4".parse::<HeapGame>().unwrap().never_splits());
    /// assert!("0.33".parse::<HeapGame>().unwrap().never_splits());
    /// assert!(!HeapGame::kayles().never_splits());
    /// ```
    pub fn never_splits(&self) -> bool {
        match self {
            HeapGame::Code { digits } => digits.iter().all(|d| d & 12 == 0),
            HeapGame::Subtraction { .. } | HeapGame::AllBut { .. } => true,
            HeapGame::Grundys => false,
        }
    }

    /// Whether the octal periodicity theorem applies: a finite octal code (no three-heap
    /// moves) or a finite subtraction game.
    pub fn is_finite_octal(&self) -> bool {
        match self {
            HeapGame::Code { .. } => !self.has_three_way_splits(),
            HeapGame::Subtraction { .. } => true,
            _ => false,
        }
    }

    /// Every move from a heap of `n` counters (the heaps left listed in ascending order,
    /// each split listed once).
    ///
    /// ```
    /// use cgtk_nimber::{HeapGame, HeapMove};
    /// let moves = HeapGame::Grundys.moves(7);
    /// assert_eq!(moves.len(), 3); // 1+6, 2+5, 3+4
    /// assert_eq!(moves[0], HeapMove { take: 0, leaves: vec![1, 6] });
    /// ```
    pub fn moves(&self, n: u64) -> Vec<HeapMove> {
        let mut out = Vec::new();
        self.for_each_move(n, &mut |take, leaves| {
            out.push(HeapMove {
                take,
                leaves: leaves.to_vec(),
            })
        });
        out
    }

    /// Calls `visit(take, leaves)` for every move from a heap of `n` counters, in the order
    /// of [`HeapGame::moves`], without building the list: a heap of 10^8 in Kayles has 10^8
    /// moves, whose list would take gigabytes.
    ///
    /// ```
    /// use cgtk_nimber::HeapGame;
    /// let mut count = 0;
    /// HeapGame::kayles().for_each_move(1_000_000, &mut |_, _| count += 1);
    /// // Take 1 or 2 and keep the rest (2 moves), or split the rest into two heaps.
    /// assert_eq!(count, 2 + 499_999 + 499_999);
    /// ```
    pub fn for_each_move(&self, n: u64, visit: &mut dyn FnMut(u64, &[u64])) {
        match self {
            HeapGame::Code { digits } => {
                for (j, &d) in digits.iter().enumerate() {
                    let j = j as u64;
                    if j > n {
                        break;
                    }
                    let rest = n - j;
                    if d & 1 != 0 && rest == 0 && j > 0 {
                        visit(j, &[]);
                    }
                    if d & 2 != 0 && rest >= 1 && j > 0 {
                        visit(j, &[rest]);
                    }
                    if d & 4 != 0 {
                        for a in 1..=rest / 2 {
                            visit(j, &[a, rest - a]);
                        }
                    }
                    if d & 8 != 0 {
                        for a in 1..=rest / 3 {
                            for b in a..=(rest - a) / 2 {
                                visit(j, &[a, b, rest - a - b]);
                            }
                        }
                    }
                }
            }
            HeapGame::Subtraction { set } => {
                for &s in set.iter().take_while(|&&s| s <= n) {
                    if s == n {
                        visit(s, &[])
                    } else {
                        visit(s, &[n - s])
                    }
                }
            }
            HeapGame::AllBut { set } => {
                for s in (1..=n).filter(|s| set.binary_search(s).is_err()) {
                    if s == n {
                        visit(s, &[])
                    } else {
                        visit(s, &[n - s])
                    }
                }
            }
            HeapGame::Grundys => {
                for a in 1..n.div_ceil(2) {
                    visit(0, &[a, n - a]);
                }
            }
        }
    }
}

impl ImpartialGame for HeapGame {
    type Position = u64;

    fn options(&self, &n: &u64) -> Vec<Vec<u64>> {
        self.moves(n).into_iter().map(|m| m.leaves).collect()
    }
}

fn hex_digit(d: u8) -> char {
    char::from_digit(d as u32, 16).unwrap_or('?')
}

impl fmt::Display for HeapGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |set: &[u64]| {
            set.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        match self {
            HeapGame::Code { digits } => {
                write!(f, "{}.", hex_digit(digits[0]))?;
                if digits.len() == 1 {
                    write!(f, "0")?;
                }
                for &d in &digits[1..] {
                    write!(f, "{}", hex_digit(d))?;
                }
                Ok(())
            }
            HeapGame::Subtraction { set } => write!(f, "sub:{}", list(set)),
            HeapGame::AllBut { set } => write!(f, "sub:!{}", list(set)),
            HeapGame::Grundys => write!(f, "grundys"),
        }
    }
}

fn parse_set(input: &str, text: &str) -> Result<Vec<u64>, ParseGameError> {
    let fail = |reason: String| ParseGameError {
        input: input.to_string(),
        reason,
    };
    let mut set = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        let s: u64 = item.parse().map_err(|_| {
            fail(format!(
                "'{item}' is not a whole number in the subtraction set"
            ))
        })?;
        if s == 0 || s > MAX_REMOVAL {
            return Err(fail(format!(
                "subtraction set members go from 1 to {MAX_REMOVAL}, not {s}"
            )));
        }
        set.push(s);
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

impl FromStr for HeapGame {
    type Err = ParseGameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let input = s;
        let fail = |reason: &str| ParseGameError {
            input: input.to_string(),
            reason: reason.to_string(),
        };
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "grundys" | "grundy" | "grundys-game" => return Ok(HeapGame::Grundys),
            "kayles" => return Ok(HeapGame::kayles()),
            "dawsons" | "dawsons-kayles" => return Ok(HeapGame::dawsons_kayles()),
            "dawsons-chess" => {
                return Ok(HeapGame::Code {
                    digits: vec![0, 1, 3, 7],
                })
            }
            _ => {}
        }
        if let Some(rest) = t.strip_prefix("sub:") {
            return if let Some(rest) = rest.strip_prefix('!') {
                Ok(HeapGame::AllBut {
                    set: parse_set(input, rest)?,
                })
            } else {
                Ok(HeapGame::Subtraction {
                    set: parse_set(input, rest)?,
                })
            };
        }
        let (before, after) = t
            .split_once('.')
            .ok_or_else(|| fail("a code needs a point, as in 0.77"))?;
        let before = if before.is_empty() { "0" } else { before };
        if before.chars().count() != 1 {
            // This read "the code has one digit before the point" for `00.77`, which has two.
            return Err(fail(&format!(
                "a code has exactly one digit before the point (0, 4, 8 or c), not '{before}'"
            )));
        }
        if after.is_empty() {
            return Err(fail("the code needs digits after the point"));
        }
        if after.len() as u64 > MAX_REMOVAL {
            return Err(fail("the code is too long"));
        }
        let mut digits = Vec::with_capacity(after.len() + 1);
        for c in before.chars().chain(after.chars()) {
            let d = c.to_digit(16).ok_or_else(|| {
                fail(&format!(
                    "'{c}' is not an octal or hexadecimal digit (0-9, a-f)"
                ))
            })?;
            digits.push(d as u8);
        }
        if digits[0] & 3 != 0 {
            return Err(fail(
                "the digit before the point may only split heaps: 0, 4, 8 or c",
            ));
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(HeapGame::Code { digits })
    }
}
