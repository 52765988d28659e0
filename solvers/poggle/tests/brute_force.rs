//! Every board up to 3×3 (and 2×4, 4×2), k = 2..=6, plane and torus: a brute force over all
//! press vectors agrees with the solver's solvability and solution counts, through both the
//! full system and light chasing.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_poggle::{BoardSpec, Grid, Method};

/// A·x by the rules, written independently of the library: each press advances the button
/// and its up/down/left/right neighbours (wrapping on the torus, with repetition).
fn effect(rows: usize, cols: usize, k: u32, torus: bool, x: &[u32]) -> Vec<u32> {
    let mut out = vec![0u32; rows * cols];
    for i in 0..rows {
        for j in 0..cols {
            let p = x[i * cols + j];
            let mut cells = vec![(i as i64, j as i64)];
            for (di, dj) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
                cells.push((i as i64 + di, j as i64 + dj));
            }
            for (a, b) in cells {
                let (a, b) = if torus {
                    (a.rem_euclid(rows as i64), b.rem_euclid(cols as i64))
                } else if a < 0 || b < 0 || a >= rows as i64 || b >= cols as i64 {
                    continue;
                } else {
                    (a, b)
                };
                let e = a as usize * cols + b as usize;
                out[e] = (out[e] + p) % k;
            }
        }
    }
    out
}

fn index(v: &[u32], k: u32) -> usize {
    v.iter()
        .fold(0usize, |acc, &d| acc * k as usize + d as usize)
}

fn digits(mut idx: usize, n: usize, k: u32) -> Vec<u32> {
    let mut v = vec![0; n];
    for d in v.iter_mut().rev() {
        *d = (idx % k as usize) as u32;
        idx /= k as usize;
    }
    v
}

/// For every target t, how many press vectors x give A·x = t. Walks all k^(r·c) press
/// vectors in odometer order, updating A·x and its index incrementally (one button's
/// column per step).
fn histogram(rows: usize, cols: usize, k: u32, torus: bool) -> Vec<u32> {
    let n = rows * cols;
    let columns: Vec<Vec<u32>> = (0..n)
        .map(|b| {
            let mut unit = vec![0; n];
            unit[b] = 1;
            effect(rows, cols, k, torus, &unit)
        })
        .collect();
    let pow: Vec<usize> = (0..n)
        .map(|e| (k as usize).pow((n - 1 - e) as u32))
        .collect();
    let mut counts = vec![0u32; (k as usize).pow(n as u32)];
    let mut x = vec![0u32; n];
    let mut ax = vec![0u32; n];
    let mut idx = 0usize;
    loop {
        counts[idx] += 1;
        let mut d = 0;
        loop {
            if d == n {
                return counts;
            }
            for (e, &m) in columns[d].iter().enumerate() {
                for _ in 0..m {
                    ax[e] += 1;
                    if ax[e] == k {
                        ax[e] = 0;
                        idx -= (k as usize - 1) * pow[e];
                    } else {
                        idx += pow[e];
                    }
                }
            }
            x[d] += 1;
            if x[d] < k {
                break;
            }
            x[d] = 0;
            d += 1;
        }
    }
}

fn check(rows: usize, cols: usize, k: u32, torus: bool) {
    let counts = histogram(rows, cols, k, torus);
    let n = rows * cols;
    let kernel = counts[0];
    let mut methods = vec![Method::Full, Method::Auto];
    if !(torus && rows.max(cols) < 3) {
        methods.push(Method::Chase);
    }
    let board = BoardSpec::new(rows, cols, u64::from(k))
        .with_torus(torus)
        .build()
        .unwrap();
    for method in methods {
        let analysis = board.analyze_with(method).unwrap();
        let what = format!("{rows}×{cols} k={k} torus={torus} {method:?}");
        assert_eq!(analysis.kernel_size(), kernel.into(), "{what}: kernel size");
        assert_eq!(analysis.all_solvable(), kernel == 1, "{what}");
        // Every target when there are few, else a deterministic sample of them.
        let step = (counts.len() / 1000).max(1);
        let mut targets: Vec<usize> = (0..counts.len()).step_by(step).collect();
        targets.push(index(&board.target(), k));
        for t in targets {
            let target = digits(t, n, k);
            let got = analysis.solve(&target).unwrap();
            assert_eq!(
                got.is_some(),
                counts[t] > 0,
                "{what}: solvability of {target:?}"
            );
            if let Some(x) = got {
                assert_eq!(effect(rows, cols, k, torus, &x), target, "{what}: A·x = b");
                assert_eq!(counts[t], kernel, "{what}: solutions of {target:?}");
            }
        }
        // The quiet patterns generate exactly the kernel.
        let basis = analysis.kernel_basis();
        let mut product = 1u64;
        for (g, order) in &basis {
            assert!(effect(rows, cols, k, torus, g).iter().all(|&v| v == 0));
            product *= u64::from(*order);
        }
        assert_eq!(product, u64::from(kernel), "{what}: basis orders");
        let mut seen = std::collections::HashSet::new();
        cgtk_poggle::walk_coset(&vec![0; n], &basis, k, |x, _| {
            assert!(seen.insert(x.to_vec()), "{what}: kernel element repeated");
            true
        });
        assert_eq!(seen.len() as u64, u64::from(kernel));
    }
}

fn sizes() -> Vec<(usize, usize)> {
    let mut s = vec![(2, 4), (4, 2)];
    for r in 1..=3 {
        for c in 1..=3 {
            s.push((r, c));
        }
    }
    s
}

#[test]
fn brute_force_small_k() {
    for (r, c) in sizes() {
        for k in 2..=4 {
            if (k as usize).pow((r * c) as u32) > 100_000 {
                continue;
            }
            for torus in [false, true] {
                check(r, c, k, torus);
            }
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn brute_force_every_board() {
    for (r, c) in sizes() {
        for k in 2..=6 {
            for torus in [false, true] {
                check(r, c, k, torus);
            }
        }
    }
}

#[test]
fn grids_start_and_goal() {
    let mut spec = BoardSpec::new(2, 3, 5);
    spec.start = Some(Grid::parse("012\n340").unwrap());
    spec.goal = Some(Grid::parse("444\n000").unwrap());
    let board = spec.build().unwrap();
    assert_eq!(board.target(), vec![4, 3, 2, 2, 1, 0]);
    let x = board.analyze().unwrap().solve(&board.target()).unwrap();
    let x = x.expect("2×3 in 5 colours is always solvable");
    assert_eq!(effect(2, 3, 5, false, &x), board.target());
}

#[test]
fn bad_boards_are_rejected() {
    use cgtk_poggle::BoardError;
    assert!(matches!(
        BoardSpec::new(3, 3, 1).build(),
        Err(BoardError::Colours { .. })
    ));
    assert!(matches!(
        BoardSpec::new(0, 3, 2).build(),
        Err(BoardError::EmptySide { .. })
    ));
    // Boards are limited by memory only: 10⁵×10⁵ in 2 colours needs about 10 GB (a bit
    // a button plus the 10⁵×10⁵ reduced system), 4000×4000 in 3 colours about 0.6 GB.
    let gb = 1_000_000_000;
    let err = BoardSpec::new(100_000, 100_000, 2)
        .with_memory_limit(gb)
        .build()
        .unwrap_err();
    let BoardError::TooMuchMemory { needed, limit, .. } = err else {
        panic!("{err:?}")
    };
    assert!(needed > 10 * gb && limit == gb, "{needed}");
    assert_eq!(
        err.to_string(),
        format!(
            "board 100000×100000 in 2 colours would need about {:.1} GB of memory to solve, more than the 1.0 GB available",
            needed as f64 / 1e9
        )
    );
    assert!(BoardSpec::new(4000, 4000, 3)
        .with_memory_limit(gb)
        .build()
        .is_ok());
    assert!(matches!(
        BoardSpec::new(4000, 4000, 3)
            .with_memory_limit(gb / 10)
            .build(),
        Err(BoardError::TooMuchMemory { .. })
    ));
    // rows × cols past the address space: no memory available could hold it, so it is not
    // compared with what is (it read "… to solve, more than the 24.6 GB available").
    let err = BoardSpec::new(usize::MAX, 3, 2).build().unwrap_err();
    assert!(matches!(err, BoardError::TooMuchMemory { .. }));
    assert!(
        err.to_string()
            .ends_with("in 2 colours would need more memory than can be addressed to solve"),
        "{err}"
    );
    let mut spec = BoardSpec::new(2, 2, 3);
    spec.start = Some(Grid::parse("01\n23").unwrap());
    let err = spec.build().unwrap_err();
    assert_eq!(
        err.to_string(),
        "start grid: colour 3 at row 2, column 2 is not allowed with 3 colours (allowed: 0 to 2)"
    );
    spec.start = Some(Grid::parse("012\n120").unwrap());
    assert!(matches!(spec.build(), Err(BoardError::GridShape { .. })));
    // Forcing the full system on a board too large for it is an error, not an allocation.
    let big = BoardSpec::new(100, 100, 3).build().unwrap();
    assert!(big.analyze_with(Method::Full).is_err());
    assert!(big.analyze_with(Method::Chase).is_ok());
}

#[test]
fn custom_pattern_matches_brute_force() {
    // The X pattern (diagonals) on a 3×3 board: solved through the full system; checked
    // against enumeration of all 2^9 press vectors.
    let pattern = cgtk_poggle::Pattern::parse("0,0 1,1 1,-1 -1,1 -1,-1").unwrap();
    for k in [2u32, 3, 4] {
        let mut spec = BoardSpec::new(3, 3, u64::from(k));
        spec.pattern = pattern.clone();
        let board = spec.build().unwrap();
        let analysis = board.analyze().unwrap();
        let mut kernel = 0u64;
        let total = (k as usize).pow(9);
        for idx in 0..total {
            let x = digits(idx, 9, k);
            if board.effect(&x).iter().all(|&v| v == 0) {
                kernel += 1;
            }
        }
        assert_eq!(analysis.kernel_size(), kernel.into(), "k={k}");
        assert!(board.analyze_with(Method::Chase).is_err());
    }
}
