//! Reference data files: published figures kept in `tests/data/*.txt`, one file per table,
//! whose first line says where the figures come from (`# Source: ...`).
//!
//! Every file is read the same way: the `# Source:` line is required, further lines that
//! start with `#` are comments, blank lines are skipped, and what is left is data in one of
//! a few shapes ([`pairs`](Reference::pairs), [`numbers`](Reference::numbers),
//! [`sequence`](Reference::sequence), [`records`](Reference::records)).
//!
//! ```
//! use cgtk_testkit::reference::Reference;
//!
//! let text = "# Source: OEIS A000045\n# n a(n)\n0 0\n1 1\n\n2 1\n3 2\n";
//! let table = Reference::parse("fibonacci.txt", text).unwrap();
//! assert_eq!(table.source(), "OEIS A000045");
//! assert_eq!(table.sequence::<u32>(), [(0, 0), (1, 1), (2, 1), (3, 2)]);
//!
//! let unsourced = Reference::parse("fibonacci.txt", "0 0\n1 1\n");
//! assert!(unsourced.unwrap_err().to_string().contains("fibonacci.txt"));
//! ```

use std::collections::HashMap;
use std::fmt::Debug;
use std::path::Path;
use std::str::FromStr;

/// The first characters of every reference file.
pub const SOURCE_PREFIX: &str = "# Source:";

/// Why a reference file could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReferenceError {
    /// The file could not be read.
    #[error("cannot read reference file {file}: {reason}")]
    Unreadable {
        /// The file.
        file: String,
        /// What the system said.
        reason: String,
    },
    /// The first line is not a `# Source:` line.
    #[error("reference file {file} must start with a line `# Source: ...` saying where its figures come from; its first line is {first:?}")]
    MissingSource {
        /// The file.
        file: String,
        /// Its first line, as found.
        first: String,
    },
}

/// A reference file, read: where it comes from and its data lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    file: String,
    source: String,
    /// The data lines, trimmed, with their line numbers (from 1).
    lines: Vec<(usize, String)>,
}

impl Reference {
    /// Reads `text`, the contents of `file` (named in error messages).
    pub fn parse(file: &str, text: &str) -> Result<Reference, ReferenceError> {
        let first = text.lines().next().unwrap_or("");
        let Some(source) = first.strip_prefix(SOURCE_PREFIX) else {
            return Err(ReferenceError::MissingSource {
                file: file.to_string(),
                first: first.to_string(),
            });
        };
        let lines = text
            .lines()
            .enumerate()
            .skip(1)
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .map(|(i, l)| (i, l.to_string()))
            .collect();
        Ok(Reference {
            file: file.to_string(),
            source: source.trim().to_string(),
            lines,
        })
    }

    /// Reads the file at `path`.
    pub fn read(path: impl AsRef<Path>) -> Result<Reference, ReferenceError> {
        let path = path.as_ref();
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| ReferenceError::Unreadable {
            file: file.clone(),
            reason: e.to_string(),
        })?;
        Reference::parse(&file, &text)
    }

    /// [`read`](Reference::read) for a test: the error becomes a panic.
    ///
    /// # Panics
    ///
    /// When the file cannot be read or does not start with its `# Source:` line; the
    /// message names the file.
    pub fn load(path: impl AsRef<Path>) -> Reference {
        Reference::read(path).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The file, as named when it was read.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The text after `# Source:` on the first line.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The data lines, trimmed: no comments, no blank lines.
    pub fn lines(&self) -> impl Iterator<Item = &str> {
        self.lines.iter().map(|(_, l)| l.as_str())
    }

    /// Every data line split at whitespace.
    ///
    /// ```
    /// use cgtk_testkit::reference::Reference;
    /// let r = Reference::parse("t.txt", "# Source: here\n0.45 498 20\n0.156 3479 -\n").unwrap();
    /// assert_eq!(r.records(), [vec!["0.45", "498", "20"], vec!["0.156", "3479", "-"]]);
    /// ```
    pub fn records(&self) -> Vec<Vec<&str>> {
        self.lines()
            .map(|l| l.split_whitespace().collect())
            .collect()
    }

    /// Every data line split at `separator`, each field trimmed (for fields that hold
    /// spaces themselves, such as `name | FEN | counts`).
    ///
    /// ```
    /// use cgtk_testkit::reference::Reference;
    /// let r = Reference::parse("t.txt", "# Source: here\nstart | 8/8 w - - | 20 400\n").unwrap();
    /// assert_eq!(r.fields('|'), [vec!["start", "8/8 w - -", "20 400"]]);
    /// ```
    pub fn fields(&self, separator: char) -> Vec<Vec<&str>> {
        self.lines()
            .map(|l| l.split(separator).map(str::trim).collect())
            .collect()
    }

    /// Every number of the data lines, in order, separated by commas and/or whitespace (an
    /// OEIS data section, a table row by row).
    ///
    /// # Panics
    ///
    /// When a field is not a number of type `T`; the message names the file and line.
    ///
    /// ```
    /// use cgtk_testkit::reference::Reference;
    /// let r = Reference::parse("t.txt", "# Source: here\n0, 1, 1,\n2, 3\n").unwrap();
    /// assert_eq!(r.numbers::<u64>(), [0, 1, 1, 2, 3]);
    /// ```
    pub fn numbers<T: FromStr>(&self) -> Vec<T>
    where
        T::Err: Debug,
    {
        self.lines
            .iter()
            .flat_map(|(n, l)| {
                l.split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|s| !s.is_empty())
                    .map(move |s| self.field(*n, s))
            })
            .collect()
    }

    /// The lines `n a(n)` of a sequence: the index and the term (`T = String` keeps big
    /// terms as text).
    ///
    /// # Panics
    ///
    /// When a line does not have exactly two fields, or a field does not parse; the message
    /// names the file and line.
    pub fn sequence<T: FromStr>(&self) -> Vec<(u64, T)>
    where
        T::Err: Debug,
    {
        self.lines
            .iter()
            .map(
                |(n, l)| match l.split_whitespace().collect::<Vec<_>>()[..] {
                    [i, a] => (self.field(*n, i), self.field(*n, a)),
                    _ => panic!("{}:{n}: expected `n a(n)`, found {l:?}", self.file),
                },
            )
            .collect()
    }

    /// The lines `key value` (the value is the rest of the line).
    ///
    /// # Panics
    ///
    /// When a line has no value or a key appears twice; the message names the file and
    /// line.
    ///
    /// ```
    /// use cgtk_testkit::reference::Reference;
    /// let r = Reference::parse("t.txt", "# Source: here\nstart draw\nreachable 1180\n").unwrap();
    /// assert_eq!(r.pairs()["reachable"], "1180");
    /// assert_eq!(r.value("start"), "draw");
    /// ```
    pub fn pairs(&self) -> HashMap<&str, &str> {
        let mut map = HashMap::new();
        for (n, l) in &self.lines {
            let Some((key, value)) = l.split_once(char::is_whitespace) else {
                panic!("{}:{n}: expected `key value`, found {l:?}", self.file);
            };
            if map.insert(key, value.trim()).is_some() {
                panic!("{}:{n}: key {key:?} appears twice", self.file);
            }
        }
        map
    }

    /// The value of `key` among the [`pairs`](Reference::pairs).
    ///
    /// # Panics
    ///
    /// When the key is missing (or the file is not made of pairs); the message names the
    /// file and the key.
    pub fn value(&self, key: &str) -> &str {
        self.pairs()
            .get(key)
            .copied()
            .unwrap_or_else(|| panic!("{}: no line for key {key:?}", self.file))
    }

    fn field<T: FromStr>(&self, line: usize, text: &str) -> T
    where
        T::Err: Debug,
    {
        text.parse().unwrap_or_else(|e| {
            panic!(
                "{}:{line}: cannot read {text:?} as {}: {e:?}",
                self.file,
                std::any::type_name::<T>()
            )
        })
    }
}

/// Checks every file in `dir` (not its subdirectories): each must start with its
/// `# Source:` line. Returns how many files were checked.
pub fn check_sources(dir: impl AsRef<Path>) -> Result<usize, ReferenceError> {
    let dir = dir.as_ref();
    let unreadable = |e: std::io::Error| ReferenceError::Unreadable {
        file: dir.display().to_string(),
        reason: e.to_string(),
    };
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).map_err(unreadable)? {
        let path = entry.map_err(unreadable)?.path();
        if path.is_file() {
            Reference::read(&path)?;
            checked += 1;
        }
    }
    Ok(checked)
}

/// The reference file `tests/data/NAME` of the crate being tested, read when the test runs.
///
/// # Panics
///
/// When the file is missing or does not start with its `# Source:` line; the message names
/// the file.
#[macro_export]
macro_rules! reference {
    ($name:expr) => {
        $crate::reference::Reference::load(
            ::std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data")
                .join($name),
        )
    };
}
