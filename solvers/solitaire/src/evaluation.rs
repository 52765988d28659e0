//! The evaluation of a position shared by the solver's beam and the rollout player's base
//! policy: cards home, less a penalty for the waste cards lying in the wrong order for their
//! foundations, measured by each card's *due time* ([`score`], [`order_score`]). The due
//! times depend on the foundations' levels only, so [`DueTimes`] computes them once for a
//! set of levels and [`OrderScorer`] keeps the last set; the fitted evaluation
//! ([`fitted`](crate::fitted)) reads them too.

use crate::position::Position;
use crate::rules::{MAX_FOUNDATIONS, MAX_PILES};

/// The beam's evaluation (higher is better): 64 per card home and 32 per empty waste pile,
/// less a penalty for every pair of waste cards lying in the wrong order (the upper one
/// due home later than the lower one, so the pile cannot unwind top first): 8 plus the
/// difference of their due times.
///
/// A card's *due time* is how many cards a foundation still needing its rank must receive
/// first; as each rank has one card per foundation needing it, the cards of a rank on the
/// waste piles take that rank's due times in order, the card nearest a pile's top the
/// soonest. The weights were chosen by trying a few on 100 deals, and the empty-pile bonus
/// (0, 16, 32, 48, 96 tried) on 3-pile deals 0-599 and 4-pile deals 0-299 at 10^5 nodes
/// (3 piles: 398 won with no bonus, 415 with 32; 4 piles: 271 and 281); the evaluation is
/// a heuristic, not a proof.
pub(crate) fn score(pos: &Position) -> i32 {
    order_score(pos, EMPTY_PILE_BONUS)
}

/// The beam evaluation's bonus per empty waste pile (see [`score`]).
pub(crate) const EMPTY_PILE_BONUS: i32 = 32;

/// [`score`] with `empty_bonus` per empty waste pile in place of 32 (the rollout player's
/// base policy uses 0).
pub(crate) fn order_score(pos: &Position, empty_bonus: i32) -> i32 {
    order_score_with(pos, &DueTimes::new(pos), empty_bonus)
}

/// The due times of every rank for one set of foundation levels (see [`score`]): what
/// [`order_score`] computes first, kept so that positions with the same levels (the
/// placements of one turned card on the waste piles, successive decisions that bring no
/// card home) share it.
#[derive(Clone, Copy)]
pub(crate) struct DueTimes {
    /// The levels (and rules) these are the due times for.
    key: ([u8; MAX_FOUNDATIONS], u8, u8),
    /// `due[r][k]`: the `k`-th soonest due time of rank `r`, for `k < count[r]`.
    due: [[u8; MAX_FOUNDATIONS]; 14],
    count: [u8; 14],
}

impl DueTimes {
    fn key(pos: &Position) -> ([u8; MAX_FOUNDATIONS], u8, u8) {
        let rules = pos.rules();
        (pos.levels(), rules.ranks(), rules.foundations() as u8)
    }

    /// The due times for the levels of `pos`.
    pub(crate) fn new(pos: &Position) -> DueTimes {
        let rules = pos.rules();
        let ranks = rules.ranks();
        // Filled in order of due time, so no sort is needed.
        let mut due = [[0u8; MAX_FOUNDATIONS]; 14];
        let mut count = [0u8; 14];
        for d in 0..ranks {
            for f in 0..rules.foundations() {
                let level = pos.level(f);
                if level + d < ranks {
                    // The card at level `level + d + 1` of foundation f is due after d others.
                    let r = rules.next_raw(f, level + d) as usize;
                    due[r][count[r] as usize] = d;
                    count[r] += 1;
                }
            }
        }
        DueTimes {
            key: DueTimes::key(pos),
            due,
            count,
        }
    }

    /// The due time of every waste card of `pos` (which must have these levels), written
    /// into `times[pile][index]`, index 0 at the bottom (the entries past each pile's top
    /// are left as they were): the cards in order of depth below their pile's top take
    /// their rank's due times in order (one past the last repeats it). The caller's buffer
    /// spares the hot path a copy of the whole table per evaluation.
    pub(crate) fn waste_times(&self, pos: &Position, times: &mut WasteTimes) {
        let rules = pos.rules();
        let mut used = [0u8; 14];
        let deepest = (0..rules.piles())
            .map(|w| pos.pile(w).len())
            .max()
            .unwrap_or(0);
        for depth in 0..deepest {
            for (w, row) in times.iter_mut().enumerate().take(rules.piles()) {
                let pile = pos.pile(w);
                if depth < pile.len() {
                    let i = pile.len() - 1 - depth;
                    let r = pile[i] as usize;
                    let k = used[r].min(self.count[r].saturating_sub(1));
                    row[i] = self.due[r][k as usize];
                    used[r] += 1;
                }
            }
        }
    }

    /// Whether these are the due times for the levels of `pos`.
    fn fits(&self, pos: &Position) -> bool {
        self.key == DueTimes::key(pos)
    }
}

/// Due times of the waste cards, `[pile][index]` ([`DueTimes::waste_times`]).
pub(crate) type WasteTimes = [[u8; 48]; MAX_PILES];

/// An empty [`WasteTimes`], the buffer an evaluation starts from.
pub(crate) const NO_TIMES: WasteTimes = [[0; 48]; MAX_PILES];

/// The due times of the last levels asked for: [`order_score`] with a memory, recomputing
/// the due times only when the levels change. Equal to [`order_score`] on every position.
#[derive(Clone, Copy, Default)]
pub(crate) struct OrderScorer {
    last: Option<DueTimes>,
}

impl OrderScorer {
    /// [`order_score`] of `pos` with `empty_bonus`.
    pub(crate) fn score(&mut self, pos: &Position, empty_bonus: i32) -> i32 {
        order_score_with(pos, self.due_times(pos), empty_bonus)
    }

    /// The due times for the levels of `pos`, remembered for the next call.
    pub(crate) fn due_times(&mut self, pos: &Position) -> &DueTimes {
        if self.last.as_ref().is_some_and(|due| !due.fits(pos)) {
            self.last = None;
        }
        self.last.get_or_insert_with(|| DueTimes::new(pos))
    }
}

/// [`order_score`] given the due times of the levels of `pos`.
fn order_score_with(pos: &Position, due_times: &DueTimes, empty_bonus: i32) -> i32 {
    debug_assert!(due_times.fits(pos));
    let rules = pos.rules();
    let mut times = NO_TIMES;
    due_times.waste_times(pos, &mut times);
    // An empty pile can take any card: a bonus (half a card home each in `score`).
    let mut penalty = 0i32;
    for w in 0..rules.piles() {
        if pos.pile(w).is_empty() {
            penalty -= empty_bonus;
        }
    }
    for (w, row) in times.iter().enumerate().take(rules.piles()) {
        penalty += wrong_order_sum(&row[..pos.pile(w).len()], |late| 8 + late);
    }
    64 * pos.cards_on_foundations() as i32 - penalty
}

/// The sum of `weigh(lateness)` over the pairs of a pile's due times `t` (bottom first)
/// lying in the wrong order: the upper card due later than the lower one, by `lateness`.
/// The hot loop of the base policy's evaluations (the piles are short; plain loops beat
/// every rewrite tried: a linear one keeping running counts and sums by due time made
/// rollouts 1.8 times as slow, and 16 saturating differences per card, one lane per card
/// below, 2.1 times).
#[inline(always)]
pub(crate) fn wrong_order_sum(t: &[u8], weigh: impl Fn(i32) -> i32) -> i32 {
    let mut sum = 0;
    for (j, &upper) in t.iter().enumerate() {
        sum += t[..j]
            .iter()
            .map(|&lower| {
                let late = i32::from(upper) - i32::from(lower);
                if late > 0 {
                    weigh(late)
                } else {
                    0
                }
            })
            .sum::<i32>();
    }
    sum
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::Rules;

    /// Every waste card's due time from the definition, written plainly (`[pile][index]`,
    /// index 0 at the bottom): the due times of each rank sorted afresh, the cards of a rank
    /// taking them in order of depth below the top (piles in order at equal depth).
    pub(crate) fn waste_times_by_definition(pos: &Position) -> Vec<Vec<u8>> {
        let rules = pos.rules();
        let mut due: Vec<Vec<u8>> = vec![Vec::new(); 14];
        for f in 0..rules.foundations() {
            let seq = rules.foundation_sequence(f);
            for (i, &r) in seq.iter().enumerate().skip(pos.level(f) as usize) {
                due[r as usize].push((i - pos.level(f) as usize) as u8);
            }
        }
        for d in due.iter_mut() {
            d.sort();
        }
        // (depth, pile, index) of every waste card, in the order that hands out due times.
        let mut cards = Vec::new();
        for w in 0..rules.piles() {
            let pile = pos.pile(w);
            for (i, _) in pile.iter().enumerate() {
                cards.push((pile.len() - 1 - i, w, i));
            }
        }
        cards.sort();
        let mut time = vec![vec![0u8; 48]; rules.piles()];
        let mut taken = [0usize; 14];
        for (_, w, i) in cards {
            let r = pos.pile(w)[i] as usize;
            time[w][i] = due[r][taken[r].min(due[r].len().saturating_sub(1))];
            taken[r] += 1;
        }
        time
    }

    /// `order_score` from its definition, written plainly: every waste card with its due
    /// time, the cards of a rank taking that rank's due times in order of depth below the
    /// top (piles in order at equal depth), and the penalty summed over the wrongly ordered
    /// pairs of each pile.
    fn order_score_by_definition(pos: &Position, empty_bonus: i32) -> i32 {
        let time = waste_times_by_definition(pos);
        let mut value = 64 * pos.cards_on_foundations() as i32;
        for (w, row) in time.iter().enumerate() {
            let n = pos.pile(w).len();
            if n == 0 {
                value += empty_bonus;
            }
            for upper in 0..n {
                for lower in 0..upper {
                    let (u, l) = (row[upper] as i32, row[lower] as i32);
                    if u > l {
                        value -= 8 + u - l;
                    }
                }
            }
        }
        value
    }

    /// The rule sets the evaluations are checked on: standard, 3 piles, and a reduced deck.
    pub(crate) fn some_rules() -> [Rules; 3] {
        [
            Rules::STANDARD,
            Rules::new(13, 4, 3).unwrap_or(Rules::STANDARD),
            Rules::new(7, 3, 2).unwrap_or(Rules::STANDARD),
        ]
    }

    /// Plays `games` random games of each of `rules` (cards turned and moves chosen by a
    /// generator seeded `seed`), showing `visit` every position where the player moves,
    /// the last of each game included; returns how many it showed.
    pub(crate) fn visit_random_games(
        rules: &[Rules],
        games: usize,
        seed: u64,
        mut visit: impl FnMut(&Position),
    ) -> usize {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut visited = 0;
        let mut moves = Vec::new();
        for &rules in rules {
            for _ in 0..games {
                let mut pos = Position::start(rules);
                loop {
                    if pos.is_chance() {
                        pos.turn_random(&mut rng);
                        continue;
                    }
                    visit(&pos);
                    visited += 1;
                    pos.moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
                }
            }
        }
        visited
    }

    #[test]
    fn order_score_and_the_scorer_follow_the_definition() {
        // One scorer across every position and rule set: its remembered due times must
        // never leak into a position with other levels or rules.
        let mut scorer = OrderScorer::default();
        let checked = visit_random_games(&some_rules(), 200, 5, |pos| {
            for bonus in [0, 32] {
                let expected = order_score_by_definition(pos, bonus);
                assert_eq!(order_score(pos, bonus), expected, "{pos:?}");
                assert_eq!(scorer.score(pos, bonus), expected, "{pos:?}");
            }
        });
        assert!(checked > 10_000, "{checked}");
    }
}
