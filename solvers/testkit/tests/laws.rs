//! The law kit on a toy game: the correct toy passes every law (through the one-line
//! macro), and each deliberately broken rule is caught by its law, with the position.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod toy;

use cgtk_core::PerfectIndex;
use cgtk_testkit::laws::{self, run, Budget, Counterexample, Law};
use toy::{Bug, Toy, MAX};

cgtk_testkit::game_laws!(toy_laws, Toy::start(Bug::None); indexed: make_unmake, key, notation, index, symmetries, predecessors);
// The same toy through playouts alone, as a game without an index would be checked.
cgtk_testkit::game_laws!(toy_playouts, Toy::start(Bug::None); make_unmake, key, notation);
// A budget of its own for the release tests, with and without the index.
cgtk_testkit::game_laws!(toy_budget, Toy::start(Bug::None); full: Budget { playouts: 10, ..Budget::FULL }; indexed: key, index);
cgtk_testkit::game_laws!(toy_budget_playouts, Toy::start(Bug::None); full: Budget { plies: 5, ..Budget::QUICK }; key);

/// The first counterexample of `law` on the toy with `bug`, over random playouts and
/// every index.
fn counterexample(bug: Bug, law: Law) -> Counterexample {
    let start = Toy::start(bug);
    let played = || laws::playouts(&start, Budget::QUICK);
    let swept = || laws::indexed(&start, u64::MAX);
    let all = || played().into_iter().chain(swept());
    let result = match law {
        Law::MakeUnmake => laws::make_unmake(all(), 7),
        Law::Key => laws::key(&start, all()),
        Law::Notation => laws::notation(&start, all()),
        Law::Index => laws::index(played()).and(laws::index_sweep(&start, u64::MAX)),
        Law::Symmetries => laws::symmetries(all()),
        Law::Predecessors => laws::predecessors(all()),
    };
    let found = result.expect_err("the broken rule must be caught");
    assert_eq!(found.law, law);
    found
}

#[test]
fn the_correct_toy_passes_every_law_on_every_position() {
    let start = Toy::start(Bug::None);
    let all: Vec<Toy> = laws::indexed(&start, u64::MAX)
        .flat_map(|p| [p, p.transformed(1)])
        .collect();
    // Every class (10 unordered pairs, 2 sides), both members.
    assert_eq!(all.len(), 40);
    for checked in [
        laws::make_unmake(all.clone(), 1),
        laws::key(&start, all.clone()),
        laws::notation(&start, all.clone()),
        laws::index(all.clone()),
        laws::index_sweep(&start, u64::MAX),
        laws::symmetries(all.clone()),
        laws::predecessors(all.clone()),
    ] {
        assert!(checked.unwrap().positions >= 20);
    }
}

#[test]
fn unmake_that_forgets_a_counter_is_caught() {
    let found = counterexample(Bug::UnmakeForgetsACounter, Law::MakeUnmake);
    assert_eq!(found.position, format!("{MAX},{MAX} first"));
    assert_eq!(found.detail, "make then unmake of 1:2 gives 2,3 first");
}

#[test]
fn unmake_that_forgets_the_key_is_caught() {
    let found = counterexample(Bug::UnmakeForgetsTheKey, Law::Key);
    assert!(
        found
            .detail
            .contains("make then unmake of 1:1 changes the key"),
        "{found}"
    );
    // The positions themselves are restored: only the key law sees the bug.
    let start = Toy::start(Bug::UnmakeForgetsTheKey);
    assert!(laws::make_unmake(laws::playouts(&start, Budget::QUICK), 7).is_ok());
}

#[test]
fn text_that_forgets_the_side_is_caught() {
    let found = counterexample(Bug::TextForgetsTheSide, Law::Notation);
    assert!(
        found.detail.contains("reads back as a different position"),
        "{found}"
    );
}

#[test]
fn ambiguous_move_text_is_caught() {
    let found = counterexample(Bug::MoveTextTakesOne, Law::Notation);
    assert!(
        found.detail.contains("move 1:1 reads back as 1:1"),
        "{found}"
    );
}

#[test]
fn colliding_index_is_caught() {
    let found = counterexample(Bug::IndexCollides, Law::Index);
    assert!(found.detail.contains("index"), "{found}");
    // From the index side alone too: the slot of "0,0 second" names that position, whose
    // index leads back to "0,0 first".
    let start = Toy::start(Bug::IndexCollides);
    let swept = laws::index_sweep(&start, u64::MAX).unwrap_err();
    assert_eq!(swept.position, "0,0 second");
    assert!(swept.detail.contains("index 0 names 0,0 first"), "{swept}");
}

#[test]
fn a_symmetry_that_is_not_one_of_the_rules_is_caught() {
    let found = counterexample(Bug::LopsidedRules, Law::Symmetries);
    assert!(found.detail.contains("moves into classes"), "{found}");
}

#[test]
fn forgotten_predecessors_are_caught() {
    let found = counterexample(Bug::PredecessorsForgetTwo, Law::Predecessors);
    assert!(found.detail.contains("lists it 0 times"), "{found}");
}

#[test]
#[should_panic(expected = "law broken: make/unmake")]
fn the_runners_panic_with_the_counterexample() {
    let start = Toy::start(Bug::UnmakeForgetsACounter);
    let pick = |budget| run::sample(&start, budget);
    run::make_unmake(&start, pick, Budget::QUICK);
}

#[test]
#[should_panic(expected = "no position was examined")]
fn a_check_of_nothing_fails() {
    run::expect_law(laws::notation(&Toy::start(Bug::None), Vec::new()));
}
