//! Benchmarks: nim products, and Grundy's game by the common/rare and the plain method side
//! by side. (The plain method to N = 10^6 takes minutes; `benches/grundy_once.rs` times it
//! once.)

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/tower_product/mod.rs"]
mod tower_product;

use cgtk_nimber::{grundy_sequence, grundy_sequence_plain, HeapGame, Nimber};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

fn nim_products(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let pairs: Vec<(Nimber, Nimber)> = (0..1024)
        .map(|_| (Nimber(rng.gen()), Nimber(rng.gen())))
        .collect();
    // Check the products against the plain tower recursion before timing them.
    for &(a, b) in pairs.iter().take(64) {
        assert_eq!((a * b).0, tower_product::nim_product(a.0, b.0));
    }
    let mut group = c.benchmark_group("nim_product");
    group.throughput(criterion::Throughput::Elements(pairs.len() as u64));
    group.bench_function("1024 random u64 pairs", |bench| {
        bench.iter(|| {
            pairs
                .iter()
                .fold(Nimber(0), |acc, &(a, b)| acc + black_box(a) * black_box(b))
        })
    });
    group.finish();
}

fn grundys_game(c: &mut Criterion) {
    let game = HeapGame::Grundys;
    // The two methods agree, and agree with the published start of the sequence (OEIS
    // A002188).
    let fast = grundy_sequence(&game, 20_000).unwrap();
    let plain = grundy_sequence_plain(&game, 20_000).unwrap();
    assert_eq!(fast, plain);
    assert_eq!(&fast[..13], &[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]);

    let mut group = c.benchmark_group("grundys_game");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.measurement_time(Duration::from_secs(20));
    for &n in &[10_000u64, 100_000, 1_000_000] {
        group.bench_with_input(BenchmarkId::new("common_rare", n), &n, |bench, &n| {
            bench.iter(|| grundy_sequence(&game, n).unwrap())
        });
        if n <= 100_000 {
            group.bench_with_input(BenchmarkId::new("plain", n), &n, |bench, &n| {
                bench.iter(|| grundy_sequence_plain(&game, n).unwrap())
            });
        }
    }
    group.finish();
}

criterion_group!(benches, nim_products, grundys_game);
criterion_main!(benches);
