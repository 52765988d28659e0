//! Bit-packed vectors over GF(2).

use std::fmt;

/// A vector over GF(2), 64 entries per `u64` word (entry `i` is bit `i % 64` of word `i / 64`).
///
/// ```
/// use cgtk_algebra::BitVec;
/// let mut v = BitVec::new(100);
/// v.set(3, true);
/// v.toggle(70);
/// assert_eq!(v.iter_ones().collect::<Vec<_>>(), vec![3, 70]);
/// let mut w = v.clone();
/// w.xor_assign(&v);
/// assert_eq!(w.count_ones(), 0);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BitVec {
    len: usize,
    words: Vec<u64>,
}

impl BitVec {
    /// The zero vector of length `len`.
    pub fn new(len: usize) -> Self {
        BitVec {
            len,
            words: vec![0; len.div_ceil(64)],
        }
    }

    /// A vector from booleans.
    pub fn from_bools(bits: &[bool]) -> Self {
        let mut v = BitVec::new(bits.len());
        for (i, &b) in bits.iter().enumerate() {
            if b {
                v.set(i, true);
            }
        }
        v
    }

    /// A vector of length `len` from its words; bits at `len` and above are cleared.
    ///
    /// # Panics
    /// When `words.len() != len.div_ceil(64)`.
    pub fn from_words(len: usize, mut words: Vec<u64>) -> Self {
        assert_eq!(
            words.len(),
            len.div_ceil(64),
            "{} words cannot hold exactly {len} bits",
            words.len()
        );
        if len % 64 != 0 {
            if let Some(last) = words.last_mut() {
                *last &= (1u64 << (len % 64)) - 1;
            }
        }
        BitVec { len, words }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the vector has no entries.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The packed words.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Entry `i`.
    ///
    /// # Panics
    /// When `i >= len`.
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        assert!(
            i < self.len,
            "index {i} outside a vector of length {}",
            self.len
        );
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// Sets entry `i`.
    ///
    /// # Panics
    /// When `i >= len`.
    #[inline]
    pub fn set(&mut self, i: usize, value: bool) {
        assert!(
            i < self.len,
            "index {i} outside a vector of length {}",
            self.len
        );
        let mask = 1u64 << (i % 64);
        if value {
            self.words[i / 64] |= mask;
        } else {
            self.words[i / 64] &= !mask;
        }
    }

    /// Flips entry `i`.
    ///
    /// # Panics
    /// When `i >= len`.
    #[inline]
    pub fn toggle(&mut self, i: usize) {
        assert!(
            i < self.len,
            "index {i} outside a vector of length {}",
            self.len
        );
        self.words[i / 64] ^= 1u64 << (i % 64);
    }

    /// `self += other` (entrywise XOR).
    ///
    /// # Panics
    /// When the lengths differ.
    pub fn xor_assign(&mut self, other: &BitVec) {
        assert_eq!(
            self.len, other.len,
            "xor of vectors of lengths {} and {}",
            self.len, other.len
        );
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a ^= b;
        }
    }

    /// Number of entries equal to 1.
    pub fn count_ones(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The positions of the entries equal to 1, increasing.
    pub fn iter_ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(wi * 64 + b)
            })
        })
    }

    /// The dot product over GF(2).
    ///
    /// # Panics
    /// When the lengths differ.
    pub fn dot(&self, other: &BitVec) -> bool {
        assert_eq!(
            self.len, other.len,
            "dot product of vectors of lengths {} and {}",
            self.len, other.len
        );
        parity(&self.words, &other.words)
    }

    /// The entries as booleans.
    pub fn to_bools(&self) -> Vec<bool> {
        (0..self.len).map(|i| self.get(i)).collect()
    }
}

/// Parity of the popcount of `a & b`.
#[inline]
pub(crate) fn parity(a: &[u64], b: &[u64]) -> bool {
    let mut acc = 0u64;
    for (x, y) in a.iter().zip(b) {
        acc ^= x & y;
    }
    acc.count_ones() & 1 == 1
}

impl fmt::Debug for BitVec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BitVec[")?;
        for i in 0..self.len {
            write!(f, "{}", self.get(i) as u8)?;
        }
        write!(f, "]")
    }
}
