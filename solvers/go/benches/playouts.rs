//! Light-policy playouts per second on the empty 9×9 board, and one engine move.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_go::{playout, Engine, EngineConfig, Go};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn playouts(c: &mut Criterion) {
    let go = Go::new(9, 9).expect("9x9 is a valid size");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut scratch = Vec::new();
    // The benchmark checks its own result: every playout's area score is within the board.
    let score = playout(&go, &mut rng, &mut scratch);
    assert!(score.abs() <= 2 * 81 + 15);
    let mut group = c.benchmark_group("go");
    group.throughput(Throughput::Elements(1));
    group.bench_function("playout 9x9", |b| {
        b.iter(|| playout(&go, &mut rng, &mut scratch))
    });
    group.throughput(Throughput::Elements(1000));
    group.sample_size(10);
    group.bench_function("genmove 9x9, 1000 playouts", |b| {
        let mut engine = Engine::new(EngineConfig {
            playouts: 1000,
            ..Default::default()
        });
        b.iter(|| {
            let mv = engine.genmove(&go);
            assert!(go.check(mv, go.to_move_color()).is_ok());
            mv
        })
    });
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
