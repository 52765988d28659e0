//! Tests of the rules, the symmetric index and the un-moves.

use super::*;
use cgtk_core::perft;

/// Every legal position of a restricted variant, by a sample of indices otherwise.
fn sample(variant: Variant, step: u64) -> Vec<Kono> {
    let g = Kono::start(variant);
    (0..g.index_size())
        .step_by(step as usize)
        .filter_map(|i| g.position_at(i))
        .collect()
}

/// Positions spread over every board and both sides to move (a fixed pseudo-random
/// sequence), each kept when the variant allows it.
fn scattered(variant: Variant, count: usize) -> Vec<Kono> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut out = Vec::new();
    while out.len() < count {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let (mut x, mut o) = (0u16, 0u16);
        for c in 0..16 {
            match (state >> (2 * c + 20)) % 4 {
                0 => x |= 1 << c,
                1 => o |= 1 << c,
                _ => {}
            }
        }
        let side = if state >> 63 == 0 {
            Player::First
        } else {
            Player::Second
        };
        out.extend(Kono::from_pieces(variant, x, o, side));
    }
    out
}

#[test]
fn every_position_is_a_symmetric_image_of_its_representative() {
    let mut members = Vec::new();
    for p in scattered(Variant::default(), 5000) {
        let (i, g) = p.index_with_symmetry();
        assert_eq!(i, p.index());
        let rep = p.position_at(i).expect("legal");
        assert_eq!(rep.transformed(g), p, "{}", p.position_text());
        assert_eq!(rep.index(), i);
        assert_eq!(rep.to_move(), Player::First);
        for h in 0..p.symmetry_count() {
            assert_eq!(p.transformed(h).index(), i);
        }
        p.class_members(&mut members);
        assert_eq!(members[0], rep);
        assert!(members.contains(&p));
        assert_eq!(members.len() as u64, p.class_size());
        assert_eq!(p.parse_position(&p.position_text()).unwrap(), p);
    }
}

#[test]
fn symmetries_compose_and_map_moves_to_moves() {
    let mut moves = Vec::new();
    let children = |p: &Kono, moves: &mut Vec<Move>| {
        p.legal_moves(moves);
        let mut out: Vec<u64> = moves
            .iter()
            .map(|&mv| {
                let mut c = *p;
                c.make(mv);
                c.index()
            })
            .collect();
        out.sort_unstable();
        out
    };
    for variant in ["standard", "compulsory-capture"] {
        for p in scattered(variant.parse().unwrap(), 300) {
            let want = children(&p, &mut moves);
            for a in 0..16 {
                let image = p.transformed(a);
                assert_eq!(children(&image, &mut moves), want);
                assert_eq!(image.outcome().is_some(), p.outcome().is_some());
                for b in 0..16 {
                    assert_eq!(
                        image.transformed(b),
                        p.transformed(p.compose_symmetries(b, a))
                    );
                }
            }
        }
    }
}

#[test]
fn symmetric_positions_have_small_classes() {
    // The start is fixed by the mirror a <-> d only: 16 / 2 images.
    assert_eq!(Kono::start(Variant::default()).class_size(), 8);
    // One x in a corner, x to move: four corners, two colourings.
    let corner = Kono::from_pieces(Variant::default(), 1, 0, Player::First).unwrap();
    assert_eq!(corner.class_size(), 8);
    let empty = Kono::from_pieces(Variant::default(), 0, 0, Player::Second).unwrap();
    assert_eq!(empty.class_size(), 2);
    assert_eq!(
        Kono::from_pieces(Variant::default(), 3, 2, Player::First),
        None
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn predecessors_match_successors() {
    for variant in ["max-pieces=4", "compulsory-capture,max-pieces=3"] {
        let variant: Variant = variant.parse().unwrap();
        let positions = sample(variant, 1);
        let mut preds = std::collections::HashMap::<u64, Vec<u64>>::new();
        let mut moves = Vec::new();
        for p in &positions {
            let mut g = *p;
            g.legal_moves(&mut moves);
            assert_eq!(moves.len() as u32, g.count_moves());
            for &mv in &moves {
                g.make(mv);
                preds.entry(g.index()).or_default().push(p.index());
                g.unmake(mv, ());
                assert_eq!(g, *p);
            }
        }
        let mut out = Vec::new();
        for p in &positions {
            p.predecessors(&mut out);
            out.sort_unstable();
            let mut want = preds.remove(&p.index()).unwrap_or_default();
            want.sort_unstable();
            assert_eq!(out, want, "predecessors of {}", p.position_text());
        }
    }
}

#[test]
fn full_predecessors_match_on_a_sample() {
    // Each class listed appears as often as its representative has moves into the
    // class of the position, from whichever member of that class we start.
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for variant in [Variant::default(), "compulsory-capture".parse().unwrap()] {
        for p in scattered(variant, 400) {
            p.predecessors(&mut out);
            for &q in &out {
                let mut g = p.position_at(q).expect("legal predecessor");
                g.legal_moves(&mut moves);
                let hits = moves
                    .iter()
                    .filter(|&&mv| {
                        g.make(mv);
                        let hit = g.index() == p.index();
                        g.unmake(mv, ());
                        hit
                    })
                    .count();
                assert_eq!(hits, out.iter().filter(|&&r| r == q).count());
            }
            let mut again = Vec::new();
            p.transformed(5).predecessors(&mut again);
            again.sort_unstable();
            out.sort_unstable();
            assert_eq!(again, out);
        }
    }
}

#[test]
fn start_moves() {
    let mut g = Kono::start(Variant::default());
    assert_eq!(perft(&mut g, 1), 4);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let texts: Vec<String> = moves.iter().map(|&m| g.move_text(m)).collect();
    assert_eq!(texts, ["a1xa3", "b1xb3", "c1xc3", "d1xd3"]);
    assert!(g.parse_move("a2-a3").is_err());
    assert!(g.parse_move("e1xe3").is_err());
}

#[test]
fn compulsory_capture_removes_steps() {
    let v: Variant = "compulsory-capture".parse().unwrap();
    // x on a1 and a2, o on a3: the capture a1xa3 and the steps a1-b1, a2-b2.
    let text = "..../o.../x.../x... x";
    let free = Kono::start(Variant::default())
        .parse_position(text)
        .unwrap();
    assert_eq!(free.count_moves(), 3);
    let forced = Kono::start(v).parse_position(text).unwrap();
    let mut moves = Vec::new();
    forced.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!(forced.move_text(moves[0]), "a1xa3");
    assert_eq!(forced.count_moves(), 1);
    assert_eq!(v.to_string(), "compulsory-capture");
    assert!("max-pieces=9".parse::<Variant>().is_err());
}

#[test]
fn no_pieces_loses() {
    let g = Kono::start(Variant::default());
    let p = g.parse_position("oooo/..../..../.... x").unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Win(Player::Second)));
    assert!(p.render().starts_with("4 o o o o"));
}
