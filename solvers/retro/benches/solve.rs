//! Solve times of the games small enough for repeated runs; each run checks its result.
//! (The full Four Field Kono is timed with `cgtk solve kono`, see README.md.)

use cgtk_core::{PerfectIndex, Value};
use cgtk_games::fox_hounds::FoxHounds;
use cgtk_games::mu_torere::MuTorere;
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

fn bench_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    let mu = MuTorere::start(Default::default());
    group.bench_function("mu_torere", |b| {
        b.iter(|| {
            let s = cgtk_retro::solve(&mu, &|_| {}).unwrap();
            // Wikipedia, "Mū tōrere": the start is a draw.
            assert_eq!(s.verdict(mu.index()).unwrap().value, Value::Draw);
            s
        })
    });
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    let fox = FoxHounds::start(Default::default());
    group.bench_function("fox_hounds", |b| {
        b.iter(|| {
            let s = cgtk_retro::solve(&fox, &|_| {}).unwrap();
            // The hounds win with the fox moving first.
            assert_eq!(s.verdict(fox.index()).unwrap().value, Value::Loss);
            assert_eq!(s.counts().draws, 0);
            s
        })
    });
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
