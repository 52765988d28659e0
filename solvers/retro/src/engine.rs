use crate::entry::{decode_entry, Verdict, MAX_DISTANCE};
use cgtk_core::{Outcome, PerfectIndex, Predecessors, Value};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU16, Ordering};

/// Why retrograde analysis could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The index space is larger than this engine handles.
    #[error("index size {0} is too large: at most 4294967295 positions are supported")]
    TooLarge(u64),
    /// A position has more moves than an entry can count.
    #[error("position {index} has {moves} moves: at most 16383 are supported")]
    TooManyMoves {
        /// The position's index.
        index: u64,
        /// Its number of legal moves.
        moves: usize,
    },
    /// A distance does not fit in an entry.
    #[error("a forced result takes more than 16383 plies")]
    DistanceOverflow,
    /// The game's un-moves disagree with its moves (a bug in the game's rules code).
    #[error("the game's predecessors disagree with its moves at position {0}")]
    InconsistentPredecessors(u64),
}

/// How far the analysis has come, for progress bars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Counting every position's moves: `done` of `total` indices scanned.
    Counting {
        /// Indices scanned.
        done: u64,
        /// The index size.
        total: u64,
    },
    /// Propagating results backwards, one distance at a time.
    Propagating {
        /// The distance just finished.
        distance: u32,
        /// Positions decided so far (wins and losses).
        decided: u64,
        /// Legal positions.
        legal: u64,
    },
}

/// A solved game: one 16-bit entry per index (see [`encode_entry`](crate::encode_entry)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    entries: Vec<u16>,
}

/// Win, loss and draw counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions won by the side to move.
    pub wins: u64,
    /// Positions lost by the side to move.
    pub losses: u64,
    /// Positions neither side can force.
    pub draws: u64,
}

impl Counts {
    /// Adds one verdict to the counts.
    pub fn add(&mut self, verdict: Verdict) {
        self.add_many(verdict, 1);
    }

    /// Adds `n` positions with the same verdict to the counts.
    pub fn add_many(&mut self, verdict: Verdict, n: u64) {
        match verdict.value {
            Value::Win => self.wins += n,
            Value::Loss => self.losses += n,
            Value::Draw => self.draws += n,
        }
    }

    /// The sums of two counts.
    pub fn merge(self, other: Counts) -> Counts {
        Counts {
            wins: self.wins + other.wins,
            losses: self.losses + other.losses,
            draws: self.draws + other.draws,
        }
    }

    /// Wins + losses + draws.
    pub fn total(&self) -> u64 {
        self.wins + self.losses + self.draws
    }
}

impl Solution {
    /// A solution from raw entries (as read from a table), checking every entry.
    pub fn from_entries(entries: Vec<u16>) -> Result<Solution, u16> {
        for &e in &entries {
            decode_entry(e)?;
        }
        Ok(Solution { entries })
    }

    /// The raw 16-bit entries, one per index.
    pub fn entries(&self) -> &[u16] {
        &self.entries
    }

    /// The number of indices.
    pub fn len(&self) -> u64 {
        self.entries.len() as u64
    }

    /// True when the index space is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The verdict of the position with `index`; `None` when it names no legal position
    /// or lies outside the index.
    pub fn verdict(&self, index: u64) -> Option<Verdict> {
        let raw = *self.entries.get(usize::try_from(index).ok()?)?;
        decode_entry(raw).ok().flatten()
    }

    /// Counts of wins, losses and draws over every legal index (for a symmetry-reduced
    /// index, every class; see [`position_counts`](Solution::position_counts)).
    pub fn counts(&self) -> Counts {
        self.entries
            .par_chunks(1 << 16)
            .map(|chunk| {
                let mut c = Counts::default();
                for &e in chunk {
                    if let Ok(Some(v)) = decode_entry(e) {
                        c.add(v);
                    }
                }
                c
            })
            .reduce(Counts::default, Counts::merge)
    }

    /// Counts of wins, losses and draws over every legal position of `game`, which must
    /// be the game solved: with a symmetry-reduced index each class counts as many
    /// positions as it holds.
    pub fn position_counts<G>(&self, game: &G) -> Counts
    where
        G: PerfectIndex + PartialEq + Sync,
    {
        if game.symmetry_count() == 1 {
            return self.counts();
        }
        self.entries
            .par_iter()
            .enumerate()
            .fold(Counts::default, |mut c, (i, &e)| {
                if let Ok(Some(v)) = decode_entry(e) {
                    let size = game.position_at(i as u64).map_or(0, |p| p.class_size());
                    c.add_many(v, size);
                }
                c
            })
            .reduce(Counts::default, Counts::merge)
    }

    /// The longest forced win over every legal position: its index and distance in plies.
    pub fn longest_win(&self) -> Option<(u64, u32)> {
        self.entries
            .par_iter()
            .enumerate()
            .filter_map(|(i, &e)| match decode_entry(e) {
                Ok(Some(Verdict {
                    value: Value::Win,
                    distance: Some(d),
                })) => Some((d, std::cmp::Reverse(i))),
                _ => None,
            })
            .max()
            .map(|(d, std::cmp::Reverse(i))| (i as u64, d))
    }
}

// Entries while solving: `0` illegal, `WIN | d`, `LOSS | d`, and `OPEN | n` for a position
// not yet decided with `n` moves not yet known to lead to a win for the opponent. Open
// positions left at the end are draws (`OPEN | 0` is exactly the draw entry).
const OPEN: u16 = 0xC000;
const WIN: u16 = 0x4000;
const LOSS: u16 = 0x8000;
const TAG: u16 = 0xC000;
const CHUNK: u64 = 1 << 20;

/// Solves every position of `game`'s index by retrograde analysis.
///
/// Counts each position's moves, marks finished positions, then works backwards one
/// distance at a time: the predecessors of a position lost in `d` plies are won in
/// `d + 1` (the first time they are reached, so with the fastest win), and a position all
/// of whose moves lead to wins for the opponent is lost in one more than the last of them
/// to be found (so the loser holds out longest). Positions never decided are draws. Each
/// distance is processed in parallel with rayon; memory is two bytes per index plus the
/// current and next lists of decided positions.
///
/// With a symmetry-reduced index nothing changes: an index is a class, its representative's
/// moves are counted, and the game's [`Predecessors`] list classes as often as the
/// representative has moves into the class.
///
/// ```
/// use cgtk_core::{PerfectIndex, Value};
/// use cgtk_games::mu_torere::MuTorere;
///
/// let start = MuTorere::start(Default::default());
/// let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
/// // Mu Torere is a draw from the start under perfect play.
/// assert_eq!(solution.verdict(start.index()).unwrap().value, Value::Draw);
/// ```
pub fn solve<G>(game: &G, progress: &(dyn Fn(Progress) + Sync)) -> Result<Solution, SolveError>
where
    G: Predecessors + Sync,
{
    let n = game.index_size();
    if n > u32::MAX as u64 {
        return Err(SolveError::TooLarge(n));
    }
    let states = count_moves(game, progress)?;
    let legal = states
        .par_iter()
        .filter(|s| s.load(Ordering::Relaxed) != 0)
        .count() as u64;
    let mut frontier: Vec<u32> = (0..n as u32)
        .into_par_iter()
        .filter(|&i| {
            let s = states[i as usize].load(Ordering::Relaxed);
            s & TAG == WIN || s & TAG == LOSS
        })
        .collect();
    let mut decided = frontier.len() as u64;
    let broken = AtomicBool::new(false);
    let mut distance = 0u32;
    while !frontier.is_empty() {
        if distance + 1 > MAX_DISTANCE {
            return Err(SolveError::DistanceOverflow);
        }
        let next_tag = (distance + 1) as u16;
        let mut next = Vec::new();
        // Losses first: their predecessors become wins, before any counting down at this
        // distance could wrongly call one of them lost.
        for pass_tag in [LOSS, WIN] {
            let step = Step {
                pass_tag,
                next_tag,
                states: &states,
                broken: &broken,
            };
            let found = frontier
                .par_iter()
                .fold(Scratch::default, |mut scratch, &p| {
                    if states[p as usize].load(Ordering::Relaxed) & TAG == pass_tag {
                        step.gather(game, p, &mut scratch);
                        if scratch.gathered == BATCH {
                            step.settle(&mut scratch);
                        }
                    }
                    scratch
                })
                .map(|mut scratch| {
                    step.settle(&mut scratch);
                    scratch.found
                })
                .reduce(Vec::new, |mut a, mut b| {
                    if a.len() < b.len() {
                        std::mem::swap(&mut a, &mut b);
                    }
                    a.extend_from_slice(&b);
                    a
                });
            next.extend_from_slice(&found);
        }
        if broken.load(Ordering::Relaxed) {
            let culprit = frontier.first().copied().unwrap_or(0) as u64;
            return Err(SolveError::InconsistentPredecessors(culprit));
        }
        // In index order, neighbouring positions have neighbouring predecessors: the
        // next distance then touches memory far more locally.
        if next.len() > 1 << 14 {
            next.par_sort_unstable();
        } else {
            next.sort_unstable();
        }
        decided += next.len() as u64;
        progress(Progress::Propagating {
            distance,
            decided,
            legal,
        });
        frontier = next;
        distance += 1;
    }
    let mut entries: Vec<u16> = states.into_iter().map(AtomicU16::into_inner).collect();
    entries.par_iter_mut().for_each(|e| {
        if *e & TAG == OPEN {
            *e = OPEN;
        }
    });
    Ok(Solution { entries })
}

/// Positions whose predecessors are gathered before their states are read.
const BATCH: usize = 32;

/// Buffers of one propagation task.
#[derive(Default)]
struct Scratch {
    /// Positions decided by this task.
    found: Vec<u32>,
    /// The predecessors of one position.
    preds: Vec<u64>,
    /// The predecessors of the positions gathered, and their number.
    batch: Vec<u64>,
    gathered: usize,
    /// The states of `batch` as read before updating any.
    seen: Vec<u16>,
}

/// One pass of one distance: the results of positions tagged `pass_tag` go to their
/// predecessors, decided ones tagged with distance `next_tag`.
struct Step<'a> {
    pass_tag: u16,
    next_tag: u16,
    states: &'a [AtomicU16],
    broken: &'a AtomicBool,
}

impl Step<'_> {
    /// Adds the predecessors of position `p` to the batch.
    fn gather<G: Predecessors>(&self, game: &G, p: u32, scratch: &mut Scratch) {
        let Some(pos) = game.position_at(p as u64) else {
            self.broken.store(true, Ordering::Relaxed);
            return;
        };
        pos.predecessors(&mut scratch.preds);
        scratch.batch.extend_from_slice(&scratch.preds);
        scratch.gathered += 1;
    }

    /// Passes the results of the gathered positions to their predecessors: wins for the
    /// predecessors of a loss, one move less to count for those of a win.
    ///
    /// Every state is read before any is updated: the reads then wait for memory together
    /// (an atomic update would wait for each in turn). A decided state never changes
    /// again, so a read that is already stale only skips what must be skipped.
    fn settle(&self, scratch: &mut Scratch) {
        let states = self.states;
        scratch.seen.clear();
        scratch.seen.extend(scratch.batch.iter().map(|&q| {
            states
                .get(q as usize)
                .map_or(0, |c| c.load(Ordering::Relaxed))
        }));
        for (&q, &seen) in scratch.batch.iter().zip(&scratch.seen) {
            let Some(cell) = states.get(q as usize) else {
                self.broken.store(true, Ordering::Relaxed);
                continue;
            };
            if seen & TAG != OPEN {
                continue;
            }
            let claimed = if self.pass_tag == LOSS {
                claim_win(cell, WIN | self.next_tag)
            } else {
                count_down(cell, LOSS | self.next_tag, self.broken)
            };
            if claimed {
                scratch.found.push(q as u32);
            }
        }
        scratch.batch.clear();
        scratch.gathered = 0;
    }
}

/// Marks an open position as won; false when it was already decided or illegal.
fn claim_win(cell: &AtomicU16, win: u16) -> bool {
    let mut cur = cell.load(Ordering::Relaxed);
    while cur & TAG == OPEN {
        match cell.compare_exchange_weak(cur, win, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return true,
            Err(now) => cur = now,
        }
    }
    false
}

/// One more move of an open position leads to a win for the opponent; true when that was
/// its last move, which makes it lost (stored as `loss`).
fn count_down(cell: &AtomicU16, loss: u16, broken: &AtomicBool) -> bool {
    let mut cur = cell.load(Ordering::Relaxed);
    while cur & TAG == OPEN {
        let left = cur & !TAG;
        if left == 0 {
            broken.store(true, Ordering::Relaxed);
            return false;
        }
        let new = if left == 1 { loss } else { cur - 1 };
        match cell.compare_exchange_weak(cur, new, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return left == 1,
            Err(now) => cur = now,
        }
    }
    false
}

/// The first pass: every index's state before propagation.
fn count_moves<G>(
    game: &G,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<AtomicU16>, SolveError>
where
    G: Predecessors + Sync,
{
    let n = game.index_size();
    let states: Vec<AtomicU16> = (0..n).into_par_iter().map(|_| AtomicU16::new(0)).collect();
    for (k, chunk) in states.chunks(CHUNK as usize).enumerate() {
        let first = k as u64 * CHUNK;
        chunk
            .par_iter()
            .enumerate()
            .try_for_each_init(Vec::new, |moves, (j, cell)| {
                let i = first + j as u64;
                if let Some(pos) = game.position_at(i) {
                    cell.store(initial_state(&pos, i, moves)?, Ordering::Relaxed);
                }
                Ok(())
            })?;
        progress(Progress::Counting {
            done: first + chunk.len() as u64,
            total: n,
        });
    }
    Ok(states)
}

/// The state of legal position `pos` (index `i`) before propagation: open with its number
/// of moves, or decided by the rules.
fn initial_state<G: Predecessors>(
    pos: &G,
    i: u64,
    moves: &mut Vec<G::Move>,
) -> Result<u16, SolveError> {
    let count = pos.move_count(moves);
    if count > (!TAG) as usize {
        return Err(SolveError::TooManyMoves {
            index: i,
            moves: count,
        });
    }
    if count > 0 {
        return Ok(OPEN | count as u16);
    }
    // A game that is over has no legal moves, so the outcome is only needed when there
    // are none.
    Ok(match pos.outcome() {
        Some(Outcome::Win(w)) if w == pos.to_move() => WIN,
        Some(Outcome::Draw) => OPEN,
        // Lost by the rules, or no move at all: the side to move loses.
        _ => LOSS,
    })
}
