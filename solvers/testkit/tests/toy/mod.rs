//! A toy game with every capability the laws check, and switches that break one rule each.
//!
//! Two heaps of at most [`MAX`] counters; a move takes one or two counters from one heap;
//! the player who cannot move loses. Swapping the heaps is a symmetry of the rules, and
//! the perfect index numbers the unordered pairs of heap sizes (times the side to move).
//! The position carries a key kept up incrementally.

#![allow(dead_code)]

use cgtk_core::{
    Game, Notation, NotationError, Outcome, PerfectIndex, Player, PositionKey, Predecessors,
};

/// The most counters in a heap.
pub const MAX: u8 = 3;

/// Which rule the toy breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    /// None: the toy is correct.
    None,
    /// Unmake gives back one counter whatever the move took.
    UnmakeForgetsACounter,
    /// Unmake does not restore the side-to-move part of the key.
    UnmakeForgetsTheKey,
    /// The position text always says `first`.
    TextForgetsTheSide,
    /// The move text of taking two says one.
    MoveTextTakesOne,
    /// Equal heaps get one index for both sides to move.
    IndexCollides,
    /// Three counters may be taken from the first heap but not from the second: swapping
    /// the heaps is no longer a symmetry of the rules.
    LopsidedRules,
    /// Predecessors forget the moves that took two counters.
    PredecessorsForgetTwo,
}

/// A toy position.
#[derive(Clone, Copy, Debug)]
pub struct Toy {
    pub heaps: [u8; 2],
    pub to_move: Player,
    pub key: u64,
    pub bug: Bug,
}

/// Equality of positions: the heaps and the side to move (not the key, which is derived).
impl PartialEq for Toy {
    fn eq(&self, other: &Toy) -> bool {
        (self.heaps, self.to_move) == (other.heaps, other.to_move)
    }
}

/// A move: take `take` counters from heap `heap` (0 or 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take {
    pub heap: u8,
    pub take: u8,
}

fn heap_key(heap: usize, size: u8) -> u64 {
    (0x9e37_79b9_7f4a_7c15u64 ^ (heap as u64) << 40 ^ size as u64)
        .wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

const SIDE_KEY: u64 = 0x94d0_49bb_1331_11eb;

impl Toy {
    pub fn start(bug: Bug) -> Toy {
        Toy::at([MAX, MAX], Player::First, bug)
    }

    pub fn at(heaps: [u8; 2], to_move: Player, bug: Bug) -> Toy {
        let mut key = heap_key(0, heaps[0]) ^ heap_key(1, heaps[1]);
        if to_move == Player::Second {
            key ^= SIDE_KEY;
        }
        Toy {
            heaps,
            to_move,
            key,
            bug,
        }
    }

    fn set_heap(&mut self, heap: usize, size: u8) {
        self.key ^= heap_key(heap, self.heaps[heap]) ^ heap_key(heap, size);
        self.heaps[heap] = size;
    }

    fn largest_take(&self, heap: u8) -> u8 {
        if self.bug == Bug::LopsidedRules && heap == 0 {
            3
        } else {
            2
        }
    }
}

impl Game for Toy {
    type Move = Take;
    type Undo = ();

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<Take>) {
        moves.clear();
        for heap in 0..2u8 {
            for take in 1..=self.largest_take(heap).min(self.heaps[heap as usize]) {
                moves.push(Take { heap, take });
            }
        }
    }

    fn make(&mut self, mv: Take) {
        let h = mv.heap as usize;
        self.set_heap(h, self.heaps[h] - mv.take);
        self.to_move = self.to_move.opponent();
        self.key ^= SIDE_KEY;
    }

    fn unmake(&mut self, mv: Take, _: ()) {
        let h = mv.heap as usize;
        let back = if self.bug == Bug::UnmakeForgetsACounter {
            1
        } else {
            mv.take
        };
        self.set_heap(h, self.heaps[h] + back);
        self.to_move = self.to_move.opponent();
        if self.bug != Bug::UnmakeForgetsTheKey {
            self.key ^= SIDE_KEY;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.heaps == [0, 0]).then(|| Outcome::Win(self.to_move.opponent()))
    }
}

impl PositionKey for Toy {
    fn key(&self) -> u64 {
        self.key
    }
}

impl Notation for Toy {
    fn position_text(&self) -> String {
        let side = if self.bug == Bug::TextForgetsTheSide {
            Player::First
        } else {
            self.to_move
        };
        format!("{},{} {side}", self.heaps[0], self.heaps[1])
    }

    fn parse_position(&self, text: &str) -> Result<Toy, NotationError> {
        let bad = || NotationError::Position {
            text: text.to_string(),
            reason: "expected A,B first|second".to_string(),
        };
        let (heaps, side) = text.split_once(' ').ok_or_else(bad)?;
        let (a, b) = heaps.split_once(',').ok_or_else(bad)?;
        let size = |s: &str| s.parse::<u8>().ok().filter(|&n| n <= MAX).ok_or_else(bad);
        let to_move = match side {
            "first" => Player::First,
            "second" => Player::Second,
            _ => return Err(bad()),
        };
        Ok(Toy::at([size(a)?, size(b)?], to_move, self.bug))
    }

    fn move_text(&self, mv: Take) -> String {
        let take = if self.bug == Bug::MoveTextTakesOne {
            1
        } else {
            mv.take
        };
        format!("{}:{take}", mv.heap + 1)
    }

    fn parse_move(&self, text: &str) -> Result<Take, NotationError> {
        let bad = || NotationError::Move {
            text: text.to_string(),
            reason: "expected HEAP:TAKE".to_string(),
        };
        let (h, t) = text.split_once(':').ok_or_else(bad)?;
        let heap = h
            .parse::<u8>()
            .ok()
            .filter(|h| (1..=2).contains(h))
            .ok_or_else(bad)?
            - 1;
        let take = t.parse::<u8>().map_err(|_| bad())?;
        cgtk_core::require_legal(self, Take { heap, take }, text)
    }
}

/// The rank of the unordered pair {lo, hi} with lo <= hi.
fn pair_rank(lo: u8, hi: u8) -> u64 {
    (hi as u64 * (hi as u64 + 1)) / 2 + lo as u64
}

impl PerfectIndex for Toy {
    fn index_size(&self) -> u64 {
        2 * (pair_rank(MAX, MAX) + 1)
    }

    fn index(&self) -> u64 {
        let [a, b] = self.heaps;
        let side = if self.bug == Bug::IndexCollides && a == b {
            0
        } else {
            self.to_move.index() as u64
        };
        2 * pair_rank(a.min(b), a.max(b)) + side
    }

    fn position_at(&self, index: u64) -> Option<Toy> {
        let to_move = [Player::First, Player::Second][(index % 2) as usize];
        let rank = index / 2;
        let hi = (0..=MAX).find(|&h| pair_rank(h, h) >= rank)?;
        let lo = (rank - pair_rank(0, hi)) as u8;
        (lo <= hi && hi <= MAX).then(|| Toy::at([lo, hi], to_move, self.bug))
    }

    fn symmetry_count(&self) -> u32 {
        2
    }

    fn transformed(&self, g: u32) -> Toy {
        let [a, b] = self.heaps;
        if g == 1 {
            Toy::at([b, a], self.to_move, self.bug)
        } else {
            *self
        }
    }

    fn compose_symmetries(&self, a: u32, b: u32) -> u32 {
        a ^ b
    }

    fn index_with_symmetry(&self) -> (u64, u32) {
        (self.index(), (self.heaps[0] > self.heaps[1]) as u32)
    }
}

/// By brute force over every class: correct by construction (unless told otherwise).
impl Predecessors for Toy {
    fn predecessors(&self, out: &mut Vec<u64>) {
        out.clear();
        let here = self.index();
        let mut moves = Vec::new();
        for q in 0..self.index_size() {
            let Some(mut prev) = self.position_at(q) else {
                continue;
            };
            if prev.outcome().is_some() {
                continue;
            }
            prev.legal_moves(&mut moves);
            for &mv in &moves {
                if self.bug == Bug::PredecessorsForgetTwo && mv.take == 2 {
                    continue;
                }
                prev.make(mv);
                if prev.index() == here {
                    out.push(q);
                }
                prev.unmake(mv, ());
            }
        }
    }
}
