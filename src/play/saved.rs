//! Saved games: a small JSON document with the game, its variant, the AI level, the seed
//! and the moves so far.

use super::playable::Playable;
use serde::{Deserialize, Serialize};

/// A saved game, as written by `save FILE` and read by `load FILE` / `--load FILE`
/// (`{"game":"nim","variant":"1,2","level":100,"seed":3,"moves":["2:1"]}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// The game's command-line name.
    pub game: String,
    /// Its rules variant.
    pub variant: String,
    /// The AI level, 0 to 100.
    pub level: u8,
    /// The seed of the engine's random choices.
    pub seed: u64,
    /// The moves from the start, in the game's notation.
    pub moves: Vec<String>,
}

impl SavedGame {
    /// Reads a saved game, checking its fields.
    pub fn from_json(text: &str) -> Result<SavedGame, String> {
        let saved: SavedGame =
            serde_json::from_str(text).map_err(|e| format!("not a saved game: {e}"))?;
        if saved.level > 100 {
            return Err(format!("level {} is out of range 0..=100", saved.level));
        }
        Ok(saved)
    }

    /// The document as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Plays the saved moves in `game`, stopping at the first illegal one with a message
    /// naming it, its number and the reason.
    pub fn replay(&self, game: &mut dyn Playable) -> Result<(), String> {
        for (i, mv) in self.moves.iter().enumerate() {
            game.play(mv)
                .map_err(|reason| format!("move {} ({mv:?}) is illegal: {reason}", i + 1))?;
        }
        Ok(())
    }
}
