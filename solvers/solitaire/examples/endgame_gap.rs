//! How much a game's placements late in the deal fell short of exact play: at each decision
//! with between LOW and HIGH cards face down, the exact chance of winning (expectimax over
//! the order of the cards face down) of the best placement and of the one the game played.
//!
//! ```text
//! cargo run --release -p cgtk-solitaire --example endgame_gap -- PILES LOW HIGH SEED MOVES...
//! ```
//!
//! SEED is the numbered deal, MOVES the game's moves in the notation of `play-out` (its
//! JSON's `moves`). One line per decision: cards face down, the best and the played
//! placement's chance, their difference and the processor seconds of the searches. With
//! exact play from LOW − 1 cards face down on (the rollout player's `--exact-cards LOW − 1`),
//! the difference at LOW cards face down is exactly what exact play there would have added
//! to this game's chance of winning.

use cgtk_solitaire::{
    exact_best_line_in, exact_value_in, Deal, ExactMemory, Move, Position, Rules,
};
use std::time::Instant;

/// Positions an exact search may hold before it gives up.
const MAX_POSITIONS: usize = 200_000_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!("usage: endgame_gap PILES LOW HIGH SEED MOVES...");
        std::process::exit(2);
    };
    if args.len() < 4 {
        usage();
    }
    let numbers: Option<Vec<u64>> = args[..4].iter().map(|a| a.parse().ok()).collect();
    let Some(&[piles, low, high, seed]) = numbers.as_deref() else {
        usage()
    };
    let Some(rules) = u8::try_from(piles)
        .ok()
        .and_then(|p| Rules::standard(p).ok())
    else {
        eprintln!("endgame_gap: PILES must be 1 to 4, not {piles}");
        std::process::exit(2);
    };
    let moves: Vec<Move> = args[4..]
        .iter()
        .map(|m| m.parse().unwrap_or_else(|_| usage()))
        .collect();
    let deal = Deal::from_seed(rules, seed);
    let stock = deal.stock();
    let mut pos = Position::start(rules);
    let mut memory = ExactMemory::default();
    let mut i = 0;
    while i < moves.len() {
        if pos.is_chance() {
            if let Err(e) = pos.turn(stock[stock.len() - pos.unseen_total()]) {
                eprintln!("endgame_gap: the deal's next card cannot be turned: {e}");
                std::process::exit(1);
            }
        }
        // The placement of this card: moves up to the next card turned (or the end).
        let mut after = pos;
        let mut j = i;
        while j < moves.len() && !after.is_chance() {
            if let Err(e) = after.play(moves[j]) {
                eprintln!("endgame_gap: move {} ({}) refused: {e}", j + 1, moves[j]);
                std::process::exit(1);
            }
            j += 1;
        }
        let down = pos.unseen_total() as u64;
        if pos.turned().is_some() && (low..=high).contains(&down) {
            let start = Instant::now();
            let best = exact_best_line_in(&pos, MAX_POSITIONS, &mut memory)
                .map(|r| r.map_or(0.0, |(_, v)| v));
            let played = exact_value_in(&after, MAX_POSITIONS, &mut memory);
            match (best, played) {
                (Ok(best), Ok(played)) => println!(
                    "{seed} {down} {best:.6} {played:.6} {:.6} {:.2}",
                    best - played,
                    start.elapsed().as_secs_f64()
                ),
                _ => println!("{seed} {down} too-large"),
            }
        }
        pos = after;
        i = j;
    }
}
