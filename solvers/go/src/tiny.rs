//! The fast tiny-board solver: bitboards (at most 64 points), the board's symmetries and
//! the exchange of colours in the table key, score bounds from Benson's unconditional
//! life, MTD(f) over the score, and a bounded table keyed by the position alone.
//!
//! # History
//!
//! Under positional superko the legal moves depend on the boards seen before. Every search
//! returns, with each proved bound, the smallest path index of an earlier board whose
//! presence refused a move the bound needed (a move of the side the bound holds against),
//! and a summary of the boards the bound's proof makes by its own moves. A bound is stored
//! only when no board from the path above the node refused such a move, and it is reused on
//! another path only when no board of that path can be among the boards it made: then every
//! move of the proof is legal there too, and the other side has no move the proof did not
//! answer (a board of the new path can only forbid more of its moves).
//!
//! # Safe points
//!
//! Benson's algorithm finds the blocks of a colour that cannot be captured even if their
//! owner always passes, and the small regions they enclose (every empty point of the
//! region is a liberty of one of those blocks), where the opponent cannot live. Those
//! points end the game as the owner's area, so `2·safe − n` bounds the score of each side
//! from below; a node whose bounds meet is a leaf. Moves inside a safe region holding no
//! enemy stone are not tried (filling one's own eye or throwing a dead stone into the
//! opponent's), as in published solvers.
//!
//! Beyond Benson, a region bordered only by alive blocks is safe too when the opponent
//! cannot make two eyes in it: its points that are not liberties of the alive blocks (the
//! only points that can become the opponent's eyes) are at most two, and next to each
//! other. The region holds no stone of the owner, so no seki can form there; the owner
//! fills the region's liberties of its alive blocks and then takes what is left.

use crate::solve::{BoardSolution, SolveError};
use crate::types::Move;

/// A board's geometry for bitboards: masks and symmetry permutations.
pub(crate) struct Geometry {
    width: usize,
    n: usize,
    all: u64,
    not_first_col: u64,
    not_last_col: u64,
    /// `perm[s][i]`: where symmetry `s` sends point `i` (row-major, 0 at the top left).
    perm: Vec<[u8; 64]>,
    /// The inverse permutations.
    inv: Vec<[u8; 64]>,
    /// Distance from the centre (doubled Manhattan), for move ordering.
    centrality: [i32; 64],
}

impl Geometry {
    pub(crate) fn new(width: usize, height: usize) -> Geometry {
        let n = width * height;
        debug_assert!(n <= 64);
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut first_col = 0u64;
        let mut last_col = 0u64;
        for y in 0..height {
            first_col |= 1 << (y * width);
            last_col |= 1 << (y * width + width - 1);
        }
        let square = width == height;
        let mut perm = Vec::new();
        let count = if square { 8 } else { 4 };
        for s in 0..count {
            let mut p = [0u8; 64];
            for y in 0..height {
                for x in 0..width {
                    let (mut a, mut b) = (x, y);
                    if s & 1 != 0 {
                        a = width - 1 - a;
                    }
                    if s & 2 != 0 {
                        b = height - 1 - b;
                    }
                    if s & 4 != 0 {
                        std::mem::swap(&mut a, &mut b);
                    }
                    p[y * width + x] = (b * width + a) as u8;
                }
            }
            perm.push(p);
        }
        let inv = perm
            .iter()
            .map(|p| {
                let mut q = [0u8; 64];
                for i in 0..n {
                    q[p[i] as usize] = i as u8;
                }
                q
            })
            .collect();
        let mut centrality = [0i32; 64];
        for y in 0..height {
            for x in 0..width {
                centrality[y * width + x] = (2 * x as i32 - (width as i32 - 1)).abs()
                    + (2 * y as i32 - (height as i32 - 1)).abs();
            }
        }
        Geometry {
            width,
            n,
            all,
            not_first_col: all & !first_col,
            not_last_col: all & !last_col,
            perm,
            inv,
            centrality,
        }
    }

    /// The points next to some point of `b`.
    #[inline]
    fn nb(&self, b: u64) -> u64 {
        (((b << 1) & self.not_first_col)
            | ((b >> 1) & self.not_last_col)
            | (b << self.width)
            | (b >> self.width))
            & self.all
    }

    /// The points of `within` connected to `seed` inside `within`.
    #[inline]
    fn flood(&self, mut seed: u64, within: u64) -> u64 {
        loop {
            let next = (seed | self.nb(seed)) & within;
            if next == seed {
                return seed;
            }
            seed = next;
        }
    }

    /// Plays a stone of the side owning `me` on point `p`; `None` when the point is taken
    /// or the move is a suicide. Returns the new `(me, opp)`.
    #[inline]
    pub(crate) fn play(&self, me: u64, opp: u64, p: usize) -> Option<(u64, u64)> {
        let bit = 1u64 << p;
        if (me | opp) & bit != 0 {
            return None;
        }
        let me2 = me | bit;
        let empty = self.all & !(me2 | opp);
        let mut captured = 0u64;
        let mut adj = self.nb(bit) & opp;
        while adj != 0 {
            let s = adj & adj.wrapping_neg();
            let g = self.flood(s, opp);
            adj &= !g;
            if self.nb(g) & empty == 0 {
                captured |= g;
            }
        }
        let opp2 = opp & !captured;
        if captured == 0 {
            let g = self.flood(bit, me2);
            if self.nb(g) & empty == 0 {
                return None;
            }
        }
        Some((me2, opp2))
    }

    /// Area of `me` minus area of `opp` (stones plus empty regions touching only one side).
    pub(crate) fn area_diff(&self, me: u64, opp: u64) -> i32 {
        let mut score = me.count_ones() as i32 - opp.count_ones() as i32;
        let mut empty = self.all & !(me | opp);
        while empty != 0 {
            let s = empty & empty.wrapping_neg();
            let r = self.flood(s, empty);
            empty &= !r;
            let around = self.nb(r);
            let (a, b) = (around & me != 0, around & opp != 0);
            if a && !b {
                score += r.count_ones() as i32;
            } else if b && !a {
                score -= r.count_ones() as i32;
            }
        }
        score
    }

    /// A heuristic score for `me`: stones plus the empty points nearer to its stones than
    /// to the other side's, minus the same for `opp`.
    pub(crate) fn estimate(&self, me: u64, opp: u64) -> i32 {
        let empty = self.all & !(me | opp);
        let (mut a, mut b) = (me, opp);
        let (mut own_a, mut own_b) = (0u64, 0u64);
        loop {
            let free = empty & !a & !b;
            let na = self.nb(a) & free;
            let nbb = self.nb(b) & free;
            if na | nbb == 0 {
                break;
            }
            own_a |= na & !nbb;
            own_b |= nbb & !na;
            a |= na;
            b |= nbb;
        }
        (me.count_ones() + own_a.count_ones()) as i32
            - (opp.count_ones() + own_b.count_ones()) as i32
    }

    /// Benson's unconditionally alive blocks of `me` with the regions they make safe:
    /// `(safe points, safe points of regions holding no stone of opp)`.
    pub(crate) fn benson(&self, me: u64, opp: u64) -> (u64, u64) {
        if me.count_ones() < 2 {
            return (0, 0);
        }
        let empty = self.all & !(me | opp);
        let mut blocks = [0u64; 64];
        let mut libs = [0u64; 64];
        let mut nblocks = 0;
        let mut rest = me;
        while rest != 0 {
            let s = rest & rest.wrapping_neg();
            let g = self.flood(s, me);
            rest &= !g;
            blocks[nblocks] = g;
            libs[nblocks] = self.nb(g) & empty;
            nblocks += 1;
        }
        let mut regions = [0u64; 64];
        // For each region: the blocks it is healthy for, and the blocks around it.
        let mut healthy = [0u64; 64];
        let mut around = [0u64; 64];
        let mut nregions = 0;
        let mut rest = self.all & !me;
        while rest != 0 {
            let s = rest & rest.wrapping_neg();
            let r = self.flood(s, !me & self.all);
            rest &= !r;
            let border = self.nb(r) & me;
            let mut h = 0u64;
            let mut a = 0u64;
            for (i, (&b, &l)) in blocks[..nblocks].iter().zip(&libs[..nblocks]).enumerate() {
                if b & border != 0 {
                    a |= 1 << i;
                    if r & empty & !l == 0 {
                        h |= 1 << i;
                    }
                }
            }
            regions[nregions] = r;
            healthy[nregions] = h;
            around[nregions] = a;
            nregions += 1;
        }
        let mut alive: u64 = if nblocks == 64 {
            u64::MAX
        } else {
            (1 << nblocks) - 1
        };
        let mut live_regions: u64 = if nregions == 64 {
            u64::MAX
        } else {
            (1 << nregions) - 1
        };
        loop {
            let mut changed = false;
            for i in 0..nblocks {
                if alive & (1 << i) == 0 {
                    continue;
                }
                let mut count = 0;
                let mut r = live_regions;
                while r != 0 {
                    let j = r.trailing_zeros() as usize;
                    r &= r - 1;
                    if healthy[j] & (1 << i) != 0 {
                        count += 1;
                    }
                }
                if count < 2 {
                    alive &= !(1 << i);
                    changed = true;
                }
            }
            let mut r = live_regions;
            while r != 0 {
                let j = r.trailing_zeros() as usize;
                r &= r - 1;
                if around[j] & !alive != 0 {
                    live_regions &= !(1 << j);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        if alive == 0 {
            return (0, 0);
        }
        let mut safe = 0u64;
        let mut a = alive;
        while a != 0 {
            let i = a.trailing_zeros() as usize;
            a &= a - 1;
            safe |= blocks[i];
        }
        let mut clean = 0u64;
        let mut r = live_regions;
        while r != 0 {
            let j = r.trailing_zeros() as usize;
            r &= r - 1;
            if healthy[j] & alive != 0 {
                safe |= regions[j];
                if regions[j] & opp == 0 {
                    clean |= regions[j];
                }
            }
        }
        // Beyond Benson: a region bordered only by alive blocks whose points away from
        // them (its interior) hold no two points apart cannot hold two eyes of the
        // opponent, nor a seki (it holds no stone of `me`); the owner fills its other
        // points from the alive blocks and takes what is left.
        for j in 0..nregions {
            let r = regions[j];
            if r & safe != 0 || around[j] == 0 || around[j] & !alive != 0 {
                continue;
            }
            let interior = r & !self.nb(safe & me);
            if self.too_small_for_two_eyes(interior) {
                safe |= r;
                if r & opp == 0 {
                    clean |= r;
                }
            }
        }
        (safe, clean)
    }

    /// Whether two eyes cannot be made of the points `interior`: it holds at most one
    /// point, or two next to each other (two eyes need two points apart).
    fn too_small_for_two_eyes(&self, interior: u64) -> bool {
        match interior.count_ones() {
            0 | 1 => true,
            2 => {
                let a = interior & interior.wrapping_neg();
                self.nb(a) & interior != 0
            }
            _ => false,
        }
    }

    #[inline]
    fn transform(&self, s: usize, mut b: u64) -> u64 {
        let p = &self.perm[s];
        let mut out = 0u64;
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            out |= 1 << p[i];
        }
        out
    }

    /// The least image of `(me, opp)` under the symmetries, and the symmetry giving it.
    fn canonical(&self, me: u64, opp: u64) -> (u64, u64, usize) {
        let mut best = (me, opp, 0);
        for s in 1..self.perm.len() {
            let (a, b) = (self.transform(s, me), self.transform(s, opp));
            if (a, b) < (best.0, best.1) {
                best = (a, b, s);
            }
        }
        best
    }
}

/// The encoding of a pass among moves (points are 0..64).
const PASS: u8 = 64;
/// No move stored.
const NONE: u8 = 255;
/// No earlier board refused a move below.
const INDEPENDENT: usize = usize::MAX;

#[derive(Clone, Copy, Default)]
struct Entry {
    me: u64,
    opp: u64,
    /// bit 0: used; bit 1: the side to move may end the game by passing.
    flags: u8,
    lower: i8,
    upper: i8,
    /// The best move in the canonical orientation.
    best: u8,
    /// log2 of the nodes spent on the entry (replacement priority).
    work: u8,
    /// The boards the lower bound rests on, in the entry's orientation.
    seen_lo: Seen,
    /// The boards the upper bound rests on.
    seen_hi: Seen,
    /// A heuristic value from a search `depth` moves deep: a lower bound when `est_kind`
    /// is 1, an upper bound when 2 (0: none). It orders and prunes the search, never
    /// proves anything.
    est: i8,
    est_kind: u8,
    depth: u8,
}

/// A summary of a set of boards (from the side to move's view): the points that hold a
/// stone of a colour in every board and in some board. A board outside these bounds is not
/// in the set, so a stored bound none of whose own boards (those made by the moves of the
/// side it favours) is on the current path is valid on that path too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seen {
    and_me: u64,
    or_me: u64,
    and_opp: u64,
    or_opp: u64,
}

impl Default for Seen {
    fn default() -> Self {
        Seen::one(0, 0)
    }
}

impl Seen {
    /// The summary of no board at all.
    const NONE: Seen = Seen {
        and_me: u64::MAX,
        or_me: 0,
        and_opp: u64::MAX,
        or_opp: 0,
    };

    fn one(me: u64, opp: u64) -> Seen {
        Seen {
            and_me: me,
            or_me: me,
            and_opp: opp,
            or_opp: opp,
        }
    }

    #[inline]
    fn add(&mut self, o: &Seen) {
        self.and_me &= o.and_me;
        self.or_me |= o.or_me;
        self.and_opp &= o.and_opp;
        self.or_opp |= o.or_opp;
    }

    /// The same summary with the colours exchanged.
    fn swapped(self) -> Seen {
        Seen {
            and_me: self.and_opp,
            or_me: self.or_opp,
            and_opp: self.and_me,
            or_opp: self.or_me,
        }
    }

    /// Whether the board `(me, opp)` may be in the set.
    #[inline]
    fn may_hold(&self, me: u64, opp: u64) -> bool {
        me & self.and_me == self.and_me
            && me & !self.or_me == 0
            && opp & self.and_opp == self.and_opp
            && opp & !self.or_opp == 0
    }
}

/// Buckets of two entries: one kept by work, one always replaced.
struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    fn new(bits: u8) -> Table {
        let buckets = 1usize << bits.clamp(4, 30);
        Table {
            slots: vec![Entry::default(); 2 * buckets],
            mask: buckets - 1,
        }
    }

    #[inline]
    fn bucket(&self, me: u64, opp: u64, flags: u8) -> usize {
        let h = mix(me ^ mix(opp ^ u64::from(flags) << 62));
        (h as usize & self.mask) * 2
    }

    fn probe(&self, me: u64, opp: u64, flags: u8) -> Option<Entry> {
        let b = self.bucket(me, opp, flags);
        self.slots[b..b + 2]
            .iter()
            .find(|e| e.flags == flags && e.me == me && e.opp == opp)
            .copied()
    }

    fn store(&mut self, e: Entry) {
        let b = self.bucket(e.me, e.opp, e.flags);
        let same = |x: &Entry| x.flags == e.flags && x.me == e.me && x.opp == e.opp;
        if let Some(i) = (b..b + 2).find(|&i| same(&self.slots[i])) {
            let old = self.slots[i];
            let (lower, seen_lo) = if e.lower >= old.lower {
                (e.lower, e.seen_lo)
            } else {
                (old.lower, old.seen_lo)
            };
            let (upper, seen_hi) = if e.upper <= old.upper {
                (e.upper, e.seen_hi)
            } else {
                (old.upper, old.seen_hi)
            };
            self.slots[i] = Entry {
                lower,
                upper,
                seen_lo,
                seen_hi,
                best: if e.best != NONE { e.best } else { old.best },
                work: old.work.max(e.work),
                est: if e.est_kind != 0 { e.est } else { old.est },
                est_kind: if e.est_kind != 0 {
                    e.est_kind
                } else {
                    old.est_kind
                },
                depth: if e.est_kind != 0 { e.depth } else { old.depth },
                ..e
            };
            return;
        }
        if self.slots[b].flags == 0 || e.work >= self.slots[b].work {
            self.slots[b + 1] = self.slots[b];
            self.slots[b] = e;
        } else {
            self.slots[b + 1] = e;
        }
    }
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The node limit was reached.
struct Abort;

/// What a search found about a node, from the side to move's view.
struct Found {
    /// A proved lower bound of the value.
    lo: i32,
    /// A proved upper bound.
    hi: i32,
    /// A heuristic value in `[lo, hi]`.
    est: i32,
    /// The smallest path index of a board whose ban of a repeating move the lower bound
    /// rests on ([`INDEPENDENT`] when none above the node).
    dep_lo: usize,
    /// The same for the upper bound.
    dep_hi: usize,
    /// The boards (black, white) the lower bound rests on.
    seen_lo: Seen,
    /// The boards the upper bound rests on.
    seen_hi: Seen,
}

pub(crate) struct Solver {
    g: Geometry,
    table: Table,
    /// Every board from the start, `(black, white)`.
    path: Vec<(u64, u64)>,
    history: [u32; 65],
    pub(crate) nodes: u64,
    max_nodes: u64,
}

/// A position of the search: the boards seen, the side to move, whether the last move was
/// a pass.
pub(crate) struct Start {
    pub(crate) boards: Vec<(u64, u64)>,
    pub(crate) black_to_move: bool,
    pub(crate) passed: bool,
}

impl Solver {
    pub(crate) fn new(width: usize, height: usize, table_bits: u8, max_nodes: u64) -> Solver {
        Solver {
            g: Geometry::new(width, height),
            table: Table::new(table_bits.min((width * height + 8).min(30) as u8)),
            path: Vec::new(),
            history: [0; 65],
            nodes: 0,
            max_nodes,
        }
    }

    /// The mover's view of the current board.
    fn sides(&self, black: bool) -> (u64, u64) {
        let (b, w) = *self.path.last().unwrap_or(&(0, 0));
        if black {
            (b, w)
        } else {
            (w, b)
        }
    }

    fn repeats(&self, b: u64, w: u64) -> Option<usize> {
        self.path.iter().position(|&x| x == (b, w))
    }

    /// A summary mapped by the permutation `perm`.
    fn map_seen(&self, perm: &[u8; 64], x: Seen) -> Seen {
        let t = |mut b: u64| {
            let mut out = 0u64;
            while b != 0 {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                out |= 1 << perm[i];
            }
            out
        };
        Seen {
            and_me: t(x.and_me),
            or_me: t(x.or_me),
            and_opp: t(x.and_opp),
            or_opp: t(x.or_opp),
        }
    }

    /// Depth-limited null-window search (`alpha = beta - 1`) of proven bounds: the least
    /// and greatest value (for the side to move: its area minus the other's) that best play
    /// can still give, as far as this search shows, and a heuristic value inside them
    /// ([`Found`]). At the horizon the bounds are those of the safe points and the
    /// heuristic value is [`Geometry::estimate`]. A move whose heuristic value reaches
    /// `beta` stops the search of its siblings, like a proven one: the next, deeper
    /// iteration follows it first, so only the heuristic value is a guess.
    fn search(&mut self, black: bool, passed: bool, beta: i32, depth: u32) -> Result<Found, Abort> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Abort);
        }
        let alpha = beta - 1;
        let n = self.g.n as i32;
        let (me, opp) = self.sides(black);
        let (safe_me, clean_me) = self.g.benson(me, opp);
        let (safe_opp, clean_opp) = self.g.benson(opp, me);
        let mut f = Found {
            lo: 2 * safe_me.count_ones() as i32 - n,
            hi: n - 2 * safe_opp.count_ones() as i32,
            est: 0,
            dep_lo: INDEPENDENT,
            dep_hi: INDEPENDENT,
            seen_lo: Seen::NONE,
            seen_hi: Seen::NONE,
        };
        let pass_value = if passed {
            // Passing ends the game now, whatever the safe points say.
            let v = self.g.area_diff(me, opp);
            f.lo = f.lo.max(v);
            f.hi = f.hi.max(v);
            Some(v)
        } else {
            None
        };
        if f.lo >= beta || f.hi <= alpha || f.lo >= f.hi {
            f.est = f.lo.max(f.hi.min(0));
            return Ok(f);
        }
        let flags = 1 | if passed { 2 } else { 0 };
        let (cm, co, sym) = self.g.canonical(me, opp);
        let here = self.path.len() - 1;
        let mut tt_move = NONE;
        let mut tt_est = None;
        if let Some(e) = self.table.probe(cm, co, flags) {
            if e.best != NONE {
                tt_move = if e.best == PASS {
                    PASS
                } else {
                    self.g.inv[sym][e.best as usize]
                };
            }
            // A stored bound holds here unless it rests on a board of the path above.
            if i32::from(e.lower) > f.lo {
                let mut es = self.map_seen(&self.g.inv[sym], e.seen_lo);
                if !black {
                    es = es.swapped();
                }
                if !self.path[..here].iter().any(|&(b, w)| es.may_hold(b, w)) {
                    f.lo = i32::from(e.lower);
                    f.seen_lo = es;
                }
            }
            if i32::from(e.upper) < f.hi {
                let mut es = self.map_seen(&self.g.inv[sym], e.seen_hi);
                if !black {
                    es = es.swapped();
                }
                if !self.path[..here].iter().any(|&(b, w)| es.may_hold(b, w)) {
                    f.hi = i32::from(e.upper);
                    f.seen_hi = es;
                }
            }
            if u32::from(e.depth) >= depth {
                let est = i32::from(e.est);
                if (e.est_kind == 1 && est >= beta) || (e.est_kind == 2 && est <= alpha) {
                    tt_est = Some(est);
                }
            }
        }
        if f.lo >= beta || f.hi <= alpha || f.lo >= f.hi {
            f.hi = f.hi.max(f.lo);
            f.est = f.lo.max(f.hi.min(0));
            return Ok(f);
        }
        if let Some(est) = tt_est {
            f.est = est.clamp(f.lo, f.hi);
            return Ok(f);
        }
        if depth == 0 {
            f.est = self.g.estimate(me, opp).clamp(f.lo, f.hi);
            return Ok(f);
        }
        let nodes_before = self.nodes;
        // The upper bound of all moves rests on every move being tried: a move refused by
        // a repetition makes it depend on the board repeated.
        let mut acc_dep = INDEPENDENT;
        let mut moves: [(i32, u8, u64, u64); 65] = [(0, 0, 0, 0); 65];
        let mut count = 0;
        let mut cand = self.g.all & !(me | opp) & !clean_me & !clean_opp;
        while cand != 0 {
            let p = cand.trailing_zeros() as usize;
            cand &= cand - 1;
            let Some((me2, opp2)) = self.g.play(me, opp, p) else {
                continue;
            };
            let board = if black { (me2, opp2) } else { (opp2, me2) };
            if let Some(i) = self.repeats(board.0, board.1) {
                acc_dep = acc_dep.min(i);
                continue;
            }
            let captures = (opp2 != opp) as i32;
            // The table's move, then the heuristic value of the child, then captures,
            // the history heuristic and central points.
            let key = if p as u8 == tt_move {
                i32::MAX
            } else {
                captures * 8 + self.history[p] as i32 * 16 - self.g.centrality[p]
                    + 64 * self.g.estimate(me2, opp2)
            };
            moves[count] = (key, p as u8, board.0, board.1);
            count += 1;
        }
        moves[..count].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        // The greatest upper bound of the moves tried (ending the game included).
        let mut acc_hi = pass_value.unwrap_or(i32::MIN);
        let mut acc_seen = Seen::NONE;
        let mut best_move = if pass_value.is_some() { PASS } else { NONE };
        let mut best_est = pass_value.unwrap_or(i32::MIN);
        // The pass: ends the game after a pass (scored above), else searched first when
        // the table says so, last otherwise.
        let pass_first = !passed && tt_move == PASS;
        let total = count + usize::from(!passed);
        let mut complete = true;
        for k in 0..total {
            if best_est >= beta || f.lo >= beta {
                complete = false;
                break;
            }
            let is_pass = if pass_first { k == 0 } else { k == count };
            let (c, mv, created) = if is_pass {
                (
                    self.search(!black, true, -alpha, depth - 1)?,
                    PASS,
                    Seen::NONE,
                )
            } else {
                let idx = if pass_first { k - 1 } else { k };
                let (_, p, b, w) = moves[idx];
                self.path.push((b, w));
                let r = self.search(!black, false, -alpha, depth - 1);
                self.path.pop();
                (r?, p, Seen::one(b, w))
            };
            // The child's upper bound is this move's lower bound, and the other way round.
            let (vlo, vhi, vest) = (-c.hi, -c.lo, -c.est);
            if vlo > f.lo {
                f.lo = vlo;
                f.dep_lo = c.dep_hi;
                // The bound rests on the board this move makes and on the boards the
                // child's bound rests on.
                f.seen_lo = c.seen_hi;
                f.seen_lo.add(&created);
            }
            acc_hi = acc_hi.max(vhi);
            acc_dep = acc_dep.min(c.dep_lo);
            acc_seen.add(&c.seen_lo);
            if vest > best_est || best_move == NONE {
                best_est = vest;
                best_move = mv;
            }
        }
        if best_est >= beta && best_move != PASS && best_move != NONE {
            let h = &mut self.history[best_move as usize];
            *h = h.saturating_add(1);
        }
        if complete && acc_hi < f.hi {
            f.hi = acc_hi;
            f.dep_hi = acc_dep;
            f.seen_hi = acc_seen;
        }
        f.hi = f.hi.max(f.lo);
        f.est = best_est.clamp(f.lo, f.hi);
        let stored = if best_move == NONE || best_move == PASS {
            best_move
        } else {
            self.g.perm[sym][best_move as usize]
        };
        let work = 64 - (self.nodes - nodes_before).leading_zeros();
        let canon = |x: Seen| {
            let mine = if black { x } else { x.swapped() };
            self.map_seen(&self.g.perm[sym], mine)
        };
        let (lower, seen_lo) = if f.dep_lo >= here {
            f.dep_lo = INDEPENDENT;
            (f.lo, canon(f.seen_lo))
        } else {
            (-n, Seen::NONE)
        };
        let (upper, seen_hi) = if f.dep_hi >= here {
            f.dep_hi = INDEPENDENT;
            (f.hi, canon(f.seen_hi))
        } else {
            (n, Seen::NONE)
        };
        self.table.store(Entry {
            me: cm,
            opp: co,
            flags,
            lower: lower as i8,
            upper: upper as i8,
            best: stored,
            work: work as u8,
            seen_lo,
            seen_hi,
            est: f.est as i8,
            est_kind: if f.est >= beta { 1 } else { 2 },
            depth: depth.min(255) as u8,
        });
        Ok(f)
    }

    /// Decides "is the value (for the side to move) at least `v`?" by iterative deepening.
    fn at_least(&mut self, black: bool, passed: bool, v: i32) -> Result<bool, Abort> {
        let mut depth = 1;
        loop {
            let Found { lo, hi, .. } = self.search(black, passed, v, depth)?;
            if lo >= v {
                return Ok(true);
            }
            if hi < v {
                return Ok(false);
            }
            depth = next_depth(depth);
        }
    }

    /// The exact value for the side to move: null-window tests by iterative deepening,
    /// halving the interval of possible values; the interval reached when the node limit
    /// stops it.
    fn value(&mut self, black: bool, passed: bool) -> Result<i32, (i32, i32)> {
        let n = self.g.n as i32;
        let (mut lower, mut upper) = (-n, n);
        let mut depth = 1;
        while lower < upper {
            // Test "at least beta?" in the middle of what is left.
            let beta = lower + (upper - lower + 1) / 2;
            let Ok(Found { lo, hi, .. }) = self.search(black, passed, beta, depth) else {
                return Err((lower, upper));
            };
            lower = lower.max(lo);
            upper = upper.min(hi);
            if lo < beta && hi >= beta {
                depth = next_depth(depth);
            }
        }
        Ok(lower)
    }

    /// Solves from `start`: the value for the side to move, its best move and a principal
    /// variation to the end of the game (in point indices, `PASS` for a pass).
    fn solve(&mut self, start: &Start) -> Result<(i32, Vec<u8>), (i32, i32)> {
        self.path = start.boards.clone();
        let value = self.value(start.black_to_move, start.passed)?;
        // Walk down a principal variation: at each node take a move whose child is proved
        // to keep the value.
        let mut pv = Vec::new();
        let (mut black, mut passed, mut v) = (start.black_to_move, start.passed, value);
        loop {
            let (me, opp) = self.sides(black);
            if passed && self.g.area_diff(me, opp) == v {
                pv.push(PASS);
                break;
            }
            let mut next = None;
            let mut tried: Vec<(u8, u64, u64)> = Vec::new();
            for p in 0..self.g.n {
                if let Some((me2, opp2)) = self.g.play(me, opp, p) {
                    let board = if black { (me2, opp2) } else { (opp2, me2) };
                    if self.repeats(board.0, board.1).is_none() {
                        tried.push((p as u8, board.0, board.1));
                    }
                }
            }
            let first = {
                let (cm, co, sym) = self.g.canonical(me, opp);
                let flags = 1 | if passed { 2 } else { 0 };
                match self.table.probe(cm, co, flags).map(|e| e.best) {
                    Some(b) if b != NONE && b != PASS => self.g.inv[sym][b as usize],
                    other => other.unwrap_or(NONE),
                }
            };
            tried.sort_by_key(|&(p, _, _)| (p != first, self.g.centrality[p as usize]));
            if !passed {
                if first == PASS {
                    tried.insert(0, (PASS, 0, 0));
                } else {
                    tried.push((PASS, 0, 0));
                }
            }
            for (p, b, w) in tried {
                let ok = if p == PASS {
                    // The child's value is at most -v.
                    !self
                        .at_least(!black, true, -v + 1)
                        .map_err(|_| (value, value))?
                } else {
                    self.path.push((b, w));
                    let r = self.at_least(!black, false, -v + 1);
                    if r.is_err() {
                        self.path.pop();
                    }
                    let keeps = !r.map_err(|_| (value, value))?;
                    if !keeps {
                        self.path.pop();
                    }
                    keeps
                };
                if ok {
                    next = Some(p);
                    break;
                }
            }
            let Some(p) = next else {
                // Cannot happen when the value is right; stop the variation here.
                break;
            };
            pv.push(p);
            if p == PASS {
                if passed {
                    break;
                }
                passed = true;
            } else {
                passed = false;
            }
            black = !black;
            v = -v;
        }
        Ok((value, pv))
    }
}

/// The next depth of iterative deepening: one more while shallow, then about an eighth
/// more each time (proofs on tiny boards can run hundreds of moves deep along ko fights).
fn next_depth(depth: u32) -> u32 {
    depth + 1 + depth / 8
}

/// Solves from `start` on a `width × height` board (at most 64 points) and reports the
/// solution with Black's score in half points after komi.
pub(crate) fn solve_start(
    width: usize,
    height: usize,
    start: &Start,
    komi_halves: i32,
    table_bits: u8,
    max_nodes: u64,
    point_of: impl Fn(usize) -> Move,
) -> Result<BoardSolution, SolveError> {
    let mut solver = Solver::new(width, height, table_bits, max_nodes);
    let sign = if start.black_to_move { 1 } else { -1 };
    let to_black = |v: i32| 2 * sign * v - komi_halves;
    match solver.solve(start) {
        Ok((value, pv)) => {
            let pv: Vec<Move> = pv
                .into_iter()
                .map(|p| {
                    if p == PASS {
                        Move::Pass
                    } else {
                        point_of(p as usize)
                    }
                })
                .collect();
            Ok(BoardSolution {
                score_halves: to_black(value),
                best_move: pv.first().copied().unwrap_or(Move::Pass),
                pv,
                nodes: solver.nodes,
            })
        }
        Err((lower, upper)) => {
            let (a, b) = (to_black(lower), to_black(upper));
            Err(SolveError::NodeLimit {
                limit: max_nodes,
                lower_halves: a.min(b),
                upper_halves: a.max(b),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn benson_finds_two_eyes_and_not_one() {
        // 3×3: a black wall on the middle column with... two one-point eyes on 3x2.
        // Board 3 wide, 2 high: B . B / B B B  -> one eye only.
        let g = Geometry::new(3, 2);
        let me = 0b111_101;
        assert_eq!(g.benson(me, 0), (0, 0));
        // 4 wide, 2 high: . B . B / B B B B -> two eyes: the whole board is safe, and the
        // two eyes hold no enemy stone.
        let g = Geometry::new(4, 2);
        let me = 0b1111_1010;
        assert_eq!(g.benson(me, 0), (0xFF, 0b0101));
    }

    #[test]
    fn regions_too_small_for_two_eyes_are_safe_beyond_benson() {
        // 4×4: . X . X / X X X X / X . O X / . . . .  Black's block is alive by its two
        // eyes; the bottom region holds a white stone and two points (B1, C1) that are not
        // Black's liberties: not healthy for Benson, but too small for two white eyes.
        let g = Geometry::new(4, 4);
        let me = 1 << 1 | 1 << 3 | 0xF0 | 1 << 8 | 1 << 11;
        let opp = 1 << 10;
        assert_eq!(g.benson(me, opp), (0xFFFF, 0b101));
        // Without the white stone the region holds no enemy stone: its moves are pruned.
        assert_eq!(g.benson(me, 0), (0xFFFF, 0xFFFF & !me));
        // Three points in a row away from Black's stones could hold two eyes.
        let g = Geometry::new(5, 4);
        let me = 1 << 1 | 1 << 3 | 0x3E0 | 1 << 10 | 1 << 14;
        let (safe, _) = g.benson(me, 0);
        assert_eq!(safe & (1 << 16), 0);
        assert!(g.too_small_for_two_eyes(0));
        assert!(g.too_small_for_two_eyes(1 << 16 | 1 << 17));
        assert!(!g.too_small_for_two_eyes(1 << 16 | 1 << 18));
    }

    #[test]
    fn play_captures_and_refuses_suicide() {
        let g = Geometry::new(2, 2);
        // White on 0, black on 1: black at 2 takes it.
        assert_eq!(g.play(0b0010, 0b0001, 2), Some((0b0110, 0)));
        // White's stone on 0 next to black 1 and 2: white at 3 is a suicide? No: black
        // stones 1, 2 lose their last liberty 3 and are taken.
        assert_eq!(g.play(0b0001, 0b0110, 3), Some((0b1001, 0)));
        // Filling the last liberty of a string takes it.
        assert_eq!(g.play(0, 0b0111, 3), Some((0b1000, 0)));
        // A stone with no liberty that takes nothing: a suicide.
        assert_eq!(g.play(0, 0b0110, 0), None);
    }

    #[test]
    fn symmetries_are_permutations() {
        for (w, h) in [(3, 3), (4, 3), (1, 5)] {
            let g = Geometry::new(w, h);
            assert_eq!(g.perm.len(), if w == h { 8 } else { 4 });
            for p in &g.perm {
                let mut seen: Vec<u8> = p[..w * h].to_vec();
                seen.sort_unstable();
                assert_eq!(seen, (0..(w * h) as u8).collect::<Vec<_>>());
            }
        }
    }
}
