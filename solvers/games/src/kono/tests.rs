//! Tests of Kono's own rules and index scheme. The generic laws (make/unmake, notation,
//! index round trips, symmetries, predecessors) are checked by `tests/laws.rs`.

use super::*;
use cgtk_core::perft;

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

/// The scheme's representatives have `x` to move (colours are swapped otherwise).
#[test]
fn representatives_have_x_to_move() {
    let g = Kono::start(Variant::default());
    let reps: Vec<Kono> = (0..g.index_size())
        .step_by(101)
        .filter_map(|i| g.position_at(i))
        .collect();
    assert!(reps.len() > 10_000);
    assert!(reps.iter().all(|p| p.to_move() == Player::First));
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
