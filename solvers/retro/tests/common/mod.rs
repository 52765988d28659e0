//! An independent, deliberately simple solver used only to check the engine: it knows no
//! index at all. Successor lists are built forwards with make/unmake over a hash map of
//! positions, then rounds of "won if some move reaches a lost position, lost if every move
//! reaches a won one" run until nothing changes.

#![allow(dead_code)]

use cgtk_core::{Game, Outcome, Value};
use cgtk_retro::Verdict;
use std::collections::HashMap;
use std::hash::Hash;

/// Verdicts of every position in `positions`, which must be closed under legal moves.
pub fn naive_solve<G: Game + Clone + Eq + Hash>(positions: &[G]) -> HashMap<G, Verdict> {
    let ids: HashMap<G, usize> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| (p.clone(), i))
        .collect();
    let mut succ: Vec<Vec<usize>> = Vec::with_capacity(positions.len());
    let mut known: Vec<Option<Verdict>> = vec![None; positions.len()];
    let mut moves = Vec::new();
    for (id, p) in positions.iter().enumerate() {
        let mut p = p.clone();
        let mine = p.to_move();
        let mut list = Vec::new();
        match p.outcome() {
            Some(Outcome::Win(w)) => {
                known[id] = Some(Verdict {
                    value: if w == mine { Value::Win } else { Value::Loss },
                    distance: Some(0),
                })
            }
            Some(Outcome::Draw) => {}
            None => {
                p.legal_moves(&mut moves);
                for &mv in &moves {
                    let undo = p.make(mv);
                    list.push(ids[&p]);
                    p.unmake(mv, undo);
                }
                if list.is_empty() {
                    known[id] = Some(Verdict {
                        value: Value::Loss,
                        distance: Some(0),
                    });
                }
            }
        }
        succ.push(list);
    }
    while let Some(next) = one_round(&succ, &known) {
        known = next;
    }
    positions
        .iter()
        .zip(known)
        .map(|(p, v)| {
            let draw = Verdict {
                value: Value::Draw,
                distance: None,
            };
            (p.clone(), v.unwrap_or(draw))
        })
        .collect()
}

/// One round of deductions from the previous round's verdicts; `None` when nothing new.
fn one_round(succ: &[Vec<usize>], before: &[Option<Verdict>]) -> Option<Vec<Option<Verdict>>> {
    let mut known = before.to_vec();
    let mut changed = false;
    for (id, list) in succ.iter().enumerate() {
        if before[id].is_some() || list.is_empty() {
            continue;
        }
        let vs: Vec<Option<Verdict>> = list.iter().map(|&s| before[s]).collect();
        let fastest_loss = vs
            .iter()
            .flatten()
            .filter(|v| v.value == Value::Loss)
            .filter_map(|v| v.distance)
            .min();
        if let Some(d) = fastest_loss {
            known[id] = Some(Verdict {
                value: Value::Win,
                distance: Some(d + 1),
            });
            changed = true;
        } else if vs
            .iter()
            .all(|v| matches!(v, Some(v) if v.value == Value::Win))
        {
            let d = vs
                .iter()
                .flatten()
                .filter_map(|v| v.distance)
                .max()
                .unwrap_or(0);
            known[id] = Some(Verdict {
                value: Value::Loss,
                distance: Some(d + 1),
            });
            changed = true;
        }
    }
    changed.then_some(known)
}
