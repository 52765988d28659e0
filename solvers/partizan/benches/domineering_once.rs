//! Single timed solves of the larger Domineering rectangles (too slow for repeated
//! sampling), each from a fresh arena and table. Before timing, the outcome classes of all
//! rectangles up to 20 cells are checked against a plain memoised minimax over the boards
//! (no game values, no decomposition); the published values in
//! tests/data/domineering_values.txt are checked by `benches/domineering.rs` and the tests.
//!
//! `cargo bench -p cgtk-partizan --bench domineering_once` (pass sizes such as `6x6` to time
//! other rectangles).

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_partizan::{Arena, Domineering, DomineeringBoard, Outcome};
use std::collections::HashMap;
use std::time::Instant;

/// Whether the player to move wins, by plain minimax over whole boards.
fn wins(
    b: &DomineeringBoard,
    left: bool,
    memo: &mut HashMap<(DomineeringBoard, bool), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(*b, left)) {
        return w;
    }
    let w = b.moves(left).iter().any(|m| !wins(&m.after, !left, memo));
    memo.insert((*b, left), w);
    w
}

fn main() {
    let mut sizes: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a.contains('x'))
        .collect();
    if sizes.is_empty() {
        sizes = ["5x5", "4x7", "3x10", "2x20", "5x6", "3x11", "4x8"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    }
    let mut checked = 0;
    for r in 1..=5 {
        for c in 1..=5 {
            if r * c > 20 {
                continue;
            }
            let b = DomineeringBoard::rectangle(r, c).expect("a valid size");
            let mut memo = HashMap::new();
            let expected = match (wins(&b, true, &mut memo), wins(&b, false, &mut memo)) {
                (true, true) => Outcome::N,
                (true, false) => Outcome::L,
                (false, true) => Outcome::R,
                (false, false) => Outcome::P,
            };
            let mut a = Arena::new();
            let g = Domineering::new().value(&mut a, &b);
            assert_eq!(a.outcome(g), expected, "{r}x{c}");
            checked += 1;
        }
    }
    println!("outcome classes of {checked} rectangles agree with plain minimax");
    for size in sizes {
        let Ok(board) = DomineeringBoard::parse_size(&size) else {
            eprintln!("skipping {size}: not a size");
            continue;
        };
        let start = Instant::now();
        let mut arena = Arena::new();
        let mut d = Domineering::new();
        let g = d.value(&mut arena, &board);
        let took = start.elapsed();
        let outcome = arena.outcome(g);
        let text = arena.display(g);
        println!(
            "{size}: outcome {outcome}, {} characters of canonical form, {took:.2?}, {} regions, {} canonical forms",
            text.len(),
            d.table_len(),
            arena.len()
        );
        if text.len() <= 100 {
            println!("  value {text}");
        }
    }
}
