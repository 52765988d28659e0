//! `cgtk poggle quiet`: the quiet patterns of a board (the kernel of its press matrix).

use super::*;

/// One line of `poggle table`; `poggle quiet` adds the patterns.
#[derive(Serialize)]
pub(super) struct KernelReport {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) colours: u32,
    pub(super) torus: bool,
    /// |ker A|, decimal.
    pub(super) kernel_size: String,
    /// log_k |ker A| when k is prime.
    pub(super) nullity: Option<usize>,
    pub(super) all_solvable: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) patterns: Option<Vec<Vec<Vec<u32>>>>,
    /// The additive order of each pattern (k for prime k).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) orders: Option<Vec<u32>>,
    /// The pictures --image drew, one per pattern.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) images: Option<Vec<String>>,
}

pub(super) fn kernel_report(board: &Board, analysis: &Analysis) -> KernelReport {
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

pub(super) fn kernel_header(r: &KernelReport) -> String {
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

pub(super) fn quiet(args: &QuietArgs, ctx: &Context) -> Result<()> {
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
