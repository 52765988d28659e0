//! How `cgtk play` builds each game of the registry ([`crate::games::GAMES`]): the rules
//! from the variant, and the engine behind its levels.

use super::advisors::{AlphaBetaAdvisor, ExactAdvisor, MctsAdvisor, Solved, TableAdvisor};
use super::playable::{Advisor, Match, Playable};
use crate::games::{self, GameEntry, SolvableGame};
use cgtk_core::{Game, Notation, PerfectIndex, PositionKey, Render};
use cgtk_games::fox_hounds::heuristics::{self, Heuristic};
use cgtk_games::fox_hounds::FoxHounds;
use cgtk_games::kono::Kono;
use cgtk_games::mu_torere::MuTorere;
use cgtk_games::nim::Nim;
use cgtk_retro::GameTable;
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

/// Builds `game` from `setup`, first refusing a `--heuristic` it does not offer and a
/// `--table` or `--mcts` it would ignore (a game without tables, a puzzle without an
/// engine).
pub fn build_checked(game: &GameEntry, setup: &Setup) -> Result<Box<dyn Playable>, String> {
    if setup.table.is_some() && !game.supports.probe {
        return Err(format!(
            "{} has no solved tables; --table is for {}",
            game.id,
            games::names(|s| s.probe)
        ));
    }
    if setup.mcts.is_some() && !game.supports.levels {
        return Err(format!(
            "{} has no engine opponent; --mcts is for {}",
            game.id,
            games::names(|s| s.levels)
        ));
    }
    match setup.heuristic.as_deref() {
        Some(h) if !game.heuristics.contains(&h) => Err(unknown_heuristic(game.id, h)),
        _ => (game.play)(setup),
    }
}

/// Nim: alpha-beta (which names the distance to the end when it sees it), and the nim-sum
/// whenever the search cannot prove the result.
pub fn build_nim(setup: &Setup) -> Result<Box<dyn Playable>, String> {
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
    let search = AlphaBetaAdvisor::new(
        Limits {
            depth: total.clamp(1, 64),
            nodes: Some(2_000_000),
        },
        Box::new(|n: &Nim| cgtk_core::Evaluate::evaluate(n)),
        Box::new(|n: &Nim| n.key()),
        "",
    );
    let advisor = ExactAdvisor {
        search,
        exact: Box::new(|n: &Nim| n.perfect_move()),
        name: "nim-sum",
    };
    Ok(boxed(
        "nim",
        variant,
        "HEAP:TAKE takes TAKE counters from heap HEAP (heaps numbered from 1), e.g. 2:3",
        nim,
        setup,
        Box::new(advisor),
    ))
}

/// The solved values for `start`'s game: read from `--table` (checked to be for this
/// game and variant, and verified), else solved when first needed.
fn solved<G: SolvableGame>(start: &G, setup: &Setup) -> Result<Solved<G>, String> {
    match &setup.table {
        Some(path) => GameTable::open_path(path, start)
            .map(Solved::File)
            .map_err(|e| format!("table {}: {e}", path.display())),
        None => Ok(Solved::Later(start.clone())),
    }
}

/// Refuses a variant without a start position (an endgame database).
fn require_start<G: SolvableGame>(start: &G) -> Result<(), String> {
    if games::has_start(start) {
        Ok(())
    } else {
        Err(format!(
            "variant {:?} of {} has no start position (it is an endgame database); play the standard game instead",
            start.variant_text(),
            G::GAME
        ))
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

/// Mu Torere: perfect play from the table.
pub fn build_mu_torere(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    let variant: cgtk_games::mu_torere::Variant = default_variant(&setup.variant)
        .parse()
        .map_err(|e: cgtk_core::VariantError| e.to_string())?;
    let start = MuTorere::start(variant);
    let name = variant.to_string();
    let solved = solved(&start, setup)?;
    Ok(boxed(
        "mu-torere",
        name,
        "FROM-TO with points 1..8 round the ring and c for the centre, as listed by `moves`",
        start,
        setup,
        Box::new(TableAdvisor { solved }),
    ))
}

/// Four Field Kono: perfect play from the table, or alpha-beta on material.
pub fn build_kono(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    let variant: cgtk_games::kono::Variant = default_variant(&setup.variant)
        .parse()
        .map_err(|e: cgtk_core::VariantError| e.to_string())?;
    let start = Kono::start(variant);
    require_start(&start)?;
    let name = variant.to_string();
    let advisor: Box<dyn Advisor<Kono>> = match setup.heuristic.as_deref() {
        None => Box::new(TableAdvisor {
            solved: solved(&start, setup)?,
        }),
        Some("material") => Box::new(AlphaBetaAdvisor::new(
            Limits {
                depth: 8,
                nodes: Some(400_000),
            },
            Box::new(cgtk_games::kono::material),
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

/// The error for a `--heuristic` that game `id` does not offer, naming those it does.
fn unknown_heuristic(id: &str, name: &str) -> String {
    let offered = games::GAMES
        .iter()
        .find(|g| g.id == id)
        .map_or(&[][..], |g| g.heuristics);
    if offered.is_empty() {
        format!(
            "{id} offers no --heuristic; games that do: {}",
            games::heuristics_list()
        )
    } else {
        format!(
            "unknown heuristic {name:?} for {id}; expected {}",
            offered.join(" or ")
        )
    }
}

/// Fox and Hounds: perfect play from the table, or alpha-beta on a fox-room heuristic.
pub fn build_fox_hounds(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    let variant: cgtk_games::fox_hounds::Variant = default_variant(&setup.variant)
        .parse()
        .map_err(|e: cgtk_core::VariantError| e.to_string())?;
    let start = FoxHounds::start(variant);
    let name = variant.to_string();
    let advisor: Box<dyn Advisor<FoxHounds>> = match setup.heuristic.as_deref() {
        None => Box::new(TableAdvisor {
            solved: solved(&start, setup)?,
        }),
        Some(h) => {
            let heuristic: Heuristic = h.parse().map_err(|_| unknown_heuristic("fox-hounds", h))?;
            Box::new(AlphaBetaAdvisor::new(
                Limits {
                    depth: 8,
                    nodes: Some(400_000),
                },
                Box::new(move |g: &FoxHounds| heuristics::evaluate(g, heuristic)),
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

/// Poggle: a one-player puzzle, its hints from the linear algebra.
pub fn build_poggle(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    let puzzle = cgtk_poggle::Puzzle::from_variant(&setup.variant).map_err(|e| e.to_string())?;
    let name = puzzle.name().to_string();
    Ok(Box::new(
        Match::new(
            "poggle",
            name,
            "a button as column letter and row number, e.g. b3 (a1 is the top left)",
            puzzle,
            setup.history,
            Box::new(PoggleHint),
        )
        .puzzle(),
    ))
}

/// Hints for Poggle: the first press of a solution with the fewest presses.
struct PoggleHint;

impl Advisor<cgtk_poggle::Puzzle> for PoggleHint {
    fn best_move(
        &mut self,
        game: &cgtk_poggle::Puzzle,
        _seed: u64,
    ) -> Result<Option<(u16, String)>, String> {
        Ok(game.hint())
    }
}

/// Chess: the alpha-beta engine with a node budget.
pub fn build_chess(setup: &Setup) -> Result<Box<dyn Playable>, String> {
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
    ) -> Result<Option<(cgtk_chess::Move, String)>, String> {
        use cgtk_chess::{Limits, Score};
        let limits = Limits {
            nodes: Some(300_000),
            ..Limits::default()
        };
        let stop = std::sync::atomic::AtomicBool::new(false);
        let mut last = None;
        let Some(mv) = self
            .0
            .search(game, &limits, &stop, |i| last = Some((i.depth, i.score)))
        else {
            return Ok(None);
        };
        let note = match last {
            Some((d, Score::Cp(cp))) => format!("depth {d}, {cp:+} centipawns"),
            Some((d, Score::Mate(m))) => format!("depth {d}, mate in {m}"),
            None => String::new(),
        };
        Ok(Some((mv, note)))
    }
}
