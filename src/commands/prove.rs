//! `cgtk prove GAME [POSITION]`: prove or disprove a player's goal by proof-number search
//! (PNS or df-pn).

use crate::cli::{usage, Context};
use crate::games::{self, ProvableGame, WithPosition};
use anyhow::Result;
use cgtk_core::Player;
use cgtk_search::{
    dfpn, pns, DoesNotLose, Objective, Progress, ProofConfig, ProofResult, Status, Wins,
};
use clap::ValueEnum;
use serde::Serialize;
use std::fmt::Write as _;

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Algorithm {
    /// Best-first proof-number search over the graph of positions (memory grows with the nodes).
    Pns,
    /// Depth-first proof-number search with a transposition table (the 1+ε trick; cycles by a fixed point).
    Dfpn,
}

/// A player, as `--for` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// The player who moves first from the start.
    First,
    /// The other player.
    Second,
}

/// What the player tries to prove.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Goal {
    /// The player wins (a draw, also by endless repetition, is not a win).
    Win,
    /// The player does not lose (wins or draws; endless repetition is a draw).
    NotLose,
}

/// Arguments of `cgtk prove`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    #[arg(value_parser = games::game_parser(games::Command::Prove))]
    pub game: String,
    /// The position in the game's notation (default: the variant's start); for Nim the
    /// heaps, e.g. `3,4,5` or `3,4,5;second` (the side to move, default first).
    pub position: Option<String>,
    /// The rules variant, e.g. `first-two-turns` (Mu Torere), `compulsory-capture`
    /// (Kono), `fox=b8,first=hounds` (Fox and Hounds); Nim has none.
    #[arg(long, default_value = "standard")]
    pub variant: String,
    /// The player whose goal is proved (default: the side to move).
    #[arg(long = "for", value_enum, value_name = "PLAYER")]
    pub side: Option<Side>,
    /// The goal.
    #[arg(long, value_enum, default_value = "win")]
    pub goal: Goal,
    /// Stop after this many positions and answer `unknown`.
    #[arg(long, default_value_t = 10_000_000)]
    pub nodes: u64,
    /// The search algorithm.
    #[arg(long, value_enum, default_value = "dfpn")]
    pub algorithm: Algorithm,
    /// df-pn's 1+ε threshold factor: a finite number ≥ 0 (0 is classic df-pn).
    #[arg(long, default_value_t = 0.25)]
    pub epsilon: f64,
}

/// What `prove` prints.
#[derive(Debug, Serialize)]
struct Report {
    game: &'static str,
    variant: String,
    position: String,
    goal: String,
    algorithm: &'static str,
    /// `proved`, `disproved` or `unknown`.
    result: Status,
    nodes: u64,
    /// The prover's move that proves the goal (proved, the prover to move).
    proof_move: Option<String>,
    /// The refuter's move that disproves it (disproved, the refuter to move).
    refuting_move: Option<String>,
    pv: Vec<String>,
    seconds: f64,
    /// Which limit stopped an unknown search.
    stopped: Option<cgtk_search::Limit>,
}

/// Runs `cgtk prove`.
pub fn run(args: &Args, ctx: &Context) -> Result<()> {
    check_epsilon(args.epsilon)?;
    let report = with_prove_game(args, ctx)?;
    ctx.emit(&report, || text(&report))
}

/// Refuses an ε that df-pn cannot use, saying why: NaN, infinity or a negative number.
fn check_epsilon(epsilon: f64) -> Result<()> {
    let reason = if epsilon.is_nan() {
        "not a number"
    } else if epsilon.is_infinite() {
        "infinity is not allowed"
    } else if epsilon < 0.0 {
        "negative"
    } else {
        return Ok(());
    };
    Err(usage(format!(
        "invalid --epsilon {epsilon}: {reason}; expected a finite number ≥ 0 such as 0.25 \
         (0 is classic df-pn)"
    )))
}

/// Builds the position through the registry of games, then proves.
fn with_prove_game(args: &Args, ctx: &Context) -> Result<Report> {
    let entry = games::find(&args.game, |s| s.prove).map_err(usage)?;
    let provable = entry
        .provable
        .ok_or_else(|| usage(format!("{} cannot be proved", entry.id)))?;
    let task = Prove {
        id: entry.id,
        args,
        ctx,
    };
    provable
        .with(&args.variant, args.position.as_deref(), task)
        .map_err(usage)?
}

struct Prove<'a> {
    id: &'static str,
    args: &'a Args,
    ctx: &'a Context,
}

impl WithPosition for Prove<'_> {
    type Output = Result<Report>;
    fn run<G: ProvableGame>(self, position: G) -> Result<Report> {
        prove(position, self.id, self.args, self.ctx)
    }
}

fn prove<G: ProvableGame>(game: G, id: &'static str, args: &Args, ctx: &Context) -> Result<Report> {
    let prover = match args.side {
        Some(Side::First) => Player::First,
        Some(Side::Second) => Player::Second,
        None => game.to_move(),
    };
    match args.goal {
        Goal::Win => search(game, &Wins(prover), id, args, ctx),
        Goal::NotLose => search(game, &DoesNotLose(prover), id, args, ctx),
    }
}

fn search<G: ProvableGame, O: Objective<G>>(
    game: G,
    objective: &O,
    id: &'static str,
    args: &Args,
    ctx: &Context,
) -> Result<Report> {
    // PNS holds one node per class of symmetric positions where the game has a
    // canonical key (Kono: the 16 symmetries of the board and the colours).
    let symmetric = args.algorithm == Algorithm::Pns && game.canonical_key().is_some();
    let config = ProofConfig {
        epsilon: args.epsilon,
        progress_every: 1 << 18,
        symmetric_key: symmetric,
        ..ProofConfig::nodes(args.nodes)
    };
    let bar = ctx.progress(args.nodes, "proving");
    let progress = |p: &Progress| {
        if let Some(bar) = &bar {
            bar.set_position(p.nodes);
            if let (Some(pn), Some(dn)) = (p.proof_number, p.disproof_number) {
                bar.set_message(format!("proof number {pn}, disproof number {dn}"));
            }
        }
    };
    let key = |g: &G| match g.canonical_key() {
        Some(k) if symmetric => k,
        _ => g.key(),
    };
    let mut g = game.clone();
    let (result, algorithm): (Result<ProofResult<G::Move>, _>, _) = match args.algorithm {
        Algorithm::Pns => (pns(&mut g, objective, &key, &config, &progress), "pns"),
        Algorithm::Dfpn => (dfpn(&mut g, objective, &key, &config, &progress), "dfpn"),
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let result = result.map_err(usage)?;
    // The search's deciding move proves when the goal is proved and refutes when it is
    // disproved; a disproof's move used to be printed as `proof move`.
    let deciding = result.proof_move.map(|m| game.move_text(m));
    let (proof_move, refuting_move) = match result.status {
        Status::Proved => (deciding, None),
        Status::Disproved => (None, deciding),
        Status::Unknown => (None, None),
    };
    let mut line = game.clone();
    let mut pv = Vec::with_capacity(result.pv.len());
    for &mv in &result.pv {
        pv.push(line.move_text(mv));
        line.make(mv);
    }
    Ok(Report {
        game: id,
        variant: args.variant.clone(),
        position: game.position_text(),
        goal: objective.description(),
        algorithm,
        result: result.status,
        nodes: result.nodes,
        proof_move,
        refuting_move,
        pv,
        seconds: result.elapsed.as_secs_f64(),
        stopped: result.stopped,
    })
}

fn text(r: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "position: {}", r.position);
    let _ = writeln!(out, "goal: {}", r.goal);
    let why = match r.stopped {
        Some(limit) => format!(" (stopped by the {} limit)", serde_plain(limit)),
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "result: {} by {} in {}{why}",
        r.result,
        r.algorithm,
        crate::cli::counted(r.nodes, "node", "nodes")
    );
    if let Some(mv) = &r.proof_move {
        let _ = writeln!(out, "proof move: {mv}");
    }
    if let Some(mv) = &r.refuting_move {
        let _ = writeln!(out, "refuting move: {mv}");
    }
    if !r.pv.is_empty() {
        // Undecided, the line is where the search would go next, not a best line.
        let label = if r.result == Status::Unknown {
            "line searched next"
        } else {
            "principal variation"
        };
        let _ = writeln!(out, "{label}: {}", r.pv.join(" "));
    }
    let _ = writeln!(out, "time: {:.3} s", r.seconds);
    out
}

fn serde_plain(limit: cgtk_search::Limit) -> &'static str {
    match limit {
        cgtk_search::Limit::Nodes => "node",
        cgtk_search::Limit::Time => "time",
        cgtk_search::Limit::Memory => "memory",
        cgtk_search::Limit::Key => "key",
    }
}
