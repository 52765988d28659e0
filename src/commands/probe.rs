//! `cgtk probe <FILE> [POSITION]`: look a position up in a solved table, with every move.

use crate::cli::{usage, Context};
use crate::commands::solve::VerdictOut;
use crate::games::{self, SolvableGame, WithGame};
use anyhow::Result;
use cgtk_core::Value;
use cgtk_retro::{GameTable, Table};
use serde::Serialize;
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};

/// Arguments of `cgtk probe`.
#[derive(Debug, clap::Args)]
pub struct Args {
    // The help lists the games of the registry.
    #[arg(help = file_help())]
    pub file: PathBuf,
    /// The position in the game's notation (default: the start position of the table's
    /// variant): Mu Torere `bbb.wwww/b w` (8 ring points from point 1, '/', the centre, the
    /// side to move), with first-two-turns a third field, the opening turns played (0, 1 or
    /// 2): `bbbbwwww/. b 0`; Kono `oooo/oooo/xxxx/xxxx x` (four ranks from the top, the
    /// side to move); Fox and Hounds `d8 a1,c1,e1,g1 f` (the fox, the four hounds, f or h
    /// to move).
    pub position: Option<String>,
}

fn file_help() -> String {
    format!(
        "A table written by `cgtk solve --out` for one of: {} (the game and variant come from the file)",
        games::names(|s| s.probe)
    )
}

/// Opens a table file, reporting a damaged or missing file as a usage error.
pub fn open_table(path: &Path) -> Result<Table<std::io::BufReader<std::fs::File>>> {
    Table::open_path(path).map_err(|e| usage(format!("{}: {e}", path.display())))
}

/// Opens the table at `path` for the game and variant its header names (looked up in the
/// registry), checks it against the game and verifies it, then runs `task` with it.
pub fn with_table<T: WithTable>(path: &Path, task: T) -> Result<T::Output> {
    let table = open_table(path)?;
    let (_, solvable) = games::solvable(&table.header().game)
        .map_err(|e| usage(format!("{}: {e}", path.display())))?;
    let variant = table.header().variant.clone();
    let bound = Bind { table, path, task };
    solvable
        .with(&variant, bound)
        .map_err(|e| usage(format!("{}: {e}", path.display())))?
}

/// Something to do with a table bound to its game.
pub trait WithTable {
    /// What it gives back.
    type Output;
    /// Does it with `table`, opened for `start`'s game and variant.
    fn run<G: SolvableGame, R: Read + Seek>(
        self,
        start: G,
        table: GameTable<G, R>,
    ) -> Result<Self::Output>;
}

struct Bind<'a, T> {
    table: Table<std::io::BufReader<std::fs::File>>,
    path: &'a Path,
    task: T,
}

impl<T: WithTable> WithGame for Bind<'_, T> {
    type Output = Result<T::Output>;
    fn run<G: SolvableGame>(self, start: G) -> Result<T::Output> {
        let path = self.path;
        let table = GameTable::new(self.table, &start)
            .map_err(|e| usage(format!("{}: {e}", path.display())))?;
        self.task.run(start, table)
    }
}

#[derive(Debug, Serialize)]
struct MoveOut {
    #[serde(rename = "move")]
    mv: String,
    value: Value,
    distance: Option<u32>,
}

#[derive(Debug, Serialize)]
struct ProbeOut {
    /// The game, variant and position the answer is about (shown in the text; the JSON
    /// used to leave them out).
    game: &'static str,
    variant: String,
    position: String,
    value: Value,
    distance: Option<u32>,
    moves: Vec<MoveOut>,
    /// Why the game is over, when it is (`the fox reached the hounds' home row`).
    #[serde(skip_serializing_if = "Option::is_none")]
    game_over: Option<String>,
}

/// Runs `cgtk probe`.
pub fn run(args: &Args, ctx: &Context) -> Result<()> {
    with_table(&args.file, Probe { args, ctx })
}

struct Probe<'a> {
    args: &'a Args,
    ctx: &'a Context,
}

impl WithTable for Probe<'_> {
    type Output = ();
    fn run<G: SolvableGame, R: Read + Seek>(
        self,
        start: G,
        mut table: GameTable<G, R>,
    ) -> Result<()> {
        let (args, ctx) = (self.args, self.ctx);
        let bad = |e| usage(format!("{}: {e}", args.file.display()));
        let pos = match &args.position {
            Some(text) => start.parse_position(text).map_err(usage)?,
            None => start,
        };
        let verdict = table.verdict(&pos).map_err(bad)?.ok_or_else(|| {
            usage(format!(
                "position {:?} is not a legal position of this table",
                pos.position_text()
            ))
        })?;
        let rows = table.move_verdicts(&pos).map_err(bad)?;
        let out = ProbeOut {
            game: G::GAME,
            variant: pos.variant_text(),
            position: pos.position_text(),
            value: verdict.value,
            distance: verdict.distance,
            moves: rows
                .iter()
                .map(|&(mv, v)| MoveOut {
                    mv: pos.move_text(mv),
                    value: v.value,
                    distance: v.distance,
                })
                .collect(),
            game_over: pos.end_reason(),
        };
        let shown: VerdictOut = verdict.into();
        ctx.emit(&out, || {
            let mut t = format!("{}\n", pos.render());
            t += &format!("position  {}\n", pos.position_text());
            t += &format!("value     {}{}\n", shown.value, dist_text(shown.distance));
            if let Some(reason) = &out.game_over {
                t += &format!("game over: {reason}\n");
            } else if out.moves.is_empty() {
                t += "no legal moves\n";
            } else {
                t += "moves (value for the side to move, plies from here):\n";
                for m in &out.moves {
                    t += &format!("  {:<8} {}{}\n", m.mv, m.value, dist_text(m.distance));
                }
            }
            t
        })
    }
}

fn dist_text(d: Option<u32>) -> String {
    d.map(|d| format!(" in {d}")).unwrap_or_default()
}
