use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// One of the two players. `First` is the player who moves first from a game's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The player who moves first from the start position.
    First,
    /// The other player.
    Second,
}

impl Player {
    /// Both players, first then second.
    pub const ALL: [Player; 2] = [Player::First, Player::Second];

    /// The other player.
    ///
    /// ```
    /// use cgtk_core::Player;
    /// assert_eq!(Player::First.opponent(), Player::Second);
    /// ```
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first",
            Player::Second => "second",
        })
    }
}

/// A pair of values, one per player.
///
/// ```
/// use cgtk_core::{ByPlayer, Player};
/// let mut pieces = ByPlayer::new(4, 4);
/// pieces[Player::Second] -= 1;
/// assert_eq!(pieces[Player::First] + pieces[Player::Second], 7);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByPlayer<T> {
    /// The first player's value.
    pub first: T,
    /// The second player's value.
    pub second: T,
}

impl<T> ByPlayer<T> {
    /// A pair from the first and the second player's values.
    pub const fn new(first: T, second: T) -> Self {
        ByPlayer { first, second }
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, p: Player) -> &T {
        match p {
            Player::First => &self.first,
            Player::Second => &self.second,
        }
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        match p {
            Player::First => &mut self.first,
            Player::Second => &mut self.second,
        }
    }
}

/// How a finished game ended, absolutely (not relative to the side to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The given player has won.
    Win(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The outcome as a [`Value`] for `player`.
    ///
    /// ```
    /// use cgtk_core::{Outcome, Player, Value};
    /// assert_eq!(Outcome::Win(Player::First).value_for(Player::Second), Value::Loss);
    /// ```
    pub fn value_for(self, player: Player) -> Value {
        match self {
            Outcome::Draw => Value::Draw,
            Outcome::Win(w) if w == player => Value::Win,
            Outcome::Win(_) => Value::Loss,
        }
    }
}

/// The game-theoretic value of a position for one player (usually the side to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// That player can force a win.
    Win,
    /// The opponent can force a win.
    Loss,
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The value for the other player.
    ///
    /// ```
    /// use cgtk_core::Value;
    /// assert_eq!(Value::Win.negate(), Value::Loss);
    /// assert_eq!(Value::Draw.negate(), Value::Draw);
    /// ```
    pub fn negate(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        }
    }

    /// `"win"`, `"loss"` or `"draw"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
