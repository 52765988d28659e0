//! The exact fewest-presses search: published terms of OEIS A075464, brute force over every
//! press vector (n ≤ 4) and over the whole coset (nullity ≤ 16), plane and torus, both
//! methods, limits, and k > 2.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_poggle::{
    board_involutions, coset_minimum_gf2_by, enumerate_solutions, fewest_presses, total_presses,
    BoardSpec, SearchLimits, SearchMethod,
};
use proptest::prelude::*;

/// (n, a(n)) from the data file.
fn published() -> Vec<(usize, u64)> {
    let text = include_str!("data/a075464_fewest_presses.txt");
    assert!(text.starts_with("# Source: "));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            (
                it.next().unwrap().parse().unwrap(),
                it.next().unwrap().parse().unwrap(),
            )
        })
        .collect()
}

fn check_published(n: usize, expected: u64) {
    let board = BoardSpec::square(n, 2).build().unwrap();
    let best = fewest_presses(&board, SearchLimits::default(), &|_| {})
        .unwrap()
        .unwrap();
    let m = &best.minimum;
    assert!(board.is_solution(&m.presses), "n = {n}");
    assert_eq!(total_presses(&m.presses), m.total, "n = {n}");
    assert!(m.minimal, "n = {n}");
    assert_eq!((m.total, m.lower_bound), (expected, expected), "n = {n}");
}

/// Every published term, n = 1..54 (n = 39 and 47, nullity 32 and 30, take a few seconds in
/// the test profile).
#[test]
fn every_published_term() {
    let terms = published();
    assert_eq!(terms.len(), 54);
    for (n, a) in terms {
        check_published(n, a);
    }
}

/// Fewest presses and their number by trying every press vector of a small board.
fn brute_force(rows: usize, cols: usize, torus: bool) -> Option<(u64, u64)> {
    let board = BoardSpec::new(rows, cols, 2)
        .with_torus(torus)
        .build()
        .unwrap();
    let cells = rows * cols;
    let mut best: Option<(u64, u64)> = None;
    for bits in 0u32..(1 << cells) {
        let x: Vec<u32> = (0..cells).map(|i| bits >> i & 1).collect();
        if board.is_solution(&x) {
            let w = u64::from(bits.count_ones());
            best = match best {
                Some((b, c)) if b == w => Some((b, c + 1)),
                Some((b, c)) if b < w => Some((b, c)),
                _ => Some((w, 1)),
            };
        }
    }
    best
}

#[test]
fn every_press_vector_of_boards_up_to_4x4() {
    for rows in 1..=4 {
        for cols in 1..=4 {
            for torus in [false, true] {
                let board = BoardSpec::new(rows, cols, 2)
                    .with_torus(torus)
                    .build()
                    .unwrap();
                let what = format!("{rows}×{cols} torus {torus}");
                let expected = brute_force(rows, cols, torus);
                let got = fewest_presses(&board, SearchLimits::default(), &|_| {}).unwrap();
                match (expected, got) {
                    (None, None) => {}
                    (Some((w, count)), Some(best)) => {
                        let m = best.minimum;
                        assert!(board.is_solution(&m.presses), "{what}");
                        assert!(m.minimal, "{what}");
                        assert_eq!((m.total, m.count), (w, Some(count)), "{what}");
                    }
                    (e, g) => panic!("{what}: brute force {e:?}, search {:?}", g.is_some()),
                }
            }
        }
    }
}

/// Fewest presses and their number by listing the whole coset with the odometer walk.
fn coset_brute_force(x: &[u32], basis: &[(Vec<u32>, u32)]) -> (u64, u64) {
    let all = enumerate_solutions(x, basis, 2, usize::MAX);
    assert_eq!(all.len(), 1 << basis.len());
    let best = all.iter().map(|s| total_presses(s)).min().unwrap();
    let count = all.iter().filter(|s| total_presses(s) == best).count() as u64;
    (best, count)
}

/// Every square board up to 40 (plane) and 24 (torus) whose nullity is at most 16: both
/// methods agree with the whole coset.
#[test]
fn whole_coset_when_the_nullity_is_at_most_16() {
    let mut checked = 0;
    for torus in [false, true] {
        let top = if torus { 24 } else { 40 };
        for n in 1..=top {
            let board = BoardSpec::square(n, 2).with_torus(torus).build().unwrap();
            let analysis = board.analyze().unwrap();
            let basis = analysis.kernel_basis();
            if basis.len() > 16 {
                continue;
            }
            let Some(x) = analysis.solve(&board.target()).unwrap() else {
                continue;
            };
            let (best, count) = coset_brute_force(&x, &basis);
            // With the board's involutions: the walk is halved (random cosets below go without).
            let symmetries = board_involutions(n, n);
            let gens: Vec<Vec<u32>> = basis.into_iter().map(|(g, _)| g).collect();
            for method in [SearchMethod::GrayCode, SearchMethod::InformationSets] {
                let what = format!("{n}×{n} torus {torus} {method:?}");
                let m = coset_minimum_gf2_by(
                    Some(method),
                    &x,
                    &gens,
                    &symmetries,
                    SearchLimits::default(),
                    &|_| {},
                );
                assert!(board.is_solution(&m.presses), "{what}");
                assert_eq!(total_presses(&m.presses), m.total, "{what}");
                assert!(m.minimal, "{what}");
                assert_eq!((m.total, m.lower_bound), (best, best), "{what}");
                if method == SearchMethod::GrayCode {
                    assert_eq!(m.count, Some(count), "{what}");
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Random cosets (random generators, possibly dependent columns, random origin): both
    /// methods find the brute-force minimum.
    #[test]
    fn random_cosets_agree_with_brute_force(
        len in 1usize..90,
        dim in 0usize..10,
        seed in any::<u64>(),
    ) {
        let mut state = seed | 1;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state & 1) as u32
        };
        let x: Vec<u32> = (0..len).map(|_| next()).collect();
        // Independent generators: row i has a 1 at column i (when i < len).
        let dim = dim.min(len);
        let gens: Vec<Vec<u32>> = (0..dim)
            .map(|i| (0..len).map(|j| if j == i { 1 } else if j < dim { 0 } else { next() }).collect())
            .collect();
        let with_orders: Vec<(Vec<u32>, u32)> = gens.iter().map(|g| (g.clone(), 2)).collect();
        let (best, count) = coset_brute_force(&x, &with_orders);
        for method in [SearchMethod::GrayCode, SearchMethod::InformationSets] {
            let m = coset_minimum_gf2_by(Some(method), &x, &gens, &[], SearchLimits::default(), &|_| {});
            prop_assert!(m.minimal);
            prop_assert_eq!(m.total, best);
            prop_assert_eq!(total_presses(&m.presses), best);
            if method == SearchMethod::GrayCode {
                prop_assert_eq!(m.count, Some(count));
            }
        }
    }
}

/// A node limit stops the search with an honest answer: a checked solution, a lower bound
/// not above it, `minimal` only when they meet.
#[test]
fn a_node_limit_gives_the_best_found_and_a_proven_bound() {
    let board = BoardSpec::square(39, 2).build().unwrap();
    let limits = SearchLimits {
        time: None,
        nodes: Some(200_000),
    };
    let best = fewest_presses(&board, limits, &|_| {}).unwrap().unwrap();
    let m = best.minimum;
    assert!(board.is_solution(&m.presses));
    assert!(
        m.lower_bound <= 561 && 561 <= m.total,
        "{} {}",
        m.lower_bound,
        m.total
    );
    assert_eq!(m.minimal, m.lower_bound == m.total);
    assert!(!m.minimal);
    assert_eq!(m.count, None);
}

/// Progress reports carry a lower bound never above the best found.
#[test]
fn progress_reports_are_consistent() {
    use std::sync::Mutex;
    let seen = Mutex::new(Vec::new());
    let board = BoardSpec::square(30, 2).build().unwrap();
    let report = |p: &cgtk_poggle::SearchProgress| seen.lock().unwrap().push(*p);
    let best = fewest_presses(&board, SearchLimits::default(), &report)
        .unwrap()
        .unwrap();
    let seen = seen.into_inner().unwrap();
    assert!(!seen.is_empty());
    for p in &seen {
        assert!(p.lower_bound <= p.best, "{p:?}");
    }
    let last = seen.last().unwrap();
    assert_eq!((last.best, last.lower_bound), (376, 376));
    assert_eq!(best.minimum.total, 376);
}

/// k > 2: the coset walk agrees with trying every press vector (3 colours, boards up to
/// 3×3 and the 2×4 torus).
#[test]
fn three_colours_agree_with_every_press_vector() {
    for (rows, cols, torus) in [
        (2, 2, false),
        (2, 3, false),
        (3, 3, false),
        (2, 2, true),
        (3, 3, true),
        (2, 4, true),
    ] {
        let board = BoardSpec::new(rows, cols, 3)
            .with_torus(torus)
            .build()
            .unwrap();
        let cells = rows * cols;
        let mut best: Option<(u64, u64)> = None;
        for code in 0..3u32.pow(cells as u32) {
            let mut c = code;
            let x: Vec<u32> = (0..cells)
                .map(|_| {
                    let d = c % 3;
                    c /= 3;
                    d
                })
                .collect();
            if board.is_solution(&x) {
                let w = total_presses(&x);
                best = match best {
                    Some((b, n)) if b == w => Some((b, n + 1)),
                    Some((b, n)) if b < w => Some((b, n)),
                    _ => Some((w, 1)),
                };
            }
        }
        let what = format!("{rows}×{cols} torus {torus}");
        let got = fewest_presses(&board, SearchLimits::default(), &|_| {}).unwrap();
        match (best, got) {
            (None, None) => {}
            (Some((w, n)), Some(f)) => {
                assert!(board.is_solution(&f.minimum.presses), "{what}");
                assert!(f.minimum.minimal, "{what}");
                assert_eq!((f.minimum.total, f.minimum.count), (w, Some(n)), "{what}");
                assert_eq!(f.minimum.method, SearchMethod::CosetWalk, "{what}");
            }
            (e, g) => panic!("{what}: brute force {e:?}, search {:?}", g.is_some()),
        }
    }
}

/// The press grids published in `data/poggle_fewest_presses.txt` (the terms past the
/// published table): each turns the all-lit n×n board off with exactly the stated number of
/// presses, and those marked minimal match a fresh search when it is quick.
#[test]
fn published_grids_solve_their_boards() {
    let text = include_str!("../../../data/poggle_fewest_presses.txt");
    let mut blocks = 0;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(head) = line.strip_prefix("# n = ") else {
            continue;
        };
        let n: usize = head.split(',').next().unwrap().parse().unwrap();
        let presses: u64 = head
            .split(": ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let mut grid = Vec::new();
        for _ in 0..n {
            let row = lines.next().unwrap();
            assert_eq!(row.len(), n, "n = {n}");
            grid.extend(row.bytes().map(|b| u32::from(b - b'0')));
        }
        let board = BoardSpec::square(n, 2).build().unwrap();
        assert!(board.is_solution(&grid), "n = {n}");
        assert_eq!(total_presses(&grid), presses, "n = {n}");
        if head.contains("(minimal)") && board.analyze().unwrap().nullity().unwrap() <= 12 {
            let best = fewest_presses(&board, SearchLimits::default(), &|_| {})
                .unwrap()
                .unwrap();
            assert_eq!(best.minimum.total, presses, "n = {n}");
        }
        blocks += 1;
    }
    assert!(blocks >= 10, "{blocks}");
}
