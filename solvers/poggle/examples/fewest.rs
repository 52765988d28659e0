//! Fewest presses of the all-lit n×n board for each n given: `fewest N [N…]`.
use cgtk_poggle::{fewest_presses, BoardSpec, SearchLimits};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for arg in std::env::args().skip(1) {
        let n: usize = arg.parse()?;
        let board = BoardSpec::square(n, 2).build()?;
        let Some(best) = fewest_presses(&board, SearchLimits::default(), &|_| {})? else {
            println!("{n}: unsolvable");
            continue;
        };
        let m = &best.minimum;
        println!(
            "{n}: nullity {:?} presses {} bound {} minimal {} count {:?} method {} nodes {} time {:.2?}",
            best.nullity, m.total, m.lower_bound, m.minimal, m.count, m.method.name(), m.nodes, best.elapsed
        );
    }
    Ok(())
}
