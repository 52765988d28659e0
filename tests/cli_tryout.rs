//! Regression tests for the findings of the new-user tryout of 2026-11-23 (exit codes,
//! silent acceptance, messages, JSON, long work). Each test says what used to go wrong.

// A panic in a test is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk, cgtk_with, json, ok, ok_with, usage_error, usage_error_with};

/// A scripted `play` whose input held illegal moves and unknown commands exited 0, and
/// `--json` left no trace of them.
#[test]
fn scripted_play_with_refused_lines_exits_2_and_records_them() {
    let run = cgtk_with(
        &["--json", "play", "nim", "3", "4", "5"],
        "1:9\nfoo\n1:1\n",
        None,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("2 lines of the input refused"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("line 1 \"1:9\""), "{}", run.stderr);
    let summary: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let rejected = summary["rejected"].as_array().unwrap();
    assert_eq!(rejected.len(), 2);
    assert_eq!(rejected[0]["line"], 1);
    assert_eq!(rejected[0]["input"], "1:9");
    assert_eq!(rejected[1]["input"], "foo");
    // The legal move on line 3 was still played.
    assert_eq!(summary["moves"][0], "1:1");
    // A clean script still exits 0 with an empty list.
    let clean = common::json_with(&["--json", "play", "nim", "3", "4", "5"], "1:1\n");
    assert_eq!(clean["rejected"], serde_json::json!([]));
}

/// A line that is not UTF-8 ended the session with exit code 1; it is reported, skipped
/// and recorded, and the session goes on.
#[test]
fn play_reports_and_skips_a_line_that_is_not_utf8() {
    let run = cgtk_with(
        &["play", "nim", "3", "4", "5", "--you", "both"],
        b"\xff\xfe\n1:1\nmoves\n".as_slice(),
        None,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stdout.contains("ignored a line that is not UTF-8"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("moves so far: 1:1"), "{}", run.stdout);
    assert!(run.stderr.contains("not UTF-8"), "{}", run.stderr);
}

/// `--load` silently replaced the variant, level and seed given beside it.
#[test]
fn load_refuses_a_variant_level_or_seed_beside_it() {
    let dir = common::scratch("tryout", "load");
    let file = dir.join("nim.json");
    let file = file.to_str().unwrap();
    ok_with(
        &["play", "nim", "3", "4", "5", "--seed", "4", "--you", "both"],
        &format!("1:1\nsave {file}\nquit\n"),
    );
    for extra in [&["7"][..], &["--level", "5"], &["--seed", "9"]] {
        let mut args = vec!["play", "nim", "--load", file];
        args.extend_from_slice(extra);
        let err = usage_error_with(&args, "quit\n");
        assert!(
            err.contains("takes the variant, level and seed from the file"),
            "{err}"
        );
    }
    // Alone it loads the file's game (Nim has no standard heaps to start from), and the
    // side it was saved with.
    let out = ok_with(&["play", "nim", "--load", file], "moves\nquit\n");
    assert!(out.contains("moves so far: 1:1"), "{out}");
}

/// `play kono ''` was the standard game; `play poggle 3 4` was a 3×3 board in 4 colours
/// while `poggle solve 3 4` is refused.
#[test]
fn empty_variant_words_and_a_two_word_poggle_board_are_refused() {
    let err = usage_error_with(&["play", "kono", ""], "quit\n");
    assert!(err.contains("an empty variant word"), "{err}");
    let err = usage_error_with(&["play", "poggle", "3", "4"], "quit\n");
    assert!(err.contains("takes its board as one word"), "{err}");
    assert!(usage_error(&["poggle", "solve", "3", "4"]).contains("unexpected argument"));
    let err = usage_error(&["solve", "mu-torere", "--variant", ""]);
    assert!(err.contains("--variant"), "{err}");
}

/// `cycle-index cyclic 6 --group rotations` ignored `--group`, and `cycle-index cyclic 0`
/// spoke of beads.
#[test]
fn cycle_index_refuses_group_for_other_groups_and_names_the_degree() {
    for family in ["cyclic", "dihedral", "symmetric"] {
        let err = usage_error(&["cycle-index", family, "4", "--group", "rotations"]);
        assert!(
            err.contains("--group rotations is for `cycle-index board"),
            "{err}"
        );
    }
    let err = usage_error(&["cycle-index", "generators", "3", "--group", "full"]);
    assert!(err.contains("--group full"), "{err}");
    let err = usage_error(&["cycle-index", "cyclic", "0"]);
    assert!(err.contains("the degree of the cyclic group"), "{err}");
    assert!(!err.contains("beads"), "{err}");
    // For a board it still chooses the group: D4 has order 8, C4 order 4.
    assert!(ok(&["cycle-index", "board", "3"]).contains("order 8"));
    assert!(ok(&["cycle-index", "board", "3", "--group", "rotations"]).contains("order 4"));
}

/// 64-bit values were JSON numbers in `nimber` and `nim` (2^64 - 1 came back as
/// 18446744073709552000 in jq); they are decimal strings, as in `count` and `poggle`.
#[test]
fn sixty_four_bit_values_are_strings_in_json() {
    let top = "18446744073709551615";
    assert_eq!(
        json(&["nimber", &format!("*{top}"), "--json"])["value"],
        top
    );
    let nim = json(&["--json", "nim", top, "1"]);
    assert_eq!(nim["heaps"], serde_json::json!([top, "1"]));
    assert_eq!(nim["nim_sum"], "18446744073709551614");
    let mv = &nim["winning_moves"][0];
    assert_eq!(mv["heap"], 1);
    // Heap 1 goes to 1 (the XOR of the other heaps): take 2^64 - 2.
    assert_eq!(mv["take"], "18446744073709551614");
    assert_eq!(mv["leaves"], "1");
}

/// Heaps were numbered from 0 by `nim` and `grundy --position` but from 1 by `play nim`.
/// In 3 4 5 the only winning move takes 2 from the first heap: all three say heap 1.
#[test]
fn heaps_are_numbered_from_1_everywhere() {
    assert!(ok(&["nim", "3", "4", "5"]).contains("heap 1: take 2, leaving 1"));
    assert!(ok(&["nim", "3", "4", "5", "--explain"]).contains("heap 3   5 = 101"));
    // 0.3333333 is Nim for heaps of up to 7 (take any number, leave one heap or none).
    let grundy = ok(&["grundy", "0.3333333", "--position", "3,4,5"]);
    assert!(grundy.contains("heap 1 (3): take 2, leaving 1"), "{grundy}");
    let grundy = json(&["--json", "grundy", "0.3333333", "--position", "3,4,5"]);
    assert_eq!(grundy["position"]["winning_moves"][0]["heap"], 1);
    let hint = ok_with(&["play", "nim", "3", "4", "5"], "hint\nquit\n");
    assert!(hint.contains("hint: 1:2"), "{hint}");
    let mut heaps = json(&["--json", "nim", "3", "4", "5"]);
    assert_eq!(heaps["winning_moves"][0]["heap"].take(), 1);
}

/// "game over: draw" never said why; the Mu Torere board had no point numbers.
#[test]
fn game_over_says_why_and_mu_torere_shows_its_points() {
    let knights = "g1f3\ng8f6\nf3g1\nf6g8\ng1f3\ng8f6\nf3g1\nf6g8\n";
    let out = ok_with(&["play", "chess", "--you", "both"], knights);
    assert!(
        out.contains("game over: draw (threefold repetition)"),
        "{out}"
    );
    let out = ok_with(&["play", "nim", "1"], "1:1\n");
    assert!(
        out.contains("game over: you (first) win (no counters left)"),
        "{out}"
    );
    let mate = "f2f3\ne7e5\ng2g4\nd8h4\n";
    let out = ok_with(&["play", "chess", "--you", "both"], mate);
    assert!(out.contains("game over: second wins (checkmate)"), "{out}");
    let out = ok_with(&["play", "mu-torere"], "quit\n");
    for row in ["8 1 2", "7 c 3", "6 5 4"] {
        assert!(out.contains(row), "{out}");
    }
}

/// `chess perft 12` ran for days without a word; it is refused up front with the
/// estimate unless --force. Small trees are not estimated at all.
#[test]
fn huge_perft_is_refused_with_an_estimate() {
    let err = usage_error(&["chess", "perft", "12"]);
    assert!(err.contains("would count about"), "{err}");
    assert!(err.contains("--force"), "{err}");
    assert_eq!(ok(&["chess", "perft", "3"]), "nodes: 8902\n");
    assert_eq!(
        ok(&[
            "chess",
            "perft",
            "5",
            "--fen",
            "8/8/8/8/8/8/8/K6k w - - 0 1"
        ]),
        "nodes: 1890\n"
    );
}

/// `grundy kayles --position 1000000` listed 83,342 moves with no way to stop it.
#[test]
fn grundy_position_lists_at_most_limit_moves() {
    let out = ok(&["grundy", "kayles", "--position", "10000"]);
    let listed = out.lines().filter(|l| l.starts_with("  heap")).count();
    assert_eq!(listed, 100, "{out}");
    assert!(out.contains("more (raise --limit to list them)"), "{out}");
    let full = json(&[
        "--json",
        "grundy",
        "kayles",
        "--position",
        "10000",
        "--limit",
        "100000",
    ]);
    let count = full["position"]["winning_move_count"].as_u64().unwrap();
    assert_eq!(
        full["position"]["winning_moves"].as_array().unwrap().len() as u64,
        count
    );
    assert!(out.contains(&format!("{count} winning moves")), "{out}");
    let few = json(&[
        "--json",
        "grundy",
        "kayles",
        "--position",
        "10000",
        "--limit",
        "3",
    ]);
    assert_eq!(
        few["position"]["winning_moves"].as_array().unwrap().len(),
        3
    );
    assert_eq!(few["position"]["winning_move_count"].as_u64(), Some(count));
}

/// Exit code 1 is kept for failures of the environment: a full disk.
#[test]
fn a_full_disk_exits_1() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let run = cgtk(&["solve", "mu-torere", "--out", "/dev/full"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
}

/// Options a command does not use were accepted and ignored: `table export --json` wrote
/// CSV, `uci --json` and `play poggle --you second` / `--level 5` changed nothing.
#[test]
fn options_a_command_does_not_use_are_refused() {
    let dir = common::scratch("tryout", "export");
    let table = dir.join("mu.tbl");
    let table = table.to_str().unwrap();
    ok(&["solve", "mu-torere", "--out", table]);
    let lines = ok(&["--json", "table", "export", table]);
    let first: serde_json::Value = serde_json::from_str(lines.lines().next().unwrap()).unwrap();
    assert!(first["position"].is_string(), "{first}");
    let err = usage_error(&["--json", "table", "export", table, "--format", "csv"]);
    assert!(err.contains("--format csv"), "{err}");
    assert!(ok(&["table", "export", table]).starts_with("position,value,distance"));
    let err = usage_error_with(&["--json", "uci"], "quit\n");
    assert!(err.contains("--json does not apply"), "{err}");
    // Likewise the other commands whose output is a protocol, a script or a page.
    for args in [
        &["--json", "gtp"][..],
        &["--json", "completions", "bash"],
        &["--json", "man"],
        &["man", "poggle", "--json"],
    ] {
        let err = usage_error_with(args, "quit\n");
        assert!(err.contains("--json does not apply"), "{args:?}: {err}");
    }
    let err = usage_error_with(&["play", "poggle", "3", "--you", "second"], "quit\n");
    assert!(err.contains("--you does not apply"), "{err}");
    let err = usage_error_with(&["play", "poggle", "3", "--level", "5"], "quit\n");
    assert!(err.contains("--level is for"), "{err}");
}

/// `count board --content` with 3 colours on a 1000×1000 board ran for hours without a
/// word; it is refused up front with the estimate, while small counts still run and
/// `--force` is accepted (only beside --content).
#[test]
fn huge_count_by_content_is_refused_with_an_estimate() {
    let err = usage_error(&[
        "count",
        "board",
        "--rows",
        "1000",
        "--cols",
        "1000",
        "--colours",
        "3",
        "--content",
        "333334,333333,333333",
    ]);
    assert!(
        err.contains("counting 1000000 positions by content in 3 colours would take about"),
        "{err}"
    );
    assert!(err.contains("more than the limit of 10 minutes"), "{err}");
    assert!(err.contains("add --force"), "{err}");
    // Four colours on 600×600 is days.
    let err = usage_error(&[
        "count",
        "board",
        "--rows",
        "600",
        "--cols",
        "600",
        "--colours",
        "4",
        "--content",
        "90000,90000,90000,90000",
    ]);
    assert!(err.contains("hours") || err.contains("days"), "{err}");
    // A wrong sum is still reported as such, not as a long count.
    let err = usage_error(&[
        "count",
        "board",
        "--rows",
        "1000",
        "--cols",
        "1000",
        "--colours",
        "3",
        "--content",
        "1,2,3",
    ]);
    assert!(err.contains("adds up to 6"), "{err}");
    let small = [
        "count",
        "board",
        "--rows",
        "4",
        "--cols",
        "4",
        "--colours",
        "3",
        "--content",
        "6,5,5",
        "--verify",
    ];
    // Checked by brute force (--verify fails unless both counts agree).
    let counted = ok(&small);
    assert!(
        counted.contains(": 252642\nverified: brute force finds 252642 orbits"),
        "{counted}"
    );
    let forced = ok(&[&small[..], &["--force"]].concat());
    assert_eq!(forced, counted);
    let err = usage_error(&[
        "count",
        "necklaces",
        "--beads",
        "8",
        "--colours",
        "2",
        "--force",
    ]);
    assert!(err.contains("--content"), "{err}");
}

/// `grundy sub:1,3,4 --to 200000000` took 1.45 GB without a word. The need is estimated
/// and refused past --max-memory (the memory available by default), as `poggle` does.
#[test]
fn grundy_refuses_a_sequence_beyond_max_memory() {
    let err = usage_error(&[
        "grundy",
        "sub:1,3,4",
        "--to",
        "200000000",
        "--max-memory",
        "500M",
    ]);
    assert!(
        err.contains("--to 200000000 needs G(0..=200000000) of sub:1,3,4, about 801.0 MB of memory, more than the 500.0 MB available"),
        "{err}"
    );
    assert!(err.contains("--max-memory"), "{err}");
    let err = usage_error(&[
        "grundy",
        "kayles",
        "--position",
        "3,199999999",
        "--max-memory",
        "100M",
    ]);
    assert!(err.contains("heap 199999999 in --position needs"), "{err}");
    let err = usage_error(&["grundy", "kayles", "--to", "10", "--max-memory", "lots"]);
    assert!(err.contains("--max-memory \"lots\""), "{err}");
    // Within the limit it runs as before.
    let out = ok(&["grundy", "kayles", "--to", "10", "--max-memory", "10M"]);
    assert!(out.contains("0-10: 0 1 2 3 1 4 3 2 1 4 2"), "{out}");
}

/// Grammar left over from the tryout: "a solution with 1 presses", "<> on 1 points",
/// "row 2 has 1 entries", "1 colour names given".
#[test]
fn counts_of_one_are_singular() {
    let hint = ok_with(&["play", "poggle", "1"], "hint\nquit\n");
    assert!(
        hint.contains("hint: a1 (a solution with 1 press (fewest): a1)"),
        "{hint}"
    );
    let z = ok(&["cycle-index", "generators", "1"]);
    assert!(z.starts_with("Z(<> on 1 point) [order 1, 1 point]"), "{z}");
    let dir = common::scratch("tryout", "singular");
    let grid = dir.join("short.txt");
    std::fs::write(&grid, "11\n1\n").unwrap();
    let err = usage_error(&["poggle", "solve", "2", "--start", grid.to_str().unwrap()]);
    assert!(err.contains("row 2 has 1 entry but row 1 has 2"), "{err}");
    let err = usage_error(&[
        "count",
        "necklaces",
        "--beads",
        "4",
        "--colours",
        "2",
        "--inventory",
        "--names",
        "x",
    ]);
    assert!(err.contains("1 colour name given for 2 colours"), "{err}");
}

/// `UNDO` and `Hint` in a play session were taken for (illegal) moves.
#[test]
fn play_commands_are_read_in_any_case() {
    let out = ok_with(&["play", "nim", "3", "4", "5"], "Hint\nMOVES\nQUIT\n");
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("moves so far: none"), "{out}");
    assert!(!out.contains("illegal"), "{out}");
}

/// `poggle solve --json` said `"minimal": false` both when the search could not prove the
/// solution minimal and when --minimal was not asked for; the note tells them apart.
#[test]
fn poggle_json_says_when_minimality_was_not_checked() {
    let unchecked = json(&["--json", "poggle", "solve", "5"]);
    assert_eq!(unchecked["minimal"], false);
    assert_eq!(unchecked["minimal_note"], "not checked (use --minimal)");
    let checked = json(&["--json", "poggle", "solve", "5", "--minimal"]);
    assert_eq!(checked["minimal"], true);
    assert!(checked.get("minimal_note").is_none(), "{checked}");
    // A unique solution is minimal without a search.
    let unique = json(&["--json", "poggle", "solve", "3"]);
    assert_eq!(unique["minimal"], true);
    assert!(unique.get("minimal_note").is_none(), "{unique}");
}

/// Limits and notations that only error messages revealed are in the help now.
#[test]
fn help_documents_limits_and_notations() {
    // Help text wraps at the terminal width: compare with single spaces.
    let flat = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let probe = flat(ok(&["probe", "--help"]));
    for notation in [
        "d8 a1,c1,e1,g1 f",
        "oooo/oooo/xxxx/xxxx x",
        "bbbbwwww/. b 0",
    ] {
        assert!(probe.contains(notation), "{notation}: {probe}");
    }
    let nimber = flat(ok(&["nimber", "--help"]));
    assert!(nimber.contains("^ groups from the left"), "{nimber}");
    let cycle = flat(ok(&["cycle-index", "--help"]));
    assert!(cycle.contains("1 to 2048"), "{cycle}");
    assert!(cycle.contains("10,000,000 elements"), "{cycle}");
    let board = flat(ok(&["count", "board", "--help"]));
    assert!(board.contains("up to 1,000,000 cells"), "{board}");
    assert!(board.contains("--force"), "{board}");
    let play = flat(ok(&["play", "--help"]));
    assert!(play.contains("1 to 10,000,000"), "{play}");
    assert!(play.contains("1 to 1024"), "{play}");
    let grundy = flat(ok(&["grundy", "--help"]));
    assert!(grundy.contains("--max-memory"), "{grundy}");
    let kono = flat(ok_with(&["play", "kono"], "help\nquit\n"));
    assert!(kono.contains("written with x, e.g. a1xa3"), "{kono}");
}

/// A heap beyond the sequence's limit is refused by that limit, not by memory.
#[test]
fn grundy_names_the_heap_limit_before_memory() {
    let err = usage_error(&["grundy", "kayles", "--position", "99999999999"]);
    assert!(
        err.contains(
            "heap 99999999999 in --position is too large for 0.77: heaps go up to 200000000"
        ),
        "{err}"
    );
}

/// `poggle table --sizes 1..100000` printed nothing for a long time (about an hour); a
/// table estimated to take more than an hour is refused up front unless --force, and
/// short ones still run.
#[test]
fn huge_poggle_table_is_refused_with_an_estimate() {
    let err = usage_error(&["poggle", "table", "--sizes", "1..1000000"]);
    assert!(
        err.contains("the table for sizes 1..1000000 would take about"),
        "{err}"
    );
    assert!(err.contains("days"), "{err}");
    assert!(err.contains("more than the limit of 60 minutes"), "{err}");
    assert!(err.contains("add --force"), "{err}");
    let err = usage_error(&["poggle", "table", "--sizes", "1..2048", "-k", "3"]);
    assert!(err.contains("minutes"), "{err}");
    let out = ok(&["poggle", "table", "--sizes", "5", "--force"]);
    assert!(out.contains("5×5   2  no     4            2"), "{out}");
}

/// Leftovers of the tryout's lists that had no regression test of their own: options a
/// game does not use, a byte-order mark in a grid file, and a table of the wrong variant.
#[test]
fn tryout_leftovers_are_pinned() {
    let err = usage_error_with(&["play", "nim", "3", "--table", "mu.tbl"], "quit\n");
    assert!(
        err.contains("nim has no solved tables; --table is for"),
        "{err}"
    );
    let err = usage_error_with(&["play", "poggle", "3", "--mcts", "100"], "quit\n");
    assert!(
        err.contains("poggle has no engine opponent; --mcts is for"),
        "{err}"
    );
    // A UTF-8 byte-order mark (as some editors write) was read as part of row 1.
    let dir = common::scratch("tryout", "leftovers");
    let bom = dir.join("bom.txt");
    std::fs::write(&bom, "\u{feff}111\n111\n111\n").unwrap();
    let plain = ok(&["poggle", "solve", "3"]);
    assert_eq!(
        ok(&["poggle", "solve", "3", "--start", bom.to_str().unwrap()]),
        plain
    );
    // A standard Mu Torere table offered to first-two-turns: the message names both
    // variants, not only the entry counts.
    let table = dir.join("mu.tbl");
    let table = table.to_str().unwrap();
    ok(&["solve", "mu-torere", "--out", table]);
    let err = usage_error_with(
        &["play", "mu-torere", "first-two-turns", "--table", table],
        "quit\n",
    );
    assert!(
        err.contains("table is for variant \"standard\", not \"first-two-turns\""),
        "{err}"
    );
}
