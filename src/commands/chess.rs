//! `cgtk chess …`: chess tools (perft move-generator counts).

use crate::cli::{usage, Context};
use anyhow::Result;
use cgtk_chess::{perft, Move, MoveList, Position, START_FEN};
use clap::Subcommand;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// The `chess` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree to a depth (move-generator check).
    ///
    /// Compare with published tables such as 119060324 at depth 6 from the start.
    Perft {
        /// Depth in plies (0 to 12).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=12))]
        depth: u32,
        /// The position in FEN (default: the standard starting position).
        #[arg(long, value_name = "FEN", default_value = START_FEN)]
        fen: String,
        /// Also print the count below each legal first move.
        #[arg(long)]
        divide: bool,
        /// Run even when the estimated tree is larger than 10^11 leaves (about an hour or
        /// more); without it such a request is refused up front with the estimate.
        #[arg(long)]
        force: bool,
    },
}

#[derive(Serialize)]
struct PerftReport {
    nodes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<BTreeMap<String, u64>>,
}

/// Runs a `chess` subcommand.
pub fn run(cmd: &Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::Perft {
            depth,
            fen,
            divide,
            force,
        } => run_perft(*depth, fen, *divide, *force, ctx),
    }
}

/// The most leaves `perft` counts without `--force` (about an hour at the speed of this
/// move generator; `chess perft 8` from the start, 8.5 * 10^10, is allowed).
pub const MAX_PERFT_LEAVES: f64 = 1e11;

/// The leaves of the tree to `depth`, estimated from the counts to depths 2 and 3 (or the
/// exact count when `depth` ≤ 3): the growth from depth 2 to 3 is assumed for every further
/// ply.
fn estimate_leaves(pos: &Position, depth: u32) -> f64 {
    let known = depth.min(3);
    let at = |d: u32| perft(&mut pos.clone(), d) as f64;
    let last = at(known);
    if depth <= 3 {
        return last;
    }
    let growth = last / at(2).max(1.0);
    last * growth.powi((depth - 3) as i32)
}

fn run_perft(depth: u32, fen: &str, divide: bool, force: bool, ctx: &Context) -> Result<()> {
    let pos = Position::from_fen(fen).map_err(|e| usage(format!("invalid --fen: {e}")))?;
    // `chess perft 12` used to run for days with no word; it is refused with the estimate.
    if !force && depth > 3 {
        let estimate = estimate_leaves(&pos, depth);
        if estimate > MAX_PERFT_LEAVES {
            return Err(usage(format!(
                "perft {depth} from this position would count about {estimate:.1e} leaves (estimated from depths 2 and 3), more than the limit of {MAX_PERFT_LEAVES:.0e}: hours of work or more; add --force to run it anyway"
            )));
        }
    }
    let mut roots = MoveList::new();
    pos.legal_moves(&mut roots);
    // At depth 0 the root is the one leaf: no move is played, so there is nothing to divide.
    let counts: Vec<(Move, u64)> = if depth == 0 {
        Vec::new()
    } else if depth == 1 {
        roots.iter().map(|&m| (m, 1)).collect()
    } else {
        let bar = ctx.progress(roots.len() as u64, "perft");
        let counts = roots
            .par_iter()
            .map(|&mv| {
                let mut child = pos.clone();
                child.make(mv);
                let n = perft(&mut child, depth - 1);
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
                (mv, n)
            })
            .collect();
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        counts
    };
    let nodes = if depth == 0 {
        1
    } else {
        counts.iter().map(|c| c.1).sum()
    };
    let divided: BTreeMap<String, u64> = counts.iter().map(|(m, n)| (m.to_string(), *n)).collect();
    let report = PerftReport {
        nodes,
        divide: divide.then(|| divided.clone()),
    };
    ctx.emit(&report, || {
        let mut text = String::new();
        if divide && depth > 0 {
            for (m, n) in &divided {
                text.push_str(&format!("{m}: {n}\n"));
            }
            text.push('\n');
        }
        text.push_str(&format!("nodes: {nodes}\n"));
        text
    })
}
