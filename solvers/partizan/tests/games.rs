//! Values of Hackenbush, Domineering, Toads and Frogs and Cutcake positions: published
//! values (tests/data, each file citing its source), laws checked by separate
//! implementations, and outcome classes checked by a plain minimax over the positions.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_partizan::{
    parse_toads, Arena, Cutcake, Domineering, DomineeringBoard, Dyadic, Hackenbush, Outcome,
    ToadsAndFrogs,
};
use std::collections::HashMap;

/// The data lines of a reference file, after checking that it cites its source.
fn data(name: &str) -> Vec<String> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("# Source: "), "{name} cites no source");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

fn size(text: &str) -> (usize, usize) {
    let (r, c) = text.split_once('x').unwrap();
    (r.parse().unwrap(), c.parse().unwrap())
}

#[test]
fn domineering_published_values() {
    let mut a = Arena::new();
    let mut d = Domineering::new();
    let lines = data("domineering_values.txt");
    assert!(lines.len() >= 50);
    for line in lines {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let (r, c) = size(parts[0]);
        let g = d.value(&mut a, &DomineeringBoard::rectangle(r, c).unwrap());
        match parts[1] {
            "value" => {
                let expected = a.parse(parts[2]).unwrap();
                assert_eq!(a.display(g), a.display(expected), "{line}");
                assert_eq!(g, expected, "{line}");
            }
            "temperature" => {
                let t: Dyadic = parts[2].parse().unwrap();
                assert_eq!(a.temperature(g), t, "{line}");
            }
            "mean" => {
                let m: Dyadic = parts[2].parse().unwrap();
                assert_eq!(a.mean(g), m, "{line}");
            }
            other => panic!("unknown kind {other}"),
        }
    }
}

#[test]
fn toads_published_values() {
    let mut a = Arena::new();
    let mut tf = ToadsAndFrogs::new();
    for line in data("toads_values.txt") {
        let (row, value) = line.split_once(' ').unwrap();
        let g = tf.parse_value(&mut a, row).unwrap();
        let expected = a.parse(value).unwrap();
        assert_eq!(g, expected, "{line}: got {}", a.display(g));
    }
}

#[test]
fn cutcake_published_outcomes_values_and_laws() {
    let mut a = Arena::new();
    let mut cake = Cutcake::new();
    for line in data("cutcake_outcomes.txt") {
        let (s, outcome) = line.split_once(' ').unwrap();
        let (r, c) = size(s);
        let g = cake.value(&mut a, r, c);
        assert_eq!(a.outcome(g).to_string(), outcome, "{line}");
    }
    // CGSuite's values of the cakes 8 rows high.
    let values = data("cutcake_values.txt");
    assert_eq!(values.len(), 8);
    for line in values {
        let (s, value) = line.split_once(' ').unwrap();
        let (r, c) = size(s);
        let g = cake.value(&mut a, r, c);
        let expected = a.parse(value).unwrap();
        assert_eq!(g, expected, "{line}: got {}", a.display(g));
    }
    // Every Cutcake value is an integer, and turning the cake swaps the players.
    for r in 1..=24 {
        for c in 1..=24 {
            let g = cake.value(&mut a, r, c);
            let x = a.as_number(g).unwrap();
            assert!(x.is_integer(), "{r}x{c}");
            let h = cake.value(&mut a, c, r);
            assert_eq!(a.neg(g), h);
        }
    }
    // A strip one square high: Left makes cols - 1 cuts and Right none.
    for c in 1..=40 {
        let g = cake.value(&mut a, 1, c);
        assert_eq!(a.as_number(g), Some(Dyadic::integer(c as i64 - 1)));
    }
}

/// The sign-expansion law for Blue-Red strings, from the ground up: the edges up to the
/// first change of colour count ±1 each (blue +, red -), each later edge half the one
/// before it.
fn sign_expansion(s: &[u8]) -> Dyadic {
    let sign = |b: u8| if b == b'B' { 1 } else { -1 };
    let mut value = Dyadic::ZERO;
    let mut i = 0;
    while i < s.len() && s[i] == s[0] {
        value = value + Dyadic::integer(sign(s[i]));
        i += 1;
    }
    let mut step = Dyadic::new(1, 1);
    for &b in &s[i..] {
        value = value + step.times(sign(b));
        step = step.half();
    }
    value
}

#[test]
fn hackenbush_strings_follow_the_sign_expansion_law() {
    let mut a = Arena::new();
    let mut h = Hackenbush::new();
    let mut checked = 0;
    for len in 1..=12 {
        for bits in 0u32..(1 << len) {
            let s: Vec<u8> = (0..len)
                .map(|i| if bits >> i & 1 == 1 { b'R' } else { b'B' })
                .collect();
            let text = String::from_utf8(s.clone()).unwrap();
            let g = h.parse_value(&mut a, &text).unwrap();
            assert_eq!(a.as_number(g), Some(sign_expansion(&s)), "{text}");
            checked += 1;
        }
    }
    assert_eq!(checked, (1 << 13) - 2);
}

/// Green Hackenbush trees by the colon principle: branches on one edge fuse into a stalk of
/// length 1 + the nim-sum of their values.
fn colon_principle(tree: &str) -> u32 {
    fn edge(t: &[u8], at: &mut usize) -> u32 {
        *at += 1; // the letter G
        let mut above = 0;
        if *at < t.len() && t[*at] == b'(' {
            *at += 1;
            loop {
                above ^= edge(t, at);
                *at += 1; // ',' or ')'
                if t[*at - 1] == b')' {
                    break;
                }
            }
        } else if *at < t.len() && t[*at] == b'G' {
            above = edge(t, at);
        }
        1 + above
    }
    let t = tree.as_bytes();
    let mut at = 0;
    let mut total = edge(t, &mut at);
    while at < t.len() && t[at] == b',' {
        at += 1;
        total ^= edge(t, &mut at);
    }
    total
}

#[test]
fn green_hackenbush_trees_follow_the_colon_principle() {
    let mut a = Arena::new();
    let mut h = Hackenbush::new();
    let trees = [
        "G",
        "GG",
        "GGG",
        "G(G,G)",
        "GG(G,G)",
        "G(GG,G)",
        "G(G,G,G)",
        "G(GG,GGG)",
        "G(G(G,G),GG)",
        "GG(G,G(G,GG)),G(G,G)",
        "G(GGG,GG,G),GGGG",
        "G(G(G(G,G),G),G)",
    ];
    for t in trees {
        let g = h.parse_value(&mut a, t).unwrap();
        assert_eq!(a.as_nimber(g), Some(colon_principle(t)), "{t}");
    }
}

/// Plain minimax on a position: whether the player to move wins, memoised by position.
fn minimax<P: Clone + Eq + std::hash::Hash>(
    p: &P,
    left: bool,
    moves: &impl Fn(&P, bool) -> Vec<P>,
    memo: &mut HashMap<(P, bool), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(p.clone(), left)) {
        return w;
    }
    let w = moves(p, left)
        .iter()
        .any(|q| !minimax(q, !left, moves, memo));
    memo.insert((p.clone(), left), w);
    w
}

fn outcome_of(left_first: bool, right_first: bool) -> Outcome {
    match (left_first, right_first) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

#[test]
fn domineering_outcomes_agree_with_minimax() {
    let mut a = Arena::new();
    let mut d = Domineering::new();
    let moves = |b: &DomineeringBoard, left: bool| -> Vec<DomineeringBoard> {
        b.moves(left).into_iter().map(|m| m.after).collect()
    };
    let mut memo = HashMap::new();
    for r in 1..=4 {
        for c in 1..=4 {
            let b = DomineeringBoard::rectangle(r, c).unwrap();
            let g = d.value(&mut a, &b);
            let o = outcome_of(
                minimax(&b, true, &moves, &mut memo),
                minimax(&b, false, &moves, &mut memo),
            );
            assert_eq!(a.outcome(g), o, "{r}x{c}");
        }
    }
    // Boards with holes, read from text.
    for text in [
        "..#\n...\n...",
        ".#..\n....\n..#.",
        "....\n.##.\n....",
        "#...\n....\n...#\n.#..",
    ] {
        let b: DomineeringBoard = text.parse().unwrap();
        let g = d.value(&mut a, &b);
        let o = outcome_of(
            minimax(&b, true, &moves, &mut memo),
            minimax(&b, false, &moves, &mut memo),
        );
        assert_eq!(a.outcome(g), o, "{text}");
    }
}

#[test]
fn toads_outcomes_agree_with_minimax() {
    let mut a = Arena::new();
    let mut tf = ToadsAndFrogs::new();
    let moves = |row: &Vec<u8>, left: bool| -> Vec<Vec<u8>> {
        let (me, them, step): (u8, u8, isize) = if left {
            (b'T', b'F', 1)
        } else {
            (b'F', b'T', -1)
        };
        let n = row.len() as isize;
        let mut out = Vec::new();
        for i in 0..n {
            if row[i as usize] != me {
                continue;
            }
            for (dist, over) in [(1, None), (2, Some(them))] {
                let t = i + step * dist;
                if !(0..n).contains(&t) || row[t as usize] != b'.' {
                    continue;
                }
                if let Some(o) = over {
                    if row[(i + step) as usize] != o {
                        continue;
                    }
                }
                let mut next = row.clone();
                next[i as usize] = b'.';
                next[t as usize] = me;
                out.push(next);
            }
        }
        out
    };
    let mut memo = HashMap::new();
    // Every strip of length up to 7.
    for len in 1..=7u32 {
        for code in 0..3usize.pow(len) {
            let row: Vec<u8> = (0..len).map(|i| b".TF"[code / 3usize.pow(i) % 3]).collect();
            let text = String::from_utf8(row.clone()).unwrap();
            let g = tf.value(&mut a, &parse_toads(&text).unwrap());
            let o = outcome_of(
                minimax(&row, true, &moves, &mut memo),
                minimax(&row, false, &moves, &mut memo),
            );
            assert_eq!(a.outcome(g), o, "{text}");
        }
    }
}
