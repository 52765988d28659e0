//! `cgtk solve`, `cgtk probe` and `cgtk table`: what users see, snapshotted.

mod common;

use common::cgtk;
use std::path::PathBuf;

/// A table file path in a fresh scratch directory.
fn scratch(name: &str) -> PathBuf {
    common::scratch("retro", name).join("table.cgtk")
}

/// Solves Mu Torere into a fresh table file and returns its path.
fn mu_torere_table(name: &str) -> String {
    let path = scratch(name);
    let path = path.to_str().unwrap().to_string();
    let run = cgtk(&["solve", "mu-torere", "--out", &path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    path
}

#[test]
fn solve_mu_torere_text_and_json() {
    let run = cgtk(&["solve", "mu-torere"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!("solve_mu_torere", run.stdout);
    let run = cgtk(&["--json", "solve", "mu-torere"]);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    insta::assert_json_snapshot!("solve_mu_torere_json", json);
    // Wikipedia, "Mū tōrere": 1180 reachable positions, 208 won, 128 lost, 844 drawn.
    assert_eq!(json["reachable"], 1180);
    assert_eq!(json["from_start"]["wins"], 208);
    assert_eq!(json["from_start"]["losses"], 128);
    assert_eq!(json["from_start"]["draws"], 844);
}

#[test]
fn solve_mu_torere_first_two_turns() {
    let run = cgtk(&[
        "--json",
        "solve",
        "mu-torere",
        "--variant",
        "first-two-turns",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    insta::assert_json_snapshot!("solve_mu_torere_first_two_turns_json", json);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn solve_fox_and_hounds() {
    let run = cgtk(&["solve", "fox-hounds", "--variant", "fox=b8"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!("solve_fox_hounds_b8", run.stdout);
}

#[test]
fn probe_start_and_a_position() {
    let path = mu_torere_table("probe");
    let run = cgtk(&["probe", &path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!("probe_mu_torere_start", run.stdout);
    // Black to move wins in 5 plies (the longest forced win of the game).
    let run = cgtk(&["--json", "probe", &path, ".bbbwwwb/w b"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    insta::assert_json_snapshot!("probe_mu_torere_position_json", json);
    // The best move's value and distance are the position's.
    assert_eq!(json["value"], "win");
    assert_eq!(json["distance"], 5);
    let best = &json["moves"][0];
    assert_eq!(best["value"], json["value"]);
    assert_eq!(best["distance"], json["distance"]);
}

#[test]
fn table_info_and_export() {
    let path = mu_torere_table("info");
    let run = cgtk(&["table", "info", &path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!("table_info_mu_torere", run.stdout);
    let run = cgtk(&["table", "export", &path, "--format", "csv"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 1 + 1260);
    insta::assert_snapshot!("table_export_csv_head", lines[..6].join("\n"));
    let run = cgtk(&["table", "export", &path, "--format", "jsonl"]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 1260);
    let draws = lines.iter().filter(|l| l.contains("\"draw\"")).count();
    assert_eq!(draws, 892);
    insta::assert_snapshot!("table_export_jsonl_head", lines[..3].join("\n"));
}

#[test]
fn errors_are_precise_with_exit_code_2() {
    let path = mu_torere_table("errors");
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[n - 10] ^= 0x04;
    let bad = scratch("errors-bad");
    std::fs::write(&bad, &bytes).unwrap();
    let bad = bad.to_str().unwrap();
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("corrupt_probe", vec!["probe", bad]),
        ("corrupt_info", vec!["table", "info", bad]),
        ("bad_variant", vec!["solve", "kono", "--variant", "suicide"]),
        ("bad_position", vec!["probe", &path, "bbbbwwww/. x"]),
        (
            "missing_file",
            vec!["table", "info", "/nonexistent/table.cgtk"],
        ),
        (
            "no_start",
            vec!["solve", "kono", "--variant", "max-pieces=2"],
        ),
    ];
    let mut report = String::new();
    for (name, args) in cases {
        let run = cgtk(&args);
        assert_eq!(run.code, 2, "{name}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{name}");
        let stderr = run.stderr.replace(bad, "BAD").replace(&path, "TABLE");
        report += &format!("{name}: {stderr}");
    }
    insta::assert_snapshot!("errors", report);
}
