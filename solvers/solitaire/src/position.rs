//! What the player sees: the foundations, every waste pile, the ranks still in the stock
//! (not their order) and the card just turned; the moves and their notation.

use crate::rules::{rank_name, Rules, MAX_FOUNDATIONS, MAX_PILES};
use cgtk_core::{Chance, Game, Outcome, Player};
use rand::Rng;
use std::fmt;
use std::str::FromStr;

/// The most cards a waste pile can hold (the whole stock).
const PILE_CAPACITY: usize = 48;

/// One waste pile, bottom card first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Pile {
    cards: [u8; PILE_CAPACITY],
    len: u8,
}

impl Pile {
    const EMPTY: Pile = Pile {
        cards: [0; PILE_CAPACITY],
        len: 0,
    };
    pub(crate) fn cards(&self) -> &[u8] {
        &self.cards[..self.len as usize]
    }
    pub(crate) fn top(&self) -> Option<u8> {
        self.len.checked_sub(1).map(|i| self.cards[i as usize])
    }
    fn push(&mut self, rank: u8) {
        self.cards[self.len as usize] = rank;
        self.len += 1;
    }
    fn pop(&mut self) -> Option<u8> {
        let top = self.top()?;
        self.len -= 1;
        // Slots above the top stay zero, so that equal piles compare and hash equal.
        self.cards[self.len as usize] = 0;
        Some(top)
    }
}

/// A move in the notation `FROM-TO`: FROM is `s` (the card just turned from the stock) or a
/// waste pile `w1`..`w4`; TO is a foundation `f1`..`f4` (the one building by 1..4) or, from
/// the stock only, a waste pile. Indices inside are 0-based.
///
/// ```
/// use cgtk_solitaire::Move;
/// let mv: Move = "w2-f3".parse().unwrap();
/// assert_eq!(mv, Move::WasteToFoundation { pile: 1, foundation: 2 });
/// assert_eq!(mv.to_string(), "w2-f3");
/// assert!("w1-w2".parse::<Move>().is_err()); // no moves between waste piles
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The turned card onto a foundation (0-based).
    StockToFoundation(u8),
    /// The turned card onto a waste pile (0-based).
    StockToWaste(u8),
    /// The top card of a waste pile onto a foundation (both 0-based).
    WasteToFoundation {
        /// The waste pile.
        pile: u8,
        /// The foundation.
        foundation: u8,
    },
}

/// Why a move's text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// Not of the form `FROM-TO`.
    #[error("{0:?} is not a move: write FROM-TO with FROM s or w1..w4 and TO f1..f4 or w1..w4, e.g. s-f1, s-w2, w3-f4")]
    Syntax(String),
    /// A move from one waste pile to another.
    #[error("{0:?}: cards never move from one waste pile to another")]
    WasteToWaste(String),
}

fn parse_place(text: &str, letter: char) -> Option<u8> {
    let rest = text.strip_prefix(letter)?;
    let n: u8 = rest.parse().ok()?;
    (1..=4).contains(&n).then(|| n - 1)
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let t = text.trim().to_ascii_lowercase();
        let syntax = || ParseMoveError::Syntax(text.trim().to_string());
        let (from, to) = t.split_once('-').ok_or_else(syntax)?;
        if from == "s" {
            if let Some(f) = parse_place(to, 'f') {
                return Ok(Move::StockToFoundation(f));
            }
            if let Some(w) = parse_place(to, 'w') {
                return Ok(Move::StockToWaste(w));
            }
            return Err(syntax());
        }
        let pile = parse_place(from, 'w').ok_or_else(syntax)?;
        if let Some(f) = parse_place(to, 'f') {
            return Ok(Move::WasteToFoundation {
                pile,
                foundation: f,
            });
        }
        if parse_place(to, 'w').is_some() {
            return Err(ParseMoveError::WasteToWaste(text.trim().to_string()));
        }
        Err(syntax())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::StockToFoundation(x) => write!(f, "s-f{}", x + 1),
            Move::StockToWaste(w) => write!(f, "s-w{}", w + 1),
            Move::WasteToFoundation { pile, foundation } => {
                write!(f, "w{}-f{}", pile + 1, foundation + 1)
            }
        }
    }
}

/// Why a move was refused in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is over.
    #[error("the game is over: no more moves")]
    GameOver,
    /// A move of the turned card when the stock is used up.
    #[error("{0}: the stock is empty, there is no turned card")]
    NoTurnedCard(Move),
    /// A foundation or waste pile these rules do not have.
    #[error("{mv}: this game has {foundations} foundations and {piles} waste piles")]
    NoSuchPlace {
        /// The move.
        mv: Move,
        /// Foundations in the game.
        foundations: usize,
        /// Waste piles in the game.
        piles: usize,
    },
    /// A move from an empty waste pile.
    #[error("{0}: that waste pile is empty")]
    EmptyPile(Move),
    /// A card that does not fit the foundation.
    #[error("{mv}: {card} does not fit foundation f{foundation}, which needs {needs}")]
    DoesNotFit {
        /// The move.
        mv: Move,
        /// The card moved.
        card: &'static str,
        /// The foundation, 1-based.
        foundation: usize,
        /// What the foundation needs next (`nothing, it is complete` when it is).
        needs: &'static str,
    },
}

/// A step of the game as the engines see it: a player's move, or the chance event of
/// turning a card of the given rank from the stock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A move of the player.
    Play(Move),
    /// The stock's next card, of this rank, is turned.
    Turn(u8),
}

/// The player's view of a game: the foundations, the waste piles, the card just turned (if
/// any), and how many cards of each rank are still face down in the stock (their order is
/// unknown). It is also the game the engines search, with the turned card as a chance
/// event ([`Step::Turn`]).
///
/// ```
/// use cgtk_solitaire::{Move, Position, Rules};
///
/// let mut pos = Position::start(Rules::STANDARD);
/// assert!(pos.is_chance()); // the first card is not turned yet
/// pos.turn(5).unwrap();
/// assert_eq!(pos.turned(), Some(5));
/// // 5 fits the foundation by 1 (A … 4 5)? No: it needs 2. It fits nothing; park it.
/// assert!(pos.play("s-f1".parse().unwrap()).is_err());
/// pos.play("s-w1".parse().unwrap()).unwrap();
/// assert_eq!(pos.pile(0), &[5]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    rules: Rules,
    /// Cards on each foundation (1 = just the base card).
    levels: [u8; MAX_FOUNDATIONS],
    piles: [Pile; MAX_PILES],
    /// Cards of each rank (index = rank) still face down in the stock.
    unseen: [u8; 14],
    unseen_total: u8,
    /// The turned card waiting to be placed; 0 for none.
    turned: u8,
}

impl Position {
    /// The start of a game: every foundation holds its base card, no card is turned yet.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// let pos = Position::start(Rules::STANDARD);
    /// assert_eq!(pos.cards_on_foundations(), 4);
    /// assert_eq!(pos.unseen_total(), 48);
    /// ```
    pub fn start(rules: Rules) -> Position {
        let mut levels = [0; MAX_FOUNDATIONS];
        for level in levels.iter_mut().take(rules.foundations()) {
            *level = 1;
        }
        let mut unseen = [0; 14];
        for rank in 1..=rules.ranks() {
            unseen[rank as usize] = rules.copies_in_stock(rank);
        }
        Position {
            rules,
            levels,
            piles: [Pile::EMPTY; MAX_PILES],
            unseen,
            unseen_total: rules.stock_len() as u8,
            turned: 0,
        }
    }

    /// The rules.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// assert_eq!(Position::start(Rules::STANDARD).rules(), Rules::STANDARD);
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The number of cards on foundation `f` (0-based), base card included.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// assert_eq!(Position::start(Rules::STANDARD).level(2), 1);
    /// ```
    pub fn level(&self, f: usize) -> u8 {
        self.levels[f]
    }

    /// The number of cards on every foundation (0 past the last foundation).
    #[inline]
    pub(crate) fn levels(&self) -> [u8; MAX_FOUNDATIONS] {
        self.levels
    }

    /// The rank foundation `f` needs next, `None` when it is complete.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// let pos = Position::start(Rules::STANDARD);
    /// assert_eq!(pos.needs(0), Some(2));
    /// assert_eq!(pos.needs(3), Some(8));
    /// ```
    #[inline]
    pub fn needs(&self, f: usize) -> Option<u8> {
        self.rules.next_card(f, self.levels[f])
    }

    /// The ranks some foundation needs next, as a bit set (bit `r` for rank `r`; bit 0 is
    /// set by complete foundations and stands for no card): one test tells whether a card
    /// fits anywhere, before looking for the foundation it fits.
    #[inline]
    pub(crate) fn wanted(&self) -> u16 {
        let mut mask = 0u16;
        for f in 0..self.rules.foundations() {
            mask |= 1 << self.rules.next_raw(f, self.levels[f]);
        }
        mask
    }

    /// The top card of foundation `f`.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// assert_eq!(Position::start(Rules::STANDARD).foundation_top(1), 2);
    /// ```
    pub fn foundation_top(&self, f: usize) -> u8 {
        self.rules.foundation_card(f, self.levels[f])
    }

    /// Waste pile `w` (0-based), bottom card first.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// assert!(Position::start(Rules::STANDARD).pile(0).is_empty());
    /// ```
    pub fn pile(&self, w: usize) -> &[u8] {
        self.piles[w].cards()
    }

    /// The card turned and waiting to be placed.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// assert_eq!(Position::start(Rules::STANDARD).turned(), None);
    /// ```
    pub fn turned(&self) -> Option<u8> {
        (self.turned != 0).then_some(self.turned)
    }

    /// How many cards of `rank` are still face down in the stock.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// assert_eq!(Position::start(Rules::STANDARD).unseen(13), 4);
    /// ```
    pub fn unseen(&self, rank: u8) -> u8 {
        self.unseen.get(rank as usize).copied().unwrap_or(0)
    }

    /// How many cards are still face down in the stock.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// assert_eq!(Position::start(Rules::STANDARD).unseen_total(), 48);
    /// ```
    pub fn unseen_total(&self) -> usize {
        self.unseen_total as usize
    }

    /// Cards on the foundations, base cards included (52 when a standard game is won).
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// assert_eq!(Position::start(Rules::STANDARD).cards_on_foundations(), 4);
    /// ```
    pub fn cards_on_foundations(&self) -> usize {
        self.levels.iter().map(|&l| l as usize).sum()
    }

    /// True when every card is on the foundations.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// assert!(!Position::start(Rules::STANDARD).is_won());
    /// ```
    pub fn is_won(&self) -> bool {
        self.cards_on_foundations() == self.rules.deck_len()
    }

    /// True when the next step is turning a card (a card must be turned before moving).
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// assert!(Position::start(Rules::STANDARD).is_chance());
    /// ```
    pub fn is_chance(&self) -> bool {
        self.turned == 0 && self.unseen_total > 0
    }

    /// True when the game is over: won, or the stock is used up and no waste pile's top
    /// fits a foundation.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// assert!(!Position::start(Rules::STANDARD).is_over());
    /// ```
    pub fn is_over(&self) -> bool {
        if self.is_won() {
            return true;
        }
        if self.turned != 0 || self.unseen_total > 0 {
            return false;
        }
        !(0..self.rules.piles()).any(|w| self.waste_fits(w).is_some())
    }

    /// The first foundation the top of waste pile `w` fits.
    fn waste_fits(&self, w: usize) -> Option<usize> {
        let top = self.piles[w].top()?;
        (0..self.rules.foundations()).find(|&f| self.needs(f) == Some(top))
    }

    /// Turns a card of `rank` from the stock (the chance event).
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// let mut pos = Position::start(Rules::STANDARD);
    /// pos.turn(13).unwrap();
    /// assert_eq!(pos.unseen(13), 3);
    /// assert!(pos.turn(13).is_err()); // a card is already turned
    /// ```
    pub fn turn(&mut self, rank: u8) -> Result<(), TurnError> {
        if self.turned != 0 {
            return Err(TurnError::AlreadyTurned);
        }
        if self.unseen(rank) == 0 {
            return Err(TurnError::NoneLeft(rank_name(rank)));
        }
        self.turn_unchecked(rank);
        Ok(())
    }

    pub(crate) fn turn_unchecked(&mut self, rank: u8) {
        self.unseen[rank as usize] -= 1;
        self.unseen_total -= 1;
        self.turned = rank;
    }

    /// Turns a random card: each face-down card equally likely.
    pub(crate) fn turn_random<R: Rng>(&mut self, rng: &mut R) {
        let mut x = rng.gen_range(0..self.unseen_total);
        for rank in 1..=self.rules.ranks() {
            let n = self.unseen[rank as usize];
            if x < n {
                self.turn_unchecked(rank);
                return;
            }
            x -= n;
        }
    }

    /// Checks `mv` without playing it.
    ///
    /// ```
    /// use cgtk_solitaire::{Move, MoveError, Position, Rules};
    /// let mut pos = Position::start(Rules::STANDARD);
    /// pos.turn(2).unwrap();
    /// assert!(pos.check(Move::StockToFoundation(0)).is_ok());
    /// let err = pos.check(Move::StockToFoundation(1)).unwrap_err();
    /// assert_eq!(err.to_string(), "s-f2: 2 does not fit foundation f2, which needs 4");
    /// ```
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let no_such = || MoveError::NoSuchPlace {
            mv,
            foundations: self.rules.foundations(),
            piles: self.rules.piles(),
        };
        let fits = |card: u8, f: u8| -> Result<(), MoveError> {
            let f = f as usize;
            if f >= self.rules.foundations() {
                return Err(no_such());
            }
            match self.needs(f) {
                Some(need) if need == card => Ok(()),
                need => Err(MoveError::DoesNotFit {
                    mv,
                    card: rank_name(card),
                    foundation: f + 1,
                    needs: need.map_or("nothing, it is complete", rank_name),
                }),
            }
        };
        match mv {
            Move::StockToFoundation(f) => {
                let card = self.turned().ok_or(MoveError::NoTurnedCard(mv))?;
                fits(card, f)
            }
            Move::StockToWaste(w) => {
                if w as usize >= self.rules.piles() {
                    return Err(no_such());
                }
                self.turned().map(|_| ()).ok_or(MoveError::NoTurnedCard(mv))
            }
            Move::WasteToFoundation { pile, foundation } => {
                if pile as usize >= self.rules.piles() {
                    return Err(no_such());
                }
                let card = self.piles[pile as usize]
                    .top()
                    .ok_or(MoveError::EmptyPile(mv))?;
                fits(card, foundation)
            }
        }
    }

    /// Plays `mv` after checking it.
    ///
    /// ```
    /// use cgtk_solitaire::{Move, Position, Rules};
    /// let mut pos = Position::start(Rules::STANDARD);
    /// pos.turn(8).unwrap();
    /// pos.play(Move::StockToFoundation(3)).unwrap(); // 4 then 8 on the foundation by 4
    /// assert_eq!(pos.foundation_top(3), 8);
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv`, which must be legal (a fast path for search).
    pub(crate) fn play_unchecked(&mut self, mv: Move) {
        match mv {
            Move::StockToFoundation(f) => {
                self.levels[f as usize] += 1;
                self.turned = 0;
            }
            Move::StockToWaste(w) => {
                self.piles[w as usize].push(self.turned);
                self.turned = 0;
            }
            Move::WasteToFoundation { pile, foundation } => {
                self.piles[pile as usize].pop();
                self.levels[foundation as usize] += 1;
            }
        }
    }

    /// Takes back `mv`, the last move played (`turned` is the card it moved when it was a
    /// stock move).
    pub(crate) fn unplay(&mut self, mv: Move, turned: u8) {
        match mv {
            Move::StockToFoundation(f) => {
                self.levels[f as usize] -= 1;
                self.turned = turned;
            }
            Move::StockToWaste(w) => {
                self.piles[w as usize].pop();
                self.turned = turned;
            }
            Move::WasteToFoundation { pile, foundation } => {
                self.levels[foundation as usize] -= 1;
                let card = self
                    .rules
                    .foundation_card(foundation as usize, self.levels[foundation as usize] + 1);
                self.piles[pile as usize].push(card);
            }
        }
    }

    /// Every legal move, in a fixed order: the turned card to foundations, then to waste
    /// piles, then waste tops to foundations. Empty at a chance node and when the game is
    /// over.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// let mut pos = Position::start(Rules::STANDARD);
    /// pos.turn(2).unwrap();
    /// let mut moves = Vec::new();
    /// pos.moves(&mut moves);
    /// let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    /// assert_eq!(text, ["s-f1", "s-w1", "s-w2", "s-w3", "s-w4"]);
    /// ```
    pub fn moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.is_won() || self.is_chance() {
            return;
        }
        let foundations = self.rules.foundations();
        let wanted = self.wanted();
        if self.turned != 0 {
            if wanted >> self.turned & 1 != 0 {
                for f in 0..foundations {
                    if self.needs(f) == Some(self.turned) {
                        out.push(Move::StockToFoundation(f as u8));
                    }
                }
            }
            for w in 0..self.rules.piles() {
                out.push(Move::StockToWaste(w as u8));
            }
        }
        for w in 0..self.rules.piles() {
            if let Some(top) = self.piles[w].top().filter(|&top| wanted >> top & 1 != 0) {
                for f in 0..foundations {
                    if self.needs(f) == Some(top) {
                        out.push(Move::WasteToFoundation {
                            pile: w as u8,
                            foundation: f as u8,
                        });
                    }
                }
            }
        }
    }

    /// The position drawn as text: foundations with what they need, waste piles bottom
    /// first, the turned card and the ranks left in the stock.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, Rules};
    /// let text = Position::start(Rules::STANDARD).render();
    /// assert!(text.contains("f1 A   needs 2"));
    /// ```
    pub fn render(&self) -> String {
        let mut s = String::new();
        for f in 0..self.rules.foundations() {
            let need = self.needs(f).map_or("complete".to_string(), |r| {
                format!("needs {}", rank_name(r))
            });
            s.push_str(&format!(
                "f{} {:<3} {need}   (by {}, {})\n",
                f + 1,
                rank_name(self.foundation_top(f)),
                f + 1,
                card_count(self.levels[f].into())
            ));
        }
        for w in 0..self.rules.piles() {
            let cards: Vec<&str> = self.piles[w]
                .cards()
                .iter()
                .map(|&r| rank_name(r))
                .collect();
            s.push_str(format!("w{} {}", w + 1, cards.join(" ")).trim_end());
            s.push('\n');
        }
        match self.turned() {
            Some(r) => s.push_str(&format!("turned: {}\n", rank_name(r))),
            None => s.push_str("turned: none\n"),
        }
        let left: Vec<String> = (1..=self.rules.ranks())
            .filter(|&r| self.unseen(r) > 0)
            .map(|r| format!("{}×{}", rank_name(r), self.unseen(r)))
            .collect();
        if left.is_empty() {
            s.push_str("stock: empty\n");
        } else {
            s.push_str(&format!(
                "stock: {}: {}\n",
                card_count(self.unseen_total.into()),
                left.join(" ")
            ));
        }
        s
    }

    /// A canonical key: waste piles sorted, so that positions differing only by the order
    /// of the piles share it. Used by the solver's and the exact search's tables.
    pub(crate) fn canonical(&self) -> Position {
        let mut c = *self;
        let n = self.rules.piles();
        c.piles[..n].sort_unstable_by(|a, b| a.cards().cmp(b.cards()));
        c
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

/// Why a card could not be turned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// A card is already turned and must be placed first.
    #[error("a card is already turned; place it first")]
    AlreadyTurned,
    /// No card of that rank is left in the stock.
    #[error("no {0} is left in the stock")]
    NoneLeft(&'static str),
}

impl Game for Position {
    type Move = Step;
    type Undo = u8;

    fn to_move(&self) -> Player {
        Player::First
    }

    fn legal_moves(&self, moves: &mut Vec<Step>) {
        moves.clear();
        if self.is_chance() {
            for rank in 1..=self.rules.ranks() {
                if self.unseen[rank as usize] > 0 {
                    moves.push(Step::Turn(rank));
                }
            }
        } else {
            let mut buffer = Vec::new();
            self.moves(&mut buffer);
            moves.extend(buffer.into_iter().map(Step::Play));
        }
    }

    fn make(&mut self, step: Step) -> u8 {
        let turned = self.turned;
        match step {
            Step::Play(mv) => self.play_unchecked(mv),
            Step::Turn(rank) => self.turn_unchecked(rank),
        }
        turned
    }

    fn unmake(&mut self, step: Step, turned: u8) {
        match step {
            Step::Play(mv) => self.unplay(mv, turned),
            Step::Turn(rank) => {
                self.unseen[rank as usize] += 1;
                self.unseen_total += 1;
                self.turned = 0;
            }
        }
    }

    /// A win for the (only) player when every card is home; a loss (a win of
    /// [`Player::Second`], the deck) when the game is over otherwise.
    fn outcome(&self) -> Option<Outcome> {
        if self.is_won() {
            Some(Outcome::Win(Player::First))
        } else if self.is_over() {
            Some(Outcome::Win(Player::Second))
        } else {
            None
        }
    }
}

impl Chance for Position {
    fn is_chance(&self) -> bool {
        Position::is_chance(self)
    }

    fn chance_events(&self, events: &mut Vec<(Step, f64)>) {
        events.clear();
        let total = self.unseen_total as f64;
        for rank in 1..=self.rules.ranks() {
            let n = self.unseen[rank as usize];
            if n > 0 {
                events.push((Step::Turn(rank), n as f64 / total));
            }
        }
    }
}

/// "1 card", "n cards".
fn card_count(n: usize) -> String {
    if n == 1 {
        "1 card".to_string()
    } else {
        format!("{n} cards")
    }
}
