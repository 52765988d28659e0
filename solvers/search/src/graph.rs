//! The explicit search graph that [`pns`](crate::pns) (with transpositions) and
//! [`dfpn`](crate::dfpn) share: one node per position, decided only by sound rules.
//!
//! # How positions are decided
//! Every status stored in the graph is the position's true value for the objective,
//! whatever the path that reached it, so results are shared freely between paths.
//! Two rules decide positions:
//! - *local*: a node whose side to move has a child won for it, or whose every child is
//!   lost for it, is decided as that (children's statuses being true values);
//! - *fixed point*: on a set of expanded nodes, the side that must reach the end of the
//!   game to achieve its goal (the prover when infinite play does not prove the goal, the
//!   refuter otherwise) wins exactly on the attractor of its won positions, and loses
//!   wherever the other side can keep play for ever out of the attractor of its won
//!   positions *and* every position not yet known. This is what decides draws by
//!   repetition, without any path-dependent result.
//!
//! A repetition on the current path only steers the proof and disproof numbers (it counts
//! as infinite play for them), never a status. Nodes won by the side that must reach the
//! end carry a rank (plies to the end along the winning strategy), so that proof trees and
//! principal variations never circle.

use crate::objective::{Objective, Status};
use crate::proof::{add, Leaf, Meter, ProofNode, INF};
use cgtk_core::{Game, Player};
use std::collections::{HashMap, HashSet, VecDeque};

const NONE: u32 = u32::MAX;
const CAP: u32 = INF - 1;
/// A dead end whose region is this small expands its nearest open node only.
const SMALL: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// Not expanded yet.
    Open,
    /// Expanded: its edges are `first..first + len`.
    Inner,
    /// Decided without expansion.
    Leaf(Leaf),
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct GNode {
    first: u32,
    len: u32,
    pub(crate) pn: u32,
    pub(crate) dn: u32,
    penalty: u32,
    rank: u32,
    pub(crate) status: Status,
    pub(crate) or: bool,
    on_path: bool,
    pub(crate) state: State,
}

/// The graph itself, kept between searches by [`PnsTable`](crate::PnsTable): every node
/// (decided or not, with its numbers and edges) and the index of positions.
pub(crate) struct Store<M> {
    nodes: Vec<GNode>,
    edges: Vec<u32>,
    moves: Vec<M>,
    /// The key of each node (kept only when keys fold symmetries: the descent then
    /// finds each child's move by its key).
    keys: Vec<u64>,
    index: HashMap<u64, u32>,
    last_global: usize,
    decided: usize,
}

impl<M> Default for Store<M> {
    fn default() -> Self {
        Store {
            nodes: Vec::new(),
            edges: Vec::new(),
            moves: Vec::new(),
            keys: Vec::new(),
            index: HashMap::new(),
            last_global: 0,
            decided: 0,
        }
    }
}

impl<M> Store<M> {
    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The number of decided nodes.
    pub fn decided(&self) -> usize {
        self.decided
    }

    /// Drops every undecided node and every edge, keeping the decided positions (their
    /// statuses and ranks are true values, needing no edges) as leaves.
    pub fn compact(&mut self) {
        let mut nodes = Vec::with_capacity(self.decided);
        let mut index = HashMap::with_capacity(self.decided);
        let mut keys = Vec::new();
        for (&k, &id) in &self.index {
            let mut node = self.nodes[id as usize];
            if node.status == Status::Unknown {
                continue;
            }
            (node.first, node.len, node.penalty, node.on_path) = (0, 0, 0, false);
            if node.state == State::Inner {
                node.state = State::Leaf(Leaf::Transposition);
            }
            index.insert(k, nodes.len() as u32);
            nodes.push(node);
            if !self.keys.is_empty() {
                keys.push(k);
            }
        }
        self.last_global = nodes.len();
        self.decided = nodes.len();
        (self.nodes, self.index, self.keys) = (nodes, index, keys);
        (self.edges, self.moves) = (Vec::new(), Vec::new());
    }

    /// Bytes in use: nodes, edges and the index (by its capacity).
    pub fn bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<GNode>()
            + self.edges.capacity() * std::mem::size_of::<u32>()
            + self.moves.capacity() * std::mem::size_of::<M>()
            + self.keys.capacity() * std::mem::size_of::<u64>()
            + self.index.capacity() * (std::mem::size_of::<(u64, u32)>() + 1)
    }
}

pub(crate) struct Graph<'a, G: Game, O> {
    objective: &'a O,
    key: &'a dyn Fn(&G) -> u64,
    prover: Player,
    /// The status of the side that must reach the end of the game.
    good: Status,
    pub(crate) nodes: Vec<GNode>,
    edges: Vec<u32>,
    moves: Vec<G::Move>,
    /// Whether the key folds symmetries: stored moves are then those of the orientation
    /// in which a node was expanded, and the real move to a child is found by its key.
    symmetric: bool,
    keys: Vec<u64>,
    index: HashMap<u64, u32>,
    pub(crate) meter: Meter<'a>,
    scratch: Vec<G::Move>,
    step_moves: Vec<G::Move>,
    last_global: usize,
    decided: usize,
    mark: Vec<u32>,
}

fn decided_numbers(status: Status) -> (u32, u32) {
    match status {
        Status::Proved => (0, INF),
        Status::Disproved => (INF, 0),
        Status::Unknown => (1, 1),
    }
}

impl<'a, G: Game, O: Objective<G>> Graph<'a, G, O> {
    /// A search over `store` (the graph left by earlier searches for the same objective
    /// and key, or an empty one).
    pub fn new(
        objective: &'a O,
        key: &'a dyn Fn(&G) -> u64,
        store: Store<G::Move>,
        meter: Meter<'a>,
        symmetric: bool,
    ) -> Self {
        let mut keys = store.keys;
        if symmetric && keys.len() != store.nodes.len() {
            keys = vec![0; store.nodes.len()];
            for (&k, &id) in &store.index {
                keys[id as usize] = k;
            }
        } else if !symmetric {
            keys = Vec::new();
        }
        Graph {
            objective,
            key,
            prover: objective.prover(),
            good: if objective.infinite_play_proves() {
                Status::Disproved
            } else {
                Status::Proved
            },
            nodes: store.nodes,
            edges: store.edges,
            moves: store.moves,
            symmetric,
            keys,
            index: store.index,
            meter,
            scratch: Vec::new(),
            step_moves: Vec::new(),
            last_global: store.last_global,
            decided: store.decided,
            mark: Vec::new(),
        }
    }

    /// The graph, to keep for later searches.
    pub fn into_store(self) -> Store<G::Move> {
        Store {
            nodes: self.nodes,
            edges: self.edges,
            moves: self.moves,
            keys: self.keys,
            index: self.index,
            last_global: self.last_global,
            decided: self.decided,
        }
    }

    /// Bytes per node: the node, its share of the index, and (on average) its edges.
    pub fn bytes_per_node(&self) -> usize {
        let edge = std::mem::size_of::<u32>() + std::mem::size_of::<G::Move>();
        let per_edges = if self.nodes.is_empty() {
            0
        } else {
            self.edges.len() * edge / self.nodes.len()
        };
        let key = if self.symmetric { 8 } else { 0 };
        std::mem::size_of::<GNode>() + std::mem::size_of::<(u64, u32)>() + 1 + per_edges + key
    }

    fn bytes(&self) -> usize {
        self.nodes.len() * (std::mem::size_of::<GNode>() + std::mem::size_of::<(u64, u32)>() + 1)
            + self.edges.len() * (std::mem::size_of::<u32>() + std::mem::size_of::<G::Move>())
    }

    /// The graph's key of position `game`: the game's key, with the top bit telling the
    /// prover's turns from the refuter's (so that a key folding the colour swap still
    /// keeps apart positions where the prover and where the refuter moves).
    fn graph_key(&self, game: &G) -> u64 {
        (self.key)(game) ^ u64::from(game.to_move() == self.prover) << 63
    }

    /// Plays from `game` (at node `n`'s position) the move of edge `e`: the stored move,
    /// or, when keys fold symmetries, the legal move whose position has the child's key
    /// (the stored one first). `None` when no move reaches the child, which only a key
    /// that is not a function of the symmetry class can cause.
    fn step(&mut self, game: &mut G, e: usize) -> Option<(G::Move, G::Undo)> {
        let mut moves = std::mem::take(&mut self.step_moves);
        let played = self.step_with(game, e, &mut moves);
        self.step_moves = moves;
        played
    }

    /// [`Graph::step`] with a buffer of the caller's for the legal moves.
    fn step_with(
        &self,
        game: &mut G,
        e: usize,
        moves: &mut Vec<G::Move>,
    ) -> Option<(G::Move, G::Undo)> {
        let stored = self.moves[e];
        if !self.symmetric {
            return Some((stored, game.make(stored)));
        }
        let target = self.keys[self.edges[e] as usize];
        game.legal_moves(moves);
        let order = moves
            .iter()
            .position(|&m| m == stored)
            .into_iter()
            .chain((0..moves.len()).filter(|&i| moves[i] != stored));
        let mut found = None;
        for i in order {
            let mv = moves[i];
            let undo = game.make(mv);
            if self.graph_key(game) == target {
                found = Some((mv, undo));
                break;
            }
            game.unmake(mv, undo);
        }
        found
    }

    /// The node of position `game`, created (and judged) if new.
    pub fn node_for(&mut self, game: &G) -> u32 {
        let k = self.graph_key(game);
        if let Some(&id) = self.index.get(&k) {
            return id;
        }
        let or = game.to_move() == self.prover;
        let mut node = GNode {
            first: 0,
            len: 0,
            pn: 1,
            dn: 1,
            penalty: 0,
            rank: 0,
            status: Status::Unknown,
            or,
            on_path: false,
            state: State::Open,
        };
        let status = self.objective.evaluate(game);
        let decided = if status != Status::Unknown {
            Some((status, Leaf::Terminal, 0))
        } else {
            game.legal_moves(&mut self.scratch);
            let n = self.scratch.len() as u32;
            if n == 0 {
                // No good move at an OR node; no defence at an AND node.
                let s = if or {
                    Status::Disproved
                } else {
                    Status::Proved
                };
                Some((s, Leaf::NoMoves, 0))
            } else {
                (node.pn, node.dn) = if or { (1, n) } else { (n, 1) };
                None
            }
        };
        if let Some((status, leaf, rank)) = decided {
            node.status = status;
            node.state = State::Leaf(leaf);
            node.rank = rank;
            (node.pn, node.dn) = decided_numbers(status);
            self.decided += 1;
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(node);
        self.index.insert(k, id);
        if self.symmetric {
            self.keys.push(k);
        }
        id
    }

    fn children(&self, n: u32) -> std::ops::Range<usize> {
        let node = &self.nodes[n as usize];
        node.first as usize..(node.first + node.len) as usize
    }

    /// Expands open node `n` (the position `game`); false when the budget ran out.
    fn expand(&mut self, game: &mut G, n: u32) -> bool {
        if self.nodes[n as usize].state != State::Open {
            return true;
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mut ids = Vec::with_capacity(moves.len());
        for &mv in &moves {
            if !self.meter.count() {
                return false;
            }
            let undo = game.make(mv);
            ids.push(self.node_for(game));
            game.unmake(mv, undo);
        }
        let first = self.edges.len() as u32;
        self.edges.extend_from_slice(&ids);
        self.moves.extend_from_slice(&moves);
        let node = &mut self.nodes[n as usize];
        node.first = first;
        node.len = ids.len() as u32;
        node.state = State::Inner;
        self.meter.memory(self.bytes());
        self.update(n);
        true
    }

    /// The numbers a child shows its parent: decided, a repetition of the path (counted
    /// as infinite play), or its stored numbers.
    fn shown(&self, c: u32) -> (u32, u32) {
        let child = &self.nodes[c as usize];
        if child.status != Status::Unknown {
            (child.pn, child.dn)
        } else if child.on_path {
            if self.objective.infinite_play_proves() {
                (0, INF)
            } else {
                (INF, 0)
            }
        } else {
            (child.pn, child.dn)
        }
    }

    fn s_moves(&self, n: u32) -> bool {
        self.nodes[n as usize].or == (self.good == Status::Proved)
    }

    /// Decides node `n` as `status`, with its rank when it is won by the side that must
    /// reach the end.
    fn set_status(&mut self, n: u32, status: Status) {
        let mut rank = 0;
        if status == self.good {
            let range = self.children(n);
            let ranks = self.edges[range]
                .iter()
                .filter(|&&c| self.nodes[c as usize].status == status)
                .map(|&c| self.nodes[c as usize].rank);
            rank = if self.s_moves(n) {
                ranks.min()
            } else {
                ranks.max()
            }
            .unwrap_or(0)
            .saturating_add(1);
        }
        let node = &mut self.nodes[n as usize];
        if node.status == Status::Unknown {
            self.decided += 1;
        }
        node.status = status;
        node.rank = rank;
        (node.pn, node.dn) = decided_numbers(status);
    }

    /// Recomputes the numbers of inner node `n`, deciding it by the local rule when its
    /// children allow.
    pub fn update(&mut self, n: u32) {
        let node = self.nodes[n as usize];
        if node.status != Status::Unknown || node.state != State::Inner {
            return;
        }
        let (mut any_p, mut all_p, mut any_d, mut all_d) = (false, true, false, true);
        let (mut min_pn, mut sum_pn, mut min_dn, mut sum_dn) = (INF, 0u32, INF, 0u32);
        for &c in &self.edges[self.children(n)] {
            let s = self.nodes[c as usize].status;
            any_p |= s == Status::Proved;
            all_p &= s == Status::Proved;
            any_d |= s == Status::Disproved;
            all_d &= s == Status::Disproved;
            let (p, d) = self.shown(c);
            min_pn = min_pn.min(p);
            min_dn = min_dn.min(d);
            sum_pn = add(sum_pn, p);
            sum_dn = add(sum_dn, d);
        }
        let decided = if node.or {
            if any_p {
                Status::Proved
            } else if all_d {
                Status::Disproved
            } else {
                Status::Unknown
            }
        } else if any_d {
            Status::Disproved
        } else if all_p {
            Status::Proved
        } else {
            Status::Unknown
        };
        if decided != Status::Unknown {
            self.set_status(n, decided);
            return;
        }
        let (pn, dn) = if node.or {
            (min_pn, sum_dn)
        } else {
            (sum_pn, min_dn)
        };
        let clamp = |x: u32| add(x, node.penalty).clamp(1, CAP);
        let node = &mut self.nodes[n as usize];
        node.pn = clamp(pn);
        node.dn = clamp(dn);
    }

    /// The child of inner node `n` to search (undecided, not on the path; the smallest
    /// proof number at an OR node, disproof number at an AND node), its edge, and the
    /// second-smallest such number.
    fn select(&self, n: u32) -> Option<(u32, usize, u32)> {
        let or = self.nodes[n as usize].or;
        let mut best = None;
        let (mut first, mut second) = (INF, INF);
        for e in self.children(n) {
            let c = self.edges[e];
            let child = &self.nodes[c as usize];
            if child.status != Status::Unknown || child.on_path {
                continue;
            }
            let v = if or { child.pn } else { child.dn };
            if best.is_none() || v < first {
                second = first;
                first = v;
                best = Some((c, e));
            } else if v < second {
                second = v;
            }
        }
        best.map(|(c, e)| (c, e, second))
    }

    fn status(&self, n: u32) -> Status {
        self.nodes[n as usize].status
    }

    /// Starts a search at `game`: the root's node, on the path.
    pub fn root(&mut self, game: &G) -> u32 {
        let root = self.node_for(game);
        self.nodes[root as usize].on_path = true;
        root
    }

    /// Ends a search at `root`: nothing is left on the path.
    pub fn leave(&mut self, root: u32) {
        self.nodes[root as usize].on_path = false;
    }

    /// Runs the fixed point on every expanded node when the graph has doubled since the
    /// last time.
    fn maybe_global(&mut self) {
        if self.nodes.len() >= 2 * self.last_global.max(512) {
            self.last_global = self.nodes.len();
            let members: Vec<u32> = (0..self.nodes.len() as u32)
                .filter(|&n| {
                    let node = &self.nodes[n as usize];
                    node.status == Status::Unknown && node.state == State::Inner
                })
                .collect();
            self.fixpoint(&members);
        }
    }

    /// Best-first search (PNS): from the root to the most-proving node each round.
    pub fn run_pns(&mut self, game: &mut G, root: u32) {
        let mut path: Vec<(u32, G::Move, G::Undo)> = Vec::new();
        while self.status(root) == Status::Unknown && self.meter.stopped.is_none() {
            self.maybe_global();
            if self.status(root) != Status::Unknown {
                break;
            }
            let mut n = root;
            loop {
                if self.nodes[n as usize].state == State::Open {
                    self.expand(game, n);
                    break;
                }
                if self.status(n) != Status::Unknown {
                    break;
                }
                match self.select(n) {
                    Some((c, e, _)) if path.len() < crate::DFPN_MAX_DEPTH => {
                        let Some((mv, undo)) = self.step(game, e) else {
                            // The key is not a function of the position's class.
                            self.meter.stopped = Some(crate::Limit::Key);
                            break;
                        };
                        path.push((n, mv, undo));
                        self.nodes[c as usize].on_path = true;
                        n = c;
                    }
                    _ => {
                        self.dead_end(game, n);
                        break;
                    }
                }
            }
            self.update(n);
            while let Some((parent, mv, undo)) = path.pop() {
                game.unmake(mv, undo);
                self.nodes[n as usize].on_path = false;
                n = parent;
                self.update(n);
            }
            let r = self.nodes[root as usize];
            self.meter.report(Some(r.pn), Some(r.dn));
        }
    }

    /// Node `n` (the position `game`) has no child to search: every undecided one is on
    /// the path. Looks for the nearest open position below it (through undecided nodes,
    /// the path included) and expands it; with none, the region below `n` is complete
    /// and the fixed point decides `n`. Either way the search moves on.
    fn dead_end(&mut self, game: &mut G, n: u32) {
        {
            let node = &mut self.nodes[n as usize];
            node.penalty = node.penalty.saturating_add(1).min(CAP);
        }
        let mut from: HashMap<u32, (u32, usize)> = HashMap::new();
        let mut queue = VecDeque::from([n]);
        let mut seen = vec![n];
        let mut open = Vec::new();
        from.insert(n, (NONE, 0));
        while let Some(v) = queue.pop_front() {
            for e in self.children(v) {
                let c = self.edges[e];
                if self.status(c) != Status::Unknown || from.contains_key(&c) {
                    continue;
                }
                from.insert(c, (v, e));
                if self.nodes[c as usize].state == State::Open {
                    open.push(c);
                    if seen.len() <= SMALL {
                        break;
                    }
                } else {
                    seen.push(c);
                    queue.push_back(c);
                }
            }
            if seen.len() <= SMALL && !open.is_empty() {
                break;
            }
        }
        if open.is_empty() || seen.len() > SMALL {
            // The region below `n` (every undecided node it reaches) is known but for
            // its open nodes: the fixed point may already decide it.
            self.fixpoint(&seen);
            if self.status(n) != Status::Unknown {
                return;
            }
        }
        // Expand the open nodes found, walking to each from `n`, and update the routes.
        for f in open {
            if self.meter.stopped.is_some() {
                break;
            }
            let mut route = Vec::new();
            let mut v = f;
            while v != n {
                let (p, e) = from[&v];
                route.push((p, e));
                v = p;
            }
            route.reverse();
            let mut undos = Vec::with_capacity(route.len());
            for &(_, e) in &route {
                match self.step(game, e) {
                    Some(played) => undos.push(played),
                    None => {
                        self.meter.stopped = Some(crate::Limit::Key);
                        break;
                    }
                }
            }
            if undos.len() == route.len() {
                self.expand(game, f);
            }
            while let Some((mv, undo)) = undos.pop() {
                game.unmake(mv, undo);
            }
            for &(p, _) in route.iter().rev() {
                if p != n {
                    self.update(p);
                }
            }
        }
    }

    /// The fixed point on `members` (undecided inner nodes; every other node counts as
    /// known by its status, or as unknown when undecided): decides the attractor of the
    /// side that must reach the end as won for it, and the nodes outside the attractor of
    /// its wins and the unknown as lost for it.
    pub fn fixpoint(&mut self, members: &[u32]) {
        let members: Vec<u32> = members
            .iter()
            .copied()
            .filter(|&m| {
                let node = &self.nodes[m as usize];
                node.status == Status::Unknown && node.state == State::Inner
            })
            .collect();
        if members.is_empty() {
            return;
        }
        if self.mark.len() < self.nodes.len() {
            self.mark.resize(self.nodes.len(), NONE);
        }
        for (i, &m) in members.iter().enumerate() {
            self.mark[m as usize] = i as u32;
        }
        let good = self.good;
        let k = members.len();
        let mut need_win = vec![0u32; k];
        let mut need_any = vec![0u32; k];
        let mut preds_count = vec![0u32; k + 1];
        for (i, &m) in members.iter().enumerate() {
            let s_moves = self.s_moves(m);
            let len = self.nodes[m as usize].len;
            let (mut a, mut b) = if s_moves { (1u32, 1u32) } else { (len, len) };
            for &c in &self.edges[self.children(m)] {
                let st = self.nodes[c as usize].status;
                let member = self.mark[c as usize] != NONE;
                if st == good {
                    a = a.saturating_sub(1);
                    b = b.saturating_sub(1);
                } else if st == Status::Unknown && !member {
                    b = b.saturating_sub(1);
                }
                if member {
                    preds_count[self.mark[c as usize] as usize] += 1;
                }
            }
            need_win[i] = a;
            need_any[i] = b;
        }
        // Predecessors of each member, among the members.
        let mut offsets = vec![0u32; k + 1];
        for i in 0..k {
            offsets[i + 1] = offsets[i] + preds_count[i];
        }
        let mut fill = offsets.clone();
        let mut preds = vec![0u32; offsets[k] as usize];
        for (i, &m) in members.iter().enumerate() {
            for &c in &self.edges[self.children(m)] {
                let j = self.mark[c as usize];
                if j != NONE {
                    preds[fill[j as usize] as usize] = i as u32;
                    fill[j as usize] += 1;
                }
            }
        }
        // The attractor of the side's wins: decided at once, in order, with ranks.
        let attract = |need: &mut Vec<u32>, on_add: &mut dyn FnMut(usize)| {
            let mut inside = vec![false; k];
            let mut queue: VecDeque<usize> = (0..k).filter(|&i| need[i] == 0).collect();
            for &i in &queue {
                inside[i] = true;
            }
            while let Some(j) = queue.pop_front() {
                on_add(j);
                for &p in &preds[offsets[j] as usize..offsets[j + 1] as usize] {
                    let p = p as usize;
                    if !inside[p] {
                        need[p] = need[p].saturating_sub(1);
                        if need[p] == 0 {
                            inside[p] = true;
                            queue.push_back(p);
                        }
                    }
                }
            }
            inside
        };
        let mut won = Vec::new();
        attract(&mut need_win, &mut |j| won.push(j));
        for &j in &won {
            // Ranks need the children decided first: the queue order guarantees it.
            self.set_status(members[j], good);
        }
        let maybe = attract(&mut need_any, &mut |_| {});
        let lost = good.negate();
        for (i, &m) in members.iter().enumerate() {
            if !maybe[i] {
                self.set_status(m, lost);
            }
            self.mark[m as usize] = NONE;
        }
    }

    /// The child of decided node `n` that keeps its status for the side to move there:
    /// the lowest-ranked won child for the side that must reach the end, any lost-for-the-
    /// mover child otherwise. `None` when the side to move there loses.
    pub fn deciding_edge(&self, n: u32) -> Option<usize> {
        let node = &self.nodes[n as usize];
        let status = node.status;
        let winner_moves = node.or == (status == Status::Proved);
        if !winner_moves || node.state != State::Inner {
            return None;
        }
        self.children(n)
            .filter(|&e| self.nodes[self.edges[e] as usize].status == status)
            .min_by_key(|&e| {
                if status == self.good {
                    self.nodes[self.edges[e] as usize].rank
                } else {
                    0
                }
            })
    }

    /// A principal variation from `root` (the position `game`).
    pub fn pv(&self, game: &mut G, root: u32) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut undos = Vec::new();
        let mut buf = Vec::new();
        let mut seen = HashSet::from([root]);
        let mut n = root;
        let status = self.status(root);
        while pv.len() < 256 && self.nodes[n as usize].state == State::Inner {
            let next = if status == Status::Unknown {
                self.select(n).map(|(_, e, _)| e)
            } else if let Some(e) = self.deciding_edge(n) {
                Some(e)
            } else {
                // The loser's longest resistance, or a reply explored further.
                self.children(n).max_by_key(|&e| {
                    let c = &self.nodes[self.edges[e] as usize];
                    (
                        c.status == status && status == self.good,
                        if status == self.good { c.rank } else { 0 },
                        c.state == State::Inner,
                        std::cmp::Reverse(e),
                    )
                })
            };
            let Some(e) = next else { break };
            let Some((mv, undo)) = self.step_with(game, e, &mut buf) else {
                break;
            };
            pv.push(mv);
            undos.push((mv, undo));
            n = self.edges[e];
            if !seen.insert(n) {
                break;
            }
        }
        while let Some((mv, undo)) = undos.pop() {
            game.unmake(mv, undo);
        }
        pv
    }

    /// The status and rank of position key `k`, from the graph.
    fn lookup(&self, k: u64) -> (Status, u32) {
        match self.index.get(&k) {
            Some(&id) => {
                let node = &self.nodes[id as usize];
                (node.status, node.rank)
            }
            None => (Status::Unknown, 0),
        }
    }

    /// A principal variation from `game` (the root, decided as `status`), played out on
    /// the board so that it goes on through positions decided by earlier searches.
    pub fn pv_played(&self, game: &mut G, status: Status) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut undos = Vec::new();
        let mut seen = HashSet::from([self.graph_key(game)]);
        let mut moves = Vec::new();
        while pv.len() < 256 && self.objective.evaluate(game) == Status::Unknown {
            let or = game.to_move() == self.prover;
            game.legal_moves(&mut moves);
            let mut best: Option<(G::Move, (bool, u32))> = None;
            let winner_moves = or == (status == Status::Proved);
            for &mv in &moves {
                let undo = game.make(mv);
                let (st, rank) = self.lookup(self.graph_key(game));
                game.unmake(mv, undo);
                // The winner: the fastest way to keep the result; the loser: the longest
                // resistance.
                let score = if winner_moves {
                    if st != status {
                        continue;
                    }
                    (true, u32::MAX - if status == self.good { rank } else { 0 })
                } else {
                    (st == status, if status == self.good { rank } else { 0 })
                };
                if best.map_or(true, |(_, b)| score > b) {
                    best = Some((mv, score));
                }
            }
            let Some((mv, _)) = best else { break };
            pv.push(mv);
            undos.push((mv, game.make(mv)));
            if !seen.insert(self.graph_key(game)) {
                break;
            }
        }
        while let Some((mv, undo)) = undos.pop() {
            game.unmake(mv, undo);
        }
        pv
    }

    /// The (dis)proof tree from decided node `n`: a transposition leaf where a node
    /// recurs, a repetition leaf where it repeats the path.
    pub fn tree(&self, game: &mut G, root: u32) -> ProofNode<G::Move> {
        let mut path = HashSet::new();
        let mut emitted = HashSet::new();
        self.tree_at(game, root, None, &mut path, &mut emitted)
    }

    fn tree_at(
        &self,
        game: &mut G,
        n: u32,
        mv: Option<G::Move>,
        path: &mut HashSet<u32>,
        emitted: &mut HashSet<u32>,
    ) -> ProofNode<G::Move> {
        let node = self.nodes[n as usize];
        let leaf = match node.state {
            State::Leaf(leaf) => Some(leaf),
            _ if path.contains(&n) => Some(Leaf::Repetition),
            _ if emitted.contains(&n) => Some(Leaf::Transposition),
            _ => None,
        };
        let mut children = Vec::new();
        if leaf.is_none() {
            path.insert(n);
            emitted.insert(n);
            let edges: Vec<usize> = match self.deciding_edge(n) {
                Some(e) => vec![e],
                None => self.children(n).collect(),
            };
            let mut buf = Vec::new();
            for e in edges {
                if let Some((mv, undo)) = self.step_with(game, e, &mut buf) {
                    children.push(self.tree_at(game, self.edges[e], Some(mv), path, emitted));
                    game.unmake(mv, undo);
                }
            }
            path.remove(&n);
        }
        ProofNode {
            mv,
            prover_to_move: node.or,
            status: node.status,
            leaf,
            children,
        }
    }

    /// The proof move: the root's deciding move, when the side to move there wins.
    pub fn proof_move(&self, game: &mut G, root: u32) -> Option<G::Move> {
        let e = self.deciding_edge(root)?;
        let (mv, undo) = self.step_with(game, e, &mut Vec::new())?;
        game.unmake(mv, undo);
        Some(mv)
    }
}
