//! `cgtk count …`: count arrangements up to symmetry (Burnside / Pólya), optionally
//! verified by brute-force enumeration.

use crate::cli::{counted, usage, Context};
use anyhow::{bail, Result};
use cgtk_core::BoardSize;
use cgtk_polya::{
    mu_torere_brute_force, mu_torere_count, mu_torere_group_name, BoardSymmetry, BruteForce,
    CycleIndex, MuTorereCount, NamedGroup, PatternInventory,
};
use clap::{Subcommand, ValueEnum};
use serde::Serialize;
use std::sync::atomic::{AtomicU64, Ordering};

/// The `count` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Necklaces of N beads in K colours up to rotation, or bracelets (rotation and
    /// reflection) with --bracelets.
    Necklaces(NecklaceArgs),
    /// Colourings of the cells of an R×C board up to the board's symmetries.
    Board(BoardArgs),
    /// Essentially different Mu Torere boards (8 ring points and a centre; 4 pieces per side,
    /// one point empty), by what is on the centre and how many pieces of each side are on
    /// the ring.
    MuTorere(MuTorereArgs),
}

/// Options shared by the necklace and board counts.
#[derive(Debug, clap::Args)]
pub struct CountOptions {
    /// Count only colourings with exactly this many positions of each colour, one number
    /// per colour, e.g. `4,4` (must add up to the number of positions). The work grows
    /// fast with the positions and the colours (for boards, 3 colours on 300×300 take
    /// about 10 s, on 400×400 about 50 s; a spinner shows it on a terminal). A count
    /// estimated to take more than 10 minutes (boards: 3 colours on 700×700, 4 on
    /// 300×300) is refused up front with the estimate, unless --force is given.
    #[arg(long, value_name = "A,B,...", value_delimiter = ',')]
    pub content: Option<Vec<u64>>,
    /// Count by --content even when it is estimated to take more than 10 minutes.
    #[arg(long, requires = "content")]
    pub force: bool,
    /// Also count by brute force (enumerate every colouring, keep the canonical ones) and
    /// fail unless the two counts agree.
    #[arg(long)]
    pub verify: bool,
    /// Also print the pattern inventory: the generating polynomial by content.
    #[arg(long)]
    pub inventory: bool,
    /// Colour names for the inventory, comma-separated (default a, b, c, ...).
    #[arg(
        long,
        value_name = "NAMES",
        value_delimiter = ',',
        requires = "inventory"
    )]
    pub names: Option<Vec<String>>,
}

/// `cgtk count necklaces`.
#[derive(Debug, clap::Args)]
pub struct NecklaceArgs {
    /// Number of beads (1 to 1,000,000).
    #[arg(long, value_name = "N")]
    pub beads: usize,
    /// Number of colours (at least 1).
    #[arg(short = 'k', long, value_name = "K")]
    pub colours: u64,
    /// Count bracelets: turning the necklace over also counts as the same (dihedral group).
    #[arg(long)]
    pub bracelets: bool,
    #[command(flatten)]
    pub options: CountOptions,
}

/// Which board symmetries to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BoardGroup {
    /// Rotations and reflections (D4 on a square board, the Klein four-group otherwise).
    Full,
    /// Rotations only (C4 on a square board, the half turn C2 otherwise).
    Rotations,
}

impl From<BoardGroup> for BoardSymmetry {
    fn from(g: BoardGroup) -> Self {
        match g {
            BoardGroup::Full => BoardSymmetry::Full,
            BoardGroup::Rotations => BoardSymmetry::Rotations,
        }
    }
}

/// `cgtk count board`.
#[derive(Debug, clap::Args)]
pub struct BoardArgs {
    /// The board: N for N×N or RxC for R rows and C columns (as `poggle` and `cycle-index
    /// board` take it; up to 1,000,000 cells), or give --rows and --cols.
    #[arg(
        value_name = "SIZE",
        required_unless_present_all = ["rows", "cols"],
        conflicts_with_all = ["rows", "cols"]
    )]
    pub size: Option<BoardSize>,
    /// Number of rows (with --cols, instead of SIZE).
    #[arg(long, value_name = "R", requires = "cols")]
    pub rows: Option<usize>,
    /// Number of columns (with --rows, instead of SIZE).
    #[arg(long, value_name = "C", requires = "rows")]
    pub cols: Option<usize>,
    /// Number of colours (at least 1).
    #[arg(short = 'k', long, value_name = "K")]
    pub colours: u64,
    /// Which symmetries make two colourings the same.
    #[arg(long, value_enum, default_value = "full")]
    pub group: BoardGroup,
    #[command(flatten)]
    pub options: CountOptions,
}

/// `cgtk count mu-torere`.
#[derive(Debug, clap::Args)]
pub struct MuTorereArgs {
    /// Reflections of the ring also count as the same board (D8 instead of C8).
    #[arg(long)]
    pub reflections: bool,
    /// Also count by brute force over all 630 arrangements and fail unless the counts agree.
    #[arg(long)]
    pub verify: bool,
}

/// Runs a `count` subcommand.
pub fn run(cmd: &Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::Necklaces(args) => {
            let group = if args.bracelets {
                NamedGroup::Dihedral(args.beads)
            } else {
                NamedGroup::Cyclic(args.beads)
            };
            let what = if args.bracelets {
                "Bracelets"
            } else {
                "Necklaces"
            };
            let symmetry = if args.bracelets {
                "rotation and reflection"
            } else {
                "rotation"
            };
            let title = format!(
                "{what} of {} in {} up to {symmetry} ({})",
                counted(args.beads as u64, "bead", "beads"),
                counted(args.colours, "colour", "colours"),
                group.name()
            );
            count_colourings(ctx, "necklaces", group, args.colours, &args.options, title)
        }
        Command::Board(args) => {
            let (rows, cols) = match (args.size, args.rows, args.cols) {
                (Some(size), _, _) => (size.rows, size.cols),
                (None, Some(rows), Some(cols)) => (rows, cols),
                // clap requires SIZE or both of --rows and --cols.
                _ => {
                    return Err(usage(
                        "give the board as SIZE (N or RxC) or --rows R --cols C",
                    ))
                }
            };
            let group = NamedGroup::Board {
                rows,
                cols,
                symmetry: args.group.into(),
            };
            let title = format!(
                "Colourings of a {rows}x{cols} board in {} up to {} ({})",
                counted(args.colours, "colour", "colours"),
                match args.group {
                    BoardGroup::Full => "rotation and reflection",
                    BoardGroup::Rotations => "rotation",
                },
                group.name()
            );
            count_colourings(ctx, "board", group, args.colours, &args.options, title)
        }
        Command::MuTorere(args) => mu_torere(ctx, args),
    }
}

/// What `count necklaces` and `count board` print as JSON.
#[derive(Debug, Serialize)]
struct CountReport {
    kind: &'static str,
    group: String,
    group_order: String,
    positions: usize,
    colours: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    content: Option<Vec<u64>>,
    count: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    brute_force_count: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    verified: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    inventory: Option<String>,
}

fn count_colourings(
    ctx: &Context,
    kind: &'static str,
    group: NamedGroup,
    colours: u64,
    options: &CountOptions,
    title: String,
) -> Result<()> {
    if colours == 0 {
        return Err(usage("the number of colours must be at least 1, got 0"));
    }
    // A 1000×1000 board by content, or a million beads in 2^64 colours, runs for a minute
    // or more: a spinner shows that work goes on.
    let spinner = ctx.spinner("counting");
    // The group's limits are stated in its own terms; necklaces name the option that
    // set the degree.
    let z: CycleIndex = group.cycle_index().map_err(|e| match group {
        NamedGroup::Cyclic(_) | NamedGroup::Dihedral(_) => usage(format!("--beads: {e}")),
        _ => usage(e),
    })?;
    let count = match &options.content {
        Some(content) => {
            if content.len() as u64 != colours {
                return Err(usage(format!(
                    "the content has {} but there are {}: give one count per colour",
                    counted(content.len() as u64, "entry", "entries"),
                    counted(colours, "colour", "colours")
                )));
            }
            // Hours of work used to start without a word (3 colours on a 1000×1000 board):
            // refuse up front with the estimate. A content with the wrong sum is left to
            // `count_with_content`, which says so.
            let sum: u128 = content.iter().map(|&c| u128::from(c)).sum();
            if !options.force && sum == group.degree() as u128 {
                let seconds = z.content_work(content) / 1e9;
                if seconds > MAX_CONTENT_SECONDS {
                    return Err(usage(format!(
                        "counting {} positions by content in {} would take about {} (estimated from the cycle index), more than the limit of {}; use fewer positions or colours, or add --force to run it anyway",
                        group.degree(),
                        counted(colours, "colour", "colours"),
                        crate::cli::duration_text(seconds),
                        crate::cli::duration_text(MAX_CONTENT_SECONDS)
                    )));
                }
            }
            z.count_with_content(content).map_err(usage)?
        }
        None => z.count(colours),
    };
    let inventory = if options.inventory {
        let names = colour_names(colours, options.names.as_deref())?;
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        Some(
            PatternInventory::new(&z, &names)
                .map_err(usage)?
                .to_string(),
        )
    } else {
        None
    };
    // The decimal digits of a huge count (a million beads in 2^64 colours) take a fifth of
    // the work or more: written while the spinner still shows.
    let count = count.to_string();
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
    }
    let brute_force_count = if options.verify {
        Some(brute_force(
            ctx,
            group,
            colours,
            options.content.as_deref(),
        )?)
    } else {
        None
    };
    if let Some(found) = brute_force_count {
        if found.to_string() != count {
            bail!("verification failed: brute force finds {found} orbits, Pólya counts {count}");
        }
    }
    let report = CountReport {
        kind,
        group: group.name(),
        group_order: z.order().to_string(),
        positions: group.degree(),
        colours,
        content: options.content.clone(),
        count,
        brute_force_count: brute_force_count.map(|c| c.to_string()),
        verified: brute_force_count.map(|_| true),
        inventory,
    };
    ctx.emit(&report, || {
        let mut text = title;
        if let Some(content) = &report.content {
            let shown: Vec<String> = content.iter().map(u64::to_string).collect();
            text.push_str(&format!(", content {}", shown.join(",")));
        }
        text.push_str(&format!(": {}\n", report.count));
        if let Some(inventory) = &report.inventory {
            text.push_str(&format!("pattern inventory: {inventory}\n"));
        }
        if let Some(found) = &report.brute_force_count {
            let orbits = if found == "1" { "orbit" } else { "orbits" };
            text.push_str(&format!("verified: brute force finds {found} {orbits}\n"));
        }
        text
    })
}

/// The longest a count by content may be estimated to take without `--force`.
const MAX_CONTENT_SECONDS: f64 = 600.0;

fn colour_names(colours: u64, names: Option<&[String]>) -> Result<Vec<String>> {
    match names {
        Some(names) => {
            if names.len() as u64 != colours {
                return Err(usage(format!(
                    "{} given for {}: give one name per colour",
                    counted(names.len() as u64, "colour name", "colour names"),
                    counted(colours, "colour", "colours")
                )));
            }
            // Names are checked by the inventory: repeated or empty names used to be
            // accepted and printed an inventory such as `x^4 + x^3*x + …` in which different
            // contents could not be told apart.
            Ok(names.to_vec())
        }
        None if colours <= 26 => Ok((0..colours as u8)
            .map(|i| ((b'a' + i) as char).to_string())
            .collect()),
        None => Ok((1..=colours).map(|i| format!("x{i}")).collect()),
    }
}

/// Counts orbits by enumeration, with a progress bar on a terminal.
fn brute_force(
    ctx: &Context,
    group: NamedGroup,
    colours: u64,
    content: Option<&[u64]>,
) -> Result<u64> {
    let degree = group.degree() as u64;
    if degree > cgtk_polya::MAX_GENERATED_DEGREE {
        return Err(usage(format!(
            "too large to verify by enumeration: {degree} positions (at most {} points for a generated group)",
            cgtk_polya::MAX_GENERATED_DEGREE
        )));
    }
    let brute = BruteForce::new(&group.group().map_err(usage)?).map_err(usage)?;
    match content {
        Some(content) => brute.count_with_content(content).map_err(usage),
        None => {
            let bar = ctx.progress(brute.pieces(colours), "brute force");
            let done = AtomicU64::new(0);
            let result = brute.count_by_content_with_progress(colours, &|| {
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if let Some(bar) = &bar {
                    bar.set_position(n);
                }
            });
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            Ok(result.map_err(usage)?.values().sum())
        }
    }
}

/// What `count mu-torere` prints as JSON.
#[derive(Debug, Serialize)]
struct MuTorereReport {
    group: String,
    total: String,
    count: String,
    classes: Vec<MuTorereClassReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    verified: Option<bool>,
}

#[derive(Debug, Serialize)]
struct MuTorereClassReport {
    centre: &'static str,
    ring_first: u64,
    ring_second: u64,
    count: String,
}

fn mu_torere(ctx: &Context, args: &MuTorereArgs) -> Result<()> {
    let counted: MuTorereCount = mu_torere_count(args.reflections).map_err(usage)?;
    if args.verify {
        let brute = mu_torere_brute_force(args.reflections).map_err(usage)?;
        if brute != counted {
            bail!("verification failed: brute force gives {brute:?}, Pólya gives {counted:?}");
        }
    }
    let report = MuTorereReport {
        group: mu_torere_group_name(args.reflections),
        total: counted.total.to_string(),
        count: counted.total.to_string(),
        classes: counted
            .classes
            .iter()
            .map(|c| MuTorereClassReport {
                centre: c.centre.as_str(),
                ring_first: c.ring_first,
                ring_second: c.ring_second,
                count: c.count.to_string(),
            })
            .collect(),
        verified: args.verify.then_some(true),
    };
    ctx.emit(&report, || {
        let symmetry = if args.reflections {
            "rotation and reflection"
        } else {
            "rotation"
        };
        let mut text = format!(
            "Mu Torere boards up to {symmetry} of the ring ({}): {}\n",
            report.group, report.total
        );
        text.push_str("centre  ring first  ring second  count\n");
        for c in &report.classes {
            text.push_str(&format!(
                "{:<6}  {:>10}  {:>11}  {:>5}\n",
                c.centre, c.ring_first, c.ring_second, c.count
            ));
        }
        if report.verified == Some(true) {
            text.push_str("verified: brute force over all 630 arrangements agrees\n");
        }
        text
    })
}
