//! A leaner search tree for Calculation: the same game, without moves that provably add
//! nothing.
//!
//! [`Lean`] wraps a [`Position`] and offers its legal moves less two kinds, each of which
//! only repeats what another line already reaches:
//!
//! 1. **Copies of a waste pile.** Of several waste piles holding the same cards, a move
//!    onto or from them is offered for the first only: nothing in the rules tells the piles
//!    apart, so the others lead to the same position up to renaming the piles.
//! 2. **Waste moves in one order.** Two moves *commute* when neither touches the other's
//!    pile or foundation: a waste top going from pile `w` to foundation `f` neither
//!    depends on nor changes anything a move elsewhere reads, and turning a card touches no
//!    pile or foundation at all. Order the steps: a turn and a placement of the turned card
//!    before every waste move, waste moves by (pile, foundation). Of the orders of a line
//!    that swap commuting neighbours, the least (compared step by step) has no commuting
//!    neighbours out of order, for swapping them would give a lesser one. So after a waste
//!    move `w`→`f` while a turned card waits, the tree offers only moves touching `w` or
//!    `f` and waste moves from a later pile (or the same pile to a later foundation); the
//!    card itself, if its move touches neither, waits, and the waste move is made after
//!    the next turn. No swap puts a move earlier past a turn (a turn is least, so only
//!    waste moves cross turns, and only later), so a strategy that follows the least
//!    order sees the same cards before each decision, decides the same way and wins the
//!    same deals. Once the stock is used up, moves are free again.
//!
//!    (An earlier form allowed only moves touching `w` or `f` after the waste move. It lost
//!    strategies: when one waste move needs two others made first, from different piles to
//!    different foundations, both cannot come right before it.)
//!
//! A search over this game therefore loses no strategy and spends no playouts on pile
//! copies or on the order of independent waste moves.

use crate::position::{Move, Position, Step};
use cgtk_core::{Chance, Game, Outcome, Player};

/// A position and the requirement left by a waste move (see the module documentation).
///
/// ```
/// use cgtk_core::Game;
/// use cgtk_solitaire::{Lean, Move, Position, Rules, Step};
/// let mut game = Lean::new(Position::start(Rules::STANDARD));
/// game.make(Step::Turn(9));
/// let mut moves = Vec::new();
/// game.legal_moves(&mut moves);
/// // Four empty piles are one choice.
/// assert_eq!(moves, [Step::Play(Move::StockToWaste(0))]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Lean {
    pos: Position,
    /// After a waste move from pile `w` to foundation `f`: the next move must touch one or
    /// be a later waste move (see the module documentation).
    pending: Option<(u8, u8)>,
}

impl Lean {
    /// The game from `pos`, with no requirement.
    pub fn new(pos: Position) -> Lean {
        Lean { pos, pending: None }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The moves offered (a subset of the legal moves; empty at a chance node or when the
    /// game is over).
    pub fn lean_moves(&self, out: &mut Vec<Move>) {
        self.pos.moves(out);
        let pos = &self.pos;
        if let (Some((w, f)), Some(_)) = (self.pending, pos.turned()) {
            out.retain(|&mv| match mv {
                Move::StockToFoundation(g) => g == f,
                Move::StockToWaste(v) => v == w,
                Move::WasteToFoundation { pile, foundation } => {
                    pile == w || foundation == f || (pile, foundation) > (w, f)
                }
            });
            return;
        }
        let first_copy = |w: u8| {
            (0..w as usize)
                .find(|&v| pos.pile(v) == pos.pile(w as usize))
                .is_none()
        };
        out.retain(|&mv| match mv {
            Move::StockToFoundation(_) => true,
            Move::StockToWaste(w) | Move::WasteToFoundation { pile: w, .. } => first_copy(w),
        });
    }
}

impl Game for Lean {
    type Move = Step;
    type Undo = Lean;

    fn to_move(&self) -> Player {
        Player::First
    }

    fn legal_moves(&self, moves: &mut Vec<Step>) {
        if self.pos.is_chance() {
            self.pos.legal_moves(moves);
        } else {
            let mut buffer = Vec::new();
            self.lean_moves(&mut buffer);
            moves.clear();
            moves.extend(buffer.into_iter().map(Step::Play));
        }
    }

    fn make(&mut self, step: Step) -> Lean {
        let before = *self;
        self.pos.make(step);
        self.pending = match step {
            Step::Play(Move::WasteToFoundation { pile, foundation }) => Some((pile, foundation)),
            _ => None,
        };
        before
    }

    fn unmake(&mut self, _step: Step, before: Lean) {
        *self = before;
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }
}

impl Chance for Lean {
    fn is_chance(&self) -> bool {
        self.pos.is_chance()
    }

    fn chance_events(&self, events: &mut Vec<(Step, f64)>) {
        self.pos.chance_events(events)
    }
}
