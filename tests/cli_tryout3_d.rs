//! Regressions found by the third tryout of `calculation` (deal, play-out, solve, review,
//! bench, merge, compare) and `poggle`: each test says what broke.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk, json, ok, ok_with, scratch, usage_error};

/// `calculation solve --time 1e30` (a user's way of saying "no time limit") panicked with
/// `cannot convert float seconds to Duration: value is either too big or NaN` (exit code 101).
#[test]
fn calculation_solve_takes_a_time_limit_too_large_for_a_duration() {
    let out = ok(&["calculation", "solve", "--seed", "7", "--time", "1e30"]);
    assert!(out.contains("\nwin ("), "{out}");
    // Past the largest duration, too.
    let out = ok(&["calculation", "solve", "--seed", "7", "--time", "1e300"]);
    assert!(out.contains("\nwin ("), "{out}");
    // Zero, negative and not-a-number stay refused.
    for bad in ["0", "nan", "-inf"] {
        let err = usage_error(&[
            "calculation",
            "solve",
            "--seed",
            "7",
            &format!("--time={bad}"),
        ]);
        assert!(err.contains("--time must be a positive number"), "{err}");
    }
}

/// A deal, a game or a `bench` result saved with a UTF-8 byte-order mark (as some editors on
/// Windows write it) was refused: the deal with ``card 1: `﻿A` is not a card`` (the mark
/// invisible in the message), the game with ``move 1 `﻿s-w1` ... is not a move``, the JSON
/// with `expected value at line 1 column 1`.
#[test]
fn calculation_reads_files_that_start_with_a_byte_order_mark() {
    let dir = scratch("tryout3-d", "bom");
    let deal = ok(&["calculation", "deal", "3"]);
    let plain = ok(&["calculation", "solve", "--seed", "3"]);

    let deal_file = dir.join("deal.txt");
    std::fs::write(&deal_file, format!("\u{feff}{deal}")).unwrap();
    let solved = ok(&[
        "calculation",
        "solve",
        "--deal",
        deal_file.to_str().unwrap(),
    ]);
    assert_eq!(solved, plain);
    // Standard input too.
    let solved = ok_with(
        &["calculation", "solve", "--deal", "-"],
        &format!("\u{feff}{deal}"),
    );
    assert_eq!(solved, plain);

    let game = json(&["--json", "calculation", "play-out", "--seed", "3"]);
    let moves: Vec<&str> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let review = |text: String, name: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let args = [
            "calculation",
            "review",
            "--seed",
            "3",
            "--game",
            path.to_str().unwrap(),
            "--nodes",
            "2000",
        ];
        ok(&args)
    };
    let expected = review(moves.join(" "), "moves.txt");
    let with_mark = review(format!("\u{feff}{}", moves.join(" ")), "moves-bom.txt");
    assert_eq!(
        with_mark.lines().skip(1).collect::<Vec<_>>(),
        expected.lines().skip(1).collect::<Vec<_>>()
    );
    let with_mark = review(format!("\u{feff}{game}"), "game-bom.json");
    assert_eq!(
        with_mark.lines().skip(1).collect::<Vec<_>>(),
        expected.lines().skip(1).collect::<Vec<_>>()
    );

    let bench = cgtk(&[
        "--json",
        "calculation",
        "bench",
        "--player",
        "rule-based",
        "--deals",
        "30",
    ]);
    assert_eq!(bench.code, 0);
    let result = dir.join("bench.json");
    std::fs::write(&result, format!("\u{feff}{}", bench.stdout)).unwrap();
    let merged = json(&["--json", "calculation", "merge", result.to_str().unwrap()]);
    let original: serde_json::Value = serde_json::from_str(&bench.stdout).unwrap();
    assert_eq!(merged["games"], original["games"]);
    assert_eq!(merged["won_deals"], original["won_deals"]);
}

/// `poggle solve --output F --image F` wrote both to the same file: the second rename found
/// its part file gone, the command failed with `cannot write F: No such file or directory`
/// and exit code 1, and F was left holding the picture instead of the press grid.
#[test]
fn poggle_solve_refuses_the_same_file_for_output_and_image() {
    let dir = scratch("tryout3-d", "same-file");
    let file = dir.join("presses.txt");
    let err = usage_error(&[
        "poggle",
        "solve",
        "4",
        "--output",
        file.to_str().unwrap(),
        "--image",
        file.to_str().unwrap(),
    ]);
    assert!(err.contains("--output and --image"), "{err}");
    assert!(!file.exists());
    // Written differently, the same file is still the same.
    let other = format!("{}/./presses.txt", dir.display());
    let err = usage_error(&[
        "poggle",
        "solve",
        "4",
        "--output",
        file.to_str().unwrap(),
        "--image",
        &other,
    ]);
    assert!(err.contains("--output and --image"), "{err}");
    // Two different files are both written.
    let image = dir.join("presses.png");
    ok(&[
        "poggle",
        "solve",
        "4",
        "--output",
        file.to_str().unwrap(),
        "--image",
        image.to_str().unwrap(),
    ]);
    let printed = ok(&["poggle", "solve", "4"]);
    let grid: String = printed
        .lines()
        .skip_while(|l| *l != "presses:")
        .skip(1)
        .take(4)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), grid);
    assert!(std::fs::read(&image).unwrap().starts_with(b"\x89PNG"));
}
