//! Benchmarks of the cycle index and counts; each checks its own result.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_polya::{BoardSymmetry, BruteForce, CycleIndex, NamedGroup, Perm, PermGroup};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn cycle_indices(c: &mut Criterion) {
    c.bench_function("cycle index of S_50 (204226 partitions)", |b| {
        b.iter(|| {
            let z = CycleIndex::symmetric(black_box(50)).unwrap();
            assert_eq!(z.len(), 204_226);
            z
        })
    });
    c.bench_function("necklaces of 1000 beads in 3 colours", |b| {
        b.iter(|| {
            let n = CycleIndex::cyclic(black_box(1000)).unwrap().count(3);
            assert_eq!(n.to_string().len(), 475);
            n
        })
    });
    c.bench_function("bracelets of 1000 beads, content 334,333,333", |b| {
        let z = CycleIndex::dihedral(1000).unwrap();
        b.iter(|| {
            let n = z.count_with_content(black_box(&[334, 333, 333])).unwrap();
            assert_eq!(n.to_string().len(), 471);
            n
        })
    });
}

fn board_three_by_three(c: &mut Criterion) {
    let named = NamedGroup::Board {
        rows: 3,
        cols: 3,
        symmetry: BoardSymmetry::Full,
    };
    c.bench_function("3x3 board, 3 colours: Polya", |b| {
        b.iter(|| {
            let n = named.cycle_index().unwrap().count(black_box(3));
            assert_eq!(n.to_string(), "2862");
            n
        })
    });
    c.bench_function("3x3 board, 3 colours: brute force", |b| {
        let brute = BruteForce::new(&named.group().unwrap()).unwrap();
        b.iter(|| {
            let n = brute.count(black_box(3)).unwrap();
            assert_eq!(n, 2862);
            n
        })
    });
}

fn schreier_sims(c: &mut Criterion) {
    let cycles = |cs: &[&[u32]]| {
        Perm::from_cycles(12, &cs.iter().map(|c| c.to_vec()).collect::<Vec<_>>()).unwrap()
    };
    let gens = vec![
        cycles(&[&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]),
        cycles(&[&[2, 6, 10, 7], &[3, 9, 4, 5]]),
        cycles(&[&[0, 11], &[1, 10], &[2, 5], &[3, 7], &[4, 8], &[6, 9]]),
    ];
    c.bench_function("Schreier-Sims: M12 from 3 generators", |b| {
        b.iter(|| {
            let g = PermGroup::from_generators(12, black_box(gens.clone())).unwrap();
            assert_eq!(g.order().to_string(), "95040");
            g
        })
    });
    c.bench_function("Schreier-Sims: S_30 from 2 generators", |b| {
        b.iter(|| {
            let g = NamedGroup::Symmetric(black_box(30)).group().unwrap();
            assert_eq!(g.order().to_string(), "265252859812191058636308480000000");
            g
        })
    });
}

criterion_group!(
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = cycle_indices, board_three_by_three, schreier_sims
);
criterion_main!(benches);
