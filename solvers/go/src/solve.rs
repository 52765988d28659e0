//! Exact values of whole tiny boards under area scoring, with positional (or situational)
//! superko decided over the whole history.
//!
//! Two searches are here.
//!
//! - [`SolveMethod::Fast`] (the default; module `tiny`): bitboards, the board's 8 (square)
//!   or 4 (rectangle) symmetries and the exchange of colours in the table key, score bounds
//!   from Benson's unconditional life, and threshold tests ("is the score at least t?")
//!   halving the interval of possible scores, each decided by depth-first proof-number
//!   search over a bounded two-slot table keyed by the position alone. A table entry keeps
//!   the proved bounds of the value, so later tests reuse earlier proofs. A solved result
//!   also keeps a summary of the boards its proof makes by the moves of the side it favours
//!   (the points that are stones of a colour in all of them and in any of them); it is
//!   reused only where no board of the current path can be among them, and it is stored
//!   only when no board above it on the path refused a move of the other side below it.
//!   Under that rule a stored result is valid for every history that reaches the position.
//!   2×2 takes about 190 nodes, 3×3 about 2.1·10³, 4×3 4.4·10⁴, 4×4 2.1·10⁶.
//! - [`SolveMethod::HistoryKeyed`] and [`SolveMethod::NoTable`]: plain null-window
//!   alpha-beta whose table, if any, is keyed by the position *and* the set of positions
//!   seen (a Zobrist-style XOR of their keys), exact but with few transpositions. Slow; the
//!   tests compare both searches on small boards.
//!
//! What the fast search assumes, like published solvers (van der Werf et al. 2003): the
//! owner of a Benson-safe region (or of a region bordered by Benson-alive blocks and too
//! small for two eyes of the opponent) can always remove enemy stones from it before the
//! game ends (a superko ban could in principle stop that), and moves inside a safe region
//! that holds no enemy stone are never needed.

use crate::position::{Go, Komi, Rules};
use crate::types::{Color, Move};
use cgtk_core::{Game, PositionKey};
use std::collections::HashMap;
use thiserror::Error;

/// Which search [`solve_position`] runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SolveMethod {
    /// Bitboards (boards of at most 64 points), symmetry, Benson bounds, df-pn over score
    /// thresholds and a bounded table keyed by the position alone (see the module
    /// documentation). Used for
    /// positional superko with suicide forbidden; other rules fall back to
    /// [`HistoryKeyed`](SolveMethod::HistoryKeyed).
    #[default]
    Fast,
    /// Alpha-beta whose table is keyed by the position and the set of positions seen, so
    /// every stored result is exact (up to 64-bit hash collisions); slow, for checks.
    HistoryKeyed,
    /// Plain alpha-beta without a table, for checks on very small boards.
    NoTable,
}

/// The node limit [`SolveOptions::default`] sets.
pub const DEFAULT_MAX_NODES: u64 = 200_000_000;

/// How the board solver runs.
///
/// ```
/// use cgtk_go::{SolveMethod, SolveOptions};
/// let options = SolveOptions::default();
/// assert_eq!(options.method, SolveMethod::Fast);
/// assert_eq!(options.max_nodes, Some(cgtk_go::DEFAULT_MAX_NODES));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// The search.
    pub method: SolveMethod,
    /// Give up after this many nodes (`None`: no limit).
    pub max_nodes: Option<u64>,
    /// The fast method's table holds `2^(table_bits + 1)` entries of 96 bytes (at most
    /// `2^(n + 9)` on a board of `n` points).
    pub table_bits: u8,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            method: SolveMethod::Fast,
            max_nodes: Some(DEFAULT_MAX_NODES),
            table_bits: 19,
        }
    }
}

/// The exact value of a position under best play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSolution {
    /// Black's area minus White's area minus komi, in half points, under best play.
    pub score_halves: i32,
    /// A best first move of the side to move.
    pub best_move: Move,
    /// A principal variation (the best moves of both sides, from the start).
    pub pv: Vec<Move>,
    /// Positions searched.
    pub nodes: u64,
}

/// Why the solver stopped without a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The node limit was reached; the value lies between the bounds (Black's score in
    /// half points after komi, both included).
    #[error("node limit of {limit} reached: the score lies between {} and {}", *lower_halves as f64 / 2.0, *upper_halves as f64 / 2.0)]
    NodeLimit {
        /// The limit.
        limit: u64,
        /// The least score still possible.
        lower_halves: i32,
        /// The greatest score still possible.
        upper_halves: i32,
    },
    /// The game is over: there is no move to find.
    #[error("the game is already over")]
    GameOver,
}

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    value: i32,
    bound: Bound,
    best: Option<Move>,
}

struct Solver {
    table: Option<HashMap<u64, Entry>>,
    nodes: u64,
    max_nodes: Option<u64>,
}

/// No repetition refused below: the result does not depend on the path.
const NO_CONFLICT: usize = usize::MAX;

impl Solver {
    /// Negamax value (area difference from the side to move's view) and the earliest
    /// history index a refused repetition pointed at.
    fn search(
        &mut self,
        go: &mut Go,
        mut alpha: i32,
        beta: i32,
        pv: &mut Vec<Move>,
        seen: u64,
        last: Move,
    ) -> Result<(i32, usize), SolveError> {
        self.nodes += 1;
        if let Some(limit) = self.max_nodes {
            if self.nodes > limit {
                // The root replaces these bounds with the ones it knows.
                return Err(SolveError::NodeLimit {
                    limit,
                    lower_halves: i32::MIN,
                    upper_halves: i32::MAX,
                });
            }
        }
        pv.clear();
        let sign = if go.to_move_color() == Color::Black {
            1
        } else {
            -1
        };
        if go.passes() >= 2 {
            let (b, w) = go.board().area();
            return Ok((sign * (b as i32 - w as i32), NO_CONFLICT));
        }
        // The future depends on the position and on the *set* of positions seen (not on
        // their order): keying by both makes every stored result exact.
        let key = go.key() ^ mix(seen);
        let mut table_move = None;
        if let Some(table) = &self.table {
            if let Some(e) = table.get(&key) {
                let hit = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.value >= beta,
                    Bound::Upper => e.value <= alpha,
                };
                if hit {
                    if let Some(m) = e.best {
                        pv.push(m);
                    }
                    return Ok((e.value, NO_CONFLICT));
                }
                table_move = e.best;
            }
        }
        // After a pass, passing again ends the game: its score is known without a search,
        // and when it already reaches beta nothing else needs to be tried.
        let alpha0 = alpha;
        let mut best = i32::MIN;
        let mut best_move = None;
        let ends = go.passes() == 1;
        if ends {
            let (b, w) = go.board().area();
            let v = sign * (b as i32 - w as i32);
            best = v;
            best_move = Some(Move::Pass);
            pv.push(Move::Pass);
            if v >= beta {
                return Ok((v, NO_CONFLICT));
            }
            // The other moves are searched with the raised alpha; what is stored is judged
            // against the old one, so it describes the whole node.
            alpha = alpha.max(v);
        }
        let here = go.history_len() - 1;
        let me = go.to_move_color();
        let mut conflict = NO_CONFLICT;
        let mut moves: Vec<Move> = Vec::new();
        for p in go.board().points() {
            if go.board().color_at(p).is_some() {
                continue;
            }
            if !go.board().is_placeable(p, me) && !go.rules().allow_suicide {
                continue;
            }
            let hash = go.board().hash_after(p, me);
            if let Some(i) = go.first_occurrence(hash, me.opponent()) {
                conflict = conflict.min(i);
                continue;
            }
            moves.push(Move::Play(p));
        }
        // Captures first, then central points (they decide tiny boards), the pass last.
        let (w, h) = (go.board().width() as i32, go.board().height() as i32);
        moves.sort_by_key(|&m| match m {
            Move::Play(p) => {
                let (x, y) = go.board().coords(p);
                let capture = if go.board().captures_at(p, me) { 0 } else { 64 };
                let near = match last {
                    Move::Play(q) => {
                        let (a, b) = go.board().coords(q);
                        if x.abs_diff(a) + y.abs_diff(b) == 1 {
                            0
                        } else {
                            32
                        }
                    }
                    Move::Pass => 32,
                };
                capture + near + (2 * x as i32 - (w - 1)).abs() + (2 * y as i32 - (h - 1)).abs()
            }
            Move::Pass => i32::MAX,
        });
        if !ends {
            moves.push(Move::Pass);
        }
        if let Some(t) = table_move {
            if let Some(i) = moves.iter().position(|&m| m == t) {
                moves[..=i].rotate_right(1);
            }
        }
        let mut child_pv = Vec::new();
        for mv in moves {
            let undo = go.make(mv);
            let child_seen = match go.history_last() {
                Some(entry) if !go.history_before_last_contains(entry) => {
                    seen ^ entry_key(entry, go)
                }
                _ => seen,
            };
            let result = self.search(go, -beta, -alpha, &mut child_pv, child_seen, mv);
            go.unmake(mv, undo);
            let (v, c) = result?;
            let v = -v;
            conflict = conflict.min(c);
            if v > best {
                best = v;
                best_move = Some(mv);
                pv.clear();
                pv.push(mv);
                pv.extend_from_slice(&child_pv);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        {
            if let Some(table) = &mut self.table {
                let bound = if best <= alpha0 {
                    Bound::Upper
                } else if best >= beta {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                table.insert(
                    key,
                    Entry {
                        value: best,
                        bound,
                        best: best_move,
                    },
                );
            }
        }
        Ok((
            best,
            if conflict >= here {
                NO_CONFLICT
            } else {
                conflict
            },
        ))
    }
}

/// A well-mixed key of a history entry: the board alone under positional superko, the
/// board and side to move under situational superko.
fn entry_key((hash, side): (u64, Color), go: &Go) -> u64 {
    let side_bits = match (go.rules().superko, side) {
        (crate::Superko::Situational, Color::White) => 0x6A09_E667_F3BC_C909,
        _ => 0,
    };
    mix(hash ^ side_bits ^ 0x3C6E_F372_FE94_F82B)
}

/// splitmix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Solves a position exactly: the area score under best play by both sides, with the
/// position's rules (superko over the whole history since its start).
///
/// ```
/// use cgtk_go::{solve_position, Go, SolveMethod, SolveOptions};
/// let go = Go::new(3, 1).unwrap();
/// let fast = solve_position(&go, SolveOptions::default()).unwrap();
/// let plain = SolveOptions { method: SolveMethod::NoTable, ..SolveOptions::default() };
/// assert_eq!(fast.score_halves, solve_position(&go, plain).unwrap().score_halves);
/// ```
pub fn solve_position(go: &Go, options: SolveOptions) -> Result<BoardSolution, SolveError> {
    if go.passes() >= 2 {
        return Err(SolveError::GameOver);
    }
    let (w, h) = (go.board().width(), go.board().height());
    let fast_rules = go.rules().superko == crate::Superko::Positional && !go.rules().allow_suicide;
    if options.method == SolveMethod::Fast && fast_rules && w * h <= 64 {
        return solve_fast(go, options);
    }
    let mut solver = Solver {
        table: (options.method != SolveMethod::NoTable).then(HashMap::new),
        nodes: 0,
        max_nodes: options.max_nodes,
    };
    let mut game = go.clone();
    let n = (w * h) as i32;
    let mut pv = Vec::new();
    // Values lie in [-n, n], so this window loses nothing and cuts at a whole-board win.
    let seen = game
        .history_entries()
        .iter()
        .enumerate()
        .filter(|&(i, e)| !game.history_entries()[..i].contains(e))
        .fold(0, |acc, (_, &e)| acc ^ entry_key(e, &game));
    let sign = if go.to_move_color() == Color::Black {
        1
    } else {
        -1
    };
    let to_black = |v: i32| 2 * sign * v - go.rules().komi.halves();
    let limit_bounds = |lower: i32, upper: i32| {
        move |e: SolveError| match e {
            SolveError::NodeLimit { limit, .. } => {
                let (a, b) = (to_black(lower), to_black(upper));
                SolveError::NodeLimit {
                    limit,
                    lower_halves: a.min(b),
                    upper_halves: a.max(b),
                }
            }
            other => other,
        }
    };
    // Null-window tests "is the value at least v?" from the whole board downwards: the
    // first success is the value (values are whole numbers in [-n, n]).
    let mut value = -n;
    for v in (-n + 1..=n).rev() {
        let (got, _) = solver
            .search(&mut game, v - 1, v, &mut pv, seen, Move::Pass)
            .map_err(limit_bounds(-n, v))?;
        if got >= v {
            value = v;
            break;
        }
    }
    if value == -n {
        solver
            .search(&mut game, -n - 1, -n + 1, &mut pv, seen, Move::Pass)
            .map_err(limit_bounds(-n, -n))?;
    }
    Ok(BoardSolution {
        score_halves: to_black(value),
        best_move: pv.first().copied().unwrap_or(Move::Pass),
        pv,
        nodes: solver.nodes,
    })
}

/// The fast solver on a position of at most 64 points: its start and every move are
/// replayed on bitboards to rebuild the boards seen.
fn solve_fast(go: &Go, options: SolveOptions) -> Result<BoardSolution, SolveError> {
    let board = go.board();
    let (w, h) = (board.width(), board.height());
    let g = crate::tiny::Geometry::new(w, h);
    let start = go.start_setup();
    let (mut b, mut wh) = (0u64, 0u64);
    for (i, s) in start.stones.iter().enumerate() {
        match s {
            Some(Color::Black) => b |= 1 << i,
            Some(Color::White) => wh |= 1 << i,
            None => {}
        }
    }
    let mut boards = vec![(b, wh)];
    let mut passed = false;
    for &(color, mv) in go.moves() {
        match mv {
            Move::Pass => passed = true,
            Move::Play(p) => {
                let (x, y) = board.coords(p);
                let i = y * w + x;
                let (me, opp) = if color == Color::Black {
                    (b, wh)
                } else {
                    (wh, b)
                };
                // The game accepted the move, so the bitboards do too.
                let (me2, opp2) = g.play(me, opp, i).unwrap_or((me, opp));
                (b, wh) = if color == Color::Black {
                    (me2, opp2)
                } else {
                    (opp2, me2)
                };
                boards.push((b, wh));
                passed = false;
            }
        }
    }
    let start = crate::tiny::Start {
        boards,
        black_to_move: go.to_move_color() == Color::Black,
        passed: passed && go.passes() == 1,
    };
    crate::tiny::solve_start(
        w,
        h,
        &start,
        go.rules().komi.halves(),
        options.table_bits,
        options.max_nodes.unwrap_or(u64::MAX),
        |i| board.point(i % w, i / w).map_or(Move::Pass, Move::Play),
    )
}

/// Solves the empty `width × height` board with Black to move, komi `komi` and the
/// default rules otherwise (suicide forbidden, positional superko).
///
/// ```
/// use cgtk_go::{solve_board, Komi, SolveOptions};
/// let s = solve_board(2, 2, Komi(0), SolveOptions::default()).unwrap();
/// assert_eq!(s.score_halves, 2); // Black wins by 1 (van der Werf et al.)
/// ```
pub fn solve_board(
    width: usize,
    height: usize,
    komi: Komi,
    options: SolveOptions,
) -> Result<BoardSolution, SolveError> {
    let rules = Rules {
        komi,
        ..Rules::for_size(width, height)
    };
    let go = Go::with_rules(width, height, rules).map_err(|_| SolveError::GameOver)?;
    solve_position(&go, options)
}
