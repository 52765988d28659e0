//! One perft run by one library, for counting instructions (which, unlike time, a busy
//! machine does not disturb), for example:
//!
//! ```text
//! cargo build --release -p cgtk-chess --example perft_compare
//! valgrind --tool=cachegrind --cache-sim=no \
//!     target/release/examples/perft_compare cgtk initial 5
//! ```
//!
//! Arguments: `cgtk` (the last ply counted), `listing` (the last ply listed, as shakmaty
//! does) or `shakmaty`; a position named in `tests/data/perft.txt` (`initial`, `kiwipete`,
//! `position3`, ...); the depth. Prints the leaf count, checked against the published one.
//! Subtract a depth 1 run of the same library to leave out the start-up cost.

use cgtk_chess::{perft, perft_listing, Position};
use shakmaty::{fen::Fen, CastlingMode, Chess};
use std::process::ExitCode;

/// The published perft table: `name | FEN | leaf counts for depth 1, 2, ...` lines.
const TABLE: &str = include_str!("../tests/data/perft.txt");

/// The FEN and published leaf counts of the position called `name` in [`TABLE`].
fn position(name: &str) -> Option<(&'static str, Vec<u64>)> {
    TABLE
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.split('|').map(str::trim).collect::<Vec<_>>())
        .find(|fields| fields.len() == 3 && fields[0] == name)
        .map(|fields| {
            let counts = fields[2].split_whitespace().filter_map(|n| n.parse().ok());
            (fields[1], counts.collect())
        })
}

/// The leaf count of `library` on `fen` at `depth`.
fn run(library: &str, fen: &str, depth: u32) -> Option<u64> {
    let mut ours = Position::from_fen(fen).ok()?;
    match library {
        "cgtk" => Some(perft(&mut ours, depth)),
        "listing" => Some(perft_listing(&mut ours, depth)),
        "shakmaty" => {
            let theirs: Chess = Fen::from_ascii(fen.as_bytes())
                .ok()?
                .into_position(CastlingMode::Standard)
                .ok()?;
            Some(shakmaty::perft(&theirs, depth))
        }
        _ => None,
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: perft_compare cgtk|listing|shakmaty POSITION DEPTH";
    let [library, name, depth] = args.as_slice() else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let Some((fen, counts)) = position(name) else {
        eprintln!("unknown position {name:?}\n{usage}");
        return ExitCode::from(2);
    };
    let depth = match depth.parse::<u32>() {
        Ok(d) if (1..=counts.len() as u32).contains(&d) => d,
        _ => {
            eprintln!("depth must be 1 to {} for {name}\n{usage}", counts.len());
            return ExitCode::from(2);
        }
    };
    let Some(nodes) = run(library, fen, depth) else {
        eprintln!("unknown library {library:?}\n{usage}");
        return ExitCode::from(2);
    };
    println!("{nodes}");
    if nodes != counts[depth as usize - 1] {
        eprintln!("wrong count: expected {}", counts[depth as usize - 1]);
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
