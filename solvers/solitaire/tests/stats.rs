//! The paired comparison of two players: the sign test against an exact count.

use cgtk_solitaire::{sign_test, PairedComparison};

/// The two-sided sign test recounted with exact integers: the number of the 2^n ways to
/// split n discordant deals whose smaller side is at most min(b, c), times 2, over 2^n.
fn exact(b: u64, c: u64) -> f64 {
    let n = b + c;
    let k = b.min(c);
    let mut ways: u128 = 0;
    for mask in 0u64..(1u64 << n) {
        let ones = mask.count_ones() as u64;
        if ones <= k {
            ways += 1;
        }
    }
    ((2 * ways) as f64 / (1u64 << n) as f64).min(1.0)
}

#[test]
fn the_sign_test_equals_an_exact_count_of_splits() {
    for b in 0..=10 {
        for c in 0..=10 {
            let p = sign_test(b, c);
            assert!((p - exact(b, c)).abs() < 1e-12, "{b} {c}: {p}");
            assert_eq!(p, sign_test(c, b));
        }
    }
    // Large counts neither overflow nor leave [0, 1].
    let p = sign_test(400, 460);
    assert!(p > 0.0 && p < 0.06, "{p}");
    assert!(sign_test(0, 1000) < 1e-290);
}

#[test]
fn a_paired_comparison_counts_each_side() {
    let c = PairedComparison::new(&[0, 2, 4, 6, 8], &[1, 2, 3, 4]);
    assert_eq!((c.both, c.only_first, c.only_second), (2, 3, 2));
    assert!((c.p_value - 1.0).abs() < 1e-12);
}
