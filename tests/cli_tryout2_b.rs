//! Regressions found by the second tryout of `go`, `uci`, `chess` and the partizan games of
//! `cgt`: each test says what broke.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{cgtk_with, ok_with};

/// An SGF file saved with a UTF-8 byte-order mark (as some editors on Windows write it) was
/// refused with `sgf syntax error at byte 0: expected '('`.
#[test]
fn go_solve_reads_an_sgf_file_that_starts_with_a_byte_order_mark() {
    let sgf = "\u{feff}(;FF[4]GM[1]SZ[5]AW[ae]AB[be])";
    let args = [
        "go",
        "solve",
        "-",
        "--target",
        "A1",
        "--objective",
        "capture",
    ];
    let out = ok_with(&args, sgf);
    assert!(out.starts_with("can black capture the white block at A1, black to move? yes"));
    // A syntax error still counts bytes from the start of the file, mark included.
    let run = cgtk_with(&args, "\u{feff}(;SZ[5]AW[ae", None);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("at byte 15"), "{}", run.stderr);
}

/// Up multiples beyond 16 were printed as nested braces (`^17` as `{0|^16*}`, `^20` as
/// `{0||||0|||0||0|^16}`), although every multiple up to 256 is read back as `^n`.
#[test]
fn cgt_prints_large_up_multiples_as_up_notation() {
    for (input, printed) in [
        ("^17", "^17"),
        ("^20*", "^20*"),
        ("v48", "v48"),
        ("1/2 + ^256 + *3", "1/2^256*3"),
        ("^16 + ^", "^17"),
    ] {
        let out = ok_with(&["cgt", "value", input], "");
        let first = out.lines().next().unwrap();
        assert_eq!(first, format!("value: {printed}"), "{input}");
    }
}

/// `debug on`, `debug off` and `register later` are commands of the UCI protocol that a user
/// interface may send; they were answered `info string unknown command "debug"`.
#[test]
fn uci_accepts_debug_and_register() {
    let out = ok_with(
        &["uci"],
        "uci\ndebug on\ndebug off\nregister later\nisready\nquit\n",
    );
    assert!(!out.contains("unknown command"), "{out}");
    assert!(out.contains("uciok\nreadyok\n"), "{out}");
}
