//! `cgtk play GAME [VARIANT…]`: play a game against the engine, or watch it play itself.

use crate::cli::{usage, Context};
use crate::games;
use crate::play::{build_checked, Options, SavedGame, Seats, Session, Setup};
use anyhow::Result;
use std::io::{self, IsTerminal};
use std::path::PathBuf;

/// Play a game in the terminal (the games are listed under GAME).
///
/// After each move the board is drawn. Type a move in the game's notation, or `undo`,
/// `redo`, `hint`, `moves`, `show` (the board again), `save FILE`, `load FILE`, `help`,
/// `quit`. When standard input is not a terminal the commands are read from it and echoed,
/// so whole games can be scripted.
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
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=100), help = level_help())]
    pub level: Option<u8>,

    /// Which side you play: first, second, both (two people), none (engine against engine).
    /// (Default first; a one-player game has no side to pick: a puzzle refuses the option,
    /// a patience with an engine takes only none.)
    #[arg(long, value_enum)]
    pub you: Option<Seats>,

    /// Seed of the engine's random choices (same seed, same game; default 1).
    #[arg(long)]
    pub seed: Option<u64>,

    /// How many moves undo can take back (at least 2; the oldest are dropped).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(2..=1_000_000))]
    pub history: u64,

    /// A solved table file for the engine (games with tables).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,

    /// Start from a saved game (written by the `save` command). The file's variant, level
    /// and seed are used: giving a variant, --level or --seed as well is refused.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,

    // The help names the games that offer heuristics.
    #[arg(long, help = heuristic_help())]
    pub heuristic: Option<String>,

    /// Let Monte Carlo tree search (UCT, random playouts) choose the engine's moves, with N
    /// playouts per move (1 to 10,000,000), instead of the table or alpha-beta. For
    /// calculation it sets the budget of the player named in the variant: playouts=N (mcts,
    /// best) or samples=N (pimc, hindsight, rollout).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub mcts: Option<u32>,
}

fn level_help() -> String {
    format!(
        "Engine strength 0..=100, default 100 ({}): each engine move is uniformly random with probability (100 − level)%, else the best move (solved table, exact rule or search)",
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
    // `play poggle --you second` and `--level 5` were accepted and ignored: a puzzle has
    // no engine and one side.
    if !info.supports.levels && args.level.is_some() {
        return Err(usage(format!(
            "{} has no engine to weaken; --level is for {}",
            info.id,
            games::names(|s| s.levels)
        )));
    }
    // `play calculation --you second` was accepted while `play poggle --you first` was
    // refused: the registry says which games have one player.
    if let Some(you) = args.you.filter(|_| info.one_player) {
        // With an engine, `--you none` lets it play.
        if !info.supports.levels {
            return Err(usage(format!(
                "{} is a one-player puzzle: --you does not apply",
                info.id
            )));
        }
        if you != Seats::None {
            return Err(usage(format!(
                "{} is a one-player game: --you takes only none (the engine plays it); leave --you out to play yourself",
                info.id
            )));
        }
    }
    // `--load` used to replace the variant, level and seed given beside it silently.
    if let Some(path) = &args.load {
        let given: Vec<&str> = [
            (!args.variant.is_empty(), "a variant"),
            (args.level.is_some(), "--level"),
            (args.seed.is_some(), "--seed"),
        ]
        .into_iter()
        .filter_map(|(given, what)| given.then_some(what))
        .collect();
        if !given.is_empty() {
            return Err(usage(format!(
                "--load {} takes the variant, level and seed from the file; leave out {}",
                path.display(),
                given.join(" and ")
            )));
        }
    }
    // `play kono ''` was read as the standard game; an empty word is a mistake.
    if args.variant.iter().any(|w| w.trim().is_empty()) {
        return Err(usage(format!(
            "play {}: an empty variant word was given; leave it out for the standard game",
            info.id
        )));
    }
    // `play poggle 3 4` was read as 3,4 (a 3×3 board in 4 colours), while `poggle solve`
    // refuses a second size: the board is one word, as `poggle solve` takes its size.
    if info.id == "poggle" && args.variant.len() > 1 {
        return Err(usage(format!(
            "play poggle takes its board as one word, N or RxC then ,K colours (e.g. 5 or 4x5,3), as `poggle solve SIZE -k K`; got {} words: {}",
            args.variant.len(),
            args.variant.join(" ")
        )));
    }
    let setup = |variant: &str| Setup {
        variant: variant.to_string(),
        history: args.history as usize,
        table: args.table.clone(),
        heuristic: args.heuristic.clone(),
        mcts: args.mcts,
    };
    // An SGF file is read by the game itself once it is built (its variant comes from the
    // file); every other saved game is JSON and names its game and variant.
    let sgf_load = args
        .load
        .as_ref()
        .filter(|path| crate::play::is_sgf(&path.to_string_lossy()));
    let saved = match &args.load {
        Some(path) if sgf_load.is_none() => {
            let text = crate::cli::read_input(path)?;
            let saved = SavedGame::from_json(&text)
                .map_err(|e| usage(format!("cannot load {}: {e}", path.display())))?;
            if saved.game != info.id {
                return Err(usage(format!(
                    "cannot load {}: the file holds a game of {}, not {}",
                    path.display(),
                    saved.game,
                    info.id
                )));
            }
            // A file that records the user's side plays it (loading a game saved with
            // `--you second` handed the user's move to the engine).
            if let (Some(you), Some(_)) = (args.you, saved.you) {
                return Err(usage(format!(
                    "--load {} takes your side from the file; leave out --you {}",
                    path.display(),
                    you.name()
                )));
            }
            Some((path, saved))
        }
        _ => None,
    };
    // With --load the game is built from the file's variant (a game such as Nim has no
    // standard variant to start from).
    let variant = match &saved {
        Some((_, saved)) => saved.variant.clone(),
        None => args.variant.join(","),
    };
    let game = build_checked(info, &setup(&variant)).map_err(|e| match &saved {
        Some((path, _)) => usage(format!("cannot load {}: {e}", path.display())),
        None => usage(e),
    })?;
    let rebuild = |variant: &str| build_checked(info, &setup(variant));
    let stdin = io::stdin();
    let scripted = !stdin.is_terminal();
    let options = Options {
        level: args.level.unwrap_or(100),
        seats: args.you.unwrap_or(Seats::First),
        seed: args.seed.unwrap_or(1),
        echo: scripted,
        max_engine_plies: 500,
    };
    let mut session = Session::new(game, options, &rebuild);
    if let Some((path, saved)) = &saved {
        session
            .load(saved)
            .map_err(|e| usage(format!("cannot load {}: {e}", path.display())))?;
    }
    if let Some(path) = sgf_load {
        // SGF errors give byte offsets in the file, a byte-order mark included.
        let text = crate::cli::read_input_verbatim(path)?;
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
    // A script whose lines were refused used to exit 0, so a failure went unnoticed.
    if !scripted {
        return Ok(());
    }
    match summary.rejected.as_slice() {
        [] => Ok(()),
        [first, ..] => Err(usage(format!(
            "{} of the input refused; the first, line {} {:?}: {}",
            crate::cli::counted(summary.rejected.len() as u64, "line", "lines"),
            first.line,
            first.input,
            first.reason
        ))),
    }
}
