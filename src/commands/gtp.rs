//! `cgtk gtp`: the Go engine over the Go Text Protocol on standard input and output. The
//! protocol is [`cgtk_go::gtp::GtpEngine`]; this command only moves lines between it and
//! the terminal or pipe.

use crate::cli::Context;
use anyhow::Result;
use cgtk_go::gtp::GtpEngine;
use cgtk_go::EngineConfig;
use std::io::{self, BufRead, Write};

/// Arguments of `cgtk gtp`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Monte Carlo playouts per generated move.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub playouts: u32,
    /// Seed of the engine's random generator (equal seeds, equal games).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Plain UCT: no all-moves-as-first (RAVE) values in the tree search.
    #[arg(long)]
    pub no_rave: bool,
}

/// Runs the GTP loop until `quit` or the end of input.
pub fn run(args: &Args, ctx: &Context) -> Result<()> {
    // The protocol's own lines are the output; `--json` was accepted and ignored.
    if ctx.json {
        return Err(crate::cli::usage(
            "gtp speaks the Go Text Protocol on standard output; --json does not apply",
        ));
    }
    let mut engine = GtpEngine::with_engine(EngineConfig {
        playouts: args.playouts,
        seed: args.seed,
        rave: !args.no_rave,
        ..EngineConfig::default()
    });
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                write!(out, "? input is not UTF-8\n\n")?;
                out.flush()?;
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        let reply = engine.handle(&line);
        out.write_all(reply.as_bytes())?;
        out.flush()?;
        if engine.quit_requested() {
            break;
        }
    }
    Ok(())
}
