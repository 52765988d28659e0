//! A table file opened for one game: its identity checked once, its checksums verified
//! before any answer, and look-ups by position rather than by index.

use crate::engine::Solution;
use crate::entry::Verdict;
use crate::table::{write_table, Compression, TableSpec, DEFAULT_BLOCK_ENTRIES};
use crate::table::{Table, TableError, TableHeader};
use cgtk_core::{Notation, PerfectIndex, TableGame, Value};
use std::cmp::Ordering;
use std::io::{Read, Seek};

/// Why a table cannot answer for a game, or could not answer a look-up.
#[derive(Debug, thiserror::Error)]
pub enum GameTableError {
    /// The file could not be read, is damaged, or is for another game.
    #[error(transparent)]
    Table(#[from] TableError),
    /// The table was written with another index scheme than the game's.
    #[error("index scheme {found:?} is not {expected:?}, the one this program uses for {game}")]
    Scheme {
        /// The game's id.
        game: &'static str,
        /// The scheme in the file.
        found: String,
        /// The game's scheme ([`TableGame::SCHEME`]).
        expected: &'static str,
    },
    /// The table holds another variant's values.
    #[error("table is for variant {found:?}, not {expected:?}")]
    Variant {
        /// The variant in the file.
        found: String,
        /// The variant asked for.
        expected: String,
    },
    /// The table's size is not the game's index size.
    #[error("table has {found} entries; {game} ({variant}) has {expected} positions")]
    EntryCount {
        /// The game's id.
        game: &'static str,
        /// The variant asked for.
        variant: String,
        /// Entries in the file.
        found: u64,
        /// The game's index size.
        expected: u64,
    },
    /// A position that must be in the table is not: the table does not match the game.
    #[error("the table has no entry for position {position:?}: it does not match this game")]
    NoEntry {
        /// The position, in the game's notation.
        position: String,
    },
    /// An entry names a position the game's index does not have.
    #[error("entry {index} is not a legal position of {game}: the table does not match this game")]
    NoPosition {
        /// The game's id.
        game: &'static str,
        /// The entry's index.
        index: u64,
    },
}

/// A table file bound to a game: opened with [`GameTable::new`] (or
/// [`open`](GameTable::open), [`open_path`](GameTable::open_path)), which checks the
/// game id, index scheme, variant and entry count against the game and verifies the
/// payload checksum before anything is answered.
///
/// ```
/// use cgtk_core::{Notation, PerfectIndex, TableGame, Value};
/// use cgtk_games::mu_torere::MuTorere;
/// use cgtk_retro::{solve, write_game_table, Compression, GameTable};
/// use std::io::Cursor;
///
/// let start = MuTorere::start(Default::default());
/// let solution = solve(&start, &|_| {}).unwrap();
/// let mut file = Vec::new();
/// write_game_table(&mut file, &start, Compression::RunLength, &solution).unwrap();
///
/// let mut table = GameTable::open(Cursor::new(file.clone()), &start).unwrap();
/// assert_eq!(table.verdict(&start).unwrap().unwrap().value, Value::Draw);
/// // Every move, best first: neither keeps more than the draw.
/// let moves = table.move_verdicts(&start).unwrap();
/// assert_eq!(moves.len(), 2);
/// assert!(moves.iter().all(|(_, v)| v.value == Value::Draw));
///
/// // A damaged payload is refused before any answer.
/// let last = file.len() - 1;
/// file[last] ^= 1;
/// assert!(GameTable::open(Cursor::new(file), &start).is_err());
/// // A table of another variant is refused too.
/// let other = MuTorere::start("first-two-turns".parse().unwrap());
/// let mut file = Vec::new();
/// write_game_table(&mut file, &start, Compression::RunLength, &solution).unwrap();
/// assert!(GameTable::open(Cursor::new(file), &other).is_err());
/// ```
#[derive(Debug)]
pub struct GameTable<G, R> {
    table: Table<R>,
    start: G,
}

impl<G: TableGame> GameTable<G, std::io::BufReader<std::fs::File>> {
    /// Opens the table file at `path` for `game`'s variant (see [`GameTable::new`]).
    pub fn open_path(path: &std::path::Path, game: &G) -> Result<Self, GameTableError> {
        GameTable::new(Table::open_path(path)?, game)
    }
}

impl<G: TableGame, R: Read + Seek> GameTable<G, R> {
    /// Opens a table from `reader` for `game`'s variant (see [`GameTable::new`]).
    pub fn open(reader: R, game: &G) -> Result<Self, GameTableError> {
        GameTable::new(Table::open(reader)?, game)
    }

    /// Binds an open table to `game` (any position of the variant): fails unless the
    /// table is for [`G::GAME`](TableGame::GAME) in [`G::SCHEME`](TableGame::SCHEME),
    /// holds this variant's values and one entry per index, and unless its payload
    /// checksum holds.
    pub fn new(mut table: Table<R>, game: &G) -> Result<Self, GameTableError> {
        table.expect_game(G::GAME)?;
        let header = table.header();
        if header.scheme != G::SCHEME {
            return Err(GameTableError::Scheme {
                game: G::GAME,
                found: header.scheme.clone(),
                expected: G::SCHEME,
            });
        }
        if !game.table_variant_matches(&header.variant) {
            return Err(GameTableError::Variant {
                found: header.variant.clone(),
                expected: game.variant_text(),
            });
        }
        if header.entry_count != game.index_size() {
            return Err(GameTableError::EntryCount {
                game: G::GAME,
                variant: game.variant_text(),
                found: header.entry_count,
                expected: game.index_size(),
            });
        }
        table.verify()?;
        Ok(GameTable {
            table,
            start: game.clone(),
        })
    }

    /// The table's header.
    pub fn header(&self) -> &TableHeader {
        self.table.header()
    }

    /// The verdict of `position` for its side to move; `None` when the table says it is
    /// not a legal position.
    pub fn verdict(&mut self, position: &G) -> Result<Option<Verdict>, GameTableError> {
        Ok(self.table.get(position.index())?)
    }

    /// Every legal move of `position` with its verdict for the side to move, best first
    /// (see [`Verdict`]'s order); moves of equal value keep the game's move order.
    pub fn move_verdicts(&mut self, position: &G) -> Result<Vec<(G::Move, Verdict)>, GameTableError>
    where
        G: Notation,
    {
        rank_moves(position, |child| {
            self.table
                .get(child.index())?
                .ok_or_else(|| GameTableError::NoEntry {
                    position: child.position_text(),
                })
        })
    }

    /// The best move of `position` by the table (fastest win, else a draw, else the
    /// slowest loss) with its verdict for the side to move; `None` without legal moves.
    pub fn best_move(&mut self, position: &G) -> Result<Option<(G::Move, Verdict)>, GameTableError>
    where
        G: Notation,
    {
        Ok(self.move_verdicts(position)?.into_iter().next())
    }

    /// The number of blocks, for [`block_positions`](GameTable::block_positions).
    pub fn block_count(&self) -> u32 {
        self.table.header().block_count
    }

    /// The positions of block `k` (one per index: a class's representative for a
    /// symmetry-reduced index) with their verdicts, in index order.
    pub fn block_positions(&mut self, k: u32) -> Result<Vec<(G, Verdict)>, GameTableError> {
        let first = k as u64 * self.table.header().block_entries as u64;
        let entries = self.table.block(k)?.to_vec();
        let mut out = Vec::new();
        for (j, raw) in entries.into_iter().enumerate() {
            let Some(verdict) = crate::entry::decode_entry(raw).ok().flatten() else {
                continue;
            };
            let index = first + j as u64;
            let position = self
                .start
                .position_at(index)
                .ok_or(GameTableError::NoPosition {
                    game: G::GAME,
                    index,
                })?;
            out.push((position, verdict));
        }
        Ok(out)
    }
}

impl Verdict {
    /// The verdict for the player who moved into a position with verdict `self`: the
    /// value seen from the other side, one ply further from the end.
    ///
    /// ```
    /// use cgtk_core::Value;
    /// use cgtk_retro::Verdict;
    /// let child = Verdict { value: Value::Loss, distance: Some(4) };
    /// assert_eq!(child.before_move(), Verdict { value: Value::Win, distance: Some(5) });
    /// ```
    pub fn before_move(self) -> Verdict {
        Verdict {
            value: self.value.negate(),
            distance: self.distance.map(|d| d + 1),
        }
    }

    fn rank(&self) -> (u8, i64, Option<u32>) {
        let d = self.distance.unwrap_or(0) as i64;
        let key = match self.value {
            Value::Win => (2, -d),
            Value::Draw => (1, 0),
            Value::Loss => (0, d),
        };
        (key.0, key.1, self.distance)
    }
}

/// Verdicts are ordered by how good they are for the side to move: any win is above any
/// draw, which is above any loss; a faster win and a slower loss are better.
///
/// ```
/// use cgtk_core::Value;
/// use cgtk_retro::Verdict;
/// let win = |d| Verdict { value: Value::Win, distance: Some(d) };
/// let loss = |d| Verdict { value: Value::Loss, distance: Some(d) };
/// let draw = Verdict { value: Value::Draw, distance: None };
/// assert!(win(3) > win(5) && win(99) > draw && draw > loss(99) && loss(9) > loss(2));
/// ```
impl Ord for Verdict {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Verdict {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Every legal move of `position` with its verdict for the side to move, best first
/// (stable: equal verdicts keep the move order). A finished child is judged by the rules'
/// outcome; any other by `child`'s verdict, seen from the mover.
fn rank_moves<G: PerfectIndex, E>(
    position: &G,
    mut child: impl FnMut(&G) -> Result<Verdict, E>,
) -> Result<Vec<(G::Move, Verdict)>, E> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mover = position.to_move();
    let mut next = position.clone();
    let mut rows = Vec::with_capacity(moves.len());
    for mv in moves {
        let undo = next.make(mv);
        let verdict = match next.outcome() {
            Some(o) => {
                let value = o.value_for(mover);
                Ok(Verdict {
                    value,
                    distance: (value != Value::Draw).then_some(1),
                })
            }
            None => child(&next).map(Verdict::before_move),
        };
        next.unmake(mv, undo);
        rows.push((mv, verdict?));
    }
    rows.sort_by_key(|row| std::cmp::Reverse(row.1));
    Ok(rows)
}

impl Solution {
    /// Every legal move of `position` with its verdict for the side to move, best first,
    /// as [`GameTable::move_verdicts`] gives them from a file.
    pub fn move_verdicts<G: PerfectIndex + Notation>(
        &self,
        position: &G,
    ) -> Result<Vec<(G::Move, Verdict)>, GameTableError> {
        rank_moves(position, |child| {
            self.verdict(child.index())
                .ok_or_else(|| GameTableError::NoEntry {
                    position: child.position_text(),
                })
        })
    }

    /// The best move of `position` with its verdict for the side to move, as
    /// [`GameTable::best_move`] gives it from a file.
    pub fn best_move<G: PerfectIndex + Notation>(
        &self,
        position: &G,
    ) -> Result<Option<(G::Move, Verdict)>, GameTableError> {
        Ok(self.move_verdicts(position)?.into_iter().next())
    }
}

/// Writes `solution` (solved from `game`'s variant) as a table file whose header names
/// the game, its variant and its index scheme, as [`GameTable`] expects them.
pub fn write_game_table<W: std::io::Write, G: TableGame>(
    writer: W,
    game: &G,
    compression: Compression,
    solution: &Solution,
) -> Result<(), TableError> {
    let variant = game.variant_text();
    let spec = TableSpec {
        game: G::GAME,
        variant: &variant,
        scheme: G::SCHEME,
        compression,
        block_entries: DEFAULT_BLOCK_ENTRIES,
    };
    write_table(writer, &spec, solution.entries())
}
