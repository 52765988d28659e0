//! The solution coset over GF(2) as a weighted code: every button's value is an affine form
//! a·c ⊕ b of the kernel coordinates c, and buttons with the same linear part a are merged.

use std::collections::HashMap;

/// The most kernel dimensions the exact searches handle (coordinates are packed in a u128).
pub const MAX_NULLITY: usize = 128;

/// The coset x₀ + ker A packed by distinct linear forms.
///
/// Buttons whose value never changes add a constant; two buttons with the same form a and
/// opposite constants always add exactly 1 together; the remaining buttons of one form
/// agree, so they become one column whose weight is how many they are.
#[derive(Debug, Clone)]
pub(crate) struct CosetCode {
    /// Kernel dimension d.
    pub dim: usize,
    /// Weight every solution has whatever the coordinates.
    pub constant: u64,
    /// Columns, grouped by weight: (linear form a, constant b, weight).
    pub columns: Vec<(u128, bool, u32)>,
    /// Words per plane: plane p covers columns `plane_start[p]..plane_start[p + 1]`,
    /// packed 64 to a word.
    pub word_weight: Vec<u32>,
    /// Packed generators (one row of words per kernel coordinate).
    pub generators: Vec<Vec<u64>>,
    /// Packed x₀ (the column constants b).
    pub origin: Vec<u64>,
}

impl CosetCode {
    /// Builds the code from a particular solution and a GF(2) kernel basis (0/1 entries).
    /// `None` when the dimension exceeds [`MAX_NULLITY`].
    pub fn new(particular: &[u32], basis: &[Vec<u32>]) -> Option<Self> {
        let dim = basis.len();
        if dim > MAX_NULLITY {
            return None;
        }
        let mut forms: HashMap<u128, (u32, u32)> = HashMap::new();
        let mut constant = 0u64;
        for (cell, &p) in particular.iter().enumerate() {
            let mut a = 0u128;
            for (i, g) in basis.iter().enumerate() {
                if g[cell] & 1 == 1 {
                    a |= 1 << i;
                }
            }
            let b = p & 1 == 1;
            if a == 0 {
                constant += u64::from(b);
                continue;
            }
            let e = forms.entry(a).or_insert((0, 0));
            if b {
                e.1 += 1;
            } else {
                e.0 += 1;
            }
        }
        let mut columns: Vec<(u128, bool, u32)> = Vec::new();
        for (a, (m0, m1)) in forms {
            constant += u64::from(m0.min(m1));
            // Balanced forms weigh 0 but stay: information sets may need them.
            columns.push((a, m1 > m0, m0.abs_diff(m1)));
        }
        // Heaviest first, then by form, so that the layout does not depend on hashing.
        columns.sort_by(|x, y| y.2.cmp(&x.2).then(x.0.cmp(&y.0)));
        let mut word_weight = Vec::new();
        let mut layout = Vec::with_capacity(columns.len());
        let mut i = 0;
        while i < columns.len() {
            let w = columns[i].2;
            let mut j = i;
            while j < columns.len() && columns[j].2 == w {
                j += 1;
            }
            for start in (i..j).step_by(64) {
                word_weight.push(w);
                for col in start..(start + 64).min(j) {
                    layout.push((word_weight.len() - 1, col - start));
                }
            }
            i = j;
        }
        let words = word_weight.len();
        let mut generators = vec![vec![0u64; words]; dim];
        let mut origin = vec![0u64; words];
        for (col, &(a, b, _)) in columns.iter().enumerate() {
            let (w, bit) = layout[col];
            if b {
                origin[w] |= 1 << bit;
            }
            for (i, g) in generators.iter_mut().enumerate() {
                if a >> i & 1 == 1 {
                    g[w] |= 1 << bit;
                }
            }
        }
        Some(CosetCode {
            dim,
            constant,
            columns,
            word_weight,
            generators,
            origin,
        })
    }

    /// Number of packed words.
    pub fn words(&self) -> usize {
        self.word_weight.len()
    }

    /// The weights of the words that count (the weight-0 words come last).
    pub fn active_weights(&self) -> &[u32] {
        let n = self.word_weight.iter().take_while(|&&w| w > 0).count();
        &self.word_weight[..n]
    }

    /// Weight of a packed vector (without the constant).
    #[inline]
    pub fn weight(&self, x: &[u64]) -> u64 {
        x.iter()
            .zip(&self.word_weight)
            .map(|(v, &w)| u64::from(v.count_ones() * w))
            .sum()
    }

    /// The packed vector of coordinates c.
    pub fn vector(&self, c: u128) -> Vec<u64> {
        let mut x = self.origin.clone();
        for (i, g) in self.generators.iter().enumerate() {
            if c >> i & 1 == 1 {
                xor_into(&mut x, g);
            }
        }
        x
    }

    /// Total presses of the solution with coordinates c.
    pub fn total(&self, c: u128) -> u64 {
        self.constant + self.weight(&self.vector(c))
    }
}

/// x ^= g, word by word.
#[inline]
pub(crate) fn xor_into(x: &mut [u64], g: &[u64]) {
    for (a, b) in x.iter_mut().zip(g) {
        *a ^= b;
    }
}

/// The press vector particular + Σ cᵢ·gᵢ over GF(2).
pub(crate) fn solution_of(particular: &[u32], basis: &[Vec<u32>], c: u128) -> Vec<u32> {
    let mut x: Vec<u32> = particular.iter().map(|v| v & 1).collect();
    for (i, g) in basis.iter().enumerate() {
        if c >> i & 1 == 1 {
            for (p, &b) in x.iter_mut().zip(g) {
                *p ^= b & 1;
            }
        }
    }
    x
}
