//! Bad inputs as data: one corpus file per parser, `tests/data/invalid_<notation>.txt`, read
//! with the shared reference reader (first line `# Source: …`). Each data line is
//! `input | expected message fragment`, or several inputs `a | b | fragment` where a
//! parser takes more than one (a game and its variant, a board size and a grid).
//!
//! An input is taken as written, trimmed; inside `"…"` it is taken literally, so that an
//! empty input or one with outer spaces can be written. The escapes `\n`, `\r`, `\t`,
//! `\\`, `\|` and `\u{HEX}` work in both forms.
//!
//! Every case runs through the command line (exit code 2, nothing on standard output, the
//! fragment on standard error) or, for the notations that only a library reads, through
//! the typed-error API (an `Err` whose message holds the fragment). Every failing case of a
//! file is listed at once.

// A panic in a test is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use cgtk_core::Notation;
use cgtk_testkit::reference::Reference;
use std::path::{Path, PathBuf};

/// One line of a corpus: its inputs, the fragment, and the line itself for messages.
struct Case {
    inputs: Vec<String>,
    fragment: String,
    line: String,
}

/// Splits at ` | ` not preceded by a backslash.
fn split_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                fields.last_mut().unwrap().push_str("\\|");
                chars.next();
            }
            '|' => fields.push(String::new()),
            _ => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

fn unescape(field: &str) -> String {
    let field = field.trim();
    let field = field
        .strip_prefix('"')
        .and_then(|f| f.strip_suffix('"'))
        .unwrap_or(field);
    let mut out = String::new();
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some('|') => out.push('|'),
            Some('u') => {
                let hex: String = chars
                    .by_ref()
                    .skip_while(|&c| c == '{')
                    .take_while(|&c| c != '}')
                    .collect();
                let code = u32::from_str_radix(&hex, 16).expect("\\u{HEX} escape");
                out.push(char::from_u32(code).expect("a Unicode scalar value"));
            }
            other => panic!("unknown escape \\{other:?} in {field:?}"),
        }
    }
    out
}

fn corpus(name: &str, inputs: usize) -> (PathBuf, Vec<Case>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let reference = Reference::load(&path);
    let cases: Vec<Case> = reference
        .lines()
        .map(|line| {
            let mut fields = split_fields(line);
            assert_eq!(
                fields.len(),
                inputs + 1,
                "{name}: expected {inputs} input(s) and a fragment in {line:?}"
            );
            let fragment = unescape(&fields.pop().unwrap());
            assert!(!fragment.is_empty(), "{name}: empty fragment in {line:?}");
            Case {
                inputs: fields.iter().map(|f| unescape(f)).collect(),
                fragment,
                line: line.to_string(),
            }
        })
        .collect();
    assert!(!cases.is_empty(), "{name} has no cases");
    (path, cases)
}

/// Fails with every case of `name` whose check returned a complaint.
fn check_all(name: &str, cases: &[Case], check: impl Fn(&Case) -> Option<String>) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| check(case).map(|why| format!("  {}\n    {why}", case.line)))
        .collect();
    assert!(
        failures.is_empty(),
        "{name}: {} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// What a command-line case needs: its arguments, standard input, and files to write first.
struct Invocation {
    args: Vec<String>,
    stdin: Vec<u8>,
}

fn expect_usage_error(case: &Case, inv: &Invocation) -> Option<String> {
    let args: Vec<&str> = inv.args.iter().map(String::as_str).collect();
    let run = common::cgtk_with(&args, &inv.stdin, None);
    if run.code != 2 {
        return Some(format!(
            "cgtk {args:?}: exit code {} (expected 2); stdout {:?}; stderr {:?}",
            run.code, run.stdout, run.stderr
        ));
    }
    if !run.stdout.is_empty() {
        return Some(format!("cgtk {args:?}: printed {:?}", run.stdout));
    }
    if !run.stderr.contains(&case.fragment) {
        return Some(format!(
            "cgtk {args:?}: stderr {:?} lacks {:?}",
            run.stderr, case.fragment
        ));
    }
    if run.stderr.contains("panicked") {
        return Some(format!("cgtk {args:?}: panicked: {:?}", run.stderr));
    }
    None
}

/// Runs every case of a command-line corpus.
fn cli_corpus(name: &str, inputs: usize, invocation: impl Fn(&[String], &Path) -> Invocation) {
    let (_, cases) = corpus(name, inputs);
    let dir = common::scratch("invalid", name.trim_end_matches(".txt"));
    check_all(name, &cases, |case| {
        expect_usage_error(case, &invocation(&case.inputs, &dir))
    });
}

/// Runs every case of a typed-error corpus: `parse` must fail with the fragment in its
/// message.
fn api_corpus<E: std::fmt::Display>(
    name: &str,
    inputs: usize,
    parse: impl Fn(&[String]) -> Result<(), E>,
) {
    let (_, cases) = corpus(name, inputs);
    check_all(name, &cases, |case| match parse(&case.inputs) {
        Ok(()) => Some("accepted".to_string()),
        Err(e) if e.to_string().contains(&case.fragment) => None,
        Err(e) => Some(format!(
            "message {:?} lacks {:?}",
            e.to_string(),
            case.fragment
        )),
    });
}

fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

fn plain(words: &[&str]) -> Invocation {
    Invocation {
        args: args(words),
        stdin: Vec::new(),
    }
}

/// Writes `text` to a file in `dir` named after a hash of it, and returns its path.
fn write_file(dir: &Path, text: &[u8]) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    let path = dir.join(format!("{:016x}.txt", hasher.finish()));
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn fen() {
    cli_corpus("invalid_fen.txt", 1, |i, _| {
        plain(&["chess", "perft", "1", "--fen", &i[0]])
    });
}

#[test]
fn nimber_expressions() {
    cli_corpus("invalid_nimber.txt", 1, |i, _| {
        plain(&["nimber", "--", &i[0]])
    });
}

#[test]
fn heap_game_codes() {
    cli_corpus("invalid_heap_game.txt", 1, |i, _| {
        plain(&["grundy", "--to", "5", "--", &i[0]])
    });
}

/// Nim heaps on the command line (`nim`) and in a sum (`grundy --position`).
#[test]
fn heaps() {
    cli_corpus("invalid_heaps.txt", 2, |i, _| match i[0].as_str() {
        "nim" => {
            let mut words = vec!["nim", "--"];
            words.extend(i[1].split(' '));
            plain(&words)
        }
        "grundy" => plain(&["grundy", "kayles", &format!("--position={}", i[1])]),
        other => panic!("unknown heap command {other:?}"),
    });
}

#[test]
fn poggle_grids() {
    cli_corpus("invalid_poggle_grid.txt", 2, |i, dir| {
        let file = write_file(dir, i[1].as_bytes());
        plain(&["poggle", "solve", &i[0], "--start", &file])
    });
}

#[test]
fn poggle_patterns() {
    cli_corpus("invalid_poggle_pattern.txt", 1, |i, _| {
        plain(&["poggle", "solve", "3", &format!("--pattern={}", i[0])])
    });
}

#[test]
fn board_sizes() {
    api_corpus("invalid_board_size.txt", 1, |i| {
        i[0].parse::<cgtk_core::BoardSize>().map(drop)
    });
    cli_corpus("invalid_board_size.txt", 1, |i, _| {
        plain(&["poggle", "solve", "--", &i[0]])
    });
}

#[test]
fn poggle_boards() {
    cli_corpus("invalid_poggle_board.txt", 1, |i, _| {
        let mut words = vec!["poggle"];
        words.extend(i[0].split(' '));
        plain(&words)
    });
}

#[test]
fn variants() {
    cli_corpus("invalid_variant.txt", 2, |i, _| {
        plain(&["solve", &i[0], "--variant", &i[1], "--out", "/dev/null"])
    });
}

#[test]
fn cycle_index_generators() {
    cli_corpus("invalid_cycle_generators.txt", 2, |i, _| {
        plain(&["cycle-index", "generators", &i[0], "--perm", &i[1]])
    });
}

#[test]
fn cycle_index_groups() {
    cli_corpus("invalid_cycle_group.txt", 2, |i, _| {
        plain(&["cycle-index", &i[0], &i[1]])
    });
}

#[test]
fn saved_games() {
    cli_corpus("invalid_saved_game.txt", 2, |i, dir| {
        let file = write_file(dir, i[1].as_bytes());
        Invocation {
            args: args(&["play", &i[0], "--load", &file]),
            stdin: b"quit\n".to_vec(),
        }
    });
}

/// A Mu Torere table, solved once, then damaged as each line says: `truncate N` keeps the
/// first N bytes, `flip B` flips the low bit of byte B, `append N` adds N zero bytes, `set
/// B V` writes the byte value V at B.
#[test]
fn table_headers() {
    let dir = common::scratch("invalid", "table_headers");
    let good = dir.join("mu.tbl");
    let good_text = good.display().to_string();
    common::ok(&["solve", "mu-torere", "--out", &good_text]);
    let bytes = std::fs::read(&good).unwrap();
    let (_, cases) = corpus("invalid_table_header.txt", 1);
    check_all("invalid_table_header.txt", &cases, |case| {
        let words: Vec<&str> = case.inputs[0].split_whitespace().collect();
        let number = |w: &str| w.parse::<usize>().expect("a byte offset or count");
        let mut damaged = bytes.clone();
        match words[..] {
            ["truncate", n] => damaged.truncate(number(n)),
            ["flip", b] => damaged[number(b)] ^= 1,
            ["append", n] => damaged.extend(std::iter::repeat(0).take(number(n))),
            ["set", b, v] => damaged[number(b)] = number(v) as u8,
            _ => panic!("unknown damage {:?}", case.inputs[0]),
        }
        let file = write_file(&dir, &damaged);
        ["info", "export"]
            .iter()
            .find_map(|command| expect_usage_error(case, &plain(&["table", command, &file])))
    });
}

/// UCI is a session: a bad line gets an `info string` on standard output and the engine
/// keeps going (exit code 0).
#[test]
fn uci_lines() {
    let (_, cases) = corpus("invalid_uci.txt", 1);
    check_all("invalid_uci.txt", &cases, |case| {
        let stdin = format!("{}\nisready\nquit\n", case.inputs[0]);
        let run = common::cgtk_with(&["uci"], stdin.as_bytes(), None);
        let info = run
            .stdout
            .lines()
            .find(|l| l.starts_with("info string") && l.contains(&case.fragment));
        match (run.code, info) {
            (0, Some(_)) if run.stdout.contains("readyok") => None,
            _ => Some(format!(
                "exit code {}; stdout {:?}; stderr {:?}",
                run.code, run.stdout, run.stderr
            )),
        }
    });
}

fn positions<G: Notation>(name: &str, start: G) {
    api_corpus(name, 1, |i| start.parse_position(&i[0]).map(drop));
}

fn moves<G: Notation>(name: &str, start: G) {
    api_corpus(name, 1, |i| start.parse_move(&i[0]).map(drop));
}

#[test]
fn chess_notation() {
    moves("invalid_chess_move.txt", cgtk_chess::Chess::new());
}

#[test]
fn mu_torere_notation() {
    use cgtk_games::mu_torere::MuTorere;
    positions(
        "invalid_mu_torere_position.txt",
        MuTorere::start(Default::default()),
    );
    moves(
        "invalid_mu_torere_move.txt",
        MuTorere::start(Default::default()),
    );
}

#[test]
fn kono_notation() {
    use cgtk_games::kono::Kono;
    positions("invalid_kono_position.txt", Kono::start(Default::default()));
    moves("invalid_kono_move.txt", Kono::start(Default::default()));
}

#[test]
fn fox_hounds_notation() {
    use cgtk_games::fox_hounds::FoxHounds;
    positions(
        "invalid_fox_hounds_position.txt",
        FoxHounds::start(Default::default()),
    );
    moves(
        "invalid_fox_hounds_move.txt",
        FoxHounds::start(Default::default()),
    );
}

#[test]
fn nim_notation() {
    use cgtk_games::nim::Nim;
    let start = Nim::new(&[3, 4, 5]).unwrap();
    positions("invalid_nim_position.txt", start.clone());
    moves("invalid_nim_move.txt", start);
}

#[test]
fn poggle_presses() {
    let start = cgtk_poggle::Puzzle::from_variant("3x4,3").unwrap();
    moves("invalid_poggle_press.txt", start);
}

/// Every corpus file is read by the shared reader, and together they hold at least 200
/// cases.
#[test]
fn corpora_hold_at_least_200_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut total = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("invalid_") && name.ends_with(".txt") {
            total += Reference::load(&path).lines().count();
        }
    }
    assert!(total >= 200, "only {total} bad-input cases");
}
