//! Depth-first proof-number search (df-pn) with a transposition table.

use crate::objective::{Objective, Status};
use crate::proof::{add, Meter, Progress, ProofConfig, ProofResult, ProveError, INF};
use cgtk_core::{Game, Player};
use std::collections::{HashMap, HashSet};

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
/// moves generated again): the side that must reach the end of the game for its goal
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
/// let mut big = Nim::new(&[3, 5, 6]).unwrap();
/// let first = dfpn_with_table(&mut big, &goal, &key, &ProofConfig::default(), &|_| {}, &mut table).unwrap();
/// assert_eq!(first.status, Status::Disproved);
/// assert!(table.len() > 0);
/// // A position the first search already decided costs one expansion now.
/// let mut small = Nim::new(&[3, 5, 6]).unwrap();
/// let again = dfpn_with_table(&mut small, &goal, &key, &ProofConfig::default(), &|_| {}, &mut table).unwrap();
/// assert_eq!(again.status, Status::Disproved);
/// assert!(again.nodes < first.nodes);
/// ```
#[derive(Default)]
pub struct DfpnTable {
    entries: HashMap<u64, Entry>,
    goal: String,
}

impl DfpnTable {
    /// An empty table.
    pub fn new() -> DfpnTable {
        DfpnTable::default()
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
        path: HashSet::new(),
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
    table: HashMap<u64, Entry>,
    path: HashSet<u64>,
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
        if self.meter.stopped.is_none() || pn == 0 || dn == 0 {
            let entry = Entry {
                pn,
                dn,
                deps: (!deps.is_empty()).then(|| deps.clone().into_boxed_slice()),
            };
            self.table.insert(own, entry);
            self.peak = self.peak.max(self.table.len() as u64);
            if !self.meter.memory(self.table.len() * ENTRY_BYTES) {
                return (pn, dn, deps);
            }
        }
        (pn, dn, deps)
    }

    /// The fixed point over the region explored below the root `game`: every position
    /// reachable from the root through table entries that are undecided or decided only
    /// for some paths (their children generated again here). Positions outside it count
    /// by their path-free status (finished games, path-free entries) or as unknown (not
    /// searched yet). The side that must reach the end of the game for its goal (the
    /// prover when infinite play does not prove the goal, the refuter otherwise) wins on
    /// the attractor of its wins, and loses wherever the other side can keep play for
    /// ever away from its wins and from the unknown. Those results hold on every path:
    /// they are stored without dependencies. The walk also floods into positions not
    /// searched yet (each counted as a generated position and stored with its first
    /// numbers), and stops after about twice the positions generated so far; positions
    /// beyond count as not searched. Returns the root's status.
    fn closure(&mut self, game: &mut G) -> Status {
        const GOOD: u32 = u32::MAX;
        const BAD: u32 = u32::MAX - 1;
        const OPEN: u32 = u32::MAX - 2;
        let good = if self.objective.infinite_play_proves() {
            Status::Disproved
        } else {
            Status::Proved
        };
        // The walk costs at most about what the search has spent so far, so that a
        // large table kept from earlier searches does not make each pause expensive.
        let limit = (2 * self.meter.nodes as usize).max(FIRST_CLOSURE as usize);
        let path_free = |e: &Entry| e.deps.is_none() && (e.pn == 0 || e.dn == 0);
        let root_key = (self.key)(game);
        match self.table.get(&root_key) {
            Some(e) if !path_free(e) => {}
            Some(e) => return numbers_status(e.pn, e.dn),
            None => return Status::Unknown,
        }
        // Members: keys, whether the side that must reach the end moves there, their
        // edges (a member's index, or GOOD, BAD, OPEN).
        let mut index: HashMap<u64, u32> = HashMap::new();
        let mut keys: Vec<u64> = Vec::new();
        let mut s_moves: Vec<bool> = Vec::new();
        let mut edges: Vec<Vec<u32>> = Vec::new();
        let s_side = |g: &G| (g.to_move() == self.prover) == (good == Status::Proved);
        index.insert(root_key, 0);
        keys.push(root_key);
        s_moves.push(s_side(game));
        edges.push(Vec::new());
        // Depth first with make and unmake: (member, its moves, the next one, the move
        // that led here and its undo).
        type Frame<G> = (
            u32,
            Vec<<G as Game>::Move>,
            usize,
            Option<(<G as Game>::Move, <G as Game>::Undo)>,
        );
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mut stack: Vec<Frame<G>> = vec![(0, moves, 0, None)];
        while let Some(top) = stack.last_mut() {
            if top.2 == top.1.len() {
                if let Some((_, _, _, Some((mv, undo)))) = stack.pop() {
                    game.unmake(mv, undo);
                }
                continue;
            }
            let (parent, mv) = (top.0, top.1[top.2]);
            top.2 += 1;
            let undo = game.make(mv);
            let k = (self.key)(game);
            let status = self.objective.evaluate(game);
            let edge = if status != Status::Unknown {
                if status == good {
                    GOOD
                } else {
                    BAD
                }
            } else if let Some(&id) = index.get(&k) {
                id
            } else {
                let flood = keys.len() < limit && self.meter.stopped.is_none();
                match self.table.get(&k) {
                    // Not searched yet: within the walk's limit the region floods into
                    // it (a new position, counted, stored with its first numbers), so
                    // that regions of draws close.
                    None if flood && self.meter.count() => {
                        let or = game.to_move() == self.prover;
                        let (pn, dn) = crate::pns::mobility(game, or, &mut self.scratch);
                        self.table.insert(k, Entry { pn, dn, deps: None });
                        let id = keys.len() as u32;
                        index.insert(k, id);
                        keys.push(k);
                        s_moves.push(s_side(game));
                        edges.push(Vec::new());
                        edges[parent as usize].push(id);
                        let mut moves = Vec::new();
                        game.legal_moves(&mut moves);
                        stack.push((id, moves, 0, Some((mv, undo))));
                        continue;
                    }
                    None => OPEN,
                    Some(e) if path_free(e) => {
                        if numbers_status(e.pn, e.dn) == good {
                            GOOD
                        } else {
                            BAD
                        }
                    }
                    // Past the walk's limit, positions count as not searched yet.
                    Some(_) if keys.len() >= limit => OPEN,
                    Some(_) => {
                        let id = keys.len() as u32;
                        index.insert(k, id);
                        keys.push(k);
                        s_moves.push(s_side(game));
                        edges.push(Vec::new());
                        edges[parent as usize].push(id);
                        let mut moves = Vec::new();
                        game.legal_moves(&mut moves);
                        stack.push((id, moves, 0, Some((mv, undo))));
                        continue;
                    }
                }
            };
            edges[parent as usize].push(edge);
            game.unmake(mv, undo);
        }
        let n = keys.len();
        // The attractors, as in retrograde analysis: a member joins once the side that
        // must reach the end has one move into the set (where it moves) or every move
        // leads into it (where the other side moves).
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (p, es) in edges.iter().enumerate() {
            for &c in es {
                if (c as usize) < n {
                    preds[c as usize].push(p as u32);
                }
            }
        }
        let attractor = |with_open: bool| -> Vec<bool> {
            let mut need: Vec<u32> = (0..n)
                .map(|i| {
                    let hits = edges[i]
                        .iter()
                        .filter(|&&c| c == GOOD || (with_open && c == OPEN))
                        .count() as u32;
                    if s_moves[i] {
                        u32::from(hits == 0)
                    } else {
                        edges[i].len() as u32 - hits
                    }
                })
                .collect();
            let mut inside = vec![false; n];
            let mut queue: Vec<usize> = (0..n).filter(|&i| need[i] == 0).collect();
            for &i in &queue {
                inside[i] = true;
            }
            while let Some(j) = queue.pop() {
                for &p in &preds[j] {
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
        for i in 0..n {
            let status = if won[i] {
                good
            } else if !maybe[i] {
                good.negate()
            } else {
                continue;
            };
            let (pn, dn) = if status == Status::Proved {
                (0, INF)
            } else {
                (INF, 0)
            };
            self.table.insert(keys[i], Entry { pn, dn, deps: None });
        }
        if won[0] {
            good
        } else if !maybe[0] {
            good.negate()
        } else {
            Status::Unknown
        }
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
            if self.path.contains(&(self.key)(game)) {
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
