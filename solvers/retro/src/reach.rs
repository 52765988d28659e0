use crate::engine::{Counts, Solution};
use cgtk_core::PerfectIndex;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU16, Ordering};

/// The largest symmetry group [`reachable`] handles (one bit per symmetry).
pub const MAX_SYMMETRIES: u32 = 16;
/// Indices per parallel task of a sweep.
const SWEEP_BLOCK: usize = 1 << 12;
/// Classes whose children are listed before their cells are read.
const BATCH: usize = 16;

/// The positions reachable from a start position by legal moves (the start included),
/// counted per index: with a symmetry-reduced index, an index stands for several
/// positions of which only some may be reachable.
#[derive(Clone, Debug)]
pub struct Reachable {
    members: Vec<u8>,
    count: u64,
}

impl Reachable {
    /// True when a position with `index` is reachable.
    pub fn contains(&self, index: u64) -> bool {
        self.members(index) > 0
    }

    /// How many reachable positions have `index` (at most 1 without symmetry reduction).
    pub fn members(&self, index: u64) -> u32 {
        usize::try_from(index)
            .ok()
            .and_then(|i| self.members.get(i))
            .map_or(0, |&m| m as u32)
    }

    /// The number of reachable positions.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The indices with a reachable position, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        self.members
            .iter()
            .enumerate()
            .filter(|(_, &m)| m > 0)
            .map(|(i, _)| i as u64)
    }

    /// Wins, losses and draws over the reachable positions (each position counted, not
    /// each index).
    pub fn counts(&self, solution: &Solution) -> Counts {
        self.members
            .par_iter()
            .enumerate()
            .filter(|(_, &m)| m > 0)
            .fold(Counts::default, |mut c, (i, &m)| {
                if let Some(v) = solution.verdict(i as u64) {
                    c.add_many(v, m as u64);
                }
                c
            })
            .reduce(Counts::default, Counts::merge)
    }
}

/// Every position reachable from `start`, found by sweeping the index in parallel blocks
/// until nothing new turns up.
///
/// With a symmetry-reduced index, each index keeps one bit per symmetry `g`: set when
/// `position_at(index).transformed(g)` is reachable. Expanding a class generates its
/// representative's moves once and carries its new bits to each child through the
/// symmetry relating the child to its own representative. Classes all of whose images are
/// reached are expanded first, the others only when no such class is waiting: a class is
/// then rarely expanded again for images found later. Memory: four bytes per index while
/// searching, one in the result.
///
/// ```
/// use cgtk_games::mu_torere::MuTorere;
/// let reach = cgtk_retro::reachable(&MuTorere::start(Default::default()));
/// assert_eq!(reach.count(), 1180);
/// ```
///
/// # Panics
/// When the game's symmetry group has more than [`MAX_SYMMETRIES`] elements.
pub fn reachable<G>(start: &G) -> Reachable
where
    G: PerfectIndex + PartialEq + Sync,
    G::Move: Send,
{
    let order = start.symmetry_count();
    assert!(
        (1..=MAX_SYMMETRIES).contains(&order),
        "at most {MAX_SYMMETRIES} symmetries are supported, not {order}"
    );
    let search = Search::new(start);
    let (first, g) = start.index_with_symmetry();
    search.add(first, 1 << g);
    search.promote(Sweep::Complete);
    // Complete classes while there are any, then one sweep of every class; done when that
    // finds nothing to expand.
    while search.sweep(Sweep::Complete) > 0 || search.sweep(Sweep::Any) > 0 {}
    let members: Vec<u8> = search
        .reached
        .into_par_iter()
        .enumerate()
        .map(|(i, bits)| distinct_members(start, i as u64, bits.into_inner()))
        .collect();
    let count = members.par_iter().map(|&m| m as u64).sum();
    Reachable { members, count }
}

/// Which classes a sweep expands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sweep {
    /// Those with new bits and every bit set: they gain nothing more.
    Complete,
    /// Every one with new bits.
    Any,
}

/// Per block of indices, a flag for the coming sweep and one set during the current sweep.
struct Marks {
    now: Vec<AtomicBool>,
    next: Vec<AtomicBool>,
}

impl Marks {
    fn new(blocks: usize) -> Marks {
        let flags = || (0..blocks).map(|_| AtomicBool::new(false)).collect();
        Marks {
            now: flags(),
            next: flags(),
        }
    }

    /// The flags set during the sweep become the coming sweep's, added to the current
    /// ones when `keep` (else replacing them); the sweep's flags are cleared.
    fn promote(&self, keep: bool) {
        self.now.par_iter().zip(&self.next).for_each(|(now, next)| {
            let set = next.swap(false, Ordering::Relaxed);
            if set || !keep {
                now.store(set, Ordering::Relaxed);
            }
        });
    }
}

/// The state of a reachability search.
struct Search<'a, G> {
    game: &'a G,
    carry: Carry,
    /// Per index: the symmetries of its representative found reachable.
    reached: Vec<AtomicU16>,
    /// Per index: the bits already carried to its children.
    expanded: Vec<AtomicU16>,
    /// All symmetries: a class whose bits are all set gains nothing more.
    all: u16,
    /// Blocks that may hold classes with bits not carried yet.
    pending: Marks,
    /// Blocks that may hold such classes with every bit set.
    complete: Marks,
}

impl<'a, G: PerfectIndex + Sync> Search<'a, G> {
    fn new(game: &'a G) -> Self {
        let n = game.index_size() as usize;
        let blocks = n.div_ceil(SWEEP_BLOCK);
        Search {
            game,
            carry: Carry::new(game),
            reached: (0..n).map(|_| AtomicU16::new(0)).collect(),
            expanded: (0..n).map(|_| AtomicU16::new(0)).collect(),
            all: (u32::MAX >> (32 - game.symmetry_count())) as u16,
            pending: Marks::new(blocks),
            complete: Marks::new(blocks),
        }
    }

    /// Adds `bits` to index `j`, marking its block for the coming sweeps if they are new.
    fn add(&self, j: u64, bits: u16) {
        let old = self.reached[j as usize].fetch_or(bits, Ordering::Relaxed);
        if old | bits != old {
            let block = j as usize / SWEEP_BLOCK;
            if old | bits == self.all {
                self.complete.next[block].store(true, Ordering::Relaxed);
            }
            self.pending.next[block].store(true, Ordering::Relaxed);
        }
    }

    /// After a sweep of `kind`: a sweep of every class leaves new bits only where they
    /// were added during it; a sweep of complete classes leaves the others pending.
    fn promote(&self, kind: Sweep) {
        self.complete.promote(false);
        self.pending.promote(kind == Sweep::Complete);
    }

    /// Expands the classes of `kind` in the marked blocks and returns how many.
    fn sweep(&self, kind: Sweep) -> u64 {
        let marks = match kind {
            Sweep::Complete => &self.complete.now,
            Sweep::Any => &self.pending.now,
        };
        let expansions = (0..marks.len())
            .into_par_iter()
            .filter(|&b| marks[b].load(Ordering::Relaxed))
            .map_init(Work::default, |work, b| {
                let end = ((b + 1) * SWEEP_BLOCK).min(self.reached.len());
                let mut count = 0usize;
                for i in b * SWEEP_BLOCK..end {
                    let bits = self.reached[i].load(Ordering::Relaxed);
                    let done = self.expanded[i].load(Ordering::Relaxed);
                    if bits != done && (kind == Sweep::Any || bits == self.all) {
                        self.expand(i as u64, bits, bits & !done, work);
                        count += 1;
                        if count % BATCH == 0 {
                            self.settle(work);
                        }
                    }
                }
                self.settle(work);
                count as u64
            })
            .sum();
        self.promote(kind);
        expansions
    }

    /// Lists the classes of the children of class `i` (whose bits are now `bits`) with the
    /// bits `new` carried to them, for [`settle`](Search::settle). Only the sweep's task
    /// for the block holding `i` expands it; bits other tasks add meanwhile wait for a
    /// coming sweep.
    fn expand(&self, i: u64, bits: u16, new: u16, work: &mut Work<G::Move>) {
        self.expanded[i as usize].store(bits, Ordering::Relaxed);
        let Some(rep) = self.game.position_at(i) else {
            return;
        };
        rep.legal_moves(&mut work.moves);
        for &mv in &work.moves {
            let mut child = rep.clone();
            child.make(mv);
            // child = representative(j) transformed by h, so the image of the child under
            // g is representative(j) transformed by g∘h.
            let (j, h) = child.index_with_symmetry();
            work.children.push((j, self.carry.apply(h, new), 0));
        }
    }

    /// Adds the listed bits to the children's classes. All the cells are read before any
    /// is written: the reads then wait for memory together (an atomic write would wait
    /// for each in turn).
    fn settle(&self, work: &mut Work<G::Move>) {
        for child in work.children.iter_mut() {
            // An index beyond the end (a game's bug) counts as seen with every bit.
            child.2 = self
                .reached
                .get(child.0 as usize)
                .map_or(u16::MAX, |c| c.load(Ordering::Relaxed));
        }
        for &(j, carried, seen) in &work.children {
            if seen & carried != carried {
                self.add(j, carried);
            }
        }
        work.children.clear();
    }
}

/// Buffers of one sweep task.
struct Work<M> {
    moves: Vec<M>,
    /// Index, bits to add, bits seen there.
    children: Vec<(u64, u16, u16)>,
}

impl<M> Default for Work<M> {
    fn default() -> Self {
        Work {
            moves: Vec::new(),
            children: Vec::new(),
        }
    }
}

/// For each symmetry `h`, the map of symmetry sets `{g}` to `{g∘h}`, by bytes.
struct Carry {
    bytes: Vec<[[u16; 256]; 2]>,
}

impl Carry {
    fn new<G: PerfectIndex>(game: &G) -> Carry {
        let order = game.symmetry_count();
        let bytes = (0..order)
            .map(|h| {
                let mut t = [[0u16; 256]; 2];
                for (half, table) in t.iter_mut().enumerate() {
                    for (byte, image) in table.iter_mut().enumerate() {
                        for bit in 0..8 {
                            let g = half as u32 * 8 + bit;
                            if byte >> bit & 1 == 1 && g < order {
                                *image |= 1 << game.compose_symmetries(g, h);
                            }
                        }
                    }
                }
                t
            })
            .collect();
        Carry { bytes }
    }

    /// `{g∘h : g in set}`.
    #[inline]
    fn apply(&self, h: u32, set: u16) -> u16 {
        let t = &self.bytes[h as usize];
        t[0][(set & 0xFF) as usize] | t[1][(set >> 8) as usize]
    }
}

/// The number of distinct positions among the transformations `bits` of class `i`'s
/// representative.
fn distinct_members<G: PerfectIndex + PartialEq>(game: &G, i: u64, bits: u16) -> u8 {
    if bits.count_ones() <= 1 {
        return bits.count_ones() as u8;
    }
    let Some(rep) = game.position_at(i) else {
        return 0;
    };
    if rep.class_size() == game.symmetry_count() as u64 {
        return bits.count_ones() as u8;
    }
    let mut seen: Vec<G> = Vec::new();
    for g in 0..16 {
        if bits >> g & 1 == 1 {
            let image = rep.transformed(g);
            if !seen.contains(&image) {
                seen.push(image);
            }
        }
    }
    seen.len() as u8
}
