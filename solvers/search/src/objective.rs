//! Goals for proof-number search: what the prover tries to prove, judged position by
//! position.

use cgtk_core::{Game, Outcome, Player};
use serde::Serialize;
use std::fmt;

/// What a search (or an objective, on one position) knows about a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The prover achieves the goal against every defence.
    Proved,
    /// The refuter prevents it against every attempt.
    Disproved,
    /// Not decided (by the objective on this position, or by the search within its budget).
    Unknown,
}

impl Status {
    /// `"proved"`, `"disproved"` or `"unknown"`.
    ///
    /// ```
    /// use cgtk_search::Status;
    /// assert_eq!(Status::Disproved.as_str(), "disproved");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Proved => "proved",
            Status::Disproved => "disproved",
            Status::Unknown => "unknown",
        }
    }

    /// Proved becomes disproved and the other way round; unknown stays unknown.
    ///
    /// ```
    /// use cgtk_search::Status;
    /// assert_eq!(Status::Proved.negate(), Status::Disproved);
    /// assert_eq!(Status::Unknown.negate(), Status::Unknown);
    /// ```
    pub fn negate(self) -> Status {
        match self {
            Status::Proved => Status::Disproved,
            Status::Disproved => Status::Proved,
            Status::Unknown => Status::Unknown,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A goal of the prover, judged on single positions.
///
/// The search builds an AND/OR tree: where the [`prover`](Objective::prover) is to move
/// one good move suffices (OR node); where the refuter is to move every move must be
/// answered (AND node). The objective decides the leaves: on a finished game it must
/// return [`Status::Proved`] or [`Status::Disproved`]; on a game that goes on it may
/// decide early (a Go block already captured) or return [`Status::Unknown`] to let the
/// search expand the position. A position without legal moves that the objective leaves
/// unknown is disproved at an OR node and proved at an AND node (no good move exists; no
/// defence exists).
///
/// A position repeated on the current path stands for infinite play, which the objective
/// judges once for all with [`infinite_play_proves`](Objective::infinite_play_proves).
pub trait Objective<G: Game> {
    /// The player who tries to prove the goal.
    fn prover(&self) -> Player;
    /// The goal's status on `game`, without search.
    fn evaluate(&self, game: &G) -> Status;
    /// Whether a game that goes on for ever achieves the goal (`false` for "the prover
    /// wins": a draw is not a win; `true` for "the prover does not lose").
    fn infinite_play_proves(&self) -> bool;
    /// A short description of the goal, e.g. `"first wins"`.
    fn description(&self) -> String;
    /// The goal without its prover (`"wins"`, `"does not lose"`), for goals whose
    /// version for one player is the image of the version for the other under swapping
    /// the colours together with the side to move. The provided version, the
    /// description, ties the goal to its prover. A [`PnsTable`](crate::PnsTable) made
    /// [`across_provers`](crate::PnsTable::across_provers) keeps one graph for every
    /// objective of one kind.
    fn kind(&self) -> String {
        self.description()
    }
    /// The [`kind`](Objective::kind) of the goal that this one negates, if any: this
    /// goal for a player holds exactly where that goal for the opponent fails (on every
    /// position, finished or not, and for infinite play). `"does not lose"` negates
    /// `"wins"` and the other way round. A [`PnsTable`](crate::PnsTable) made
    /// [`across_provers`](crate::PnsTable::across_provers) for one kind answers the
    /// negating kind from the same graph. Provided: `None`.
    fn negates(&self) -> Option<String> {
        None
    }
}

/// The negation of an objective, proved by the other player: it holds exactly where
/// `O` fails.
pub(crate) struct Negated<'a, O>(pub &'a O);

impl<G: Game, O: Objective<G>> Objective<G> for Negated<'_, O> {
    fn prover(&self) -> Player {
        self.0.prover().opponent()
    }
    fn evaluate(&self, game: &G) -> Status {
        self.0.evaluate(game).negate()
    }
    fn infinite_play_proves(&self) -> bool {
        !self.0.infinite_play_proves()
    }
    fn description(&self) -> String {
        format!("not ({})", self.0.description())
    }
    fn kind(&self) -> String {
        self.0
            .negates()
            .unwrap_or_else(|| format!("not ({})", self.0.kind()))
    }
}

/// The goal "the prover wins": proved on a finished game won by the prover, disproved on
/// one lost or drawn; infinite play does not prove it.
///
/// ```
/// use cgtk_core::{Game, Player};
/// use cgtk_games::nim::Nim;
/// use cgtk_search::{Objective, Status, Wins};
///
/// let nim = Nim::new(&[0, 0]).unwrap(); // the first player cannot move: the second won
/// assert_eq!(Wins(Player::Second).evaluate(&nim), Status::Proved);
/// assert_eq!(Wins(Player::First).evaluate(&nim), Status::Disproved);
/// assert_eq!(Wins::side_to_move(&Nim::new(&[2]).unwrap()).0, Player::First);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wins(pub Player);

impl Wins {
    /// "The side to move in `game` wins".
    pub fn side_to_move<G: Game>(game: &G) -> Wins {
        Wins(game.to_move())
    }
}

impl<G: Game> Objective<G> for Wins {
    fn prover(&self) -> Player {
        self.0
    }
    fn evaluate(&self, game: &G) -> Status {
        match game.outcome() {
            Some(Outcome::Win(p)) if p == self.0 => Status::Proved,
            Some(_) => Status::Disproved,
            None => Status::Unknown,
        }
    }
    fn infinite_play_proves(&self) -> bool {
        false
    }
    fn description(&self) -> String {
        format!("{} wins", self.0)
    }
    fn kind(&self) -> String {
        "wins".to_string()
    }
    fn negates(&self) -> Option<String> {
        Some("does not lose".to_string())
    }
}

/// The goal "the prover does not lose": proved on a finished game won by the prover or
/// drawn, disproved on one lost; infinite play (a draw by repetition) proves it.
///
/// ```
/// use cgtk_core::Player;
/// use cgtk_games::nim::Nim;
/// use cgtk_search::{DoesNotLose, Objective, Status};
///
/// let nim = Nim::new(&[0]).unwrap();
/// assert_eq!(DoesNotLose(Player::First).evaluate(&nim), Status::Disproved);
/// assert_eq!(Objective::<Nim>::description(&DoesNotLose(Player::First)), "first does not lose");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DoesNotLose(pub Player);

impl DoesNotLose {
    /// "The side to move in `game` does not lose".
    pub fn side_to_move<G: Game>(game: &G) -> DoesNotLose {
        DoesNotLose(game.to_move())
    }
}

impl<G: Game> Objective<G> for DoesNotLose {
    fn prover(&self) -> Player {
        self.0
    }
    fn evaluate(&self, game: &G) -> Status {
        match game.outcome() {
            Some(Outcome::Win(p)) if p != self.0 => Status::Disproved,
            Some(_) => Status::Proved,
            None => Status::Unknown,
        }
    }
    fn infinite_play_proves(&self) -> bool {
        true
    }
    fn description(&self) -> String {
        format!("{} does not lose", self.0)
    }
    fn kind(&self) -> String {
        "does not lose".to_string()
    }
    fn negates(&self) -> Option<String> {
        Some("wins".to_string())
    }
}
