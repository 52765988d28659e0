//! Saved games: a small JSON document with the game, its variant, the AI level, the seed
//! and the moves so far.

use super::playable::Playable;
use serde::{Deserialize, Serialize};

/// A saved game, as written by `save FILE` and read by `load FILE` / `--load FILE`
/// (`{"game":"nim","variant":"1,2","level":100,"seed":3,"moves":["2:1"]}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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

/// A saved game as read, before its fields are checked: the level and the seed are any
/// JSON numbers, so that one out of range gets the range in its message (`"level":1000`
/// was refused as `invalid value: integer 1000, expected u8`, a type name, while 200 got
/// the range; `"seed":-1` as `expected u64`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedGameFile {
    game: String,
    variant: String,
    level: serde_json::Number,
    seed: serde_json::Number,
    moves: Vec<String>,
}

impl SavedGame {
    /// Reads a saved game, checking its fields: the level is a whole number 0..=100, the
    /// seed a whole number 0..=2⁶⁴−1, and the variant is not empty (as the command line
    /// refuses an empty variant word).
    pub fn from_json(text: &str) -> Result<SavedGame, String> {
        let file: SavedGameFile =
            serde_json::from_str(text).map_err(|e| format!("not a saved game: {e}"))?;
        let level = file
            .level
            .as_u64()
            .and_then(|l| u8::try_from(l).ok())
            .filter(|&l| l <= 100)
            .ok_or_else(|| format!("level {} is out of range 0..=100", file.level))?;
        let seed = seed(&file.seed)?;
        // `"variant":""` was read as the game's default.
        if file.variant.trim().is_empty() {
            return Err(
                "the variant is empty; a saved game names its variant, e.g. \"3,4,5\" or \"standard\""
                    .to_string(),
            );
        }
        Ok(SavedGame {
            game: file.game,
            variant: file.variant,
            level,
            seed,
            moves: file.moves,
        })
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

/// The seed of a saved game: a JSON number that is a whole number 0..=u64::MAX, written
/// without a fraction or exponent (as `save` writes it).
fn seed(number: &serde_json::Number) -> Result<u64, String> {
    if let Some(seed) = number.as_u64() {
        return Ok(seed);
    }
    let allowed = format!("a seed is a whole number 0 to {}", u64::MAX);
    // Negative integers, and integers too big for u64 (which JSON reads as floats).
    let out_of_range = number.is_i64()
        || number
            .as_f64()
            .is_some_and(|f| f.fract() == 0.0 && (f < 0.0 || f >= u64::MAX as f64));
    if out_of_range {
        Err(format!("seed {number} is out of range: {allowed}"))
    } else {
        Err(format!(
            "seed {number} is not written as a whole number: {allowed}"
        ))
    }
}
