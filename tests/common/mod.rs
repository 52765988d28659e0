//! Running the built `cgtk` binary from the integration tests: one place for spawning it,
//! feeding standard input and checking exit codes, shared by every `tests/cli_*.rs`.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]
// Each test file is its own crate and uses only some of these helpers.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What one run of `cgtk` printed, and its exit code (-1 when killed by a signal).
#[derive(Debug)]
pub struct Run {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit code.
    pub code: i32,
}

/// Runs `cgtk` with `args`, standard input `stdin`, in directory `dir` (default: the
/// current one).
pub fn cgtk_with(args: &[&str], stdin: impl AsRef<[u8]>, dir: Option<&Path>) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cgtk"));
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command.spawn().expect("the cgtk binary runs");
    // cgtk may exit before reading standard input; a closed pipe is fine then.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_ref());
    let out = child.wait_with_output().expect("cgtk finishes");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
    }
}

/// Runs `cgtk` with `args` and empty standard input.
pub fn cgtk(args: &[&str]) -> Run {
    cgtk_with(args, "", None)
}

/// Runs a command that must succeed (exit code 0) and returns its standard output.
pub fn ok_with(args: &[&str], stdin: &str) -> String {
    let run = cgtk_with(args, stdin, None);
    assert_eq!(run.code, 0, "cgtk {args:?} failed: {}", run.stderr);
    run.stdout
}

/// [`ok_with`] with empty standard input.
pub fn ok(args: &[&str]) -> String {
    ok_with(args, "")
}

/// Runs a command that must succeed and print JSON (`args` include `--json`); returns
/// the parsed value.
pub fn json_with(args: &[&str], stdin: &str) -> serde_json::Value {
    let out = ok_with(args, stdin);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("cgtk {args:?}: invalid JSON: {e}"))
}

/// [`json_with`] with empty standard input.
pub fn json(args: &[&str]) -> serde_json::Value {
    json_with(args, "")
}

/// Runs a command that must be refused as a usage error: exit code 2, nothing on standard
/// output. Returns standard error.
pub fn usage_error_with(args: &[&str], stdin: &str) -> String {
    let run = cgtk_with(args, stdin, None);
    assert_eq!(
        run.code, 2,
        "cgtk {args:?} should exit with 2; stdout {}, stderr {}",
        run.stdout, run.stderr
    );
    assert!(
        run.stdout.is_empty(),
        "cgtk {args:?} printed {}",
        run.stdout
    );
    run.stderr
}

/// [`usage_error_with`] with empty standard input.
pub fn usage_error(args: &[&str]) -> String {
    usage_error_with(args, "")
}

/// A fresh scratch directory for one test, unique to this test process, removed with
/// everything in it when the returned guard is dropped (at the end of the test, passed or
/// failed).
pub fn scratch(family: &str, name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("cgtk-{family}-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    Scratch(dir)
}

/// A scratch directory that removes itself when dropped; derefs to its path.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
