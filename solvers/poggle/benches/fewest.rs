//! Benchmarks of the exact fewest-presses search. Each one checks its result: n = 30, 47 and
//! 59 against OEIS A075464, n = 62 against the value in data/poggle_fewest_presses.txt.
//!
//! - `fewest/n`: the all-lit n×n board, elimination included: n = 30 (nullity 20), 47
//!   (nullity 30), 59 (nullity 22) and 62 (nullity 24), all by the halved walk.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_poggle::{fewest_presses, BoardSpec, SearchLimits};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use std::time::Duration;

fn fewest(c: &mut Criterion) {
    let mut group = c.benchmark_group("fewest");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for (n, expected) in [(30usize, 376u64), (47, 971), (59, 1485), (62, 1742)] {
        let board = BoardSpec::square(n, 2).build().unwrap();
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| {
                let best = fewest_presses(black_box(&board), SearchLimits::default(), &|_| {})
                    .unwrap()
                    .unwrap();
                assert_eq!(best.minimum.total, expected, "n = {n}");
                assert!(best.minimum.minimal);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, fewest);
criterion_main!(benches);
