//! The variant text of the solved games: cgtk-core's grammar, and no empty text.

use cgtk_core::{parse_variant, Setting, VariantError, VariantProblem};

/// [`parse_variant`] for a game's `FromStr`, refusing an empty or blank `text`
/// ([`VariantProblem::Blank`]): the standard game is written `standard`, as the command
/// line refuses an empty variant word.
pub(crate) fn parse_game_variant<'a>(
    game: &'static str,
    text: &'a str,
    allowed: &'static str,
    apply: impl FnMut(Setting<'a>) -> bool,
) -> Result<(), VariantError> {
    if text.trim().is_empty() {
        return Err(VariantError {
            game,
            text: text.to_string(),
            allowed,
            problem: VariantProblem::Blank,
        });
    }
    parse_variant(game, text, allowed, apply)
}

#[cfg(test)]
mod tests {
    use crate::{fox_hounds, kono, mu_torere};
    use cgtk_core::VariantProblem;

    /// `"".parse::<kono::Variant>()` was the standard game.
    #[test]
    fn empty_and_blank_variants_are_refused() {
        for text in ["", " ", "\t \n"] {
            let errors = [
                text.parse::<kono::Variant>().unwrap_err(),
                text.parse::<mu_torere::Variant>().unwrap_err(),
                text.parse::<fox_hounds::Variant>().unwrap_err(),
            ];
            for e in errors {
                assert_eq!(e.problem, VariantProblem::Blank, "{e}");
                assert_eq!(e.text, text);
            }
        }
        assert_eq!(
            "".parse::<mu_torere::Variant>().unwrap_err().to_string(),
            "mu-torere variant \"\" is empty: leave it out for the standard game, or give \
             standard or first-two-turns"
        );
        assert_eq!(
            "standard".parse::<kono::Variant>(),
            Ok(kono::Variant::default())
        );
        assert_eq!(
            " standard ".parse::<fox_hounds::Variant>(),
            Ok(fox_hounds::Variant::default())
        );
    }
}
