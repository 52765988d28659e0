//! The command line's shared conventions: global flags, output in text or JSON, error kinds
//! and exit codes, progress bars.
//!
//! - Every command prints human-readable text by default and the same content as JSON with
//!   `--json` ([`Context::emit`]).
//! - A user's mistake (bad size, bad file contents, impossible option) is a [`UsageError`]:
//!   `error: …` on stderr and exit code 2. Any other failure exits with 1. A closed pipe
//!   (`cgtk … | head`) is not an error.

use crate::commands::Command;
use anyhow::Result;
use clap::Parser;
use serde::Serialize;
use std::ffi::OsString;
use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

/// Solve Lights Out in k colours, compute nimbers and Grundy values, count positions
/// up to symmetry, solve and prove small games, value partizan games, and play them (chess
/// over UCI, Go over GTP, the Calculation patience).
#[derive(Debug, Parser)]
#[command(name = "cgtk", version, propagate_version = true)]
pub struct Cli {
    /// Print machine-readable JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,

    /// Worker threads for parallel work, 1 to 1024 (default: one per core).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The command line with the global flags (`--json`, `--threads N`, `--threads=N`) moved
/// in front of the command, wherever they were written; everything after a bare `--` is
/// left alone.
///
/// Commands whose free arguments may begin with `-` (`nimber '*4 ^ -1'`, `cgt value -1`)
/// take them with `allow_hyphen_values`, and clap then read a trailing `--json` as one more
/// word of the expression (`cgtk nimber '*4 ^ -1' --json` was refused as a bad nimber).
/// Moving the global flags first makes them work after any command's arguments.
pub fn hoist_global_flags(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut args = args.into_iter();
    let mut front: Vec<OsString> = args.next().into_iter().collect();
    let mut rest = Vec::new();
    let mut literal = false;
    while let Some(arg) = args.next() {
        if literal {
            rest.push(arg);
            continue;
        }
        match arg.to_str() {
            Some("--") => {
                literal = true;
                rest.push(arg);
            }
            Some("--json") => front.push(arg),
            Some("--threads") => {
                front.push(arg);
                front.extend(args.next());
            }
            Some(a) if a.starts_with("--threads=") => front.push(arg),
            _ => rest.push(arg),
        }
    }
    front.extend(rest);
    front
}

/// `n` and the noun in the number it needs: `counted(1, "move", "moves")` is `1 move`,
/// `counted(2, "move", "moves")` is `2 moves` (messages used to say `1 moves`).
pub fn counted(n: impl Into<u128>, singular: &str, plural: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { singular } else { plural })
}

/// What every command receives besides its own arguments.
#[derive(Debug, Clone)]
pub struct Context {
    /// `--json` was given.
    pub json: bool,
}

impl Context {
    /// Prints `value` as pretty JSON with `--json`, else the text `text` builds.
    pub fn emit<T: Serialize>(&self, value: &T, text: impl FnOnce() -> String) -> Result<()> {
        let mut out = io::stdout().lock();
        if self.json {
            serde_json::to_writer_pretty(&mut out, value)?;
            writeln!(out)?;
        } else {
            let text = text();
            out.write_all(text.as_bytes())?;
            if !text.is_empty() && !text.ends_with('\n') {
                writeln!(out)?;
            }
        }
        out.flush()?;
        Ok(())
    }

    /// A progress bar on stderr when it is a terminal and JSON was not asked for;
    /// `None` otherwise, so scripts and tests see no progress output.
    pub fn progress(&self, len: u64, message: &str) -> Option<indicatif::ProgressBar> {
        if self.json || !io::stderr().is_terminal() {
            return None;
        }
        let bar = indicatif::ProgressBar::new(len);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} ({eta})",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar.set_message(message.to_string());
        Some(bar)
    }
}

impl Context {
    /// A spinner with the elapsed time on stderr for work whose length is not known in
    /// advance (large counts, big cycle indices), under the same conditions as
    /// [`Context::progress`]; clear it with `finish_and_clear`.
    pub fn spinner(&self, message: &str) -> Option<indicatif::ProgressBar> {
        if self.json || !io::stderr().is_terminal() {
            return None;
        }
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        bar.set_message(message.to_string());
        bar.enable_steady_tick(std::time::Duration::from_millis(120));
        Some(bar)
    }
}

/// A mistake in what the user asked for: reported as `error: …` with exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// Wraps any error as a [`UsageError`] (exit code 2), keeping its message.
pub fn usage(err: impl Display) -> anyhow::Error {
    UsageError(err.to_string()).into()
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    if let Some(threads) = cli.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads as usize)
            .build_global()
            .map_err(|e| anyhow::anyhow!("cannot start {threads} worker threads: {e}"))?;
    }
    let ctx = Context { json: cli.json };
    cli.command.run(&ctx)
}

/// Prints `error: …` with the context chain and returns the exit code: 0 for a closed
/// pipe, 2 for a [`UsageError`], 1 otherwise.
pub fn report(err: &anyhow::Error) -> ExitCode {
    for cause in err.chain() {
        if let Some(io) = cause.downcast_ref::<io::Error>() {
            if io.kind() == io::ErrorKind::BrokenPipe {
                return ExitCode::SUCCESS;
            }
        }
        // `--json` output fails inside serde_json, whose error does not expose the
        // io::Error in its source chain: `cgtk --json … | head -1` used to print
        // `error: Broken pipe (os error 32)` and exit 1.
        if let Some(json) = cause.downcast_ref::<serde_json::Error>() {
            if json.io_error_kind() == Some(io::ErrorKind::BrokenPipe) {
                return ExitCode::SUCCESS;
            }
        }
    }
    let mut message = err.to_string();
    for cause in err.chain().skip(1) {
        // An error that already shows its source's text is not followed by it again
        // (`… No space left on device (os error 28): No space left on device (os error 28)`).
        let cause = cause.to_string();
        if !message.contains(&cause) {
            message.push_str(": ");
            message.push_str(&cause);
        }
    }
    eprintln!("error: {message}");
    if err
        .chain()
        .any(|c| c.downcast_ref::<UsageError>().is_some())
    {
        ExitCode::from(2)
    } else {
        ExitCode::FAILURE
    }
}

/// Reads a text file named on the command line, `-` meaning standard input, without the
/// UTF-8 byte-order mark some editors put at the start (deals, games, results and grids
/// with one were refused, the mark shown invisibly in the message).
pub fn read_input(path: &std::path::Path) -> Result<String> {
    let text = read_input_verbatim(path)?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// [`read_input`] keeping a byte-order mark, for readers that skip it themselves and count
/// the file's bytes in their errors (SGF).
pub fn read_input_verbatim(path: &std::path::Path) -> Result<String> {
    use anyhow::Context as _;
    if path.as_os_str() == "-" {
        let mut text = String::new();
        match io::Read::read_to_string(&mut io::stdin(), &mut text) {
            Ok(_) => Ok(text),
            // Text that is not UTF-8 is bad input (exit 2), as it already was for a file;
            // from standard input it used to exit with 1.
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                Err(usage(format!("cannot read standard input: {e}")))
            }
            Err(e) => Err(e).context("cannot read standard input"),
        }
    } else {
        std::fs::read_to_string(path)
            .map_err(|e| usage(format!("cannot read {}: {e}", path.display())))
    }
}

/// The input quoted for an error message; past 80 characters only the 80 around
/// `position` (counted from 1) and the input's length, so that a huge input does not fill
/// the terminal and the error's place is still shown (`cgt` games, `nimber` expressions).
pub fn quoted_input(text: &str, position: usize) -> String {
    const SHOWN: usize = 80;
    let length = text.chars().count();
    if length <= SHOWN {
        return format!("'{text}'");
    }
    let first = position.saturating_sub(SHOWN / 2 + 1).min(length - SHOWN);
    let window: String = text.chars().skip(first).take(SHOWN).collect();
    let before = if first > 0 { "…" } else { "" };
    let after = if first + SHOWN < length { "…" } else { "" };
    let from = if first > 0 {
        format!(", shown from position {}", first + 1)
    } else {
        String::new()
    };
    format!("'{before}{window}{after}' ({length} characters{from})")
}

/// A file written whole or not at all. [`OutputFile::create`] opens `NAME.part` beside
/// `path`, so that a place that cannot be written is found before the work;
/// [`OutputFile::finish`] flushes it and renames it over `path`. Dropped unfinished (an
/// error, an interrupted solve), the part file is removed and a file already at `path`
/// stays as it was: `solve --out` used to empty an existing table before solving. A path
/// that exists and is not a regular file (`/dev/stdout`, a pipe, a device) is written
/// directly, as given.
pub struct OutputFile {
    path: std::path::PathBuf,
    /// The part file renamed over `path` at the end; `None` when writing `path` directly.
    part: Option<std::path::PathBuf>,
    writer: io::BufWriter<std::fs::File>,
    finished: bool,
}

impl OutputFile {
    /// Creates the part file of `path` (or opens `path` itself when it is not a regular
    /// file), as a usage error naming `path` when it cannot be.
    pub fn create(path: &std::path::Path) -> Result<OutputFile> {
        let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
        let part = (!special).then(|| {
            let mut part = path.as_os_str().to_owned();
            part.push(".part");
            std::path::PathBuf::from(part)
        });
        let file = std::fs::File::create(part.as_deref().unwrap_or(path))
            .map_err(|e| usage(format!("cannot create {}: {e}", path.display())))?;
        Ok(OutputFile {
            path: path.to_path_buf(),
            part,
            writer: io::BufWriter::with_capacity(1 << 20, file),
            finished: false,
        })
    }

    /// The path the file is put at.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// Where the content goes.
    pub fn writer(&mut self) -> &mut io::BufWriter<std::fs::File> {
        &mut self.writer
    }

    /// Flushes the content and puts it at `path`, replacing any file there; returns its
    /// size in bytes.
    pub fn finish(mut self) -> Result<u64> {
        // The io::Error stays in the chain, so that a closed pipe is not an error.
        let failed = |e: io::Error| {
            anyhow::Error::new(e).context(format!("cannot write {}", self.path.display()))
        };
        self.writer.flush().map_err(failed)?;
        let file = self.writer.get_ref();
        let bytes = file.metadata().map_err(failed)?.len();
        if let Some(part) = &self.part {
            file.sync_all().map_err(failed)?;
            std::fs::rename(part, &self.path).map_err(failed)?;
        }
        self.finished = true;
        Ok(bytes)
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if let (false, Some(part)) = (self.finished, &self.part) {
            let _ = std::fs::remove_file(part);
        }
    }
}

/// The memory limit of a command with `--max-memory SIZE`: the size given, or else the memory
/// the system reports available (`None` when it does not say). One mechanism for every
/// command that refuses work up front for its memory (`poggle`, `grundy`).
pub fn memory_limit(max_memory: Option<&str>) -> Result<Option<u64>> {
    match max_memory {
        Some(text) => Ok(Some(parse_memory(text)?)),
        None => Ok(available_memory()),
    }
}

/// A number of bytes for people: `12.5 MB`, `3.2 GB` (decimal units, as `--max-memory`).
pub fn bytes_text(n: u64) -> String {
    let units = [("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)];
    for (unit, size) in units {
        if n as f64 >= size {
            return format!("{:.1} {unit}", n as f64 / size);
        }
    }
    counted(n, "byte", "bytes")
}

/// `512M`, `4G`, `1.5G`, `100000` (bytes): decimal units k, M, G, T.
pub fn parse_memory(text: &str) -> Result<u64> {
    let bad = || {
        usage(format!(
            "--max-memory {text:?}: write a size such as 512M, 4G or 1.5G (decimal units k, M, G, T)"
        ))
    };
    let t = text.trim();
    let (number, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => t.split_at(i),
        None => (t, ""),
    };
    let scale = match unit.trim().to_ascii_uppercase().trim_end_matches('B') {
        "" => 1.0,
        "K" => 1e3,
        "M" => 1e6,
        "G" => 1e9,
        "T" => 1e12,
        _ => return Err(bad()),
    };
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    if !value.is_finite() || value < 0.0 || value * scale >= u64::MAX as f64 {
        return Err(bad());
    }
    let bytes = (value * scale) as u64;
    if bytes == 0 {
        return Err(usage(format!(
            "--max-memory {text:?}: a memory limit is at least 1 byte (e.g. 512M, 4G)"
        )));
    }
    Ok(bytes)
}

/// The time limit of `FLAG SECONDS` (`calculation solve --time`, `poggle … --time-limit`):
/// a positive number of seconds, fractions allowed, and with `zero_is_none` also 0 for no
/// limit. Past the largest duration (about 584 billion years) is no limit at all (`None`).
/// Zero (unless `zero_is_none`), negative numbers, infinity and NaN are refused.
pub fn time_limit(
    flag: &str,
    seconds: f64,
    zero_is_none: bool,
) -> Result<Option<std::time::Duration>> {
    if zero_is_none && seconds == 0.0 {
        return Ok(None);
    }
    if !(seconds.is_finite() && seconds > 0.0) {
        let zero = if zero_is_none { " (0: no limit)" } else { "" };
        return Err(usage(format!(
            "{flag} must be a positive number of seconds{zero}, not {seconds}"
        )));
    }
    Ok(std::time::Duration::try_from_secs_f64(seconds).ok())
}

/// A duration for people, in the unit that reads best: `40 seconds`, `12 minutes`, `2.0 hours`, `3.1 days`, `2.4e3 years`.
pub fn duration_text(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    if seconds < 2.0 * MINUTE {
        format!("{seconds:.0} seconds")
    } else if seconds < 1.5 * HOUR {
        format!("{:.0} minutes", seconds / MINUTE)
    } else if seconds < 2.0 * DAY {
        format!("{:.1} hours", seconds / HOUR)
    } else if seconds < 2.0 * YEAR {
        format!("{:.1} days", seconds / DAY)
    } else if seconds < 1e4 * YEAR {
        format!("{:.0} years", seconds / YEAR)
    } else {
        format!("{:.1e} years", seconds / YEAR)
    }
}

/// The memory this process holds in RAM now (Linux `VmRSS`), if the system says.
pub fn resident_memory() -> Option<u64> {
    proc_bytes("/proc/self/status", "VmRSS:")
}

/// The figure of the line starting with `key` in a Linux `/proc` file, given in kB, as
/// bytes.
fn proc_bytes(file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The memory the system reports available (Linux `MemAvailable`), if it says.
pub fn available_memory() -> Option<u64> {
    proc_bytes("/proc/meminfo", "MemAvailable:")
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use super::OutputFile;
    use clap::CommandFactory;
    use std::io::Write;

    /// An unfinished output file leaves the file already at its path as it was and no part
    /// file; a finished one replaces it whole.
    #[test]
    fn an_output_file_is_put_in_place_whole_or_not_at_all() {
        let dir = std::env::temp_dir().join(format!("cgtk-output-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("table.tbl");
        let part = dir.join("table.tbl.part");
        std::fs::write(&path, "old").unwrap();

        let mut unfinished = OutputFile::create(&path).unwrap();
        unfinished.writer().write_all(b"half a ta").unwrap();
        assert!(part.exists());
        drop(unfinished);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert!(!part.exists());

        let mut finished = OutputFile::create(&path).unwrap();
        finished.writer().write_all(b"new table").unwrap();
        assert_eq!(finished.finish().unwrap(), 9);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new table");
        assert!(!part.exists());

        // A device is written as given, never replaced by a regular file (a part file
        // renamed over /dev/full did that once).
        let null = std::path::Path::new("/dev/null");
        if null.exists() {
            let mut device = OutputFile::create(null).unwrap();
            device.writer().write_all(b"gone").unwrap();
            device.finish().unwrap();
            assert!(!std::fs::metadata(null).unwrap().is_file());
            assert!(!std::path::Path::new("/dev/null.part").exists());
        }

        let missing = dir.join("no-such-dir").join("t.tbl");
        let err = OutputFile::create(&missing).err().unwrap().to_string();
        assert!(
            err.contains("cannot create") && err.contains("t.tbl"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Every command and subcommand, found by walking clap's tree (never a hand-kept
    /// list): each has an about text, documents every argument, and renders a long help
    /// that names its full path.
    #[test]
    fn every_command_path_has_documented_help() {
        let mut root = Cli::command();
        root.build();
        let mut paths = Vec::new();
        check_command(&mut root, &mut Vec::new(), &mut paths);
        // The root and at least one command below it.
        assert!(paths.len() > 1, "only {paths:?}");
    }

    /// `cgtk nimber '*4 ^ -1' --json` read `--json` as part of the expression; global
    /// flags now move in front of the command wherever they stand, except after `--`.
    #[test]
    fn global_flags_move_in_front_of_the_command() {
        let hoist = |args: &[&str]| -> Vec<String> {
            super::hoist_global_flags(args.iter().map(std::ffi::OsString::from))
                .into_iter()
                .map(|a| a.into_string().unwrap())
                .collect()
        };
        assert_eq!(
            hoist(&["cgtk", "nimber", "*4 ^ -1", "--json", "--threads", "2"]),
            ["cgtk", "--json", "--threads", "2", "nimber", "*4 ^ -1"]
        );
        assert_eq!(
            hoist(&["cgtk", "cgt", "value", "-1", "--threads=3"]),
            ["cgtk", "--threads=3", "cgt", "value", "-1"]
        );
        assert_eq!(
            hoist(&["cgtk", "nimber", "--", "-*3", "--json"]),
            ["cgtk", "nimber", "--", "-*3", "--json"]
        );
        assert_eq!(
            hoist(&["cgtk", "nim", "--threads"]),
            ["cgtk", "--threads", "nim"]
        );
        assert_eq!(hoist(&["cgtk"]), ["cgtk"]);
    }

    #[test]
    fn counted_nouns_agree_with_their_number() {
        assert_eq!(super::counted(1u32, "move", "moves"), "1 move");
        assert_eq!(super::counted(0u32, "move", "moves"), "0 moves");
        assert_eq!(super::counted(2u64, "entry", "entries"), "2 entries");
    }

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    fn check_command(cmd: &mut clap::Command, path: &mut Vec<String>, seen: &mut Vec<String>) {
        let name = if path.is_empty() {
            "cgtk".to_string()
        } else {
            format!("cgtk {}", path.join(" "))
        };
        let about = cmd
            .get_long_about()
            .or(cmd.get_about())
            .map(|s| s.to_string())
            .unwrap_or_default();
        assert!(!about.trim().is_empty(), "`{name}` has no about text");
        for arg in cmd.get_arguments() {
            if arg.is_hide_set() {
                continue;
            }
            let help = arg
                .get_long_help()
                .or(arg.get_help())
                .map(|s| s.to_string())
                .unwrap_or_default();
            assert!(
                !help.trim().is_empty(),
                "`{name}`: argument `{}` has no help text",
                arg.get_id()
            );
        }
        let help = cmd.render_long_help().to_string();
        assert!(
            help.contains(&format!("Usage: {name}")),
            "`{name} --help` has no usage line naming the command:\n{help}"
        );
        // The help may wrap the about text differently; its opening words must be there.
        let words = |text: &str| {
            text.split_whitespace()
                .map(String::from)
                .collect::<Vec<_>>()
        };
        let opening = words(&about).into_iter().take(3).collect::<Vec<_>>();
        assert!(
            words(&help)
                .windows(opening.len())
                .any(|w| w == opening.as_slice()),
            "`{name} --help` does not show its about text:\n{help}"
        );
        seen.push(name);
        for sub in cmd.get_subcommands_mut() {
            if sub.is_hide_set() {
                continue;
            }
            path.push(sub.get_name().to_string());
            check_command(sub, path, seen);
            path.pop();
        }
    }
}
