//! One game with its deal: the position the player sees, the stock order it does not see,
//! and the moves played.

use crate::deal::Deal;
use crate::position::{Move, MoveError, Position};

/// A game of Calculation being played from a known deal. After every move of the turned
/// card the next stock card is turned automatically; the player only ever sees
/// [`position`](Calculation::position).
///
/// ```
/// use cgtk_solitaire::{Calculation, Deal, Move, Rules};
///
/// let rules = cgtk_solitaire::Rules::new(5, 2, 2).unwrap();
/// // Foundations: A 2 3 4 5 and 2 4 A 3 5.
/// let deal = Deal::new(rules, vec![2, 4, 3, 1, 3, 5, 4, 5]).unwrap();
/// let mut game = Calculation::new(deal);
/// for text in ["s-f1", "s-f2", "s-f1", "s-f2", "s-w1", "s-w2", "s-f1", "s-f1", "w1-f2", "w2-f2"] {
///     game.play(text.parse().unwrap()).unwrap();
/// }
/// assert!(game.is_won());
/// assert_eq!(game.play(Move::StockToWaste(0)).unwrap_err().to_string(), "the game is over: no more moves");
/// ```
#[derive(Clone, Debug)]
pub struct Calculation {
    deal: Deal,
    position: Position,
    next: usize,
    moves: Vec<Move>,
}

impl Calculation {
    /// A new game of `deal`, with its first card turned.
    ///
    /// ```
    /// use cgtk_solitaire::{Calculation, Deal, Rules};
    /// let deal = Deal::from_seed(Rules::STANDARD, 7);
    /// let game = Calculation::new(deal.clone());
    /// assert_eq!(game.position().turned(), Some(deal.stock()[0]));
    /// ```
    pub fn new(deal: Deal) -> Calculation {
        let mut game = Calculation {
            position: Position::start(deal.rules()),
            deal,
            next: 0,
            moves: Vec::new(),
        };
        game.turn_next();
        game
    }

    fn turn_next(&mut self) {
        if self.position.turned().is_none() {
            if let Some(&rank) = self.deal.stock().get(self.next) {
                self.position.turn_unchecked(rank);
                self.next += 1;
            }
        }
    }

    /// Plays `mv` (checked), then turns the next stock card if the turned one was placed.
    ///
    /// ```
    /// use cgtk_solitaire::{Calculation, Deal, Move, Rules};
    /// let mut game = Calculation::new(Deal::from_seed(Rules::STANDARD, 7));
    /// game.play(Move::StockToWaste(0)).unwrap();
    /// assert_eq!(game.position().pile(0).len(), 1);
    /// assert!(game.play(Move::StockToWaste(5)).is_err());
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.position.play(mv)?;
        self.moves.push(mv);
        self.turn_next();
        Ok(())
    }

    /// The player's view.
    ///
    /// ```
    /// use cgtk_solitaire::{Calculation, Deal, Rules};
    /// let game = Calculation::new(Deal::from_seed(Rules::STANDARD, 7));
    /// assert_eq!(game.position().unseen_total(), 47);
    /// ```
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The deal.
    ///
    /// ```
    /// use cgtk_solitaire::{Calculation, Deal, Rules};
    /// let deal = Deal::from_seed(Rules::STANDARD, 7);
    /// assert_eq!(Calculation::new(deal.clone()).deal(), &deal);
    /// ```
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The moves played so far.
    ///
    /// ```
    /// use cgtk_solitaire::{Calculation, Deal, Rules};
    /// assert!(Calculation::new(Deal::from_seed(Rules::STANDARD, 7)).moves().is_empty());
    /// ```
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// True when the game is over (won or stuck).
    ///
    /// ```
    /// use cgtk_solitaire::{Calculation, Deal, Rules};
    /// assert!(!Calculation::new(Deal::from_seed(Rules::STANDARD, 7)).is_over());
    /// ```
    pub fn is_over(&self) -> bool {
        self.position.is_over()
    }

    /// True when every card is on the foundations.
    ///
    /// ```
    /// use cgtk_solitaire::{Calculation, Deal, Rules};
    /// assert!(!Calculation::new(Deal::from_seed(Rules::STANDARD, 7)).is_won());
    /// ```
    pub fn is_won(&self) -> bool {
        self.position.is_won()
    }

    /// Replays `moves` from the start of `deal`: the finished game, or the first refused
    /// move with its index.
    ///
    /// ```
    /// use cgtk_solitaire::{Calculation, Deal, Rules};
    /// let deal = Deal::from_seed(Rules::STANDARD, 7);
    /// let game = Calculation::replay(deal, &[]).unwrap();
    /// assert!(game.moves().is_empty());
    /// ```
    pub fn replay(deal: Deal, moves: &[Move]) -> Result<Calculation, (usize, MoveError)> {
        let mut game = Calculation::new(deal);
        for (i, &mv) in moves.iter().enumerate() {
            game.play(mv).map_err(|e| (i, e))?;
        }
        Ok(game)
    }
}
