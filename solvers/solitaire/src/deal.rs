//! Deals: the order of the stock, from a numbered seed or written out card by card.

use crate::rules::{parse_rank, rank_name, Rules};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// The stock of one game, in the order the cards are turned (first card first), as ranks
/// 1..=`ranks`; suits do not matter in Calculation.
///
/// ```
/// use cgtk_solitaire::{Deal, Rules};
///
/// let deal = Deal::from_seed(Rules::STANDARD, 1);
/// assert_eq!(deal.stock().len(), 48);
/// // Equal seeds give equal deals; the text form reads back.
/// assert_eq!(deal, Deal::from_seed(Rules::STANDARD, 1));
/// assert_eq!(Deal::parse(Rules::STANDARD, &deal.to_string()).unwrap(), deal);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    rules: Rules,
    stock: Vec<u8>,
}

/// Why a written deal was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// A token is not a card.
    #[error("card {position}: {token:?} is not a card (ranks are A 2 3 4 5 6 7 8 9 10 J Q K, a suit letter may follow)")]
    UnknownCard {
        /// The 1-based position of the token in the deal.
        position: usize,
        /// The token as written.
        token: String,
    },
    /// A rank is above the deck's top rank (in a reduced deck).
    #[error("card {position}: {token:?} is above the top rank {top} of this deck")]
    RankTooHigh {
        /// The 1-based position of the token.
        position: usize,
        /// The token as written.
        token: String,
        /// The deck's top rank.
        top: u8,
    },
    /// The deal does not hold the right number of some ranks.
    #[error("not a valid {expected_len}-card stock: {}", describe_counts(.wrong, *.found_len, *.expected_len))]
    WrongCounts {
        /// Every wrong rank: (rank, cards found, cards expected).
        wrong: Vec<(u8, usize, usize)>,
        /// The number of cards given.
        found_len: usize,
        /// The stock length these rules ask for.
        expected_len: usize,
    },
}

fn describe_counts(wrong: &[(u8, usize, usize)], found_len: usize, expected_len: usize) -> String {
    let times = |n: usize| match n {
        1 => "1 time".to_string(),
        n => format!("{n} times"),
    };
    let ranks = wrong
        .iter()
        .map(|&(rank, found, expected)| {
            format!("{} {} instead of {expected}", rank_name(rank), times(found))
        })
        .collect::<Vec<_>>()
        .join(", ");
    if found_len == expected_len {
        ranks
    } else {
        format!("{found_len} cards instead of {expected_len}; {ranks}")
    }
}

/// Suit letters and symbols accepted (and ignored) after a rank.
const SUITS: [char; 8] = ['S', 'H', 'D', 'C', '♠', '♥', '♦', '♣'];

impl Deal {
    /// The numbered deal `seed`, by this exact, stable procedure:
    ///
    /// 1. Start from the stock in rank order: every rank 1..=`ranks` as many times as
    ///    [`Rules::copies_in_stock`] says (`A A A 2 2 2 3 3 3 4 4 4 5 5 5 5 … K K K K`).
    /// 2. Seed `rand_chacha::ChaCha8Rng` with `seed_from_u64(seed)`.
    /// 3. Fisher–Yates from the end: for `i` from `n − 1` down to 1, draw `x = next_u64()`,
    ///    let `j = ⌊x · (i + 1) / 2^64⌋` (computed in 128 bits), and swap cards `i` and `j`.
    ///
    /// The first card turned is the first of the result.
    ///
    /// ```
    /// use cgtk_solitaire::{Deal, Rules};
    /// let deal = Deal::from_seed(Rules::STANDARD, 0);
    /// let mut sorted = deal.stock().to_vec();
    /// sorted.sort();
    /// assert_eq!(&sorted[..4], &[1, 1, 1, 2]);
    /// ```
    pub fn from_seed(rules: Rules, seed: u64) -> Deal {
        let mut stock = sorted_stock(rules);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for i in (1..stock.len()).rev() {
            let x = rng.next_u64();
            let j = ((x as u128 * (i as u128 + 1)) >> 64) as usize;
            stock.swap(i, j);
        }
        Deal { rules, stock }
    }

    /// A deal from its stock order, checked: exactly [`Rules::copies_in_stock`] cards of
    /// every rank.
    ///
    /// ```
    /// use cgtk_solitaire::{Deal, DealError, Rules};
    /// let rules = Rules::new(5, 2, 2).unwrap();
    /// assert!(Deal::new(rules, vec![5, 4, 3, 2, 1, 5, 4, 3]).is_ok());
    /// assert!(matches!(Deal::new(rules, vec![5, 5, 5, 2, 1, 3, 4, 3]), Err(DealError::WrongCounts { .. })));
    /// ```
    pub fn new(rules: Rules, stock: Vec<u8>) -> Result<Deal, DealError> {
        for (i, &rank) in stock.iter().enumerate() {
            if rank == 0 || rank > rules.ranks() {
                return Err(DealError::RankTooHigh {
                    position: i + 1,
                    token: rank.to_string(),
                    top: rules.ranks(),
                });
            }
        }
        let mut count = [0usize; 14];
        for &rank in &stock {
            count[rank as usize] += 1;
        }
        let wrong: Vec<(u8, usize, usize)> = (1..=rules.ranks())
            .filter_map(|rank| {
                let expected = rules.copies_in_stock(rank) as usize;
                (count[rank as usize] != expected).then_some((rank, count[rank as usize], expected))
            })
            .collect();
        if !wrong.is_empty() {
            return Err(DealError::WrongCounts {
                wrong,
                found_len: stock.len(),
                expected_len: rules.stock_len(),
            });
        }
        Ok(Deal { rules, stock })
    }

    /// Reads a deal written as the stock's order of cards, separated by white space or
    /// commas: ranks `A 2 … 10 J Q K` (also `T` for ten, any case), each optionally
    /// followed by a suit (`S H D C` or `♠ ♥ ♦ ♣`), which is ignored. Lines starting with
    /// `#` are comments.
    ///
    /// ```
    /// use cgtk_solitaire::{Deal, DealError, Rules};
    /// let rules = Rules::new(5, 2, 2).unwrap();
    /// let deal = Deal::parse(rules, "5S 4 3h 2 A # comment\n5 4 3").unwrap();
    /// assert_eq!(deal.stock(), &[5, 4, 3, 2, 1, 5, 4, 3]);
    /// assert_eq!(
    ///     Deal::parse(rules, "5 4 X"),
    ///     Err(DealError::UnknownCard { position: 3, token: "X".into() })
    /// );
    /// ```
    pub fn parse(rules: Rules, text: &str) -> Result<Deal, DealError> {
        let mut stock = Vec::new();
        let tokens = text
            .lines()
            .map(|line| line.split('#').next().unwrap_or(""))
            .flat_map(|line| line.split(|c: char| c.is_whitespace() || c == ','))
            .filter(|t| !t.is_empty());
        for (i, token) in tokens.enumerate() {
            let rank_text = token
                .strip_suffix(|c: char| SUITS.contains(&c.to_ascii_uppercase()))
                .unwrap_or(token);
            let rank = parse_rank(rank_text).ok_or_else(|| DealError::UnknownCard {
                position: i + 1,
                token: token.to_string(),
            })?;
            if rank > rules.ranks() {
                return Err(DealError::RankTooHigh {
                    position: i + 1,
                    token: token.to_string(),
                    top: rules.ranks(),
                });
            }
            stock.push(rank);
        }
        Deal::new(rules, stock)
    }

    /// The rules this deal is for.
    ///
    /// ```
    /// use cgtk_solitaire::{Deal, Rules};
    /// assert_eq!(Deal::from_seed(Rules::STANDARD, 3).rules(), Rules::STANDARD);
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The stock, first card turned first.
    ///
    /// ```
    /// use cgtk_solitaire::{Deal, Rules};
    /// assert_eq!(Deal::from_seed(Rules::STANDARD, 3).stock().len(), 48);
    /// ```
    pub fn stock(&self) -> &[u8] {
        &self.stock
    }

    /// The same stock order played with other rules of the same deck (another number of
    /// waste piles), or `None` when the deck differs.
    ///
    /// ```
    /// use cgtk_solitaire::{Deal, Rules};
    /// let deal = Deal::from_seed(Rules::STANDARD, 3);
    /// let three = deal.with_rules(Rules::standard(3).unwrap()).unwrap();
    /// assert_eq!(three.stock(), deal.stock());
    /// ```
    pub fn with_rules(&self, rules: Rules) -> Option<Deal> {
        (rules.ranks() == self.rules.ranks() && rules.foundations() == self.rules.foundations())
            .then(|| Deal {
                rules,
                stock: self.stock.clone(),
            })
    }

    /// The stock as rank names, first card first.
    ///
    /// ```
    /// use cgtk_solitaire::{Deal, Rules};
    /// let rules = Rules::new(5, 2, 2).unwrap();
    /// let deal = Deal::new(rules, vec![5, 4, 3, 2, 1, 5, 4, 3]).unwrap();
    /// assert_eq!(deal.rank_names()[0], "5");
    /// ```
    pub fn rank_names(&self) -> Vec<String> {
        self.stock
            .iter()
            .map(|&r| rank_name(r).to_string())
            .collect()
    }
}

/// The stock in rank order (step 1 of [`Deal::from_seed`]).
fn sorted_stock(rules: Rules) -> Vec<u8> {
    (1..=rules.ranks())
        .flat_map(|rank| std::iter::repeat(rank).take(rules.copies_in_stock(rank) as usize))
        .collect()
}

impl fmt::Display for Deal {
    /// The ranks separated by single spaces, readable by [`Deal::parse`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rank_names().join(" "))
    }
}
