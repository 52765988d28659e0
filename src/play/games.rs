//! The games `cgtk play` knows: one [`GameInfo`] entry each.

use super::advisors::{AlphaBetaAdvisor, MctsAdvisor, Solved, TableAdvisor};
use super::fox_heuristics::{self, Heuristic};
use super::playable::{Advisor, Match, Playable};
use crate::commands::solve::SolvedGame;
use cgtk_core::{Game, Notation, PerfectIndex, Player, PositionKey, Render};
use cgtk_games::fox_hounds::FoxHounds;
use cgtk_games::kono::Kono;
use cgtk_games::mu_torere::MuTorere;
use cgtk_games::nim::Nim;
use cgtk_retro::Table;
use cgtk_search::Limits;
use std::path::PathBuf;

/// What a game is built from.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// The rules variant as text; empty for the game's default.
    pub variant: String,
    /// Moves kept for undo (at least 2).
    pub history: usize,
    /// A solved table file, for games that have one.
    pub table: Option<PathBuf>,
    /// The evaluation for alpha-beta, for games that offer several.
    pub heuristic: Option<String>,
    /// Use Monte Carlo tree search with this many playouts per move instead.
    pub mcts: Option<u32>,
}

/// A game that can be played.
pub struct GameInfo {
    /// Its command-line name.
    pub id: &'static str,
    /// One line about it and its variant.
    pub about: &'static str,
    /// The evaluations `--heuristic` may name (alpha-beta instead of the default engine);
    /// empty when the game offers none.
    pub heuristics: &'static [&'static str],
    /// Builds a game from a setup; a one-line error on a bad variant.
    pub build: fn(&Setup) -> Result<Box<dyn Playable>, String>,
}

/// Every playable game. To add one, add an entry here.
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        id: "nim",
        about: "Nim: take counters from one heap; the heap sizes are the variant (default 3 4 5)",
        heuristics: &[],
        build: build_nim,
    },
    GameInfo {
        id: "mu-torere",
        about: "Mu Torere (variant standard or first-two-turns); solved on the fly",
        heuristics: &[],
        build: build_mu_torere,
    },
    GameInfo {
        id: "kono",
        about: "Four Field Kono (variant standard or compulsory-capture); solved on the fly (a few seconds), or --heuristic material",
        heuristics: &["material"],
        build: build_kono,
    },
    GameInfo {
        id: "fox-hounds",
        about: "Fox and Hounds (variant fox=b8|d8|f8|h8,first=fox|hounds); solved on the fly, or --heuristic",
        heuristics: &["naive", "better"],
        build: build_fox_hounds,
    },
    GameInfo {
        id: "poggle",
        about: "Poggle / Lights Out puzzle: N or RxC, then ,K colours (default 5,2); hint solves it",
        heuristics: &[],
        build: build_poggle,
    },
    GameInfo {
        id: "chess",
        about: "Chess (variant: a starting FEN, default the standard start); alpha-beta engine",
        heuristics: &[],
        build: build_chess,
    },
];

impl GameInfo {
    /// Builds the game from `setup`, first refusing a `--heuristic` it does not offer.
    pub fn build_checked(&self, setup: &Setup) -> Result<Box<dyn Playable>, String> {
        match setup.heuristic.as_deref() {
            Some(h) if !self.heuristics.contains(&h) => Err(unknown_heuristic(self.id, h)),
            _ => (self.build)(setup),
        }
    }
}

/// The game named `id`, or an error listing the known games.
pub fn find_game(id: &str) -> Result<&'static GameInfo, String> {
    GAMES.iter().find(|g| g.id == id).ok_or_else(|| {
        let names: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
        format!("unknown game {id:?}; games: {}", names.join(", "))
    })
}

fn build_nim(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    let variant = if setup.variant.trim().is_empty() {
        "3,4,5"
    } else {
        setup.variant.as_str()
    };
    let nim = Nim::parse_heaps(variant).map_err(|e| e.to_string())?;
    let variant = nim
        .heaps()
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let total: u32 = nim.heaps().iter().sum();
    let advisor = AlphaBetaAdvisor::new(
        Limits {
            depth: total.clamp(1, 64),
            nodes: Some(2_000_000),
        },
        Box::new(|n: &Nim| cgtk_core::Evaluate::evaluate(n)),
        Box::new(|n: &Nim| n.key()),
        "",
    );
    Ok(boxed(
        "nim",
        variant,
        "HEAP:TAKE takes TAKE counters from heap HEAP (heaps numbered from 1), e.g. 2:3",
        nim,
        setup,
        Box::new(advisor),
    ))
}

/// The solved values for `start`'s game: read from `--table` (checked to be for `id` and,
/// unless `any_variant`, for this variant), else solved now.
fn solved<G: SolvedGame + 'static>(
    variant: &str,
    start: &G,
    setup: &Setup,
    any_variant: bool,
) -> Result<Solved, String> {
    match &setup.table {
        Some(path) => {
            let table = Table::open_path(path)
                .map_err(|e| format!("cannot read table {}: {e}", path.display()))?;
            table
                .expect_game(G::ID)
                .map_err(|e| format!("table {}: {e}", path.display()))?;
            let header = table.header();
            if header.scheme != G::SCHEME {
                return Err(format!(
                    "table {} uses index scheme {:?}, not {:?}",
                    path.display(),
                    header.scheme,
                    G::SCHEME
                ));
            }
            if header.entry_count != start.index_size() {
                return Err(format!(
                    "table {} has {} entries; this game has {} positions",
                    path.display(),
                    header.entry_count,
                    start.index_size()
                ));
            }
            if !any_variant && header.variant != variant {
                return Err(format!(
                    "table {} is for variant {:?}, not {variant:?}",
                    path.display(),
                    header.variant
                ));
            }
            Ok(Solved::File(table))
        }
        None => {
            let start = start.clone();
            Ok(Solved::Later(Box::new(move || {
                cgtk_retro::solve(&start, &|_| {}).ok()
            })))
        }
    }
}

fn default_variant(variant: &str) -> &str {
    if variant.trim().is_empty() {
        "standard"
    } else {
        variant.trim()
    }
}

fn boxed<G>(
    id: &'static str,
    variant: String,
    help: &'static str,
    start: G,
    setup: &Setup,
    advisor: Box<dyn Advisor<G>>,
) -> Box<dyn Playable>
where
    G: Game + Notation + Render + Clone + 'static,
{
    let advisor = match setup.mcts {
        Some(playouts) => Box::new(MctsAdvisor { playouts }),
        None => advisor,
    };
    Box::new(Match::new(id, variant, help, start, setup.history, advisor))
}

fn build_mu_torere(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    let variant: cgtk_games::mu_torere::Variant = default_variant(&setup.variant)
        .parse()
        .map_err(|e: cgtk_games::mu_torere::VariantError| e.to_string())?;
    let start = MuTorere::start(variant);
    let name = variant.to_string();
    let solved = solved(&name, &start, setup, false)?;
    Ok(boxed(
        "mu-torere",
        name,
        "FROM-TO with points 1..8 round the ring and c for the centre, as listed by `moves`",
        start,
        setup,
        Box::new(TableAdvisor { solved }),
    ))
}

fn build_kono(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    let variant: cgtk_games::kono::Variant = default_variant(&setup.variant)
        .parse()
        .map_err(|e: cgtk_games::kono::VariantError| e.to_string())?;
    let start = Kono::start(variant);
    let name = variant.to_string();
    let advisor: Box<dyn Advisor<Kono>> = match setup.heuristic.as_deref() {
        None => Box::new(TableAdvisor {
            solved: solved(&name, &start, setup, false)?,
        }),
        Some("material") => Box::new(AlphaBetaAdvisor::new(
            Limits {
                depth: 8,
                nodes: Some(400_000),
            },
            Box::new(kono_material),
            Box::new(|k: &Kono| k.index()),
            " (material)",
        )),
        Some(other) => return Err(unknown_heuristic("kono", other)),
    };
    Ok(boxed(
        "kono",
        name,
        "FROM-TO with squares a1..d4, e.g. a2-a3 (a capture jumps two squares), as listed by `moves`",
        start,
        setup,
        advisor,
    ))
}

/// The error for a `--heuristic` that `game` does not offer, naming those it does.
fn unknown_heuristic(game: &str, name: &str) -> String {
    match find_game(game).map(|g| g.heuristics) {
        Ok(offered) if !offered.is_empty() => format!(
            "unknown heuristic {name:?} for {game}; expected {}",
            offered.join(" or ")
        ),
        _ => format!(
            "{game} offers no --heuristic; games that do: {}",
            games_with_heuristics()
        ),
    }
}

fn games_with_heuristics() -> String {
    GAMES
        .iter()
        .filter(|g| !g.heuristics.is_empty())
        .map(|g| format!("{} ({})", g.id, g.heuristics.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Kono's evaluation: piece count difference, then mobility, for the side to move.
fn kono_material(k: &Kono) -> i32 {
    let me = k.to_move();
    let count = |p: Player| k.pieces(p).count_ones() as i32;
    100 * (count(me) - count(me.opponent())) + k.count_moves() as i32
}

fn build_fox_hounds(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    let variant: cgtk_games::fox_hounds::Variant = default_variant(&setup.variant)
        .parse()
        .map_err(|e: cgtk_games::fox_hounds::VariantError| e.to_string())?;
    let start = FoxHounds::start(variant);
    let name = variant.to_string();
    let advisor: Box<dyn Advisor<FoxHounds>> = match setup.heuristic.as_deref() {
        None => Box::new(TableAdvisor {
            solved: solved(&name, &start, setup, true)?,
        }),
        Some(h) => {
            let heuristic = match h {
                "naive" => Heuristic::Naive,
                "better" => Heuristic::Better,
                other => return Err(unknown_heuristic("fox-hounds", other)),
            };
            Box::new(AlphaBetaAdvisor::new(
                Limits {
                    depth: 8,
                    nodes: Some(400_000),
                },
                Box::new(move |g: &FoxHounds| fox_heuristics::evaluate(g, heuristic)),
                Box::new(|g: &FoxHounds| g.index()),
                if heuristic == Heuristic::Naive {
                    " (naive)"
                } else {
                    " (better)"
                },
            ))
        }
    };
    Ok(boxed(
        "fox-hounds",
        name,
        "FROM-TO with dark squares a1..h8, e.g. d8-c7",
        start,
        setup,
        advisor,
    ))
}

fn build_poggle(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    let (puzzle, name) = super::poggle::PogglePuzzle::from_variant(&setup.variant)?;
    Ok(Box::new(
        Match::new(
            "poggle",
            name,
            "a button as column letter and row number, e.g. b3 (a1 is the top left)",
            puzzle,
            setup.history,
            Box::new(super::poggle::PoggleHint),
        )
        .puzzle(),
    ))
}

fn build_chess(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    use cgtk_chess::{Chess, START_FEN};
    // `cgtk play` joins the words of the variant with commas; a FEN has none of its own.
    let variant = setup.variant.replace(',', " ");
    let fen = match variant.trim() {
        "" | "standard" => START_FEN,
        fen => fen,
    };
    let start = Chess::from_fen(fen).map_err(|e| format!("chess variant (a FEN): {e}"))?;
    let help = "UCI long algebraic notation: e2e4, e7e8q to promote, e1g1 to castle";
    let advisor = Box::new(ChessAdvisor(cgtk_chess::Engine::new(16)));
    Ok(boxed("chess", start.fen(), help, start, setup, advisor))
}

/// The chess engine with a node budget (so that games replay identically).
struct ChessAdvisor(cgtk_chess::Engine);

impl Advisor<cgtk_chess::Chess> for ChessAdvisor {
    fn best_move(
        &mut self,
        game: &cgtk_chess::Chess,
        _seed: u64,
    ) -> Option<(cgtk_chess::Move, String)> {
        use cgtk_chess::{Limits, Score};
        let limits = Limits {
            nodes: Some(300_000),
            ..Limits::default()
        };
        let stop = std::sync::atomic::AtomicBool::new(false);
        let mut last = None;
        let mv = self
            .0
            .search(game, &limits, &stop, |i| last = Some((i.depth, i.score)))?;
        let note = match last {
            Some((d, Score::Cp(cp))) => format!("depth {d}, {cp:+} centipawns"),
            Some((d, Score::Mate(m))) => format!("depth {d}, mate in {m}"),
            None => String::new(),
        };
        Some((mv, note))
    }
}
