//! Regression tests from the second tryout of `grundy`, `nimber`, `count`, `cycle-index`
//! and `solve`: one test per defect, each saying what broke.

mod common;

use common::{scratch, usage_error};
use std::time::{Duration, Instant};

/// `count … --content 20,20 --verify` said "more than 2^64 colourings" for the
/// C(40,20) = 137846528820 colourings it refused to enumerate: the figure shown when the
/// work (colourings × symmetries) passed the limit was a fixed text, not the number.
#[test]
fn refused_brute_force_by_content_names_the_true_number_of_colourings() {
    let err = usage_error(&[
        "count",
        "necklaces",
        "--beads",
        "40",
        "--colours",
        "2",
        "--content",
        "20,20",
        "--verify",
    ]);
    assert!(
        err.contains("137846528820 colourings × 40 symmetries"),
        "{err}"
    );
    assert!(!err.contains("2^64"), "{err}");
    // Past 2^64 the exact figure is given too.
    let err = usage_error(&[
        "count",
        "necklaces",
        "--beads",
        "80",
        "--colours",
        "2",
        "--content",
        "40,40",
        "--verify",
    ]);
    // C(80,40) = 107507208733336176461620
    assert!(
        err.contains("107507208733336176461620 colourings × 80 symmetries"),
        "{err}"
    );
}

/// `cycle-index generators 2048` with a 2048-cycle and a transposition (the symmetric group
/// S_2048) ran for minutes, building the whole stabiliser chain, before it could say that
/// the group is too large to list: now the closure stops as soon as the group is known to
/// pass the limit.
#[test]
fn a_huge_generated_group_is_refused_at_once() {
    let cycle = format!(
        "({})",
        (0..2048)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let started = Instant::now();
    let err = usage_error(&[
        "cycle-index",
        "generators",
        "2048",
        "--perm",
        &cycle,
        "--perm",
        "(0 1)",
    ]);
    assert!(
        err.contains("more than 10000000 elements; listing them is limited to 10000000"),
        "{err}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "took {:?}",
        started.elapsed()
    );
    // A group within reach is still closed and listed: S_8 has 40320 elements.
    let run = common::ok(&[
        "cycle-index",
        "generators",
        "8",
        "--perm",
        "(0 1 2 3 4 5 6 7)",
        "--perm",
        "(0 1)",
    ]);
    assert!(run.contains("[order 40320, 8 points]"), "{run}");
    // And one just past it is refused with its exact order when that is known.
    let err = usage_error(&[
        "cycle-index",
        "generators",
        "11",
        "--perm",
        "(0 1 2 3 4 5 6 7 8 9 10)",
        "--perm",
        "(0 1)",
    ]);
    assert!(
        err.contains("elements; listing them is limited to 10000000"),
        "{err}"
    );
}

/// An error in a 90,000-character nimber expression quoted the whole expression; it now
/// quotes the 80 characters around the error, with the input's length, as `cgt` does.
#[test]
fn a_nimber_error_in_a_long_expression_quotes_only_its_surroundings() {
    let long = format!("{} *", "*3 ".repeat(30_000));
    let err = usage_error(&["nimber", &long]);
    assert!(err.len() < 400, "{} characters: {}", err.len(), &err[..200]);
    assert!(
        err.contains("found the end") && err.contains("(90002 characters, shown from position"),
        "{err}"
    );
    // A short one is still quoted whole.
    let err = usage_error(&["nimber", "*3 / (*1 + *1)"]);
    assert_eq!(
        err,
        "error: division by *0 at position 4 in '*3 / (*1 + *1)'\n"
    );
}

/// `grundy 00.77` and `grundy 10.07` said "the code has one digit before the point", which
/// reads as a statement about the input (it has two).
#[test]
fn a_code_with_two_digits_before_the_point_is_refused_clearly() {
    for code in ["00.77", "10.07", "-0.77"] {
        let err = usage_error(&["grundy", "--to", "5", "--", code]);
        assert!(
            err.contains("a code has exactly one digit before the point"),
            "{code}: {err}"
        );
        assert!(!err.contains("the code has one digit"), "{code}: {err}");
    }
}

/// `solve kono --out /no/such/dir/k.tbl` solved the game (seconds of work) and only then
/// found that the file cannot be created; the file is now created first.
#[test]
fn solve_refuses_an_unwritable_table_before_solving() {
    let dir = scratch("tryout2a", "solve-out");
    let path = dir.join("missing").join("k.tbl");
    let path = path.to_str().expect("UTF-8 path");
    let started = Instant::now();
    let err = usage_error(&["solve", "kono", "--out", path]);
    assert!(err.contains("cannot create"), "{err}");
    // Solving Kono takes seconds even in a release build; the refusal takes none of it.
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "took {:?}",
        started.elapsed()
    );
}

/// `nim 0 0 --explain` said "any move changes one heap, so it makes some column odd" of
/// heaps that allow no move at all (the summary line below it already said so).
#[test]
fn nim_explain_of_empty_heaps_does_not_speak_of_moves() {
    let out = common::ok(&["nim", "0", "0", "--explain"]);
    assert!(!out.contains("any move changes one heap"), "{out}");
    assert!(
        out.contains("every column is even, and there is no counter left to take: no move at all."),
        "{out}"
    );
    // Heaps with counters and a zero nim-sum keep the explanation.
    let out = common::ok(&["nim", "1", "2", "3", "--explain"]);
    assert!(
        out.contains("every column is even: any move changes one heap"),
        "{out}"
    );
}

/// `grundy kayles --to 10 --limit 5` and `grundy kayles --position 5 --no-values` were
/// accepted and the option did nothing (there are no moves to list without --position, no
/// sequence to leave out without --to); they are refused, naming what they need.
#[test]
fn grundy_options_that_would_do_nothing_are_refused() {
    let err = usage_error(&["grundy", "kayles", "--to", "10", "--limit", "5"]);
    assert!(err.contains("--position"), "{err}");
    let err = usage_error(&["grundy", "kayles", "--position", "5", "--no-values"]);
    assert!(err.contains("--to"), "{err}");
    // With what they act on, both are fine, and the default limit needs no --position.
    common::ok(&["grundy", "kayles", "--position", "5", "--limit", "5"]);
    common::ok(&["grundy", "kayles", "--to", "10", "--no-values"]);
    common::ok(&["grundy", "kayles", "--to", "10"]);
}

/// The help of `count board --content` named 3 colours on 600×600 and 4 on 250×250 as
/// refused for taking more than 10 minutes, but both were estimated below the limit and
/// ran (600×600 for minutes). The sizes the help names are now ones that are refused.
#[test]
fn the_board_sizes_the_help_names_as_refused_are_refused() {
    let help = common::ok(&["count", "board", "--help"]);
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let start = flat
        .find("(boards: 3 colours on ")
        .expect("the help names sizes")
        + 22;
    let three: u64 = flat[start..].split('×').next().unwrap().parse().unwrap();
    let after = &flat[start..];
    let four_at = after.find(", 4 on ").expect("a size for 4 colours") + 7;
    let four: u64 = after[four_at..].split('×').next().unwrap().parse().unwrap();
    for (side, colours) in [(three, 3u64), (four, 4)] {
        let cells = side * side;
        let share = cells / colours;
        let mut content = vec![share; colours as usize];
        content[0] = cells - share * (colours - 1);
        let content: Vec<String> = content.iter().map(u64::to_string).collect();
        let side = side.to_string();
        let colours = colours.to_string();
        let content = content.join(",");
        let err = usage_error(&[
            "count",
            "board",
            "--rows",
            &side,
            "--cols",
            &side,
            "--colours",
            &colours,
            "--content",
            &content,
        ]);
        assert!(
            err.contains("more than the limit of 10 minutes"),
            "{side}×{side} in {colours} colours: {err}"
        );
    }
}
