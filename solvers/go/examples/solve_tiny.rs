//! Solves tiny boards and prints the node counts and times:
//! `cargo run --release -p cgtk-go --example solve_tiny -- 3 3 [max_nodes [table_bits]] [history|notable]`.

use cgtk_go::{solve_board, Komi, SolveMethod, SolveOptions};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (w, h) = (
        args.first().copied().unwrap_or(2),
        args.get(1).copied().unwrap_or(2),
    );
    let method = if std::env::args().any(|a| a == "notable") {
        SolveMethod::NoTable
    } else if std::env::args().any(|a| a == "history") {
        SolveMethod::HistoryKeyed
    } else {
        SolveMethod::Fast
    };
    let options = SolveOptions {
        method,
        max_nodes: args.get(2).map(|&n| n as u64),
        table_bits: args
            .get(3)
            .map_or(SolveOptions::default().table_bits, |&b| b as u8),
    };
    let start = Instant::now();
    match solve_board(w, h, Komi(0), options) {
        Ok(s) => println!(
            "{w}x{h}: score {} best {:?} pv {:?} nodes {} in {:.2?}",
            s.score_halves as f64 / 2.0,
            s.best_move,
            s.pv,
            s.nodes,
            start.elapsed()
        ),
        Err(e) => println!("{w}x{h}: {e} after {:.2?}", start.elapsed()),
    }
}
