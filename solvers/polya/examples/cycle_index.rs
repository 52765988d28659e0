//! Prints a cycle index and a count: `cargo run -p cgtk-polya --example cycle_index`.

// An example may unwrap on the values it builds itself.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_polya::{CycleIndex, NamedGroup};

fn main() {
    let z = CycleIndex::symmetric(12).expect("S_12 is supported");
    println!(
        "Z(S_12) has {} terms; multisets of 12 items in 3 kinds: {}",
        z.len(),
        z.count(3)
    );
    let board = NamedGroup::Board {
        rows: 3,
        cols: 3,
        symmetry: cgtk_polya::BoardSymmetry::Full,
    };
    let z = board.cycle_index().expect("3x3 board");
    println!("Z({}) = {z}", board.name());
    println!("3-coloured 3x3 boards up to symmetry: {}", z.count(3));
}
