use cgtk_core::PerfectIndex;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// The set of positions reachable from a start position by legal moves (the start
/// included), as a bitset over the index.
#[derive(Clone, Debug)]
pub struct Reachable {
    bits: Vec<u64>,
    count: u64,
}

impl Reachable {
    /// True when the position with `index` is reachable.
    pub fn contains(&self, index: u64) -> bool {
        self.bits
            .get((index / 64) as usize)
            .is_some_and(|w| w >> (index % 64) & 1 == 1)
    }

    /// The number of reachable positions.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The reachable indices in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        self.bits.iter().enumerate().flat_map(|(w, &bits)| {
            let mut b = bits;
            std::iter::from_fn(move || {
                (b != 0).then(|| {
                    let i = b.trailing_zeros() as u64;
                    b &= b - 1;
                    w as u64 * 64 + i
                })
            })
        })
    }
}

/// Every position reachable from `start`, found breadth first with the frontier
/// processed in parallel.
///
/// ```
/// use cgtk_games::mu_torere::MuTorere;
/// let reach = cgtk_retro::reachable(&MuTorere::start(Default::default()));
/// assert!(reach.count() > 1);
/// ```
pub fn reachable<G>(start: &G) -> Reachable
where
    G: PerfectIndex + Clone + Sync,
    G::Move: Send,
{
    let n = start.index_size();
    let bits: Vec<AtomicU64> = (0..n.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
    let mark = |i: u64| {
        let bit = 1u64 << (i % 64);
        bits[(i / 64) as usize].fetch_or(bit, Ordering::Relaxed) & bit == 0
    };
    let first = start.index();
    mark(first);
    let mut count = 1u64;
    let mut frontier = vec![first];
    while !frontier.is_empty() {
        let next: Vec<u64> = frontier
            .par_iter()
            .fold(
                || (Vec::new(), Vec::new()),
                |(mut found, mut moves), &i| {
                    if let Some(mut pos) = start.position_at(i) {
                        pos.legal_moves(&mut moves);
                        for &mv in &moves {
                            let undo = pos.make(mv);
                            let j = pos.index();
                            pos.unmake(mv, undo);
                            if mark(j) {
                                found.push(j);
                            }
                        }
                    }
                    (found, moves)
                },
            )
            .map(|(found, _)| found)
            .reduce(Vec::new, |mut a, b| {
                a.extend_from_slice(&b);
                a
            });
        count += next.len() as u64;
        frontier = next;
    }
    Reachable {
        bits: bits.into_iter().map(AtomicU64::into_inner).collect(),
        count,
    }
}
