//! Perft counts against the published table in `tests/data/perft.txt`.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_chess::{perft, Position};

struct Case {
    name: String,
    fen: String,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    cgtk_testkit::reference!("perft.txt")
        .fields('|')
        .into_iter()
        .map(|parts| {
            assert_eq!(parts.len(), 3, "bad perft line {parts:?}");
            Case {
                name: parts[0].to_string(),
                fen: parts[1].to_string(),
                counts: parts[2]
                    .split_whitespace()
                    .map(|n| n.parse().expect("count"))
                    .collect(),
            }
        })
        .collect()
}

/// Checks every position at every depth whose published count is at most `limit` nodes.
fn check_up_to(limit: u64) -> usize {
    let mut checked = 0;
    for case in cases() {
        let mut pos = Position::from_fen(&case.fen).expect("valid FEN");
        for (i, &expected) in case.counts.iter().enumerate() {
            if expected > limit {
                break;
            }
            let depth = i as u32 + 1;
            assert_eq!(
                perft(&mut pos, depth),
                expected,
                "{} depth {depth}",
                case.name
            );
            checked += 1;
        }
        assert_eq!(
            pos,
            Position::from_fen(&case.fen).expect("valid FEN"),
            "{}: perft must restore",
            case.name
        );
    }
    checked
}

#[test]
fn perft_table_fast() {
    let limit = if cfg!(debug_assertions) {
        100_000
    } else {
        5_000_000
    };
    assert!(check_up_to(limit) >= 20);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn perft_initial_depth_6() {
    let mut pos = Position::startpos();
    assert_eq!(perft(&mut pos, 6), 119_060_324);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn perft_kiwipete_depth_5() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut pos = Position::from_fen(fen).expect("valid FEN");
    assert_eq!(perft(&mut pos, 5), 193_690_690);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn perft_table_medium() {
    // Every published count up to 20 million nodes (positions 3 to 6 at depth 5 or 6).
    assert!(check_up_to(20_000_000) >= 30);
}
