//! `cgtk nimber <EXPR>`: evaluate an expression over nimbers.

use crate::cli::{usage, Context};
use anyhow::Result;

/// Evaluate nimber arithmetic: `*n` literals (or plain n), `+` (nim sum; `-` is the same),
/// `*` (Conway's nim product), `/`, `^k` (whole power; `^-1` is the inverse), `sqrt(…)` and
/// parentheses. `^` binds tightest, then `*` and `/`, then `+`; all of them group from the
/// left, `^` too (`*2^2^3` is `(*2^2)^3` = *1). Nimbers go up to 2^64 − 1; `--json` gives the
/// value as a decimal string.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The expression, e.g. '*2 * *3 + *1' (quote it so the shell leaves `*` alone; several
    /// words are joined with spaces): nimbers *0 to *18446744073709551615 (or plain
    /// numbers), + (nim sum), * and / (nim product and quotient), ^ with a whole-number
    /// exponent (negative: powers of the inverse), sqrt(…) and parentheses. * and / bind
    /// tighter than +, ^ tighter than both, and ^ groups from the left: *2^2^3 is
    /// (*2^2)^3.
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true, value_name = "EXPR")]
    pub expression: Vec<String>,
}

/// Runs `cgtk nimber`.
pub fn run(args: &Args, ctx: &Context) -> Result<()> {
    let text = args.expression.join(" ");
    // A long expression is quoted only by the 80 characters around the error, as in `cgt`
    // (an error in 90,000 characters used to repeat all of them).
    let value = cgtk_nimber::evaluate(&text).map_err(|e| {
        usage(format!(
            "{e} in {}",
            crate::cli::quoted_input(&text, e.position())
        ))
    })?;
    // Nimbers go up to 2^64 - 1, beyond what a JSON number holds exactly: a decimal string,
    // as `nim`, `count` and `poggle` write such values.
    ctx.emit(&serde_json::json!({ "value": value.0.to_string() }), || {
        format!("{value}\n")
    })
}
