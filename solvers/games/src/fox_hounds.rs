//! Fox and Hounds on the 32 dark squares of a checkerboard.
//!
//! # Rules
//! Four hounds start on the dark squares of rank 1 (`a1 c1 e1 g1`); the fox starts on a dark
//! square of rank 8. Hounds move one square diagonally forward (towards rank 8) to an empty
//! square; the fox moves one square diagonally in any direction to an empty square. There
//! are no captures. The fox wins by reaching rank 1, the hounds' home row. A side with no
//! legal move on its turn loses: the hounds win by trapping the fox. Every hound move goes
//! forward, so the game always ends and there are no draws.
//!
//! # Variants
//! Comma-separated settings; `standard` is `fox=d8,first=fox`.
//! - `fox=b8|d8|f8|h8`: the fox's start square (default `d8`).
//! - `first=fox|hounds`: who moves first (default the fox). [`Player::First`] is always the
//!   side that moves first, so with `first=hounds` the hounds are the first player.
//!
//! The index does not depend on the variant (it records whether the fox or the hounds are
//! to move), so one solved table serves every start square.
//!
//! # Notation
//! Squares are named as in chess, `a1`..`h8`, with `a1` dark. A position is the fox's
//! square, the hounds' squares separated by commas, and the side to move (`f` for the fox,
//! `h` for the hounds): the start is `d8 a1,c1,e1,g1 f`. A move is `from-to`: `d8-c7`.
//!
//! ```
//! use cgtk_core::{PositionKey, Game, Notation, Outcome};
//! use cgtk_games::fox_hounds::{FoxHounds, Role};
//!
//! let game = FoxHounds::start("fox=b8,first=hounds".parse().unwrap());
//! assert_eq!(game.position_text(), "b8 a1,c1,e1,g1 h");
//! // The fox on a1 has reached the hounds' home row.
//! let done = game.parse_position("a1 b2,c3,e1,g1 h").unwrap();
//! assert_eq!(done.outcome(), Some(Outcome::Win(done.player(Role::Fox))));
//! ```

pub mod heuristics;

pub use cgtk_core::VariantError;
use cgtk_core::{
    parse_from_to, FromTo, Game, Notation, NotationError, Outcome, PerfectIndex, Player,
    PositionKey, Predecessors, Render, TableGame,
};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// C(32, 4): the number of sets of hound squares.
const HOUND_SETS: u64 = 35_960;

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The single fox.
    Fox,
    /// The four hounds.
    Hounds,
}

/// The rules variant: the fox's start square and who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// The fox's start square, a dark square of rank 8 (0..32 dark-square number).
    pub fox_start: u8,
    /// Who moves first.
    pub first: Role,
}

impl Default for Variant {
    fn default() -> Self {
        Variant {
            fox_start: square_number("d8").unwrap_or(29),
            first: Role::Fox,
        }
    }
}

/// What [`Variant`]'s text may say, as error messages put it.
pub const VARIANTS_ALLOWED: &str =
    "standard, fox=b8|d8|f8|h8 and/or first=fox|hounds, separated by commas";

impl FromStr for Variant {
    type Err = VariantError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut v = Variant::default();
        crate::variant::parse_game_variant("fox-hounds", s, VARIANTS_ALLOWED, |setting| {
            match (setting.key, setting.value) {
                ("standard", None) => true,
                ("first", Some("fox")) => {
                    v.first = Role::Fox;
                    true
                }
                ("first", Some("hounds")) => {
                    v.first = Role::Hounds;
                    true
                }
                ("fox", Some(square)) => match square_number(square) {
                    Some(sq) if sq >= 28 => {
                        v.fox_start = sq;
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
        if *self == Variant::default() {
            return f.write_str("standard");
        }
        write!(
            f,
            "fox={},first={}",
            square_name(self.fox_start),
            match self.first {
                Role::Fox => "fox",
                Role::Hounds => "hounds",
            }
        )
    }
}

/// A move of the fox or of one hound, in dark-square numbers (`rank * 4 + file / 2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square left.
    pub from: u8,
    /// The square reached.
    pub to: u8,
}

/// A Fox and Hounds position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FoxHounds {
    fox: u8,
    /// Bit per dark square.
    hounds: u32,
    fox_to_move: bool,
    variant: Variant,
}

/// Diagonal neighbours per dark square: `[forward (rank + 1), backward (rank - 1)]`.
fn neighbours() -> &'static [[u32; 2]; 32] {
    static N: OnceLock<[[u32; 2]; 32]> = OnceLock::new();
    N.get_or_init(|| {
        let mut n = [[0u32; 2]; 32];
        for (sq, entry) in n.iter_mut().enumerate() {
            let (r, f) = coords(sq as u8);
            for (dir, dr) in [(0usize, 1i32), (1, -1)] {
                for df in [-1i32, 1] {
                    let (nr, nf) = (r as i32 + dr, f as i32 + df);
                    if (0..8).contains(&nr) && (0..8).contains(&nf) {
                        entry[dir] |= 1 << (nr * 4 + nf / 2);
                    }
                }
            }
        }
        n
    })
}

/// (rank, file) of a dark square, both 0..8.
fn coords(sq: u8) -> (u8, u8) {
    let r = sq / 4;
    (r, (sq % 4) * 2 + r % 2)
}

fn square_name(sq: u8) -> String {
    let (r, f) = coords(sq);
    format!("{}{}", (b'a' + f) as char, r + 1)
}

fn square_number(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    let (f, r) = (b[0] - b'a', b[1] - b'1');
    ((f + r) % 2 == 0).then_some(r * 4 + f / 2)
}

/// The dark-square number of a piece's square `text`, or why it is not one: not a square
/// name (`D8`, `d9`: "the fox stands on a dark square" was said of both), or a light
/// square. `whose` names the piece (`the fox's`).
fn piece_square(text: &str, whose: &str) -> Result<u8, String> {
    let b = text.as_bytes();
    let named = b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]);
    if !named {
        return Err(format!(
            "{whose} square {text:?} is not a square name: a file a..h, then a rank 1..8 (e.g. d8)"
        ));
    }
    square_number(text).ok_or_else(|| {
        format!("{whose} square {text:?} is a light square; pieces stand on the dark squares (a1, c1, …, h8)")
    })
}

/// `C(n, k)` for n in 0..=32 and k in 0..=4 (Pascal's triangle).
const BINOMIALS: [[u32; 5]; 33] = binomials();

const fn binomials() -> [[u32; 5]; 33] {
    let mut t = [[0u32; 5]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= 4 && n > 0 {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
}

/// Rank of a 4-subset of 0..32 in the combinatorial number system.
#[inline]
fn rank_set(mut set: u32) -> u64 {
    let mut rank = 0;
    for row in &BINOMIALS_BY_K {
        let sq = set.trailing_zeros() as usize;
        set &= set - 1;
        rank += row[sq] as u64;
    }
    rank
}

/// `C(n, k)` for k = 1..=4, by k then n, for [`rank_set`].
const BINOMIALS_BY_K: [[u32; 32]; 4] = {
    let mut t = [[0u32; 32]; 4];
    let mut k = 0;
    while k < 4 {
        let mut n = 0;
        while n < 32 {
            t[k][n] = BINOMIALS[n][k + 1];
            n += 1;
        }
        k += 1;
    }
    t
};

/// The 4-subset with `rank` (a table of every subset in rank order).
#[inline]
fn unrank_set(rank: u64) -> u32 {
    static SETS: OnceLock<Vec<u32>> = OnceLock::new();
    let sets = SETS.get_or_init(|| {
        // Colexicographic order, the order of the ranks.
        let mut sets = Vec::with_capacity(HOUND_SETS as usize);
        for d in 0..32 {
            for c in 0..d {
                for b in 0..c {
                    for a in 0..b {
                        sets.push(1 << a | 1 << b | 1 << c | 1 << d);
                    }
                }
            }
        }
        sets
    });
    sets[rank as usize]
}

impl FoxHounds {
    /// The start position of `variant`.
    ///
    /// ```
    /// use cgtk_core::{Game, Player};
    /// use cgtk_games::fox_hounds::{FoxHounds, Role};
    ///
    /// let moves = |g: &FoxHounds| {
    ///     let mut moves = Vec::new();
    ///     g.legal_moves(&mut moves);
    ///     moves.len()
    /// };
    /// let game = FoxHounds::start(Default::default());
    /// assert_eq!((game.role_to_move(), game.to_move()), (Role::Fox, Player::First));
    /// assert_eq!(moves(&game), 2); // d8-c7, d8-e7
    /// assert_eq!(moves(&FoxHounds::start("fox=h8".parse().unwrap())), 1); // h8-g7 only
    /// // Hounds first: they are the first player; a1 has one square ahead, the others two.
    /// let game = FoxHounds::start("first=hounds".parse().unwrap());
    /// assert_eq!((game.role_to_move(), game.player(Role::Hounds)), (Role::Hounds, Player::First));
    /// assert_eq!(moves(&game), 1 + 2 + 2 + 2);
    /// ```
    pub fn start(variant: Variant) -> FoxHounds {
        FoxHounds {
            fox: variant.fox_start,
            hounds: 0b1111,
            fox_to_move: variant.first == Role::Fox,
            variant,
        }
    }

    /// The rules variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Which player (first or second) plays `role` under this variant.
    pub fn player(&self, role: Role) -> Player {
        if role == self.variant.first {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The side to move.
    pub fn role_to_move(&self) -> Role {
        if self.fox_to_move {
            Role::Fox
        } else {
            Role::Hounds
        }
    }

    /// The fox's dark-square number.
    pub fn fox(&self) -> u8 {
        self.fox
    }

    /// The hounds' squares as a bitboard over dark-square numbers.
    pub fn hounds(&self) -> u32 {
        self.hounds
    }

    fn occupied(&self) -> u32 {
        self.hounds | 1 << self.fox
    }

    fn fox_home(&self) -> bool {
        self.fox < 4
    }
}

impl Game for FoxHounds {
    type Move = Move;
    type Undo = ();

    fn to_move(&self) -> Player {
        self.player(self.role_to_move())
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.fox_home() {
            return;
        }
        let n = neighbours();
        let empty = !self.occupied();
        if self.fox_to_move {
            let mut to = (n[self.fox as usize][0] | n[self.fox as usize][1]) & empty;
            while to != 0 {
                let t = to.trailing_zeros() as u8;
                to &= to - 1;
                moves.push(Move {
                    from: self.fox,
                    to: t,
                });
            }
        } else {
            let mut hs = self.hounds;
            while hs != 0 {
                let h = hs.trailing_zeros() as u8;
                hs &= hs - 1;
                let mut to = n[h as usize][0] & empty;
                while to != 0 {
                    let t = to.trailing_zeros() as u8;
                    to &= to - 1;
                    moves.push(Move { from: h, to: t });
                }
            }
        }
    }

    fn make(&mut self, mv: Move) {
        if self.fox_to_move {
            self.fox = mv.to;
        } else {
            self.hounds ^= 1 << mv.from | 1 << mv.to;
        }
        self.fox_to_move = !self.fox_to_move;
    }

    fn unmake(&mut self, mv: Move, _: ()) {
        self.fox_to_move = !self.fox_to_move;
        if self.fox_to_move {
            self.fox = mv.from;
        } else {
            self.hounds ^= 1 << mv.from | 1 << mv.to;
        }
    }

    fn end_reason(&self) -> Option<String> {
        let reason = match self.outcome()? {
            _ if self.fox_home() => "the fox reached the hounds' home row",
            _ if self.to_move() == self.player(Role::Fox) => "the fox is trapped",
            _ => "the hounds have no move",
        };
        Some(reason.to_string())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.fox_home() {
            return Some(Outcome::Win(self.player(Role::Fox)));
        }
        let mut moves = Vec::with_capacity(8);
        self.legal_moves(&mut moves);
        moves
            .is_empty()
            .then(|| Outcome::Win(self.to_move().opponent()))
    }
}

impl PerfectIndex for FoxHounds {
    /// Side to move (fox 0, hounds 1) × fox square (32) × hound set (C(32,4) = 35960).
    /// Illegal: the fox on a hound, or the fox to move on rank 1 (the game ended before).
    fn index_size(&self) -> u64 {
        2 * 32 * HOUND_SETS
    }

    fn index(&self) -> u64 {
        ((!self.fox_to_move as u64) * 32 + self.fox as u64) * HOUND_SETS + rank_set(self.hounds)
    }

    fn position_at(&self, index: u64) -> Option<FoxHounds> {
        if index >= self.index_size() {
            return None;
        }
        let hounds = unrank_set(index % HOUND_SETS);
        let fox = ((index / HOUND_SETS) % 32) as u8;
        let fox_to_move = index / HOUND_SETS < 32;
        if hounds >> fox & 1 == 1 || (fox_to_move && fox < 4) {
            return None;
        }
        Some(FoxHounds {
            fox,
            hounds,
            fox_to_move,
            variant: self.variant,
        })
    }
}

/// Tables of Fox and Hounds: one entry per (fox, hounds, side to move); the variant only
/// picks the start position, so one table serves every variant.
/// The exact position: the hounds' squares, the fox's square and the side to move.
impl PositionKey for FoxHounds {
    fn key(&self) -> u64 {
        self.hounds() as u64
            | (self.fox() as u64) << 32
            | ((self.role_to_move() == Role::Fox) as u64) << 40
    }
}

impl TableGame for FoxHounds {
    const GAME: &'static str = "fox-hounds";
    const SCHEME: &'static str = "fox-hounds-v1";
    const VARIANTS_SHARE_TABLE: bool = true;
    fn variant_text(&self) -> String {
        self.variant.to_string()
    }
}

impl Predecessors for FoxHounds {
    /// The un-moves of the side that moved last.
    fn predecessors(&self, out: &mut Vec<u64>) {
        out.clear();
        let n = neighbours();
        let empty = !self.occupied();
        let mut q = *self;
        q.fox_to_move = !self.fox_to_move;
        if self.fox_to_move {
            // A hound moved forward to its square from one of its backward neighbours.
            // Before that move the fox had not yet won (it is not on rank 1 now either).
            if self.fox_home() {
                return;
            }
            let mut hs = self.hounds;
            while hs != 0 {
                let h = hs.trailing_zeros();
                hs &= hs - 1;
                let mut from = n[h as usize][1] & empty;
                while from != 0 {
                    let f = from.trailing_zeros();
                    from &= from - 1;
                    q.hounds = self.hounds ^ (1 << h | 1 << f);
                    out.push(q.index());
                }
            }
        } else {
            // The fox came from an empty neighbour, not on rank 1.
            let mut from = (n[self.fox as usize][0] | n[self.fox as usize][1]) & empty & !0b1111;
            while from != 0 {
                let f = from.trailing_zeros() as u8;
                from &= from - 1;
                q.fox = f;
                out.push(q.index());
            }
        }
    }
}

impl Notation for FoxHounds {
    fn position_text(&self) -> String {
        let mut hounds = Vec::new();
        for sq in 0..32u8 {
            if self.hounds >> sq & 1 == 1 {
                hounds.push(square_name(sq));
            }
        }
        format!(
            "{} {} {}",
            square_name(self.fox),
            hounds.join(","),
            if self.fox_to_move { 'f' } else { 'h' }
        )
    }

    fn parse_position(&self, text: &str) -> Result<FoxHounds, NotationError> {
        let err = |reason: &str| NotationError::Position {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 3 {
            return Err(err("expected the fox's square, four hound squares separated by commas and the side to move (f or h), e.g. d8 a1,c1,e1,g1 f"));
        }
        let fox = piece_square(fields[0], "the fox's").map_err(|reason| err(&reason))?;
        let mut hounds = 0u32;
        for h in fields[1].split(',') {
            let sq = piece_square(h, "a hound's").map_err(|reason| err(&reason))?;
            hounds |= 1 << sq;
        }
        if hounds.count_ones() != 4 || fields[1].split(',').count() != 4 {
            return Err(err(
                "there are exactly four hounds on four different squares",
            ));
        }
        if hounds >> fox & 1 == 1 {
            return Err(err("the fox and a hound share a square"));
        }
        let fox_to_move = match fields[2] {
            "f" => true,
            "h" => false,
            _ => return Err(err("the side to move is f (fox) or h (hounds)")),
        };
        if fox_to_move && fox < 4 {
            return Err(err(
                "the fox on rank 1 has already won; the hounds would be to move",
            ));
        }
        Ok(FoxHounds {
            fox,
            hounds,
            fox_to_move,
            variant: self.variant,
        })
    }

    fn move_text(&self, mv: Move) -> String {
        format!("{}-{}", square_name(mv.from), square_name(mv.to))
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let syntax = FromTo {
            separators: &['-'],
            form: "expected from-to with dark squares, e.g. d8-c7",
            places: "squares are dark squares a1..h8",
        };
        let (from, _, to) = parse_from_to(text, &syntax, square_number)?;
        let mv = Move { from, to };
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(NotationError::refused_move(text, self.why_illegal(mv)))
        }
    }
}

impl FoxHounds {
    /// Why `mv` is not legal here (it said only "not a legal move in this position").
    fn why_illegal(&self, mv: Move) -> String {
        let (from, to) = (square_name(mv.from), square_name(mv.to));
        let reach = neighbours()[mv.from as usize];
        if mv.from == mv.to {
            return "a move goes from one square to another".to_string();
        }
        let (piece, forward_only) = if mv.from == self.fox {
            ("the fox", false)
        } else if self.hounds >> mv.from & 1 == 1 {
            ("a hound", true)
        } else {
            return format!("there is no piece on {from}");
        };
        match (forward_only, self.fox_to_move) {
            (true, true) => {
                return format!(
                    "the hound on {from} moves only when the hounds are to move; the fox is to move"
                )
            }
            (false, false) => {
                return format!(
                    "the fox on {from} moves only when the fox is to move; the hounds are to move"
                )
            }
            _ => {}
        }
        if forward_only && reach[0] >> mv.to & 1 == 0 {
            return format!("{piece} moves one square diagonally forward (towards rank 8)");
        }
        if (reach[0] | reach[1]) >> mv.to & 1 == 0 {
            return format!("{piece} moves one square diagonally");
        }
        if mv.to == self.fox || self.hounds >> mv.to & 1 == 1 {
            return format!("{to} is not empty");
        }
        "not a legal move in this position".to_string()
    }
}

impl Render for FoxHounds {
    /// The board with rank 8 at the top: `F` the fox, `H` a hound, `.` an empty dark
    /// square, a blank for light squares.
    fn render(&self) -> String {
        let mut out = String::new();
        for r in (0..8u8).rev() {
            out.push_str(&format!("{} ", r + 1));
            for f in 0..8u8 {
                let ch = if (f + r) % 2 == 1 {
                    ' '
                } else {
                    let sq = r * 4 + f / 2;
                    if sq == self.fox {
                        'F'
                    } else if self.hounds >> sq & 1 == 1 {
                        'H'
                    } else {
                        '.'
                    }
                };
                out.push(ch);
                if f < 7 {
                    out.push(' ');
                }
            }
            out.push('\n');
        }
        out.push_str("  a b c d e f g h\n");
        out.push_str(if self.fox_to_move {
            "fox to move"
        } else {
            "hounds to move"
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgtk_core::perft;

    fn binomial(n: u64, k: u64) -> u64 {
        if k > n {
            return 0;
        }
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn subset_ranking_round_trips() {
        for rank in 0..HOUND_SETS {
            let set = unrank_set(rank);
            assert_eq!(set.count_ones(), 4);
            assert_eq!(rank_set(set), rank);
        }
        for (n, row) in BINOMIALS.iter().enumerate() {
            for (k, &c) in row.iter().enumerate() {
                assert_eq!(c as u64, binomial(n as u64, k as u64));
            }
        }
        assert_eq!(binomial(32, 4), HOUND_SETS);
    }

    #[test]
    fn start_perft_and_variants() {
        let mut g = FoxHounds::start(Variant::default());
        assert_eq!(perft(&mut g, 1), 2);
        assert_eq!(perft(&mut g, 2), 14);
        let h: Variant = "first=hounds,fox=h8".parse().unwrap();
        let mut gh = FoxHounds::start(h);
        assert_eq!(perft(&mut gh, 1), 7);
        assert_eq!(gh.to_move(), Player::First);
        assert_eq!(gh.player(Role::Fox), Player::Second);
        assert_eq!(h.to_string(), "fox=h8,first=hounds");
        assert_eq!(h.to_string().parse::<Variant>().unwrap(), h);
        assert!("fox=a1".parse::<Variant>().is_err());
        assert!("fox=c8".parse::<Variant>().is_err());
        assert!(g.parse_move("d8-d7").is_err());
        assert!(g.parse_position("d8 a1,c1,e1 f").is_err());
    }

    #[test]
    fn trapped_fox_loses() {
        let g = FoxHounds::start(Variant::default());
        // Fox in the corner h8 with a hound on g7: no move.
        let p = g.parse_position("h8 a1,c1,e1,g7 f").unwrap();
        assert_eq!(p.outcome(), Some(Outcome::Win(Player::Second)));
        assert!(p.render().contains("fox to move"));
    }
}
