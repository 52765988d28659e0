//! Retrograde analysis over any game with a perfect index, and the table file format.
//!
//! - [`solve`] computes, for every position of a game implementing cgtk-core's
//!   [`Predecessors`](cgtk_core::Predecessors) (a [`PerfectIndex`](cgtk_core::PerfectIndex)
//!   with un-moves), whether the side to move wins, loses or draws, and in how many plies
//!   under best play. It returns a [`Solution`]: one 16-bit entry per index. A game whose
//!   index is reduced by symmetries (one index for all images of a position, as Four Field
//!   Kono's) is solved on the reduced index unchanged; [`Solution::position_counts`]
//!   counts positions rather than indices.
//! - [`reachable`] finds the positions reachable from a start position (for a reduced
//!   index, which images of each class are reachable).
//! - [`write_table`] and [`Table`] write and read table files (format in
//!   `docs/table-format.md`): magic bytes, version, game, variant, index scheme, entry
//!   encoding, checksums, optional run-length compression in independent blocks, so that
//!   probing one position reads and decompresses a single block.
//! - [`GameTable`] opens a table for a game ([`TableGame`](cgtk_core::TableGame): its id,
//!   index scheme and variant are checked once, the checksums before any answer) and
//!   answers by position: a verdict, and every move ranked best first.
//! - [`audit`] measures how often any move-choosing policy throws a won position away.
//!
//! # Example
//!
//! ```
//! use cgtk_core::{PerfectIndex, Value};
//! use cgtk_games::fox_hounds::FoxHounds;
//! use cgtk_retro::{solve, write_table, Compression, Table, TableSpec};
//!
//! let start = FoxHounds::start(Default::default());
//! let solution = solve(&start, &|_| {}).unwrap();
//! // The hounds win with correct play: the fox, to move, loses.
//! let v = solution.verdict(start.index()).unwrap();
//! assert_eq!(v.value, Value::Loss);
//!
//! let mut file = Vec::new();
//! let spec = TableSpec { game: "fox-hounds", variant: "standard", scheme: "fox-hounds-v1",
//!                        compression: Compression::RunLength, block_entries: 1 << 16 };
//! write_table(&mut file, &spec, solution.entries()).unwrap();
//! let mut table = Table::open(std::io::Cursor::new(file)).unwrap();
//! assert_eq!(table.get(start.index()).unwrap(), Some(v));
//! ```
#![deny(missing_docs)]

mod audit;
mod crc;
mod engine;
mod entry;
mod game_table;
mod reach;
mod table;

pub use audit::{audit, won_positions, Audit, Blunder};
pub use crc::{crc32, Crc32};
pub use engine::{solve, Counts, Progress, Solution, SolveError};
pub use entry::{decode_entry, encode_entry, Verdict, MAX_DISTANCE};
pub use game_table::{write_game_table, GameTable, GameTableError};
pub use reach::{reachable, Reachable, MAX_SYMMETRIES};
pub use table::{
    write_table, Compression, Table, TableError, TableHeader, TableSpec, DEFAULT_BLOCK_ENTRIES,
    FORMAT_VERSION, MAGIC, MAX_BLOCK_ENTRIES,
};
