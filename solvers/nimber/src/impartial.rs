//! A small trait for impartial games and memoised Sprague–Grundy values.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

/// An impartial game: both players have the same options from every position.
///
/// Each option is a *disjoint sum* of positions, so that take-and-break games (a move that
/// splits a heap into several) are described directly: an ordinary move is a one-element
/// vector, a move to the empty game an empty one. The game must be finite (no position may
/// be reachable from itself).
///
/// # Examples
///
/// The subtraction game where a move takes 1, 3 or 4 counters:
///
/// ```
/// use cgtk_nimber::{GrundyMemo, ImpartialGame};
/// struct Take134;
/// impl ImpartialGame for Take134 {
///     type Position = u64;
///     fn options(&self, &n: &u64) -> Vec<Vec<u64>> {
///         [1, 3, 4].iter().filter(|&&s| s <= n).map(|&s| vec![n - s]).collect()
///     }
/// }
/// let mut memo = GrundyMemo::new(&Take134);
/// let values: Vec<u32> = (0..8).map(|n| memo.grundy(&n).unwrap()).collect();
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0]);
/// assert_eq!(memo.grundy_of_sum(&[2, 4, 5]), Ok(1));
/// ```
pub trait ImpartialGame {
    /// A position (one component of a sum).
    type Position: Clone + Eq + Hash;

    /// The options of `position`, each a disjoint sum of positions.
    fn options(&self, position: &Self::Position) -> Vec<Vec<Self::Position>>;
}

/// The minimum excluded value: the least natural number not among `values`.
///
/// ```
/// assert_eq!(cgtk_nimber::mex([0, 1, 3, 1]), 2);
/// assert_eq!(cgtk_nimber::mex([]), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

/// A position that can be reached from itself, so it has no Grundy value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the game is not finite: a position can be reached from itself")]
pub struct GameLoop;

/// Grundy values of an [`ImpartialGame`], computed on demand and remembered.
///
/// The computation keeps its own stack, so long chains of positions do not overflow the
/// call stack.
pub struct GrundyMemo<'g, G: ImpartialGame> {
    game: &'g G,
    values: HashMap<G::Position, u32>,
}

impl<'g, G: ImpartialGame> GrundyMemo<'g, G> {
    /// An empty memo for `game`.
    pub fn new(game: &'g G) -> Self {
        GrundyMemo {
            game,
            values: HashMap::new(),
        }
    }

    /// How many positions have a remembered value.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is remembered yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The Grundy value of `position`: the mex of the values of its options, the value of a
    /// sum being the XOR of its components' values.
    pub fn grundy(&mut self, position: &G::Position) -> Result<u32, GameLoop> {
        if let Some(&v) = self.values.get(position) {
            return Ok(v);
        }
        // Depth-first with an explicit stack; `expanded` marks positions whose options have
        // been pushed. A position met again while it is expanded lies on a cycle.
        let mut stack = vec![(position.clone(), false)];
        let mut in_progress: HashSet<G::Position> = HashSet::new();
        while let Some((top, expanded)) = stack.pop() {
            if self.values.contains_key(&top) {
                continue;
            }
            let options = self.game.options(&top);
            if expanded {
                let value = mex(options
                    .iter()
                    .map(|sum| sum.iter().fold(0, |x, p| x ^ self.values[p])));
                self.values.insert(top.clone(), value);
                in_progress.remove(&top);
                continue;
            }
            in_progress.insert(top.clone());
            stack.push((top, true));
            for part in options.iter().flatten() {
                if !self.values.contains_key(part) {
                    if in_progress.contains(part) {
                        return Err(GameLoop);
                    }
                    stack.push((part.clone(), false));
                }
            }
        }
        Ok(self.values[position])
    }

    /// The Grundy value of a disjoint sum: the XOR of its components' values.
    pub fn grundy_of_sum(&mut self, components: &[G::Position]) -> Result<u32, GameLoop> {
        components
            .iter()
            .try_fold(0, |x, p| Ok(x ^ self.grundy(p)?))
    }
}
