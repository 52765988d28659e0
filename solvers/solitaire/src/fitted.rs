//! The rollout player's base policy with a fitted evaluation ([`BasePolicy::Fitted`]): a
//! weighted sum of thirteen features of a position, the weights fitted to the placements a
//! stronger player chose.
//!
//! **Features.** Every waste card gets the due time of [`order_score`](crate::beam): how
//! many cards a foundation still needing its rank must receive first, the cards of a rank
//! taking that rank's due times in order, the card nearest a pile's top the soonest. A pair
//! of cards on one pile lies *in the wrong order* when the upper one is due later than the
//! lower one (the pile cannot unwind top first); its *lateness* is the difference. The
//! features, in the order of [`FEATURES`] and of the weights:
//!
//! 0. cards on the foundations;
//! 1. pairs in the wrong order;
//! 2. the sum of their lateness;
//! 3. empty waste piles;
//! 4. waste cards with a card due later somewhere above them;
//! 5. the sum over the piles of the square of their height;
//! 6. piles whose top card is due within 2 cards;
//! 7. the sum of the piles' top cards' due times;
//! 8. the largest lateness of a pair in the wrong order (0 without one);
//! 9. the sum of every waste card's due time;
//! 10. non-empty piles with no pair in the wrong order;
//! 11. the sum, over neighbouring cards of a pile in the right order, of how much later the
//!     lower one is due;
//! 12. waste cards due 8 or more cards from now.
//!
//! The evaluation is `Σ weight × feature`, scaled by 1,000 (the weights have two decimals,
//! so the scaled sum is computed in integers, exactly).
//! The base policy's evaluation by order alone is the special case `64, −8, −1` on the
//! first three features and 0 elsewhere.
//!
//! **Weights** ([`FITTED_3_PILES`]) were fitted with 3 waste piles by maximum likelihood of
//! a conditional logit (each decision's placements compete by `exp(weights · features)`)
//! to the placements of the 400-sample rollout player over the order evaluation on deals
//! 100000–100960: of the 27,869 decisions whose played placement had a mean sample value
//! above every other's (a tie teaches nothing), the even-numbered half
//! (`examples/fit_data.rs` writes the rows, `scripts/fit_base_policy.py` fits them), then
//! scaled so that the weight of a card home is 64. The deals are far from those of the
//! measured runs (which start at 0 or 5000). On the odd half, the fitted evaluation ranks
//! the played placement first in 51.5% of the decisions, the order evaluation in 43.6%.
//! The same weights serve every number of piles; they were fitted and measured with 3.
//!
//! Measured (release, one thread, the same deals for both, 3 piles): the base policy alone
//! wins 551 of deals 5000–44999 where the order evaluation wins 543, at 38 µs a game
//! against 32; as the rollout player's simulation policy at 400 samples, deals
//! 5000–6599: 479 won against 434 (264 deals only fitted, 219 only order, p = 0.045), at
//! about 1.27 times the processor time (0.98 s a game). At that time the order evaluation
//! plays 508 samples, and won 487 of those deals (254 only order, 246 only fitted, p =
//! 0.75): no gain at equal time. At the strongest 3-pile settings (12,800 samples, a level
//! deeper from 32 cards face down, the last 7 cards exact) it won 700 of deals 0–999 where
//! the order evaluation won 642 (181 deals only fitted, 123 only order, p = 0.0010). With
//! 4 piles the same weights halve the base policy's wins alone (2,116 against 3,779 of
//! deals 5000–44999). See the history in `docs/calculation-history.md`.

use crate::evaluation::{wrong_order_sum, DueTimes, NO_TIMES};
use crate::position::Position;

/// Which evaluation the rollout player's base policy ranks the places of the turned card
/// by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BasePolicy {
    /// 64 per card home less 8 plus the lateness for every pair of waste cards in the wrong
    /// order (the evaluation every run before the fitted one used).
    #[default]
    Order,
    /// The fitted evaluation of [`FEATURES`] with the weights [`FITTED_3_PILES`]. (A rollout
    /// level still breaks ties between placements of equal totals by the order evaluation.)
    Fitted,
}

impl BasePolicy {
    /// Every base policy, the default first.
    pub const ALL: [BasePolicy; 2] = [BasePolicy::Order, BasePolicy::Fitted];

    /// The policy's name where a command or a variant names it: `order` or `fitted`.
    ///
    /// ```
    /// use cgtk_solitaire::BasePolicy;
    /// for policy in BasePolicy::ALL {
    ///     assert_eq!(BasePolicy::from_name(policy.name()), Some(policy));
    /// }
    /// assert_eq!(BasePolicy::Fitted.name(), "fitted");
    /// assert_eq!(BasePolicy::from_name("learned"), None);
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            BasePolicy::Order => "order",
            BasePolicy::Fitted => "fitted",
        }
    }

    /// The policy of that [`name`](BasePolicy::name), if any.
    pub fn from_name(name: &str) -> Option<BasePolicy> {
        BasePolicy::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// The number of features of the fitted evaluation.
pub const FEATURE_COUNT: usize = 13;

/// The names of the fitted evaluation's features, in order (see the module documentation
/// for their definitions).
pub const FEATURES: [&str; FEATURE_COUNT] = [
    "home",
    "wrong-order pairs",
    "lateness",
    "empty piles",
    "blocked cards",
    "height squared",
    "tops due soon",
    "top due times",
    "largest lateness",
    "due times",
    "ordered piles",
    "right-order gaps",
    "far cards",
];

/// The fitted weights, 3 waste piles (see the module documentation for how they were
/// fitted).
pub const FITTED_3_PILES: [f64; FEATURE_COUNT] = [
    64.0, 0.64, -11.58, 53.10, -39.21, 5.37, 35.57, -1.58, -11.24, -5.81, -26.85, -5.37, 18.74,
];

/// The features of `pos` (the order of [`FEATURES`]).
///
/// ```
/// use cgtk_solitaire::{position_features, Position, Rules};
/// let mut pos = Position::start(Rules::STANDARD);
/// pos.turn(13).unwrap();
/// pos.play("s-w1".parse().unwrap()).unwrap();
/// let f = position_features(&pos);
/// // The first four cards home; a king on one pile, three piles empty, the king due
/// // after 11 cards (each foundation needs 11 more before its king).
/// assert_eq!((f[0], f[3], f[5], f[9], f[12]), (4, 3, 1, 11, 1));
/// ```
pub fn position_features(pos: &Position) -> [i32; FEATURE_COUNT] {
    features_with(pos, &DueTimes::new(pos))
}

/// [`position_features`] given the due times of the levels of `pos`.
pub(crate) fn features_with(pos: &Position, due_times: &DueTimes) -> [i32; FEATURE_COUNT] {
    let rules = pos.rules();
    let mut times = NO_TIMES;
    due_times.waste_times(pos, &mut times);
    let mut f = [0i32; FEATURE_COUNT];
    f[0] = pos.cards_on_foundations() as i32;
    for (w, row) in times.iter().enumerate().take(rules.piles()) {
        let t = &row[..pos.pile(w).len()];
        let Some(&top) = t.last() else {
            f[3] += 1;
            continue;
        };
        // Blocked cards: a running maximum of the due times above, from the top down.
        let mut above: Option<u8> = None;
        for &time in t.iter().rev() {
            if above.is_some_and(|a| a > time) {
                f[4] += 1;
            }
            above = Some(above.map_or(time, |a| a.max(time)));
        }
        // Branch-free sums over the pairs (the piles are short; this is the hot loop).
        let (mut wrong, mut lateness, mut largest) = (0, 0, 0);
        for (j, &upper) in t.iter().enumerate() {
            for &lower in &t[..j] {
                let late = i32::from(upper) - i32::from(lower);
                wrong += i32::from(late > 0);
                lateness += late.max(0);
                largest = largest.max(late);
            }
            f[9] += i32::from(upper);
            f[12] += i32::from(upper >= 8);
        }
        f[2] += lateness;
        f[8] = f[8].max(largest);
        f[1] += wrong;
        f[5] += (t.len() * t.len()) as i32;
        f[6] += i32::from(top <= 2);
        f[7] += i32::from(top);
        f[10] += i32::from(wrong == 0);
        for pair in t.windows(2) {
            let gap = i32::from(pair[0]) - i32::from(pair[1]);
            if gap >= 0 {
                f[11] += gap;
            }
        }
    }
    f
}

/// [`FITTED_3_PILES`] times 1,000: integers, as the weights have at most two decimals, so
/// that the scaled sum needs no rounding (a test checks both).
const FITTED_3_PILES_MILLI: [i32; FEATURE_COUNT] = [
    64000, 640, -11580, 53100, -39210, 5370, 35570, -1580, -11240, -5810, -26850, -5370, 18740,
];

/// The fitted evaluation of `pos` given its due times: `Σ weight × feature` scaled by
/// 1,000 (in integers, [`FITTED_3_PILES_MILLI`]), computed without the features: the
/// pairs in the wrong order and their lateness in one sum (each pair weighs its count's
/// weight plus its lateness's), and the largest lateness and the blocked cards both from
/// the running maximum of the due times above each card (a card is blocked when that
/// maximum is later than its own; the largest lateness is the largest such difference).
pub(crate) fn fitted_score_with(pos: &Position, due_times: &DueTimes) -> i32 {
    const W: [i32; FEATURE_COUNT] = FITTED_3_PILES_MILLI;
    let rules = pos.rules();
    let mut times = NO_TIMES;
    due_times.waste_times(pos, &mut times);
    let mut score = W[0] * pos.cards_on_foundations() as i32;
    let mut largest_all = 0;
    for (w, row) in times.iter().enumerate().take(rules.piles()) {
        let t = &row[..pos.pile(w).len()];
        let Some(&top) = t.last() else {
            score += W[3];
            continue;
        };
        // Every pair in the wrong order: its count's weight plus its lateness's.
        let pairs = wrong_order_sum(t, |late| W[1] + W[2] * late);
        // From the top down: the running maximum above, and the upper neighbour.
        let (mut blocked, mut largest, mut sum, mut far, mut gaps) = (0, 0, 0, 0, 0);
        let top = i32::from(top);
        let mut above_max = top;
        let mut upper = top;
        for &lower in t[..t.len() - 1].iter().rev() {
            let lower = i32::from(lower);
            blocked += i32::from(above_max > lower);
            largest = largest.max(above_max - lower);
            gaps += (lower - upper).max(0);
            above_max = above_max.max(lower);
            upper = lower;
            sum += lower;
            far += i32::from(lower >= 8);
        }
        sum += top;
        far += i32::from(top >= 8);
        largest_all = largest_all.max(largest);
        score += pairs
            + W[4] * blocked
            + W[5] * (t.len() * t.len()) as i32
            + W[6] * i32::from(top <= 2)
            + W[7] * top
            + W[9] * sum
            + W[10] * i32::from(largest == 0)
            + W[11] * gaps
            + W[12] * far;
    }
    score + W[8] * largest_all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluation::tests::{some_rules, visit_random_games};
    use crate::rules::Rules;

    /// The features by their definitions, from the due times of the definition.
    fn by_definition(pos: &Position) -> [i32; FEATURE_COUNT] {
        let time = crate::evaluation::tests::waste_times_by_definition(pos);
        let mut f = [0i32; FEATURE_COUNT];
        f[0] = pos.cards_on_foundations() as i32;
        for (w, row) in time.iter().enumerate() {
            let t: Vec<i32> = row[..pos.pile(w).len()].iter().map(|&x| x.into()).collect();
            let n = t.len();
            if n == 0 {
                f[3] += 1;
                continue;
            }
            let pairs: Vec<i32> = (0..n)
                .flat_map(|u| (0..u).map(move |l| (u, l)))
                .map(|(u, l)| t[u] - t[l])
                .filter(|&late| late > 0)
                .collect();
            f[1] += pairs.len() as i32;
            f[2] += pairs.iter().sum::<i32>();
            f[8] = f[8].max(pairs.iter().copied().max().unwrap_or(0));
            f[4] += (0..n).filter(|&l| (l + 1..n).any(|u| t[u] > t[l])).count() as i32;
            f[5] += (n * n) as i32;
            f[6] += i32::from(t[n - 1] <= 2);
            f[7] += t[n - 1];
            f[9] += t.iter().sum::<i32>();
            f[10] += i32::from(pairs.is_empty());
            f[11] += (1..n).map(|u| (t[u - 1] - t[u]).max(0)).sum::<i32>();
            f[12] += t.iter().filter(|&&x| x >= 8).count() as i32;
        }
        f
    }

    #[test]
    fn features_follow_their_definitions() {
        let checked = visit_random_games(&some_rules(), 150, 11, |pos| {
            assert_eq!(position_features(pos), by_definition(pos), "{pos:?}");
        });
        assert!(checked > 10_000, "{checked}");
    }

    /// The fitted score, computed without the features, is the weighted sum of the
    /// features (the integer weights being the published ones times 1,000).
    #[test]
    fn the_score_is_the_weighted_sum_of_the_features() {
        for (milli, weight) in FITTED_3_PILES_MILLI.iter().zip(FITTED_3_PILES) {
            assert_eq!(f64::from(*milli), weight * 1000.0, "{weight}");
        }
        let checked = visit_random_games(&some_rules(), 150, 13, |pos| {
            let f = position_features(pos);
            let sum: f64 = f
                .iter()
                .zip(FITTED_3_PILES)
                .map(|(&x, w)| f64::from(x) * w)
                .sum();
            let score = fitted_score_with(pos, &DueTimes::new(pos));
            assert_eq!(score, (sum * 1000.0).round() as i32, "{pos:?}");
        });
        assert!(checked > 10_000, "{checked}");
    }

    /// The order evaluation is the fitted form with the weights 64, −8, −1.
    #[test]
    fn the_order_evaluation_is_a_special_case() {
        let checked = visit_random_games(&[Rules::STANDARD], 200, 12, |pos| {
            let f = position_features(pos);
            let order = crate::evaluation::order_score(pos, 0);
            assert_eq!(64 * f[0] - 8 * f[1] - f[2], order, "{pos:?}");
        });
        assert!(checked > 5_000, "{checked}");
    }
}
