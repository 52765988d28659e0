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
        usage_error(&["poggle", "solve", "100000", "--max-memory", "1G"], ""),
        usage_error(
            &["poggle", "solve", "30000", "-k", "3", "--max-memory", "1G"],
            "",
        ),
        usage_error(&["poggle", "solve", "5", "--max-memory", "lots"], ""),
        usage_error(&["poggle", "solve", "2000"], ""),
        usage_error(
            &[
                "poggle", "solve", "3", "-k", "3", "-o", "x", "--format", "pbm",
            ],
            "",
        ),
        usage_error(&["poggle", "solve", "3", "-o", "x", "--format", "bmp"], ""),
        usage_error(
            &["poggle", "solve", "3", "-k", "300", "--image", "x.png"],
            "",
        ),
        usage_error(&["poggle", "solve", "99999999999999999999999"], ""),
        usage_error(&["poggle", "quiet", "3", "--pattern", "0,0 1"], ""),
        usage_error(
            &[
                "poggle",
                "quiet",
                "300",
                "--pattern",
                "0,0 1,1",
                "--max-memory",
                "1G",
            ],
            "",
        ),
        usage_error(
            &[
                "poggle",
                "table",
                "--sizes",
                "100000000000",
                "--max-memory",
                "1G",
            ],
            "",
        ),
        usage_error(&["poggle", "table", "--sizes", "5..2"], ""),
        usage_error(
            &["poggle", "table", "--sizes", "1..3", "--colours", "2,1"],
            "",
        ),
    ];
    insta::assert_snapshot!(errors.concat());
}

/// `--pattern '-9223372036854775808,0'` used to be solved as the pattern `0,0`: the range
/// check took `abs()` of the offset, which wraps for the most negative 64-bit number, and
/// the offset was then truncated to 0. Each extreme offset is now refused, naming it and
/// the range allowed.
#[test]
fn extreme_pattern_offsets_are_refused_not_wrapped() {
    for offset in [
        "-9223372036854775808,0",
        "0,-9223372036854775808",
        "9223372036854775807,0",
        "-4294967296,0",
        "-1001,0",
    ] {
        let err = usage_error(&["poggle", "solve", "3", "--pattern", offset], "");
        assert!(
            err.contains(&format!("offset {offset}")) && err.contains("-1000..=1000"),
            "{offset}: {err}"
        );
    }
    // The edge of the range is still accepted.
    ok(&["poggle", "solve", "3", "--pattern", "0,0 -1000,1000"]);
}

#[test]
fn minimal_stops_honestly_at_its_limit_on_a_huge_kernel() {
    // The 95×95 board has 2^62 solutions: the search stops at its node limit and prints the
    // best found with the proven lower bound, marked not minimal, never worse than the first
    // solution found. (It used to print a local-search result with no bound at all.)
    let plain = json(&["poggle", "solve", "95", "--json"], "");
    let best = json(
        &[
            "poggle",
            "solve",
            "95",
            "--minimal",
            "--node-limit",
            "20000",
            "--json",
        ],
        "",
    );
    assert_eq!(best["solutions"], "4611686018427387904");
    assert_eq!(best["minimal"], false);
    assert!(best["minimal_note"]
        .as_str()
        .unwrap()
        .contains("the search stopped at its limit"));
    assert!(best["lower_bound"].as_u64() <= best["total_presses"].as_u64());
    assert!(best["total_presses"].as_u64() <= plain["total_presses"].as_u64());
    let rows = best["presses"].as_array().unwrap();
    assert_eq!(rows.len(), 95);
}

/// `minimal-table` agrees with OEIS A075464 (n = 1..12) and counts the minimal solutions.
#[test]
fn minimal_table_text_and_json() {
    let out = ok(&["poggle", "minimal-table", "--sizes", "1..12"]);
    let published = [1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72];
    let lines: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(lines.len(), 12);
    for (line, a) in lines.iter().zip(published) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells[2], a.to_string(), "{line}");
        assert_eq!(cells[3], "yes", "{line}");
    }
    let rows = json(
        &["poggle", "minimal-table", "--sizes", "4..5", "--json"],
        "",
    );
    let rows = rows.as_array().unwrap();
    assert_eq!(rows[0]["fewest_presses"], 4);
    assert_eq!(rows[0]["nullity"], 4);
    assert_eq!(rows[0]["minimal_solutions"], 2);
    assert_eq!(rows[1]["fewest_presses"], 15);
    assert_eq!(rows[1]["minimal"], true);
    assert_eq!(rows[1]["method"], "gray-code");
}

#[test]
fn minimal_table_in_three_colours_on_the_torus() {
    let rows = json(
        &[
            "poggle",
            "minimal-table",
            "--sizes",
            "3..4",
            "-k",
            "3",
            "--torus",
            "--json",
        ],
        "",
    );
    for row in rows.as_array().unwrap() {
        assert_eq!(row["colours"], 3);
        assert_eq!(row["torus"], true);
        assert!(row["minimal"].as_bool().unwrap() || row["fewest_presses"].is_null());
    }
}

/// `--time` and `--nodes` name the search limits as in `calculation solve`.
#[test]
fn search_limits_take_the_short_names_too() {
    let long = ok(&[
        "poggle",
        "solve",
        "5",
        "--minimal",
        "--time-limit",
        "30",
        "--node-limit",
        "100000",
    ]);
    let short = ok(&[
        "poggle",
        "solve",
        "5",
        "--minimal",
        "--time",
        "30",
        "--nodes",
        "100000",
    ]);
    assert_eq!(long, short);
}

/// A board with no solution has nothing to be minimal about: `-`, not `no`.
#[test]
fn minimal_table_shows_no_verdict_for_unsolvable_boards() {
    let out = ok(&["poggle", "minimal-table", "--sizes", "2", "-k", "3"]);
    let row: Vec<&str> = out.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(row[..4], ["2", "1", "unsolvable", "-"], "{out}");
}

#[test]
fn minimal_table_refuses_bad_sizes() {
    for sizes in ["0..3", "5..4", "x"] {
        let err = usage_error(&["poggle", "minimal-table", "--sizes", sizes], "");
        assert!(err.contains("--sizes"), "{err}");
    }
    let err = usage_error(&["poggle", "minimal-table", "--sizes", "3", "-k", "1"], "");
    assert!(err.contains("colour"), "{err}");
}

/// A size range whose largest board is out of reach is refused at once: `--sizes
/// 1..100000000` used to compute every smaller size for hours before failing at n = 200001.
/// Sizes are now limited by memory; a range whose largest line needs more than
/// --max-memory is refused before any line is computed.
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
        let args = [args, &["--max-memory", "50M"]].concat();
        let err = usage_error(&args, "");
        assert!(
            err.starts_with("error:") && err.contains("of memory"),
            "{args:?}: {err}"
        );
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

/// A start grid of the wrong shape was reported without its file (`start grid is 2×3 but
/// the board is 3×3`), unlike every other grid error.
#[test]
fn grid_shape_errors_name_the_file() {
    let dir = common::scratch("poggle", "shape");
    let goal = dir.join("goal.txt");
    std::fs::write(&goal, "000\n000\n").unwrap();
    let path = goal.to_str().unwrap();
    let err = usage_error(&["poggle", "solve", "3", "--goal", path], "");
    assert!(
        err.contains(&format!("{path}: goal grid is 2×3 but the board is 3×3")),
        "{err}"
    );
}

/// `poggle table -k 2,2` printed every row twice; a number of colours listed twice is
/// refused.
#[test]
fn table_colours_listed_twice_are_refused() {
    let err = usage_error(&["poggle", "table", "--sizes", "3", "-k", "2,3,2"], "");
    assert!(err.contains("2 colours is listed twice"), "{err}");
}

/// `--start - --goal -` ended in "goal -: the grid is empty": the start grid had read all
/// of standard input. Asking for both from standard input is refused up front.
#[test]
fn start_and_goal_cannot_both_read_standard_input() {
    let args = ["poggle", "solve", "2", "--start", "-", "--goal", "-"];
    let err = usage_error(&args, "01\n10\n");
    assert!(err.contains("cannot both read standard input"), "{err}");
}

/// A press grid too large for the terminal goes to a file; the PBM read back solves the
/// board (A·x formed here, press by press, from the file alone).
#[test]
fn large_press_grids_go_to_files_and_solve_the_board() {
    let dir = common::scratch("poggle", "large");
    let path = dir.join("presses.pbm");
    let file = path.to_str().unwrap();
    let v = json(
        &[
            "poggle",
            "solve",
            "1200x1100",
            "-o",
            file,
            "--format",
            "pbm",
            "--json",
        ],
        "",
    );
    assert_eq!(v["checked"], true);
    assert_eq!(v["output"], file);
    assert!(v.get("presses").is_none(), "{v}");
    let bytes = std::fs::read(&path).unwrap();
    let header = b"P4\n1100 1200\n";
    assert!(bytes.starts_with(header));
    let data = &bytes[header.len()..];
    let (rows, cols, stride) = (1200usize, 1100usize, 1100usize.div_ceil(8));
    assert_eq!(data.len(), rows * stride);
    let pressed = |r: usize, c: usize| data[r * stride + c / 8] >> (7 - c % 8) & 1;
    let mut total = 0u64;
    for r in 0..rows {
        for c in 0..cols {
            total += u64::from(pressed(r, c));
            let mut s = pressed(r, c);
            if r > 0 {
                s ^= pressed(r - 1, c);
            }
            if r + 1 < rows {
                s ^= pressed(r + 1, c);
            }
            if c > 0 {
                s ^= pressed(r, c - 1);
            }
            if c + 1 < cols {
                s ^= pressed(r, c + 1);
            }
            assert_eq!(s, 1, "button ({r}, {c}) does not end at 0");
        }
    }
    assert_eq!(v["total_presses"], total);
}

/// `--image` draws the press grid of `solve` and each quiet pattern of `quiet`.
#[test]
fn images_are_written() {
    let dir = common::scratch("poggle", "images");
    let png = dir.join("solve.png");
    let v = json(
        &[
            "poggle",
            "solve",
            "6",
            "-k",
            "3",
            "--image",
            png.to_str().unwrap(),
            "--json",
        ],
        "",
    );
    assert_eq!(v["image"], png.to_str().unwrap());
    assert!(v["presses"].is_array());
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let quiet = dir.join("quiet.png");
    let text = ok(&["poggle", "quiet", "5", "--image", quiet.to_str().unwrap()]);
    for i in 1..=2 {
        let file = dir.join(format!("quiet-{i}.png"));
        assert!(
            text.contains(&format!("picture: {}", file.display())),
            "{text}"
        );
        assert!(std::fs::read(&file).unwrap().starts_with(b"\x89PNG"));
    }
    assert!(!dir.join("quiet-3.png").exists());
}
