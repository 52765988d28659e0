//! Rules variants written as text: a comma list of settings, each `key` or `key=value`
//! (`compulsory-capture,max-pieces=2`, `fox=b8,first=hounds`), parsed the same way for
//! every game.

use std::fmt;

/// One setting of a variant: `key` alone or `key=value` (both trimmed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting<'a> {
    /// The text before `=`, or the whole setting.
    pub key: &'a str,
    /// The text after `=`, if any.
    pub value: Option<&'a str>,
}

/// What was wrong with a variant's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantProblem {
    /// A setting the game does not know, or a value it does not allow.
    Unknown {
        /// The setting as written.
        setting: String,
    },
    /// The same key given twice (`fox=b8,fox=d8`).
    Repeated {
        /// The key.
        key: String,
    },
    /// An empty setting between commas (`standard,,first=fox`).
    Empty,
    /// No setting at all where one is required: the whole text is empty or blank.
    Blank,
    /// `standard` together with another setting (`standard,compulsory-capture`), which it
    /// contradicts.
    Conflict {
        /// The other setting, as written.
        setting: String,
    },
}

/// Why a game's variant text was refused: the game, the text and what is allowed.
///
/// ```
/// use cgtk_core::{parse_variant, VariantError, VariantProblem};
///
/// let allowed = "standard or fast";
/// let mut fast = false;
/// let err = parse_variant("demo", "slow", allowed, |s| match (s.key, s.value) {
///     ("standard", None) => true,
///     ("fast", None) => { fast = true; true }
///     _ => false,
/// })
/// .unwrap_err();
/// assert_eq!(err.game, "demo");
/// assert_eq!(err.problem, VariantProblem::Unknown { setting: "slow".into() });
/// assert_eq!(err.to_string(), "unknown demo variant \"slow\": expected standard or fast");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError {
    /// The game's id, e.g. `kono`.
    pub game: &'static str,
    /// The whole variant text as given.
    pub text: String,
    /// What the game allows, in words.
    pub allowed: &'static str,
    /// What was wrong.
    pub problem: VariantProblem,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (game, text, allowed) = (self.game, &self.text, self.allowed);
        match &self.problem {
            VariantProblem::Unknown { .. } => {
                write!(f, "unknown {game} variant {text:?}: expected {allowed}")
            }
            VariantProblem::Repeated { key } => write!(
                f,
                "{game} variant {text:?} sets {key} more than once: expected {allowed}"
            ),
            VariantProblem::Empty => write!(
                f,
                "{game} variant {text:?} has an empty setting between commas: expected {allowed}"
            ),
            VariantProblem::Blank => write!(
                f,
                "{game} variant {text:?} is empty: leave it out for the standard game, or give {allowed}"
            ),
            VariantProblem::Conflict { setting } => write!(
                f,
                "{game} variant {text:?} asks for both standard and {setting}: give standard alone, or the settings without it"
            ),
        }
    }
}

impl std::error::Error for VariantError {}

/// Parses `text`, a comma list of settings, for `game`: `apply` is called once per setting
/// and returns whether the game accepts it. An empty text is the standard game (no
/// setting); a key given twice, an empty setting between commas, `standard` together with
/// another setting, and a setting `apply` refuses are errors naming the game, the text and
/// `allowed`.
///
/// ```
/// use cgtk_core::parse_variant;
///
/// let mut pieces = 8;
/// parse_variant("kono", "max-pieces=3", "max-pieces=N", |s| match (s.key, s.value) {
///     ("max-pieces", Some(n)) => n.parse().map(|n| pieces = n).is_ok(),
///     _ => false,
/// })
/// .unwrap();
/// assert_eq!(pieces, 3);
/// let twice = parse_variant("kono", "max-pieces=3,max-pieces=4", "max-pieces=N", |_| true);
/// assert!(twice.unwrap_err().to_string().contains("more than once"));
/// ```
pub fn parse_variant<'a>(
    game: &'static str,
    text: &'a str,
    allowed: &'static str,
    mut apply: impl FnMut(Setting<'a>) -> bool,
) -> Result<(), VariantError> {
    let error = |problem| VariantError {
        game,
        text: text.to_string(),
        allowed,
        problem,
    };
    if text.trim().is_empty() {
        return Ok(());
    }
    let mut seen: Vec<&str> = Vec::new();
    for part in text.split(',').map(str::trim) {
        if part.is_empty() {
            return Err(error(VariantProblem::Empty));
        }
        let setting = match part.split_once('=') {
            Some((key, value)) => Setting {
                key: key.trim(),
                value: Some(value.trim()),
            },
            None => Setting {
                key: part,
                value: None,
            },
        };
        if !apply(setting) {
            return Err(error(VariantProblem::Unknown {
                setting: part.to_string(),
            }));
        }
        if seen.contains(&setting.key) {
            return Err(error(VariantProblem::Repeated {
                key: setting.key.to_string(),
            }));
        }
        seen.push(setting.key);
    }
    // `standard,compulsory-capture` was read as compulsory-capture: the two contradict.
    if seen.len() > 1 && seen.contains(&"standard") {
        let other = text
            .split(',')
            .map(str::trim)
            .find(|part| *part != "standard")
            .unwrap_or_default();
        return Err(error(VariantProblem::Conflict {
            setting: other.to_string(),
        }));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<(String, Option<String>)>, VariantError> {
        let mut got = Vec::new();
        parse_variant("demo", text, "a, b=N", |s| {
            got.push((s.key.to_string(), s.value.map(str::to_string)));
            matches!((s.key, s.value), ("a", None) | ("b", Some(_)))
        })?;
        Ok(got)
    }

    #[test]
    fn settings_are_split_and_trimmed() {
        assert_eq!(parse("").unwrap(), vec![]);
        assert_eq!(
            parse(" a , b = 3 ").unwrap(),
            vec![("a".into(), None), ("b".into(), Some("3".into()))]
        );
    }

    #[test]
    fn refusals_name_the_game_the_text_and_what_is_allowed() {
        let unknown = parse("a,c").unwrap_err();
        assert_eq!(
            unknown.problem,
            VariantProblem::Unknown {
                setting: "c".into()
            }
        );
        assert_eq!(
            unknown.to_string(),
            "unknown demo variant \"a,c\": expected a, b=N"
        );
        let twice = parse("b=1,b=2").unwrap_err();
        assert_eq!(twice.problem, VariantProblem::Repeated { key: "b".into() });
        assert_eq!(
            twice.to_string(),
            "demo variant \"b=1,b=2\" sets b more than once: expected a, b=N"
        );
        assert_eq!(parse("a,,b=1").unwrap_err().problem, VariantProblem::Empty);
        assert_eq!(parse("a,").unwrap_err().problem, VariantProblem::Empty);
    }

    /// `standard,compulsory-capture` used to be read as `compulsory-capture`.
    #[test]
    fn standard_with_another_setting_is_a_conflict() {
        let mut apply = |s: Setting| matches!((s.key, s.value), ("standard" | "a", None));
        let err = parse_variant("demo", "standard, a", "standard or a", &mut apply).unwrap_err();
        assert_eq!(
            err.problem,
            VariantProblem::Conflict {
                setting: "a".into()
            }
        );
        assert!(err.to_string().contains("both standard and a"), "{err}");
        assert!(parse_variant("demo", "standard", "standard or a", &mut apply).is_ok());
    }
}
