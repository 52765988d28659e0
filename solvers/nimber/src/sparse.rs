//! The common/rare ("sparse space") method for games whose moves leave at most two heaps.
//!
//! The options of a heap of n are single values G(n − j) and pair values G(a) XOR G(b) with
//! a + b = n − j. Split the values into *common* and *rare* ones by the parity of
//! `v AND mask` (odd: common). The XOR of two values is common exactly when one is rare and
//! one is common, so every common value among the options comes from a pair holding a heap
//! of rare value. Enumerating the pairs of the few rare heaps marks every common option, and
//! so gives c, the least common value that is not an option. G(n) is c unless some rare
//! value below c is not an option either: the rare values below c not yet marked are
//! *wanted*, and the pairs are scanned until each wanted value has turned up (usually after
//! a small part of the pairs). The first wanted value never found is G(n).
//!
//! The method is exact for every mask: a mask that makes rare values rare only makes it
//! fast. The mask is chosen from the histogram of the values computed so far, each time N
//! doubles; while more than a quarter of the heaps have rare values, the plain mex method
//! (every pair) is used instead, as it is then as fast.
//!
//! The cost per heap is the number of rare heaps plus the pairs scanned. Both are kept
//! cache-friendly: heaps are taken in batches of `BATCH` (16), and for each rare heap a the
//! pairs (a, n − j − a) of the whole batch are marked in one sweep over consecutive heaps;
//! the scan reads blocks of consecutive pairs, spread over the range first (blocks far
//! apart repeat each other's values less than neighbouring blocks do). An option set is a
//! row of flags, one byte per value, so marking an option is a single store.

use crate::sequence::Rules;

/// Whether `v` is common under `mask` (odd parity of `v AND mask`).
#[inline]
fn is_common(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() & 1 == 1
}

/// The bound B (a power of two ≥ 64) with every value below B, and so every XOR of values.
pub(crate) fn value_bound(max_value: u32) -> usize {
    ((max_value as usize) + 1).next_power_of_two().max(64)
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

/// Heaps whose pairs with old rare heaps are marked together (see [`Sparse::start_batch`]).
const BATCH: usize = 16;

/// Pairs marked per block when scanning for the wanted values.
const BLOCK: usize = 64;

/// Spread-out blocks scanned before the scan goes through all of them in order.
const SCATTERED: usize = 64;

/// For one way of leaving two heaps (remove j, split the rest): the rare heaps, as ranges
/// of indices into the rare-heap list, whose pairs the batch phase marked for every heap of
/// the batch.
#[derive(Clone, Copy, Default)]
struct BatchCover {
    ranges: [(usize, usize); 2],
}

/// The state of the method between heaps.
struct Sparse<'r> {
    rules: &'r Rules,
    mask: u32,
    /// A power of two above every value so far.
    bound: usize,
    /// How often each value occurred.
    histogram: Vec<u64>,
    /// The common values below 2·bound, ascending.
    common: Vec<u32>,
    /// The rare values below 2·bound, ascending.
    rare: Vec<u32>,
    /// The heaps n ≥ 1 of rare value, ascending, and their values.
    rare_heaps: Vec<u32>,
    rare_heap_values: Vec<u32>,
    /// The options of the heaps of the current batch: `rows[i * width + v]` is 1 when v is
    /// an option of the batch's heap i.
    rows: Vec<u8>,
    /// 2·bound, the values a row covers (every XOR of two values is below `bound`).
    width: usize,
    /// What the batch phase covered, for each j of `rules.two`.
    cover: Vec<BatchCover>,
    /// Whether the current batch is computed by the plain method: when more than a
    /// quarter of the heaps have rare values, looking at every pair costs less.
    plain: bool,
    /// The rare values below c not yet found among the options of the current heap,
    /// ascending.
    wanted: Vec<u32>,
    /// For each way of leaving two heaps from the current heap: m, and the largest smaller
    /// heap `last` of a pair (a, m − a).
    ranges: Vec<(usize, usize)>,
}

impl<'r> Sparse<'r> {
    fn new(rules: &'r Rules) -> Sparse<'r> {
        let mut s = Sparse {
            rules,
            mask: 0,
            bound: 64,
            histogram: vec![0; 64],
            common: vec![],
            rare: vec![],
            rare_heaps: vec![],
            rare_heap_values: vec![],
            rows: vec![],
            width: 0,
            cover: vec![BatchCover::default(); rules.two.len()],
            plain: true,
            wanted: vec![],
            ranges: vec![],
        };
        s.split_values();
        s
    }

    /// Rebuilds the lists of common and rare values (after the mask or bound changed) and
    /// widens the rows, keeping their marks.
    fn split_values(&mut self) {
        let width = 2 * self.bound;
        let mask = self.mask;
        self.common = (0..width as u32).filter(|&v| is_common(v, mask)).collect();
        self.rare = (0..width as u32).filter(|&v| !is_common(v, mask)).collect();
        self.histogram.resize(self.bound, 0);
        if width != self.width {
            let mut rows = vec![0u8; BATCH * width];
            if self.width > 0 {
                for (new, old) in rows.chunks_mut(width).zip(self.rows.chunks(self.width)) {
                    new[..old.len()].copy_from_slice(old);
                }
            }
            self.rows = rows;
            self.width = width;
        }
    }

    /// Chooses the mask again from the values so far; rebuilds the lists if it changed.
    fn review_mask(&mut self, g: &[u32]) {
        let chosen = choose_mask(&self.histogram, self.bound);
        if chosen == self.mask {
            return;
        }
        self.mask = chosen;
        self.split_values();
        self.rare_heaps.clear();
        self.rare_heap_values.clear();
        if self.rules.two.is_empty() {
            return;
        }
        for (n, &v) in g.iter().enumerate().skip(1) {
            if !is_common(v, chosen) {
                self.rare_heaps.push(n as u32);
                self.rare_heap_values.push(v);
            }
        }
    }

    /// Records G(n) = `value`.
    fn record(&mut self, n: usize, value: u32) {
        if value as usize >= self.bound {
            self.bound = value_bound(value);
            self.split_values();
        }
        self.histogram[value as usize] += 1;
        // Only pair moves use the rare heaps: a subtraction game kept about half its heaps
        // in these lists, 8 bytes each, beside the values (1.45 GB for 2·10^8 heaps).
        if n > 0 && !self.rules.two.is_empty() && !is_common(value, self.mask) {
            self.rare_heaps.push(n as u32);
            self.rare_heap_values.push(value);
        }
    }

    /// The rare heaps a whose pairs (a, m − a), m = n − j, the batch phase marks for every
    /// heap n of the batch of `count` heaps from n0: BATCH ≤ a < n0 − j, so that the other
    /// heap is older than the batch, and (Grundy's game) a is half of no such m.
    fn batch_cover(&self, n0: usize, count: usize, j: usize) -> BatchCover {
        let index = |a: usize| self.rare_heaps.partition_point(|&h| (h as usize) < a);
        if n0 < j + 2 + BATCH {
            return BatchCover::default();
        }
        let m0 = n0 - j;
        let (from, to) = (index(BATCH), index(m0));
        let ranges = if self.rules.unequal {
            let (half_from, half_to) = (index(m0.div_ceil(2)), index((m0 + count - 1) / 2 + 1));
            [
                (from, half_from.clamp(from, to)),
                (half_to.clamp(from, to), to),
            ]
        } else {
            [(from, to), (to, to)]
        };
        BatchCover { ranges }
    }

    /// Starts a batch of `count` heaps n0, n0 + 1, …: clears their rows and marks the
    /// values of their pairs with the rare heaps found before the batch (all but the few
    /// left to [`Sparse::value`]). For a rare heap a the other heaps of the batch's pairs
    /// are consecutive, so the batch reads them in one sweep instead of one heap at a time.
    fn start_batch(&mut self, g: &[u32], n0: usize, count: usize) {
        self.rows.fill(0);
        self.plain = 4 * self.rare_heaps.len() > n0;
        if self.plain {
            return;
        }
        let width = self.width;
        for (k, &j) in self.rules.two.iter().enumerate() {
            let cover = self.batch_cover(n0, count, j);
            self.cover[k] = cover;
            // A non-empty range implies n0 ≥ j + 2 + BATCH (see `batch_cover`).
            for (from, to) in cover.ranges.into_iter().filter(|(from, to)| from < to) {
                let heaps = &self.rare_heaps[from..to];
                let values = &self.rare_heap_values[from..to];
                mark_batch(g, n0 - j, heaps, values, &mut self.rows, width, count);
            }
        }
    }

    /// G(n) for the heap n = n0 + i of the batch starting at n0, given G(0..n).
    fn value(&mut self, g: &[u32], n0: usize, i: usize) -> u32 {
        let n = n0 + i;
        let rules = self.rules;
        let width = self.width;
        let mut rows = std::mem::take(&mut self.rows);
        let options = &mut rows[i * width..(i + 1) * width];
        for &j in &rules.none {
            if n == j {
                options[0] = 1;
            }
        }
        for &j in &rules.one {
            if n > j {
                options[g[n - j] as usize] = 1;
            }
        }
        let value = if rules.two.is_empty() || self.plain {
            for &(m, last) in self.pair_ranges(n) {
                mark_pairs(g, m, 1, last + 1, options);
            }
            (0u32..).find(|&v| options[v as usize] == 0).unwrap_or(0)
        } else {
            for (k, &j) in rules.two.iter().enumerate() {
                if n >= j + 2 {
                    self.mark_other_rare_pairs(g, n - j, self.cover[k], options);
                }
            }
            let c = self
                .common
                .iter()
                .copied()
                .find(|&v| options[v as usize] == 0)
                .unwrap_or(width as u32);
            self.wanted.clear();
            let rare_below_c = self.rare.iter().copied().take_while(|&r| r < c);
            self.wanted
                .extend(rare_below_c.filter(|&r| options[r as usize] == 0));
            if !self.wanted.is_empty() {
                self.scan_pairs(g, n, options);
            }
            self.wanted.first().copied().unwrap_or(c)
        };
        self.rows = rows;
        value
    }

    /// Marks the pairs (a, m − a) with a rare heap a < m that the batch phase left out.
    fn mark_other_rare_pairs(&self, g: &[u32], m: usize, cover: BatchCover, options: &mut [u8]) {
        let [first, second] = cover.ranges;
        let end = self.rare_heaps.partition_point(|&a| (a as usize) < m);
        for (from, to) in [(0, first.0), (first.1, second.0), (second.1, end)] {
            for (&a, &v) in self.rare_heaps[from..to]
                .iter()
                .zip(&self.rare_heap_values[from..to])
            {
                let a = a as usize;
                if !(self.rules.unequal && 2 * a == m) {
                    options[(v ^ g[m - a]) as usize] = 1;
                }
            }
        }
    }

    /// For each way of leaving two heaps from the heap n: m = n − j, and the largest smaller
    /// heap `last` of a pair (a, m − a), 1 ≤ a ≤ last.
    fn pair_ranges(&mut self, n: usize) -> &[(usize, usize)] {
        let rules = self.rules;
        self.ranges.clear();
        self.ranges
            .extend(rules.two.iter().filter(|&&j| n >= j + 2).map(|&j| {
                let m = n - j;
                (m, if rules.unequal { (m - 1) / 2 } else { m / 2 })
            }));
        &self.ranges
    }

    /// Whether every wanted value is now an option. The largest wanted value (next to c,
    /// usually the last to turn up) is watched; only when it has turned up is the list
    /// trimmed, so a block costs one look-up rather than one per wanted value.
    fn all_found(&mut self, options: &[u8]) -> bool {
        while let Some(&r) = self.wanted.last() {
            if options[r as usize] == 0 {
                return false;
            }
            self.wanted.retain(|&r| options[r as usize] == 0);
        }
        true
    }

    /// Marks the pairs (a, m − a), m = n − j, block by block, until every wanted value
    /// has been found or every pair seen: first up to [`SCATTERED`] blocks spread over the
    /// range of the smaller heap a (a value is found sooner in blocks far apart than in
    /// neighbouring ones, which tend to repeat each other's values), then every block,
    /// from both ends of the range.
    fn scan_pairs(&mut self, g: &[u32], n: usize, options: &mut [u8]) {
        self.pair_ranges(n);
        let ranges = std::mem::take(&mut self.ranges);
        // The blocks at both ends first (two equal heaps, for instance, give 0), then blocks
        // spread over the range.
        'scattered: for t in 0..SCATTERED {
            for &(m, last) in &ranges {
                let blocks = last / BLOCK;
                if blocks < 2 * SCATTERED {
                    continue;
                }
                let from = match t {
                    0 => 1,
                    1 => last + 1 - BLOCK,
                    _ => 1 + scattered_block(t, blocks) * BLOCK,
                };
                mark_pairs(g, m, from, from + BLOCK, options);
                if self.all_found(options) {
                    break 'scattered;
                }
            }
        }
        // Then every block, from both ends of each range in turn; `cursors` holds m and the
        // smaller heaps low..=high still to be scanned.
        let mut cursors: Vec<(usize, usize, usize)> =
            ranges.iter().map(|&(m, last)| (m, 1, last)).collect();
        while cursors.iter().any(|&(_, low, high)| low <= high) && !self.all_found(options) {
            for (m, low, high) in cursors.iter_mut().filter(|(_, low, high)| low <= high) {
                let to = (*low + BLOCK).min(*high + 1);
                mark_pairs(g, *m, *low, to, options);
                *low = to;
                if *low <= *high {
                    let from = high.saturating_sub(BLOCK - 1).max(*low);
                    mark_pairs(g, *m, from, *high + 1, options);
                    *high = from - 1;
                }
            }
        }
        // Every pair has been seen: what is left unfound is not an option.
        self.wanted.retain(|&r| options[r as usize] == 0);
        self.ranges = ranges;
    }
}

/// The t-th of the spread-out blocks among `blocks` blocks: the fractional part of t·φ
/// scaled to the number of blocks (so the first blocks are spread evenly, and distinct
/// while t is small against `blocks`).
fn scattered_block(t: usize, blocks: usize) -> usize {
    // 2^32 / φ; the fractional part of t/φ equals that of t·φ.
    const INVERSE_PHI: u64 = 0x9E37_79B9;
    let fraction = (t as u64).wrapping_mul(INVERSE_PHI) & 0xFFFF_FFFF;
    ((fraction * blocks as u64) >> 32) as usize
}

/// Marks, for each rare heap a (of value v) and each heap n0 + i of the batch, the value
/// v XOR G(m0 + i − a) of the pair (a, m0 + i − a), m0 = n0 − j, in row i.
#[inline(never)]
fn mark_batch(
    g: &[u32],
    m0: usize,
    heaps: &[u32],
    values: &[u32],
    rows: &mut [u8],
    width: usize,
    count: usize,
) {
    for (&a, &v) in heaps.iter().zip(values) {
        let start = m0 - a as usize;
        let mut row = 0;
        for &y in &g[start..start + count] {
            rows[row + (v ^ y) as usize] = 1;
            row += width;
        }
    }
}

/// Marks the values of the pairs (a, m − a), from ≤ a < to, as options. (Kept out of line
/// like [`mark_batch`]: the innermost loops get their registers to themselves.)
#[inline(never)]
fn mark_pairs(g: &[u32], m: usize, from: usize, to: usize, options: &mut [u8]) {
    let small = &g[from..to];
    let large = &g[m + 1 - to..m + 1 - from];
    for (&x, &y) in small.iter().zip(large.iter().rev()) {
        options[(x ^ y) as usize] = 1;
    }
}

/// G(0..=to) by the common/rare method (see the module notes), appended to `g`.
pub(crate) fn common_rare(
    rules: &Rules,
    to: usize,
    mut g: Vec<u32>,
    progress: &mut dyn FnMut(u64),
) -> Vec<u32> {
    let mut state = Sparse::new(rules);
    for n0 in (0..=to).step_by(BATCH) {
        // Batches start at multiples of BATCH, so they meet every power of two from 64.
        if n0 >= 64 && n0.is_power_of_two() {
            state.review_mask(&g);
        }
        if n0 % 0x4000 == 0 {
            progress(n0 as u64);
        }
        let count = BATCH.min(to + 1 - n0);
        state.start_batch(&g, n0, count);
        for i in 0..count {
            let value = state.value(&g, n0, i);
            g.push(value);
            state.record(n0 + i, value);
        }
    }
    progress(to as u64 + 1);
    g
}
