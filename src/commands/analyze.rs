//! `cgtk analyze …`: measure engine heuristics against solved tables.

use crate::cli::{usage, Context};
use crate::play::{measure, won_hound_positions, Heuristic, HeuristicReport};
use anyhow::Result;
use cgtk_games::fox_hounds::FoxHounds;
use clap::Subcommand;
use std::fmt::Write as _;

/// The `analyze` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// How often the hounds' heuristic (alpha-beta to a depth) throws away a won position.
    ///
    /// Solves Fox and Hounds, takes every position reachable from the start in which the
    /// hounds are to move and win with best play, lets alpha-beta with the heuristic pick
    /// a move, and counts the moves after which the table no longer gives the hounds a win.
    FoxHounds {
        /// The evaluation to measure; both when not given.
        #[arg(long, value_enum)]
        heuristic: Option<Heuristic>,
        /// Alpha-beta depth in plies (1..=12).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: u32,
        /// The rules variant (fox=b8|d8|f8|h8,first=fox|hounds).
        #[arg(long, default_value = "standard")]
        variant: String,
    },
}

/// The JSON document of `analyze fox-hounds`.
#[derive(Debug, serde::Serialize)]
struct Report {
    variant: String,
    reachable_won_positions: u64,
    heuristics: Vec<HeuristicReport>,
}

/// Runs an `analyze` subcommand.
pub fn run(cmd: &Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::FoxHounds {
            heuristic,
            depth,
            variant,
        } => {
            let variant: cgtk_games::fox_hounds::Variant = variant.parse().map_err(usage)?;
            let start = FoxHounds::start(variant);
            let solution = cgtk_retro::solve(&start, &|_| {})?;
            let positions = won_hound_positions(&start, &solution);
            let chosen = match heuristic {
                Some(h) => vec![*h],
                None => vec![Heuristic::Naive, Heuristic::Better],
            };
            let mut reports = Vec::new();
            for h in chosen {
                let bar = ctx.progress(positions.len() as u64, h.name());
                let tick = || {
                    if let Some(b) = &bar {
                        b.inc(1);
                    }
                };
                reports.push(measure(&positions, &solution, h, *depth, &tick));
                if let Some(b) = bar {
                    b.finish_and_clear();
                }
            }
            let report = Report {
                variant: variant.to_string(),
                reachable_won_positions: positions.len() as u64,
                heuristics: reports,
            };
            ctx.emit(&report, || text(&report))
        }
    }
}

fn text(report: &Report) -> String {
    let mut out = format!(
        "fox-hounds ({}): {} reachable positions with the hounds to move and winning\n",
        report.variant, report.reachable_won_positions
    );
    for h in &report.heuristics {
        let _ = writeln!(
            out,
            "{:<7} depth {}: throws the win away in {} of {} positions ({:.2}%)",
            h.heuristic.name(),
            h.depth,
            h.blunders,
            h.positions,
            100.0 * h.blunder_rate
        );
        for b in &h.examples {
            let _ = writeln!(
                out,
                "        e.g. {}: plays {}, {} keeps the win",
                b.position, b.chosen, b.winning
            );
        }
    }
    out
}
