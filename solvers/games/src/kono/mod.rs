//! Four Field Kono, the Korean capture game on a 4×4 board.
//!
//! # Rules
//! Each player has 8 pieces; the first player (`x`) fills ranks 1 and 2, the second (`o`)
//! ranks 3 and 4, and `x` moves first. A move is either a step of one cell orthogonally to
//! an empty cell, or a capture: a jump orthogonally over one of your own pieces (adjacent)
//! onto an opponent's piece directly beyond it, which is removed. A player who cannot move
//! (blocked, or with no pieces left) loses. Repetitions are allowed, so some positions are
//! draws.
//!
//! # Variants
//! - `standard` (the default): capturing is optional.
//! - `compulsory-capture`: when a capture is available, a step is not allowed.
//! - `max-pieces=N` (1..=8, combinable: `compulsory-capture,max-pieces=2`): only positions
//!   where each side has at most N pieces are legal. Moves never add pieces, so this is a
//!   closed part of the game (an endgame database); it has no start position of its own.
//!
//! # Notation
//! Cells are `a1`..`d4` (files a–d left to right, ranks 1–4 bottom to top). A position is
//! the four ranks from 4 down to 1 separated by `/`, each four cells of `x`, `o` or `.`,
//! then a space and the side to move: the start is `oooo/oooo/xxxx/xxxx x`. A step is
//! written `a2-a3`, a capture `a1xa3` (the piece on a1 jumps over a2 and takes on a3).
//!
//! ```
//! use cgtk_core::{PositionKey, Game, Notation, PerfectIndex};
//! use cgtk_games::kono::Kono;
//!
//! let mut game = Kono::start(Default::default());
//! let mut moves = Vec::new();
//! game.legal_moves(&mut moves);
//! // Four captures from rank 1 over rank 2 onto rank 3; no empty cell to step to.
//! assert_eq!(moves.len(), 4);
//! let mv = game.parse_move("b1xb3").unwrap();
//! game.make(mv);
//! assert_eq!(game.position_text(), "oooo/oxoo/xxxx/x.xx o");
//! ```
//!
//! # Symmetry
//! The rules treat every direction and both players alike, so each of the eight
//! symmetries of the board, with or without swapping the colours together with the side
//! to move, maps a position to one with the same value. The [`PerfectIndex`] gives all 16
//! images of a position one index (scheme `kono-sym16-v1`, described in
//! docs/table-format.md): 5 398 083 indices where one per position would need 2 · 3^16,
//! for 77 490 558 legal positions. [`position_at`](PerfectIndex::position_at) returns a
//! class's representative, always with `x` to move, and
//! [`index_with_symmetry`](PerfectIndex::index_with_symmetry) says which symmetry of the
//! representative a position is.
//!
//! ```
//! use cgtk_core::{Game, Notation, PerfectIndex, Player};
//! use cgtk_games::kono::Kono;
//!
//! let game = Kono::start(Default::default());
//! let after = game.parse_position("oooo/oxoo/xxxx/x.xx o").unwrap();
//! let (index, g) = after.index_with_symmetry();
//! let representative = game.position_at(index).unwrap();
//! assert_eq!(representative.to_move(), Player::First);
//! assert_eq!(representative.transformed(g), after);
//! // The mirror image (files a <-> d) and the colour-swapped position share the index.
//! let mirror = game.parse_position("oooo/ooxo/xxxx/xx.x o").unwrap();
//! let swapped = game.parse_position("xxxx/xoxx/oooo/o.oo x").unwrap();
//! assert_eq!(mirror.index(), index);
//! assert_eq!(swapped.index(), index);
//! assert_eq!(after.class_size(), 16);
//! ```

pub use cgtk_core::VariantError;
use cgtk_core::{
    parse_from_to, FromTo, Game, Notation, NotationError, Outcome, PerfectIndex, Player,
    PositionKey, Predecessors, Render, TableGame,
};
use std::fmt;
use std::str::FromStr;

mod index;
mod symmetry;

use index::index_tables;
use symmetry::{board_group, COLOUR_SWAP, SYMMETRIES};

const FILE_A: u16 = 0x1111;
const FILE_D: u16 = 0x8888;

/// The rules variant of Four Field Kono.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// A capture, when available, must be played.
    pub compulsory_capture: bool,
    /// At most this many pieces per side (8 for the whole game).
    pub max_pieces: u8,
}

impl Default for Variant {
    fn default() -> Self {
        Variant {
            compulsory_capture: false,
            max_pieces: 8,
        }
    }
}

/// What [`Variant`]'s text may say, as error messages put it.
pub const VARIANTS_ALLOWED: &str =
    "standard, compulsory-capture and/or max-pieces=N with N in 1..=8, separated by commas";

impl FromStr for Variant {
    type Err = VariantError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut v = Variant::default();
        crate::variant::parse_game_variant("kono", s, VARIANTS_ALLOWED, |setting| {
            match (setting.key, setting.value) {
                ("standard", None) => true,
                ("compulsory-capture", None) => {
                    v.compulsory_capture = true;
                    true
                }
                ("max-pieces", Some(n)) => match n.parse::<u8>() {
                    Ok(n) if (1..=8).contains(&n) => {
                        v.max_pieces = n;
                        true
                    }
                    _ => false,
                },
                _ => false,
            }
        })?;
        Ok(v)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.compulsory_capture {
            parts.push("compulsory-capture".to_string());
        }
        if self.max_pieces != 8 {
            parts.push(format!("max-pieces={}", self.max_pieces));
        }
        if parts.is_empty() {
            f.write_str("standard")
        } else {
            f.write_str(&parts.join(","))
        }
    }
}

/// A move: origin and destination cells (0..16, `rank * 4 + file`), and whether it captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: u8,
    /// The cell it lands on.
    pub to: u8,
    /// True for a capture (a jump of two cells), false for a step.
    pub capture: bool,
}

/// A Four Field Kono position: one bitboard per player, the side to move and the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kono {
    pieces: [u16; 2],
    to_move: Player,
    variant: Variant,
}

const DIRS: [i8; 4] = [4, 1, -4, -1];

#[inline]
const fn shift(b: u16, d: i8) -> u16 {
    match d {
        4 => b << 4,
        -4 => b >> 4,
        1 => (b & !FILE_D) << 1,
        _ => (b & !FILE_A) >> 1,
    }
}

/// Per cell and direction (in the order of [`DIRS`]): the cells one and two steps away,
/// as bitboards (0 off the board).
const REACH: [[(u16, u16); 4]; 16] = reach_table();

const fn reach_table() -> [[(u16, u16); 4]; 16] {
    let mut table = [[(0, 0); 4]; 16];
    let mut cell = 0;
    while cell < 16 {
        let mut k = 0;
        while k < 4 {
            let one = shift(1 << cell, DIRS[k]);
            table[cell][k] = (one, shift(one, DIRS[k]));
            k += 1;
        }
        cell += 1;
    }
    table
}

impl Kono {
    /// The start position: `x` on ranks 1–2, `o` on ranks 3–4, `x` to move.
    ///
    /// A `max-pieces` variant below 8 has no start position: the position returned then
    /// has 8 pieces a side, which that variant's own parsing refuses, and serves only as
    /// the variant's template for [`parse_position`](Notation::parse_position) and
    /// [`position_at`](PerfectIndex::position_at).
    ///
    /// ```
    /// use cgtk_core::{perft, Game, Player};
    /// use cgtk_games::kono::Kono;
    ///
    /// let mut game = Kono::start(Default::default());
    /// assert_eq!(game.to_move(), Player::First);
    /// assert_eq!((game.pieces(Player::First), game.pieces(Player::Second)), (0x00FF, 0xFF00));
    /// // Leaf counts by depth, as a separate brute-force move generator finds them.
    /// let counts: Vec<u64> = (1..=4).map(|d| perft(&mut game, d)).collect();
    /// assert_eq!(counts, [4, 16, 100, 576]);
    /// // When captures are compulsory, no step is allowed while a capture is.
    /// let mut strict = Kono::start("compulsory-capture".parse().unwrap());
    /// let counts: Vec<u64> = (1..=4).map(|d| perft(&mut strict, d)).collect();
    /// assert_eq!(counts, [4, 16, 56, 164]);
    /// ```
    pub fn start(variant: Variant) -> Kono {
        Kono {
            pieces: [0x00FF, 0xFF00],
            to_move: Player::First,
            variant,
        }
    }

    /// The position with `x`'s and `o`'s pieces on the cells of the bitboards `x` and `o`
    /// (bit `rank * 4 + file`) and `to_move` to move; `None` when the bitboards overlap or
    /// a side has more pieces than the variant allows.
    pub fn from_pieces(variant: Variant, x: u16, o: u16, to_move: Player) -> Option<Kono> {
        let max = variant.max_pieces as u32;
        (x & o == 0 && x.count_ones() <= max && o.count_ones() <= max).then_some(Kono {
            pieces: [x, o],
            to_move,
            variant,
        })
    }

    /// The rules variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The bitboard of `player`'s pieces (bit `rank * 4 + file`).
    pub fn pieces(&self, player: Player) -> u16 {
        self.pieces[player.index()]
    }

    fn empty(&self) -> u16 {
        !(self.pieces[0] | self.pieces[1])
    }

    /// Landing cells of `player`'s captures in direction `d`.
    #[inline]
    fn capture_targets(&self, player: Player, d: i8) -> u16 {
        let own = self.pieces[player.index()];
        let opp = self.pieces[player.opponent().index()];
        shift(shift(own, d) & own, d) & opp
    }

    fn has_capture(&self, player: Player) -> bool {
        DIRS.iter().any(|&d| self.capture_targets(player, d) != 0)
    }

    /// The number of legal moves, without listing them.
    pub fn count_moves(&self) -> u32 {
        let me = self.to_move;
        let captures: u32 = DIRS
            .iter()
            .map(|&d| self.capture_targets(me, d).count_ones())
            .sum();
        if self.variant.compulsory_capture && captures > 0 {
            return captures;
        }
        let own = self.pieces[me.index()];
        let empty = self.empty();
        captures
            + DIRS
                .iter()
                .map(|&d| (shift(own, d) & empty).count_ones())
                .sum::<u32>()
    }

    /// Calls `visit` with every position (of the player who moved last, to move) from
    /// which one move leads here, once per such move.
    #[inline]
    fn for_each_unmove(&self, mut visit: impl FnMut(Kono)) {
        let mover = self.to_move.opponent();
        let (m, s) = (mover.index(), self.to_move.index());
        let own = self.pieces[m];
        let empty = self.empty();
        let may_add = (self.pieces[s].count_ones() as u8) < self.variant.max_pieces;
        for &d in &DIRS {
            // Un-steps: a piece on `t` came from `t - d`, now empty.
            let mut origins = shift(own, -d) & empty;
            while origins != 0 {
                let o = origins & origins.wrapping_neg();
                origins ^= o;
                let t = shift(o, d);
                let mut q = *self;
                q.pieces[m] = (own & !t) | o;
                q.to_move = mover;
                if !(self.variant.compulsory_capture && q.has_capture(mover)) {
                    visit(q);
                }
            }
            // Un-captures: a piece on `t` jumped from `t - 2d` over its own piece on `t - d`.
            if may_add {
                let mut origins = shift(shift(own, -d) & own, -d) & empty;
                while origins != 0 {
                    let o = origins & origins.wrapping_neg();
                    origins ^= o;
                    let t = shift(shift(o, d), d);
                    let mut q = *self;
                    q.pieces[m] = (own & !t) | o;
                    q.pieces[s] |= t;
                    q.to_move = mover;
                    visit(q);
                }
            }
        }
    }

    /// The predecessor classes, each as often as its representative has moves into this
    /// class (see [`Predecessors`]).
    ///
    /// Un-moves from this position reach a predecessor class `Q` once per (member of `Q`,
    /// move into this very position); the representative's moves into this class number
    /// that count times |Stab(Q)| / |Stab(P)|, the sizes of the board symmetries fixing
    /// each representative (count the pairs (symmetry, move) both ways). Almost always
    /// both are 1.
    fn predecessors_impl(&self, out: &mut Vec<u64>) {
        out.clear();
        let tables = index_tables();
        let here = tables.classify(self.pieces, self.to_move).stabilizer;
        if here == 1 {
            self.for_each_unmove(|q| {
                let class = tables.classify(q.pieces, q.to_move);
                for _ in 0..class.stabilizer {
                    out.push(class.index as u64);
                }
            });
            return;
        }
        let mut found: Vec<(u32, u8)> = Vec::new();
        self.for_each_unmove(|q| {
            let class = tables.classify(q.pieces, q.to_move);
            found.push((class.index, class.stabilizer));
        });
        found.sort_unstable();
        for run in found.chunk_by(|a, b| a.0 == b.0) {
            let (index, theirs) = run[0];
            let copies = run.len() * theirs as usize / here as usize;
            debug_assert_eq!(copies * here as usize, run.len() * theirs as usize);
            out.extend(std::iter::repeat(index as u64).take(copies));
        }
    }

    fn cell_char(&self, cell: u8) -> char {
        if self.pieces[0] >> cell & 1 == 1 {
            'x'
        } else if self.pieces[1] >> cell & 1 == 1 {
            'o'
        } else {
            '.'
        }
    }
}

impl Game for Kono {
    type Move = Move;
    type Undo = ();

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let me = self.to_move;
        let own = self.pieces[me.index()];
        let opp = self.pieces[me.opponent().index()];
        let empty = self.empty();
        let captures_only = self.variant.compulsory_capture && self.has_capture(me);
        moves.reserve(32);
        let mut rest = own;
        while rest != 0 {
            let from = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            for &(next, beyond) in &REACH[from as usize] {
                if next & own != 0 {
                    if beyond & opp != 0 {
                        moves.push(Move {
                            from,
                            to: beyond.trailing_zeros() as u8,
                            capture: true,
                        });
                    }
                } else if next & empty != 0 && !captures_only {
                    moves.push(Move {
                        from,
                        to: next.trailing_zeros() as u8,
                        capture: false,
                    });
                }
            }
        }
    }

    fn make(&mut self, mv: Move) {
        let (m, s) = (self.to_move.index(), self.to_move.opponent().index());
        self.pieces[m] ^= (1 << mv.from) | (1 << mv.to);
        if mv.capture {
            self.pieces[s] ^= 1 << mv.to;
        }
        self.to_move = self.to_move.opponent();
    }

    fn unmake(&mut self, mv: Move, _: ()) {
        self.to_move = self.to_move.opponent();
        let (m, s) = (self.to_move.index(), self.to_move.opponent().index());
        self.pieces[m] ^= (1 << mv.from) | (1 << mv.to);
        if mv.capture {
            self.pieces[s] ^= 1 << mv.to;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.count_moves() == 0).then(|| Outcome::Win(self.to_move.opponent()))
    }

    /// The two ways to lose: no pieces left, or every piece blocked.
    ///
    /// ```
    /// use cgtk_core::{Game, Notation};
    /// use cgtk_games::kono::Kono;
    /// let game = Kono::start(Default::default());
    /// let none = game.parse_position("o.../..../..../.... x").unwrap();
    /// assert_eq!(none.end_reason().unwrap(), "the player to move has no pieces left");
    /// // x on a4 can neither step (o below) nor jump (no own piece to jump over).
    /// let blocked = game.parse_position("xo../o.../..../.... x").unwrap();
    /// assert_eq!(blocked.end_reason().unwrap(), "the player to move is blocked: no piece can move");
    /// let playing = game.parse_position("x.../o.../..../.... x").unwrap();
    /// assert_eq!(playing.end_reason(), None);
    /// ```
    fn end_reason(&self) -> Option<String> {
        self.outcome()?;
        Some(if self.pieces(self.to_move) == 0 {
            "the player to move has no pieces left".to_string()
        } else {
            "the player to move is blocked: no piece can move".to_string()
        })
    }
}

impl PerfectIndex for Kono {
    /// One index per class of positions under the 16 symmetries (scheme `kono-sym16-v1`,
    /// see docs/table-format.md): 5 398 083, the number of boards of 3^16 up to the
    /// symmetries of the square (the side to move is always `x` after swapping colours).
    fn index_size(&self) -> u64 {
        index_tables().size()
    }

    #[inline]
    fn index(&self) -> u64 {
        index_tables().classify(self.pieces, self.to_move).index as u64
    }

    /// The class's representative: `x` to move, the smallest key (see the scheme).
    #[inline]
    fn position_at(&self, index: u64) -> Option<Kono> {
        let pieces = index_tables().representative(index)?;
        let max = self.variant.max_pieces as u32;
        if pieces[0].count_ones() > max || pieces[1].count_ones() > max {
            return None;
        }
        Some(Kono {
            pieces,
            to_move: Player::First,
            variant: self.variant,
        })
    }

    /// The eight symmetries of the board, each with or without swapping the colours and
    /// the side to move.
    fn symmetry_count(&self) -> u32 {
        SYMMETRIES as u32
    }

    fn transformed(&self, g: u32) -> Kono {
        let group = board_group();
        let d = (g & 7) as u8;
        let mut image = *self;
        image.pieces = self.pieces.map(|bb| group.apply(d, bb));
        if g as u8 & COLOUR_SWAP != 0 {
            image.pieces.swap(0, 1);
            image.to_move = self.to_move.opponent();
        }
        image
    }

    fn compose_symmetries(&self, a: u32, b: u32) -> u32 {
        board_group().compose(a as u8, b as u8) as u32
    }

    fn index_with_symmetry(&self) -> (u64, u32) {
        let class = index_tables().classify(self.pieces, self.to_move);
        let back = board_group().inverse(class.to_representative);
        (class.index as u64, back as u32)
    }

    fn class_size(&self) -> u64 {
        let class = index_tables().classify(self.pieces, self.to_move);
        (SYMMETRIES / class.stabilizer) as u64
    }
}

fn cell_name(c: u8) -> String {
    format!("{}{}", (b'a' + c % 4) as char, c / 4 + 1)
}

fn parse_cell(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'd').contains(&b[0]) || !(b'1'..=b'4').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 4 + (b[0] - b'a'))
}

/// Kono's material evaluation for alpha-beta, from the side to move's point of view: 100
/// per piece more than the opponent, plus one per legal move (mobility).
///
/// ```
/// use cgtk_games::kono::{material, Kono};
/// use cgtk_core::{Game, Notation};
///
/// let start = Kono::start(Default::default());
/// // Eight pieces each; four captures for x.
/// assert_eq!(material(&start), 4);
/// // After b1xb3, o (to move) is a piece down.
/// let down = start.parse_position("oooo/oxoo/xxxx/x.xx o").unwrap();
/// let mut moves = Vec::new();
/// down.legal_moves(&mut moves);
/// assert_eq!(material(&down), -100 + moves.len() as i32);
/// ```
pub fn material(game: &Kono) -> i32 {
    let me = game.to_move();
    let count = |p: Player| game.pieces(p).count_ones() as i32;
    100 * (count(me) - count(me.opponent())) + game.count_moves() as i32
}

/// Tables of Four Field Kono: one entry per class of 16 symmetric positions (scheme
/// `kono-sym16-v1`, docs/table-format.md); every variant has its own values.
/// The exact position: both sides' pieces and the side to move (no symmetry is folded in,
/// unlike [`PerfectIndex::index`], so that a goal for a fixed player keeps its meaning).
impl PositionKey for Kono {
    fn key(&self) -> u64 {
        self.pieces(Player::First) as u64
            | (self.pieces(Player::Second) as u64) << 16
            | (self.to_move().index() as u64) << 32
    }

    /// The class of the position under the 16 symmetries ([`PerfectIndex::index`]).
    ///
    /// ```
    /// use cgtk_core::{Notation, PositionKey};
    /// use cgtk_games::kono::Kono;
    ///
    /// let start = Kono::start(Default::default());
    /// let a = start.parse_position("x.../..../..../...o x").unwrap();
    /// // Mirrored, and with the colours swapped together with the side to move.
    /// let b = start.parse_position("...x/..../..../o... x").unwrap();
    /// let c = start.parse_position("o.../..../..../...x o").unwrap();
    /// assert_eq!(a.canonical_key(), b.canonical_key());
    /// assert_eq!(a.canonical_key(), c.canonical_key());
    /// assert_ne!(a.key(), b.key());
    /// ```
    fn canonical_key(&self) -> Option<u64> {
        Some(self.index())
    }
}

impl TableGame for Kono {
    const GAME: &'static str = "kono";
    const SCHEME: &'static str = "kono-sym16-v1";
    fn variant_text(&self) -> String {
        self.variant.to_string()
    }
}

impl Predecessors for Kono {
    /// The un-moves of the player who moved last.
    fn predecessors(&self, out: &mut Vec<u64>) {
        self.predecessors_impl(out)
    }

    fn move_count(&self, _: &mut Vec<Move>) -> usize {
        self.count_moves() as usize
    }
}

impl Notation for Kono {
    fn position_text(&self) -> String {
        let ranks: Vec<String> = (0..4)
            .rev()
            .map(|r| (0..4).map(|f| self.cell_char(r * 4 + f)).collect())
            .collect();
        format!(
            "{} {}",
            ranks.join("/"),
            if self.to_move == Player::First {
                'x'
            } else {
                'o'
            }
        )
    }

    fn parse_position(&self, text: &str) -> Result<Kono, NotationError> {
        let err = |reason: String| NotationError::Position {
            text: text.to_string(),
            reason,
        };
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 2 {
            return Err(err(
                "expected four ranks of x, o or . from rank 4 down separated by '/', a space and the side to move, e.g. oooo/oooo/xxxx/xxxx x".into(),
            ));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 4 || ranks.iter().any(|r| r.chars().count() != 4) {
            return Err(err("the board is four ranks of four cells".into()));
        }
        let mut pieces = [0u16; 2];
        for (i, rank) in ranks.iter().enumerate() {
            for (f, ch) in rank.chars().enumerate() {
                let bit = 1u16 << ((3 - i) * 4 + f);
                match ch {
                    'x' => pieces[0] |= bit,
                    'o' => pieces[1] |= bit,
                    '.' => {}
                    _ => return Err(err(format!("cells hold x, o or ., not {ch:?}"))),
                }
            }
        }
        let max = self.variant.max_pieces as u32;
        if pieces.iter().any(|p| p.count_ones() > max) {
            return Err(err(format!("each side has at most {max} pieces")));
        }
        let to_move = match fields[1] {
            "x" => Player::First,
            "o" => Player::Second,
            _ => return Err(err("the side to move is x or o".into())),
        };
        Ok(Kono {
            pieces,
            to_move,
            variant: self.variant,
        })
    }

    fn move_text(&self, mv: Move) -> String {
        format!(
            "{}{}{}",
            cell_name(mv.from),
            if mv.capture { 'x' } else { '-' },
            cell_name(mv.to)
        )
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let syntax = FromTo {
            separators: &['-', 'x'],
            form: "expected a step like a2-a3 or a capture like a1xa3",
            places: "cells are a1..d4",
        };
        let (from, separator, to) = parse_from_to(text, &syntax, parse_cell)?;
        let capture = separator == 'x';
        let mv = Move { from, to, capture };
        // `a1-a3` was answered "not a legal move" when the capture `a1xa3` was legal.
        if !capture
            && !self.is_legal(mv)
            && self.is_legal(Move {
                capture: true,
                ..mv
            })
        {
            return Err(NotationError::refused_move(
                text,
                format!(
                    "a jump is a capture here: write {}x{}",
                    cell_name(from),
                    cell_name(to)
                ),
            ));
        }
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(NotationError::refused_move(text, self.why_illegal(mv)))
        }
    }
}

impl Kono {
    /// Why `mv` is not legal here (it said only "not a legal move in this position").
    fn why_illegal(&self, mv: Move) -> String {
        let me = self.to_move;
        let side = |p: Player| if p == Player::First { 'x' } else { 'o' };
        let (from, to) = (cell_name(mv.from), cell_name(mv.to));
        if mv.from == mv.to {
            return "a move goes from one cell to another".to_string();
        }
        let mine = self.pieces[me.index()];
        let theirs = self.pieces[me.opponent().index()];
        if theirs >> mv.from & 1 == 1 {
            return format!(
                "the piece on {from} is {}'s; {} is to move",
                side(me.opponent()),
                side(me)
            );
        }
        if mine >> mv.from & 1 == 0 {
            return format!("there is no piece on {from}");
        }
        // The direction from `from` in which `to` is one (or two) cells away.
        let reach = &REACH[mv.from as usize];
        let target = 1u16 << mv.to;
        if !mv.capture {
            if !reach.iter().any(|&(next, _)| next == target) {
                return "a step goes to the next cell in a row or column".to_string();
            }
            if self.empty() & target == 0 {
                return format!("{to} is not empty");
            }
            if self.variant.compulsory_capture && self.has_capture(me) {
                return "a capture is compulsory (compulsory-capture) and one can be played"
                    .to_string();
            }
        } else {
            let Some(&(next, _)) = reach.iter().find(|&&(_, beyond)| beyond == target) else {
                return "a capture jumps over the next cell onto the one beyond it, two cells away in a line".to_string();
            };
            let over = cell_name(next.trailing_zeros() as u8);
            if mine & next == 0 {
                return format!("a capture jumps over a piece of your own, and {over} holds none");
            }
            if theirs & target == 0 {
                return format!("a capture lands on an opponent's piece, and {to} holds none");
            }
        }
        "not a legal move in this position".to_string()
    }
}

impl Render for Kono {
    /// The board with rank 4 at the top, e.g. the start:
    ///
    /// ```text
    /// 4 o o o o
    /// 3 o o o o
    /// 2 x x x x
    /// 1 x x x x
    ///   a b c d
    /// ```
    fn render(&self) -> String {
        let mut out = String::new();
        for r in (0..4u8).rev() {
            out.push_str(&format!("{} ", r + 1));
            let row: Vec<String> = (0..4)
                .map(|f| self.cell_char(r * 4 + f).to_string())
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out.push_str("  a b c d\n");
        out.push_str(if self.to_move == Player::First {
            "x to move"
        } else {
            "o to move"
        });
        out
    }
}

#[cfg(test)]
mod tests;
