//! The solver's first phase: a beam search that looks for a winning line fast.
//!
//! The search goes through the stock one card at a time. A *layer* holds positions with the
//! same number of cards turned, each reached by a known line. A position of layer `i` turns
//! card `i`; its children put that card on each foundation it fits, followed by every
//! position that waste tops then fitting can reach by going home (in any order and number,
//! none included), or on each waste pile (one of each set of identical piles). Children with
//! the same canonical form (piles sorted) are merged, those the counting test of
//! [`dead`](crate::solver::dead) calls lost are dropped, and the `width` best by
//! [`score`](crate::evaluation::score) form the next layer.
//!
//! The phase is a heuristic: it proves nothing about a deal it cannot win (a waste move is
//! only tried right after the turned card has gone home, and most children are dropped),
//! and the solver replays every line it returns. Proofs of loss come from the exhaustive
//! phase.

use crate::evaluation::{OrderScorer, EMPTY_PILE_BONUS};
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

/// What became of a child position a beam generated.
enum Pushed {
    /// The child is won.
    Won(Box<Node>),
    /// Kept for the next layer.
    Kept,
    /// Dropped: lost, or equal to one met before.
    Dropped,
    /// Not counted: the node limit is spent.
    Limit,
}

/// Searches for a winning line from `start` (a position waiting for a card to be turned)
/// of a game whose stock comes in the order `stock`, keeping `width` positions per layer.
/// Every child generated counts as a node in `nodes`; the search gives up when `nodes`
/// reaches `node_limit`, before counting one more.
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
            // A child won, kept, or dropped (lost or met before); none counted once the
            // node limit is spent.
            let mut push = |child: Position,
                            next: &mut Layer,
                            from: usize,
                            children: &mut Vec<Node>|
             -> Pushed {
                if *nodes >= node_limit {
                    return Pushed::Limit;
                }
                *nodes += 1;
                let node = Node {
                    pos: child,
                    parent: p as u32,
                    first: from as u32,
                    len: (next.moves.len() - from) as u8,
                    score: 0,
                };
                if child.is_won() {
                    return Pushed::Won(Box::new(node));
                }
                // A child met before is dropped before the (costlier) dead test; a dead
                // child stays in `seen`, which drops its copies just the same.
                if !seen.insert(key(&child, None)) || dead(&child) {
                    next.moves.truncate(from);
                    return Pushed::Dropped;
                }
                children.push(Node {
                    score: scorer.score(&child, EMPTY_PILE_BONUS),
                    ..node
                });
                Pushed::Kept
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
                        Pushed::Won(won) => return Beam::Won(line_to(&layers, &next, &won)),
                        Pushed::Limit => return Beam::Open,
                        Pushed::Dropped => continue,
                        Pushed::Kept => {}
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
                match push(child, &mut next, from, &mut children) {
                    Pushed::Won(won) => return Beam::Won(line_to(&layers, &next, &won)),
                    Pushed::Limit => return Beam::Open,
                    Pushed::Dropped | Pushed::Kept => {}
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
