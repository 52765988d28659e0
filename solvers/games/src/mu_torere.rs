//! Mu Torere, the Māori blocking game on an eight-pointed star.
//!
//! # Rules
//! Eight outer points (kewai) on a ring, numbered `1`..`8`, each adjacent to its two ring
//! neighbours, and a centre point (pūtahi), written `c`, adjacent to all eight. Black (the
//! first player) starts on points 1–4, White on 5–8; the centre is empty, and exactly one
//! point is always empty. A move takes one of your pieces to the empty point along an
//! adjacency: ring to neighbouring ring point, centre to ring, or ring to centre, the last
//! only when the moving piece has at least one opponent piece among its two ring
//! neighbours. A player with no legal move loses.
//!
//! # Variants
//! - [`Opening::Restricted`] (`standard`, the default): the ring-to-centre condition holds
//!   throughout the game (the rules as given by R. C. Bell, *Board and Table Games from
//!   Many Civilizations*, and on Wikipedia's "Mū tōrere" page).
//! - [`Opening::FirstTwoTurns`] (`first-two-turns`): the condition holds only on the first
//!   two turns of the game (one per player); afterwards any piece next to the centre may
//!   move into it. This is the reading of Elsdon Best, *Games and Pastimes of the Maori*
//!   (1925), pp. 60–61, catalogued by the Ludii project as the ruleset "First Two Turns".
//!   The position then also records how many of those two opening turns have been played.
//!
//! # Notation
//! A position is the contents of points 1..8, a `/`, the centre, a space and the side to
//! move: `b` black, `w` white, `.` empty. The start is `bbbbwwww/. b`. Under
//! `first-two-turns` a fourth field gives the number of opening turns played (0, 1 or 2):
//! `bbbbwwww/. b 0`. A move is `from-to` with points `1`..`8` and `c`: `4-c`, `c-5`, `3-4`.
//!
//! ```
//! use cgtk_core::{PositionKey, Game, Notation};
//! use cgtk_games::mu_torere::MuTorere;
//!
//! let mut game = MuTorere::start(Default::default());
//! let mut moves = Vec::new();
//! game.legal_moves(&mut moves);
//! // Only the two end pieces (1 and 4) touch an opponent, and the centre is the only hole.
//! let texts: Vec<String> = moves.iter().map(|&m| game.move_text(m)).collect();
//! assert_eq!(texts, ["1-c", "4-c"]);
//! let mv = game.parse_move("4-c").unwrap();
//! game.make(mv);
//! assert_eq!(game.position_text(), "bbb.wwww/b w");
//! ```

pub use cgtk_core::VariantError;
use cgtk_core::{
    parse_from_to, FromTo, Game, Notation, NotationError, Outcome, PerfectIndex, Player,
    PositionKey, Predecessors, Render, TableGame,
};
use std::fmt;
use std::str::FromStr;

/// The centre point's number (the ring points are 0..8).
pub const CENTRE: u8 = 8;

/// When the ring-to-centre condition applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opening {
    /// Throughout the game (`standard`).
    #[default]
    Restricted,
    /// Only on the first two turns of the game (`first-two-turns`).
    FirstTwoTurns,
}

/// The rules variant of Mu Torere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// When a piece may move from the ring to the centre.
    pub opening: Opening,
}

/// What [`Variant`]'s text may say, as error messages put it.
pub const VARIANTS_ALLOWED: &str = "standard or first-two-turns";

impl FromStr for Variant {
    type Err = VariantError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut v = Variant::default();
        crate::variant::parse_game_variant("mu-torere", s, VARIANTS_ALLOWED, |setting| {
            match (setting.key, setting.value) {
                ("standard", None) => true,
                ("first-two-turns", None) => {
                    v.opening = Opening::FirstTwoTurns;
                    true
                }
                _ => false,
            }
        })?;
        Ok(v)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.opening {
            Opening::Restricted => "standard",
            Opening::FirstTwoTurns => "first-two-turns",
        })
    }
}

/// A move: the point the piece leaves and the (empty) point it goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin, 0..8 on the ring or [`CENTRE`].
    pub from: u8,
    /// Destination, the empty point.
    pub to: u8,
}

/// A Mu Torere position: the nine points, the side to move and the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MuTorere {
    /// Contents of ring points 0..8 and the centre (index 8).
    cells: [Option<Player>; 9],
    to_move: Player,
    /// Opening turns played, saturating at 2 (always 2 under the standard rules).
    opening_turns: u8,
    variant: Variant,
}

/// Ranks of the 8-bit masks with four bits set, 0..70 (and 255 elsewhere).
fn four_of_eight() -> &'static ([u8; 256], [u8; 70]) {
    static TABLE: std::sync::OnceLock<([u8; 256], [u8; 70])> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut rank = [255u8; 256];
        let mut unrank = [0u8; 70];
        let mut next = 0;
        for (mask, slot) in rank.iter_mut().enumerate() {
            if mask.count_ones() == 4 {
                *slot = next as u8;
                unrank[next] = mask as u8;
                next += 1;
            }
        }
        (rank, unrank)
    })
}

impl MuTorere {
    /// The start position: black on 1–4, white on 5–8, black to move.
    ///
    /// ```
    /// use cgtk_core::{perft, Game, Notation, Outcome, PerfectIndex, Player};
    /// use cgtk_games::mu_torere::MuTorere;
    ///
    /// let mut game = MuTorere::start(Default::default());
    /// assert_eq!(game.to_move(), Player::First);
    /// // 9 places for the hole × C(8, 4) places for black × 2 sides to move.
    /// assert_eq!(game.index_size(), 9 * 70 * 2);
    /// // Leaf counts by depth, as a separate brute-force move generator finds them.
    /// let counts: Vec<u64> = (1..=6).map(|d| perft(&mut game, d)).collect();
    /// assert_eq!(counts, [2, 2, 2, 6, 8, 12]);
    /// // The shortest game: black walks into a block after six plies.
    /// for mv in ["1-c", "8-1", "c-8", "1-c", "8-1", "7-8"] {
    ///     game.make(game.parse_move(mv).unwrap());
    /// }
    /// assert_eq!(game.outcome(), Some(Outcome::Win(Player::Second)));
    /// ```
    pub fn start(variant: Variant) -> MuTorere {
        let mut cells = [None; 9];
        for (i, cell) in cells.iter_mut().enumerate().take(8) {
            *cell = Some(if i < 4 { Player::First } else { Player::Second });
        }
        MuTorere {
            cells,
            to_move: Player::First,
            opening_turns: match variant.opening {
                Opening::Restricted => 2,
                Opening::FirstTwoTurns => 0,
            },
            variant,
        }
    }

    /// The rules variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The piece on point `p` (0..8 ring, 8 centre).
    pub fn cell(&self, p: u8) -> Option<Player> {
        self.cells[p as usize]
    }

    fn empty_point(&self) -> u8 {
        self.cells.iter().position(|c| c.is_none()).unwrap_or(0) as u8
    }

    /// True when a piece on ring point `p` may move to the centre in the current phase:
    /// it has an opponent of `owner` among its ring neighbours, or the restriction is over.
    fn may_enter_centre(&self, p: u8, owner: Player, opening_turns: u8) -> bool {
        if self.variant.opening == Opening::FirstTwoTurns && opening_turns >= 2 {
            return true;
        }
        let opp = Some(owner.opponent());
        self.cells[((p + 1) % 8) as usize] == opp || self.cells[((p + 7) % 8) as usize] == opp
    }

    fn phase_count(&self) -> u64 {
        match self.variant.opening {
            Opening::Restricted => 1,
            Opening::FirstTwoTurns => 3,
        }
    }

    fn predecessors_impl(&self, out: &mut Vec<u64>) {
        out.clear();
        let mover = self.to_move.opponent();
        let empty = self.empty_point();
        let prev_turns: &[u8] = match (self.variant.opening, self.opening_turns) {
            (Opening::Restricted, _) => &[2],
            (Opening::FirstTwoTurns, 0) => &[],
            (Opening::FirstTwoTurns, 1) => &[0],
            (Opening::FirstTwoTurns, _) => &[1, 2],
        };
        let targets: Vec<u8> = if empty == CENTRE {
            (0..8).collect()
        } else {
            vec![(empty + 1) % 8, (empty + 7) % 8, CENTRE]
        };
        for &turns in prev_turns {
            for &t in &targets {
                if self.cells[t as usize] != Some(mover) {
                    continue;
                }
                // The earlier position: the piece back on `empty`, `t` empty.
                let mut q = *self;
                q.cells[empty as usize] = Some(mover);
                q.cells[t as usize] = None;
                q.to_move = mover;
                q.opening_turns = turns;
                if t == CENTRE && !q.may_enter_centre(empty, mover, turns) {
                    continue;
                }
                out.push(q.index());
            }
        }
    }
}

impl Game for MuTorere {
    type Move = Move;
    type Undo = u8;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let me = Some(self.to_move);
        let empty = self.empty_point();
        if empty == CENTRE {
            for p in 0..8 {
                if self.cells[p as usize] == me
                    && self.may_enter_centre(p, self.to_move, self.opening_turns)
                {
                    moves.push(Move {
                        from: p,
                        to: CENTRE,
                    });
                }
            }
        } else {
            let mut from = [(empty + 7) % 8, (empty + 1) % 8, CENTRE];
            if from[0] > from[1] {
                from.swap(0, 1);
            }
            for p in from {
                if self.cells[p as usize] == me {
                    moves.push(Move { from: p, to: empty });
                }
            }
        }
    }

    fn make(&mut self, mv: Move) -> u8 {
        let undo = self.opening_turns;
        self.cells[mv.to as usize] = self.cells[mv.from as usize].take();
        self.to_move = self.to_move.opponent();
        self.opening_turns = (self.opening_turns + 1).min(2);
        undo
    }

    fn unmake(&mut self, mv: Move, undo: u8) {
        self.cells[mv.from as usize] = self.cells[mv.to as usize].take();
        self.to_move = self.to_move.opponent();
        self.opening_turns = undo;
    }

    fn end_reason(&self) -> Option<String> {
        self.outcome()
            .map(|_| "the player to move is blocked: no piece can move".to_string())
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut moves = Vec::with_capacity(4);
        self.legal_moves(&mut moves);
        moves
            .is_empty()
            .then(|| Outcome::Win(self.to_move.opponent()))
    }
}

impl PerfectIndex for MuTorere {
    /// (side to move × opening turns) × empty point (9) × black's 4 of the other 8 points (70).
    fn index_size(&self) -> u64 {
        2 * self.phase_count() * 9 * 70
    }

    fn index(&self) -> u64 {
        let empty = self.empty_point();
        let mut mask = 0usize;
        let mut bit = 0;
        for p in 0..9u8 {
            if p == empty {
                continue;
            }
            if self.cells[p as usize] == Some(Player::First) {
                mask |= 1 << bit;
            }
            bit += 1;
        }
        let rank = four_of_eight().0[mask] as u64;
        let phase = match self.variant.opening {
            Opening::Restricted => 0,
            Opening::FirstTwoTurns => self.opening_turns as u64,
        };
        ((self.to_move.index() as u64 * self.phase_count() + phase) * 9 + empty as u64) * 70 + rank
    }

    fn position_at(&self, index: u64) -> Option<MuTorere> {
        if index >= self.index_size() {
            return None;
        }
        let rank = (index % 70) as usize;
        let empty = ((index / 70) % 9) as u8;
        let rest = index / 630;
        let phase = rest % self.phase_count();
        let side = rest / self.phase_count();
        let mask = four_of_eight().1[rank];
        let mut cells = [None; 9];
        let mut bit = 0;
        for p in 0..9u8 {
            if p == empty {
                continue;
            }
            cells[p as usize] = Some(if mask >> bit & 1 == 1 {
                Player::First
            } else {
                Player::Second
            });
            bit += 1;
        }
        Some(MuTorere {
            cells,
            to_move: if side == 0 {
                Player::First
            } else {
                Player::Second
            },
            opening_turns: match self.variant.opening {
                Opening::Restricted => 2,
                Opening::FirstTwoTurns => phase as u8,
            },
            variant: self.variant,
        })
    }
}

fn point_name(p: u8) -> String {
    if p == CENTRE {
        "c".to_string()
    } else {
        (p + 1).to_string()
    }
}

fn parse_point(s: &str) -> Option<u8> {
    match s {
        "c" | "C" => Some(CENTRE),
        _ => s
            .parse::<u8>()
            .ok()
            .filter(|p| (1..=8).contains(p))
            .map(|p| p - 1),
    }
}

fn piece_char(c: Option<Player>) -> char {
    match c {
        Some(Player::First) => 'b',
        Some(Player::Second) => 'w',
        None => '.',
    }
}

/// Tables of Mu Torere: one entry per position (scheme `mu-torere-v1`); the
/// `first-two-turns` variant counts turns in its index and has its own table.
/// The perfect index: it folds in no symmetry, so it names the exact position.
impl PositionKey for MuTorere {
    fn key(&self) -> u64 {
        self.index()
    }
}

impl TableGame for MuTorere {
    const GAME: &'static str = "mu-torere";
    const SCHEME: &'static str = "mu-torere-v1";
    fn variant_text(&self) -> String {
        self.variant.to_string()
    }
}

impl Predecessors for MuTorere {
    /// The un-moves of the player who moved last.
    fn predecessors(&self, out: &mut Vec<u64>) {
        self.predecessors_impl(out)
    }
}

impl Notation for MuTorere {
    fn position_text(&self) -> String {
        let ring: String = self.cells[..8].iter().map(|&c| piece_char(c)).collect();
        let mut text = format!(
            "{ring}/{} {}",
            piece_char(self.cells[8]),
            piece_char(Some(self.to_move))
        );
        if self.variant.opening == Opening::FirstTwoTurns {
            text.push_str(&format!(" {}", self.opening_turns));
        }
        text
    }

    fn parse_position(&self, text: &str) -> Result<MuTorere, NotationError> {
        let err = |reason: &str| NotationError::Position {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let fields: Vec<&str> = text.split_whitespace().collect();
        let want = match self.variant.opening {
            Opening::Restricted => 2,
            Opening::FirstTwoTurns => 3,
        };
        if fields.len() != want {
            return Err(err(if want == 2 {
                "expected 8 ring points, '/', the centre, a space and the side to move (b or w), e.g. bbbbwwww/. b"
            } else {
                "expected board, side to move and opening turns played (0, 1 or 2), e.g. bbbbwwww/. b 0"
            }));
        }
        let chars: Vec<char> = fields[0].chars().collect();
        if chars.len() != 10 || chars[8] != '/' {
            return Err(err("the board is 8 ring points, '/', then the centre"));
        }
        let mut cells = [None; 9];
        for (i, &ch) in chars.iter().filter(|&&c| c != '/').enumerate() {
            cells[i] = match ch {
                'b' => Some(Player::First),
                'w' => Some(Player::Second),
                '.' => None,
                _ => return Err(err("points hold b, w or .")),
            };
        }
        let count = |p| cells.iter().filter(|&&c| c == p).count();
        if count(Some(Player::First)) != 4 || count(Some(Player::Second)) != 4 {
            return Err(err("each side has exactly 4 pieces and one point is empty"));
        }
        let to_move = match fields[1] {
            "b" => Player::First,
            "w" => Player::Second,
            _ => return Err(err("the side to move is b or w")),
        };
        let opening_turns = if want == 3 {
            match fields[2] {
                "0" => 0,
                "1" => 1,
                "2" => 2,
                _ => return Err(err("opening turns played is 0, 1 or 2")),
            }
        } else {
            2
        };
        Ok(MuTorere {
            cells,
            to_move,
            opening_turns,
            variant: self.variant,
        })
    }

    fn move_text(&self, mv: Move) -> String {
        format!("{}-{}", point_name(mv.from), point_name(mv.to))
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let syntax = FromTo {
            separators: &['-'],
            form: "expected from-to with points 1..8 and c, e.g. 4-c",
            places: "points are 1..8 and c",
        };
        let (from, _, to) = parse_from_to(text, &syntax, parse_point)?;
        let mv = Move { from, to };
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(NotationError::refused_move(text, self.why_illegal(mv)))
        }
    }
}

impl MuTorere {
    /// Why `mv` is not legal here (`2-c` said only "not a legal move in this position",
    /// though the rule for entering the centre is the game's one subtlety).
    fn why_illegal(&self, mv: Move) -> String {
        let colour = |p: Player| if p == Player::First { "black" } else { "white" };
        let (from, to) = (point_name(mv.from), point_name(mv.to));
        let me = self.to_move;
        match self.cells[mv.from as usize] {
            None => return format!("there is no piece on {from}"),
            Some(p) if p != me => {
                return format!(
                    "the piece on {from} is {}'s; {} is to move",
                    colour(p),
                    colour(me)
                )
            }
            Some(_) => {}
        }
        if mv.from == mv.to {
            return "a move goes from one point to another".to_string();
        }
        if self.cells[mv.to as usize].is_some() {
            return format!(
                "{to} is not empty; a piece moves to the empty point, now {}",
                point_name(self.empty_point())
            );
        }
        let ring_neighbours = mv.from != CENTRE
            && mv.to != CENTRE
            && (mv.from + 1) % 8 != mv.to
            && (mv.to + 1) % 8 != mv.from;
        if ring_neighbours {
            return format!(
                "{from} and {to} are not adjacent: a ring point is next to the two beside it and to the centre"
            );
        }
        if mv.to == CENTRE && !self.may_enter_centre(mv.from, me, self.opening_turns) {
            let (left, right) = ((mv.from + 7) % 8, (mv.from + 1) % 8);
            let when = if self.variant.opening == Opening::FirstTwoTurns {
                "on the first two turns, "
            } else {
                ""
            };
            return format!(
                "{when}a piece moves from the ring to the centre only when one of its ring neighbours is an opponent's piece; the neighbours of {from} are {} and {}, both {}",
                point_name(left.min(right)),
                point_name(left.max(right)),
                // The centre is the empty point, so both neighbours hold pieces, and
                // neither is the opponent's.
                colour(me)
            );
        }
        "not a legal move in this position".to_string()
    }
}

impl Render for MuTorere {
    /// The star drawn with the point numbers beside it (ring point 1 at the top, going
    /// clockwise, and the centre c), as moves name them (`4-c`); the start:
    ///
    /// ```text
    /// w b b    8 1 2
    /// w . b    7 c 3
    /// w w b    6 5 4
    /// black to move
    /// ```
    ///
    /// ```
    /// use cgtk_core::Render;
    /// use cgtk_games::mu_torere::MuTorere;
    /// let board = MuTorere::start(Default::default()).render();
    /// assert!(board.lines().next().unwrap().ends_with("8 1 2"));
    /// ```
    fn render(&self) -> String {
        let c = |p: u8| piece_char(self.cells[p as usize]);
        // The board used to be drawn without point numbers, which users had to guess.
        format!(
            "{} {} {}    8 1 2\n{} {} {}    7 c 3\n{} {} {}    6 5 4\n{} to move",
            c(7),
            c(0),
            c(1),
            c(6),
            c(8),
            c(2),
            c(5),
            c(4),
            c(3),
            if self.to_move == Player::First {
                "black"
            } else {
                "white"
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgtk_core::perft;

    fn all(variant: Variant) -> Vec<MuTorere> {
        let g = MuTorere::start(variant);
        (0..g.index_size())
            .filter_map(|i| g.position_at(i))
            .collect()
    }

    /// Every index names a position (the round trips are checked by `tests/laws.rs`).
    #[test]
    fn every_index_is_a_position_630_boards_per_side() {
        for variant in [Variant::default(), "first-two-turns".parse().unwrap()] {
            let positions = all(variant);
            assert_eq!(positions.len() as u64, positions[0].index_size());
        }
        // 9 choices of the empty point times C(8,4) = 70 arrangements, per side to move.
        assert_eq!(all(Variant::default()).len(), 2 * 630);
    }

    #[test]
    fn start_moves_and_perft() {
        let mut g = MuTorere::start(Variant::default());
        assert_eq!(perft(&mut g, 1), 2);
        // After 4-c white can only answer 5-4 (the piece on 8 touches black's 1 but the
        // centre is full).
        let mv = g.parse_move("4-c").unwrap();
        g.make(mv);
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let texts: Vec<String> = moves.iter().map(|&m| g.move_text(m)).collect();
        assert_eq!(texts, ["5-4"]);
        assert!(g.parse_move("2-3").is_err());
        assert!(g.parse_move("x").is_err());
    }

    #[test]
    fn first_two_turns_variant_frees_the_centre_later() {
        let v: Variant = "first-two-turns".parse().unwrap();
        let g = MuTorere::start(v);
        let late = g.parse_position("bbbbwwww/. b 2").unwrap();
        let mut moves = Vec::new();
        late.legal_moves(&mut moves);
        assert_eq!(moves.len(), 4);
        let early = g.parse_position("bbbbwwww/. b 1").unwrap();
        early.legal_moves(&mut moves);
        assert_eq!(moves.len(), 2);
        assert_eq!(v.to_string(), "first-two-turns");
        assert!("other".parse::<Variant>().is_err());
    }

    #[test]
    fn blocked_side_loses() {
        let g = MuTorere::start(Variant::default());
        // Black to move cannot move: the empty point is 2 and its neighbours 1 and 3 and
        // the centre are all white.
        let p = g.parse_position("w.wbbbbw/w b").unwrap();
        assert_eq!(p.outcome(), Some(Outcome::Win(Player::Second)));
        assert!(p.render().contains("black to move"));
    }
}
