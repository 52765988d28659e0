//! `cgtk grundy <GAME>`: Grundy sequences of heap games, their periodicity, and winning
//! moves in sums of heaps.

use crate::cli::{usage, Context};
use anyhow::Result;
use cgtk_nimber::{
    analyse_sum_with_limit, find_periodicity, grundy_sequence_with_progress, sequence_limit,
    sequence_memory, HeapGame, PeriodProof, Periodicity, SequenceError, SumAnalysis,
};
use serde::Serialize;
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::io::{self, Write as _};

/// Sprague–Grundy values of heap games: the sequence G(0..=N) with its periodicity, and
/// the value and winning moves of a sum of heaps.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game: an octal or hexadecimal code d0.d1d2… (digit d_j for removing j counters:
    /// 1 = may take a whole heap of j, 2 = may leave one heap, 4 = two heaps, 8 = three),
    /// e.g. 0.77 (Kayles), 0.07 (Dawson's Kayles), 0.137 (Dawson's Chess), 4.07; a
    /// subtraction game sub:1,3,4; an all-but subtraction game sub:!1,3; or grundys
    /// (Grundy's game: split a heap into two unequal heaps). Names kayles, dawsons and
    /// dawsons-chess are accepted too.
    #[arg(value_name = "GAME")]
    pub game: String,

    /// Compute G(0), …, G(N) and look for a period. Limits: N ≤ 200,000,000 (about 4
    /// bytes of memory per value; 0.77 to the limit takes some 20 s), 200,000 for all-but
    /// subtraction games, 3,000 for codes with three-heap moves (digit 8 and above).
    #[arg(long, value_name = "N")]
    pub to: Option<u64>,

    /// A sum of heaps, e.g. 5,7,12: print its value and the winning moves (heaps are
    /// numbered from 1). The largest heap obeys the limits of --to.
    #[arg(long, value_name = "A,B,...")]
    pub position: Option<String>,

    /// Do not print the values themselves (only the periodicity), e.g. for large N.
    // Without --to there are no values to leave out: the flag was accepted and did nothing.
    #[arg(long, requires = "to")]
    pub no_values: bool,

    /// List at most this many winning moves of --position (a heap of 10^6 in Kayles has
    /// tens of thousands); the count of all of them is always given.
    // Without --position there are no moves to list: the option was accepted and did
    // nothing. (clap checks `requires` only for options given, not for the default.)
    #[arg(long, value_name = "N", default_value_t = 100, requires = "position")]
    pub limit: usize,

    /// The most memory the sequence may take, e.g. 512M or 4G (default: the memory the
    /// system reports available). It needs about 4 bytes a value (0.8 GB for N = 2·10^8);
    /// more is refused up front, saying what it would need.
    #[arg(long, value_name = "SIZE")]
    pub max_memory: Option<String>,
}

/// What `grundy --json` prints (keys in alphabetical order). The values are serialized
/// straight from the sequence: a tree of JSON values took 32 bytes a value.
#[derive(Serialize)]
struct Report<'a> {
    game: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    period: Option<Option<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    preperiod: Option<Option<u64>>,
    /// How the period is proven: "octal-theorem" or "window" (null: observed only).
    #[serde(skip_serializing_if = "Option::is_none")]
    proof: Option<Option<&'static str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    proven: Option<bool>,
    /// G(n + period) = G(n) + saltus: 0 for an ordinary period.
    #[serde(skip_serializing_if = "Option::is_none")]
    saltus: Option<Option<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<&'a [u32]>,
}

fn parse_position(text: &str) -> Result<Vec<u64>> {
    text.split(',')
        .map(|h| {
            h.trim().parse::<u64>().map_err(|_| {
                usage(format!(
                    "heap '{}' in --position '{text}' is not a whole number of counters",
                    h.trim()
                ))
            })
        })
        .collect()
}

/// Runs `cgtk grundy`.
pub fn run(args: &Args, ctx: &Context) -> Result<()> {
    let game: HeapGame = args.game.parse().map_err(usage)?;
    if args.to.is_none() && args.position.is_none() {
        return Err(usage(
            "say what to compute: --to N for the sequence G(0..=N), --position A,B,... for a sum of heaps",
        ));
    }
    let heaps = match &args.position {
        Some(p) => Some(parse_position(p)?),
        None => None,
    };
    let largest_heap = heaps.iter().flatten().copied().max().unwrap_or(0);
    let upto = args.to.unwrap_or(0).max(largest_heap);
    // `sub:1,3,4 --to 200000000` took 1.45 GB without a word; the need is now estimated
    // and refused up front when more than the limit (the memory available by default).
    // (Beyond the method's own limit the sequence refuses below, naming that limit.)
    let limit = crate::cli::memory_limit(args.max_memory.as_deref())?;
    if let (Some(limit), true) = (limit, upto <= sequence_limit(&game)) {
        let needed = sequence_memory(&game, upto);
        if needed > limit {
            let what = if upto > args.to.unwrap_or(0) {
                format!("heap {largest_heap} in --position")
            } else {
                format!("--to {upto}")
            };
            return Err(usage(format!(
                "{what} needs G(0..={upto}) of {game}, about {} of memory, more than the {} available; lower it or raise --max-memory",
                crate::cli::bytes_text(needed),
                crate::cli::bytes_text(limit)
            )));
        }
    }
    // `upto + 1` overflowed for `--to 18446744073709551615` (a panic with overflow checks, a
    // zero-length bar without); such an N is refused below by the sequence's own limit.
    let bar = ctx.progress(upto.saturating_add(1), "Grundy values");
    let values = grundy_sequence_with_progress(&game, upto, &mut |n| {
        if let Some(bar) = &bar {
            bar.set_position(n);
        }
    })
    .map_err(|err| match err {
        // The limit was reached because of a heap, not of --to: say so.
        SequenceError::TooLarge { game, max, .. } if upto > args.to.unwrap_or(0) => usage(format!(
            "heap {largest_heap} in --position is too large for {game}: heaps go up to {max}"
        )),
        other => usage(other),
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }

    let mut report = Report {
        game: game.to_string(),
        period: None,
        position: None,
        preperiod: None,
        proof: None,
        proven: None,
        saltus: None,
        values: None,
    };
    let mut period = None;
    if let Some(to) = args.to {
        let sequence = &values[..=to as usize];
        period = find_periodicity(&game, sequence);
        if !args.no_values {
            report.values = Some(sequence);
        }
        report.preperiod = Some(period.map(|p| p.preperiod));
        report.period = Some(period.map(|p| p.period));
        report.proven = Some(period.is_some_and(|p| p.proven()));
        report.proof = Some(period.and_then(|p| p.proof).map(|proof| match proof {
            PeriodProof::OctalTheorem { .. } => "octal-theorem",
            PeriodProof::Window { .. } => "window",
        }));
        report.saltus = Some(period.map(|p| p.saltus));
    }
    let analysis = heaps.map(|h| analyse_sum_with_limit(&game, &h, &values, args.limit));
    if let Some(a) = &analysis {
        report.position = Some(position_json(a));
    }
    if ctx.json {
        return ctx.emit(&report, String::new);
    }
    // The text is written as it is made: 2·10^8 values are some 600 MB of text.
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = (|| -> io::Result<()> {
        writeln!(out, "game: {game}")?;
        if let Some(to) = args.to {
            if let Some(sequence) = report.values {
                write_values(&mut out, sequence)?;
            }
            let mut text = String::new();
            write_period(&mut text, period, to);
            out.write_all(text.as_bytes())?;
        }
        if let Some(a) = &analysis {
            let mut text = String::new();
            write_position(&mut text, a, args.limit);
            out.write_all(text.as_bytes())?;
        }
        out.flush()
    })();
    // A closed pipe (`cgtk grundy … | head`) is not an error: see `cli::report`.
    Ok(result?)
}

fn write_values(out: &mut impl io::Write, values: &[u32]) -> io::Result<()> {
    writeln!(out, "G(0..={}):", values.len() - 1)?;
    let last = values.len() - 1;
    let width = 2 * last.to_string().len() + 1;
    for (row, chunk) in values.chunks(20).enumerate() {
        let start = row * 20;
        let range = format!("{start}-{}", start + chunk.len() - 1);
        let items: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        writeln!(out, "  {range:>width$}: {}", items.join(" "))?;
    }
    Ok(())
}

fn write_period(out: &mut String, period: Option<Periodicity>, to: u64) {
    match period {
        Some(
            p @ Periodicity {
                proof: Some(proof), ..
            },
        ) => {
            let how = match proof {
                PeriodProof::Window { removal } => {
                    format!("by {removal} values in a row (no move splits a heap)")
                }
                PeriodProof::OctalTheorem { .. } => "by the octal periodicity theorem".to_string(),
            };
            let _ = writeln!(
                out,
                "period {} from n = {} (preperiod {}), proven {how}",
                p.period, p.preperiod, p.preperiod
            );
        }
        Some(p) if p.saltus > 0 => {
            let _ = writeln!(
                out,
                "arithmetic period {} with saltus {} (G(n + {}) = G(n) + {}) from n = {} (preperiod {}), observed in G(0..={to}) only, not proven",
                p.period, p.saltus, p.period, p.saltus, p.preperiod, p.preperiod
            );
        }
        Some(p) => {
            let _ = writeln!(
                out,
                "period {} from n = {} (preperiod {}), observed in G(0..={to}) only, not proven",
                p.period, p.preperiod, p.preperiod
            );
        }
        None => {
            let _ = writeln!(out, "no period found in G(0..={to})");
        }
    }
}

fn leaves_text(leaves: &[u64]) -> String {
    if leaves.is_empty() {
        "nothing".to_string()
    } else {
        leaves
            .iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

fn write_position(out: &mut String, a: &SumAnalysis, limit: usize) {
    let _ = writeln!(out, "position: {}", leaves_text(&a.heaps));
    let parts: Vec<String> = a
        .heaps
        .iter()
        .zip(&a.values)
        .map(|(h, v)| format!("G({h}) = {v}"))
        .collect();
    let _ = writeln!(out, "values: {}", parts.join(", "));
    let _ = write!(out, "value: *{}", a.value);
    if a.winning_move_count == 0 {
        let _ = writeln!(out, ", so the player to move loses");
    } else {
        let _ = writeln!(
            out,
            ", so the player to move wins; {}:",
            crate::cli::counted(a.winning_move_count, "winning move", "winning moves")
        );
        // A huge heap used to list millions of moves with no way to stop it.
        for m in a.winning_moves.iter().take(limit) {
            // A move that removes nothing only splits the heap (Grundy's game); it was
            // printed as "take 0, leaving 2 + 3".
            let action = if m.take == 0 {
                format!("split into {}", leaves_text(&m.leaves))
            } else {
                format!("take {}, leaving {}", m.take, leaves_text(&m.leaves))
            };
            // Heaps are numbered from 1, as in `nim` and `play nim`.
            let _ = writeln!(out, "  heap {} ({}): {action}", m.heap + 1, a.heaps[m.heap]);
        }
        if a.winning_move_count > limit as u64 {
            let _ = writeln!(
                out,
                "  … and {} more (raise --limit to list them)",
                a.winning_move_count - limit as u64
            );
        }
    }
}

fn position_json(a: &SumAnalysis) -> Value {
    json!({
        "heaps": a.heaps,
        "values": a.values,
        "value": a.value,
        "winning_move_count": a.winning_move_count,
        "winning_moves": a.winning_moves.iter().map(|m| json!({
            "heap": m.heap + 1,
            "take": m.take,
            "leaves": m.leaves,
        })).collect::<Vec<_>>(),
    })
}
