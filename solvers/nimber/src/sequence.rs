//! Grundy sequences G(0), G(1), …, G(N) of heap games: the plain mex method and the
//! common/rare ("sparse space") method.
//!
//! For a game whose moves leave at most two heaps, the options of a heap of n are single
//! values G(n − j) and pair values G(a) XOR G(b) with a + b = n − j. Split the values into
//! *common* and *rare* ones by the parity of `v AND mask` (odd: common). The XOR of two
//! values is common exactly when one is rare and one is common. So every common value
//! among the options appears in a pair containing a heap of rare value; enumerating only
//! the few rare heaps gives c, the least common value not among the options. G(n) is c
//! unless some rare value below c is missing too; those few candidates are struck out by
//! scanning the pairs, which stops as soon as all of them have been seen. The method is
//! exact for every mask; a mask that makes rare values rare only makes it fast, and it is
//! chosen from the histogram of the values computed so far.

use crate::HeapGame;

/// The largest N for which a sequence G(0..=N) is computed (4 bytes per value).
pub const MAX_SEQUENCE: u64 = 200_000_000;

/// The largest N for games with three-heap moves (computed by the plain method, cubic).
pub const MAX_SEQUENCE_THREE_WAY: u64 = 3_000;

/// The largest N for all-but subtraction games (linear per heap).
pub const MAX_SEQUENCE_ALL_BUT: u64 = 200_000;

/// Why a sequence could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    /// N is beyond what the method allows.
    #[error("N = {to} is too large for {game}: at most {max}")]
    TooLarge {
        /// The requested N.
        to: u64,
        /// The game.
        game: String,
        /// The largest N allowed.
        max: u64,
    },
    /// The memory for the values could not be reserved.
    #[error("not enough memory for {count} values")]
    OutOfMemory {
        /// How many values were asked for.
        count: u64,
    },
}

/// The moves of a heap game in the form the sequence methods use.
struct Rules {
    /// j with "remove j, leave nothing".
    none: Vec<usize>,
    /// j ≥ 1 with "remove j, leave one heap".
    one: Vec<usize>,
    /// j with "remove j, leave two heaps".
    two: Vec<usize>,
    /// j with "remove j, leave three heaps".
    three: Vec<usize>,
    /// The two heaps left must differ (Grundy's game).
    unequal: bool,
}

impl Rules {
    fn of(game: &HeapGame) -> Option<Rules> {
        let mut r = Rules {
            none: vec![],
            one: vec![],
            two: vec![],
            three: vec![],
            unequal: false,
        };
        match game {
            HeapGame::Code { digits } => {
                for (j, &d) in digits.iter().enumerate() {
                    if d & 1 != 0 && j > 0 {
                        r.none.push(j);
                    }
                    if d & 2 != 0 && j > 0 {
                        r.one.push(j);
                    }
                    if d & 4 != 0 {
                        r.two.push(j);
                    }
                    if d & 8 != 0 {
                        r.three.push(j);
                    }
                }
            }
            HeapGame::Subtraction { set } => {
                r.none = set.iter().map(|&s| s as usize).collect();
                r.one = r.none.clone();
            }
            HeapGame::Grundys => {
                r.two = vec![0];
                r.unequal = true;
            }
            HeapGame::AllBut { .. } => return None,
        }
        Some(r)
    }
}

fn allocate(to: u64, game: &HeapGame) -> Result<Vec<u32>, SequenceError> {
    let max = if game.has_three_way_splits() {
        MAX_SEQUENCE_THREE_WAY
    } else if matches!(game, HeapGame::AllBut { .. }) {
        MAX_SEQUENCE_ALL_BUT
    } else {
        MAX_SEQUENCE
    };
    if to > max {
        return Err(SequenceError::TooLarge {
            to,
            game: game.to_string(),
            max,
        });
    }
    let mut values = Vec::new();
    values
        .try_reserve_exact(to as usize + 1)
        .map_err(|_| SequenceError::OutOfMemory { count: to + 1 })?;
    Ok(values)
}

/// A growable bit set of values.
#[derive(Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn clear(&mut self, bits: usize) {
        let words = bits.div_ceil(64);
        self.0.clear();
        self.0.resize(words, 0);
    }
    #[inline]
    fn set(&mut self, v: u32) {
        self.0[(v >> 6) as usize] |= 1 << (v & 63);
    }
    /// The least value not in the set (the set must have a free bit).
    fn first_unset(&self) -> u32 {
        for (i, &w) in self.0.iter().enumerate() {
            if w != u64::MAX {
                return (i * 64) as u32 + (!w).trailing_zeros();
            }
        }
        (self.0.len() * 64) as u32
    }
}

/// The bound B (a power of two ≥ 64) with every value below B, and so every XOR of values.
fn value_bound(max_value: u32) -> usize {
    ((max_value as usize) + 1).next_power_of_two().max(64)
}

/// G(0..=to) by the plain mex method: every option of every heap is looked at (quadratic
/// for games that split heaps, cubic with three-heap moves).
///
/// ```
/// use cgtk_nimber::{grundy_sequence_plain, HeapGame};
/// let g = grundy_sequence_plain(&HeapGame::kayles(), 10).unwrap();
/// assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]);
/// ```
pub fn grundy_sequence_plain(game: &HeapGame, to: u64) -> Result<Vec<u32>, SequenceError> {
    let mut g = allocate(to, game)?;
    let Some(rules) = Rules::of(game) else {
        return all_but(game, to, g, &mut |_| {});
    };
    let mut seen = Bits::default();
    let mut max_value = 0u32;
    for n in 0..=to as usize {
        // Values of three heaps are below the bound too; G(n) is at most the bound.
        seen.clear(2 * value_bound(max_value));
        for &j in &rules.none {
            if n == j {
                seen.set(0);
            }
        }
        for &j in &rules.one {
            if n > j {
                seen.set(g[n - j]);
            }
        }
        for &j in &rules.two {
            if n >= j + 2 {
                let m = n - j;
                for a in 1..=m / 2 {
                    if !(rules.unequal && 2 * a == m) {
                        seen.set(g[a] ^ g[m - a]);
                    }
                }
            }
        }
        for &j in &rules.three {
            if n >= j + 3 {
                let m = n - j;
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        seen.set(g[a] ^ g[b] ^ g[m - a - b]);
                    }
                }
            }
        }
        let value = seen.first_unset();
        max_value = max_value.max(value);
        g.push(value);
    }
    Ok(g)
}

/// G(0..=to) by the fastest method available for the game: the common/rare method for
/// games whose moves leave at most two heaps (see the module notes), the plain method for
/// games with three-heap moves, and a counting method for all-but subtraction games.
///
/// ```
/// use cgtk_nimber::{grundy_sequence, HeapGame};
/// let g = grundy_sequence(&HeapGame::Grundys, 12).unwrap();
/// assert_eq!(g, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]);
/// ```
pub fn grundy_sequence(game: &HeapGame, to: u64) -> Result<Vec<u32>, SequenceError> {
    grundy_sequence_with_progress(game, to, &mut |_| {})
}

/// [`grundy_sequence`], calling `progress(n)` now and then with the heaps done so far.
pub fn grundy_sequence_with_progress(
    game: &HeapGame,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<u32>, SequenceError> {
    let g = allocate(to, game)?;
    match Rules::of(game) {
        None => all_but(game, to, g, progress),
        Some(rules) if !rules.three.is_empty() => grundy_sequence_plain(game, to),
        Some(rules) => Ok(common_rare(&rules, to as usize, g, progress)),
    }
}

/// Whether `v` is common under `mask` (odd parity of `v AND mask`).
#[inline]
fn is_common(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() & 1 == 1
}

/// The mask making the fewest values rare, given how often each value occurred.
fn choose_mask(histogram: &[u64], bound: usize) -> u32 {
    let rare_count = |mask: u32| -> u64 {
        histogram
            .iter()
            .enumerate()
            .filter(|&(v, _)| !is_common(v as u32, mask))
            .map(|(_, &c)| c)
            .sum()
    };
    let bits = bound.trailing_zeros();
    let low_bits = bits.min(10);
    let mut best = (0..1u32 << low_bits)
        .min_by_key(|&m| rare_count(m))
        .unwrap_or(0);
    for bit in low_bits..bits {
        let with = best | 1 << bit;
        if rare_count(with) < rare_count(best) {
            best = with;
        }
    }
    best
}

fn common_rare(
    rules: &Rules,
    to: usize,
    mut g: Vec<u32>,
    progress: &mut dyn FnMut(u64),
) -> Vec<u32> {
    let mut seen = Bits::default();
    let mut need = Bits::default();
    let mut histogram: Vec<u64> = vec![0; 64];
    let mut bound = 64usize;
    let mut mask = 0u32;
    let mut common_words: Vec<u64> = Vec::new();
    let mut rare: Vec<u32> = Vec::new();
    let mut next_review = 64usize;
    // For each residue of n mod 3 and each value, the smaller heap of the pair that last
    // produced the value in the scan below: Grundy sequences are often locally periodic
    // with a small period, so the pair (a, b + 3) tends to repeat what (a, b) gave.
    let mut hints: [Vec<usize>; 3] = [vec![1; 2 * 64], vec![1; 2 * 64], vec![1; 2 * 64]];
    let rebuild_common = |mask: u32, bound: usize, words: &mut Vec<u64>| {
        words.clear();
        words.resize((2 * bound).div_ceil(64), 0);
        for v in 0..2 * bound {
            if is_common(v as u32, mask) {
                words[v / 64] |= 1 << (v % 64);
            }
        }
    };
    rebuild_common(mask, bound, &mut common_words);
    for n in 0..=to {
        if n == next_review {
            next_review *= 2;
            let chosen = choose_mask(&histogram, bound);
            if chosen != mask {
                mask = chosen;
                rebuild_common(mask, bound, &mut common_words);
                rare = (0..n as u32)
                    .filter(|&i| !is_common(g[i as usize], mask))
                    .collect();
            }
        }
        if n & 0x3fff == 0 {
            progress(n as u64);
        }
        seen.clear(2 * bound);
        for &j in &rules.none {
            if n == j {
                seen.set(0);
            }
        }
        for &j in &rules.one {
            if n > j {
                seen.set(g[n - j]);
            }
        }
        let value = if rules.two.is_empty() {
            seen.first_unset()
        } else {
            for &j in &rules.two {
                if n < j + 2 {
                    continue;
                }
                let m = n - j;
                for &a in &rare {
                    let a = a as usize;
                    if a == 0 {
                        continue;
                    }
                    if a >= m {
                        break;
                    }
                    if !(rules.unequal && 2 * a == m) {
                        seen.set(g[a] ^ g[m - a]);
                    }
                }
            }
            // c: the least common value not among the options.
            let mut c = 2 * bound as u32;
            for (i, (&s, &cm)) in seen.0.iter().zip(&common_words).enumerate() {
                let free = cm & !s;
                if free != 0 {
                    c = (i * 64) as u32 + free.trailing_zeros();
                    break;
                }
            }
            // The rare values below c not yet seen.
            need.clear(c as usize);
            let mut needed = 0usize;
            for (i, w) in need.0.iter_mut().enumerate() {
                let mut word = !common_words[i] & !seen.0[i];
                let start = i * 64;
                if start + 64 > c as usize {
                    let keep = c as usize - start;
                    word &= (1u64 << keep) - 1;
                }
                *w = word;
                needed += word.count_ones() as usize;
            }
            if needed > 0 {
                let hint = &mut hints[n % 3];
                for wi in 0..need.0.len() {
                    let mut word = need.0[wi];
                    while word != 0 {
                        let r = wi * 64 + word.trailing_zeros() as usize;
                        word &= word - 1;
                        let h = hint[r];
                        'tries: for a in [h, h + 3, h.saturating_sub(3)] {
                            for &j in &rules.two {
                                let m = n.saturating_sub(j);
                                if a == 0 || 2 * a > m || (rules.unequal && 2 * a == m) {
                                    continue;
                                }
                                if (g[a] ^ g[m - a]) as usize == r {
                                    need.0[wi] &= !(1u64 << (r % 64));
                                    needed -= 1;
                                    hint[r] = a;
                                    break 'tries;
                                }
                            }
                        }
                    }
                }
            }
            if needed > 0 {
                let hint = &mut hints[n % 3];
                // Over every way of leaving two heaps at once, from both ends of the pairs:
                // some values show up among pairs with a small heap, others (such as 0
                // from two equal heaps) among pairs of nearly equal heaps.
                let longest = rules.two.iter().map(|&j| n.saturating_sub(j) / 2).max();
                'scan: for k in 0..longest.unwrap_or(0) {
                    for &j in &rules.two {
                        let m = n.saturating_sub(j);
                        let half = m / 2;
                        if k >= half {
                            continue;
                        }
                        let a = if k % 2 == 0 { 1 + k / 2 } else { half - k / 2 };
                        if rules.unequal && 2 * a == m {
                            continue;
                        }
                        let x = (g[a] ^ g[m - a]) as usize;
                        if x < c as usize {
                            let bit = 1u64 << (x % 64);
                            let w = &mut need.0[x / 64];
                            if *w & bit != 0 {
                                *w &= !bit;
                                needed -= 1;
                                hint[x] = a;
                                if needed == 0 {
                                    break 'scan;
                                }
                            }
                        }
                    }
                }
            }
            if needed > 0 {
                need.0
                    .iter()
                    .enumerate()
                    .find(|(_, &w)| w != 0)
                    .map(|(i, &w)| (i * 64) as u32 + w.trailing_zeros())
                    .unwrap_or(c)
            } else {
                c
            }
        };
        g.push(value);
        if value as usize >= bound {
            bound = value_bound(value);
            histogram.resize(bound, 0);
            for hint in &mut hints {
                hint.resize(2 * bound, 1);
            }
            rebuild_common(mask, bound, &mut common_words);
        }
        histogram[value as usize] += 1;
        if !is_common(value, mask) {
            rare.push(n as u32);
        }
    }
    progress(to as u64 + 1);
    g
}

/// All-but subtraction games: the options of n are every G(m), m < n, except the heaps
/// n − s for s in the forbidden set. With counts of each value among G(0..n), the mex is
/// the least value of count zero once the few forbidden heaps are taken out.
fn all_but(
    game: &HeapGame,
    to: u64,
    mut g: Vec<u32>,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<u32>, SequenceError> {
    let HeapGame::AllBut { set } = game else {
        return grundy_sequence_plain(game, to);
    };
    let set: Vec<usize> = set.iter().map(|&s| s as usize).collect();
    let mut count: Vec<u64> = vec![0; 64];
    let mut prefix_mex = 0usize;
    for n in 0..=to as usize {
        if n & 0x3fff == 0 {
            progress(n as u64);
        }
        let excluded: Vec<usize> = set
            .iter()
            .take_while(|&&s| s <= n)
            .map(|&s| g[n - s] as usize)
            .collect();
        for &v in &excluded {
            count[v] -= 1;
        }
        let mut value = prefix_mex;
        for &v in &excluded {
            if count[v] == 0 && v < value {
                value = v;
            }
        }
        for &v in &excluded {
            count[v] += 1;
        }
        g.push(value as u32);
        if value + 1 >= count.len() {
            count.resize(2 * (value + 1), 0);
        }
        count[value] += 1;
        while count[prefix_mex] > 0 {
            prefix_mex += 1;
            if prefix_mex >= count.len() {
                count.resize(2 * prefix_mex, 0);
            }
        }
    }
    progress(to + 1);
    Ok(g)
}
