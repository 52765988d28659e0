//! Win-rate summaries: the Wilson score interval, and benchmark results that add up
//! across shards.

use serde::{Deserialize, Serialize};

/// The 95% Wilson score interval for `wins` out of `games` (z = 1.96); `(0, 1)` for no
/// games.
///
/// ```
/// use cgtk_solitaire::wilson_interval;
/// let (lo, hi) = wilson_interval(50, 100);
/// assert!((lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4);
/// assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
/// // Exactly 0 and 1 at the ends, not a rounding error away.
/// assert_eq!(wilson_interval(0, 7).0, 0.0);
/// assert_eq!(wilson_interval(10_000, 10_000).1, 1.0);
/// ```
pub fn wilson_interval(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let n = games as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    // At 0 and at n wins a bound is exactly 0 or 1 (p(1 − p) = 0), which the float
    // arithmetic above misses by a rounding error.
    let low = if wins == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if wins >= games {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// The result of playing (or solving) a run of numbered deals, as `cgtk calculation bench`
/// prints it in JSON; results of shards of one run add up with [`BenchSummary::merge`].
///
/// ```
/// use cgtk_solitaire::BenchSummary;
/// let a = BenchSummary::new("rule-based", 4, 0, 10, 3, 0, 1.0);
/// let b = BenchSummary::new("rule-based", 4, 10, 10, 5, 0, 3.0);
/// let all = BenchSummary::merge(&[a, b]).unwrap();
/// assert_eq!((all.games, all.wins), (20, 8));
/// assert_eq!(all.rate, 0.4);
/// assert_eq!(all.seconds_per_game, 0.2);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchSummary {
    /// Who played (`solver` for a solvability count).
    pub player: String,
    /// Waste piles.
    pub piles: u8,
    /// The first deal's number of the run this covers (the least, after a merge).
    pub first_seed: u64,
    /// Games played.
    pub games: u64,
    /// Games won (deals found winnable, for the solver).
    pub wins: u64,
    /// Deals left undecided by the solver's limits (0 for players).
    pub unknown: u64,
    /// wins / games.
    pub rate: f64,
    /// Lower end of the 95% Wilson interval of the rate (unknown deals counted as lost).
    pub ci_low: f64,
    /// Upper end of the 95% Wilson interval (unknown deals counted as won).
    pub ci_high: f64,
    /// Wall-clock seconds of the run divided by its games.
    pub seconds_per_game: f64,
    /// Processor seconds of the run (all its threads) divided by its games: the fair
    /// figure on a shared machine, where wall time also counts the other programs. Absent
    /// in results written before it was measured; after a merge, present only when every
    /// part has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_seconds_per_game: Option<f64>,
    /// The numbers of the deals won (found winnable, for the solver), ascending, so that
    /// two players can be compared deal by deal on the same deals. Results written before
    /// this list existed read as an empty list.
    #[serde(default)]
    pub won_deals: Vec<u64>,
    /// The deals played, as evenly spaced runs of deal numbers (one for a whole run, one
    /// per shard after a merge, joined back into one when they fill a range), so that
    /// [`merge`](BenchSummary::merge) refuses a shard counted twice and two results can be
    /// checked to cover the same deals. Results written before this list existed read as
    /// an empty list (deals not known).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deals: Vec<DealSlice>,
}

/// Evenly spaced deal numbers: `count` deals from `first`, `step` apart. A whole run of
/// deals `S..S+D` is `{ first: S, step: 1, count: D }`; its shard `I/N` is
/// `{ first: S + I − 1, step: N, count: ⌈(D − I + 1) / N⌉ }`.
///
/// ```
/// use cgtk_solitaire::DealSlice;
/// let shard = DealSlice::shard(100, 10, 3, 4); // shard 3/4 of deals 100..110
/// assert_eq!(shard.numbers().collect::<Vec<_>>(), [102, 106]);
/// assert_eq!(DealSlice::shard(0, 3, 4, 4).count, 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealSlice {
    /// The first deal's number.
    pub first: u64,
    /// The distance between consecutive deals (at least 1).
    pub step: u64,
    /// How many deals.
    pub count: u64,
}

impl DealSlice {
    /// Shard `index` of `shards` (1-based) of the `deals` deals numbered from `first_seed`:
    /// the deals `k` with `(k − first_seed) mod shards = index − 1`.
    pub fn shard(first_seed: u64, deals: u64, index: u64, shards: u64) -> DealSlice {
        let shards = shards.max(1);
        let offset = index.saturating_sub(1);
        DealSlice {
            first: first_seed.saturating_add(offset),
            step: shards,
            count: deals.saturating_sub(offset).div_ceil(shards),
        }
    }

    /// The deal numbers, ascending (numbers past `u64::MAX` stop at it: no run of deals
    /// reaches there).
    pub fn numbers(&self) -> impl Iterator<Item = u64> {
        let (first, step) = (self.first, self.step.max(1));
        (0..self.count).map(move |k| first.saturating_add(k.saturating_mul(step)))
    }
}

/// Every deal number of `slices`, ascending (repeats kept).
fn deal_numbers(slices: &[DealSlice]) -> Vec<u64> {
    let mut all: Vec<u64> = slices.iter().flat_map(DealSlice::numbers).collect();
    all.sort_unstable();
    all
}

/// Why results could not be merged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no results to merge")]
    Empty,
    /// Results of different players or pile counts.
    #[error("cannot add results of {0} and {1}: different players or numbers of waste piles")]
    Mismatch(String, String),
    /// Two parts played the same deal: a shard given twice, or shards of different runs.
    #[error("deal {0} is in two of the results: a shard given twice, or shards of different runs that overlap")]
    Overlap(u64),
}

/// `1 deal`, `2 deals`.
fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The most deals a summary read back may list (their numbers are expanded to be checked).
pub const MAX_LISTED_DEALS: u64 = 100_000_000;

/// Why a summary read back is not one `bench` could have written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SummaryError {
    /// A slice runs past the deal numbers, or the list is too long to check.
    #[error("its list of deals played is not one `cgtk calculation bench` writes (at most {MAX_LISTED_DEALS} deals, numbers below 2^64)")]
    Deals,
    /// The deals listed do not add up to the games.
    #[error("it counts {} but lists {} played", count(*.games, "game"), count(*.listed, "deal"))]
    Games {
        /// Games counted.
        games: u64,
        /// Deals listed.
        listed: u64,
    },
    /// A deal counted as won is not among those played.
    #[error("it lists deal {0} as won but not among the deals it played")]
    WonNotPlayed(u64),
    /// More games won or undecided than played.
    #[error("it counts {} won and {unknown} undecided of only {} played", count(*.wins, "game"), count(*.games, "game"))]
    Counts {
        /// Games counted.
        games: u64,
        /// Games won.
        wins: u64,
        /// Games undecided.
        unknown: u64,
    },
    /// The list of deals won does not hold as many deals as the wins counted.
    #[error("it counts {} but lists {} won", count(*.wins, "win"), count(*.listed, "deal"))]
    WonCount {
        /// Wins counted.
        wins: u64,
        /// Deals listed as won.
        listed: u64,
    },
}

impl BenchSummary {
    /// Checks a summary read back (from a file) before it is used: no more games won and
    /// undecided than played; its list of deals won, when it has one (results written
    /// before the list existed have none), holds as many deals as the wins; its list of
    /// deals played, when it has one, stays within the deal numbers and at most
    /// [`MAX_LISTED_DEALS`] (checked before it is expanded), adds up to the games, and
    /// holds every deal won.
    ///
    /// ```
    /// use cgtk_solitaire::{BenchSummary, DealSlice, SummaryError};
    /// let s = BenchSummary::new("p", 4, 0, 5, 1, 0, 1.0)
    ///     .with_won_deals(vec![1])
    ///     .with_deals(vec![DealSlice::shard(0, 10, 1, 2)]);
    /// assert_eq!(s.check(), Err(SummaryError::WonNotPlayed(1)));
    /// ```
    pub fn check(&self) -> Result<(), SummaryError> {
        if self
            .wins
            .checked_add(self.unknown)
            .map_or(true, |n| n > self.games)
        {
            return Err(SummaryError::Counts {
                games: self.games,
                wins: self.wins,
                unknown: self.unknown,
            });
        }
        let mut won = self.won_deals.clone();
        won.sort_unstable();
        won.dedup();
        if !self.won_deals.is_empty() && won.len() as u64 != self.wins {
            return Err(SummaryError::WonCount {
                wins: self.wins,
                listed: won.len() as u64,
            });
        }
        let bad_slice = self.deals.iter().any(|s| {
            s.count > 0
                && (s.step == 0 && s.count > 1
                    || (s.count - 1)
                        .checked_mul(s.step)
                        .and_then(|span| s.first.checked_add(span))
                        .is_none())
        });
        let listed = self
            .deals
            .iter()
            .try_fold(0u64, |total, s| total.checked_add(s.count));
        if bad_slice || listed.map_or(true, |n| n > MAX_LISTED_DEALS) {
            return Err(SummaryError::Deals);
        }
        if let Some(played) = self.deal_numbers() {
            if played.len() as u64 != self.games {
                return Err(SummaryError::Games {
                    games: self.games,
                    listed: played.len() as u64,
                });
            }
            if let Some(&d) = self
                .won_deals
                .iter()
                .find(|d| played.binary_search(d).is_err())
            {
                return Err(SummaryError::WonNotPlayed(d));
            }
        }
        Ok(())
    }

    /// A summary with the rate and interval computed from the counts; `seconds` is the
    /// run's wall-clock time.
    ///
    /// ```
    /// use cgtk_solitaire::BenchSummary;
    /// let s = BenchSummary::new("random", 4, 0, 100, 0, 0, 2.0);
    /// assert_eq!(s.ci_low, 0.0);
    /// assert!(s.ci_high < 0.04);
    /// ```
    pub fn new(
        player: &str,
        piles: u8,
        first_seed: u64,
        games: u64,
        wins: u64,
        unknown: u64,
        seconds: f64,
    ) -> BenchSummary {
        let (ci_low, _) = wilson_interval(wins, games);
        let (_, ci_high) = wilson_interval(wins + unknown, games);
        BenchSummary {
            player: player.to_string(),
            piles,
            first_seed,
            games,
            wins,
            unknown,
            rate: if games == 0 {
                0.0
            } else {
                wins as f64 / games as f64
            },
            ci_low,
            ci_high,
            seconds_per_game: if games == 0 {
                0.0
            } else {
                seconds / games as f64
            },
            won_deals: Vec::new(),
            deals: Vec::new(),
            cpu_seconds_per_game: None,
        }
    }

    /// The summary with the list of deals won set to `deals` (sorted, repeats removed).
    ///
    /// ```
    /// use cgtk_solitaire::BenchSummary;
    /// let s = BenchSummary::new("random", 4, 0, 10, 2, 0, 1.0).with_won_deals(vec![7, 3]);
    /// assert_eq!(s.won_deals, [3, 7]);
    /// ```
    pub fn with_won_deals(mut self, mut deals: Vec<u64>) -> BenchSummary {
        deals.sort_unstable();
        deals.dedup();
        self.won_deals = deals;
        self
    }

    /// The summary with the run's processor time, `cpu_seconds` in all, spread over its
    /// games.
    ///
    /// ```
    /// use cgtk_solitaire::BenchSummary;
    /// let s = BenchSummary::new("random", 4, 0, 10, 0, 0, 4.0).with_cpu_seconds(3.0);
    /// assert_eq!(s.cpu_seconds_per_game, Some(0.3));
    /// ```
    pub fn with_cpu_seconds(mut self, cpu_seconds: f64) -> BenchSummary {
        self.cpu_seconds_per_game = (self.games > 0).then(|| cpu_seconds / self.games as f64);
        self
    }

    /// The summary with the deals played set to `deals`.
    ///
    /// ```
    /// use cgtk_solitaire::{BenchSummary, DealSlice};
    /// let s = BenchSummary::new("random", 4, 0, 5, 0, 0, 1.0)
    ///     .with_deals(vec![DealSlice::shard(0, 10, 1, 2)]);
    /// assert_eq!(s.deal_numbers(), Some(vec![0, 2, 4, 6, 8]));
    /// ```
    pub fn with_deals(mut self, deals: Vec<DealSlice>) -> BenchSummary {
        self.deals = deals;
        self
    }

    /// The numbers of the deals played, ascending; `None` for a result that does not list
    /// them (written before the list existed).
    pub fn deal_numbers(&self) -> Option<Vec<u64>> {
        (!self.deals.is_empty() || self.games == 0).then(|| deal_numbers(&self.deals))
    }

    /// Adds up shards of one run: counts and times add, the rate and interval are
    /// recomputed, the lists of deals won are united. All parts must have the same player
    /// and waste piles. No deal may be won in two parts, and when every part lists the
    /// deals it played, no deal may be in two parts ([`MergeError::Overlap`]); then the
    /// lists are joined (into one range when they fill one); otherwise the merged list is
    /// left empty (not known).
    ///
    /// ```
    /// use cgtk_solitaire::BenchSummary;
    /// let a = BenchSummary::new("mcts", 4, 0, 2, 1, 0, 1.0).with_won_deals(vec![2]);
    /// let b = BenchSummary::new("mcts", 4, 1, 2, 2, 0, 1.0).with_won_deals(vec![3, 1]);
    /// assert_eq!(BenchSummary::merge(&[a, b]).unwrap().won_deals, [1, 2, 3]);
    /// ```
    pub fn merge(parts: &[BenchSummary]) -> Result<BenchSummary, MergeError> {
        let first = parts.first().ok_or(MergeError::Empty)?;
        for p in parts {
            if p.player != first.player || p.piles != first.piles {
                return Err(MergeError::Mismatch(
                    format!("{} ({} piles)", first.player, first.piles),
                    format!("{} ({} piles)", p.player, p.piles),
                ));
            }
        }
        let games = parts.iter().map(|p| p.games).sum();
        let wins = parts.iter().map(|p| p.wins).sum();
        let unknown = parts.iter().map(|p| p.unknown).sum();
        let seconds = parts
            .iter()
            .map(|p| p.seconds_per_game * p.games as f64)
            .sum();
        let first_seed = parts.iter().map(|p| p.first_seed).min().unwrap_or(0);
        let mut won_deals: Vec<u64> = parts
            .iter()
            .flat_map(|p| p.won_deals.iter().copied())
            .collect();
        // A deal won in two parts was played twice, whether or not the parts list the
        // deals they played (results written before that list existed do not).
        won_deals.sort_unstable();
        if let Some(w) = won_deals.windows(2).find(|w| w[0] == w[1]) {
            return Err(MergeError::Overlap(w[0]));
        }
        // The deals played are known when every part lists them; then no deal may be
        // counted twice.
        let mut deals = Vec::new();
        if parts.iter().all(|p| !p.deals.is_empty() || p.games == 0) {
            deals = parts.iter().flat_map(|p| p.deals.iter().copied()).collect();
            let numbers = deal_numbers(&deals);
            if let Some(w) = numbers.windows(2).find(|w| w[0] == w[1]) {
                return Err(MergeError::Overlap(w[0]));
            }
            if let (Some(&lo), Some(&hi)) = (numbers.first(), numbers.last()) {
                if hi - lo + 1 == numbers.len() as u64 {
                    deals = vec![DealSlice {
                        first: lo,
                        step: 1,
                        count: numbers.len() as u64,
                    }];
                }
            }
        }
        let cpu_seconds: Option<f64> = parts
            .iter()
            .map(|p| {
                p.cpu_seconds_per_game
                    .map(|c| c * p.games as f64)
                    .or((p.games == 0).then_some(0.0))
            })
            .sum();
        let mut total = BenchSummary::new(
            &first.player,
            first.piles,
            first_seed,
            games,
            wins,
            unknown,
            seconds,
        )
        .with_won_deals(won_deals)
        .with_deals(deals);
        if let Some(cpu) = cpu_seconds {
            total = total.with_cpu_seconds(cpu);
        }
        Ok(total)
    }
}

/// Two players' results on the same deals, deal by deal: the deals each won alone and the
/// exact two-sided sign test (McNemar's exact test) of "neither player is better".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairedComparison {
    /// Deals won by both.
    pub both: u64,
    /// Deals won by the first player only.
    pub only_first: u64,
    /// Deals won by the second player only.
    pub only_second: u64,
    /// The exact two-sided p-value: the chance, were each discordant deal equally likely
    /// to go either way, of a split at least as uneven as the one seen.
    pub p_value: f64,
}

impl PairedComparison {
    /// Compares two sorted lists of deals won on the same deals.
    ///
    /// ```
    /// use cgtk_solitaire::PairedComparison;
    /// let c = PairedComparison::new(&[1, 2, 3, 4, 5, 6], &[1]);
    /// assert_eq!((c.both, c.only_first, c.only_second), (1, 5, 0));
    /// assert!((c.p_value - 0.0625).abs() < 1e-12); // 2 / 2^5
    /// ```
    pub fn new(first: &[u64], second: &[u64]) -> PairedComparison {
        let a: std::collections::BTreeSet<u64> = first.iter().copied().collect();
        let b: std::collections::BTreeSet<u64> = second.iter().copied().collect();
        let both = a.intersection(&b).count() as u64;
        let only_first = a.len() as u64 - both;
        let only_second = b.len() as u64 - both;
        PairedComparison {
            both,
            only_first,
            only_second,
            p_value: sign_test(only_first, only_second),
        }
    }
}

/// The exact two-sided sign test of `b` against `c` discordant pairs: twice the binomial
/// (n = b + c, ½) probability of at most min(b, c), at most 1.
///
/// ```
/// use cgtk_solitaire::sign_test;
/// assert_eq!(sign_test(0, 0), 1.0);
/// assert!((sign_test(1, 9) - 22.0 / 1024.0).abs() < 1e-12);
/// assert_eq!(sign_test(3, 3), 1.0);
/// ```
pub fn sign_test(b: u64, c: u64) -> f64 {
    let n = b + c;
    let k = b.min(c);
    // Binomial probabilities in logarithms, so that n in the thousands does not overflow.
    let ln_half_n = n as f64 * 0.5f64.ln();
    let mut ln_choose = 0.0f64; // ln C(n, 0)
    let mut tail = 0.0f64;
    for i in 0..=k {
        if i > 0 {
            ln_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
        }
        tail += (ln_choose + ln_half_n).exp();
    }
    (2.0 * tail).min(1.0)
}
