//! What every command of the `cgtk` program shares: the top-level help, usage errors with
//! exit code 2, and a closed output pipe not counted as an error. (Every command path's
//! `--help` is checked in `cli_help.rs`, by walking the commands each help page lists.)
//!
//! The top-level help is not snapshotted on purpose: other commands are still being added;
//! the test only asks that the commands already there are listed.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk, cgtk_with};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[test]
fn top_level_help_lists_the_commands() {
    let out = cgtk(&["--help"]);
    assert_eq!(out.code, 0);
    let help = &out.stdout;
    for command in ["poggle", "count", "cycle-index"] {
        assert!(
            help.lines()
                .any(|line| line.trim_start().starts_with(command)),
            "`cgtk --help` does not list `{command}`:\n{help}"
        );
    }
    for flag in ["--json", "--threads"] {
        assert!(help.contains(flag), "`cgtk --help` misses {flag}");
    }
}

#[test]
fn unknown_command_is_a_usage_error() {
    let out = cgtk(&["frobnicate"]);
    assert_eq!(out.code, 2);
    let err = &out.stderr;
    assert!(err.starts_with("error:"), "{err}");
    assert!(err.contains("frobnicate"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn unknown_subcommand_is_a_usage_error() {
    for family in ["poggle", "count"] {
        let out = cgtk(&[family, "frobnicate"]);
        assert_eq!(out.code, 2, "cgtk {family} frobnicate");
        assert!(out.stderr.starts_with("error:"));
    }
}

#[test]
fn zero_threads_is_a_usage_error() {
    let out = cgtk(&["--threads", "0", "poggle", "solve", "3"]);
    assert_eq!(out.code, 2);
    let err = &out.stderr;
    assert!(err.starts_with("error:"), "{err}");
    assert!(err.contains("--threads"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn threads_flag_is_accepted_after_the_subcommand() {
    let out = cgtk(&["poggle", "solve", "5", "--threads", "1", "--json"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let value: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON output");
    assert_eq!(value["solutions"], "4");
}

/// Bad input of each command family: exit 2, one `error: …` line, nothing on stdout.
#[test]
fn bad_input_is_one_error_line_with_exit_code_2() {
    let cases: &[&[&str]] = &[
        &["poggle", "solve", "5", "--colours", "1"],
        &["poggle", "solve", "0"],
        &["poggle", "solve", "0x5"],
        &["poggle", "solve", "100000x100000", "--colours", "6"],
        &["poggle", "quiet", "5x"],
        &["poggle", "table", "--sizes", "5..3"],
        &["poggle", "solve", "3", "--start", "/nonexistent/start.txt"],
        &["count", "necklaces", "--beads", "6", "--colours", "0"],
        &[
            "count",
            "necklaces",
            "--beads",
            "6",
            "--colours",
            "3",
            "--content",
            "2,2,1",
        ],
        &[
            "count",
            "board",
            "--rows",
            "2",
            "--cols",
            "3",
            "--colours",
            "2",
            "--group",
            "foo",
        ],
        &["cycle-index", "foo", "3"],
        &["cycle-index", "board", "0x3"],
    ];
    for args in cases {
        let out = cgtk(args);
        let err = &out.stderr;
        assert_eq!(out.code, 2, "cgtk {}: {err}", args.join(" "));
        assert!(err.starts_with("error:"), "cgtk {}: {err}", args.join(" "));
        assert!(!err.contains("panicked"), "cgtk {}: {err}", args.join(" "));
        assert!(out.stdout.is_empty(), "cgtk {}", args.join(" "));
    }
}

/// `cgtk … | head -1`: the reader closes the pipe early. That is not an error, in text
/// and in JSON (the JSON case used to print `error: Broken pipe (os error 32)` and exit 1).
#[test]
fn closed_output_pipe_is_not_an_error() {
    for json in [false, true] {
        // A 500×500 answer is 250 kB of text and over 2 MB of JSON, more than a pipe buffers.
        let mut args = vec!["poggle", "solve", "500"];
        if json {
            args.push("--json");
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_cgtk"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the cgtk binary runs");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut first = String::new();
        BufReader::new(stdout)
            .read_line(&mut first)
            .expect("one line");
        assert!(!first.is_empty());
        // The reader is dropped here: the pipe is closed with most of the output unread.
        let out = child.wait_with_output().expect("cgtk finishes");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "json = {json}: {err}");
        assert!(err.is_empty(), "json = {json}: {err}");
    }
}

/// A start grid that is not UTF-8 is bad input, from a file and from standard input alike
/// (standard input used to exit with 1).
#[test]
fn start_grid_not_utf8_is_a_usage_error() {
    let bytes = b"\xff\xfe\n";
    let path = std::env::temp_dir().join(format!("cgtk-not-utf8-{}.txt", std::process::id()));
    std::fs::write(&path, bytes).expect("temporary file");
    let path_text = path.to_string_lossy().into_owned();
    let from_file = cgtk(&["poggle", "solve", "1", "--start", &path_text]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(from_file.code, 2, "{}", from_file.stderr);

    let out = cgtk_with(&["poggle", "solve", "1", "--start", "-"], bytes, None);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.starts_with("error: cannot read standard input"),
        "{}",
        out.stderr
    );
}
