//! Saved games: a small JSON document with the game, its variant, the AI level, the seed,
//! the user's side and the moves so far.

use super::playable::Playable;
use super::Seats;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// A saved game, as written by `save FILE` and read by `load FILE` / `--load FILE`
/// (`{"game":"nim","variant":"1,2","level":100,"seed":3,"you":"first","moves":["2:1"]}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SavedGame {
    /// The game's command-line name.
    pub game: String,
    /// Its rules variant.
    pub variant: String,
    /// The AI level, 0 to 100; `None` for a game without engine levels (Poggle saved a
    /// meaningless `"level": 100`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// The seed of the engine's random choices.
    pub seed: u64,
    /// The user's side (`--you`); `None` in files saved before it was recorded, and in SGF
    /// records, which keep the side given on the command line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub you: Option<Seats>,
    /// The moves from the start, in the game's notation.
    pub moves: Vec<String>,
}

/// What a saved game is, for the message refusing a JSON value that is not one.
const OBJECT: &str =
    "expected a JSON object with the fields game, variant, level, seed, you and moves, as `save` writes";

/// A saved game as read, before its fields are checked: the level and the seed are any
/// JSON values, kept as written, so that one out of range gets the range in its message
/// (`"level":1000` was refused as `invalid value: integer 1000, expected u8`, a type name,
/// while 200 got the range; `"seed":-1` as `expected u64`) and is quoted as written (a
/// seed past 2⁶⁴ read as a number was shown as `1.8446744073709552e+19`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedGameFile {
    game: String,
    variant: String,
    // Absent for a game without engine levels; files saved before carry one anyway.
    // `null` is kept as written (and refused), not read as absent.
    #[serde(default, deserialize_with = "present")]
    level: Option<Box<RawValue>>,
    seed: Box<RawValue>,
    // Files saved before the side was recorded have none. Read as text: serde named a
    // wrong word an "unknown variant", which a saved game's `variant` field makes obscure.
    #[serde(default)]
    you: Option<String>,
    moves: Vec<String>,
}

impl SavedGame {
    /// Reads a saved game, checking its fields: the level is a whole number 0..=100, the
    /// seed a whole number 0..=2⁶⁴−1, and the variant is not empty (as the command line
    /// refuses an empty variant word).
    pub fn from_json(text: &str) -> Result<SavedGame, String> {
        // A byte-order mark (a file edited by hand on Windows) was refused as `expected
        // value at line 1 column 1`.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // JSON that is not an object was refused with the name of a type of the program
        // (`expected struct SavedGameFile with 5 elements`).
        if !text.trim_start().starts_with('{') && serde_json::from_str::<&RawValue>(text).is_ok() {
            return Err(format!("not a saved game: {OBJECT}"));
        }
        let file: SavedGameFile =
            serde_json::from_str(text).map_err(|e| format!("not a saved game: {e}"))?;
        let level = match &file.level {
            Some(raw) => {
                let level = whole_number(raw, "level", 100)?;
                Some(u8::try_from(level).map_err(|_| format!("level {level} is out of range"))?)
            }
            None if has_levels(&file.game) => {
                return Err("not a saved game: missing field `level`".to_string())
            }
            None => None,
        };
        // A game without levels ignores the one an older file gives.
        let level = level.filter(|_| has_levels(&file.game));
        let seed = whole_number(&file.seed, "seed", u64::MAX)?;
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
            you: file.you.as_deref().map(side).transpose()?,
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

/// A field that is present, whatever its value (`null` included), for `Option` fields
/// whose absence is what `None` means.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Box<RawValue>>, D::Error> {
    Box::<RawValue>::deserialize(d).map(Some)
}

/// Whether `game` has engine levels (an unknown game is refused later, by name).
pub(crate) fn has_levels(game: &str) -> bool {
    crate::games::GAMES
        .iter()
        .find(|g| g.id == game)
        .map_or(true, |g| g.supports.levels)
}

/// The user's side in a saved game, as `--you` takes it.
fn side(word: &str) -> Result<Seats, String> {
    [Seats::First, Seats::Second, Seats::Both, Seats::None]
        .into_iter()
        .find(|s| s.name() == word)
        .ok_or_else(|| format!("you {word:?} is not a side: expected first, second, both or none"))
}

/// A whole number `0..=max` of a saved game, as written in the file: a JSON number
/// without a fraction or exponent (as `save` writes it). The messages quote the value as
/// written and give the range.
fn whole_number(raw: &RawValue, name: &str, max: u64) -> Result<u64, String> {
    let text = raw.get().trim();
    if serde_json::from_str::<serde_json::Number>(text).is_err() {
        return Err(format!(
            "{name} {text} is not a number: expected a whole number in 0..={max}"
        ));
    }
    let digits = text.strip_prefix('-').unwrap_or(text);
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{name} {text} is not written as a whole number: expected one in 0..={max}"
        ));
    }
    match text.parse::<u64>() {
        Ok(value) if value <= max => Ok(value),
        // JSON's `-0`.
        _ if digits.bytes().all(|b| b == b'0') => Ok(0),
        // Negative, past `max`, or past u64.
        _ => Err(format!("{name} {text} is out of range 0..={max}")),
    }
}
