//! The rollout player's base policy: waste tops home while one fits, then the turned card
//! where an evaluation of the waste piles' order likes it best ([`greedy_moves`]).

use crate::evaluation::OrderScorer;
use crate::fitted::{fitted_score_with, BasePolicy};
use crate::position::{Move, Position};
use crate::rules::MAX_PILES;

/// The first waste top that fits a foundation, onto the first foundation that needs it.
pub(super) fn home_top(pos: &Position) -> Option<Move> {
    let rules = pos.rules();
    for w in 0..rules.piles() {
        if let Some(&top) = pos.pile(w).last() {
            for f in 0..rules.foundations() {
                if pos.needs(f) == Some(top) {
                    return Some(Move::WasteToFoundation {
                        pile: w as u8,
                        foundation: f as u8,
                    });
                }
            }
        }
    }
    None
}

/// Moves waste tops home while one fits (each time [`home_top`]), telling `record` each
/// move.
pub(super) fn go_home<F: FnMut(Move)>(pos: &mut Position, record: &mut F) {
    while let Some(mv) = home_top(pos) {
        pos.play_unchecked(mv);
        record(mv);
    }
}

/// The base policy's evaluation of a position (higher is better): 64 per card home, less
/// 8 plus the difference of their due times for every pair of cards on one waste pile
/// lying in the wrong order (the upper one due home later than the lower one, so the pile
/// cannot unwind top first).
///
/// This is the solver's beam evaluation without its bonus for empty piles; due times are
/// computed the same way: a card's *due time* is how many cards a foundation still needing
/// its rank must receive first, and the cards of a rank on the waste piles take that
/// rank's due times in order, the card nearest a pile's top the soonest.
///
/// Measured on 4-pile deals 5000–8999 (the base policy alone): 383 won (9.6%) with this
/// evaluation; 175 (4.4%) with the beam's (an empty-pile bonus of 32), 408 with a bonus of
/// 16 and 268 with a malus of 16 (these three ranking the positions the counting test
/// proves lost last, which alone gives 11.4% with no bonus but at level 1 took 2.3 times
/// as long for no more wins: 33 and 36 of deals 5000–5099 at 20 samples); doubling the
/// pair weight or tripling the difference weight changed a few deals at most, and a term
/// for the gap between neighbouring cards in the right order only lost (8.4% at weight 1).
pub(super) fn evaluate(pos: &Position) -> i32 {
    crate::evaluation::order_score(pos, 0)
}

/// The base policy's evaluation ([`evaluate`], or the fitted one of
/// [`BasePolicy::Fitted`]) with a memory of the last due times (the placements of one card,
/// and successive decisions that bring no card home, share them): equal values, less work.
#[derive(Clone, Copy, Default)]
pub(super) struct BaseScorer {
    due: OrderScorer,
    policy: BasePolicy,
}

impl BaseScorer {
    pub(super) fn new(policy: BasePolicy) -> BaseScorer {
        BaseScorer {
            due: OrderScorer::default(),
            policy,
        }
    }
}

/// The value of `pos` by the evaluation of `scorer`'s policy (higher is better).
pub(super) fn evaluate_with(scorer: &mut BaseScorer, pos: &Position) -> i32 {
    match scorer.policy {
        BasePolicy::Order => scorer.due.score(pos, 0),
        BasePolicy::Fitted => fitted_score_with(pos, scorer.due.due_times(pos)),
    }
}

/// The base policy's place for the turned card of `pos` (no waste top fitting a
/// foundation): the best by [`evaluate`] of every foundation the card fits (followed by
/// every waste top that then fits) and one waste pile of each set of identical piles, the
/// first of equal ones; `None` when no card is turned.
pub(super) fn placement(pos: &Position, scorer: &mut BaseScorer) -> Option<Move> {
    placement_by(pos, |child| evaluate_with(scorer, child))
}

/// The base policy's place for the turned card of `pos` by any evaluation `value` of the
/// positions after it (higher is better): the best of every foundation the card fits
/// (followed by every waste top that then fits) and one waste pile of each set of identical
/// piles. Of equal values the first foundation wins, then the foundations before the
/// piles, then the first pile. `None` when no card is turned. The base policy is this
/// with its evaluation (waste tops fitting a foundation go home before, see
/// [`base_place_by`]).
///
/// ```
/// use cgtk_solitaire::{placement_by, Move, Position, Rules};
/// let mut pos = Position::start(Rules::STANDARD);
/// pos.turn(2).unwrap();
/// // Valuing only the cards home, the 2 goes onto the ace (the foundation building by 1).
/// let home = |p: &Position| p.cards_on_foundations();
/// assert_eq!(placement_by(&pos, home), Some(Move::StockToFoundation(0)));
/// // Valuing nothing, a tie: the foundation still comes before the piles.
/// assert_eq!(placement_by(&pos, |_| 0), Some(Move::StockToFoundation(0)));
/// // Valuing the cards on the waste piles, the first pile.
/// let waste = |p: &Position| (0..4).map(|w| p.pile(w).len()).sum::<usize>();
/// assert_eq!(placement_by(&pos, waste), Some(Move::StockToWaste(0)));
/// ```
pub fn placement_by<V: PartialOrd + Copy>(
    pos: &Position,
    mut value: impl FnMut(&Position) -> V,
) -> Option<Move> {
    let card = pos.turned()?;
    let rules = pos.rules();
    // The waste piles first: their children keep the levels of `pos`, whose due times the
    // base policy's scorer usually holds from the decision before; the foundations'
    // children, which change the levels, last, so that the one played leaves its due times
    // behind.
    let mut place = |w: usize| {
        let mv = Move::StockToWaste(w as u8);
        let mut child = *pos;
        child.play_unchecked(mv);
        (mv, value(&child))
    };
    // The first pile is never a copy of one before it.
    let first = place(0);
    let mut waste = [first; MAX_PILES];
    let mut piles = 1;
    for w in 1..rules.piles() {
        if (0..w).any(|v| pos.pile(v) == pos.pile(w)) {
            continue;
        }
        waste[piles] = place(w);
        piles += 1;
    }
    let mut best: Option<(V, Move)> = None;
    let mut consider = |mv: Move, v: V| {
        if best.map_or(true, |(b, _)| v > b) {
            best = Some((v, mv));
        }
    };
    for f in 0..rules.foundations() {
        if pos.needs(f) == Some(card) {
            let mv = Move::StockToFoundation(f as u8);
            let mut child = *pos;
            child.play_unchecked(mv);
            go_home(&mut child, &mut |_| {});
            consider(mv, value(&child));
        }
    }
    // Ties go to the first of the foundations, then the piles, in that order.
    for &(mv, v) in &waste[..piles] {
        consider(mv, v);
    }
    best.map(|(_, mv)| mv)
}

/// Plays the base policy's placement of the turned card in `pos` (which must hold one),
/// telling `record` each move.
pub(super) fn base_place<F: FnMut(Move)>(
    pos: &mut Position,
    scorer: &mut BaseScorer,
    record: &mut F,
) {
    base_place_by(pos, |child| evaluate_with(scorer, child), record);
}

/// Plays the placement of [`placement_by`] by the evaluation `value`, as the base policy
/// plays its own: first every waste top that fits a foundation goes home, then the turned
/// card of `pos` (if any) goes to its place, then, after a foundation, every waste top that
/// fits again; `record` is told each move.
///
/// ```
/// use cgtk_solitaire::{base_place_by, Deal, Position, Rules};
/// // A policy that values only the cards home, over a whole deal.
/// let deal = Deal::from_seed(Rules::STANDARD, 1);
/// let mut pos = Position::start(Rules::STANDARD);
/// let mut moves = 0;
/// for &card in deal.stock() {
///     pos.turn(card).unwrap();
///     base_place_by(&mut pos, |p| p.cards_on_foundations(), &mut |_| moves += 1);
/// }
/// base_place_by(&mut pos, |p| p.cards_on_foundations(), &mut |_| moves += 1);
/// assert!(pos.is_over());
/// assert!(moves >= 48);
/// ```
pub fn base_place_by<V: PartialOrd + Copy, F: FnMut(Move)>(
    pos: &mut Position,
    mut value: impl FnMut(&Position) -> V,
    record: &mut F,
) {
    go_home(pos, record);
    let Some(mv) = placement_by(pos, &mut value) else {
        return;
    };
    pos.play_unchecked(mv);
    record(mv);
    if matches!(mv, Move::StockToFoundation(_)) {
        go_home(pos, record);
    }
}

/// The base policy's next move from `pos`: a waste top that fits goes home first, else the
/// turned card's placement; `None` when the game is over, a card must be turned, or (stock
/// used up) no waste top fits. Played one after another, these moves are exactly those of
/// [`greedy_moves`]; the Monte Carlo player's `Greedy` playouts use them.
pub(crate) fn greedy_move(pos: &Position) -> Option<Move> {
    if pos.is_chance() {
        return None;
    }
    home_top(pos).or_else(|| placement(pos, &mut BaseScorer::default()))
}

/// The base policy's moves from `pos` up to and including the placement of the turned card
/// (once the stock is used up: every waste top that fits, home); `None` when the game is
/// over or a card must be turned.
///
/// ```
/// use cgtk_solitaire::{greedy_moves, Move, Position, Rules};
/// let mut pos = Position::start(Rules::STANDARD);
/// pos.turn(2).unwrap();
/// assert_eq!(greedy_moves(&pos), Some(vec![Move::StockToFoundation(0)]));
/// ```
pub fn greedy_moves(pos: &Position) -> Option<Vec<Move>> {
    base_moves(pos, BasePolicy::Order)
}

/// [`greedy_moves`] with the evaluation of `policy`.
pub(super) fn base_moves(pos: &Position, policy: BasePolicy) -> Option<Vec<Move>> {
    if pos.is_chance() || pos.is_over() {
        return None;
    }
    let mut line = Vec::new();
    let mut p = *pos;
    base_place(&mut p, &mut BaseScorer::new(policy), &mut |mv| {
        line.push(mv)
    });
    (!line.is_empty()).then_some(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{position_features, Deal, Rules};

    /// `base_place_by` with the order evaluation written as weights over
    /// `position_features` (64 a card home, −8 a pair in the wrong order, −1 its lateness)
    /// plays the base policy's games move for move, with 4 piles and with 3.
    #[test]
    fn weights_of_the_order_evaluation_play_the_base_policy() {
        let mut weights = [0i64; crate::FEATURE_COUNT];
        weights[..3].copy_from_slice(&[64, -8, -1]);
        let value = |p: &Position| -> i64 {
            position_features(p)
                .iter()
                .zip(weights)
                .map(|(&f, w)| i64::from(f) * w)
                .sum()
        };
        for rules in [Rules::STANDARD, Rules::new(13, 4, 3).unwrap()] {
            for seed in 0..150 {
                let deal = Deal::from_seed(rules, seed);
                let (mut by, mut base) = (Position::start(rules), Position::start(rules));
                let (mut by_moves, mut base_moves_played) = (Vec::new(), Vec::new());
                for &card in deal.stock() {
                    by.turn(card).unwrap();
                    base_place_by(&mut by, value, &mut |mv| by_moves.push(mv));
                    base.turn(card).unwrap();
                    for mv in base_moves(&base, BasePolicy::Order).unwrap_or_default() {
                        base.play(mv).unwrap();
                        base_moves_played.push(mv);
                    }
                }
                base_place_by(&mut by, value, &mut |mv| by_moves.push(mv));
                for mv in base_moves(&base, BasePolicy::Order).unwrap_or_default() {
                    base.play(mv).unwrap();
                    base_moves_played.push(mv);
                }
                assert_eq!(
                    by_moves,
                    base_moves_played,
                    "deal {seed}, {} piles",
                    rules.piles()
                );
                assert!(by.is_over() && base.is_over(), "deal {seed}");
            }
        }
    }
}
