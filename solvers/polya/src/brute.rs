//! Counting orbits by brute force: enumerate colourings and keep the canonical ones.

use crate::error::{CountError, GroupError};
use crate::group::PermGroup;
use num_bigint::BigUint;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// An orbit counter independent of cycle indices: it enumerates every colouring and counts
/// those that are their orbit's canonical representative (the lexicographically smallest
/// image under the group), so each orbit is counted exactly once.
///
/// # Examples
/// ```
/// use cgtk_polya::{BruteForce, PermGroup, Perm};
/// let rotate = Perm::from_cycles(6, &[vec![0, 1, 2, 3, 4, 5]]).unwrap();
/// let group = PermGroup::from_generators(6, vec![rotate]).unwrap();
/// let brute = BruteForce::new(&group).unwrap();
/// assert_eq!(brute.count(2).unwrap(), 14); // 2-coloured necklaces of 6 beads
/// assert_eq!(brute.count_with_content(&[3, 3]).unwrap(), 4);
/// ```
#[derive(Clone, Debug)]
pub struct BruteForce {
    degree: usize,
    order: u64,
    /// The images of every non-identity element, one after another.
    images: Vec<u32>,
}

impl BruteForce {
    /// The largest amount of work (colourings × group elements) it accepts.
    pub const MAX_WORK: u64 = 4_000_000_000;
    /// The largest group it accepts.
    pub const MAX_ORDER: u64 = 1_000_000;

    /// Lists the group's elements for the enumeration.
    ///
    /// ```
    /// use cgtk_polya::{BruteForce, GroupError, NamedGroup};
    /// let d6 = BruteForce::new(&NamedGroup::Dihedral(6).group().unwrap()).unwrap();
    /// assert_eq!(d6.degree(), 6);
    /// // Turning the bracelet over maps 001011 onto 001101: one orbit, one representative.
    /// assert_eq!(d6.canonical(&[0, 0, 1, 0, 1, 1]), d6.canonical(&[0, 0, 1, 1, 0, 1]));
    /// // S_10 has 10! = 3628800 elements, more than it lists.
    /// let s10 = NamedGroup::Symmetric(10).group().unwrap();
    /// assert!(matches!(BruteForce::new(&s10), Err(GroupError::TooManyElements { .. })));
    /// ```
    pub fn new(group: &PermGroup) -> Result<BruteForce, GroupError> {
        let mut images = Vec::new();
        let elements = group.elements(Self::MAX_ORDER)?;
        for g in &elements {
            if !g.is_identity() {
                images.extend_from_slice(g.images());
            }
        }
        Ok(BruteForce {
            degree: group.degree(),
            order: elements.len() as u64,
            images,
        })
    }

    /// The number of points coloured.
    pub fn degree(&self) -> usize {
        self.degree
    }

    /// Whether `colouring` is the smallest colouring in its orbit.
    pub fn is_canonical(&self, colouring: &[u8]) -> bool {
        let n = self.degree;
        if n == 0 {
            return true;
        }
        'elements: for g in self.images.chunks_exact(n) {
            for (i, &gi) in g.iter().enumerate() {
                let (image, own) = (colouring[gi as usize], colouring[i]);
                if image < own {
                    return false;
                }
                if image > own {
                    continue 'elements;
                }
            }
        }
        true
    }

    /// The canonical representative of a colouring's orbit: its smallest image.
    pub fn canonical(&self, colouring: &[u8]) -> Vec<u8> {
        let mut best = colouring.to_vec();
        for g in self.images.chunks_exact(self.degree.max(1)) {
            let image: Vec<u8> = g.iter().map(|&gi| colouring[gi as usize]).collect();
            if image < best {
                best = image;
            }
        }
        best
    }

    fn check_work(
        &self,
        colourings: Option<u64>,
        shown: impl FnOnce() -> String,
    ) -> Result<u64, CountError> {
        match colourings {
            Some(c) if c.saturating_mul(self.order) <= Self::MAX_WORK => Ok(c),
            _ => Err(CountError::TooLarge {
                colourings: shown(),
                symmetries: self.order.to_string(),
                limit: Self::MAX_WORK,
            }),
        }
    }

    /// The number of orbits of colourings with `colours` colours.
    ///
    /// ```
    /// use cgtk_polya::{BruteForce, CountError, NamedGroup};
    /// // 2-coloured necklaces and bracelets of 6 beads (OEIS A000031, A000029), counted one
    /// // by one, as the cycle index counts them.
    /// for (group, expected) in [(NamedGroup::Cyclic(6), 14), (NamedGroup::Dihedral(6), 13)] {
    ///     let brute = BruteForce::new(&group.group().unwrap()).unwrap();
    ///     assert_eq!(brute.count(2).unwrap(), expected);
    ///     assert_eq!(group.cycle_index().unwrap().count(2), expected.into());
    /// }
    /// let c6 = BruteForce::new(&NamedGroup::Cyclic(6).group().unwrap()).unwrap();
    /// assert!(matches!(c6.count(0), Err(CountError::NoColours)));
    /// ```
    pub fn count(&self, colours: u64) -> Result<u64, CountError> {
        Ok(self.count_by_content(colours)?.values().sum())
    }

    /// The number of orbits of colourings with `colours` colours, by content (how many
    /// points of each colour).
    ///
    /// ```
    /// use cgtk_polya::{BruteForce, NamedGroup};
    /// let c6 = NamedGroup::Cyclic(6);
    /// let by_content = BruteForce::new(&c6.group().unwrap()).unwrap().count_by_content(2).unwrap();
    /// // The 14 necklaces of 6 beads, by their number of beads of colour 0 and 1.
    /// let counts: Vec<u64> = by_content.values().copied().collect();
    /// assert_eq!(counts, [1, 1, 3, 4, 3, 1, 1]);
    /// assert_eq!(by_content[&vec![3, 3]], 4);
    /// // Each agrees with Pólya's count for that content.
    /// let z = c6.cycle_index().unwrap();
    /// for (content, &n) in &by_content {
    ///     assert_eq!(z.count_with_content(content).unwrap(), n.into());
    /// }
    /// ```
    pub fn count_by_content(&self, colours: u64) -> Result<BTreeMap<Vec<u64>, u64>, CountError> {
        self.count_by_content_with_progress(colours, &|| {})
    }

    /// How many pieces [`BruteForce::count_by_content_with_progress`] splits the work into
    /// (it reports each finished piece).
    pub fn pieces(&self, colours: u64) -> u64 {
        if colours == 0 {
            return 0;
        }
        colours.saturating_pow(self.prefix(colours) as u32)
    }

    fn prefix(&self, colours: u64) -> usize {
        let mut prefix = 0;
        while prefix < self.degree && colours.saturating_pow(prefix as u32) < 256 {
            prefix += 1;
        }
        prefix
    }

    /// Like [`BruteForce::count_by_content`], calling `piece_done` after each of the
    /// [`BruteForce::pieces`] parts of the enumeration (from worker threads).
    pub fn count_by_content_with_progress(
        &self,
        colours: u64,
        piece_done: &(dyn Fn() + Sync),
    ) -> Result<BTreeMap<Vec<u64>, u64>, CountError> {
        if colours == 0 {
            return Err(CountError::NoColours);
        }
        if colours > 255 {
            return Err(CountError::TooManyColours(colours as usize));
        }
        let n = self.degree;
        let total = self.check_work(colours.checked_pow(n as u32), || {
            BigUint::from(colours).pow(n as u32).to_string()
        })?;
        let k = colours as u8;
        // Split on the first `prefix` points so the pieces can run in parallel.
        let prefix = self.prefix(colours);
        let pieces = colours.pow(prefix as u32);
        let per_piece = total / pieces;
        let maps: Vec<BTreeMap<Vec<u64>, u64>> = (0..pieces)
            .into_par_iter()
            .map(|piece| {
                let mut colouring = vec![0u8; n];
                let mut p = piece;
                for slot in colouring[..prefix].iter_mut().rev() {
                    *slot = (p % colours) as u8;
                    p /= colours;
                }
                let mut found: BTreeMap<Vec<u64>, u64> = BTreeMap::new();
                for step in 0..per_piece {
                    if step > 0 {
                        // Advance the odometer over the points after the prefix.
                        for slot in colouring[prefix..].iter_mut().rev() {
                            *slot += 1;
                            if *slot < k {
                                break;
                            }
                            *slot = 0;
                        }
                    }
                    if self.is_canonical(&colouring) {
                        *found.entry(content_of(&colouring, k)).or_insert(0) += 1;
                    }
                }
                piece_done();
                found
            })
            .collect();
        let mut all = BTreeMap::new();
        for map in maps {
            for (content, c) in map {
                *all.entry(content).or_insert(0) += c;
            }
        }
        Ok(all)
    }

    /// The number of orbits of colourings with exactly `content[c]` points of colour `c`.
    pub fn count_with_content(&self, content: &[u64]) -> Result<u64, CountError> {
        crate::inventory::check_content(content, self.degree)?;
        if content.len() > 255 {
            return Err(CountError::TooManyColours(content.len()));
        }
        // The figure refused is the exact number of colourings with this content, whether
        // or not it fits in a u64 (it used to read "more than 2^64" whenever the work,
        // colourings × symmetries, passed the limit).
        let colourings = multinomial_u64(content);
        self.check_work(colourings, || {
            crate::inventory::multinomial(content).to_string()
        })?;
        let mut colouring: Vec<u8> = content
            .iter()
            .enumerate()
            .flat_map(|(c, &m)| std::iter::repeat(c as u8).take(m as usize))
            .collect();
        let mut count = 0;
        loop {
            if self.is_canonical(&colouring) {
                count += 1;
            }
            if !next_permutation(&mut colouring) {
                break;
            }
        }
        Ok(count)
    }
}

fn content_of(colouring: &[u8], k: u8) -> Vec<u64> {
    let mut content = vec![0u64; k as usize];
    for &c in colouring {
        content[c as usize] += 1;
    }
    content
}

fn multinomial_u64(parts: &[u64]) -> Option<u64> {
    let mut left: u64 = 0;
    let mut out: u64 = 1;
    for &p in parts {
        for i in 1..=p {
            left += 1;
            // out * left / i stays an integer: it is a partial multinomial coefficient.
            out = (out as u128 * left as u128 / i as u128).try_into().ok()?;
        }
    }
    Some(out)
}

/// Rearranges into the next permutation in lexicographic order; false after the last.
pub(crate) fn next_permutation(xs: &mut [u8]) -> bool {
    let Some(i) = xs.windows(2).rposition(|w| w[0] < w[1]) else {
        return false;
    };
    let Some(j) = xs.iter().rposition(|&x| x > xs[i]) else {
        return false;
    };
    xs.swap(i, j);
    xs[i + 1..].reverse();
    true
}
