//! Benchmarks: Domineering rectangles valued from scratch (a fresh arena and table each
//! time), after checking the values against tests/data/domineering_values.txt and the
//! transposition law (the r×c value is minus the c×r value, computed in separate tables).
//!
//! `cargo bench -p cgtk-partizan --bench domineering`; the larger rectangles, too slow for
//! repeated sampling, are timed once by `benches/domineering_once.rs`.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_partizan::{Arena, Domineering, DomineeringBoard, Dyadic, GameId};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::time::Duration;

fn solve(rows: usize, cols: usize) -> (Arena, GameId) {
    let mut arena = Arena::new();
    let board = DomineeringBoard::rectangle(rows, cols).expect("a valid size");
    let g = Domineering::new().value(&mut arena, &board);
    (arena, g)
}

/// Checks the published values before anything is timed.
fn check_published() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/domineering_values.txt"
    );
    let text = std::fs::read_to_string(path).expect("the reference file");
    assert!(text.starts_with("# Source: "));
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let (r, c) = parts[0].split_once('x').expect("RxC");
        let (r, c): (usize, usize) = (r.parse().expect("rows"), c.parse().expect("cols"));
        let (mut a, g) = solve(r, c);
        match parts[1] {
            "value" => {
                let expected = a.parse(parts[2]).expect("a game");
                assert_eq!(g, expected, "{line}");
            }
            "temperature" => {
                let t: Dyadic = parts[2].parse().expect("a number");
                assert_eq!(a.temperature(g), t, "{line}");
            }
            "mean" => {
                let m: Dyadic = parts[2].parse().expect("a number");
                assert_eq!(a.mean(g), m, "{line}");
            }
            other => panic!("unknown kind {other}"),
        }
    }
}

fn check_transposed(rows: usize, cols: usize) {
    let (mut a, g) = solve(rows, cols);
    let (b, h) = solve(cols, rows);
    let h_text = {
        let mut b = b;
        b.display(h)
    };
    let minus_g = a.neg(g);
    let text = a.display(minus_g);
    assert_eq!(text, h_text, "{rows}x{cols} against {cols}x{rows}");
}

fn rectangles(c: &mut Criterion) {
    check_published();
    let mut group = c.benchmark_group("domineering");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for (r, cols) in [(4, 4), (3, 6), (4, 5), (5, 5)] {
        check_transposed(r, cols);
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{r}x{cols}")),
            &(r, cols),
            |b, &(r, cols)| b.iter(|| solve(r, cols)),
        );
    }
    group.finish();
}

criterion_group!(benches, rectangles);
criterion_main!(benches);
