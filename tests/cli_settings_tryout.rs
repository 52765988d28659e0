//! A user's tryout of Calculation's players' settings, written the two ways: options of
//! `cgtk calculation play-out|bench|review` (`--exact-cards 5`) and words of
//! `cgtk play calculation` (`exact-cards=5`). One regression test per defect found, each
//! saying what broke.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk, cgtk_with};

/// Runs `cgtk play calculation ARGS` in a scratch directory with `input` on standard input.
fn play(dir: &str, args: &[&str], input: &str) -> common::Run {
    let dir = common::scratch("settings-tryout", dir);
    let mut all = vec!["play", "calculation"];
    all.extend_from_slice(args);
    cgtk_with(&all, input, Some(&dir))
}

/// The hint after `moves` (separated by spaces) in `play calculation ARGS`.
fn hint_after(dir: &str, args: &[&str], moves: &str) -> String {
    let input = format!(
        "{}\nhint\nquit\n",
        moves.split(' ').collect::<Vec<_>>().join("\n")
    );
    let run = play(dir, args, &input);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    let hint = run
        .stdout
        .lines()
        .rev()
        .find_map(|l| l.split_once("hint: "));
    hint.map(|(_, h)| h.to_string()).unwrap_or_default()
}

/// A game of deal 8 up to where the stock is used up, with four waste moves to choose from
/// (w3-f2 w3-f4 w4-f2 w4-f4).
const DEAL_8_STOCK_USED_UP: &str = "s-w1 s-f3 s-w2 s-w1 s-f1 s-f4 w1-f1 s-w1 s-f3 s-w1 s-f4 s-w3 s-w2 s-w2 s-w4 s-w4 s-w3 s-f3 s-w4 s-f3 w3-f3 s-w3 s-w4 s-w4 s-f3 w3-f4 w4-f3 s-w4 s-f2 s-w3 w1-f2 s-w1 s-w1 s-w1 s-f4 s-w2 s-f3 s-w2 s-w3 s-f1 s-w3 s-w4 s-f3 w3-f3 s-f3 s-f1 s-w3 s-w1 s-f4 w2-f1 s-w2 w2-f2 w3-f2 s-w3 s-w4 s-w4 s-f4 w2-f4 w2-f3 w4-f4 w2-f4 w2-f1 w3-f1 w1-f1 w1-f2 w1-f4 w1-f1 w4-f1 w4-f2 w4-f2 w1-f2 w1-f1 w3-f2 w3-f1";

/// A won game of deal 3 up to its last stock card turned (a 9, nothing face down).
const DEAL_3_LAST_CARD: &str = "s-w1 s-w1 s-w1 s-w1 s-w2 s-w3 s-w4 s-w2 s-w3 s-w4 s-f3 s-w3 s-w2 s-w2 s-w1 s-f1 s-w1 s-w1 w4-f1 s-f1 s-w1 w2-f1 s-w2 s-w3 s-f1 s-f3 s-w3 s-w3 w2-f4 s-w2 s-w3 s-f3 s-w2 s-w4 s-w2 s-w2 s-w2 s-w2 w1-f3 s-f3 w2-f3 w1-f3 w1-f1 w1-f3 w2-f1 s-w2 s-w4 s-f3 w2-f4 w2-f4 w1-f4 w1-f1 w1-f3 w2-f3 w2-f1 w2-f3 w2-f4 s-w2 w2-f2 s-w2 s-w1 s-w2 w3-f2 s-f2 w2-f2 w2-f2 w2-f2 w1-f2 s-w1 w3-f2 w2-f2 s-w2 s-f4 w4-f2 w4-f4 w3-f4 w3-f1 w3-f1 w1-f1";

/// The same game one stock card earlier: the card turned and one face down (a 9, known
/// by elimination).
const DEAL_3_ONE_FACE_DOWN: &str = "s-w1 s-w1 s-w1 s-w1 s-w2 s-w3 s-w4 s-w2 s-w3 s-w4 s-f3 s-w3 s-w2 s-w2 s-w1 s-f1 s-w1 s-w1 w4-f1 s-f1 s-w1 w2-f1 s-w2 s-w3 s-f1 s-f3 s-w3 s-w3 w2-f4 s-w2 s-w3 s-f3 s-w2 s-w4 s-w2 s-w2 s-w2 s-w2 w1-f3 s-f3 w2-f3 w1-f3 w1-f1 w1-f3 w2-f1 s-w2 s-w4 s-f3 w2-f4 w2-f4 w1-f4 w1-f1 w1-f3 w2-f3 w2-f1 w2-f3 w2-f4 s-w2 w2-f2 s-w2 s-w1 s-w2 w3-f2 s-f2 w2-f2 w2-f2 w2-f2 w1-f2 s-w1 w3-f2 w2-f2 s-w2";

/// `--levels 0 --samples 30` (and `levels=0 samples=30`) was taken, the samples dropped
/// without a word: the base policy alone samples nothing. The label said `rollout
/// levels=0`, as if the samples had not been given.
#[test]
fn samples_of_a_rollout_player_at_level_0_are_refused_in_both_styles() {
    let stderr = common::usage_error(&[
        "calculation",
        "play-out",
        "--seed",
        "3",
        "--player",
        "rollout",
        "--levels",
        "0",
        "--samples",
        "30",
    ]);
    assert!(
        stderr
            .contains("--samples applies from --levels 1 (the base policy alone does not sample)"),
        "{stderr}"
    );
    let run = play("level-0", &["player=rollout", "levels=0", "samples=30"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("samples applies from levels=1 (the base policy alone does not sample)"),
        "{}",
        run.stderr
    );
    // `--mcts N` is the rollout player's samples: named as the user wrote it.
    let run = play(
        "level-0-mcts",
        &["player=rollout", "levels=0", "--mcts", "30"],
        "",
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("--mcts 30 sets the samples") && run.stderr.contains("levels=0"),
        "{}",
        run.stderr
    );
}

/// A hint of the rollout player at `levels=0` said "the only sensible placement" where the
/// turned card had four places: the base policy had chosen without sampling.
#[test]
fn a_level_0_hint_says_the_base_policy_chose() {
    // Deal 5 turns 9, 3, then a J: onto the 9, the 3 or an empty pile.
    let hint = hint_after(
        "level-0-hint",
        &["deal=5", "player=rollout", "levels=0"],
        "s-w1 s-w2",
    );
    assert_eq!(
        hint,
        "s-w3 (the greedy base policy's choice, without sampling: levels=0)"
    );
    let hint = hint_after(
        "level-0-fitted",
        &["deal=5", "player=rollout", "levels=0", "base=fitted"],
        "s-w1 s-w2",
    );
    assert!(
        hint.ends_with("(the greedy base policy's choice by the fitted evaluation, without sampling: levels=0)"),
        "{hint}"
    );
}

/// Once the stock was used up a rollout hint said "the only sensible placement", with no
/// card to place and four waste moves to choose from.
#[test]
fn a_hint_once_the_stock_is_used_up_says_so() {
    let hint = hint_after(
        "used-up",
        &["deal=8", "player=rollout", "samples=30"],
        DEAL_8_STOCK_USED_UP,
    );
    assert!(
        hint.ends_with("(the stock is used up: the solver's move with every card known, or the greedy one where it finds no win)"),
        "{hint}"
    );
}

/// The exact note read "exact over every order of the 0 cards face down" (and "of the 1
/// cards") where every card is known.
#[test]
fn an_exact_hint_with_every_card_known_says_so() {
    let hint = hint_after(
        "last-card",
        &["deal=3", "player=rollout", "samples=30"],
        DEAL_3_LAST_CARD,
    );
    assert_eq!(hint, "w1-f4 (exact, every card known: wins)");
    let hint = hint_after(
        "one-face-down",
        &["deal=3", "player=rollout", "samples=30", "exact-cards=1"],
        DEAL_3_ONE_FACE_DOWN,
    );
    assert_eq!(hint, "w4-f2 (exact, every card known: wins)");
}

/// A saved game's older words were refused under the new names (`exact=5` as
/// "exact-cards applies to …"), which the file does not hold.
#[test]
fn refusals_of_older_words_name_them_as_written() {
    for (variant, message) in [
        (
            "player=best,exact=5",
            "exact-cards applies to player=rollout, not to player=best (the older word exact=5 is read as exact-cards=5)",
        ),
        (
            "player=rollout,exact=5,exact-cards=5",
            "sets exact-cards more than once (the older word exact=5 is read as exact-cards=5)",
        ),
        (
            "player=rollout,levels=0,nested=8",
            "nested-cards applies from levels=1 (the base policy alone does not sample) (the older word nested=8 is read as nested-cards=8)",
        ),
    ] {
        let run = play("older", &[variant], "");
        assert_eq!(run.code, 2, "{variant}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{variant}: {}", run.stderr);
    }
}

/// A setting the default player ignores, with no player named, was refused "not to
/// player=best", a word the user had not written.
#[test]
fn a_setting_the_default_player_ignores_says_it_is_the_default() {
    let run = play("default", &["deal=5", "playouts=5"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "playouts applies to player=mcts or best, not to player=rollout, the player when none is named"
        ),
        "{}",
        run.stderr
    );
}

/// The help of the settings gave no range for --extend, --exact-positions and the cards
/// face down, which the refusals state.
#[test]
fn the_help_states_the_ranges_the_refusals_state() {
    let help = cgtk(&["calculation", "play-out", "--help"]).stdout;
    // Each option's help, from its name to the next option's, on one line.
    let block = |option: &str| {
        let start = help.find(&format!("      {option}")).unwrap();
        let rest = &help[start + 6..];
        let end = rest.find("\n      --").unwrap_or(rest.len());
        rest[..end].split_whitespace().collect::<Vec<_>>().join(" ")
    };
    for option in [
        "--nested-cards <C>",
        "--escalate-cards <C>",
        "--exact-cards <K>",
    ] {
        let text = block(option);
        assert!(text.contains("0 to 48"), "{text}");
    }
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("up to N times as many (1 to 64)"), "{flat}");
    assert!(flat.contains("may remember, 1 to 1000000000"), "{flat}");
    assert!(
        flat.contains("Visits before a leaf grows children (mcts and best; default 1)"),
        "{flat}"
    );
    assert!(
        flat.contains("once --nested-cards or --escalate-cards applies"),
        "{flat}"
    );
}
