//! The local problem set: every SGF file under `tests/data/problems/` is solved by df-pn
//! and checked against the status its comment states (with the reference that states it).
//!
//! Each file's root comment holds four lines:
//! - `Source: …` where the status is stated (a Sensei's Library page or a book);
//! - `Status: …` the status in words;
//! - `Problem: capture|live POINT` (the side to move is the file's `PL`);
//! - `Expect: proved|disproved MOVES` where MOVES lists, joined by `|`, every move of the
//!   side to move that achieves its aim (GTP coordinates, `pass` for the pass), or `none`
//!   when it has no such move.
//!
//! The test solves the problem, then plays every move of the side to move in the region
//! (and the pass) and solves again: the moves after which the side to move has achieved
//! its aim must be exactly the listed ones, so the file names every correct answer and no
//! wrong one. The proof move the solver reports must be among them, every proof move must
//! be legal and in the region, and the principal variation must replay legally.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_go::gtp::{parse_vertex, vertex_text};
use cgtk_go::{Go, Goal, LocalProblem, Move, Point, SgfGame};
use cgtk_search::{ProofConfig, Status};
use std::path::PathBuf;

const BUDGET: u64 = 3_000_000;

struct Case {
    name: String,
    go: Go,
    region: Option<Vec<Point>>,
    goal: Goal,
    target: Point,
    status: Status,
    expect: String,
}

fn field<'a>(text: &'a str, key: &str, name: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.split_once(key).map(|(_, rest)| rest))
        .unwrap_or_else(|| panic!("{name}: no {key} line"))
        .trim()
        .trim_end_matches(')')
        .trim_end_matches(']')
        .trim()
}

fn cases() -> Vec<Case> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/problems");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the problem directory")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).unwrap();
            let source = field(&text, "Source:", &name);
            assert!(source.len() > 10, "{name}: the source is named");
            let problem: Vec<&str> = field(&text, "Problem:", &name).split_whitespace().collect();
            let expect: Vec<&str> = field(&text, "Expect:", &name).split_whitespace().collect();
            let sgf = SgfGame::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let go = sgf.into_go(None).unwrap_or_else(|e| panic!("{name}: {e}"));
            let region = (!sgf.marked.is_empty()).then(|| {
                sgf.marked
                    .iter()
                    .map(|&(x, y)| go.board().point(x, y).unwrap())
                    .collect()
            });
            let goal = match problem[0] {
                "capture" => Goal::Capture,
                "live" => Goal::Live,
                other => panic!("{name}: unknown objective {other}"),
            };
            let Some(Move::Play(target)) = parse_vertex(problem[1], go.board()) else {
                panic!("{name}: bad target {}", problem[1]);
            };
            let status = match expect[0] {
                "proved" => Status::Proved,
                "disproved" => Status::Disproved,
                other => panic!("{name}: unknown result {other}"),
            };
            Case {
                name,
                go,
                region,
                goal,
                target,
                status,
                expect: expect[1].to_string(),
            }
        })
        .collect()
}

fn solve(case: &Case, go: &Go) -> (Status, Option<Move>, Vec<Move>, Option<LocalProblem>) {
    if go.board().color_at(case.target).is_none() {
        // The block is gone: captured.
        let status = match case.goal {
            Goal::Capture => Status::Proved,
            Goal::Live => Status::Disproved,
        };
        return (status, None, Vec::new(), None);
    }
    let problem =
        LocalProblem::new(go.clone(), case.target, case.goal, case.region.as_deref()).unwrap();
    let s = problem.solve(&ProofConfig::nodes(BUDGET));
    (s.status, s.proof_move, s.pv, Some(problem))
}

/// The side to move's moves in the region, and the pass.
fn local_moves(problem: &LocalProblem) -> Vec<Move> {
    let go = problem.go();
    let color = go.to_move_color();
    let mut moves: Vec<Move> = problem
        .region()
        .into_iter()
        .map(Move::Play)
        .filter(|&m| go.check(m, color).is_ok())
        .collect();
    moves.push(Move::Pass);
    moves
}

fn after(go: &Go, mv: Move) -> Go {
    let mut next = go.clone();
    let color = next.to_move_color();
    next.play(mv, color).unwrap();
    next
}

#[test]
fn every_problem_is_solved_as_its_source_states() {
    let cases = cases();
    assert!(cases.len() >= 40, "only {} problems", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let (status, proof_move, pv, problem) = solve(case, &case.go);
        let problem = problem.expect("the target is on the board");
        let board = case.go.board();
        let shown = proof_move.map_or("none".to_string(), |m| vertex_text(m, board));
        let pv_text: Vec<String> = pv.iter().map(|&m| vertex_text(m, board)).collect();
        if status != case.status {
            failures.push(format!(
                "{}: {status} (expected {}), move {shown}, pv {}",
                case.name,
                case.status,
                pv_text.join(" ")
            ));
            continue;
        }
        let accepted: Vec<Move> = match case.expect.as_str() {
            "none" => Vec::new(),
            points => points
                .split('|')
                .map(|p| parse_vertex(p, board).unwrap_or_else(|| panic!("{}: {p}", case.name)))
                .collect(),
        };
        if proof_move.is_some() == accepted.is_empty()
            || proof_move.is_some_and(|m| !accepted.contains(&m))
        {
            failures.push(format!(
                "{}: proof move {shown}, expected {}",
                case.name, case.expect
            ));
        }
        // The proof move is legal and in the region; the principal variation replays.
        let region = problem.region();
        if let Some(Move::Play(p)) = proof_move {
            assert!(
                region.contains(&p),
                "{}: {shown} outside the region",
                case.name
            );
        }
        let mut replay = case.go.clone();
        for (i, &m) in pv.iter().enumerate() {
            if let Move::Play(p) = m {
                assert!(region.contains(&p), "{}: pv move {i} outside", case.name);
            }
            let color = replay.to_move_color();
            replay
                .play(m, color)
                .unwrap_or_else(|e| panic!("{}: pv move {} ({}): {e}", case.name, i, pv_text[i]));
        }
        if let Some(&first) = pv.first() {
            if proof_move.is_some() {
                assert_eq!(
                    Some(first),
                    proof_move,
                    "{}: the pv starts with the move",
                    case.name
                );
            }
        }
        // Every move of the side to move, one move deeper: the ones that achieve its aim
        // are exactly the listed ones.
        let prover = match case.goal {
            Goal::Capture => board.color_at(case.target).map(|c| c.opponent()),
            Goal::Live => board.color_at(case.target),
        };
        let mover_proves = prover == Some(case.go.to_move_color());
        let mut winning = Vec::new();
        for m in local_moves(&problem) {
            let next = after(&case.go, m);
            let (deeper, _, _, _) = solve(case, &next);
            if deeper == Status::Unknown {
                failures.push(format!(
                    "{}: after {} the result is unknown",
                    case.name,
                    vertex_text(m, board)
                ));
            }
            let achieved = if mover_proves {
                deeper == Status::Proved
            } else {
                deeper == Status::Disproved
            };
            if achieved {
                winning.push(m);
            }
        }
        let mut expected = accepted.clone();
        expected.sort_by_key(|&m| vertex_text(m, board));
        winning.sort_by_key(|&m| vertex_text(m, board));
        if winning != expected {
            let text = |v: &[Move]| {
                v.iter()
                    .map(|&m| vertex_text(m, board))
                    .collect::<Vec<_>>()
                    .join("|")
            };
            failures.push(format!(
                "{}: the moves that work are {}, the file lists {}",
                case.name,
                if winning.is_empty() {
                    "none".to_string()
                } else {
                    text(&winning)
                },
                case.expect
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn problems_cover_the_classic_shapes_with_both_sides_to_move() {
    let cases = cases();
    for shape in [
        "straight-three",
        "bent-three",
        "square-four",
        "straight-four",
        "bent-four",
        "bulky-five",
        "rabbity-six",
        "ladder",
        "ladder-breaker",
        "net",
        "snapback",
        "seki",
        "ko",
    ] {
        let of_shape: Vec<&Case> = cases
            .iter()
            .filter(|c| c.name.starts_with(&format!("{shape}-")))
            .collect();
        assert!(!of_shape.is_empty(), "no {shape} problem");
    }
    let black = cases
        .iter()
        .filter(|c| c.go.to_move_color() == cgtk_go::Color::Black)
        .count();
    assert!(black > 0 && black < cases.len(), "both sides to move");
}

#[test]
fn live_is_the_negation_of_capture_on_every_problem() {
    for case in cases() {
        let other = Case {
            goal: match case.goal {
                Goal::Capture => Goal::Live,
                Goal::Live => Goal::Capture,
            },
            ..case
        };
        let (status, proof_move, _, _) = solve(&other, &other.go);
        assert_eq!(status, other.status.negate(), "{}", other.name);
        // The side to move's deciding move exists under both goals or under neither.
        let expects_move = other.expect != "none";
        assert_eq!(proof_move.is_some(), expects_move, "{}", other.name);
    }
}
