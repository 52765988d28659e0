//! The Universal Chess Interface (UCI), the engine's side of it, without any input or output
//! of its own.
//!
//! - [`Command`]: one line from the user interface, read by [`Command::parse`] into typed
//!   values (`uci`, `isready`, `ucinewgame`, `position startpos|fen … moves …`, `go` with
//!   [`Go`], `setoption`, `stop`, `ponderhit`, `quit`, `debug` and `register` (both
//!   ignored), and `d` to draw the board), or a
//!   [`UciError`] saying what was wrong.
//! - [`Go`]: the search limits of a `go` line and its `searchmoves` (checked against the
//!   position by [`UciEngine`]); a malformed field is set aside with a [`GoFieldError`] and
//!   the rest of the line still counts.
//! - [`Response`]: one line to the user interface (`id`, `option`, `uciok`, `readyok`,
//!   `info`, `info string`, `bestmove`), written by its `Display`.
//! - [`UciEngine`]: the protocol's state machine. [`UciEngine::handle`] takes one line;
//!   answers go to the function given to [`UciEngine::new`], from the search thread too, so
//!   that `isready` and `stop` are answered while it thinks. A program only has to read lines
//!   and print what it is handed.
//!
//! Every `go` is answered by exactly one `bestmove`, and that move has been searched at
//! least to depth 1 (see [`Engine::search`]).
//!
//! ```
//! use cgtk_chess::uci::{Flow, Response, UciEngine};
//! use std::sync::mpsc;
//!
//! let (tx, rx) = mpsc::channel();
//! let mut uci = UciEngine::new(move |r: Response| {
//!     let _ = tx.send(r);
//! });
//! for line in ["uci", "isready", "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go depth 3"] {
//!     assert_eq!(uci.handle(line), Flow::Continue);
//! }
//! uci.finish(); // waits for the search to end
//! let lines: Vec<String> = rx.try_iter().map(|r| r.to_string()).collect();
//! assert_eq!(lines[0], "id name cgtk");
//! assert!(lines.contains(&"readyok".to_string()));
//! assert_eq!(lines.last().map(String::as_str), Some("bestmove a1a8"));
//! ```

use crate::fen::FenError;
use crate::game::Chess;
use crate::search::{Engine, Limits, Score, SearchInfo};
use crate::types::Move;
use cgtk_core::{Game, Notation, NotationError, Render};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;
use thiserror::Error;

/// The name the engine gives in `id name`.
pub const ENGINE_NAME: &str = "cgtk";
/// The author the engine gives in `id author`.
pub const ENGINE_AUTHOR: &str = "the cgtk authors";
/// The transposition table size (`Hash`, in MiB) of a new engine.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest `Hash` accepted, in MiB.
pub const MAX_HASH_MB: usize = 1024;
/// The depth searched when every limit of a `go` line was malformed (a user interface that
/// sent `go movetime abc` wants an answer, not a search without end).
pub const FALLBACK_DEPTH: u32 = 5;
/// The time cap of that fallback search.
pub const FALLBACK_MOVETIME: Duration = Duration::from_secs(1);

/// The keywords that can start a field of a `go` line.
const GO_KEYWORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// One line from the user interface.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify the engine and list its options.
    Uci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `ucinewgame`: forget the previous game.
    UciNewGame,
    /// `position startpos|fen <FEN> [moves m1 m2 …]`: the game to think about, with its
    /// moves played (so that repetitions are known).
    Position(Box<Chess>),
    /// `go …`: start searching.
    Go(Go),
    /// `setoption name <id> [value <x>]`.
    SetOption {
        /// The option's name (it may contain spaces).
        name: String,
        /// Its new value, if any (it may contain spaces).
        value: Option<String>,
    },
    /// `stop`: end the search and answer `bestmove`.
    Stop,
    /// `ponderhit`: accepted and ignored (the engine does not ponder).
    PonderHit,
    /// `debug on|off` or `register …`: commands of the protocol that this engine accepts
    /// and ignores (it has no debug output and needs no registration).
    Ignored,
    /// `quit`: stop and leave.
    Quit,
    /// `d`: draw the board and give its FEN, as `info string` lines (not part of UCI, but
    /// common among engines).
    Display,
}

/// The limits of a `go` line, with the fields that were set aside.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// The limits read from the well-formed fields.
    pub limits: Limits,
    /// The moves of `searchmoves`, as written: the engine checks them against the position.
    pub searchmoves: Vec<String>,
    /// The malformed or unsupported fields, each ignored on its own.
    pub ignored: Vec<GoFieldError>,
    /// True when fields were ignored and nothing was left to end the search, so that
    /// [`FALLBACK_DEPTH`] and [`FALLBACK_MOVETIME`] bound it instead.
    pub fallback: bool,
}

/// A field of a `go` line that was set aside.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GoFieldError {
    /// A field that needs a number came last, or before another keyword.
    #[error("ignored go {field}: a whole number should follow it")]
    MissingValue {
        /// The field (`depth`, `movetime`, …).
        field: String,
    },
    /// The value is not a whole number (or does not fit in 64 bits).
    #[error("ignored go {field} {text:?}: expected a whole number from 0 to {max}", max = u64::MAX)]
    NotANumber {
        /// The field.
        field: String,
        /// The rejected value.
        text: String,
    },
    /// The value is negative.
    #[error("ignored go {field} {text:?}: a negative value is not allowed")]
    Negative {
        /// The field.
        field: String,
        /// The rejected value.
        text: String,
    },
    /// A field that the engine does not implement (`mate`).
    #[error(
        "ignored go {field}: not supported (the engine searches every move for the best score)"
    )]
    Unsupported {
        /// The field.
        field: String,
    },
    /// A word that is not a field of `go`.
    #[error("ignored go parameter {text:?}: not one of {}", GO_KEYWORDS.join(", "))]
    UnknownField {
        /// The rejected word.
        text: String,
    },
}

/// Why a line was not understood, or could not be carried out.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UciError {
    /// The line holds only blanks.
    #[error("empty line")]
    Empty,
    /// The first word is no command.
    #[error("unknown command {text:?} (known: uci, isready, ucinewgame, position, go, setoption, stop, ponderhit, quit, debug, register, d)")]
    UnknownCommand {
        /// The rejected word.
        text: String,
    },
    /// `position` is followed by neither `startpos` nor `fen`.
    #[error("ignored position: expected 'startpos' or 'fen <FEN>', found {found:?}")]
    PositionStart {
        /// What followed `position` (empty when nothing did).
        found: String,
    },
    /// The FEN of `position fen` is invalid.
    #[error("ignored position: invalid FEN {fen:?}: {source}")]
    Fen {
        /// The rejected FEN.
        fen: String,
        /// What is wrong with it.
        source: FenError,
    },
    /// A word after `startpos` that is not `moves`.
    #[error("ignored position: unexpected {text:?} after the start position (moves follow the word 'moves')")]
    UnexpectedToken {
        /// The rejected word.
        text: String,
    },
    /// A move of `position … moves …` is malformed or illegal where it is played.
    #[error("ignored position: move {number} {text:?} is not playable: {source}")]
    Move {
        /// The move's place in the list, from 1.
        number: usize,
        /// The rejected move.
        text: String,
        /// Why.
        source: NotationError,
    },
    /// `setoption` without `name`, or with `value` before `name`.
    #[error("ignored setoption {text:?}: expected setoption name <id> [value <x>]")]
    SetOptionSyntax {
        /// The rest of the line.
        text: String,
    },
    /// An option the engine does not have.
    #[error("ignored setoption: unknown option {name:?} (known: Hash)")]
    UnknownOption {
        /// The rejected name.
        name: String,
    },
    /// A value out of an option's range.
    #[error(
        "ignored setoption {name}: value {value:?}, expected a whole number from {min} to {max}"
    )]
    OptionValue {
        /// The option.
        name: String,
        /// The rejected value (empty when none was given).
        value: String,
        /// The smallest value allowed.
        min: usize,
        /// The largest value allowed.
        max: usize,
    },
}

impl Command {
    /// Reads one line.
    ///
    /// ```
    /// use cgtk_chess::uci::{Command, UciError};
    /// use std::time::Duration;
    /// let Ok(Command::Go(go)) = Command::parse("go wtime 1000 btime -5 movestogo 10") else {
    ///     panic!("a go command")
    /// };
    /// assert_eq!(go.limits.wtime, Some(Duration::from_millis(1000)));
    /// assert_eq!(go.limits.btime, None); // ignored, and reported:
    /// assert_eq!(go.ignored[0].to_string(), "ignored go btime \"-5\": a negative value is not allowed");
    /// assert!(matches!(
    ///     Command::parse("position startpos moves e2e5"),
    ///     Err(UciError::Move { number: 1, .. })
    /// ));
    /// ```
    pub fn parse(line: &str) -> Result<Command, UciError> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = tokens.split_first() else {
            return Err(UciError::Empty);
        };
        Ok(match first {
            "uci" => Command::Uci,
            "isready" => Command::IsReady,
            "ucinewgame" => Command::UciNewGame,
            "position" => Command::Position(Box::new(parse_position(rest)?)),
            "go" => Command::Go(Go::parse(rest)),
            "setoption" => parse_setoption(rest)?,
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "debug" | "register" => Command::Ignored,
            "quit" => Command::Quit,
            "d" => Command::Display,
            other => {
                return Err(UciError::UnknownCommand {
                    text: other.to_string(),
                })
            }
        })
    }
}

/// Reads `startpos|fen <FEN> [moves m1 m2 …]` (the words after `position`).
fn parse_position(tokens: &[&str]) -> Result<Chess, UciError> {
    let moves_at = tokens
        .iter()
        .position(|&t| t == "moves")
        .unwrap_or(tokens.len());
    let mut game = match tokens.first() {
        Some(&"startpos") => {
            if let Some(&extra) = tokens[1..moves_at].first() {
                return Err(UciError::UnexpectedToken {
                    text: extra.to_string(),
                });
            }
            Chess::new()
        }
        Some(&"fen") => {
            let fen = tokens[1..moves_at].join(" ");
            Chess::from_fen(&fen).map_err(|source| UciError::Fen { fen, source })?
        }
        found => {
            return Err(UciError::PositionStart {
                found: found.map_or(String::new(), |t| t.to_string()),
            })
        }
    };
    for (i, text) in tokens.iter().skip(moves_at + 1).enumerate() {
        let mv = game.parse_move(text).map_err(|source| UciError::Move {
            number: i + 1,
            text: text.to_string(),
            source,
        })?;
        game.make(mv);
    }
    Ok(game)
}

/// Reads `name <id> [value <x>]` (the words after `setoption`).
fn parse_setoption(tokens: &[&str]) -> Result<Command, UciError> {
    let syntax = || UciError::SetOptionSyntax {
        text: tokens.join(" "),
    };
    if tokens.first() != Some(&"name") {
        return Err(syntax());
    }
    let value_at = tokens.iter().position(|&t| t == "value");
    let name_end = value_at.unwrap_or(tokens.len());
    let name = tokens[1..name_end].join(" ");
    if name.is_empty() {
        return Err(syntax());
    }
    let value = value_at.map(|v| tokens[v + 1..].join(" "));
    Ok(Command::SetOption { name, value })
}

/// A field value: a whole number, or why not.
fn parse_number(field: &str, text: &str) -> Result<u64, GoFieldError> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some(magnitude) = text.strip_prefix('-').filter(|m| digits(m)) {
        if magnitude.bytes().any(|b| b != b'0') {
            return Err(GoFieldError::Negative {
                field: field.to_string(),
                text: text.to_string(),
            });
        }
        return Ok(0);
    }
    let number = if digits(text) {
        text.parse().ok()
    } else {
        None
    };
    number.ok_or_else(|| GoFieldError::NotANumber {
        field: field.to_string(),
        text: text.to_string(),
    })
}

impl Go {
    /// Reads the words after `go`. Each malformed, negative, unknown or unsupported field
    /// is set aside in [`Go::ignored`] and the others still count. A bare `go` (or
    /// `go infinite`) searches until `stop`; when fields were set aside and none of depth,
    /// nodes, movetime, wtime or btime is left, the search is bounded by [`FALLBACK_DEPTH`]
    /// and [`FALLBACK_MOVETIME`] instead of running forever.
    ///
    /// ```
    /// use cgtk_chess::uci::{Go, GoFieldError, FALLBACK_DEPTH};
    /// let go = Go::parse(&["depth", "-3"]);
    /// assert!(matches!(&go.ignored[..], [GoFieldError::Negative { .. }]));
    /// assert!(go.fallback && !go.limits.infinite);
    /// assert_eq!(go.limits.depth, Some(FALLBACK_DEPTH));
    /// assert!(Go::parse(&[]).limits.infinite);
    /// ```
    pub fn parse(tokens: &[&str]) -> Go {
        let mut go = Go::default();
        let mut i = 0;
        while i < tokens.len() {
            let key = tokens[i];
            i += 1;
            match key {
                "infinite" => go.limits.infinite = true,
                "ponder" => {}
                "searchmoves" => {
                    // Its moves run up to the next keyword.
                    while i < tokens.len() && !GO_KEYWORDS.contains(&tokens[i]) {
                        go.searchmoves.push(tokens[i].to_string());
                        i += 1;
                    }
                }
                "mate" | "depth" | "movetime" | "wtime" | "btime" | "winc" | "binc"
                | "movestogo" | "nodes" => {
                    let value = match tokens.get(i) {
                        Some(text) if !GO_KEYWORDS.contains(text) => {
                            i += 1;
                            parse_number(key, text)
                        }
                        _ => Err(GoFieldError::MissingValue {
                            field: key.to_string(),
                        }),
                    };
                    match value {
                        Ok(_) if key == "mate" => go.ignored.push(GoFieldError::Unsupported {
                            field: key.to_string(),
                        }),
                        Ok(value) => go.set(key, value),
                        Err(e) => go.ignored.push(e),
                    }
                }
                other => go.ignored.push(GoFieldError::UnknownField {
                    text: other.to_string(),
                }),
            }
        }
        let l = &go.limits;
        let bounded = l.infinite
            || l.depth.is_some()
            || l.movetime.is_some()
            || l.wtime.is_some()
            || l.btime.is_some()
            || l.nodes.is_some();
        if !bounded {
            if go.ignored.is_empty() {
                // A bare `go` searches until `stop`, as with `go infinite`.
                go.limits.infinite = true;
            } else {
                go.fallback = true;
                go.limits.depth = Some(FALLBACK_DEPTH);
                go.limits.movetime = Some(FALLBACK_MOVETIME);
            }
        }
        go
    }

    /// Sets the well-formed field `key` to `value`.
    fn set(&mut self, key: &str, value: u64) {
        let l = &mut self.limits;
        let ms = Some(Duration::from_millis(value));
        match key {
            "depth" => l.depth = Some(value.clamp(1, 64) as u32),
            "movetime" => l.movetime = ms,
            "wtime" => l.wtime = ms,
            "btime" => l.btime = ms,
            "winc" => l.winc = ms,
            "binc" => l.binc = ms,
            "movestogo" => l.movestogo = Some(value.min(1000) as u32),
            _ => l.nodes = Some(value),
        }
    }
}

/// One line to the user interface; `Display` writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// `id name <name>`.
    IdName(String),
    /// `id author <author>`.
    IdAuthor(String),
    /// `option name <name> type spin default <d> min <lo> max <hi>`.
    SpinOption {
        /// The option's name.
        name: String,
        /// Its value until changed.
        default: usize,
        /// The smallest value allowed.
        min: usize,
        /// The largest value allowed.
        max: usize,
    },
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `info depth … score … nodes … nps … time … pv …` after a completed iteration.
    Info(SearchInfo),
    /// `info string <text>`: a message for the user (line breaks become spaces).
    InfoString(String),
    /// `bestmove <move>`, or `bestmove (none)` when there is no legal move.
    BestMove(Option<Move>),
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Response::IdName(name) => write!(f, "id name {name}"),
            Response::IdAuthor(author) => write!(f, "id author {author}"),
            Response::SpinOption {
                name,
                default,
                min,
                max,
            } => write!(
                f,
                "option name {name} type spin default {default} min {min} max {max}"
            ),
            Response::UciOk => f.write_str("uciok"),
            Response::ReadyOk => f.write_str("readyok"),
            Response::Info(i) => {
                let score = match i.score {
                    Score::Cp(cp) => format!("cp {cp}"),
                    Score::Mate(m) => format!("mate {m}"),
                };
                write!(
                    f,
                    "info depth {} score {score} nodes {} nps {} time {}",
                    i.depth,
                    i.nodes,
                    i.nps(),
                    i.elapsed.as_millis(),
                )?;
                if !i.pv.is_empty() {
                    f.write_str(" pv")?;
                    for mv in &i.pv {
                        write!(f, " {mv}")?;
                    }
                }
                Ok(())
            }
            Response::InfoString(text) => {
                write!(f, "info string {}", text.replace(['\r', '\n'], " "))
            }
            Response::BestMove(Some(mv)) => write!(f, "bestmove {mv}"),
            Response::BestMove(None) => f.write_str("bestmove (none)"),
        }
    }
}

/// Whether to go on reading after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was received: stop reading.
    Quit,
}

/// Where answers go (from the caller's thread and from the search thread).
type Sink = Arc<dyn Fn(Response) + Send + Sync>;

/// A search running on its own thread.
struct RunningSearch {
    stop: Arc<AtomicBool>,
    infinite: bool,
    handle: JoinHandle<()>,
}

/// The engine's side of a UCI session: the current game, the search engine and its tables,
/// and the search thread. See the [module documentation](self) for an example.
pub struct UciEngine {
    game: Chess,
    engine: Arc<Mutex<Engine>>,
    search: Option<RunningSearch>,
    out: Sink,
}

impl UciEngine {
    /// A session from the standard starting position whose answers are handed to `out`,
    /// one [`Response`] per line, possibly from another thread.
    pub fn new(out: impl Fn(Response) + Send + Sync + 'static) -> UciEngine {
        UciEngine {
            game: Chess::new(),
            engine: Arc::new(Mutex::new(Engine::new(DEFAULT_HASH_MB))),
            search: None,
            out: Arc::new(out),
        }
    }

    /// The game set by the last `position` (or `ucinewgame`).
    pub fn game(&self) -> &Chess {
        &self.game
    }

    /// True while a search is running (or has finished but was not yet collected by
    /// [`stop`](UciEngine::stop), [`finish`](UciEngine::finish) or the next `go`).
    pub fn is_searching(&self) -> bool {
        self.search.is_some()
    }

    /// Reads and carries out one line. A line that cannot be read or carried out is
    /// answered with an `info string` saying why, and otherwise ignored; an empty line is
    /// ignored silently.
    pub fn handle(&mut self, line: &str) -> Flow {
        match Command::parse(line) {
            Ok(command) => self.execute(command),
            Err(UciError::Empty) => Flow::Continue,
            Err(e) => {
                self.say(e.to_string());
                Flow::Continue
            }
        }
    }

    /// Carries out one command.
    pub fn execute(&mut self, command: Command) -> Flow {
        match command {
            Command::Uci => {
                self.send(Response::IdName(ENGINE_NAME.to_string()));
                self.send(Response::IdAuthor(ENGINE_AUTHOR.to_string()));
                self.send(Response::SpinOption {
                    name: "Hash".to_string(),
                    default: DEFAULT_HASH_MB,
                    min: 1,
                    max: MAX_HASH_MB,
                });
                self.send(Response::UciOk);
            }
            Command::IsReady => self.send(Response::ReadyOk),
            Command::UciNewGame => {
                self.stop();
                self.game = Chess::new();
                self.engine
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .clear();
            }
            Command::Position(game) => self.game = *game,
            Command::Go(mut go) => {
                self.stop();
                for e in &go.ignored {
                    self.say(e.to_string());
                }
                for text in &go.searchmoves {
                    match self.game.parse_move(text) {
                        Ok(mv) => go.limits.searchmoves.push(mv),
                        Err(e) => self.say(format!("ignored go searchmoves {text:?}: {e}")),
                    }
                }
                if !go.searchmoves.is_empty() && go.limits.searchmoves.is_empty() {
                    self.say(
                        "no move of go searchmoves is legal here: searching every move".into(),
                    );
                }
                if go.fallback {
                    self.say(format!(
                        "no limit left: searching to depth {FALLBACK_DEPTH}, at most {} ms",
                        FALLBACK_MOVETIME.as_millis()
                    ));
                }
                self.start(go.limits);
            }
            Command::SetOption { name, value } => {
                if let Err(e) = self.set_option(&name, value.as_deref()) {
                    self.say(e.to_string());
                }
            }
            Command::Stop => self.stop(),
            Command::PonderHit | Command::Ignored => {}
            Command::Display => {
                for line in self.game.render().lines() {
                    self.say(line.to_string());
                }
                self.say(format!("fen {}", self.game.fen()));
            }
            Command::Quit => {
                self.stop();
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    /// Stops a running search and waits for it; its `bestmove` is sent before this returns.
    pub fn stop(&mut self) {
        if let Some(s) = self.search.take() {
            s.stop.store(true, Ordering::Relaxed);
            // A search thread that panicked has nothing more to say.
            let _ = s.handle.join();
        }
    }

    /// Waits for a running search to end by itself (an infinite one is stopped), as at the
    /// end of the input.
    pub fn finish(&mut self) {
        if let Some(s) = self.search.take() {
            if s.infinite {
                s.stop.store(true, Ordering::Relaxed);
            }
            let _ = s.handle.join();
        }
    }

    fn send(&self, response: Response) {
        (self.out)(response);
    }

    fn say(&self, text: String) {
        self.send(Response::InfoString(text));
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), UciError> {
        if !name.eq_ignore_ascii_case("hash") {
            return Err(UciError::UnknownOption {
                name: name.to_string(),
            });
        }
        let text = value.unwrap_or("");
        match text.parse::<usize>() {
            Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                self.stop();
                self.engine = Arc::new(Mutex::new(Engine::new(mb)));
                Ok(())
            }
            _ => Err(UciError::OptionValue {
                name: "Hash".to_string(),
                value: text.to_string(),
                min: 1,
                max: MAX_HASH_MB,
            }),
        }
    }

    /// Starts searching the current game on a new thread.
    fn start(&mut self, limits: Limits) {
        let stop = Arc::new(AtomicBool::new(false));
        let job = SearchJob {
            game: self.game.clone(),
            engine: Arc::clone(&self.engine),
            stop: Arc::clone(&stop),
            out: Arc::clone(&self.out),
        };
        let infinite = limits.infinite;
        let thread_limits = limits.clone();
        match std::thread::Builder::new()
            .name("uci-search".to_string())
            .spawn(move || job.run(&thread_limits))
        {
            Ok(handle) => {
                self.search = Some(RunningSearch {
                    stop,
                    infinite,
                    handle,
                })
            }
            Err(e) => {
                // Without a thread nobody could say `stop`: search depth 1 here and answer.
                self.say(format!(
                    "could not start the search thread ({e}); searching to depth 1"
                ));
                let job = SearchJob {
                    game: self.game.clone(),
                    engine: Arc::clone(&self.engine),
                    stop,
                    out: Arc::clone(&self.out),
                };
                job.run(&Limits {
                    depth: Some(1),
                    ..Limits::default()
                });
            }
        }
    }
}

impl Drop for UciEngine {
    /// Stops a running search (which still answers `bestmove`).
    fn drop(&mut self) {
        self.stop();
    }
}

/// What the search thread needs.
struct SearchJob {
    game: Chess,
    engine: Arc<Mutex<Engine>>,
    stop: Arc<AtomicBool>,
    out: Sink,
}

impl SearchJob {
    /// Searches, reporting each iteration, then answers `bestmove` (in infinite mode only
    /// once told to stop).
    fn run(self, limits: &Limits) {
        let best = {
            let mut engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
            engine.search(&self.game, limits, &self.stop, |i| {
                (self.out)(Response::Info(i.clone()))
            })
        };
        while limits.infinite && !self.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        if best.is_none() {
            (self.out)(Response::InfoString(
                "no legal move: the game is over".to_string(),
            ));
        }
        (self.out)(Response::BestMove(best));
    }
}
