//! `cgtk poggle …`: solve Poggle / Lights Out boards.

use crate::cli::Context;
use anyhow::Result;
use clap::Subcommand;

/// The `poggle` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a board.
    Solve {
        /// The board size: N for N×N, or RxC.
        size: String,
    },
}

/// Runs a `poggle` subcommand.
pub fn run(cmd: &Command, _ctx: &Context) -> Result<()> {
    match cmd {
        Command::Solve { size } => anyhow::bail!("poggle solve {size}: not built yet"),
    }
}
