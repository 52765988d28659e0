//! Solves Domineering rectangles given as arguments (e.g. `4x5 6x6`) and prints each
//! value with the time taken and the number of regions in the table.

use cgtk_partizan::{Arena, Domineering, DomineeringBoard};
use std::time::Instant;

fn main() {
    for arg in std::env::args().skip(1) {
        let board = match DomineeringBoard::parse_size(&arg) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{arg}: {e}");
                continue;
            }
        };
        let start = Instant::now();
        let mut arena = Arena::new();
        let mut d = Domineering::new();
        let g = d.value(&mut arena, &board);
        let took = start.elapsed();
        let outcome = arena.outcome(g);
        let text = arena.display(g);
        let shown = if text.len() > 80 {
            format!("{}… ({} characters)", &text[..80], text.len())
        } else {
            text
        };
        println!(
            "{arg}: {shown}  outcome {outcome}  {:.2?}  {} regions, {} forms",
            took,
            d.table_len(),
            arena.len()
        );
    }
}
