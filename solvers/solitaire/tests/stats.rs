//! Benchmark summaries: the paired comparison of two players (the sign test against an
//! exact count) and the deals a sharded run plays.

use cgtk_solitaire::{
    sign_test, BenchSummary, DealSlice, MergeError, PairedComparison, SummaryError,
};

/// The two-sided sign test recounted with exact integers: the number of the 2^n ways to
/// split n discordant deals whose smaller side is at most min(b, c), times 2, over 2^n.
fn exact(b: u64, c: u64) -> f64 {
    let n = b + c;
    let k = b.min(c);
    let mut ways: u128 = 0;
    for mask in 0u64..(1u64 << n) {
        let ones = mask.count_ones() as u64;
        if ones <= k {
            ways += 1;
        }
    }
    ((2 * ways) as f64 / (1u64 << n) as f64).min(1.0)
}

#[test]
fn the_sign_test_equals_an_exact_count_of_splits() {
    for b in 0..=10 {
        for c in 0..=10 {
            let p = sign_test(b, c);
            assert!((p - exact(b, c)).abs() < 1e-12, "{b} {c}: {p}");
            assert_eq!(p, sign_test(c, b));
        }
    }
    // Large counts neither overflow nor leave [0, 1].
    let p = sign_test(400, 460);
    assert!(p > 0.0 && p < 0.06, "{p}");
    assert!(sign_test(0, 1000) < 1e-290);
}

#[test]
fn a_paired_comparison_counts_each_side() {
    let c = PairedComparison::new(&[0, 2, 4, 6, 8], &[1, 2, 3, 4]);
    assert_eq!((c.both, c.only_first, c.only_second), (2, 3, 2));
    assert!((c.p_value - 1.0).abs() < 1e-12);
}

/// The shards 1..=N of a run play every deal of the run exactly once, whatever N.
#[test]
fn shards_cover_the_run_once() {
    for first_seed in [0u64, 7] {
        for deals in 0..=23u64 {
            for shards in 1..=9u64 {
                let mut all: Vec<u64> = (1..=shards)
                    .flat_map(|i| DealSlice::shard(first_seed, deals, i, shards).numbers())
                    .collect();
                all.sort_unstable();
                let whole: Vec<u64> = (first_seed..first_seed + deals).collect();
                assert_eq!(
                    all, whole,
                    "{deals} deals from {first_seed} in {shards} shards"
                );
            }
        }
    }
}

/// Merged shards list their deals; a complete set joins back into one range, a shard
/// given twice is refused, and results without a list of deals still merge.
#[test]
fn merge_tracks_the_deals_played() {
    let part = |i: u64, wins: Vec<u64>| {
        BenchSummary::new("p", 4, 0, 5, wins.len() as u64, 0, 1.0)
            .with_won_deals(wins)
            .with_deals(vec![DealSlice::shard(0, 10, i, 2)])
    };
    let (a, b) = (part(1, vec![0, 4]), part(2, vec![3]));
    let all = BenchSummary::merge(&[a.clone(), b.clone()]).unwrap();
    assert_eq!(
        all.deals,
        [DealSlice {
            first: 0,
            step: 1,
            count: 10
        }]
    );
    assert_eq!(all.deal_numbers(), Some((0..10).collect()));
    assert_eq!(all.won_deals, [0, 3, 4]);
    assert_eq!(
        BenchSummary::merge(&[a.clone(), b.clone(), a.clone()]),
        Err(MergeError::Overlap(0))
    );
    // Two shards of 10 that leave a gap keep their slices.
    let c =
        BenchSummary::new("p", 4, 0, 5, 0, 0, 1.0).with_deals(vec![DealSlice::shard(20, 10, 1, 2)]);
    let gap = BenchSummary::merge(&[a.clone(), c]).unwrap();
    assert_eq!(gap.deals.len(), 2);
    assert_eq!(gap.deal_numbers().unwrap().len(), 10);
    // An older result (no list) makes the merged list unknown, not wrong.
    let old = BenchSummary::new("p", 4, 10, 5, 0, 0, 1.0);
    let mixed = BenchSummary::merge(&[a, old]).unwrap();
    assert!(mixed.deals.is_empty());
    assert_eq!(mixed.deal_numbers(), None);
    assert_eq!(mixed.games, 10);
}

/// A result without a list of deals played, given twice, is still refused when it won a
/// deal: that deal is won in two parts.
#[test]
fn merge_refuses_a_deal_won_twice() {
    let old = BenchSummary::new("p", 4, 0, 10, 2, 0, 1.0).with_won_deals(vec![3, 8]);
    assert_eq!(
        BenchSummary::merge(&[old.clone(), old.clone()]),
        Err(MergeError::Overlap(3))
    );
    let other = BenchSummary::new("p", 4, 10, 10, 1, 0, 1.0).with_won_deals(vec![12]);
    assert_eq!(BenchSummary::merge(&[old, other]).unwrap().wins, 3);
}

/// A result read back must not count more games won and undecided than played, nor list
/// another number of deals won than it counts (an empty list is an older result's).
#[test]
fn check_refuses_counts_that_do_not_add_up() {
    let s = BenchSummary::new("p", 4, 0, 10, 2, 0, 1.0).with_won_deals(vec![1, 2]);
    assert_eq!(s.check(), Ok(()));
    let mut more_wins = s.clone();
    more_wins.wins = 9;
    assert_eq!(
        more_wins.check(),
        Err(SummaryError::WonCount { wins: 9, listed: 2 })
    );
    let mut undecided = s.clone();
    undecided.unknown = 20;
    assert_eq!(
        undecided.check(),
        Err(SummaryError::Counts {
            games: 10,
            wins: 2,
            unknown: 20
        })
    );
    let mut overflow = s.clone();
    overflow.unknown = u64::MAX;
    assert!(matches!(overflow.check(), Err(SummaryError::Counts { .. })));
    let older = BenchSummary::new("p", 4, 0, 10, 2, 0, 1.0);
    assert_eq!(older.check(), Ok(()));
    // The messages count in words: one win, one deal.
    assert_eq!(
        SummaryError::WonCount { wins: 1, listed: 2 }.to_string(),
        "it counts 1 win but lists 2 deals won"
    );
    assert_eq!(
        SummaryError::WonCount { wins: 2, listed: 1 }.to_string(),
        "it counts 2 wins but lists 1 deal won"
    );
    assert_eq!(
        SummaryError::Counts {
            games: 1,
            wins: 1,
            unknown: 1
        }
        .to_string(),
        "it counts 1 game won and 1 undecided of only 1 game played"
    );
}

/// Processor time adds up over the parts when every part measured it.
#[test]
fn merge_adds_processor_time() {
    let part = |games: u64, cpu: Option<f64>| {
        let s = BenchSummary::new("p", 4, 0, games, 0, 0, 10.0);
        match cpu {
            Some(c) => s.with_cpu_seconds(c),
            None => s,
        }
    };
    let both = BenchSummary::merge(&[part(10, Some(5.0)), part(30, Some(15.0))]).unwrap();
    assert_eq!(both.cpu_seconds_per_game, Some(0.5));
    assert_eq!(both.seconds_per_game, 0.5);
    let one = BenchSummary::merge(&[part(10, Some(5.0)), part(30, None)]).unwrap();
    assert_eq!(one.cpu_seconds_per_game, None);
}
