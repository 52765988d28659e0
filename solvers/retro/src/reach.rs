use crate::engine::{Counts, Solution};
use cgtk_core::PerfectIndex;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU16, Ordering};

/// The largest symmetry group [`reachable`] handles (one bit per symmetry).
pub const MAX_SYMMETRIES: u32 = 16;
/// Indices per parallel task of a sweep.
const SWEEP_BLOCK: usize = 1 << 12;

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

/// Every position reachable from `start`, found breadth first with the frontier
/// processed in parallel.
///
/// With a symmetry-reduced index, each index keeps one bit per symmetry `g`: set when
/// `position_at(index).transformed(g)` is reachable. A class is expanded once per round
/// in which it gained bits: its representative's moves are generated once, and the bits
/// carried to each child through the symmetry relating the child to its own
/// representative. Memory: four bytes per index while searching, one in the result.
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
    let n = start.index_size() as usize;
    let reached: Vec<AtomicU16> = (0..n).map(|_| AtomicU16::new(0)).collect();
    let expanded: Vec<AtomicU16> = (0..n).map(|_| AtomicU16::new(0)).collect();
    let carry = Carry::new(start);
    let (first, g) = start.index_with_symmetry();
    reached[first as usize].store(1 << g, Ordering::Relaxed);
    // Sweeps over the index in parallel blocks until one expands nothing. Bits found
    // ahead of the sweep are expanded in the same sweep.
    loop {
        let expansions: u64 = (0..n.div_ceil(SWEEP_BLOCK))
            .into_par_iter()
            .map_init(Vec::new, |moves, block| {
                let end = ((block + 1) * SWEEP_BLOCK).min(n);
                (block * SWEEP_BLOCK..end)
                    .filter(|&i| expand(start, i as u64, &carry, &reached, &expanded, moves))
                    .count() as u64
            })
            .sum();
        if expansions == 0 {
            break;
        }
    }
    let members: Vec<u8> = reached
        .into_par_iter()
        .enumerate()
        .map(|(i, bits)| distinct_members(start, i as u64, bits.into_inner()))
        .collect();
    let count = members.par_iter().map(|&m| m as u64).sum();
    Reachable { members, count }
}

/// Carries the bits of class `i` not expanded yet to the classes of its children; false
/// when there were none.
fn expand<G: PerfectIndex>(
    game: &G,
    i: u64,
    carry: &Carry,
    reached: &[AtomicU16],
    expanded: &[AtomicU16],
    moves: &mut Vec<G::Move>,
) -> bool {
    // Only the sweep's block holding `i` expands it; bits other threads add meanwhile
    // stay unexpanded until the next sweep.
    let bits = reached[i as usize].load(Ordering::Relaxed);
    let new = bits & !expanded[i as usize].load(Ordering::Relaxed);
    if new == 0 {
        return false;
    }
    expanded[i as usize].store(bits, Ordering::Relaxed);
    let Some(rep) = game.position_at(i) else {
        return true;
    };
    rep.legal_moves(moves);
    for &mv in moves.iter() {
        let mut child = rep.clone();
        child.make(mv);
        // child = representative(j) transformed by h, so the image of the child under
        // g is representative(j) transformed by g∘h.
        let (j, h) = child.index_with_symmetry();
        let carried = carry.apply(h, new);
        if let Some(cell) = reached.get(j as usize) {
            // A plain load first: the bits are often there already.
            if cell.load(Ordering::Relaxed) & carried != carried {
                cell.fetch_or(carried, Ordering::Relaxed);
            }
        }
    }
    true
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
