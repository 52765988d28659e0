//! The Go Text Protocol, version 2, as a state machine: [`GtpEngine::handle`] takes one
//! input line and returns the complete reply (`=id result` or `?id message`, then a blank
//! line), or an empty string for lines the protocol ignores (empty lines, comments).
//!
//! Commands: `protocol_version`, `name`, `version`, `known_command`, `list_commands`,
//! `quit`, `boardsize`, `clear_board`, `komi`, `play`, `genmove`, `undo`, `showboard`,
//! `final_score`, `loadsgf`, `reg_genmove`. Vertices are GTP's: columns `A` to `T`
//! without `I`, row 1 at the bottom; `pass`.
//!
//! After two passes the game is scored (`final_score`), but `play` and `genmove` go on:
//! a new move resumes the game, as controllers expect when they play on to settle dead
//! stones. `undo` also takes back the moves that `loadsgf` replayed.
//!
//! ```
//! use cgtk_go::gtp::GtpEngine;
//! let mut gtp = GtpEngine::new();
//! assert_eq!(gtp.handle("1 boardsize 7"), "=1 \n\n");
//! assert_eq!(gtp.handle("play black D4"), "= \n\n");
//! assert_eq!(gtp.handle("play white D4"), "? illegal move\n\n");
//! assert_eq!(gtp.handle("2 frobnicate"), "?2 unknown command\n\n");
//! ```

use crate::engine::{Engine, EngineConfig};
use crate::position::{Go, Komi, Rules};
use crate::sgf::SgfGame;
use crate::types::{Color, Move};
use crate::Board;

/// The commands this engine knows, in `list_commands` order.
pub const COMMANDS: [&str; 16] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "loadsgf",
    "reg_genmove",
];

/// A GTP engine: the game, the positions before each move (for `undo`) and the player.
#[derive(Clone, Debug)]
pub struct GtpEngine {
    game: Go,
    komi: Komi,
    undo: Vec<Go>,
    engine: Engine,
    quit: bool,
}

impl Default for GtpEngine {
    fn default() -> Self {
        GtpEngine::new()
    }
}

/// A vertex in GTP notation on `board`: `D4`, or `pass`.
///
/// ```
/// use cgtk_go::gtp::{parse_vertex, vertex_text};
/// use cgtk_go::{Board, Move};
/// let board = Board::new(9, 9).unwrap();
/// let mv = parse_vertex("j9", &board).unwrap();
/// assert_eq!(mv, Move::Play(board.point(8, 0).unwrap()));
/// assert_eq!(vertex_text(mv, &board), "J9");
/// assert!(parse_vertex("I5", &board).is_none());
/// ```
pub fn parse_vertex(text: &str, board: &Board) -> Option<Move> {
    let t = text.to_ascii_uppercase();
    if t == "PASS" {
        return Some(Move::Pass);
    }
    let mut chars = t.chars();
    let letter = chars.next()?;
    if !letter.is_ascii_uppercase() || letter == 'I' {
        return None;
    }
    let mut x = (letter as u8 - b'A') as usize;
    if letter > 'I' {
        x -= 1;
    }
    let row: usize = chars.as_str().parse().ok()?;
    if row == 0 || row > board.height() {
        return None;
    }
    board.point(x, board.height() - row).map(Move::Play)
}

/// The GTP text of a move on `board` (`pass` for a pass).
///
/// ```
/// use cgtk_go::gtp::vertex_text;
/// use cgtk_go::{Board, Move};
/// let board = Board::new(19, 19).unwrap();
/// assert_eq!(vertex_text(Move::Play(board.point(0, 18).unwrap()), &board), "A1");
/// assert_eq!(vertex_text(Move::Pass, &board), "pass");
/// ```
pub fn vertex_text(mv: Move, board: &Board) -> String {
    match mv {
        Move::Pass => "pass".to_string(),
        Move::Play(p) => {
            let (x, y) = board.coords(p);
            let letter = b'A' + x as u8 + u8::from(x >= 8);
            format!("{}{}", letter as char, board.height() - y)
        }
    }
}

/// The board with GTP coordinates, as `showboard` prints it.
///
/// ```
/// use cgtk_go::gtp::board_text;
/// let go = cgtk_go::Go::new(3, 2).unwrap();
/// assert_eq!(board_text(&go), "   A B C\n 2 . . . 2\n 1 . . . 1\n   A B C\n");
/// ```
pub fn board_text(go: &Go) -> String {
    let board = go.board();
    let letters: String = (0..board.width())
        .map(|x| format!(" {}", (b'A' + x as u8 + u8::from(x >= 8)) as char))
        .collect();
    let mut out = format!("  {letters}\n");
    for y in 0..board.height() {
        let row = board.height() - y;
        out.push_str(&format!("{row:>2}"));
        for x in 0..board.width() {
            let c = board
                .point(x, y)
                .and_then(|p| board.color_at(p))
                .map_or('.', |c| if c == Color::Black { 'X' } else { 'O' });
            out.push(' ');
            out.push(c);
        }
        out.push_str(&format!(" {row}\n"));
    }
    out.push_str(&format!("  {letters}\n"));
    out
}

fn parse_color(text: &str) -> Option<Color> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

impl GtpEngine {
    /// A 19×19 board, komi 7.5, and the engine with its default playouts.
    ///
    /// ```
    /// let mut gtp = cgtk_go::gtp::GtpEngine::new();
    /// assert_eq!(gtp.handle("protocol_version"), "= 2\n\n");
    /// ```
    pub fn new() -> GtpEngine {
        GtpEngine::with_engine(EngineConfig::default())
    }

    /// A 19×19 board and an engine with the given configuration.
    ///
    /// ```
    /// use cgtk_go::{gtp::GtpEngine, EngineConfig};
    /// let gtp = GtpEngine::with_engine(EngineConfig { playouts: 100, ..Default::default() });
    /// assert_eq!(gtp.game().board().width(), 19);
    /// ```
    pub fn with_engine(config: EngineConfig) -> GtpEngine {
        let komi = Komi(15);
        GtpEngine {
            game: Go::with_rules(
                19,
                19,
                Rules {
                    komi,
                    ..Rules::for_size(19, 19)
                },
            )
            .unwrap_or_else(|_| unreachable_board()),
            komi,
            undo: Vec::new(),
            engine: Engine::new(config),
            quit: false,
        }
    }

    /// Plays `mv` for `color`, resuming a game ended by two passes (controllers play on to
    /// settle dead stones; `undo` returns to the ended game). An illegal move leaves the
    /// game as it was.
    fn play_resuming(&mut self, mv: Move, color: Color) -> Result<(), crate::IllegalMove> {
        let before = self.game.clone();
        self.game.resume();
        if let Err(e) = self.game.play(mv, color) {
            self.game = before;
            return Err(e);
        }
        self.undo.push(before);
        Ok(())
    }

    /// The current game.
    ///
    /// ```
    /// let gtp = cgtk_go::gtp::GtpEngine::new();
    /// assert_eq!(gtp.game().passes(), 0);
    /// ```
    pub fn game(&self) -> &Go {
        &self.game
    }

    /// True once `quit` has been answered.
    ///
    /// ```
    /// let mut gtp = cgtk_go::gtp::GtpEngine::new();
    /// gtp.handle("quit");
    /// assert!(gtp.quit_requested());
    /// ```
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Answers one line of input (see the [module documentation](self)).
    ///
    /// ```
    /// let mut gtp = cgtk_go::gtp::GtpEngine::new();
    /// assert_eq!(gtp.handle("# a comment"), "");
    /// assert_eq!(gtp.handle("7 known_command play"), "=7 true\n\n");
    /// ```
    pub fn handle(&mut self, line: &str) -> String {
        let cleaned: String = line
            .chars()
            .filter(|&c| !c.is_control() || c == '\t' || c == '\n')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let cleaned = cleaned.split('#').next().unwrap_or("").trim().to_string();
        if cleaned.is_empty() {
            return String::new();
        }
        let mut words = cleaned.split_whitespace();
        let mut first = words.next().unwrap_or("");
        let mut id = String::new();
        if first.chars().all(|c| c.is_ascii_digit()) {
            id = first.to_string();
            first = match words.next() {
                Some(w) => w,
                None => return format!("?{id} missing command\n\n"),
            };
        }
        let args: Vec<&str> = words.collect();
        match self.command(first, &args) {
            Ok(result) => format!("={id} {result}\n\n"),
            Err(message) => format!("?{id} {message}\n\n"),
        }
    }

    fn command(&mut self, name: &str, args: &[&str]) -> Result<String, String> {
        let syntax = || "syntax error".to_string();
        match name {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("cgtk".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                let c = args.first().ok_or_else(syntax)?;
                Ok(COMMANDS.contains(c).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => {
                // One argument: GTP v2's boardsize has no separate row count.
                let [size] = args else { return Err(syntax()) };
                let n: usize = size.parse().map_err(|_| syntax())?;
                let rules = Rules {
                    komi: self.komi,
                    ..Rules::for_size(n, n)
                };
                self.game = Go::with_rules(n, n, rules).map_err(|_| "unacceptable size")?;
                self.undo.clear();
                Ok(String::new())
            }
            "clear_board" => {
                let b = self.game.board();
                let rules = Rules {
                    komi: self.komi,
                    ..*self.game.rules()
                };
                self.game = Go::with_rules(b.width(), b.height(), rules)
                    .map_err(|_| "unacceptable size")?;
                self.undo.clear();
                Ok(String::new())
            }
            "komi" => {
                let [k] = args else { return Err(syntax()) };
                let k: f64 = k.parse().map_err(|_| syntax())?;
                // GTP allows any float, but komi is kept in halves (area scores are whole):
                // another komi is refused, not rounded, so that `final_score` is never a
                // rounded margin (0.75 rounded to 1 would also turn a win by 1 into a draw).
                let komi = Komi::try_from_points(k).map_err(|e| e.to_string())?;
                self.komi = komi;
                self.game.set_komi(komi);
                Ok(String::new())
            }
            "play" => {
                let [c, v] = args else { return Err(syntax()) };
                let color = parse_color(c).ok_or_else(syntax)?;
                let mv = parse_vertex(v, self.game.board()).ok_or_else(syntax)?;
                self.play_resuming(mv, color)
                    .map_err(|_| "illegal move".to_string())?;
                Ok(String::new())
            }
            "genmove" | "reg_genmove" => {
                let [c] = args else { return Err(syntax()) };
                let color = parse_color(c).ok_or_else(syntax)?;
                let mut position = self.game.clone();
                position.resume();
                position.set_to_move(color);
                let mv = self.engine.genmove(&position);
                let text = vertex_text(mv, self.game.board());
                if name == "genmove" {
                    self.play_resuming(mv, color).map_err(|e| e.to_string())?;
                }
                Ok(text)
            }
            "undo" => {
                let before = self.undo.pop().ok_or("cannot undo")?;
                self.game = before;
                Ok(String::new())
            }
            "showboard" => Ok(format!("\n{}", board_text(&self.game).trim_end())),
            "final_score" => Ok(self.game.score_text()),
            "loadsgf" => {
                let file = args.first().ok_or_else(syntax)?;
                let upto: Option<usize> = match args.get(1) {
                    Some(n) => Some(n.parse().map_err(|_| syntax())?),
                    None => None,
                };
                let text = std::fs::read_to_string(file).map_err(|_| "cannot load file")?;
                let mut sgf = SgfGame::parse(&text).map_err(|_| "cannot load file")?;
                if sgf.setup.width > 25 {
                    return Err("cannot load file".into());
                }
                if let Some(n) = upto {
                    // "Load the position before move n": keep the first n-1 moves.
                    sgf.moves.truncate(n.saturating_sub(1));
                }
                // The positions before each loaded move, so that `undo` takes them back.
                let mut undo = Vec::new();
                let mut game = sgf
                    .replay(None, |before| undo.push(before.clone()))
                    .map_err(|_| "cannot load file")?;
                if sgf.komi.is_none() {
                    game.set_komi(self.komi);
                    for before in &mut undo {
                        before.set_komi(self.komi);
                    }
                } else {
                    self.komi = game.rules().komi;
                }
                let next = match sgf.moves.last() {
                    Some(&(c, _)) => c.opponent(),
                    None => sgf.setup.to_move,
                };
                game.set_to_move(next);
                self.game = game;
                self.undo = undo;
                Ok(next.to_string())
            }
            _ => Err("unknown command".into()),
        }
    }
}

/// 19×19 is always a valid size; this is never called.
fn unreachable_board() -> Go {
    // Any size that `Go::new` accepts; the largest side is valid by construction.
    match Go::new(crate::MAX_SIDE, crate::MAX_SIDE) {
        Ok(go) => go,
        Err(_) => unreachable!("19x19 is a valid size"),
    }
}
