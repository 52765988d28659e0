//! Reading games from text: `{L1, L2 | R1, R2}`, numbers, `*n`, `^`, `v`, `±x`, sums.

use crate::arena::{Arena, GameId};
use crate::dyadic::{Dyadic, MAX_EXPONENT};

/// The largest integer a number in the text may have (in absolute value).
pub const MAX_INTEGER: i64 = 1 << 16;
/// The largest k of a denominator 2^k in the text: as fine as a [`Dyadic`] goes, so every
/// number the arena prints reads back.
pub const MAX_DENOMINATOR_EXPONENT: u32 = MAX_EXPONENT;
/// How deeply braces, parentheses and prefix signs (`-`, `±`) may nest in the text.
pub const MAX_NESTING: usize = 200;
/// The largest `n` of a nimber `*n` in the text.
pub const MAX_NIMBER: u32 = 1024;
/// The largest multiple of up (`^n`, `vn`) in the text.
pub const MAX_UPS: u32 = 256;

/// Why a text is not a game. Positions count characters from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseGameError {
    /// A token other than the one the grammar needs.
    #[error("expected {expected} at position {position}, found {found}")]
    Expected {
        /// Where.
        position: usize,
        /// What the grammar allows there.
        expected: &'static str,
        /// What the text has there.
        found: String,
    },
    /// A character that starts no token.
    #[error("unexpected character '{character}' at position {position}")]
    Character {
        /// Where.
        position: usize,
        /// The character.
        character: char,
    },
    /// A fraction whose denominator is not a power of two.
    #[error("the denominator of '{text}' at position {position} is not a power of two (short games have dyadic numbers only)")]
    NotDyadic {
        /// Where.
        position: usize,
        /// The fraction.
        text: String,
    },
    /// A number (its integer part or its denominator), nimber or up multiple beyond the
    /// limits.
    #[error("'{text}' at position {position} is too large (integers up to 65536, denominators up to 2^48, *n up to *1024, up multiples up to 256)")]
    TooLarge {
        /// Where.
        position: usize,
        /// The number.
        text: String,
    },
    /// A game in braces equal to a number finer than 1/2^48, which a [`Dyadic`] cannot hold.
    #[error("the game at position {position} is a number with a denominator above 2^48 (denominators go up to 2^48)")]
    TooFine {
        /// Where the game starts.
        position: usize,
    },
    /// Braces, parentheses and prefix signs nested too deeply.
    #[error("braces, parentheses and prefix signs nest more than 200 deep at position {position}")]
    TooDeep {
        /// Where.
        position: usize,
    },
    /// Two separators of the same (largest) number of bars in one pair of braces.
    #[error("two separators '{bars}' at the same level (positions {first} and {second}): use braces or more bars to say which is outer")]
    AmbiguousBars {
        /// The separator.
        bars: String,
        /// The first one's position.
        first: usize,
        /// The second one's position.
        second: usize,
    },
}

impl ParseGameError {
    /// Where in the text the error is (characters from 1; for two separators, the first).
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let err = Arena::new().parse("{1 | x}").unwrap_err();
    /// assert_eq!(err.position(), 6);
    /// ```
    pub fn position(&self) -> usize {
        match *self {
            ParseGameError::Expected { position, .. }
            | ParseGameError::Character { position, .. }
            | ParseGameError::NotDyadic { position, .. }
            | ParseGameError::TooLarge { position, .. }
            | ParseGameError::TooFine { position }
            | ParseGameError::TooDeep { position } => position,
            ParseGameError::AmbiguousBars { first, .. } => first,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(Dyadic),
    Star(u32),
    Ups(i64),
    LBrace,
    RBrace,
    Comma,
    Bars(usize),
    Plus,
    Minus,
    PlusMinus,
    LParen,
    RParen,
    End,
}

fn describe(t: &Token) -> String {
    match t {
        Token::Number(x) => format!("number '{x}'"),
        Token::Star(n) => format!("'*{n}'"),
        Token::Ups(_) => "an up or down".to_string(),
        Token::LBrace => "'{'".to_string(),
        Token::RBrace => "'}'".to_string(),
        Token::Comma => "','".to_string(),
        Token::Bars(n) => format!("'{}'", "|".repeat(*n)),
        Token::Plus => "'+'".to_string(),
        Token::Minus => "'-'".to_string(),
        Token::PlusMinus => "'±'".to_string(),
        Token::LParen => "'('".to_string(),
        Token::RParen => "')'".to_string(),
        Token::End => "the end of the text".to_string(),
    }
}

fn lex(text: &str) -> Result<Vec<(Token, usize)>, ParseGameError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let digits = |from: usize| {
        let mut j = from;
        while j < chars.len() && chars[j].is_ascii_digit() {
            j += 1;
        }
        j
    };
    while i < chars.len() {
        let c = chars[i];
        let position = i + 1;
        let too_large = |a: usize, b: usize| ParseGameError::TooLarge {
            position,
            text: chars[a..b].iter().collect(),
        };
        let token = match c {
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            '{' => Token::LBrace,
            '}' => Token::RBrace,
            ',' => Token::Comma,
            '+' => Token::Plus,
            '-' => Token::Minus,
            '±' => Token::PlusMinus,
            '(' => Token::LParen,
            ')' => Token::RParen,
            '|' => {
                let mut j = i;
                while j < chars.len() && chars[j] == '|' {
                    j += 1;
                }
                let n = j - i;
                tokens.push((Token::Bars(n), position));
                i = j;
                continue;
            }
            '0'..='9' => {
                let j = digits(i);
                let (end, den) =
                    if j + 1 < chars.len() && chars[j] == '/' && chars[j + 1].is_ascii_digit() {
                        let k = digits(j + 1);
                        let den_text: String = chars[j + 1..k].iter().collect();
                        let den: u64 = den_text.parse().map_err(|_| too_large(i, k))?;
                        (k, den)
                    } else {
                        (j, 1)
                    };
                let num_text: String = chars[i..j].iter().collect();
                let num: i128 = num_text.parse().map_err(|_| too_large(i, end))?;
                if den == 0 || den.count_ones() != 1 {
                    return Err(ParseGameError::NotDyadic {
                        position,
                        text: chars[i..end].iter().collect(),
                    });
                }
                if den.trailing_zeros() > MAX_DENOMINATOR_EXPONENT {
                    return Err(too_large(i, end));
                }
                let x = Dyadic::wide(num, den.trailing_zeros());
                if x.floor().abs() > MAX_INTEGER {
                    return Err(too_large(i, end));
                }
                tokens.push((Token::Number(x), position));
                i = end;
                continue;
            }
            '*' => {
                let j = digits(i + 1);
                let n = if j == i + 1 {
                    1
                } else {
                    let t: String = chars[i + 1..j].iter().collect();
                    t.parse::<u32>()
                        .ok()
                        .filter(|&n| n <= MAX_NIMBER)
                        .ok_or_else(|| too_large(i, j))?
                };
                tokens.push((Token::Star(n), position));
                i = j;
                continue;
            }
            '^' | '↑' | 'v' | '↓' | '⇑' | '⇓' => {
                let up = matches!(c, '^' | '↑' | '⇑');
                let mut count = 0u32;
                let mut j = i;
                while j < chars.len() && (chars[j] == c) {
                    count += if matches!(c, '⇑' | '⇓') { 2 } else { 1 };
                    j += 1;
                }
                let k = digits(j);
                if k > j {
                    let t: String = chars[j..k].iter().collect();
                    let n = t
                        .parse::<u32>()
                        .ok()
                        .and_then(|n| n.checked_mul(count))
                        .filter(|&n| n <= MAX_UPS)
                        .ok_or_else(|| too_large(i, k))?;
                    count = n;
                }
                if count > MAX_UPS {
                    return Err(too_large(i, k));
                }
                let n = count as i64;
                tokens.push((Token::Ups(if up { n } else { -n }), position));
                i = k;
                continue;
            }
            other => {
                return Err(ParseGameError::Character {
                    position,
                    character: other,
                })
            }
        };
        tokens.push((token, position));
        i += 1;
    }
    tokens.push((Token::End, chars.len() + 1));
    Ok(tokens)
}

struct Parser<'a> {
    tokens: Vec<(Token, usize)>,
    at: usize,
    depth: usize,
    arena: &'a mut Arena,
}

impl Parser<'_> {
    fn peek(&self) -> &Token {
        &self.tokens[self.at].0
    }

    fn position(&self) -> usize {
        self.tokens[self.at].1
    }

    fn expected(&self, expected: &'static str) -> ParseGameError {
        ParseGameError::Expected {
            position: self.position(),
            expected,
            found: describe(self.peek()),
        }
    }

    /// Steps into a brace, a parenthesis or a prefix sign.
    fn enter(&mut self) -> Result<(), ParseGameError> {
        if self.depth >= MAX_NESTING {
            return Err(ParseGameError::TooDeep {
                position: self.position(),
            });
        }
        self.depth += 1;
        self.at += 1;
        Ok(())
    }

    /// The canonical form of `{left | right}` for the game in braces at `position`, refused
    /// when it is a number finer than a [`Dyadic`] holds.
    fn construct(
        &mut self,
        left: Vec<GameId>,
        right: Vec<GameId>,
        position: usize,
    ) -> Result<GameId, ParseGameError> {
        self.arena
            .try_construct(left, right)
            .ok_or(ParseGameError::TooFine { position })
    }

    fn expression(&mut self) -> Result<GameId, ParseGameError> {
        let mut g = self.term()?;
        loop {
            match self.peek() {
                Token::Plus => {
                    self.at += 1;
                    let h = self.term()?;
                    g = self.arena.add(g, h);
                }
                Token::Minus => {
                    self.at += 1;
                    let h = self.term()?;
                    g = self.arena.sub(g, h);
                }
                Token::PlusMinus => {
                    let position = self.position();
                    self.at += 1;
                    let h = self.term()?;
                    let minus = self.arena.neg(h);
                    let s = self.construct(vec![h], vec![minus], position)?;
                    g = self.arena.add(g, s);
                }
                _ => return Ok(g),
            }
        }
    }

    /// A signed primary followed by stars and ups written next to it (`1/2^*`).
    fn term(&mut self) -> Result<GameId, ParseGameError> {
        let mut g = self.unary()?;
        loop {
            match *self.peek() {
                Token::Star(n) => {
                    self.at += 1;
                    let s = self.arena.nimber(n);
                    g = self.arena.add(g, s);
                }
                Token::Ups(n) => {
                    self.at += 1;
                    let u = self.arena.up_multiple(n);
                    g = self.arena.add(g, u);
                }
                _ => return Ok(g),
            }
        }
    }

    /// A primary after a run of prefix signs, read without recursion: each sign counts
    /// toward the nesting limit, like a brace, so the signs build at most that many levels.
    fn unary(&mut self) -> Result<GameId, ParseGameError> {
        let outer = self.depth;
        let mut signs = Vec::new();
        let g = loop {
            match self.peek() {
                Token::Minus => {
                    signs.push((Token::Minus, self.position()));
                    self.enter()?;
                }
                Token::PlusMinus if self.tokens[self.at + 1].0 == Token::LParen => {
                    self.at += 1;
                    break self.switch_list()?;
                }
                Token::PlusMinus => {
                    signs.push((Token::PlusMinus, self.position()));
                    self.enter()?;
                }
                _ => break self.primary()?,
            }
        };
        self.depth = outer;
        let mut g = g;
        for (sign, position) in signs.into_iter().rev() {
            g = if sign == Token::Minus {
                self.arena.neg(g)
            } else {
                let minus = self.arena.neg(g);
                self.construct(vec![g], vec![minus], position)?
            };
        }
        Ok(g)
    }

    fn primary(&mut self) -> Result<GameId, ParseGameError> {
        let token = self.peek().clone();
        match token {
            Token::Number(x) => {
                self.at += 1;
                Ok(self.arena.number(x))
            }
            Token::Star(n) => {
                self.at += 1;
                Ok(self.arena.nimber(n))
            }
            Token::Ups(n) => {
                self.at += 1;
                Ok(self.arena.up_multiple(n))
            }
            Token::LParen => {
                self.enter()?;
                let g = self.expression()?;
                self.depth -= 1;
                if *self.peek() != Token::RParen {
                    return Err(self.expected("')'"));
                }
                self.at += 1;
                Ok(g)
            }
            Token::LBrace => {
                let position = self.position();
                self.enter()?;
                let g = self.braces(position)?;
                self.depth -= 1;
                Ok(g)
            }
            _ => Err(self.expected("a game (a number, *n, ^, v, {…|…}, '(', '-' or '±')")),
        }
    }

    /// `±(A, B, …)` = {A, B, … | -A, -B, …}, after the `±`.
    fn switch_list(&mut self) -> Result<GameId, ParseGameError> {
        let position = self.position();
        self.enter()?;
        let mut options = vec![self.expression()?];
        while *self.peek() == Token::Comma {
            self.at += 1;
            options.push(self.expression()?);
        }
        if *self.peek() != Token::RParen {
            return Err(self.expected("',' or ')'"));
        }
        self.at += 1;
        self.depth -= 1;
        let negatives: Vec<GameId> = options.iter().map(|&g| self.arena.neg(g)).collect();
        self.construct(options, negatives, position)
    }

    /// The inside of braces and the closing brace, the opening one at `position`.
    fn braces(&mut self, position: usize) -> Result<GameId, ParseGameError> {
        let mut lists: Vec<Vec<GameId>> = Vec::new();
        let mut bars: Vec<(usize, usize)> = Vec::new();
        loop {
            let mut list = Vec::new();
            if !matches!(self.peek(), Token::Bars(_) | Token::RBrace) {
                list.push(self.expression()?);
                while *self.peek() == Token::Comma {
                    self.at += 1;
                    list.push(self.expression()?);
                }
            }
            lists.push(list);
            match *self.peek() {
                Token::Bars(n) => {
                    bars.push((n, self.position()));
                    self.at += 1;
                }
                Token::RBrace => {
                    if bars.is_empty() {
                        return Err(self.expected("'|' between Left's and Right's options"));
                    }
                    self.at += 1;
                    break;
                }
                _ => return Err(self.expected("',', '|' or '}'")),
            }
        }
        let mut lists = lists.into_iter().map(Some).collect::<Vec<_>>();
        self.build(&mut lists, &bars, position)
    }

    /// The game of option lists separated by bars: split at the separator with most bars.
    fn build(
        &mut self,
        lists: &mut [Option<Vec<GameId>>],
        bars: &[(usize, usize)],
        position: usize,
    ) -> Result<GameId, ParseGameError> {
        let most = bars.iter().map(|b| b.0).max().unwrap_or(0);
        let at: Vec<usize> = (0..bars.len()).filter(|&i| bars[i].0 == most).collect();
        if at.len() > 1 {
            return Err(ParseGameError::AmbiguousBars {
                bars: "|".repeat(most),
                first: bars[at[0]].1,
                second: bars[at[1]].1,
            });
        }
        let i = at[0];
        let (left_lists, right_lists) = lists.split_at_mut(i + 1);
        let left = self.side(left_lists, &bars[..i], position)?;
        let right = self.side(right_lists, &bars[i + 1..], position)?;
        self.construct(left, right, position)
    }

    fn side(
        &mut self,
        lists: &mut [Option<Vec<GameId>>],
        bars: &[(usize, usize)],
        position: usize,
    ) -> Result<Vec<GameId>, ParseGameError> {
        if bars.is_empty() {
            return Ok(lists[0].take().unwrap_or_default());
        }
        Ok(vec![self.build(lists, bars, position)?])
    }
}

impl Arena {
    /// Reads a game: `{L1, L2 | R1, R2}` (more bars for nesting: `{0||0|-1}`), integers and
    /// dyadic fractions (`-3/8`), nimbers (`*`, `*3`), up and down (`^`, `↑`, `^^`, `^3`,
    /// `v`, `↓`, `v3`), switches `±x` and `±(A, B)` = {A, B | -A, -B}, sums `+`, differences `-`, negation `-`, and
    /// parentheses. Stars and ups written right after a game add to it (`1/2^*` is
    /// 1/2 + ^ + *); unary `-` and `±` apply to the piece right after them.
    ///
    /// ```
    /// use cgtk_partizan::{Arena, ParseGameError};
    /// let mut a = Arena::new();
    /// let g = a.parse("{1|-1} + ^").unwrap();
    /// assert_eq!(a.display(g), "{1^|-1^}");
    /// assert_eq!(a.parse("1/2 + 1/2"), a.parse("1"));
    /// assert!(matches!(a.parse("{1 | 2"), Err(ParseGameError::Expected { position: 7, .. })));
    /// assert!(matches!(a.parse("1/3"), Err(ParseGameError::NotDyadic { .. })));
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<GameId, ParseGameError> {
        let tokens = lex(text)?;
        let mut parser = Parser {
            tokens,
            at: 0,
            depth: 0,
            arena: self,
        };
        let g = parser.expression()?;
        if *parser.peek() != Token::End {
            return Err(parser.expected("'+', '-', '±' or the end of the text"));
        }
        Ok(g)
    }
}
