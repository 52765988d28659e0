//! Searches weights for the rollout player's base-policy evaluation by the base policy's
//! wins alone (no samples, `--levels 0`): a candidate is a weight vector over the features
//! of `position_features`, and plays every deal of a range by placing each turned card
//! where `Σ weight × feature` is highest (waste tops home first, foundations before piles
//! on equal values, as the base policy does). Each generation draws 12 candidates around
//! the best so far (a normal step per feature, scaled to the feature's usual size) and
//! keeps the best of them if it wins more; the step grows after a gain and shrinks after
//! none.
//!
//! ```text
//! cargo run --release -p cgtk-solitaire --example tune_base -- PILES FIRST DEALS GENERATIONS [W0 W1 … W12]
//! ```
//!
//! With GENERATIONS 0 it only counts the wins of the weights given (the order evaluation's
//! `64 -8 -1 0 …` when none are): `4 5000 40000 0` gives the 3,779 wins of the order
//! evaluation alone on 4-pile deals 5000–44999 recorded in `docs/calculation-history.md`.
//! The search of that record: `4 200000 30000 80`.

use cgtk_solitaire::{base_place_by, position_features, Deal, Position, Rules, FEATURE_COUNT};
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

type Weights = [f64; FEATURE_COUNT];

fn value(w: &Weights, pos: &Position) -> f64 {
    position_features(pos)
        .iter()
        .zip(w)
        .map(|(&f, &w)| f64::from(f) * w)
        .sum()
}

/// Whether the policy of weights `w` wins `deal`, played as the base policy plays
/// (`base_place_by`); an error only if the rules refuse to turn a card, a defect.
fn plays_won(w: &Weights, deal: &Deal) -> Result<bool, String> {
    let mut pos = Position::start(deal.rules());
    for &card in deal.stock() {
        pos.turn(card).map_err(|e| e.to_string())?;
        base_place_by(&mut pos, |p| value(w, p), &mut |_| {});
    }
    base_place_by(&mut pos, |p| value(w, p), &mut |_| {});
    Ok(pos.is_won())
}

/// How many of `deals` the policy of weights `w` wins.
fn wins(w: &Weights, deals: &[Deal]) -> usize {
    let won: Result<Vec<bool>, String> = deals.par_iter().map(|d| plays_won(w, d)).collect();
    match won {
        Ok(won) => won.into_iter().filter(|&w| w).count(),
        Err(e) => {
            eprintln!("tune_base: {e}");
            std::process::exit(1);
        }
    }
}

fn usage() -> ! {
    eprintln!(
        "usage: tune_base PILES FIRST DEALS GENERATIONS [W0 … W{}] (piles 1 to 4, the deals \
         numbered FIRST on, all {FEATURE_COUNT} weights or none)",
        FEATURE_COUNT - 1
    );
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Option<Vec<u64>> = args.iter().take(4).map(|a| a.parse().ok()).collect();
    let (piles, first, count, generations) = match numbers.as_deref() {
        Some(&[p, f, d, g]) => (p, f, d, g),
        _ => usage(),
    };
    let Some(rules) = u8::try_from(piles)
        .ok()
        .and_then(|p| Rules::new(13, 4, p).ok())
    else {
        usage()
    };
    let Some(last) = first.checked_add(count) else {
        usage()
    };
    let deals: Vec<Deal> = (first..last).map(|s| Deal::from_seed(rules, s)).collect();
    let mut weights: Weights = [0.0; FEATURE_COUNT];
    match &args[4..] {
        [] => {
            weights[0] = 64.0;
            weights[1] = -8.0;
            weights[2] = -1.0;
        }
        given if given.len() == FEATURE_COUNT => {
            for (w, a) in weights.iter_mut().zip(given) {
                *w = a.parse().unwrap_or_else(|_| usage());
            }
        }
        _ => usage(),
    }
    let start = wins(&weights, &deals);
    println!("start {start} of {count}: {weights:?}");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    // Each feature's step scale, about the weight that moves a typical value by 1 to 4.
    let scale: Weights = [
        0.0, 2.0, 0.5, 8.0, 2.0, 0.1, 4.0, 0.5, 1.0, 0.1, 4.0, 0.5, 2.0,
    ];
    let mut sigma = 1.0;
    let mut best = (start, weights);
    for g in 0..generations {
        let lambda = 12;
        let pop: Vec<Weights> = (0..lambda)
            .map(|_| {
                let mut w = best.1;
                for (x, s) in w.iter_mut().zip(scale) {
                    let z: f64 = rng.sample(Normal);
                    *x += sigma * s * z;
                }
                w
            })
            .collect();
        let scored: Vec<(usize, Weights)> =
            pop.into_iter().map(|w| (wins(&w, &deals), w)).collect();
        let top = scored
            .iter()
            .fold((0, weights), |a, &c| if c.0 >= a.0 { c } else { a });
        if top.0 > best.0 {
            best = top;
            sigma *= 1.2;
        } else {
            sigma *= 0.85;
        }
        let shown: Vec<String> = best.1.iter().map(|x| format!("{x:.2}")).collect();
        println!(
            "gen {g}: best of gen {} sigma {sigma:.2} best {}: {}",
            top.0,
            best.0,
            shown.join(" ")
        );
    }
    let shown: Vec<String> = best.1.iter().map(|x| format!("{x:.2}")).collect();
    println!("best {}: {}", best.0, shown.join(" "));
}

/// A standard normal draw by Box–Muller (no extra crate for one distribution).
struct Normal;

impl rand::distributions::Distribution<f64> for Normal {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
        let u: f64 = rng.gen_range(f64::EPSILON..1.0);
        let v: f64 = rng.gen();
        (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
    }
}
