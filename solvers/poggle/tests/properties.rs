//! Property tests: every returned solution satisfies A·x ≡ b, the full system and light
//! chasing agree, and the minimal search never does worse than the solution it started from.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_poggle::{minimal_solution, BoardSpec, Grid, Method};
use proptest::prelude::*;

fn board_strategy() -> impl Strategy<Value = (usize, usize, u32, bool, Vec<u64>, Vec<u64>)> {
    (1usize..=7, 1usize..=7, 2u32..=12, any::<bool>()).prop_flat_map(|(r, c, k, torus)| {
        let cell = 0..u64::from(k);
        (
            Just(r),
            Just(c),
            Just(k),
            Just(torus),
            proptest::collection::vec(cell.clone(), r * c),
            proptest::collection::vec(cell, r * c),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 64 } else { 256 }))]

    #[test]
    fn solutions_satisfy_the_system((r, c, k, torus, start, goal) in board_strategy()) {
        let mut spec = BoardSpec::new(r, c, u64::from(k)).with_torus(torus);
        spec.start = Some(Grid::new(r, c, start));
        spec.goal = Some(Grid::new(r, c, goal));
        let board = spec.build().unwrap();
        let target = board.target();
        let full = board.analyze_with(Method::Full).unwrap();
        let x_full = full.solve(&target).unwrap();
        if let Some(x) = &x_full {
            prop_assert!(board.is_solution(x));
        }
        if !(torus && r.max(c) < 3) {
            let chase = board.analyze_with(Method::Chase).unwrap();
            prop_assert_eq!(chase.kernel_size(), full.kernel_size());
            let x_chase = chase.solve(&target).unwrap();
            prop_assert_eq!(x_chase.is_some(), x_full.is_some());
            if let Some(x) = &x_chase {
                prop_assert!(board.is_solution(x));
                let best = minimal_solution(x, &chase.kernel_basis(), &chase.kernel_size(), k, 1 << 20);
                prop_assert!(board.is_solution(&best.presses));
                prop_assert!(best.total <= cgtk_poggle::total_presses(x));
                // A zero budget forces the local search: still a solution, never worse
                // than the start, never better than the proven minimum.
                let local = minimal_solution(x, &chase.kernel_basis(), &chase.kernel_size(), k, 0);
                prop_assert!(!local.exhaustive);
                prop_assert!(board.is_solution(&local.presses));
                prop_assert!(local.total <= cgtk_poggle::total_presses(x));
                prop_assert_eq!(local.total, cgtk_poggle::total_presses(&local.presses));
                if best.exhaustive {
                    prop_assert!(local.total >= best.total);
                }
            }
        }
    }
}

/// The minimal search (bit-packed Gray-code walk for k = 2, odometer walk otherwise) finds
/// the same fewest total as a plain walk over every solution.
#[test]
fn minimal_search_matches_a_plain_walk() {
    for k in [2u32, 3, 4] {
        for n in 1..=9 {
            for torus in [false, true] {
                let board = BoardSpec::square(n, u64::from(k))
                    .with_torus(torus)
                    .build()
                    .unwrap();
                let analysis = board.analyze().unwrap();
                let Some(x) = analysis.solve(&board.target()).unwrap() else {
                    continue;
                };
                let basis = analysis.kernel_basis();
                let mut plain = u64::MAX;
                cgtk_poggle::walk_coset(&x, &basis, k, |y, total| {
                    assert_eq!(total, cgtk_poggle::total_presses(y));
                    plain = plain.min(total);
                    true
                });
                let best = minimal_solution(&x, &basis, &analysis.kernel_size(), k, 1 << 30);
                assert!(best.exhaustive);
                assert_eq!(best.total, plain, "{n}×{n} k={k} torus={torus}");
                assert_eq!(best.total, cgtk_poggle::total_presses(&best.presses));
                assert!(board.is_solution(&best.presses));
            }
        }
    }
}

fn gf2_board_strategy() -> impl Strategy<Value = (usize, usize, bool, Vec<u64>, Vec<u32>)> {
    (1usize..=70, 1usize..=70, any::<bool>()).prop_flat_map(|(r, c, torus)| {
        (
            Just(r),
            Just(c),
            Just(torus),
            proptest::collection::vec(0u64..2, r * c),
            proptest::collection::vec(0u32..2, r * c),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 48 } else { 256 }))]

    /// The bit-packed path (chase on words, streaming check) agrees with the `u32` path:
    /// the same solvability, the same solution, and the row-by-row check agrees with A·x
    /// formed press by press, for solutions and for arbitrary press grids.
    #[test]
    fn bit_packed_solving_and_checking_agree((r, c, torus, start, presses) in gf2_board_strategy()) {
        let mut spec = BoardSpec::new(r, c, 2).with_torus(torus);
        spec.start = Some(Grid::new(r, c, start));
        let board = spec.build().unwrap();
        let analysis = board.analyze().unwrap();
        let x = analysis.solve(&board.target()).unwrap();
        let x_bits = analysis.solve_bits(&board.target_bits()).unwrap();
        prop_assert_eq!(x.is_some(), x_bits.is_some());
        if let (Some(x), Some(x_bits)) = (x, x_bits) {
            prop_assert!(board.is_solution_bits(&x_bits));
            prop_assert!(board.is_solution(&x_bits.to_cells()));
            prop_assert_eq!(x_bits.to_cells(), x);
        }
        let arbitrary = cgtk_poggle::BitGrid::from_cells(&presses, r, c);
        prop_assert_eq!(board.is_solution_bits(&arbitrary), board.is_solution(&presses));
        prop_assert_eq!(board.target_bits().to_cells(), board.target());
    }
}
