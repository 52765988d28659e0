//! `cgtk prove`: proof-number search from the command line, what users see.

mod common;

use common::{json, ok, usage_error};

/// The text output without its timing line, which changes from run to run.
fn untimed(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("time: "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// JSON output with the time replaced by a placeholder.
fn untimed_json(args: &[&str]) -> serde_json::Value {
    let mut value = json(args);
    assert!(value["seconds"].as_f64().is_some_and(|s| s >= 0.0));
    value["seconds"] = "[seconds]".into();
    value
}

#[test]
fn nim_text() {
    let out = ok(&["prove", "nim", "1,2"]);
    assert!(out.contains("\ntime: "), "{out}");
    insta::assert_snapshot!("prove_nim_text", untimed(&out));
}

#[test]
fn nim_json_by_pns() {
    let value = untimed_json(&["--json", "prove", "nim", "3,4,5", "--algorithm", "pns"]);
    // Nim-sum 3 ^ 4 ^ 5 = 2: the one winning move takes 2 from the first heap.
    assert_eq!(value["result"], "proved");
    assert_eq!(value["proof_move"], "1:2");
    assert_eq!(value["goal"], "first wins");
    insta::assert_json_snapshot!("prove_nim_json", value);
    assert_eq!(value["refuting_move"], serde_json::Value::Null);
    // The same heaps with the second player to move: the first player does not win, and
    // the second player's refutation (the same winning move) is named as such.
    let value = json(&["--json", "prove", "nim", "3,4,5;second", "--for", "first"]);
    assert_eq!(value["result"], "disproved");
    assert_eq!(value["refuting_move"], "1:2");
    assert_eq!(value["proof_move"], serde_json::Value::Null);
}

/// A disproved goal printed the refuter's move as `proof move: 2:1`, and `--json` named it
/// `proof_move`: it is the refuting move.
#[test]
fn a_disproof_names_the_refuting_move() {
    let out = ok(&["prove", "nim", "1,2", "--for", "second"]);
    assert!(out.contains("result: disproved"), "{out}");
    assert!(out.contains("\nrefuting move: 2:1\n"), "{out}");
    assert!(!out.contains("proof move"), "{out}");
    let value = json(&["--json", "prove", "nim", "1,2", "--for", "second"]);
    assert_eq!(value["refuting_move"], "2:1");
    assert_eq!(value["proof_move"], serde_json::Value::Null);
}

/// `--nodes N` was overshot by one (`--nodes 1` reported 2 nodes, `--nodes 100000`
/// 100001): no search counts more nodes than its limit, and one stopped by the limit has
/// counted exactly the limit.
#[test]
fn no_search_counts_more_nodes_than_its_limit() {
    for algorithm in ["pns", "dfpn"] {
        for limit in [1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144] {
            let limit_text = limit.to_string();
            let value = json(&[
                "--json",
                "prove",
                "nim",
                "3,4,5",
                "--algorithm",
                algorithm,
                "--nodes",
                &limit_text,
            ]);
            let nodes = value["nodes"].as_u64().unwrap();
            assert!(nodes <= limit, "{algorithm} --nodes {limit}: {nodes} nodes");
            // One node is written in the singular ("in 1 nodes" read wrongly).
            if limit == 1 {
                let out = ok(&[
                    "prove",
                    "nim",
                    "3,4,5",
                    "--algorithm",
                    algorithm,
                    "--nodes",
                    "1",
                ]);
                assert!(
                    out.contains(" in 1 node (stopped by the node limit)"),
                    "{out}"
                );
            }
            if value["result"] == "unknown" {
                assert_eq!(value["stopped"], "nodes", "{algorithm} --nodes {limit}");
                assert_eq!(nodes, limit, "{algorithm} --nodes {limit}");
            }
        }
    }
}

/// `prove nim 1,2 --variant foo` succeeded and reported the variant "foo"; Nim has no
/// variant (the heaps are the position), and an unknown one is refused as for the other
/// games.
#[test]
fn nim_refuses_a_variant() {
    for variant in ["foo", "", "first-two-turns"] {
        let err = usage_error(&["prove", "nim", "1,2", "--variant", variant]);
        assert_eq!(
            err,
            format!(
                "error: unknown nim variant {variant:?}: expected standard (Nim has no other; the heaps are the position, e.g. `cgtk prove nim 3,4,5`)\n"
            )
        );
    }
    let value = json(&["--json", "prove", "nim", "1,2", "--variant", "standard"]);
    assert_eq!(value["variant"], "standard");
}

#[test]
fn mu_torere_start_is_a_draw() {
    // A draw (Wikipedia, "Mū tōrere"; cgtk solve agrees): no win, but no loss either.
    for algorithm in ["pns", "dfpn"] {
        let win = json(&["--json", "prove", "mu-torere", "--algorithm", algorithm]);
        assert_eq!(win["result"], "disproved");
        let safe = json(&[
            "--json",
            "prove",
            "mu-torere",
            "--goal",
            "not-lose",
            "--algorithm",
            algorithm,
        ]);
        assert_eq!(safe["result"], "proved");
        assert_eq!(safe["goal"], "first does not lose");
    }
    let out = ok(&[
        "prove",
        "mu-torere",
        "--goal",
        "not-lose",
        "--for",
        "second",
    ]);
    insta::assert_snapshot!("prove_mu_torere_text", untimed(&out));
}

#[test]
fn fox_hounds_late_position_json() {
    let value = untimed_json(&["--json", "prove", "fox-hounds", "c5 b4,d4,e3,g3 f"]);
    insta::assert_json_snapshot!("prove_fox_hounds_json", value);
}

#[test]
fn kono_start_runs_out_of_nodes() {
    let out = ok(&["prove", "kono", "--nodes", "2000"]);
    assert!(out.contains("result: unknown"), "{out}");
    insta::assert_snapshot!("prove_kono_unknown", untimed(&out));
    let value = json(&[
        "--json",
        "prove",
        "kono",
        "--nodes",
        "2000",
        "--algorithm",
        "pns",
    ]);
    assert_eq!(value["result"], "unknown");
    assert_eq!(value["stopped"], "nodes");
}

#[test]
fn bad_input_is_a_usage_error() {
    insta::assert_snapshot!(
        "prove_errors",
        [
            usage_error(&["prove", "nim"]),
            usage_error(&["prove", "nim", "3,x"]),
            usage_error(&["prove", "kono", "xxxx"]),
            usage_error(&["prove", "mu-torere", "--variant", "nope"]),
            usage_error(&["prove", "nim", "1,2", "--epsilon=-1"]),
        ]
        .join("")
    );
}

/// PNS on Kono folds the 16 symmetries (one node per class of positions): the proof move
/// and the principal variation are still moves of the position asked about, and replay
/// from it (checked by proving again from the position after the proof move).
#[test]
fn kono_by_pns_with_symmetries() {
    let position = "ooo./ox.o/...o/xxxx o";
    let value = json(&[
        "--json",
        "prove",
        "kono",
        position,
        "--algorithm",
        "pns",
        "--goal",
        "not-lose",
    ]);
    assert_eq!(value["result"], "proved");
    assert_eq!(value["goal"], "second does not lose");
    let pv = value["pv"].as_array().unwrap();
    assert_eq!(value["proof_move"], pv[0]);
    // The proof move c4-c3 (o's piece c4 to the empty c3), after which x, to move,
    // does not win.
    assert_eq!(value["proof_move"], "c4-c3");
    let after = json(&[
        "--json",
        "prove",
        "kono",
        "oo../oxoo/...o/xxxx x",
        "--algorithm",
        "pns",
    ]);
    assert_eq!(after["goal"], "first wins");
    assert_eq!(after["result"], "disproved");
}

// Regression: `--epsilon inf` (and `nan`) was refused with "expected a number >= 0", which
// infinity is; the message now says that ε must be finite and refuses NaN and infinity by
// name.
#[test]
fn epsilon_must_be_a_finite_number() {
    let allowed = "expected a finite number ≥ 0 such as 0.25 (0 is classic df-pn)";
    for (value, shown, reason) in [
        ("inf", "inf", "infinity is not allowed"),
        ("-infinity", "-inf", "infinity is not allowed"),
        ("NaN", "NaN", "not a number"),
        ("-1", "-1", "negative"),
        ("-0.5", "-0.5", "negative"),
    ] {
        assert_eq!(
            usage_error(&["prove", "nim", "1,2", &format!("--epsilon={value}")]),
            format!("error: invalid --epsilon {shown}: {reason}; {allowed}\n")
        );
    }
    for value in ["0", "1e300"] {
        let report = json(&["--json", "prove", "nim", "1,2", "--epsilon", value]);
        assert_eq!(report["result"], "proved", "--epsilon {value}");
    }
}
