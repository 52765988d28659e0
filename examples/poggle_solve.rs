//! Solve a Poggle board with the library: the 5×5 board in 4 colours from a custom start,
//! its number of solutions, one with the fewest presses, and its quiet patterns.
//!
//! Run with `cargo run --release --example poggle_solve`.

use cgtk::poggle::{format_grid, minimal_solution, BoardSpec, Grid, DEFAULT_SEARCH_BUDGET};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut spec = BoardSpec::square(5, 4);
    spec.start = Some(Grid::parse("11111\n12221\n12321\n12221\n11111\n")?);
    let board = spec.build()?;
    let analysis = board.analyze()?;
    println!(
        "solutions of any solvable start: {}",
        analysis.kernel_size()
    );
    let Some(x) = analysis.solve(&board.target())? else {
        println!("this start cannot reach the goal");
        return Ok(());
    };
    assert!(board.is_solution(&x));
    let best = minimal_solution(
        &x,
        &analysis.kernel_basis(),
        &analysis.kernel_size(),
        board.colours(),
        DEFAULT_SEARCH_BUDGET,
    );
    println!(
        "fewest presses: {} (proven: {})",
        best.total, best.exhaustive
    );
    print!(
        "{}",
        format_grid(&best.presses, board.cols(), board.colours())
    );
    for (pattern, order) in analysis.kernel_basis() {
        println!("quiet pattern of order {order}:");
        print!("{}", format_grid(&pattern, board.cols(), board.colours()));
    }
    Ok(())
}
