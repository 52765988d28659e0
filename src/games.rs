//! The one registry of games: every command that names a game looks it up in [`GAMES`],
//! and every help text or error message that lists games is generated from it.
//!
//! To add a game: add one [`GameEntry`] to [`GAMES`] (and, for a game solved by
//! retrograde analysis, one arm to [`Solvable`]); `solve`, `probe` and `play` then list
//! it in their help and errors.

use crate::play::{self, Playable, Setup};
use cgtk_core::{Game, Notation, PositionKey, Predecessors, Render, TableGame, VariantError};
use cgtk_games::{fox_hounds, kono, mu_torere};
use clap::builder::{PossibleValue, PossibleValuesParser};

/// A command that takes a rules variant from the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `cgtk solve GAME --variant V`.
    Solve,
    /// `cgtk play GAME V…`.
    Play,
    /// `cgtk analyze GAME --variant V`.
    Analyze,
    /// `cgtk prove GAME [POSITION] --variant V`.
    Prove,
}

/// A setting of a game's rules variant and the commands that honour it.
#[derive(Debug)]
pub struct VariantInfo {
    /// How it is written, e.g. `compulsory-capture` or `fox=b8|d8|f8|h8`.
    pub text: &'static str,
    /// The commands that accept it (a library-only setting lists none).
    pub commands: &'static [Command],
}

/// What a game supports besides being named.
#[derive(Debug, Default)]
pub struct Supports {
    /// `cgtk solve` (retrograde analysis, table files).
    pub solve: bool,
    /// `cgtk probe` and `cgtk table` (reading its table files).
    pub probe: bool,
    /// `cgtk play`.
    pub play: bool,
    /// `--level` (an engine opponent whose strength can be lowered).
    pub levels: bool,
    /// `cgtk prove` (proof-number search for a player's goal).
    pub prove: bool,
}

/// One game of the registry.
pub struct GameEntry {
    /// Its command-line name and table id, e.g. `fox-hounds`.
    pub id: &'static str,
    /// Its full name, e.g. `Fox and Hounds`.
    pub name: &'static str,
    /// One line about it and its engine, for `cgtk play --help` (the variants and
    /// heuristics are added from the fields below).
    pub about: &'static str,
    /// The settings of its rules variant, with the commands honouring each.
    pub variants: &'static [VariantInfo],
    /// What it supports.
    pub supports: Supports,
    /// A one-player game (a puzzle, a patience): `play --you` picks no side in it (only
    /// `--you none`, the engine playing, where it has an engine).
    pub one_player: bool,
    /// The evaluations `play --heuristic` may name; empty when it offers none.
    pub heuristics: &'static [&'static str],
    /// Its solver and table reader, for a game solved by retrograde analysis.
    pub solvable: Option<Solvable>,
    /// How `cgtk prove` builds its positions, for a game it serves.
    pub provable: Option<Provable>,
    /// Builds a game to play from a setup; a one-line error on a bad setup.
    pub play: fn(&Setup) -> Result<Box<dyn Playable>, String>,
}

const SOLVE_PLAY: &[Command] = &[Command::Solve, Command::Play, Command::Prove];
const ALL: &[Command] = &[
    Command::Solve,
    Command::Play,
    Command::Analyze,
    Command::Prove,
];
const PLAY: &[Command] = &[Command::Play];

/// A game that is only played, against an engine whose strength `--level` sets.
const PLAY_WITH_LEVELS: Supports = Supports {
    solve: false,
    probe: false,
    play: true,
    levels: true,
    prove: false,
};

/// Every game. To add one, add an entry here.
pub const GAMES: &[GameEntry] = &[
    GameEntry {
        id: "nim",
        name: "Nim",
        about: "Nim: take counters from one heap",
        variants: &[VariantInfo {
            text: "heap sizes (default 3 4 5)",
            commands: PLAY,
        }],
        supports: Supports {
            solve: false,
            probe: false,
            play: true,
            levels: true,
            prove: true,
        },
        one_player: false,
        heuristics: &[],
        solvable: None,
        provable: Some(Provable::Nim),
        play: play::build_nim,
    },
    GameEntry {
        id: "mu-torere",
        name: "Mu Torere",
        about: "Mu Torere; solved on the fly",
        variants: &[
            VariantInfo {
                text: "standard",
                commands: SOLVE_PLAY,
            },
            VariantInfo {
                text: "first-two-turns",
                commands: SOLVE_PLAY,
            },
        ],
        supports: Supports {
            solve: true,
            probe: true,
            play: true,
            levels: true,
            prove: true,
        },
        one_player: false,
        heuristics: &[],
        solvable: Some(Solvable::MuTorere),
        provable: Some(Provable::Retro(Solvable::MuTorere)),
        play: play::build_mu_torere,
    },
    GameEntry {
        id: "kono",
        name: "Four Field Kono",
        about: "Four Field Kono; solved on the fly (a few seconds)",
        variants: &[
            VariantInfo {
                text: "standard",
                commands: SOLVE_PLAY,
            },
            VariantInfo {
                text: "compulsory-capture",
                commands: SOLVE_PLAY,
            },
            // An endgame database without a start position: the library reads it, no
            // command starts from it.
            VariantInfo {
                text: "max-pieces=N",
                commands: &[],
            },
        ],
        supports: Supports {
            solve: true,
            probe: true,
            play: true,
            levels: true,
            prove: true,
        },
        one_player: false,
        heuristics: &["material"],
        solvable: Some(Solvable::Kono),
        provable: Some(Provable::Retro(Solvable::Kono)),
        play: play::build_kono,
    },
    GameEntry {
        id: "fox-hounds",
        name: "Fox and Hounds",
        about: "Fox and Hounds; solved on the fly",
        variants: &[
            VariantInfo {
                text: "fox=b8|d8|f8|h8",
                commands: ALL,
            },
            VariantInfo {
                text: "first=fox|hounds",
                commands: ALL,
            },
        ],
        supports: Supports {
            solve: true,
            probe: true,
            play: true,
            levels: true,
            prove: true,
        },
        one_player: false,
        heuristics: &cgtk_games::fox_hounds::heuristics::HEURISTICS,
        solvable: Some(Solvable::FoxHounds),
        provable: Some(Provable::Retro(Solvable::FoxHounds)),
        play: play::build_fox_hounds,
    },
    GameEntry {
        id: "poggle",
        name: "Poggle",
        about: "Poggle / Lights Out puzzle; hint solves it",
        variants: &[VariantInfo {
            text: "N or RxC, then ,K colours (default 5,2)",
            commands: PLAY,
        }],
        supports: Supports {
            solve: false,
            probe: false,
            play: true,
            levels: false,
            prove: false,
        },
        one_player: true,
        heuristics: &[],
        solvable: None,
        provable: None,
        play: play::build_poggle,
    },
    GameEntry {
        id: "chess",
        name: "Chess",
        about: "Chess; alpha-beta engine",
        variants: &[VariantInfo {
            text: "a starting FEN (default the standard start)",
            commands: PLAY,
        }],
        supports: PLAY_WITH_LEVELS,
        one_player: false,
        heuristics: &[],
        solvable: None,
        provable: None,
        play: play::build_chess,
    },
    GameEntry {
        id: "go",
        name: "Go",
        about: "Go (area scoring, positional superko); Monte Carlo engine; save and load SGF",
        variants: &[VariantInfo {
            text: "a board size 9, 7x5, … (default 9) and komi=K (default 0 up to 7x7, else 7.5)",
            commands: PLAY,
        }],
        supports: PLAY_WITH_LEVELS,
        one_player: false,
        heuristics: &[],
        solvable: None,
        provable: None,
        play: play::build_go,
    },
    GameEntry {
        id: "calculation",
        name: "Calculation",
        about: "Calculation patience (one player, hidden stock); hint and --you none use a player (--mcts N: its playouts=N, or the samples=N of pimc, hindsight and rollout)",
        variants: &[
            VariantInfo {
                text: "deal=N (default 1)",
                commands: PLAY,
            },
            VariantInfo {
                text: "piles=3|4",
                commands: PLAY,
            },
            VariantInfo {
                text: "player=random|rule-based|mcts|best|pimc|hindsight|rollout (with no player named, rollout with samples=1600 and exact-cards=5 unless given; a named player takes the defaults of `calculation play-out`, e.g. rollout 200 samples and no exact play, best 1000 playouts)",
                commands: PLAY,
            },
            VariantInfo {
                text: "the player's settings as `calculation play-out` takes them, written key=value: playouts=N, samples=N, exact-cards=K, nested-cards=C, inner-samples=N, base=order|fitted, … (`cgtk calculation play-out --help`; same settings, same player)",
                commands: PLAY,
            },
        ],
        supports: PLAY_WITH_LEVELS,
        one_player: true,
        heuristics: &[],
        solvable: None,
        provable: None,
        play: play::build_calculation,
    },
];

impl GameEntry {
    /// The variant settings `command` honours, e.g. `standard, compulsory-capture`.
    pub fn variants_for(&self, command: Command) -> Vec<&'static str> {
        self.variants
            .iter()
            .filter(|v| v.commands.contains(&command))
            .map(|v| v.text)
            .collect()
    }
}

/// The about line of `cgtk solve`, naming the games it solves.
pub fn solve_about() -> String {
    let names: Vec<&str> = supporting(|s| s.solve).map(|g| g.name).collect();
    format!("Solve a game by retrograde analysis ({})", names.join(", "))
}

/// The list of games in `cgtk play --help`: each with its variants and heuristics.
pub fn play_list() -> String {
    let mut text = String::from("The game:");
    for g in supporting(|s| s.play) {
        let mut line = format!(
            "{}; variants: {}",
            g.about,
            g.variants_for(Command::Play).join(", ")
        );
        if !g.heuristics.is_empty() {
            line += &format!("; or --heuristic {}", g.heuristics.join("|"));
        }
        text.push_str(&format!("\n  {:<11} {line}", g.id));
    }
    text
}

/// The games offering `--heuristic`, with theirs: `kono (material); fox-hounds (…)`.
pub fn heuristics_list() -> String {
    GAMES
        .iter()
        .filter(|g| !g.heuristics.is_empty())
        .map(|g| format!("{} ({})", g.id, g.heuristics.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The games with `filter`'s support, in registry order.
pub fn supporting(filter: impl Fn(&Supports) -> bool) -> impl Iterator<Item = &'static GameEntry> {
    GAMES.iter().filter(move |g| filter(&g.supports))
}

/// The ids of the games with `filter`'s support, comma-separated.
pub fn names(filter: impl Fn(&Supports) -> bool) -> String {
    supporting(filter)
        .map(|g| g.id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The game named `id`, if it has `filter`'s support; else an error naming those that do.
pub fn find(
    id: &str,
    filter: impl Fn(&Supports) -> bool + Copy,
) -> Result<&'static GameEntry, String> {
    supporting(filter)
        .find(|g| g.id == id)
        .ok_or_else(|| format!("unknown game {id:?}; games: {}", names(filter)))
}

/// A clap value parser accepting the games that `command` serves, each listed in `--help`
/// with its name and the variants the command honours.
pub fn game_parser(command: Command) -> PossibleValuesParser {
    let filter = |s: &Supports| match command {
        Command::Solve => s.solve,
        Command::Play => s.play,
        Command::Analyze => false,
        Command::Prove => s.prove,
    };
    PossibleValuesParser::new(supporting(filter).map(|g| {
        let variants = g.variants_for(command);
        let help = if variants.is_empty() {
            g.name.to_string()
        } else {
            format!("{} (variants: {})", g.name, variants.join(", "))
        };
        PossibleValue::new(g.id).help(help)
    }))
}

/// A game solved by retrograde analysis: its table identity, rules, notation, drawing and
/// exact position key.
pub trait SolvableGame:
    TableGame
    + Predecessors<Move: Send>
    + Notation
    + Render
    + PositionKey
    + PartialEq
    + Send
    + Sync
    + 'static
{
}

impl<G> SolvableGame for G where
    G: TableGame
        + Predecessors<Move: Send>
        + Notation
        + Render
        + PositionKey
        + PartialEq
        + Send
        + Sync
        + 'static
{
}

/// A game `cgtk prove` searches: its rules, notation and exact position key (a key that
/// folds in no symmetry, so that a goal for a fixed player keeps its meaning).
pub trait ProvableGame: Game + Notation + PositionKey + Clone {}

impl<G: Game + Notation + PositionKey + Clone> ProvableGame for G {}

/// Something to do with a position to prove, whatever its game's type.
pub trait WithPosition {
    /// What it gives back.
    type Output;
    /// Does it with `position`.
    fn run<G: ProvableGame>(self, position: G) -> Self::Output;
}

/// How `cgtk prove` builds a game's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Provable {
    /// Nim: the position text names the heaps (`3,4,5`, optionally `;second`).
    Nim,
    /// A solvable game: the variant's start, or a position in its notation.
    Retro(Solvable),
}

impl Provable {
    /// Runs `task` with the position `text` (default: the variant's start) of this game.
    pub fn with<T: WithPosition>(
        self,
        variant: &str,
        text: Option<&str>,
        task: T,
    ) -> Result<T::Output, String> {
        match self {
            Provable::Nim => {
                // `prove nim 1,2 --variant foo` was accepted and reported variant "foo".
                if variant != "standard" {
                    return Err(format!(
                        "unknown nim variant {variant:?}: expected standard (Nim has no other; the heaps are the position, e.g. `cgtk prove nim 3,4,5`)"
                    ));
                }
                let text =
                    text.ok_or("nim needs a position: the heaps, e.g. `cgtk prove nim 3,4,5`")?;
                let (heaps, side) = text.split_once(';').unwrap_or((text, "first"));
                let start = cgtk_games::nim::Nim::parse_heaps(heaps).map_err(|e| e.to_string())?;
                let position = start
                    .parse_position(&format!("{heaps};{side}"))
                    .map_err(|e| e.to_string())?;
                Ok(task.run(position))
            }
            Provable::Retro(solvable) => solvable
                .with(variant, AtPosition { text, task })
                .map_err(|e| e.to_string())?,
        }
    }
}

/// Reads a position of a solvable game, then hands it on.
struct AtPosition<'a, T> {
    text: Option<&'a str>,
    task: T,
}

impl<T: WithPosition> WithGame for AtPosition<'_, T> {
    type Output = Result<T::Output, String>;
    fn run<G: SolvableGame>(self, start: G) -> Self::Output {
        let position = match self.text {
            Some(t) => start.parse_position(t).map_err(|e| e.to_string())?,
            None => start,
        };
        Ok(self.task.run(position))
    }
}

/// Something to do with a solvable game, whatever its type (see [`Solvable::with`]).
pub trait WithGame {
    /// What it gives back.
    type Output;
    /// Does it, from the start position of the variant asked for.
    fn run<G: SolvableGame>(self, start: G) -> Self::Output;
}

/// The games solved by retrograde analysis, one arm each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solvable {
    /// Mu Torere.
    MuTorere,
    /// Four Field Kono.
    Kono,
    /// Fox and Hounds.
    FoxHounds,
}

impl Solvable {
    /// Runs `task` with the start position of `variant` (the game's own variant text).
    pub fn with<T: WithGame>(self, variant: &str, task: T) -> Result<T::Output, VariantError> {
        Ok(match self {
            Solvable::MuTorere => task.run(mu_torere::MuTorere::start(variant.parse()?)),
            Solvable::Kono => task.run(kono::Kono::start(variant.parse()?)),
            Solvable::FoxHounds => task.run(fox_hounds::FoxHounds::start(variant.parse()?)),
        })
    }
}

/// Whether `start`'s variant has a start position (an endgame database has none).
pub fn has_start<G: SolvableGame>(start: &G) -> bool {
    start.position_at(start.index()).is_some()
}

/// The solvable game whose table id is `id`, or an error naming the known ones.
pub fn solvable(id: &str) -> Result<(&'static GameEntry, Solvable), String> {
    GAMES
        .iter()
        .find_map(|g| g.solvable.filter(|_| g.id == id).map(|s| (g, s)))
        .ok_or_else(|| {
            format!(
                "table is for unknown game {id:?} (known: {})",
                names(|s| s.probe)
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use clap::CommandFactory;

    fn help(path: &[&str]) -> String {
        let mut command = Cli::command();
        let mut sub = &mut command;
        for name in path {
            sub = sub.find_subcommand_mut(name).unwrap();
        }
        sub.render_long_help().to_string()
    }

    #[test]
    fn every_game_appears_in_the_help_of_the_commands_it_supports() {
        let solve = help(&["solve"]);
        let probe = help(&["probe"]);
        let play = help(&["play"]);
        for g in GAMES {
            if g.supports.solve {
                assert!(solve.contains(g.id), "solve --help misses {}", g.id);
                assert!(solve.contains(g.name), "solve --help misses {}", g.name);
                for v in g.variants_for(Command::Solve) {
                    assert!(solve.contains(v), "solve --help misses {v}");
                }
            } else {
                assert!(!solve.contains(&format!("{}:", g.id)), "{}", g.id);
            }
            if g.supports.probe {
                assert!(probe.contains(g.id), "probe --help misses {}", g.id);
            }
            if g.supports.play {
                assert!(play.contains(g.id), "play --help misses {}", g.id);
            }
        }
        // A setting no command honours is advertised by none (it used to be in solve's).
        assert!(!solve.contains("max-pieces"), "{solve}");
        assert!(!play.contains("max-pieces"), "{play}");
    }

    #[test]
    fn errors_list_the_games_of_the_registry() {
        let err = find("tic-tac-toe", |s| s.play).err().unwrap();
        let all: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
        assert_eq!(
            err,
            format!("unknown game \"tic-tac-toe\"; games: {}", all.join(", "))
        );
        let err = solvable("go").err().unwrap();
        for g in supporting(|s| s.probe) {
            assert!(err.contains(g.id), "{err}");
        }
        assert!(!err.contains("nim"), "{err}");
    }

    /// The registry's one-player games are those whose built game is a puzzle (every
    /// move the user's): `play --you` is refused by the registry's word.
    #[test]
    fn one_player_games_are_the_puzzles() {
        for g in GAMES {
            let game = (g.play)(&Setup {
                history: 2,
                ..Setup::default()
            })
            .unwrap_or_else(|e| panic!("{}: {e}", g.id));
            assert_eq!(g.one_player, game.is_puzzle(), "{}", g.id);
        }
    }

    #[test]
    fn the_registry_is_consistent() {
        for g in GAMES {
            assert_eq!(g.supports.solve, g.solvable.is_some(), "{}", g.id);
            assert_eq!(g.supports.probe, g.solvable.is_some(), "{}", g.id);
            assert_eq!(GAMES.iter().filter(|h| h.id == g.id).count(), 1);
            if let Some(s) = g.solvable {
                struct Id;
                impl WithGame for Id {
                    type Output = &'static str;
                    fn run<G: SolvableGame>(self, _: G) -> &'static str {
                        G::GAME
                    }
                }
                assert_eq!(s.with("standard", Id), Ok(g.id));
                for v in g.variants_for(Command::Solve) {
                    if !v.contains('|') {
                        assert!(s.with(v, Id).is_ok(), "{} {v}", g.id);
                    }
                }
            }
        }
    }
}
