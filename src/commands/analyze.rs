//! `cgtk analyze …`: measure engine heuristics against solved tables.

use crate::cli::{usage, Context};
use anyhow::Result;
use cgtk_core::Notation;
use cgtk_games::fox_hounds::heuristics::{self, Heuristic};
use cgtk_games::fox_hounds::{FoxHounds, Role};
use cgtk_search::{AlphaBeta, Limits};
use clap::Subcommand;
use serde::Serialize;
use std::fmt::Write as _;

/// The evaluations of `analyze fox-hounds --heuristic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HeuristicArg {
    /// Empty squares on the fox's side of the hounds' line (ranks above the rearmost
    /// hound), reachable or not.
    Naive,
    /// Squares the fox can actually reach by a flood fill through empty squares, plus the
    /// hounds bordering that region. A region touching the home row is a breakthrough,
    /// scored above every closed region and the higher the fewer moves the fox needs to
    /// get home.
    Better,
}

impl From<HeuristicArg> for Heuristic {
    fn from(h: HeuristicArg) -> Heuristic {
        match h {
            HeuristicArg::Naive => Heuristic::Naive,
            HeuristicArg::Better => Heuristic::Better,
        }
    }
}

/// The help of `--variant`: the settings `analyze` honours for game `id`.
fn variant_help(id: &str) -> String {
    let settings = crate::games::GAMES
        .iter()
        .find(|g| g.id == id)
        .map(|g| g.variants_for(crate::games::Command::Analyze))
        .unwrap_or_default();
    format!("The rules variant ({})", settings.join(","))
}

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
        heuristic: Option<HeuristicArg>,
        /// Alpha-beta depth in plies (1..=12).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: u32,
        // The help lists the settings from the registry.
        #[arg(long, default_value = "standard", help = variant_help("fox-hounds"))]
        variant: String,
    },
}

/// The measurement for one heuristic.
#[derive(Debug, Serialize)]
struct HeuristicReport {
    heuristic: &'static str,
    depth: u32,
    positions: u64,
    blunders: u64,
    blunder_rate: f64,
    examples: Vec<BlunderOut>,
}

#[derive(Debug, Serialize)]
struct BlunderOut {
    position: String,
    chosen: String,
    winning: String,
}

/// The JSON document of `analyze fox-hounds`.
#[derive(Debug, Serialize)]
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
            let positions = cgtk_retro::won_positions(&start, &solution, |g: &FoxHounds| {
                g.role_to_move() == Role::Hounds
            });
            let chosen = match heuristic {
                Some(h) => vec![Heuristic::from(*h)],
                None => Heuristic::ALL.to_vec(),
            };
            let mut reports = Vec::new();
            for h in chosen {
                let bar = ctx.progress(positions.len() as u64, h.name());
                let tick = || {
                    if let Some(b) = &bar {
                        b.inc(1);
                    }
                };
                // Each position gets a fresh transposition table, so the result does not
                // depend on the order or the threads.
                let policy = |g: &FoxHounds| {
                    let mut position = *g;
                    AlphaBeta::with_capacity(1 << 16)
                        .search_keyed(
                            &mut position,
                            Limits::depth(*depth),
                            &|g: &FoxHounds| heuristics::evaluate(g, h),
                            &|g: &FoxHounds| cgtk_core::PerfectIndex::index(g),
                        )
                        .best_move
                };
                let audit = cgtk_retro::audit(&positions, &solution, policy, &tick, 3);
                if let Some(b) = bar {
                    b.finish_and_clear();
                }
                reports.push(HeuristicReport {
                    heuristic: h.name(),
                    depth: *depth,
                    positions: audit.positions,
                    blunders: audit.blunders,
                    blunder_rate: audit.rate(),
                    examples: audit
                        .examples
                        .iter()
                        .map(|b| BlunderOut {
                            position: b.position.position_text(),
                            chosen: b.position.move_text(b.chosen),
                            winning: b.position.move_text(b.winning),
                        })
                        .collect(),
                });
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
            h.heuristic,
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
