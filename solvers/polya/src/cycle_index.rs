//! Cycle indices: closed formulas for the named groups, and enumeration for any group.

use crate::error::GroupError;
use crate::group::PermGroup;
use crate::perm::Perm;
use num_bigint::BigUint;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

/// A product of cycle variables `g1^a1 * g2^a2 * ...`: a cycle type, stored as
/// `(cycle length, exponent)` pairs sorted by length, exponents positive.
///
/// Monomials sort in the usual printing order: more short cycles first, so that
/// `g1^8` comes before `g2^4`, which comes before `g4^2` and `g8`.
///
/// # Examples
/// ```
/// use cgtk_polya::Monomial;
/// let m = Monomial::new(vec![(2, 3), (1, 2)]);
/// assert_eq!(m.to_string(), "g1^2*g2^3");
/// assert_eq!(m.cycles(), 5);
/// assert_eq!(m.degree(), 8);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Monomial(Vec<(u32, u32)>);

impl Monomial {
    /// A monomial from `(cycle length, exponent)` pairs in any order; zero exponents are
    /// dropped and repeated lengths merged.
    pub fn new(mut parts: Vec<(u32, u32)>) -> Monomial {
        parts.retain(|&(_, e)| e > 0);
        parts.sort_unstable();
        let mut merged: Vec<(u32, u32)> = Vec::with_capacity(parts.len());
        for (len, e) in parts {
            match merged.last_mut() {
                Some(last) if last.0 == len => last.1 += e,
                _ => merged.push((len, e)),
            }
        }
        Monomial(merged)
    }

    /// The `(cycle length, exponent)` pairs, sorted by length.
    pub fn parts(&self) -> &[(u32, u32)] {
        &self.0
    }

    /// The number of cycles (the sum of the exponents).
    pub fn cycles(&self) -> u64 {
        self.0.iter().map(|&(_, e)| e as u64).sum()
    }

    /// The number of points (the sum of length × exponent).
    pub fn degree(&self) -> u64 {
        self.0.iter().map(|&(l, e)| l as u64 * e as u64).sum()
    }

    /// The monomial of two permutations acting side by side on disjoint point sets.
    pub fn times(&self, other: &Monomial) -> Monomial {
        Monomial::new(self.0.iter().chain(other.0.iter()).copied().collect())
    }
}

impl Ord for Monomial {
    fn cmp(&self, other: &Self) -> Ordering {
        // Compare the dense exponent vectors (a1, a2, ...) lexicographically, larger first.
        let (a, b) = (&self.0, &other.0);
        let (mut i, mut j) = (0, 0);
        loop {
            return match (a.get(i), b.get(j)) {
                (None, None) => Ordering::Equal,
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (Some(&(la, ea)), Some(&(lb, eb))) => match la.cmp(&lb) {
                    Ordering::Less => Ordering::Less,
                    Ordering::Greater => Ordering::Greater,
                    Ordering::Equal if ea != eb => eb.cmp(&ea),
                    Ordering::Equal => {
                        i += 1;
                        j += 1;
                        continue;
                    }
                },
            };
        }
    }
}

impl PartialOrd for Monomial {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Monomial {
    /// `g1^2*g2`; the empty monomial (degree 0) prints as `1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return write!(f, "1");
        }
        for (i, &(len, e)) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, "*")?;
            }
            write!(f, "g{len}")?;
            if e > 1 {
                write!(f, "^{e}")?;
            }
        }
        Ok(())
    }
}

/// The cycle index of a permutation group: `(1/|G|) Σ_{g in G} g1^a1(g) g2^a2(g) ...`,
/// held exactly as integer counts over the group order.
///
/// # Examples
/// ```
/// use cgtk_polya::CycleIndex;
/// let z = CycleIndex::cyclic(8).unwrap();
/// assert_eq!(z.to_string(), "(g1^8 + g2^4 + 2*g4^2 + 4*g8)/8");
/// // Burnside: 2-coloured necklaces of 8 beads.
/// assert_eq!(z.count(2).to_string(), "36");
/// // Pólya: with exactly 4 beads of each colour.
/// assert_eq!(z.count_with_content(&[4, 4]).unwrap().to_string(), "10");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleIndex {
    degree: usize,
    order: BigUint,
    terms: BTreeMap<Monomial, BigUint>,
}

impl CycleIndex {
    /// A cycle index from its terms (how many elements have each cycle type) and the group
    /// order; the counts must add up to the order.
    pub fn from_terms(degree: usize, order: BigUint, terms: BTreeMap<Monomial, BigUint>) -> Self {
        CycleIndex {
            degree,
            order,
            terms,
        }
    }

    /// The cycle index of the cyclic group C_n rotating `n` beads:
    /// `(1/n) Σ_{d | n} φ(d) g_d^(n/d)`.
    pub fn cyclic(n: usize) -> Result<CycleIndex, GroupError> {
        check_size("the number of beads", n, 1, 1_000_000)?;
        let mut terms = BTreeMap::new();
        for d in divisors(n as u64) {
            terms.insert(
                Monomial::new(vec![(d as u32, (n as u64 / d) as u32)]),
                BigUint::from(euler_phi(d)),
            );
        }
        Ok(CycleIndex::from_terms(n, BigUint::from(n), terms))
    }

    /// The cycle index of the dihedral group D_n of order 2n (rotations and reflections of
    /// `n` beads). For n = 1, 2 every reflection moves the beads as a rotation does, so the
    /// permutations acting are those of C_n (the trivial group for n = 1, C2 for n = 2);
    /// the cycle index is theirs, in lowest terms (the counts are the same either way).
    ///
    /// ```
    /// use cgtk_polya::CycleIndex;
    /// assert_eq!(CycleIndex::dihedral(1).unwrap().to_string(), "g1");
    /// assert_eq!(CycleIndex::dihedral(2).unwrap().to_string(), "(g1^2 + g2)/2");
    /// assert_eq!(CycleIndex::dihedral(3).unwrap().order().to_string(), "6");
    /// ```
    pub fn dihedral(n: usize) -> Result<CycleIndex, GroupError> {
        let mut z = CycleIndex::cyclic(n)?;
        if n <= 2 {
            // Listing the reflections too gave the unreduced (2*g1)/2 and (2*g1^2 + 2*g2)/4.
            return Ok(z);
        }
        let n32 = n as u32;
        if n % 2 == 1 {
            z.add_term(
                Monomial::new(vec![(1, 1), (2, (n32 - 1) / 2)]),
                BigUint::from(n),
            );
        } else {
            let half = BigUint::from(n / 2);
            z.add_term(Monomial::new(vec![(2, n32 / 2)]), half.clone());
            z.add_term(Monomial::new(vec![(1, 2), (2, (n32 - 2) / 2)]), half);
        }
        z.order = BigUint::from(2 * n);
        Ok(z)
    }

    /// The largest n for [`CycleIndex::symmetric`]: S_60 has 966,467 cycle types.
    pub const MAX_SYMMETRIC: usize = 60;

    /// The cycle index of the symmetric group S_n, one term per integer partition of n
    /// (never enumerating the n! elements): the partition with m_i parts of size i counts
    /// `n! / Π (i^m_i · m_i!)` elements.
    pub fn symmetric(n: usize) -> Result<CycleIndex, GroupError> {
        check_size(
            "the degree of the symmetric group",
            n,
            1,
            Self::MAX_SYMMETRIC as u64,
        )?;
        let factorials = factorials(n);
        // Generated in printing order, so building the map needs no searching.
        let mut sorted: Vec<(Monomial, BigUint)> = Vec::new();
        let mut parts: Vec<(u32, u32)> = Vec::new();
        partitions(n as u32, 1, &mut parts, &mut |parts| {
            let mut z = BigUint::one();
            for &(len, m) in parts.iter() {
                z *= BigUint::from(len).pow(m) * &factorials[m as usize];
            }
            sorted.push((Monomial(parts.to_vec()), &factorials[n] / z));
        });
        let terms: BTreeMap<Monomial, BigUint> = sorted.into_iter().collect();
        Ok(CycleIndex::from_terms(n, factorials[n].clone(), terms))
    }

    /// The cycle index of a list of permutations that form a group (each element once).
    pub fn from_elements(degree: usize, elements: &[Perm]) -> CycleIndex {
        let mut terms = BTreeMap::new();
        for g in elements {
            *terms
                .entry(Monomial::new(g.cycle_type()))
                .or_insert_with(BigUint::zero) += 1u32;
        }
        CycleIndex::from_terms(degree, BigUint::from(elements.len()), terms)
    }

    /// The cycle index of a group, by listing its elements (at most `limit` of them).
    pub fn of_group(group: &PermGroup, limit: u64) -> Result<CycleIndex, GroupError> {
        if !matches!(group.order_u64(), Some(o) if o <= limit) {
            return Err(GroupError::TooManyElements {
                order: group.order().to_string(),
                limit,
            });
        }
        let mut by_type: std::collections::HashMap<Vec<u32>, u64> = Default::default();
        let (mut seen, mut counts) = (Vec::new(), Vec::new());
        group.for_each_element(|g| {
            g.count_cycles_into(&mut seen, &mut counts);
            match by_type.get_mut(&counts) {
                Some(n) => *n += 1,
                None => {
                    by_type.insert(counts.clone(), 1);
                }
            }
        });
        let terms = by_type
            .into_iter()
            .map(|(counts, n)| {
                let parts = (1..counts.len() as u32)
                    .zip(counts[1..].iter().copied())
                    .collect();
                (Monomial::new(parts), BigUint::from(n))
            })
            .collect();
        Ok(CycleIndex::from_terms(group.degree(), group.order(), terms))
    }

    /// The cycle index of `G × H` acting on the disjoint union of their points:
    /// `Z(G × H) = Z(G) · Z(H)`.
    pub fn product(&self, other: &CycleIndex) -> CycleIndex {
        let mut terms = BTreeMap::new();
        for (m, c) in &self.terms {
            for (n, d) in &other.terms {
                *terms.entry(m.times(n)).or_insert_with(BigUint::zero) += c * d;
            }
        }
        CycleIndex::from_terms(
            self.degree + other.degree,
            &self.order * &other.order,
            terms,
        )
    }

    fn add_term(&mut self, m: Monomial, count: BigUint) {
        *self.terms.entry(m).or_insert_with(BigUint::zero) += count;
    }

    /// The number of points acted on.
    pub fn degree(&self) -> usize {
        self.degree
    }

    /// The group order (the common denominator).
    pub fn order(&self) -> &BigUint {
        &self.order
    }

    /// The terms in printing order: each cycle type with the number of elements having it.
    pub fn terms(&self) -> impl Iterator<Item = (&Monomial, &BigUint)> {
        self.terms.iter()
    }

    /// The number of terms (distinct cycle types).
    pub fn len(&self) -> usize {
        self.terms.len()
    }

    /// Whether there are no terms (never, for a cycle index of a group).
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// The exact rational coefficient of a monomial (zero if absent).
    pub fn coefficient(&self, m: &Monomial) -> BigRational {
        let count = self.terms.get(m).cloned().unwrap_or_default();
        BigRational::new(count.into(), self.order.clone().into())
    }

    /// Burnside's count of colourings with `colours` colours up to the group:
    /// every `g_i` replaced by `colours`.
    ///
    /// ```
    /// use cgtk_polya::CycleIndex;
    /// let count = |z: CycleIndex| u64::try_from(z.count(2)).unwrap();
    /// // 2-coloured necklaces of n = 1..=10 beads (OEIS A000031) ...
    /// let necklaces: Vec<u64> = (1..=10).map(|n| count(CycleIndex::cyclic(n).unwrap())).collect();
    /// assert_eq!(necklaces, [2, 3, 4, 6, 8, 14, 20, 36, 60, 108]);
    /// // ... and bracelets, which may also be turned over (OEIS A000029).
    /// let bracelets: Vec<u64> = (1..=10).map(|n| count(CycleIndex::dihedral(n).unwrap())).collect();
    /// assert_eq!(bracelets, [2, 3, 4, 6, 8, 13, 18, 30, 46, 78]);
    /// // One colour gives one colouring whatever the group.
    /// assert_eq!(CycleIndex::symmetric(7).unwrap().count(1), 1u32.into());
    /// ```
    pub fn count(&self, colours: u64) -> BigUint {
        let k = BigUint::from(colours);
        let total: BigUint = self
            .terms
            .iter()
            .map(|(m, c)| c * k.pow(m.cycles() as u32))
            .sum();
        exact_quotient(total, &self.order)
    }

    /// Pólya's count of colourings with exactly `content[c]` points of colour `c`, up to
    /// the group: the coefficient of `x_1^content[0] x_2^content[1] ...` after replacing
    /// every `g_i` by `x_1^i + x_2^i + ...`.
    pub fn count_with_content(&self, content: &[u64]) -> Result<BigUint, crate::CountError> {
        crate::inventory::check_content(content, self.degree)?;
        let total: BigUint = self
            .terms
            .iter()
            .map(|(m, c)| c * crate::inventory::fixed_with_content(m, content))
            .sum();
        Ok(exact_quotient(total, &self.order))
    }
}

impl CycleIndex {
    /// An estimate of the work [`CycleIndex::count_with_content`] does for `content`, in
    /// units of about a nanosecond on one core of an ordinary machine (so `1e9` is about a
    /// second). It follows the method: for every cycle type, the ways to share the cycle
    /// lengths other than the most frequent one among the colours (bounded by the content),
    /// times one multinomial coefficient of big numbers over the most frequent length,
    /// whose cost grows like its size to the power 1.6. Cheap to compute (linear in the
    /// number of terms and colours), it lets a caller refuse hours of work up front.
    ///
    /// ```
    /// use cgtk_polya::{BoardSymmetry, NamedGroup};
    /// let board = |n: usize| NamedGroup::Board { rows: n, cols: n, symmetry: BoardSymmetry::Full };
    /// let work = |n: usize| {
    ///     let third = (n * n / 3) as u64;
    ///     let z = board(n).cycle_index().unwrap();
    ///     z.content_work(&[(n * n) as u64 - 2 * third, third, third])
    /// };
    /// // 3 colours on a 100×100 board take a fraction of a second, on 1000×1000 hours.
    /// assert!(work(100) < 1e9);
    /// assert!(work(1000) > 3600e9);
    /// ```
    pub fn content_work(&self, content: &[u64]) -> f64 {
        crate::inventory::content_work(self.terms.keys(), content)
    }
}

impl fmt::Display for CycleIndex {
    /// `(g1^8 + g2^4 + 2*g4^2 + 4*g8)/8`; without the denominator when the order is 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut numerator = String::new();
        for (i, (m, c)) in self.terms.iter().enumerate() {
            if i > 0 {
                numerator.push_str(" + ");
            }
            if c.is_one() {
                numerator.push_str(&m.to_string());
            } else {
                numerator.push_str(&format!("{c}*{m}"));
            }
        }
        if self.order.is_one() {
            write!(f, "{numerator}")
        } else {
            write!(f, "({numerator})/{}", self.order)
        }
    }
}

/// `total / order`, which Burnside's lemma makes exact.
fn exact_quotient(total: BigUint, order: &BigUint) -> BigUint {
    let (q, r) = total.div_rem(order);
    debug_assert!(r.is_zero(), "Burnside sum not divisible by the group order");
    q
}

pub(crate) fn check_size(
    what: &'static str,
    n: usize,
    min: u64,
    max: u64,
) -> Result<(), GroupError> {
    if (n as u64) < min || (n as u64) > max {
        return Err(GroupError::SizeOutOfRange {
            what,
            value: n as u64,
            min,
            max,
        });
    }
    Ok(())
}

/// The divisors of `n`, in increasing order.
pub fn divisors(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1;
    while d * d <= n {
        if n % d == 0 {
            small.push(d);
            if d * d != n {
                large.push(n / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small
}

/// Euler's totient φ(n): how many of 1..=n are coprime to n.
pub fn euler_phi(mut n: u64) -> u64 {
    let mut phi = n;
    let mut p = 2;
    while p * p <= n {
        if n % p == 0 {
            while n % p == 0 {
                n /= p;
            }
            phi -= phi / p;
        }
        p += 1;
    }
    if n > 1 {
        phi -= phi / n;
    }
    phi
}

fn factorials(n: usize) -> Vec<BigUint> {
    let mut out = vec![BigUint::one()];
    for i in 1..=n {
        let next = &out[i - 1] * i;
        out.push(next);
    }
    out
}

/// Receives each partition as `(part, multiplicity)` pairs.
type PartitionVisitor<'a> = dyn FnMut(&[(u32, u32)]) + 'a;

/// Calls `visit` with every partition of `n` into parts of size at least `smallest`, as
/// `(part, multiplicity)` pairs with the smallest part first, in printing order: the most
/// parts of size 1 first, then the most of size 2, and so on.
fn partitions(n: u32, smallest: u32, parts: &mut Vec<(u32, u32)>, visit: &mut PartitionVisitor) {
    if n == 0 {
        visit(parts);
        return;
    }
    if smallest > n {
        return;
    }
    for m in (0..=n / smallest).rev() {
        if m > 0 {
            parts.push((smallest, m));
        }
        partitions(n - smallest * m, smallest + 1, parts, visit);
        if m > 0 {
            parts.pop();
        }
    }
}
