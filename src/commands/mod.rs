//! One module per subcommand. Each module has a clap `Args` struct documenting its flags
//! and a `run(&args, &Context)` function; this file only lists them and dispatches.
//!
//! To add a command: write `src/commands/NAME.rs` with `pub struct Args` (clap `Args`) and
//! `pub fn run(args: &Args, ctx: &Context) -> anyhow::Result<()>`, then add one variant to
//! [`Command`] and one arm to [`Command::run`].

use crate::cli::Context;
use anyhow::Result;
use clap::Subcommand;

pub mod chess;
pub mod play;
pub mod poggle;
pub mod uci;

/// Every subcommand of `cgtk`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Poggle / Lights Out in k colours: solve boards, quiet patterns, nullity tables.
    #[command(subcommand)]
    Poggle(poggle::Command),
    /// Chess: perft counts of the legal move tree.
    #[command(subcommand)]
    Chess(chess::Command),
    /// Run the chess engine over the UCI protocol on standard input and output.
    Uci(uci::Args),
    /// Play a game against the engine (undo, redo, hint, save, load).
    Play(play::Args),
}

impl Command {
    /// Runs the chosen subcommand.
    pub fn run(&self, ctx: &Context) -> Result<()> {
        match self {
            Command::Poggle(cmd) => poggle::run(cmd, ctx),
            Command::Chess(cmd) => chess::run(cmd, ctx),
            Command::Uci(args) => uci::run(args, ctx),
            Command::Play(args) => play::run(args, ctx),
        }
    }
}
