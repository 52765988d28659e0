//! Poggle (Lights Out in k colours): boards, solving, counting, minimal solutions, quiet
//! patterns and GF(2) nullity tables.
//!
//! - [`BoardSpec`] → [`Board`]: an r×c board ([`BoardSize`], read from `N` or `RxC`) in
//!   k colours, plane or torus, with a press [`Pattern`] and start/goal colours, checked
//!   once.
//! - [`Board::analyze`] → [`Analysis`]: one elimination over Z/kZ, through the full
//!   (r·c)×(r·c) system for small boards and custom patterns, or through light chasing
//!   (a c×c system, 2c×2c on the torus) for large ones. It gives the exact number of
//!   solutions |ker A| ([`Analysis::kernel_size`]), the quiet patterns
//!   ([`Analysis::kernel_basis`]) and a solution for any target ([`Analysis::solve`]).
//! - [`minimal_solution`] and [`enumerate_solutions`] walk the coset of solutions;
//!   [`fewest_presses`] is the exact minimum-weight search that scales with the nullity
//!   (Gray-code walk or information sets, with limits, a lower bound and progress).
//! - [`gf2_nullity`]: the nullity of the n×n board over GF(2) through a polynomial gcd of
//!   half the degree, n = 10⁶ in seconds; [`nullity_line`] picks the fastest method for a line
//!   of a nullity table ([`nullity_method`] says which, before computing).
//! - [`BitGrid`]: bit-packed press grids and targets of 2-colour boards;
//!   [`Analysis::solve_bits`] keeps a 10000×10000 board bit-packed from end to end and
//!   [`Board::is_solution_bits`] checks A·x = b row by row. Boards are limited by memory
//!   only ([`BoardSpec::with_memory_limit`], [`Board::memory_estimate`]).
//! - [`write_png`] and [`write_presses`]: press grids as a PNG picture with a legend, or
//!   as text, PBM, PGM or CSV, written a row at a time from any [`PressRows`].
//! - [`Grid`] and [`format_grid`]: the text format of colour and press grids.
//! - [`Puzzle`]: a board to solve by hand, as a one-player game of cgtk-core's traits,
//!   with a hint from the linear algebra.
//!
//! # Example
//!
//! ```
//! use cgtk_poggle::{minimal_solution, BoardSpec, DEFAULT_SEARCH_BUDGET};
//!
//! // The 5×5 board in 3 colours, all buttons at colour 1, goal all 0.
//! let board = BoardSpec::square(5, 3).build()?;
//! let analysis = board.analyze()?;
//! let x = analysis.solve(&board.target())?.expect("solvable");
//! assert!(board.is_solution(&x));
//!
//! // Classic Lights Out 5×5: 4 solutions, the fewest presses is 15.
//! let board = BoardSpec::square(5, 2).build()?;
//! let analysis = board.analyze()?;
//! let x = analysis.solve(&board.target())?.expect("solvable");
//! let best = minimal_solution(&x, &analysis.kernel_basis(), &analysis.kernel_size(), 2,
//!                             DEFAULT_SEARCH_BUDGET);
//! assert!(best.exhaustive);
//! assert_eq!(best.total, 15);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod analysis;
mod bitgrid;
mod board;
mod chase;
mod coset;
mod error;
mod grid;
mod minweight;
mod nullity;
mod pattern;
mod picture;
mod puzzle;
mod table;

pub use analysis::{Analysis, Method};
pub use bitgrid::BitGrid;
pub use board::{Board, BoardSpec, MAX_FULL_CELLS, MAX_FULL_CELLS_GF2, SMALL_BOARD_CELLS};
/// Board sizes as users write them (`N` or `RxC`), shared with the other crates.
pub use cgtk_core::{BoardSize, BoardSizeError};
pub use coset::{
    enumerate_solutions, minimal_solution, total_presses, walk_coset, MinimalSearch,
    DEFAULT_SEARCH_BUDGET,
};
pub use error::{BoardError, GridError, PatternError, SolveError};
pub use grid::{format_grid, Grid};
pub use minweight::{
    board_involutions, board_symmetries, coset_minimum_gf2, coset_minimum_gf2_by, coset_minimum_zk,
    fewest_presses, CosetMinimum, FewestPresses, SearchLimits, SearchMethod, SearchProgress,
    COUNT_DIM, MAX_NULLITY, ZK_WALK_BUDGET,
};
pub use nullity::{
    gf2_nullity, gf2_nullity_direct, gf2_nullity_with_progress, path_polynomial,
    path_polynomial_by_recurrence,
};
/// Exact kernel sizes and solution counts are big integers.
pub use num_bigint::BigUint;
pub use pattern::{Pattern, MAX_OFFSET, MAX_PATTERN_LEN};
pub use picture::{
    default_cell_size, palette, write_png, write_presses, CellRows, PictureError, PictureLayout,
    PressFormat, PressRows, MAX_PICTURE_COLOURS,
};
pub use puzzle::{Puzzle, PuzzleError, MAX_PLAY_COLS, MAX_PLAY_ROWS};
pub use table::{
    nullity_line, nullity_line_with, nullity_method, nullity_method_within, polynomial_memory,
    NullityLine, NullityMethod, TableError,
};
