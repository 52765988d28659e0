//! Writes rows for fitting the rollout player's base-policy evaluation
//! (`scripts/fit_base_policy.py` fits them): the rollout player's decisions on a range of
//! numbered deals, one line per placement (see `cgtk_solitaire::fit_rows`).
//!
//! ```text
//! cargo run --release -p cgtk-solitaire --example fit_data -- PILES FIRST DEALS SAMPLES [BASE] > rows.txt
//! ```
//!
//! BASE is the rollout player's base policy, `order` (the default) or `fitted`. The rows of
//! the fitted weights (`FITTED_3_PILES`): `3 100000 961 400`.

use cgtk_solitaire::{fit_rows, BasePolicy, Deal, RolloutOptions, Rules};
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!(
            "usage: fit_data PILES FIRST DEALS SAMPLES [order|fitted] \
             (piles 1 to 4, the deals numbered FIRST on)"
        );
        std::process::exit(2);
    };
    let base = match args.get(4) {
        None => BasePolicy::Order,
        Some(name) => BasePolicy::from_name(name).unwrap_or_else(|| usage()),
    };
    let numbers: Option<Vec<u64>> = args.iter().take(4).map(|a| a.parse().ok()).collect();
    let (piles, first, deals, samples) = match numbers.as_deref() {
        Some(&[p, f, d, s]) if args.len() <= 5 => (p, f, d, s),
        _ => usage(),
    };
    let rules = match u8::try_from(piles).map(|p| Rules::new(13, 4, p)) {
        Ok(Ok(rules)) => rules,
        _ => {
            eprintln!("fit_data: PILES must be 1 to 4, not {piles}");
            std::process::exit(2);
        }
    };
    let Ok(samples) = u32::try_from(samples) else {
        eprintln!("fit_data: SAMPLES must fit 32 bits");
        std::process::exit(2);
    };
    let options = RolloutOptions {
        base,
        ..RolloutOptions::new(samples.max(1))
    };
    let mut stdout = std::io::stdout().lock();
    let mut won = 0;
    for number in first..first.saturating_add(deals) {
        let mut rows = String::new();
        won += u32::from(fit_rows(
            &Deal::from_seed(rules, number),
            number,
            &options,
            &mut rows,
        ));
        if stdout.write_all(rows.as_bytes()).is_err() {
            return;
        }
        eprintln!("deal {number}: {won} won of {}", number - first + 1);
    }
}
