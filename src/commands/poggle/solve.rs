//! `cgtk poggle solve`: one board solved, its solutions counted, listed or drawn, the
//! fewest presses searched.

use super::*;

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

pub(super) fn solve(args: &SolveArgs, ctx: &Context) -> Result<()> {
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

/// The fewest-presses search over a coset, with a progress bar (best found and lower
/// bound) when standard error is a terminal.
pub(super) fn search_minimum(
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
