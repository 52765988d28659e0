//! `cgtk calculation …`: deals, play-outs, the solver, benchmarks and merging, as users see
//! them (insta snapshots), and usage errors with exit code 2.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk, cgtk_with};

/// The rule-based player's game of deal 3, as JSON.
const RULE_BASED_DEAL_3: [&str; 7] = [
    "--json",
    "calculation",
    "play-out",
    "--seed",
    "3",
    "--player",
    "rule-based",
];

#[test]
fn deal_prints_the_stock() {
    let out = cgtk(&["calculation", "deal", "1"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.split_whitespace().count(), 48);
    insta::assert_snapshot!(out.stdout);
    let json = cgtk(&["--json", "calculation", "deal", "1"]);
    let value: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["deal"].as_array().unwrap().len(), 48);
}

#[test]
fn play_out_with_the_rule_based_player() {
    let out = cgtk(&[
        "calculation",
        "play-out",
        "--seed",
        "3",
        "--player",
        "rule-based",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    insta::assert_snapshot!(out.stdout);
    let json = cgtk(&RULE_BASED_DEAL_3);
    let value: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["deal"].as_array().unwrap().len(), 48);
    assert!(value["won"].is_boolean());
    assert!(value["cards_on_foundations"].as_u64().unwrap() >= 4);
}

#[test]
fn play_out_with_mcts_options() {
    let json = cgtk(&[
        "--json",
        "calculation",
        "play-out",
        "--seed",
        "3",
        "--player",
        "mcts",
        "--playouts",
        "20",
        "--exploration",
        "1",
        "--threshold",
        "2",
        "--reward",
        "graded",
    ]);
    assert_eq!(json.code, 0, "{}", json.stderr);
    insta::assert_snapshot!(json.stdout);
}

#[test]
fn solve_a_seed_and_a_written_deal() {
    let json = cgtk(&[
        "--json",
        "calculation",
        "solve",
        "--seed",
        "2",
        "--nodes",
        "300000",
    ]);
    assert_eq!(json.code, 0, "{}", json.stderr);
    insta::assert_snapshot!(json.stdout);
    let value: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let deal: Vec<String> = value["deal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    // The same deal written out, with suits and a comment, from standard input.
    let written = format!("# deal 2\n{}", deal.join("s "));
    let again = cgtk_with(
        &[
            "--json",
            "calculation",
            "solve",
            "--deal",
            "-",
            "--nodes",
            "300000",
        ],
        written,
        None,
    );
    assert_eq!(again.code, 0, "{}", again.stderr);
    let value2: serde_json::Value = serde_json::from_str(&again.stdout).unwrap();
    assert_eq!(value["result"], value2["result"]);
    assert_eq!(value["moves"], value2["moves"]);
}

#[test]
fn options_a_player_would_ignore_are_refused_by_name() {
    let refused = |extra: &[&str]| {
        let mut args = vec!["calculation", "play-out", "--seed", "1"];
        args.extend_from_slice(extra);
        common::usage_error(&args)
    };
    for (args, message) in [
        (
            &["--player", "rule-based", "--playouts", "30"][..],
            "--playouts applies to --player mcts or best, not to --player rule-based",
        ),
        (
            &["--player", "best", "--exact-cards", "5"],
            "--exact-cards applies to --player rollout, not to --player best",
        ),
        (
            &["--player", "rollout", "--sample-nodes", "10"],
            "--sample-nodes applies to --player pimc or hindsight, not to --player rollout",
        ),
        (
            &["--player", "random", "--samples", "3"],
            "--samples applies to --player pimc, hindsight or rollout, not to --player random",
        ),
        (
            &["--player", "mcts", "--blend-percent", "80"],
            "--blend-percent applies to the blend and greedy-blend playout policies",
        ),
        (
            &[
                "--player",
                "best",
                "--reward",
                "graded",
                "--mixed-weight",
                "0.5",
            ],
            "--mixed-weight applies to the mixed reward",
        ),
        (
            &["--player", "rollout", "--inner-samples", "2"],
            "--inner-samples applies to the levels below the top",
        ),
        (
            &["--player", "rollout", "--levels", "0", "--exact-cards", "5"],
            "--exact-cards applies from --levels 1",
        ),
        (
            &["--player", "best", "--exact-positions", "100"],
            "--exact-positions applies to --player rollout, not to --player best",
        ),
        (
            &["--player", "rollout", "--exact-positions", "100"],
            "--exact-positions limits the exact search: give --exact-cards K too",
        ),
        (
            &["--player", "best", "--nested-cards", "5"],
            "--nested-cards applies to --player rollout, not to --player best",
        ),
        (
            &[
                "--player",
                "rollout",
                "--levels",
                "0",
                "--nested-cards",
                "5",
            ],
            "--nested-cards applies from --levels 1",
        ),
        (
            &["--player", "rollout", "--nested-samples", "5"],
            "--nested-samples applies once --nested-cards C or --escalate-cards C takes over",
        ),
        (
            &["--player", "best", "--escalate-cards", "40"],
            "--escalate-cards applies to --player rollout, not to --player best",
        ),
        (
            &[
                "--player",
                "rollout",
                "--levels",
                "0",
                "--escalate-cards",
                "40",
            ],
            "--escalate-cards applies from --levels 1",
        ),
        (
            &[
                "--player",
                "rollout",
                "--nested-cards",
                "32",
                "--escalate-cards",
                "32",
            ],
            "--escalate-cards 32 would never apply: it must exceed --nested-cards 32",
        ),
        (
            &[
                "--player",
                "rollout",
                "--nested-cards",
                "5",
                "--nested-samples",
                "0",
            ],
            "--nested-samples must be at least 1",
        ),
        (
            &["--player", "mcts", "--base", "fitted"],
            "--base applies to --player rollout, not to --player mcts",
        ),
        (
            &["--player", "best", "--extend", "4"],
            "--extend applies to --player rollout, not to --player best",
        ),
        (
            &["--player", "rollout", "--levels", "0", "--extend", "4"],
            "--extend applies from --levels 1",
        ),
        (
            &["--player", "rule-based", "--player-seed", "7"],
            "--player-seed applies to the players that draw random numbers (all but \
             rule-based), not to --player rule-based",
        ),
    ] {
        let stderr = refused(args);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    let stderr = common::usage_error(&[
        "calculation",
        "bench",
        "--player",
        "solver",
        "--deals",
        "1",
        "--playouts",
        "5",
    ]);
    assert!(
        stderr.contains("--playouts applies to --player mcts or best, not to --player solver"),
        "{stderr}"
    );
    // The solver's node limit is refused for the players (it was once ignored), and node
    // limits of 0 are refused; so are more than two levels (a third runs for hours).
    for (args, message) in [
        (
            &[
                "bench",
                "--player",
                "rule-based",
                "--deals",
                "1",
                "--nodes",
                "5",
            ][..],
            "--nodes applies to --player solver",
        ),
        (
            &[
                "bench", "--player", "solver", "--deals", "1", "--nodes", "0",
            ],
            "--nodes",
        ),
        (&["solve", "--seed", "1", "--nodes", "0"], "--nodes"),
        // Past the last deal number: the deals left, counted in words.
        (
            &[
                "bench",
                "--player",
                "rule-based",
                "--deals",
                "3",
                "--first-seed",
                "18446744073709551615",
            ],
            "give at most 1 deal from there",
        ),
        // Neither deal: the message names both ways to give one.
        (&["solve"], "<--seed <SEED>|--deal <FILE>>"),
        (&["review", "--seed", "1", "--nodes", "0"], "--nodes"),
        (
            &[
                "play-out", "--seed", "1", "--player", "rollout", "--levels", "3",
            ],
            "--levels",
        ),
    ] {
        let mut all = vec!["calculation"];
        all.extend_from_slice(args);
        let stderr = common::usage_error(&all);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    // best's own policy and reward take --blend-percent and --mixed-weight without
    // --playout-policy or --reward (they were once dropped silently).
    let best = "--player best --playouts 20 --blend-percent 70 --mixed-weight 0.4";
    let mut args = vec!["--json", "calculation", "play-out", "--seed", "1"];
    args.extend(best.split(' '));
    let v = common::json(&args);
    let label = v["player"].as_str().unwrap_or_default();
    assert!(
        label.contains("policy=blend(70%) reward=mixed(0.4)"),
        "{label}"
    );
}

#[test]
fn bad_deals_and_options_exit_with_2() {
    let out = cgtk_with(&["calculation", "solve", "--deal", "-"], "A 2 3 X", None);
    assert_eq!(out.code, 2);
    insta::assert_snapshot!(out.stderr);
    let out = cgtk_with(&["calculation", "solve", "--deal", "-"], "A 2 3", None);
    assert_eq!(out.code, 2);
    insta::assert_snapshot!("short_deal", out.stderr);
    for line in [
        "calculation bench --player random --deals 4 --shard 3/2",
        "calculation bench --player random --deals 4 --piles 5",
        "calculation play-out --seed 1 --player mcts --playouts 0",
        "calculation play-out --seed 1 --player best --reward mixed --mixed-weight 1.5",
        "calculation play-out --seed 1 --player best --blend-percent 101",
        "calculation solve --seed 1 --time -1",
        "calculation solve",
        "calculation bench --player random --deals 0",
        // More deals than one result may list: refused at once, not played for ages.
        "calculation bench --player random --deals 18446744073709551615 --shard 1/18446744073709551615",
        // Deal numbers past 2^64 − 1.
        "calculation bench --player random --deals 3 --first-seed 18446744073709551614",
    ] {
        let args: Vec<&str> = line.split(' ').collect();
        let out = cgtk(&args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.starts_with("error"), "{args:?}: {}", out.stderr);
    }
}

#[test]
fn bench_reaches_the_last_deal_number() {
    // The three deals up to 2^64 − 1 are played (one past them is refused above), and a
    // shard of them plays its own deal.
    let line = "--json calculation bench --player random --deals 3 --first-seed 18446744073709551613 --shard 3/3";
    let v = common::json(&line.split(' ').collect::<Vec<_>>());
    assert_eq!(v["games"], 1);
    assert_eq!(v["deals"][0]["first"], 18446744073709551615u64);
    // One deal more is refused for what it is, with the count that fits.
    let line = "calculation bench --player random --deals 4 --first-seed 18446744073709551613";
    let err = common::usage_error_with(&line.split(' ').collect::<Vec<_>>(), "");
    assert!(
        err.contains("runs past the last deal number") && err.contains("at most 3 deals"),
        "{err}"
    );
}

#[test]
fn bench_shards_merge_to_the_whole_run() {
    let dir = std::env::temp_dir().join(format!("cgtk-calc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "--json",
            "calculation",
            "bench",
            "--player",
            "rule-based",
            "--deals",
            "60",
        ];
        args.extend_from_slice(extra);
        let out = cgtk(&args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        serde_json::from_str::<serde_json::Value>(&out.stdout).unwrap()
    };
    let whole = run(&[]);
    let mut files = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let part = run(&["--shard", &shard]);
        let path = dir.join(format!("part{i}.json"));
        std::fs::write(&path, part.to_string()).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    let mut args = vec!["--json", "calculation", "merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = cgtk(&args);
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    let merged: serde_json::Value = serde_json::from_str(&merged.stdout).unwrap();
    for field in [
        "games",
        "wins",
        "rate",
        "ci_low",
        "ci_high",
        "won_deals",
        "deals",
    ] {
        assert_eq!(merged[field], whole[field], "{field}");
    }
    assert_eq!(whole["games"], 60);
    // The deals played: one range for the whole run (the three shards join back into it),
    // every third deal for a shard.
    assert_eq!(
        whole["deals"],
        serde_json::json!([{"first": 0, "step": 1, "count": 60}])
    );
    let second: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[1]).unwrap()).unwrap();
    assert_eq!(
        second["deals"],
        serde_json::json!([{"first": 1, "step": 3, "count": 20}])
    );
    // Processor time is measured per game, and adds up over the shards.
    let cpu = |v: &serde_json::Value| v["cpu_seconds_per_game"].as_f64().unwrap();
    assert!(cpu(&whole) > 0.0 && cpu(&merged) > 0.0);
    // A shard given twice is refused, not counted twice.
    let twice = cgtk(&["calculation", "merge", &files[0], &files[1], &files[0]]);
    assert_eq!(twice.code, 2, "{}", twice.stdout);
    assert!(
        twice.stderr.contains("deal 0 is in two of the results"),
        "{}",
        twice.stderr
    );
    // Two shards cover different deals, though they count the same games from the same
    // first deal. They share none, so --common (which would refuse them) is not suggested.
    let apart = cgtk(&["calculation", "compare", &files[0], &files[1]]);
    assert_eq!(apart.code, 2, "{}", apart.stdout);
    assert!(
        apart.stderr.contains("share no deal (20 deals; 20 deals)")
            && !apart.stderr.contains("--common"),
        "{}",
        apart.stderr
    );
    let none = cgtk(&["calculation", "compare", "--common", &files[0], &files[1]]);
    assert_eq!(none.code, 2, "{}", none.stdout);
    assert!(none.stderr.contains("share no deal"), "{}", none.stderr);
    // A won deal the result did not play is caught when the file is read.
    let mut forged = second.clone();
    forged["won_deals"] = serde_json::json!([0]);
    forged["wins"] = serde_json::json!(1);
    let forged_path = dir.join("forged.json");
    std::fs::write(&forged_path, forged.to_string()).unwrap();
    // A list of deals no bench writes (too many, or numbers past 2^64) is refused, not
    // expanded.
    for deals in [
        serde_json::json!([{"first": 0, "step": 1, "count": u64::MAX}]),
        serde_json::json!([{"first": u64::MAX - 1, "step": 3, "count": 20}]),
    ] {
        let mut huge = second.clone();
        huge["deals"] = deals;
        let path = dir.join("huge.json");
        std::fs::write(&path, huge.to_string()).unwrap();
        let out = cgtk(&["calculation", "merge", &path.to_string_lossy()]);
        assert_eq!(out.code, 2, "{}", out.stdout);
        assert!(
            out.stderr.contains("list of deals played"),
            "{}",
            out.stderr
        );
    }
    let forged = cgtk(&["calculation", "merge", &forged_path.to_string_lossy()]);
    assert_eq!(forged.code, 2);
    assert!(
        forged
            .stderr
            .contains("lists deal 0 as won but not among the deals it played"),
        "{}",
        forged.stderr
    );
    // The deals won are listed, ascending, one for each win, each within the run, and each
    // one the rule-based player really wins when played alone.
    let won: Vec<u64> = whole["won_deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(won.len() as u64, whole["wins"].as_u64().unwrap());
    assert!(won.windows(2).all(|w| w[0] < w[1]) && won.iter().all(|&d| d < 60));
    for d in 0..60u64 {
        let seed = d.to_string();
        let out = cgtk(&[
            "--json",
            "calculation",
            "play-out",
            "--seed",
            &seed,
            "--player",
            "rule-based",
        ]);
        let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(v["won"].as_bool().unwrap(), won.contains(&d), "deal {d}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn best_names_its_blend_playouts_and_mixed_reward() {
    let out = cgtk(&[
        "--json",
        "calculation",
        "play-out",
        "--seed",
        "4",
        "--player",
        "best",
        "--playouts",
        "30",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        v["player"],
        "best playouts=30 c=0.5 t=1 policy=blend(50%) reward=mixed(0.2) tree=lean"
    );
    // The options spelled out give the same game.
    let spelled = cgtk(&[
        "--json",
        "calculation",
        "play-out",
        "--seed",
        "4",
        "--player",
        "mcts",
        "--playouts",
        "30",
        "--tree",
        "lean",
        "--exploration",
        "0.5",
        "--playout-policy",
        "blend",
        "--blend-percent",
        "50",
        "--reward",
        "mixed",
        "--mixed-weight",
        "0.2",
    ]);
    assert_eq!(spelled.code, 0, "{}", spelled.stderr);
    let w: serde_json::Value = serde_json::from_str(&spelled.stdout).unwrap();
    assert_eq!(v["moves"], w["moves"]);
}

#[test]
fn compare_counts_the_deals_each_player_won_alone() {
    let dir = common::scratch("calculation-compare", "files");
    let run = |player: &str, file: &str, deals: &str| {
        let mut args = vec!["--json", "calculation", "bench", "--player", player];
        args.extend(["--deals", deals]);
        if player == "best" {
            args.extend(["--playouts", "30"]);
        }
        let out = cgtk(&args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        std::fs::write(dir.join(file), &out.stdout).unwrap();
        let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        let won: Vec<u64> = v["won_deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_u64().unwrap())
            .collect();
        (dir.join(file).to_string_lossy().into_owned(), won)
    };
    let (a, won_a) = run("best", "a.json", "40");
    let (b, won_b) = run("rule-based", "b.json", "40");
    let out = cgtk(&["--json", "calculation", "compare", &a, &b]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    // Recounted here from the two lists.
    let both = won_a.iter().filter(|d| won_b.contains(d)).count() as u64;
    assert_eq!(v["games"], 40);
    assert_eq!(v["both"].as_u64().unwrap(), both);
    assert_eq!(v["only_first"].as_u64().unwrap(), won_a.len() as u64 - both);
    assert_eq!(
        v["only_second"].as_u64().unwrap(),
        won_b.len() as u64 - both
    );
    let p = v["p_value"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&p));
    let text = cgtk(&["calculation", "compare", &a, &b]);
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(text.stdout.contains("sign test p = "), "{}", text.stdout);
    // Results of different deals are refused.
    let (c, won_c) = run("rule-based", "c.json", "30");
    let out = cgtk(&["calculation", "compare", &a, &c]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("different deals"), "{}", out.stderr);
    assert!(out.stderr.contains("30 deals in common"), "{}", out.stderr);
    // ... unless compared on the deals both played: the first 30, recounted here.
    let out = cgtk(&["--json", "calculation", "compare", "--common", &a, &c]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let won_a: Vec<u64> = won_a.into_iter().filter(|&d| d < 30).collect();
    let both = won_a.iter().filter(|d| won_c.contains(d)).count() as u64;
    assert_eq!(v["games"], 30);
    assert_eq!(v["first_wins"].as_u64().unwrap(), won_a.len() as u64);
    assert_eq!(v["both"].as_u64().unwrap(), both);
    assert_eq!(v["only_first"].as_u64().unwrap(), won_a.len() as u64 - both);
    assert_eq!(
        v["only_second"].as_u64().unwrap(),
        won_c.len() as u64 - both
    );
}

#[test]
fn solver_bench_counts_winnable_deals() {
    let bench = |deals: &str, nodes: &str, shard: &[&str]| {
        let mut args = vec![
            "--json",
            "calculation",
            "bench",
            "--player",
            "solver",
            "--deals",
            deals,
            "--nodes",
            nodes,
        ];
        args.extend_from_slice(shard);
        let out = cgtk(&args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout
    };
    let v: serde_json::Value = serde_json::from_str(&bench("3", "200000", &[])).unwrap();
    assert_eq!(v["games"], 3);
    let decided = v["wins"].as_u64().unwrap() + v["unknown"].as_u64().unwrap();
    assert!(decided <= 3);
    assert!(v["ci_low"].as_f64().unwrap() <= v["rate"].as_f64().unwrap());
    // The node limit names the count, so counts of different limits are not added up.
    assert_eq!(v["player"], "solver nodes=200000");
    let dir = common::scratch("calculation-solver-merge", "limits");
    let mut files = Vec::new();
    for (shard, nodes) in [("1/2", "200000"), ("2/2", "1000")] {
        let out = bench("2", nodes, &["--shard", shard]);
        let file = dir.join(format!("nodes-{nodes}.json"));
        std::fs::write(&file, out).unwrap();
        files.push(file.display().to_string());
    }
    let stderr = common::usage_error(&["calculation", "merge", &files[0], &files[1]]);
    assert!(
        stderr.contains("solver nodes=200000") && stderr.contains("solver nodes=1000"),
        "{stderr}"
    );
}

/// Runs `cgtk play calculation ARGS` in a scratch directory with `input` on standard input.
fn play(dir: &str, args: &[&str], input: &str) -> common::Run {
    let dir = common::scratch("calculation-play", dir);
    let mut all = vec!["play", "calculation"];
    all.extend_from_slice(args);
    cgtk_with(&all, input, Some(&dir))
}

/// Lets `player=PLAYER --mcts BUDGET` play deal 3 alone in `cgtk play calculation` and
/// checks that the game ends won or lost.
fn engine_finishes_a_deal(dir: &str, player: &str, budget: &str) {
    let player = format!("player={player}");
    let run = play(
        dir,
        &["deal=3", &player, "--mcts", budget, "--you", "none"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let last = run.stdout.trim_end().lines().last().unwrap_or_default();
    assert!(
        last.starts_with("lost: no move left") || last.starts_with("won: all 52 cards"),
        "{last}"
    );
}

#[test]
fn play_a_deal_with_hint_refusals_undo_redo_save_and_load() {
    // Deal 7 turns a Q first, then a 6 (which fits the foundation by 3).
    let run = play(
        "session",
        &["deal=7", "player=rule-based"],
        "help\nhint\ns-w1\nw1-w2\ns-f1\nw2-f1\nhint\ns-f3\nundo\nredo\nundo\nmoves\nsave game.json\ns-w2\nload game.json\nmoves\nquit\n",
    );
    // The three refused lines are reported at the end, and a script with refused lines
    // exits 2.
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("3 lines of the input refused"),
        "{}",
        run.stderr
    );
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn the_engine_plays_a_deal_as_play_out_does() {
    // `--you none` lets the engine play the whole deal; at level 100 its moves are the
    // rule-based player's, the same as `calculation play-out`.
    let run = play(
        "engine",
        &["--json", "deal=3", "player=rule-based", "--you", "none"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let out = cgtk(&RULE_BASED_DEAL_3);
    let play_out: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(summary["moves"], play_out["moves"]);
    let won = play_out["won"].as_bool().unwrap();
    assert_eq!(summary["result"], if won { "solved" } else { "lost" });
}

#[test]
fn the_engine_transcript_ends_with_the_result() {
    let run = play(
        "engine-text",
        &["deal=3", "piles=3", "player=rule-based", "--you", "none"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("(3 waste piles)"), "{}", run.stdout);
    assert!(run.stdout.contains("engine plays s-"), "{}", run.stdout);
    let last = run.stdout.trim_end().lines().last().unwrap();
    assert!(
        last.starts_with("lost: no move left") || last.starts_with("won: all 52 cards"),
        "{last}"
    );
}

#[test]
fn a_pimc_hint_names_its_samples() {
    let run = play(
        "pimc",
        &["deal=7", "player=pimc", "--mcts", "2"],
        "s-w1\nhint\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("of 2 sampled stock orders)"),
        "{}",
        run.stdout
    );
}

/// The first moves of a rollout game on deal 9 (`play-out --player rollout --samples 30`,
/// which lost it), up to the 43rd card turned: 5 cards are face down.
const DEAL_9_FIVE_FACE_DOWN: &[&str] = &[
    "s-w1", "s-w1", "s-w2", "s-f1", "s-w1", "s-f2", "s-w2", "s-w1", "s-f1", "s-w3", "s-w4", "s-w2",
    "s-w3", "s-f1", "s-w3", "s-w1", "s-w3", "s-w4", "s-f3", "s-f2", "s-w3", "s-f2", "s-w4", "s-w3",
    "s-f1", "s-w2", "s-f3", "s-f4", "w4-f4", "s-w4", "s-w4", "s-f3", "s-w4", "s-w4", "s-w4",
    "s-w4", "s-w4", "s-f4", "w1-f4", "w2-f4", "s-w2", "w2-f1", "w3-f1", "w3-f3", "s-w3", "w1-f2",
    "w2-f2", "w2-f2", "s-w2", "s-w2", "s-f1",
];

/// The first moves of `DEAL_9_FIVE_FACE_DOWN` that leave 7 cards face down and a real choice
/// for the turned card. (With 5 face down the turned 5 goes home or onto a pile and home at
/// the next turn: every placement plays the same game from there, so nothing is sampled.)
const DEAL_9_SEVEN_FACE_DOWN: usize = 49;

/// Loads the game of `DEAL_9_FIVE_FACE_DOWN` under `variant` in a scratch folder named
/// `tag`, asks for a hint and saves the game again: the folder, the session's output and
/// the saved file.
fn hint_at_deal_9(variant: &str, tag: &str) -> (common::Scratch, String, String) {
    hint_at_deal_9_after(variant, tag, DEAL_9_FIVE_FACE_DOWN.len())
}

/// [`hint_at_deal_9`] after the first `moves` moves of the game only.
fn hint_at_deal_9_after(
    variant: &str,
    tag: &str,
    moves: usize,
) -> (common::Scratch, String, String) {
    let saved = serde_json::json!({
        "game": "calculation",
        "variant": variant,
        "level": 100,
        "seed": 0,
        "moves": &DEAL_9_FIVE_FACE_DOWN[..moves],
    });
    let dir = common::scratch("calculation-play", tag);
    std::fs::write(dir.join("g.json"), saved.to_string()).unwrap();
    let run = cgtk_with(
        &["play", "calculation", "--mcts", "3"],
        "load g.json\nhint\nsave again.json\nquit\n",
        Some(&dir),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let again = std::fs::read_to_string(dir.join("again.json")).unwrap();
    (dir, run.stdout, again)
}

#[test]
fn exact_rollout_hints_give_the_chance_of_winning_and_a_sure_win_is_won() {
    assert_eq!(
        DEAL_9_FIVE_FACE_DOWN
            .iter()
            .filter(|m| m.starts_with("s-"))
            .count(),
        42
    );
    let (dir, stdout, again) = hint_at_deal_9("deal=9,piles=4,player=rollout,exact=5", "exact");
    assert!(
        stdout.contains(
            "exact over every order of the 5 cards face down: wins with probability 1.000"
        ),
        "{stdout}"
    );
    // Saved in the words of `play-out`'s options (without `--mcts 3`, which is the
    // session's, not the game's).
    assert!(
        again.contains("deal=9,piles=4,player=rollout,exact-cards=5\""),
        "{again}"
    );
    // A chance of 1 over every order is a win on this one: the engine, playing exactly
    // from here, must win the deal.
    let run = cgtk_with(
        &[
            "play",
            "calculation",
            "--load",
            "g.json",
            "--mcts",
            "3",
            "--you",
            "none",
        ],
        "",
        Some(&dir),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let last = run.stdout.trim_end().lines().last().unwrap_or_default();
    assert!(last.starts_with("won: all 52 cards"), "{last}");
}

/// `exact-positions=N` reaches the hint's exact search: with room for 1 position it gives
/// way to sampling, and the word is saved with the game.
#[test]
fn the_exact_search_limit_of_a_play_variant_is_used_and_saved() {
    let variant = "deal=9,piles=4,player=rollout,exact=7,exact-positions=1";
    let (_, stdout, again) =
        hint_at_deal_9_after(variant, "exact-positions", DEAL_9_SEVEN_FACE_DOWN);
    assert!(!stdout.contains("exact over every order"), "{stdout}");
    assert!(stdout.contains("sampled stock orders"), "{stdout}");
    assert!(
        again.contains("player=rollout,exact-cards=7,exact-positions=1\""),
        "{again}"
    );
}

/// `nested=C` reaches the hint: from C cards face down its placements are compared on
/// 100 orders, each played out by a deeper rollout player (16 orders a decision), and it is
/// saved as the options of `play-out` it stands for.
#[test]
fn a_nested_play_variant_hints_with_a_deeper_player_and_is_saved() {
    let variant = "deal=9,piles=4,player=rollout,nested=8";
    let (_, stdout, again) = hint_at_deal_9_after(variant, "nested", DEAL_9_SEVEN_FACE_DOWN);
    // The count is of the orders the placement was played on: 100, or fewer when the race
    // ended early, which the hint then says.
    let line = stdout
        .lines()
        .find(|l| l.contains("sampled stock orders played out by a deeper rollout player"))
        .unwrap_or_else(|| panic!("{stdout}"));
    let played: usize = line
        .split(" of ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(played <= 100, "{line}");
    assert_eq!(
        played < 100,
        line.contains("; the other placements fell behind before 100"),
        "{line}"
    );
    assert!(
        again.contains("player=rollout,inner-samples=16,nested-cards=8\""),
        "{again}"
    );
    // The same player written as `play-out`'s options hints alike.
    let (_, same, _) = hint_at_deal_9_after(
        "deal=9,player=rollout,nested-cards=8,inner-samples=16",
        "nested-cards",
        DEAL_9_SEVEN_FACE_DOWN,
    );
    let hint = |out: &str| {
        out.lines()
            .find(|l| l.contains("sampled stock orders"))
            .map(str::to_string)
    };
    assert_eq!(hint(&same), hint(&stdout));
    // With more cards face down than C (7 against 6), the hint samples greedily as before.
    let (_, stdout, _) = hint_at_deal_9_after(
        "deal=9,piles=4,player=rollout,nested=6",
        "nested-6",
        DEAL_9_SEVEN_FACE_DOWN,
    );
    assert!(
        stdout.contains("of 3 sampled stock orders played out greedily"),
        "{stdout}"
    );
}

/// `base=fitted` reaches the hint (its samples are played out by the fitted evaluation) and
/// is saved; `base=order`, the default, is saved as given.
#[test]
fn a_fitted_base_play_variant_hints_with_it_and_is_saved() {
    let variant = "deal=9,piles=4,player=rollout,base=fitted";
    let (_, stdout, again) = hint_at_deal_9_after(variant, "base-fitted", DEAL_9_SEVEN_FACE_DOWN);
    assert!(
        stdout.contains("of 3 sampled stock orders played out greedily by the fitted evaluation"),
        "{stdout}"
    );
    assert!(again.contains("player=rollout,base=fitted\""), "{again}");
    let (_, stdout, again) = hint_at_deal_9_after(
        "deal=9,piles=4,player=rollout,base=order",
        "base-order",
        DEAL_9_SEVEN_FACE_DOWN,
    );
    assert!(
        stdout.contains("of 3 sampled stock orders played out greedily"),
        "{stdout}"
    );
    assert!(!stdout.contains("fitted"), "{stdout}");
    assert!(
        again.contains("\"deal=9,piles=4,player=rollout,base=order\""),
        "{again}"
    );
}

#[test]
fn bad_play_variants_exit_with_2() {
    for (variant, message) in [
        ("piles=5", "piles=5: Calculation has 3 or 4 waste piles"),
        ("deal=x", "deal \"x\" is not a number"),
        ("player=god", "player=god: the players are"),
        ("colour=red", "unknown setting \"colour=red\""),
        (
            "player=rollout,exact=49",
            "exact-cards=49: write a number of cards face down, 0 to 48",
        ),
        (
            "exact-cards=five",
            "exact-cards=five: write a number of cards face down, 0 to 48",
        ),
        (
            "player=best,exact=5",
            "exact-cards applies to player=rollout, not to player=best",
        ),
        (
            "player=rollout,exact=5,exact-positions=0",
            "exact-positions=0: write the number of positions the exact search may remember",
        ),
        (
            "player=rollout,exact-positions=100",
            "exact-positions limits the exact search: give exact-cards=K too",
        ),
        (
            "player=rollout,exact-positions=2000000",
            "exact-positions limits the exact search: give exact-cards=K too",
        ),
        (
            "player=rollout,nested=49",
            "nested-cards=49: write a number of cards face down, 0 to 48",
        ),
        (
            "player=mcts,nested-cards=16",
            "nested-cards applies to player=rollout, not to player=mcts",
        ),
        (
            "player=rollout,base=learned",
            "base=learned: the rollout player's base policy places cards by",
        ),
        (
            "player=pimc,base=fitted",
            "base applies to player=rollout, not to player=pimc",
        ),
        (
            "player=rollout,levels=3",
            "levels=3: the rollout levels are 0, 1 and 2",
        ),
        (
            "player=best,samples=9",
            "samples applies to player=pimc, hindsight or rollout, not to player=best",
        ),
        ("player=best,tree=big", "tree=big: the search trees are full or lean"),
        (
            "player=rule-based --mcts 5",
            "--mcts N sets the playouts of mcts and best or the samples of pimc, hindsight and rollout; player=rule-based has neither",
        ),
        (
            "player=best,playouts=7 --mcts 5",
            "--mcts 5 and playouts=7 both set the playouts: give one",
        ),
    ] {
        // A variant, then perhaps options.
        let args: Vec<&str> = variant.split(' ').collect();
        let run = play("bad", &args, "");
        assert_eq!(run.code, 2, "{variant}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{variant}: {}", run.stderr);
    }
}

#[test]
fn every_solve_method_replays_its_win_and_a_bad_method_exits_2() {
    for method in ["beam-first", "depth-first"] {
        let out = cgtk(&[
            "--json",
            "calculation",
            "solve",
            "--seed",
            "2",
            "--method",
            method,
        ]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(value["result"], "win", "{method}");
        assert!(!value["moves"].as_array().unwrap().is_empty());
    }
    // Breadth-first with a small limit cannot finish a standard deal: an honest unknown.
    let out = cgtk(&[
        "--json",
        "calculation",
        "solve",
        "--seed",
        "2",
        "--method",
        "breadth-first",
        "--nodes",
        "1000",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(value["result"], "unknown");
    let out = cgtk(&["calculation", "solve", "--seed", "2", "--method", "guess"]);
    assert_eq!(out.code, 2);
}

/// `--tree` chooses the search tree of an MCTS player: both trees play a legal game to
/// its end (a won game carries every card home), the player's label names the lean
/// tree, and a tree that does not exist is a usage error naming the choices.
#[test]
fn play_out_takes_either_tree_and_refuses_an_unknown_one() {
    for tree in ["full", "lean"] {
        let out = cgtk(&[
            "--json",
            "calculation",
            "play-out",
            "--seed",
            "3",
            "--player",
            "mcts",
            "--playouts",
            "50",
            "--tree",
            tree,
        ]);
        assert_eq!(out.code, 0, "{tree}: {}", out.stderr);
        let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        let home = value["cards_on_foundations"].as_u64().unwrap();
        assert!(home <= 52, "{tree}: {home}");
        assert_eq!(value["won"].as_bool().unwrap(), home == 52, "{tree}");
        let player = value["player"].as_str().unwrap_or_default().to_string();
        assert_eq!(player.contains("tree=lean"), tree == "lean", "{player}");
    }
    let out = cgtk(&[
        "calculation",
        "play-out",
        "--seed",
        "3",
        "--tree",
        "sideways",
    ]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("full") && out.stderr.contains("lean"),
        "{}",
        out.stderr
    );
}

#[test]
fn play_out_with_the_hindsight_player_and_its_budgets() {
    let args = [
        "--json",
        "calculation",
        "play-out",
        "--seed",
        "4",
        "--player",
        "hindsight",
        "--samples",
        "2",
        "--solver-nodes",
        "100",
    ];
    let out = cgtk(&args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        value["player"].as_str().unwrap_or_default(),
        "hindsight samples=2 nodes=100"
    );
    let home = value["cards_on_foundations"].as_u64().unwrap();
    assert_eq!(value["won"].as_bool().unwrap(), home == 52);
    // Seeded: the same moves again.
    assert_eq!(cgtk(&args).stdout, out.stdout);
    for bad in [["--samples", "0"], ["--solver-nodes", "0"]] {
        let out = cgtk(&[
            "calculation",
            "play-out",
            "--seed",
            "4",
            "--player",
            "hindsight",
            bad[0],
            bad[1],
        ]);
        assert_eq!(out.code, 2, "{bad:?}");
        // The message names the option that was zero.
        let named = format!("{} must be at least 1", bad[0]);
        let alias = "--sample-nodes (also written --solver-nodes) must be at least 1";
        assert!(
            out.stderr.contains(&named) || out.stderr.contains(alias),
            "{}",
            out.stderr
        );
        assert_eq!(out.stderr.contains("--samples"), bad[0] == "--samples");
    }
}

#[test]
fn a_hindsight_hint_names_its_samples_and_the_engine_finishes_a_deal() {
    let run = play(
        "hindsight",
        &["deal=7", "player=hindsight", "--mcts", "2"],
        "s-w1\nhint\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("over 2 sampled stock orders")
            || run.stdout.contains("the only sensible placement"),
        "{}",
        run.stdout
    );
    engine_finishes_a_deal("hindsight-engine", "hindsight", "2");
}

#[test]
fn play_out_and_bench_with_the_rollout_player_and_its_options() {
    let args = [
        "--json",
        "calculation",
        "play-out",
        "--seed",
        "4",
        "--player",
        "rollout",
        "--samples",
        "3",
    ];
    let out = cgtk(&args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        value["player"].as_str().unwrap_or_default(),
        "rollout samples=3 levels=1"
    );
    let home = value["cards_on_foundations"].as_u64().unwrap();
    assert_eq!(value["won"].as_bool().unwrap(), home == 52);
    // Seeded: the same moves again.
    assert_eq!(cgtk(&args).stdout, out.stdout);
    // The base policy alone, and a nested level with its inner samples, are named.
    for (extra, label) in [
        ("--levels 0", "rollout levels=0"),
        (
            "--levels 2 --samples 1 --inner-samples 1",
            "rollout samples=1 levels=2 inner-samples=1",
        ),
        (
            "--samples 2 --exact-cards 3",
            "rollout samples=2 levels=1 exact-cards=3",
        ),
        // A limit other than the default is named, so `merge` keeps the runs apart.
        (
            "--samples 2 --exact-cards 3 --exact-positions 2000000",
            "rollout samples=2 levels=1 exact-cards=3",
        ),
        (
            "--samples 2 --exact-cards 3 --exact-positions 40",
            "rollout samples=2 levels=1 exact-cards=3 exact-positions=40",
        ),
        // The fitted base policy is named; the order one, the default, is not.
        ("--levels 0 --base fitted", "rollout levels=0 base=fitted"),
        (
            "--samples 2 --base fitted",
            "rollout samples=2 levels=1 base=fitted",
        ),
        ("--samples 2 --base order", "rollout samples=2 levels=1"),
        // Extended decisions are named; no extension, the default, is not.
        (
            "--samples 2 --extend 3",
            "rollout samples=2 levels=1 extend=3",
        ),
        ("--samples 2 --extend 1", "rollout samples=2 levels=1"),
        // A late deeper level names its settings and the inner samples it uses.
        (
            "--samples 2 --nested-cards 4 --nested-samples 2 --inner-samples 1 --exact-cards 2",
            "rollout samples=2 levels=1 inner-samples=1 nested-cards=4 nested-samples=2 \
             exact-cards=2",
        ),
        // Escalation names its cards beside the nested ones.
        (
            "--samples 2 --nested-cards 4 --escalate-cards 8 --nested-samples 2 --inner-samples 1",
            "rollout samples=2 levels=1 inner-samples=1 nested-cards=4 escalate-cards=8 \
             nested-samples=2",
        ),
        (
            "--samples 2 --escalate-cards 8 --nested-samples 2 --inner-samples 1",
            "rollout samples=2 levels=1 inner-samples=1 nested-cards=0 escalate-cards=8 \
             nested-samples=2",
        ),
    ] {
        let mut all = vec![
            "--json",
            "calculation",
            "play-out",
            "--seed",
            "4",
            "--player",
            "rollout",
        ];
        all.extend(extra.split_whitespace());
        let out = cgtk(&all);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(value["player"].as_str().unwrap_or_default(), label);
    }
    // Refusals: no samples, more exact cards than a stock holds, no room for the search.
    for (bad, value, message) in [
        ("--samples", "0", "--samples must be at least 1"),
        ("--inner-samples", "0", "--inner-samples must be at least 1"),
        ("--exact-cards", "49", "--exact-cards"),
        ("--exact-positions", "0", "--exact-positions"),
        ("--nested-cards", "49", "--nested-cards"),
        ("--escalate-cards", "49", "--escalate-cards"),
        ("--extend", "0", "--extend"),
        (
            "--base",
            "learned",
            "invalid value 'learned' for '--base <BASE>'",
        ),
    ] {
        let out = cgtk(&[
            "calculation",
            "play-out",
            "--seed",
            "4",
            "--player",
            "rollout",
            bad,
            value,
        ]);
        assert_eq!(out.code, 2, "{bad}");
        assert!(out.stderr.contains(message), "{}", out.stderr);
    }
    // The bench counts (and replays) the base policy's wins over a few deals.
    let out = cgtk(&[
        "--json",
        "calculation",
        "bench",
        "--player",
        "rollout",
        "--levels",
        "0",
        "--deals",
        "40",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(value["games"].as_u64(), Some(40));
    assert_eq!(
        value["player"].as_str().unwrap_or_default(),
        "rollout levels=0"
    );
}

#[test]
fn a_rollout_hint_names_its_samples_and_the_engine_finishes_a_deal() {
    // The 6 turned second fits the "by 3" foundation; onto a pile, it would go home at the
    // next turn and the game play the same: that hint samples nothing and says so.
    let run = play(
        "rollout",
        &["deal=7", "player=rollout", "--mcts", "5"],
        "s-w1\nhint\ns-w2\nhint\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("hint: s-f3 (every placement plays the same game from the next card on)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("of 5 sampled stock orders played out greedily"),
        "{}",
        run.stdout
    );
    engine_finishes_a_deal("rollout-engine", "rollout", "3");
}

#[test]
fn mcts_playouts_by_the_greedy_base_policy_are_named_seeded_and_replay() {
    let play = |policy: &str, seed: &str| {
        let mut args = vec![
            "--json",
            "calculation",
            "play-out",
            "--seed",
            seed,
            "--player",
            "best",
            "--playouts",
            "30",
            "--playout-policy",
            policy,
        ];
        if policy == "greedy-blend" {
            args.extend(["--blend-percent", "80"]);
        }
        let out = cgtk(&args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout
    };
    for (policy, label) in [
        ("greedy", "policy=greedy reward=mixed(0.2)"),
        ("greedy-blend", "policy=greedy-blend(80%) reward=mixed(0.2)"),
    ] {
        let out = play(policy, "4");
        let value: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert!(
            value["player"].as_str().unwrap_or_default().contains(label),
            "{out}"
        );
        let home = value["cards_on_foundations"].as_u64().unwrap();
        assert_eq!(value["won"].as_bool().unwrap(), home == 52);
        // Seeded: the same moves again.
        assert_eq!(play(policy, "4"), out);
    }
    // A bench lists its won deals, and each of them (and no other) is won alone.
    let out = cgtk(&[
        "--json",
        "calculation",
        "bench",
        "--player",
        "best",
        "--playouts",
        "30",
        "--playout-policy",
        "greedy",
        "--deals",
        "8",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let value: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let won: Vec<u64> = value["won_deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    assert_eq!(won.len() as u64, value["wins"].as_u64().unwrap());
    for deal in 0..8u64 {
        let out = play("greedy", &deal.to_string());
        let value: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(value["won"].as_bool(), Some(won.contains(&deal)), "{deal}");
    }
}

#[test]
fn review_finds_where_a_game_was_lost_and_refuses_bad_games() {
    // The rule-based player's game of deal 3, read back from play-out's JSON.
    let game = common::ok(&RULE_BASED_DEAL_3);
    let played: serde_json::Value = serde_json::from_str(&game).unwrap();
    assert_eq!(played["won"], false);
    let args = [
        "--json",
        "calculation",
        "review",
        "--seed",
        "3",
        "--game",
        "-",
        "--nodes",
        "20000",
    ];
    let review = cgtk_with(&args, &game, None);
    assert_eq!(review.code, 0, "{}", review.stderr);
    let value: serde_json::Value = serde_json::from_str(&review.stdout).unwrap();
    assert_eq!(value["moves"], played["moves"]);
    assert_eq!(
        (&value["won"], &value["over"]),
        (&played["won"], &serde_json::json!(true))
    );
    let checks = value["checkpoints"].as_array().unwrap();
    let results: Vec<&str> = checks
        .iter()
        .map(|c| c["result"].as_str().unwrap())
        .collect();
    assert_eq!(results[0], "win");
    // The turning point: the last checkpoint with a win, and the one after it.
    let last = results.iter().rposition(|&r| r == "win").unwrap();
    assert!(last + 1 < checks.len());
    assert_eq!(value["last_winnable"], checks[last]["moves"]);
    assert_eq!(value["first_unwon"], checks[last + 1]["moves"]);
    // Winnability never comes back: everything before the last win is a win, with a line.
    assert!(results[..=last].iter().all(|&r| r == "win"));
    assert!(checks[..=last]
        .iter()
        .all(|c| !c["line"].as_array().unwrap().is_empty()));
    assert_eq!(
        checks.last().unwrap()["moves"].as_u64().unwrap() as usize,
        played["moves"].as_array().unwrap().len()
    );
    // The same review from moves written as text, and its summary.
    let moves: Vec<&str> = played["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let text = cgtk_with(&args[1..], moves.join("\n"), None);
    assert_eq!(text.code, 0, "{}", text.stderr);
    for said in ["still winnable after move", "winning line from move"] {
        assert!(text.stdout.contains(said), "{}", text.stdout);
    }

    // play-out's JSON names its deal: no --seed needed, and a different one is refused.
    let named = cgtk_with(
        &[
            "--json",
            "calculation",
            "review",
            "--game",
            "-",
            "--nodes",
            "20000",
        ],
        &game,
        None,
    );
    assert_eq!(named.code, 0, "{}", named.stderr);
    assert_eq!(named.stdout, review.stdout);
    for (flag, value, message) in [
        (
            "--seed",
            "4",
            "--seed 4 disagrees with the game file, which has --seed 3",
        ),
        (
            "--piles",
            "3",
            "--piles 3 disagrees with the game file, which has --piles 4",
        ),
    ] {
        let run = cgtk_with(
            &["calculation", "review", "--game", "-", flag, value],
            &game,
            None,
        );
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(run.stderr.contains(message), "{}", run.stderr);
    }
    // With --game the moves are the game: a player and its options are refused.
    for (extra, message) in [
        (&["--player", "best"][..], "cannot be used with"),
        (
            &["--playouts", "10"],
            "the options of a player do not apply",
        ),
        (
            &["--player-seed", "7"],
            "the options of a player do not apply",
        ),
    ] {
        let mut with = args[1..].to_vec();
        with.extend_from_slice(extra);
        let stderr = common::usage_error_with(&with, &game);
        assert!(stderr.contains(message), "{extra:?}: {stderr}");
    }
    let unfinished = cgtk_with(&args[1..], "s-w1", None);
    assert_eq!(unfinished.code, 0, "{}", unfinished.stderr);
    assert!(
        unfinished.stdout.contains("1 move, unfinished"),
        "{}",
        unfinished.stdout
    );
    let unnamed = cgtk_with(&["calculation", "review", "--game", "-"], "s-w1", None);
    assert_eq!(unnamed.code, 2, "{}", unnamed.stderr);
    assert!(unnamed.stderr.contains("give --seed"), "{}", unnamed.stderr);

    // A move the rules refuse, an unknown move and a JSON without moves exit with 2.
    for (input, message) in [
        ("s-w1 s-f1", "move 2 (s-f1) of the game is refused"),
        ("s-w1 s-f9", "move 2 `s-f9`"),
        ("{\"seed\": 3}", "no list of `moves`"),
        ("{\"moves\": [1]}", "not a string"),
    ] {
        let run = cgtk_with(&args[1..], input, None);
        assert_eq!(run.code, 2, "{input}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{input}: {}", run.stderr);
    }
}

/// A decision of the rollout player is a line (waste tops home, then the turned card):
/// the engine plays the line on, as `play-out` does, rather than deciding again after its
/// first move, and a hint where the line goes on says so.
#[test]
fn the_engine_plays_a_decided_line_on() {
    let run = play(
        "line",
        &["deal=3", "player=rollout", "samples=20", "--you", "none"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let engine: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("engine plays "))
        .collect();
    let continued = engine
        .iter()
        .filter(|l| l.contains("[the rest of the line decided before: "))
        .count();
    assert!(continued > 0, "{}", run.stdout);
    // A continued move follows a move of the same decision, never the placement (s-…) that
    // ends one.
    for pair in engine.windows(2) {
        if pair[1].contains("[the rest of the line decided before: ") {
            assert!(pair[0].starts_with("engine plays w"), "{pair:?}");
        }
    }
}

/// A hint does not play its move: asked again at the same position it gives the same move
/// (the rest of a decided line was moved on by the first hint and the second decided
/// afresh, differently).
#[test]
fn a_hint_asked_twice_gives_the_same_move() {
    let moves = "s-w1 s-w1 s-w2 s-w1 s-w1 s-w2 s-w3 s-w1 s-w2 s-w4 s-f3 s-w3 s-w2 s-w2 s-w1 \
                 s-f1 s-w2 s-w1 w4-f1 s-f1 s-w1 s-f4";
    let mut script: String = moves.split(' ').map(|m| format!("{m}\n")).collect();
    script += "hint\nhint\nw3-f4\nhint\nhint\nquit\n";
    let run = play(
        "hint-twice",
        &["deal=3", "player=rollout", "samples=50"],
        &script,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let hints: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.split("hint: ").nth(1))
        .collect();
    assert_eq!(hints.len(), 4, "{}", run.stdout);
    assert_eq!(hints[0], hints[1]);
    assert_eq!(hints[2], hints[3]);
    // The line decided at the first hint begins with w3-f4 and goes on after it.
    assert!(hints[0].starts_with("w3-f4 "), "{hints:?}");
    assert!(
        hints[2].contains("(the rest of the line decided before: "),
        "{hints:?}"
    );
}

/// `--mcts N` is the session's budget, not the game's: a game saved under one loads under
/// another.
#[test]
fn a_game_saved_under_one_mcts_loads_under_another() {
    let dir = common::scratch("calculation-play", "mcts-save");
    let first = cgtk_with(
        &["play", "calculation", "deal=4", "--mcts", "3"],
        "s-w1\nsave g.json\nquit\n",
        Some(&dir),
    );
    assert_eq!(first.code, 0, "{}", first.stderr);
    let saved = std::fs::read_to_string(dir.join("g.json")).unwrap();
    assert!(saved.contains("\"deal=4,piles=4\""), "{saved}");
    let run = cgtk_with(
        &["play", "calculation", "--load", "g.json", "--mcts", "4"],
        "hint\nquit\n",
        Some(&dir),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("hint: "), "{}", run.stdout);
}

/// Every player plays the games it played before its settings and decisions were rebuilt
/// (`tests/data/calculation_play_out_moves.txt`, written by an earlier build): the same
/// random draws, decision for decision.
#[test]
fn players_play_the_games_recorded_by_an_earlier_build() {
    let data = include_str!("data/calculation_play_out_moves.txt");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split(" | ");
        let (Some(seed), Some(options), Some(moves)) =
            (fields.next(), fields.next(), fields.next())
        else {
            panic!("bad line {line:?}");
        };
        let mut args = vec!["--json", "calculation", "play-out", "--seed", seed];
        args.extend(options.split(' '));
        let run = cgtk(&args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        let out: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        let played: Vec<&str> = out["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|m| m.as_str())
            .collect();
        assert_eq!(played.join(" "), moves, "deal {seed}, {options}");
        checked += 1;
    }
    assert_eq!(checked, 22);
}
