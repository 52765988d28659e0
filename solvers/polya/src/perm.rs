//! Permutations of `0..n` stored as image arrays.

use crate::error::PermError;
use std::fmt;

/// A permutation of the points `0..n`, stored as the array of images: `p.apply(i)` is the
/// image of `i`.
///
/// Products follow function composition: `a.then(&b)` applies `a` first, then `b`.
///
/// # Examples
/// ```
/// use cgtk_polya::Perm;
/// let r = Perm::from_cycles(4, &[vec![0, 1, 2, 3]]).unwrap();
/// assert_eq!(r.apply(3), 0);
/// assert_eq!(r.cycle_type(), vec![(4, 1)]);
/// assert_eq!(r.then(&r).to_string(), "(0 2)(1 3)");
/// assert!(r.then(&r.inverse()).is_identity());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Perm {
    images: Vec<u32>,
}

impl Perm {
    /// The identity on `0..degree`.
    pub fn identity(degree: usize) -> Perm {
        Perm {
            images: (0..degree as u32).collect(),
        }
    }

    /// A permutation from its image array; fails unless `images` is a rearrangement of
    /// `0..images.len()`.
    pub fn from_images(images: Vec<u32>) -> Result<Perm, PermError> {
        let n = images.len();
        let mut seen = vec![false; n];
        for &x in &images {
            let slot = seen.get_mut(x as usize).ok_or(PermError::PointOutOfRange {
                point: x,
                degree: n,
            })?;
            if *slot {
                return Err(PermError::RepeatedPoint { point: x });
            }
            *slot = true;
        }
        Ok(Perm { images })
    }

    /// A permutation of `0..degree` from disjoint cycles (points not mentioned are fixed).
    pub fn from_cycles(degree: usize, cycles: &[Vec<u32>]) -> Result<Perm, PermError> {
        let mut images: Vec<u32> = (0..degree as u32).collect();
        let mut seen = vec![false; degree];
        for cycle in cycles {
            for (i, &x) in cycle.iter().enumerate() {
                let slot = seen
                    .get_mut(x as usize)
                    .ok_or(PermError::PointOutOfRange { point: x, degree })?;
                if *slot {
                    return Err(PermError::RepeatedPoint { point: x });
                }
                *slot = true;
                images[x as usize] = cycle[(i + 1) % cycle.len()];
            }
        }
        Ok(Perm { images })
    }

    /// Parses cycle notation over points `0..degree`, e.g. `(0 1 2)(3 4)`; points may be
    /// separated by spaces or commas, and `()` is the identity.
    ///
    /// ```
    /// use cgtk_polya::Perm;
    /// let p = Perm::parse_cycles(5, "(0 1 2)(3,4)").unwrap();
    /// assert_eq!(p.to_string(), "(0 1 2)(3 4)");
    /// assert!(Perm::parse_cycles(3, "(0 3)").is_err());
    /// ```
    pub fn parse_cycles(degree: usize, text: &str) -> Result<Perm, PermError> {
        let bad = || PermError::BadNotation(text.to_string());
        let mut cycles = Vec::new();
        let mut rest = text.trim();
        while !rest.is_empty() {
            let inner = rest.strip_prefix('(').ok_or_else(bad)?;
            let (body, after) = inner.split_once(')').ok_or_else(bad)?;
            let cycle: Vec<u32> = body
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(|s| s.parse::<u32>().map_err(|_| bad()))
                .collect::<Result<_, _>>()?;
            if !cycle.is_empty() {
                cycles.push(cycle);
            }
            rest = after.trim_start();
        }
        Perm::from_cycles(degree, &cycles)
    }

    /// The number of points moved or fixed: the permutation acts on `0..degree()`.
    pub fn degree(&self) -> usize {
        self.images.len()
    }

    /// The image of point `i`.
    ///
    /// # Panics
    /// When `i >= self.degree()`.
    pub fn apply(&self, i: usize) -> usize {
        self.images[i] as usize
    }

    /// The image array.
    pub fn images(&self) -> &[u32] {
        &self.images
    }

    /// Whether every point is fixed.
    pub fn is_identity(&self) -> bool {
        self.images.iter().enumerate().all(|(i, &x)| i as u32 == x)
    }

    /// The product "first `self`, then `other`" (both must have the same degree).
    pub fn then(&self, other: &Perm) -> Perm {
        Perm {
            images: self
                .images
                .iter()
                .map(|&x| other.images[x as usize])
                .collect(),
        }
    }

    /// Writes "first `a`, then `b`" into `out` (all of the same degree), without allocating.
    pub(crate) fn compose_into(a: &Perm, b: &Perm, out: &mut Perm) {
        for (o, &x) in out.images.iter_mut().zip(&a.images) {
            *o = b.images[x as usize];
        }
    }

    /// Counts the cycles of each length into `counts[len]` (cleared first), using `seen` as
    /// scratch space; both are resized to fit.
    pub(crate) fn count_cycles_into(&self, seen: &mut Vec<bool>, counts: &mut Vec<u32>) {
        let n = self.images.len();
        seen.clear();
        seen.resize(n, false);
        counts.clear();
        counts.resize(n + 1, 0);
        for start in 0..n {
            if seen[start] {
                continue;
            }
            let mut len = 0;
            let mut x = start;
            while !seen[x] {
                seen[x] = true;
                len += 1;
                x = self.images[x] as usize;
            }
            counts[len] += 1;
        }
    }

    /// The inverse permutation.
    pub fn inverse(&self) -> Perm {
        let mut images = vec![0u32; self.images.len()];
        for (i, &x) in self.images.iter().enumerate() {
            images[x as usize] = i as u32;
        }
        Perm { images }
    }

    /// The first point moved, if any.
    pub fn first_moved(&self) -> Option<usize> {
        self.images
            .iter()
            .enumerate()
            .position(|(i, &x)| i as u32 != x)
    }

    /// The disjoint cycles, each starting at its smallest point, fixed points included.
    pub fn cycles(&self) -> Vec<Vec<u32>> {
        let mut seen = vec![false; self.images.len()];
        let mut out = Vec::new();
        for start in 0..self.images.len() {
            if seen[start] {
                continue;
            }
            let mut cycle = Vec::new();
            let mut x = start;
            while !seen[x] {
                seen[x] = true;
                cycle.push(x as u32);
                x = self.images[x] as usize;
            }
            out.push(cycle);
        }
        out
    }

    /// The cycle type as `(length, how many cycles of that length)`, sorted by length,
    /// fixed points counting as cycles of length 1.
    pub fn cycle_type(&self) -> Vec<(u32, u32)> {
        let (mut seen, mut counts) = (Vec::new(), Vec::new());
        self.count_cycles_into(&mut seen, &mut counts);
        counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(len, &c)| (len as u32, c))
            .collect()
    }
}

impl fmt::Display for Perm {
    /// Cycle notation without fixed points; the identity is `()`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut any = false;
        for cycle in self.cycles().into_iter().filter(|c| c.len() > 1) {
            any = true;
            write!(f, "(")?;
            for (i, x) in cycle.iter().enumerate() {
                if i > 0 {
                    write!(f, " ")?;
                }
                write!(f, "{x}")?;
            }
            write!(f, ")")?;
        }
        if !any {
            write!(f, "()")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Perm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Perm{self}")
    }
}
