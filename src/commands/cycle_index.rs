//! `cgtk cycle-index …`: the cycle index of a named group or of generating permutations.

use crate::cli::{usage, Context};
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
    /// 60); N or RxC for a board (e.g. 3 or 3x4); the number of points for generators.
    pub size: String,
    /// For a board: full (rotations and reflections) or rotations only.
    #[arg(long, value_enum, default_value = "full")]
    pub group: BoardGroupArg,
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
        let group = PermGroup::from_generators(degree, gens).map_err(usage)?;
        let z = CycleIndex::of_group(&group, MAX_LISTED).map_err(usage)?;
        let shown: Vec<String> = group.generators().iter().map(Perm::to_string).collect();
        (format!("<{}> on {degree} points", shown.join(", ")), z)
    } else {
        let mut named = NamedGroup::parse(&args.family, &args.size).map_err(usage)?;
        if let NamedGroup::Board { symmetry, .. } = &mut named {
            *symmetry = match args.group {
                BoardGroupArg::Full => BoardSymmetry::Full,
                BoardGroupArg::Rotations => BoardSymmetry::Rotations,
            };
        }
        (named.name(), named.cycle_index().map_err(usage)?)
    };
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
            "Z({}) [order {}, {} points]\n{}\n",
            report.group, report.order, report.degree, report.cycle_index
        )
    })
}
