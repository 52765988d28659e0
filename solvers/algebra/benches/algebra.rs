//! Benchmarks of the algebra crate; every benchmark checks its result before timing.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use cgtk_algebra::{BitMatrix, BitVec, Gf2Poly, ZkMatrix};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_bit_matrix(n: usize, seed: u64) -> BitMatrix {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut a = BitMatrix::zeros(n, n);
    for r in 0..n {
        for c in 0..n {
            if rng.gen_bool(0.5) {
                a.set(r, c, true);
            }
        }
    }
    a
}

/// The Lights Out matrix of the n×n board (plus-shaped presses) over GF(2).
fn lights_out(n: usize) -> BitMatrix {
    let mut a = BitMatrix::zeros(n * n, n * n);
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            a.set(i, i, true);
            if r > 0 {
                a.set(i, i - n, true);
            }
            if r + 1 < n {
                a.set(i, i + n, true);
            }
            if c > 0 {
                a.set(i, i - 1, true);
            }
            if c + 1 < n {
                a.set(i, i + 1, true);
            }
        }
    }
    a
}

/// Reference: textbook elimination, one row XOR per pivot and row, on a copy of the rows.
fn plain_rank(a: &BitMatrix) -> usize {
    let (rows, cols) = (a.rows(), a.cols());
    let stride = cols.div_ceil(64);
    let mut data: Vec<u64> = (0..rows).flat_map(|r| a.row(r).to_vec()).collect();
    let mut rank = 0;
    for c in 0..cols {
        let (w, bit) = (c / 64, 1u64 << (c % 64));
        let Some(r) = (rank..rows).find(|&r| data[r * stride + w] & bit != 0) else {
            continue;
        };
        for i in 0..stride {
            data.swap(rank * stride + i, r * stride + i);
        }
        let (top, bottom) = data.split_at_mut((rank + 1) * stride);
        let pivot = &top[rank * stride + w..];
        for row in bottom.chunks_exact_mut(stride) {
            if row[w] & bit != 0 {
                for (d, s) in row[w..].iter_mut().zip(pivot) {
                    *d ^= s;
                }
            }
        }
        rank += 1;
        if rank == rows {
            break;
        }
    }
    rank
}

/// The library's elimination side by side with the textbook one.
fn gf2_rank_vs_plain(c: &mut Criterion) {
    let mut group = c.benchmark_group("gf2_rank");
    group.sample_size(10);
    let cases = [
        ("random_1024", random_bit_matrix(1024, 11)),
        ("lights_out_40x40", lights_out(40)),
    ];
    for (name, a) in &cases {
        assert_eq!(a.rank(), plain_rank(a), "{name}");
        group.bench_function(format!("{name}/library"), |bench| {
            bench.iter(|| black_box(a.rank()))
        });
        group.bench_function(format!("{name}/plain"), |bench| {
            bench.iter(|| black_box(plain_rank(a)))
        });
    }
    group.finish();
}

fn gf2_elimination(c: &mut Criterion) {
    let mut group = c.benchmark_group("gf2_solve");
    group.sample_size(10);
    for n in [1024usize, 4096] {
        let a = random_bit_matrix(n, n as u64);
        let mut x0 = BitVec::new(n);
        for i in (0..n).step_by(3) {
            x0.set(i, true);
        }
        let b = a.mul_vec(&x0);
        let x = a.solve(&b).expect("b = A·x0 is solvable");
        assert_eq!(a.mul_vec(&x), b);
        group.bench_with_input(BenchmarkId::new("random", n), &n, |bench, _| {
            bench.iter(|| black_box(a.solve(black_box(&b))))
        });
    }
    // The 40×40 Lights Out board: a 1600×1600 system with nullity 0 (published: the
    // 40×40 board is uniquely solvable).
    let a = lights_out(40);
    let ones = BitVec::from_bools(&[true; 1600]);
    let x = a.solve(&ones).expect("solvable");
    assert_eq!(a.mul_vec(&x), ones);
    group.bench_function("lights_out_40x40", |bench| {
        bench.iter(|| black_box(a.solve(black_box(&ones))))
    });
    group.bench_function("rank_random_4096", |bench| {
        let a = random_bit_matrix(4096, 9);
        bench.iter(|| black_box(a.rank()))
    });
    group.finish();
}

fn random_zk(n: usize, k: u32, seed: u64) -> ZkMatrix {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rows = (0..n)
        .map(|_| (0..n).map(|_| rng.gen_range(0..k)).collect())
        .collect();
    ZkMatrix::from_rows(k, rows).expect("entries below k")
}

fn zk_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("zk_solve");
    group.sample_size(10);
    for k in [6u32, 2147483647] {
        let n = 300;
        let a = random_zk(n, k, k as u64);
        let x0: Vec<u32> = (0..n as u32).map(|i| i % k).collect();
        let b = a.mul_vec(&x0);
        let x = a.solve(&b).expect("valid").expect("b = A·x0 is solvable");
        assert_eq!(a.mul_vec(&x), b);
        group.bench_with_input(BenchmarkId::new(format!("k={k}"), n), &n, |bench, _| {
            bench.iter(|| black_box(a.solve(black_box(&b))))
        });
    }
    group.finish();
}

fn random_poly(degree: usize, rng: &mut ChaCha8Rng) -> Gf2Poly {
    let words = (0..degree / 64 + 1)
        .map(|_| rng.gen::<u64>())
        .collect::<Vec<_>>();
    let p = Gf2Poly::from_words(words).add(&Gf2Poly::monomial(degree + 64));
    // Keep exactly the requested degree.
    let mut coeffs = p.coeffs();
    coeffs.truncate(degree + 1);
    coeffs[degree] = 1;
    Gf2Poly::from_coeffs(&coeffs)
}

fn gf2_poly(c: &mut Criterion) {
    let mut group = c.benchmark_group("gf2_poly");
    group.sample_size(10);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let common = random_poly(1000, &mut rng);
    let a = random_poly(99_000, &mut rng).mul(&common);
    let b = random_poly(99_000, &mut rng).mul(&common);
    assert_eq!(a.degree(), Some(100_000));
    let g = a.gcd(&b);
    assert!(
        g.rem(&common).expect("nonzero").is_zero(),
        "the common factor divides the gcd"
    );
    assert!(a.rem(&g).expect("nonzero").is_zero() && b.rem(&g).expect("nonzero").is_zero());
    group.bench_function("gcd_degree_100000", |bench| {
        bench.iter(|| black_box(a.gcd(black_box(&b))))
    });
    group.bench_function("mul_degree_50000", |bench| {
        let x = random_poly(50_000, &mut rng);
        let y = random_poly(50_000, &mut rng);
        assert_eq!(x.mul(&y).degree(), Some(100_000));
        bench.iter(|| black_box(x.mul(black_box(&y))))
    });
    group.bench_function("compose_x_plus_1_degree_100000", |bench| {
        let twice = a.compose_x_plus_1().compose_x_plus_1();
        assert_eq!(twice, a, "p(x+1+1) = p(x) over GF(2)");
        bench.iter(|| black_box(a.compose_x_plus_1()))
    });
    group.finish();
}

criterion_group!(
    benches,
    gf2_elimination,
    gf2_rank_vs_plain,
    zk_solve,
    gf2_poly
);
criterion_main!(benches);
