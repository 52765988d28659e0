//! Rules, the unvalidated [`Setup`] and the validated game [`Go`].

use crate::board::{Board, SizeError};
use crate::types::{Color, Move, Point};
use cgtk_core::{Evaluate, Game, Outcome, Player, PositionKey};
use std::fmt;
use thiserror::Error;

/// Komi in half points (so that 7.5 is exact).
///
/// ```
/// use cgtk_go::Komi;
/// let k = Komi::from_points(7.5).unwrap();
/// assert_eq!(k.halves(), 15);
/// assert_eq!(k.to_string(), "7.5");
/// assert!(Komi::from_points(0.3).is_none());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Komi(pub i32);

/// The largest komi either way, in points.
pub const MAX_KOMI: i32 = 1000;

/// Why a number is not a komi.
///
/// ```
/// use cgtk_go::{Komi, KomiError};
/// assert_eq!(Komi::try_from_points(2000.0), Err(KomiError::OutOfRange));
/// assert_eq!(
///     KomiError::OutOfRange.to_string(),
///     "komi must lie between -1000 and 1000"
/// );
/// assert_eq!(Komi::try_from_points(0.3), Err(KomiError::NotHalf));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum KomiError {
    /// Not a finite number (`nan`, `inf`).
    #[error("komi must be a finite number")]
    NotFinite,
    /// Beyond [`MAX_KOMI`] either way.
    #[error("komi must lie between -{MAX_KOMI} and {MAX_KOMI}")]
    OutOfRange,
    /// Not a multiple of ½.
    #[error("komi must be a multiple of 0.5")]
    NotHalf,
}

impl Komi {
    /// Komi from points, when it is a multiple of ½ within ±[`MAX_KOMI`] (1000).
    ///
    /// ```
    /// assert_eq!(cgtk_go::Komi::from_points(-2.0).unwrap().halves(), -4);
    /// ```
    pub fn from_points(points: f64) -> Option<Komi> {
        Komi::try_from_points(points).ok()
    }

    /// Komi from points, or why it is not one: not finite, beyond ±[`MAX_KOMI`], or not a
    /// multiple of ½ (checked in that order).
    ///
    /// ```
    /// use cgtk_go::{Komi, KomiError};
    /// assert_eq!(Komi::try_from_points(-1000.0), Ok(Komi(-2000)));
    /// assert_eq!(Komi::try_from_points(1000.5), Err(KomiError::OutOfRange));
    /// assert_eq!(Komi::try_from_points(f64::NAN), Err(KomiError::NotFinite));
    /// ```
    pub fn try_from_points(points: f64) -> Result<Komi, KomiError> {
        let h = points * 2.0;
        if !h.is_finite() {
            Err(KomiError::NotFinite)
        } else if h.abs() > f64::from(2 * MAX_KOMI) {
            Err(KomiError::OutOfRange)
        } else if h.fract() != 0.0 {
            Err(KomiError::NotHalf)
        } else {
            Ok(Komi(h as i32))
        }
    }

    /// The komi in half points.
    ///
    /// ```
    /// assert_eq!(cgtk_go::Komi(13).halves(), 13);
    /// ```
    pub fn halves(self) -> i32 {
        self.0
    }

    /// The komi in points.
    ///
    /// ```
    /// assert_eq!(cgtk_go::Komi(13).points(), 6.5);
    /// ```
    pub fn points(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.points())
    }
}

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Superko {
    /// No move may recreate an earlier arrangement of stones (the default).
    #[default]
    Positional,
    /// No move may recreate an earlier arrangement of stones with the same side to move.
    Situational,
}

/// The rules variant: komi, suicide and superko.
///
/// ```
/// use cgtk_go::{Komi, Rules};
/// assert_eq!(Rules::for_size(7, 7).komi, Komi(0));
/// assert_eq!(Rules::for_size(9, 9).komi, Komi(15));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Points added to White's area.
    pub komi: Komi,
    /// Whether a move may leave its own string without liberties (which is then removed).
    pub allow_suicide: bool,
    /// The repetition rule.
    pub superko: Superko,
}

/// The largest side (in both directions) of the boards whose default komi is 0.
pub const TINY_SIDE: usize = 7;

impl Rules {
    /// The default rules for a board: komi 0 when both sides are at most [`TINY_SIDE`]
    /// (7), else 7.5; suicide forbidden; positional superko.
    ///
    /// ```
    /// use cgtk_go::{Komi, Rules, Superko};
    /// let r = Rules::for_size(19, 19);
    /// assert_eq!((r.komi, r.allow_suicide, r.superko), (Komi(15), false, Superko::Positional));
    /// assert_eq!(Rules::for_size(7, 3).komi, Komi(0));
    /// assert_eq!(Rules::for_size(8, 3).komi, Komi(15));
    /// ```
    pub fn for_size(width: usize, height: usize) -> Rules {
        let komi = if width <= TINY_SIDE && height <= TINY_SIDE {
            Komi(0)
        } else {
            Komi(15)
        };
        Rules {
            komi,
            allow_suicide: false,
            superko: Superko::Positional,
        }
    }
}

/// A position that is not necessarily legal: a size, stones and the side to move. Any
/// text that parses gives a `Setup`; [`Setup::position`] validates it.
///
/// ```
/// use cgtk_go::{Color, Setup};
/// let mut setup = Setup::empty(2, 1);
/// setup.stones[0] = Some(Color::Black);
/// setup.stones[1] = Some(Color::White);
/// let err = setup.position(None).unwrap_err();
/// assert_eq!(err.reasons.len(), 2); // both stones lack liberties
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The stones row by row from the top left (`width × height` entries).
    pub stones: Vec<Option<Color>>,
    /// The side to move.
    pub to_move: Color,
}

/// One reason why a [`Setup`] is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Invalid {
    /// The size is outside 1×1 to 19×19.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The stone list does not have `width × height` entries.
    #[error("{found} points given for a board of {expected}")]
    PointCount {
        /// `width × height`.
        expected: usize,
        /// The length of the stone list.
        found: usize,
    },
    /// A string has no liberty.
    #[error("the {color} string at {vertex} has no liberty")]
    NoLiberty {
        /// Its colour.
        color: Color,
        /// The column of its first stone.
        x: usize,
        /// The row of its first stone (from the top).
        y: usize,
        /// Its first stone in GTP coordinates (`A1` at the bottom left), as users write
        /// points.
        vertex: String,
    },
}

/// A [`Setup`] that is not a legal position, with every reason at once.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal position: {}", .reasons.iter().map(|r| r.to_string()).collect::<Vec<_>>().join("; "))]
pub struct PositionError {
    /// The rejected setup.
    pub setup: Box<Setup>,
    /// Why it is rejected.
    pub reasons: Vec<Invalid>,
}

impl Setup {
    /// An empty board with Black to move.
    ///
    /// ```
    /// let setup = cgtk_go::Setup::empty(3, 2);
    /// assert_eq!(setup.stones.len(), 6);
    /// ```
    pub fn empty(width: usize, height: usize) -> Setup {
        Setup {
            width,
            height,
            stones: vec![None; width * height],
            to_move: Color::Black,
        }
    }

    /// Validates into a game with these stones as its start (and first position of its
    /// history), under `rules` or the defaults of [`Rules::for_size`]. Every reason is
    /// reported: a wrong size, a wrong number of points, each string without liberty.
    ///
    /// ```
    /// use cgtk_go::{Color, Setup};
    /// let mut setup = Setup::empty(3, 3);
    /// setup.stones[4] = Some(Color::White);
    /// setup.to_move = Color::White;
    /// let go = setup.position(None).unwrap();
    /// assert_eq!(go.to_move_color(), Color::White);
    /// assert_eq!(go.board().area(), (0, 9));
    /// ```
    pub fn position(&self, rules: Option<Rules>) -> Result<Go, PositionError> {
        let fail = |reasons| PositionError {
            setup: Box::new(self.clone()),
            reasons,
        };
        if let Err(e) = Board::new(self.width, self.height) {
            return Err(fail(vec![Invalid::Size(e)]));
        }
        if self.stones.len() != self.width * self.height {
            return Err(fail(vec![Invalid::PointCount {
                expected: self.width * self.height,
                found: self.stones.len(),
            }]));
        }
        // Place every stone on a board of its own colour first, so that nothing is taken
        // while the position is built; then check liberties on the complete board.
        let mut plain = Board::new(self.width, self.height).map_err(|e| fail(vec![e.into()]))?;
        let stones: Vec<(Point, Color)> = self
            .stones
            .iter()
            .enumerate()
            .filter_map(|(i, c)| Some((plain.point(i % self.width, i / self.width)?, (*c)?)))
            .collect();
        plain.rebuild(&stones);
        let mut reasons = Vec::new();
        let mut reported: Vec<Point> = Vec::new();
        for p in plain.points() {
            if let Some(color) = plain.color_at(p) {
                if reported.contains(&p) {
                    continue;
                }
                let string = plain.string(p);
                if plain.liberties(p) == 0 {
                    let (x, y) = plain.coords(p);
                    let vertex = crate::gtp::vertex_text(Move::Play(p), &plain);
                    reasons.push(Invalid::NoLiberty {
                        color,
                        x,
                        y,
                        vertex,
                    });
                }
                reported.extend(string);
            }
        }
        if !reasons.is_empty() {
            return Err(fail(reasons));
        }
        let board = plain;
        let rules = rules.unwrap_or_else(|| Rules::for_size(self.width, self.height));
        Ok(Go::from_board(board, self.to_move, rules))
    }
}

/// A game of Go: the board, the side to move, consecutive passes, the history of
/// positions (for superko) and the moves played since the start position.
///
/// Implements [`Game`]: Black is [`Player::First`]; the game ends after two passes in a
/// row and is scored by area with komi (equal scores are a draw).
///
/// ```
/// use cgtk_core::{Game, Outcome, Player};
/// use cgtk_go::{Go, Move};
/// let mut go = Go::new(2, 2).unwrap();
/// let p = go.board().point(0, 0).unwrap();
/// go.make(Move::Play(p));
/// go.make(Move::Pass);
/// go.make(Move::Pass);
/// assert_eq!(go.outcome(), Some(Outcome::Win(Player::First)));
/// assert_eq!(go.score_halves(), 8); // Black's area 4, komi 0
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Go {
    board: Board,
    to_move: Color,
    passes: u8,
    rules: Rules,
    start: Board,
    start_to_move: Color,
    /// `(board hash, side to move)` of every position so far, the current one last.
    history: Vec<(u64, Color)>,
    moves: Vec<(Color, Move)>,
}

/// What [`Go::make`](Game::make) returns to take a move back.
#[derive(Clone, Debug)]
pub struct GoUndo {
    board: Option<Board>,
    passes: u8,
}

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The point holds a stone.
    #[error("the point is occupied")]
    Occupied,
    /// The stone would have no liberty and suicide is forbidden.
    #[error("suicide is forbidden")]
    Suicide,
    /// The move would repeat an earlier position.
    #[error("the move repeats an earlier position (superko)")]
    Superko,
    /// The game has ended with two passes.
    #[error("the game is over")]
    GameOver,
}

impl Go {
    /// The empty board with Black to move under [`Rules::for_size`].
    ///
    /// ```
    /// let go = cgtk_go::Go::new(9, 9).unwrap();
    /// assert_eq!(go.rules().komi.points(), 7.5);
    /// ```
    pub fn new(width: usize, height: usize) -> Result<Go, SizeError> {
        Ok(Go::from_board(
            Board::new(width, height)?,
            Color::Black,
            Rules::for_size(width, height),
        ))
    }

    /// The empty board under the given rules.
    ///
    /// ```
    /// use cgtk_go::{Go, Komi, Rules};
    /// let rules = Rules { komi: Komi(11), ..Rules::for_size(9, 9) };
    /// assert_eq!(Go::with_rules(9, 9, rules).unwrap().rules().komi, Komi(11));
    /// ```
    pub fn with_rules(width: usize, height: usize, rules: Rules) -> Result<Go, SizeError> {
        Ok(Go::from_board(
            Board::new(width, height)?,
            Color::Black,
            rules,
        ))
    }

    fn from_board(board: Board, to_move: Color, rules: Rules) -> Go {
        Go {
            history: vec![(board.hash(), to_move)],
            start: board.clone(),
            start_to_move: to_move,
            board,
            to_move,
            passes: 0,
            rules,
            moves: Vec::new(),
        }
    }

    /// The board.
    ///
    /// ```
    /// assert_eq!(cgtk_go::Go::new(5, 5).unwrap().board().width(), 5);
    /// ```
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rules variant.
    ///
    /// ```
    /// assert!(!cgtk_go::Go::new(5, 5).unwrap().rules().allow_suicide);
    /// ```
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Changes the komi (the score changes, not the legal moves).
    ///
    /// ```
    /// use cgtk_go::{Go, Komi};
    /// let mut go = Go::new(5, 5).unwrap();
    /// go.set_komi(Komi(5));
    /// assert_eq!(go.rules().komi.points(), 2.5);
    /// ```
    pub fn set_komi(&mut self, komi: Komi) {
        self.rules.komi = komi;
    }

    /// The colour to move.
    ///
    /// ```
    /// assert_eq!(cgtk_go::Go::new(5, 5).unwrap().to_move_color(), cgtk_go::Color::Black);
    /// ```
    pub fn to_move_color(&self) -> Color {
        self.to_move
    }

    /// Hands the move to `color` without a move (GTP lets either colour play at any time).
    /// The current position is added to the history with the new side to move.
    ///
    /// ```
    /// use cgtk_go::{Color, Go};
    /// let mut go = Go::new(5, 5).unwrap();
    /// go.set_to_move(Color::White);
    /// assert_eq!(go.to_move_color(), Color::White);
    /// ```
    pub fn set_to_move(&mut self, color: Color) {
        if color != self.to_move {
            self.to_move = color;
            self.history.push((self.board.hash(), color));
        }
    }

    /// Consecutive passes just played (2 ends the game).
    ///
    /// ```
    /// use cgtk_core::Game;
    /// let mut go = cgtk_go::Go::new(5, 5).unwrap();
    /// go.make(cgtk_go::Move::Pass);
    /// assert_eq!(go.passes(), 1);
    /// ```
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Lets play go on after the game ended with two passes (GTP controllers send more
    /// moves, e.g. to remove dead stones): the game counts one pass, the last, so that a
    /// stone continues it and one more pass ends it again. Does nothing while the game
    /// goes on.
    ///
    /// ```
    /// use cgtk_core::Game;
    /// use cgtk_go::{Color, Go, Move};
    /// let mut go = Go::new(5, 5).unwrap();
    /// go.make(Move::Pass);
    /// go.make(Move::Pass);
    /// let p = Move::Play(go.board().point(2, 2).unwrap());
    /// assert!(go.play(p, Color::Black).is_err());
    /// go.resume();
    /// assert_eq!(go.passes(), 1);
    /// assert!(go.play(p, Color::Black).is_ok());
    /// assert_eq!(go.passes(), 0);
    /// ```
    pub fn resume(&mut self) {
        self.passes = self.passes.min(1);
    }

    /// The moves played since the start position, with their colours.
    ///
    /// ```
    /// use cgtk_core::Game;
    /// use cgtk_go::{Color, Go, Move};
    /// let mut go = Go::new(5, 5).unwrap();
    /// go.make(Move::Pass);
    /// assert_eq!(go.moves(), &[(Color::Black, Move::Pass)]);
    /// ```
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// The start position as a [`Setup`] (its stones and side to move).
    ///
    /// ```
    /// use cgtk_core::Game;
    /// use cgtk_go::{Go, Move, Setup};
    /// let mut go = Go::new(3, 3).unwrap();
    /// go.make(Move::Play(go.board().point(1, 1).unwrap()));
    /// assert_eq!(go.start_setup(), Setup::empty(3, 3));
    /// ```
    pub fn start_setup(&self) -> Setup {
        setup_of(&self.start, self.start_to_move)
    }

    /// The current position as a [`Setup`].
    ///
    /// ```
    /// use cgtk_go::{Color, Go};
    /// let go = Go::new(2, 3).unwrap();
    /// assert_eq!(go.setup().stones.len(), 6);
    /// ```
    pub fn setup(&self) -> Setup {
        setup_of(&self.board, self.to_move)
    }

    /// Checks a move by `color` (who need not be the side to move) under the rules and the
    /// history; a pass is always legal before the game ends.
    ///
    /// ```
    /// use cgtk_go::{Color, Go, IllegalMove, Move};
    /// use cgtk_core::Game;
    /// let mut go = Go::new(2, 1).unwrap();
    /// let (a, b) = (go.board().point(0, 0).unwrap(), go.board().point(1, 0).unwrap());
    /// go.make(Move::Play(a));
    /// assert_eq!(go.check(Move::Play(a), Color::White), Err(IllegalMove::Occupied));
    /// // White on b takes a, leaving the board as it was after White's move: empty but b.
    /// assert_eq!(go.check(Move::Play(b), Color::White), Ok(()));
    /// ```
    pub fn check(&self, mv: Move, color: Color) -> Result<(), IllegalMove> {
        if self.passes >= 2 {
            return Err(IllegalMove::GameOver);
        }
        let Move::Play(p) = mv else {
            return Ok(());
        };
        if self.board.color_at(p).is_some() {
            return Err(IllegalMove::Occupied);
        }
        if !self.board.is_placeable(p, color) && !self.rules.allow_suicide {
            return Err(IllegalMove::Suicide);
        }
        let hash = self.board.hash_after(p, color);
        let after = color.opponent();
        let repeated = match self.rules.superko {
            Superko::Positional => self.history.iter().any(|&(h, _)| h == hash),
            Superko::Situational => self.history.contains(&(hash, after)),
        };
        if repeated {
            return Err(IllegalMove::Superko);
        }
        Ok(())
    }

    /// Plays a move by `color` after [`check`](Go::check)ing it; the side to move becomes
    /// `color`'s opponent.
    ///
    /// ```
    /// use cgtk_go::{Color, Go, Move};
    /// let mut go = Go::new(3, 3).unwrap();
    /// let p = go.board().point(1, 1).unwrap();
    /// go.play(Move::Play(p), Color::White).unwrap();
    /// assert_eq!(go.to_move_color(), Color::Black);
    /// ```
    pub fn play(&mut self, mv: Move, color: Color) -> Result<(), IllegalMove> {
        self.check(mv, color)?;
        self.set_to_move(color);
        self.make(mv);
        Ok(())
    }

    /// Black's area minus White's area minus komi, in half points (Tromp–Taylor: every
    /// stone counts as alive).
    ///
    /// ```
    /// let go = cgtk_go::Go::new(9, 9).unwrap();
    /// assert_eq!(go.score_halves(), -15);
    /// ```
    pub fn score_halves(&self) -> i32 {
        let (b, w) = self.board.area();
        2 * (b as i32 - w as i32) - self.rules.komi.halves()
    }

    /// The score as GTP's `final_score` writes it: `B+3.5`, `W+7` or `0`.
    ///
    /// ```
    /// assert_eq!(cgtk_go::Go::new(9, 9).unwrap().score_text(), "W+7.5");
    /// ```
    pub fn score_text(&self) -> String {
        let s = self.score_halves();
        let points = f64::from(s.abs()) / 2.0;
        match s.cmp(&0) {
            std::cmp::Ordering::Greater => format!("B+{points}"),
            std::cmp::Ordering::Less => format!("W+{points}"),
            std::cmp::Ordering::Equal => "0".to_string(),
        }
    }

    /// The last history entry (the current position and side to move).
    pub(crate) fn history_last(&self) -> Option<(u64, Color)> {
        self.history.last().copied()
    }

    /// Whether `entry` occurs in the history before its last entry. Under positional
    /// superko only the board is compared.
    pub(crate) fn history_before_last_contains(&self, entry: (u64, Color)) -> bool {
        let n = self.history.len().saturating_sub(1);
        match self.rules.superko {
            Superko::Positional => self.history[..n].iter().any(|&(h, _)| h == entry.0),
            Superko::Situational => self.history[..n].contains(&entry),
        }
    }

    /// The whole history.
    pub(crate) fn history_entries(&self) -> &[(u64, Color)] {
        &self.history
    }

    /// The history length (positions so far, the current one included).
    pub(crate) fn history_len(&self) -> usize {
        self.history.len()
    }

    /// The index in the history of the first occurrence of a board hash with `after` to
    /// move (as [`check`](Go::check) compares them), if any.
    pub(crate) fn first_occurrence(&self, hash: u64, after: Color) -> Option<usize> {
        match self.rules.superko {
            Superko::Positional => self.history.iter().position(|&(h, _)| h == hash),
            Superko::Situational => self.history.iter().position(|&e| e == (hash, after)),
        }
    }
}

fn setup_of(board: &Board, to_move: Color) -> Setup {
    Setup {
        width: board.width(),
        height: board.height(),
        stones: board.points().map(|p| board.color_at(p)).collect(),
        to_move,
    }
}

impl Game for Go {
    type Move = Move;
    type Undo = GoUndo;

    fn to_move(&self) -> Player {
        self.to_move.player()
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.passes >= 2 {
            return;
        }
        for p in self.board.points() {
            if self.check(Move::Play(p), self.to_move).is_ok() {
                moves.push(Move::Play(p));
            }
        }
        moves.push(Move::Pass);
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv, self.to_move).is_ok()
    }

    fn make(&mut self, mv: Move) -> GoUndo {
        let undo = GoUndo {
            board: match mv {
                Move::Pass => None,
                Move::Play(_) => Some(self.board.clone()),
            },
            passes: self.passes,
        };
        match mv {
            Move::Pass => self.passes += 1,
            Move::Play(p) => {
                self.board.play(p, self.to_move);
                self.passes = 0;
            }
        }
        self.moves.push((self.to_move, mv));
        self.to_move = self.to_move.opponent();
        self.history.push((self.board.hash(), self.to_move));
        undo
    }

    fn unmake(&mut self, _mv: Move, undo: GoUndo) {
        if let Some(board) = undo.board {
            self.board = board;
        }
        self.passes = undo.passes;
        self.history.pop();
        if let Some((color, _)) = self.moves.pop() {
            self.to_move = color;
        }
    }

    /// Both players passed: says so with the area score, e.g. `both players passed;
    /// Black wins by 6.5 on the area score with komi 2.5`.
    fn end_reason(&self) -> Option<String> {
        if self.passes < 2 {
            return None;
        }
        let s = self.score_halves();
        let komi = self.rules.komi;
        let by = f64::from(s.abs()) / 2.0;
        let winner = match s.cmp(&0) {
            std::cmp::Ordering::Greater => "Black",
            std::cmp::Ordering::Less => "White",
            std::cmp::Ordering::Equal => {
                return Some(format!(
                    "both players passed; the area score with komi {komi} is even"
                ))
            }
        };
        Some(format!(
            "both players passed; {winner} wins by {by} on the area score with komi {komi}"
        ))
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.passes < 2 {
            return None;
        }
        Some(match self.score_halves().cmp(&0) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }
}

impl PositionKey for Go {
    /// The stones, the side to move and the number of passes (0, 1 or 2); the history is
    /// not part of the key, so superko-dependent results must not be stored by it alone.
    fn key(&self) -> u64 {
        let side = match self.to_move {
            Color::Black => 0,
            Color::White => 0x5851_F42D_4C95_7F2D,
        };
        self.board.hash() ^ side ^ (u64::from(self.passes)).wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

impl Evaluate for Go {
    /// The area score with komi in half points (every stone counted alive), from the side
    /// to move's view.
    fn evaluate(&self) -> i32 {
        match self.to_move {
            Color::Black => self.score_halves(),
            Color::White => -self.score_halves(),
        }
    }
}
