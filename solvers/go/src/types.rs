//! Small value types: colours, points and moves.

use cgtk_core::Player;
use std::fmt;

/// The colour of a stone or of the player who places it. Black moves first
/// ([`Player::First`]).
///
/// ```
/// use cgtk_go::Color;
/// assert_eq!(Color::Black.opponent(), Color::White);
/// assert_eq!(Color::White.to_string(), "white");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    ///
    /// ```
    /// use cgtk_go::Color;
    /// assert_eq!(Color::White.opponent(), Color::Black);
    /// ```
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The player of this colour: Black is [`Player::First`].
    ///
    /// ```
    /// use cgtk_core::Player;
    /// use cgtk_go::Color;
    /// assert_eq!(Color::White.player(), Player::Second);
    /// ```
    #[inline]
    pub fn player(self) -> Player {
        match self {
            Color::Black => Player::First,
            Color::White => Player::Second,
        }
    }

    /// The colour of a player.
    ///
    /// ```
    /// use cgtk_core::Player;
    /// use cgtk_go::Color;
    /// assert_eq!(Color::of(Player::First), Color::Black);
    /// ```
    #[inline]
    pub fn of(player: Player) -> Color {
        match player {
            Player::First => Color::Black,
            Player::Second => Color::White,
        }
    }

    /// The one-letter SGF and GTP name, `B` or `W`.
    ///
    /// ```
    /// use cgtk_go::Color;
    /// assert_eq!(Color::Black.letter(), 'B');
    /// ```
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// A point of a board, as an index into the board's padded array (one border line all
/// round). Points belong to the board that made them: get them from
/// [`Board::point`](crate::Board::point) and read them back with
/// [`Board::coords`](crate::Board::coords).
///
/// ```
/// use cgtk_go::Board;
/// let board = Board::new(9, 9).unwrap();
/// let p = board.point(2, 6).unwrap();
/// assert_eq!(board.coords(p), (2, 6));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub(crate) u16);

impl Point {
    /// The index into the board's padded array.
    ///
    /// ```
    /// use cgtk_go::Board;
    /// let board = Board::new(3, 3).unwrap();
    /// // The padded array is 5 wide; (0, 0) is at row 1, column 1.
    /// assert_eq!(board.point(0, 0).unwrap().index(), 6);
    /// ```
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A move: a stone on a point or a pass.
///
/// ```
/// use cgtk_go::{Board, Move};
/// let board = Board::new(5, 5).unwrap();
/// let mv = Move::Play(board.point(2, 2).unwrap());
/// assert_ne!(mv, Move::Pass);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A stone on the point.
    Play(Point),
    /// No stone; two passes in a row end the game.
    Pass,
}
