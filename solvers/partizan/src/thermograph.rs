//! Temperature theory: thermographs, means and temperatures of short games.

use crate::arena::{Arena, GameId};
use crate::dyadic::Dyadic;
use serde::Serialize;

/// One piece of a wall: from temperature `t` on (until the next piece) the wall is
/// `value + slope · (temperature - t)`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct WallPiece {
    /// Where the piece starts.
    pub t: Dyadic,
    /// The wall's value there.
    pub value: Dyadic,
    /// Its slope (value per degree of temperature) up to the next piece.
    pub slope: i64,
}

/// A wall of a thermograph: a piecewise-linear function of the temperature `t ≥ -1`
/// with dyadic breakpoints and integer slopes.
///
/// ```
/// use cgtk_partizan::{Arena, Dyadic};
/// let mut a = Arena::new();
/// let g = a.parse("{3|-1}").unwrap();
/// let th = a.thermograph(g);
/// assert_eq!(th.left.at(Dyadic::ZERO), Dyadic::integer(3));
/// assert_eq!(th.left.at(Dyadic::integer(5)), Dyadic::integer(1));
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Wall {
    /// The pieces, from `t = -1` upwards; the last one goes on for ever.
    pub pieces: Vec<WallPiece>,
}

impl Wall {
    fn constant(x: Dyadic) -> Wall {
        Wall {
            pieces: vec![WallPiece {
                t: Dyadic::integer(-1),
                value: x,
                slope: 0,
            }],
        }
    }

    /// The wall's value at temperature `t` (`t ≥ -1`).
    pub fn at(&self, t: Dyadic) -> Dyadic {
        let mut piece = self.pieces[0];
        for p in &self.pieces {
            if p.t <= t {
                piece = *p;
            }
        }
        piece.value + (t - piece.t).times(piece.slope)
    }

    fn slope_at(&self, t: Dyadic) -> i64 {
        let mut s = self.pieces[0].slope;
        for p in &self.pieces {
            if p.t <= t {
                s = p.slope;
            }
        }
        s
    }

    /// The wall plus `s · t`.
    fn tilted(&self, s: i64) -> Wall {
        Wall {
            pieces: self
                .pieces
                .iter()
                .map(|p| WallPiece {
                    t: p.t,
                    value: p.value + p.t.times(s),
                    slope: p.slope + s,
                })
                .collect(),
        }
    }

    /// The pointwise maximum (`max`) or minimum of two walls.
    fn combine(&self, other: &Wall, max: bool) -> Wall {
        let mut ts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.t)
            .collect();
        ts.sort();
        ts.dedup();
        // Where the two cross inside a piece (or beyond the last breakpoint).
        let mut crossings = Vec::new();
        for (i, &t0) in ts.iter().enumerate() {
            let d0 = self.at(t0) - other.at(t0);
            let ds = self.slope_at(t0) - other.slope_at(t0);
            if d0 == Dyadic::ZERO || ds == 0 {
                continue;
            }
            if let Some(dt) = (-d0).div_pow2(ds) {
                let inside = before_next(ts.get(i + 1), t0 + dt);
                if dt > Dyadic::ZERO && inside {
                    crossings.push(t0 + dt);
                }
            }
        }
        ts.extend(crossings);
        ts.sort();
        ts.dedup();
        let mut pieces: Vec<WallPiece> = Vec::with_capacity(ts.len());
        for &t in &ts {
            let (a, b) = (self.at(t), other.at(t));
            let (sa, sb) = (self.slope_at(t), other.slope_at(t));
            let take_self = if a != b {
                (a > b) == max
            } else {
                (sa > sb) == max
            };
            let piece = if take_self {
                WallPiece {
                    t,
                    value: a,
                    slope: sa,
                }
            } else {
                WallPiece {
                    t,
                    value: b,
                    slope: sb,
                }
            };
            pieces.push(piece);
        }
        Wall { pieces }.simplified()
    }

    /// Merges pieces that continue each other.
    fn simplified(self) -> Wall {
        let mut pieces: Vec<WallPiece> = Vec::with_capacity(self.pieces.len());
        for p in self.pieces {
            if let Some(last) = pieces.last() {
                if last.slope == p.slope && last.value + (p.t - last.t).times(last.slope) == p.value
                {
                    continue;
                }
            }
            pieces.push(p);
        }
        Wall { pieces }
    }

    /// The wall up to `t`, then constant.
    fn capped(&self, t: Dyadic) -> Wall {
        let v = self.at(t);
        let mut pieces: Vec<WallPiece> = self.pieces.iter().copied().filter(|p| p.t < t).collect();
        pieces.push(WallPiece {
            t,
            value: v,
            slope: 0,
        });
        Wall { pieces }.simplified()
    }

    /// The breakpoints `(t, value)` from `t = -1` to `top` (included).
    ///
    /// ```
    /// use cgtk_partizan::{Arena, Dyadic};
    /// let mut a = Arena::new();
    /// let g = a.parse("±1").unwrap();
    /// let th = a.thermograph(g);
    /// let pts = th.right.points(Dyadic::integer(2));
    /// assert_eq!(pts, vec![(Dyadic::integer(-1), Dyadic::integer(-2)),
    ///                      (Dyadic::integer(1), Dyadic::ZERO),
    ///                      (Dyadic::integer(2), Dyadic::ZERO)]);
    /// ```
    pub fn points(&self, top: Dyadic) -> Vec<(Dyadic, Dyadic)> {
        let mut pts: Vec<(Dyadic, Dyadic)> = self
            .pieces
            .iter()
            .filter(|p| p.t < top)
            .map(|p| (p.t, p.value))
            .collect();
        pts.push((top, self.at(top)));
        pts
    }
}

/// Whether `t` comes before the next breakpoint (or there is none).
fn before_next(next: Option<&Dyadic>, t: Dyadic) -> bool {
    next.map_or(true, |&n| t < n)
}

/// The thermograph of a game: its left and right walls for temperatures `t ≥ -1`, which
/// meet at `temperature` and go on as the vertical mast at `mean`.
///
/// The walls are computed from the options: below the temperature, the left wall is the
/// largest right wall of a Left option minus `t` and the right wall the smallest left wall
/// of a Right option plus `t`; the temperature is the least `t` where these scaffolds meet.
/// An integer has temperature -1; a number `m/2^k` has temperature `-1/2^k`.
///
/// ```
/// use cgtk_partizan::{Arena, Dyadic};
/// let mut a = Arena::new();
/// let g = a.parse("{2|-1}").unwrap();
/// let th = a.thermograph(g);
/// assert_eq!(th.mean, Dyadic::new(1, 1));
/// assert_eq!(th.temperature, Dyadic::new(3, 1));
/// let g = a.parse("^").unwrap();
/// assert_eq!(a.thermograph(g).temperature, Dyadic::ZERO);
/// let g = a.parse("3/4").unwrap();
/// assert_eq!(a.thermograph(g).temperature, Dyadic::new(-1, 2));
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Thermograph {
    /// The left wall (Left's value when the game is cooled by `t`).
    pub left: Wall,
    /// The right wall.
    pub right: Wall,
    /// Where the walls meet: the mast's position.
    pub mean: Dyadic,
    /// The temperature at which the walls meet.
    pub temperature: Dyadic,
}

impl Arena {
    /// The thermograph of `g`.
    pub fn thermograph(&mut self, g: GameId) -> Thermograph {
        if let Some(t) = self.thermo_memo.get(&g) {
            return t.clone();
        }
        let th = self.compute_thermograph(g);
        self.thermo_memo.insert(g, th.clone());
        th
    }

    fn compute_thermograph(&mut self, g: GameId) -> Thermograph {
        let (left, right) = self.options(g);
        if let Some(x) = self.as_number(g).filter(|x| x.is_integer()) {
            return Thermograph {
                left: Wall::constant(x),
                right: Wall::constant(x),
                mean: x,
                temperature: Dyadic::integer(-1),
            };
        }
        let mut scaffold_l: Option<Wall> = None;
        for l in left {
            let w = self.thermograph(l).right.tilted(-1);
            scaffold_l = Some(match scaffold_l {
                None => w,
                Some(s) => s.combine(&w, true),
            });
        }
        let mut scaffold_r: Option<Wall> = None;
        for r in right {
            let w = self.thermograph(r).left.tilted(1);
            scaffold_r = Some(match scaffold_r {
                None => w,
                Some(s) => s.combine(&w, false),
            });
        }
        // Canonical forms that are not integers have options on both sides.
        let (Some(ls), Some(rs)) = (scaffold_l, scaffold_r) else {
            let x = self.stops(g).0;
            return Thermograph {
                left: Wall::constant(x),
                right: Wall::constant(x),
                mean: x,
                temperature: Dyadic::integer(-1),
            };
        };
        let t = meeting_temperature(&ls, &rs);
        let mean = ls.at(t);
        Thermograph {
            left: ls.capped(t),
            right: rs.capped(t),
            mean,
            temperature: t,
        }
    }

    /// The mean value of `g` (where its thermograph's mast stands).
    ///
    /// ```
    /// use cgtk_partizan::{Arena, Dyadic};
    /// let mut a = Arena::new();
    /// let g = a.parse("{4|{2|-6}}").unwrap();
    /// assert_eq!(a.mean(g), Dyadic::integer(2));
    /// ```
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).mean
    }

    /// The temperature of `g`: -1 for integers, `-1/2^k` for numbers `m/2^k`, 0 for
    /// infinitesimals and nimbers, positive for hot games.
    ///
    /// ```
    /// use cgtk_partizan::{Arena, Dyadic};
    /// let mut a = Arena::new();
    /// let g = a.parse("{4|{2|-6}}").unwrap();
    /// assert_eq!(a.temperature(g), Dyadic::integer(2));
    /// ```
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).temperature
    }
}

/// The least `t ≥ -1` where the left scaffold is no longer right of the right one.
fn meeting_temperature(ls: &Wall, rs: &Wall) -> Dyadic {
    let mut ts: Vec<Dyadic> = ls.pieces.iter().chain(&rs.pieces).map(|p| p.t).collect();
    ts.sort();
    ts.dedup();
    for (i, &t0) in ts.iter().enumerate() {
        let d0 = ls.at(t0) - rs.at(t0);
        if d0 <= Dyadic::ZERO {
            return t0;
        }
        let ds = ls.slope_at(t0) - rs.slope_at(t0);
        if ds < 0 {
            if let Some(dt) = d0.div_pow2(-ds) {
                let t = t0 + dt;
                if before_next(ts.get(i + 1), t) || ts.get(i + 1) == Some(&t) {
                    return t;
                }
            }
        }
    }
    // The scaffolds of a short game always meet; the last breakpoint is a safe answer.
    ts.last().copied().unwrap_or(Dyadic::integer(-1))
}
