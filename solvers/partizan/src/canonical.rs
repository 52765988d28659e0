//! Canonical forms: removing dominated options and bypassing reversible ones.

use crate::arena::{Arena, GameId};
use crate::dyadic::{Dyadic, MAX_EXPONENT};

impl Arena {
    /// The canonical form of `{left | right}`, whose options are games of this arena:
    /// dominated options are removed and reversible ones bypassed until neither is left.
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// let (zero, one, two) = (a.integer(0), a.integer(1), a.integer(2));
    /// // {0, 1 | 2}: 0 is dominated by 1, and {1 | 2} = 3/2.
    /// let g = a.construct(vec![zero, one], vec![two]);
    /// assert_eq!(a.display(g), "3/2");
    /// // {0 | 0} = *.
    /// let g = a.construct(vec![zero], vec![zero]);
    /// assert_eq!(g, a.nimber(1));
    /// ```
    ///
    /// # Panics
    /// When the game is a number finer than a [`Dyadic`] holds (a denominator above
    /// 2^[`MAX_EXPONENT`](crate::MAX_EXPONENT), as in {0 | 2^-48}); [`Arena::try_construct`]
    /// says so instead.
    pub fn construct(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        match self.try_construct(left, right) {
            Some(g) => g,
            None => panic!("a number with a denominator above 2^{MAX_EXPONENT}"),
        }
    }

    /// [`Arena::construct`], or `None` when the game is a number with a denominator above
    /// 2^[`MAX_EXPONENT`](crate::MAX_EXPONENT), which a [`Dyadic`] does not hold.
    ///
    /// ```
    /// use cgtk_partizan::{Arena, Dyadic, MAX_EXPONENT};
    /// let mut a = Arena::new();
    /// let zero = a.zero();
    /// let finest = a.number(Dyadic::new(1, MAX_EXPONENT));
    /// assert_eq!(a.try_construct(vec![zero], vec![finest]), None);
    /// let half = a.integer(1);
    /// assert_eq!(a.try_construct(vec![zero], vec![half]), a.parse("1/2").ok());
    /// ```
    pub fn try_construct(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> Option<GameId> {
        loop {
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            if let Some(x) = self.number_between_options(&left, &right) {
                if x.exponent() > MAX_EXPONENT {
                    return None;
                }
                return Some(self.number(x));
            }
            self.remove_dominated(&mut left, true);
            self.remove_dominated(&mut right, false);
            if self.bypass_left(&mut left, &right) {
                continue;
            }
            if self.bypass_right(&left, &mut right) {
                continue;
            }
            return Some(self.intern(left, right));
        }
    }

    /// When every option is a number and Left's are all below Right's, `{left | right}` is
    /// the simplest number between them.
    fn number_between_options(&self, left: &[GameId], right: &[GameId]) -> Option<Dyadic> {
        let mut l: Option<Dyadic> = None;
        for &g in left {
            let x = self.as_number(g)?;
            l = Some(l.map_or(x, |y| y.max(x)));
        }
        let mut r: Option<Dyadic> = None;
        for &g in right {
            let x = self.as_number(g)?;
            r = Some(r.map_or(x, |y| y.min(x)));
        }
        match (l, r) {
            (Some(a), Some(b)) if a >= b => None,
            _ => Some(Dyadic::simplest_between(l, r)),
        }
    }

    /// Keeps Left's options not below another (`for_left`) or Right's not above another.
    fn remove_dominated(&mut self, options: &mut Vec<GameId>, for_left: bool) {
        let mut keep = vec![true; options.len()];
        for i in 0..options.len() {
            for j in 0..options.len() {
                if i == j || !keep[j] || !keep[i] {
                    continue;
                }
                let dominated = if for_left {
                    self.leq(options[i], options[j])
                } else {
                    self.leq(options[j], options[i])
                };
                if dominated {
                    keep[i] = false;
                }
            }
        }
        let mut k = keep.iter();
        options.retain(|_| k.next().copied().unwrap_or(true));
    }

    /// Bypasses the first reversible Left option: some `G^LR <= G`, replaced by the Left
    /// options of that `G^LR`. Returns whether one was found.
    fn bypass_left(&mut self, left: &mut Vec<GameId>, right: &[GameId]) -> bool {
        for i in 0..left.len() {
            let l = left[i];
            let lr_options = self.nodes[l.index()].right.to_vec();
            for lr in lr_options {
                if self.leq_raw_right(lr, left, right) {
                    left.swap_remove(i);
                    let replacement = self.nodes[lr.index()].left.to_vec();
                    left.extend(replacement);
                    return true;
                }
            }
        }
        false
    }

    /// Bypasses the first reversible Right option: some `G^RL >= G`.
    fn bypass_right(&mut self, left: &[GameId], right: &mut Vec<GameId>) -> bool {
        for i in 0..right.len() {
            let r = right[i];
            let rl_options = self.nodes[r.index()].left.to_vec();
            for rl in rl_options {
                if self.raw_leq(left, right, rl) {
                    right.swap_remove(i);
                    let replacement = self.nodes[rl.index()].right.to_vec();
                    right.extend(replacement);
                    return true;
                }
            }
        }
        false
    }

    /// Whether `x <= {left | right}` for a form not (yet) in the arena: no `G^R <= x` and
    /// no `x^L >= G`.
    fn leq_raw_right(&mut self, x: GameId, left: &[GameId], right: &[GameId]) -> bool {
        for &r in right {
            if self.leq(r, x) {
                return false;
            }
        }
        let xl = self.nodes[x.index()].left.to_vec();
        for l in xl {
            if self.raw_leq(left, right, l) {
                return false;
            }
        }
        true
    }

    /// Whether `{left | right} <= x`: no `x^R <= G` and no `G^L >= x`.
    fn raw_leq(&mut self, left: &[GameId], right: &[GameId], x: GameId) -> bool {
        for &l in left {
            if self.leq(x, l) {
                return false;
            }
        }
        let xr = self.nodes[x.index()].right.to_vec();
        for r in xr {
            if self.leq_raw_right(r, left, right) {
                return false;
            }
        }
        true
    }
}
