//! One module per subcommand. Each module has a clap `Args` struct documenting its flags
//! and a `run(&args, &Context)` function; this file only lists them and dispatches.
//!
//! To add a command: write `src/commands/NAME.rs` with `pub struct Args` (clap `Args`) and
//! `pub fn run(args: &Args, ctx: &Context) -> anyhow::Result<()>`, then add one variant to
//! [`Command`] and one arm to [`Command::run`].

use crate::cli::Context;
use anyhow::Result;
use clap::Subcommand;

pub mod grundy;
pub mod nim;
pub mod nimber;
pub mod poggle;

/// Every subcommand of `cgtk`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Poggle / Lights Out in k colours: solve boards, quiet patterns, nullity tables.
    #[command(subcommand)]
    Poggle(poggle::Command),
    /// Evaluate nimber arithmetic: nim sums, nim products, inverses, powers.
    Nimber(nimber::Args),
    /// Nim: the nim-sum of heaps and every winning move.
    Nim(nim::Args),
    /// Grundy values of heap games (octal codes, subtraction games, Grundy's game).
    Grundy(grundy::Args),
}

impl Command {
    /// Runs the chosen subcommand.
    pub fn run(&self, ctx: &Context) -> Result<()> {
        match self {
            Command::Poggle(cmd) => poggle::run(cmd, ctx),
            Command::Nimber(args) => nimber::run(args, ctx),
            Command::Nim(args) => nim::run(args, ctx),
            Command::Grundy(args) => grundy::run(args, ctx),
        }
    }
}
