//! One module per subcommand. Each module has a clap `Args` struct documenting its flags
//! and a `run(&args, &Context)` function; this file only lists them and dispatches.
//!
//! To add a command: write `src/commands/NAME.rs` with `pub struct Args` (clap `Args`) and
//! `pub fn run(args: &Args, ctx: &Context) -> anyhow::Result<()>`, then add one variant to
//! [`Command`] and one arm to [`Command::run`].

use crate::cli::Context;
use anyhow::Result;
use clap::Subcommand;

pub mod analyze;
pub mod calculation;
pub mod cgt;
pub mod chess;
pub mod completions;
pub mod count;
pub mod cycle_index;
pub mod go;
pub mod grundy;
pub mod gtp;
pub mod nim;
pub mod nimber;
pub mod play;
pub mod poggle;
pub mod probe;
pub mod prove;
pub mod solve;
pub mod table;
pub mod uci;

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
    /// Chess: perft counts of the legal move tree.
    #[command(subcommand)]
    Chess(chess::Command),
    /// Run the chess engine over the UCI protocol on standard input and output.
    Uci(uci::Args),
    /// Play a game against the engine (undo, redo, hint, save, load).
    Play(play::Args),
    /// Measure engine heuristics against solved tables.
    #[command(subcommand)]
    Analyze(analyze::Command),
    #[command(about = crate::games::solve_about())]
    Solve(solve::Args),
    /// Look a position up in a solved table, with the value of every move.
    Probe(probe::Args),
    /// Prove or disprove a player's goal by proof-number search (PNS or df-pn).
    Prove(prove::Args),
    /// Inspect or export a solved table file.
    #[command(subcommand)]
    Table(table::Command),
    /// Evaluate nimber arithmetic: nim sums, nim products, inverses, powers.
    Nimber(nimber::Args),
    /// Nim: the nim-sum of heaps and every winning move.
    Nim(nim::Args),
    /// Grundy values of heap games (octal codes, subtraction games, Grundy's game).
    Grundy(grundy::Args),
    /// Partizan games: canonical forms, comparison, thermographs, Domineering, Hackenbush,
    /// Toads and Frogs, Cutcake, and moves in sums.
    #[command(subcommand)]
    Cgt(cgt::Command),
    /// Run the Go engine over the Go Text Protocol (GTP v2) on standard input and output.
    Gtp(gtp::Args),
    /// Go: exact values of tiny boards, local capture and life-and-death problems.
    #[command(subcommand)]
    Go(go::Command),
    /// The Calculation patience: deals, players, the full-information solver, win rates.
    #[command(subcommand)]
    Calculation(calculation::Command),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::Args),
    /// Print the manual page (roff) of cgtk.
    Man(completions::ManArgs),
}

impl Command {
    /// Runs the chosen subcommand.
    pub fn run(&self, ctx: &Context) -> Result<()> {
        match self {
            Command::Poggle(cmd) => poggle::run(cmd, ctx),
            Command::Count(cmd) => count::run(cmd, ctx),
            Command::CycleIndex(args) => cycle_index::run(args, ctx),
            Command::Chess(cmd) => chess::run(cmd, ctx),
            Command::Uci(args) => uci::run(args, ctx),
            Command::Play(args) => play::run(args, ctx),
            Command::Analyze(cmd) => analyze::run(cmd, ctx),
            Command::Solve(args) => solve::run(args, ctx),
            Command::Probe(args) => probe::run(args, ctx),
            Command::Prove(args) => prove::run(args, ctx),
            Command::Table(cmd) => table::run(cmd, ctx),
            Command::Nimber(args) => nimber::run(args, ctx),
            Command::Nim(args) => nim::run(args, ctx),
            Command::Grundy(args) => grundy::run(args, ctx),
            Command::Cgt(cmd) => cgt::run(cmd, ctx),
            Command::Gtp(args) => gtp::run(args, ctx),
            Command::Go(cmd) => go::run(cmd, ctx),
            Command::Calculation(cmd) => calculation::run(cmd, ctx),
            Command::Completions(args) => completions::run(args, ctx),
            Command::Man(args) => completions::run_man(args, ctx),
        }
    }
}
