//! The hounds' hand-made evaluations of Fox and Hounds: how much room the fox has.
//!
//! Dark squares are numbered `rank * 4 + file / 2` (rank 0 is the hounds' home row, which
//! the fox wants to reach), as in [`super`].
//!
//! ```
//! use cgtk_games::fox_hounds::heuristics::{evaluate, fox_room, Heuristic};
//! use cgtk_games::fox_hounds::FoxHounds;
//!
//! let start = FoxHounds::start(Default::default());
//! // 32 dark squares, 4 hounds on rank 1, the fox: 27 empty squares above the hounds.
//! assert_eq!(fox_room(&start, Heuristic::Naive), 27);
//! // The fox moves first: its room, times 10, is its score.
//! assert_eq!(evaluate(&start, Heuristic::Naive), 270);
//! assert_eq!("better".parse::<Heuristic>(), Ok(Heuristic::Better));
//! ```

use super::{neighbours, FoxHounds, Role};

/// Which count of the fox's room to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Empty squares on the fox's side of the hounds' line (ranks above the rearmost
    /// hound), reachable or not.
    Naive,
    /// Squares the fox can actually reach by a flood fill through empty squares, plus the
    /// hounds bordering that region. A region touching the home row is a breakthrough,
    /// scored above every closed region and the higher the fewer moves the fox needs to
    /// get home.
    Better,
}

impl Heuristic {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Naive => "naive",
            Heuristic::Better => "better",
        }
    }

    /// Every heuristic, in the order of their names in [`HEURISTICS`].
    pub const ALL: [Heuristic; 2] = [Heuristic::Naive, Heuristic::Better];
}

/// The names of the heuristics, as [`Heuristic::name`] writes them.
pub const HEURISTICS: [&str; 2] = ["naive", "better"];

/// A name that is not a heuristic's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown fox-hounds heuristic {0:?}: expected naive or better")]
pub struct UnknownHeuristic(pub String);

impl std::str::FromStr for Heuristic {
    type Err = UnknownHeuristic;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Heuristic::ALL
            .into_iter()
            .find(|h| h.name() == s)
            .ok_or_else(|| UnknownHeuristic(s.to_string()))
    }
}

fn rank(sq: u8) -> u8 {
    sq / 4
}

/// The dark squares diagonally next to `sq`, as a bitboard.
fn adjacent(sq: u8) -> u32 {
    let [forward, backward] = neighbours()[sq as usize];
    forward | backward
}

/// The fox's room under `heuristic` (more is better for the fox). By the better count, a
/// fox that can reach the home row scores 64 − (the fewest moves it needs to get there),
/// above any closed region (at most 31).
pub fn fox_room(game: &FoxHounds, heuristic: Heuristic) -> i32 {
    let hounds = game.hounds();
    let fox = game.fox();
    match heuristic {
        Heuristic::Naive => {
            let line = (0..32u8)
                .filter(|&s| hounds >> s & 1 == 1)
                .map(rank)
                .min()
                .unwrap_or(0);
            (0..32u8)
                .filter(|&s| rank(s) > line && s != fox && hounds >> s & 1 == 0)
                .count() as i32
        }
        Heuristic::Better => {
            let region = flood_from_fox(fox, hounds);
            match region.home_distance {
                Some(distance) => 64 - distance as i32,
                None => {
                    let bordering = (0..32u8)
                        .filter(|&s| region.reached >> s & 1 == 1)
                        .fold(0u32, |acc, s| acc | (adjacent(s) & hounds));
                    (region.reached.count_ones() - 1 + bordering.count_ones()) as i32
                }
            }
        }
    }
}

/// The dark squares the fox can reach through empty squares, found layer by layer.
struct FoxRegion {
    /// The reached squares, the fox's own included, as a bitboard.
    reached: u32,
    /// The fewest fox moves to the hounds' home row, when it can get there.
    home_distance: Option<u32>,
}

fn flood_from_fox(fox: u8, hounds: u32) -> FoxRegion {
    const HOME_ROW: u32 = 0b1111;
    let mut reached: u32 = 1 << fox;
    let mut layer = reached;
    let mut distance = 0;
    let mut home_distance = None;
    while layer != 0 {
        if home_distance.is_none() && layer & HOME_ROW != 0 {
            home_distance = Some(distance);
        }
        let mut next = 0;
        let mut bits = layer;
        while bits != 0 {
            let s = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            next |= adjacent(s);
        }
        layer = next & !hounds & !reached;
        reached |= layer;
        distance += 1;
    }
    FoxRegion {
        reached,
        home_distance,
    }
}

/// The evaluation for alpha-beta from the side to move's point of view: the fox's room
/// for the fox, its negation for the hounds.
pub fn evaluate(game: &FoxHounds, heuristic: Heuristic) -> i32 {
    let room = fox_room(game, heuristic) * 10;
    match game.role_to_move() {
        Role::Fox => room,
        Role::Hounds => -room,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgtk_core::Notation;

    #[test]
    fn names_round_trip() {
        for (h, name) in Heuristic::ALL.into_iter().zip(HEURISTICS) {
            assert_eq!(h.name(), name);
            assert_eq!(name.parse::<Heuristic>(), Ok(h));
        }
        assert!("clever".parse::<Heuristic>().is_err());
    }

    #[test]
    fn counts_on_hand_checked_positions() {
        let start = FoxHounds::start(Default::default());
        // Hounds on rank 1: 32 squares minus 4 hounds minus the fox, all above rank 1.
        assert_eq!(fox_room(&start, Heuristic::Naive), 27);
        // Nothing blocks the fox yet: it reaches all 27 empty squares, and all 4 hounds
        // (the whole home row, so no breakthrough) border the region.
        assert_eq!(fox_room(&start, Heuristic::Better), 27 + 4);
        // A breakthrough: with the c1 hound gone forward, c1 is reachable from d8 in seven
        // moves, one rank each.
        let open = start.parse_position("d8 a1,d2,e1,g1 f").unwrap();
        assert_eq!(fox_room(&open, Heuristic::Better), 64 - 7);
        // Hounds on a1, b2, d2 and f2 leave h2 as the only way through rank 2, so the fox on
        // e3 needs four moves home (e3-f4, f4-g3, g3-h2, h2-g1), not two.
        let detour = start.parse_position("e3 a1,b2,d2,f2 f").unwrap();
        assert_eq!(fox_room(&detour, Heuristic::Better), 64 - 4);
        // A fox shut in a corner: h8 is square 31; a hound on g7 (27) blocks its only exit.
        let trapped = start.parse_position("h8 a1,c1,e1,g7 f").unwrap();
        assert_eq!(fox_room(&trapped, Heuristic::Better), 1);
        // The naive count still sees every empty square above rank 1.
        assert_eq!(fox_room(&trapped, Heuristic::Naive), 26);
    }
}
