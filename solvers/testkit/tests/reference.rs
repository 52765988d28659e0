//! The reference reader: the `# Source:` line is required, and every data file of every
//! crate of the workspace has one.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_testkit::reference::{check_sources, Reference, ReferenceError};
use std::path::Path;

#[test]
fn every_data_file_of_every_crate_cites_its_source() {
    let solvers = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = 0;
    let mut dirs = Vec::new();
    for entry in std::fs::read_dir(&solvers).unwrap() {
        let data = entry.unwrap().path().join("tests/data");
        if data.is_dir() {
            files += check_sources(&data).unwrap_or_else(|e| panic!("{e}"));
            dirs.push(data);
        }
    }
    // The command line's own data (the bad-input corpora) at the workspace root.
    let root = solvers.join("../tests/data");
    if root.is_dir() {
        files += check_sources(&root).unwrap_or_else(|e| panic!("{e}"));
        dirs.push(root);
    }
    // Today: nimber, poggle, polya, retro and the chess perft table.
    assert!(dirs.len() >= 5, "{dirs:?}");
    assert!(files >= 20, "{files} files");
}

#[test]
fn a_file_without_its_source_line_is_refused_by_name() {
    let err = Reference::parse("tests/data/kayles.txt", "# OEIS A002186\n0, 1, 2\n").unwrap_err();
    assert_eq!(
        err,
        ReferenceError::MissingSource {
            file: "tests/data/kayles.txt".to_string(),
            first: "# OEIS A002186".to_string()
        }
    );
    assert!(err.to_string().contains("tests/data/kayles.txt"));
    assert!(err.to_string().contains("# Source:"));
    assert!(Reference::parse("empty.txt", "").is_err());
}

#[test]
fn a_missing_file_is_named() {
    let err = Reference::read("no/such/file.txt").unwrap_err();
    assert!(err.to_string().contains("no/such/file.txt"), "{err}");
}

#[test]
#[should_panic(expected = "tests/data/none.txt")]
fn the_macro_names_the_missing_file() {
    cgtk_testkit::reference!("none.txt");
}

#[test]
fn comments_and_blank_lines_are_skipped_in_every_shape() {
    let text = "# Source: somewhere\n# columns: n a(n)\n\n1 2\n  # indented comment\n3 4\n";
    let r = Reference::parse("t.txt", text).unwrap();
    assert_eq!(r.source(), "somewhere");
    assert_eq!(r.lines().collect::<Vec<_>>(), ["1 2", "3 4"]);
    assert_eq!(r.numbers::<u8>(), [1, 2, 3, 4]);
    assert_eq!(
        r.sequence::<String>(),
        [(1, "2".to_string()), (3, "4".to_string())]
    );
    assert_eq!(r.records(), [["1", "2"], ["3", "4"]]);
    assert_eq!(r.value("3"), "4");
}

#[test]
#[should_panic(expected = "t.txt:3: cannot read \"x\"")]
fn a_bad_number_names_file_and_line() {
    Reference::parse("t.txt", "# Source: here\n1, 2\n3, x\n")
        .unwrap()
        .numbers::<u32>();
}

#[test]
#[should_panic(expected = "t.txt:3: key \"a\" appears twice")]
fn a_repeated_key_is_refused() {
    Reference::parse("t.txt", "# Source: here\na 1\na 2\n")
        .unwrap()
        .pairs();
}

#[test]
#[should_panic(expected = "t.txt: no line for key \"b\"")]
fn a_missing_key_is_named() {
    Reference::parse("t.txt", "# Source: here\na 1\n")
        .unwrap()
        .value("b");
}
