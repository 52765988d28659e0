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

/// JSON of `poggle solve`.
#[derive(Serialize)]
struct SolveReport {
    rows: usize,
    cols: usize,
    colours: u32,
    torus: bool,
    solvable: bool,
    /// Exact number of solutions, decimal.
    solutions: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    presses: Option<Vec<Vec<u32>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    total_presses: Option<u64>,
    minimal: bool,
    /// Why `minimal` is false: not proven although --minimal was asked for, or "not
    /// checked (use --minimal)" when it was not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    minimal_note: Option<String>,
    /// With --minimal: the proven lower bound on the fewest presses.
    #[serde(skip_serializing_if = "Option::is_none")]
    lower_bound: Option<u64>,
    /// With --minimal: how many solutions have the fewest presses, when all were visited.
    #[serde(skip_serializing_if = "Option::is_none")]
    minimal_solutions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    all: Option<Vec<Vec<Vec<u32>>>>,
    /// A·x = b was checked row by row on the press grid reported (solvable boards).
    #[serde(skip_serializing_if = "Option::is_none")]
    checked: Option<bool>,
    /// Where --output wrote the press grid.
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<String>,
    /// Where --image drew the press grid.
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<String>,
}

/// A solution as found: bit-packed (2 colours) or one `u32` a button.
enum Presses {
    Bits(BitGrid),
    Cells(Vec<u32>, usize),
}

impl Presses {
    fn rows(&self) -> Box<dyn PressRows + '_> {
        match self {
            Presses::Bits(b) => Box::new(b.clone()),
            Presses::Cells(c, cols) => Box::new(CellRows {
                cells: c,
                cols: *cols,
            }),
        }
    }

    fn total(&self) -> u64 {
        match self {
            Presses::Bits(b) => b.count_ones(),
            Presses::Cells(c, _) => total_presses(c),
        }
    }

    fn cells(&self) -> Vec<u32> {
        match self {
            Presses::Bits(b) => b.to_cells(),
            Presses::Cells(c, _) => c.clone(),
        }
    }

    fn solves(&self, board: &Board) -> bool {
        match self {
            Presses::Bits(b) => board.is_solution_bits(b),
            Presses::Cells(c, _) => board.is_solution(c),
        }
    }
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

fn solve(args: &SolveArgs, ctx: &Context) -> Result<()> {
    let mut spec = board_spec(&args.board)?;
    let limits = args.search.limits()?;
    // `-o -` writes the press grid to standard output, as `--start -` reads standard input
    // (it wrote a file named `-`); the report then goes to standard error.
    let to_stdout = args.output.as_deref().is_some_and(|p| p.as_os_str() == "-");
    if to_stdout && ctx.json {
        return Err(usage(
            "--output - writes the press grid to standard output, where --json prints the report: give --output a file",
        ));
    }
    // Both read from standard input used to end in "goal -: the grid is empty" (the start
    // had taken all of it).
    let stdin = |p: &Option<PathBuf>| p.as_ref().is_some_and(|p| p.as_os_str() == "-");
    if stdin(&args.start) && stdin(&args.goal) {
        return Err(usage(
            "--start - and --goal - cannot both read standard input: give one of them as a file",
        ));
    }
    let format: PressFormat = args
        .format
        .parse()
        .map_err(|e| usage(format!("--format: {e}")))?;
    if let Some(path) = &args.start {
        spec.start = Some(read_grid(path, "start")?);
    }
    if let Some(path) = &args.goal {
        spec.goal = Some(read_grid(path, "goal")?);
    }
    // A grid that does not fit the board is named with its file, as other grid errors are
    // (`start grid is 2×3 but the board is 3×3` did not say which file held it).
    let board = spec.build().map_err(|e| {
        let file = match &e {
            BoardError::GridShape { which, .. } | BoardError::GridColour { which, .. } => {
                match *which {
                    "start" => args.start.as_ref(),
                    _ => args.goal.as_ref(),
                }
            }
            _ => None,
        };
        match file {
            Some(path) => usage(format!("{}: {e}", grid_source(path))),
            None => usage(e),
        }
    })?;
    let (rows, cols, k) = (board.rows(), board.cols(), board.colours());
    // Everything that can be refused is refused before the work starts.
    let cells = board.cells();
    let to_file = args.output.is_some() || args.picture.image.is_some();
    if cells > PRINT_LIMIT && !to_file && !args.print {
        return Err(usage(format!(
            "the {rows}×{cols} board's press grid has {cells} entries, too many to print: write it to a file with --output FILE (--format text|pbm|pgm|csv) or draw it with --image FILE.png, or print it anyway with --print"
        )));
    }
    if format == PressFormat::Pbm && k != 2 {
        return Err(usage(format!(
            "--format pbm holds 2 colours, the board has {k}: use pgm or csv"
        )));
    }
    if args.picture.image.is_some() && k > MAX_PICTURE_COLOURS {
        return Err(usage(format!(
            "--image draws at most {MAX_PICTURE_COLOURS} colours, the board has {k}: use --output FILE --format pgm or csv"
        )));
    }
    if let (Some(output), Some(image)) = (&args.output, &args.picture.image) {
        if same_regular_file(output, image) {
            return Err(usage(format!(
                "--output and --image both name {}: give two different files",
                image.display()
            )));
        }
    }
    // So are the files asked for: created now, put in place once written.
    let output_file = match args.output.as_deref() {
        Some(_) if to_stdout => None,
        path => path.map(OutputFile::create).transpose()?,
    };
    let image_file = args
        .picture
        .image
        .as_deref()
        .map(OutputFile::create)
        .transpose()?;
    let bar = ctx.progress(1, "solving");
    let analysis = analyze(&board)?;
    let kernel = analysis.kernel_size();
    // Two colours without a search over the solutions stay bit-packed from end to end.
    let solution = if k == 2 && !args.minimal && !args.all {
        analysis
            .solve_bits(&board.target_bits())
            .map_err(usage)?
            .map(Presses::Bits)
    } else {
        analysis
            .solve(&board.target())
            .map_err(usage)?
            .map(|x| Presses::Cells(x, cols))
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let mut report = SolveReport {
        rows,
        cols,
        colours: k,
        torus: board.is_torus(),
        solvable: solution.is_some(),
        solutions: if solution.is_some() {
            kernel.to_string()
        } else {
            "0".into()
        },
        presses: None,
        total_presses: None,
        minimal: false,
        minimal_note: None,
        lower_bound: None,
        minimal_solutions: None,
        all: None,
        checked: None,
        output: None,
        image: None,
    };
    if let Some(found) = solution {
        let unique = kernel == BigUint::from(1u32);
        let needs_basis = (args.minimal && !unique) || args.all;
        let basis = if needs_basis {
            analysis.kernel_basis()
        } else {
            Vec::new()
        };
        let mut presses = found;
        report.minimal = unique;
        if args.minimal && !unique {
            let start = presses.cells();
            let best = search_minimum(&board, &start, &basis, &kernel, limits, ctx);
            presses = Presses::Cells(best.presses.clone(), cols);
            report.minimal = best.minimal;
            report.lower_bound = Some(best.lower_bound);
            report.minimal_solutions = best.count;
            if !best.minimal {
                report.minimal_note = Some(unproven_note(&best, &kernel));
            }
        } else if args.minimal {
            report.lower_bound = Some(total_presses(&presses.cells()));
            report.minimal_solutions = Some(1);
        } else if !unique {
            // JSON said `"minimal": false` alike for "not proven" and "never looked at".
            report.minimal_note = Some(NOT_CHECKED.to_string());
        }
        if args.all {
            let list = enumerate_solutions(&presses.cells(), &basis, k, args.limit);
            report.all = Some(list.iter().map(|s| grid_rows(s, cols)).collect());
        }
        // A·x = b, formed again from the press grid itself, one row at a time.
        if !presses.solves(&board) {
            anyhow::bail!("the press grid found does not satisfy A·x = b");
        }
        report.checked = Some(true);
        report.total_presses = Some(presses.total());
        if let Some(mut out) = output_file {
            let path = out.path().display().to_string();
            write_presses(out.writer(), format, presses.rows().as_ref(), k)
                .map_err(|e| write_failed(&path, e))?;
            out.finish()?;
            report.output = Some(path);
        } else if to_stdout {
            let mut stdout = std::io::stdout().lock();
            // The error of the write itself, so that a closed pipe (`… -o - | head`) is
            // not an error.
            write_presses(&mut stdout, format, presses.rows().as_ref(), k)
                .map_err(|e| write_failed("standard output", e))?;
            std::io::Write::flush(&mut stdout)?;
            report.output = Some("standard output".to_string());
        }
        if let Some(out) = image_file {
            report.image = Some(out.path().display().to_string());
            draw(out, presses.rows().as_ref(), k, args.picture.cell_size)?;
        }
        if args.output.is_none() && (cells <= PRINT_LIMIT || args.print) {
            report.presses = Some(grid_rows(&presses.cells(), cols));
        }
    }
    if to_stdout {
        let text = solve_text(&report, k, args.minimal, format);
        std::io::Write::write_all(&mut std::io::stderr(), text.as_bytes())?;
        return Ok(());
    }
    ctx.emit(&report, || solve_text(&report, k, args.minimal, format))
}

/// `minimal` of a solution that --minimal was not asked to check.
const NOT_CHECKED: &str = "not checked (use --minimal)";

fn solve_text(report: &SolveReport, k: u32, asked_minimal: bool, format: PressFormat) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "board: {}",
        describe(report.rows, report.cols, k, report.torus)
    );
    let _ = writeln!(
        out,
        "solvable: {}",
        if report.solvable { "yes" } else { "no" }
    );
    let _ = writeln!(out, "solutions: {}", report.solutions);
    let Some(total) = report.total_presses else {
        return out;
    };
    if let Some(presses) = &report.presses {
        let flat: Vec<u32> = presses.concat();
        let _ = writeln!(out, "presses:");
        out.push_str(&format_grid(&flat, report.cols, k));
    }
    if let Some(path) = &report.output {
        let name = format!("{format:?}").to_lowercase();
        let _ = writeln!(out, "presses: written to {path} ({name})");
    }
    if let Some(path) = &report.image {
        let _ = writeln!(out, "picture: {path}");
    }
    let _ = writeln!(out, "total presses: {total}");
    if report.checked == Some(true) {
        let _ = writeln!(out, "checked: A·x = b, row by row");
    }
    let minimal = if report.minimal {
        "yes"
    } else if asked_minimal {
        "not proven"
    } else {
        NOT_CHECKED
    };
    let _ = writeln!(out, "minimal: {minimal}");
    if let (Some(bound), false) = (report.lower_bound, report.minimal) {
        let _ = writeln!(out, "proven lower bound: {bound}");
    }
    if let Some(count) = report.minimal_solutions {
        let _ = writeln!(out, "solutions with the fewest presses: {count}");
    }
    if let (Some(note), true) = (&report.minimal_note, asked_minimal) {
        let _ = writeln!(out, "note: {note}");
    }
    if let Some(all) = &report.all {
        let _ = writeln!(
            out,
            "all solutions: {} listed of {}",
            all.len(),
            report.solutions
        );
        for (i, s) in all.iter().enumerate() {
            let flat: Vec<u32> = s.concat();
            let _ = writeln!(
                out,
                "solution {} (total presses {}):",
                i + 1,
                total_presses(&flat)
            );
            out.push_str(&format_grid(&flat, report.cols, k));
        }
    }
    out
}

/// One line of `poggle table`; `poggle quiet` adds the patterns.
#[derive(Serialize)]
struct KernelReport {
    rows: usize,
    cols: usize,
    colours: u32,
    torus: bool,
    /// |ker A|, decimal.
    kernel_size: String,
    /// log_k |ker A| when k is prime.
    nullity: Option<usize>,
    all_solvable: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    patterns: Option<Vec<Vec<Vec<u32>>>>,
    /// The additive order of each pattern (k for prime k).
    #[serde(skip_serializing_if = "Option::is_none")]
    orders: Option<Vec<u32>>,
    /// The pictures --image drew, one per pattern.
    #[serde(skip_serializing_if = "Option::is_none")]
    images: Option<Vec<String>>,
}

fn kernel_report(board: &Board, analysis: &Analysis) -> KernelReport {
    KernelReport {
        rows: board.rows(),
        cols: board.cols(),
        colours: board.colours(),
        torus: board.is_torus(),
        kernel_size: analysis.kernel_size().to_string(),
        nullity: analysis.nullity(),
        all_solvable: analysis.all_solvable(),
        patterns: None,
        orders: None,
        images: None,
    }
}

fn kernel_header(r: &KernelReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "board: {}",
        describe(r.rows, r.cols, r.colours, r.torus)
    );
    let _ = writeln!(out, "kernel size: {}", r.kernel_size);
    match r.nullity {
        Some(d) => {
            let _ = writeln!(out, "nullity: {d}");
        }
        None => {
            let _ = writeln!(out, "nullity: none ({} is not prime)", r.colours);
        }
    }
    let _ = writeln!(
        out,
        "all solvable: {}",
        if r.all_solvable { "yes" } else { "no" }
    );
    out
}

/// `FILE.png` → `FILE-i.png`, one picture per quiet pattern.
fn numbered(path: &std::path::Path, i: usize) -> PathBuf {
    let stem = path.file_stem().map_or_else(
        || "pattern".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let ext = path
        .extension()
        .map_or_else(|| "png".to_string(), |e| e.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}-{i}.{ext}"))
}

fn quiet(args: &QuietArgs, ctx: &Context) -> Result<()> {
    let board = board_spec(&args.board)?.build().map_err(usage)?;
    if args.picture.image.is_some() && board.colours() > MAX_PICTURE_COLOURS {
        return Err(usage(format!(
            "--image draws at most {MAX_PICTURE_COLOURS} colours, the board has {}",
            board.colours()
        )));
    }
    let analysis = analyze(&board)?;
    let basis = analysis.kernel_basis();
    let mut report = kernel_report(&board, &analysis);
    report.patterns = Some(
        basis
            .iter()
            .map(|(g, _)| grid_rows(g, board.cols()))
            .collect(),
    );
    report.orders = Some(basis.iter().map(|(_, o)| *o).collect());
    let mut pictures = Vec::new();
    if let Some(path) = &args.picture.image {
        for (i, (g, _)) in basis.iter().enumerate() {
            let file = numbered(path, i + 1);
            let grid = CellRows {
                cells: g,
                cols: board.cols(),
            };
            draw(
                OutputFile::create(&file)?,
                &grid,
                board.colours(),
                args.picture.cell_size,
            )?;
            pictures.push(file.display().to_string());
        }
        report.images = Some(pictures.clone());
    }
    ctx.emit(&report, || {
        let mut out = kernel_header(&report);
        let _ = writeln!(out, "quiet patterns: {}", basis.len());
        for (i, (g, order)) in basis.iter().enumerate() {
            let _ = writeln!(out, "pattern {} (order {order}):", i + 1);
            out.push_str(&format_grid(g, board.cols(), board.colours()));
            if let Some(file) = pictures.get(i) {
                let _ = writeln!(out, "picture: {file}");
            }
        }
        out
    })
}

fn parse_sizes(text: &str) -> Result<(usize, usize)> {
    let bad = || {
        usage(format!(
            "--sizes {text:?}: write A..B (both ends included, 1 ≤ A ≤ B) or a single N"
        ))
    };
    let t = text.trim();
    let (a, b) = match t.split_once("..") {
        Some((a, b)) => (a, b.trim_start_matches('=')),
        None => (t, t),
    };
    let a = a.trim().parse::<usize>().map_err(|_| bad())?;
    let b = b.trim().parse::<usize>().map_err(|_| bad())?;
    if a == 0 || a > b {
        return Err(bad());
    }
    Ok((a, b))
}

fn parse_colours(text: &str) -> Result<Vec<u64>> {
    let colours: Vec<u64> = text
        .split(',')
        .map(|t| {
            t.trim().parse::<u64>().map_err(|_| {
                usage(format!(
                    "--colours {text:?}: write numbers of colours (each at least 2) separated by commas"
                ))
            })
        })
        .collect::<Result<_>>()?;
    // `-k 2,2` printed every row twice.
    if let Some((_, k)) = colours
        .iter()
        .enumerate()
        .find(|&(i, k)| colours[..i].contains(k))
    {
        return Err(usage(format!(
            "--colours {text:?}: {k} colours is listed twice; list each number once"
        )));
    }
    Ok(colours)
}

impl From<NullityLine> for KernelReport {
    fn from(line: NullityLine) -> Self {
        KernelReport {
            rows: line.n,
            cols: line.n,
            colours: line.colours,
            torus: line.torus,
            kernel_size: line.kernel_size.to_string(),
            nullity: line.nullity,
            all_solvable: line.all_solvable,
            patterns: None,
            orders: None,
            images: None,
        }
    }
}

fn table(args: &TableArgs, ctx: &Context) -> Result<()> {
    let (a, b) = parse_sizes(&args.sizes)?;
    let colours = parse_colours(&args.colours)?;
    let limit = crate::cli::memory_limit(args.max_memory.as_deref())?;
    // Refuse a range whose largest board cannot be done before computing the smaller ones:
    // `--sizes 1..100000000` used to work through every size for hours before failing.
    for &k in &colours {
        nullity_method_within(b, k, args.torus, limit).map_err(usage)?;
    }
    // A long range used to run for hours without a word: estimate it first.
    if !args.force {
        let seconds: f64 = (a..=b)
            .map(|n| {
                colours
                    .iter()
                    .map(|&k| table_line_seconds(n, k, args.torus))
                    .sum::<f64>()
            })
            .sum();
        if seconds > MAX_TABLE_SECONDS {
            return Err(usage(format!(
                "the table for sizes {a}..{b} would take about {} (a rough estimate from the size of each line), more than the limit of {}; ask for fewer sizes, or add --force to run it anyway",
                crate::cli::duration_text(seconds),
                crate::cli::duration_text(MAX_TABLE_SECONDS)
            )));
        }
    }
    let total = (b - a + 1) as u64 * colours.len() as u64;
    // One huge size: the bar follows the polynomial gcd (in degrees) instead of boards.
    let one_big_gcd = total == 1
        && nullity_method_within(b, colours[0], args.torus, limit).ok()
            == Some(NullityMethod::Polynomial)
        && b >= 20_000;
    let bar = if one_big_gcd {
        ctx.progress(b as u64, "gcd")
    } else {
        ctx.progress(total, "boards")
    };
    let mut entries = Vec::new();
    for n in a..=b {
        for &k in &colours {
            let mut on_gcd = |done: u64, len: u64| {
                if let (Some(bar), true) = (&bar, one_big_gcd) {
                    bar.set_length(len);
                    bar.set_position(done);
                }
            };
            let line = nullity_line_with(n, k, args.torus, limit, &mut on_gcd).map_err(usage)?;
            entries.push(line.into());
            if let (Some(bar), false) = (&bar, one_big_gcd) {
                bar.inc(1);
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    ctx.emit(&entries, || table_text(&entries))
}

/// Rows under a header in left-aligned columns two spaces apart (the last column unpadded).
fn columns<const N: usize>(header: &[&str; N], rows: &[[String; N]]) -> String {
    let mut widths = header.map(|h| h.chars().count());
    for r in rows {
        for (w, cell) in widths.iter_mut().zip(r) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let mut s = String::new();
        for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
            if i > 0 {
                s.push_str("  ");
            }
            s.push_str(cell);
            if i + 1 < cells.len() {
                s.push_str(&" ".repeat(w - cell.chars().count()));
            }
        }
        s.push('\n');
        s
    };
    let mut out = line(&header.map(String::from));
    for r in rows {
        out.push_str(&line(r));
    }
    out
}

fn table_text(entries: &[KernelReport]) -> String {
    let header = [
        "size",
        "k",
        "torus",
        "kernel size",
        "nullity",
        "all solvable",
    ];
    let rows: Vec<[String; 6]> = entries
        .iter()
        .map(|e| {
            [
                format!("{}×{}", e.rows, e.cols),
                e.colours.to_string(),
                if e.torus { "yes" } else { "no" }.to_string(),
                e.kernel_size.clone(),
                e.nullity.map_or("-".to_string(), |d| d.to_string()),
                if e.all_solvable { "yes" } else { "no" }.to_string(),
            ]
        })
        .collect();
    columns(&header, &rows)
}

/// The fewest-presses search over a coset, with a progress bar (best found and lower
/// bound) when standard error is a terminal.
fn search_minimum(
    board: &Board,
    x: &[u32],
    basis: &[(Vec<u32>, u32)],
    kernel: &BigUint,
    limits: SearchLimits,
    ctx: &Context,
) -> CosetMinimum {
    let k = board.colours();
    if k != 2 {
        return coset_minimum_zk(x, basis, kernel, k, limits);
    }
    let bar = ctx.progress(0, "fewest presses");
    let report = |p: &cgtk_poggle::SearchProgress| {
        if let Some(bar) = &bar {
            bar.set_length(p.total.max(p.done));
            bar.set_position(p.done);
            let best = if p.best == u64::MAX {
                "-".to_string()
            } else {
                p.best.to_string()
            };
            bar.set_message(format!(
                "{}: best {best}, lower bound {}",
                p.method.name(),
                p.lower_bound
            ));
        }
    };
    let gens: Vec<Vec<u32>> = basis.iter().map(|(g, _)| g.clone()).collect();
    // The board's symmetries cut the walk when they map the solutions onto themselves
    // (the search checks that, so a custom start or goal is safe).
    let symmetries = board_symmetries(board.rows(), board.cols());
    let best = coset_minimum_gf2_by(None, x, &gens, &symmetries, limits, &report);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    best
}

/// Why a fewest-presses answer is not proven.
fn unproven_note(best: &CosetMinimum, kernel: &BigUint) -> String {
    if best.method == SearchMethod::LocalSearch {
        format!("{kernel} solutions are too many to search them all; this is the best found by local search")
    } else {
        format!(
            "the search stopped at its limit: the fewest presses is between {} and {}",
            best.lower_bound, best.total
        )
    }
}

/// One line of `poggle minimal-table`.
#[derive(Serialize)]
struct MinimalLine {
    n: usize,
    colours: u32,
    torus: bool,
    /// log_k |ker A| when k is prime.
    nullity: Option<usize>,
    /// Number of solutions, decimal ("0" when the board cannot be solved).
    solutions: String,
    /// Fewest presses found (absent when unsolvable).
    fewest_presses: Option<u64>,
    /// Proven lower bound.
    lower_bound: Option<u64>,
    /// Whether `fewest_presses` is proven minimal.
    minimal: bool,
    /// How many solutions have the fewest presses, when all were visited.
    minimal_solutions: Option<u64>,
    /// The search method.
    method: Option<&'static str>,
    /// Seconds taken, elimination included.
    seconds: f64,
}

fn minimal_table(args: &MinimalTableArgs, ctx: &Context) -> Result<()> {
    let (a, b) = parse_sizes(&args.sizes)?;
    // Refuse a range whose largest board cannot be built before computing the smaller ones.
    BoardSpec::square(b, args.colours)
        .with_torus(args.torus)
        .build()
        .map_err(usage)?;
    // The grids file is created before the work: a path that cannot be written used to be
    // found only after every board had been solved, losing them.
    let limits = args.limits.limits()?;
    let grids_file = args.grids.as_deref().map(OutputFile::create).transpose()?;
    let bar = ctx.progress((b - a + 1) as u64, "boards");
    let mut lines = Vec::new();
    let mut grids = String::new();
    for n in a..=b {
        let board = BoardSpec::square(n, args.colours)
            .with_torus(args.torus)
            .build()
            .map_err(usage)?;
        let start = std::time::Instant::now();
        let analysis = analyze(&board)?;
        let k = board.colours();
        let kernel = analysis.kernel_size();
        let solution = analysis.solve(&board.target()).map_err(usage)?;
        let mut line = MinimalLine {
            n,
            colours: k,
            torus: args.torus,
            nullity: analysis.nullity(),
            solutions: "0".into(),
            fewest_presses: None,
            lower_bound: None,
            minimal: false,
            minimal_solutions: None,
            method: None,
            seconds: 0.0,
        };
        if let Some(x) = solution {
            let basis = analysis.kernel_basis();
            let best = search_minimum(&board, &x, &basis, &kernel, limits, ctx);
            // Every reported solution is checked against the board first.
            if !board.is_solution(&best.presses) {
                anyhow::bail!(
                    "internal error: the fewest-presses search returned a non-solution for n = {n}"
                );
            }
            line.solutions = kernel.to_string();
            line.fewest_presses = Some(best.total);
            line.lower_bound = Some(best.lower_bound);
            line.minimal = best.minimal;
            line.minimal_solutions = best.count;
            line.method = Some(best.method.name());
            if args.grids.is_some() {
                let topology = if args.torus { "torus" } else { "plane" };
                let _ = writeln!(
                    grids,
                    "# n = {n}, {k} colours, {topology}: {}{}",
                    crate::cli::counted(best.total, "press", "presses"),
                    if best.minimal {
                        " (minimal)".to_string()
                    } else {
                        format!(" (not proven; lower bound {})", best.lower_bound)
                    }
                );
                grids.push_str(&format_grid(&best.presses, n, k));
                grids.push('\n');
            }
        }
        line.seconds = start.elapsed().as_secs_f64();
        lines.push(line);
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(mut file) = grids_file {
        let path = file.path().display().to_string();
        // As every output file's: the io::Error kept (a full disk exits 1, not 2).
        std::io::Write::write_all(file.writer(), grids.as_bytes())
            .with_context(|| format!("cannot write {path}"))?;
        file.finish()?;
    }
    ctx.emit(&lines, || minimal_table_text(&lines))
}

fn minimal_table_text(lines: &[MinimalLine]) -> String {
    let header = [
        "n",
        "nullity",
        "fewest presses",
        "minimal",
        "minimal solutions",
        "method",
        "seconds",
    ];
    let rows: Vec<[String; 7]> = lines
        .iter()
        .map(|l| {
            let fewest = match (l.fewest_presses, l.lower_bound) {
                (None, _) => "unsolvable".to_string(),
                (Some(f), Some(lb)) if !l.minimal => format!("{f} (≥ {lb})"),
                (Some(f), _) => f.to_string(),
            };
            [
                l.n.to_string(),
                l.nullity.map_or("-".to_string(), |d| d.to_string()),
                fewest,
                // Nothing to be minimal about on a board with no solution.
                match (l.fewest_presses, l.minimal) {
                    (None, _) => "-",
                    (Some(_), true) => "yes",
                    (Some(_), false) => "no",
                }
                .to_string(),
                l.minimal_solutions
                    .map_or("-".to_string(), |c| c.to_string()),
                l.method.unwrap_or("-").to_string(),
                format!("{:.3}", l.seconds),
            ]
        })
        .collect();
    columns(&header, &rows)
}
