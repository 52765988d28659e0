//! Perft speed in nodes per second, side by side with the `shakmaty` crate on the same
//! positions and depths in the same run, both single-threaded without a transposition
//! table, both counting the moves of the last ply without playing them (`cgtk` counts them
//! without listing them; `cgtk-listing` lists them as shakmaty does). Every result is
//! checked against the published count before timing.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_chess::{perft, perft_listing, Position};
use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use shakmaty::{fen::Fen, CastlingMode, Chess};
use std::hint::black_box;
use std::time::Instant;

const INITIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

/// (name, FEN, depth, published leaf count): small trees and deeper, more representative ones.
const CASES: [(&str, &str, u32, u64); 5] = [
    ("initial-d4", INITIAL, 4, 197_281),
    ("initial-d5", INITIAL, 5, 4_865_609),
    ("kiwipete-d3", KIWIPETE, 3, 97_862),
    ("kiwipete-d4", KIWIPETE, 4, 4_085_603),
    ("position3-d5", POSITION3, 5, 674_624),
];

/// The position `fen` for each library.
fn both(fen: &str) -> (Position, Chess) {
    let ours = Position::from_fen(fen).expect("valid FEN");
    let theirs = Fen::from_ascii(fen.as_bytes())
        .expect("valid FEN")
        .into_position(CastlingMode::Standard)
        .expect("legal position");
    (ours, theirs)
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(20);
    for (name, fen, depth, nodes) in CASES {
        let (mut ours, theirs) = both(fen);
        assert_eq!(perft(&mut ours, depth), nodes, "cgtk {name}");
        assert_eq!(shakmaty::perft(&theirs, depth), nodes, "shakmaty {name}");
        assert_eq!(perft_listing(&mut ours, depth), nodes, "listing {name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new("cgtk", name), |b| {
            b.iter(|| perft(black_box(&mut ours), depth))
        });
        group.bench_function(BenchmarkId::new("shakmaty", name), |b| {
            b.iter(|| shakmaty::perft(black_box(&theirs), depth))
        });
        group.bench_function(BenchmarkId::new("cgtk-listing", name), |b| {
            b.iter(|| perft_listing(black_box(&mut ours), depth))
        });
    }
    group.finish();
}

/// The time of one call of `run`, in seconds (its result checked against `nodes`).
fn timed(run: impl FnOnce() -> u64, nodes: u64) -> f64 {
    let start = Instant::now();
    assert_eq!(black_box(run()), nodes);
    start.elapsed().as_secs_f64()
}

/// A comparison that resists load from other processes: rounds alternate between the
/// libraries, and each keeps its best round (load only ever slows a run down, and all see
/// the same load). Printed before criterion's measurements.
fn interleaved(rounds: usize) {
    for (name, fen, depth, nodes) in CASES {
        let (mut ours, theirs) = both(fen);
        let (mut cgtk, mut shak, mut listing) = (f64::INFINITY, f64::INFINITY, f64::INFINITY);
        for _ in 0..rounds {
            cgtk = cgtk.min(timed(|| perft(&mut ours, depth), nodes));
            shak = shak.min(timed(|| shakmaty::perft(&theirs, depth), nodes));
            listing = listing.min(timed(|| perft_listing(&mut ours, depth), nodes));
        }
        let rate = |secs: f64| nodes as f64 / secs / 1e6;
        println!(
            "interleaved best of {rounds}, {name}: cgtk {:.1}, shakmaty {:.1}, cgtk-listing {:.1} M nodes/s; ratios {:.2} (cgtk), {:.2} (cgtk-listing)",
            rate(cgtk),
            rate(shak),
            rate(listing),
            shak / cgtk,
            shak / listing
        );
    }
}

criterion_group!(benches, bench_perft);

fn main() {
    // Only when measuring (`cargo bench`), not when `cargo test` runs the benchmarks once
    // or when criterion is asked for the list of benchmarks.
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--list") {
        interleaved(20);
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
