//! `cgtk poggle …`: solve Poggle / Lights Out boards in k colours, list their quiet
//! patterns, and tabulate kernel sizes over many sizes.

use crate::cli::{read_input, usage, Context, OutputFile};
use anyhow::{Context as _, Result};
use cgtk_poggle::{
    board_symmetries, coset_minimum_gf2_by, coset_minimum_zk, default_cell_size,
    enumerate_solutions, format_grid, nullity_line_with, nullity_method_within, total_presses,
    write_png, write_presses, Analysis, BigUint, BitGrid, Board, BoardError, BoardSize, BoardSpec,
    CellRows, CosetMinimum, Grid, NullityLine, NullityMethod, Pattern, PictureError, PressFormat,
    PressRows, SearchLimits, SearchMethod, MAX_PICTURE_COLOURS,
};
use clap::{Args, Subcommand};

use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The `poggle` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a board: whether it is solvable, how many solutions exist, and one of them
    /// (or the fewest-press one, or all of them) as a grid of press counts.
    Solve(SolveArgs),
    /// The quiet patterns (a basis of the press vectors that change nothing) and the
    /// kernel size.
    Quiet(QuietArgs),
    /// Kernel sizes, nullities and solvability of n×n boards over a range of sizes.
    Table(TableArgs),
    /// The fewest presses that turn every button of the n×n board from 1 to 0 (all lights
    /// out, OEIS A075464 for 2 colours), for a range of sizes, proven by an exact search.
    MinimalTable(MinimalTableArgs),
}

/// Limits of the fewest-presses search (`--minimal`, `minimal-table`).
#[derive(Debug, Args)]
pub struct SearchLimitArgs {
    /// Seconds the fewest-presses search may take per board, fractions allowed (0: no
    /// limit); at the limit the best solution found is printed with the proven lower bound,
    /// marked not minimal.
    #[arg(
        long,
        visible_alias = "time",
        default_value_t = 60.0,
        value_name = "SECS",
        allow_hyphen_values = true
    )]
    pub time_limit: f64,

    /// Candidate solutions the fewest-presses search may evaluate per board (0: no limit).
    #[arg(
        long,
        visible_alias = "nodes",
        default_value_t = 0,
        value_name = "N",
        allow_negative_numbers = true
    )]
    pub node_limit: u64,
}

impl SearchLimitArgs {
    /// The limits, refusing a time that is negative or not a number (`--time-limit 0.5`
    /// and `1e30` were refused as "invalid digit found in string"; a time past the largest
    /// duration is no limit, as in `calculation solve --time`).
    fn limits(&self) -> Result<SearchLimits> {
        Ok(SearchLimits {
            time: crate::cli::time_limit("--time-limit", self.time_limit, true)?,
            nodes: (self.node_limit > 0).then_some(self.node_limit),
        })
    }
}

/// Arguments of `poggle minimal-table`.
#[derive(Debug, Args)]
pub struct MinimalTableArgs {
    /// The sizes n of the n×n boards: A..B (both ends included) or a single N.
    #[arg(long, value_name = "A..B", allow_hyphen_values = true)]
    pub sizes: String,

    /// Number of colours k (at least 2); the goal is every button at 0 from every button at 1.
    #[arg(
        short = 'k',
        long,
        default_value_t = 2,
        value_name = "K",
        allow_negative_numbers = true
    )]
    pub colours: u64,

    /// Boards on the torus.
    #[arg(long)]
    pub torus: bool,

    /// Write each board's fewest-press grid to this file (one block per board).
    #[arg(long, value_name = "FILE")]
    pub grids: Option<PathBuf>,

    /// Search limits.
    #[command(flatten)]
    pub limits: SearchLimitArgs,
}

/// The board every subcommand works on.
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// The board size: N for N×N, or RxC for R rows and C columns.
    #[arg(allow_negative_numbers = true)]
    pub size: String,

    /// Number of colours k (at least 2); a press advances a button by one colour mod k.
    #[arg(
        short = 'k',
        long,
        default_value_t = 2,
        value_name = "K",
        allow_negative_numbers = true
    )]
    pub colours: u64,

    /// Neighbours wrap around the edges (a button reached twice advances twice).
    #[arg(long)]
    pub torus: bool,

    /// A custom press pattern: row,column offsets from the pressed button, separated by
    /// spaces or semicolons (default: the plus shape "0,0 -1,0 1,0 0,-1 0,1"). Custom
    /// patterns are solved through the full system, so boards stay small.
    #[arg(long, value_name = "OFFSETS", allow_hyphen_values = true)]
    pub pattern: Option<String>,

    /// The most memory solving may take, e.g. 512M or 4G (default: the memory the system
    /// reports available). Larger boards are refused up front, saying what they need.
    #[arg(long, value_name = "SIZE", allow_hyphen_values = true)]
    pub max_memory: Option<String>,
}

/// Pictures of press grids.
#[derive(Debug, Args)]
pub struct ImageArgs {
    /// Draw the press grid as a PNG picture: one colour per press count 0..k−1 (white for
    /// 0) and a legend below; written row by row, so boards of 10⁸ buttons work (up to
    /// 254 colours).
    #[arg(long, value_name = "FILE.png", value_parser = image_path)]
    pub image: Option<PathBuf>,

    /// Pixels a side of one button in --image (default: from 32 for small boards down to
    /// 1 for boards of 512 buttons a side and more).
    #[arg(long, value_name = "PX", requires = "image", value_parser = clap::value_parser!(u32).range(1..=256), allow_negative_numbers = true)]
    pub cell_size: Option<u32>,
}

/// An `--image` file: `-` was written as a file named `-` (and `quiet` as `--1.png`, …).
fn image_path(text: &str) -> Result<PathBuf, String> {
    if text == "-" {
        return Err(
            "a picture is written to a file: name one, e.g. board.png (- for standard output is not taken)"
                .to_string(),
        );
    }
    Ok(PathBuf::from(text))
}

/// Arguments of `poggle quiet`.
#[derive(Debug, Args)]
pub struct QuietArgs {
    /// The board.
    #[command(flatten)]
    pub board: BoardArgs,

    /// Pictures: each quiet pattern i goes to FILE-i.png (FILE.png named by --image).
    #[command(flatten)]
    pub picture: ImageArgs,
}

/// Arguments of `poggle solve`. The search limits apply to --minimal alone: given without
/// it they used to be ignored without a word, while --limit without --all was refused.
#[derive(Debug, Args)]
#[command(
    mut_arg("time_limit", |a| a.requires("minimal")),
    mut_arg("node_limit", |a| a.requires("minimal"))
)]
pub struct SolveArgs {
    /// The board.
    #[command(flatten)]
    pub board: BoardArgs,

    /// The starting colours: a file with one row per line, digits run together (k ≤ 10) or
    /// numbers separated by spaces; `-` reads standard input (default: every button at 1).
    #[arg(long, value_name = "FILE")]
    pub start: Option<PathBuf>,

    /// The goal colours, same format as --start (default: every button at 0).
    #[arg(long, value_name = "FILE")]
    pub goal: Option<PathBuf>,

    /// Print a solution with the fewest presses (sum of press counts), searching all
    /// solutions when there are few enough; otherwise the best found, marked not minimal.
    #[arg(long)]
    pub minimal: bool,

    /// Also list every solution, up to --limit.
    #[arg(long)]
    pub all: bool,

    /// The most solutions --all lists.
    #[arg(
        long,
        default_value_t = 100,
        value_name = "N",
        requires = "all",
        allow_negative_numbers = true
    )]
    pub limit: usize,

    /// A picture of the press grid.
    #[command(flatten)]
    pub picture: ImageArgs,

    /// Write the press grid to FILE (in --format) instead of printing it; `-` writes it to
    /// standard output, and the rest of the report to standard error (not with --json).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The format of --output: text (as printed), pbm (black = pressed, 2 colours), pgm
    /// (grey level = press count, maxval k−1) or csv.
    #[arg(
        long,
        value_name = "FORMAT",
        default_value = "text",
        requires = "output"
    )]
    pub format: String,

    /// Print the press grid even when it has more than 1,000,000 buttons (such grids go
    /// to --output or --image otherwise).
    #[arg(long)]
    pub print: bool,

    /// Limits of the --minimal search.
    #[command(flatten)]
    pub search: SearchLimitArgs,
}

/// The most buttons of a press grid printed on the terminal without --print.
const PRINT_LIMIT: usize = 1_000_000;

/// Arguments of `poggle table`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// The sizes n of the n×n boards: A..B (both ends included) or a single N.
    #[arg(long, value_name = "A..B", allow_hyphen_values = true)]
    pub sizes: String,

    /// Numbers of colours, separated by commas.
    #[arg(
        short = 'k',
        long,
        default_value = "2",
        value_name = "K,...",
        allow_hyphen_values = true
    )]
    pub colours: String,

    /// Boards on the torus.
    #[arg(long)]
    pub torus: bool,

    /// The most memory one line may take, e.g. 512M or 4G (default: the memory the
    /// system reports available).
    #[arg(long, value_name = "SIZE", allow_hyphen_values = true)]
    pub max_memory: Option<String>,

    /// Compute the table even when it is estimated to take more than an hour (such as
    /// `--sizes 1..1000000`, about 350 hours, or `--sizes 1..2048 -k 3`).
    #[arg(long)]
    pub force: bool,
}

/// The longest a nullity table may be estimated to take without `--force`.
const MAX_TABLE_SECONDS: f64 = 3600.0;

/// A rough estimate of the seconds one line of the nullity table takes, from timings of
/// single lines on a loaded 2-core machine: the polynomial gcd (k = 2 on the plane) 0.09 s
/// at n = 10^5 and 3.2 s at 10^6 (growing as n^1.55); the elimination 0.07 s at n = 1000
/// and 0.22 s at 2000 for k = 2 on the torus (as n^1.65), 0.13 s at 500 and 1.0 s at 1000
/// for k = 3 (as n³).
fn table_line_seconds(n: usize, k: u64, torus: bool) -> f64 {
    let n = n as f64;
    if k == 2 && !torus {
        0.09 * (n / 1e5).powf(1.55)
    } else if k == 2 {
        0.07 * (n / 1000.0).powf(1.65)
    } else {
        (n / 1000.0).powi(3)
    }
}

/// Runs a `poggle` subcommand.
pub fn run(cmd: &Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::Solve(args) => solve(args, ctx),
        Command::Quiet(args) => quiet(args, ctx),
        Command::Table(args) => table(args, ctx),
        Command::MinimalTable(args) => minimal_table(args, ctx),
    }
}

fn board_spec(args: &BoardArgs) -> Result<BoardSpec> {
    let size: BoardSize = args.size.parse().map_err(usage)?;
    let mut spec = BoardSpec::of_size(size, args.colours).with_torus(args.torus);
    let limit = crate::cli::memory_limit(args.max_memory.as_deref())?;
    if let Some(limit) = limit {
        spec = spec.with_memory_limit(limit);
    }
    if let Some(p) = &args.pattern {
        spec.pattern = Pattern::parse(p).map_err(|e| usage(format!("--pattern: {e}")))?;
    }
    Ok(spec)
}

/// How messages name a grid file: its path, or `standard input` for `-`.
fn grid_source(path: &std::path::Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// Reads the start or goal grid (`which`). Its errors read `FILE: start grid: …`, as those
/// of a grid that does not fit the board do (they used to read `start FILE: …`).
fn read_grid(path: &std::path::Path, which: &str) -> Result<Grid> {
    let text = read_input(path)?;
    Grid::parse(&text).map_err(|e| usage(format!("{}: {which} grid: {e}", grid_source(path))))
}

fn analyze(board: &Board) -> Result<Analysis> {
    board
        .analyze()
        .context("solving the board")
        .map_err(|e| usage(format!("{e:#}")))
}

fn describe(rows: usize, cols: usize, k: u32, torus: bool) -> String {
    let topology = if torus { "torus" } else { "plane" };
    format!("{rows}×{cols}, {k} colours, {topology}")
}

fn grid_rows(x: &[u32], cols: usize) -> Vec<Vec<u32>> {
    x.chunks(cols.max(1)).map(|r| r.to_vec()).collect()
}

/// Whether two paths name the same file, existing or still to be written (so `a`, `./a`
/// and `dir/../a` agree), other than a device such as `/dev/null`, which takes both.
fn same_regular_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    fn resolved(path: &std::path::Path) -> Option<PathBuf> {
        if let Ok(full) = std::fs::canonicalize(path) {
            return Some(full);
        }
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => std::path::Path::new("."),
        };
        Some(std::fs::canonicalize(dir).ok()?.join(path.file_name()?))
    }
    let device = std::fs::metadata(a).is_ok_and(|m| !m.is_file());
    !device && (a == b || matches!((resolved(a), resolved(b)), (Some(x), Some(y)) if x == y))
}

/// Draws `grid` as a PNG into `out` and puts the file in place.
fn draw(mut out: OutputFile, grid: &dyn PressRows, k: u32, cell: Option<u32>) -> Result<()> {
    let cell = cell.unwrap_or_else(|| default_cell_size(grid.rows(), grid.cols()));
    let path = out.path().display().to_string();
    write_png(out.writer(), grid, k, cell).map_err(|e| write_failed(&path, e))?;
    out.finish().map(drop)
}

/// The error of writing a press grid or a picture to `path`: a failed write keeps its
/// `io::Error` (exit code 1, and 0 for a closed pipe: `-o /dev/stdout | head` said `error:
/// /dev/stdout: Broken pipe` with exit code 2); a format that cannot hold the board is the
/// user's choice (exit code 2).
fn write_failed(path: &str, e: PictureError) -> anyhow::Error {
    match e {
        PictureError::Io(e) => anyhow::Error::new(e).context(format!("cannot write {path}")),
        e => usage(format!("{path}: {e}")),
    }
}

mod quiet;
mod solve;
mod tables;
use quiet::quiet;
use solve::solve;
use tables::{minimal_table, table};
