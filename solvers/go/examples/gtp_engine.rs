//! The engine over GTP on standard input and output, for refereed matches of engine
//! variants without building the whole command line:
//! `cargo run --release -p cgtk-go --example gtp_engine -- gtp [--playouts N] [--seed S] [--no-rave]`
//! (the arguments of `cgtk gtp`, so `scripts/gnugo_match.py --cgtk` can run it).

use cgtk_go::gtp::GtpEngine;
use cgtk_go::EngineConfig;
use std::io::{self, BufRead, Write};

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let rave =
        args.iter().any(|a| a == "--rave") || std::env::var("CGTK_GO_RAVE").is_ok_and(|v| v == "1");
    let mut engine = GtpEngine::with_engine(EngineConfig {
        playouts: value("--playouts").map_or(3000, |v| v.min(10_000_000) as u32),
        seed: value("--seed").unwrap_or(1),
        rave,
        ..EngineConfig::default()
    });
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let reply = engine.handle(&line?);
        out.write_all(reply.as_bytes())?;
        out.flush()?;
        if engine.quit_requested() {
            break;
        }
    }
    Ok(())
}
