//! `cgtk cgt …`: partizan games: canonical forms, comparison, thermographs, the values of
//! Domineering, Hackenbush, Toads and Frogs and Cutcake positions, and moves in sums.

use crate::cli::{read_input, usage, Context};
use anyhow::{Context as _, Result};
use cgtk_partizan::{
    hottest_move, parse_toads, thermograph_png, winning_moves, Arena, Cutcake, Domineering,
    DomineeringBoard, Dyadic, GameId, Hackenbush, Outcome, SumMove, Thermograph, ToadsAndFrogs,
    Wall,
};
use clap::Subcommand;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The `cgt` subcommands.
///
/// Games are written `{L1, L2 | R1, R2}` (more bars nest: `{0||0|-1}` is {0 | {0|-1}}),
/// with numbers (`3`, `-3/8`), nimbers (`*`, `*3`), up and down (`^`, `^^`, `^3`, `v`,
/// `vv`), switches (`±1`), sums `+`, differences and negatives `-`, and parentheses.
/// Stars and ups written after a game add to it (`1/2^*`). Quote games for the shell.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The canonical form of a game, its outcome class, mean, temperature, stops, and the
    /// atomic weight of an all-small game.
    ///
    /// Example: cgtk cgt value "{1|-1} + ^"
    Value {
        /// The game (several words are joined with spaces).
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true, value_name = "GAME")]
        game: Vec<String>,
    },
    /// Compare two games: `<`, `=`, `>` or `||` (confused: neither is at least the other).
    Compare {
        /// The first game.
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// The second game.
        #[arg(allow_hyphen_values = true)]
        b: String,
    },
    /// The thermograph of a game: its left and right walls, mean and temperature.
    Thermograph {
        /// The game, as one word: quote it (unlike `cgt value`, which joins its words,
        /// since a word after the game may be `--image`).
        #[arg(allow_hyphen_values = true, value_name = "GAME")]
        game: String,
        /// Also draw it as a PNG image in this file (values grow to the left; blue: left
        /// wall, red: right wall, black: the mast).
        #[arg(long, value_name = "FILE")]
        image: Option<PathBuf>,
    },
    /// The value of a Domineering board (Left places vertical dominoes, Right horizontal).
    ///
    /// The board is split into independent regions, each valued once (up to symmetry).
    Domineering {
        /// An empty rectangle ROWSxCOLS (at most 64 cells), e.g. 4x5, or N for N×N.
        #[arg(required_unless_present = "board", conflicts_with = "board")]
        size: Option<String>,
        /// A board from a file ('-' for standard input): rows of '.' (empty) and '#' or 'X'
        /// (filled).
        #[arg(long, value_name = "FILE")]
        board: Option<PathBuf>,
        /// The most memory valuing may take, e.g. 512M or 4G (default: the memory the system
        /// reports available); past it the work stops with an error. 6×6 takes about 3.6 GB.
        #[arg(long, value_name = "SIZE")]
        max_memory: Option<String>,
    },
    /// The value of a Blue-Red-Green Hackenbush position (trees standing on the ground).
    ///
    /// A stalk is one letter per edge from the ground up: B (blue, Left cuts), R (red,
    /// Right cuts), G (green, either cuts); `(…,…)` after an edge puts branches on it;
    /// commas separate stalks: "BRB", "B(R,BG)", "GG,GGG".
    Hackenbush {
        /// The position.
        position: String,
    },
    /// The value of a Toads and Frogs strip: T (toad, Left's, moves right), F (frog,
    /// Right's, moves left), . (empty); a piece steps into an empty square or jumps one
    /// opposing piece into the empty square beyond.
    Toads {
        /// The strip, e.g. "TT..FF".
        row: String,
        /// The most memory valuing may take, e.g. 512M or 4G (default: the memory the system
        /// reports available); past it the work stops with an error.
        #[arg(long, value_name = "SIZE")]
        max_memory: Option<String>,
    },
    /// The value of a Cutcake rectangle ROWSxCOLS (Left cuts along vertical lines, Right
    /// along horizontal ones).
    Cutcake {
        /// The rectangle ROWSxCOLS, e.g. 4x7, or N for N×N (sides up to 256).
        size: String,
    },
    /// Play a sum: the winning moves of each player, and the move in the hottest
    /// component. Moves are to options of each component's canonical form.
    Moves {
        /// The components of the sum, one game per argument.
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true, value_name = "GAME")]
        components: Vec<String>,
    },
}

/// Runs a `cgt` subcommand.
pub fn run(cmd: &Command, ctx: &Context) -> Result<()> {
    let mut arena = Arena::new();
    let a = &mut arena;
    match cmd {
        Command::Value { game } => {
            let text = game.join(" ");
            let g = parse(a, &text)?;
            emit_value(a, ctx, text, g)
        }
        Command::Compare { a: x, b: y } => {
            let (g, h) = (parse(a, x)?, parse(a, y)?);
            let relation = a.compare(g, h);
            let report = serde_json::json!({
                "a": a.display(g),
                "b": a.display(h),
                "relation": relation,
            });
            ctx.emit(&report, || {
                format!("{} {relation} {}\n", a.display(g), a.display(h))
            })
        }
        Command::Thermograph { game, image } => run_thermograph(a, ctx, game, image.as_ref()),
        Command::Domineering {
            size,
            board,
            max_memory,
        } => {
            let b = match (size, board) {
                (_, Some(path)) => read_input(path)?
                    .parse::<DomineeringBoard>()
                    .map_err(|e| usage(format!("bad board in {}: {e}", path.display())))?,
                (Some(s), None) => DomineeringBoard::parse_size(s).map_err(usage)?,
                (None, None) => return Err(usage("give a size ROWSxCOLS or --board FILE")),
            };
            let mut limit =
                MemoryCheck::new(ctx, max_memory.as_deref(), "valuing the board", "regions")?;
            let g = Domineering::new().value_with(a, &b, &mut |_, n| limit.check(n));
            limit.finish();
            emit_value(a, ctx, b.to_string().trim_end().to_string(), g?)
        }
        Command::Hackenbush { position } => {
            let g = Hackenbush::new().parse_value(a, position).map_err(usage)?;
            emit_value(a, ctx, position.clone(), g)
        }
        Command::Toads { row, max_memory } => {
            let strip = parse_toads(row).map_err(usage)?;
            let mut limit =
                MemoryCheck::new(ctx, max_memory.as_deref(), "valuing the row", "positions")?;
            let g = ToadsAndFrogs::new().value_with(a, &strip, &mut |_, n| limit.check(n));
            limit.finish();
            emit_value(a, ctx, row.clone(), g?)
        }
        Command::Cutcake { size } => {
            let g = Cutcake::new().parse_value(a, size).map_err(usage)?;
            emit_value(a, ctx, size.clone(), g)
        }
        Command::Moves { components } => run_moves(a, ctx, components),
    }
}

/// A memory limit watched while a table of positions grows, with a spinner counting them.
struct MemoryCheck {
    limit: Option<u64>,
    spinner: Option<indicatif::ProgressBar>,
    what: &'static str,
    unit: &'static str,
}

impl MemoryCheck {
    /// How many new positions go between two looks at the memory in use.
    const EVERY: usize = 4096;

    fn new(
        ctx: &Context,
        max_memory: Option<&str>,
        what: &'static str,
        unit: &'static str,
    ) -> Result<MemoryCheck> {
        Ok(MemoryCheck {
            limit: crate::cli::memory_limit(max_memory)?,
            spinner: ctx.spinner(what),
            what,
            unit,
        })
    }

    /// Called with the table's size after each new position: an error once the process's
    /// resident memory passes the limit.
    fn check(&mut self, positions: usize) -> Result<()> {
        if positions % Self::EVERY != 0 {
            return Ok(());
        }
        let used = crate::cli::resident_memory();
        if let Some(spinner) = &self.spinner {
            let memory = used.map_or(String::new(), |b| {
                format!(", {}", crate::cli::bytes_text(b))
            });
            spinner.set_message(format!("{}: {positions} {}{memory}", self.what, self.unit));
        }
        match (used, self.limit) {
            (Some(used), Some(limit)) if used > limit => Err(usage(format!(
                "{} stopped with {positions} {} valued: {} of memory in use, more than the {} allowed; raise --max-memory",
                self.what,
                self.unit,
                crate::cli::bytes_text(used),
                crate::cli::bytes_text(limit)
            ))),
            _ => Ok(()),
        }
    }

    fn finish(&self) {
        if let Some(spinner) = &self.spinner {
            spinner.finish_and_clear();
        }
    }
}

fn parse(a: &mut Arena, text: &str) -> Result<GameId> {
    a.parse(text).map_err(|e| {
        usage(format!(
            "{e} in {}",
            crate::cli::quoted_input(text, e.position())
        ))
    })
}

#[derive(Serialize)]
struct ValueReport {
    input: String,
    value: String,
    outcome: Outcome,
    mean: Dyadic,
    temperature: Dyadic,
    left_stop: Dyadic,
    right_stop: Dyadic,
    /// For all-small games only.
    atomic_weight: Option<String>,
}

fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "Left wins whoever starts",
        Outcome::R => "Right wins whoever starts",
        Outcome::P => "the player to move loses",
        Outcome::N => "the player to move wins",
    }
}

fn value_report(a: &mut Arena, input: String, g: GameId) -> ValueReport {
    let (left_stop, right_stop) = a.stops(g);
    let atomic_weight = a.atomic_weight(g).map(|w| a.display(w));
    ValueReport {
        input,
        value: a.display(g),
        outcome: a.outcome(g),
        mean: a.mean(g),
        temperature: a.temperature(g),
        left_stop,
        right_stop,
        atomic_weight,
    }
}

fn emit_value(a: &mut Arena, ctx: &Context, input: String, g: GameId) -> Result<()> {
    let r = value_report(a, input, g);
    ctx.emit(&r, || {
        let mut out = format!(
            "value: {}\noutcome: {} ({})\nmean: {}\ntemperature: {}\nstops: left {}, right {}\n",
            r.value,
            r.outcome,
            outcome_words(r.outcome),
            r.mean,
            r.temperature,
            r.left_stop,
            r.right_stop
        );
        if let Some(w) = &r.atomic_weight {
            let _ = writeln!(out, "atomic weight: {w}");
        }
        out
    })
}

fn wall_text(w: &Wall, top: Dyadic) -> String {
    w.points(top)
        .iter()
        .map(|(t, v)| format!("({t}, {v})"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn run_thermograph(
    a: &mut Arena,
    ctx: &Context,
    game: &str,
    image: Option<&PathBuf>,
) -> Result<()> {
    let g = parse(a, game)?;
    let th: Thermograph = a.thermograph(g);
    if let Some(path) = image {
        let mut file = crate::cli::OutputFile::create(path)?;
        std::io::Write::write_all(file.writer(), &thermograph_png(&th, 480, 360))
            .with_context(|| format!("cannot write {}", path.display()))?;
        file.finish()?;
    }
    let value = a.display(g);
    let top = th.temperature.max(Dyadic::ZERO);
    let report = serde_json::json!({
        "value": value,
        "mean": th.mean,
        "temperature": th.temperature,
        "left_wall": th.left.pieces,
        "right_wall": th.right.pieces,
        "image": image.map(|p| p.display().to_string()),
    });
    ctx.emit(&report, || {
        let mut out = String::new();
        let _ = writeln!(out, "value: {value}");
        let _ = writeln!(out, "mean: {}", th.mean);
        let _ = writeln!(out, "temperature: {}", th.temperature);
        let _ = writeln!(
            out,
            "left wall (temperature, value): {}",
            wall_text(&th.left, top)
        );
        let _ = writeln!(
            out,
            "right wall (temperature, value): {}",
            wall_text(&th.right, top)
        );
        let _ = writeln!(
            out,
            "above temperature {}: the mast at {}",
            th.temperature, th.mean
        );
        if let Some(p) = image {
            let _ = writeln!(out, "picture: {}", p.display());
        }
        out
    })
}

#[derive(Serialize)]
struct MoveReport {
    component: usize,
    from: String,
    to: String,
    sum_after: String,
}

fn move_report(a: &mut Arena, components: &[GameId], m: &SumMove) -> MoveReport {
    MoveReport {
        component: m.component + 1,
        from: a.display(components[m.component]),
        to: a.display(m.to),
        sum_after: a.display(m.sum_after),
    }
}

fn run_moves(a: &mut Arena, ctx: &Context, texts: &[String]) -> Result<()> {
    let components: Vec<GameId> = texts.iter().map(|t| parse(a, t)).collect::<Result<_>>()?;
    let total = a.sum(&components);
    let sum = value_report(a, texts.join(" + "), total);
    let lw = winning_moves(a, &components, true);
    let rw = winning_moves(a, &components, false);
    let left: Vec<MoveReport> = lw.iter().map(|m| move_report(a, &components, m)).collect();
    let right: Vec<MoveReport> = rw.iter().map(|m| move_report(a, &components, m)).collect();
    let hot_left = hottest_move(a, &components, true);
    let hot_right = hottest_move(a, &components, false);
    let hottest = match (&hot_left, &hot_right) {
        // A sum where nobody can move (`0`) has no hottest component to speak of.
        (Some((i, t, l)), Some((_, _, r))) if l.is_some() || r.is_some() => {
            Some(serde_json::json!({
                "component": i + 1,
                "temperature": t,
                "left": l.as_ref().map(|m| a.display(m.to)),
                "right": r.as_ref().map(|m| a.display(m.to)),
            }))
        }
        _ => None,
    };
    let report = serde_json::json!({
        "sum": sum,
        "left_winning_moves": left,
        "right_winning_moves": right,
        "hottest": hottest,
    });
    ctx.emit(&report, || {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "sum: {} = {}\noutcome: {} ({})",
            sum.input,
            sum.value,
            sum.outcome,
            outcome_words(sum.outcome)
        );
        for (who, moves) in [("Left", &left), ("Right", &right)] {
            if moves.is_empty() {
                let _ = writeln!(out, "{who} has no winning move");
            } else {
                let _ = writeln!(out, "{who}'s winning moves:");
                for m in moves {
                    let _ = writeln!(
                        out,
                        "  component {} ({}) to {}, leaving {}",
                        m.component, m.from, m.to, m.sum_after
                    );
                }
            }
        }
        if let Some(h) = &hottest {
            let side = |who: &str, to: &serde_json::Value| match to.as_str() {
                Some(m) => format!("{who} moves to {m}"),
                None => format!("{who} has no move"),
            };
            let _ = writeln!(
                out,
                "hottest component: {} (temperature {}); there {}, {}",
                h["component"],
                h["temperature"].as_str().unwrap_or("?"),
                side("Left", &h["left"]),
                side("Right", &h["right"]),
            );
        } else {
            let _ = writeln!(out, "no component has a move");
        }
        out
    })
}
