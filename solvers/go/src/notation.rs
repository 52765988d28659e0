//! Go in cgtk-core's text traits: moves in GTP coordinates, positions as one-line SGF,
//! the board as `showboard` draws it.

use crate::gtp::{board_text, parse_vertex, vertex_text};
use crate::position::Go;
use crate::sgf::{write_sgf, SgfGame};
use crate::types::Move;
use cgtk_core::{Notation, NotationError, Render};

impl Notation for Go {
    /// The game as SGF on one line (its start position, komi and moves), so that the
    /// history that superko needs is kept.
    fn position_text(&self) -> String {
        write_sgf(self).trim_end().to_string()
    }

    /// Reads SGF written by [`position_text`](Notation::position_text), under this game's
    /// rules (with the file's komi).
    ///
    /// ```
    /// use cgtk_core::{Game, Notation};
    /// use cgtk_go::Go;
    /// let mut go = Go::new(5, 5).unwrap();
    /// let mv = go.parse_move("c3").unwrap();
    /// go.make(mv);
    /// assert_eq!(go.move_text(mv), "C3");
    /// let text = go.position_text();
    /// assert_eq!(go.parse_position(&text).unwrap(), go);
    /// assert!(go.parse_move("c3").is_err()); // occupied
    /// assert!(go.parse_move("z9").is_err());
    /// ```
    fn parse_position(&self, text: &str) -> Result<Go, NotationError> {
        let fail = |reason: String| NotationError::Position {
            text: text.to_string(),
            reason,
        };
        let game = SgfGame::parse(text).map_err(|e| fail(e.to_string()))?;
        game.into_go(Some(*self.rules()))
            .map_err(|e| fail(e.to_string()))
    }

    fn move_text(&self, mv: Move) -> String {
        vertex_text(mv, self.board())
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let fail = |reason: String| NotationError::Move {
            text: text.to_string(),
            reason,
        };
        let mv = parse_vertex(text.trim(), self.board()).ok_or_else(|| {
            fail(format!(
                "expected a point in GTP coordinates on this {}x{} board (e.g. C3; columns skip I) or pass",
                self.board().width(),
                self.board().height()
            ))
        })?;
        self.check(mv, self.to_move_color())
            .map_err(|e| fail(e.to_string()))?;
        Ok(mv)
    }
}

impl Render for Go {
    /// The board with GTP coordinates, then the komi and the area score so far, and the
    /// colour to move (as every game's board says who is to move; Go's never did).
    ///
    /// ```
    /// use cgtk_core::Render;
    /// let text = cgtk_go::Go::new(3, 3).unwrap().render();
    /// assert!(text.starts_with("   A B C\n 3 . . . 3\n"));
    /// assert!(text.ends_with("komi 0, area score 0\nblack to move\n"));
    /// ```
    fn render(&self) -> String {
        format!(
            "{}komi {}, area score {}\n{} to move\n",
            board_text(self),
            self.rules().komi,
            self.score_text(),
            self.to_move_color()
        )
    }
}
