//! The pass as a move: a subtraction game (take one or two counters; who cannot move
//! loses) where a player may pass, searched through [`WithPass`] and checked against an
//! independent retrograde solution of the explicit game graph. Proof trees show the pass
//! as a node, and pass it back and forth as a repetition (infinite play).

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use cgtk_core::{ByPlayer, Game, Outcome, Player, Value};
use cgtk_search::{dfpn, pns, DoesNotLose, PassTurn, ProofConfig, Status, Turn, Wins, WithPass};
use std::collections::HashMap;

/// The heap, the side to move and how many passes each player has left (`None`: any
/// number).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Heap {
    counters: u32,
    to_move: Player,
    passes_left: Option<ByPlayer<u8>>,
}

impl Game for Heap {
    type Move = u32;
    type Undo = ();
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.clear();
        moves.extend((1..=2).filter(|&t| t <= self.counters));
    }
    fn make(&mut self, take: u32) {
        self.counters -= take;
        self.to_move = self.to_move.opponent();
    }
    fn unmake(&mut self, take: u32, _: ()) {
        self.counters += take;
        self.to_move = self.to_move.opponent();
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.counters == 0).then(|| Outcome::Win(self.to_move.opponent()))
    }
}

impl PassTurn for Heap {
    fn may_pass(&self) -> bool {
        self.passes_left.map_or(true, |left| left[self.to_move] > 0)
    }
    fn pass(&mut self) {
        if let Some(left) = &mut self.passes_left {
            left[self.to_move] -= 1;
        }
        self.to_move = self.to_move.opponent();
    }
    fn unpass(&mut self) {
        self.to_move = self.to_move.opponent();
        if let Some(left) = &mut self.passes_left {
            left[self.to_move] += 1;
        }
    }
}

/// The position's key; the count of consecutive passes is left out, so that two passes
/// in a row repeat the position.
fn key(g: &WithPass<Heap>) -> u64 {
    let h = g.game();
    let (a, b) = h.passes_left.map_or((255, 255), |l| (l.first, l.second));
    (h.counters as u64) << 24 | (a as u64) << 16 | (b as u64) << 8 | h.to_move.index() as u64
}

/// Win, loss or draw for the side to move of every position reachable from `root`, by
/// retrograde analysis of the explicit graph (infinite play is a draw).
fn solve_graph(root: &WithPass<Heap>) -> HashMap<u64, Value> {
    let mut children: HashMap<u64, Vec<u64>> = HashMap::new();
    let mut value: HashMap<u64, Value> = HashMap::new();
    let mut stack = vec![root.clone()];
    while let Some(g) = stack.pop() {
        let k = key(&g);
        if children.contains_key(&k) {
            continue;
        }
        if let Some(o) = g.outcome() {
            value.insert(k, o.value_for(g.to_move()));
        }
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let mut next = Vec::new();
        for mv in moves {
            let mut c = g.clone();
            c.make(mv);
            next.push(key(&c));
            stack.push(c);
        }
        children.insert(k, next);
    }
    loop {
        let mut changed = false;
        for (k, next) in &children {
            if value.contains_key(k) || next.is_empty() {
                continue;
            }
            let v = if next.iter().any(|c| value.get(c) == Some(&Value::Loss)) {
                Some(Value::Win)
            } else if next.iter().all(|c| value.get(c) == Some(&Value::Win)) {
                Some(Value::Loss)
            } else {
                None
            };
            if let Some(v) = v {
                value.insert(*k, v);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for k in children.keys() {
        value.entry(*k).or_insert(Value::Draw);
    }
    value
}

fn positions() -> Vec<WithPass<Heap>> {
    let mut all = Vec::new();
    for counters in 0..=10 {
        for to_move in Player::ALL {
            for passes_left in [
                None,
                Some(ByPlayer::new(1, 0)),
                Some(ByPlayer::new(1, 1)),
                Some(ByPlayer::new(2, 1)),
            ] {
                all.push(WithPass::new(Heap {
                    counters,
                    to_move,
                    passes_left,
                }));
            }
        }
    }
    all
}

#[test]
fn both_searches_agree_with_the_graph_solution() {
    let mut draws = 0;
    for root in positions() {
        let values = solve_graph(&root);
        let value = values[&key(&root)];
        draws += (value == Value::Draw) as u32;
        let me = root.to_move();
        for prover in Player::ALL {
            // The goal for `prover`, from the side to move's value.
            let for_prover = |v: Value| if prover == me { v } else { v.negate() };
            let want_wins = common::expected(for_prover(value))[0];
            let want_safe = common::expected(for_prover(value))[1];
            let mut g = root.clone();
            let cfg = ProofConfig::default();
            for (status, expected) in [
                (
                    pns(&mut g, &Wins(prover), &key, &cfg, &|_| {})
                        .unwrap()
                        .status,
                    want_wins,
                ),
                (
                    dfpn(&mut g, &Wins(prover), &key, &cfg, &|_| {})
                        .unwrap()
                        .status,
                    want_wins,
                ),
                (
                    pns(&mut g, &DoesNotLose(prover), &key, &cfg, &|_| {})
                        .unwrap()
                        .status,
                    want_safe,
                ),
                (
                    dfpn(&mut g, &DoesNotLose(prover), &key, &cfg, &|_| {})
                        .unwrap()
                        .status,
                    want_safe,
                ),
            ] {
                assert_eq!(status, expected, "{root:?} prover {prover}");
            }
            assert_eq!(g, root);
        }
    }
    // Passing turns some lost positions into draws: the check covers all three values.
    assert!(draws > 10, "{draws}");
}

#[test]
fn a_lost_heap_is_saved_by_passing_and_the_tree_shows_it() {
    // Three counters: without a pass the side to move loses; with passes for both, it
    // passes, the opponent (now facing three counters) passes back: infinite play.
    let mut game = WithPass::new(Heap {
        counters: 3,
        to_move: Player::First,
        passes_left: None,
    });
    let goal = DoesNotLose(Player::First);
    let config = ProofConfig {
        proof_tree: true,
        transpositions: false,
        ..ProofConfig::default()
    };
    let r = pns(&mut game, &goal, &key, &config, &|_| {}).unwrap();
    assert_eq!(r.status, Status::Proved);
    assert_eq!(r.proof_move, Some(Turn::Pass));
    let tree = r.tree.unwrap();
    common::check_tree(&mut game, &goal, &key, &tree, &mut Vec::new());
    let text = |_: &WithPass<Heap>, m: Turn<u32>| match m {
        Turn::Pass => "pass".to_string(),
        Turn::Play(t) => format!("take {t}"),
    };
    let json = serde_json::to_value(tree.with_move_text(&mut game, &text)).unwrap();
    assert_eq!(json["move"], serde_json::Value::Null);
    assert_eq!(json["prover_to_move"], true);
    let first = &json["children"][0];
    assert_eq!(first["move"], "pass");
    // The opponent's every reply is covered: taking one or two, or passing back, which
    // repeats the start (infinite play: not a loss for the prover).
    let replies: Vec<&str> = first["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["move"].as_str().unwrap())
        .collect();
    assert_eq!(replies, ["take 1", "take 2", "pass"]);
    assert_eq!(first["children"][2]["leaf"], "repetition");
    assert_eq!(r.pv.first(), Some(&Turn::Pass));
    // Without a pass for the first player, the heap is lost.
    let mut no_pass = WithPass::new(Heap {
        counters: 3,
        to_move: Player::First,
        passes_left: Some(ByPlayer::new(0, 1)),
    });
    let r = dfpn(&mut no_pass, &goal, &key, &ProofConfig::default(), &|_| {}).unwrap();
    assert_eq!(r.status, Status::Disproved);
}
