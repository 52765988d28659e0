//! One module per subcommand. Each module has a clap `Args` struct documenting its flags
//! and a `run(&args, &Context)` function; this file only lists them and dispatches.
//!
//! To add a command: write `src/commands/NAME.rs` with `pub struct Args` (clap `Args`) and
//! `pub fn run(args: &Args, ctx: &Context) -> anyhow::Result<()>`, then add one variant to
//! [`Command`] and one arm to [`Command::run`].

use crate::cli::Context;
use anyhow::Result;
use clap::Subcommand;

pub mod count;
pub mod cycle_index;
pub mod poggle;

/// Every subcommand of `cgtk`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Poggle / Lights Out in k colours: solve boards, quiet patterns, nullity tables.
    #[command(subcommand)]
    Poggle(poggle::Command),
    /// Count arrangements up to symmetry (Burnside / Pólya), with brute-force verification.
    #[command(subcommand)]
    Count(count::Command),
    /// Print the cycle index of a permutation group (cyclic, dihedral, symmetric, board, or
    /// given by generators).
    CycleIndex(cycle_index::Args),
}

impl Command {
    /// Runs the chosen subcommand.
    pub fn run(&self, ctx: &Context) -> Result<()> {
        match self {
            Command::Poggle(cmd) => poggle::run(cmd, ctx),
            Command::Count(cmd) => count::run(cmd, ctx),
            Command::CycleIndex(args) => cycle_index::run(args, ctx),
        }
    }
}
