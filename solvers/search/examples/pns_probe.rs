use cgtk_core::{PerfectIndex, Notation};
use cgtk_games::mu_torere::MuTorere;
use cgtk_search::{dfpn, pns, DoesNotLose, ProofConfig, Wins};
fn main() { std::thread::Builder::new().stack_size(1<<30).spawn(run).unwrap().join().unwrap(); }
fn run() {
    let start = MuTorere::start(Default::default());
    let solution = cgtk_retro::solve(&start, &|_| {}).unwrap();
    let key = |g: &MuTorere| g.index();
    let config = ProofConfig::nodes(200_000);
    let mut n = 0;
    for i in (0..start.index_size()).step_by(37) {
        let Some(game) = start.position_at(i) else { continue };
        let v = solution.verdict(i).unwrap();
        let mut g = game;
        let t = std::time::Instant::now();
        let a = pns(&mut g, &Wins::side_to_move(&game), &key, &config, &|_| {}).unwrap();
        let ta = t.elapsed();
        let b = dfpn(&mut g, &Wins::side_to_move(&game), &key, &config, &|_| {}).unwrap();
        let c = pns(&mut g, &DoesNotLose::side_to_move(&game), &key, &config, &|_| {}).unwrap();
        let d = dfpn(&mut g, &DoesNotLose::side_to_move(&game), &key, &config, &|_| {}).unwrap();
        println!("{} {:?} | pns {} {} {:?} | dfpn {} {} | nl pns {} {} | nl dfpn {} {}", game.position_text(), v.value, a.status, a.nodes, ta, b.status, b.nodes, c.status, c.nodes, d.status, d.nodes);
        n += 1;
        if n > 30 { break; }
    }
}
