//! Regressions found by a tryout of `calculation` and `poggle`: empty bench shards, negative
//! numbers refused without naming their option, whole seconds only for poggle's time limit,
//! search limits silently ignored, `-o -` written as a file named `-`, a compare suggesting
//! `--common` for files with no deal in common, and two mixed or contradictory messages.
//! Each test says what broke.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk, cgtk_with, json, ok, scratch, usage_error, usage_error_with};

/// `calculation bench --deals 4 --shard 8/8` played no deal and printed "0 of 0 won", its
/// JSON naming `"first": 7`, outside deals 0–3 (shard I/N plays every N-th deal from the
/// I-th, so shards past the number of deals are empty); the solver's count too.
#[test]
fn a_bench_shard_that_holds_no_deal_is_refused() {
    for player in ["random", "solver"] {
        let err = usage_error(&[
            "calculation",
            "bench",
            "--player",
            player,
            "--deals",
            "4",
            "--shard",
            "8/8",
        ]);
        assert!(
            err.starts_with("error: --shard 8/8 holds no deal")
                && err.contains("I is at most 4 (use at most 4 shards"),
            "{err}"
        );
    }
    let err = usage_error(&[
        "calculation",
        "bench",
        "--player",
        "random",
        "--deals",
        "1",
        "--first-seed",
        "10",
        "--shard",
        "2/2",
    ]);
    assert!(err.contains("at most 1 shard"), "{err}");
    // The last shard that holds a deal still plays it: deal 3, the 4th of 0–3.
    let v = json(&[
        "--json",
        "calculation",
        "bench",
        "--player",
        "random",
        "--deals",
        "4",
        "--shard",
        "4/8",
    ]);
    assert_eq!(v["games"], 1);
    assert_eq!(
        v["deals"],
        serde_json::json!([{"first": 3, "step": 8, "count": 1}])
    );
}

/// Shards that each hold a deal still merge to the whole run.
#[test]
fn bench_shards_of_a_few_deals_merge_to_the_whole_run() {
    let dir = scratch("fixes-e", "merge");
    let bench = |extra: &[&str]| {
        let mut args = vec![
            "--json",
            "calculation",
            "bench",
            "--player",
            "rule-based",
            "--deals",
            "4",
        ];
        args.extend_from_slice(extra);
        json(&args)
    };
    let whole = bench(&[]);
    let mut files = Vec::new();
    for i in 1..=4 {
        let part = bench(&["--shard", &format!("{i}/4")]);
        assert_eq!(part["games"], 1);
        let path = dir.join(format!("part{i}.json"));
        std::fs::write(&path, part.to_string()).unwrap();
        files.push(path.display().to_string());
    }
    let mut args = vec!["--json", "calculation", "merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = json(&args);
    for field in ["games", "wins", "won_deals", "deals"] {
        assert_eq!(merged[field], whole[field], "{field}");
    }
}

/// `--exploration -1`, `--time -1` and `--max-memory -1G` were refused by the argument
/// parser as "unexpected argument '-1' found", without naming the option (only
/// `--exploration=-1` reached our own message).
#[test]
fn negative_values_after_a_space_reach_their_own_message() {
    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "calculation",
                "play-out",
                "--seed",
                "1",
                "--player",
                "mcts",
                "--exploration",
                "-1",
            ],
            "error: --exploration must be a number ≥ 0, not -1",
        ),
        (
            &[
                "calculation",
                "play-out",
                "--seed",
                "1",
                "--player",
                "best",
                "--mixed-weight",
                "-0.5",
            ],
            "error: --mixed-weight must be a number from 0 to 1, not -0.5",
        ),
        (
            &["calculation", "solve", "--seed", "1", "--time", "-1"],
            "error: --time must be a positive number of seconds, not -1",
        ),
        (
            &[
                "calculation",
                "bench",
                "--player",
                "random",
                "--deals",
                "4",
                "--shard",
                "-1/4",
            ],
            "error: --shard wants I/N",
        ),
        (
            &["poggle", "solve", "3", "--max-memory", "-1G"],
            "error: --max-memory \"-1G\": write a size",
        ),
        (
            &["poggle", "table", "--sizes", "-3..5"],
            "error: --sizes \"-3..5\": write A..B",
        ),
    ];
    for (args, message) in cases {
        let err = usage_error(args);
        assert!(err.starts_with(message), "cgtk {}: {err}", args.join(" "));
    }
}

/// Every numeric option of `calculation` and `poggle` given a negative number after a space
/// is refused naming the option (it was "unexpected argument '-1' found").
#[test]
fn every_numeric_option_names_itself_when_given_a_negative_number() {
    let play_out = [
        "calculation",
        "play-out",
        "--seed",
        "1",
        "--player",
        "rollout",
    ];
    let mut cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["calculation", "deal", "-1"], "<SEED>"),
        (vec!["calculation", "play-out", "--seed", "-1"], "--seed"),
        (vec!["calculation", "solve", "--seed", "-1"], "--seed"),
        (
            vec!["calculation", "solve", "--seed", "1", "--piles", "-3"],
            "--piles",
        ),
        (
            vec!["calculation", "solve", "--seed", "1", "--nodes", "-5"],
            "--nodes",
        ),
        (vec!["calculation", "review", "--seed", "-1"], "--seed"),
        (
            vec!["calculation", "review", "--seed", "1", "--nodes", "-1"],
            "--nodes",
        ),
        (
            vec!["calculation", "review", "--seed", "1", "--piles", "-4"],
            "--piles",
        ),
        (
            vec![
                "calculation",
                "bench",
                "--player",
                "random",
                "--deals",
                "-4",
            ],
            "--deals",
        ),
        (
            vec![
                "calculation",
                "bench",
                "--player",
                "random",
                "--deals",
                "4",
                "--first-seed",
                "-1",
            ],
            "--first-seed",
        ),
        (
            vec![
                "calculation",
                "bench",
                "--player",
                "solver",
                "--deals",
                "4",
                "--nodes",
                "-1",
            ],
            "--nodes",
        ),
        (
            vec![
                "calculation",
                "bench",
                "--player",
                "random",
                "--deals",
                "4",
                "--piles",
                "-1",
            ],
            "--piles",
        ),
        (vec!["poggle", "solve", "3", "-k", "-2"], "--colours"),
        (vec!["poggle", "solve", "3", "--colours", "-2"], "--colours"),
        (vec!["poggle", "solve", "-3"], "size"),
        (
            vec!["poggle", "solve", "3", "--all", "--limit", "-1"],
            "--limit",
        ),
        (
            vec![
                "poggle",
                "solve",
                "3",
                "--image",
                "x.png",
                "--cell-size",
                "-1",
            ],
            "--cell-size",
        ),
        (
            vec!["poggle", "solve", "3", "--minimal", "--time-limit", "-1"],
            "--time-limit",
        ),
        (
            vec!["poggle", "solve", "3", "--minimal", "--node-limit", "-1"],
            "--node-limit",
        ),
        (vec!["poggle", "quiet", "3", "-k", "-2"], "--colours"),
        (
            vec!["poggle", "quiet", "3", "--max-memory", "-1G"],
            "--max-memory",
        ),
        (
            vec![
                "poggle",
                "quiet",
                "3",
                "--image",
                "x.png",
                "--cell-size",
                "-1",
            ],
            "--cell-size",
        ),
        (
            vec!["poggle", "table", "--sizes", "3", "-k", "-2"],
            "--colours",
        ),
        (
            vec!["poggle", "table", "--sizes", "3", "--max-memory", "-1G"],
            "--max-memory",
        ),
        (vec!["poggle", "minimal-table", "--sizes", "-3"], "--sizes"),
        (
            vec!["poggle", "minimal-table", "--sizes", "3", "-k", "-2"],
            "--colours",
        ),
        (
            vec![
                "poggle",
                "minimal-table",
                "--sizes",
                "3",
                "--time-limit",
                "-1",
            ],
            "--time-limit",
        ),
        (
            vec![
                "poggle",
                "minimal-table",
                "--sizes",
                "3",
                "--node-limit",
                "-1",
            ],
            "--node-limit",
        ),
    ];
    for option in [
        "--playouts",
        "--exploration",
        "--threshold",
        "--blend-percent",
        "--mixed-weight",
        "--player-seed",
        "--samples",
        "--levels",
        "--inner-samples",
        "--nested-cards",
        "--nested-samples",
        "--escalate-cards",
        "--exact-cards",
        "--exact-positions",
        "--extend",
        "--sample-nodes",
        "--solver-nodes",
    ] {
        let mut args = play_out.to_vec();
        args.extend([option, "-1"]);
        // --solver-nodes is an alias: the parser names the option by its name.
        let named = if option == "--solver-nodes" {
            "--sample-nodes"
        } else {
            option
        };
        cases.push((args, named));
    }
    let dir = scratch("fixes-e", "negative");
    for (args, option) in cases {
        let run = cgtk_with(&args, "", Some(&dir));
        assert_eq!(run.code, 2, "cgtk {}: {}", args.join(" "), run.stderr);
        let first = run.stderr.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("error:") && first.contains(option),
            "cgtk {}: {}",
            args.join(" "),
            run.stderr
        );
        assert!(
            !run.stderr.contains("unexpected argument"),
            "cgtk {}: {}",
            args.join(" "),
            run.stderr
        );
    }
}

/// `poggle … --time-limit` took whole seconds only (`0.5` and `1e30` gave "invalid digit
/// found in string") while `calculation solve --time` takes fractions.
#[test]
fn poggle_time_limits_take_decimal_seconds() {
    let plain = ok(&["poggle", "solve", "5", "--minimal"]);
    for time in ["0.5", "1e30", "1e300", "2.5", "0"] {
        let out = ok(&["poggle", "solve", "5", "--minimal", "--time-limit", time]);
        assert_eq!(out, plain, "--time-limit {time}");
    }
    let out = ok(&[
        "poggle",
        "minimal-table",
        "--sizes",
        "4..5",
        "--time",
        "0.5",
    ]);
    assert_eq!(out.lines().count(), 3, "{out}");
    for bad in ["-1", "nan", "-inf", "inf"] {
        for command in [
            &["poggle", "solve", "5", "--minimal", "--time-limit", bad][..],
            &[
                "poggle",
                "minimal-table",
                "--sizes",
                "4",
                "--time-limit",
                bad,
            ][..],
        ] {
            let err = usage_error(command);
            assert!(
                err.starts_with(
                    "error: --time-limit must be a positive number of seconds (0: no limit), not "
                ),
                "{err}"
            );
        }
    }
}

/// `poggle solve` took `--node-limit` and `--time-limit` without `--minimal` and ignored
/// them, while `--limit` without `--all` was refused.
#[test]
fn poggle_search_limits_without_minimal_are_refused() {
    for option in ["--node-limit", "--nodes", "--time-limit", "--time"] {
        let err = usage_error(&["poggle", "solve", "3", option, "5"]);
        assert!(err.contains("--minimal"), "{option}: {err}");
        // As --limit without --all is.
        let limit = usage_error(&["poggle", "solve", "3", "--limit", "5"]);
        assert!(limit.contains("--all"), "{limit}");
    }
    // With --minimal, and in minimal-table (where the search is the whole point), they
    // are taken.
    ok(&[
        "poggle",
        "solve",
        "3",
        "--minimal",
        "--node-limit",
        "5",
        "--time",
        "5",
    ]);
    ok(&[
        "poggle",
        "minimal-table",
        "--sizes",
        "3",
        "--nodes",
        "5",
        "--time",
        "5",
    ]);
}

/// `poggle solve … -o -` wrote a file named `-`, while `--start -` reads standard input.
#[test]
fn poggle_output_dash_writes_the_press_grid_to_standard_output() {
    let dir = scratch("fixes-e", "output-dash");
    let run = cgtk_with(&["poggle", "solve", "3", "-o", "-"], "", Some(&dir));
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The press grid alone on standard output (checked by hand: pressing the corners and
    // the centre of the 3×3 board turns every light off), the report on standard error.
    assert_eq!(run.stdout, "101\n010\n101\n");
    assert!(run.stderr.contains("solvable: yes"), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("presses: written to standard output (text)"),
        "{}",
        run.stderr
    );
    let run = cgtk_with(
        &["poggle", "solve", "2", "-o", "-", "--format", "csv"],
        "",
        Some(&dir),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "1,1\n1,1\n");
    // No file named `-` (nor its part file) was left behind.
    let left: Vec<_> = std::fs::read_dir(&*dir).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    // With --json the report is the standard output: refused, and no file either.
    let run = cgtk_with(
        &["--json", "poggle", "solve", "3", "-o", "-"],
        "",
        Some(&dir),
    );
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr
            .starts_with("error: --output - writes the press grid to standard output"),
        "{}",
        run.stderr
    );
    let left: Vec<_> = std::fs::read_dir(&*dir).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A press grid written to standard output that is closed early (`… -o - | head`) is not
/// an error, as for every other output.
#[test]
fn poggle_output_dash_into_a_closed_pipe_is_not_an_error() {
    let (code, stderr) = closed_after_ten_bytes(&["poggle", "solve", "1000", "-o", "-"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("error"), "{stderr}");
}

/// Runs cgtk, reads ten bytes of its standard output and closes it; the exit code and
/// standard error. (A 1000×1000 press grid is a megabyte, far more than a pipe holds:
/// cgtk is still writing when the pipe closes.)
fn closed_after_ten_bytes(args: &[&str]) -> (Option<i32>, String) {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 10];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `calculation compare` of two results with no deal in common suggested `--common`,
/// which then refused them.
#[test]
fn compare_of_results_with_no_deal_in_common_does_not_suggest_common() {
    let dir = scratch("fixes-e", "compare");
    let mut files = Vec::new();
    for shard in ["1/2", "2/2"] {
        let out = ok(&[
            "--json",
            "calculation",
            "bench",
            "--player",
            "rule-based",
            "--deals",
            "6",
            "--shard",
            shard,
        ]);
        let path = dir.join(format!("shard{}.json", files.len() + 1));
        std::fs::write(&path, out).unwrap();
        files.push(path.display().to_string());
    }
    let err = usage_error(&["calculation", "compare", &files[0], &files[1]]);
    assert!(err.contains("share no deal"), "{err}");
    assert!(!err.contains("--common"), "{err}");
}

/// `poggle table --sizes 18446744073709551615` said it "would need more memory than can be
/// addressed, more than the 24.6 GB available"; boards past the address space said the same.
#[test]
fn memory_past_the_address_space_is_not_compared_with_the_memory_available() {
    let err = usage_error(&[
        "poggle",
        "table",
        "--sizes",
        "18446744073709551615",
        "--max-memory",
        "1G",
    ]);
    assert_eq!(
        err,
        "error: size 18446744073709551615: the polynomial gcd would need more memory than can be addressed\n"
    );
    let err = usage_error(&[
        "poggle",
        "solve",
        "18446744073709551615x3",
        "--max-memory",
        "1G",
    ]);
    assert!(err.contains("more memory than can be addressed"), "{err}");
    assert!(!err.contains("available"), "{err}");
    // A size that can be addressed still says what it needs and what there is.
    let err = usage_error(&[
        "poggle",
        "table",
        "--sizes",
        "100000000000",
        "--max-memory",
        "1G",
    ]);
    assert!(
        err.contains("would need about 100.0 GB of memory, more than the 1.0 GB available"),
        "{err}"
    );
}

/// The messages about a start or goal file mixed "F: start grid: …" with "start F: …".
#[test]
fn start_and_goal_file_messages_have_one_form() {
    let dir = scratch("fixes-e", "grid-messages");
    let cases = [
        ("12\n", "start grid is 1×2 but the board is 3×3"),
        ("115\n111\n111\n", "start grid: colour 5 at row 1, column 3"),
        (
            "1x1\n111\n111\n",
            "start grid: row 1: \"1x1\" is not a colour",
        ),
        ("", "start grid: the grid is empty"),
    ];
    for (i, (text, message)) in cases.iter().enumerate() {
        let path = dir.join(format!("grid{i}.txt"));
        std::fs::write(&path, text).unwrap();
        let path = path.display().to_string();
        for which in ["start", "goal"] {
            let err = usage_error(&["poggle", "solve", "3", &format!("--{which}"), &path]);
            let message = message.replace("start", which);
            assert!(
                err.starts_with(&format!("error: {path}: {message}")),
                "{err}"
            );
            let err = usage_error_with(&["poggle", "solve", "3", &format!("--{which}"), "-"], text);
            assert!(
                err.starts_with(&format!("error: standard input: {message}")),
                "{err}"
            );
        }
    }
    // A file that cannot be read is named as before.
    let err = cgtk(&["poggle", "solve", "3", "--start", "/nonexistent/start.txt"]);
    assert_eq!(err.code, 2);
    assert!(
        err.stderr
            .starts_with("error: cannot read /nonexistent/start.txt"),
        "{}",
        err.stderr
    );
}

/// The same through `/dev/stdout`, a device written directly: the write error was turned
/// into a usage error (`error: /dev/stdout: Broken pipe`, exit code 2), losing the closed
/// pipe; a full disk is a failure (exit code 1), not the user's mistake.
#[cfg(unix)]
#[test]
fn poggle_output_device_errors_keep_their_cause() {
    let (code, stderr) = closed_after_ten_bytes(&["poggle", "solve", "1000", "-o", "/dev/stdout"]);
    assert_eq!(code, Some(0), "{stderr}");
    if std::path::Path::new("/dev/full").exists() {
        for args in [
            &["poggle", "solve", "1000", "-o", "/dev/full"][..],
            &["poggle", "solve", "100", "--image", "/dev/full"],
        ] {
            let run = cgtk(args);
            assert_eq!(run.code, 1, "{args:?}: {}", run.stderr);
            assert!(
                run.stderr
                    .contains("error: cannot write /dev/full: No space left on device"),
                "{}",
                run.stderr
            );
        }
        assert!(std::fs::metadata("/dev/full")
            .map(|m| !m.is_file())
            .unwrap_or(true));
    }
}

/// `--image -` wrote a file named `-` (and `quiet` files `--1.png`, …).
#[test]
fn poggle_image_dash_is_refused() {
    for args in [
        &["poggle", "solve", "3", "--image", "-"][..],
        &["poggle", "quiet", "4", "--image", "-"],
    ] {
        let e = usage_error(args);
        assert!(e.contains("a picture is written to a file"), "{e}");
    }
}
