//! `cgtk uci`: the chess engine over the Universal Chess Interface on standard input and
//! output. The search runs on its own thread, so `isready` and `stop` are answered while
//! it thinks; malformed lines are answered with `info string …` and otherwise ignored.

use crate::cli::Context;
use anyhow::Result;
use cgtk_core::{Game, Notation};
use cgtk_chess::{Chess, Engine, Limits, Score, SearchInfo};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Arguments of `cgtk uci` (none: the protocol is spoken on standard input and output).
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Writes one protocol line and flushes (stdout is shared with the search thread).
fn send(line: &str) {
    let mut out = io::stdout().lock();
    // A closed pipe means the client is gone; there is nobody left to tell.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

struct Search {
    stop: Arc<AtomicBool>,
    infinite: bool,
    handle: JoinHandle<()>,
}

struct Session {
    game: Chess,
    engine: Arc<Mutex<Engine>>,
    search: Option<Search>,
}

impl Session {
    /// Stops a running search (its thread prints `bestmove`) and waits for it.
    fn stop(&mut self) {
        if let Some(s) = self.search.take() {
            s.stop.store(true, Ordering::Relaxed);
            let _ = s.handle.join();
        }
    }

    /// Waits for a running search to end by itself (infinite searches are stopped).
    fn finish(&mut self) {
        if let Some(s) = self.search.take() {
            if s.infinite {
                s.stop.store(true, Ordering::Relaxed);
            }
            let _ = s.handle.join();
        }
    }

    fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = tokens.first() else {
            return true;
        };
        match command {
            "uci" => {
                send("id name cgtk");
                send("id author the cgtk authors");
                send("option name Hash type spin default 16 min 1 max 1024");
                send("uciok");
            }
            "isready" => send("readyok"),
            "ucinewgame" => {
                self.stop();
                self.game = Chess::new();
                if let Ok(mut engine) = self.engine.lock() {
                    engine.clear();
                }
            }
            "setoption" => self.set_option(&tokens),
            "position" => match parse_position(&tokens[1..]) {
                Ok(game) => self.game = game,
                Err(e) => send(&format!("info string ignored position: {e}")),
            },
            "go" => match parse_go(&tokens[1..]) {
                Ok(limits) => {
                    self.stop();
                    self.start(limits);
                }
                Err(e) => send(&format!("info string ignored go: {e}")),
            },
            "stop" => self.stop(),
            "ponderhit" => {}
            "d" => {
                for l in cgtk_core::Render::render(&self.game).lines() {
                    send(&format!("info string {l}"));
                }
                send(&format!("info string fen {}", self.game.fen()));
            }
            "quit" => {
                self.stop();
                return false;
            }
            other => send(&format!("info string unknown command {other:?}")),
        }
        true
    }

    fn set_option(&mut self, tokens: &[&str]) {
        let name_at = tokens.iter().position(|&t| t == "name");
        let value_at = tokens.iter().position(|&t| t == "value");
        let (Some(n), Some(v)) = (name_at, value_at) else {
            send("info string setoption needs: setoption name <id> value <x>");
            return;
        };
        let name = tokens[n + 1..v.max(n + 1)].join(" ");
        let value = tokens.get(v + 1).copied().unwrap_or("");
        if name.eq_ignore_ascii_case("hash") {
            match value.parse::<usize>() {
                Ok(mb) if (1..=1024).contains(&mb) => {
                    self.stop();
                    self.engine = Arc::new(Mutex::new(Engine::new(mb)));
                }
                _ => send(&format!("info string Hash {value:?}: expected 1 to 1024")),
            }
        } else {
            send(&format!("info string unknown option {name:?}"));
        }
    }

    fn start(&mut self, limits: Limits) {
        let stop = Arc::new(AtomicBool::new(false));
        let game = self.game.clone();
        let engine = Arc::clone(&self.engine);
        let thread_stop = Arc::clone(&stop);
        let infinite = limits.infinite;
        let handle = std::thread::spawn(move || {
            let best = match engine.lock() {
                Ok(mut engine) => {
                    engine.search(&game, &limits, &thread_stop, |i| send(&info_line(i)))
                }
                Err(_) => None,
            };
            // In infinite mode the move is announced only after `stop`.
            while limits.infinite && !thread_stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            match best {
                Some(mv) => send(&format!("bestmove {}", game.move_text(mv))),
                None => {
                    send("info string no legal move: the game is over");
                    send("bestmove (none)");
                }
            }
        });
        self.search = Some(Search {
            stop,
            infinite,
            handle,
        });
    }
}

/// The `info` line for a completed iteration.
pub fn info_line(i: &SearchInfo) -> String {
    let score = match i.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} score {score} nodes {} nps {} time {} pv {}",
        i.depth,
        i.nodes,
        i.nps(),
        i.elapsed.as_millis(),
        pv.join(" ")
    )
}

/// Reads `startpos|fen <FEN> [moves m1 m2 …]`.
fn parse_position(tokens: &[&str]) -> Result<Chess, String> {
    let moves_at = tokens
        .iter()
        .position(|&t| t == "moves")
        .unwrap_or(tokens.len());
    let mut game = match tokens.first() {
        Some(&"startpos") => Chess::new(),
        Some(&"fen") => {
            Chess::from_fen(&tokens[1..moves_at].join(" ")).map_err(|e| e.to_string())?
        }
        _ => return Err("expected 'startpos' or 'fen <FEN>'".to_string()),
    };
    for text in tokens.iter().skip(moves_at + 1) {
        let mv = game.parse_move(text).map_err(|e| e.to_string())?;
        game.make(mv);
    }
    Ok(game)
}

/// Reads the limits of a `go` command; a malformed command is rejected whole.
fn parse_go(tokens: &[&str]) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i];
        match key {
            "infinite" => limits.infinite = true,
            "ponder" => {}
            "depth" | "movetime" | "wtime" | "btime" | "winc" | "binc" | "movestogo" | "nodes" => {
                let text = tokens.get(i + 1).copied().unwrap_or("");
                let value: u64 = text
                    .parse()
                    .map_err(|_| format!("{key} needs a whole number, found {text:?}"))?;
                let ms = Some(Duration::from_millis(value));
                match key {
                    "depth" => limits.depth = Some(value.clamp(1, 64) as u32),
                    "movetime" => limits.movetime = ms,
                    "wtime" => limits.wtime = ms,
                    "btime" => limits.btime = ms,
                    "winc" => limits.winc = ms,
                    "binc" => limits.binc = ms,
                    "movestogo" => limits.movestogo = Some(value.min(1000) as u32),
                    _ => limits.nodes = Some(value),
                }
                i += 1;
            }
            other => return Err(format!("unknown parameter {other:?}")),
        }
        i += 1;
    }
    // A bare `go` searches until `stop`, as with `go infinite`.
    let bounded = limits.depth.is_some()
        || limits.movetime.is_some()
        || limits.wtime.is_some()
        || limits.btime.is_some()
        || limits.nodes.is_some();
    if !bounded {
        limits.infinite = true;
    }
    Ok(limits)
}

/// Runs the UCI loop until `quit` or the end of input.
pub fn run(_args: &Args, _ctx: &Context) -> Result<()> {
    let mut session = Session {
        game: Chess::new(),
        engine: Arc::new(Mutex::new(Engine::default())),
        search: None,
    };
    for line in io::stdin().lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                send("info string ignored a line that is not UTF-8");
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        if !session.handle(&line) {
            return Ok(());
        }
    }
    session.finish();
    Ok(())
}
