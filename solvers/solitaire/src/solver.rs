//! The full-information solver: with the whole stock order known, can the deal be won?
//!
//! Depth-first search over the game's moves with a transposition table of positions known
//! to be lost and the following dominances, each proved here.
//!
//! 1. **Waste piles are interchangeable.** Nothing in the rules tells the piles apart, so
//!    permuting them maps a winning line to a winning line. The table stores positions
//!    with the piles sorted, and of several piles with identical contents the turned card
//!    is tried on the first only.
//! 2. **The last card a foundation needs goes there at once.** Every foundation needs each
//!    rank once and the deck holds exactly as many cards of a rank as foundations need it,
//!    so when only one foundation `f` still needs rank `r`, exactly one card of rank `r`
//!    is left and its only destination is `f`. If that card is the turned card or a waste
//!    top and fits `f` now, playing it at once loses nothing: take any winning line that
//!    plays it later; before that moment nothing else can go onto `f` (it needs `r`), and
//!    every other move stays legal when the card is already home (a card that the line
//!    puts on the pile above it lands on the card beneath instead, and tops coincide again
//!    once the line moves it). So the solver plays such a move and tries nothing else.
//! 3. **Commuting moves in one order.** Two moves *commute* when neither touches the
//!    other's pile or foundation: a waste top `X` going from pile `w` to foundation `f`
//!    neither depends on nor changes what a move elsewhere reads (`w`'s top, `f`'s level),
//!    and turning a card touches no pile or foundation. Order the steps: a turn and a
//!    placement of the turned card before every waste move, waste moves by (pile,
//!    foundation). Among the lines that differ from a winning line only by swapping
//!    commuting neighbours, the least (compared step by step) wins too and has no
//!    commuting neighbours out of order (swapping them would give a lesser line). The
//!    solver only searches such lines: after a waste move `w`→`f`, the next move must touch
//!    `w` or `f` (the turned card put on `w`, the card under `X` going home, a card going
//!    onto `f`) or be a waste move from a later pile, or from `w` to a later foundation;
//!    once the stock is used up, the remaining moves are free. The pending requirement is
//!    part of the table's key. Moves forced by the second dominance carry no requirement
//!    (any winning line from the position after them can be put in this form on its own).
//!    An earlier form allowed only moves touching `w` or `f`, and lost lines in which one
//!    waste move needs two others, from different piles to different foundations, made
//!    first (`tests/lean.rs` holds such a position).
//! 4. **Transpositions.** Independent moves in different orders reach the same position;
//!    the table of lost positions (with the pending requirement) stops a second search.
//! 5. **Dead positions.** A card that can never go home, because every foundation that
//!    could take it first needs a rank all of whose remaining cards are stuck beneath it
//!    (below it in its pile, or below cards of other piles that are themselves held back
//!    by it: the argument of `dead`), makes the position lost without search, which lets
//!    the solver prove deals lost.
//!
//! The exhaustive search runs as limited discrepancy search: moves are ordered (the turned
//! card home first, then waste tops home, then the waste pile the rule-based player would
//! choose), and iteration `d` only follows lines that leave that order at most `d` times;
//! after six such iterations a last one has no limit. A position with no win within a
//! budget is remembered with that budget, so later iterations skip what they already
//! refuted, and a loss is only reported from a search that skipped nothing.
//!
//! Before it, [`solve`] runs a beam search (see `beam.rs`): layers of positions with the
//! same number of cards turned, each position's children merged when equal up to the order
//! of the piles, and the best few by an evaluation of how well the waste piles will unwind
//! kept, with the width growing from 1 to 16,384 while 90% of the node budget lasts, the
//! last beam's width fitted to the nodes left (a beam cut short by the limit is wasted).
//! The beam proves nothing unless no layer was cut; it finds winning lines fast, and every
//! line is replayed.
//! [`SolveMethod::DepthFirst`] skips it.
//!
//! A search that reaches its node or time limit answers [`Solution::Unknown`]; a win comes
//! with its line, which [`solve`] replays from the deal before returning it.

use crate::beam::Beam;
use crate::deal::Deal;
use crate::game::Calculation;
use crate::position::{Move, MoveError, Position};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A fast hasher for the solver's 256-bit keys (multiply and rotate per word); the keys
/// are packed positions, not input from anyone who could choose collisions.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

type Table = HashMap<[u64; 4], u16, BuildHasherDefault<KeyHasher>>;
use std::time::{Duration, Instant};

/// Limits of one solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveLimits {
    /// Positions to visit at most.
    pub nodes: u64,
    /// Wall-clock time at most.
    pub time: Option<Duration>,
}

impl Default for SolveLimits {
    fn default() -> Self {
        SolveLimits {
            nodes: 5_000_000,
            time: None,
        }
    }
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// The deal can be won by these moves (checked by replaying them).
    Win(Vec<Move>),
    /// No sequence of moves wins.
    Loss,
    /// A limit was reached first.
    Unknown,
}

/// The answer and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    /// Win (with a line), loss, or unknown.
    pub solution: Solution,
    /// Positions visited.
    pub nodes: u64,
}

struct Search<'a> {
    stock: &'a [u8],
    /// Positions where no win was found: with the discrepancy budget searched, or
    /// [`PROVED`] when the search below was complete.
    lost: Table,
    /// Some branch was skipped for lack of discrepancies in this iteration.
    nodes: u64,
    limits: SolveLimits,
    start: Instant,
    line: Vec<Move>,
    aborted: bool,
}

/// Decides whether `deal` can be won with every card known.
///
/// ```
/// use cgtk_solitaire::{solve, Deal, Rules, Solution, SolveLimits};
/// let rules = Rules::new(5, 2, 1).unwrap();
/// // One waste pile: the 3 parked under the 5 blocks the foundation by 1 forever.
/// let lost = Deal::new(rules, vec![3, 5, 4, 1, 3, 4, 5, 2]).unwrap();
/// assert_eq!(solve(&lost, SolveLimits::default()).solution, Solution::Loss);
/// let won = Deal::new(rules, vec![2, 3, 4, 5, 4, 1, 3, 5]).unwrap();
/// assert!(matches!(solve(&won, SolveLimits::default()).solution, Solution::Win(_)));
/// ```
pub fn solve(deal: &Deal, limits: SolveLimits) -> SolveReport {
    solve_with(deal, limits, SolveMethod::default())
}

/// How [`solve_with`] searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SolveMethod {
    /// Beam searches of growing width look for a win first (up to 90% of the node limit),
    /// then the exhaustive depth-first search runs with what is left: the default.
    #[default]
    BeamFirst,
    /// The exhaustive depth-first search alone (the method before beams were added; kept
    /// for comparison).
    DepthFirst,
    /// One breadth-first search through the stock, layer by layer, with no limit on a
    /// layer's width: exhaustive (it proves a loss whenever it ends within the node
    /// limit), with every transposition within a layer merged.
    BreadthFirst,
}

/// The widths of the beams [`SolveMethod::BeamFirst`] tries, in order (the last one tried
/// is fitted to the nodes left: see [`fitted_width`]).
const BEAM_WIDTHS: [usize; 7] = [1, 8, 64, 256, 1024, 4096, 16384];

/// The share of the node limit, in percent, that [`SolveMethod::BeamFirst`] gives its
/// beams; the depth-first search has the rest. The beams find nearly every win, and the
/// exhaustive search decides nothing else on standard deals within budgets like 10^5 or
/// 10^6 nodes, so most of the budget goes to the beams.
const BEAM_SHARE_PERCENT: u64 = 90;

/// The width of the `i`-th beam of `widths` (planned `planned`) with `left` nodes left for
/// beams, when earlier beams needed at most `per_width` nodes per unit of width (0 before
/// the first), and whether it is the last beam to run.
///
/// A beam cut short by the node limit is wasted (it proves nothing and rarely wins), so
/// the widths are fitted: when the nodes left would not run this beam and the next one
/// to the end, this beam gets the widest width the nodes left are expected to run (never
/// more than the widest planned), and is the last.
fn fitted_width(
    widths: &[usize],
    i: usize,
    planned: usize,
    left: u64,
    per_width: u64,
) -> (usize, bool) {
    let Some(&widest) = widths.last() else {
        return (planned, true);
    };
    if per_width == 0 || planned == usize::MAX {
        return (planned, i + 1 == widths.len());
    }
    let fits = usize::try_from(left / per_width).unwrap_or(usize::MAX);
    let next = widths.get(i + 1).copied().unwrap_or(usize::MAX);
    if fits < planned.saturating_add(next) {
        (fits.clamp(1, widest), true)
    } else {
        (planned, i + 1 == widths.len())
    }
}

/// [`solve`] with a choice of method. Both methods answer the same whenever both decide:
/// a win is replayed before it is returned, and only the exhaustive search reports losses.
///
/// ```
/// use cgtk_solitaire::{solve_with, Deal, Rules, Solution, SolveLimits, SolveMethod};
/// let deal = Deal::from_seed(Rules::STANDARD, 2);
/// for method in [SolveMethod::BeamFirst, SolveMethod::DepthFirst] {
///     let report = solve_with(&deal, SolveLimits::default(), method);
///     assert!(matches!(report.solution, Solution::Win(_)));
/// }
/// ```
pub fn solve_with(deal: &Deal, limits: SolveLimits, method: SolveMethod) -> SolveReport {
    solve_from(deal, &[], Position::start(deal.rules()), limits, method)
}

/// [`solve_with`] from the position that `prefix` (moves from the start of `deal`) reaches,
/// before the next card is turned: can the game still be won? A winning line continues
/// `prefix` and is replayed after it before it is returned. A refused move of `prefix`
/// comes back with its index.
///
/// ```
/// use cgtk_solitaire::{solve_after, Deal, Move, Rules, Solution, SolveLimits, SolveMethod};
/// let rules = Rules::new(5, 2, 1).unwrap();
/// let deal = Deal::new(rules, vec![2, 3, 4, 5, 4, 1, 3, 5]).unwrap();
/// let (limits, method) = (SolveLimits::default(), SolveMethod::default());
/// // The first card, a 2, parked on the pile instead of going home: still winnable, by a
/// // line that brings it home first.
/// let report = solve_after(&deal, &[Move::StockToWaste(0)], limits, method).unwrap();
/// let Solution::Win(line) = report.solution else { panic!("winnable") };
/// assert_eq!(line[0].to_string(), "w1-f1");
/// // A move the rules refuse comes back with its index.
/// let refused = solve_after(&deal, &[Move::StockToFoundation(1)], limits, method);
/// assert_eq!(refused.unwrap_err().0, 0);
/// ```
pub fn solve_after(
    deal: &Deal,
    prefix: &[Move],
    limits: SolveLimits,
    method: SolveMethod,
) -> Result<SolveReport, (usize, MoveError)> {
    let mut pos = Position::start(deal.rules());
    for (i, &mv) in prefix.iter().enumerate() {
        play_turning(&mut pos, deal.stock(), mv).map_err(|e| (i, e))?;
    }
    Ok(solve_from(deal, prefix, pos, limits, method))
}

/// Plays `mv` in a game of the stock order `stock`, first turning the next card when one
/// must be turned (as [`Calculation`] does), but on a bare position, so that the points
/// before a turn can be searched.
pub(crate) fn play_turning(pos: &mut Position, stock: &[u8], mv: Move) -> Result<(), MoveError> {
    if pos.is_chance() {
        pos.turn_unchecked(stock[stock.len() - pos.unseen_total()]);
    }
    pos.play(mv)
}

/// The search of [`solve_with`] from `pos`, reached from the start of `deal` by `prefix`.
fn solve_from(
    deal: &Deal,
    prefix: &[Move],
    pos: Position,
    limits: SolveLimits,
    method: SolveMethod,
) -> SolveReport {
    let start = Instant::now();
    let mut nodes = 0u64;
    let win = |line: Vec<Move>, nodes: u64| -> Option<SolveReport> {
        let whole: Vec<Move> = prefix.iter().chain(&line).copied().collect();
        match Calculation::replay(deal.clone(), &whole) {
            Ok(game) if game.is_won() => Some(SolveReport {
                solution: Solution::Win(line),
                nodes,
            }),
            // A line that does not replay would be a bug; never report it as a win.
            _ => None,
        }
    };
    if dead(&pos) {
        return SolveReport {
            solution: Solution::Loss,
            nodes,
        };
    }
    let (widths, share): (&[usize], u64) = match method {
        SolveMethod::BeamFirst => (&BEAM_WIDTHS, limits.nodes / 100 * BEAM_SHARE_PERCENT),
        SolveMethod::BreadthFirst => (&[usize::MAX], limits.nodes),
        SolveMethod::DepthFirst => (&[], 0),
    };
    // The most nodes a beam has needed per unit of width so far.
    let mut per_width = 0u64;
    for (i, &planned) in widths.iter().enumerate() {
        if nodes >= share || limits.time.is_some_and(|t| start.elapsed() > t) {
            break;
        }
        let (width, last) = fitted_width(widths, i, planned, share - nodes, per_width);
        let before = nodes;
        match crate::beam::beam_search(
            pos,
            deal.stock(),
            width,
            &mut nodes,
            share,
            start,
            limits.time,
        ) {
            Beam::Won(line) => {
                if let Some(report) = win(line, nodes) {
                    return report;
                }
            }
            Beam::Lost => {
                return SolveReport {
                    solution: Solution::Loss,
                    nodes,
                }
            }
            Beam::Open => {}
        }
        if width != usize::MAX {
            per_width = per_width.max((nodes - before).div_ceil(width as u64));
        }
        if last {
            break;
        }
    }
    if method == SolveMethod::BreadthFirst {
        return SolveReport {
            solution: Solution::Unknown,
            nodes,
        };
    }
    let rest = SolveLimits {
        nodes: limits.nodes.saturating_sub(nodes),
        time: limits.time.map(|t| t.saturating_sub(start.elapsed())),
    };
    let mut search = Search::new(deal.stock(), rest);
    let verdict = search.run(pos);
    let nodes = nodes + search.nodes;
    match verdict {
        Some(true) => {
            let line = std::mem::take(&mut search.line);
            win(line, nodes).unwrap_or(SolveReport {
                solution: Solution::Unknown,
                nodes,
            })
        }
        Some(false) => SolveReport {
            solution: Solution::Loss,
            nodes,
        },
        None => SolveReport {
            solution: Solution::Unknown,
            nodes,
        },
    }
}

/// A full-information search from a position of a game in progress, with `rest` the
/// order of the cards still face down (its length is the position's
/// [`unseen_total`](Position::unseen_total)). Several positions with the same `rest`
/// share one table of refuted positions (used by the determinized player).
pub(crate) struct Determinized<'a> {
    search: Search<'a>,
}

impl<'a> Determinized<'a> {
    /// A search over the stock order `rest`, with `nodes` positions allowed per call.
    pub(crate) fn new(rest: &'a [u8], nodes: u64) -> Self {
        Determinized {
            search: Search::new(rest, SolveLimits { nodes, time: None }),
        }
    }

    /// Can `pos` (whose face-down cards come in the order given) be won: `Some(true)`,
    /// `Some(false)` (proved), or `None` when the node limit came first.
    pub(crate) fn winnable(&mut self, pos: Position) -> Option<bool> {
        debug_assert_eq!(pos.unseen_total(), self.search.stock.len());
        self.search.nodes = 0;
        self.search.aborted = false;
        self.search.line.clear();
        self.search.run(pos)
    }
}

impl<'a> Search<'a> {
    fn new(stock: &'a [u8], limits: SolveLimits) -> Self {
        Search {
            stock,
            lost: Table::default(),
            nodes: 0,
            limits,
            start: Instant::now(),
            line: Vec::new(),
            aborted: false,
        }
    }

    /// Limited discrepancy search: iteration d allows d departures from the preferred move
    /// order along a line; the last iteration is a complete search. `Some(true)` for a win
    /// (its line in `self.line`), `Some(false)` for a proved loss, `None` when a limit
    /// came first.
    fn run(&mut self, pos: Position) -> Option<bool> {
        if dead(&pos) {
            return Some(false);
        }
        for budget in 0..=MAX_DISCREPANCIES {
            let budget = if budget == MAX_DISCREPANCIES {
                PROVED
            } else {
                budget
            };
            match self.dfs(&mut pos.clone(), None, budget) {
                Found::Win => return Some(true),
                Found::Lost { complete: true } if !self.aborted => return Some(false),
                _ => {}
            }
            if self.aborted {
                return None;
            }
        }
        None
    }
}

/// The budget that stands for "no limit": a loss found with it is proved.
const PROVED: u16 = u16::MAX;
/// Iterations with a limited number of discrepancies before the complete search.
const MAX_DISCREPANCIES: u16 = 6;

/// What a search below a position found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    Win,
    /// No win; `complete` when no branch was skipped for lack of discrepancies.
    Lost {
        complete: bool,
    },
}

/// After a waste move from pile `w` to foundation `f`: the next move must touch `w` or `f`
/// or be a later waste move (the third dominance).
pub(crate) type Pending = Option<(u8, u8)>;

/// Packs a position (piles sorted) and the pending requirement into 256 bits: foundation
/// levels, the turned card, the number of unseen cards, pile lengths and pile cards, 4 or
/// 6 bits each, then the requirement (its foundation, and the sorted rank of its pile among
/// the piles, which identical piles share). With the deal fixed, this determines the
/// search state exactly.
pub(crate) fn key(pos: &Position, pending: Pending) -> [u64; 4] {
    let canon = pos.canonical();
    let mut bits = [0u64; 4];
    let mut at = 0usize;
    let mut put = |value: u64, width: usize| {
        let (word, shift) = (at / 64, at % 64);
        bits[word] |= value << shift;
        if shift + width > 64 {
            bits[word + 1] |= value >> (64 - shift);
        }
        at += width;
    };
    let rules = pos.rules();
    for f in 0..rules.foundations() {
        put(canon.level(f) as u64, 4);
    }
    put(canon.turned().unwrap_or(0) as u64, 4);
    put(canon.unseen_total() as u64, 6);
    for w in 0..rules.piles() {
        put(canon.pile(w).len() as u64, 6);
    }
    for w in 0..rules.piles() {
        for &card in canon.pile(w) {
            put(card as u64, 4);
        }
    }
    if let Some((w, f)) = pending {
        // The pile's place among the sorted piles (the first of equal ones).
        let pile = pos.pile(w as usize);
        let sorted = (0..rules.piles())
            .position(|v| canon.pile(v) == pile)
            .unwrap_or(0);
        put(1, 1);
        put(f as u64, 2);
        put(sorted as u64, 2);
    }
    bits
}

/// True when `pos` can no longer be won, by a counting argument (the fifth fact the solver
/// uses, for proving deals lost).
///
/// Fix a card X on a waste pile and call a card *stuck* when it cannot go home before X
/// has left its pile. X itself and the cards below X are stuck (a card leaves a pile only
/// from the top, and only to a foundation). A card Z on another pile is stuck when, for
/// **each** foundation `g` still needing Z's rank, some rank that `g` needs before Z's
/// has every card not yet home stuck: `g` cannot receive such a card before X has left, so
/// Z cannot go onto `g` before then either; and the cards below a stuck Z are stuck too.
/// (By induction on the order in which cards are found stuck, each is still off the
/// foundations until X has left.) Cards in the stock and the turned card are never stuck.
///
/// If for each foundation `f` still needing X's rank some rank `f` needs before X's has
/// every card not yet home stuck, X can never go home: `f` would have to receive such a
/// card first, and none can arrive before X leaves. The position is then lost. (The deck
/// holds exactly as many cards of a rank as foundations still need it, so "every card of
/// rank S not yet home" numbers the foundations still needing S.)
///
/// Two earlier forms of the test are special cases: one rank needed first by every such
/// foundation, all of whose cards lie below X; and a rank per foundation, without the
/// stuck cards of other piles.
pub(crate) fn dead(pos: &Position) -> bool {
    let needs = Needs::new(pos);
    let ranks = pos.rules().ranks() as usize;
    for w in 0..pos.rules().piles() {
        // below: the cards of each rank in the pile up to X; below_full: the ranks all of
        // whose cards not home are among them (kept as X climbs the pile).
        let mut below = [0u8; 14];
        let mut below_full = 0u16;
        for &x in pos.pile(w) {
            let x = x as usize;
            if x > ranks {
                continue;
            }
            // Stuck so far: X and the cards below it.
            below[x] += 1;
            if below[x] == needs.missing[x] {
                below_full |= 1 << x;
            }
            if below_full != 0 && needs.holds_back(pos, w, x, below, below_full) {
                return true;
            }
        }
    }
    false
}

/// What [`dead`] knows of the foundations of a position.
struct Needs {
    foundations: usize,
    /// `before[f][x]`: the ranks foundation `f` needs before `x` (a bit per rank), for the
    /// `x` that `f` still needs.
    before: [[u16; 14]; crate::rules::MAX_FOUNDATIONS],
    /// `needers[x]`: the foundations still needing `x` (a bit per foundation).
    needers: [u8; 14],
    /// `missing[x]`: the cards of rank `x` not home yet (the foundations still needing it).
    missing: [u8; 14],
}

impl Needs {
    fn new(pos: &Position) -> Needs {
        let rules = pos.rules();
        let mut needs = Needs {
            foundations: rules.foundations(),
            before: [[0u16; 14]; crate::rules::MAX_FOUNDATIONS],
            needers: [0u8; 14],
            missing: [0u8; 14],
        };
        for f in 0..needs.foundations {
            let mut seen = 0u16;
            for l in pos.level(f) + 1..=rules.ranks() {
                let rank = rules.foundation_card(f, l) as usize;
                needs.before[f][rank] = seen;
                needs.needers[rank] |= 1 << f;
                needs.missing[rank] += 1;
                seen |= 1 << rank;
            }
        }
        needs
    }

    /// A card of rank `x` is held back when each foundation needing it needs first a rank
    /// of `full` (ranks all of whose cards not home are stuck).
    fn held(&self, x: usize, full: u16) -> bool {
        self.missing[x] > 0
            && full != 0
            && (0..self.foundations)
                .filter(|&f| self.needers[x] & (1 << f) != 0)
                .all(|f| self.before[f][x] & full != 0)
    }

    /// Whether X (rank `x`, on pile `w`) can never go home, given the cards `stuck` so far
    /// (X and those below it, by rank) and the ranks `full` all of whose cards not home
    /// are among them: the stuck cards of the other piles are grown to a fixed point
    /// (`depth[v]` cards at the bottom of pile `v` are stuck), then X is tested.
    fn holds_back(
        &self,
        pos: &Position,
        w: usize,
        x: usize,
        mut stuck: [u8; 14],
        mut full: u16,
    ) -> bool {
        let mut depth = [0usize; crate::rules::MAX_PILES];
        loop {
            let mut grew = false;
            for v in (0..pos.rules().piles()).filter(|&v| v != w) {
                let other = pos.pile(v);
                // The highest card of v above the stuck part that is held back.
                if let Some(j) = (depth[v]..other.len())
                    .rev()
                    .find(|&j| self.held(other[j] as usize, full))
                {
                    for &z in &other[depth[v]..=j] {
                        let z = z as usize;
                        stuck[z] += 1;
                        if stuck[z] == self.missing[z] {
                            full |= 1 << z;
                        }
                    }
                    depth[v] = j + 1;
                    grew = true;
                }
            }
            if !grew {
                return self.held(x, full);
            }
        }
    }
}

/// A move the second dominance forces, if any: the last card its foundation needs.
fn forced_move(pos: &Position) -> Option<Move> {
    let rules = pos.rules();
    let only_home = |rank: u8| -> Option<usize> {
        let mut home = None;
        for f in 0..rules.foundations() {
            if rules.level_of(f, rank) > pos.level(f) {
                if home.is_some() {
                    return None;
                }
                home = Some(f);
            }
        }
        home.filter(|&f| pos.needs(f) == Some(rank))
    };
    if let Some(card) = pos.turned() {
        if let Some(f) = only_home(card) {
            return Some(Move::StockToFoundation(f as u8));
        }
    }
    for w in 0..rules.piles() {
        if let Some(&top) = pos.pile(w).last() {
            if let Some(f) = only_home(top) {
                return Some(Move::WasteToFoundation {
                    pile: w as u8,
                    foundation: f as u8,
                });
            }
        }
    }
    None
}

impl Search<'_> {
    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.limits.nodes {
            self.aborted = true;
        } else if let Some(time) = self.limits.time {
            if self.nodes % 4096 == 0 && self.start.elapsed() > time {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Searches `pos` (the next card not yet turned if it is a chance node) allowing
    /// `budget` departures from the preferred order.
    fn dfs(&mut self, pos: &mut Position, mut pending: Pending, budget: u16) -> Found {
        if pos.is_won() {
            return Found::Win;
        }
        if pos.is_chance() {
            let next = self.stock.len() - pos.unseen_total();
            pos.turn_unchecked(self.stock[next]);
        }
        if pos.turned().is_none() {
            // The stock is used up: the remaining waste moves are free.
            pending = None;
        }
        let k = key(pos, pending);
        if let Some(&searched) = self.lost.get(&k) {
            if searched == PROVED || searched >= budget {
                return Found::Lost {
                    complete: searched == PROVED,
                };
            }
        }
        if self.nodes >= self.limits.nodes {
            // The limit is spent: stop before counting another position, so no search
            // reports more than its limit (a dead position is counted and refuted below
            // without looking at the limit).
            self.aborted = true;
            return Found::Lost { complete: false };
        }
        self.nodes += 1;
        if dead(pos) {
            self.lost.insert(k, PROVED);
            return Found::Lost { complete: true };
        }
        if self.out_of_budget() {
            return Found::Lost { complete: false };
        }
        let forced = if pending.is_none() {
            forced_move(pos)
        } else {
            None
        };
        let moves = match forced {
            Some(mv) => vec![mv],
            None => self.ordered_moves(pos, pending),
        };
        let mut complete = true;
        for (i, mv) in moves.into_iter().enumerate() {
            let cost = u16::from(i > 0);
            if cost > budget {
                complete = false;
                break;
            }
            let mut child = *pos;
            child.play_unchecked(mv);
            self.line.push(mv);
            let next_pending = match mv {
                Move::WasteToFoundation { pile, foundation } if forced.is_none() => {
                    Some((pile, foundation))
                }
                _ => None,
            };
            let child_budget = if budget == PROVED {
                PROVED
            } else {
                budget - cost
            };
            match self.dfs(&mut child, next_pending, child_budget) {
                Found::Win => return Found::Win,
                Found::Lost { complete: c } => complete &= c,
            }
            self.line.pop();
            if self.aborted {
                return Found::Lost { complete: false };
            }
        }
        self.lost.insert(k, if complete { PROVED } else { budget });
        Found::Lost { complete }
    }

    /// Legal moves, foundation moves first, the turned card tried on one pile of each set
    /// of identical piles (the first dominance).
    fn ordered_moves(&self, pos: &Position, pending: Pending) -> Vec<Move> {
        let mut all = Vec::with_capacity(24);
        pos.moves(&mut all);
        if let Some((w, f)) = pending {
            all.retain(|&m| match m {
                Move::StockToFoundation(g) => g == f,
                Move::StockToWaste(v) => v == w,
                Move::WasteToFoundation { pile, foundation } => {
                    pile == w || foundation == f || (pile, foundation) > (w, f)
                }
            });
        }
        let mut moves: Vec<Move> = all
            .iter()
            .copied()
            .filter(|m| !matches!(m, Move::StockToWaste(_)))
            .collect();
        // Foundation moves of the turned card first, then waste tops.
        moves.sort_by_key(|m| !matches!(m, Move::StockToFoundation(_)));
        let mut to_waste: Vec<Move> = Vec::new();
        for &m in &all {
            if let Move::StockToWaste(w) = m {
                let w = w as usize;
                // One pile of each set of identical piles.
                if (0..w).any(|v| {
                    all.contains(&Move::StockToWaste(v as u8)) && pos.pile(v) == pos.pile(w)
                }) {
                    continue;
                }
                to_waste.push(m);
            }
        }
        // Try the pile the rule-based player would choose first.
        if let Some(Move::StockToWaste(w)) = crate::players::rule_based_move(pos) {
            if let Some(i) = to_waste.iter().position(|&m| {
                matches!(m, Move::StockToWaste(v) if pos.pile(v as usize) == pos.pile(w as usize))
            }) {
                let m = to_waste.remove(i);
                to_waste.insert(0, m);
            }
        }
        moves.extend(to_waste);
        moves
    }
}

/// Decides whether `deal` can be won by trying every sequence of legal moves, with no
/// table and no dominance: the slow reference the solver is tested against (small decks
/// only).
///
/// ```
/// use cgtk_solitaire::{brute_force_winnable, Deal, Rules};
/// let rules = Rules::new(5, 2, 1).unwrap();
/// assert!(!brute_force_winnable(&Deal::new(rules, vec![3, 5, 4, 1, 3, 4, 5, 2]).unwrap()));
/// ```
pub fn brute_force_winnable(deal: &Deal) -> bool {
    winnable_from(&Calculation::new(deal.clone()))
}

/// Whether `game` can be won from where it stands, trying every legal move (no table, no
/// dominance): the search of [`brute_force_winnable`], which the tests also start from
/// positions in mid-game.
fn winnable_from(game: &Calculation) -> bool {
    if game.is_won() {
        return true;
    }
    let mut moves = Vec::new();
    game.position().moves(&mut moves);
    moves.into_iter().any(|mv| {
        let mut next = game.clone();
        next.play(mv).is_ok() && winnable_from(&next)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// Walks every line of `game`, checking that each position `dead` calls lost is lost by
    /// brute force; returns how many dead positions it met.
    fn check_dead(game: &Calculation, seen: &mut u64) {
        if dead(game.position()) {
            *seen += 1;
            assert!(!winnable_from(game), "{:?}", game.position());
            return;
        }
        let mut moves = Vec::new();
        game.position().moves(&mut moves);
        for mv in moves {
            let mut next = game.clone();
            assert!(next.play(mv).is_ok());
            check_dead(&next, seen);
        }
    }

    #[test]
    fn dead_positions_are_lost_by_brute_force() {
        // Five ranks, two foundations, one or two piles, and five ranks, three foundations,
        // one pile: every line of 40 deals.
        for (foundations, piles) in [(2, 1), (2, 2), (3, 1)] {
            let rules = Rules::new(5, foundations, piles).unwrap_or(Rules::STANDARD);
            let mut seen = 0;
            for seed in 0..40 {
                check_dead(&Calculation::new(Deal::from_seed(rules, seed)), &mut seen);
            }
            assert!(seen > 10, "{rules}: only {seen} dead positions met");
        }
    }

    /// The dead test with the ranks fully stuck below X recounted for every X, as first
    /// written (the reference for [`dead`], which keeps them as X climbs the pile; both
    /// grow the other piles' stuck cards by [`Needs::holds_back`]).
    fn dead_reference(pos: &Position) -> bool {
        let needs = Needs::new(pos);
        let ranks = pos.rules().ranks() as usize;
        for w in 0..pos.rules().piles() {
            let mut below = [0u8; 14];
            for &x in pos.pile(w) {
                let x = x as usize;
                below[x] += 1;
                let full = (1..=ranks)
                    .filter(|&r| needs.missing[r] > 0 && below[r] == needs.missing[r])
                    .fold(0u16, |full, r| full | 1 << r);
                if full != 0 && needs.holds_back(pos, w, x, below, full) {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn the_dead_test_equals_its_reference_form_along_random_games() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
        let (mut fired, mut positions) = (0, 0);
        for (rules, games) in [
            (Rules::STANDARD, 300),
            (Rules::new(13, 4, 3).unwrap_or(Rules::STANDARD), 300),
            (Rules::new(7, 3, 2).unwrap_or(Rules::STANDARD), 300),
        ] {
            for seed in 0..games {
                let mut game = Calculation::new(Deal::from_seed(rules, seed));
                loop {
                    let pos = *game.position();
                    let verdict = dead(&pos);
                    assert_eq!(verdict, dead_reference(&pos), "{pos:?}");
                    fired += usize::from(verdict);
                    positions += 1;
                    let Some(mv) = crate::players::random_move(&pos, &mut rng) else {
                        break;
                    };
                    assert!(game.play(mv).is_ok());
                }
            }
        }
        assert!(
            positions > 40_000 && fired > 100,
            "{fired} dead of {positions}"
        );
    }

    #[test]
    fn beam_widths_are_fitted_to_the_nodes_left() {
        let widths = [1, 8, 64];
        // The first beam: nothing is known of its cost.
        assert_eq!(fitted_width(&widths, 0, 1, 10, 0), (1, false));
        // Room for this beam and the next: as planned (8 + 64 widths at 100 nodes each).
        assert_eq!(fitted_width(&widths, 1, 8, 100 * 72, 100), (8, false));
        // Room for this one but not the next too: all of it now, and last.
        assert_eq!(fitted_width(&widths, 1, 8, 100 * 20, 100), (20, true));
        // Not even room for this one: narrower, at least 1.
        assert_eq!(fitted_width(&widths, 1, 8, 100 * 3, 100), (3, true));
        assert_eq!(fitted_width(&widths, 1, 8, 10, 100), (1, true));
        // The last beam: never wider than the widest planned.
        assert_eq!(fitted_width(&widths, 2, 64, 100 * 1000, 100), (64, true));
        assert_eq!(fitted_width(&widths, 2, 64, 100 * 50, 100), (50, true));
        // An uncut beam is never narrowed.
        assert_eq!(
            fitted_width(&[usize::MAX], 0, usize::MAX, 5, 100),
            (usize::MAX, true)
        );
    }

    #[test]
    fn the_solver_proves_small_deals_lost() {
        let rules = Rules::new(7, 2, 1).unwrap_or(Rules::STANDARD);
        let lost = (0..50)
            .filter(|&seed| {
                let deal = Deal::from_seed(rules, seed);
                let report = solve(&deal, SolveLimits::default());
                assert_ne!(report.solution, Solution::Unknown);
                if report.solution == Solution::Loss {
                    assert!(!brute_force_winnable(&deal));
                }
                report.solution == Solution::Loss
            })
            .count();
        assert!(lost > 0);
    }
}
