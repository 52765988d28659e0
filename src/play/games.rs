//! The games `cgtk play` knows: one [`GameInfo`] entry each.

use super::advisors::AlphaBetaAdvisor;
use super::playable::{Match, Playable};
use cgtk_games::nim::Nim;
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
}

/// A game that can be played.
pub struct GameInfo {
    /// Its command-line name.
    pub id: &'static str,
    /// One line about it and its variant.
    pub about: &'static str,
    /// Builds a game from a setup; a one-line error on a bad variant.
    pub build: fn(&Setup) -> Result<Box<dyn Playable>, String>,
}

/// Every playable game. To add one, add an entry here.
pub const GAMES: &[GameInfo] = &[GameInfo {
    id: "nim",
    about: "Nim: take counters from one heap; the heap sizes are the variant (default 3 4 5)",
    build: build_nim,
}];

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
        "",
    );
    Ok(Box::new(Match::new(
        "nim",
        variant,
        "HEAP:TAKE takes TAKE counters from heap HEAP (heaps numbered from 1), e.g. 2:3",
        nim,
        setup.history,
        Box::new(advisor),
    )))
}
