//! Reading moves typed by people: places in any case, and refusals that say why.

use cgtk_core::{parse_from_to, FromTo, NotationError};

/// [`parse_from_to`] in any case (`A1XA3` reads as `a1xa3`): these games write places and
/// separators in lowercase and give capitals no meaning of their own. Errors quote `text`
/// as it was typed.
pub(crate) fn parse_from_to_any_case<P>(
    text: &str,
    syntax: &FromTo,
    place: impl Fn(&str) -> Option<P>,
) -> Result<(P, char, P), NotationError> {
    parse_from_to(&text.to_ascii_lowercase(), syntax, place).map_err(|e| match e {
        NotationError::Move { reason, .. } => refused(text, reason),
        other => other,
    })
}

/// The error refusing the move typed `text`, for `reason`.
pub(crate) fn refused(text: &str, reason: impl Into<String>) -> NotationError {
    NotationError::Move {
        text: text.to_string(),
        reason: reason.into(),
    }
}
