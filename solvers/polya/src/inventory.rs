//! Pólya's pattern inventory: substitute a figure inventory into a cycle index.

use crate::cycle_index::{CycleIndex, Monomial};
use crate::error::CountError;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;

/// The generating polynomial of colourings up to symmetry: the cycle index with every `g_i`
/// replaced by `x^i + y^i + ...` over the named colours (the figure inventory). The
/// coefficient of a monomial is the number of essentially different colourings with that
/// content (how many points of each colour).
///
/// # Examples
/// ```
/// use cgtk_polya::{CycleIndex, PatternInventory};
/// let z = CycleIndex::cyclic(4).unwrap();
/// let inventory = PatternInventory::new(&z, &["b", "w"]).unwrap();
/// assert_eq!(inventory.to_string(), "b^4 + b^3*w + 2*b^2*w^2 + b*w^3 + w^4");
/// assert_eq!(inventory.count(&[2, 2]).to_string(), "2");
/// assert_eq!(inventory.total().to_string(), "6");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternInventory {
    colours: Vec<String>,
    terms: BTreeMap<std::cmp::Reverse<Vec<u64>>, BigUint>,
}

impl PatternInventory {
    /// The largest number of monomials (contents) an inventory may have.
    pub const MAX_TERMS: u64 = 200_000;

    /// Expands the cycle index with the figure inventory `colours[0] + colours[1] + ...`.
    ///
    /// Each colour needs its own name made of letters, digits and `_`, not starting with a
    /// digit, so that different contents print differently.
    ///
    /// ```
    /// use cgtk_polya::{CountError, CycleIndex, PatternInventory};
    /// let z = CycleIndex::cyclic(4).unwrap();
    /// assert_eq!(
    ///     PatternInventory::new(&z, &["x", "x"]),
    ///     Err(CountError::RepeatedColourName { name: "x".into() })
    /// );
    /// assert_eq!(
    ///     PatternInventory::new(&z, &["x", "2y"]),
    ///     Err(CountError::ColourName { name: "2y".into() })
    /// );
    /// ```
    pub fn new(z: &CycleIndex, colours: &[&str]) -> Result<PatternInventory, CountError> {
        let k = colours.len();
        if k == 0 {
            return Err(CountError::NoColours);
        }
        check_colour_names(colours)?;
        let contents = binomial((z.degree() + k - 1) as u64, (k - 1) as u64);
        if contents > BigUint::from(Self::MAX_TERMS) {
            return Err(CountError::InventoryTooLarge {
                terms: contents.to_string(),
                limit: Self::MAX_TERMS,
            });
        }
        let mut total: HashMap<Vec<u64>, BigUint> = HashMap::new();
        for (m, count) in z.terms() {
            let mut poly: HashMap<Vec<u64>, BigUint> =
                HashMap::from([(vec![0; k], BigUint::one())]);
            for &(len, e) in m.parts() {
                poly = multiply(&poly, &power_sum_power(k, len as u64, e as u64));
            }
            for (content, c) in poly {
                *total.entry(content).or_insert_with(BigUint::zero) += c * count;
            }
        }
        let terms = total
            .into_iter()
            .map(|(content, c)| {
                let (q, r) = c.div_rem(z.order());
                debug_assert!(r.is_zero());
                (std::cmp::Reverse(content), q)
            })
            .filter(|(_, c)| !c.is_zero())
            .collect();
        Ok(PatternInventory {
            colours: colours.iter().map(|s| s.to_string()).collect(),
            terms,
        })
    }

    /// The colour names.
    pub fn colours(&self) -> &[String] {
        &self.colours
    }

    /// The coefficient for a content (zero when no colouring has it).
    pub fn count(&self, content: &[u64]) -> BigUint {
        self.terms
            .get(&std::cmp::Reverse(content.to_vec()))
            .cloned()
            .unwrap_or_default()
    }

    /// The sum of all coefficients: every colouring up to symmetry.
    pub fn total(&self) -> BigUint {
        self.terms.values().sum()
    }

    /// The terms as (content, count), most of the first colour first.
    pub fn terms(&self) -> impl Iterator<Item = (&[u64], &BigUint)> {
        self.terms.iter().map(|(c, n)| (c.0.as_slice(), n))
    }
}

impl fmt::Display for PatternInventory {
    /// `b^4 + b^3*w + 2*b^2*w^2 + ...`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (content, c)) in self.terms().enumerate() {
            if i > 0 {
                write!(f, " + ")?;
            }
            let vars: Vec<String> = content
                .iter()
                .zip(&self.colours)
                .filter(|(&e, _)| e > 0)
                .map(|(&e, name)| {
                    if e == 1 {
                        name.clone()
                    } else {
                        format!("{name}^{e}")
                    }
                })
                .collect();
            match (c.is_one(), vars.is_empty()) {
                (_, true) => write!(f, "{c}")?,
                (true, false) => write!(f, "{}", vars.join("*"))?,
                (false, false) => write!(f, "{c}*{}", vars.join("*"))?,
            }
        }
        Ok(())
    }
}

/// Refuses names that would make the printed inventory ambiguous: empty names, names with
/// other characters than letters, digits and `_` or starting with a digit (they would read
/// as coefficients or operators), and repeated names (`x^4 + x^3*x + ...` could not be
/// told apart).
fn check_colour_names(colours: &[&str]) -> Result<(), CountError> {
    let mut seen = HashSet::new();
    for &name in colours {
        if name.is_empty()
            || !name.chars().all(|c| c.is_alphanumeric() || c == '_')
            || name.starts_with(|c: char| c.is_ascii_digit())
        {
            return Err(CountError::ColourName {
                name: name.to_string(),
            });
        }
        if !seen.insert(name) {
            return Err(CountError::RepeatedColourName {
                name: name.to_string(),
            });
        }
    }
    Ok(())
}

/// `(x_1^len + ... + x_k^len)^e` as a sparse polynomial, by the multinomial theorem.
fn power_sum_power(k: usize, len: u64, e: u64) -> HashMap<Vec<u64>, BigUint> {
    let mut out = HashMap::new();
    let mut split = vec![0u64; k];
    compositions(e, 0, &mut split, BigUint::one(), &mut |split, ways| {
        out.insert(split.iter().map(|m| m * len).collect(), ways.clone());
    });
    out
}

fn multiply(
    a: &HashMap<Vec<u64>, BigUint>,
    b: &HashMap<Vec<u64>, BigUint>,
) -> HashMap<Vec<u64>, BigUint> {
    let mut out: HashMap<Vec<u64>, BigUint> = HashMap::new();
    for (ea, ca) in a {
        for (eb, cb) in b {
            let e: Vec<u64> = ea.iter().zip(eb).map(|(x, y)| x + y).collect();
            *out.entry(e).or_insert_with(BigUint::zero) += ca * cb;
        }
    }
    out
}

/// Calls `visit` with every way to split `left` items among colours `c..` (how many of each)
/// and the multinomial number of ways to choose which items get which colour.
fn compositions(
    left: u64,
    c: usize,
    split: &mut Vec<u64>,
    ways: BigUint,
    visit: &mut dyn FnMut(&[u64], &BigUint),
) {
    if c + 1 == split.len() {
        split[c] = left;
        visit(split, &ways);
        return;
    }
    for m in 0..=left {
        split[c] = m;
        let w = &ways * binomial(left, m);
        compositions(left - m, c + 1, split, w, visit);
    }
    split[c] = 0;
}

/// Checks that a content has at least one colour and adds up to `points`.
pub(crate) fn check_content(content: &[u64], points: usize) -> Result<(), CountError> {
    if content.is_empty() {
        return Err(CountError::NoColours);
    }
    // Summed in 128 bits: a 64-bit sum saturated, so `18446744073709551615,1` was reported
    // as adding up to 18446744073709551615 instead of 2^64.
    let sum: u128 = content.iter().map(|&c| u128::from(c)).sum();
    if sum == points as u128 {
        Ok(())
    } else {
        Err(CountError::ContentSum { sum, points })
    }
}

/// How many colourings with the given content a permutation of cycle type `m` fixes: the
/// ways to give each cycle one colour so that colour `c` covers `content[c]` points.
///
/// Cycle lengths are handled one at a time, keeping the content still to cover; the length
/// with the most cycles comes last, where the split is forced, so that a single-length cycle
/// type (every rotation) costs one multinomial coefficient.
pub(crate) fn fixed_with_content(m: &Monomial, content: &[u64]) -> BigUint {
    let mut parts = m.parts().to_vec();
    parts.sort_by_key(|&(_, e)| e);
    let Some((&(last_len, last_count), rest)) = parts.split_last() else {
        return if content.iter().all(|&c| c == 0) {
            BigUint::one()
        } else {
            BigUint::zero()
        };
    };
    let mut states: HashMap<Vec<u64>, BigUint> =
        HashMap::from([(content.to_vec(), BigUint::one())]);
    for &(len, count) in rest {
        let mut next: HashMap<Vec<u64>, BigUint> = HashMap::new();
        for (remaining, ways) in &states {
            let mut split = vec![0u64; remaining.len()];
            bounded_splits(
                count,
                len as u64,
                remaining,
                0,
                &mut split,
                ways.clone(),
                &mut |left, w| {
                    *next.entry(left).or_insert_with(BigUint::zero) += w;
                },
            );
        }
        states = next;
    }
    let len = last_len as u64;
    let mut total = BigUint::zero();
    for (remaining, ways) in states {
        if remaining.iter().any(|r| r % len != 0) {
            continue;
        }
        let cycles: Vec<u64> = remaining.iter().map(|r| r / len).collect();
        if cycles.iter().sum::<u64>() != last_count as u64 {
            continue;
        }
        total += ways * multinomial(&cycles);
    }
    total
}

/// The exponent of the cost of one binomial coefficient in the number of cycles it shares
/// out (big-number products of that many digits, Karatsuba-like).
const MULTINOMIAL_EXPONENT: f64 = 1.7;

/// Work units (about nanoseconds) per cycle^[`MULTINOMIAL_EXPONENT`] of one binomial
/// coefficient. With [`STATE_UNIT`], fitted to release-build timings of `count board` by
/// content (2 colours up to 1000×1000, 3 up to 300×300, 4 up to 60×60, 5 up to 22×22):
/// the estimate is within a factor of 3 of each.
const MULTINOMIAL_UNIT: f64 = 1.44e-3;

/// Work units (about nanoseconds) per state of the sharing-out.
const STATE_UNIT: f64 = 2100.0;

/// See [`crate::CycleIndex::content_work`]: the estimate, term by term, of what
/// [`fixed_with_content`] does.
pub(crate) fn content_work<'a>(terms: impl Iterator<Item = &'a Monomial>, content: &[u64]) -> f64 {
    let colours = content.len().max(1);
    // The states of the sharing-out are contents still to cover: at most this many.
    let bound: f64 = content.iter().map(|&c| c as f64 + 1.0).product();
    // The ways to share `count` cycles among the colours: C(count + k − 1, k − 1).
    let shares = |count: u32| -> f64 {
        (1..colours).fold(1.0, |acc, i| acc * (count as f64 + i as f64) / i as f64)
    };
    terms
        .map(|m| {
            let mut parts = m.parts().to_vec();
            parts.sort_by_key(|&(_, e)| e);
            let Some((&(_, last), rest)) = parts.split_last() else {
                return 1.0;
            };
            let mut states = 1.0f64;
            let mut sharing = 0.0;
            for &(_, count) in rest {
                let next = states * shares(count);
                sharing += next;
                states = next.min(bound);
            }
            let multinomial =
                (colours - 1) as f64 * f64::from(last).max(1.0).powf(MULTINOMIAL_EXPONENT);
            STATE_UNIT * (sharing + states) + states * MULTINOMIAL_UNIT * multinomial
        })
        .sum()
}

/// Splits `left` cycles of length `len` among the colours from `c` on, each colour taking at
/// most what remains of its content; reports the content left afterwards and the ways.
fn bounded_splits(
    left: u32,
    len: u64,
    remaining: &[u64],
    c: usize,
    split: &mut Vec<u64>,
    ways: BigUint,
    visit: &mut dyn FnMut(Vec<u64>, BigUint),
) {
    if c == remaining.len() {
        if left == 0 {
            let after = remaining
                .iter()
                .zip(split.iter())
                .map(|(r, m)| r - m * len)
                .collect();
            visit(after, ways);
        }
        return;
    }
    let most = (remaining[c] / len).min(left as u64);
    let options: Vec<u64> = if c + 1 == remaining.len() {
        if (left as u64) <= most {
            vec![left as u64]
        } else {
            vec![]
        }
    } else {
        (0..=most).collect()
    };
    for m in options {
        split[c] = m;
        let w = &ways * binomial(left as u64, m);
        bounded_splits(left - m as u32, len, remaining, c + 1, split, w, visit);
    }
    split[c] = 0;
}

/// The multinomial coefficient `(Σ parts)! / Π parts!`.
pub(crate) fn multinomial(parts: &[u64]) -> BigUint {
    let mut left: u64 = parts.iter().sum();
    let mut out = BigUint::one();
    for &p in parts {
        out *= binomial(left, p);
        left -= p;
    }
    out
}

/// The binomial coefficient C(n, k). Small ones are built as C(n-k+1, 1), C(n-k+2, 2), ...
/// (each step multiplies and divides by a machine word); large ones from their prime
/// factorisation (Legendre's formula), multiplied together as a balanced product tree.
pub(crate) fn binomial(n: u64, k: u64) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    let k = k.min(n - k);
    if k <= 256 || n > u32::MAX as u64 {
        let mut out = BigUint::one();
        for i in 1..=k {
            out *= n - k + i;
            out /= i;
        }
        return out;
    }
    let mut factors: Vec<BigUint> = Vec::new();
    for p in primes_up_to(n) {
        // The exponent of p in n! / (k! (n-k)!).
        let (mut e, mut q) = (0u32, p);
        loop {
            e += (n / q - k / q - (n - k) / q) as u32;
            match q.checked_mul(p) {
                Some(next) if next <= n => q = next,
                _ => break,
            }
        }
        if e > 0 {
            factors.push(BigUint::from(p).pow(e));
        }
    }
    product_tree(factors)
}

fn primes_up_to(n: u64) -> Vec<u64> {
    let n = n as usize;
    let mut composite = vec![false; n + 1];
    let mut primes = Vec::new();
    for i in 2..=n {
        if !composite[i] {
            primes.push(i as u64);
            let mut j = i * i;
            while j <= n {
                composite[j] = true;
                j += i;
            }
        }
    }
    primes
}

fn product_tree(mut factors: Vec<BigUint>) -> BigUint {
    if factors.is_empty() {
        return BigUint::one();
    }
    while factors.len() > 1 {
        let mut next = Vec::with_capacity(factors.len().div_ceil(2));
        let mut it = factors.into_iter();
        while let Some(a) = it.next() {
            match it.next() {
                Some(b) => next.push(a * b),
                None => next.push(a),
            }
        }
        factors = next;
    }
    factors.pop().unwrap_or_else(BigUint::one)
}

#[cfg(test)]
mod tests {
    use super::binomial;
    use num_bigint::BigUint;

    /// Both ways of building C(n, k) agree with Pascal's rule.
    #[test]
    fn binomials_follow_pascal() {
        for n in [300u64, 517, 1000, 2048] {
            for k in [0u64, 1, 100, 257, 300, n / 2, n - 1] {
                if k == 0 || k > n {
                    continue;
                }
                let pascal = binomial(n - 1, k - 1) + binomial(n - 1, k);
                assert_eq!(binomial(n, k), pascal, "C({n}, {k})");
            }
        }
        assert_eq!(
            binomial(600, 300) * BigUint::from(300u32),
            binomial(600, 301) * BigUint::from(301u32)
        );
    }
}
