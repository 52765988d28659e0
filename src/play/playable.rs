//! A game in play: its position, the record of moves, a bounded undo/redo history, and an
//! engine that knows the best move.

use cgtk_core::{Game, Notation, Outcome, Player, Render};
use cgtk_retro::Verdict;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// `hint`'s answer when the engine finds no move before the game is over, unless the game
/// says why ([`Match::no_move_reason`]).
const NO_MOVE: &str = "the engine found no move";

/// What a session needs from a game, with moves as text, so that every game (whatever its
/// move type) is driven by the same session code. [`Match`] implements it for any game of
/// cgtk-core's traits; a new game is registered with one entry in
/// [`GAMES`](crate::games::GAMES).
pub trait Playable {
    /// The game's command-line name, e.g. `nim`.
    fn game_id(&self) -> &str;
    /// The rules variant as text (saved in game files), e.g. `3,4,5` for Nim's heaps.
    fn variant(&self) -> &str;
    /// One line saying how moves are written.
    fn notation_help(&self) -> &str;
    /// True for a one-player puzzle (every move is the user's).
    fn is_puzzle(&self) -> bool;
    /// The board as text.
    fn render(&self) -> String;
    /// The player to move.
    fn to_move(&self) -> Player;
    /// How the game ended, `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;
    /// Why the game is over (`checkmate`, `threefold repetition`), `None` while it goes on.
    fn end_reason(&self) -> Option<String>;
    /// Every legal move, as text.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays the move written `text`; returns its canonical text, or why it is not legal.
    fn play(&mut self, text: &str) -> Result<String, String>;
    /// Takes back the last move, if the history still holds it; returns its text.
    fn undo(&mut self) -> Option<String>;
    /// Plays again the last move taken back; returns its text.
    fn redo(&mut self) -> Option<String>;
    /// How many moves can be taken back now (at most the history size).
    fn undo_depth(&self) -> usize;
    /// How many moves taken back can be played again.
    fn redo_depth(&self) -> usize;
    /// The most moves the history keeps for undo.
    fn history_limit(&self) -> usize;
    /// Every move played since the start, as text.
    fn record(&self) -> Vec<String>;
    /// The engine's best move with a short note on how it was chosen; `None` when the game
    /// is over or the game has no engine; an error when the engine could not answer (a
    /// table that cannot be read). `seed` makes randomised engines reproducible.
    fn best_move(&mut self, seed: u64) -> Result<Option<(String, String)>, String>;
    /// Why the engine finds no move in a position that is not over, for `hint`'s answer
    /// (a puzzle whose board cannot be solved).
    fn no_move_reason(&self) -> String {
        NO_MOVE.to_string()
    }
    /// A hint for the user: by default the best move and its note.
    fn hint(&mut self, seed: u64) -> Result<Option<String>, String> {
        Ok(self
            .best_move(seed)?
            .map(|(mv, note)| format!("{mv} ({note})")))
    }
    /// The game as an SGF record, for games that have one (`save FILE.sgf`).
    fn to_sgf(&self) -> Option<String> {
        None
    }
    /// Reads an SGF record (`load FILE.sgf`): the variant and the moves as text; `None`
    /// for games without SGF.
    fn read_sgf(&self, _text: &str) -> Option<Result<SgfRecord, String>> {
        None
    }
    /// The line announcing the end of the game, when the game words it itself (a
    /// patience says whether it came out); `None` for the session's default.
    fn end_text(&self) -> Option<String> {
        None
    }
    /// What is said of the position once play has ended, in refusals and after `show`:
    /// `the game is over`, or a puzzle's own words (`the puzzle is solved`).
    fn over_text(&self) -> String {
        "the game is over".to_string()
    }
    /// The solved table's verdict on the position for the side to move, when the engine
    /// has one at hand (a game played from a table already solved or opened); `None`
    /// otherwise.
    fn table_verdict(&mut self) -> Option<Verdict> {
        None
    }
    /// The verb of the user's moves in a puzzle (`you press b3`).
    fn puzzle_verb(&self) -> &'static str {
        "press"
    }
    /// A uniformly random legal move.
    fn random_move(&self, rng: &mut ChaCha8Rng) -> Option<String> {
        let moves = self.legal_moves();
        (!moves.is_empty()).then(|| moves[rng.gen_range(0..moves.len())].clone())
    }
}

/// Finds the best move in a position, with a short note saying how (e.g. `table: win in 5`).
pub trait Advisor<G: Game> {
    /// The best move and a note, `None` when there is no move; an error when the engine
    /// cannot answer. `seed` makes randomised engines reproducible.
    fn best_move(&mut self, game: &G, seed: u64) -> Result<Option<(G::Move, String)>, String>;
    /// The solved verdict of `game` for the side to move, when the advisor has solved
    /// values at hand (it never solves for this); `None` by default.
    fn verdict(&mut self, _game: &G) -> Option<Verdict> {
        None
    }
}

/// A game of any type implementing cgtk-core's traits, made [`Playable`].
pub struct Match<G: Game> {
    id: &'static str,
    variant: String,
    notation_help: &'static str,
    puzzle: bool,
    position: G,
    /// The text of every move since the start (written in the position it was played in).
    record: Vec<String>,
    undo: VecDeque<(G::Move, G::Undo)>,
    redo: Vec<G::Move>,
    history: usize,
    advisor: Box<dyn Advisor<G>>,
    sgf: Option<SgfHooks<G>>,
    no_move: &'static str,
    over: &'static str,
}

/// A game record read from SGF: the rules variant and the moves as text.
pub type SgfRecord = (String, Vec<String>);

/// How a game writes and reads SGF records, for [`Match::with_sgf`].
pub struct SgfHooks<G> {
    /// The game (from its start) as SGF.
    pub write: fn(&G) -> String,
    /// An SGF record as the variant and the moves as text.
    pub read: fn(&str) -> Result<SgfRecord, String>,
}

impl<G: Game + Notation + Render> Match<G> {
    /// A match from `start`, keeping at most `history` moves for undo (at least 1).
    pub fn new(
        id: &'static str,
        variant: String,
        notation_help: &'static str,
        start: G,
        history: usize,
        advisor: Box<dyn Advisor<G>>,
    ) -> Self {
        Match {
            id,
            variant,
            notation_help,
            puzzle: false,
            position: start,
            record: Vec::new(),
            undo: VecDeque::new(),
            redo: Vec::new(),
            history: history.max(1),
            advisor,
            sgf: None,
            no_move: NO_MOVE,
            over: "the game is over",
        }
    }

    /// Says why the advisor finds no move before the game is over (`hint` prints it).
    pub fn no_move_reason(mut self, reason: &'static str) -> Self {
        self.no_move = reason;
        self
    }

    /// Says what the position is once play has ended (`the puzzle is solved`), for
    /// refusals and `show`.
    pub fn over_text(mut self, text: &'static str) -> Self {
        self.over = text;
        self
    }

    /// Lets `save` and `load` use SGF files (names ending in `.sgf`).
    pub fn with_sgf(mut self, hooks: SgfHooks<G>) -> Self {
        self.sgf = Some(hooks);
        self
    }

    /// Marks the game as a one-player puzzle.
    pub fn puzzle(mut self) -> Self {
        self.puzzle = true;
        self
    }

    fn push(&mut self, mv: G::Move) {
        let text = self.position.move_text(mv);
        let undo = self.position.make(mv);
        self.record.push(text);
        self.undo.push_back((mv, undo));
        if self.undo.len() > self.history {
            self.undo.pop_front();
        }
    }
}

impl<G: Game + Notation + Render> Playable for Match<G> {
    fn game_id(&self) -> &str {
        self.id
    }
    fn variant(&self) -> &str {
        &self.variant
    }
    fn notation_help(&self) -> &str {
        self.notation_help
    }
    fn is_puzzle(&self) -> bool {
        self.puzzle
    }
    fn render(&self) -> String {
        self.position.render()
    }
    fn to_move(&self) -> Player {
        self.position.to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }
    fn end_reason(&self) -> Option<String> {
        self.position.end_reason()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.position.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|m| self.position.move_text(m))
            .collect()
    }
    fn play(&mut self, text: &str) -> Result<String, String> {
        if self.position.outcome().is_some() {
            return Err(self.over.to_string());
        }
        let mv = self.position.parse_move(text).map_err(|e| e.to_string())?;
        if !self.position.is_legal(mv) {
            return Err(format!("{text:?} is not a legal move here"));
        }
        let canonical = self.position.move_text(mv);
        self.push(mv);
        self.redo.clear();
        Ok(canonical)
    }
    fn undo(&mut self) -> Option<String> {
        let (mv, undo) = self.undo.pop_back()?;
        self.position.unmake(mv, undo);
        self.record.pop();
        self.redo.push(mv);
        Some(self.position.move_text(mv))
    }
    fn redo(&mut self) -> Option<String> {
        let mv = self.redo.pop()?;
        let text = self.position.move_text(mv);
        self.push(mv);
        Some(text)
    }
    fn undo_depth(&self) -> usize {
        self.undo.len()
    }
    fn redo_depth(&self) -> usize {
        self.redo.len()
    }
    fn history_limit(&self) -> usize {
        self.history
    }
    fn record(&self) -> Vec<String> {
        self.record.clone()
    }
    fn no_move_reason(&self) -> String {
        self.no_move.to_string()
    }
    fn over_text(&self) -> String {
        self.over.to_string()
    }
    fn table_verdict(&mut self) -> Option<Verdict> {
        if self.position.outcome().is_some() {
            return None;
        }
        self.advisor.verdict(&self.position)
    }
    fn to_sgf(&self) -> Option<String> {
        self.sgf.as_ref().map(|h| (h.write)(&self.position))
    }
    fn read_sgf(&self, text: &str) -> Option<Result<SgfRecord, String>> {
        self.sgf.as_ref().map(|h| (h.read)(text))
    }
    fn best_move(&mut self, seed: u64) -> Result<Option<(String, String)>, String> {
        if self.position.outcome().is_some() {
            return Ok(None);
        }
        let best = self.advisor.best_move(&self.position, seed)?;
        Ok(best.map(|(mv, note)| (self.position.move_text(mv), note)))
    }
}
