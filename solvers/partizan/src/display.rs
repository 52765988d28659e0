//! Printing canonical forms in the usual notation.

use crate::arena::{Arena, GameId};
use crate::dyadic::Dyadic;
use crate::parse::MAX_UPS;

/// How many multiples of up are tried when recognising `x + ^n + *k`.
const MAX_UP_MULTIPLE: i64 = 16;

impl Arena {
    /// Left's stop and Right's stop: where play ends (at a number) when Left, respectively
    /// Right, starts and both play well, ignoring the last-move bonus.
    ///
    /// ```
    /// use cgtk_partizan::{Arena, Dyadic};
    /// let mut a = Arena::new();
    /// let g = a.parse("{3|{1|-2}}").unwrap();
    /// assert_eq!(a.stops(g), (Dyadic::integer(3), Dyadic::integer(1)));
    /// ```
    pub fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        self.nodes[g.index()].stops
    }

    /// The game in the usual notation: numbers (`3/4`), nimbers (`*`, `*2`), ups (`^`, `^^`,
    /// `^3`, `v`, `vv`, `v3`, with a number and a nimber: `1/2^*`), switches `±x` = {x | -x}
    /// for a number x and `±(A, B)` = {A, B | -A, -B} for two or more options and otherwise braces, options of a game nested in a single option of
    /// another printed with more bars (`{0||0|-1}` is {0 | {0 | -1}}).
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// for text in ["0", "-3/8", "*", "*3", "^", "^*", "vv*", "^3", "1/2^*2", "±1", "{2|0}",
    ///              "{0||0|-1}", "{1|0}", "{1|0||-1}", "{2, {3|1}|0}",
    ///              "±(1, {2|0})"] {
    ///     let g = a.parse(text).unwrap();
    ///     assert_eq!(a.display(g), text);
    /// }
    /// ```
    pub fn display(&mut self, g: GameId) -> String {
        let (text, bars) = self.format(g);
        if bars > 0 {
            format!("{{{text}}}")
        } else {
            text
        }
    }

    /// The text of `g` and, for a brace form printed without its braces, its bar count
    /// (0 for a form printed as one piece).
    fn format(&mut self, g: GameId) -> (String, usize) {
        if let Some(text) = self.simple_form(g) {
            return (text, 0);
        }
        let (left, right) = self.options(g);
        let (l, lb) = self.format_side(&left);
        let (r, rb) = self.format_side(&right);
        let bars = lb.max(rb) + 1;
        let sep = "|".repeat(bars);
        (format!("{l}{sep}{r}"), bars)
    }

    fn format_side(&mut self, options: &[GameId]) -> (String, usize) {
        if options.len() == 1 {
            return self.format(options[0]);
        }
        let texts: Vec<String> = options.iter().map(|&o| self.display(o)).collect();
        (texts.join(", "), 0)
    }

    /// The text of a number, nimber, up multiple or switch; `None` for other forms.
    fn simple_form(&mut self, g: GameId) -> Option<String> {
        if let Some(x) = self.as_number(g) {
            return Some(x.to_string());
        }
        if let Some(n) = self.as_nimber(g) {
            return Some(star_text(n));
        }
        let (ls, rs) = self.stops(g);
        if ls == rs {
            let base = self.number(ls);
            let minus_base = self.neg(base);
            let infinitesimal = self.add(g, minus_base);
            for n in 0..=MAX_UP_MULTIPLE {
                for n in [n, -n] {
                    if n == 0 && self.as_nimber(infinitesimal).is_none() {
                        continue;
                    }
                    let ups = self.up_multiple(-n);
                    let rest = self.add(infinitesimal, ups);
                    if let Some(k) = self.as_nimber(rest) {
                        return Some(uptimal_text(ls, n, k));
                    }
                }
            }
            if let Some(n) = self.larger_up_multiple(infinitesimal) {
                let ups = self.up_multiple(-n);
                let rest = self.add(infinitesimal, ups);
                if let Some(k) = self.as_nimber(rest) {
                    return Some(uptimal_text(ls, n, k));
                }
            }
        }
        let (left, right) = self.options(g);
        if left.len() > 1 {
            let mut negatives: Vec<GameId> = left.iter().map(|&l| self.neg(l)).collect();
            self.sort_options(&mut negatives);
            if negatives == right {
                let texts: Vec<String> = left.iter().map(|&l| self.display(l)).collect();
                return Some(format!("±({})", texts.join(", ")));
            }
        }
        let (left, right) = (self.left_options(g), self.right_options(g));
        if let ([l], [r]) = (left, right) {
            let (l, r) = (*l, *r);
            if let (Some(a), Some(b)) = (self.as_number(l), self.as_number(r)) {
                if a == -b {
                    return Some(format!("±{a}"));
                }
            }
        }
        None
    }
}

impl Arena {
    /// The only up multiple `n` beyond [`MAX_UP_MULTIPLE`] (and up to the [`MAX_UPS`] that
    /// the parser reads) that `g = ^n + *k` can have: its atomic weight, which is `n` for
    /// such a game; `None` when `g` is not all-small or its weight is no such integer.
    fn larger_up_multiple(&mut self, g: GameId) -> Option<i64> {
        let weight = self.atomic_weight(g)?;
        let n = self.as_number(weight).filter(|w| w.is_integer())?.floor();
        let size = n.unsigned_abs();
        (MAX_UP_MULTIPLE.unsigned_abs() < size && size <= u64::from(MAX_UPS)).then_some(n)
    }
}

fn star_text(n: u32) -> String {
    match n {
        0 => "0".to_string(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    }
}

fn uptimal_text(x: Dyadic, ups: i64, star: u32) -> String {
    let mut text = String::new();
    if x != Dyadic::ZERO || (ups == 0 && star == 0) {
        text.push_str(&x.to_string());
    }
    let arrow = if ups > 0 { "^" } else { "v" };
    match ups.unsigned_abs() {
        0 => {}
        1 => text.push_str(arrow),
        2 => {
            text.push_str(arrow);
            text.push_str(arrow);
        }
        n => text.push_str(&format!("{arrow}{n}")),
    }
    if star > 0 {
        text.push_str(&star_text(star));
    }
    text
}
