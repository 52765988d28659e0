//! `cgtk table info|export`: describe a table file, or stream it as CSV or JSON lines.

use crate::cli::{counted, usage, Context};
use crate::commands::probe::{open_table, with_table, WithTable};
use crate::commands::solve::CountsOut;
use crate::games::{self, SolvableGame, WithGame};
use anyhow::Result;
use cgtk_retro::{Counts, GameTable, TableHeader, Verdict};
use clap::{Subcommand, ValueEnum};
use serde::Serialize;
use std::io::{BufWriter, Read, Seek, Write};
use std::path::PathBuf;

/// The `table` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print a table's header, its counts and whether its checksums hold.
    Info {
        /// A table written by `cgtk solve --out`.
        file: PathBuf,
    },
    /// Write one row per legal position (position, value, distance) to standard output.
    Export {
        /// A table written by `cgtk solve --out`.
        file: PathBuf,
        /// Row format: csv by default, jsonl with --json (`--json --format csv` is
        /// refused).
        #[arg(long, value_enum)]
        format: Option<ExportFormat>,
    },
}

/// Export row formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// `position,value,distance` with a header line; the position is quoted.
    Csv,
    /// One JSON object per line: `{"position": …, "value": …, "distance": …}`.
    Jsonl,
}

#[derive(Debug, Serialize)]
struct InfoOut {
    game: String,
    variant: String,
    scheme: String,
    format_version: u16,
    entry_encoding: &'static str,
    compression: String,
    entries: u64,
    block_entries: u32,
    blocks: u32,
    bytes: u64,
    checksum: String,
    legal: u64,
    counts: CountsOut,
}

/// Runs a `table` subcommand.
pub fn run(cmd: &Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::Info { file } => info(file, ctx),
        Command::Export { file, format } => {
            // `--json table export` used to print CSV: --json now means JSON Lines.
            let format = match (ctx.json, format) {
                (true, Some(ExportFormat::Csv)) => {
                    return Err(usage(
                        "--json asks for JSON but --format csv for CSV: give one of them",
                    ))
                }
                (true, _) => ExportFormat::Jsonl,
                (false, format) => format.unwrap_or(ExportFormat::Csv),
            };
            with_table(file, Export { file, format })
        }
    }
}

fn info(file: &std::path::Path, ctx: &Context) -> Result<()> {
    let mut table = open_table(file)?;
    let bad = |e| usage(format!("{}: {e}", file.display()));
    table.verify().map_err(bad)?;
    let h = table.header().clone();
    let weight = match games::solvable(&h.game) {
        Ok((_, game)) => game
            .with(&h.variant, ClassWeight(&h))
            .map_err(|e| usage(format!("{}: {e}", file.display())))?
            .map_err(|e| usage(format!("{}: {e}", file.display())))?,
        Err(_) => Box::new(|_| 1),
    };
    let mut counts = Counts::default();
    let per_block = h.block_entries as u64;
    for k in 0..h.block_count {
        for (j, &e) in table.block(k).map_err(bad)?.iter().enumerate() {
            if let Ok(Some(v)) = cgtk_retro::decode_entry(e) {
                counts.add_many(v, weight(k as u64 * per_block + j as u64));
            }
        }
    }
    let out = InfoOut {
        game: h.game.clone(),
        variant: h.variant.clone(),
        scheme: h.scheme.clone(),
        format_version: h.version,
        entry_encoding: "u16: 2-bit value, 14-bit distance",
        compression: h.compression.to_string(),
        entries: h.entry_count,
        block_entries: h.block_entries,
        blocks: h.block_count,
        bytes: h.header_len as u64 + h.payload_len,
        checksum: format!("ok (crc32 {:08x})", h.payload_crc),
        legal: counts.total(),
        counts: counts.into(),
    };
    ctx.emit(&out, || {
        format!(
            "game            {}\nvariant         {}\nindex scheme    {}\nformat version  {}\nentries         {} ({})\ncompression     {} in {} of {}\nsize            {} bytes\nchecksum        {}\nlegal           {}\nwins            {}\nlosses          {}\ndraws           {}\n",
            out.game,
            out.variant,
            out.scheme,
            out.format_version,
            out.entries,
            out.entry_encoding,
            out.compression,
            counted(out.blocks, "block", "blocks"),
            counted(out.block_entries, "entry", "entries"),
            out.bytes,
            out.checksum,
            out.legal,
            out.counts.wins,
            out.counts.losses,
            out.counts.draws
        )
    })
}

/// How many positions the entry of each index stands for: its class's size when the table
/// is in this program's index scheme for a game with symmetry reduction, else 1. A table in
/// this program's scheme must have the game's number of entries (a hand-edited header gave
/// a 1,260-entry table counts weighted by Kono's classes, without a word).
struct ClassWeight<'a>(&'a TableHeader);

impl WithGame for ClassWeight<'_> {
    type Output = Result<Box<dyn Fn(u64) -> u64>, String>;
    fn run<G: SolvableGame>(self, start: G) -> Self::Output {
        if self.0.scheme != G::SCHEME {
            return Ok(Box::new(|_| 1));
        }
        if self.0.entry_count != start.index_size() {
            return Err(format!(
                "table has {} entries; {} ({}) has {} positions",
                self.0.entry_count,
                G::GAME,
                start.variant_text(),
                start.index_size()
            ));
        }
        if start.symmetry_count() == 1 {
            return Ok(Box::new(|_| 1));
        }
        Ok(Box::new(move |i| {
            start.position_at(i).map_or(1, |p| p.class_size())
        }))
    }
}

/// Streams every position of a table (checked against its game and verified before the
/// first row is written).
struct Export<'a> {
    file: &'a std::path::Path,
    format: ExportFormat,
}

impl WithTable for Export<'_> {
    type Output = ();
    fn run<G: SolvableGame, R: Read + Seek>(
        self,
        _start: G,
        mut table: GameTable<G, R>,
    ) -> Result<()> {
        let bad = |e| usage(format!("{}: {e}", self.file.display()));
        let mut out = BufWriter::new(std::io::stdout().lock());
        if self.format == ExportFormat::Csv {
            writeln!(out, "position,value,distance")?;
        }
        let mut members = Vec::new();
        for k in 0..table.block_count() {
            for (pos, v) in table.block_positions(k).map_err(bad)? {
                // A symmetry-reduced index stands for every image of its representative.
                pos.class_members(&mut members);
                for member in &members {
                    write_row(&mut out, self.format, &member.position_text(), v)?;
                }
            }
        }
        out.flush()?;
        Ok(())
    }
}

fn write_row(out: &mut impl Write, format: ExportFormat, text: &str, v: Verdict) -> Result<()> {
    match format {
        ExportFormat::Csv => {
            let d = v.distance.map(|d| d.to_string()).unwrap_or_default();
            writeln!(out, "\"{text}\",{},{d}", v.value)?;
        }
        ExportFormat::Jsonl => {
            let row = serde_json::json!({
                "position": text,
                "value": v.value,
                "distance": v.distance,
            });
            serde_json::to_writer(&mut *out, &row)?;
            writeln!(out)?;
        }
    }
    Ok(())
}
