//! Depth-first proof-number search (df-pn) with a transposition table.

use crate::objective::{Objective, Status};
use crate::proof::{add, Meter, Progress, ProofConfig, ProofResult, ProveError, INF};
use cgtk_core::{Game, Player};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for position keys: the 64-bit finaliser of SplitMix64, which spreads keys
/// packed from a few bits (as board encodings are) over the whole word, and costs a few
/// cycles where the standard hasher costs tens.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0 ^ u64::from(b));
        }
    }

    fn write_u64(&mut self, k: u64) {
        self.0 = mix(self.0 ^ k);
    }
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;
type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// The deepest path df-pn follows; deeper positions stay unknown (see [`dfpn`]).
pub const DFPN_MAX_DEPTH: usize = 1000;

/// A table entry. A decided entry lists the positions above it whose repetition its
/// (dis)proof relies on; it holds only where all of them are on the current path.
struct Entry {
    pn: u32,
    dn: u32,
    deps: Option<Box<[u64]>>,
}

/// A child during the expansion of its parent.
struct Child<M> {
    mv: M,
    pn: u32,
    dn: u32,
    deps: Vec<u64>,
    /// Decided without search (finished, repeated, or from the table): never searched.
    fixed: bool,
}

/// Depth-first proof-number search (Nagai's df-pn) with a transposition table keyed by
/// `key`, and optionally the 1+ε threshold trick ([`ProofConfig::epsilon`]).
///
/// The same AND/OR tree as [`pns`](crate::pns), explored depth first: a node is searched
/// until its proof number reaches its threshold or its disproof number reaches its own;
/// a child receives thresholds from its siblings (the second-best number, plus one or
/// times 1+ε). Numbers of undecided positions are stored by key and reused wherever the
/// position recurs.
///
/// # Repetitions
/// A position repeated on the current path stands for infinite play
/// ([`Objective::infinite_play_proves`]). A decided entry records the positions above it
/// whose repetition it relies on, and is used only on a path that holds all of them;
/// otherwise the position is searched again. Once the search has met the path, it
/// pauses each time the positions generated double and runs a fixed point over the
/// region explored below the root (the positions of the table reachable from it, their
/// moves generated once and kept until the search ends, so that a pause costs a walk over
/// stored edges plus the new positions): the side that must reach the end of the game for its goal
/// wins on the attractor of its wins, and loses where the other side can keep play away
/// from those wins and from the positions not searched yet for ever. Those results are
/// true on every path and are stored without dependencies, which decides draws by
/// repetition once their region is explored. Hence, in a game with cycles: **proved and
/// disproved are always sound** (the same strategies as in [`pns`](crate::pns)). df-pn
/// may however fail to finish where PNS finishes: the numbers stored for undecided
/// positions are path-blind, so in a cyclic game the search can circle until its budget
/// runs out, and positions deeper than [`DFPN_MAX_DEPTH`] plies are never expanded; it
/// then answers [`Status::Unknown`], never a wrong result. Give it a node or time budget
/// in such games.
///
/// # Memory
/// The table grows by one entry (about [`DfpnTable::ENTRY_BYTES`] bytes) per position
/// searched, and the fixed point's region by one node (key, status, moves) per position
/// generated below the root once cycles are met. [`Budget::memory`](crate::Budget::memory)
/// stops the search when the table passes it; a table made with
/// [`DfpnTable::with_max_entries`] instead evicts entries and goes on (the region is then
/// capped at as many positions as the table).
///
/// ```
/// use cgtk_core::{Player, PositionKey};
/// use cgtk_games::nim::Nim;
/// use cgtk_search::{dfpn, DoesNotLose, ProofConfig, Status};
///
/// // Heaps 2, 3, 4 (nim-sum 5): the player to move wins, so does not lose.
/// let mut nim = Nim::new(&[2, 3, 4]).unwrap();
/// let key = |g: &Nim| g.key();
/// let config = ProofConfig { epsilon: 0.25, ..ProofConfig::default() };
/// let r = dfpn(&mut nim, &DoesNotLose(Player::First), &key, &config, &|_| {}).unwrap();
/// assert_eq!(r.status, Status::Proved);
/// let mv = r.proof_move.unwrap();
/// assert_eq!((mv.heap, mv.take), (2, 3)); // leaves 2, 3, 1: nim-sum 0
/// ```
///
/// # Errors
/// [`ProveError::Epsilon`] for an invalid [`ProofConfig::epsilon`].
pub fn dfpn<G, O>(
    game: &mut G,
    objective: &O,
    key: &dyn Fn(&G) -> u64,
    config: &ProofConfig,
    progress: &dyn Fn(&Progress),
) -> Result<ProofResult<G::Move>, ProveError>
where
    G: Game,
    O: Objective<G>,
{
    let mut table = DfpnTable::new();
    dfpn_with_table(game, objective, key, config, progress, &mut table)
}

/// The transposition table of [`dfpn_with_table`], kept between searches so that
/// positions decided by one search (and the numbers of undecided ones) serve the next.
/// It belongs to one objective and one key function: a search with another goal (by
/// [`Objective::description`]) empties it first.
///
/// ```
/// use cgtk_core::{Player, PositionKey};
/// use cgtk_games::nim::Nim;
/// use cgtk_search::{dfpn_with_table, DfpnTable, ProofConfig, Status, Wins};
///
/// let mut table = DfpnTable::new();
/// let key = |g: &Nim| g.key();
/// let goal = Wins(Player::First);
/// let mut nim = Nim::new(&[3, 5, 6]).unwrap();
/// let first = dfpn_with_table(&mut nim, &goal, &key, &ProofConfig::default(), &|_| {}, &mut table).unwrap();
/// assert_eq!(first.status, Status::Disproved);
/// assert!(table.len() > 0);
/// // The same position again: what the first search decided is in the table, so the
/// // second search takes far fewer nodes.
/// let again = dfpn_with_table(&mut nim, &goal, &key, &ProofConfig::default(), &|_| {}, &mut table).unwrap();
/// assert_eq!(again.status, Status::Disproved);
/// assert!(again.nodes < first.nodes);
/// ```
///
/// # Bounding the table
/// [`DfpnTable::with_max_entries`] caps the number of entries. Whenever a store would
/// pass the cap, the table is cut to half of it, in this order:
/// 1. undecided entries (numbers only, a guide for the search), those with the smallest
///    proof plus disproof numbers (the least work behind them) first;
/// 2. decided entries that hold only on some paths (those with dependencies);
/// 3. path-free decided entries, a pseudo-random share chosen by key.
///
/// Every entry is true on its own: no stored result relies on another entry staying in
/// the table (dependencies name positions on the path, not entries), so eviction never
/// makes an answer wrong; it only costs work done again. An entry takes about
/// [`DfpnTable::ENTRY_BYTES`] bytes, and the hash map up to about twice that between its
/// growth steps, so `with_max_entries(bytes / 70)` keeps the table under `bytes`. The
/// fixed point's region (see [`dfpn`]) is bounded by the same cap.
///
/// ```
/// use cgtk_core::{Player, PositionKey};
/// use cgtk_games::nim::Nim;
/// use cgtk_search::{dfpn_with_table, DfpnTable, ProofConfig, Status, Wins};
///
/// let mut table = DfpnTable::with_max_entries(64);
/// let key = |g: &Nim| g.key();
/// let mut nim = Nim::new(&[4, 5, 6]).unwrap();
/// let r = dfpn_with_table(&mut nim, &Wins(Player::First), &key, &ProofConfig::default(), &|_| {}, &mut table).unwrap();
/// assert_eq!(r.status, Status::Proved); // nim-sum 7
/// assert!(table.len() <= 64);
/// ```
#[derive(Default)]
pub struct DfpnTable {
    entries: KeyMap<Entry>,
    goal: String,
    max_entries: Option<usize>,
}

impl DfpnTable {
    /// The bytes of one entry (key, numbers, a pointer to the rare dependency list, and
    /// the hash map's control byte), not counting the map's spare capacity.
    pub const ENTRY_BYTES: usize = ENTRY_BYTES;

    /// An empty table without a cap.
    pub fn new() -> DfpnTable {
        DfpnTable::default()
    }

    /// An empty table that keeps at most `max` entries (at least 16), evicting as
    /// described above.
    pub fn with_max_entries(max: usize) -> DfpnTable {
        DfpnTable {
            max_entries: Some(max.max(16)),
            ..DfpnTable::default()
        }
    }

    /// The cap on entries, if any.
    pub fn max_entries(&self) -> Option<usize> {
        self.max_entries
    }

    /// The number of positions stored.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

/// [`dfpn`] with a table kept by the caller ([`DfpnTable`]). Decided entries carry their
/// path dependencies, so reusing them in another search is as sound as within one.
///
/// ```
/// use cgtk_core::{Player, PositionKey};
/// use cgtk_games::nim::Nim;
/// use cgtk_search::{dfpn_with_table, DfpnTable, Limit, ProofConfig, Status, Wins};
///
/// // Heaps 3, 4, 5 (nim-sum 2): a first-player win, proved 200 nodes at a time, each
/// // search going on from the numbers the last one stored.
/// let mut nim = Nim::new(&[3, 4, 5]).unwrap();
/// let (key, goal, config) = (|g: &Nim| g.key(), Wins(Player::First), ProofConfig::nodes(200));
/// let mut table = DfpnTable::new();
/// let mut rounds = 1;
/// let mut r = dfpn_with_table(&mut nim, &goal, &key, &config, &|_| {}, &mut table).unwrap();
/// while r.status == Status::Unknown && rounds < 10 {
///     assert_eq!(r.stopped, Some(Limit::Nodes));
///     r = dfpn_with_table(&mut nim, &goal, &key, &config, &|_| {}, &mut table).unwrap();
///     rounds += 1;
/// }
/// assert_eq!(r.status, Status::Proved);
/// assert!(rounds > 1);
/// let mv = r.proof_move.unwrap();
/// assert_eq!((mv.heap, mv.take), (0, 2)); // leaves 1, 4, 5: nim-sum 0
/// ```
///
/// # Errors
/// [`ProveError::Epsilon`] for an invalid [`ProofConfig::epsilon`].
pub fn dfpn_with_table<G, O>(
    game: &mut G,
    objective: &O,
    key: &dyn Fn(&G) -> u64,
    config: &ProofConfig,
    progress: &dyn Fn(&Progress),
    table: &mut DfpnTable,
) -> Result<ProofResult<G::Move>, ProveError>
where
    G: Game,
    O: Objective<G>,
{
    config.check()?;
    let goal = objective.description();
    if table.goal != goal {
        table.entries.clear();
        table.goal = goal;
    }
    let mut search = Dfpn {
        objective,
        key,
        prover: objective.prover(),
        table: std::mem::take(&mut table.entries),
        max_entries: table.max_entries.unwrap_or(usize::MAX),
        region: Region::new(),
        path: KeySet::default(),
        epsilon: config.epsilon,
        meter: Meter::new(config, progress),
        peak: 0,
        scratch: Vec::new(),
        pause_at: u64::MAX,
        met_path: false,
    };
    let status = objective.evaluate(game);
    let status = if status != Status::Unknown {
        status
    } else {
        // The search pauses whenever the positions generated double; the fixed point then
        // decides what it can of the region explored below the root, path-free, and the
        // search goes on with those results in the table.
        let mut pause = search.meter.nodes + FIRST_CLOSURE;
        loop {
            search.pause_at = pause;
            let (pn, dn, _) = search.mid(game, INF, INF, 0);
            let status = numbers_status(pn, dn);
            if status != Status::Unknown || search.meter.stopped.is_some() {
                break status;
            }
            search.met_path = false;
            let status = search.closure(game);
            if status != Status::Unknown {
                break status;
            }
            pause = search.meter.nodes.max(pause).saturating_mul(2);
        }
    };
    let (proof_move, pv) = search.pv(game, status);
    let result = ProofResult {
        status,
        proof_move,
        pv,
        nodes: search.meter.nodes,
        stored: search.peak,
        bytes_per_stored: ENTRY_BYTES,
        elapsed: search.meter.start.elapsed(),
        stopped: if status == Status::Unknown {
            search.meter.stopped
        } else {
            None
        },
        tree: None,
    };
    table.entries = search.table;
    Ok(result)
}

/// Positions generated before the first fixed point (then each time they double).
const FIRST_CLOSURE: u64 = 1024;

/// A table entry's size in the hash map: key, entry and one control byte (the boxed
/// dependency list, rare, not counted).
const ENTRY_BYTES: usize = std::mem::size_of::<(u64, Entry)>() + 1;

fn numbers_status(pn: u32, dn: u32) -> Status {
    if pn == 0 {
        Status::Proved
    } else if dn == 0 {
        Status::Disproved
    } else {
        Status::Unknown
    }
}

struct Dfpn<'a, G: Game, O> {
    objective: &'a O,
    key: &'a dyn Fn(&G) -> u64,
    prover: Player,
    table: KeyMap<Entry>,
    /// The cap on the table's entries ([`DfpnTable::with_max_entries`]).
    max_entries: usize,
    /// The fixed point's region, kept between the pauses of this search.
    region: Region<G::Move>,
    path: KeySet,
    epsilon: f64,
    meter: Meter<'a>,
    peak: u64,
    scratch: Vec<G::Move>,
    /// The search unwinds to the root when this many positions have been generated and
    /// a repetition was met since the last fixed point.
    pause_at: u64,
    /// A child repeated the path since the last fixed point.
    met_path: bool,
}

impl<G: Game, O: Objective<G>> Dfpn<'_, G, O> {
    /// Judges the position `game` (just reached by `mv`) without searching it.
    fn judge(&mut self, game: &G, mv: G::Move) -> Child<G::Move> {
        let k = (self.key)(game);
        let decided = |status: Status, deps: Vec<u64>| {
            let (pn, dn) = if status == Status::Proved {
                (0, INF)
            } else {
                (INF, 0)
            };
            Child {
                mv,
                pn,
                dn,
                deps,
                fixed: true,
            }
        };
        if self.path.contains(&k) {
            self.met_path = true;
            let status = if self.objective.infinite_play_proves() {
                Status::Proved
            } else {
                Status::Disproved
            };
            return decided(status, vec![k]);
        }
        let status = self.objective.evaluate(game);
        if status != Status::Unknown {
            return decided(status, Vec::new());
        }
        let (pn, dn) = crate::pns::mobility(game, game.to_move() == self.prover, &mut self.scratch);
        let mut child = Child {
            mv,
            pn,
            dn,
            deps: Vec::new(),
            fixed: false,
        };
        if let Some(e) = self.table.get(&k) {
            let solved = e.pn == 0 || e.dn == 0;
            let valid = e
                .deps
                .as_deref()
                .map_or(true, |deps| deps.iter().all(|d| self.path.contains(d)));
            if !solved {
                (child.pn, child.dn) = (e.pn, e.dn);
            } else if valid {
                (child.pn, child.dn) = (e.pn, e.dn);
                child.deps = e.deps.as_deref().map(<[u64]>::to_vec).unwrap_or_default();
                child.fixed = true;
            }
        }
        child
    }

    /// The children of `game`, judged; `None` when the budget ran out meanwhile.
    fn children(&mut self, game: &mut G) -> Option<Vec<Child<G::Move>>> {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mut children = Vec::with_capacity(moves.len());
        for mv in moves {
            if !self.meter.count() {
                return None;
            }
            let undo = game.make(mv);
            children.push(self.judge(game, mv));
            game.unmake(mv, undo);
        }
        Some(children)
    }

    /// Multiple iterative deepening at `game` (undecided by the objective, not on the
    /// path): searches until the proof number reaches `th_pn` or the disproof number
    /// `th_dn`; returns the numbers and, when decided, the dependencies.
    fn mid(&mut self, game: &mut G, th_pn: u32, th_dn: u32, depth: usize) -> (u32, u32, Vec<u64>) {
        let own = (self.key)(game);
        let or = game.to_move() == self.prover;
        let Some(mut children) = self.children(game) else {
            return (1, 1, Vec::new());
        };
        self.path.insert(own);
        let (mut pn, mut dn) = combine(&children, or);
        let (mut th_pn, mut th_dn) = (th_pn, th_dn);
        loop {
            // Threshold control (Kishimoto and Müller): a node whose children meet the
            // path goes on until its numbers change, so that the search cannot circle.
            if children.iter().any(|c| !c.deps.is_empty()) {
                th_pn = th_pn.max(add(pn, 1));
                th_dn = th_dn.max(add(dn, 1));
            }
            if pn >= th_pn
                || dn >= th_dn
                || self.meter.stopped.is_some()
                || (self.met_path && self.meter.nodes >= self.pause_at)
            {
                break;
            }
            if depth >= DFPN_MAX_DEPTH {
                // Too deep to follow: stay undecided, at the largest finite numbers.
                (pn, dn) = (INF - 1, INF - 1);
                break;
            }
            let (best, second) = select(&children, or);
            let child = &children[best];
            let grow = |s: u32| -> u32 {
                if s == INF {
                    INF
                } else {
                    let scaled = (s as f64 * (1.0 + self.epsilon)).ceil();
                    let scaled = if scaled >= (INF - 1) as f64 {
                        INF - 1
                    } else {
                        scaled as u32
                    };
                    add(s, 1).max(scaled)
                }
            };
            let relax = |th: u32, total: u32, own: u32| -> u32 {
                if th == INF {
                    INF
                } else {
                    th - total + own
                }
            };
            let (c_pn, c_dn) = if or {
                (th_pn.min(grow(second)), relax(th_dn, dn, child.dn))
            } else {
                (relax(th_pn, pn, child.pn), th_dn.min(grow(second)))
            };
            let mv = child.mv;
            let undo = game.make(mv);
            let (npn, ndn, deps) = self.mid(game, c_pn, c_dn, depth + 1);
            game.unmake(mv, undo);
            let child = &mut children[best];
            (child.pn, child.dn, child.deps) = (npn, ndn, deps);
            (pn, dn) = combine(&children, or);
            self.meter.report(None, None);
        }
        self.path.remove(&own);
        let mut deps = Vec::new();
        if pn == 0 || dn == 0 {
            let winning = |c: &Child<G::Move>| if pn == 0 { c.pn == 0 } else { c.dn == 0 };
            let one_suffices = (pn == 0) == or;
            if one_suffices {
                if let Some(c) = children
                    .iter()
                    .filter(|c| winning(c))
                    .min_by_key(|c| c.deps.len())
                {
                    deps = c.deps.clone();
                }
            } else {
                for c in &children {
                    deps.extend_from_slice(&c.deps);
                }
            }
            deps.retain(|&d| d != own);
            deps.sort_unstable();
            deps.dedup();
        }
        // Stored also when the budget stopped the search here: the numbers combine the
        // children's as far as they were searched (a position whose children were not all
        // generated returned above, unstored), and the line `pv` reports follows them.
        {
            let entry = Entry {
                pn,
                dn,
                deps: (!deps.is_empty()).then(|| deps.clone().into_boxed_slice()),
            };
            self.store(own, entry);
            self.peak = self.peak.max(self.table.len() as u64);
            if !self.meter.memory(self.table.len() * ENTRY_BYTES) {
                return (pn, dn, deps);
            }
        }
        (pn, dn, deps)
    }

    /// Stores an entry, cutting the table first when it is full ([`DfpnTable`]).
    fn store(&mut self, key: u64, entry: Entry) {
        if self.table.len() >= self.max_entries && !self.table.contains_key(&key) {
            shrink(&mut self.table, self.max_entries / 2);
        }
        self.table.insert(key, entry);
        debug_assert!(self.table.len() <= self.max_entries, "{}", self.table.len());
    }

    /// The fixed point over the region explored below the root `game`: every position
    /// reachable from the root through table entries that are undecided or decided only
    /// for some paths, with all their moves. Positions outside it count by their
    /// path-free status (finished games, path-free entries) or as unknown (not searched
    /// yet). The side that must reach the end of the game for its goal (the prover when
    /// infinite play does not prove the goal, the refuter otherwise) wins on the
    /// attractor of its wins, and loses wherever the other side can keep play for ever
    /// away from its wins and from the unknown. Those results hold on every path: they
    /// are stored without dependencies. The walk also floods into positions not searched
    /// yet (each counted as a generated position and stored with its first numbers), up
    /// to about twice the positions generated so far (and the table's cap); positions
    /// beyond count as not searched. Returns the root's status.
    ///
    /// The region is kept between the pauses of one search ([`Region`]): a position's
    /// moves are generated once, and a pause costs a walk over the stored edges (one
    /// table look-up per undecided member, none per edge) plus the new positions.
    /// Keeping positions that the root no longer reaches is sound: each member carries
    /// all its moves, so the attractors are those of a true part of the game graph.
    fn closure(&mut self, game: &mut G) -> Status {
        let good = if self.objective.infinite_play_proves() {
            Status::Disproved
        } else {
            Status::Proved
        };
        let limit = (2 * self.meter.nodes as usize)
            .max(FIRST_CLOSURE as usize)
            .min(self.max_entries);
        let root_key = (self.key)(game);
        match self.table.get(&root_key) {
            Some(e) if !path_free(e) => {}
            Some(e) => return numbers_status(e.pn, e.dn),
            None => return Status::Unknown,
        }
        let mut region = std::mem::replace(&mut self.region, Region::new());
        if region.expanded >= self.max_entries {
            // A capped table caps the region too: start it again.
            region = Region::new();
        }
        let s_moves = (game.to_move() == self.prover) == (good == Status::Proved);
        let root = region.node(root_key, s_moves);
        // What the table has learnt since the last pause.
        for node in region.nodes.iter_mut().skip(FIRST_NODE) {
            if node.status == Status::Unknown {
                if let Some(e) = self.table.get(&node.key).filter(|e| path_free(e)) {
                    node.status = numbers_status(e.pn, e.dn);
                }
            }
        }
        // The walk, depth first with make and unmake: (member, its next edge, the move
        // that led here and its undo). It expands members not expanded yet.
        type Frame<G> = (u32, usize, Option<(<G as Game>::Move, <G as Game>::Undo)>);
        let mut seen = vec![false; region.nodes.len()];
        // The members reached by this walk: the walk's limit counts those, as a walk
        // from scratch would (members no longer reached cost nothing).
        let mut walked = 1;
        let mut moves = Vec::new();
        let mut stack: Vec<Frame<G>> = Vec::new();
        if region.nodes[root as usize].status == Status::Unknown {
            seen[root as usize] = true;
            self.expand(&mut region, root, game, &mut moves, good);
            stack.push((root, 0, None));
        }
        while let Some(top) = stack.last_mut() {
            let id = top.0 as usize;
            let edges = region.edges(id).unwrap_or(&[]);
            if top.1 == edges.len() {
                if let Some((_, _, Some((mv, undo)))) = stack.pop() {
                    game.unmake(mv, undo);
                }
                continue;
            }
            let (mv, c) = edges[top.1];
            top.1 += 1;
            let c = c as usize;
            if c < FIRST_NODE || seen.get(c).copied().unwrap_or(false) {
                continue;
            }
            let child = &region.nodes[c];
            if child.status != Status::Unknown {
                continue;
            }
            if child.len == NOT_EXPANDED {
                // Not expanded yet: a member if the table holds it (undecided or
                // decided for some paths), or if the region may flood into it.
                if walked >= limit || self.meter.stopped.is_some() {
                    continue;
                }
                let key = child.key;
                if !self.table.contains_key(&key) {
                    if !self.meter.count() {
                        continue;
                    }
                    let undo = game.make(mv);
                    let or = game.to_move() == self.prover;
                    let (pn, dn) = crate::pns::mobility(game, or, &mut self.scratch);
                    game.unmake(mv, undo);
                    self.store(key, Entry { pn, dn, deps: None });
                }
            }
            if seen.len() <= c {
                seen.resize(region.nodes.len().max(c + 1), false);
            }
            seen[c] = true;
            walked += 1;
            let undo = game.make(mv);
            if region.nodes[c].len == NOT_EXPANDED {
                self.expand(&mut region, c as u32, game, &mut moves, good);
            }
            stack.push((c as u32, 0, Some((mv, undo))));
        }
        let status = region.attract(good, &mut self.table, self.max_entries);
        let status = status[root as usize];
        self.region = region;
        status
    }

    /// Generates the moves of the region's node `id` (the position `game`), creating
    /// its children as nodes.
    fn expand(
        &mut self,
        region: &mut Region<G::Move>,
        id: u32,
        game: &mut G,
        moves: &mut Vec<G::Move>,
        good: Status,
    ) {
        moves.clear();
        game.legal_moves(moves);
        let start = region.arena.len();
        for &mv in moves.iter() {
            let undo = game.make(mv);
            let status = self.objective.evaluate(game);
            let c = if status != Status::Unknown {
                if status == good {
                    GOOD_NODE
                } else {
                    BAD_NODE
                }
            } else {
                let k = (self.key)(game);
                let s_moves = (game.to_move() == self.prover) == (good == Status::Proved);
                let known = self
                    .table
                    .get(&k)
                    .filter(|e| path_free(e))
                    .map(|e| numbers_status(e.pn, e.dn));
                // A position decided on every path is a finished one for the region.
                match known {
                    Some(status) if status == good => GOOD_NODE,
                    Some(_) => BAD_NODE,
                    None => region.node(k, s_moves),
                }
            };
            game.unmake(mv, undo);
            region.arena.push((mv, c));
        }
        let node = &mut region.nodes[id as usize];
        node.start = start;
        node.len = (region.arena.len() - start) as u32;
        region.expanded += 1;
    }

    /// The proof move and a principal variation, read from the table.
    fn pv(&mut self, game: &mut G, status: Status) -> (Option<G::Move>, Vec<G::Move>) {
        let mut pv = Vec::new();
        let mut undos = Vec::new();
        let mut proof_move = None;
        self.path.clear();
        while pv.len() < 256 {
            if self.objective.evaluate(game) != Status::Unknown {
                break;
            }
            let or = game.to_move() == self.prover;
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            self.path.insert((self.key)(game));
            let mut children = Vec::with_capacity(moves.len());
            for &mv in &moves {
                let undo = game.make(mv);
                children.push(self.judge(game, mv));
                game.unmake(mv, undo);
            }
            let next = match status {
                Status::Unknown => {
                    let open = children.iter().any(|c| !c.fixed);
                    if !open {
                        None
                    } else {
                        Some(select(&children, or).0).filter(|&i| !children[i].fixed)
                    }
                }
                _ => {
                    let winner_moves = or == (status == Status::Proved);
                    let target = |c: &Child<G::Move>| match status {
                        Status::Proved => c.pn == 0,
                        _ => c.dn == 0,
                    };
                    let found = children.iter().position(target);
                    if pv.is_empty() && winner_moves {
                        proof_move = found.map(|i| children[i].mv);
                    }
                    found
                }
            };
            let Some(i) = next else { break };
            let mv = children[i].mv;
            pv.push(mv);
            let undo = game.make(mv);
            undos.push((mv, undo));
            let key = (self.key)(game);
            // Undecided, the line ends where the search has not been: past the table, it
            // would only follow the first of the untried moves (and judging every child of
            // a 19×19 board at each of 256 steps took seconds).
            if self.path.contains(&key)
                || (status == Status::Unknown && !self.table.contains_key(&key))
            {
                break;
            }
        }
        while let Some((mv, undo)) = undos.pop() {
            game.unmake(mv, undo);
        }
        self.path.clear();
        (proof_move, pv)
    }
}

fn path_free(e: &Entry) -> bool {
    e.deps.is_none() && (e.pn == 0 || e.dn == 0)
}

/// Cuts `table` to at most `target` entries, in the order given in [`DfpnTable`].
fn shrink(table: &mut KeyMap<Entry>, target: usize) {
    if table.len() <= target {
        return;
    }
    let decided = |e: &Entry| e.pn == 0 || e.dn == 0;
    // The least work first: proof plus disproof number, by powers of two.
    let class = |e: &Entry| 32 - add(e.pn, e.dn).leading_zeros() as usize;
    let mut counts = [0usize; 33];
    for e in table.values().filter(|e| !decided(e)) {
        counts[class(e)] += 1;
    }
    let excess = table.len() - target;
    let (mut cut, mut sum) = (None, 0);
    for (c, &n) in counts.iter().enumerate() {
        if n > 0 {
            sum += n;
            cut = Some(c);
            if sum >= excess {
                break;
            }
        }
    }
    if let Some(cut) = cut {
        table.retain(|_, e| decided(e) || class(e) > cut);
    }
    if table.len() > target {
        table.retain(|_, e| e.deps.is_none());
    }
    if table.len() > target {
        // A fixed pseudo-random order of keys: those ranked below the target go.
        let rank = |k: u64| mix(k ^ 0x5851_f42d_4c95_7f2d);
        let mut ranks: Vec<u64> = table.keys().map(|&k| rank(k)).collect();
        let cut = ranks.len() - target;
        let (_, &mut below, _) = ranks.select_nth_unstable(cut);
        drop(ranks);
        table.retain(|&k, _| rank(k) >= below);
    }
}

/// Node 0 of a region stands for every finished position that is good for the side that
/// must reach the end, node 1 for every bad one.
const GOOD_NODE: u32 = 0;
const BAD_NODE: u32 = 1;
const FIRST_NODE: usize = 2;

/// The region of the fixed point ([`Dfpn::closure`]): positions with their moves
/// (generated once) and their parents within the region. A position's path-free status,
/// once known, never changes.
struct Region<M> {
    ids: KeyMap<u32>,
    nodes: Vec<RegionNode>,
    /// The moves of the expanded nodes, one after the other.
    arena: Vec<(M, u32)>,
    /// The nodes whose moves have been generated.
    expanded: usize,
}

struct RegionNode {
    key: u64,
    /// The path-free status, once known.
    status: Status,
    /// Whether the side that must reach the end moves here.
    s_moves: bool,
    /// Its moves and the nodes they lead to: `arena[start..start + len]`, once
    /// generated (`len` is [`NOT_EXPANDED`] until then).
    start: usize,
    len: u32,
}

const NOT_EXPANDED: u32 = u32::MAX;

impl<M> Region<M> {
    fn new() -> Region<M> {
        Region {
            ids: KeyMap::default(),
            nodes: Vec::new(),
            arena: Vec::new(),
            expanded: 0,
        }
    }

    /// The moves of node `i` and where they lead, once generated.
    fn edges(&self, i: usize) -> Option<&[(M, u32)]> {
        let x = &self.nodes[i];
        (x.len != NOT_EXPANDED).then(|| &self.arena[x.start..x.start + x.len as usize])
    }

    /// The node of `key`, created undecided when new.
    fn node(&mut self, key: u64, s_moves: bool) -> u32 {
        if self.nodes.is_empty() {
            for status in [Status::Proved, Status::Disproved] {
                self.nodes.push(RegionNode {
                    key: 0,
                    status,
                    s_moves: false,
                    start: 0,
                    len: NOT_EXPANDED,
                });
            }
        }
        let next = self.nodes.len() as u32;
        let id = *self.ids.entry(key).or_insert(next);
        if id == next {
            self.nodes.push(RegionNode {
                key,
                status: Status::Unknown,
                s_moves,
                start: 0,
                len: NOT_EXPANDED,
            });
        }
        id
    }

    /// The two attractors over the expanded undecided nodes (`good` is the goal's
    /// status where the side that must reach the end wins); stores the statuses found
    /// in the nodes and, path-free, in `table`. Returns every node's status.
    fn attract(&mut self, good: Status, table: &mut KeyMap<Entry>, max: usize) -> Vec<Status> {
        let n = self.nodes.len();
        // Sentinels: node 0 is a win for the side that must reach the end.
        self.nodes[0].status = good;
        self.nodes[1].status = good.negate();
        let member = |x: &RegionNode| x.status == Status::Unknown && x.len != NOT_EXPANDED;
        let edges = |x: &RegionNode| {
            if x.len == NOT_EXPANDED {
                &[][..]
            } else {
                &self.arena[x.start..x.start + x.len as usize]
            }
        };
        // The members' parents among the members, packed: those of node i are
        // preds[start[i]..start[i + 1]].
        let mut start = vec![0u32; n + 1];
        for x in self.nodes.iter().filter(|x| member(x)) {
            for &(_, c) in edges(x) {
                start[c as usize + 1] += 1;
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut preds = vec![0u32; start[n] as usize];
        let mut fill = start.clone();
        for (p, x) in self.nodes.iter().enumerate().filter(|(_, x)| member(x)) {
            for &(_, c) in edges(x) {
                preds[fill[c as usize] as usize] = p as u32;
                fill[c as usize] += 1;
            }
        }
        drop(fill);
        let attractor = |with_open: bool| -> Vec<bool> {
            let hit = |c: u32| {
                let x = &self.nodes[c as usize];
                x.status == good
                    || (with_open && x.status == Status::Unknown && x.len == NOT_EXPANDED)
            };
            let mut inside: Vec<bool> = self.nodes.iter().map(|x| x.status == good).collect();
            let mut need = vec![0u32; n];
            let mut queue = Vec::new();
            for (i, x) in self.nodes.iter().enumerate() {
                if !member(x) {
                    continue;
                }
                let edges = edges(x);
                let hits = edges.iter().filter(|&&(_, c)| hit(c)).count() as u32;
                need[i] = if x.s_moves {
                    u32::from(hits == 0)
                } else {
                    edges.len() as u32 - hits
                };
                if need[i] == 0 {
                    inside[i] = true;
                    queue.push(i);
                }
            }
            while let Some(j) = queue.pop() {
                for &p in &preds[start[j] as usize..start[j + 1] as usize] {
                    let p = p as usize;
                    if !inside[p] {
                        need[p] -= 1;
                        if need[p] == 0 {
                            inside[p] = true;
                            queue.push(p);
                        }
                    }
                }
            }
            inside
        };
        let won = attractor(false);
        let maybe = attractor(true);
        for i in FIRST_NODE..n {
            if !member(&self.nodes[i]) {
                continue;
            }
            let status = if won[i] {
                good
            } else if !maybe[i] {
                good.negate()
            } else {
                continue;
            };
            self.nodes[i].status = status;
            let (pn, dn) = if status == Status::Proved {
                (0, INF)
            } else {
                (INF, 0)
            };
            if table.len() >= max && !table.contains_key(&self.nodes[i].key) {
                shrink(table, max / 2);
            }
            table.insert(self.nodes[i].key, Entry { pn, dn, deps: None });
            debug_assert!(table.len() <= max, "attract {}", table.len());
        }
        self.nodes.iter().map(|x| x.status).collect()
    }
}

/// The numbers of a node from its children's: at an OR node the smallest proof number
/// and the sum of disproof numbers, at an AND node the other way round.
fn combine<M>(children: &[Child<M>], or: bool) -> (u32, u32) {
    let (mut min_pn, mut sum_pn, mut min_dn, mut sum_dn) = (INF, 0, INF, 0);
    for c in children {
        min_pn = min_pn.min(c.pn);
        min_dn = min_dn.min(c.dn);
        sum_pn = add(sum_pn, c.pn);
        sum_dn = add(sum_dn, c.dn);
    }
    if or {
        (min_pn, sum_dn)
    } else {
        (sum_pn, min_dn)
    }
}

/// The child to search (smallest proof number at an OR node, smallest disproof number
/// at an AND node) and the second-smallest such number.
fn select<M>(children: &[Child<M>], or: bool) -> (usize, u32) {
    let mut best = 0;
    let (mut first, mut second) = (INF, INF);
    for (i, c) in children.iter().enumerate() {
        let v = if or { c.pn } else { c.dn };
        if v < first {
            second = first;
            first = v;
            best = i;
        } else if v < second {
            second = v;
        }
    }
    (best, second)
}
