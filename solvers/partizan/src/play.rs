//! Playing sums: winning moves, and the move in the hottest component.

use crate::arena::{Arena, GameId};
use crate::dyadic::Dyadic;
use serde::Serialize;

/// A move in one component of a sum: to one of the options of its canonical form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumMove {
    /// Which component (from 0).
    pub component: usize,
    /// The component's value after the move.
    #[serde(skip)]
    pub to: GameId,
    /// The value of the whole sum after the move.
    #[serde(skip)]
    pub sum_after: GameId,
}

/// The moves of `left` (else Right) that win in the sum of `components`: those to a sum
/// that is `>= 0` for Left (Right, to move next, then loses) or `<= 0` for Right.
///
/// ```
/// use cgtk_partizan::{winning_moves, Arena};
/// let mut a = Arena::new();
/// let g = a.parse("{1|-1}").unwrap();
/// let h = a.parse("-1/2").unwrap();
/// let moves = winning_moves(&mut a, &[g, h], true);
/// assert_eq!(moves.len(), 1);
/// assert_eq!(a.display(moves[0].to), "1");
/// ```
pub fn winning_moves(arena: &mut Arena, components: &[GameId], left: bool) -> Vec<SumMove> {
    let total = arena.sum(components);
    let zero = arena.zero();
    let mut out = Vec::new();
    for (i, &c) in components.iter().enumerate() {
        let options = if left {
            arena.left_options(c).to_vec()
        } else {
            arena.right_options(c).to_vec()
        };
        let minus_c = arena.neg(c);
        let rest = arena.add(total, minus_c);
        for o in options {
            let after = arena.add(rest, o);
            let wins = if left {
                arena.leq(zero, after)
            } else {
                arena.leq(after, zero)
            };
            if wins {
                out.push(SumMove {
                    component: i,
                    to: o,
                    sum_after: after,
                });
            }
        }
    }
    out
}

/// The hottest component of a sum (the first of highest temperature) and the move there
/// for `left` (else Right) that keeps the best wall at that temperature: Left's option
/// whose right wall, minus the temperature, is largest (Right's: left wall plus the
/// temperature, smallest). `None` when that player has no move in it.
///
/// ```
/// use cgtk_partizan::{hottest_move, Arena, Dyadic};
/// let mut a = Arena::new();
/// let g = a.parse("{1|-1}").unwrap();
/// let h = a.parse("{5|-5}").unwrap();
/// let (i, t, m) = hottest_move(&mut a, &[g, h], true).unwrap();
/// assert_eq!((i, t), (1, Dyadic::integer(5)));
/// assert_eq!(a.display(m.unwrap().to), "5");
/// ```
pub fn hottest_move(
    arena: &mut Arena,
    components: &[GameId],
    left: bool,
) -> Option<(usize, Dyadic, Option<SumMove>)> {
    let mut best: Option<(usize, Dyadic)> = None;
    for (i, &c) in components.iter().enumerate() {
        let t = arena.temperature(c);
        if best.map_or(true, |(_, b)| t > b) {
            best = Some((i, t));
        }
    }
    let (i, t) = best?;
    let c = components[i];
    let options = if left {
        arena.left_options(c).to_vec()
    } else {
        arena.right_options(c).to_vec()
    };
    let at = t.max(Dyadic::ZERO);
    let mut choice: Option<(Dyadic, GameId)> = None;
    for o in options {
        let th = arena.thermograph(o);
        let v = if left {
            th.right.at(at)
        } else {
            -th.left.at(at)
        };
        if choice.map_or(true, |(best, _)| v > best) {
            choice = Some((v, o));
        }
    }
    let total = arena.sum(components);
    let mv = match choice {
        Some((_, o)) => {
            let minus_c = arena.neg(c);
            let rest = arena.add(total, minus_c);
            let after = arena.add(rest, o);
            Some(SumMove {
                component: i,
                to: o,
                sum_after: after,
            })
        }
        None => None,
    };
    Some((i, t, mv))
}
