//! Mu Torere boards up to symmetry: 8 ring points that rotate (and reflect) around a fixed
//! centre; 4 pieces per side and one empty point.

use crate::brute::{next_permutation, BruteForce};
use crate::cycle_index::CycleIndex;
use crate::error::CountError;
use crate::group::PermGroup;
use crate::named::NamedGroup;
use num_bigint::BigUint;

/// Ring points are `0..8` in order around the ring; the centre is point 8.
pub const RING: usize = 8;
/// The centre's point number.
pub const CENTRE: usize = 8;
/// Pieces per side.
pub const PIECES: u64 = 4;

/// What stands on the centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Centre {
    /// The centre is the empty point.
    Empty,
    /// A piece of the first player.
    First,
    /// A piece of the second player.
    Second,
}

impl Centre {
    /// `empty`, `first`, `second`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Centre::Empty => "empty",
            Centre::First => "first",
            Centre::Second => "second",
        }
    }
}

/// The boards of one class: what is on the centre and how many pieces of each side stand
/// on the ring, with the number of essentially different boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MuTorereClass {
    /// What is on the centre.
    pub centre: Centre,
    /// First player's pieces on the ring.
    pub ring_first: u64,
    /// Second player's pieces on the ring.
    pub ring_second: u64,
    /// Essentially different boards in the class.
    pub count: BigUint,
}

/// The count of Mu Torere boards up to the ring's symmetries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MuTorereCount {
    /// Whether reflections of the ring count as symmetries (D8) or only rotations (C8).
    pub reflections: bool,
    /// Every board up to symmetry.
    pub total: BigUint,
    /// By centre and ring content, centre empty first.
    pub classes: Vec<MuTorereClass>,
}

/// The symmetry group of the board: C8 (or D8) on the ring, the centre fixed, as
/// permutations of the 9 points.
pub fn mu_torere_group(reflections: bool) -> PermGroup {
    let ring = if reflections {
        NamedGroup::Dihedral(RING)
    } else {
        NamedGroup::Cyclic(RING)
    };
    // The ring group of 8 points always builds; fall back to the trivial group otherwise.
    ring.group()
        .map(|g| g.with_fixed_points(1))
        .unwrap_or_else(|_| PermGroup::trivial(RING + 1))
}

/// The ring group's name: `C8 on the ring, centre fixed`.
pub fn mu_torere_group_name(reflections: bool) -> String {
    let ring = if reflections { "D8" } else { "C8" };
    format!("{ring} on the ring, centre fixed")
}

/// Content of the board as (first, second, empty) for a class.
fn ring_content(centre: Centre) -> [u64; 3] {
    match centre {
        Centre::Empty => [PIECES, PIECES, 0],
        Centre::First => [PIECES - 1, PIECES, 1],
        Centre::Second => [PIECES, PIECES - 1, 1],
    }
}

/// Counts by Pólya: the ring's cycle index with the figures first + second + empty; the
/// total from the cycle index of the whole board (ring × fixed centre) with content
/// (4, 4, 1).
///
/// # Examples
/// ```
/// let count = cgtk_polya::mu_torere_count(false).unwrap();
/// assert_eq!(count.total.to_string(), "80");
/// assert_eq!(count.classes[0].count.to_string(), "10"); // centre empty
/// ```
pub fn mu_torere_count(reflections: bool) -> Result<MuTorereCount, CountError> {
    let ring = if reflections {
        CycleIndex::dihedral(RING)
    } else {
        CycleIndex::cyclic(RING)
    };
    let ring = ring?;
    let centre = CycleIndex::symmetric(1)?;
    let board = ring.product(&centre);
    let total = board.count_with_content(&[PIECES, PIECES, 1])?;
    let mut classes = Vec::new();
    for c in [Centre::Empty, Centre::First, Centre::Second] {
        let content = ring_content(c);
        classes.push(MuTorereClass {
            centre: c,
            ring_first: content[0],
            ring_second: content[1],
            count: ring.count_with_content(&content)?,
        });
    }
    Ok(MuTorereCount {
        reflections,
        total,
        classes,
    })
}

/// Counts by brute force: every arrangement of 4 + 4 pieces and one empty point on the 9
/// points, keeping those that are smallest in their orbit under the board's group.
pub fn mu_torere_brute_force(reflections: bool) -> Result<MuTorereCount, CountError> {
    let group = mu_torere_group(reflections);
    let brute = BruteForce::new(&group)?;
    // Colours: 0 = first, 1 = second, 2 = empty.
    let mut arrangement: Vec<u8> = [0u8; 4].into_iter().chain([1u8; 4]).chain([2u8]).collect();
    let mut counts = [0u64; 3];
    loop {
        if brute.is_canonical(&arrangement) {
            let class = match arrangement[CENTRE] {
                2 => 0,
                0 => 1,
                _ => 2,
            };
            counts[class] += 1;
        }
        if !next_permutation(&mut arrangement) {
            break;
        }
    }
    let classes = [Centre::Empty, Centre::First, Centre::Second]
        .into_iter()
        .zip(counts)
        .map(|(c, n)| {
            let content = ring_content(c);
            MuTorereClass {
                centre: c,
                ring_first: content[0],
                ring_second: content[1],
                count: BigUint::from(n),
            }
        })
        .collect();
    Ok(MuTorereCount {
        reflections,
        total: BigUint::from(counts.iter().sum::<u64>()),
        classes,
    })
}
