//! Published results on octal games and Grundy's game far out (hundreds of thousands to
//! millions of heaps), checked with the common/rare method: the periods of solved octal
//! games, proven here by the octal periodicity theorem, and statistics of unsolved games
//! (largest value, sparse values). The tables cite their sources in their first line.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_nimber::{find_periodicity, grundy_sequence, HeapGame};

/// The rows of a table file: the game and its columns (`None` for "-").
fn table(name: &str) -> Vec<(HeapGame, Vec<Option<u64>>)> {
    cgtk_testkit::reference!(name)
        .records()
        .into_iter()
        .map(|record| {
            let mut fields = record.into_iter();
            let game = fields.next().unwrap().parse().unwrap();
            let columns = fields
                .map(|f| match (f, f.strip_prefix("0x")) {
                    ("-", _) => None,
                    (_, Some(hex)) => Some(u64::from_str_radix(hex, 16).unwrap()),
                    (decimal, None) => Some(decimal.parse().unwrap()),
                })
                .collect();
            (game, columns)
        })
        .collect()
}

/// The largest value of `g` and the first heap with it.
fn largest(g: &[u32]) -> (u64, u64) {
    let max = *g.iter().max().unwrap();
    (max as u64, g.iter().position(|&v| v == max).unwrap() as u64)
}

/// How many heaps have a rare value under `mask`, and the last of them.
fn rare_heaps(g: &[u32], mask: u32) -> (u64, u64) {
    let rare: Vec<usize> = (0..g.len())
        .filter(|&n| (g[n] & mask).count_ones() % 2 == 0)
        .collect();
    (rare.len() as u64, *rare.last().unwrap() as u64)
}

/// Rows needing more heaps than this are skipped (0.376 and 0.354 need 4.5 and 20 million;
/// `cgtk grundy 0.376 --to 4536506 --no-values` checks the first by hand).
const MAX_HEAPS: u64 = 1_000_000;

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn solved_octal_games_have_their_published_periods() {
    let mut checked = 0;
    for (game, c) in table("octal_games_solved.txt") {
        let (preperiod, period) = (c[0].unwrap(), c[1].unwrap());
        let t = game.max_removal().unwrap();
        // The least N for which the octal periodicity theorem proves the period from
        // G(0..=N): G(n + p) = G(n) must be seen for n0 <= n < 2·n0 + p + t.
        let to = 2 * preperiod + 2 * period + t - 1;
        if to > MAX_HEAPS {
            continue;
        }
        let g = grundy_sequence(&game, to).unwrap();
        let p = find_periodicity(&game, &g).unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.proven()),
            (preperiod, period, true),
            "{game}"
        );
        // One heap fewer and the period is no longer proven.
        let shorter = find_periodicity(&game, &g[..g.len() - 1]);
        assert_ne!(
            shorter.map(|p| (p.period, p.proven())),
            Some((period, true)),
            "{game}"
        );
        assert_eq!(largest(&g), (c[2].unwrap(), c[3].unwrap()), "{game}");
        if let (Some(mask), Some(count), Some(last)) = (c[4], c[5], c[6]) {
            assert_eq!(rare_heaps(&g, mask as u32), (count, last), "{game}");
        }
        checked += 1;
    }
    assert_eq!(checked, 8);
}

/// Checks the statistics row of `code` on G(0..=to): exactly where `to` covers the heaps of
/// the table (or the heaps that fix a statistic), as a bound otherwise.
fn check_statistics(code: &str, to: u64) {
    let rows = table("sparse_space_statistics.txt");
    let (game, c) = rows
        .iter()
        .find(|(game, _)| game.to_string() == code)
        .unwrap();
    let (heaps, max, first, mask, count, last) = (
        c[0].unwrap(),
        c[1].unwrap(),
        c[2].unwrap(),
        c[3].unwrap() as u32,
        c[4].unwrap(),
        c[5].unwrap(),
    );
    assert!(to < heaps);
    let g = grundy_sequence(game, to).unwrap();
    let (computed_max, computed_first) = largest(&g);
    if first <= to {
        assert_eq!((computed_max, computed_first), (max, first), "{code}");
    } else {
        assert!(computed_max < max, "{code}");
    }
    let (computed_count, computed_last) = rare_heaps(&g, mask);
    if last <= to {
        assert_eq!((computed_count, computed_last), (count, last), "{code}");
    } else {
        assert!(computed_count < count, "{code}");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn grundys_game_to_a_million_matches_the_published_statistics() {
    // Published for 2^21 heaps; from heap 763622 on they fix the statistics of every prefix.
    check_statistics("grundys", 1_000_000);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn octal_game_0_6_matches_the_published_sparse_values() {
    check_statistics("0.6", 100_000);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn octal_games_0_04_and_0_06_match_the_published_statistics() {
    // Games whose values pass 1024, with many rare heaps (the method falls back to the
    // plain one for part of the range).
    check_statistics("0.04", 131_071);
    check_statistics("0.06", 131_071);
}
