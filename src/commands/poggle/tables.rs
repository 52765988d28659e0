//! `cgtk poggle table` and `minimal-table`: kernel sizes and fewest presses over many
//! board sizes.

use super::quiet::KernelReport;
use super::solve::search_minimum;
use super::*;

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

pub(super) fn table(args: &TableArgs, ctx: &Context) -> Result<()> {
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

pub(super) fn minimal_table(args: &MinimalTableArgs, ctx: &Context) -> Result<()> {
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
