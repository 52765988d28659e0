//! `cgtk cycle-index …`: the cycle index of a named group or of generating permutations.

use crate::cli::{counted, usage, Context};
use anyhow::Result;
use cgtk_polya::{BoardSymmetry, CycleIndex, NamedGroup, Perm, PermGroup};
use clap::ValueEnum;
use serde::Serialize;

/// `cgtk cycle-index`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The group: cyclic, dihedral, symmetric, board, or generators (with --perm).
    pub family: String,
    /// Its size: N beads or points for cyclic, dihedral (order 2N) and symmetric (N up to
    /// 1,000,000, 60 for symmetric); N or RxC for a board (e.g. 3 or 3x4; up to 1,000,000
    /// cells); the number of points for generators (1 to 2048, and the group may have up
    /// to 10,000,000 elements).
    pub size: String,
    /// For a board: full (rotations and reflections, the default) or rotations only.
    /// Refused for the other groups, which it would not change.
    #[arg(long, value_enum)]
    pub group: Option<BoardGroupArg>,
    /// For generators: one generating permutation in cycle notation over points 0..N, e.g.
    /// "(0 1 2 3)"; repeat for more generators.
    #[arg(long = "perm", value_name = "CYCLES")]
    pub perms: Vec<String>,
}

/// Which board symmetries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BoardGroupArg {
    /// Rotations and reflections.
    Full,
    /// Rotations only.
    Rotations,
}

#[derive(Debug, Serialize)]
struct Report {
    group: String,
    order: String,
    degree: usize,
    cycle_index: String,
    terms: Vec<Term>,
}

#[derive(Debug, Serialize)]
struct Term {
    /// How many elements have this cycle type.
    count: String,
    monomial: String,
    /// (cycle length, number of cycles) pairs.
    cycles: Vec<(u32, u32)>,
}

/// The most elements listed to find the cycle index of a group given by generators.
const MAX_LISTED: u64 = 10_000_000;

/// Runs `cgtk cycle-index`.
pub fn run(args: &Args, ctx: &Context) -> Result<()> {
    // `--group rotations` used to be ignored silently for every group but a board.
    if let Some(group) = args.group {
        if !args.family.eq_ignore_ascii_case("board") {
            return Err(usage(format!(
                "--group {} is for `cycle-index board RxC`; the {} group takes none",
                group
                    .to_possible_value()
                    .map_or("?".into(), |v| v.get_name().to_string()),
                args.family
            )));
        }
    }
    // S_60 takes seconds, a group of millions of listed elements longer.
    let spinner = ctx.spinner("cycle index");
    let (name, z) = if args.family.eq_ignore_ascii_case("generators") {
        let degree: usize = args
            .size
            .parse()
            .ok()
            .filter(|&n| (1..=cgtk_polya::MAX_GENERATED_DEGREE as usize).contains(&n))
            .ok_or_else(|| {
                usage(format!(
                    "bad number of points `{}`: expected 1 to {}",
                    args.size,
                    cgtk_polya::MAX_GENERATED_DEGREE
                ))
            })?;
        let gens = args
            .perms
            .iter()
            .map(|p| Perm::parse_cycles(degree, p))
            .collect::<Result<Vec<_>, _>>()
            .map_err(usage)?;
        // The closure stops once the group is known to be too large to list: S_2048 from
        // two generators used to run for many minutes before it was refused.
        let group = PermGroup::from_generators_up_to(degree, gens, MAX_LISTED).map_err(usage)?;
        let z = CycleIndex::of_group(&group, MAX_LISTED).map_err(usage)?;
        let shown: Vec<String> = group.generators().iter().map(Perm::to_string).collect();
        let points = crate::cli::counted(degree as u64, "point", "points");
        (format!("<{}> on {points}", shown.join(", ")), z)
    } else {
        // `cycle-index cyclic 6 --perm '(0 1)'` used to ignore the permutation silently.
        if let Some(perm) = args.perms.first() {
            return Err(usage(format!(
                "--perm {perm:?} is for `cycle-index generators N`; the {} group takes none",
                args.family
            )));
        }
        let mut named = NamedGroup::parse(&args.family, &args.size).map_err(usage)?;
        if let NamedGroup::Board { symmetry, .. } = &mut named {
            *symmetry = match args.group.unwrap_or(BoardGroupArg::Full) {
                BoardGroupArg::Full => BoardSymmetry::Full,
                BoardGroupArg::Rotations => BoardSymmetry::Rotations,
            };
        }
        (named.name(), named.cycle_index().map_err(usage)?)
    };
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
    }
    let report = Report {
        group: name,
        order: z.order().to_string(),
        degree: z.degree(),
        cycle_index: z.to_string(),
        terms: z
            .terms()
            .map(|(m, c)| Term {
                count: c.to_string(),
                monomial: m.to_string(),
                cycles: m.parts().to_vec(),
            })
            .collect(),
    };
    ctx.emit(&report, || {
        format!(
            "Z({}) [order {}, {}]\n{}\n",
            report.group,
            report.order,
            counted(report.degree as u64, "point", "points"),
            report.cycle_index
        )
    })
}
