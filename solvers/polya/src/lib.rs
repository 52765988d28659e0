//! Counting arrangements up to symmetry: permutation groups, cycle indices, Burnside and
//! Pólya counting, and a brute-force orbit counter that checks them.
//!
//! - [`Perm`]: a permutation of `0..n`; [`PermGroup`]: the group its generators generate,
//!   held as a stabiliser chain (Schreier–Sims), with order, membership and elements.
//! - [`NamedGroup`]: cyclic C_n, dihedral D_n, symmetric S_n, and the symmetries of an r×c
//!   board ([`BoardSymmetry`]); [`PermGroup::with_fixed_points`] for groups acting on several
//!   orbits (a ring rotating around a fixed centre, as in [`mu_torere_count`]).
//! - [`CycleIndex`]: the cycle index with exact coefficients, closed formulas for the named
//!   groups (S_n through integer partitions, never its n! elements); [`CycleIndex::count`]
//!   (Burnside) and [`CycleIndex::count_with_content`] (Pólya) with big integers.
//! - [`PatternInventory`]: the generating polynomial over named colours.
//! - [`BruteForce`]: enumerate colourings and count canonical representatives, an
//!   independent check of every count small enough to enumerate.
//!
//! # Examples
//! ```
//! use cgtk_polya::{BruteForce, CycleIndex, NamedGroup};
//! // Mu Torere's 8 ring points under rotation.
//! let z = CycleIndex::cyclic(8).unwrap();
//! assert_eq!(z.to_string(), "(g1^8 + g2^4 + 2*g4^2 + 4*g8)/8");
//! // 3-coloured bracelets of 10 beads, by Pólya and by brute force.
//! let d10 = NamedGroup::Dihedral(10);
//! let polya = d10.cycle_index().unwrap().count(3);
//! let brute = BruteForce::new(&d10.group().unwrap()).unwrap().count(3).unwrap();
//! assert_eq!(polya.to_string(), "3210");
//! assert_eq!(brute, 3210);
//! // Exact for any size.
//! let big = CycleIndex::cyclic(1000).unwrap().count(3);
//! assert_eq!(big.to_string().len(), 475);
//! ```
#![deny(missing_docs)]

mod brute;
mod cycle_index;
mod error;
mod group;
mod inventory;
mod mu_torere;
mod named;
mod perm;

pub use brute::BruteForce;
/// Board sizes as users write them (`N` or `RxC`), shared with the other crates.
pub use cgtk_core::{BoardSize, BoardSizeError};
pub use cycle_index::{divisors, euler_phi, CycleIndex, Monomial};
pub use error::{CountError, GroupError, PermError};
pub use group::PermGroup;
pub use inventory::PatternInventory;
pub use mu_torere::{
    mu_torere_brute_force, mu_torere_count, mu_torere_group, mu_torere_group_name, Centre,
    MuTorereClass, MuTorereCount,
};
pub use named::{
    board_symmetries, BoardSymmetry, NamedGroup, MAX_BOARD_CELLS, MAX_GENERATED_DEGREE,
};
pub use perm::Perm;
