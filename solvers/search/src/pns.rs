//! Best-first proof-number search over the graph of positions (or a plain tree).

use crate::graph::{Graph, Store};
use crate::objective::{Negated, Objective, Status};
use crate::proof::{
    add, Leaf, Meter, Progress, ProofConfig, ProofNode, ProofResult, ProveError, INF,
};
use cgtk_core::Game;
use std::collections::HashMap;

/// No dependency on the path: the node's result holds wherever its position occurs.
const FREE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Not expanded yet.
    Open,
    /// Expanded: its children follow one another in the arena.
    Inner,
    /// Decided without children.
    Leaf(Leaf),
}

/// One node of the tree. Children of a node are stored together, so a node needs only
/// its first child and their number.
#[derive(Clone, Copy, Debug)]
struct Node<M> {
    mv: Option<M>,
    first_child: u32,
    children: u32,
    pn: u32,
    dn: u32,
    /// For a decided node: the depth of the shallowest position above it that a
    /// repetition in its (dis)proof refers to, or [`FREE`].
    rep: u32,
    or: bool,
    kind: Kind,
}

impl<M> Node<M> {
    fn status(&self) -> Status {
        if self.pn == 0 {
            Status::Proved
        } else if self.dn == 0 {
            Status::Disproved
        } else {
            Status::Unknown
        }
    }

    fn decide(&mut self, status: Status) {
        (self.pn, self.dn) = match status {
            Status::Proved => (0, INF),
            Status::Disproved => (INF, 0),
            Status::Unknown => (1, 1),
        };
    }
}

/// Proof-number search (Allis): best-first over an explicit AND/OR tree held in an arena.
///
/// The prover of `objective` moves at OR nodes, the refuter at AND nodes. Each round
/// descends from the root to the most-proving node (at OR nodes the child with the
/// smallest proof number, at AND nodes the one with the smallest disproof number),
/// generates its children (each judged by the objective, unknown ones starting at proof
/// and disproof number 1) and updates the numbers on the way back up, until the root is
/// decided or the [`Budget`](crate::Budget) runs out. `key` identifies positions (equal
/// keys for equal positions, side to move included; a perfect index serves), or, with
/// [`ProofConfig::symmetric_key`], classes of positions that a symmetry of the rules maps
/// onto one another (a canonical key, such as
/// [`PositionKey::canonical_key`](cgtk_core::PositionKey::canonical_key)): the search then
/// assumes that equal keys have equal values under the objective once the prover's turns
/// are told apart from the refuter's, which the graph does itself (a key may fold the
/// colour swap), and finds each move at the real position by the key of the child.
///
/// # Repetitions and transpositions
/// With [`ProofConfig::transpositions`] (the default) the search holds the graph of
/// positions: a position reached by several paths is one node, and its status is its true
/// value wherever it occurs. A position repeated on the current path counts as infinite
/// play ([`Objective::infinite_play_proves`]) only in the proof and disproof numbers that
/// choose the most-proving node; positions are decided by the local rule (a won child for
/// the side to move, or every child lost) and, for cycles, by a fixed point on the
/// expanded graph (the attractor of the wins of the side that needs the game to end, and
/// the positions from which the other side keeps play away from those wins and from the
/// unexpanded positions for ever), run whenever the graph has doubled. A node whose every
/// undecided child is
/// on the path expands the open positions of the region below it, or, when that region
/// is complete, is decided by the fixed point.
///
/// Without transpositions the search is a plain tree: each node is a path, a child
/// repeating the path is a leaf standing for infinite play, and results that depend on
/// the path are never reused.
///
/// The promise, in a game with cycles, either way: **proved** means the prover has a
/// strategy that achieves the goal whatever the refuter does, **disproved** means the
/// refuter has one that prevents it (infinite play counting as the objective says); both
/// are sound, and given enough budget the search always finishes, because the graph of
/// positions (and the tree without repetitions) is finite.
///
/// ```
/// use cgtk_core::Player;
/// use cgtk_games::nim::Nim;
/// use cgtk_search::{pns, ProofConfig, Status, Wins};
///
/// // Heaps 1, 2, 3 have nim-sum 0: the player to move loses.
/// let mut nim = Nim::new(&[1, 2, 3]).unwrap();
/// let key = |g: &Nim| cgtk_core::PositionKey::key(g);
/// let r = pns(&mut nim, &Wins(Player::First), &key, &ProofConfig::default(), &|_| {}).unwrap();
/// assert_eq!(r.status, Status::Disproved);
/// // Heaps 1, 2: the first player wins by taking one from the second heap.
/// let mut nim = Nim::new(&[1, 2]).unwrap();
/// let r = pns(&mut nim, &Wins(Player::First), &key, &ProofConfig::default(), &|_| {}).unwrap();
/// assert_eq!(r.status, Status::Proved);
/// let mv = r.proof_move.unwrap();
/// assert_eq!((mv.heap, mv.take), (1, 1));
/// ```
///
/// # Errors
/// [`ProveError::Epsilon`] for an invalid [`ProofConfig::epsilon`].
pub fn pns<G, O>(
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
    config.check()?;
    if config.transpositions {
        return Ok(pns_on_graph(
            game,
            objective,
            key,
            config,
            progress,
            &mut Store::default(),
        ));
    }
    let mut search = Pns {
        objective,
        key,
        prover: objective.prover(),
        arena: Vec::new(),
        solved: HashMap::new(),
        transpositions: config.transpositions,
        meter: Meter::new(config, progress),
        on_path: HashMap::new(),
        moves: Vec::new(),
        scratch: Vec::new(),
    };
    let root_or = game.to_move() == search.prover;
    let mut root = Node {
        mv: None,
        first_child: 0,
        children: 0,
        pn: 1,
        dn: 1,
        rep: FREE,
        or: root_or,
        kind: Kind::Open,
    };
    let status = objective.evaluate(game);
    if status != Status::Unknown {
        root.decide(status);
        root.kind = Kind::Leaf(Leaf::Terminal);
    }
    search.arena.push(root);
    search.run(game);
    Ok(search.result(game, config))
}

struct Pns<'a, G: Game, O> {
    objective: &'a O,
    key: &'a dyn Fn(&G) -> u64,
    prover: cgtk_core::Player,
    arena: Vec<Node<G::Move>>,
    solved: HashMap<u64, bool>,
    transpositions: bool,
    meter: Meter<'a>,
    /// Keys of the positions on the current path, with their depth.
    on_path: HashMap<u64, u32>,
    moves: Vec<G::Move>,
    scratch: Vec<G::Move>,
}

impl<G: Game, O: Objective<G>> Pns<'_, G, O> {
    fn bytes(&self) -> usize {
        self.arena.len() * std::mem::size_of::<Node<G::Move>>() + self.solved.len() * 16
    }

    fn run(&mut self, game: &mut G) {
        let mut path: Vec<(u32, G::Move, G::Undo, u64)> = Vec::new();
        while self.arena[0].status() == Status::Unknown && self.meter.stopped.is_none() {
            // Descend to the most-proving node.
            self.on_path.clear();
            let root_key = (self.key)(game);
            self.on_path.insert(root_key, 0);
            let mut n = 0u32;
            while self.arena[n as usize].kind == Kind::Inner {
                let child = self.most_proving_child(n);
                let Some(mv) = self.arena[child as usize].mv else {
                    break;
                };
                let undo = game.make(mv);
                let k = (self.key)(game);
                self.on_path.insert(k, path.len() as u32 + 1);
                path.push((n, mv, undo, k));
                n = child;
            }
            self.expand(game, n);
            // Update the numbers back up to the root, restoring the game on the way.
            let mut depth = path.len() as u32;
            let mut current = n;
            loop {
                self.update(current, depth);
                let node = self.arena[current as usize];
                if self.transpositions && node.status() != Status::Unknown && node.rep == FREE {
                    let k = match path.last() {
                        Some(&(_, _, _, k)) => k,
                        None => root_key,
                    };
                    self.solved.insert(k, node.pn == 0);
                }
                let Some((parent, mv, undo, _)) = path.pop() else {
                    break;
                };
                game.unmake(mv, undo);
                current = parent;
                depth -= 1;
            }
            let root = self.arena[0];
            self.meter.report(Some(root.pn), Some(root.dn));
            self.meter.memory(self.bytes());
        }
    }

    fn most_proving_child(&self, n: u32) -> u32 {
        let node = &self.arena[n as usize];
        let range = node.first_child..node.first_child + node.children;
        let mut best = node.first_child;
        let mut best_value = INF;
        for c in range {
            let child = &self.arena[c as usize];
            let value = if node.or { child.pn } else { child.dn };
            if value < best_value {
                best_value = value;
                best = c;
            }
        }
        best
    }

    /// Generates the children of open node `n`, judging each.
    fn expand(&mut self, game: &mut G, n: u32) {
        if self.arena[n as usize].kind != Kind::Open {
            return;
        }
        let mut moves = std::mem::take(&mut self.moves);
        game.legal_moves(&mut moves);
        let first = self.arena.len() as u32;
        for &mv in &moves {
            if !self.meter.count() {
                // Out of budget: forget the partial expansion.
                self.arena.truncate(first as usize);
                self.moves = moves;
                return;
            }
            let undo = game.make(mv);
            let or = game.to_move() == self.prover;
            let mut child = Node {
                mv: Some(mv),
                first_child: 0,
                children: 0,
                pn: 1,
                dn: 1,
                rep: FREE,
                or,
                kind: Kind::Open,
            };
            let k = (self.key)(game);
            if let Some(&at) = self.on_path.get(&k) {
                child.decide(if self.objective.infinite_play_proves() {
                    Status::Proved
                } else {
                    Status::Disproved
                });
                child.rep = at;
                child.kind = Kind::Leaf(Leaf::Repetition);
            } else {
                let status = self.objective.evaluate(game);
                if status != Status::Unknown {
                    child.decide(status);
                    child.kind = Kind::Leaf(Leaf::Terminal);
                } else if let Some(&proved) =
                    self.transpositions.then(|| self.solved.get(&k)).flatten()
                {
                    child.decide(if proved {
                        Status::Proved
                    } else {
                        Status::Disproved
                    });
                    child.kind = Kind::Leaf(Leaf::Transposition);
                } else {
                    (child.pn, child.dn) = mobility(game, or, &mut self.scratch);
                }
            }
            game.unmake(mv, undo);
            self.arena.push(child);
        }
        let node = &mut self.arena[n as usize];
        if moves.is_empty() {
            // No good move at an OR node; no defence at an AND node.
            node.decide(if node.or {
                Status::Disproved
            } else {
                Status::Proved
            });
            node.kind = Kind::Leaf(Leaf::NoMoves);
        } else {
            node.first_child = first;
            node.children = moves.len() as u32;
            node.kind = Kind::Inner;
        }
        self.moves = moves;
    }

    /// Recomputes the numbers (and, once decided, the path dependency) of node `n` at
    /// `depth` from its children.
    fn update(&mut self, n: u32, depth: u32) {
        let node = self.arena[n as usize];
        if node.kind != Kind::Inner {
            return;
        }
        let children =
            &self.arena[node.first_child as usize..(node.first_child + node.children) as usize];
        let (mut min_pn, mut sum_pn, mut min_dn, mut sum_dn) = (INF, 0, INF, 0);
        for c in children {
            min_pn = min_pn.min(c.pn);
            min_dn = min_dn.min(c.dn);
            sum_pn = add(sum_pn, c.pn);
            sum_dn = add(sum_dn, c.dn);
        }
        let (pn, dn) = if node.or {
            (min_pn, sum_dn)
        } else {
            (sum_pn, min_dn)
        };
        // A decided node depends on the repetitions of the children that decide it: all
        // of them where every child is needed, the least dependent one where one suffices.
        let one_suffices = (pn == 0) == node.or;
        let rep = if pn == 0 || dn == 0 {
            let winning = |c: &&Node<G::Move>| if pn == 0 { c.pn == 0 } else { c.dn == 0 };
            let r = if one_suffices {
                children
                    .iter()
                    .filter(winning)
                    .map(|c| c.rep)
                    .max()
                    .unwrap_or(FREE)
            } else {
                children.iter().map(|c| c.rep).min().unwrap_or(FREE)
            };
            if r >= depth {
                FREE
            } else {
                r
            }
        } else {
            FREE
        };
        let node = &mut self.arena[n as usize];
        node.pn = pn;
        node.dn = dn;
        node.rep = rep;
    }

    fn result(&self, game: &mut G, config: &ProofConfig) -> ProofResult<G::Move> {
        let root = self.arena[0];
        let status = root.status();
        let proof_move = match (root.kind, status, root.or) {
            (Kind::Inner, Status::Proved, true) | (Kind::Inner, Status::Disproved, false) => self
                .deciding_child(0)
                .and_then(|c| self.arena[c as usize].mv),
            _ => None,
        };
        let tree = (config.proof_tree && status != Status::Unknown).then(|| self.tree(0, status));
        let _ = game;
        ProofResult {
            status,
            proof_move,
            pv: self.pv(),
            nodes: self.meter.nodes,
            stored: self.arena.len() as u64,
            bytes_per_stored: std::mem::size_of::<Node<G::Move>>(),
            elapsed: self.meter.start.elapsed(),
            stopped: if status == Status::Unknown {
                self.meter.stopped
            } else {
                None
            },
            tree,
        }
    }

    /// A child that carries the decided node `n`'s result for the side to move there (a
    /// proved child of an OR node, a disproved child of an AND node), if any.
    fn deciding_child(&self, n: u32) -> Option<u32> {
        let node = &self.arena[n as usize];
        let range = node.first_child..node.first_child + node.children;
        range
            .filter(|&c| {
                let child = &self.arena[c as usize];
                if node.or {
                    child.pn == 0
                } else {
                    child.dn == 0
                }
            })
            // The least path-dependent such child.
            .max_by_key(|&c| (self.arena[c as usize].rep, std::cmp::Reverse(c)))
    }

    fn pv(&self) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut n = 0u32;
        while self.arena[n as usize].kind == Kind::Inner {
            let node = &self.arena[n as usize];
            let next = match node.status() {
                Status::Unknown => self.most_proving_child(n),
                _ => match self.deciding_child(n) {
                    Some(c) => c,
                    // Every move of the side to move keeps the result: follow the reply
                    // the search explored most.
                    None => (node.first_child..node.first_child + node.children)
                        .max_by_key(|&c| {
                            (
                                self.arena[c as usize].kind == Kind::Inner,
                                std::cmp::Reverse(c),
                            )
                        })
                        .unwrap_or(node.first_child),
                },
            };
            match self.arena[next as usize].mv {
                Some(mv) => pv.push(mv),
                None => break,
            }
            n = next;
        }
        pv
    }

    /// The (dis)proof tree below decided node `n`.
    fn tree(&self, n: u32, status: Status) -> ProofNode<G::Move> {
        let node = &self.arena[n as usize];
        let leaf = match node.kind {
            Kind::Leaf(leaf) => Some(leaf),
            _ => None,
        };
        let mut children = Vec::new();
        if node.kind == Kind::Inner {
            // The winner of the goal needs one move, the loser's every move is answered.
            let winner_moves = node.or == (status == Status::Proved);
            if winner_moves {
                if let Some(c) = self.deciding_child(n) {
                    children.push(self.tree(c, status));
                }
            } else {
                for c in node.first_child..node.first_child + node.children {
                    children.push(self.tree(c, status));
                }
            }
        }
        ProofNode {
            mv: node.mv,
            prover_to_move: node.or,
            status: node.status(),
            leaf,
            children,
        }
    }
}

/// The numbers a new undecided node starts with: its number of moves on the side that
/// needs all of them to fail (the disproof number at an OR node, the proof number at an
/// AND node), 1 on the other.
pub(crate) fn mobility<G: Game>(game: &G, or: bool, scratch: &mut Vec<G::Move>) -> (u32, u32) {
    game.legal_moves(scratch);
    let n = (scratch.len() as u32).max(1);
    if or {
        (1, n)
    } else {
        (n, 1)
    }
}

/// The graph of positions that [`pns_with_table`] keeps between searches, so that each
/// search starts where the earlier ones stopped: every node, decided or not, with its
/// proof and disproof numbers and its edges. A decided node's status is its true value
/// wherever the position occurs (cycles included, see [`pns`]); an undecided node keeps
/// its numbers (estimates only) and its place in the graph, so that later searches
/// reuse the expansion and the fixed point work of earlier ones. Nothing that depends on
/// the path is stored. The graph belongs to one objective and one key function: a
/// search with another goal (by [`Objective::description`]) or another game type empties
/// it first, unless the table is made [`across_provers`](PnsTable::across_provers) (then
/// one graph serves a goal for either player, and the goal that negates it). It grows with every search: [`PnsTable::with_limit`] bounds it, by dropping
/// the undecided nodes and all edges (keeping the decided positions) whenever it holds
/// more than the limit when a search starts; [`PnsTable::clear`] frees it.
///
/// ```
/// use cgtk_core::{Player, PositionKey};
/// use cgtk_games::nim::Nim;
/// use cgtk_search::{pns_with_table, PnsTable, ProofConfig, Status, Wins};
///
/// let mut table = PnsTable::new();
/// let key = |g: &Nim| g.key();
/// let goal = Wins(Player::First);
/// let mut nim = Nim::new(&[3, 5, 6]).unwrap();
/// let first = pns_with_table(&mut nim, &goal, &key, &ProofConfig::default(), &|_| {}, &mut table).unwrap();
/// assert_eq!(first.status, Status::Disproved);
/// assert!(table.decided() > 0 && table.len() >= table.decided());
/// // The same position again: decided from the table, without a single node.
/// let again = pns_with_table(&mut nim, &goal, &key, &ProofConfig::default(), &|_| {}, &mut table).unwrap();
/// assert_eq!((again.status, again.nodes), (Status::Disproved, 0));
/// ```
#[derive(Default)]
pub struct PnsTable {
    graph: Option<Box<dyn std::any::Any>>,
    goal: String,
    len: usize,
    decided: usize,
    bytes: usize,
    limit: Option<usize>,
    across_provers: bool,
}

impl PnsTable {
    /// An empty table, without a limit.
    pub fn new() -> PnsTable {
        PnsTable::default()
    }

    /// An empty table that keeps at most about `bytes` between searches: when a search
    /// starts with more, the undecided nodes and the edges are dropped first, and only
    /// the decided positions stay (a search itself may go beyond, within its
    /// [`Budget`](crate::Budget)).
    ///
    /// ```
    /// use cgtk_core::{Player, PositionKey};
    /// use cgtk_games::nim::Nim;
    /// use cgtk_search::{pns_with_table, PnsTable, ProofConfig, Status, Wins};
    ///
    /// let mut table = PnsTable::with_limit(0);
    /// let key = |g: &Nim| g.key();
    /// let goal = Wins(Player::First);
    /// let config = ProofConfig::default();
    /// let mut nim = Nim::new(&[3, 5, 6]).unwrap();
    /// pns_with_table(&mut nim, &goal, &key, &config, &|_| {}, &mut table).unwrap();
    /// let mut nim = Nim::new(&[3, 5, 7]).unwrap();
    /// let r = pns_with_table(&mut nim, &goal, &key, &config, &|_| {}, &mut table).unwrap();
    /// assert_eq!(r.status, Status::Proved);
    /// ```
    pub fn with_limit(bytes: usize) -> PnsTable {
        PnsTable {
            limit: Some(bytes),
            ..PnsTable::default()
        }
    }

    /// The same table, keeping one graph for the goal of either player
    /// ([`Objective::kind`] instead of [`Objective::description`] decides when the goal
    /// has changed), and answering from it the goal that negates it too
    /// ([`Objective::negates`]: "the side to move does not lose" is searched as "the
    /// other side wins", and the answer negated; its proof move and principal variation
    /// are the same). The graph keys a node by the position's key and by whether the
    /// prover moves there. With an exact key (side to move included) the two players'
    /// goals therefore occupy separate nodes of the one graph, which is always sound. The
    /// graph is truly shared when the key gives a position and its image under the colour
    /// swap (colours and side to move exchanged) one key, searched with
    /// [`ProofConfig::symmetric_key`]: a node then stands for "the player to move (or the
    /// other one) achieves the goal" for either prover, which is sound when the rules keep
    /// that swap and the goal for one player is its image for the other (what
    /// [`Objective::kind`] promises).
    ///
    /// ```
    /// use cgtk_core::{Game, Notation, PositionKey};
    /// use cgtk_games::kono::Kono;
    /// use cgtk_search::{pns_with_table, DoesNotLose, PnsTable, ProofConfig, Wins};
    ///
    /// let config = ProofConfig { symmetric_key: true, ..ProofConfig::default() };
    /// let key = |g: &Kono| g.canonical_key().unwrap();
    /// let mut table = PnsTable::new().across_provers();
    /// let start = Kono::start("max-pieces=2".parse().unwrap());
    /// let mut a = start.parse_position("xx../..../..../...o x").unwrap();
    /// let goal = Wins::side_to_move(&a);
    /// let r = pns_with_table(&mut a, &goal, &key, &config, &|_| {}, &mut table).unwrap();
    /// // The colours swapped and the board turned half a turn: o to move, the same class.
    /// let mut b = start.parse_position("x.../..../..../..oo o").unwrap();
    /// let goal = Wins::side_to_move(&b);
    /// let again = pns_with_table(&mut b, &goal, &key, &config, &|_| {}, &mut table).unwrap();
    /// assert_eq!((again.status, again.nodes), (r.status, 0));
    /// // "o does not lose" in `a` is "x does not win" there: the negation, from the graph.
    /// let goal = DoesNotLose(a.to_move().opponent());
    /// let not = pns_with_table(&mut a, &goal, &key, &config, &|_| {}, &mut table).unwrap();
    /// assert_eq!((not.status, not.nodes), (r.status.negate(), 0));
    /// ```
    pub fn across_provers(self) -> PnsTable {
        PnsTable {
            across_provers: true,
            ..self
        }
    }

    /// The number of positions stored (nodes of the graph, decided or not).
    pub fn len(&self) -> usize {
        self.len
    }

    /// The number of positions stored with a decided status.
    pub fn decided(&self) -> usize {
        self.decided
    }

    /// The bytes the graph holds (nodes, edges and index, by their capacity).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        *self = PnsTable {
            goal: std::mem::take(&mut self.goal),
            limit: self.limit,
            across_provers: self.across_provers,
            ..PnsTable::default()
        };
    }
}

/// [`pns`] over the graph of positions (whatever [`ProofConfig::transpositions`] says),
/// starting from the graph that earlier searches left in `table` (decided positions,
/// and undecided ones with their numbers and edges) and leaving its own there. Decided
/// statuses hold wherever the position occurs, so reusing them is as sound as within
/// one search; the budget counts this search's nodes only.
///
/// ```
/// use cgtk_core::{Player, PositionKey};
/// use cgtk_games::nim::Nim;
/// use cgtk_search::{pns_with_table, Limit, PnsTable, ProofConfig, Status, Wins};
///
/// // Heaps 3, 4, 5 (nim-sum 2): a first-player win, proved 200 nodes at a time, each
/// // search going on from the graph the last one left.
/// let mut nim = Nim::new(&[3, 4, 5]).unwrap();
/// let (key, goal, config) = (|g: &Nim| g.key(), Wins(Player::First), ProofConfig::nodes(200));
/// let mut table = PnsTable::new();
/// let mut rounds = 1;
/// let mut r = pns_with_table(&mut nim, &goal, &key, &config, &|_| {}, &mut table).unwrap();
/// while r.status == Status::Unknown && rounds < 10 {
///     assert_eq!(r.stopped, Some(Limit::Nodes));
///     r = pns_with_table(&mut nim, &goal, &key, &config, &|_| {}, &mut table).unwrap();
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
pub fn pns_with_table<G, O>(
    game: &mut G,
    objective: &O,
    key: &dyn Fn(&G) -> u64,
    config: &ProofConfig,
    progress: &dyn Fn(&Progress),
    table: &mut PnsTable,
) -> Result<ProofResult<G::Move>, ProveError>
where
    G: Game,
    G::Move: 'static,
    O: Objective<G>,
{
    config.check()?;
    let goal = if table.across_provers {
        objective.kind()
    } else {
        objective.description()
    };
    if table.across_provers && table.goal != goal && objective.negates() == Some(table.goal.clone())
    {
        // The goal negates the table's: search the table's goal for the other player,
        // and negate the answer (its moves are the same).
        let mut result = pns_on_table(
            game,
            &Negated(objective),
            table.goal.clone(),
            key,
            config,
            progress,
            table,
        );
        result.status = result.status.negate();
        if let Some(tree) = &mut result.tree {
            negate_tree(tree);
        }
        return Ok(result);
    }
    Ok(pns_on_table(
        game, objective, goal, key, config, progress, table,
    ))
}

/// [`pns_with_table`] for the goal `goal` (the objective's kind or description).
fn pns_on_table<G, O>(
    game: &mut G,
    objective: &O,
    goal: String,
    key: &dyn Fn(&G) -> u64,
    config: &ProofConfig,
    progress: &dyn Fn(&Progress),
    table: &mut PnsTable,
) -> ProofResult<G::Move>
where
    G: Game,
    G::Move: 'static,
    O: Objective<G>,
{
    if table.goal != goal {
        table.clear();
        table.goal = goal;
    }
    let mut store = table
        .graph
        .take()
        .and_then(|g| g.downcast::<Store<G::Move>>().ok())
        .map(|b| *b)
        .unwrap_or_default();
    if table.limit.is_some_and(|limit| store.bytes() > limit) {
        store.compact();
    }
    let result = pns_on_graph(game, objective, key, config, progress, &mut store);
    table.len = store.len();
    table.decided = store.decided();
    table.bytes = store.bytes();
    table.graph = Some(Box::new(store));
    result
}

/// The same tree, for the negated goal.
fn negate_tree<M>(node: &mut ProofNode<M>) {
    node.status = node.status.negate();
    node.prover_to_move = !node.prover_to_move;
    for child in &mut node.children {
        negate_tree(child);
    }
}

/// PNS over the graph in `store`, which it extends.
fn pns_on_graph<G, O>(
    game: &mut G,
    objective: &O,
    key: &dyn Fn(&G) -> u64,
    config: &ProofConfig,
    progress: &dyn Fn(&Progress),
    store: &mut Store<G::Move>,
) -> ProofResult<G::Move>
where
    G: Game,
    O: Objective<G>,
{
    let mut graph = Graph::new(
        objective,
        key,
        std::mem::take(store),
        Meter::new(config, progress),
        config.symmetric_key,
    );
    let root = graph.root(game);
    graph.run_pns(game, root);
    graph.leave(root);
    let result = graph_result(game, &graph, root, config);
    *store = graph.into_store();
    result
}

/// The result of a search over the graph rooted at `root`.
pub(crate) fn graph_result<G: Game, O: Objective<G>>(
    game: &mut G,
    graph: &Graph<'_, G, O>,
    root: u32,
    config: &ProofConfig,
) -> ProofResult<G::Move> {
    let node = graph.nodes[root as usize];
    let status = node.status;
    let tree = (config.proof_tree && status != Status::Unknown).then(|| graph.tree(game, root));
    ProofResult {
        status,
        proof_move: graph.proof_move(game, root),
        pv: if status == Status::Unknown {
            graph.pv(game, root)
        } else {
            graph.pv_played(game, status)
        },
        nodes: graph.meter.nodes,
        stored: graph.nodes.len() as u64,
        bytes_per_stored: graph.bytes_per_node(),
        elapsed: graph.meter.start.elapsed(),
        stopped: if status == Status::Unknown {
            graph.meter.stopped
        } else {
            None
        },
        tree,
    }
}
