//! `cgtk probe <FILE> [POSITION]`: look a position up in a solved table, with every move.

use crate::cli::{usage, Context};
use crate::commands::solve::{GameName, SolvedGame, VerdictOut};
use crate::with_game;
use anyhow::Result;
use cgtk_core::Value;
use cgtk_retro::{Table, Verdict};
use serde::Serialize;
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};

/// Arguments of `cgtk probe`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A table written by `cgtk solve --out`.
    pub file: PathBuf,
    /// The position in the game's notation (default: the start position of the table's
    /// variant), e.g. `bbb.wwww/b w` for Mu Torere.
    pub position: Option<String>,
}

/// Opens a table file, reporting a damaged or missing file as a usage error.
pub fn open_table(path: &Path) -> Result<Table<std::io::BufReader<std::fs::File>>> {
    Table::open_path(path).map_err(|e| usage(format!("{}: {e}", path.display())))
}

/// The game a table is for.
pub fn table_game<R>(table: &Table<R>, path: &Path) -> Result<GameName> {
    GameName::from_id(&table.header().game).ok_or_else(|| {
        usage(format!(
            "{}: table is for unknown game {:?} (known: mu-torere, kono, fox-hounds)",
            path.display(),
            table.header().game
        ))
    })
}

/// Fails unless the table's indexing scheme is the one this program uses for `G`.
pub fn check_scheme<G: SolvedGame, R>(table: &Table<R>, path: &Path) -> Result<()> {
    if table.header().scheme != G::SCHEME {
        return Err(usage(format!(
            "{}: index scheme {:?} is not {:?}, the one this program uses for {}",
            path.display(),
            table.header().scheme,
            G::SCHEME,
            G::ID
        )));
    }
    Ok(())
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
    value: Value,
    distance: Option<u32>,
    moves: Vec<MoveOut>,
}

/// Runs `cgtk probe`.
pub fn run(args: &Args, ctx: &Context) -> Result<()> {
    let mut table = open_table(&args.file)?;
    let game = table_game(&table, &args.file)?;
    let variant = table.header().variant.clone();
    with_game!(game, &variant, |g| probe(&g, &mut table, args, ctx))
}

/// Sort key: wins fastest first, then draws, then losses slowest first.
fn rank(v: &Verdict) -> (u8, i64) {
    match v.value {
        Value::Win => (0, v.distance.unwrap_or(0) as i64),
        Value::Draw => (1, 0),
        Value::Loss => (2, -(v.distance.unwrap_or(0) as i64)),
    }
}

fn lookup<R: Read + Seek>(
    table: &mut Table<R>,
    index: u64,
    path: &Path,
) -> Result<Option<Verdict>> {
    table
        .get(index)
        .map_err(|e| usage(format!("{}: {e}", path.display())))
}

fn probe<G: SolvedGame, R: Read + Seek>(
    start: &G,
    table: &mut Table<R>,
    args: &Args,
    ctx: &Context,
) -> Result<()> {
    check_scheme::<G, R>(table, &args.file)?;
    let mut pos = match &args.position {
        Some(text) => start.parse_position(text).map_err(usage)?,
        None => start.clone(),
    };
    let verdict = lookup(table, pos.index(), &args.file)?.ok_or_else(|| {
        usage(format!(
            "position {:?} is not a legal position of this table",
            pos.position_text()
        ))
    })?;
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut rows = Vec::new();
    for &mv in &moves {
        let text = pos.move_text(mv);
        let undo = pos.make(mv);
        let child = lookup(table, pos.index(), &args.file)?;
        pos.unmake(mv, undo);
        let child = child.ok_or_else(|| {
            usage(format!(
                "the table has no entry for the position after {text}: it does not match this game"
            ))
        })?;
        // For the side to move here: the child's value negated, one ply further away.
        let v = Verdict {
            value: child.value.negate(),
            distance: child.distance.map(|d| d + 1),
        };
        rows.push((text, v));
    }
    rows.sort_by_key(|(_, v)| rank(v));
    let out = ProbeOut {
        value: verdict.value,
        distance: verdict.distance,
        moves: rows
            .iter()
            .map(|(m, v)| MoveOut {
                mv: m.clone(),
                value: v.value,
                distance: v.distance,
            })
            .collect(),
    };
    let shown: VerdictOut = verdict.into();
    ctx.emit(&out, || {
        let mut t = format!("{}\n", pos.render());
        t += &format!("position  {}\n", pos.position_text());
        t += &format!("value     {}{}\n", shown.value, dist_text(shown.distance));
        if out.moves.is_empty() {
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

fn dist_text(d: Option<u32>) -> String {
    d.map(|d| format!(" in {d}")).unwrap_or_default()
}
