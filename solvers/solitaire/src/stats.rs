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
    ((centre - half).max(0.0), (centre + half).min(1.0))
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
}

impl BenchSummary {
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
        }
    }

    /// Adds up shards of one run: counts and time add, the rate and interval are
    /// recomputed. All parts must have the same player and waste piles.
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
        Ok(BenchSummary::new(
            &first.player,
            first.piles,
            first_seed,
            games,
            wins,
            unknown,
            seconds,
        ))
    }
}
