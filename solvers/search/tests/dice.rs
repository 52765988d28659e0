//! Chance nodes: a small dice game whose exact values come from expectimax.
//!
//! Race to 5: players alternate; on your turn you choose a die, the "steady" die (faces
//! 1, 1, 2, 2) or the "wild" die (faces 0, 0, 0, 4), then it is rolled and the face is
//! added to your score. The first to reach 5 wins. The roll is a chance event.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::{ByPlayer, Chance, Game, Outcome, Player};
use cgtk_search::{mcts, MctsConfig};

const TARGET: u32 = 5;
const STEADY: [u32; 4] = [1, 1, 2, 2];
const WILD: [u32; 4] = [0, 0, 0, 4];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DiceMove {
    Choose(bool), // true: wild
    Roll(u32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Race {
    score: ByPlayer<u32>,
    to_move: Player,
    chosen: Option<bool>,
}

impl Game for Race {
    type Move = DiceMove;
    type Undo = ();
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Vec<DiceMove>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        match self.chosen {
            None => moves.extend([DiceMove::Choose(false), DiceMove::Choose(true)]),
            Some(wild) => {
                let mut faces: Vec<u32> = if wild { WILD.to_vec() } else { STEADY.to_vec() };
                faces.dedup();
                moves.extend(faces.into_iter().map(DiceMove::Roll));
            }
        }
    }
    fn make(&mut self, mv: DiceMove) {
        match mv {
            DiceMove::Choose(wild) => self.chosen = Some(wild),
            DiceMove::Roll(face) => {
                self.score[self.to_move] += face;
                self.chosen = None;
                self.to_move = self.to_move.opponent();
            }
        }
    }
    fn unmake(&mut self, mv: DiceMove, _: ()) {
        match mv {
            DiceMove::Choose(_) => self.chosen = None,
            DiceMove::Roll(face) => {
                self.to_move = self.to_move.opponent();
                self.score[self.to_move] -= face;
                // The die is not recorded in the move; recompute it from the face.
                self.chosen = Some(face == 0 || face == 4);
            }
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        Player::ALL
            .into_iter()
            .find(|&p| self.score[p] >= TARGET)
            .map(Outcome::Win)
    }
}

impl Chance for Race {
    fn is_chance(&self) -> bool {
        self.chosen.is_some()
    }
    fn chance_events(&self, events: &mut Vec<(DiceMove, f64)>) {
        events.clear();
        let faces = if self.chosen == Some(true) {
            WILD
        } else {
            STEADY
        };
        for face in faces {
            match events.iter_mut().find(|e| e.0 == DiceMove::Roll(face)) {
                Some(e) => e.1 += 0.25,
                None => events.push((DiceMove::Roll(face), 0.25)),
            }
        }
    }
}

/// The exact winning probability for the player to move, by expectimax. A wild roll of 0
/// leaves the scores unchanged, so the equations are cyclic: solved by value iteration to
/// convergence.
fn exact_values() -> std::collections::HashMap<(u32, u32), f64> {
    // v(a, b) = probability that the player to move, with score a against b, wins.
    let mut v = std::collections::HashMap::new();
    for a in 0..TARGET {
        for b in 0..TARGET {
            v.insert((a, b), 0.5);
        }
    }
    for _ in 0..2000 {
        let old = v.clone();
        for a in 0..TARGET {
            for b in 0..TARGET {
                let value = die_value(a, b, STEADY, &old).max(die_value(a, b, WILD, &old));
                v.insert((a, b), value);
            }
        }
    }
    v
}

/// The winning chance of the player to move at scores (a, b) who rolls `faces`, given the
/// values `v` of the positions after the roll.
fn die_value(
    a: u32,
    b: u32,
    faces: [u32; 4],
    v: &std::collections::HashMap<(u32, u32), f64>,
) -> f64 {
    faces
        .iter()
        .map(|&f| {
            if a + f >= TARGET {
                1.0
            } else {
                1.0 - v[&(b, a + f)]
            }
        })
        .sum::<f64>()
        / 4.0
}

fn best_die(a: u32, b: u32, v: &std::collections::HashMap<(u32, u32), f64>) -> (bool, f64) {
    let (s, w) = (die_value(a, b, STEADY, v), die_value(a, b, WILD, v));
    (w > s, (w - s).abs())
}

#[test]
fn make_unmake_restores_race_positions() {
    let mut race = Race {
        score: ByPlayer::new(2, 3),
        to_move: Player::Second,
        chosen: None,
    };
    let before = race.clone();
    for die in [false, true] {
        race.make(DiceMove::Choose(die));
        let mut events = Vec::new();
        race.chance_events(&mut events);
        assert!((events.iter().map(|e| e.1).sum::<f64>() - 1.0).abs() < 1e-12);
        for (ev, _) in events {
            let mid = race.clone();
            race.make(ev);
            race.unmake(ev, ());
            assert_eq!(race, mid);
        }
        race.unmake(DiceMove::Choose(die), ());
        assert_eq!(race, before);
    }
}

/// In every position where the two dice differ by at least 5% in winning chance, MCTS
/// with chance nodes chooses the better die (for most seeds), and its value estimate is
/// close to the exact one.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn mcts_chooses_the_better_die() {
    let v = exact_values();
    let mut checked = 0;
    let mut right = 0;
    for a in 0..TARGET {
        for b in 0..TARGET {
            let (wild_better, margin) = best_die(a, b, &v);
            if margin < 0.05 {
                continue;
            }
            let race = Race {
                score: ByPlayer::new(a, b),
                to_move: Player::First,
                chosen: None,
            };
            for seed in 0..4 {
                let config = MctsConfig {
                    playouts: 4000,
                    seed,
                    ..Default::default()
                };
                let result = mcts(&race, &config);
                checked += 1;
                right += (result.best_move == Some(DiceMove::Choose(wild_better))) as u32;
                let top = result
                    .moves
                    .iter()
                    .find(|s| Some(s.mv) == result.best_move)
                    .unwrap();
                assert!(
                    (top.mean - v[&(a, b)]).abs() < 0.1,
                    "({a}, {b}): mcts {} exact {}",
                    top.mean,
                    v[&(a, b)]
                );
            }
        }
    }
    eprintln!("better die chosen in {right} of {checked} searches");
    assert!(checked >= 20, "too few decisive positions: {checked}");
    assert!(right as f64 >= 0.9 * checked as f64);
}
