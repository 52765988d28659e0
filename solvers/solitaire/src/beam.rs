//! The solver's first phase: a beam search that looks for a winning line fast.
//!
//! The search goes through the stock one card at a time. A *layer* holds positions with the
//! same number of cards turned, each reached by a known line. A position of layer `i` turns
//! card `i`; its children put that card on each foundation it fits, followed by every
//! position that waste tops then fitting can reach by going home (in any order and number,
//! none included), or on each waste pile (one of each set of identical piles). Children with
//! the same canonical form (piles sorted) are merged, those the counting test of
//! [`dead`](crate::solver::dead) calls lost are dropped, and the `width` best by [`score`]
//! form the next layer.
//!
//! The phase is a heuristic: it proves nothing about a deal it cannot win (a waste move is
//! only tried right after the turned card has gone home, and most children are dropped),
//! and the solver replays every line it returns. Proofs of loss come from the exhaustive
//! phase.

use crate::position::{Move, Position};
use crate::rules::{MAX_FOUNDATIONS, MAX_PILES};
use crate::solver::{dead, key};
use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::time::{Duration, Instant};

type Seen = HashSet<[u64; 4], BuildHasherDefault<crate::solver::KeyHasher>>;

/// A position of a layer, with the way it was reached: the index of its parent in the
/// previous layer and its moves from there (a range of the layer's move arena).
#[derive(Clone, Copy)]
struct Node {
    pos: Position,
    parent: u32,
    first: u32,
    len: u8,
    score: i32,
}

/// One layer: its positions and the arena of their moves.
#[derive(Default)]
struct Layer {
    nodes: Vec<Node>,
    moves: Vec<Move>,
}

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
const EMPTY_PILE_BONUS: i32 = 32;

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
    let mut times = [[0u8; 48]; MAX_PILES];
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

/// Moves waste tops home while one fits (the first fitting top, onto the first foundation
/// that needs it), recording the moves.
fn go_home(pos: &mut Position, moves: &mut Vec<Move>) {
    let rules = pos.rules();
    'again: loop {
        for w in 0..rules.piles() {
            if let Some(&top) = pos.pile(w).last() {
                for f in 0..rules.foundations() {
                    if pos.needs(f) == Some(top) {
                        let mv = Move::WasteToFoundation {
                            pile: w as u8,
                            foundation: f as u8,
                        };
                        pos.play_unchecked(mv);
                        moves.push(mv);
                        continue 'again;
                    }
                }
            }
        }
        return;
    }
}

/// The line from the start to `node` of layer `last`.
fn line_to(layers: &[Layer], last: &Layer, node: &Node) -> Vec<Move> {
    fn slice<'l>(layer: &'l Layer, n: &Node) -> &'l [Move] {
        &layer.moves[n.first as usize..n.first as usize + n.len as usize]
    }
    let mut pieces: Vec<&[Move]> = vec![slice(last, node)];
    let mut current = *node;
    for layer in layers.iter().rev() {
        let parent = layer.nodes[current.parent as usize];
        pieces.push(slice(layer, &parent));
        current = parent;
    }
    pieces.into_iter().rev().flatten().copied().collect()
}

/// What a beam search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Beam {
    /// A winning line (still to be replayed by the caller).
    Won(Vec<Move>),
    /// No layer ever had to be cut to the width and no line won: the search was
    /// exhaustive, and the deal is lost.
    Lost,
    /// No win found, and some layer was cut or a limit reached: nothing is proved.
    Open,
}

/// Searches for a winning line from `start` (a position waiting for a card to be turned)
/// of a game whose stock comes in the order `stock`, keeping `width` positions per layer.
/// Every child generated counts as a node in `nodes`; the search gives up when `nodes`
/// passes `node_limit`.
///
/// A layer's children are every position reachable from its positions with one more card
/// turned, up to the order of the piles: the turned card goes to a foundation or a pile,
/// and waste moves only become possible when a foundation advances, which the search
/// follows with every set and order of waste moves. Waste moves made later in a real line
/// commute with the turn of the next card, so they are found from a sibling that made
/// them earlier. Children merged are equal up to the order of the piles (the first
/// dominance), and children dropped are lost (the counting test). So when no layer is cut
/// to the width, every position of the game is covered, and a search that ends with no
/// win proves the deal lost.
pub(crate) fn beam_search(
    start: Position,
    stock: &[u8],
    width: usize,
    nodes: &mut u64,
    node_limit: u64,
    since: Instant,
    time: Option<Duration>,
) -> Beam {
    let rules = start.rules();
    let offset = stock.len() - start.unseen_total();
    let mut layers: Vec<Layer> = Vec::with_capacity(stock.len() + 1);
    let mut first = Layer::default();
    let mut root = start;
    if root.turned().is_some() {
        // Only called on positions waiting for a card to be turned.
        return Beam::Open;
    }
    let mut moves = Vec::new();
    go_home(&mut root, &mut moves);
    if root.is_won() {
        return Beam::Won(moves);
    }
    // Waste moves played at once at the root leave out the positions that keep those cards;
    // only a search from a root with none covers every position.
    let mut complete = moves.is_empty();
    first.moves = moves;
    first.nodes.push(Node {
        pos: root,
        parent: 0,
        first: 0,
        len: first.moves.len() as u8,
        score: 0,
    });
    layers.push(first);
    let mut seen = Seen::default();
    let mut children: Vec<Node> = Vec::new();
    // Children of one position share their due times unless a card went home.
    let mut scorer = OrderScorer::default();
    for &card in &stock[offset..] {
        let Some(layer) = layers.last() else {
            return Beam::Open;
        };
        let mut next = Layer::default();
        seen.clear();
        children.clear();
        for (p, node) in layer.nodes.iter().enumerate() {
            let mut pos = node.pos;
            pos.turn_unchecked(card);
            // Err(won) for a won child, Ok(true) for a child kept, Ok(false) for one
            // dropped (lost or met before).
            let mut push = |child: Position,
                            next: &mut Layer,
                            from: usize,
                            children: &mut Vec<Node>|
             -> Result<bool, Box<Node>> {
                *nodes += 1;
                let node = Node {
                    pos: child,
                    parent: p as u32,
                    first: from as u32,
                    len: (next.moves.len() - from) as u8,
                    score: 0,
                };
                if child.is_won() {
                    return Err(Box::new(node));
                }
                // A child met before is dropped before the (costlier) dead test; a dead
                // child stays in `seen`, which drops its copies just the same.
                if !seen.insert(key(&child, None)) || dead(&child) {
                    next.moves.truncate(from);
                    return Ok(false);
                }
                children.push(Node {
                    score: scorer.score(&child, EMPTY_PILE_BONUS),
                    ..node
                });
                Ok(true)
            };
            for f in 0..rules.foundations() {
                if pos.needs(f) != Some(card) {
                    continue;
                }
                let mut child = pos;
                let mv = Move::StockToFoundation(f as u8);
                child.play_unchecked(mv);
                // Every position the waste tops that now fit can reach, in any order and
                // any number (none included).
                let mut stack: Vec<(Position, Vec<Move>)> = vec![(child, vec![mv])];
                while let Some((state, line)) = stack.pop() {
                    let from = next.moves.len();
                    next.moves.extend_from_slice(&line);
                    match push(state, &mut next, from, &mut children) {
                        Err(won) => return Beam::Won(line_to(&layers, &next, &won)),
                        Ok(false) => continue,
                        Ok(true) => {}
                    }
                    for w in 0..rules.piles() {
                        let Some(&top) = state.pile(w).last() else {
                            continue;
                        };
                        for g in 0..rules.foundations() {
                            if state.needs(g) == Some(top) {
                                let mv = Move::WasteToFoundation {
                                    pile: w as u8,
                                    foundation: g as u8,
                                };
                                let mut after = state;
                                after.play_unchecked(mv);
                                let mut longer = line.clone();
                                longer.push(mv);
                                stack.push((after, longer));
                            }
                        }
                    }
                }
            }
            for w in 0..rules.piles() {
                if (0..w).any(|v| pos.pile(v) == pos.pile(w)) {
                    continue;
                }
                let from = next.moves.len();
                let mut child = pos;
                let mv = Move::StockToWaste(w as u8);
                child.play_unchecked(mv);
                next.moves.push(mv);
                if let Err(won) = push(child, &mut next, from, &mut children) {
                    return Beam::Won(line_to(&layers, &next, &won));
                }
            }
            if *nodes >= node_limit {
                return Beam::Open;
            }
        }
        if time.is_some_and(|t| since.elapsed() > t) {
            return Beam::Open;
        }
        if children.is_empty() {
            break;
        }
        if children.len() > width {
            children.select_nth_unstable_by(width - 1, |a, b| b.score.cmp(&a.score));
            children.truncate(width);
            complete = false;
        }
        next.nodes = std::mem::take(&mut children);
        layers.push(next);
    }
    if complete {
        Beam::Lost
    } else {
        Beam::Open
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::deal::Deal;
    use crate::game::Calculation;
    use crate::rules::Rules;
    use crate::solver::brute_force_winnable;

    #[test]
    fn beam_lines_replay_as_wins_and_only_on_winnable_deals() {
        for (rules, count) in [
            (Rules::new(5, 2, 2).unwrap_or(Rules::STANDARD), 300),
            (Rules::new(7, 2, 2).unwrap_or(Rules::STANDARD), 30),
        ] {
            let mut found = 0;
            for seed in 0..count {
                let deal = Deal::from_seed(rules, seed);
                let mut nodes = 0;
                let line = beam_search(
                    Position::start(rules),
                    deal.stock(),
                    4,
                    &mut nodes,
                    u64::MAX,
                    Instant::now(),
                    None,
                );
                if let Beam::Won(line) = line {
                    let game = Calculation::replay(deal.clone(), &line);
                    assert!(game.is_ok_and(|g| g.is_won()), "{deal}");
                    assert!(brute_force_winnable(&deal), "{deal}");
                    found += 1;
                } else if line == Beam::Lost {
                    assert!(!brute_force_winnable(&deal), "{deal}");
                }
            }
            assert!(found > count / 4, "{rules}: {found} of {count}");
        }
    }

    #[test]
    fn an_uncut_beam_equals_brute_force_on_every_deal_of_small_decks() {
        for rules in [
            Rules::new(5, 2, 1),
            Rules::new(5, 2, 2),
            Rules::new(5, 1, 1),
        ] {
            let rules = rules.unwrap_or(Rules::STANDARD);
            let (mut won, mut lost) = (0, 0);
            for deal in crate::exact::all_deals(rules) {
                let mut nodes = 0;
                let found = beam_search(
                    Position::start(rules),
                    deal.stock(),
                    usize::MAX,
                    &mut nodes,
                    u64::MAX,
                    Instant::now(),
                    None,
                );
                let brute = brute_force_winnable(&deal);
                match found {
                    Beam::Won(line) => {
                        assert!(brute, "{deal}");
                        let game = Calculation::replay(deal.clone(), &line);
                        assert!(game.is_ok_and(|g| g.is_won()), "{deal}");
                        won += 1;
                    }
                    Beam::Lost => {
                        assert!(!brute, "{deal}");
                        lost += 1;
                    }
                    Beam::Open => panic!("{deal}: an uncut beam left it open"),
                }
            }
            assert!(won > 0 && lost > 0, "{rules}: {won} won, {lost} lost");
        }
    }

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

    #[test]
    fn a_standard_deal_is_won_by_a_narrow_beam() {
        let deal = Deal::from_seed(Rules::STANDARD, 2);
        let mut nodes = 0;
        let line = beam_search(
            Position::start(Rules::STANDARD),
            deal.stock(),
            64,
            &mut nodes,
            u64::MAX,
            Instant::now(),
            None,
        );
        let Beam::Won(line) = line else {
            panic!("deal 2 is won by a beam of width 64");
        };
        assert!(Calculation::replay(deal, &line).is_ok_and(|g| g.is_won()));
        assert!(nodes > 0);
    }
}
