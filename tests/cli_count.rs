//! CLI tests of `cgtk count …` and `cgtk cycle-index …`: snapshots of what users see,
//! the `--verify` sweep, and the errors for bad input.

mod common;

use common::{ok, usage_error};

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    common::json(&all)
}

#[test]
fn cycle_index_text() {
    let mut text = String::new();
    for args in [
        &["cycle-index", "cyclic", "8"][..],
        &["cycle-index", "dihedral", "5"],
        &["cycle-index", "dihedral", "6"],
        &["cycle-index", "symmetric", "4"],
        &["cycle-index", "board", "3x3"],
        &["cycle-index", "board", "3x3", "--group", "rotations"],
        &["cycle-index", "board", "2x3"],
        &["cycle-index", "board", "2x3", "--group", "rotations"],
        &[
            "cycle-index",
            "generators",
            "6",
            "--perm",
            "(0 1 2 3 4 5)",
            "--perm",
            "(1 5)(2 4)",
        ],
    ] {
        text.push_str(&format!("$ cgtk {}\n{}", args.join(" "), ok(args)));
    }
    insta::assert_snapshot!(text);
}

#[test]
fn cycle_index_json() {
    insta::assert_json_snapshot!(json(&["cycle-index", "cyclic", "8"]));
}

#[test]
fn count_text() {
    let mut text = String::new();
    for args in [
        &[
            "count",
            "necklaces",
            "--beads",
            "8",
            "--colours",
            "2",
            "--verify",
            "--inventory",
        ][..],
        &[
            "count",
            "necklaces",
            "--beads",
            "8",
            "--colours",
            "2",
            "--bracelets",
            "--content",
            "4,4",
            "--verify",
        ],
        &[
            "count",
            "necklaces",
            "--beads",
            "6",
            "--colours",
            "3",
            "--bracelets",
            "--inventory",
            "--names",
            "r,g,b",
        ],
        &["count", "necklaces", "--beads", "1000", "--colours", "3"],
        &[
            "count",
            "board",
            "--rows",
            "3",
            "--cols",
            "3",
            "--colours",
            "2",
            "--verify",
        ],
        &[
            "count",
            "board",
            "--rows",
            "2",
            "--cols",
            "3",
            "--colours",
            "3",
            "--group",
            "rotations",
            "--verify",
        ],
        &[
            "count",
            "board",
            "--rows",
            "4",
            "--cols",
            "4",
            "--colours",
            "2",
            "--content",
            "8,8",
            "--verify",
        ],
        &["count", "mu-torere", "--verify"],
        &["count", "mu-torere", "--reflections", "--verify"],
    ] {
        text.push_str(&format!("$ cgtk {}\n{}", args.join(" "), ok(args)));
    }
    insta::assert_snapshot!(text);
}

#[test]
fn count_json() {
    insta::assert_json_snapshot!(
        "necklaces",
        json(&[
            "count",
            "necklaces",
            "--beads",
            "12",
            "--colours",
            "3",
            "--bracelets",
            "--verify"
        ])
    );
    insta::assert_json_snapshot!(
        "board",
        json(&[
            "count",
            "board",
            "--rows",
            "3",
            "--cols",
            "3",
            "--colours",
            "3",
            "--content",
            "3,3,3",
            "--verify"
        ])
    );
    insta::assert_json_snapshot!("mu_torere", json(&["count", "mu-torere", "--verify"]));
    insta::assert_json_snapshot!(
        "mu_torere_reflections",
        json(&["count", "mu-torere", "--reflections"])
    );
}

/// The facts: 80 boards under rotation, 10 of them with the centre empty.
#[test]
fn mu_torere_facts() {
    let v = json(&["count", "mu-torere", "--verify"]);
    assert_eq!(v["total"], "80");
    assert_eq!(v["count"], "80");
    assert_eq!(v["verified"], true);
    let empty = &v["classes"][0];
    assert_eq!(empty["centre"], "empty");
    assert_eq!(empty["count"], "10");
    let v = json(&["count", "mu-torere", "--reflections", "--verify"]);
    assert_eq!(v["verified"], true);
}

fn verified(args: &[&str]) {
    let v = json(args);
    assert_eq!(v["verified"], true, "{args:?}");
    assert_eq!(v["count"], v["brute_force_count"], "{args:?}");
}

/// `--verify` agrees with Pólya on every board up to 3×3 in up to 3 colours, both groups.
#[test]
fn verify_every_small_board() {
    for rows in 1..=3 {
        for cols in 1..=3 {
            for group in ["full", "rotations"] {
                for colours in 1..=3 {
                    let (r, c, k) = (rows.to_string(), cols.to_string(), colours.to_string());
                    verified(&[
                        "count",
                        "board",
                        "--rows",
                        &r,
                        "--cols",
                        &c,
                        "--colours",
                        &k,
                        "--group",
                        group,
                        "--verify",
                    ]);
                }
            }
        }
    }
}

/// `--verify` agrees with Pólya on necklaces and bracelets up to 12 beads in 2 and 3
/// colours.
#[test]
fn verify_every_small_necklace() {
    for beads in 1..=12 {
        for colours in 2..=3 {
            let (n, k) = (beads.to_string(), colours.to_string());
            verified(&[
                "count",
                "necklaces",
                "--beads",
                &n,
                "--colours",
                &k,
                "--verify",
            ]);
            verified(&[
                "count",
                "necklaces",
                "--beads",
                &n,
                "--colours",
                &k,
                "--bracelets",
                "--verify",
            ]);
        }
    }
}

#[test]
fn errors() {
    let mut text = String::new();
    for args in [
        &["count", "necklaces", "--beads", "8", "--colours", "0"][..],
        &[
            "count",
            "necklaces",
            "--beads",
            "8",
            "--colours",
            "2",
            "--content",
            "4,3",
        ],
        &[
            "count",
            "necklaces",
            "--beads",
            "8",
            "--colours",
            "2",
            "--content",
            "4,2,2",
        ],
        &["count", "necklaces", "--beads", "0", "--colours", "2"],
        &[
            "count",
            "necklaces",
            "--beads",
            "64",
            "--colours",
            "2",
            "--verify",
        ],
        &[
            "count",
            "board",
            "--rows",
            "3",
            "--cols",
            "3",
            "--colours",
            "2",
            "--content",
            "5,5",
        ],
        &[
            "count",
            "necklaces",
            "--beads",
            "4",
            "--colours",
            "2",
            "--inventory",
            "--names",
            "x",
        ],
        &["cycle-index", "hexagonal", "6"],
        &["cycle-index", "cyclic", "eight"],
        &["cycle-index", "symmetric", "61"],
        &["cycle-index", "board", "3y3"],
        &["cycle-index", "generators", "3", "--perm", "(0 3)"],
    ] {
        text.push_str(&format!("$ cgtk {}\n{}", args.join(" "), usage_error(args)));
    }
    insta::assert_snapshot!(text);
    // An unknown board group is rejected by the argument parser, also with exit code 2.
    let err = usage_error(&[
        "count",
        "board",
        "--rows",
        "3",
        "--cols",
        "3",
        "--colours",
        "2",
        "--group",
        "mirror",
    ]);
    assert!(err.contains("invalid value 'mirror'"), "{err}");
}

/// Colour names must tell the colours apart: repeated or empty names used to be accepted
/// and printed an inventory like `x^4 + x^3*x + …`. `--names` without `--inventory` did
/// nothing and is now refused too.
#[test]
fn colour_names_must_be_distinct_and_need_the_inventory() {
    let base = ["count", "necklaces", "--beads", "4", "--colours", "2"];
    for names in ["x,x", "x,", "a b,c", "2,c"] {
        let mut args = base.to_vec();
        args.extend(["--inventory", "--names", names]);
        let err = usage_error(&args);
        assert!(err.contains("colour name"), "--names {names}: {err}");
    }
    let mut args = base.to_vec();
    args.extend(["--names", "x,y"]);
    let err = usage_error(&args);
    assert!(err.contains("--inventory"), "{err}");
    let mut args = base.to_vec();
    args.extend(["--inventory", "--names", "x,y"]);
    assert!(ok(&args).contains("x^4 + x^3*y + 2*x^2*y^2 + x*y^3 + y^4"));
}

/// `--content 18446744073709551615,1` used to report that the content "adds up to
/// 18446744073709551615": the sum saturated at 2^64 − 1. The message now gives the exact
/// sum, for necklaces and boards alike.
#[test]
fn content_sums_are_exact_beyond_64_bits() {
    for group in [
        &["count", "necklaces", "--beads", "8"][..],
        &["count", "board", "--rows", "2", "--cols", "4"],
    ] {
        let mut args = group.to_vec();
        args.extend(["--colours", "2", "--content", "18446744073709551615,1"]);
        let err = usage_error(&args);
        assert!(
            err.contains("adds up to 18446744073709551616, but there are 8 positions"),
            "{err}"
        );
        let mut args = group.to_vec();
        args.extend([
            "--colours",
            "3",
            "--content",
            "18446744073709551615,18446744073709551615,2",
        ]);
        let err = usage_error(&args);
        assert!(err.contains("adds up to 36893488147419103232,"), "{err}");
    }
}

/// `cycle-index board 1x1` was named D4 (of order 1), `board 1x2` the Klein four-group (of
/// order 2), `dihedral 1` and `dihedral 2` printed `(2*g1)/2` and `(2*g1^2 + 2*g2)/4`,
/// a group on one point was said to act on "1 points", and `cyclic 6 --perm …` ignored the
/// permutation.
#[test]
fn cycle_index_names_what_acts_in_lowest_terms() {
    let line = |args: &[&str]| ok(args).lines().take(2).collect::<Vec<_>>().join("\n");
    assert_eq!(
        line(&["cycle-index", "board", "1x1"]),
        "Z(the trivial group on the cells of a 1x1 board) [order 1, 1 point]\ng1"
    );
    assert_eq!(
        line(&["cycle-index", "board", "1x2"]),
        "Z(C2 on the cells of a 1x2 board) [order 2, 2 points]\n(g1^2 + g2)/2"
    );
    assert_eq!(
        line(&["cycle-index", "dihedral", "1"]),
        "Z(D1 acting as the trivial group) [order 1, 1 point]\ng1"
    );
    assert_eq!(
        line(&["cycle-index", "dihedral", "2"]),
        "Z(D2 acting as C2) [order 2, 2 points]\n(g1^2 + g2)/2"
    );
    // The counts are those of the group acting: 2 bracelets of 1 bead in 2 colours, 3 of 2.
    let count = |beads: &str| {
        json(&[
            "count",
            "necklaces",
            "--beads",
            beads,
            "--colours",
            "2",
            "--bracelets",
        ])["count"]
            .clone()
    };
    assert_eq!(count("1"), "2");
    assert_eq!(count("2"), "3");
    let err = usage_error(&["cycle-index", "cyclic", "6", "--perm", "(0 1)"]);
    assert!(
        err.contains("--perm \"(0 1)\" is for `cycle-index generators N`"),
        "{err}"
    );
    let err = usage_error(&["cycle-index", "generators", "6", "--perm", "(0 6)"]);
    assert!(
        err.contains("point 6 is out of range: the points are 0 to 5"),
        "{err}"
    );
}

/// One colour, one bead and one orbit are singular in the text.
#[test]
fn counts_of_one_read_as_one() {
    let text = ok(&[
        "count",
        "necklaces",
        "--beads",
        "1",
        "--colours",
        "1",
        "--verify",
    ]);
    assert!(
        text.starts_with("Necklaces of 1 bead in 1 colour up to rotation (C1): 1\n"),
        "{text}"
    );
    assert!(
        text.contains("verified: brute force finds 1 orbit\n"),
        "{text}"
    );
}

/// `-k` is `--colours`, as in `poggle`.
#[test]
fn k_is_short_for_colours() {
    let long = ok(&[
        "count",
        "board",
        "--rows",
        "3",
        "--cols",
        "3",
        "--colours",
        "2",
    ]);
    let short = ok(&["count", "board", "--rows", "3", "--cols", "3", "-k", "2"]);
    assert_eq!(long, short);
    assert!(long.ends_with(": 102\n"), "{long}");
}

/// `count board` takes the board as one SIZE word, as `poggle` and `cycle-index board` do
/// (it took only --rows and --cols); both forms give the same count. The 3×4 board in 2
/// colours under its Klein four-group: (2^12 + 2^6 + 2^6 + 2^8) / 4 = 1120 by Burnside.
#[test]
fn count_board_takes_a_size_word() {
    let word = common::json(&["--json", "count", "board", "3x4", "-k", "2"]);
    let flags = common::json(&[
        "--json", "count", "board", "--rows", "3", "--cols", "4", "-k", "2",
    ]);
    assert_eq!(word["count"], "1120");
    assert_eq!(word, flags);
    assert_eq!(
        common::json(&["--json", "count", "board", "3", "-k", "2"])["count"],
        common::json(&["--json", "count", "board", "3x3", "-k", "2"])["count"]
    );
    for args in [
        &["count", "board", "3x4", "--rows", "3", "-k", "2"][..],
        &["count", "board", "--rows", "3", "-k", "2"],
        &["count", "board", "3y4", "-k", "2"],
    ] {
        let run = common::cgtk(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    }
}
