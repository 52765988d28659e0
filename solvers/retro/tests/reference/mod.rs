//! Reference figures kept in tests/data: `key value` lines after a `# Source:` line that
//! says where they come from.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;

/// The `key value` lines of the reference file `tests/data/{name}`.
pub fn reference(name: &str) -> HashMap<String, String> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(text.starts_with("# Source:"), "{name} must cite its source");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (k, v) = l.split_once(' ').unwrap();
            (k.to_string(), v.trim().to_string())
        })
        .collect()
}
