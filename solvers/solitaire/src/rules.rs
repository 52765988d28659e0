//! The rule set of Calculation: how many ranks, foundations and waste piles, and the
//! sequence each foundation is built in.

use std::fmt;

/// The most ranks a deck may have (a standard deck: ace to king).
pub const MAX_RANKS: u8 = 13;
/// The most foundations (the standard game has four: by 1, 2, 3 and 4).
pub const MAX_FOUNDATIONS: usize = 4;
/// The most waste piles (the standard game has four; a variant has three).
pub const MAX_PILES: usize = 4;

/// The rules of one game of Calculation: `ranks` ranks (13 in a standard deck; the top rank
/// is the king), `foundations` foundations building by 1, 2, …, `foundations` modulo
/// `ranks`, and `piles` waste piles.
///
/// Foundation `i` (1-based) starts with the card of rank `i` and is built up by `i`, ranks
/// wrapping modulo `ranks`; because every step is prime to `ranks`, each foundation runs
/// through every rank once and ends with the king. The deck holds `foundations` cards of
/// every rank, so the stock holds `foundations × (ranks − 1)` cards once the foundation
/// bases are out.
///
/// ```
/// use cgtk_solitaire::Rules;
///
/// let rules = Rules::STANDARD;
/// assert_eq!(rules.stock_len(), 48);
/// assert_eq!(rules.foundation_sequence(1), vec![2, 4, 6, 8, 10, 12, 1, 3, 5, 7, 9, 11, 13]);
/// // A reduced game: five ranks, two foundations, two waste piles.
/// let small = Rules::new(5, 2, 2).unwrap();
/// assert_eq!(small.stock_len(), 8);
/// assert_eq!(small.foundation_sequence(1), vec![2, 4, 1, 3, 5]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    ranks: u8,
    foundations: u8,
    piles: u8,
    /// `levels[f][rank]`: the level (1-based) of `rank` on foundation `f`, a lookup table so
    /// that the players and the solver never search the sequence (0 where unused).
    levels: [[u8; 14]; MAX_FOUNDATIONS],
    /// `next[f][level]`: the rank foundation `f` needs when it holds `level` cards, 0 once
    /// it is complete; the lookup behind [`Position::needs`](crate::Position::needs), which
    /// playouts ask many times per move.
    next: [[u8; 14]; MAX_FOUNDATIONS],
}

/// The table of levels of [`Rules::level_of`], computed once per rule set.
const fn level_table(ranks: u8, foundations: u8) -> [[u8; 14]; MAX_FOUNDATIONS] {
    let mut table = [[0u8; 14]; MAX_FOUNDATIONS];
    let mut f = 0;
    while f < foundations as usize {
        let mut level = 1u8;
        while level <= ranks {
            let r = ((f as u32 + 1) * level as u32) % ranks as u32;
            let rank = if r == 0 { ranks } else { r as u8 };
            table[f][rank as usize] = level;
            level += 1;
        }
        f += 1;
    }
    table
}

/// The table of [`Rules::next`], the level table turned round: the rank at level `l`
/// (1-based) of foundation `f` is what it needs when it holds `l − 1` cards; 0 from
/// `level = ranks` on.
const fn next_table(levels: &[[u8; 14]; MAX_FOUNDATIONS]) -> [[u8; 14]; MAX_FOUNDATIONS] {
    let mut table = [[0u8; 14]; MAX_FOUNDATIONS];
    let mut f = 0;
    while f < MAX_FOUNDATIONS {
        let mut rank = 1;
        while rank < 14 {
            let level = levels[f][rank];
            if level > 0 {
                table[f][level as usize - 1] = rank as u8;
            }
            rank += 1;
        }
        f += 1;
    }
    table
}

/// Why a rule set was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The number of ranks is outside 2..=13.
    #[error("a deck has 2 to 13 ranks, not {0}")]
    Ranks(u8),
    /// The number of foundations is outside 1..=4 or not below the number of ranks.
    #[error("there are 1 to 4 foundations, fewer than the {ranks} ranks, not {foundations}")]
    Foundations {
        /// The rejected number of foundations.
        foundations: u8,
        /// The number of ranks.
        ranks: u8,
    },
    /// A foundation's step shares a factor with the number of ranks, so it would not run
    /// through every rank.
    #[error("the foundation building by {step} would not reach every one of {ranks} ranks (use a prime number of ranks)")]
    Step {
        /// The step of the foundation.
        step: u8,
        /// The number of ranks.
        ranks: u8,
    },
    /// The number of waste piles is outside 1..=4.
    #[error("there are 1 to 4 waste piles, not {0}")]
    Piles(u8),
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Rules {
    /// The standard game: 13 ranks, four foundations, four waste piles.
    pub const STANDARD: Rules = Rules {
        ranks: 13,
        foundations: 4,
        piles: 4,
        levels: level_table(13, 4),
        next: next_table(&level_table(13, 4)),
    };

    /// A rule set, checked: 2 to 13 ranks, 1 to 4 foundations (fewer than the ranks, each
    /// step prime to the number of ranks) and 1 to 4 waste piles.
    ///
    /// ```
    /// use cgtk_solitaire::{Rules, RulesError};
    ///
    /// assert_eq!(Rules::new(13, 4, 3).unwrap().piles(), 3);
    /// assert_eq!(Rules::new(6, 2, 2), Err(RulesError::Step { step: 2, ranks: 6 }));
    /// ```
    pub fn new(ranks: u8, foundations: u8, piles: u8) -> Result<Rules, RulesError> {
        if !(2..=MAX_RANKS).contains(&ranks) {
            return Err(RulesError::Ranks(ranks));
        }
        if foundations == 0 || foundations as usize > MAX_FOUNDATIONS || foundations >= ranks {
            return Err(RulesError::Foundations { foundations, ranks });
        }
        for step in 1..=foundations {
            if gcd(step, ranks) != 1 {
                return Err(RulesError::Step { step, ranks });
            }
        }
        if piles == 0 || piles as usize > MAX_PILES {
            return Err(RulesError::Piles(piles));
        }
        let levels = level_table(ranks, foundations);
        Ok(Rules {
            ranks,
            foundations,
            piles,
            levels,
            next: next_table(&levels),
        })
    }

    /// The standard deck with `piles` waste piles (4, or 3 in the variant).
    ///
    /// ```
    /// use cgtk_solitaire::Rules;
    /// assert_eq!(Rules::standard(3).unwrap().piles(), 3);
    /// assert!(Rules::standard(5).is_err());
    /// ```
    pub fn standard(piles: u8) -> Result<Rules, RulesError> {
        Rules::new(13, 4, piles)
    }

    /// The number of ranks; the top rank (the king) equals it.
    ///
    /// ```
    /// assert_eq!(cgtk_solitaire::Rules::STANDARD.ranks(), 13);
    /// ```
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The number of foundations.
    ///
    /// ```
    /// assert_eq!(cgtk_solitaire::Rules::STANDARD.foundations(), 4);
    /// ```
    pub fn foundations(&self) -> usize {
        self.foundations as usize
    }

    /// The number of waste piles.
    ///
    /// ```
    /// assert_eq!(cgtk_solitaire::Rules::STANDARD.piles(), 4);
    /// ```
    pub fn piles(&self) -> usize {
        self.piles as usize
    }

    /// The number of cards in the stock at the start: `foundations × (ranks − 1)`.
    ///
    /// ```
    /// assert_eq!(cgtk_solitaire::Rules::STANDARD.stock_len(), 48);
    /// ```
    pub fn stock_len(&self) -> usize {
        self.foundations() * (self.ranks as usize - 1)
    }

    /// The number of cards in the whole deck, foundation bases included.
    ///
    /// ```
    /// assert_eq!(cgtk_solitaire::Rules::STANDARD.deck_len(), 52);
    /// ```
    pub fn deck_len(&self) -> usize {
        self.foundations() * self.ranks as usize
    }

    /// How many cards of `rank` the stock holds at the start: one fewer for the ranks that
    /// start a foundation (A, 2, 3, 4 in the standard game).
    ///
    /// ```
    /// use cgtk_solitaire::Rules;
    /// assert_eq!(Rules::STANDARD.copies_in_stock(1), 3);
    /// assert_eq!(Rules::STANDARD.copies_in_stock(13), 4);
    /// ```
    pub fn copies_in_stock(&self, rank: u8) -> u8 {
        if rank == 0 || rank > self.ranks {
            0
        } else if rank <= self.foundations {
            self.foundations - 1
        } else {
            self.foundations
        }
    }

    /// The rank of the `level`-th card (1-based) of foundation `f` (0-based, building by
    /// `f + 1`): `(f + 1) · level` modulo `ranks`, where 0 stands for the king.
    ///
    /// ```
    /// use cgtk_solitaire::Rules;
    /// // The foundation by 3 starts 3, 6, 9, Q, 2.
    /// assert_eq!(Rules::STANDARD.foundation_card(2, 5), 2);
    /// assert_eq!(Rules::STANDARD.foundation_card(2, 13), 13);
    /// ```
    pub fn foundation_card(&self, f: usize, level: u8) -> u8 {
        let r = ((f as u32 + 1) * level as u32) % self.ranks as u32;
        if r == 0 {
            self.ranks
        } else {
            r as u8
        }
    }

    /// The rank foundation `f` needs next when it holds `level` cards, `None` once it is
    /// complete (`level` = the number of ranks): [`foundation_card`](Rules::foundation_card)
    /// of `level + 1`, read from a table.
    ///
    /// ```
    /// use cgtk_solitaire::Rules;
    /// assert_eq!(Rules::STANDARD.next_card(1, 6), Some(1)); // 2 4 6 8 10 Q, then A
    /// assert_eq!(Rules::STANDARD.next_card(1, 13), None);
    /// ```
    #[inline]
    pub fn next_card(&self, f: usize, level: u8) -> Option<u8> {
        let card = self.next_raw(f, level);
        (card != 0).then_some(card)
    }

    /// [`next_card`](Rules::next_card) with 0 for a complete foundation.
    #[inline]
    pub(crate) fn next_raw(&self, f: usize, level: u8) -> u8 {
        self.next[f][level as usize]
    }

    /// The whole sequence of foundation `f` (0-based), base card first, king last.
    ///
    /// ```
    /// use cgtk_solitaire::Rules;
    /// assert_eq!(Rules::STANDARD.foundation_sequence(3), vec![4, 8, 12, 3, 7, 11, 2, 6, 10, 1, 5, 9, 13]);
    /// ```
    pub fn foundation_sequence(&self, f: usize) -> Vec<u8> {
        (1..=self.ranks)
            .map(|level| self.foundation_card(f, level))
            .collect()
    }

    /// The level (1-based position) of `rank` in foundation `f`'s sequence: the inverse of
    /// [`foundation_card`](Rules::foundation_card).
    ///
    /// ```
    /// use cgtk_solitaire::Rules;
    /// assert_eq!(Rules::STANDARD.level_of(1, 1), 7); // 2 4 6 8 10 Q A
    /// ```
    pub fn level_of(&self, f: usize, rank: u8) -> u8 {
        match self.levels.get(f).and_then(|row| row.get(rank as usize)) {
            Some(&level) if level > 0 => level,
            _ => self.ranks,
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ranks, {} foundations, {} waste piles",
            self.ranks, self.foundations, self.piles
        )
    }
}

/// The name of a rank: `A`, `2` … `10`, `J`, `Q`, `K` (by value, so in a reduced deck of
/// five ranks the king is `5`).
///
/// ```
/// use cgtk_solitaire::rank_name;
/// assert_eq!(rank_name(1), "A");
/// assert_eq!(rank_name(10), "10");
/// assert_eq!(rank_name(13), "K");
/// ```
pub fn rank_name(rank: u8) -> &'static str {
    const NAMES: [&str; 14] = [
        "?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];
    NAMES.get(rank as usize).copied().unwrap_or("?")
}

/// Reads a rank name, case-insensitive: `A`, `2` … `10` (or `T`), `J`, `Q`, `K`, or a
/// number 1..=13; `None` for anything else.
///
/// ```
/// use cgtk_solitaire::parse_rank;
/// assert_eq!(parse_rank("q"), Some(12));
/// assert_eq!(parse_rank("T"), Some(10));
/// assert_eq!(parse_rank("14"), None);
/// ```
pub fn parse_rank(text: &str) -> Option<u8> {
    match text.to_ascii_uppercase().as_str() {
        "A" => Some(1),
        "T" => Some(10),
        "J" => Some(11),
        "Q" => Some(12),
        "K" => Some(13),
        other => other.parse::<u8>().ok().filter(|r| (1..=13).contains(r)),
    }
}
