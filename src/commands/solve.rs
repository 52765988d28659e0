//! `cgtk solve <game>`: solve a game by retrograde analysis and optionally write its table.

use crate::cli::{usage, Context};
use crate::games::{self, SolvableGame, WithGame};
use anyhow::{Context as _, Result};
use cgtk_core::Value;
use cgtk_retro::{Compression, Counts, Progress, Verdict};
use clap::ValueEnum;
use serde::Serialize;
use std::path::PathBuf;

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
    #[arg(value_parser = games::game_parser(games::Command::Solve))]
    pub game: String,
    /// The rules variant (see the list of games above), e.g. `first-two-turns` (Mu
    /// Torere), `compulsory-capture` (Kono), `fox=b8,first=hounds` (Fox and Hounds);
    /// settings are separated by commas.
    #[arg(long, default_value = "standard", value_parser = clap::builder::NonEmptyStringValueParser::new())]
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
    /// The game and variant solved, and the table written (the text shows them; the JSON
    /// used to leave them out).
    game: &'static str,
    variant: String,
    table: Option<TableOut>,
    positions: u64,
    symmetries: u32,
    legal: u64,
    reachable: u64,
    all: CountsOut,
    from_start: CountsOut,
    start: VerdictOut,
    longest_win: Option<u32>,
}

/// The table file written by `--out`.
#[derive(Debug, Serialize)]
struct TableOut {
    path: String,
    bytes: u64,
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
    let game = games::find(&args.game, |s| s.solve).map_err(usage)?;
    let solvable = game
        .solvable
        .ok_or_else(|| usage(format!("{} cannot be solved", game.id)))?;
    solvable
        .with(&args.variant, Solve { args, ctx })
        .map_err(usage)?
}

struct Solve<'a> {
    args: &'a Args,
    ctx: &'a Context,
}

impl WithGame for Solve<'_> {
    type Output = Result<()>;
    fn run<G: SolvableGame>(self, start: G) -> Result<()> {
        solve_game(&start, self.args, self.ctx)
    }
}

fn solve_game<G: SolvableGame>(start: &G, args: &Args, ctx: &Context) -> Result<()> {
    if !games::has_start(start) {
        return Err(usage(format!(
            "variant {:?} of {} has no start position (it is an endgame database); solve the standard game instead",
            args.variant,
            G::GAME
        )));
    }
    // The table file is created before the work: `solve kono --out /no/such/dir/k.tbl`
    // used to solve for seconds and only then say that the file cannot be created. It is
    // written beside the path and put there whole, so a table already there survives a
    // failed or interrupted solve.
    let file = args
        .out
        .as_deref()
        .map(crate::cli::OutputFile::create)
        .transpose()?;
    let report = progress_reporter(ctx, start.index_size());
    let solution = cgtk_retro::solve(start, &report)?;
    let reach = cgtk_retro::reachable(start);
    let from_start = reach.counts(&solution);
    let all = solution.position_counts(start);
    let start_verdict = solution
        .verdict(start.index())
        .context("the start position has no entry")?;
    let mut summary = Summary {
        game: G::GAME,
        variant: start.variant_text(),
        table: None,
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
    if let Some(mut file) = file {
        let compression = match args.compression {
            CompressionArg::None => Compression::None,
            CompressionArg::Rle => Compression::RunLength,
        };
        let path = file.path().display().to_string();
        cgtk_retro::write_game_table(file.writer(), start, compression, &solution)
            .with_context(|| format!("cannot write {path}"))?;
        written = Some((path, file.finish()?));
    }
    summary.table = written.as_ref().map(|(path, bytes)| TableOut {
        path: path.clone(),
        bytes: *bytes,
    });
    ctx.emit(&summary, || {
        let row = |name: &str, c: &CountsOut| {
            format!("{name:<14}{:>12}{:>12}{:>12}\n", c.wins, c.losses, c.draws)
        };
        let mut t = format!("game          {} ({})\n", G::GAME, start.variant_text());
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
