//! Proof-number search and df-pn on every position of Nim with heaps up to (5, 5, 5) and
//! every legal Mu Torere position (both variants), against the nim-sum and the solved
//! tables, for "the side to move wins" and "the side to move does not lose".

mod common;

use cgtk_core::{PerfectIndex, PositionKey, Value};
use cgtk_games::mu_torere::MuTorere;
use cgtk_games::nim::Nim;
use cgtk_search::ProofConfig;
use common::{check, Tally};

/// Nim by the nim-sum (Bouton): the side to move loses exactly when it is 0.
fn nim_value(nim: &Nim) -> Value {
    if nim.nim_sum() == 0 {
        Value::Loss
    } else {
        Value::Win
    }
}

#[test]
fn every_nim_position_up_to_5_5_5() {
    let top = Nim::new(&[5, 5, 5]).unwrap();
    let mut tally = Tally::default();
    for i in 0..top.index_size() {
        let nim = top.position_at(i).unwrap();
        check(
            &nim,
            nim_value(&nim),
            &|g: &Nim| g.key(),
            &ProofConfig::default(),
            &nim_value,
            &mut tally,
        );
    }
    assert_eq!(tally.checked, 2 * 432);
    assert_eq!(tally.dfpn_unknown, 0, "{tally:?}");
}

fn every_mu_torere_position(variant: &str) -> Tally {
    let start = MuTorere::start(variant.parse().unwrap());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let value = |g: &MuTorere| solution.verdict(g.index()).unwrap().value;
    let mut tally = Tally::default();
    let config = ProofConfig::nodes(2_000_000);
    for i in 0..start.index_size() {
        let Some(game) = start.position_at(i) else {
            continue;
        };
        let key = |g: &MuTorere| g.index();
        check(&game, value(&game), &key, &config, &value, &mut tally);
    }
    tally
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn every_mu_torere_position_standard() {
    let tally = every_mu_torere_position("standard");
    eprintln!("{tally:?}");
    assert!(tally.checked > 2000);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn every_mu_torere_position_first_two_turns() {
    let tally = every_mu_torere_position("first-two-turns");
    eprintln!("{tally:?}");
    assert!(tally.checked > 2000);
}
