//! The fast tiny-board solver: bitboards (at most 64 points), the board's symmetries and
//! the exchange of colours in the table key, score bounds from Benson's unconditional
//! life, and threshold tests "is the value at least `t`?" decided by depth-first
//! proof-number search (df-pn), halving the interval of possible scores, over a bounded
//! table keyed by the position alone.
//!
//! # Proof-number search
//!
//! Each test is a two-valued game in negamax form: a node is proved when a move leads to
//! a child that is disproved for the other side (with threshold `1 − t`), disproved when
//! every move (the pass included) leads to a proved child. Proof numbers are the least
//! disproof number of the children; disproof numbers are *weak*: the largest proof number
//! of the open children plus one for each other open child, since sums blow up over the
//! many transpositions of capture fights. A child is first valued by the safe points and
//! the table, else by [`Geometry::estimate`] (a child that looks good for the mover is
//! tried first). The thresholds of the selected child follow df-pn with the 1 + ε trick
//! (ε = 1/4; without it the search thrashes).
//!
//! A table entry keeps the proved bounds of the value (the greatest `t` proved, the least
//! disproved), so a test reuses the proofs of every earlier test, and the proof and
//! disproof numbers of the last open test.
//!
//! # History
//!
//! Under positional superko the legal moves depend on the boards seen before. Every
//! solved result carries the smallest path index of an earlier board whose presence
//! refused a move of the side the result goes against, and a summary of the boards made by
//! the moves of the side it favours. It is stored only when no board from the path above
//! the node refused such a move, and it is reused on another path only when no board of
//! that path can be among the boards it made: then every move of the proof is legal there
//! too, and the other side has no move the proof did not answer (a board of the new path
//! can only forbid more of its moves). A result resting on a board above the node is kept
//! by its parent for as long as the parent's search lasts (the path above is the same),
//! never stored; so only a solved entry ends a search at the table, and unsolved numbers
//! stay finite.
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
/// No earlier board refused a move below.
const INDEPENDENT: usize = usize::MAX;

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

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The node limit was reached.
struct Abort;

/// Proof and disproof numbers at least this large stand for infinity.
const INF: u32 = u32::MAX / 4;

/// A df-pn table entry on a canonical board: the proved bounds of the value for the side
/// to move, each with the boards its proof rests on (made by the moves of the side it
/// favours, in the entry's orientation), and the proof and disproof numbers of the last
/// open question "at least `t`?".
#[derive(Clone, Copy)]
struct PnEntry {
    me: u64,
    opp: u64,
    /// bit 0: used; bit 1: the side to move may end the game by passing.
    flags: u8,
    /// log2 of the nodes spent (replacement priority).
    work: u8,
    /// The value is at least `lo`...
    lo: i8,
    /// ... and at most `hi`.
    hi: i8,
    /// The question the numbers are for.
    t: i8,
    pn: u32,
    dn: u32,
    seen_lo: Seen,
    seen_hi: Seen,
}

impl Default for PnEntry {
    fn default() -> Self {
        PnEntry {
            me: 0,
            opp: 0,
            flags: 0,
            work: 0,
            lo: i8::MIN,
            hi: i8::MAX,
            t: i8::MIN,
            pn: 1,
            dn: 1,
            seen_lo: Seen::NONE,
            seen_hi: Seen::NONE,
        }
    }
}

/// Buckets of two df-pn entries: one kept by work, one always replaced.
struct PnTable {
    slots: Vec<PnEntry>,
    mask: usize,
}

impl PnTable {
    fn new(bits: u8) -> PnTable {
        let buckets = 1usize << bits.clamp(4, 30);
        PnTable {
            slots: vec![PnEntry::default(); 2 * buckets],
            mask: buckets - 1,
        }
    }

    #[inline]
    fn bucket(&self, me: u64, opp: u64, flags: u8) -> usize {
        let h = mix(me ^ mix(opp ^ u64::from(flags) << 62));
        (h as usize & self.mask) * 2
    }

    fn probe(&self, me: u64, opp: u64, flags: u8) -> Option<&PnEntry> {
        let b = self.bucket(me, opp, flags);
        self.slots[b..b + 2]
            .iter()
            .find(|e| e.flags == flags && e.me == me && e.opp == opp)
    }

    /// The entry of a board, made (replacing the one of less work) when missing.
    fn slot(&mut self, me: u64, opp: u64, flags: u8, work: u8) -> &mut PnEntry {
        let b = self.bucket(me, opp, flags);
        let same = |x: &PnEntry| x.flags == flags && x.me == me && x.opp == opp;
        let i = if let Some(i) = (b..b + 2).find(|&i| same(&self.slots[i])) {
            i
        } else {
            let i = if self.slots[b].flags == 0 || work >= self.slots[b].work {
                self.slots[b + 1] = self.slots[b];
                b
            } else {
                b + 1
            };
            self.slots[i] = PnEntry {
                me,
                opp,
                flags,
                ..PnEntry::default()
            };
            i
        };
        let e = &mut self.slots[i];
        e.work = e.work.max(work);
        e
    }
}

/// What df-pn found about a node: its proof and disproof numbers and, once solved, what
/// the result rests on (as [`Found`] does for bounds).
#[derive(Clone, Copy)]
struct PnFound {
    pn: u32,
    dn: u32,
    /// The smallest path index of a board whose ban of a move of the side the result
    /// goes against it rests on.
    dep: usize,
    /// The boards made by the moves of the side the result favours.
    seen: Seen,
}

impl PnFound {
    const PROVED: PnFound = PnFound {
        pn: 0,
        dn: INF,
        dep: INDEPENDENT,
        seen: Seen::NONE,
    };
    const DISPROVED: PnFound = PnFound {
        pn: INF,
        dn: 0,
        dep: INDEPENDENT,
        seen: Seen::NONE,
    };

    fn solved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// A child of a df-pn node: the move, the board it makes and what is known below it.
#[derive(Clone, Copy)]
struct PnChild {
    mv: u8,
    b: u64,
    w: u64,
    found: PnFound,
}

impl Solver {
    /// The stored df-pn entry for the side to move (`black`) on the board `(me, opp)`
    /// whose board index on the path is `here` (the boards above it are `path[..here]`),
    /// as proof numbers valid on this path: a solved entry resting on a board above is
    /// taken as unsolved.
    fn pn_probe(
        &self,
        black: bool,
        me: u64,
        opp: u64,
        passed: bool,
        t: i32,
        here: usize,
    ) -> Option<PnFound> {
        let (cm, co, sym) = self.g.canonical(me, opp);
        let flags = 1 | if passed { 2 } else { 0 };
        let e = self.table.probe(cm, co, flags)?;
        let valid = |seen: Seen| {
            let mut es = self.map_seen(&self.g.inv[sym], seen);
            if !black {
                es = es.swapped();
            }
            (!self.path[..here].iter().any(|&(b, w)| es.may_hold(b, w))).then_some(es)
        };
        if i32::from(e.lo) >= t {
            if let Some(seen) = valid(e.seen_lo) {
                return Some(PnFound {
                    seen,
                    ..PnFound::PROVED
                });
            }
        }
        if i32::from(e.hi) < t {
            if let Some(seen) = valid(e.seen_hi) {
                return Some(PnFound {
                    seen,
                    ..PnFound::DISPROVED
                });
            }
        }
        (i32::from(e.t) == t).then_some(PnFound {
            pn: e.pn,
            dn: e.dn,
            dep: INDEPENDENT,
            seen: Seen::NONE,
        })
    }

    /// The static result of "at least `t`?" for the side to move: proved or disproved by
    /// the safe points, or by ending the game with a pass after a pass.
    fn pn_static(&self, me: u64, opp: u64, passed: bool, t: i32) -> Option<PnFound> {
        let n = self.g.n as i32;
        if passed && self.g.area_diff(me, opp) >= t {
            return Some(PnFound::PROVED);
        }
        let (safe_me, _) = self.g.benson(me, opp);
        if 2 * safe_me.count_ones() as i32 - n >= t {
            return Some(PnFound::PROVED);
        }
        let (safe_opp, _) = self.g.benson(opp, me);
        let hi = n - 2 * safe_opp.count_ones() as i32;
        if hi < t && !(passed && self.g.area_diff(me, opp) >= t) {
            return Some(PnFound::DISPROVED);
        }
        None
    }

    /// Depth-first proof-number search of "is the value for the side to move at least
    /// `t`?" below the current path, within the thresholds.
    fn mid(
        &mut self,
        black: bool,
        passed: bool,
        t: i32,
        th_pn: u32,
        th_dn: u32,
    ) -> Result<PnFound, Abort> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Abort);
        }
        let (me, opp) = self.sides(black);
        if let Some(f) = self.pn_static(me, opp, passed, t) {
            return Ok(f);
        }
        let here = self.path.len() - 1;
        // Only a solved entry ends the search here: the caller's numbers for this node
        // are its own (they may rest on this path), so unsolved nodes are expanded.
        if let Some(f) = self.pn_probe(black, me, opp, passed, t, here) {
            if f.solved() {
                return Ok(f);
            }
        }
        let nodes_before = self.nodes;
        let (_, clean_me) = self.g.benson(me, opp);
        let (_, clean_opp) = self.g.benson(opp, me);
        let mut refused = INDEPENDENT;
        let mut children: Vec<PnChild> = Vec::with_capacity(self.g.n + 1);
        let mut cand = self.g.all & !(me | opp) & !clean_me & !clean_opp;
        while cand != 0 {
            let p = cand.trailing_zeros() as usize;
            cand &= cand - 1;
            let Some((me2, opp2)) = self.g.play(me, opp, p) else {
                continue;
            };
            let (b, w) = if black { (me2, opp2) } else { (opp2, me2) };
            if let Some(i) = self.repeats(b, w) {
                refused = refused.min(i);
                continue;
            }
            let found = match self.pn_static(opp2, me2, false, 1 - t) {
                Some(f) => f,
                None => match self.pn_probe(!black, opp2, me2, false, 1 - t, here + 1) {
                    Some(f) => f,
                    None => {
                        // Moves whose child looks good for us are tried first.
                        let good = self.g.estimate(me2, opp2) >= t;
                        PnFound {
                            pn: if good { 2 } else { 1 },
                            dn: if good { 1 } else { 2 },
                            dep: INDEPENDENT,
                            seen: Seen::NONE,
                        }
                    }
                },
            };
            children.push(PnChild {
                mv: p as u8,
                b,
                w,
                found,
            });
        }
        // Among equal numbers the first child is taken: central points first.
        children.sort_by_key(|c| self.g.centrality[c.mv as usize]);
        if !passed {
            // The pass; after a pass, passing ends the game (scored statically above).
            let found = match self.pn_static(opp, me, true, 1 - t) {
                Some(f) => f,
                None => self
                    .pn_probe(!black, opp, me, true, 1 - t, here)
                    .unwrap_or(PnFound {
                        pn: 2,
                        dn: 2,
                        dep: INDEPENDENT,
                        seen: Seen::NONE,
                    }),
            };
            let (b, w) = self.path[here];
            children.push(PnChild {
                mv: PASS,
                b,
                w,
                found,
            });
        }
        let result = loop {
            // Weak disproof numbers (the largest child's plus one for each other open
            // child) do not blow up over the many transpositions of capture fights.
            let mut pn = INF;
            let (mut dn_max, mut open) = (0u32, 0u32);
            let (mut best, mut dn2) = (usize::MAX, INF);
            for (i, c) in children.iter().enumerate() {
                if c.found.pn != 0 {
                    dn_max = dn_max.max(c.found.pn);
                    open += 1;
                }
                if c.found.dn < pn {
                    dn2 = pn;
                    pn = c.found.dn;
                    best = i;
                } else if c.found.dn < dn2 {
                    dn2 = c.found.dn;
                }
            }
            let dn = if open == 0 {
                0
            } else {
                dn_max.saturating_add(open - 1).min(INF)
            };
            if pn == 0 {
                // Proved by the move to a child the opponent loses.
                let c = children[best];
                let mut seen = c.found.seen;
                if c.mv != PASS {
                    seen.add(&Seen::one(c.b, c.w));
                }
                break PnFound {
                    pn: 0,
                    dn: INF,
                    dep: c.found.dep,
                    seen,
                };
            }
            if dn == 0 {
                // Every move (the pass included) loses: disproved.
                let mut seen = Seen::NONE;
                let mut dep = refused;
                for c in &children {
                    seen.add(&c.found.seen);
                    dep = dep.min(c.found.dep);
                }
                break PnFound {
                    pn: INF,
                    dn: 0,
                    dep,
                    seen,
                };
            }
            if pn >= th_pn || dn >= th_dn {
                // Unsolved numbers stay finite: an infinite one here rests on a child
                // whose result holds on this path only.
                break PnFound {
                    pn: pn.min(INF - 1),
                    dn: dn.min(INF - 1),
                    dep: INDEPENDENT,
                    seen: Seen::NONE,
                };
            }
            let c = children[best];
            let child_th_pn = th_dn.saturating_sub(dn).saturating_add(c.found.pn).min(INF);
            let child_th_dn = th_pn
                .min(dn2.saturating_add(dn2 / 4).saturating_add(1))
                .min(INF);
            let f = if c.mv == PASS {
                self.mid(!black, true, 1 - t, child_th_pn, child_th_dn)
            } else {
                self.path.push((c.b, c.w));
                let r = self.mid(!black, false, 1 - t, child_th_pn, child_th_dn);
                self.path.pop();
                r
            }?;
            children[best].found = f;
        };
        let (cm, co, sym) = self.g.canonical(me, opp);
        let work = 64 - (self.nodes - nodes_before).leading_zeros();
        let mut result = result;
        let flags = 1 | if passed { 2 } else { 0 };
        if result.solved() {
            if result.dep >= here {
                result.dep = INDEPENDENT;
                let mine = if black {
                    result.seen
                } else {
                    result.seen.swapped()
                };
                let seen = self.map_seen(&self.g.perm[sym], mine);
                let e = self.table.slot(cm, co, flags, work as u8);
                if result.pn == 0 && i32::from(e.lo) < t {
                    e.lo = t as i8;
                    e.seen_lo = seen;
                } else if result.dn == 0 && i32::from(e.hi) >= t {
                    e.hi = (t - 1) as i8;
                    e.seen_hi = seen;
                }
            }
            // Else it rests on a board above: only the caller keeps it.
        } else {
            let e = self.table.slot(cm, co, flags, work as u8);
            e.t = t as i8;
            e.pn = result.pn;
            e.dn = result.dn;
        }
        Ok(result)
    }

    /// Decides "is the value for the side to move at least `t`?" by df-pn from the
    /// current path.
    fn at_least(&mut self, black: bool, passed: bool, t: i32) -> Result<bool, Abort> {
        loop {
            let f = self.mid(black, passed, t, INF, INF)?;
            if f.solved() {
                return Ok(f.pn == 0);
            }
        }
    }
}

pub(crate) struct Solver {
    g: Geometry,
    table: PnTable,
    /// Every board from the start, `(black, white)`.
    path: Vec<(u64, u64)>,
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
            table: PnTable::new(table_bits.min((width * height + 8).min(30) as u8)),
            path: Vec::new(),
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

    /// The exact value for the side to move: threshold tests by df-pn, halving the
    /// interval of possible values; the interval reached when the node limit stops it.
    fn value(&mut self, black: bool, passed: bool) -> Result<i32, (i32, i32)> {
        let n = self.g.n as i32;
        let (mut lower, mut upper) = (-n, n);
        while lower < upper {
            // Test "at least t?" in the middle of what is left.
            let t = lower + (upper - lower + 1) / 2;
            match self.at_least(black, passed, t) {
                Ok(true) => lower = t,
                Ok(false) => upper = t - 1,
                Err(Abort) => return Err((lower, upper)),
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
            // Central points first, the pass last.
            tried.sort_by_key(|&(p, _, _)| self.g.centrality[p as usize]);
            if !passed {
                tried.push((PASS, 0, 0));
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
