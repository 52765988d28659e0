//! Periodicity of Grundy sequences, and proofs of it by the octal periodicity theorem.

use crate::HeapGame;
use serde::Serialize;

/// An eventual period found in G(0..=N).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The smallest n0 with G(n + p) = G(n) for every computed n ≥ n0.
    pub preperiod: u64,
    /// The period p.
    pub period: u64,
    /// Whether the octal periodicity theorem proves the period holds for every n ≥ n0
    /// (otherwise it is only observed within the computed range).
    pub proven: bool,
}

/// The smallest n0 with `values[n + p] == values[n]` for every n ≥ n0 in range, given
/// that this holds for every n > `start` (so only n ≤ `start` are looked at).
fn preperiod_below(values: &[u32], p: usize, start: usize) -> usize {
    (0..=start)
        .rev()
        .find(|&n| values[n + p] != values[n])
        .map_or(0, |n| n + 1)
}

/// Looks for an eventual period of `values` = G(0..=N) of `game`.
///
/// The period reported is the smallest p for which the octal periodicity theorem proves
/// periodicity from the computed values: for a finite octal game whose moves remove at most
/// t counters, G(n + p) = G(n) for n0 ≤ n < 2·n0 + p + t implies it for every n ≥ n0.
/// If no period is proven (or the theorem does not apply to the game), the smallest p is
/// reported whose periodic part G(n0..=N) spans at least three periods and at least 30
/// values, as observed only. The preperiod is the smallest n0 for that p.
///
/// ```
/// use cgtk_nimber::{find_periodicity, grundy_sequence, HeapGame};
/// let g = grundy_sequence(&HeapGame::kayles(), 200).unwrap();
/// let p = find_periodicity(&HeapGame::kayles(), &g).unwrap();
/// assert_eq!((p.preperiod, p.period, p.proven), (71, 12, true));
/// ```
pub fn find_periodicity(game: &HeapGame, values: &[u32]) -> Option<Periodicity> {
    if values.len() < 2 {
        return None;
    }
    let last = values.len() - 1;
    let removal = if game.is_finite_octal() {
        game.max_removal()
    } else {
        None
    };
    let mut observed: Option<Periodicity> = None;
    // A period q holding from q0 on, once one over at least half the range is seen: a
    // multiple of q then holds from q0 on too, so only the values below q0 are compared
    // (otherwise each multiple of a short period would be compared over the whole range).
    let mut base: Option<(usize, usize)> = None;
    for p in 1..=last / 2 {
        let n0 = match base {
            Some((q, 0)) if p % q == 0 => 0,
            Some((q, q0)) if p % q == 0 => preperiod_below(values, p, (last - p).min(q0 - 1)),
            _ => preperiod_below(values, p, last - p),
        };
        if base.is_none() && 2 * n0 <= last {
            base = Some((p, n0));
        }
        if let Some(t) = removal {
            // Verified for n0 ≤ n ≤ last − p; the theorem needs n0 ≤ n < 2·n0 + p + t.
            if last - p + 1 >= 2 * n0 + p + t as usize {
                return Some(Periodicity {
                    preperiod: n0 as u64,
                    period: p as u64,
                    proven: true,
                });
            }
        }
        if observed.is_none() && last + 1 >= n0 + (3 * p).max(30) {
            observed = Some(Periodicity {
                preperiod: n0 as u64,
                period: p as u64,
                proven: false,
            });
            if removal.is_none() {
                break;
            }
        }
    }
    observed
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `find_periodicity` as specified, comparing every p over the whole range.
    fn reference(game: &HeapGame, values: &[u32]) -> Option<Periodicity> {
        let last = values.len() - 1;
        let t = game.max_removal().unwrap() as usize;
        let mut observed = None;
        for p in 1..=last / 2 {
            let n0 = (0..=last - p)
                .rev()
                .find(|&n| values[n + p] != values[n])
                .map_or(0, |n| n + 1);
            if last - p + 1 >= 2 * n0 + p + t {
                return Some(Periodicity {
                    preperiod: n0 as u64,
                    period: p as u64,
                    proven: true,
                });
            }
            if observed.is_none() && last + 1 >= n0 + (3 * p).max(30) {
                observed = Some(Periodicity {
                    preperiod: n0 as u64,
                    period: p as u64,
                    proven: false,
                });
            }
        }
        observed
    }

    proptest! {
        // Sequences that repeat a pattern after a prefix, with a few values changed: the
        // shortcut for multiples of a period must not change the answer.
        #[test]
        fn agrees_with_comparing_every_period_in_full(
            prefix in proptest::collection::vec(0u32..4, 0..40),
            pattern in proptest::collection::vec(0u32..4, 1..6),
            length in 40usize..300,
            changes in proptest::collection::vec((0usize..300, 0u32..4), 0..3),
        ) {
            let mut values: Vec<u32> = prefix
                .iter()
                .copied()
                .chain(pattern.iter().copied().cycle())
                .take(length)
                .collect();
            for (at, v) in changes {
                if at < values.len() {
                    values[at] = v;
                }
            }
            let game = HeapGame::kayles();
            prop_assert_eq!(find_periodicity(&game, &values), reference(&game, &values));
        }
    }
}
