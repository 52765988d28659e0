//! Proof-number search and df-pn on Fox and Hounds and Four Field Kono, against the
//! tables cgtk-retro solves.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use cgtk_core::{Game, Notation, PerfectIndex, Player, Value};
use cgtk_games::fox_hounds::{FoxHounds, Role};
use cgtk_games::kono::{Kono, Move as KonoMove, Variant};
use cgtk_search::{
    dfpn, dfpn_with_table, pns, pns_with_table, DfpnTable, DoesNotLose, Objective, PnsTable,
    ProofConfig, ProofNode, ProofResult, Status, Wins,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn fox_key(g: &FoxHounds) -> u64 {
    g.hounds() as u64 | (g.fox() as u64) << 32 | ((g.role_to_move() == Role::Fox) as u64) << 40
}

/// The class of a Kono position under the 16 symmetries (board and colour swap).
fn kono_class(g: &Kono) -> u64 {
    g.index()
}

fn kono_key(g: &Kono) -> u64 {
    g.pieces(Player::First) as u64
        | (g.pieces(Player::Second) as u64) << 16
        | (g.to_move().index() as u64) << 32
}

/// PNS then df-pn (with the 1+ε trick) on "the side to move wins" (goal 0) or "does not
/// lose" (goal 1) in `game`, each within `nodes`, reading and filling the tables given
/// (fresh tables make them plain `pns` and `dfpn`); with the seconds each took.
fn kono_both(
    game: &mut Kono,
    goal: usize,
    nodes: u64,
    tables: (&mut PnsTable, &mut DfpnTable),
) -> ([ProofResult<KonoMove>; 2], [f64; 2]) {
    fn run<O: Objective<Kono>>(
        game: &mut Kono,
        o: &O,
        nodes: u64,
        (pt, dt): (&mut PnsTable, &mut DfpnTable),
    ) -> ([ProofResult<KonoMove>; 2], [f64; 2]) {
        let clock = std::time::Instant::now();
        let config = ProofConfig::nodes(nodes);
        let a = pns_with_table(game, o, &kono_key, &config, &|_| {}, pt).unwrap();
        let first = clock.elapsed().as_secs_f64();
        let clock = std::time::Instant::now();
        let b = dfpn_with_table(game, o, &kono_key, &dfpn_config(nodes), &|_| {}, dt).unwrap();
        ([a, b], [first, clock.elapsed().as_secs_f64()])
    }
    if goal == 0 {
        run(game, &Wins::side_to_move(game), nodes, tables)
    } else {
        run(game, &DoesNotLose::side_to_move(game), nodes, tables)
    }
}

/// [`kono_both`] with fresh tables.
fn kono_both_fresh(game: &mut Kono, goal: usize, nodes: u64) -> [ProofResult<KonoMove>; 2] {
    kono_both(
        game,
        goal,
        nodes,
        (&mut PnsTable::new(), &mut DfpnTable::new()),
    )
    .0
}

/// df-pn with the 1+ε trick, as the command line uses it.
fn dfpn_config(nodes: u64) -> ProofConfig {
    ProofConfig {
        epsilon: 0.25,
        ..ProofConfig::nodes(nodes)
    }
}

/// The hounds win from every start: fox on b8, d8, f8 or h8, the fox or the hounds
/// moving first (df-pn; one table per choice of who moves first, since the key does not
/// record the variant and only who moves first changes which player the hounds are).
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn hounds_win_from_every_start() {
    for first in ["fox", "hounds"] {
        let mut table = DfpnTable::new();
        for fox in ["b8", "d8", "f8", "h8"] {
            let variant = format!("fox={fox},first={first}");
            let mut game = FoxHounds::start(variant.parse().unwrap());
            let goal = Wins(game.player(Role::Hounds));
            let config = dfpn_config(20_000_000);
            let r =
                dfpn_with_table(&mut game, &goal, &fox_key, &config, &|_| {}, &mut table).unwrap();
            eprintln!("{variant}: {} in {} nodes", r.status, r.nodes);
            assert_eq!(r.status, Status::Proved, "{variant}");
            // The principal variation is legal and ends in the hounds' win.
            let mut line = game;
            for &mv in &r.pv {
                assert!(line.is_legal(mv), "{variant}: {}", line.position_text());
                line.make(mv);
            }
            assert_eq!(
                line.outcome(),
                Some(cgtk_core::Outcome::Win(game.player(Role::Hounds))),
                "{variant}: the variation ends in {}",
                line.position_text()
            );
        }
    }
}

/// PNS proves the hounds' win from every start within 10^7 nodes, and its principal
/// variation is legal.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn pns_proves_every_start_within_ten_million_nodes() {
    for first in ["fox", "hounds"] {
        for fox in ["b8", "d8", "f8", "h8"] {
            let variant = format!("fox={fox},first={first}");
            let mut game = FoxHounds::start(variant.parse().unwrap());
            let goal = Wins(game.player(Role::Hounds));
            let config = ProofConfig::nodes(10_000_000);
            let r = pns(&mut game, &goal, &fox_key, &config, &|_| {}).unwrap();
            eprintln!("{variant}: pns {} in {} nodes", r.status, r.nodes);
            assert_eq!(r.status, Status::Proved, "{variant}");
            let mut line = game;
            for &mv in &r.pv {
                assert!(line.is_legal(mv), "{variant}: {}", line.position_text());
                line.make(mv);
            }
        }
    }
}

/// 10,000 random positions reachable from the standard start: df-pn (tables kept across
/// positions, one per prover) answers "the side to move wins" exactly as the table, and
/// PNS, given 2,000 nodes, agrees wherever it finishes.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn fox_and_hounds_random_positions_match_the_table() {
    let start = FoxHounds::start(Default::default());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let reachable: Vec<u64> = cgtk_retro::reachable(&start).iter().collect();
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut tables = [DfpnTable::new(), DfpnTable::new()];
    let (mut pns_finished, mut wins) = (0, 0);
    for _ in 0..10_000 {
        let index = reachable[rng.gen_range(0..reachable.len())];
        let mut game = start.position_at(index).unwrap();
        let value = solution.verdict(index).unwrap().value;
        let want = common::expected(value)[0];
        wins += (value == Value::Win) as u32;
        let goal = Wins::side_to_move(&game);
        let table = &mut tables[goal.0.index()];
        let by_dfpn = dfpn_with_table(
            &mut game,
            &goal,
            &fox_key,
            &dfpn_config(10_000_000),
            &|_| {},
            table,
        )
        .unwrap();
        assert_eq!(by_dfpn.status, want, "df-pn: {}", game.position_text());
        let by_pns = pns(
            &mut game,
            &goal,
            &fox_key,
            &ProofConfig::nodes(2_000),
            &|_| {},
        )
        .unwrap();
        if by_pns.status != Status::Unknown {
            assert_eq!(by_pns.status, want, "pns: {}", game.position_text());
            pns_finished += 1;
        }
    }
    eprintln!(
        "fox and hounds: pns finished {pns_finished} of 10000 within 2000 nodes; {wins} wins"
    );
    assert!(
        wins > 1000 && wins < 9000,
        "both results are sampled: {wins} wins"
    );
    assert!(pns_finished > 4500, "{pns_finished}");
}

/// A random Kono position with at most `max` pieces a side.
fn random_kono(rng: &mut ChaCha8Rng, variant: Variant, max: usize) -> Kono {
    loop {
        let (nx, no) = (rng.gen_range(0..=max), rng.gen_range(0..=max));
        let mut cells: Vec<u8> = (0..16).collect();
        for i in 0..16 {
            let j = rng.gen_range(i..16);
            cells.swap(i, j);
        }
        let x = cells[..nx].iter().fold(0u16, |b, &c| b | 1 << c);
        let o = cells[nx..nx + no].iter().fold(0u16, |b, &c| b | 1 << c);
        let side = if rng.gen() {
            Player::First
        } else {
            Player::Second
        };
        if let Some(g) = Kono::from_pieces(variant, x, o, side) {
            return g;
        }
    }
}

/// 10,000 random Kono positions with at most 6 pieces a side, alternately for "the side
/// to move wins" and "does not lose", each search given 1,000 nodes: every answer PNS or
/// df-pn gives equals the table's (unknown is allowed: many of these positions, draws
/// above all, need far more), and the two agree wherever both finish.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn kono_random_positions_match_the_table_where_decided() {
    let variant: Variant = "max-pieces=6".parse().unwrap();
    let solution = cgtk_retro::solve(&Kono::start(variant), &|_| {}).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let (mut pns_finished, mut dfpn_finished, mut values) = (0, 0, [0u32; 3]);
    for i in 0..10_000 {
        let mut game = random_kono(&mut rng, variant, 6);
        let value = solution.verdict(game.index()).unwrap().value;
        values[value as usize] += 1;
        let goal = i % 2;
        let want = common::expected(value)[goal];
        let [a, b] = kono_both_fresh(&mut game, goal, 1_000);
        let text = game.position_text();
        if a.status != Status::Unknown {
            assert_eq!(a.status, want, "pns, goal {goal}: {text}");
            pns_finished += 1;
        }
        if b.status != Status::Unknown {
            assert_eq!(b.status, want, "df-pn, goal {goal}: {text}");
            dfpn_finished += 1;
        }
    }
    eprintln!(
        "kono <= 6 pieces: pns finished {pns_finished}, df-pn {dfpn_finished} of 10000 \
         within 1000 nodes; wins, losses, draws {values:?}"
    );
    assert!(values.iter().all(|&n| n > 500), "{values:?}");
    assert!(pns_finished > 4000 && dfpn_finished > 4000);
}

/// A count from the environment variable `name`, or `default`.
fn env_count(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The goal's check: 10,000 random Kono positions with at most 6 pieces a side,
/// alternately for "the side to move wins" and "does not lose", PNS given up to 10^7
/// nodes a position, with ONE [`PnsTable`] kept across all of them: keyed by the class
/// of the position under the 16 symmetries of Kono ([`ProofConfig::symmetric_key`]),
/// shared by both provers ([`PnsTable::across_provers`]), "does not lose" answered as the
/// negation of "the other side wins" from the same graph. Statuses are path-free, so
/// later positions reuse earlier work soundly; the graph converges to under 5 million
/// nodes and later searches become cheap. Every answer must equal the table's, and none
/// may be unknown. (df-pn is held to the budgeted check above.) About 45 s of CPU and
/// 0.6 GB in release. For measurement: `KONO_POSITIONS` and `KONO_NODES` shrink the run,
/// `KONO_FRESH=1` empties the table before every position, `KONO_APART=1` keeps one
/// table per goal, `KONO_EXACT=1` uses exact keys and one table per goal and prover (the
/// graph without symmetry), `KONO_TABLE_MB` bounds each table (default 1,024 MB). Run
/// with `cargo test --release -p cgtk-search --test proof_tables -- kono_six --nocapture`.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn kono_six_pieces_match_the_table_with_shared_tables() {
    let variant: Variant = "max-pieces=6".parse().unwrap();
    let solution = cgtk_retro::solve(&Kono::start(variant), &|_| {}).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let positions = env_count("KONO_POSITIONS", 10_000);
    // `KONO_EXACT=1`: exact keys, one table per goal and prover (no symmetry).
    let exact = env_count("KONO_EXACT", 0) == 1;
    let config = ProofConfig {
        symmetric_key: !exact,
        ..ProofConfig::nodes(env_count("KONO_NODES", 10_000_000))
    };
    let key: &dyn Fn(&Kono) -> u64 = if exact { &kono_key } else { &kono_class };
    let fresh = env_count("KONO_FRESH", 0) == 1;
    // `KONO_APART=1`: one table per goal (else one for both: "does not lose" is searched
    // as "the other side wins").
    let apart = env_count("KONO_APART", 0) == 1;
    // Indexed by goal, then by the prover (the side to move at the root); each keeps its
    // whole graph up to `KONO_TABLE_MB` (default 1,024) megabytes, its decided positions
    // beyond.
    let limit = env_count("KONO_TABLE_MB", 1024) as usize;
    let mut tables: [[PnsTable; 2]; 2] = std::array::from_fn(|_| {
        std::array::from_fn(|_| {
            let t = PnsTable::with_limit(limit << 20);
            if exact {
                t
            } else {
                t.across_provers()
            }
        })
    });
    let (mut values, mut nodes, mut most) = ([0u32; 3], 0u64, 0u64);
    let mut unknown = Vec::new();
    let start = std::time::Instant::now();
    for i in 0..positions {
        let mut game = random_kono(&mut rng, variant, 6);
        let value = solution.verdict(game.index()).unwrap().value;
        values[value as usize] += 1;
        let goal = (i % 2) as usize;
        let want = common::expected(value)[goal];
        let table = match (exact, apart) {
            (true, _) => &mut tables[goal][game.to_move().index()],
            (false, true) => &mut tables[goal][0],
            (false, false) => &mut tables[0][0],
        };
        if fresh {
            table.clear();
        }
        let r = if goal == 0 {
            let o = Wins::side_to_move(&game);
            pns_with_table(&mut game, &o, key, &config, &|_| {}, table)
        } else {
            let o = DoesNotLose::side_to_move(&game);
            pns_with_table(&mut game, &o, key, &config, &|_| {}, table)
        }
        .unwrap();
        let text = game.position_text();
        nodes += r.nodes;
        most = most.max(r.nodes);
        if r.status == Status::Unknown {
            unknown.push(format!("goal {goal}: {text}"));
        } else {
            assert_eq!(r.status, want, "pns, goal {goal}: {text}");
        }
        if (i + 1) % 100 == 0 || i + 1 == positions {
            let all = tables.iter().flatten();
            let (len, bytes) = all.fold((0, 0), |(l, b), t| (l + t.len(), b + t.bytes()));
            eprintln!(
                "{} positions, {:.1} s: {} unknown; {nodes} nodes (at most {most} in one); \
                 {len} positions kept, {} MB",
                i + 1,
                start.elapsed().as_secs_f64(),
                unknown.len(),
                bytes >> 20
            );
        }
    }
    eprintln!("kono <= 6 pieces, {positions} positions: wins, losses, draws {values:?}");
    assert!(unknown.is_empty(), "{} unknown: {unknown:?}", unknown.len());
    assert!(positions < 1000 || values.iter().all(|&n| n > positions as u32 / 10));
}

/// 200 random Kono positions with at most 3 pieces a side, alternately for "the side to
/// move wins" and "does not lose": PNS and df-pn (each with a fresh table) both decide
/// every one within 10^7 nodes, exactly as the table says, draws included. Heavy (about
/// 4 minutes on a busy 2-core machine): run with
/// `cargo test --release -p cgtk-search --test proof_tables -- --ignored`.
#[test]
#[ignore = "heavy: about 4 minutes in release"]
fn kono_three_pieces_a_side_match_the_table_exactly() {
    let variant: Variant = "max-pieces=3".parse().unwrap();
    let solution = cgtk_retro::solve(&Kono::start(variant), &|_| {}).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (mut values, mut nodes) = ([0u32; 3], [0u64; 2]);
    for i in 0..200 {
        let mut game = random_kono(&mut rng, variant, 3);
        let value = solution.verdict(game.index()).unwrap().value;
        values[value as usize] += 1;
        let goal = i % 2;
        let want = common::expected(value)[goal];
        let [a, b] = kono_both_fresh(&mut game, goal, 10_000_000);
        let text = game.position_text();
        assert_eq!(a.status, want, "pns, goal {goal}: {text}");
        assert_eq!(b.status, want, "df-pn, goal {goal}: {text}");
        nodes[0] += a.nodes;
        nodes[1] += b.nodes;
    }
    eprintln!("kono <= 3 pieces: wins, losses, draws {values:?}; nodes pns, df-pn {nodes:?}");
    assert!(values.iter().all(|&n| n > 10), "{values:?}");
}

/// Plays `moves` from `game`, each of which must be legal where it is played.
fn assert_playable(game: &Kono, moves: &[KonoMove]) {
    let mut g = *game;
    let mut legal = Vec::new();
    for &mv in moves {
        g.legal_moves(&mut legal);
        assert!(legal.contains(&mv), "{mv:?} in {}", g.position_text());
        g.make(mv);
    }
}

/// Every move in a proof tree is legal at its position, and every (dis)proved node's
/// status agrees with the table's value there.
fn assert_tree_playable(
    game: &mut Kono,
    node: &ProofNode<KonoMove>,
    wins: bool,
    value: &dyn Fn(&Kono) -> Value,
) {
    // The goal is for the prover: the side to move where `prover_to_move`.
    let v = if node.prover_to_move {
        value(game)
    } else {
        value(game).negate()
    };
    let holds = if wins {
        v == Value::Win
    } else {
        v != Value::Loss
    };
    assert_eq!(
        node.status == Status::Proved,
        holds,
        "{}",
        game.position_text()
    );
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    for child in &node.children {
        let mv = child.mv.unwrap();
        assert!(legal.contains(&mv), "{mv:?} in {}", game.position_text());
        let mut next = *game;
        next.make(mv);
        assert_tree_playable(&mut next, child, wins, value);
    }
}

/// 400 random Kono positions with at most 3 pieces a side, in every orientation, for
/// "the side to move wins" and "does not lose" alternately, with ONE [`PnsTable`] for
/// both goals and both provers, keyed by the class of the position under the 16
/// symmetries ([`ProofConfig::symmetric_key`]): every position is decided within 10^6
/// nodes, exactly as the retrograde table says; every proof move, principal variation
/// and proof tree is made of legal moves at the real position (not at the orientation in
/// which the graph met the class first), and every node of the proof trees has the
/// table's status.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn kono_symmetric_key_one_table_matches_the_table() {
    let variant: Variant = "max-pieces=3".parse().unwrap();
    let solution = cgtk_retro::solve(&Kono::start(variant), &|_| {}).unwrap();
    let value = |g: &Kono| solution.verdict(g.index()).unwrap().value;
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let mut table = PnsTable::new().across_provers();
    let (mut values, mut nodes, mut trees) = ([0u32; 3], 0, 0);
    for i in 0..400 {
        let mut game = random_kono(&mut rng, variant, 3);
        let v = value(&game);
        values[v as usize] += 1;
        let goal = i % 2;
        let config = ProofConfig {
            symmetric_key: true,
            proof_tree: i % 5 < 2,
            ..ProofConfig::nodes(1_000_000)
        };
        let r = if goal == 0 {
            let o = Wins::side_to_move(&game);
            pns_with_table(&mut game, &o, &kono_class, &config, &|_| {}, &mut table)
        } else {
            let o = DoesNotLose::side_to_move(&game);
            pns_with_table(&mut game, &o, &kono_class, &config, &|_| {}, &mut table)
        }
        .unwrap();
        let text = game.position_text();
        assert_eq!(r.status, common::expected(v)[goal], "goal {goal}: {text}");
        nodes += r.nodes;
        assert_playable(&game, &r.pv);
        if let Some(mv) = r.proof_move {
            assert_playable(&game, &[mv]);
            let mut after = game;
            after.make(mv);
            // The mover's value after the proof move, from the opponent's side.
            let w = value(&after).negate();
            assert!(
                if goal == 0 {
                    w == Value::Win
                } else {
                    w != Value::Loss
                },
                "{text}"
            );
        }
        if let Some(tree) = &r.tree {
            assert_tree_playable(&mut game, tree, goal == 0, &value);
            trees += 1;
        }
    }
    eprintln!(
        "kono <= 3 pieces, one symmetric table: wins, losses, draws {values:?}; {nodes} nodes; \
         {} positions kept; {trees} trees checked",
        table.len()
    );
    assert!(values.iter().all(|&n| n > 40), "{values:?}");
    assert!(trees >= 100);
}

/// Every 97th Kono position with at most 2 pieces a side, both goals: PNS and df-pn both
/// decide each exactly as the table says, draws by repetition included, and every proof
/// move keeps the goal.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn kono_small_endgames_match_the_table() {
    let variant: Variant = "max-pieces=2".parse().unwrap();
    let start = Kono::start(variant);
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let value = |g: &Kono| solution.verdict(g.index()).unwrap().value;
    let step = 97;
    let mut tally = common::Tally::default();
    let mut draws = 0;
    for i in (0..start.index_size()).step_by(step) {
        let Some(game) = start.position_at(i) else {
            continue;
        };
        draws += (value(&game) == Value::Draw) as u32;
        let before = tally;
        common::check(
            &game,
            value(&game),
            &kono_key,
            &ProofConfig::nodes(10_000_000),
            &value,
            &mut tally,
        );
        let nodes = tally.pns_nodes + tally.dfpn_nodes - before.pns_nodes - before.dfpn_nodes;
        if nodes > 1_000_000 {
            eprintln!("{}: {nodes} nodes", game.position_text());
        }
    }
    eprintln!("kono <= 2 pieces: {tally:?}, {draws} draws");
    assert_eq!(tally.dfpn_unknown, 0, "{tally:?}");
    assert!(
        draws >= 10 && tally.checked >= 40,
        "{draws} draws, {tally:?}"
    );
}

/// The largest Kono position, the start (8 pieces a side): with the symmetric key PNS
/// proves within 10^7 nodes that x, to move, does not lose, as the retrograde table says
/// (a draw); the proof move is legal and keeps the draw. (With exact keys the same budget
/// ends unknown.) Heavy (about 10^7 nodes, 15 s and 0.4 GB in release): run with
/// `cargo test --release -p cgtk-search --test proof_tables -- --ignored kono_start_not`.
#[test]
#[ignore = "heavy: about 15 s in release"]
fn kono_start_not_losing_is_proved_with_symmetries() {
    let start = Kono::start(Default::default());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let value = |g: &Kono| solution.verdict(g.index()).unwrap().value;
    assert_eq!(value(&start), Value::Draw);
    let mut game = start;
    let config = ProofConfig {
        symmetric_key: true,
        ..ProofConfig::nodes(10_000_000)
    };
    let goal = DoesNotLose(Player::First);
    let r = pns(&mut game, &goal, &kono_class, &config, &|_| {}).unwrap();
    eprintln!(
        "kono start, x does not lose: {} in {} nodes, {} stored",
        r.status, r.nodes, r.stored
    );
    assert_eq!(r.status, Status::Proved);
    let mv = r.proof_move.unwrap();
    assert_playable(&start, &[mv]);
    let mut after = start;
    after.make(mv);
    assert_ne!(value(&after), Value::Win, "o wins after {mv:?}");
    assert_playable(&start, &r.pv);
}

/// The start of Kono is not a win for either side: neither search claims one.
#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn kono_start_is_never_claimed_as_a_win() {
    let start = Kono::start(Default::default());
    for prover in Player::ALL {
        let mut game = start;
        let goal = Wins(prover);
        let a = pns(
            &mut game,
            &goal,
            &kono_key,
            &ProofConfig::nodes(300_000),
            &|_| {},
        )
        .unwrap();
        let b = dfpn(&mut game, &goal, &kono_key, &dfpn_config(300_000), &|_| {}).unwrap();
        eprintln!(
            "kono start, {prover} wins: pns {}, df-pn {}",
            a.status, b.status
        );
        assert_ne!(a.status, Status::Proved);
        assert_ne!(b.status, Status::Proved);
    }
}
