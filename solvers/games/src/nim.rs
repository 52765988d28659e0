//! Nim: heaps of counters; a move takes one or more counters from one heap; the player who
//! cannot move loses (normal play).
//!
//! Notation: a move is `H:T`, take `T` counters from heap `H` (heaps numbered from 1); a
//! position is the heap sizes separated by commas, then `;` and the side to move, e.g.
//! `3,4,5;first`.
//!
//! ```
//! use cgtk_core::{Game, Notation, Outcome, Player};
//! use cgtk_games::nim::Nim;
//!
//! let mut nim = Nim::new(&[1, 2, 3]).unwrap();
//! let mv = nim.parse_move("3:3").unwrap();
//! nim.make(mv);
//! assert_eq!(nim.position_text(), "1,2,0;second");
//! assert_eq!(nim.outcome(), None);
//! ```

use cgtk_core::{
    Chance, Evaluate, Game, NotationError, Outcome, PerfectIndex, Player, PositionKey, Render,
    Value,
};
use std::fmt::Write as _;

/// The most heaps a game may have.
pub const MAX_HEAPS: usize = 16;
/// The most counters one heap may hold.
pub const MAX_HEAP: u32 = 1000;

/// Why a Nim game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NimError {
    /// No heaps, or too many.
    #[error("nim needs 1 to {MAX_HEAPS} heaps, got {0}")]
    HeapCount(usize),
    /// A heap larger than [`MAX_HEAP`].
    #[error("heap {heap} has {size} counters; at most {MAX_HEAP} are allowed")]
    HeapSize {
        /// The heap's number, from 1.
        heap: usize,
        /// Its size.
        size: u32,
    },
    /// A heap size that is not a number.
    #[error("invalid heap size {0:?}: expected a whole number 0..={MAX_HEAP}")]
    NotANumber(String),
}

/// A Nim position: the heaps, the side to move, and the starting heaps (the variant, which
/// bounds the perfect index).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    heaps: Vec<u32>,
    start: Vec<u32>,
    to_move: Player,
}

/// A Nim move: take `take` counters from heap `heap` (numbered from 0 internally).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimMove {
    /// The heap, from 0.
    pub heap: u8,
    /// How many counters to take (at least 1).
    pub take: u32,
}

impl Nim {
    /// The start position with these heaps, the first player to move.
    pub fn new(heaps: &[u32]) -> Result<Nim, NimError> {
        if heaps.is_empty() || heaps.len() > MAX_HEAPS {
            return Err(NimError::HeapCount(heaps.len()));
        }
        if let Some((i, &size)) = heaps.iter().enumerate().find(|(_, &s)| s > MAX_HEAP) {
            return Err(NimError::HeapSize { heap: i + 1, size });
        }
        Ok(Nim {
            heaps: heaps.to_vec(),
            start: heaps.to_vec(),
            to_move: Player::First,
        })
    }

    /// Reads heap sizes separated by commas or spaces, e.g. `3,4,5`.
    ///
    /// ```
    /// use cgtk_games::nim::Nim;
    /// assert_eq!(Nim::parse_heaps("3, 4 5").unwrap().heaps(), &[3, 4, 5]);
    /// assert!(Nim::parse_heaps("3,x").is_err());
    /// // An empty item between commas is a mistake, not a missing heap.
    /// assert!(Nim::parse_heaps("3,,5").is_err());
    /// ```
    pub fn parse_heaps(text: &str) -> Result<Nim, NimError> {
        let heaps = parse_sizes(text)?;
        Nim::new(&heaps)
    }

    /// The heap sizes.
    pub fn heaps(&self) -> &[u32] {
        &self.heaps
    }

    /// The heaps the game started from (its variant).
    pub fn start_heaps(&self) -> &[u32] {
        &self.start
    }

    /// The nim-sum (XOR) of the heaps: the player to move loses exactly when it is 0.
    pub fn nim_sum(&self) -> u32 {
        self.heaps.iter().fold(0, |acc, &h| acc ^ h)
    }

    /// Perfect play by the nim-sum (Bouton's theorem): when the nim-sum is not 0, the
    /// first move (lowest heap) that leaves it 0, a win; otherwise one counter from the
    /// largest heap, which keeps the game as long as possible for the losing side. `None`
    /// when no counters are left.
    ///
    /// ```
    /// use cgtk_core::{Game, Value};
    /// use cgtk_games::nim::{Nim, NimMove};
    ///
    /// let nim = Nim::new(&[100, 200, 300]).unwrap();
    /// // 100 ^ 200 ^ 300 = 384; only 300 ^ 384 = 172 is smaller: take 128 from the third heap.
    /// assert_eq!(nim.perfect_move(), Some((NimMove { heap: 2, take: 128 }, Value::Win)));
    /// let lost = Nim::new(&[1, 2, 3]).unwrap();
    /// assert_eq!(lost.perfect_move(), Some((NimMove { heap: 2, take: 1 }, Value::Loss)));
    /// ```
    pub fn perfect_move(&self) -> Option<(NimMove, Value)> {
        let sum = self.nim_sum();
        if sum != 0 {
            let (heap, &h) = self.heaps.iter().enumerate().find(|(_, &h)| h ^ sum < h)?;
            let heap = u8::try_from(heap).ok()?;
            return Some((
                NimMove {
                    heap,
                    take: h - (h ^ sum),
                },
                Value::Win,
            ));
        }
        let (heap, &h) = self
            .heaps
            .iter()
            .enumerate()
            .rev()
            .max_by_key(|(_, &h)| h)?;
        (h > 0).then_some(())?;
        let heap = u8::try_from(heap).ok()?;
        Some((NimMove { heap, take: 1 }, Value::Loss))
    }
}

/// Heap sizes separated by commas and/or whitespace. An empty item between commas is
/// refused: `3,,5` used to be read as the two heaps `3,5`.
fn parse_sizes(text: &str) -> Result<Vec<u32>, NimError> {
    let mut sizes = Vec::new();
    let parts: Vec<&str> = if text.contains(',') {
        text.split(',').collect()
    } else {
        vec![text]
    };
    for part in parts {
        if text.contains(',') && part.trim().is_empty() {
            return Err(NimError::NotANumber(String::new()));
        }
        for s in part.split_whitespace() {
            sizes.push(
                s.parse::<u32>()
                    .map_err(|_| NimError::NotANumber(s.to_string()))?,
            );
        }
    }
    Ok(sizes)
}

impl Game for Nim {
    type Move = NimMove;
    type Undo = ();

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<NimMove>) {
        moves.clear();
        for (i, &h) in self.heaps.iter().enumerate() {
            moves.extend((1..=h).map(|take| NimMove {
                heap: i as u8,
                take,
            }));
        }
    }

    fn make(&mut self, mv: NimMove) {
        self.heaps[mv.heap as usize] -= mv.take;
        self.to_move = self.to_move.opponent();
    }

    fn unmake(&mut self, mv: NimMove, _: ()) {
        self.heaps[mv.heap as usize] += mv.take;
        self.to_move = self.to_move.opponent();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.heaps
            .iter()
            .all(|&h| h == 0)
            .then(|| Outcome::Win(self.to_move.opponent()))
    }

    fn end_reason(&self) -> Option<String> {
        self.outcome().map(|_| "no counters left".to_string())
    }

    fn is_legal(&self, mv: NimMove) -> bool {
        mv.take >= 1
            && self
                .heaps
                .get(mv.heap as usize)
                .is_some_and(|&h| mv.take <= h)
    }
}

impl cgtk_core::Notation for Nim {
    fn position_text(&self) -> String {
        let heaps: Vec<String> = self.heaps.iter().map(u32::to_string).collect();
        format!("{};{}", heaps.join(","), self.to_move)
    }

    fn parse_position(&self, text: &str) -> Result<Nim, NotationError> {
        let bad = |reason: String| NotationError::Position {
            text: text.to_string(),
            reason,
        };
        let (heaps, side) = text.split_once(';').ok_or_else(|| {
            bad("expected heaps, ';' and the side to move, e.g. 3,4,5;first".into())
        })?;
        let heaps = parse_sizes(heaps).map_err(|e| bad(e.to_string()))?;
        let to_move = match side.trim() {
            "first" => Player::First,
            "second" => Player::Second,
            other => {
                return Err(bad(format!(
                    "side to move {other:?} is not first or second"
                )))
            }
        };
        if heaps.len() != self.start.len() {
            return Err(bad(format!(
                "this game has {} heaps, the text has {}",
                self.start.len(),
                heaps.len()
            )));
        }
        if let Some(i) = (0..heaps.len()).find(|&i| heaps[i] > self.start[i]) {
            return Err(bad(format!(
                "heap {} has {} counters, more than its start size {}",
                i + 1,
                heaps[i],
                self.start[i]
            )));
        }
        Ok(Nim {
            heaps,
            start: self.start.clone(),
            to_move,
        })
    }

    fn move_text(&self, mv: NimMove) -> String {
        format!("{}:{}", mv.heap as usize + 1, mv.take)
    }

    fn parse_move(&self, text: &str) -> Result<NimMove, NotationError> {
        let bad = |reason: String| NotationError::Move {
            text: text.to_string(),
            reason,
        };
        let (heap, take) = text.trim().split_once(':').ok_or_else(|| {
            bad("expected HEAP:TAKE, e.g. 2:3 takes 3 counters from heap 2".into())
        })?;
        let heap: usize = heap
            .trim()
            .parse()
            .map_err(|_| bad(format!("heap {heap:?} is not a number")))?;
        // A count past u32 is a number all the same: it is more than the heap has.
        let take_text = take.trim();
        let take: Option<u32> = match take_text.parse() {
            Ok(take) => Some(take),
            Err(_) if !take_text.is_empty() && take_text.bytes().all(|b| b.is_ascii_digit()) => {
                None
            }
            Err(_) => return Err(bad(format!("count {take:?} is not a number"))),
        };
        if heap == 0 || heap > self.heaps.len() {
            return Err(bad(format!(
                "there is no heap {heap}; heaps are numbered 1 to {}",
                self.heaps.len()
            )));
        }
        let size = self.heaps[heap - 1];
        let take = match take {
            _ if size == 0 => return Err(bad(format!("heap {heap} is empty"))),
            None => {
                return Err(bad(format!(
                    "count {take_text} is more than heap {heap} has ({size})"
                )))
            }
            // `heap 1 has 1 counters; take 1 to 1`.
            Some(take) if take == 0 || take > size => {
                return Err(bad(if size == 1 {
                    format!("heap {heap} has 1 counter; take 1")
                } else {
                    format!("heap {heap} has {size} counters; take 1 to {size}")
                }))
            }
            Some(take) => take,
        };
        Ok(NimMove {
            heap: (heap - 1) as u8,
            take,
        })
    }
}

impl Render for Nim {
    fn render(&self) -> String {
        let width = self.heaps.len().to_string().len();
        let mut out = String::new();
        for (i, &h) in self.heaps.iter().enumerate() {
            let bar = if h <= 40 {
                "|".repeat(h as usize)
            } else {
                format!("{}…", "|".repeat(40))
            };
            let _ = writeln!(out, "heap {:>width$}: {bar} ({h})", i + 1);
        }
        let _ = write!(out, "{} to move", self.to_move);
        out
    }
}

/// No knowledge: every unfinished position scores 0, so search must look to the end.
impl Evaluate for Nim {
    fn evaluate(&self) -> i32 {
        0
    }
}

impl PositionKey for Nim {
    fn key(&self) -> u64 {
        let mut k = mix(self.to_move.index() as u64 + 1);
        for &h in &self.heaps {
            k = mix(k ^ h as u64);
        }
        k
    }
}

/// A 64-bit bijective mixer (the splitmix64 finaliser).
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Nim has no chance events.
impl Chance for Nim {
    fn is_chance(&self) -> bool {
        false
    }
    fn chance_events(&self, events: &mut Vec<(NimMove, f64)>) {
        events.clear();
    }
}

/// Mixed radix over the heaps (each 0..=its start size), then the side to move.
///
/// Sixteen heaps of 1000 have about 10^48 positions, more than 64 bits count: then
/// `index_size` is `u64::MAX` and so is every `index`, so that no table or solver takes
/// such a game for one it can hold (the retrograde solver refuses it as too large). The
/// products used to wrap, giving a small size and indices beyond it.
///
/// ```
/// use cgtk_core::PerfectIndex;
/// use cgtk_games::nim::Nim;
/// let huge = Nim::new(&[1000; 16]).unwrap();
/// assert_eq!(huge.index_size(), u64::MAX);
/// assert_eq!(huge.index(), u64::MAX);
/// assert_eq!(huge.position_at(0), None);
/// let small = Nim::new(&[3, 4, 5]).unwrap();
/// assert_eq!(small.index_size(), 2 * 4 * 5 * 6);
/// ```
impl PerfectIndex for Nim {
    fn index_size(&self) -> u64 {
        self.start
            .iter()
            .try_fold(2u64, |acc, &s| acc.checked_mul(u64::from(s) + 1))
            .unwrap_or(u64::MAX)
    }

    fn index(&self) -> u64 {
        if self.index_size() == u64::MAX {
            return u64::MAX;
        }
        // Within the size, so nothing below overflows.
        let mut idx = 0u64;
        for (&h, &s) in self.heaps.iter().zip(&self.start) {
            idx = idx * (u64::from(s) + 1) + u64::from(h);
        }
        idx * 2 + self.to_move.index() as u64
    }

    fn position_at(&self, index: u64) -> Option<Nim> {
        // Also `None` for every index of a game too large to index (size `u64::MAX`).
        if index >= self.index_size() || self.index_size() == u64::MAX {
            return None;
        }
        let to_move = if index % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let mut rest = index / 2;
        let mut heaps = vec![0; self.start.len()];
        for i in (0..self.start.len()).rev() {
            let radix = self.start[i] as u64 + 1;
            heaps[i] = (rest % radix) as u32;
            rest /= radix;
        }
        Some(Nim {
            heaps,
            start: self.start.clone(),
            to_move,
        })
    }
}

#[cfg(test)]
mod tests {
    /// Whether the side to move wins, by brute force over every move.
    fn wins(heaps: &mut Vec<u32>) -> bool {
        for i in 0..heaps.len() {
            for take in 1..=heaps[i] {
                heaps[i] -= take;
                let lost = !wins(heaps);
                heaps[i] += take;
                if lost {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn perfect_move_agrees_with_brute_force() {
        use super::*;
        for a in 0..6u32 {
            for b in 0..6u32 {
                for c in 0..5u32 {
                    let mut heaps = vec![a, b, c];
                    let nim = Nim::new(&heaps).unwrap();
                    let won = wins(&mut heaps);
                    match nim.perfect_move() {
                        None => assert_eq!(a + b + c, 0),
                        Some((mv, value)) => {
                            assert_eq!(value == Value::Win, won, "{heaps:?}");
                            assert!(nim.is_legal(mv), "{heaps:?} {mv:?}");
                            let mut next = nim.clone();
                            next.make(mv);
                            let mut after = next.heaps().to_vec();
                            // After a winning move the opponent loses.
                            if won {
                                assert!(!wins(&mut after), "{heaps:?} {mv:?}");
                            }
                        }
                    }
                }
            }
        }
    }
    use super::*;
    use cgtk_core::Notation;

    #[test]
    fn moves_parse_and_print() {
        let nim = Nim::new(&[1, 2, 3]).unwrap();
        let mut moves = Vec::new();
        nim.legal_moves(&mut moves);
        assert_eq!(moves.len(), 6);
        assert_eq!(nim.move_text(moves[5]), "3:3");
        assert!(nim.parse_move("4:1").is_err());
        assert!(nim.parse_move("1:2").is_err());
        assert!(nim.parse_move("x").is_err());
        assert!(Nim::new(&[]).is_err());
        assert!(Nim::new(&[1001]).is_err());
    }
}
