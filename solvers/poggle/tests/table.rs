//! Lines of a nullity table: whichever method `nullity_line` picks, the kernel agrees with
//! an elimination of the full system, and the method it reports is the one
//! `nullity_method` announced.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_poggle::{
    nullity_line, nullity_method, nullity_method_within, BoardSpec, Method, NullityMethod,
    TableError,
};

#[test]
fn every_line_agrees_with_the_full_system_and_announces_its_method() {
    for n in 1..=12 {
        for k in [2u64, 3, 4, 5, 6] {
            for torus in [false, true] {
                let what = format!("{n}×{n}, k = {k}, torus = {torus}");
                let line = nullity_line(n, k, torus).unwrap();
                assert_eq!(nullity_method(n, k, torus), Ok(line.method), "{what}");
                let full = BoardSpec::square(n, k)
                    .with_torus(torus)
                    .build()
                    .unwrap()
                    .analyze_with(Method::Full)
                    .unwrap();
                assert_eq!(line.kernel_size, full.kernel_size(), "{what}");
                assert_eq!(line.nullity, full.nullity(), "{what}");
                assert_eq!(line.all_solvable, full.all_solvable(), "{what}");
                assert_eq!((line.n, line.colours as u64, line.torus), (n, k, torus));
            }
        }
    }
}

#[test]
fn the_method_follows_colours_topology_and_size() {
    assert_eq!(nullity_method(1, 2, false), Ok(NullityMethod::Polynomial));
    assert_eq!(
        nullity_method(10_000_000, 2, false),
        Ok(NullityMethod::Polynomial)
    );
    assert_eq!(nullity_method(8, 2, true), Ok(NullityMethod::FullSystem));
    assert_eq!(nullity_method(9, 2, true), Ok(NullityMethod::LightChasing));
    assert_eq!(nullity_method(2, 3, true), Ok(NullityMethod::FullSystem));
    assert_eq!(nullity_method(8, 3, false), Ok(NullityMethod::FullSystem));
    assert_eq!(nullity_method(9, 3, false), Ok(NullityMethod::LightChasing));
}

#[test]
fn sizes_out_of_reach_are_refused_before_any_work() {
    // Sizes are limited by memory only.
    assert_eq!(
        nullity_method_within(100_000_000_000, 2, false, Some(1_000_000_000))
            .unwrap_err()
            .to_string(),
        "size 100000000000: the polynomial gcd would need about 100.0 GB of memory, more than the 1.0 GB available"
    );
    assert!(matches!(
        nullity_method_within(50_000, 2, true, Some(1_000_000_000)),
        Err(TableError::Board(_))
    ));
    assert!(nullity_method_within(5000, 2, true, Some(1_000_000_000)).is_ok());
    assert!(matches!(
        nullity_line(0, 3, false),
        Err(TableError::Board(_))
    ));
    assert!(matches!(
        nullity_line(4, 1, false),
        Err(TableError::Board(_))
    ));
}
