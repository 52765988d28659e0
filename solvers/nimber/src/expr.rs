//! Evaluation of nimber expressions such as `*2 * *3 + *1` or `(*5 + *9)^-1`.

use crate::Nimber;

/// Why a nimber expression could not be evaluated. Positions count characters from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExprError {
    /// The expression is empty.
    #[error("empty expression: expected nimbers such as *3 joined by + * / ^")]
    Empty,
    /// An operand was expected and something else was found.
    #[error("expected a nimber (*n or n), '(' or sqrt( at position {position}, found {found}")]
    ExpectedOperand {
        /// What was found instead.
        found: String,
        /// Where.
        position: usize,
    },
    /// An operator, or the end (outside brackets) or ')' (inside them), was expected.
    #[error("unexpected {found} at position {position}: expected + - * / ^ or {}", if *.inside { "')'" } else { "the end" })]
    ExpectedOperator {
        /// Inside brackets (where ')' may come), not at the top level (where the end may).
        inside: bool,
        /// What was found instead.
        found: String,
        /// Where.
        position: usize,
    },
    /// `^` must be followed by a whole number, possibly negative.
    #[error("expected a whole-number exponent after '^' at position {position}, found {found}")]
    ExpectedExponent {
        /// What was found instead.
        found: String,
        /// Where.
        position: usize,
    },
    /// A number does not fit.
    #[error("number {text} at position {position} is too large: nimbers go up to *18446744073709551615, exponents from -9223372036854775808 to 9223372036854775807")]
    TooLarge {
        /// The digits.
        text: String,
        /// Where they start.
        position: usize,
    },
    /// A parenthesis is never closed.
    #[error("parenthesis opened at position {position} is never closed")]
    Unclosed {
        /// Where it was opened.
        position: usize,
    },
    /// Division by *0.
    #[error("division by *0 at position {position}")]
    DivisionByZero {
        /// Where the `/` (or `^`) stands.
        position: usize,
    },
    /// Parentheses nested too deeply.
    #[error("parentheses nested more than {limit} deep at position {position}")]
    TooDeep {
        /// The nesting limit.
        limit: usize,
        /// Where.
        position: usize,
    },
}

impl ExprError {
    /// Where the error is, counting characters from 1 (1 for an empty expression), so that
    /// a long expression can be quoted around it.
    ///
    /// # Examples
    ///
    /// ```
    /// use cgtk_nimber::evaluate;
    /// assert_eq!(evaluate("*1 + *2 +").unwrap_err().position(), 10);
    /// assert_eq!(evaluate("").unwrap_err().position(), 1);
    /// ```
    pub fn position(&self) -> usize {
        match self {
            ExprError::Empty => 1,
            ExprError::ExpectedOperand { position, .. }
            | ExprError::ExpectedOperator { position, .. }
            | ExprError::ExpectedExponent { position, .. }
            | ExprError::TooLarge { position, .. }
            | ExprError::Unclosed { position }
            | ExprError::DivisionByZero { position }
            | ExprError::TooDeep { position, .. } => *position,
        }
    }
}

const MAX_DEPTH: usize = 200;

/// Evaluates an expression over nimbers: literals `*n` (or plain `n`), `+` (and `-`, the same
/// in characteristic 2), `*` (nim product), `/`, `^k` with a whole exponent (`^-1` is the
/// inverse), `sqrt(…)` and parentheses. `^` binds tightest, then `*` and `/` (left to right),
/// then `+` and `-`.
///
/// # Examples
///
/// ```
/// use cgtk_nimber::{evaluate, Nimber, ExprError};
/// assert_eq!(evaluate("*2 * *3 + *1"), Ok(Nimber(0)));
/// assert_eq!(evaluate("*4 * *4"), Ok(Nimber(6)));
/// assert_eq!(evaluate("(*2)^-1"), Ok(Nimber(3)));
/// assert_eq!(evaluate("*1 / *0"), Err(ExprError::DivisionByZero { position: 4 }));
/// ```
pub fn evaluate(text: &str) -> Result<Nimber, ExprError> {
    let mut p = Parser {
        chars: text.chars().collect(),
        at: 0,
        depth: 0,
    };
    p.skip_space();
    if p.at == p.chars.len() {
        return Err(ExprError::Empty);
    }
    let value = p.sum()?;
    p.skip_space();
    if p.at < p.chars.len() {
        return Err(ExprError::ExpectedOperator {
            inside: false,
            found: p.describe(),
            position: p.at + 1,
        });
    }
    Ok(value)
}

struct Parser {
    chars: Vec<char>,
    at: usize,
    depth: usize,
}

impl Parser {
    fn skip_space(&mut self) {
        while self.at < self.chars.len() && self.chars[self.at].is_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.chars.get(self.at).copied()
    }

    fn describe(&self) -> String {
        match self.chars.get(self.at) {
            Some(c) => format!("'{c}'"),
            None => "the end".to_string(),
        }
    }

    fn sum(&mut self) -> Result<Nimber, ExprError> {
        let mut acc = self.product()?;
        while let Some('+' | '-') = self.peek() {
            self.at += 1;
            acc += self.product()?;
        }
        Ok(acc)
    }

    fn product(&mut self) -> Result<Nimber, ExprError> {
        let mut acc = self.power()?;
        while let Some(op @ ('*' | '/')) = self.peek() {
            let position = self.at + 1;
            self.at += 1;
            let rhs = self.power()?;
            acc = if op == '*' {
                acc * rhs
            } else {
                acc.checked_div(rhs)
                    .ok_or(ExprError::DivisionByZero { position })?
            };
        }
        Ok(acc)
    }

    fn power(&mut self) -> Result<Nimber, ExprError> {
        let mut base = self.atom()?;
        while let Some('^') = self.peek() {
            let position = self.at + 1;
            self.at += 1;
            let exponent = self.exponent()?;
            base = base
                .checked_powi(exponent)
                .ok_or(ExprError::DivisionByZero { position })?;
        }
        Ok(base)
    }

    fn exponent(&mut self) -> Result<i64, ExprError> {
        let negative = if let Some('-') = self.peek() {
            self.at += 1;
            true
        } else {
            false
        };
        self.skip_space();
        let start = self.at;
        let digits = self.digits();
        if digits.is_empty() {
            return Err(ExprError::ExpectedExponent {
                found: self.describe(),
                position: self.at + 1,
            });
        }
        let text = if negative {
            format!("-{digits}")
        } else {
            digits.clone()
        };
        text.parse::<i64>().map_err(|_| ExprError::TooLarge {
            text: digits,
            position: start + 1,
        })
    }

    fn digits(&mut self) -> String {
        let start = self.at;
        while self.at < self.chars.len() && self.chars[self.at].is_ascii_digit() {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }

    fn number(&mut self) -> Result<Nimber, ExprError> {
        let start = self.at;
        let digits = self.digits();
        if digits.is_empty() {
            return Err(ExprError::ExpectedOperand {
                found: self.describe(),
                position: self.at + 1,
            });
        }
        digits
            .parse::<u64>()
            .map(Nimber)
            .map_err(|_| ExprError::TooLarge {
                text: digits,
                position: start + 1,
            })
    }

    fn atom(&mut self) -> Result<Nimber, ExprError> {
        match self.peek() {
            Some('*') => {
                self.at += 1;
                self.skip_space();
                self.number()
            }
            Some(c) if c.is_ascii_digit() => self.number(),
            Some('(') => self.parenthesised(),
            Some('s') if self.chars[self.at..].starts_with(&['s', 'q', 'r', 't']) => {
                self.at += 4;
                match self.peek() {
                    Some('(') => Ok(self.parenthesised()?.sqrt()),
                    _ => Err(ExprError::ExpectedOperand {
                        found: self.describe(),
                        position: self.at + 1,
                    }),
                }
            }
            _ => Err(ExprError::ExpectedOperand {
                found: self.describe(),
                position: self.at + 1,
            }),
        }
    }

    /// Reads `( sum )`, the cursor standing on the `(`.
    fn parenthesised(&mut self) -> Result<Nimber, ExprError> {
        let open = self.at + 1;
        if self.depth >= MAX_DEPTH {
            return Err(ExprError::TooDeep {
                limit: MAX_DEPTH,
                position: open,
            });
        }
        self.at += 1;
        self.depth += 1;
        let value = self.sum()?;
        self.depth -= 1;
        match self.peek() {
            Some(')') => {
                self.at += 1;
                Ok(value)
            }
            None => Err(ExprError::Unclosed { position: open }),
            Some(_) => Err(ExprError::ExpectedOperator {
                inside: true,
                found: self.describe(),
                position: self.at + 1,
            }),
        }
    }
}
