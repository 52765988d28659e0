//! Perft speed in nodes per second, side by side with the `shakmaty` crate on the same
//! positions and depths in the same run. Both results are checked against the published
//! counts before timing.

use cgtk_games::chess::{perft, Position};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use shakmaty::{fen::Fen, CastlingMode, Chess};
use std::hint::black_box;

const CASES: [(&str, &str, u32, u64); 3] = [
    (
        "initial",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
        197_281,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
        97_862,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        5,
        674_624,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in CASES {
        let mut ours = Position::from_fen(fen).expect("valid FEN");
        assert_eq!(perft(&mut ours, depth), nodes, "cgtk {name}");
        let theirs: Chess = Fen::from_ascii(fen.as_bytes())
            .expect("valid FEN")
            .into_position(CastlingMode::Standard)
            .expect("legal position");
        assert_eq!(shakmaty::perft(&theirs, depth), nodes, "shakmaty {name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new("cgtk", name), |b| {
            b.iter(|| perft(black_box(&mut ours), depth))
        });
        group.bench_function(BenchmarkId::new("shakmaty", name), |b| {
            b.iter(|| shakmaty::perft(black_box(&theirs), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
