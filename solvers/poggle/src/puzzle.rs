//! Poggle as a one-player puzzle: press buttons until every button shows its goal colour.
//! Presses are written as a column letter and a row number (`a1` is the top-left button).
//!
//! ```
//! use cgtk_core::{Game, Notation};
//! use cgtk_poggle::Puzzle;
//!
//! let mut puzzle = Puzzle::from_variant("3").unwrap();
//! assert_eq!(puzzle.name(), "3x3,2");
//! // The classic 3×3 board needs five presses; the hint names them.
//! let (first, note) = puzzle.hint().unwrap();
//! assert_eq!(note, "a solution with 5 presses (fewest): a1 c1 b2 a3 c3");
//! for press in ["a1", "c1", "b2", "a3", "c3"] {
//!     let mv = puzzle.parse_move(press).unwrap();
//!     puzzle.make(mv);
//! }
//! assert_eq!(puzzle.move_text(first), "a1");
//! assert!(puzzle.outcome().is_some());
//! ```

use crate::{format_grid, minimal_solution, Board, BoardError, BoardSpec, DEFAULT_SEARCH_BUDGET};
use cgtk_core::{Game, Notation, NotationError, Outcome, Player, Render};
use std::rc::Rc;

/// The most columns a playable board may have (one letter each).
pub const MAX_PLAY_COLS: usize = 26;
/// The most rows a playable board may have.
pub const MAX_PLAY_ROWS: usize = 99;

/// Why a puzzle could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    /// The variant is not `N` or `RxC`, optionally followed by `,K`.
    #[error(
        "poggle variant {0:?}: expected N or RxC, then optionally ,K colours (e.g. 5 or 4x6,3)"
    )]
    Variant(String),
    /// Too many rows or columns to name every button.
    #[error("a playable poggle board has 1..={MAX_PLAY_ROWS} rows and 1..={MAX_PLAY_COLS} columns, got {rows}x{cols}")]
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// The board itself is refused (e.g. fewer than 2 colours).
    #[error(transparent)]
    Board(#[from] BoardError),
}

/// A Poggle board being solved by hand.
#[derive(Clone, Debug)]
pub struct Puzzle {
    board: Rc<Board>,
    colours: Vec<u32>,
    name: String,
}

impl PartialEq for Puzzle {
    fn eq(&self, other: &Self) -> bool {
        self.colours == other.colours
    }
}

impl Puzzle {
    /// The puzzle from a variant: `N`, `RxC`, optionally `,K` colours (default `5,2`).
    pub fn from_variant(variant: &str) -> Result<Puzzle, PuzzleError> {
        let v = if variant.trim().is_empty() {
            "5"
        } else {
            variant.trim()
        };
        let (size, k) = v.split_once(',').unwrap_or((v, "2"));
        let bad = || PuzzleError::Variant(variant.to_string());
        // One size grammar for every command: `N`, `RxC`, `R×C` (cgtk-core's BoardSize).
        let size: cgtk_core::BoardSize = size.trim().parse().map_err(|_| bad())?;
        let (r, c) = (size.rows, size.cols);
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        if r == 0 || c == 0 || r > MAX_PLAY_ROWS || c > MAX_PLAY_COLS {
            return Err(PuzzleError::Size { rows: r, cols: c });
        }
        let board = BoardSpec::new(r, c, k).build()?;
        let colours = board.start().to_vec();
        Ok(Puzzle {
            board: Rc::new(board),
            colours,
            name: format!("{r}x{c},{k}"),
        })
    }

    /// The board's size and colours as a variant: `RxC,K`.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn step(&mut self, cell: u16, forward: bool) {
        let cols = self.board.cols();
        let k = self.board.colours();
        let reached: Vec<usize> = self
            .board
            .reach(cell as usize / cols, cell as usize % cols)
            .collect();
        for e in reached {
            self.colours[e] = if forward {
                (self.colours[e] + 1) % k
            } else {
                (self.colours[e] + k - 1) % k
            };
        }
    }

    fn cell_name(&self, cell: u16) -> String {
        let cols = self.board.cols();
        format!(
            "{}{}",
            (b'a' + (cell as usize % cols) as u8) as char,
            cell as usize / cols + 1
        )
    }
}

impl Game for Puzzle {
    type Move = u16;
    type Undo = ();
    fn to_move(&self) -> Player {
        Player::First
    }
    fn legal_moves(&self, moves: &mut Vec<u16>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend(0..self.board.cells() as u16);
        }
    }
    fn make(&mut self, cell: u16) {
        self.step(cell, true);
    }
    fn unmake(&mut self, cell: u16, _: ()) {
        self.step(cell, false);
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.colours == self.board.goal()).then_some(Outcome::Win(Player::First))
    }
}

impl Notation for Puzzle {
    fn position_text(&self) -> String {
        format_grid(&self.colours, self.board.cols(), self.board.colours())
            .trim_end()
            .replace('\n', "/")
    }
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        Err(NotationError::Position {
            text: text.to_string(),
            reason: "poggle positions are set by the variant".into(),
        })
    }
    fn move_text(&self, cell: u16) -> String {
        self.cell_name(cell)
    }
    fn parse_move(&self, text: &str) -> Result<u16, NotationError> {
        let bad = |reason: String| NotationError::Move {
            text: text.to_string(),
            reason,
        };
        let t = text.trim();
        let mut chars = t.chars();
        let col = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or_else(|| bad("expected a column letter then a row number, e.g. b3".into()))?;
        let row: usize = chars
            .as_str()
            .parse()
            .map_err(|_| bad("expected a column letter then a row number, e.g. b3".into()))?;
        let (rows, cols) = (self.board.rows(), self.board.cols());
        let c = (col as u8 - b'a') as usize;
        if c >= cols || row == 0 || row > rows {
            return Err(bad(format!(
                "no such button; columns a..{}, rows 1..{rows}",
                (b'a' + cols as u8 - 1) as char
            )));
        }
        Ok(((row - 1) * cols + c) as u16)
    }
}

impl Render for Puzzle {
    fn render(&self) -> String {
        let cols = self.board.cols();
        let mut out = String::from("   ");
        for c in 0..cols {
            out.push((b'a' + c as u8) as char);
            out.push(' ');
        }
        for (r, row) in self.colours.chunks(cols).enumerate() {
            out.push_str(&format!("\n{:>2} ", r + 1));
            for v in row {
                out.push_str(&format!("{v} "));
            }
        }
        out.push_str(&format!("\ngoal: every button at {}", self.board.goal()[0]));
        out
    }
}

impl Puzzle {
    /// A hint from the linear algebra: a solution with the fewest presses from the current
    /// colours (or the fewest found within the search budget); returns its first press
    /// and a note listing the presses, e.g. `a solution with 5 presses (fewest): a1 c1 b2
    /// a3 c3`. `None` when the goal cannot be reached or is reached already.
    pub fn hint(&self) -> Option<(u16, String)> {
        let board = &self.board;
        let k = board.colours();
        let target: Vec<u32> = self
            .colours
            .iter()
            .zip(board.goal())
            .map(|(&s, &g)| (g + k - s) % k)
            .collect();
        let analysis = board.analyze().ok()?;
        let x = analysis.solve(&target).ok()??;
        let best = minimal_solution(
            &x,
            &analysis.kernel_basis(),
            &analysis.kernel_size(),
            k,
            DEFAULT_SEARCH_BUDGET,
        );
        let presses: Vec<String> = best
            .presses
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(i, &n)| {
                if n == 1 {
                    self.cell_name(i as u16)
                } else {
                    format!("{}×{n}", self.cell_name(i as u16))
                }
            })
            .collect();
        let first = best.presses.iter().position(|&n| n > 0)? as u16;
        Some((
            first,
            format!(
                "a solution with {} press{}{}: {}",
                best.total,
                // "a solution with 1 presses" read wrongly.
                if best.total == 1 { "" } else { "es" },
                if best.exhaustive { " (fewest)" } else { "" },
                presses.join(" ")
            ),
        ))
    }
}
