//! The named groups: cyclic, dihedral, symmetric, and the symmetries of a board.

use crate::cycle_index::{check_size, CycleIndex};
use crate::error::GroupError;
use crate::group::PermGroup;
use crate::perm::Perm;
use cgtk_core::BoardSize;

/// Which symmetries of a board count as "the same position".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardSymmetry {
    /// Rotations and reflections: the dihedral group of the square (order 8) on an n×n
    /// board, the Klein four-group (order 4) on an r×c board with r ≠ c.
    Full,
    /// Rotations only: C4 on an n×n board, C2 (the half turn) on an r×c board.
    Rotations,
}

/// A group known by name, acting on numbered points: beads `0..n` around a ring, or the
/// cells of a board numbered row by row.
///
/// Cyclic, dihedral and symmetric groups get their cycle index from closed formulas, so
/// their sizes may be large (a million beads; S_n up to n = 60); boards list their at most
/// eight symmetries.
///
/// # Examples
/// ```
/// use cgtk_polya::{NamedGroup, BoardSymmetry};
/// let board = NamedGroup::Board { rows: 3, cols: 3, symmetry: BoardSymmetry::Full };
/// assert_eq!(board.name(), "D4 on the cells of a 3x3 board");
/// let z = board.cycle_index().unwrap();
/// assert_eq!(z.to_string(), "(g1^9 + 4*g1^3*g2^3 + g1*g2^4 + 2*g1*g4^2)/8");
/// assert_eq!(z.count(2).to_string(), "102");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NamedGroup {
    /// C_n: the rotations of n beads on a ring.
    Cyclic(usize),
    /// D_n: the rotations and reflections of n beads on a ring (order 2n).
    Dihedral(usize),
    /// S_n: every permutation of n points.
    Symmetric(usize),
    /// The symmetries of a rows × cols board acting on its cells.
    Board {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
        /// Which symmetries.
        symmetry: BoardSymmetry,
    },
}

/// The most cells a board group may have.
pub const MAX_BOARD_CELLS: u64 = 1_000_000;
/// The most points a named group may have when built from generators.
pub const MAX_GENERATED_DEGREE: u64 = 2_048;

impl NamedGroup {
    /// Parses a family name (`cyclic`, `dihedral`, `symmetric`, `board`) and a size (`N`;
    /// for a board `N` or `RxC`, read as a [`BoardSize`], and the board gets its full
    /// symmetry group).
    ///
    /// ```
    /// use cgtk_polya::{BoardSymmetry, GroupError, NamedGroup};
    /// let board = NamedGroup::Board { rows: 3, cols: 4, symmetry: BoardSymmetry::Full };
    /// assert_eq!(NamedGroup::parse("board", "3x4"), Ok(board));
    /// assert_eq!(NamedGroup::parse("board", "3×4"), Ok(board));
    /// assert_eq!(NamedGroup::parse("dihedral", "8"), Ok(NamedGroup::Dihedral(8)));
    /// assert!(matches!(NamedGroup::parse("board", "3y3"), Err(GroupError::BoardSize(_))));
    /// ```
    pub fn parse(family: &str, size: &str) -> Result<NamedGroup, GroupError> {
        let number = || -> Result<usize, GroupError> {
            size.trim()
                .parse::<usize>()
                .map_err(|_| GroupError::BadSize(size.to_string()))
        };
        let group = match family.to_ascii_lowercase().as_str() {
            "cyclic" | "c" => NamedGroup::Cyclic(number()?),
            "dihedral" | "d" => NamedGroup::Dihedral(number()?),
            "symmetric" | "s" => NamedGroup::Symmetric(number()?),
            "board" => {
                let BoardSize { rows, cols } = size.parse()?;
                NamedGroup::Board {
                    rows,
                    cols,
                    symmetry: BoardSymmetry::Full,
                }
            }
            _ => return Err(GroupError::UnknownGroup(family.to_string())),
        };
        group.check()?;
        Ok(group)
    }

    /// Checks the size is within what is supported.
    pub fn check(&self) -> Result<(), GroupError> {
        match *self {
            // A group's degree is its number of points; "the number of beads" was said of
            // `cycle-index cyclic 0`, where no necklace is in sight.
            NamedGroup::Cyclic(n) => check_size("the degree of the cyclic group", n, 1, 1_000_000),
            NamedGroup::Dihedral(n) => {
                check_size("the degree of the dihedral group", n, 1, 1_000_000)
            }
            NamedGroup::Symmetric(n) => check_size(
                "the degree of the symmetric group",
                n,
                1,
                CycleIndex::MAX_SYMMETRIC as u64,
            ),
            NamedGroup::Board { rows, cols, .. } => {
                check_size("the number of rows", rows, 1, MAX_BOARD_CELLS)?;
                check_size("the number of columns", cols, 1, MAX_BOARD_CELLS)?;
                check_size("the number of cells", rows * cols, 1, MAX_BOARD_CELLS)
            }
        }
    }

    /// The usual name: `C8`, `D8`, `S5`, `D4 on the cells of a 3x3 board`, ...
    pub fn name(&self) -> String {
        match *self {
            NamedGroup::Cyclic(n) => format!("C{n}"),
            // D1 and D2 act on their beads as the trivial group and C2.
            NamedGroup::Dihedral(1) => "D1 acting as the trivial group".to_string(),
            NamedGroup::Dihedral(2) => "D2 acting as C2".to_string(),
            NamedGroup::Dihedral(n) => format!("D{n}"),
            NamedGroup::Symmetric(n) => format!("S{n}"),
            NamedGroup::Board {
                rows,
                cols,
                symmetry,
            } => {
                // Named by the group the symmetries form, not by the square's: a 1x1 board
                // has only the identity (it was called D4, of order 1) and a 1xN board only
                // the half turn (it was called the Klein four-group, of order 2).
                let thin = rows == 1 || cols == 1;
                let name = match (symmetry, rows == cols) {
                    _ if rows == 1 && cols == 1 => "the trivial group",
                    (BoardSymmetry::Full, true) => "D4",
                    (BoardSymmetry::Full, false) if thin => "C2",
                    (BoardSymmetry::Full, false) => "Klein four-group",
                    (BoardSymmetry::Rotations, true) => "C4",
                    (BoardSymmetry::Rotations, false) => "C2",
                };
                format!("{name} on the cells of a {rows}x{cols} board")
            }
        }
    }

    /// The number of points acted on.
    pub fn degree(&self) -> usize {
        match *self {
            NamedGroup::Cyclic(n) | NamedGroup::Dihedral(n) | NamedGroup::Symmetric(n) => n,
            NamedGroup::Board { rows, cols, .. } => rows * cols,
        }
    }

    /// The cycle index: closed formulas for cyclic, dihedral and symmetric groups, the
    /// listed symmetries for a board.
    ///
    /// ```
    /// use cgtk_polya::NamedGroup;
    /// let d6 = NamedGroup::Dihedral(6).cycle_index().unwrap();
    /// // The identity, 3 reflections through two beads, 3 through none and the half turn,
    /// // the turns by a third, the turns by a sixth.
    /// assert_eq!(d6.to_string(), "(g1^6 + 3*g1^2*g2^2 + 4*g2^3 + 2*g3^2 + 2*g6)/12");
    /// assert_eq!(d6.count(2), 13u32.into()); // 2-coloured bracelets of 6 beads, OEIS A000029
    /// // Up to every permutation a colouring is a multiset: C(4 + 3 − 1, 3 − 1) = 15.
    /// assert_eq!(NamedGroup::Symmetric(4).cycle_index().unwrap().count(3), 15u32.into());
    /// assert!(NamedGroup::Cyclic(0).cycle_index().is_err());
    /// ```
    pub fn cycle_index(&self) -> Result<CycleIndex, GroupError> {
        self.check()?;
        match *self {
            NamedGroup::Cyclic(n) => CycleIndex::cyclic(n),
            NamedGroup::Dihedral(n) => CycleIndex::dihedral(n),
            NamedGroup::Symmetric(n) => CycleIndex::symmetric(n),
            NamedGroup::Board {
                rows,
                cols,
                symmetry,
            } => Ok(CycleIndex::from_elements(
                rows * cols,
                &board_symmetries(rows, cols, symmetry),
            )),
        }
    }

    /// The group as permutations, built from generators by Schreier–Sims (for groups on at
    /// most [`MAX_GENERATED_DEGREE`] points).
    ///
    /// For n = 1, 2 the dihedral group's reflections coincide with rotations, so the group
    /// built here is C_n, as in [`CycleIndex::dihedral`].
    pub fn group(&self) -> Result<PermGroup, GroupError> {
        self.check()?;
        let n = self.degree();
        check_size(
            "the number of points of a generated group",
            n,
            1,
            MAX_GENERATED_DEGREE,
        )?;
        let rotation = || Perm::from_images((0..n as u32).map(|i| (i + 1) % n as u32).collect());
        let reflection =
            || Perm::from_images((0..n as u32).map(|i| (n as u32 - i) % n as u32).collect());
        let gens = match *self {
            NamedGroup::Cyclic(_) => vec![rotation()],
            NamedGroup::Dihedral(_) => vec![rotation(), reflection()],
            NamedGroup::Symmetric(_) => {
                let mut swap: Vec<u32> = (0..n as u32).collect();
                swap.swap(0, n.min(2) - 1);
                vec![rotation(), Perm::from_images(swap)]
            }
            NamedGroup::Board {
                rows,
                cols,
                symmetry,
            } => board_generators(rows, cols, symmetry)
                .into_iter()
                .map(Ok)
                .collect(),
        };
        let gens: Vec<Perm> = gens.into_iter().collect::<Result<_, _>>()?;
        PermGroup::from_generators(n, gens)
    }
}

/// A board symmetry as a permutation of cells: `map(row, col)` gives the new cell.
fn board_perm(rows: usize, cols: usize, map: impl Fn(usize, usize) -> (usize, usize)) -> Perm {
    let mut images = vec![0u32; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            let (r2, c2) = map(r, c);
            images[r * cols + c] = (r2 * cols + c2) as u32;
        }
    }
    Perm::from_images(images).unwrap_or_else(|_| Perm::identity(rows * cols))
}

fn board_generators(rows: usize, cols: usize, symmetry: BoardSymmetry) -> Vec<Perm> {
    let quarter = || board_perm(rows, cols, |r, c| (c, rows - 1 - r));
    let half = || board_perm(rows, cols, |r, c| (rows - 1 - r, cols - 1 - c));
    let mirror = || board_perm(rows, cols, |r, c| (r, cols - 1 - c));
    let flip = || board_perm(rows, cols, |r, c| (rows - 1 - r, c));
    match (symmetry, rows == cols) {
        (BoardSymmetry::Full, true) => vec![quarter(), mirror()],
        (BoardSymmetry::Full, false) => vec![mirror(), flip()],
        (BoardSymmetry::Rotations, true) => vec![quarter()],
        (BoardSymmetry::Rotations, false) => vec![half()],
    }
}

/// A map of board cells, `(row, col)` to `(row, col)`.
type CellMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;

/// Every symmetry of the board (as permutations of cells, without repeats: on a 1×c board
/// the vertical flip is the identity).
pub fn board_symmetries(rows: usize, cols: usize, symmetry: BoardSymmetry) -> Vec<Perm> {
    let (r1, c1) = (rows - 1, cols - 1);
    let mut maps: Vec<CellMap> = vec![
        Box::new(|r, c| (r, c)),
        Box::new(move |r, c| (r1 - r, c1 - c)),
    ];
    match (symmetry, rows == cols) {
        (BoardSymmetry::Rotations, false) => {}
        (BoardSymmetry::Full, false) => {
            maps.push(Box::new(move |r, c| (r, c1 - c)));
            maps.push(Box::new(move |r, c| (r1 - r, c)));
        }
        (BoardSymmetry::Rotations, true) => {
            maps.push(Box::new(move |r, c| (c, r1 - r)));
            maps.push(Box::new(move |r, c| (c1 - c, r)));
        }
        (BoardSymmetry::Full, true) => {
            maps.push(Box::new(move |r, c| (c, r1 - r)));
            maps.push(Box::new(move |r, c| (c1 - c, r)));
            maps.push(Box::new(move |r, c| (r, c1 - c)));
            maps.push(Box::new(move |r, c| (r1 - r, c)));
            maps.push(Box::new(|r, c| (c, r)));
            maps.push(Box::new(move |r, c| (c1 - c, r1 - r)));
        }
    }
    let mut perms: Vec<Perm> = maps.iter().map(|m| board_perm(rows, cols, m)).collect();
    perms.sort();
    perms.dedup();
    perms
}
