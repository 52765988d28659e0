//! `cgtk nim <HEAP>...`: the nim-sum of Nim heaps and every winning move.

use crate::cli::{usage, Context};
use anyhow::Result;
use cgtk_nimber::{analyse_nim, NimAnalysis};
use std::fmt::Write as _;

/// Analyse a position of Nim (a move takes one or more counters from one heap; who cannot
/// move loses): the nim-sum, whether the player to move wins, and every winning move.
/// Heaps are numbered from 1, as in `play nim` (`2:3` takes 3 from heap 2).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The heap sizes (whole numbers of counters).
    #[arg(required = true, value_name = "HEAP")]
    pub heaps: Vec<String>,

    /// Show the heaps in binary, column by column, to see why the moves win.
    #[arg(long)]
    pub explain: bool,
}

fn parse_heap(text: &str) -> Result<u64> {
    text.trim().parse().map_err(|_| {
        usage(format!(
            "heap '{text}' is not a whole number of counters (0 to 18446744073709551615)"
        ))
    })
}

/// Runs `cgtk nim`.
pub fn run(args: &Args, ctx: &Context) -> Result<()> {
    let heaps = args
        .heaps
        .iter()
        .map(|h| parse_heap(h))
        .collect::<Result<Vec<u64>>>()?;
    let analysis = analyse_nim(&heaps);
    // Heap sizes go up to 2^64 - 1, beyond what a JSON number holds exactly (2^53): they
    // are decimal strings, as in `count` and `poggle`. Heaps are numbered from 1, as in
    // `play nim` and `grundy --position`.
    let json = serde_json::json!({
        "heaps": analysis.heaps.iter().map(u64::to_string).collect::<Vec<_>>(),
        "nim_sum": analysis.nim_sum.to_string(),
        "player_to_move_wins": analysis.first_player_wins(),
        "winning_moves": analysis.winning_moves.iter().map(|m| serde_json::json!({
            "heap": m.heap + 1,
            "take": m.take.to_string(),
            "leaves": m.leaves.to_string(),
        })).collect::<Vec<_>>(),
    });
    ctx.emit(&json, || text(&analysis, args.explain))
}

fn text(a: &NimAnalysis, explain: bool) -> String {
    let mut out = String::new();
    let list: Vec<String> = a.heaps.iter().map(|h| h.to_string()).collect();
    let _ = writeln!(out, "heaps: {}", list.join(" "));
    if explain {
        explain_columns(&mut out, a);
    }
    let _ = writeln!(out, "nim-sum: {}", a.nim_sum);
    if a.heaps.iter().all(|&h| h == 0) {
        // "every move leaves a non-zero nim-sum" was said of heaps with no moves at all.
        let _ = writeln!(out, "the player to move loses: there are no moves");
    } else if a.winning_moves.is_empty() {
        let _ = writeln!(
            out,
            "the player to move loses: every move leaves a non-zero nim-sum"
        );
    } else {
        let _ = writeln!(out, "the player to move wins; winning moves:");
        for m in &a.winning_moves {
            let _ = writeln!(
                out,
                "  heap {}: take {}, leaving {}",
                m.heap + 1,
                m.take,
                m.leaves
            );
        }
    }
    out
}

fn explain_columns(out: &mut String, a: &NimAnalysis) {
    let largest = a.heaps.iter().copied().max().unwrap_or(0);
    let width = (64 - largest.leading_zeros()).max(1) as usize;
    let number_width = largest.to_string().len().max(a.nim_sum.to_string().len());
    let label_width = format!("heap {}", a.heaps.len()).len().max("nim-sum".len());
    for (i, &h) in a.heaps.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {:<label_width$}  {h:>number_width$} = {h:0width$b}",
            format!("heap {}", i + 1)
        );
    }
    let _ = writeln!(
        out,
        "  {}",
        "-".repeat(label_width + number_width + width + 5)
    );
    let s = a.nim_sum;
    let _ = writeln!(
        out,
        "  {:<label_width$}  {s:>number_width$} = {s:0width$b}",
        "nim-sum"
    );
    let _ = writeln!(
        out,
        "each binary column of the nim-sum is 1 when that column has an odd number of 1s."
    );
    if a.heaps.iter().all(|&h| h == 0) {
        // "any move changes one heap" was said of heaps with no moves at all.
        let _ = writeln!(
            out,
            "every column is even, and there is no counter left to take: no move at all."
        );
    } else if s == 0 {
        let _ = writeln!(
            out,
            "every column is even: any move changes one heap, so it makes some column odd."
        );
    } else {
        let top = 63 - s.leading_zeros();
        let _ = writeln!(
            out,
            "the highest 1 of the nim-sum is in column {top} (value {}): a heap with a 1 there\nshrinks when XORed with the nim-sum, and what is left makes every column even.",
            1u64 << top
        );
    }
}
