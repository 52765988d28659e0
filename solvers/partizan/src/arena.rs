//! The arena of canonical forms: every short game is stored once, in canonical form, and
//! named by a [`GameId`]; equal games have equal ids.

use crate::dyadic::Dyadic;
use crate::fxhash::FxMap;
use serde::Serialize;
use std::cmp::Ordering;
use std::fmt;

/// The name of a canonical form in an [`Arena`]. Two ids from the same arena are equal
/// exactly when the games are equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(pub(crate) u32);

impl GameId {
    /// The index of this game in its arena (ids are handed out 0, 1, 2, …).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// How two games compare: partizan games are partially ordered.
///
/// ```
/// use cgtk_partizan::{Arena, Relation};
/// let mut a = Arena::new();
/// let (star, zero) = (a.nimber(1), a.zero());
/// assert_eq!(a.compare(star, zero), Relation::Confused);
/// assert_eq!(Relation::Confused.to_string(), "||");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Relation {
    /// G < H.
    Less,
    /// G = H.
    Equal,
    /// G > H.
    Greater,
    /// G || H: neither G ≤ H nor H ≤ G.
    Confused,
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Relation::Less => "<",
            Relation::Equal => "=",
            Relation::Greater => ">",
            Relation::Confused => "||",
        })
    }
}

impl Serialize for Relation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Who wins a game: the outcome class.
///
/// ```
/// use cgtk_partizan::{Arena, Outcome};
/// let mut a = Arena::new();
/// let g = a.parse("{1|-1}").unwrap();
/// assert_eq!(a.outcome(g), Outcome::N);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The previous player wins: whoever moves first loses (G = 0).
    P,
    /// The next player wins: whoever moves first wins (G || 0).
    N,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Left's and Right's options of a canonical form, in [`Arena::form_order`]: the key of the
/// hash-consing.
type FormKey = (Box<[GameId]>, Box<[GameId]>);

#[derive(Debug)]
pub(crate) struct Node {
    pub(crate) left: Box<[GameId]>,
    pub(crate) right: Box<[GameId]>,
    pub(crate) number: Option<Dyadic>,
    pub(crate) nimber: Option<u32>,
    /// Left's and Right's stops, worked out from the options when the form is stored.
    pub(crate) stops: (Dyadic, Dyadic),
    /// The birthday: 0 for 0, otherwise one more than the latest-born option.
    pub(crate) birthday: u64,
}

/// A store of canonical forms with memoised sums, negatives and comparisons.
///
/// Games are built from their options ([`Arena::construct`], which removes dominated options
/// and bypasses reversible ones), from numbers, nimbers and ups, or parsed from text
/// ([`Arena::parse`]); [`Arena::display`] prints them in the usual notation.
///
/// ```
/// use cgtk_partizan::{Arena, Relation};
/// let mut a = Arena::new();
/// let up = a.up();
/// let star = a.nimber(1);
/// let up_star = a.add(up, star);
/// assert_eq!(a.display(up_star), "^*");
/// // {0, * | 0} is the canonical form of ^*.
/// let zero = a.zero();
/// let g = a.construct(vec![zero, star], vec![zero]);
/// assert_eq!(g, up_star);
/// assert_eq!(a.compare(up, zero), Relation::Greater);
/// ```
pub struct Arena {
    pub(crate) nodes: Vec<Node>,
    index: FxMap<FormKey, GameId>,
    leq_memo: FxMap<(GameId, GameId), bool>,
    sum_memo: FxMap<(GameId, GameId), GameId>,
    neg_memo: FxMap<GameId, GameId>,
    integers: Vec<GameId>,
    negative_integers: Vec<GameId>,
    nimbers: Vec<GameId>,
    numbers: FxMap<Dyadic, GameId>,
    pub(crate) thermo_memo: FxMap<GameId, crate::thermograph::Thermograph>,
    pub(crate) weight_memo: FxMap<GameId, GameId>,
}

impl Default for Arena {
    fn default() -> Arena {
        Arena::new()
    }
}

impl fmt::Debug for Arena {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Arena({} canonical forms)", self.nodes.len())
    }
}

impl Arena {
    /// An arena holding only 0.
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let a = Arena::new();
    /// assert_eq!(a.len(), 1);
    /// ```
    pub fn new() -> Arena {
        let mut arena = Arena {
            nodes: Vec::new(),
            index: FxMap::default(),
            leq_memo: FxMap::default(),
            sum_memo: FxMap::default(),
            neg_memo: FxMap::default(),
            integers: Vec::new(),
            negative_integers: Vec::new(),
            nimbers: Vec::new(),
            numbers: FxMap::default(),
            thermo_memo: FxMap::default(),
            weight_memo: FxMap::default(),
        };
        let zero = arena.intern(Vec::new(), Vec::new());
        arena.integers.push(zero);
        arena.negative_integers.push(zero);
        arena.nimbers.push(zero);
        arena
    }

    /// How many canonical forms the arena holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena is empty (never: it always holds 0).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The game 0 = { | }.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// Left's options of a canonical form, in a fixed order that does not depend on how the
    /// arena was filled (see [`Arena::form_order`]).
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// let one = a.integer(1);
    /// assert_eq!(a.left_options(one), &[a.zero()]);
    /// assert!(a.right_options(one).is_empty());
    /// ```
    pub fn left_options(&self, g: GameId) -> &[GameId] {
        &self.nodes[g.index()].left
    }

    /// Right's options of a canonical form, in the same fixed order as [`Arena::left_options`].
    pub fn right_options(&self, g: GameId) -> &[GameId] {
        &self.nodes[g.index()].right
    }

    /// The number this game equals, if it is one.
    ///
    /// ```
    /// use cgtk_partizan::{Arena, Dyadic};
    /// let mut a = Arena::new();
    /// let g = a.parse("{0|1}").unwrap();
    /// assert_eq!(a.as_number(g), Some(Dyadic::new(1, 1)));
    /// ```
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.nodes[g.index()].number
    }

    /// The nimber `*n` this game equals, if it is one (0 is `*0`).
    pub fn as_nimber(&self, g: GameId) -> Option<u32> {
        self.nodes[g.index()].nimber
    }

    /// The birthday of a canonical form: 0 for 0, otherwise one more than the latest-born
    /// of its options.
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// let g = a.parse("{0||0|-1}").unwrap();
    /// assert_eq!(a.birthday(g), 3);
    /// let g = a.parse("-3/4").unwrap();
    /// assert_eq!(a.birthday(g), 3);
    /// ```
    pub fn birthday(&self, g: GameId) -> u64 {
        self.nodes[g.index()].birthday
    }

    /// A total order of canonical forms that depends only on the forms, not on the order in
    /// which they were stored: earlier-born forms first; at the same birthday numbers first,
    /// by value; other forms by their Left options, then by their Right options, each list
    /// compared element by element in this order (a list that is a prefix of another first).
    /// Options are kept, and printed, in this order, so equal games print identically.
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// use std::cmp::Ordering;
    /// let mut a = Arena::new();
    /// let (g, h) = (a.parse("{3|1*}").unwrap(), a.parse("{3|1}").unwrap());
    /// assert_eq!(a.form_order(h, g), Ordering::Less);
    /// let (one, star) = (a.integer(1), a.nimber(1));
    /// assert_eq!(a.form_order(star, one), Ordering::Greater);
    /// ```
    pub fn form_order(&self, g: GameId, h: GameId) -> Ordering {
        if g == h {
            return Ordering::Equal;
        }
        let (x, y) = (&self.nodes[g.index()], &self.nodes[h.index()]);
        x.birthday
            .cmp(&y.birthday)
            .then_with(|| match (x.number, y.number) {
                (Some(a), Some(b)) => a.cmp(&b),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => self
                    .list_order(&x.left, &y.left)
                    .then_with(|| self.list_order(&x.right, &y.right)),
            })
    }

    /// Lists of options in [`Arena::form_order`], compared element by element.
    fn list_order(&self, a: &[GameId], b: &[GameId]) -> Ordering {
        for (&x, &y) in a.iter().zip(b) {
            match self.form_order(x, y) {
                Ordering::Equal => {}
                other => return other,
            }
        }
        a.len().cmp(&b.len())
    }

    /// Sorts options in [`Arena::form_order`].
    pub(crate) fn sort_options(&self, options: &mut [GameId]) {
        options.sort_unstable_by(|&x, &y| self.form_order(x, y));
    }

    /// Stores a form known to be canonical (options need not be sorted).
    pub(crate) fn intern(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> GameId {
        self.sort_options(&mut left);
        self.sort_options(&mut right);
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&id) = self.index.get(&key) {
            return id;
        }
        let number = self.number_of(&key.0, &key.1);
        let nimber = if number.is_some() {
            (key.0.is_empty() && key.1.is_empty()).then_some(0)
        } else {
            self.nimber_of(&key.0, &key.1)
        };
        let stops = match number {
            Some(x) => (x, x),
            None => {
                // A form that is not a number has options on both sides (a form without
                // Right options is an integer, and so is one without Left options).
                let ls = key.0.iter().map(|l| self.nodes[l.index()].stops.1).max();
                let rs = key.1.iter().map(|r| self.nodes[r.index()].stops.0).min();
                (ls.unwrap_or_default(), rs.unwrap_or_default())
            }
        };
        let birthday = key
            .0
            .iter()
            .chain(key.1.iter())
            .map(|o| self.nodes[o.index()].birthday + 1)
            .max()
            .unwrap_or(0);
        let id = GameId(self.nodes.len() as u32);
        self.nodes.push(Node {
            left: key.0.clone(),
            right: key.1.clone(),
            number,
            nimber,
            stops,
            birthday,
        });
        self.index.insert(key, id);
        id
    }

    /// The number a canonical form with these options equals, if it is one: canonical
    /// numbers have at most one option a side, all numbers, left below right.
    fn number_of(&self, left: &[GameId], right: &[GameId]) -> Option<Dyadic> {
        if left.len() > 1 || right.len() > 1 {
            return None;
        }
        let l = match left.first() {
            Some(&g) => Some(self.as_number(g)?),
            None => None,
        };
        let r = match right.first() {
            Some(&g) => Some(self.as_number(g)?),
            None => None,
        };
        match (l, r) {
            (Some(l), Some(r)) if l >= r => None,
            _ => Some(Dyadic::simplest_between(l, r)),
        }
    }

    fn nimber_of(&self, left: &[GameId], right: &[GameId]) -> Option<u32> {
        if left != right {
            return None;
        }
        let mut values: Vec<u32> = left
            .iter()
            .map(|&g| self.as_nimber(g))
            .collect::<Option<_>>()?;
        values.sort_unstable();
        values
            .iter()
            .enumerate()
            .all(|(i, &v)| v == i as u32)
            .then_some(values.len() as u32)
    }

    /// The integer `n`.
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// let g = a.integer(-3);
    /// assert_eq!(a.display(g), "-3");
    /// ```
    pub fn integer(&mut self, n: i64) -> GameId {
        let k = n.unsigned_abs() as usize;
        if n >= 0 {
            while self.integers.len() <= k {
                let prev = self.integers[self.integers.len() - 1];
                let next = self.intern(vec![prev], Vec::new());
                self.integers.push(next);
            }
            self.integers[k]
        } else {
            while self.negative_integers.len() <= k {
                let prev = self.negative_integers[self.negative_integers.len() - 1];
                let next = self.intern(Vec::new(), vec![prev]);
                self.negative_integers.push(next);
            }
            self.negative_integers[k]
        }
    }

    /// The number `x`: an integer, or `{x - 2^-k | x + 2^-k}` for `x = m/2^k`.
    ///
    /// ```
    /// use cgtk_partizan::{Arena, Dyadic};
    /// let mut a = Arena::new();
    /// let g = a.number(Dyadic::new(3, 2));
    /// assert_eq!(a.display(g), "3/4");
    /// assert_eq!(a.as_number(g), Some(Dyadic::new(3, 2)));
    /// ```
    pub fn number(&mut self, x: Dyadic) -> GameId {
        if x.is_integer() {
            return self.integer(x.floor());
        }
        if let Some(&id) = self.numbers.get(&x) {
            return id;
        }
        let step = Dyadic::new(1, x.exponent());
        let l = self.number(x - step);
        let r = self.number(x + step);
        let id = self.intern(vec![l], vec![r]);
        self.numbers.insert(x, id);
        id
    }

    /// The nimber `*n` = {0, *, …, *(n-1) | 0, *, …, *(n-1)}.
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// let s2 = a.nimber(2);
    /// let s3 = a.nimber(3);
    /// let s1 = a.nimber(1);
    /// assert_eq!(a.add(s2, s3), s1);
    /// ```
    pub fn nimber(&mut self, n: u32) -> GameId {
        while self.nimbers.len() <= n as usize {
            let options = self.nimbers.clone();
            let next = self.intern(options.clone(), options);
            self.nimbers.push(next);
        }
        self.nimbers[n as usize]
    }

    /// Up, `^` = {0 | *}.
    pub fn up(&mut self) -> GameId {
        let star = self.nimber(1);
        self.intern(vec![self.zero()], vec![star])
    }

    /// `n` times up (`n < 0`: down), `^n`.
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// let g = a.up_multiple(-2);
    /// assert_eq!(a.display(g), "vv");
    /// ```
    pub fn up_multiple(&mut self, n: i64) -> GameId {
        let up = self.up();
        let unit = if n < 0 { self.neg(up) } else { up };
        let mut g = self.zero();
        for _ in 0..n.unsigned_abs() {
            g = self.add(g, unit);
        }
        g
    }

    /// The switch `±g` = {g | -g}.
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// let one = a.integer(1);
    /// let g = a.switch(one);
    /// assert_eq!(a.display(g), "±1");
    /// ```
    pub fn switch(&mut self, g: GameId) -> GameId {
        let minus = self.neg(g);
        self.construct(vec![g], vec![minus])
    }

    /// The negative `-g` = {-g^R | -g^L}.
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// let up = a.up();
    /// let down = a.neg(up);
    /// assert_eq!(a.display(down), "v");
    /// ```
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(x) = self.as_number(g) {
            return self.number(-x);
        }
        if self.as_nimber(g).is_some() {
            return g;
        }
        if let Some(&n) = self.neg_memo.get(&g) {
            return n;
        }
        let node = &self.nodes[g.index()];
        let (left, right) = (node.left.to_vec(), node.right.to_vec());
        let new_left: Vec<GameId> = right.iter().map(|&r| self.neg(r)).collect();
        let new_right: Vec<GameId> = left.iter().map(|&l| self.neg(l)).collect();
        let n = self.intern(new_left, new_right);
        self.neg_memo.insert(g, n);
        self.neg_memo.insert(n, g);
        n
    }

    /// The sum `g + h`: each player moves in one component.
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// let g = a.parse("{1|-1}").unwrap();
    /// let twice = a.add(g, g);
    /// assert_eq!(twice, a.zero());
    /// ```
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        let zero = self.zero();
        if g == zero {
            return h;
        }
        if h == zero {
            return g;
        }
        let (g, h) = if g <= h { (g, h) } else { (h, g) };
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) {
            return self.number(x + y);
        }
        if let (Some(x), Some(y)) = (self.as_nimber(g), self.as_nimber(h)) {
            return self.nimber(x ^ y);
        }
        if let Some(&s) = self.sum_memo.get(&(g, h)) {
            return s;
        }
        let (g_number, h_number) = (self.as_number(g).is_some(), self.as_number(h).is_some());
        let mut left = Vec::new();
        let mut right = Vec::new();
        // Number avoidance: when one term is a number and the other is not, moving in the
        // number is never better, so its options are left out.
        if !g_number {
            let (gl, gr) = self.options(g);
            left.extend(gl.iter().map(|&x| (x, h)));
            right.extend(gr.iter().map(|&x| (x, h)));
        }
        if !h_number {
            let (hl, hr) = self.options(h);
            left.extend(hl.iter().map(|&x| (g, x)));
            right.extend(hr.iter().map(|&x| (g, x)));
        }
        let left: Vec<GameId> = left.into_iter().map(|(a, b)| self.add(a, b)).collect();
        let right: Vec<GameId> = right.into_iter().map(|(a, b)| self.add(a, b)).collect();
        let s = self.construct(left, right);
        self.sum_memo.insert((g, h), s);
        s
    }

    /// The difference `g - h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let minus = self.neg(h);
        self.add(g, minus)
    }

    /// The sum of several games (0 for none).
    pub fn sum(&mut self, games: &[GameId]) -> GameId {
        games.iter().fold(self.zero(), |acc, &g| self.add(acc, g))
    }

    pub(crate) fn options(&self, g: GameId) -> (Vec<GameId>, Vec<GameId>) {
        let node = &self.nodes[g.index()];
        (node.left.to_vec(), node.right.to_vec())
    }

    /// Whether `g <= h`: Left, moving second in `h - g`, wins.
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// let (star, zero) = (a.nimber(1), a.zero());
    /// assert!(!a.leq(star, zero) && !a.leq(zero, star));
    /// ```
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        let (gx, hx) = (self.as_number(g), self.as_number(h));
        if let (Some(x), Some(y)) = (gx, hx) {
            return x <= y;
        }
        // Stops keep order: g <= h needs LS(g) <= LS(h) and RS(g) <= RS(h). A number x is
        // below h when x < RS(h), and above g when LS(g) < x.
        let (gs, hs) = (self.nodes[g.index()].stops, self.nodes[h.index()].stops);
        if gs.0 > hs.0 || gs.1 > hs.1 {
            return false;
        }
        if gx.is_some_and(|x| x < hs.1) || hx.is_some_and(|y| gs.0 < y) {
            return true;
        }
        if let Some(&b) = self.leq_memo.get(&(g, h)) {
            return b;
        }
        // g <= h unless some h^R <= g or some g^L >= h. When one side is a number, its own
        // options never matter (number avoidance).
        let mut result = true;
        if gx.is_none() {
            for i in 0..self.nodes[g.index()].left.len() {
                let gl = self.nodes[g.index()].left[i];
                if self.leq(h, gl) {
                    result = false;
                    break;
                }
            }
        }
        if result && hx.is_none() {
            for i in 0..self.nodes[h.index()].right.len() {
                let hr = self.nodes[h.index()].right[i];
                if self.leq(hr, g) {
                    result = false;
                    break;
                }
            }
        }
        self.leq_memo.insert((g, h), result);
        result
    }

    /// Whether `g = h` (in an arena, the same id).
    pub fn equal(&self, g: GameId, h: GameId) -> bool {
        g == h
    }

    /// How `g` compares with `h`.
    ///
    /// ```
    /// use cgtk_partizan::{Arena, Relation};
    /// let mut a = Arena::new();
    /// let (g, h) = (a.parse("^").unwrap(), a.parse("*").unwrap());
    /// assert_eq!(a.compare(g, h), Relation::Confused);
    /// let (g, h) = (a.parse("^^").unwrap(), a.parse("*").unwrap());
    /// assert_eq!(a.compare(g, h), Relation::Greater);
    /// ```
    pub fn compare(&mut self, g: GameId, h: GameId) -> Relation {
        match (self.leq(g, h), self.leq(h, g)) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        }
    }

    /// The outcome class of `g`.
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let zero = self.zero();
        match self.compare(g, zero) {
            Relation::Greater => Outcome::L,
            Relation::Less => Outcome::R,
            Relation::Equal => Outcome::P,
            Relation::Confused => Outcome::N,
        }
    }
}
