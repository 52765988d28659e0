//! `cgtk solve <game>`: solve a game by retrograde analysis and optionally write its table.
//!
//! Also home of the list of solvable games ([`SolvedGame`], [`with_game!`]) that `probe`
//! and `table` share.

use crate::cli::{usage, Context};
use anyhow::{Context as _, Result};
use cgtk_core::{Notation, Predecessors, Render, Value};
use cgtk_games::{fox_hounds, kono, mu_torere};
use cgtk_retro::{Compression, Counts, Progress, TableSpec, Verdict};
use clap::ValueEnum;
use serde::Serialize;
use std::path::PathBuf;

/// A game that can be solved and stored in a table: its id, variant text and indexing
/// scheme name are written into table headers.
pub trait SolvedGame: Predecessors + Notation + Render + PartialEq + Send + Sync {
    /// The game's id in table headers and on the command line.
    const ID: &'static str;
    /// The name of the indexing scheme (see docs/table-format.md).
    const SCHEME: &'static str;
    /// The variant as text, as the game reads it back.
    fn variant_text(&self) -> String;
}

impl SolvedGame for mu_torere::MuTorere {
    const ID: &'static str = "mu-torere";
    const SCHEME: &'static str = "mu-torere-v1";
    fn variant_text(&self) -> String {
        self.variant().to_string()
    }
}

impl SolvedGame for kono::Kono {
    const ID: &'static str = "kono";
    const SCHEME: &'static str = "kono-sym16-v1";
    fn variant_text(&self) -> String {
        self.variant().to_string()
    }
}

impl SolvedGame for fox_hounds::FoxHounds {
    const ID: &'static str = "fox-hounds";
    const SCHEME: &'static str = "fox-hounds-v1";
    fn variant_text(&self) -> String {
        self.variant().to_string()
    }
}

/// The games `solve` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Mu Torere (variants: standard, first-two-turns).
    MuTorere,
    /// Four Field Kono (variants: standard, compulsory-capture, max-pieces=N).
    Kono,
    /// Fox and Hounds (variants: fox=b8|d8|f8|h8, first=fox|hounds).
    FoxHounds,
}

impl GameName {
    /// The game with table id `id`.
    pub fn from_id(id: &str) -> Option<GameName> {
        match id {
            "mu-torere" => Some(GameName::MuTorere),
            "kono" => Some(GameName::Kono),
            "fox-hounds" => Some(GameName::FoxHounds),
            _ => None,
        }
    }
}

/// Runs `$body` with `$g` bound to the start position of game `$name` under variant text
/// `$variant` (a usage error when the variant is not understood).
#[macro_export]
macro_rules! with_game {
    ($name:expr, $variant:expr, |$g:ident| $body:expr) => {{
        use $crate::commands::solve::GameName;
        let variant: &str = $variant;
        match $name {
            GameName::MuTorere => {
                let v = variant.parse().map_err($crate::cli::usage)?;
                let $g = cgtk_games::mu_torere::MuTorere::start(v);
                $body
            }
            GameName::Kono => {
                let v = variant.parse().map_err($crate::cli::usage)?;
                let $g = cgtk_games::kono::Kono::start(v);
                $body
            }
            GameName::FoxHounds => {
                let v = variant.parse().map_err($crate::cli::usage)?;
                let $g = cgtk_games::fox_hounds::FoxHounds::start(v);
                $body
            }
        }
    }};
}

/// Block storage of a written table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CompressionArg {
    /// Plain 16-bit entries.
    None,
    /// Run-length encoded blocks.
    Rle,
}

/// Arguments of `cgtk solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game to solve.
    #[arg(value_enum)]
    pub game: GameName,
    /// The rules variant, e.g. `first-two-turns` (Mu Torere), `compulsory-capture` (Kono),
    /// `fox=b8,first=hounds` (Fox and Hounds); settings are separated by commas.
    #[arg(long, default_value = "standard")]
    pub variant: String,
    /// Write the solved table to this file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// How the table's blocks are stored.
    #[arg(long, value_enum, default_value = "rle")]
    pub compression: CompressionArg,
}

/// Win, loss and draw counts as printed.
#[derive(Debug, Serialize)]
pub struct CountsOut {
    /// Won for the side to move.
    pub wins: u64,
    /// Lost for the side to move.
    pub losses: u64,
    /// Drawn.
    pub draws: u64,
}

impl From<Counts> for CountsOut {
    fn from(c: Counts) -> Self {
        CountsOut {
            wins: c.wins,
            losses: c.losses,
            draws: c.draws,
        }
    }
}

/// A value and distance as printed.
#[derive(Debug, Serialize)]
pub struct VerdictOut {
    /// `win`, `loss` or `draw` for the side to move.
    pub value: Value,
    /// Plies to the end under best play; null for a draw.
    pub distance: Option<u32>,
}

impl From<Verdict> for VerdictOut {
    fn from(v: Verdict) -> Self {
        VerdictOut {
            value: v.value,
            distance: v.distance,
        }
    }
}

#[derive(Debug, Serialize)]
struct Summary {
    positions: u64,
    symmetries: u32,
    legal: u64,
    reachable: u64,
    all: CountsOut,
    from_start: CountsOut,
    start: VerdictOut,
    longest_win: Option<u32>,
}

/// A progress callback for the engine that drives an indicatif bar, if any.
pub fn progress_reporter(ctx: &Context, total: u64) -> impl Fn(Progress) + Sync {
    let bar = ctx.progress(total, "counting moves");
    move |p| {
        if let Some(bar) = &bar {
            match p {
                Progress::Counting { done, .. } => bar.set_position(done),
                Progress::Propagating {
                    distance,
                    decided,
                    legal,
                } => {
                    if bar.length() != Some(legal) {
                        bar.set_length(legal);
                    }
                    bar.set_message(format!("distance {distance}"));
                    bar.set_position(decided);
                }
            }
        }
    }
}

/// Runs `cgtk solve`.
pub fn run(args: &Args, ctx: &Context) -> Result<()> {
    with_game!(args.game, &args.variant, |g| solve_game(&g, args, ctx))
}

fn solve_game<G: SolvedGame>(start: &G, args: &Args, ctx: &Context) -> Result<()>
where
    G::Move: Send,
{
    if start.position_at(start.index()).is_none() {
        return Err(usage(format!(
            "variant {:?} of {} has no start position (it is an endgame database); solve the standard game instead",
            args.variant,
            G::ID
        )));
    }
    let report = progress_reporter(ctx, start.index_size());
    let solution = cgtk_retro::solve(start, &report)?;
    let reach = cgtk_retro::reachable(start);
    let from_start = reach.counts(&solution);
    let all = solution.position_counts(start);
    let start_verdict = solution
        .verdict(start.index())
        .context("the start position has no entry")?;
    let summary = Summary {
        positions: solution.len(),
        symmetries: start.symmetry_count(),
        legal: all.total(),
        reachable: reach.count(),
        all: all.into(),
        from_start: from_start.into(),
        start: start_verdict.into(),
        longest_win: solution.longest_win().map(|(_, d)| d),
    };
    let mut written = None;
    if let Some(path) = &args.out {
        let spec = TableSpec {
            game: G::ID,
            variant: &start.variant_text(),
            scheme: G::SCHEME,
            compression: match args.compression {
                CompressionArg::None => Compression::None,
                CompressionArg::Rle => Compression::RunLength,
            },
            block_entries: cgtk_retro::DEFAULT_BLOCK_ENTRIES,
        };
        let file = std::fs::File::create(path)
            .map_err(|e| usage(format!("cannot create {}: {e}", path.display())))?;
        cgtk_retro::write_table(std::io::BufWriter::new(file), &spec, solution.entries())
            .with_context(|| format!("cannot write {}", path.display()))?;
        written = Some((path.display().to_string(), std::fs::metadata(path)?.len()));
    }
    ctx.emit(&summary, || {
        let row = |name: &str, c: &CountsOut| {
            format!("{name:<14}{:>12}{:>12}{:>12}\n", c.wins, c.losses, c.draws)
        };
        let mut t = format!("game          {} ({})\n", G::ID, start.variant_text());
        t += &format!("positions     {} in the index", summary.positions);
        if summary.symmetries > 1 {
            t += &format!(
                " (one per class of up to {} symmetric positions)",
                summary.symmetries
            );
        }
        t += "\n";
        t += &format!("legal         {}\n", summary.legal);
        t += &format!("reachable     {} from the start\n", summary.reachable);
        t += &format!("{:<14}{:>12}{:>12}{:>12}\n", "", "wins", "losses", "draws");
        t += &row("all legal", &summary.all);
        t += &row("from start", &summary.from_start);
        t += &format!(
            "start         {} for the first player{}\n",
            summary.start.value,
            summary
                .start
                .distance
                .map(|d| format!(" in {d} plies"))
                .unwrap_or_default()
        );
        if let Some(d) = summary.longest_win {
            t += &format!("longest win   {d} plies\n");
        }
        if let Some((path, len)) = &written {
            t += &format!("table         {path} ({len} bytes)\n");
        }
        t
    })
}
