//! Reviewing a game with every card known: after each card placed, could the deal still be
//! won? The first point from which no win is found, after the last one proved winnable,
//! shows where a lost game went wrong, and the winning line from that last point shows a
//! way it could have gone on.
//!
//! A point is proved winnable by a winning line (replayed before it is reported) and lost
//! only by an exhaustive search; in between, a search that stops at its limit says
//! nothing, so a review reports "no win found" rather than "lost" unless it is proved.
//! Winnability only ever goes from yes to no along a game: when a later point is
//! winnable, so is every earlier one, by the game's own moves up to the later point and
//! the later point's line. [`review`] uses this to settle earlier points the search left
//! open ([`settle`]).

use crate::deal::Deal;
use crate::game::Calculation;
use crate::position::{Move, MoveError, Position};
use crate::solver::{play_turning, solve_after, Solution, SolveLimits, SolveMethod};

/// A point of a game where every card turned so far has been placed and the next is not
/// yet turned (the start, and after each placement with the waste moves that follow it),
/// or the end of the moves given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewPoint {
    /// Moves of the game played before this point.
    pub moves: usize,
    /// Cards turned from the stock before this point.
    pub turned: usize,
}

/// A point of a review with the verdict of the full-information solver from there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// Where in the game.
    pub point: ReviewPoint,
    /// A winning continuation, a proved loss, or unknown at the limit.
    pub solution: Solution,
    /// Positions searched.
    pub nodes: u64,
}

/// The points of `moves` (from the start of `deal`) that a review checks: the start, every
/// point just before a card is turned, and the end of `moves` (once each). A refused move
/// comes back with its index.
///
/// ```
/// use cgtk_solitaire::{review_points, Deal, Move, Rules};
/// let deal = Deal::from_seed(Rules::STANDARD, 3);
/// let moves = [Move::StockToWaste(0), Move::StockToWaste(1)];
/// let points = review_points(&deal, &moves).unwrap();
/// assert_eq!(points.iter().map(|p| (p.moves, p.turned)).collect::<Vec<_>>(), [(0, 0), (1, 1), (2, 2)]);
/// ```
pub fn review_points(deal: &Deal, moves: &[Move]) -> Result<Vec<ReviewPoint>, (usize, MoveError)> {
    let stock = deal.stock();
    let mut pos = Position::start(deal.rules());
    let mut points = vec![ReviewPoint {
        moves: 0,
        turned: 0,
    }];
    for (i, &mv) in moves.iter().enumerate() {
        play_turning(&mut pos, stock, mv).map_err(|e| (i, e))?;
        if pos.is_chance() || pos.is_over() || i + 1 == moves.len() {
            points.push(ReviewPoint {
                moves: i + 1,
                turned: stock.len() - pos.unseen_total(),
            });
        }
    }
    Ok(points)
}

/// Reviews `moves` of a game of `deal`: the solver's verdict at each of
/// [`review_points`], with `limits` for each point.
///
/// ```
/// use cgtk_solitaire::{review, Deal, Move, Rules, Solution, SolveLimits};
/// let rules = Rules::new(5, 2, 1).unwrap();
/// // Foundations A 2 3 4 5 and 2 4 A 3 5; one waste pile.
/// let deal = Deal::new(rules, vec![2, 3, 4, 5, 4, 1, 3, 5]).unwrap();
/// // The 2 and then the 3 onto the pile: the 3 buries the 2, which the first foundation
/// // needs next, and the game is lost after the second move.
/// let moves = [Move::StockToWaste(0), Move::StockToWaste(0)];
/// let checks = review(&deal, &moves, SolveLimits::default()).unwrap();
/// assert!(matches!(checks[1].solution, Solution::Win(_)));
/// assert_eq!(checks[2].solution, Solution::Loss);
/// ```
pub fn review(
    deal: &Deal,
    moves: &[Move],
    limits: SolveLimits,
) -> Result<Vec<Checkpoint>, (usize, MoveError)> {
    let mut checks = review_points(deal, moves)?
        .into_iter()
        .map(|point| checkpoint(deal, moves, point, limits))
        .collect::<Result<Vec<_>, _>>()?;
    settle(deal, moves, &mut checks);
    Ok(checks)
}

/// The solver's verdict at one `point` of `moves` (one of [`review_points`]), with
/// `limits`: one step of [`review`], for callers that search the points in parallel.
pub fn checkpoint(
    deal: &Deal,
    moves: &[Move],
    point: ReviewPoint,
    limits: SolveLimits,
) -> Result<Checkpoint, (usize, MoveError)> {
    let report = solve_after(deal, &moves[..point.moves], limits, SolveMethod::default())?;
    Ok(Checkpoint {
        point,
        solution: report.solution,
        nodes: report.nodes,
    })
}

/// Settles the checkpoints (of `moves` from the start of `deal`) that come before a
/// winnable one but were left unknown: each is winnable by the game's moves up to the last
/// winnable checkpoint followed by that checkpoint's line, which is replayed before it
/// replaces the unknown.
///
/// ```
/// use cgtk_solitaire::{settle, Checkpoint, Deal, Move, ReviewPoint, Rules, Solution};
/// let rules = Rules::new(5, 2, 1).unwrap();
/// let deal = Deal::new(rules, vec![2, 3, 4, 5, 4, 1, 3, 5]).unwrap();
/// let moves: Vec<Move> = ["s-f1", "s-f1"].iter().map(|m| m.parse().unwrap()).collect();
/// // Foundations A 2 3 4 5 and 2 4 A 3 5: after the 2 and the 3, the rest goes home.
/// let rest: Vec<Move> = ["s-f1", "s-f1", "s-f2", "s-f2", "s-f2", "s-f2"]
///     .iter().map(|m| m.parse().unwrap()).collect();
/// let at = |moves: usize, solution: Solution| Checkpoint {
///     point: ReviewPoint { moves, turned: moves },
///     solution,
///     nodes: 0,
/// };
/// let mut checks = vec![at(0, Solution::Unknown), at(2, Solution::Win(rest.clone()))];
/// settle(&deal, &moves, &mut checks);
/// let whole: Vec<Move> = moves.iter().chain(&rest).copied().collect();
/// assert_eq!(checks[0].solution, Solution::Win(whole));
/// ```
pub fn settle(deal: &Deal, moves: &[Move], checks: &mut [Checkpoint]) {
    let Some(last) = checks
        .iter()
        .rposition(|c| matches!(c.solution, Solution::Win(_)))
    else {
        return;
    };
    let (to, tail) = match &checks[last].solution {
        Solution::Win(line) => (checks[last].point.moves, line.clone()),
        _ => return,
    };
    for check in &mut checks[..last] {
        if matches!(check.solution, Solution::Win(_)) {
            continue;
        }
        let from = check.point.moves;
        let line: Vec<Move> = moves[from..to].iter().chain(&tail).copied().collect();
        let whole: Vec<Move> = moves[..from].iter().chain(&line).copied().collect();
        if Calculation::replay(deal.clone(), &whole).is_ok_and(|g| g.is_won()) {
            check.solution = Solution::Win(line);
        }
    }
}

/// Where a reviewed game went wrong: the indices, in `checks`, of the last checkpoint
/// proved winnable and of the one after it; `None` when every checkpoint is winnable, or
/// none is (the deal itself was never shown winnable).
///
/// ```
/// use cgtk_solitaire::{turning_point, Checkpoint, ReviewPoint, Solution};
/// let at = |moves: usize, solution: Solution| Checkpoint {
///     point: ReviewPoint { moves, turned: moves },
///     solution,
///     nodes: 1,
/// };
/// let checks = [at(0, Solution::Win(vec![])), at(1, Solution::Win(vec![])), at(2, Solution::Unknown)];
/// assert_eq!(turning_point(&checks), Some((1, 2)));
/// ```
pub fn turning_point(checks: &[Checkpoint]) -> Option<(usize, usize)> {
    let last = checks
        .iter()
        .rposition(|c| matches!(c.solution, Solution::Win(_)))?;
    (last + 1 < checks.len()).then_some((last, last + 1))
}
