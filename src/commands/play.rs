//! `cgtk play GAME [VARIANT…]`: play a game against the engine, or watch it play itself.

use crate::cli::{usage, Context};
use crate::games;
use crate::play::{build_checked, Options, Seats, Session, Setup};
use anyhow::Result;
use std::io::{self, IsTerminal};
use std::path::PathBuf;

/// Play a game in the terminal (the games are listed under GAME).
///
/// After each move the board is drawn. Type a move in the game's notation, or `undo`,
/// `redo`, `hint`, `moves`, `save FILE`, `load FILE`, `help`, `quit`. When standard input is
/// not a terminal the commands are read from it and echoed, so whole games can be scripted.
/// Games with SGF (Go) save and load SGF records when the file name ends in `.sgf`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game: see the list in `cgtk play --help`.
    #[arg(value_name = "GAME", help = game_list())]
    pub game: String,

    /// The rules variant, as listed for each game above; several words are joined by
    /// commas (`3 4 5` is the same as `3,4,5`).
    #[arg(value_name = "VARIANT")]
    pub variant: Vec<String>,

    // Engine strength; the help names the games with an engine.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u8).range(0..=100), help = level_help())]
    pub level: u8,

    /// Which side you play: first, second, both (two people), none (engine against engine).
    #[arg(long, value_enum, default_value_t = Seats::First)]
    pub you: Seats,

    /// Seed of the engine's random choices (same seed, same game).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// How many moves undo can take back (at least 2; the oldest are dropped).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(2..=1_000_000))]
    pub history: u64,

    /// A solved table file for the engine (games with tables).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,

    /// Start from a saved game (written by the `save` command).
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,

    // The help names the games that offer heuristics.
    #[arg(long, help = heuristic_help())]
    pub heuristic: Option<String>,

    /// Let Monte Carlo tree search (UCT, random playouts) choose the engine's moves, with N
    /// playouts per move, instead of the table or alpha-beta.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub mcts: Option<u32>,
}

fn level_help() -> String {
    format!(
        "Engine strength 0..=100 ({}): each engine move is uniformly random with probability (100 − level)%, else the best move (solved table, exact rule or search)",
        games::names(|s| s.levels)
    )
}

fn game_list() -> String {
    games::play_list()
}

fn heuristic_help() -> String {
    format!(
        "Play the engine by alpha-beta over this evaluation instead of perfect play from the solved table ({})",
        games::heuristics_list()
    )
}

/// Runs `cgtk play`.
pub fn run(args: &Args, ctx: &Context) -> Result<()> {
    let info = games::find(&args.game, |s| s.play).map_err(usage)?;
    let setup = |variant: &str| Setup {
        variant: variant.to_string(),
        history: args.history as usize,
        table: args.table.clone(),
        heuristic: args.heuristic.clone(),
        mcts: args.mcts,
    };
    let game = build_checked(info, &setup(&args.variant.join(","))).map_err(usage)?;
    let rebuild = |variant: &str| build_checked(info, &setup(variant));
    let stdin = io::stdin();
    let options = Options {
        level: args.level,
        seats: args.you,
        seed: args.seed,
        echo: !stdin.is_terminal(),
        max_engine_plies: 500,
    };
    let mut session = Session::new(game, options, &rebuild);
    if let Some(path) = &args.load {
        let text = crate::cli::read_input(path)?;
        session
            .saved_from_text(&path.to_string_lossy(), &text)
            .and_then(|s| session.load(&s))
            .map_err(|e| usage(format!("cannot load {}: {e}", path.display())))?;
    }
    let mut input = stdin.lock();
    if ctx.json {
        session.run(&mut input, &mut io::sink())?;
    } else {
        let mut out = io::stdout().lock();
        session.run(&mut input, &mut out)?;
    }
    let summary = session.summary();
    if ctx.json {
        ctx.emit(&summary, String::new)?;
    }
    Ok(())
}
