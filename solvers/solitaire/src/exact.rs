//! Exact values of small games: the optimal win probability when the stock order is
//! hidden (expectimax over the unknown order), and the fraction of deals winnable with
//! every card known (every distinct deal solved).

use crate::deal::Deal;
use crate::position::{Move, Position};
use crate::rules::Rules;
use crate::solver::{dead, key, solve, KeyHasher, Solution, SolveLimits};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// The positions searched and their values, keyed by the solver's packed key (piles sorted;
/// with the rules fixed the key also fixes the cards face down, which are the deck less
/// the cards in view).
type Memo = HashMap<[u64; 4], f64, BuildHasherDefault<KeyHasher>>;

/// Why an exact computation was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExactError {
    /// The game has more positions than the limit allows.
    #[error("more than {0} positions: too large for exact play, use a smaller deck")]
    TooLarge(usize),
    /// A deal the solver could not decide within its limits.
    #[error("the solver could not decide a deal within its limits")]
    Undecided,
}

/// The optimal player's chance of winning a random deal of `rules` when the stock order is
/// hidden: expectimax over the player's view, where a decision takes the best move and a
/// turned card is a rank drawn with probability (cards of that rank left) / (cards left).
/// Positions are remembered with their piles sorted; more than `max_positions` of them
/// is refused.
///
/// ```
/// use cgtk_solitaire::{exact_win_probability, Rules};
/// // Five ranks, two foundations, four waste piles: 8 cards, never stuck.
/// let p = exact_win_probability(Rules::new(5, 2, 4).unwrap(), 1_000_000).unwrap();
/// assert!((p - 1.0).abs() < 1e-12);
/// ```
pub fn exact_win_probability(rules: Rules, max_positions: usize) -> Result<f64, ExactError> {
    let mut memo = Memo::default();
    value(&Position::start(rules), &mut memo, max_positions)
}

/// The best move of the hidden-information game and its win probability, `None` when
/// the game is over or a card must be turned. Of equally good moves the first is taken,
/// cards going home before cards going to a pile; a sure win is worth exactly 1.
///
/// ```
/// use cgtk_solitaire::{exact_best_move, Move, Position, Rules};
/// let mut pos = Position::start(Rules::new(5, 2, 2).unwrap());
/// pos.turn(2).unwrap();
/// let (mv, p) = exact_best_move(&pos, 1_000_000).unwrap().unwrap();
/// assert_eq!(mv, Move::StockToFoundation(0));
/// assert!(p > 0.5 && p <= 1.0);
/// ```
pub fn exact_best_move(
    pos: &Position,
    max_positions: usize,
) -> Result<Option<(Move, f64)>, ExactError> {
    best_move(pos, &mut Memo::default(), max_positions)
}

/// The moves of [`exact_best_move`] one after another from `pos` (a card turned) up to and
/// including the card's placement, sharing one memory of positions (at most
/// `max_positions`), and the win probability; `None` when no card is turned or the game is
/// over.
///
/// ```
/// use cgtk_solitaire::{exact_best_line, exact_best_move, Position, Rules};
/// let mut pos = Position::start(Rules::new(5, 2, 2).unwrap());
/// pos.turn(3).unwrap();
/// let (line, p) = exact_best_line(&pos, 1_000_000).unwrap().unwrap();
/// let (first, q) = exact_best_move(&pos, 1_000_000).unwrap().unwrap();
/// assert_eq!((line[0], p), (first, q));
/// ```
pub fn exact_best_line(
    pos: &Position,
    max_positions: usize,
) -> Result<Option<(Vec<Move>, f64)>, ExactError> {
    exact_best_line_in(pos, max_positions, &mut ExactMemory::default())
}

/// The positions exact searches have valued, kept from one placement to the next: a value
/// depends on the position alone, so the placements of one game played exactly one after
/// another ([`exact_best_line_in`]) find most of their positions already valued by the
/// first.
///
/// ```
/// use cgtk_solitaire::ExactMemory;
/// let memory = ExactMemory::default();
/// assert!(memory.is_empty());
/// ```
#[derive(Clone, Debug, Default)]
pub struct ExactMemory {
    memo: Memo,
}

impl ExactMemory {
    /// The positions remembered.
    ///
    /// ```
    /// use cgtk_solitaire::{exact_best_line_in, ExactMemory, Position, Rules};
    /// let mut pos = Position::start(Rules::new(5, 2, 2).unwrap());
    /// pos.turn(3).unwrap();
    /// let mut memory = ExactMemory::default();
    /// exact_best_line_in(&pos, 1_000_000, &mut memory).unwrap();
    /// assert!(memory.len() > 0);
    /// ```
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// True when no position is remembered.
    ///
    /// ```
    /// use cgtk_solitaire::ExactMemory;
    /// assert!(ExactMemory::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }
}

/// The optimal chance of winning from any position (a card turned or one to turn), the
/// positions of earlier searches remembered in `memory`: what [`exact_best_line_in`] gives
/// for the best placement, here for any position, so also for the one a player's own
/// placement left (the difference is what the placement gave away). A search that would
/// leave more than `max_positions` positions in the memory (earlier ones included) is
/// refused with [`ExactError::TooLarge`], and the memory is then emptied.
///
/// ```
/// use cgtk_solitaire::{exact_best_line_in, exact_value_in, exact_win_probability, ExactMemory, Position, Rules};
/// let rules = Rules::new(5, 2, 2).unwrap();
/// let mut memory = ExactMemory::default();
/// let start = Position::start(rules);
/// let p = exact_value_in(&start, 1_000_000, &mut memory).unwrap();
/// assert_eq!(p, exact_win_probability(rules, 1_000_000).unwrap());
/// // After a card is turned, the best line keeps the chance its placement has.
/// let mut pos = start;
/// pos.turn(3).unwrap();
/// let (line, q) = exact_best_line_in(&pos, 1_000_000, &mut memory).unwrap().unwrap();
/// let mut after = pos;
/// for mv in line {
///     after.play(mv).unwrap();
/// }
/// assert_eq!(exact_value_in(&after, 1_000_000, &mut memory).unwrap(), q);
/// ```
pub fn exact_value_in(
    pos: &Position,
    max_positions: usize,
    memory: &mut ExactMemory,
) -> Result<f64, ExactError> {
    let result = value(pos, &mut memory.memo, max_positions);
    if result.is_err() {
        memory.memo = Memo::default();
    }
    result
}

/// [`exact_best_line`] with the positions of earlier searches remembered in `memory`,
/// which keeps this search's positions for the next: the same line and probability as a
/// search afresh, usually sooner. `max_positions` bounds the memory as a whole; a search
/// that would pass it with earlier positions remembered forgets them and starts afresh,
/// and one that passes it afresh leaves the memory empty and gives
/// [`ExactError::TooLarge`], as [`exact_best_line`] does.
///
/// ```
/// use cgtk_solitaire::{exact_best_line, exact_best_line_in, Calculation, Deal, ExactMemory, Rules};
/// // A game of a small deck played exactly from its first card, one memory for all of it.
/// let rules = Rules::new(5, 2, 2).unwrap();
/// let mut game = Calculation::new(Deal::from_seed(rules, 3));
/// let mut memory = ExactMemory::default();
/// let mut first = None;
/// while game.position().turned().is_some() {
///     let shared = exact_best_line_in(game.position(), 1_000_000, &mut memory).unwrap();
///     let fresh = exact_best_line(game.position(), 1_000_000).unwrap();
///     assert_eq!(shared, fresh);
///     // The first search valued every position the later ones need.
///     let known = *first.get_or_insert(memory.len());
///     assert_eq!(memory.len(), known);
///     for mv in shared.unwrap().0 {
///         game.play(mv).unwrap();
///     }
/// }
/// ```
pub fn exact_best_line_in(
    pos: &Position,
    max_positions: usize,
    memory: &mut ExactMemory,
) -> Result<Option<(Vec<Move>, f64)>, ExactError> {
    let memo = &mut memory.memo;
    let kept = !memo.is_empty();
    let result = match best_line(pos, memo, max_positions) {
        Err(ExactError::TooLarge(_)) if kept => {
            // Perhaps too large only with the earlier searches' positions: afresh.
            memo.clear();
            best_line(pos, memo, max_positions)
        }
        result => result,
    };
    if result.is_err() {
        // A search cut short leaves a full memory of little use: start the next afresh.
        *memo = Memo::default();
    }
    result
}

/// The line of [`exact_best_line_in`] with the memory given.
fn best_line(
    pos: &Position,
    memo: &mut Memo,
    max_positions: usize,
) -> Result<Option<(Vec<Move>, f64)>, ExactError> {
    let mut p = *pos;
    let mut line = Vec::new();
    let mut chance = None;
    while p.turned().is_some() {
        let Some((mv, v)) = best_move(&p, memo, max_positions)? else {
            break;
        };
        chance.get_or_insert(v);
        p.play_unchecked(mv);
        line.push(mv);
    }
    Ok(chance.map(|v| (line, v)))
}

/// [`exact_best_move`] with the memory given.
fn best_move(
    pos: &Position,
    memo: &mut Memo,
    max_positions: usize,
) -> Result<Option<(Move, f64)>, ExactError> {
    let mut moves = Vec::new();
    homeward_first(pos, &mut moves);
    let mut best: Option<(Move, f64)> = None;
    for mv in moves {
        let mut child = *pos;
        child.play_unchecked(mv);
        let v = value(&child, memo, max_positions)?;
        if best.map_or(true, |(_, b)| v > b) {
            best = Some((mv, v));
        }
        if v == 1.0 {
            // A sure win: no later move can be better, and the first best is the one kept.
            break;
        }
    }
    Ok(best)
}

/// The legal moves of `pos`, cards going home first (waste tops, then the turned card),
/// then the turned card to each pile: a sure win is usually found among the first, and a
/// decision stops at its first sure win.
fn homeward_first(pos: &Position, moves: &mut Vec<Move>) {
    pos.moves(moves);
    moves.sort_by_key(|mv| match mv {
        Move::WasteToFoundation { .. } => 0,
        Move::StockToFoundation(_) => 1,
        Move::StockToWaste(_) => 2,
    });
}

/// The optimal chance of winning from `pos` (expectimax over the cards face down), every
/// position remembered; a position the dead-position test of the solver calls lost (lost
/// whatever the order, so lost with the order hidden) is worth 0 without a search.
fn value(pos: &Position, memo: &mut Memo, max_positions: usize) -> Result<f64, ExactError> {
    if pos.is_won() {
        return Ok(1.0);
    }
    let key = key(pos, None);
    if let Some(&v) = memo.get(&key) {
        return Ok(v);
    }
    if memo.len() >= max_positions {
        return Err(ExactError::TooLarge(max_positions));
    }
    let v = if dead(pos) {
        0.0
    } else if pos.is_chance() {
        let total = pos.unseen_total() as f64;
        let mut sum = 0.0;
        // A sure win is worth exactly 1, not the rounded sum of its chances (which may fall
        // short of 1 by an ulp), so that a decision stops at the first sure win.
        let mut sure = true;
        for rank in 1..=pos.rules().ranks() {
            let n = pos.unseen(rank);
            if n > 0 {
                let mut child = *pos;
                child.turn_unchecked(rank);
                let v = value(&child, memo, max_positions)?;
                sure &= v == 1.0;
                sum += n as f64 / total * v;
            }
        }
        if sure {
            1.0
        } else {
            sum
        }
    } else {
        // A decision is worth its best move (0 with none left).
        best_move(pos, memo, max_positions)?.map_or(0.0, |(_, v)| v)
    };
    memo.insert(key, v);
    Ok(v)
}

/// Every distinct deal of `rules` (the distinct orders of the stock's multiset of ranks,
/// in lexicographic order), each equally likely under a uniform shuffle.
///
/// ```
/// use cgtk_solitaire::{all_deals, Rules};
/// // 8 cards: ranks 1, 2 once and 3, 4, 5 twice: 8! / 2^3 orders.
/// assert_eq!(all_deals(Rules::new(5, 2, 2).unwrap()).count(), 5040);
/// ```
pub fn all_deals(rules: Rules) -> impl Iterator<Item = Deal> {
    let mut stock: Vec<u8> = (1..=rules.ranks())
        .flat_map(|r| std::iter::repeat(r).take(rules.copies_in_stock(r) as usize))
        .collect();
    let mut first = true;
    std::iter::from_fn(move || {
        if !first && !next_permutation(&mut stock) {
            return None;
        }
        first = false;
        Deal::new(rules, stock.clone()).ok()
    })
}

/// The next lexicographic permutation in place; false after the last.
fn next_permutation(v: &mut [u8]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let Some(j) = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]) else {
        return false;
    };
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// How many of the distinct deals of `rules` can be won with every card known, and how
/// many deals there are.
///
/// ```
/// use cgtk_solitaire::{winnable_deals, Rules};
/// let (won, all) = winnable_deals(Rules::new(5, 2, 1).unwrap()).unwrap();
/// assert_eq!(all, 5040);
/// assert!(won < all);
/// ```
pub fn winnable_deals(rules: Rules) -> Result<(u64, u64), ExactError> {
    let mut won = 0;
    let mut all = 0;
    for deal in all_deals(rules) {
        all += 1;
        match solve(&deal, SolveLimits::default()).solution {
            Solution::Win(_) => won += 1,
            Solution::Loss => {}
            Solution::Unknown => return Err(ExactError::Undecided),
        }
    }
    Ok((won, all))
}
