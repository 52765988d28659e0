//! The hounds' hand-made evaluations of Fox and Hounds: how much room the fox has.
//!
//! Dark squares are numbered `rank * 4 + file / 2` (rank 0 is the hounds' home row, which
//! the fox wants to reach), as in [`cgtk_games::fox_hounds`].

use cgtk_games::fox_hounds::{FoxHounds, Role};

/// Which count of the fox's room to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Heuristic {
    /// Empty squares on the fox's side of the hounds' line (ranks above the rearmost
    /// hound), reachable or not.
    Naive,
    /// Squares the fox can actually reach by a flood fill through empty squares, plus the
    /// hounds bordering that region; a region touching the home row is a breakthrough.
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
}

fn rank(sq: u8) -> u8 {
    sq / 4
}

/// The dark squares diagonally next to `sq`, as a bitboard.
fn adjacent(sq: u8) -> u32 {
    let r = (sq / 4) as i32;
    let f = ((sq % 4) * 2 + (sq / 4) % 2) as i32;
    let mut set = 0;
    for dr in [-1, 1] {
        for df in [-1, 1] {
            let (nr, nf) = (r + dr, f + df);
            if (0..8).contains(&nr) && (0..8).contains(&nf) {
                set |= 1u32 << (nr * 4 + nf / 2);
            }
        }
    }
    set
}

/// The fox's room under `heuristic` (more is better for the fox); 32 + room when the fox
/// can reach the home row (by the better count).
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
            let mut reached: u32 = 1 << fox;
            let mut frontier = vec![fox];
            while let Some(sq) = frontier.pop() {
                let next = adjacent(sq) & !hounds & !reached;
                reached |= next;
                let mut bits = next;
                while bits != 0 {
                    let s = bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    frontier.push(s);
                }
            }
            let bordering = (0..32u8)
                .filter(|&s| reached >> s & 1 == 1)
                .fold(0u32, |acc, s| acc | (adjacent(s) & hounds));
            let room = (reached.count_ones() - 1 + bordering.count_ones()) as i32;
            if reached & 0b1111 != 0 {
                32 + room
            } else {
                room
            }
        }
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
    fn counts_on_hand_checked_positions() {
        let start = FoxHounds::start(Default::default());
        // Hounds on rank 1: 32 squares minus 4 hounds minus the fox, all above rank 1.
        assert_eq!(fox_room(&start, Heuristic::Naive), 27);
        // Nothing blocks the fox yet: it reaches all 27 empty squares, and all 4 hounds
        // (the whole home row, so no breakthrough) border the region.
        assert_eq!(fox_room(&start, Heuristic::Better), 27 + 4);
        // A breakthrough: with the c1 hound gone forward, c1 is reachable.
        let open = start.parse_position("d8 a1,d2,e1,g1 f").unwrap();
        assert_eq!(fox_room(&open, Heuristic::Better), 32 + 27 + 4);
        // A fox shut in a corner: h8 is square 31; a hound on g7 (27) blocks its only exit.
        let trapped = start.parse_position("h8 a1,c1,e1,g7 f").unwrap();
        assert_eq!(fox_room(&trapped, Heuristic::Better), 1);
        // The naive count still sees every empty square above rank 1.
        assert_eq!(fox_room(&trapped, Heuristic::Naive), 26);
    }
}
