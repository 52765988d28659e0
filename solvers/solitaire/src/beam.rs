//! The solver's first phase: a beam search that looks for a winning line fast.
//!
//! The search goes through the stock one card at a time. A *layer* holds positions with the
//! same number of cards turned, each reached by a known line. A position of layer `i` turns
//! card `i`; its children put that card on each foundation it fits (then move every waste
//! top that fits a foundation home, repeatedly) or on each waste pile (one of each set of
//! identical piles). Children with the same canonical form (piles sorted) are merged, those
//! the counting test of [`dead`](crate::solver::dead) calls lost are dropped, and the
//! `width` best by [`score`] form the next layer.
//!
//! The phase is a heuristic: it proves nothing about a deal it cannot win (it never tries
//! keeping a waste top that fits, for instance), and the solver replays every line it
//! returns. Proofs of loss come from the exhaustive phase.

use crate::position::{Move, Position};
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

/// How soon a card of `rank` can go home: the fewest cards a foundation still needing
/// `rank` must receive first (`None` when no foundation needs it).
fn urgency(pos: &Position, rank: u8) -> Option<u8> {
    let rules = pos.rules();
    (0..rules.foundations())
        .filter_map(|f| {
            let level = rules.level_of(f, rank);
            let have = pos.level(f);
            (level > have).then(|| level - have - 1)
        })
        .min()
}

/// The beam's evaluation (higher is better): 64 per card home, less 4 per step of
/// [`urgency`] by which a waste card lies above a card that can go home sooner than it (the
/// pile must be unwound out of order). The weights were chosen by trying a few on 100
/// deals; they are a heuristic, not a proof.
pub(crate) fn score(pos: &Position) -> i32 {
    let rules = pos.rules();
    let mut urgent = [0u8; 14];
    for rank in 1..=rules.ranks() {
        urgent[rank as usize] = urgency(pos, rank).unwrap_or(0);
    }
    let mut penalty = 0i32;
    for w in 0..rules.piles() {
        let mut soonest = u8::MAX;
        for &card in pos.pile(w) {
            let u = urgent[card as usize];
            if u > soonest {
                penalty += 4 * i32::from(u - soonest);
            }
            soonest = soonest.min(u);
        }
    }
    64 * pos.cards_on_foundations() as i32 - penalty
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

/// Searches for a winning line from the start of a game whose stock comes in the order
/// `stock`, keeping `width` positions per layer. Every child generated counts as a node in
/// `nodes`; the search gives up when `nodes` would pass `node_limit`. A returned line still
/// has to be replayed by the caller.
pub(crate) fn beam_search(
    start: Position,
    stock: &[u8],
    width: usize,
    nodes: &mut u64,
    node_limit: u64,
    since: Instant,
    time: Option<Duration>,
) -> Option<Vec<Move>> {
    let rules = start.rules();
    let offset = stock.len() - start.unseen_total();
    let mut layers: Vec<Layer> = Vec::with_capacity(stock.len() + 1);
    let mut first = Layer::default();
    let mut root = start;
    if root.turned().is_some() {
        // Only called on positions waiting for a card to be turned.
        return None;
    }
    let mut moves = Vec::new();
    go_home(&mut root, &mut moves);
    if root.is_won() {
        return Some(moves);
    }
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
    for &card in &stock[offset..] {
        let Some(layer) = layers.last() else {
            return None;
        };
        let mut next = Layer::default();
        seen.clear();
        children.clear();
        for (p, node) in layer.nodes.iter().enumerate() {
            let mut pos = node.pos;
            pos.turn_unchecked(card);
            let mut push = |child: Position, next: &mut Layer, from: usize, children: &mut Vec<Node>| {
                *nodes += 1;
                let node = Node {
                    pos: child,
                    parent: p as u32,
                    first: from as u32,
                    len: (next.moves.len() - from) as u8,
                    score: 0,
                };
                if child.is_won() {
                    return Some(node);
                }
                if dead(&child) || !seen.insert(key(&child, None)) {
                    next.moves.truncate(from);
                    return None;
                }
                children.push(Node {
                    score: score(&child),
                    ..node
                });
                None
            };
            for f in 0..rules.foundations() {
                if pos.needs(f) == Some(card) {
                    let from = next.moves.len();
                    let mut child = pos;
                    let mv = Move::StockToFoundation(f as u8);
                    child.play_unchecked(mv);
                    next.moves.push(mv);
                    go_home(&mut child, &mut next.moves);
                    if let Some(won) = push(child, &mut next, from, &mut children) {
                        return Some(line_to(&layers, &next, &won));
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
                if let Some(won) = push(child, &mut next, from, &mut children) {
                    return Some(line_to(&layers, &next, &won));
                }
            }
            if *nodes >= node_limit {
                return None;
            }
        }
        if time.is_some_and(|t| since.elapsed() > t) {
            return None;
        }
        if children.is_empty() {
            return None;
        }
        if children.len() > width {
            children.select_nth_unstable_by(width - 1, |a, b| b.score.cmp(&a.score));
            children.truncate(width);
        }
        next.nodes = std::mem::take(&mut children);
        layers.push(next);
    }
    None
}

#[cfg(test)]
mod tests {
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
                if let Some(line) = line {
                    let game = Calculation::replay(deal.clone(), &line);
                    assert!(game.is_ok_and(|g| g.is_won()), "{deal}");
                    assert!(brute_force_winnable(&deal), "{deal}");
                    found += 1;
                }
            }
            assert!(found > count / 4, "{rules}: {found} of {count}");
        }
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
        let line = line.unwrap_or_default();
        assert!(Calculation::replay(deal, &line).is_ok_and(|g| g.is_won()));
        assert!(nodes > 0);
    }
}
