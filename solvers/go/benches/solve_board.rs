//! Whole tiny boards solved exactly: 2×2, 3×3 (van der Werf et al.) and 4×3 (Drange et
//! al.'s Mini-Go table); nodes are printed once, time by criterion. 4×4 (about 15 s a
//! solve) is timed by `cargo run --release -p cgtk-go --example solve_tiny -- 4 4`.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_go::{solve_board, Komi, SolveOptions};
use criterion::{criterion_group, criterion_main, Criterion};

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("go solve-board");
    group.sample_size(10);
    for (w, h, value) in [(2, 2, 1), (3, 3, 9), (4, 3, 4)] {
        let s = solve_board(w, h, Komi(0), SolveOptions::default()).unwrap();
        // The benchmark checks its own result against the published value.
        assert_eq!(s.score_halves, 2 * value);
        println!("{w}x{h}: score {value}, {} nodes", s.nodes);
        group.bench_function(format!("{w}x{h}"), |b| {
            b.iter(|| solve_board(w, h, Komi(0), SolveOptions::default()).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
