//! The engine: negamax alpha-beta with principal variation search, iterative deepening, a
//! transposition table keyed by Zobrist hashes, quiescence search over captures, MVV-LVA
//! capture ordering, killer and history moves, null-move pruning, check extension, and
//! time management from a UCI-style clock.

use super::eval::PIECE_VALUES;
use super::game::Chess;
use super::types::{Move, MoveKind, MoveList, Role};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Scores at or beyond this magnitude (minus the maximal ply) are mates.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 96;

/// How long and how deep to search (the fields of a UCI `go` command).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many plies of iterative deepening.
    pub depth: Option<u32>,
    /// Think exactly this long (minus a small safety margin).
    pub movetime: Option<Duration>,
    /// White's remaining clock time.
    pub wtime: Option<Duration>,
    /// Black's remaining clock time.
    pub btime: Option<Duration>,
    /// White's increment per move.
    pub winc: Option<Duration>,
    /// Black's increment per move.
    pub binc: Option<Duration>,
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Search only these moves at the root (UCI `go searchmoves`); empty: every legal
    /// move. Moves not legal in the position are left out; when none is legal, every move
    /// is searched.
    pub searchmoves: Vec<Move>,
}

/// A search score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    fn from_internal(s: i32) -> Score {
        if s.abs() >= MATE - MAX_PLY as i32 {
            let plies = MATE - s.abs();
            let moves = (plies + 1) / 2;
            Score::Mate(if s > 0 { moves } else { -moves })
        } else {
            Score::Cp(s)
        }
    }
}

/// Progress after one completed iteration (what UCI `info` lines report).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The depth completed.
    pub depth: u32,
    /// The score of the best move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation, starting with the best move.
    pub pv: Vec<Move>,
}

impl SearchInfo {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / micros).min(u128::from(u64::MAX)) as u64
    }
}

#[derive(Clone, Copy, Default)]
struct TtEntry {
    key: u64,
    mv: Option<Move>,
    score: i32,
    depth: i8,
    bound: u8,
}

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

/// The search engine with its tables (kept between moves of a game).
pub struct Engine {
    tt: Vec<TtEntry>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: Box<[[i32; 128]; 128]>,
    pv: Vec<[Option<Move>; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    start: Instant,
    hard_deadline: Option<Instant>,
    node_limit: Option<u64>,
    aborted: bool,
    /// False during the first iteration, which always runs to its end (see [`Engine::search`]).
    interruptible: bool,
    /// The root moves of `searchmoves` that are legal; empty: every move.
    root_filter: Vec<Move>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(16)
    }
}

impl Engine {
    /// An engine with a transposition table of about `megabytes` MiB.
    pub fn new(megabytes: usize) -> Engine {
        let entries = (megabytes.max(1) << 20) / std::mem::size_of::<TtEntry>();
        let entries = entries.next_power_of_two() / 2;
        Engine {
            tt: vec![TtEntry::default(); entries.max(1024)],
            killers: [[None; 2]; MAX_PLY + 1],
            history: Box::new([[0; 128]; 128]),
            pv: vec![[None; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            start: Instant::now(),
            hard_deadline: None,
            node_limit: None,
            aborted: false,
            interruptible: true,
            root_filter: Vec::new(),
        }
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.tt.iter_mut().for_each(|e| *e = TtEntry::default());
        self.killers = [[None; 2]; MAX_PLY + 1];
        *self.history = [[0; 128]; 128];
    }

    /// Searches `game` within `limits` (or until `stop` becomes true) and returns the best
    /// move, or `None` when the side to move has no legal move. `on_info` is called after
    /// every completed iteration.
    ///
    /// The first iteration (depth 1 with its quiescence search) always runs to its end, even
    /// when `stop` is already set or the time or node budget is spent: the move returned has
    /// always been searched at least that far, never picked unsearched. Later iterations
    /// stop as soon as they are told to; a move that a partial iteration proved better than
    /// the previous best is kept.
    ///
    /// ```
    /// use cgtk_chess::{Chess, Engine, Limits, Score};
    /// use std::sync::atomic::AtomicBool;
    /// // White mates in one with the rook.
    /// let game = Chess::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    /// let limits = Limits { depth: Some(3), ..Limits::default() };
    /// let mut last = None;
    /// let best = Engine::new(1).search(&game, &limits, &AtomicBool::new(false), |i| last = Some(i.score));
    /// assert_eq!(best.unwrap().to_string(), "a1a8");
    /// assert_eq!(last, Some(Score::Mate(1)));
    /// ```
    pub fn search(
        &mut self,
        game: &Chess,
        limits: &Limits,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> Option<Move> {
        let mut game = game.clone();
        let mut root_moves = MoveList::new();
        game.legal_move_list(&mut root_moves);
        if root_moves.is_empty() {
            return None;
        }
        self.root_filter = limits
            .searchmoves
            .iter()
            .copied()
            .filter(|mv| root_moves.contains(mv))
            .collect();
        if !self.root_filter.is_empty() {
            root_moves.retain(|mv| self.root_filter.contains(mv));
        }
        self.start = Instant::now();
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = limits.nodes;
        let (soft, hard) = time_budget(limits, game.position().side_to_move());
        // A deadline beyond what the clock can represent is no deadline.
        self.hard_deadline = hard.and_then(|h| self.start.checked_add(h));
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .clamp(1, MAX_PLY as u32 - 4);
        let mut best = root_moves[0];
        for depth in 1..=max_depth {
            self.interruptible = depth > 1;
            let score = self.negamax(&mut game, depth as i32, -INF, INF, 0, stop, true);
            if let Some(mv) = self.pv[0][0].filter(|_| self.pv_len[0] > 0) {
                // A partial iteration's best move is still sound once it has been searched.
                if root_moves.contains(&mv) {
                    best = mv;
                }
            }
            if self.aborted {
                break;
            }
            let pv: Vec<Move> = self.pv[0][..self.pv_len[0]]
                .iter()
                .flatten()
                .copied()
                .collect();
            on_info(&SearchInfo {
                depth,
                score: Score::from_internal(score),
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv,
            });
            // Told to stop during an iteration that had to finish.
            if stop.load(Ordering::Relaxed) {
                break;
            }
            if let Some(soft) = soft {
                if self.start.elapsed() >= soft {
                    break;
                }
            }
            if score.abs() >= MATE - depth as i32 && !limits.infinite && limits.depth.is_none() {
                break;
            }
        }
        Some(best)
    }

    fn out_of_time(&mut self, stop: &AtomicBool) -> bool {
        if self.aborted {
            return true;
        }
        if self.interruptible && self.nodes & 1023 == 0 {
            let late = self.hard_deadline.is_some_and(|d| Instant::now() >= d);
            let many = self.node_limit.is_some_and(|n| self.nodes >= n);
            if late || many || stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    fn tt_index(&self, key: u64) -> usize {
        (key as usize) & (self.tt.len() - 1)
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        game: &mut Chess,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        stop: &AtomicBool,
        allow_null: bool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if self.out_of_time(stop) {
            return 0;
        }
        let pos = game.position();
        if ply > 0
            && (pos.halfmove_clock() >= 100 || game.is_repeated() || pos.insufficient_material())
        {
            return 0;
        }
        if ply >= MAX_PLY - 2 {
            return pos.evaluate();
        }
        let in_check = pos.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(game, alpha, beta, ply, stop);
        }
        self.nodes += 1;
        let key = pos.hash();
        let entry = self.tt[self.tt_index(key)];
        let mut tt_move = None;
        if entry.key == key {
            tt_move = entry.mv;
            if ply > 0 && entry.depth as i32 >= depth {
                let s = score_from_tt(entry.score, ply);
                let cut = match entry.bound {
                    EXACT => true,
                    LOWER => s >= beta,
                    _ => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let pv_node = beta - alpha > 1;
        // Null move: if passing still holds beta, a real move will too (not in pawn endings).
        if allow_null
            && !pv_node
            && !in_check
            && depth >= 3
            && ply > 0
            && self.has_pieces(game)
            && pos.evaluate() >= beta
        {
            let undo = game.make_null();
            let r = if depth >= 6 { 3 } else { 2 };
            let s = -self.negamax(game, depth - 1 - r, -beta, -beta + 1, ply + 1, stop, false);
            game.unmake_null(undo);
            if self.aborted {
                return 0;
            }
            if s >= beta && s < MATE - MAX_PLY as i32 {
                return beta;
            }
        }
        let mut moves = MoveList::new();
        game.legal_move_list(&mut moves);
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let restricted = ply == 0 && !self.root_filter.is_empty();
        if restricted {
            moves.retain(|mv| self.root_filter.contains(mv));
        }
        let mut scores = [0i32; 256];
        self.score_moves(game, &moves, tt_move, ply, &mut scores);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for i in 0..moves.len() {
            let mv = pick(moves.as_mut_slice(), &mut scores, i);
            let quiet = !mv.is_capture() && mv.promotion.is_none();
            let undo = cgtk_core::Game::make(game, mv);
            let mut score;
            if i == 0 {
                score = -self.negamax(game, depth - 1, -beta, -alpha, ply + 1, stop, true);
            } else {
                // Late quiet moves are searched shallower first.
                let reduce = if quiet && !in_check && depth >= 3 && i >= 4 {
                    1 + (i >= 12) as i32
                } else {
                    0
                };
                score = -self.negamax(
                    game,
                    depth - 1 - reduce,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    stop,
                    true,
                );
                if score > alpha && (reduce > 0 || score < beta) {
                    score = -self.negamax(game, depth - 1, -beta, -alpha, ply + 1, stop, true);
                }
            }
            cgtk_core::Game::unmake(game, mv, undo);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.pv[ply][0] = Some(mv);
                    let child_len = self.pv_len[ply + 1];
                    for j in 0..child_len {
                        self.pv[ply][j + 1] = self.pv[ply + 1][j];
                    }
                    self.pv_len[ply] = child_len + 1;
                    if alpha >= beta {
                        if quiet {
                            if self.killers[ply][0] != Some(mv) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(mv);
                            }
                            let h = &mut self.history[mv.from.index()][mv.to.index()];
                            *h = (*h + depth * depth).min(50_000);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            LOWER
        } else if best > original_alpha {
            EXACT
        } else {
            UPPER
        };
        if restricted {
            // The best of some moves is not the position's value: not for the table.
            return best;
        }
        let idx = self.tt_index(key);
        self.tt[idx] = TtEntry {
            key,
            mv: best_move,
            score: score_to_tt(best, ply),
            depth: depth.min(127) as i8,
            bound,
        };
        best
    }

    fn quiesce(
        &mut self,
        game: &mut Chess,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        stop: &AtomicBool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if self.out_of_time(stop) {
            return 0;
        }
        self.nodes += 1;
        let stand = game.position().evaluate();
        if stand >= beta || ply >= MAX_PLY - 2 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = MoveList::new();
        game.position().legal_captures(&mut moves);
        let mut scores = [0i32; 256];
        self.score_moves(game, &moves, None, ply, &mut scores);
        let mut best = stand;
        for i in 0..moves.len() {
            let mv = pick(moves.as_mut_slice(), &mut scores, i);
            if matches!(mv.promotion, Some(r) if r != Role::Queen) {
                continue;
            }
            let u = cgtk_core::Game::make(game, mv);
            let score = -self.quiesce(game, -beta, -alpha, ply + 1, stop);
            cgtk_core::Game::unmake(game, mv, u);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn has_pieces(&self, game: &Chess) -> bool {
        let pos = game.position();
        let side = pos.side_to_move();
        [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .any(|role| !pos.piece_squares(side, role).is_empty())
    }

    /// Move ordering: the table move, captures by most valuable victim then least valuable
    /// attacker, promotions, killer moves, then quiet moves by history.
    fn score_moves(
        &self,
        game: &Chess,
        moves: &MoveList,
        tt_move: Option<Move>,
        ply: usize,
        scores: &mut [i32; 256],
    ) {
        let pos = game.position();
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = if Some(mv) == tt_move {
                2_000_000
            } else if mv.is_capture() {
                let victim = if mv.kind == MoveKind::EnPassant {
                    PIECE_VALUES[1]
                } else {
                    PIECE_VALUES[pos.piece_at(mv.to).role_index() as usize]
                };
                let attacker = pos.moving_piece(mv).role_index() as i32;
                let promo = mv.promotion.map_or(0, |r| PIECE_VALUES[r as usize]);
                1_000_000 + 10 * (victim + promo) - attacker
            } else if let Some(r) = mv.promotion {
                900_000 + PIECE_VALUES[r as usize]
            } else if self.killers[ply][0] == Some(mv) {
                800_000
            } else if self.killers[ply][1] == Some(mv) {
                700_000
            } else {
                self.history[mv.from.index()][mv.to.index()]
            };
        }
    }
}

/// Moves the best-scored remaining move to position `i` and returns it.
#[inline]
fn pick(moves: &mut [Move], scores: &mut [i32; 256], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
    moves[i]
}

fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE - MAX_PLY as i32 {
        s + ply as i32
    } else if s <= -MATE + MAX_PLY as i32 {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE - MAX_PLY as i32 {
        s - ply as i32
    } else if s <= -MATE + MAX_PLY as i32 {
        s + ply as i32
    } else {
        s
    }
}

/// The soft limit (do not start a new iteration after it) and the hard limit (abort the
/// search) for these limits; `None` means unlimited.
pub fn time_budget(
    limits: &Limits,
    side: super::types::Color,
) -> (Option<Duration>, Option<Duration>) {
    if limits.infinite {
        return (None, None);
    }
    if let Some(mt) = limits.movetime {
        let t = mt
            .saturating_sub(Duration::from_millis(5))
            .max(Duration::from_millis(1));
        return (Some(t), Some(t));
    }
    let (time, inc) = match side {
        super::types::Color::White => (limits.wtime.or(limits.btime), limits.winc),
        super::types::Color::Black => (limits.btime.or(limits.wtime), limits.binc),
    };
    match time {
        None => (None, None),
        Some(time) => {
            let inc = inc.unwrap_or_default();
            let moves_left = limits.movestogo.unwrap_or(30).clamp(1, 60);
            let reserve = Duration::from_millis(30).min(time / 4);
            let usable = time.saturating_sub(reserve);
            let soft = (usable / moves_left + inc * 3 / 4).min(usable / 2);
            let hard = (soft * 3).min(usable / 2).max(Duration::from_millis(1));
            (Some(soft.min(hard)), Some(hard))
        }
    }
}
