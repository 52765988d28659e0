//! Legal move generation: checkers and pinned pieces are found first from the king, so
//! that every generated move is legal without playing it (only en passant, which can
//! uncover a check along the rank, is tested on a modified occupancy).

use super::position::{Position, BK, BQ, WK, WQ};
use super::tables::{
    delta_index, ATK_DIAG, ATK_ORTHO, ATTACKS, DIAG_STEPS, KING_STEPS, KNIGHT_STEPS, ORTHO_STEPS,
    STEPS,
};
use super::types::{Color, Move, MoveKind, MoveList, Piece, Role, Square};

#[inline]
fn bit(sq: u8) -> u128 {
    1u128 << sq
}

const PROMOTION_ROLES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// What restricts the side to move: the squares a non-king move may go to (all when not in
/// check; the checker and the squares between otherwise), pinned pieces, the checker count.
struct Restrictions {
    target: u128,
    pinned: u128,
    checkers: u32,
}

impl Position {
    fn restrictions(&self) -> Restrictions {
        let us = self.side;
        let them = us.flip();
        let k = self.king_square(us).0;
        let mut r = Restrictions {
            target: !0,
            pinned: 0,
            checkers: 0,
        };
        for &s in self.piece_squares(them) {
            let role = self.board[s as usize].role_index();
            let idx = delta_index(s, k);
            let a = ATTACKS[idx];
            if a == 0 {
                continue;
            }
            let line = match role {
                3 => a & ATK_DIAG != 0,
                4 => a & ATK_ORTHO != 0,
                5 => a & (ATK_DIAG | ATK_ORTHO) != 0,
                6 => false,
                _ => {
                    if self.piece_attacks(s, role, them, k, 0x88) {
                        r.checkers += 1;
                        r.target = bit(s);
                    }
                    false
                }
            };
            if !line {
                continue;
            }
            // Walk from the king towards the slider.
            let step = (-STEPS[idx]) as u8;
            let mut sq = k.wrapping_add(step);
            let mut between = 0u128;
            let mut blocker = None;
            let mut blocked_twice = false;
            while sq != s {
                let p = self.board[sq as usize];
                if !p.is_empty() {
                    if blocker.is_some() || p.color() != us {
                        blocked_twice = true;
                        break;
                    }
                    blocker = Some(sq);
                }
                between |= bit(sq);
                sq = sq.wrapping_add(step);
            }
            if blocked_twice {
                continue;
            }
            match blocker {
                None => {
                    r.checkers += 1;
                    r.target = between | bit(s);
                }
                Some(b) => r.pinned |= bit(b),
            }
        }
        r
    }

    /// Fills `moves` with every legal move (after clearing it).
    ///
    /// ```
    /// use cgtk_games::chess::{MoveList, Position};
    /// let mut moves = MoveList::new();
    /// Position::startpos().legal_moves(&mut moves);
    /// assert_eq!(moves.len(), 20);
    /// ```
    pub fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        self.generate(moves, false);
    }

    /// Fills `moves` with the legal captures and promotions only (for quiescence search).
    pub fn legal_captures(&self, moves: &mut MoveList) {
        moves.clear();
        self.generate(moves, true);
    }

    /// The number of legal moves (what perft counts at depth 1).
    pub fn count_legal(&self) -> usize {
        let mut moves = MoveList::new();
        self.generate(&mut moves, false);
        moves.len()
    }

    fn generate(&self, moves: &mut MoveList, tactical: bool) {
        let us = self.side;
        let k = self.king_square(us).0;
        let r = self.restrictions();
        let (near, n) = self.king_zone_attackers(k);
        let near = &near[..n];
        self.king_moves(k, near, moves, tactical);
        if r.checkers >= 2 {
            return;
        }
        if r.checkers == 0 && !tactical {
            self.castling_moves(k, near, moves);
        }
        let list = self.piece_squares(us);
        for &s in &list[1..] {
            // A pinned piece moves only along the line through its king.
            let pin_step = if r.pinned != 0 && r.pinned & bit(s) != 0 {
                STEPS[delta_index(k, s)]
            } else {
                0
            };
            if r.checkers == 0 && pin_step == 0 {
                // Most pieces are neither pinned nor restricted by a check.
                self.piece_moves(s, k, &|_| true, moves, tactical);
            } else {
                let allowed = |to: u8| {
                    r.target & bit(to) != 0
                        && (pin_step == 0 || STEPS[delta_index(k, to)] == pin_step)
                };
                if pin_step != 0 && self.board[s as usize].role_index() == 2 {
                    continue; // a pinned knight never stays on its line
                }
                self.piece_moves(s, k, &allowed, moves, tactical);
            }
        }
    }

    /// The moves of the (non-king) piece on `s` to squares that `allowed` accepts.
    #[inline]
    fn piece_moves(
        &self,
        s: u8,
        k: u8,
        allowed: &impl Fn(u8) -> bool,
        moves: &mut MoveList,
        tactical: bool,
    ) {
        let us = self.side;
        match self.board[s as usize].role_index() {
            1 => self.pawn_moves(s, k, allowed, moves, tactical),
            2 => {
                for &d in &KNIGHT_STEPS {
                    let to = s.wrapping_add(d as u8);
                    if to & 0x88 != 0 {
                        continue;
                    }
                    self.push_target(s, to, us, allowed, moves, tactical);
                }
            }
            3 => self.slide(s, &DIAG_STEPS, us, allowed, moves, tactical),
            4 => self.slide(s, &ORTHO_STEPS, us, allowed, moves, tactical),
            _ => self.slide(s, &KING_STEPS, us, allowed, moves, tactical),
        }
    }

    #[inline]
    fn push_target(
        &self,
        s: u8,
        to: u8,
        us: Color,
        allowed: &impl Fn(u8) -> bool,
        moves: &mut MoveList,
        tactical: bool,
    ) {
        let p = self.board[to as usize];
        if p.is_empty() {
            if !tactical && allowed(to) {
                moves.push(Move::new(Square(s), Square(to), MoveKind::Quiet));
            }
        } else if p.color() != us && allowed(to) {
            moves.push(Move::new(Square(s), Square(to), MoveKind::Capture));
        }
    }

    #[inline]
    fn slide(
        &self,
        s: u8,
        steps: &[i8],
        us: Color,
        allowed: &impl Fn(u8) -> bool,
        moves: &mut MoveList,
        tactical: bool,
    ) {
        for &d in steps {
            let mut to = s.wrapping_add(d as u8);
            while to & 0x88 == 0 {
                let p = self.board[to as usize];
                if p.is_empty() {
                    if !tactical && allowed(to) {
                        moves.push(Move::new(Square(s), Square(to), MoveKind::Quiet));
                    }
                } else {
                    if p.color() != us && allowed(to) {
                        moves.push(Move::new(Square(s), Square(to), MoveKind::Capture));
                    }
                    break;
                }
                to = to.wrapping_add(d as u8);
            }
        }
    }

    /// The enemy pieces that could attack a square within two files and ranks of the king
    /// (where its moves and castling go): every slider, and the other pieces at most four
    /// squares away.
    #[inline]
    fn king_zone_attackers(&self, k: u8) -> ([u8; 16], usize) {
        let mut near = [0u8; 16];
        let mut n = 0;
        for &e in self.piece_squares(self.side.flip()) {
            let role = self.board[e as usize].role_index();
            let files = (e & 7).abs_diff(k & 7);
            let ranks = (e >> 4).abs_diff(k >> 4);
            if (3..=5).contains(&role) || (files <= 4 && ranks <= 4) {
                near[n] = e;
                n += 1;
            }
        }
        (near, n)
    }

    /// True when one of `attackers` (enemy pieces) attacks `target`, with `ignore` empty.
    #[inline]
    fn attacked_by_any(&self, attackers: &[u8], target: u8, ignore: u8) -> bool {
        let them = self.side.flip();
        attackers.iter().any(|&from| {
            from != target
                && self.piece_attacks(
                    from,
                    self.board[from as usize].role_index(),
                    them,
                    target,
                    ignore,
                )
        })
    }

    fn king_moves(&self, k: u8, near: &[u8], moves: &mut MoveList, tactical: bool) {
        let us = self.side;
        for &d in &KING_STEPS {
            let to = k.wrapping_add(d as u8);
            if to & 0x88 != 0 {
                continue;
            }
            let p = self.board[to as usize];
            let kind = if p.is_empty() {
                if tactical {
                    continue;
                }
                MoveKind::Quiet
            } else if p.color() != us {
                MoveKind::Capture
            } else {
                continue;
            };
            if !self.attacked_by_any(near, to, k) {
                moves.push(Move::new(Square(k), Square(to), kind));
            }
        }
    }

    fn castling_moves(&self, k: u8, near: &[u8], moves: &mut MoveList) {
        let us = self.side;
        let (king_side, queen_side) = if us == Color::White {
            (WK, WQ)
        } else {
            (BK, BQ)
        };
        let empty = |sq: u8| self.board[sq as usize].is_empty();
        let safe = |sq: u8| !self.attacked_by_any(near, sq, 0x88);
        if self.castling & king_side != 0
            && empty(k + 1)
            && empty(k + 2)
            && safe(k + 1)
            && safe(k + 2)
        {
            moves.push(Move::new(Square(k), Square(k + 2), MoveKind::Castling));
        }
        if self.castling & queen_side != 0
            && empty(k - 1)
            && empty(k - 2)
            && empty(k - 3)
            && safe(k - 1)
            && safe(k - 2)
        {
            moves.push(Move::new(Square(k), Square(k - 2), MoveKind::Castling));
        }
    }

    fn pawn_moves(
        &self,
        s: u8,
        k: u8,
        allowed: &impl Fn(u8) -> bool,
        moves: &mut MoveList,
        tactical: bool,
    ) {
        let us = self.side;
        let (forward, start_rank, last_rank): (i8, u8, u8) = if us == Color::White {
            (16, 1, 7)
        } else {
            (-16, 6, 0)
        };
        let push = |moves: &mut MoveList, to: u8, capture: bool| {
            if to >> 4 == last_rank {
                let kind = if capture {
                    MoveKind::PromotionCapture
                } else {
                    MoveKind::Promotion
                };
                for role in PROMOTION_ROLES {
                    moves.push(Move {
                        from: Square(s),
                        to: Square(to),
                        kind,
                        promotion: Some(role),
                    });
                }
            } else {
                let kind = if capture {
                    MoveKind::Capture
                } else {
                    MoveKind::Quiet
                };
                moves.push(Move::new(Square(s), Square(to), kind));
            }
        };
        let one = s.wrapping_add(forward as u8);
        if self.board[one as usize].is_empty() {
            if allowed(one) && (!tactical || one >> 4 == last_rank) {
                push(moves, one, false);
            }
            let two = one.wrapping_add(forward as u8);
            if !tactical
                && s >> 4 == start_rank
                && self.board[two as usize].is_empty()
                && allowed(two)
            {
                moves.push(Move::new(Square(s), Square(two), MoveKind::Quiet));
            }
        }
        for side_step in [-1i8, 1] {
            let to = one.wrapping_add(side_step as u8);
            if to & 0x88 != 0 {
                continue;
            }
            let p = self.board[to as usize];
            if !p.is_empty() && p.color() != us {
                if allowed(to) {
                    push(moves, to, true);
                }
            } else if self.ep == Some(Square(to)) && self.ep_is_legal(s, to, k) {
                moves.push(Move::new(Square(s), Square(to), MoveKind::EnPassant));
            }
        }
    }

    /// En passant from `from` to `to`: legal when no enemy piece attacks the king once both
    /// pawns have left their squares and the capturing pawn stands on `to`.
    fn ep_is_legal(&self, from: u8, to: u8, k: u8) -> bool {
        let us = self.side;
        let them = us.flip();
        let cap = if us == Color::White { to - 16 } else { to + 16 };
        for &e in self.piece_squares(them) {
            if e == cap {
                continue;
            }
            let role = self.board[e as usize].role_index();
            let idx = delta_index(e, k);
            let a = ATTACKS[idx];
            if a == 0 {
                continue;
            }
            match role {
                3..=5 => {
                    let fits = match role {
                        3 => a & ATK_DIAG != 0,
                        4 => a & ATK_ORTHO != 0,
                        _ => true,
                    };
                    if !fits {
                        continue;
                    }
                    let step = STEPS[idx] as u8;
                    let mut sq = e.wrapping_add(step);
                    let mut open = true;
                    while sq != k {
                        let occupied = sq == to
                            || (sq != from && sq != cap && !self.board[sq as usize].is_empty());
                        if occupied {
                            open = false;
                            break;
                        }
                        sq = sq.wrapping_add(step);
                    }
                    if open {
                        return false;
                    }
                }
                _ => {
                    if self.piece_attacks(e, role, them, k, 0x88) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The legal move from `from` to `to` (with `promotion` for pawns reaching the last
    /// rank), if there is one.
    pub fn find_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == to && m.promotion == promotion)
    }

    /// The piece that moves in `mv`.
    #[inline]
    pub fn moving_piece(&self, mv: Move) -> Piece {
        self.board[mv.from.index()]
    }
}

/// Counts the leaf nodes of the legal move tree to `depth` plies (counting the moves at the
/// last ply without playing them).
///
/// ```
/// use cgtk_games::chess::{perft, Position};
/// assert_eq!(perft(&mut Position::startpos(), 3), 8902);
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // One move list per ply, allocated once.
    let mut lists = vec![MoveList::new(); depth as usize];
    perft_with(pos, &mut lists)
}

fn perft_with(pos: &mut Position, lists: &mut [MoveList]) -> u64 {
    let Some((moves, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    pos.legal_moves(moves);
    if deeper.is_empty() {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in moves.iter() {
        let undo = pos.make(mv);
        nodes += perft_with(pos, deeper);
        pos.unmake(mv, undo);
    }
    nodes
}

/// Perft split by first move: each legal move with the leaf count below it, in
/// generation order.
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let undo = pos.make(mv);
            let n = perft(pos, depth.saturating_sub(1));
            pos.unmake(mv, undo);
            (mv, n)
        })
        .collect()
}
