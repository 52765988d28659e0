//! Proof-number search and df-pn on every position of Nim with heaps up to (5, 5, 5) and
//! every legal Mu Torere position (both variants), against the nim-sum and the solved
//! tables, for "the side to move wins" and "the side to move does not lose".

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use cgtk_core::{PerfectIndex, PositionKey, Value};
use cgtk_games::mu_torere::MuTorere;
use cgtk_games::nim::Nim;
use cgtk_search::ProofConfig;
use common::{check, Tally};

/// Nim by the nim-sum (Bouton): the side to move loses exactly when it is 0.
fn nim_value(nim: &Nim) -> Value {
    if nim.nim_sum() == 0 {
        Value::Loss
    } else {
        Value::Win
    }
}

#[test]
fn every_nim_position_up_to_5_5_5() {
    let top = Nim::new(&[5, 5, 5]).unwrap();
    let mut tally = Tally::default();
    for i in 0..top.index_size() {
        let nim = top.position_at(i).unwrap();
        check(
            &nim,
            nim_value(&nim),
            &|g: &Nim| g.key(),
            &ProofConfig::default(),
            &nim_value,
            &mut tally,
        );
    }
    assert_eq!(tally.checked, 2 * 432);
    assert_eq!(tally.dfpn_unknown, 0, "{tally:?}");
}

fn every_mu_torere_position(variant: &str) -> Tally {
    let start = MuTorere::start(variant.parse().unwrap());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let value = |g: &MuTorere| solution.verdict(g.index()).unwrap().value;
    let mut tally = Tally::default();
    let config = ProofConfig::nodes(2_000_000);
    for i in 0..start.index_size() {
        let Some(game) = start.position_at(i) else {
            continue;
        };
        let key = |g: &MuTorere| g.index();
        check(&game, value(&game), &key, &config, &value, &mut tally);
    }
    tally
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn every_mu_torere_position_standard() {
    let tally = every_mu_torere_position("standard");
    eprintln!("{tally:?}");
    assert!(tally.checked > 2000);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn every_mu_torere_position_first_two_turns() {
    let tally = every_mu_torere_position("first-two-turns");
    eprintln!("{tally:?}");
    assert!(tally.checked > 2000);
}

/// PNS proof and disproof trees of Mu Torere positions (built without the table) are
/// valid: the winner's one move, the loser's every move, leaves decided as they say,
/// repetitions included.
#[test]
fn mu_torere_proof_trees_are_valid() {
    let start = MuTorere::start(Default::default());
    let key = |g: &MuTorere| g.index();
    let config = ProofConfig {
        proof_tree: true,
        transpositions: false,
        ..ProofConfig::nodes(200_000)
    };
    let mut repetitions = 0;
    for i in (0..start.index_size()).step_by(23) {
        let Some(mut game) = start.position_at(i) else {
            continue;
        };
        for goal in [
            &cgtk_search::Wins::side_to_move(&game) as &dyn cgtk_search::Objective<MuTorere>,
            &cgtk_search::DoesNotLose::side_to_move(&game),
        ] {
            let r = cgtk_search::pns(&mut game, &Dyn(goal), &key, &config, &|_| {}).unwrap();
            let tree = r.tree.expect("a decided search returns its tree");
            common::check_tree(&mut game, &Dyn(goal), &key, &tree, &mut Vec::new());
            repetitions += count_repetitions(&tree);
        }
    }
    assert!(repetitions > 0, "draws are shown by repetitions");
}

fn count_repetitions<M>(tree: &cgtk_search::ProofNode<M>) -> usize {
    (tree.leaf == Some(cgtk_search::Leaf::Repetition)) as usize
        + tree.children.iter().map(count_repetitions).sum::<usize>()
}

/// An objective behind a reference, to try several goals in one loop.
struct Dyn<'a>(&'a dyn cgtk_search::Objective<MuTorere>);

impl cgtk_search::Objective<MuTorere> for Dyn<'_> {
    fn prover(&self) -> cgtk_core::Player {
        self.0.prover()
    }
    fn evaluate(&self, game: &MuTorere) -> cgtk_search::Status {
        self.0.evaluate(game)
    }
    fn infinite_play_proves(&self) -> bool {
        self.0.infinite_play_proves()
    }
    fn description(&self) -> String {
        self.0.description()
    }
}

/// No search counts more nodes than its limit (they overshot by one, and df-pn's fixed
/// point went on counting after the limit): one stopped by the limit has counted exactly
/// the limit, and one that finishes within it agrees with an unlimited search. Every limit
/// 1-300 on the Mu Torere start and Nim 3,4,5, by PNS over the graph and over the tree and
/// by df-pn with and without the 1+ε trick.
#[test]
fn no_search_counts_more_nodes_than_its_limit() {
    use cgtk_core::Game;
    use cgtk_search::{dfpn, pns, Limit, ProofResult, Status, Wins};
    fn each_limit<G: Game + Clone>(start: &G, key: &dyn Fn(&G) -> u64) {
        let goal = Wins::side_to_move(start);
        // (name, PNS's transpositions, df-pn's epsilon)
        let searches = [
            ("pns", true, 0.0),
            ("pns tree", false, 0.0),
            ("dfpn", true, 0.0),
            ("dfpn 1+ε", true, 0.25),
        ];
        for (name, transpositions, epsilon) in searches {
            let config = |c: &ProofConfig| ProofConfig {
                transpositions,
                epsilon,
                ..*c
            };
            let run = |config: &ProofConfig| -> ProofResult<G::Move> {
                let mut game = start.clone();
                let r = if name.starts_with("pns") {
                    pns(&mut game, &goal, &key, config, &|_| {})
                } else {
                    dfpn(&mut game, &goal, &key, config, &|_| {})
                };
                r.unwrap()
            };
            let full = run(&config(&ProofConfig::default()));
            assert_ne!(full.status, Status::Unknown, "{name}");
            for limit in 1..=300 {
                let r = run(&config(&ProofConfig::nodes(limit)));
                assert!(r.nodes <= limit, "{name} at {limit}: {} nodes", r.nodes);
                if r.status == Status::Unknown {
                    assert_eq!(r.stopped, Some(Limit::Nodes), "{name} at {limit}");
                    assert_eq!(r.nodes, limit, "{name} at {limit}");
                } else {
                    assert_eq!(r.status, full.status, "{name} at {limit}");
                    assert_eq!(r.stopped, None, "{name} at {limit}");
                }
            }
        }
    }
    each_limit(&MuTorere::start(Default::default()), &|g: &MuTorere| {
        g.index()
    });
    each_limit(&Nim::new(&[3, 4, 5]).unwrap(), &|g: &Nim| g.key());
}

/// Budgets stop a search with unknown and say which limit; a bad epsilon is an error.
#[test]
fn budgets_and_errors() {
    use cgtk_search::{dfpn, pns, Budget, Limit, ProveError, Status, Wins};
    let mut game = MuTorere::start(Default::default());
    let key = |g: &MuTorere| g.index();
    let goal = Wins::side_to_move(&game);
    for nodes in [1, 50] {
        let config = ProofConfig::nodes(nodes);
        for r in [
            pns(&mut game, &goal, &key, &config, &|_| {}).unwrap(),
            dfpn(&mut game, &goal, &key, &config, &|_| {}).unwrap(),
        ] {
            assert_eq!(r.status, Status::Unknown);
            assert_eq!(r.stopped, Some(Limit::Nodes));
            assert_eq!(r.nodes, nodes);
        }
    }
    let tiny = ProofConfig {
        budget: Budget {
            memory: Some(1000),
            ..Budget::default()
        },
        ..ProofConfig::default()
    };
    let r = pns(&mut game, &goal, &key, &tiny, &|_| {}).unwrap();
    assert_eq!(
        (r.status, r.stopped),
        (Status::Unknown, Some(Limit::Memory))
    );
    let bad = ProofConfig {
        epsilon: -1.0,
        ..ProofConfig::default()
    };
    assert_eq!(
        pns(&mut game, &goal, &key, &bad, &|_| {}).unwrap_err(),
        ProveError::Epsilon(-1.0)
    );
    assert_eq!(
        dfpn(&mut game, &goal, &key, &bad, &|_| {})
            .unwrap_err()
            .to_string(),
        "invalid epsilon -1: expected a finite number >= 0"
    );
    // Progress reports arrive every `progress_every` nodes.
    let calls = std::cell::Cell::new(0);
    let config = ProofConfig {
        progress_every: 100,
        ..ProofConfig::default()
    };
    let r = pns(&mut game, &goal, &key, &config, &|p| {
        calls.set(calls.get() + 1);
        assert!(p.nodes > 0);
    })
    .unwrap();
    assert_eq!(r.status, Status::Disproved, "the start is a draw");
    assert!(calls.get() >= 1 && calls.get() as u64 <= r.nodes / 100 + 1);
}

/// df-pn with one small capped table per goal and side, shared across every Mu Torere
/// position (standard rules, draws by repetition included): evictions never make an
/// answer wrong, the table never passes its cap, and the fixed point still decides.
#[test]
fn dfpn_with_a_small_shared_table_stays_exact() {
    use cgtk_core::{Game, Notation};
    use cgtk_search::{dfpn_with_table, DfpnTable, DoesNotLose, Status, Wins};
    let start = MuTorere::start("standard".parse().unwrap());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let key = |g: &MuTorere| g.index();
    let config = ProofConfig::nodes(200_000);
    let mut tables: [[DfpnTable; 2]; 2] = Default::default();
    for row in &mut tables {
        for t in row {
            *t = DfpnTable::with_max_entries(100);
        }
    }
    let (mut decided, mut checked) = (0, 0);
    for i in 0..start.index_size() {
        let Some(mut game) = start.position_at(i) else {
            continue;
        };
        let want = common::expected(solution.verdict(i).unwrap().value);
        let side = game.to_move().index();
        for (goal, want) in want.into_iter().enumerate() {
            let table = &mut tables[goal][side];
            let r = if goal == 0 {
                let o = Wins::side_to_move(&game);
                dfpn_with_table(&mut game, &o, &key, &config, &|_| {}, table).unwrap()
            } else {
                let o = DoesNotLose::side_to_move(&game);
                dfpn_with_table(&mut game, &o, &key, &config, &|_| {}, table).unwrap()
            };
            assert!(table.len() <= 100, "{}", table.len());
            checked += 1;
            if r.status != Status::Unknown {
                decided += 1;
                assert_eq!(r.status, want, "goal {goal}: {}", game.position_text());
            }
        }
    }
    eprintln!("capped df-pn: {decided} of {checked} decided");
    assert_eq!(decided, checked);
}

/// With [`ProofConfig::symmetric_key`], a key that is not a function of the position
/// (here a counter: no child is ever found again by its key) stops PNS with
/// [`Limit::Key`](cgtk_search::Limit::Key) and an unknown answer instead of playing a
/// stored move at the wrong position; the same key without the flag is simply useless.
#[test]
fn a_broken_symmetric_key_stops_pns() {
    use cgtk_search::{pns, Limit, Status, Wins};
    use std::cell::Cell;
    let mut game = MuTorere::start(Default::default());
    let before = game.key();
    let counter = Cell::new(0u64);
    let key = |_: &MuTorere| {
        counter.set(counter.get() + 1);
        counter.get()
    };
    let goal = Wins::side_to_move(&game);
    let config = ProofConfig {
        symmetric_key: true,
        ..ProofConfig::nodes(10_000)
    };
    let r = pns(&mut game, &goal, &key, &config, &|_| {}).unwrap();
    assert_eq!((r.status, r.stopped), (Status::Unknown, Some(Limit::Key)));
    assert_eq!(game.key(), before, "the position is restored");
}
