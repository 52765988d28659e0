//! `cgtk go …`: Go tools (exact values of whole tiny boards).

use crate::cli::{usage, Context};
use anyhow::Result;
use cgtk_go::gtp::vertex_text;
use cgtk_go::{solve_board, Board, Komi, SolveError, SolveOptions, DEFAULT_MAX_NODES};
use clap::Subcommand;
use serde::Serialize;

/// The `go` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The exact score of an empty board under best play (area scoring, positional
    /// superko, suicide forbidden), by null-window tests over the score with symmetry,
    /// Benson safe points and a position-keyed table.
    ///
    /// Known values (van der Werf et al. 2003): 2x2 Black +1, 3x3 Black +9 from the
    /// centre, 4x4 Black +2. 2x2 and 3x3 take a few thousand nodes; 4x4 is not reached.
    /// At the node limit the answer is "unknown" with the bounds proved so far.
    SolveBoard {
        /// The board as COLUMNSxROWS, e.g. 3x3 (at most 64 points).
        size: String,
        /// Komi in points (a multiple of 0.5).
        #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
        komi: f64,
        /// Give up after this many nodes.
        #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_NODES)]
        max_nodes: u64,
    },
}

#[derive(Serialize)]
struct Unknown {
    size: String,
    komi: f64,
    result: &'static str,
    /// The least and greatest scores for Black still possible.
    lower: f64,
    upper: f64,
    nodes: u64,
}

#[derive(Serialize)]
struct Solution {
    size: String,
    komi: f64,
    result: &'static str,
    /// Black's score (positive: Black wins).
    score: f64,
    best_move: String,
    pv: Vec<String>,
    nodes: u64,
}

/// Runs a `go` subcommand.
pub fn run(cmd: &Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::SolveBoard {
            size,
            komi,
            max_nodes,
        } => run_solve_board(size, *komi, *max_nodes, ctx),
    }
}

fn parse_size(text: &str) -> Option<(usize, usize)> {
    let (w, h) = text.split_once(['x', 'X'])?;
    Some((w.trim().parse().ok()?, h.trim().parse().ok()?))
}

fn run_solve_board(size: &str, komi: f64, max_nodes: u64, ctx: &Context) -> Result<()> {
    let (w, h) = parse_size(size).ok_or_else(|| {
        usage(format!(
            "invalid size {size:?}: expected COLUMNSxROWS, e.g. 3x3"
        ))
    })?;
    let board = Board::new(w, h).map_err(usage)?;
    if w * h > 64 {
        return Err(usage(format!(
            "board {w}x{h} has {} points: solve-board takes at most 64",
            w * h
        )));
    }
    let komi_value = Komi::from_points(komi)
        .ok_or_else(|| usage(format!("invalid --komi {komi}: use a multiple of 0.5")))?;
    let options = SolveOptions {
        max_nodes: Some(max_nodes),
        ..SolveOptions::default()
    };
    let s = match solve_board(w, h, komi_value, options) {
        Ok(s) => s,
        Err(SolveError::NodeLimit {
            limit,
            lower_halves,
            upper_halves,
        }) => {
            let report = Unknown {
                size: format!("{w}x{h}"),
                komi,
                result: "unknown",
                lower: f64::from(lower_halves) / 2.0,
                upper: f64::from(upper_halves) / 2.0,
                nodes: limit,
            };
            return ctx.emit(&report, || {
                format!(
                    "{w}x{h} komi {komi}: unknown after {limit} nodes (the node limit); Black's score lies between {:+} and {:+}\n",
                    report.lower, report.upper
                )
            });
        }
        Err(e) => return Err(usage(e)),
    };
    let report = Solution {
        size: format!("{w}x{h}"),
        komi,
        result: "solved",
        score: f64::from(s.score_halves) / 2.0,
        best_move: vertex_text(s.best_move, &board),
        pv: s.pv.iter().map(|&m| vertex_text(m, &board)).collect(),
        nodes: s.nodes,
    };
    ctx.emit(&report, || {
        let who = match s.score_halves.cmp(&0) {
            std::cmp::Ordering::Greater => format!("Black wins by {}", report.score),
            std::cmp::Ordering::Less => format!("White wins by {}", -report.score),
            std::cmp::Ordering::Equal => "a draw".to_string(),
        };
        format!(
            "{}x{} komi {}: {who} (score {:+})\nbest move: {}\npv: {}\nnodes: {}\n",
            w,
            h,
            komi,
            report.score,
            report.best_move,
            report.pv.join(" "),
            report.nodes
        )
    })
}
