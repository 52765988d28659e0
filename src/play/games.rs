//! How `cgtk play` builds each game of the registry ([`crate::games::GAMES`]): the rules
//! from the variant, and the engine behind its levels.

use super::advisors::{AlphaBetaAdvisor, ExactAdvisor, MctsAdvisor, Solved, TableAdvisor};
use super::playable::{Advisor, Match, Playable, SgfHooks, SgfRecord};
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

/// Builds `game` from `setup`, first refusing a `--heuristic` it does not offer, a
/// `--table` or `--mcts` it would ignore (a game without tables, a puzzle without an
/// engine), and two of `--heuristic`, `--mcts` and `--table` together (each replaces the
/// engine the other would use).
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
    if let Some(h) = setup.heuristic.as_deref() {
        if !game.heuristics.contains(&h) {
            return Err(unknown_heuristic(game.id, h));
        }
    }
    // `--heuristic better --table FILE` played alpha-beta without opening the file, and
    // `--mcts` replaced the heuristic's or the table's engine without a word.
    let engines: Vec<&str> = [
        (setup.heuristic.is_some(), "--heuristic"),
        (setup.mcts.is_some(), "--mcts"),
        (setup.table.is_some(), "--table"),
    ]
    .into_iter()
    .filter_map(|(given, option)| given.then_some(option))
    .collect();
    if let [first, second, ..] = engines[..] {
        let why = match (first, second) {
            ("--heuristic", "--mcts") => {
                "each chooses the engine's moves (alpha-beta over the evaluation, or Monte Carlo tree search)"
            }
            ("--heuristic", _) => {
                "--heuristic plays alpha-beta over the evaluation instead of the solved table"
            }
            _ => "Monte Carlo tree search chooses the engine's moves instead of the solved table",
        };
        return Err(format!(
            "{first} and {second} cannot both apply: {why}; leave out one"
        ));
    }
    (game.play)(setup)
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
        "FROM-TO with squares a1..d4, e.g. a2-a3; a capture jumps two squares and is written with x, e.g. a1xa3; as listed by `moves`",
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
        .puzzle()
        .over_text("the puzzle is solved")
        .no_move_reason("this board cannot be solved: no presses reach the goal"),
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

/// Go: rules from the variant (`9`, `7x5`, optionally `komi=K`), the Monte Carlo engine
/// (UCT with light playouts) for the engine's moves, SGF for `save` and `load`.
pub fn build_go(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    let (width, height, komi) = go_variant(&setup.variant)?;
    let mut start = cgtk_go::Go::new(width, height).map_err(|e| e.to_string())?;
    if let Some(k) = komi {
        start.set_komi(k);
    }
    let name = go_variant_text(width, height, komi);
    let playouts = setup.mcts.unwrap_or(GO_PLAYOUTS);
    let help = "a point in GTP coordinates, e.g. C3 (columns skip I), or pass; sgf: save FILE.sgf, load FILE.sgf";
    Ok(Box::new(
        Match::new(
            "go",
            name,
            help,
            start,
            setup.history,
            Box::new(GoAdvisor { playouts }),
        )
        .with_sgf(SgfHooks {
            write: cgtk_go::write_sgf,
            read: go_from_sgf,
        }),
    ))
}

/// Playouts per engine move in `cgtk play go` (`--mcts N` changes it).
const GO_PLAYOUTS: u32 = 2000;

/// What a Go variant may hold, for error messages.
const GO_VARIANTS_ALLOWED: &str =
    "a board size (9, 7x5; sides 1 to 19) and komi=K (a multiple of 0.5 from -1000 to 1000)";

/// Reads a Go variant: `9` or `9x9` (default 9x9), `COLUMNSxROWS`, and `komi=K`, each at
/// most once, by the variant grammar every game shares.
fn go_variant(variant: &str) -> Result<(usize, usize, Option<cgtk_go::Komi>), String> {
    let (mut width, mut height, mut komi) = (9, 9, None);
    let mut size_given = false;
    // A refusal with a reason of its own (a komi out of range, a second size).
    let mut reason: Option<String> = None;
    let parsed = cgtk_core::parse_variant("go", variant, GO_VARIANTS_ALLOWED, |setting| {
        match (setting.key, setting.value) {
            ("komi", Some(k)) => {
                let Ok(points) = k.parse::<f64>() else {
                    reason = Some(format!(
                        "invalid komi {k:?}: expected a number, e.g. komi=6.5"
                    ));
                    return false;
                };
                match cgtk_go::Komi::try_from_points(points) {
                    Ok(k) => komi = Some(k),
                    Err(e) => reason = Some(format!("invalid komi {k:?}: {e}")),
                }
                komi.is_some() && reason.is_none()
            }
            (word, None) => {
                let size = crate::commands::go::parse_size(word);
                match size {
                    Some(_) if size_given => {
                        reason = Some(format!(
                            "go variant {variant:?} sets the board size more than once: expected {GO_VARIANTS_ALLOWED}"
                        ));
                        false
                    }
                    Some(s) => {
                        (width, height) = s;
                        size_given = true;
                        true
                    }
                    None => false,
                }
            }
            _ => false,
        }
    });
    if let Err(e) = parsed {
        return Err(reason.unwrap_or_else(|| e.to_string()));
    }
    cgtk_go::Board::new(width, height).map_err(|e| e.to_string())?;
    Ok((width, height, komi))
}

fn go_variant_text(width: usize, height: usize, komi: Option<cgtk_go::Komi>) -> String {
    let size = if width == height {
        width.to_string()
    } else {
        format!("{width}x{height}")
    };
    match komi {
        Some(k) => format!("{size},komi={k}"),
        None => size,
    }
}

/// An SGF record as a Go variant and moves: the board size and komi, and the moves in
/// GTP coordinates (Black first, colours alternating; set-up stones are refused).
fn go_from_sgf(text: &str) -> Result<SgfRecord, String> {
    let game = cgtk_go::SgfGame::parse(text).map_err(|e| e.to_string())?;
    let setup = &game.setup;
    if setup.stones.iter().any(Option::is_some) {
        return Err("the record has set-up stones (AB/AW); play starts from an empty board".into());
    }
    let board = cgtk_go::Board::new(setup.width, setup.height).map_err(|e| e.to_string())?;
    let mut moves = Vec::new();
    for (i, &(color, point)) in game.moves.iter().enumerate() {
        let expected = if i % 2 == 0 {
            cgtk_go::Color::Black
        } else {
            cgtk_go::Color::White
        };
        if color != expected {
            return Err(format!(
                "move {} is {color}'s, but play alternates from Black",
                i + 1
            ));
        }
        let mv = match point.and_then(|(x, y)| board.point(x, y)) {
            Some(p) => cgtk_go::Move::Play(p),
            None => cgtk_go::Move::Pass,
        };
        moves.push(cgtk_go::gtp::vertex_text(mv, &board));
    }
    let default = cgtk_go::Rules::for_size(setup.width, setup.height).komi;
    let komi = game.komi.filter(|&k| k != default);
    Ok((go_variant_text(setup.width, setup.height, komi), moves))
}

/// The Go engine: Monte Carlo tree search with light playouts, seeded per move.
struct GoAdvisor {
    playouts: u32,
}

impl Advisor<cgtk_go::Go> for GoAdvisor {
    fn best_move(
        &mut self,
        game: &cgtk_go::Go,
        seed: u64,
    ) -> Result<Option<(cgtk_go::Move, String)>, String> {
        let mut engine = cgtk_go::Engine::new(cgtk_go::EngineConfig {
            playouts: self.playouts,
            seed,
            ..Default::default()
        });
        Ok(Some((
            engine.genmove(game),
            format!("mcts {} playouts", self.playouts),
        )))
    }
}
