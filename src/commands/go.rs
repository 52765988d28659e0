//! `cgtk go …`: Go tools (exact values of whole tiny boards, local capture and
//! life-and-death problems).

use crate::cli::{usage, Context};
use anyhow::Result;
use cgtk_go::gtp::{parse_vertex, vertex_text};
use cgtk_go::{
    solve_board, Board, Color, Goal, Komi, LocalProblem, Move, Point, SgfGame, SolveError,
    SolveOptions, DEFAULT_MAX_NODES,
};
use cgtk_search::{ProofConfig, Status};
use clap::Subcommand;
use serde::Serialize;
use std::path::PathBuf;

/// The `go` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The exact score of an empty board under best play (area scoring, positional
    /// superko, suicide forbidden), by proof-number tests over the score with symmetry,
    /// Benson safe points and a position-keyed table.
    ///
    /// Known values (van der Werf et al. 2003): 2x2 Black +1, 3x3 Black +9 from the
    /// centre, 4x4 Black +2. 2x2 takes about 200 nodes, 3x3 about 2,000, 4x4 about 2.1e6.
    /// At the node limit the answer is "unknown" with the bounds proved so far.
    SolveBoard {
        /// The board as COLUMNSxROWS, e.g. 3x2, or N for NxN (sides 1 to 19, at most 64
        /// points).
        size: String,
        /// Komi in points (a multiple of 0.5 from -1000 to 1000).
        #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
        komi: f64,
        /// Give up after this many nodes (`--nodes` works too, as in `go solve` and `prove`).
        #[arg(long, visible_alias = "nodes", value_name = "N", default_value_t = DEFAULT_MAX_NODES)]
        max_nodes: u64,
    },
    /// Solve a local problem of an SGF position by df-pn: can the block at TARGET be
    /// captured, or can it live?
    ///
    /// Moves are played only in a region: `--region`, else the points marked with TR, SQ
    /// or MA in the file, else the empty points and stones of the target's colour
    /// reachable from it without crossing an opposing stone, plus the opposing blocks
    /// around them. Both sides may pass; two passes in a row end the fight with the
    /// block standing. A group lives when it cannot be captured, its owner being free to
    /// pass (so seki is life). Positional superko holds within the search (the file's RU
    /// property is not read): a ko is fought out with no threats outside the region.
    Solve {
        /// The SGF file (the position after its main line), or - for standard input.
        file: PathBuf,
        /// A stone of the block, in GTP coordinates (e.g. C3).
        #[arg(long)]
        target: String,
        /// capture: the block's opponent captures it; live: its owner keeps it.
        #[arg(long, value_enum)]
        objective: Objective,
        /// The side to move (default: the file's, from PL or its moves, else Black).
        #[arg(long, value_enum, value_name = "b|w")]
        to_move: Option<Side>,
        /// The region: points and rectangles in GTP coordinates joined by commas, e.g.
        /// A1:E4,F1.
        #[arg(long, value_name = "POINTS")]
        region: Option<String>,
        /// Give up (result unknown) after this many nodes.
        #[arg(long, value_name = "N", default_value_t = 5_000_000)]
        nodes: u64,
    },
}

/// The goal of `cgtk go solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Objective {
    /// The block's opponent captures it.
    Capture,
    /// The block's owner keeps it on the board.
    Live,
}

/// A colour on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// Black.
    #[value(alias = "black")]
    B,
    /// White.
    #[value(alias = "white")]
    W,
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
        Command::Solve {
            file,
            target,
            objective,
            to_move,
            region,
            nodes,
        } => run_solve(
            file,
            target,
            *objective,
            *to_move,
            region.as_deref(),
            *nodes,
            ctx,
        ),
    }
}

#[derive(Serialize)]
struct LocalReport {
    target: String,
    objective: &'static str,
    /// The colour of the target block.
    defender: String,
    to_move: String,
    result: Status,
    /// The side to move's deciding move (GTP coordinates or `pass`), when it has one.
    #[serde(rename = "move")]
    mv: Option<String>,
    pv: Vec<String>,
    nodes: u64,
    /// The region's points in GTP coordinates.
    region: Vec<String>,
}

/// One point in GTP coordinates on `board`, or an error naming it.
fn gtp_point(text: &str, board: &Board) -> Result<Point> {
    match parse_vertex(text.trim(), board) {
        Some(Move::Play(p)) => Ok(p),
        _ => Err(usage(format!(
            "invalid point {text:?}: expected GTP coordinates on this {}x{} board, e.g. A1 (columns skip I)",
            board.width(),
            board.height()
        ))),
    }
}

/// Parses `--region`: points and `A1:C3` rectangles joined by commas.
fn parse_region(text: &str, board: &Board) -> Result<Vec<Point>> {
    let mut points = Vec::new();
    for item in text.split(',').filter(|s| !s.trim().is_empty()) {
        match item.split_once(':') {
            Some((a, b)) => {
                let (x0, y0) = board.coords(gtp_point(a, board)?);
                let (x1, y1) = board.coords(gtp_point(b, board)?);
                for y in y0.min(y1)..=y0.max(y1) {
                    for x in x0.min(x1)..=x0.max(x1) {
                        points.extend(board.point(x, y));
                    }
                }
            }
            None => points.push(gtp_point(item, board)?),
        }
    }
    if points.is_empty() {
        return Err(usage(format!(
            "invalid --region {text:?}: name points or rectangles, e.g. A1:E4,F1"
        )));
    }
    Ok(points)
}

#[allow(clippy::too_many_arguments)]
fn run_solve(
    file: &std::path::Path,
    target: &str,
    objective: Objective,
    to_move: Option<Side>,
    region: Option<&str>,
    nodes: u64,
    ctx: &Context,
) -> Result<()> {
    // SGF errors give byte offsets in the file, a byte-order mark included.
    let text = crate::cli::read_input_verbatim(file)?;
    let sgf = SgfGame::parse(&text).map_err(|e| usage(format!("{}: {e}", file.display())))?;
    let mut go = sgf
        .into_go(None)
        .map_err(|e| usage(format!("{}: {e}", file.display())))?;
    if let Some(side) = to_move {
        go.set_to_move(match side {
            Side::B => Color::Black,
            Side::W => Color::White,
        });
    }
    let board = go.board().clone();
    let target_point = gtp_point(target, &board)?;
    let region_points = match region {
        Some(r) => Some(parse_region(r, &board)?),
        None if !sgf.marked.is_empty() => Some(
            sgf.marked
                .iter()
                .filter_map(|&(x, y)| board.point(x, y))
                .collect(),
        ),
        None => None,
    };
    let goal = match objective {
        Objective::Capture => Goal::Capture,
        Objective::Live => Goal::Live,
    };
    let problem = LocalProblem::new(go, target_point, goal, region_points.as_deref())
        .map_err(|e| usage(format!("--target {target}: {e}")))?;
    let solution = problem.solve(&ProofConfig::nodes(nodes));
    let mover = problem.go().to_move_color();
    let report = LocalReport {
        target: vertex_text(Move::Play(target_point), &board),
        objective: goal.as_str(),
        defender: problem.defender().to_string(),
        to_move: mover.to_string(),
        result: solution.status,
        mv: solution.proof_move.map(|m| vertex_text(m, &board)),
        pv: solution
            .pv
            .iter()
            .map(|&m| vertex_text(m, &board))
            .collect(),
        nodes: solution.nodes,
        region: problem
            .region()
            .into_iter()
            .map(|p| vertex_text(Move::Play(p), &board))
            .collect(),
    };
    ctx.emit(&report, || {
        let question = match goal {
            Goal::Capture => format!(
                "can {} capture the {} block at {}",
                problem.defender().opponent(),
                report.defender,
                report.target
            ),
            Goal::Live => format!(
                "can the {} block at {} live",
                report.defender, report.target
            ),
        };
        let answer = match solution.status {
            Status::Proved => "yes (proved)".to_string(),
            Status::Disproved => "no (disproved)".to_string(),
            Status::Unknown => format!("unknown within {nodes} nodes"),
        };
        let mv = match &report.mv {
            Some(m) => format!("move: {m} ({} to move)\n", report.to_move),
            None if solution.status == Status::Unknown => String::new(),
            None => format!(
                "move: none ({} to move loses whatever it plays)\n",
                report.to_move
            ),
        };
        // Undecided, the line is where the search would go next, not a best line.
        let line = if solution.status == Status::Unknown {
            "searched next"
        } else {
            "pv"
        };
        format!(
            "{question}, {} to move? {answer}\n{mv}{line}: {}\nnodes: {}\nregion: {} points\n",
            report.to_move,
            if report.pv.is_empty() {
                "-".to_string()
            } else {
                report.pv.join(" ")
            },
            report.nodes,
            report.region.len()
        )
    })
}

/// The most points `go solve-board` takes.
const SOLVE_BOARD_POINTS: usize = 64;

/// `COLUMNSxROWS`, or `N` for N×N (as `play go 9`): the width and the height. Read as every
/// board size is (`x`, `X`, `×` or `*` between the numbers; `3×2` was refused here), but in
/// Go's order, columns first, as SGF's `SZ[C:R]`.
pub(crate) fn parse_size(text: &str) -> Option<(usize, usize)> {
    let size: cgtk_core::BoardSize = text.trim().parse().ok()?;
    Some((size.rows, size.cols))
}

fn run_solve_board(size: &str, komi: f64, max_nodes: u64, ctx: &Context) -> Result<()> {
    let (w, h) = parse_size(size).ok_or_else(|| {
        usage(format!(
            "invalid size {size:?}: expected COLUMNSxROWS or N for NxN, e.g. 3x2 or 3"
        ))
    })?;
    let board = match Board::new(w, h) {
        Ok(board) if w * h <= SOLVE_BOARD_POINTS => board,
        _ => {
            return Err(usage(format!(
                "board {w}x{h} has {} points: solve-board takes sides of 1 to {} and at most {SOLVE_BOARD_POINTS} points",
                w.saturating_mul(h),
                cgtk_go::MAX_SIDE
            )))
        }
    };
    let komi_value =
        Komi::try_from_points(komi).map_err(|e| usage(format!("invalid --komi {komi}: {e}")))?;
    let options = SolveOptions {
        max_nodes: Some(max_nodes),
        ..SolveOptions::default()
    };
    // 4x4 takes seconds, a 12x1 strip minutes: a spinner shows that work goes on.
    let spinner = ctx.spinner("solving the board");
    let solved = solve_board(w, h, komi_value, options);
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
    }
    let s = match solved {
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
