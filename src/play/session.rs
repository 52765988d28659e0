//! The interactive loop: reads commands, plays moves, lets the engine answer, draws the
//! board. All input and output go through the reader and writer passed in.

use super::advisors::plies;
use super::playable::Playable;
use super::SavedGame;
use crate::cli::counted;
use cgtk_core::{Outcome, Player, Value};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{self, BufRead, Write};

/// Which players the user controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Seats {
    /// The user moves first, the engine second.
    First,
    /// The engine moves first, the user second.
    Second,
    /// The user plays both sides.
    Both,
    /// The engine plays both sides.
    None,
}

impl Seats {
    fn human(self, p: Player) -> bool {
        match self {
            Seats::First => p == Player::First,
            Seats::Second => p == Player::Second,
            Seats::Both => true,
            Seats::None => false,
        }
    }

    /// The word `--you` takes for it.
    pub fn name(self) -> &'static str {
        match self {
            Seats::First => "first",
            Seats::Second => "second",
            Seats::Both => "both",
            Seats::None => "none",
        }
    }
}

/// How a session runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// AI level 0..=100: each engine move is uniformly random with probability
    /// (100 − level)%, else the engine's best move.
    pub level: u8,
    /// Which players the user controls.
    pub seats: Seats,
    /// The seed of every random choice (each ply draws from its own stream of it).
    pub seed: u64,
    /// Echo each command read (for transcripts when the input is not a terminal).
    pub echo: bool,
    /// An engine-against-engine game stops after this many plies.
    pub max_engine_plies: usize,
}

/// Builds the game anew from a variant (for `load`).
pub type Rebuild<'a> = dyn Fn(&str) -> Result<Box<dyn Playable>, String> + 'a;

/// One game being played.
pub struct Session<'a> {
    game: Box<dyn Playable>,
    options: Options,
    rebuild: &'a Rebuild<'a>,
    announced_end: bool,
    rejected: Vec<Rejected>,
    lines_read: usize,
}

/// A line of input that was refused: an illegal move, an unknown command, a move after
/// the end, a failed load or save, or bytes that are not UTF-8.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Rejected {
    /// The line number in the input (from 1).
    pub line: usize,
    /// The line as read (lossily decoded when it was not UTF-8; past 80 characters its
    /// first 40 and its length).
    pub input: String,
    /// Why it was refused.
    pub reason: String,
}

/// What the session did, for the JSON summary.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Summary {
    /// The game.
    pub game: String,
    /// Its variant.
    pub variant: String,
    /// The moves from the start.
    pub moves: Vec<String>,
    /// `first`, `second`, `draw` or `unfinished` (`solved` or `lost` for a puzzle).
    pub result: String,
    /// The lines of input that were refused (a scripted game with any ends with exit
    /// code 2).
    pub rejected: Vec<Rejected>,
}

const COMMANDS: &str =
    "commands: a move, undo, redo, hint, moves, show, save FILE, load FILE, help, quit";

impl<'a> Session<'a> {
    /// A session over `game`; `rebuild` makes a fresh game from a variant when loading.
    pub fn new(game: Box<dyn Playable>, options: Options, rebuild: &'a Rebuild<'a>) -> Self {
        Session {
            game,
            options,
            rebuild,
            announced_end: false,
            rejected: Vec::new(),
            lines_read: 0,
        }
    }

    fn reject(&mut self, input: &str, reason: impl Into<String>) {
        self.rejected.push(Rejected {
            line: self.lines_read,
            input: clipped(input),
            reason: reason.into(),
        });
    }

    /// Replaces the game by a saved one (validated and replayed), adopting its level, seed
    /// and side (when it records one). Returns what changed of those, as `level 100 (was
    /// 10)`, for the message saying the game was loaded.
    pub fn load(&mut self, saved: &SavedGame) -> Result<Vec<String>, String> {
        if saved.game != self.game.game_id() {
            return Err(format!(
                "the file holds a game of {}, not {}",
                saved.game,
                self.game.game_id()
            ));
        }
        // A one-player game is played by the user (first) or by the engine (none).
        if let Some(you) = saved.you.filter(|_| self.game.is_puzzle()) {
            if !matches!(you, Seats::First | Seats::None) {
                return Err(format!(
                    "you {:?}: {} is a one-player game, played by you (first) or the engine (none)",
                    you.name(),
                    self.game.game_id()
                ));
            }
        }
        let mut game = (self.rebuild)(&saved.variant)
            .map_err(|e| format!("variant {:?}: {e}", saved.variant))?;
        saved.replay(game.as_mut())?;
        self.game = game;
        let mut changed = Vec::new();
        let level = saved.level.unwrap_or(self.options.level);
        if level != self.options.level {
            changed.push(format!("level {level} (was {})", self.options.level));
        }
        if saved.seed != self.options.seed {
            changed.push(format!("seed {} (was {})", saved.seed, self.options.seed));
        }
        if let Some(you) = saved.you.filter(|&you| you != self.options.seats) {
            changed.push(format!(
                "you {} (was {})",
                you.name(),
                self.options.seats.name()
            ));
            self.options.seats = you;
        }
        self.options.level = level;
        self.options.seed = saved.seed;
        self.announced_end = false;
        Ok(changed)
    }

    /// Reads a saved game from the text of file `path`: an SGF record when the name ends
    /// in `.sgf` and the game has SGF, else the JSON document.
    pub fn saved_from_text(&self, path: &str, text: &str) -> Result<SavedGame, String> {
        if is_sgf(path) {
            if let Some(read) = self.game.read_sgf(text) {
                let (variant, moves) = read?;
                return Ok(SavedGame {
                    game: self.game.game_id().to_string(),
                    variant,
                    level: Some(self.options.level),
                    seed: self.options.seed,
                    you: None,
                    moves,
                });
            }
            // An SGF record for a game without SGF was refused as `not a saved game:
            // expected value at line 1 column 1`.
            let body = text.trim_start_matches('\u{feff}').trim_start();
            if body.starts_with('(') {
                return Err(format!(
                    "{} has no SGF records; its saved games are the JSON that `save` writes",
                    self.game.game_id()
                ));
            }
        }
        SavedGame::from_json(text)
    }

    /// The game as a saved document.
    pub fn saved(&self) -> SavedGame {
        SavedGame {
            game: self.game.game_id().to_string(),
            variant: self.game.variant().to_string(),
            // Poggle saved a meaningless `"level": 100`: it has no engine levels.
            level: super::saved::has_levels(self.game.game_id()).then_some(self.options.level),
            seed: self.options.seed,
            you: Some(self.options.seats),
            moves: self.game.record(),
        }
    }

    /// The summary of the game so far.
    pub fn summary(&self) -> Summary {
        let result = match self.game.outcome() {
            None => "unfinished",
            Some(Outcome::Win(Player::Second)) if self.game.is_puzzle() => "lost",
            Some(_) if self.game.is_puzzle() => "solved",
            Some(Outcome::Win(Player::First)) => "first",
            Some(Outcome::Win(Player::Second)) => "second",
            Some(Outcome::Draw) => "draw",
        };
        Summary {
            game: self.game.game_id().to_string(),
            variant: self.game.variant().to_string(),
            moves: self.game.record(),
            result: result.to_string(),
            rejected: self.rejected.clone(),
        }
    }

    fn human(&self, p: Player) -> bool {
        // A puzzle is the user's, unless the engine is asked to play it (`--you none`).
        if self.game.is_puzzle() {
            return self.options.seats != Seats::None;
        }
        self.options.seats.human(p)
    }

    fn who(&self, p: Player) -> String {
        if self.game.is_puzzle() && self.options.seats != Seats::None {
            return "you".to_string();
        }
        if self.game.is_puzzle() {
            return "engine".to_string();
        }
        match self.options.seats {
            Seats::Both => p.to_string(),
            Seats::None => format!("engine ({p})"),
            _ if self.human(p) => format!("you ({p})"),
            _ => format!("engine ({p})"),
        }
    }

    fn show(&mut self, out: &mut dyn Write) -> io::Result<()> {
        // Boards that end in a newline (Go's) printed a blank line before the prompt.
        writeln!(out, "{}", self.game.render().trim_end())?;
        if let Some(outcome) = self.game.outcome() {
            if !self.announced_end {
                self.announced_end = true;
                let text = match outcome {
                    _ if self.game.end_text().is_some() => self.game.end_text().unwrap_or_default(),
                    _ if self.game.is_puzzle() => {
                        format!(
                            "solved in {}",
                            counted(self.game.record().len() as u64, "move", "moves")
                        )
                    }
                    Outcome::Win(p) => {
                        let who = self.who(p);
                        // "you (first) win", "engine (second) wins".
                        let verb = if who.starts_with("you") {
                            "win"
                        } else {
                            "wins"
                        };
                        format!("game over: {who} {verb}")
                    }
                    Outcome::Draw => "game over: draw".to_string(),
                };
                // "game over: draw" never said why (checkmate, stalemate, repetition, …).
                let text = match self.game.end_reason() {
                    Some(reason) if !self.game.is_puzzle() => format!("{text} ({reason})"),
                    _ => text,
                };
                writeln!(out, "{text}")?;
            }
        }
        Ok(())
    }

    /// The engine moves while it is its turn; false when an engine-only game hit its limit.
    fn engine_turns(&mut self, out: &mut dyn Write) -> io::Result<bool> {
        while self.game.outcome().is_none() && !self.human(self.game.to_move()) {
            let ply = self.game.record().len();
            if self.options.seats == Seats::None && ply >= self.options.max_engine_plies {
                // A game the table calls a draw stopped without saying so.
                let verdict = self.game.table_verdict().map_or(String::new(), |v| {
                    let p = self.game.to_move();
                    let winner = match v.value {
                        Value::Draw => {
                            return "; the position is a draw with best play (table)".to_string()
                        }
                        Value::Win => p,
                        Value::Loss => p.opponent(),
                    };
                    let within = v
                        .distance
                        .map_or(String::new(), |d| format!(" in {}", plies(d)));
                    format!("; with best play {winner} wins{within} (table)")
                });
                writeln!(
                    out,
                    "stopped: no result after {}{verdict}",
                    counted(ply as u64, "ply", "plies")
                )?;
                return Ok(false);
            }
            let mut rng = ChaCha8Rng::seed_from_u64(self.options.seed);
            rng.set_stream(ply as u64);
            let p = self.game.to_move();
            let best = rng.gen_range(0..100u32) < self.options.level as u32;
            let choice = if best {
                self.game.best_move(rng.gen()).map_err(io::Error::other)?
            } else {
                None
            };
            let (mv, note) = match choice {
                Some(c) => c,
                None => match self.game.random_move(&mut rng) {
                    Some(mv) => (mv, "random".to_string()),
                    None => break,
                },
            };
            let played = match self.game.play(&mv) {
                Ok(t) => t,
                Err(e) => {
                    return Err(io::Error::other(format!(
                        "the engine chose an illegal move {mv}: {e}"
                    )))
                }
            };
            writeln!(out, "{} plays {played}  [{note}]", self.who(p))?;
            self.show(out)?;
        }
        Ok(true)
    }

    /// Runs the session until `quit` or the end of input (or, with no human player, the
    /// end of the game).
    pub fn run(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<()> {
        self.show(out)?;
        loop {
            if !self.engine_turns(out)? {
                return Ok(());
            }
            if self.options.seats == Seats::None
                && (!self.game.is_puzzle() || self.game.outcome().is_some())
            {
                return Ok(());
            }
            if self.game.outcome().is_none() {
                write!(out, "{} to move> ", self.who(self.game.to_move()))?;
            } else {
                write!(out, "> ")?;
            }
            out.flush()?;
            let mut bytes = Vec::new();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                writeln!(out)?;
                return Ok(());
            }
            self.lines_read += 1;
            // A line that is not UTF-8 used to end the session with exit code 1; it is
            // reported and skipped, as `cgtk uci` does.
            let Ok(line) = String::from_utf8(bytes.clone()) else {
                let shown = String::from_utf8_lossy(&bytes).trim().to_string();
                writeln!(out, "ignored a line that is not UTF-8")?;
                self.reject(&shown, "not UTF-8");
                continue;
            };
            let line = line.trim();
            if self.options.echo {
                writeln!(out, "{line}")?;
            }
            if !self.command(line, out)? {
                return Ok(());
            }
        }
    }

    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str, out: &mut dyn Write) -> io::Result<bool> {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        // Command words are read in any case: `UNDO` and `Hint` were taken for moves. No
        // game's move is spelt like a command, and moves keep their own case below.
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "quit" | "exit" => return Ok(false),
            // The board again, after a long stretch of other output.
            "show" => {
                writeln!(out, "{}", self.game.render().trim_end())?;
                if self.game.outcome().is_some() {
                    writeln!(out, "{}", self.game.over_text())?;
                }
            }
            "help" => {
                writeln!(out, "{COMMANDS}")?;
                writeln!(out, "moves: {}", self.game.notation_help())?;
            }
            "moves" => {
                let record = self.game.record();
                writeln!(
                    out,
                    "moves so far: {}",
                    if record.is_empty() {
                        "none".to_string()
                    } else {
                        record.join(" ")
                    }
                )?;
                // After the end this line used to stop at `legal moves: `.
                let legal = self.game.legal_moves();
                if legal.is_empty() && self.game.outcome().is_some() {
                    writeln!(out, "legal moves: none ({})", self.game.over_text())?;
                } else {
                    writeln!(out, "legal moves: {}", legal.join(" "))?;
                }
            }
            "undo" => self.undo(out)?,
            "redo" => self.redo(out)?,
            "hint" => {
                let seed = self.options.seed ^ self.game.record().len() as u64;
                match self.game.hint(seed).map_err(io::Error::other)? {
                    Some(h) => writeln!(out, "hint: {h}")?,
                    // An unsolvable Poggle board was answered "the game is over".
                    None if self.game.outcome().is_some() => {
                        writeln!(out, "no hint: {}", self.game.over_text())?
                    }
                    None => writeln!(out, "no hint: {}", self.game.no_move_reason())?,
                }
            }
            // `save game.sgf` in a game without SGF wrote the JSON document under that name.
            "save" if is_sgf(rest) && self.game.to_sgf().is_none() => {
                let e = format!(
                    "{} has no SGF records; `save` writes the JSON saved game: give a name not ending in .sgf",
                    self.game.game_id()
                );
                writeln!(out, "not saved: {e}")?;
                self.reject(line, format!("not saved: {e}"));
            }
            "save" if !rest.is_empty() => {
                let text = match self.game.to_sgf() {
                    Some(sgf) if is_sgf(rest) => sgf.trim_end().to_string(),
                    _ => self.saved().to_json(),
                };
                match save_whole(rest, &(text + "\n")) {
                    Ok(()) => writeln!(
                        out,
                        "saved {} to {rest}",
                        counted(self.game.record().len() as u64, "move", "moves")
                    )?,
                    Err(e) => {
                        writeln!(out, "not saved: {e}")?;
                        self.reject(line, format!("not saved: {e}"));
                    }
                }
            }
            "load" if !rest.is_empty() => {
                let result = std::fs::read_to_string(rest)
                    // Only the reason: the message names the file once (it used to say
                    // `cannot load X: cannot read X: …`).
                    .map_err(|e| e.to_string())
                    .and_then(|text| self.saved_from_text(rest, &text))
                    .and_then(|saved| self.load(&saved));
                match result {
                    Ok(changed) => {
                        // The file's level, seed and side replace the session's: say so
                        // (`--level 10` became the file's 100 without a word).
                        let changed = if changed.is_empty() {
                            String::new()
                        } else {
                            format!("; from the file: {}", changed.join(", "))
                        };
                        writeln!(
                            out,
                            "loaded {} from {rest}{changed}",
                            counted(self.game.record().len() as u64, "move", "moves")
                        )?;
                        self.show(out)?;
                    }
                    Err(e) => {
                        writeln!(out, "cannot load {rest}: {e}")?;
                        self.reject(line, format!("cannot load {rest}: {e}"));
                    }
                }
            }
            "save" | "load" => {
                writeln!(out, "{word} needs a file name: {word} FILE")?;
                self.reject(line, format!("{word} needs a file name"));
            }
            _ => {
                // A solved puzzle and a finished deal were "the game is over" too.
                if self.game.outcome().is_some() {
                    let over = self.game.over_text();
                    writeln!(out, "{over}; undo, load, or quit")?;
                    self.reject(line, over);
                    return Ok(true);
                }
                // A stray paste of 100,000 characters was quoted whole in the answer.
                let length = line.chars().count();
                if length > LONGEST_MOVE {
                    let reason = format!(
                        "illegal: a move is at most {LONGEST_MOVE} characters; this line has {length}"
                    );
                    writeln!(out, "{reason}")?;
                    self.reject(line, reason);
                    writeln!(out, "legal moves: {}", self.game.legal_moves().join(" "))?;
                    return Ok(true);
                }
                let p = self.game.to_move();
                match self.game.play(line) {
                    Ok(played) => {
                        let who = self.who(p);
                        let verb = match () {
                            _ if self.game.is_puzzle() => self.game.puzzle_verb(),
                            _ if who.starts_with("you") => "play",
                            _ => "plays",
                        };
                        writeln!(out, "{who} {verb} {played}")?;
                        self.show(out)?;
                    }
                    Err(reason) => {
                        writeln!(out, "illegal: {reason}")?;
                        self.reject(line, format!("illegal: {reason}"));
                        writeln!(out, "legal moves: {}", self.game.legal_moves().join(" "))?;
                    }
                }
            }
        }
        Ok(true)
    }

    /// Takes back moves until it is the user's turn again (one move when the user plays
    /// both sides, usually two against the engine); refuses when the bounded history does
    /// not reach back that far.
    fn undo(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let mut needed = 0;
        let record = self.game.record().len();
        // How many plies back is the user's previous turn?
        let mut side = self.game.to_move();
        loop {
            needed += 1;
            side = side.opponent();
            if needed > record || self.human(side) || needed > 2 {
                break;
            }
        }
        if needed > record {
            writeln!(out, "nothing to undo")?;
            return Ok(());
        }
        if needed > self.game.undo_depth() {
            writeln!(
                out,
                "cannot undo: the history keeps only the last {} moves (--history)",
                self.game.history_limit()
            )?;
            return Ok(());
        }
        let mut taken = Vec::new();
        for _ in 0..needed {
            if let Some(mv) = self.game.undo() {
                taken.push(mv);
            }
        }
        self.announced_end = false;
        writeln!(out, "took back {}", taken.join(", "))?;
        self.show(out)
    }

    fn redo(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.game.redo_depth() == 0 {
            writeln!(out, "nothing to redo")?;
            return Ok(());
        }
        let mut again = Vec::new();
        while let Some(mv) = self.game.redo() {
            again.push(mv);
            if self.human(self.game.to_move()) || self.game.redo_depth() == 0 {
                break;
            }
        }
        writeln!(out, "played again {}", again.join(", "))?;
        self.show(out)
    }
}

/// The longest move text read; every game's moves are far shorter.
const LONGEST_MOVE: usize = 100;

/// A line of input as quoted in messages: past 80 characters, its first 40 and its length.
fn clipped(line: &str) -> String {
    let length = line.chars().count();
    if length <= 80 {
        return line.to_string();
    }
    let start: String = line.chars().take(40).collect();
    format!("{start}… ({length} characters)")
}

/// Writes a saved game to `path` whole or not at all: a save that failed part way (a full
/// disk) used to truncate the file already there, losing the game saved in it.
fn save_whole(path: &str, text: &str) -> Result<(), String> {
    let mut file =
        crate::cli::OutputFile::create(std::path::Path::new(path)).map_err(|e| format!("{e:#}"))?;
    file.writer()
        .write_all(text.as_bytes())
        .map_err(|e| format!("cannot write {path}: {e}"))?;
    // `{:#}`: the error with its causes (the reason follows `cannot write FILE`).
    file.finish().map(|_| ()).map_err(|e| format!("{e:#}"))
}

/// Whether a file name asks for SGF (it ends in `.sgf`, any case).
pub(crate) fn is_sgf(path: &str) -> bool {
    path.to_ascii_lowercase().ends_with(".sgf")
}
