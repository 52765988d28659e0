use cgtk_core::Value;

/// The solved value of one position for the side to move: win, loss or draw, and for a
/// win or a loss the number of plies to the end under best play (the winner ends the game
/// as fast as possible, the loser holds out as long as possible).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// Win, loss or draw for the side to move.
    pub value: Value,
    /// Plies to the end of the game; `None` for a draw.
    pub distance: Option<u32>,
}

/// The largest distance an entry can hold (14 bits).
pub const MAX_DISTANCE: u32 = 0x3FFF;

const TAG_WIN: u16 = 0x4000;
const TAG_LOSS: u16 = 0x8000;
const TAG_DRAW: u16 = 0xC000;

/// Encodes a verdict as a 16-bit table entry: the top two bits are the value (`01` win,
/// `10` loss, `11` draw), the low 14 bits the distance (0 for a draw); `0x0000` marks an
/// index that names no legal position.
///
/// ```
/// use cgtk_core::Value;
/// use cgtk_retro::{decode_entry, encode_entry, Verdict};
/// let v = Verdict { value: Value::Loss, distance: Some(12) };
/// assert_eq!(encode_entry(Some(v)), 0x800C);
/// assert_eq!(decode_entry(0x800C), Ok(Some(v)));
/// assert_eq!(decode_entry(0x0000), Ok(None));
/// assert!(decode_entry(0x0001).is_err());
/// ```
///
/// # Panics
/// When a distance exceeds [`MAX_DISTANCE`].
pub fn encode_entry(verdict: Option<Verdict>) -> u16 {
    match verdict {
        None => 0,
        Some(Verdict {
            value: Value::Draw, ..
        }) => TAG_DRAW,
        Some(Verdict { value, distance }) => {
            let d = distance.unwrap_or(0);
            assert!(d <= MAX_DISTANCE, "distance {d} does not fit in 14 bits");
            let tag = if value == Value::Win {
                TAG_WIN
            } else {
                TAG_LOSS
            };
            tag | d as u16
        }
    }
}

/// Decodes a 16-bit table entry (see [`encode_entry`]); `Ok(None)` for an index that
/// names no legal position, `Err(raw)` for a bit pattern no writer produces.
pub fn decode_entry(raw: u16) -> Result<Option<Verdict>, u16> {
    let d = (raw & 0x3FFF) as u32;
    match raw & 0xC000 {
        0 if d == 0 => Ok(None),
        TAG_WIN => Ok(Some(Verdict {
            value: Value::Win,
            distance: Some(d),
        })),
        TAG_LOSS => Ok(Some(Verdict {
            value: Value::Loss,
            distance: Some(d),
        })),
        TAG_DRAW if d == 0 => Ok(Some(Verdict {
            value: Value::Draw,
            distance: None,
        })),
        _ => Err(raw),
    }
}
