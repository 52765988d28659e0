//! Periodicity of Grundy sequences, and proofs of it by the octal periodicity theorem (or a
//! window of values, for games that never split a heap).

use crate::HeapGame;
use serde::Serialize;

/// An eventual period found in G(0..=N).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The smallest n0 with G(n + p) = G(n) for every computed n ≥ n0.
    pub preperiod: u64,
    /// The period p.
    pub period: u64,
    /// The saltus s of an arithmetic period, G(n + p) = G(n) + s (0 for an ordinary period;
    /// see [`find_periodicity`]).
    pub saltus: u64,
    /// How the period is proven to hold for every n ≥ n0 (see [`find_periodicity`]);
    /// `None` when it is only observed within the computed range.
    pub proof: Option<PeriodProof>,
}

impl Periodicity {
    /// Whether the period is proven to hold for every n ≥ n0, not only observed.
    pub fn proven(&self) -> bool {
        self.proof.is_some()
    }
}

/// The argument that proves a period from finitely many values (see [`find_periodicity`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PeriodProof {
    /// The octal periodicity theorem: G(n + p) = G(n) for n0 ≤ n < 2·n0 + p + t, where a
    /// move removes at most t counters.
    OctalTheorem {
        /// t, the most counters a move removes.
        removal: u64,
    },
    /// For a game that never splits a heap: G(n + p) = G(n) for t values in a row from
    /// max(n0, 1), where a move removes at most t counters.
    Window {
        /// t, the most counters a move removes, and the length of the window.
        removal: u64,
    },
}

impl PeriodProof {
    /// The proof `find_periodicity` uses for a finite octal `game` removing at most `t`
    /// counters.
    fn for_game(game: &HeapGame, t: usize) -> PeriodProof {
        let removal = t as u64;
        if game.never_splits() {
            PeriodProof::Window { removal }
        } else {
            PeriodProof::OctalTheorem { removal }
        }
    }

    /// One past the last n at which G(n + p) = G(n) must hold to prove period `p` from `n0`.
    fn end(self, n0: usize, p: usize) -> usize {
        match self {
            PeriodProof::Window { removal } => n0.max(1) + removal as usize,
            PeriodProof::OctalTheorem { removal } => 2 * n0 + p + removal as usize,
        }
    }
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
/// When no move splits a heap ([`HeapGame::never_splits`]: subtraction games, codes such as
/// 0.33), t values in a row suffice: for n > t, G(n) is the mex of G(n − j) over a fixed
/// set of j ≤ t, so G(n + p) = G(n) for max(n0, 1) ≤ n < max(n0, 1) + t implies it for
/// every n ≥ n0 (by induction on n, each window of t values repeating p later).
/// If no period is proven (or the theorem does not apply to the game), the smallest p is
/// reported whose periodic part G(n0..=N) spans at least three periods and at least 30
/// values, as observed only. The preperiod is the smallest n0 for that p.
///
/// All-but subtraction games have no ordinary period (their values grow) but are
/// arithmetic periodic: G(n + p) = G(n) + s for n ≥ n0, with a saltus s ≥ 1. For them,
/// the smallest such p is reported, observed only, by the same rule of three periods and
/// 30 values.
///
/// ```
/// use cgtk_nimber::{find_periodicity, grundy_sequence, HeapGame};
/// let game: HeapGame = "sub:!1,3".parse().unwrap();
/// let g = grundy_sequence(&game, 100).unwrap();
/// let p = find_periodicity(&game, &g).unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus, p.proven()), (0, 2, 1, false));
/// ```
///
/// ```
/// use cgtk_nimber::{find_periodicity, grundy_sequence, HeapGame};
/// let g = grundy_sequence(&HeapGame::kayles(), 200).unwrap();
/// let p = find_periodicity(&HeapGame::kayles(), &g).unwrap();
/// assert_eq!((p.preperiod, p.period, p.proven()), (71, 12, true));
/// ```
pub fn find_periodicity(game: &HeapGame, values: &[u32]) -> Option<Periodicity> {
    if values.len() < 2 {
        return None;
    }
    let last = values.len() - 1;
    let proof = if game.is_finite_octal() {
        game.max_removal()
            .map(|t| PeriodProof::for_game(game, t as usize))
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
        if let Some(proof) = proof {
            // Verified for n0 ≤ n ≤ last − p; the theorem needs n0 ≤ n < 2·n0 + p + t, a
            // game that never splits a heap max(n0, 1) ≤ n < max(n0, 1) + t.
            if last - p + 1 >= proof.end(n0, p) {
                return Some(Periodicity {
                    preperiod: n0 as u64,
                    period: p as u64,
                    saltus: 0,
                    proof: Some(proof),
                });
            }
        }
        if observed.is_none() && last + 1 >= n0 + (3 * p).max(30) {
            observed = Some(Periodicity {
                preperiod: n0 as u64,
                period: p as u64,
                saltus: 0,
                proof: None,
            });
            if proof.is_none() {
                break;
            }
        }
    }
    if observed.is_none() && matches!(game, HeapGame::AllBut { .. }) {
        return arithmetic_periodicity(values);
    }
    observed
}

/// The smallest arithmetic period of `values` with a saltus s ≥ 1 (G(n + p) = G(n) + s for
/// every computed n ≥ n0) whose stretch spans at least three periods and 30 values.
fn arithmetic_periodicity(values: &[u32]) -> Option<Periodicity> {
    let last = values.len() - 1;
    for p in 1..=last / 2 {
        let step = |n: usize| i64::from(values[n + p]) - i64::from(values[n]);
        let saltus = step(last - p);
        if saltus < 1 {
            continue;
        }
        let n0 = (0..=last - p)
            .rev()
            .find(|&n| step(n) != saltus)
            .map_or(0, |n| n + 1);
        if last + 1 >= n0 + (3 * p).max(30) {
            return Some(Periodicity {
                preperiod: n0 as u64,
                period: p as u64,
                saltus: saltus as u64,
                proof: None,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `find_periodicity` as specified, comparing every p over the whole range.
    fn reference(game: &HeapGame, values: &[u32]) -> Option<Periodicity> {
        let last = values.len() - 1;
        let proof = PeriodProof::for_game(game, game.max_removal().unwrap() as usize);
        let mut observed = None;
        for p in 1..=last / 2 {
            let n0 = (0..=last - p)
                .rev()
                .find(|&n| values[n + p] != values[n])
                .map_or(0, |n| n + 1);
            if last - p + 1 >= proof.end(n0, p) {
                return Some(Periodicity {
                    preperiod: n0 as u64,
                    period: p as u64,
                    saltus: 0,
                    proof: Some(proof),
                });
            }
            if observed.is_none() && last + 1 >= n0 + (3 * p).max(30) {
                observed = Some(Periodicity {
                    preperiod: n0 as u64,
                    period: p as u64,
                    saltus: 0,
                    proof: None,
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

        // A period proven from a prefix for a game that never splits a heap holds on a
        // much longer computed sequence.
        #[test]
        fn window_proofs_hold_far_beyond_the_prefix(
            set in proptest::collection::btree_set(1u64..14, 1..5),
            digits in proptest::collection::vec(0u8..4, 1..9),
            use_code in any::<bool>(),
            prefix in 20usize..400,
        ) {
            let game = if use_code {
                HeapGame::Code { digits: std::iter::once(0).chain(digits).collect() }
            } else {
                HeapGame::Subtraction { set: set.into_iter().collect() }
            };
            prop_assert!(game.never_splits());
            let long = crate::grundy_sequence(&game, 3000).unwrap();
            if let Some(p) = find_periodicity(&game, &long[..prefix]) {
                if p.proven() {
                    let (n0, p) = (p.preperiod as usize, p.period as usize);
                    for n in n0..long.len() - p {
                        prop_assert_eq!(long[n + p], long[n], "{} n = {}", game, n);
                    }
                }
            }
        }
    }

    /// The window criterion proves a subtraction game's period from far fewer values than
    /// the octal bound: sub:5,9,12,13,21 has period 50 from 144 (checked against 5,000
    /// values), proven from G(0..=214) where 2·144 + 50 + 21 = 359 values were needed.
    #[test]
    fn a_subtraction_period_is_proven_from_a_short_window() {
        let game: HeapGame = "sub:5,9,12,13,21".parse().unwrap();
        let long = crate::grundy_sequence(&game, 5000).unwrap();
        assert!((144..long.len() - 50).all(|n| long[n + 50] == long[n]));
        assert_ne!(long[143 + 50], long[143]);
        let p = find_periodicity(&game, &long[..=214]).unwrap();
        assert_eq!((p.preperiod, p.period), (144, 50));
        assert_eq!(p.proof, Some(PeriodProof::Window { removal: 21 }));
        let short = find_periodicity(&game, &long[..214]);
        assert!(!short.is_some_and(|p| p.proven()), "{short:?}");
    }
}
