//! Our legality and scoring against GNU Go's `is_legal` and `final_score` on random
//! games. Skips itself (with a message) when `gnugo` is not installed; installs nothing.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::Game;
use cgtk_go::gtp::vertex_text;
use cgtk_go::{Go, IllegalMove, Move};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

struct GnuGo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl GnuGo {
    fn start() -> Option<GnuGo> {
        // Debian installs GNU Go in /usr/games, often not on the PATH.
        let mut child = ["gnugo", "/usr/games/gnugo"].iter().find_map(|program| {
            Command::new(program)
                .args(["--mode", "gtp", "--chinese-rules"])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .ok()
        })?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        Some(GnuGo {
            child,
            input,
            output,
        })
    }

    /// Sends a command; returns the reply text after `= `, or panics on `?`.
    fn send(&mut self, command: &str) -> String {
        writeln!(self.input, "{command}").unwrap();
        self.input.flush().unwrap();
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "gnugo closed"
            );
            if line.trim().is_empty() {
                if reply.is_empty() {
                    continue;
                }
                break;
            }
            reply.push_str(&line);
        }
        assert!(reply.starts_with('='), "gnugo refused {command:?}: {reply}");
        reply[1..].trim().to_string()
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// A GTP score (`B+2.5`, `W+7.0`, `0`) as a number, positive when Black wins.
fn signed(score: &str) -> f64 {
    let score = score.trim();
    match score.split_once('+') {
        Some(("B", n)) => n.parse().unwrap(),
        Some(("W", n)) => -n.parse::<f64>().unwrap(),
        _ => 0.0,
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "release only (run by CI with gnugo installed)"
)]
fn legality_and_scores_agree_with_gnugo_on_random_games() {
    let Some(mut gnugo) = GnuGo::start() else {
        eprintln!("gnugo is not installed: skipping the comparison with GNU Go");
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let (mut checked, mut superko_only, mut scored) = (0, 0, 0);
    for game in 0..6 {
        let size = [5, 7, 9][game % 3];
        let mut go = Go::new(size, size).unwrap();
        gnugo.send(&format!("boardsize {size}"));
        gnugo.send("clear_board");
        gnugo.send(&format!("komi {}", go.rules().komi));
        let mut moves = Vec::new();
        for _ in 0..(3 * size * size) {
            if go.outcome().is_some() {
                break;
            }
            let color = go.to_move_color();
            let letter = color.letter();
            // Every point: our verdict against GNU Go's (which applies simple ko only,
            // so our superko refusals that GNU Go allows are counted, not compared).
            for p in go.board().points() {
                let mv = Move::Play(p);
                let theirs = gnugo.send(&format!(
                    "is_legal {letter} {}",
                    vertex_text(mv, go.board())
                )) == "1";
                match go.check(mv, color) {
                    Ok(()) => assert!(theirs, "game {game}: we allow {mv:?}, gnugo does not"),
                    Err(IllegalMove::Superko) => superko_only += usize::from(theirs),
                    Err(e) => assert!(
                        !theirs,
                        "game {game}: we refuse {mv:?} ({e}), gnugo allows it"
                    ),
                }
                checked += 1;
            }
            go.legal_moves(&mut moves);
            moves.retain(|&m| match m {
                Move::Play(p) => !go.board().is_eyelike(p, color),
                Move::Pass => false,
            });
            let mv = if moves.is_empty() {
                Move::Pass
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            gnugo.send(&format!("play {letter} {}", vertex_text(mv, go.board())));
            go.make(mv);
        }
        if go.outcome().is_some() {
            // Played out to the end (no eye filled), every stone left is alive: GNU Go's
            // score with dead-stone removal must equal our Tromp-Taylor count.
            let theirs = gnugo.send("final_score");
            assert_eq!(
                signed(&theirs),
                signed(&go.score_text()),
                "game {game}: gnugo {theirs}"
            );
            scored += 1;
        }
    }
    eprintln!("{checked} verdicts compared, {superko_only} refused by superko only, {scored} games scored");
    assert!(scored >= 3);
}
