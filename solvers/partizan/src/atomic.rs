//! Atomic weights of all-small games.

use crate::arena::{Arena, GameId};
use crate::dyadic::Dyadic;
use std::collections::HashSet;

impl Arena {
    /// Whether every position of `g` (itself included) has moves for both players or for
    /// neither: the games whose atomic weight is defined here.
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// let up = a.up();
    /// let one = a.integer(1);
    /// assert!(a.is_all_small(up));
    /// assert!(!a.is_all_small(one));
    /// ```
    pub fn is_all_small(&self, g: GameId) -> bool {
        let mut seen = HashSet::new();
        let mut stack = vec![g];
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            let (l, r) = (self.left_options(x), self.right_options(x));
            if l.is_empty() != r.is_empty() {
                return false;
            }
            stack.extend_from_slice(l);
            stack.extend_from_slice(r);
        }
        true
    }

    /// The largest `n` of a nimber `*n` among the positions of `g`.
    fn largest_nimber(&self, g: GameId) -> u32 {
        let mut seen = HashSet::new();
        let mut stack = vec![g];
        let mut most = 0;
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            most = most.max(self.as_nimber(x).unwrap_or(0));
            stack.extend_from_slice(self.left_options(x));
            stack.extend_from_slice(self.right_options(x));
        }
        most
    }

    /// The atomic weight of an all-small game (`None` for others), by the atomic weight
    /// calculus of Winning Ways: with `H = {AW(G^L) - 2 | AW(G^R) + 2}`, the weight is `H`
    /// unless `H` is an integer and `G` is above or below a far star `*N` (N beyond every
    /// nimber in G): then it is the largest integer `I` with `I <| AW(G^R) + 2` for every
    /// Right option when `G > *N`, and the least `I` with `I |> AW(G^L) - 2` for every Left
    /// option when `G < *N`. The weight is itself a game (usually an integer).
    ///
    /// ```
    /// use cgtk_partizan::Arena;
    /// let mut a = Arena::new();
    /// for (text, weight) in [("^", "1"), ("^*", "1"), ("^^", "2"), ("v3*", "-3"), ("*5", "0")] {
    ///     let g = a.parse(text).unwrap();
    ///     let w = a.atomic_weight(g).unwrap();
    ///     assert_eq!(a.display(w), weight, "{text}");
    /// }
    /// let one = a.integer(1);
    /// assert_eq!(a.atomic_weight(one), None);
    /// ```
    pub fn atomic_weight(&mut self, g: GameId) -> Option<GameId> {
        if !self.is_all_small(g) {
            return None;
        }
        Some(self.atomic_weight_all_small(g))
    }

    fn atomic_weight_all_small(&mut self, g: GameId) -> GameId {
        if let Some(&w) = self.weight_memo.get(&g) {
            return w;
        }
        let (left, right) = self.options(g);
        let two = self.integer(2);
        let minus_two = self.integer(-2);
        let mut hl = Vec::with_capacity(left.len());
        for l in left {
            let w = self.atomic_weight_all_small(l);
            hl.push(self.add(w, minus_two));
        }
        let mut hr = Vec::with_capacity(right.len());
        for r in right {
            let w = self.atomic_weight_all_small(r);
            hr.push(self.add(w, two));
        }
        let h = self.construct(hl.clone(), hr.clone());
        let mut weight = h;
        if self.as_number(h).is_some_and(Dyadic::is_integer) {
            let far_star = self.nimber(self.largest_nimber(g) + 1);
            if self.leq(far_star, g) && g != far_star {
                // The largest integer less than or confused with every H^R.
                let mut i = hr
                    .iter()
                    .map(|&x| self.stops(x).0.floor())
                    .min()
                    .unwrap_or(0)
                    + 1;
                loop {
                    let n = self.integer(i);
                    if hr.iter().all(|&x| !self.leq(x, n)) {
                        break;
                    }
                    i -= 1;
                }
                weight = self.integer(i);
            } else if self.leq(g, far_star) && g != far_star {
                // The least integer greater than or confused with every H^L.
                let mut i = hl
                    .iter()
                    .map(|&x| self.stops(x).1.floor())
                    .max()
                    .unwrap_or(0)
                    - 1;
                loop {
                    let n = self.integer(i);
                    if hl.iter().all(|&x| !self.leq(n, x)) {
                        break;
                    }
                    i += 1;
                }
                weight = self.integer(i);
            }
        }
        self.weight_memo.insert(g, weight);
        weight
    }
}
