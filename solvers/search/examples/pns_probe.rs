use cgtk_core::{Game, PerfectIndex, Player};
use cgtk_games::fox_hounds::{FoxHounds, Role};
use cgtk_games::kono::Kono;
use cgtk_search::{dfpn, dfpn_with_table, pns, DfpnTable, DoesNotLose, ProofConfig, Status, Wins};
use rand::{Rng, SeedableRng};
fn main() {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
}
fn run() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let arg = std::env::args().nth(1).unwrap_or_default();
    let config = ProofConfig {
        epsilon: 0.25,
        ..ProofConfig::nodes(10_000_000)
    };
    if arg == "fh" {
        let key = |g: &FoxHounds| {
            g.hounds() as u64
                | (g.fox() as u64) << 32
                | ((g.role_to_move() == Role::Fox) as u64) << 40
        };
        if std::env::var("STARTS").is_ok() {
            for v in [
                "fox=b8",
                "fox=d8",
                "fox=f8",
                "fox=h8",
                "fox=b8,first=hounds",
                "fox=d8,first=hounds",
                "fox=f8,first=hounds",
                "fox=h8,first=hounds",
            ] {
                let mut g = FoxHounds::start(v.parse().unwrap());
                let goal = Wins(g.player(Role::Hounds));
                let t = std::time::Instant::now();
                let a = pns(&mut g, &goal, &key, &config, &|_| {}).unwrap();
                let ta = t.elapsed();
                let t = std::time::Instant::now();
                let b = dfpn(&mut g, &goal, &key, &config, &|_| {}).unwrap();
                let c = dfpn(
                    &mut g,
                    &goal,
                    &key,
                    &ProofConfig {
                        epsilon: 0.25,
                        ..config
                    },
                    &|_| {},
                )
                .unwrap();
                println!("eps {} {}", c.status, c.nodes);
                println!(
                    "{v}: pns {} {} {:?} stored {} | dfpn {} {} {:?} stored {}",
                    a.status,
                    a.nodes,
                    ta,
                    a.stored,
                    b.status,
                    b.nodes,
                    t.elapsed(),
                    b.stored
                );
            }
        }
        let start = FoxHounds::start(Default::default());
        let sol = cgtk_retro::solve(&start, &|_| {}).unwrap();
        let reach = cgtk_retro::reachable(&start);
        let idx: Vec<u64> = reach.iter().collect();
        let t = std::time::Instant::now();
        let (mut na, mut nb, mut worst, mut unk) = (0u64, 0u64, 0u64, 0);
        let mut tables = [DfpnTable::new(), DfpnTable::new()];
        for _ in 0..10000 {
            let i = idx[rng.gen_range(0..idx.len())];
            let mut g = start.position_at(i).unwrap();
            let goal = Wins::side_to_move(&g);
            let a = pns(&mut g, &goal, &key, &ProofConfig::nodes(20_000), &|_| {}).unwrap();
            let b = dfpn_with_table(
                &mut g,
                &goal,
                &key,
                &config,
                &|_| {},
                &mut tables[goal.0.index()],
            )
            .unwrap();
            let v = sol.verdict(i).unwrap().value;
            if a.status == Status::Unknown {
                unk += 1;
            }
            assert_eq!(b.status == Status::Proved, v == cgtk_core::Value::Win);
            if a.status == Status::Unknown {
                na += a.nodes;
                nb += b.nodes;
                worst = worst.max(b.nodes);
                continue;
            }
            assert_eq!(
                a.status == Status::Proved,
                v == cgtk_core::Value::Win,
                "{a:?} {b:?} {g:?}"
            );
            if a.status != b.status {
                println!(
                    "differ {} {} {} {} {:?}",
                    a.status, a.nodes, b.status, b.nodes, g
                );
            }
            na += a.nodes;
            nb += b.nodes;
            worst = worst.max(a.nodes);
        }
        println!("tables {} {}", tables[0].len(), tables[1].len());
        println!(
            "10000 random: pns {na} dfpn {nb} worst {worst} pns unknown {unk} {:?}",
            t.elapsed()
        );
    } else {
        let variant: cgtk_games::kono::Variant = "max-pieces=6".parse().unwrap();
        let start = Kono::start(variant);
        let t = std::time::Instant::now();
        let sol = cgtk_retro::solve(&start, &|_| {}).unwrap();
        println!("solve {:?}", t.elapsed());
        let key = |g: &Kono| {
            g.pieces(Player::First) as u64
                | (g.pieces(Player::Second) as u64) << 16
                | (g.to_move().index() as u64) << 32
        };
        let t = std::time::Instant::now();
        let (mut na, mut nb, mut worst, mut unk, mut cnt) = (0u64, 0u64, 0u64, 0, [0; 3]);
        for _ in 0..100 {
            let g = loop {
                let nx = rng.gen_range(0..=6);
                let no = rng.gen_range(0..=6);
                let mut cells: Vec<u8> = (0..16).collect();
                for i in 0..16 {
                    let j = rng.gen_range(i..16);
                    cells.swap(i, j);
                }
                let x = cells[..nx].iter().fold(0u16, |b, &c| b | 1 << c);
                let o = cells[nx..nx + no].iter().fold(0u16, |b, &c| b | 1 << c);
                let p = if rng.gen() {
                    Player::First
                } else {
                    Player::Second
                };
                if let Some(g) = Kono::from_pieces(variant, x, o, p) {
                    break g;
                }
            };
            let v = sol.verdict(g.index()).unwrap().value;
            for goal in 0..2 {
                let mut h = g;
                let (a, b) = if goal == 0 {
                    let o = Wins::side_to_move(&g);
                    (
                        pns(&mut h, &o, &key, &config, &|_| {}).unwrap(),
                        dfpn(&mut h, &o, &key, &config, &|_| {}).unwrap(),
                    )
                } else {
                    let o = DoesNotLose::side_to_move(&g);
                    (
                        pns(&mut h, &o, &key, &config, &|_| {}).unwrap(),
                        dfpn(&mut h, &o, &key, &config, &|_| {}).unwrap(),
                    )
                };
                let want = common_expected(v)[goal];
                println!(
                    "{:?} goal {goal} pns {} {} dfpn {} {}",
                    v, a.status, a.nodes, b.status, b.nodes
                );
                if a.status != Status::Unknown {
                    assert_eq!(a.status, want, "{g:?}");
                } else {
                    unk += 1;
                }
                if b.status != Status::Unknown {
                    assert_eq!(b.status, want);
                } else {
                    unk += 1;
                }
                na += a.nodes;
                nb += b.nodes;
                worst = worst.max(a.nodes).max(b.nodes);
            }
            cnt[match v {
                cgtk_core::Value::Win => 0,
                cgtk_core::Value::Loss => 1,
                _ => 2,
            }] += 1;
        }
        println!(
            "300 random kono: pns {na} dfpn {nb} worst {worst} unknown {unk} wld {cnt:?} {:?}",
            t.elapsed()
        );
        let mut g = Kono::start(Default::default());
        for goal in [Wins(Player::First), Wins(Player::Second)] {
            let c = ProofConfig::nodes(1_000_000);
            let a = pns(&mut g, &goal, &key, &c, &|_| {}).unwrap();
            let b = dfpn(&mut g, &goal, &key, &c, &|_| {}).unwrap();
            println!(
                "kono start {goal:?}: pns {} {} dfpn {} {}",
                a.status, a.nodes, b.status, b.nodes
            );
        }
    }
}
fn common_expected(v: cgtk_core::Value) -> [Status; 2] {
    let yes = |b: bool| if b { Status::Proved } else { Status::Disproved };
    [
        yes(v == cgtk_core::Value::Win),
        yes(v != cgtk_core::Value::Loss),
    ]
}
