//! `cgtk uci`: the chess engine over the Universal Chess Interface on standard input and
//! output. The protocol itself (commands, answers, the search thread) is
//! [`cgtk_chess::uci::UciEngine`]; this command only moves lines between it and the
//! terminal or pipe.

use crate::cli::Context;
use anyhow::Result;
use cgtk_chess::uci::{Flow, Response, UciEngine};
use std::io::{self, BufRead, Write};

/// Arguments of `cgtk uci` (none: the protocol is spoken on standard input and output).
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Writes one protocol line and flushes (stdout is shared with the search thread).
fn send(response: Response) {
    let mut out = io::stdout().lock();
    // A closed pipe means the client is gone; there is nobody left to tell.
    let _ = writeln!(out, "{response}");
    let _ = out.flush();
}

/// Runs the UCI loop until `quit` or the end of input.
pub fn run(_args: &Args, ctx: &Context) -> Result<()> {
    // `uci --json` was accepted and ignored: the protocol's own lines are the output.
    if ctx.json {
        return Err(crate::cli::usage(
            "uci speaks the UCI protocol on standard output; --json does not apply",
        ));
    }
    let mut engine = UciEngine::new(send);
    for line in io::stdin().lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                send(Response::InfoString(
                    "ignored a line that is not UTF-8".to_string(),
                ));
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        if engine.handle(&line) == Flow::Quit {
            return Ok(());
        }
    }
    engine.finish();
    Ok(())
}
