//! What the tests of every cgtk crate share (a dev-dependency only, never published).
//!
//! - [`reference`](mod@reference): the one reader of reference data files (`tests/data/*.txt`), which
//!   insists on a first line `# Source: ...` and offers the shapes the tests need (`key
//!   value` pairs, number lists, `n a(n)` sequences, records split at whitespace or a
//!   separator); the [`reference!`] macro opens a file of the crate under test.
//! - [`laws`]: generic checks of game rules over cgtk-core's traits (make/unmake, position
//!   keys, notation, perfect index, symmetries, predecessors), each reporting the first
//!   counterexample with the position's text; the [`game_laws!`] macro writes a game's
//!   law tests in one line.
//!
//! ```
//! use cgtk_testkit::reference::Reference;
//!
//! let table = Reference::parse("mu_torere.txt", "# Source: Wikipedia\nreachable 1180\n").unwrap();
//! assert_eq!(table.value("reachable"), "1180");
//! assert!(Reference::parse("mu_torere.txt", "reachable 1180\n").is_err());
//! ```
#![deny(missing_docs)]

pub mod laws;
pub mod reference;

/// Writes the law tests of a game in one line: a module `NAME` with, for each law, a test
/// `NAME::quick::LAW` (a small budget, run by every `cargo test`) and a test
/// `NAME::full::LAW` (many long playouts and, with an index, every index; ignored in debug
/// builds, run with `cargo test --release`). See [`laws::Budget`].
///
/// `START` is an expression for the start position (evaluated in each test, in the scope
/// of the invocation). The laws are any of `make_unmake`, `key`, `notation`, `index`,
/// `symmetries` and `predecessors` (see [`laws::run`]), listed after `indexed:` for a game
/// with a [`PerfectIndex`](cgtk_core::PerfectIndex) (every law then also examines the
/// positions at the indices, see [`laws::run::indexed_sample`]), else on their own (random
/// playouts only). Without a list, a game that implements
/// [`Predecessors`](cgtk_core::Predecessors) and [`Notation`](cgtk_core::Notation) gets
/// all its laws: `indexed: make_unmake, notation, index, symmetries, predecessors`.
///
/// `full: BUDGET;` before the list (either form) replaces [`Budget::FULL`](laws::Budget::FULL)
/// in the `full` tests, for a game whose positions are costly to check (chess: each key law
/// reads back the text of every child of every position).
///
/// ```ignore
/// use cgtk_games::mu_torere::MuTorere;
/// use cgtk_games::nim::Nim;
///
/// cgtk_testkit::game_laws!(mu_torere, MuTorere::start(Default::default()));
/// // Nim has a position key but no un-moves.
/// cgtk_testkit::game_laws!(nim, Nim::new(&[3, 4, 5]).unwrap(); indexed: make_unmake, key, notation, index, symmetries);
/// // A game without an index.
/// cgtk_testkit::game_laws!(chess, Chess::start(); make_unmake, key, notation);
/// // The same with fewer playouts in release builds.
/// cgtk_testkit::game_laws!(chess_lighter, Chess::start();
///     full: cgtk_testkit::laws::Budget { playouts: 500, ..cgtk_testkit::laws::Budget::FULL };
///     make_unmake, key);
/// ```
#[macro_export]
macro_rules! game_laws {
    ($name:ident, $start:expr $(,)?) => {
        $crate::game_laws!($name, $start; indexed: make_unmake, notation, index, symmetries, predecessors);
    };
    ($name:ident, $start:expr; full: $full:expr; indexed: $($law:ident),+ $(,)?) => {
        $crate::game_laws!(@module $name, $start, $full, indexed_sample, $($law),+);
    };
    ($name:ident, $start:expr; full: $full:expr; $($law:ident),+ $(,)?) => {
        $crate::game_laws!(@module $name, $start, $full, sample, $($law),+);
    };
    ($name:ident, $start:expr; indexed: $($law:ident),+ $(,)?) => {
        $crate::game_laws!(@module $name, $start, $crate::laws::Budget::FULL, indexed_sample, $($law),+);
    };
    ($name:ident, $start:expr; $($law:ident),+ $(,)?) => {
        $crate::game_laws!(@module $name, $start, $crate::laws::Budget::FULL, sample, $($law),+);
    };
    (@module $name:ident, $start:expr, $full:expr, $sample:ident, $($law:ident),+) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            mod quick {
                #[allow(unused_imports)]
                use super::*;
                $(
                    #[test]
                    fn $law() {
                        let (start, budget) = ($start, $crate::laws::Budget::QUICK);
                        let pick = |budget| $crate::laws::run::$sample(&start, budget);
                        $crate::laws::run::$law(&start, pick, budget);
                    }
                )+
            }

            mod full {
                #[allow(unused_imports)]
                use super::*;
                $(
                    #[test]
                    #[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
                    fn $law() {
                        let (start, budget) = ($start, $full);
                        let pick = |budget| $crate::laws::run::$sample(&start, budget);
                        $crate::laws::run::$law(&start, pick, budget);
                    }
                )+
            }
        }
    };
}
