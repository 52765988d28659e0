//! What users see from `cgtk poggle …`: text and JSON snapshots, and one-line errors with
//! exit code 2.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{json_with as json, ok};

/// The one-line error of a usage mistake (exit code 2).
fn usage_error(args: &[&str], stdin: &str) -> String {
    let err = common::usage_error_with(args, stdin);
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    err
}

#[test]
fn solve_readme_board() {
    insta::assert_snapshot!(ok(&["poggle", "solve", "5", "--colours", "3"]));
}

#[test]
fn solve_classic_minimal() {
    insta::assert_snapshot!(ok(&["poggle", "solve", "5", "--minimal"]));
}

#[test]
fn solve_classic_minimal_json() {
    insta::assert_json_snapshot!(json(&["poggle", "solve", "5", "--minimal", "--json"], ""));
}

#[test]
fn solve_all_with_limit() {
    insta::assert_snapshot!(ok(&["poggle", "solve", "4", "--all", "--limit", "3"]));
}

#[test]
fn solve_many_colours_rectangle_torus() {
    insta::assert_snapshot!(ok(&["poggle", "solve", "3x4", "-k", "12", "--torus"]));
}

#[test]
fn solve_unsolvable_from_stdin_json() {
    let args = ["poggle", "solve", "2", "-k", "3", "--start", "-", "--json"];
    insta::assert_json_snapshot!(json(&args, "10\n00\n"));
}

#[test]
fn solve_start_and_goal_text() {
    let dir = std::env::temp_dir().join(format!("cgtk-poggle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let start = dir.join("start.txt");
    let goal = dir.join("goal.txt");
    std::fs::write(&start, "0123\n3210\n0000\n").unwrap();
    std::fs::write(&goal, "# every button at 2\n2222\n2222\n2222\n").unwrap();
    let out = ok(&[
        "poggle",
        "solve",
        "3x4",
        "-k",
        "4",
        "--start",
        start.to_str().unwrap(),
        "--goal",
        goal.to_str().unwrap(),
        "--minimal",
    ]);
    std::fs::remove_dir_all(&dir).ok();
    insta::assert_snapshot!(out);
}

#[test]
fn quiet_text_and_json() {
    insta::assert_snapshot!(ok(&["poggle", "quiet", "5"]));
    insta::assert_json_snapshot!(json(&["poggle", "quiet", "4", "-k", "4", "--json"], ""));
}

#[test]
fn table_text_and_json() {
    insta::assert_snapshot!(ok(&[
        "poggle",
        "table",
        "--sizes",
        "1..9",
        "--colours",
        "2,3,6"
    ]));
    let args = ["poggle", "table", "--sizes", "4..5", "--torus", "--json"];
    insta::assert_json_snapshot!(json(&args, ""));
}

#[test]
fn bad_input_is_one_line_with_exit_code_2() {
    let errors = [
        usage_error(&["poggle", "solve", "5", "--colours", "1"], ""),
        usage_error(&["poggle", "solve", "0"], ""),
        usage_error(&["poggle", "solve", "5x"], ""),
        usage_error(&["poggle", "solve", "2", "--start", "-"], "010\n101\n"),
        usage_error(
            &["poggle", "solve", "2", "-k", "3", "--start", "-"],
            "01\n23\n",
        ),
        usage_error(&["poggle", "solve", "2", "--goal", "-"], "0x\n11\n"),
        usage_error(&["poggle", "solve", "100000"], ""),
        usage_error(&["poggle", "solve", "3000", "-k", "3"], ""),
        usage_error(&["poggle", "solve", "99999999999999999999999"], ""),
        usage_error(&["poggle", "quiet", "3", "--pattern", "0,0 1"], ""),
        usage_error(&["poggle", "quiet", "100", "--pattern", "0,0 1,1"], ""),
        usage_error(&["poggle", "table", "--sizes", "5..2"], ""),
        usage_error(
            &["poggle", "table", "--sizes", "1..3", "--colours", "2,1"],
            "",
        ),
    ];
    insta::assert_snapshot!(errors.concat());
}

#[test]
fn minimal_refuses_exhaustive_search_on_a_huge_kernel() {
    // The 95×95 board has 2^62 solutions: too many to search, so the best found by local
    // search is printed, marked not minimal, and never worse than the first solution found.
    let plain = json(&["poggle", "solve", "95", "--json"], "");
    let best = json(&["poggle", "solve", "95", "--minimal", "--json"], "");
    assert_eq!(best["solutions"], "4611686018427387904");
    assert_eq!(best["minimal"], false);
    assert!(best["minimal_note"]
        .as_str()
        .unwrap()
        .contains("too many to search them all"));
    assert!(best["total_presses"].as_u64() <= plain["total_presses"].as_u64());
    let rows = best["presses"].as_array().unwrap();
    assert_eq!(rows.len(), 95);
}

/// A size range whose largest board is out of reach is refused at once: `--sizes
/// 1..100000000` used to compute every smaller size for hours before failing at n = 200001.
#[test]
fn table_refuses_an_out_of_reach_range_before_computing() {
    for args in [
        &["poggle", "table", "--sizes", "1..100000000"][..],
        &[
            "poggle",
            "table",
            "--sizes",
            "1..100000",
            "--colours",
            "2,3",
        ],
        &["poggle", "table", "--sizes", "1..5000", "--torus"],
    ] {
        let err = usage_error(args, "");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
    }
}

/// The press grid the command prints really solves the board: applying it, by a direct
/// simulation written here, takes the default start (all 1) to the default goal (all 0).
/// Also every solution `--all` lists.
#[test]
fn printed_presses_solve_the_board() {
    fn apply(rows: usize, cols: usize, k: u64, torus: bool, presses: &[Vec<u64>]) -> Vec<u64> {
        let mut colour = vec![1u64; rows * cols];
        for (i, row) in presses.iter().enumerate() {
            for (j, &p) in row.iter().enumerate() {
                let mut hit = |a: i64, b: i64| {
                    let (a, b) = if torus {
                        (a.rem_euclid(rows as i64), b.rem_euclid(cols as i64))
                    } else if a < 0 || b < 0 || a >= rows as i64 || b >= cols as i64 {
                        return;
                    } else {
                        (a, b)
                    };
                    let cell = &mut colour[a as usize * cols + b as usize];
                    *cell = (*cell + p) % k;
                };
                let (i, j) = (i as i64, j as i64);
                for (di, dj) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                    hit(i + di, j + dj);
                }
            }
        }
        colour
    }
    fn grid(value: &serde_json::Value) -> Vec<Vec<u64>> {
        serde_json::from_value(value.clone()).expect("a grid of numbers")
    }
    for (size, rows, cols, k, torus) in [
        ("5", 5, 5, 2, false),
        ("4", 4, 4, 2, false),
        ("3x4", 3, 4, 12, true),
        ("7", 7, 7, 6, false),
        ("6x5", 6, 5, 9, true),
        ("40", 40, 40, 3, false),
    ] {
        let ks = k.to_string();
        let mut args = vec!["poggle", "solve", size, "-k", &ks, "--json", "--all"];
        if torus {
            args.push("--torus");
        }
        let v = json(&args, "");
        let what = format!("{size} k={k} torus={torus}");
        if v["solvable"] == false {
            assert!(v["presses"].is_null(), "{what}");
            continue;
        }
        let mut listed = vec![grid(&v["presses"])];
        let all = v["all"].as_array().expect("--all lists the solutions");
        assert!(!all.is_empty(), "{what}");
        listed.extend(all.iter().map(grid));
        for presses in &listed {
            assert_eq!(presses.len(), rows, "{what}");
            let after = apply(rows, cols, k, torus, presses);
            assert!(after.iter().all(|&c| c == 0), "{what}: {presses:?}");
        }
        let total: u64 = listed[0].iter().flatten().sum();
        assert_eq!(v["total_presses"], total, "{what}");
    }
}
