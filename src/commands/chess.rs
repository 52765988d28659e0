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
        Command::Perft { depth, fen, divide } => run_perft(*depth, fen, *divide, ctx),
    }
}

fn run_perft(depth: u32, fen: &str, divide: bool, ctx: &Context) -> Result<()> {
    let pos = Position::from_fen(fen).map_err(|e| usage(format!("invalid --fen: {e}")))?;
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
