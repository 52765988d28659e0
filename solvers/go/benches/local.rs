//! df-pn on the local problem set (`tests/data/problems/*.sgf`): every problem solved
//! once per iteration; the throughput is the search's nodes per second.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_go::gtp::parse_vertex;
use cgtk_go::{Goal, LocalProblem, Move, SgfGame};
use cgtk_search::{ProofConfig, Status};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::PathBuf;

fn problems() -> Vec<LocalProblem> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/problems");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            let line = text.lines().find(|l| l.contains("Problem:")).unwrap();
            let words: Vec<&str> = line.split_whitespace().collect();
            let sgf = SgfGame::parse(&text).unwrap();
            let go = sgf.into_go(None).unwrap();
            let goal = if words[1] == "live" {
                Goal::Live
            } else {
                Goal::Capture
            };
            let Some(Move::Play(target)) = parse_vertex(words[2], go.board()) else {
                panic!("bad target in {}", path.display());
            };
            let region: Option<Vec<_>> = (!sgf.marked.is_empty()).then(|| {
                sgf.marked
                    .iter()
                    .map(|&(x, y)| go.board().point(x, y).unwrap())
                    .collect()
            });
            LocalProblem::new(go, target, goal, region.as_deref()).unwrap()
        })
        .collect()
}

fn local(c: &mut Criterion) {
    let problems = problems();
    let config = ProofConfig::nodes(3_000_000);
    // The benchmark checks its own work: every problem is decided.
    let nodes: u64 = problems
        .iter()
        .map(|p| {
            let s = p.solve(&config);
            assert_ne!(s.status, Status::Unknown);
            s.nodes
        })
        .sum();
    let mut group = c.benchmark_group("go local");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(format!("df-pn, {} problems", problems.len()), |b| {
        b.iter(|| problems.iter().map(|p| p.solve(&config).nodes).sum::<u64>())
    });
    group.finish();
}

criterion_group!(benches, local);
criterion_main!(benches);
