//! `cgtk solve`, `cgtk probe` and `cgtk table`: what users see, snapshotted.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk, json};
use std::path::PathBuf;

/// A table file path in a fresh scratch directory.
fn scratch(name: &str) -> (common::Scratch, PathBuf) {
    let dir = common::scratch("retro", name);
    let path = dir.join("table.cgtk");
    (dir, path)
}

/// Solves Mu Torere into a fresh table file and returns its scratch directory (removed
/// when dropped) and the file's path.
fn mu_torere_table(name: &str) -> (common::Scratch, String) {
    let (dir, path) = scratch(name);
    let path = path.to_str().unwrap().to_string();
    let run = cgtk(&["solve", "mu-torere", "--out", &path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    (dir, path)
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
    // The JSON names what the text names first (it used to leave the game out).
    assert_eq!(json["game"], "mu-torere");
    assert_eq!(json["variant"], "standard");
    assert_eq!(json["table"], serde_json::Value::Null);
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
    assert_eq!(json["variant"], "first-two-turns");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn solve_fox_and_hounds() {
    let run = cgtk(&["solve", "fox-hounds", "--variant", "fox=b8"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!("solve_fox_hounds_b8", run.stdout);
}

/// A position where the game is over says why, not "no legal moves": with the fox on
/// rank 1 the hounds still have moves on the board, but the fox has won.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn probe_says_why_a_game_is_over() {
    let (_dir, table) = scratch("fox-over");
    let path = table.to_str().unwrap();
    let run = cgtk(&["solve", "fox-hounds", "--out", path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = cgtk(&["probe", path, "a1 b2,c1,e1,g1 h"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("game over: the fox reached the hounds' home row"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("no legal moves"), "{}", run.stdout);
    let over = json(&["--json", "probe", path, "a1 b2,c1,e1,g1 h"]);
    assert_eq!(over["game_over"], "the fox reached the hounds' home row");
    assert_eq!(over["value"], "loss");
    // A position still in play has no such field.
    let start = json(&["--json", "probe", path]);
    assert!(start.get("game_over").is_none(), "{start}");
}

#[test]
fn probe_start_and_a_position() {
    let (_table_dir, path) = mu_torere_table("probe");
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
    // The game, variant and position the answer is about (the JSON used to leave them out).
    assert_eq!(json["game"], "mu-torere");
    assert_eq!(json["variant"], "standard");
    assert_eq!(json["position"], ".bbbwwwb/w b");
}

#[test]
fn table_info_and_export() {
    let (_table_dir, path) = mu_torere_table("info");
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
    let (_table_dir, path) = mu_torere_table("errors");
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[n - 10] ^= 0x04;
    let (_dir, bad) = scratch("errors-bad");
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

/// The first `count` lines `cgtk table export FILE` prints (the rest is not waited for).
fn export_head(path: &str, count: usize) -> Vec<String> {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(["table", "export", path, "--format", "csv"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let out = std::io::BufReader::new(child.stdout.take().unwrap());
    let lines = out.lines().take(count).map(Result::unwrap).collect();
    let _ = child.kill();
    let _ = child.wait();
    lines
}

/// The full Kono table is indexed up to the 16 symmetries: a position, its mirror image
/// and its colour-swapped twin probe alike; `table info` and `solve` count positions, not
/// classes; `table export` lists every member of each class.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn kono_table_answers_for_every_symmetric_image() {
    use cgtk_core::{Notation, PerfectIndex};
    let (_dir, path) = scratch("kono");
    let path = path.to_str().unwrap();
    let run = cgtk(&["--json", "solve", "kono", "--out", path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let solved: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(solved["positions"], 5_398_083);
    assert_eq!(solved["symmetries"], 16);
    assert_eq!(solved["legal"], 77_490_558);

    // After b1xb3: the position, its mirror (files a <-> d), its colours swapped.
    let images = [
        "oooo/oxoo/xxxx/x.xx o",
        "oooo/ooxo/xxxx/xx.x o",
        "xxxx/xoxx/oooo/o.oo x",
    ];
    let probes: Vec<serde_json::Value> = images
        .iter()
        .map(|p| json(&["--json", "probe", path, p]))
        .collect();
    let outcomes = |probe: &serde_json::Value| {
        let mut v: Vec<String> = probe["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| format!("{} {}", m["value"], m["distance"]))
            .collect();
        v.sort();
        v
    };
    for p in &probes[1..] {
        assert_eq!(p["value"], probes[0]["value"]);
        assert_eq!(p["distance"], probes[0]["distance"]);
        assert_eq!(outcomes(p), outcomes(&probes[0]));
    }

    let info = json(&["--json", "table", "info", path]);
    assert_eq!(info["scheme"], "kono-sym16-v1");
    assert_eq!(info["legal"], solved["legal"]);
    assert_eq!(info["counts"], solved["all"]);

    // Rows come in whole classes: consecutive rows with one index are all its images.
    let game = cgtk_games::kono::Kono::start(Default::default());
    let lines = export_head(path, 20_001);
    assert_eq!(lines[0], "position,value,distance");
    let rows: Vec<(u64, String, String)> = lines[1..]
        .iter()
        .map(|l| {
            let (pos, verdict) = l[1..].split_once("\",").unwrap();
            let p = game.parse_position(pos).unwrap();
            (p.index(), pos.to_string(), verdict.to_string())
        })
        .collect();
    let mut classes = rows.chunk_by(|a, b| a.0 == b.0).collect::<Vec<_>>();
    classes.pop(); // possibly cut short
    assert!(classes.len() > 1000);
    for class in classes {
        let first = game.parse_position(&class[0].1).unwrap();
        assert_eq!(class.len() as u64, first.class_size(), "{}", class[0].1);
        let mut texts: Vec<&str> = class.iter().map(|r| r.1.as_str()).collect();
        texts.sort_unstable();
        texts.dedup();
        assert_eq!(texts.len(), class.len());
        assert!(class.iter().all(|r| r.2 == class[0].2));
    }
}

/// A Kono table in the scheme of earlier versions (one entry per position) is refused by
/// every reader with the scheme named, not misread through the symmetric index.
#[test]
fn kono_tables_of_the_old_scheme_are_refused() {
    let (_dir, path) = scratch("old-kono");
    let spec = cgtk_retro::TableSpec {
        game: "kono",
        variant: "standard",
        scheme: "kono-base3-v1",
        compression: cgtk_retro::Compression::RunLength,
        block_entries: 1 << 16,
    };
    let file = std::fs::File::create(&path).unwrap();
    cgtk_retro::write_table(file, &spec, &[0xC000; 1000]).unwrap();
    let path = path.to_str().unwrap();
    let dir = std::path::Path::new(path).parent().unwrap();
    let mut report = String::new();
    for args in [
        vec!["probe", path],
        vec!["table", "export", path],
        vec!["play", "kono", "--table", path],
    ] {
        let run = common::cgtk_with(&args, "", Some(dir));
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        report += &run.stderr.replace(path, "TABLE");
    }
    insta::assert_snapshot!("old_kono_scheme", report);
}

/// A table damaged far from the block a command needs first: `probe` used to answer from
/// the intact block (exit 0), `table export` wrote most rows before failing, and `play
/// --table` accepted it. Each now refuses the table before answering or writing anything.
#[test]
fn a_damaged_table_is_refused_before_anything_is_answered_or_written() {
    use cgtk_core::TableGame;
    use cgtk_games::mu_torere::MuTorere;
    let start = MuTorere::start(Default::default());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let spec = cgtk_retro::TableSpec {
        game: MuTorere::GAME,
        variant: "standard",
        scheme: MuTorere::SCHEME,
        compression: cgtk_retro::Compression::None,
        block_entries: 64,
    };
    let mut bytes = Vec::new();
    cgtk_retro::write_table(&mut bytes, &spec, solution.entries()).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x01;
    let (_dir, path) = scratch("damaged-last-block");
    std::fs::write(&path, &bytes).unwrap();
    let path = path.to_str().unwrap();
    for args in [
        vec!["probe", path],
        vec!["table", "export", path],
        vec!["play", "mu-torere", "--table", path],
    ] {
        let err = common::usage_error(&args);
        assert!(err.contains("payload checksum"), "{args:?}: {err}");
    }
}

/// A full disk is a failure of the environment (exit 1), reported once: the OS text used
/// to appear twice (`… (os error 28): No space left on device (os error 28)`).
#[test]
fn a_full_disk_is_reported_once_with_exit_code_1() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let run = cgtk(&["solve", "mu-torere", "--out", "/dev/full"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        run.stderr.matches("os error 28").count(),
        1,
        "{}",
        run.stderr
    );
}

/// The table is put in place whole: no part file is left beside it, and solving again over
/// it replaces it with a table that reads (the file used to be emptied before the solve).
#[test]
fn a_table_is_written_beside_its_path_and_put_in_place_whole() {
    let (dir, path) = mu_torere_table("whole");
    let part = format!("{path}.part");
    assert!(!std::path::Path::new(&part).exists());
    let bytes = std::fs::metadata(&path).unwrap().len();
    let solved = json(&["--json", "solve", "mu-torere", "--out", &path]);
    assert_eq!(solved["table"]["bytes"], bytes);
    assert!(!std::path::Path::new(&part).exists());
    assert_eq!(cgtk(&["probe", &path]).code, 0);
    drop(dir);
}

/// A header rewritten (with a valid checksum) to name Kono in Kono's index scheme over a
/// Mu Torere table: `table info` printed counts weighted by Kono's symmetry classes for
/// 1,260 entries; like `probe` and `export` it now refuses the entry count.
#[test]
fn table_info_refuses_an_entry_count_that_is_not_the_games() {
    let (_dir, table) = mu_torere_table("info-count");
    let bytes = std::fs::read(&table).unwrap();
    let header_len = u16::from_le_bytes([bytes[10], bytes[11]]) as usize;
    let mut header = bytes[..48].to_vec();
    for text in ["kono", "standard", "kono-sym16-v1"] {
        header.push(text.len() as u8);
        header.extend_from_slice(text.as_bytes());
    }
    let new_len = (header.len() + 4) as u16;
    header[10..12].copy_from_slice(&new_len.to_le_bytes());
    let crc = cgtk_retro::crc32(&header);
    header.extend_from_slice(&crc.to_le_bytes());
    header.extend_from_slice(&bytes[header_len..]);
    std::fs::write(&table, header).unwrap();
    let run = cgtk(&["table", "info", &table]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("table has 1260 entries; kono (standard) has 5398083 positions"),
        "{}",
        run.stderr
    );
}
