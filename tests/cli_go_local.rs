//! `cgtk go solve` (local problems by df-pn) and `cgtk play go` as users see them.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk, cgtk_with};

const STRAIGHT_THREE: &str = "solvers/go/tests/data/problems/straight-three-attacker.sgf";
const SEKI: &str = "solvers/go/tests/data/problems/seki-attacker.sgf";

#[test]
fn solve_prints_the_answer_the_move_and_the_variation() {
    let run = cgtk(&[
        "go",
        "solve",
        STRAIGHT_THREE,
        "--target",
        "C2",
        "--objective",
        "capture",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!(run.stdout);
    // With White to move the vital point makes two eyes.
    let live = cgtk(&[
        "go",
        "solve",
        STRAIGHT_THREE,
        "--target",
        "C2",
        "--objective",
        "live",
        "--to-move",
        "w",
    ]);
    assert_eq!(live.code, 0, "{}", live.stderr);
    insta::assert_snapshot!(live.stdout);
}

#[test]
fn solve_json_has_result_move_pv_and_nodes() {
    let run = cgtk(&[
        "--json",
        "go",
        "solve",
        SEKI,
        "--target",
        "A2",
        "--objective",
        "capture",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!(run.stdout);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["result"], "disproved");
    assert!(v["move"].is_null(), "Black has no move that captures");
}

#[test]
fn solve_honours_region_and_node_budget() {
    // Only the vital point and one end of the eye in the region: Black still kills.
    let run = cgtk(&[
        "--json",
        "go",
        "solve",
        STRAIGHT_THREE,
        "--target",
        "C2",
        "--objective",
        "capture",
        "--region",
        "C1:D1",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        v["result"], "disproved",
        "E1 stays an eye outside the region"
    );
    let ladder = [
        "go",
        "solve",
        "solvers/go/tests/data/problems/ladder-attacker.sgf",
        "--target",
        "C3",
        "--objective",
        "capture",
        "--nodes",
        "50",
    ];
    let budget = cgtk(&[&["--json"], &ladder[..]].concat());
    assert_eq!(budget.code, 0, "{}", budget.stderr);
    let v: serde_json::Value = serde_json::from_str(&budget.stdout).unwrap();
    assert_eq!(v["result"], "unknown");
    assert!(v["move"].is_null());
    // Undecided, the line shown is where the search would go next, and says so (it was
    // printed as `pv:`, a best line).
    let text = cgtk(&ladder);
    assert!(text.stdout.contains("\nsearched next: "), "{}", text.stdout);
    assert!(!text.stdout.contains("\npv: "), "{}", text.stdout);
}

#[test]
fn solve_rejects_bad_input_with_exit_2() {
    for args in [
        // An empty target point.
        &[
            "go",
            "solve",
            STRAIGHT_THREE,
            "--target",
            "D1",
            "--objective",
            "live",
        ][..],
        // Off the board, and not a point.
        &[
            "go",
            "solve",
            STRAIGHT_THREE,
            "--target",
            "H9",
            "--objective",
            "live",
        ],
        &[
            "go",
            "solve",
            STRAIGHT_THREE,
            "--target",
            "zz",
            "--objective",
            "live",
        ],
        // A bad region.
        &[
            "go",
            "solve",
            STRAIGHT_THREE,
            "--target",
            "C2",
            "--objective",
            "live",
            "--region",
            "C1:Q9",
        ],
        &[
            "go",
            "solve",
            STRAIGHT_THREE,
            "--target",
            "C2",
            "--objective",
            "live",
            "--region",
            ",",
        ],
        // A bad objective and side.
        &[
            "go",
            "solve",
            STRAIGHT_THREE,
            "--target",
            "C2",
            "--objective",
            "kill",
        ],
        &[
            "go",
            "solve",
            STRAIGHT_THREE,
            "--target",
            "C2",
            "--objective",
            "live",
            "--to-move",
            "x",
        ],
        // A missing file.
        &[
            "go",
            "solve",
            "no-such-file.sgf",
            "--target",
            "C2",
            "--objective",
            "live",
        ],
    ] {
        let run = cgtk(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("error"), "{}", run.stderr);
    }
    // Not SGF.
    let run = cgtk_with(
        &["go", "solve", "-", "--target", "C2", "--objective", "live"],
        "hello",
        None,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn play_go_saves_and_loads_sgf() {
    let dir = std::env::temp_dir().join(format!("cgtk-play-go-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = cgtk_with(
        &["play", "go", "5", "--you", "both"],
        "c3\nd4\nundo\nd2\nsave g.sgf\nsave g.json\nquit\n",
        Some(&dir),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!(run.stdout);
    let sgf = std::fs::read_to_string(dir.join("g.sgf")).unwrap();
    assert_eq!(sgf, "(;FF[4]GM[1]SZ[5]KM[0]PL[B];B[cc];W[dd])\n");
    // Loading the SGF or the JSON document gives the same game (the JSON document keeps
    // the side, an SGF record takes it from the command line).
    for args in [
        &["play", "go", "--you", "both", "--load", "g.sgf"][..],
        &["play", "go", "--load", "g.json"],
    ] {
        let load = cgtk_with(args, "moves\nquit\n", Some(&dir));
        assert_eq!(load.code, 0, "{}", load.stderr);
        assert!(
            load.stdout.contains("moves so far: C3 D2"),
            "{}",
            load.stdout
        );
    }
    // An SGF with set-up stones is refused with a reason.
    std::fs::write(dir.join("setup.sgf"), "(;SZ[5]AB[aa])").unwrap();
    let bad = cgtk_with(&["play", "go", "--load", "setup.sgf"], "quit\n", Some(&dir));
    assert_eq!(bad.code, 2, "{}", bad.stderr);
    assert!(bad.stderr.contains("set-up stones"), "{}", bad.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_go_engine_answers_and_bad_variants_are_refused() {
    let run = cgtk_with(
        &["play", "go", "5", "--mcts", "200", "--seed", "3"],
        "c3\nquit\n",
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("engine (second) plays"),
        "{}",
        run.stdout
    );
    for variant in ["0", "20", "5x", "komi=0.3", "komi=x"] {
        let bad = cgtk(&["play", "go", variant]);
        assert_eq!(bad.code, 2, "{variant}: {}", bad.stderr);
    }
}
