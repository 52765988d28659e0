//! An independent, deliberately simple solver used only to check the engine: successor
//! lists built forwards with make/unmake, then rounds of "won if some move reaches a lost
//! position, lost if every move reaches a won one" until nothing changes.

#![allow(dead_code)]

use cgtk_core::{Outcome, PerfectIndex, Value};
use cgtk_retro::Verdict;
use std::collections::HashMap;

/// Verdicts of every legal position (by index) of `game`'s index space.
pub fn naive_solve<G: PerfectIndex>(game: &G) -> HashMap<u64, Verdict> {
    let mut ids = HashMap::new();
    let mut positions = Vec::new();
    for i in 0..game.index_size() {
        if let Some(p) = game.position_at(i) {
            ids.insert(i, positions.len());
            positions.push(p);
        }
    }
    let mut succ: Vec<Vec<usize>> = Vec::with_capacity(positions.len());
    let mut known: Vec<Option<Verdict>> = vec![None; positions.len()];
    let mut moves = Vec::new();
    for (id, p) in positions.iter_mut().enumerate() {
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
                    list.push(ids[&p.index()]);
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
    loop {
        let before = known.clone();
        let mut changed = false;
        for id in 0..positions.len() {
            if before[id].is_some() || succ[id].is_empty() {
                continue;
            }
            let vs: Vec<Option<Verdict>> = succ[id].iter().map(|&s| before[s]).collect();
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
        if !changed {
            break;
        }
    }
    ids.iter()
        .map(|(&i, &id)| {
            (
                i,
                known[id].unwrap_or(Verdict {
                    value: Value::Draw,
                    distance: None,
                }),
            )
        })
        .collect()
}
