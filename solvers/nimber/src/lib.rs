//! Nimbers and Sprague–Grundy values.
//!
//! - [`Nimber`]: nimbers below 2^64 with nim addition (XOR), Conway's nim multiplication,
//!   inverse, powers and square roots; [`evaluate`] reads expressions such as `*2 * *3 + *1`.
//! - [`analyse_nim`]: the nim-sum of Nim heaps and every winning move.
//! - [`ImpartialGame`] and [`GrundyMemo`]: Grundy values of any finite impartial game a user
//!   describes by its options.
//! - [`HeapGame`]: octal and hexadecimal codes (Kayles `0.77`, Dawson's Kayles `0.07`, …),
//!   subtraction games `sub:1,3,4` and `sub:!1,2`, and Grundy's game; [`grundy_sequence`]
//!   computes G(0..=N) fast (common/rare method), [`find_periodicity`] finds and proves
//!   periods, [`analyse_sum`] finds winning moves in a sum of heaps.
//!
//! # Example
//!
//! ```
//! use cgtk_nimber::{analyse_nim, evaluate, find_periodicity, grundy_sequence, HeapGame, Nimber};
//!
//! assert_eq!(Nimber(2) * Nimber(3) + Nimber(1), Nimber(0));
//! assert_eq!(evaluate("*2 * *3 + *1"), Ok(Nimber(0)));
//! assert_eq!(analyse_nim(&[1, 2, 3]).nim_sum, 0);
//!
//! let kayles: HeapGame = "0.77".parse().unwrap();
//! let g = grundy_sequence(&kayles, 300).unwrap();
//! assert_eq!(&g[..6], &[0, 1, 2, 3, 1, 4]);
//! let period = find_periodicity(&kayles, &g).unwrap();
//! assert_eq!((period.preperiod, period.period, period.proven()), (71, 12, true));
//! ```

#![deny(missing_docs)]

mod expr;
mod field;
mod heap;
mod impartial;
mod nim;
mod nimber;
mod period;
mod sequence;
pub mod sparse;
mod sum;

pub use expr::{evaluate, ExprError};
pub use heap::{HeapGame, HeapMove, ParseGameError, MAX_REMOVAL};
pub use impartial::{mex, GameLoop, GrundyMemo, ImpartialGame};
pub use nim::{analyse_nim, NimAnalysis, NimMove};
pub use nimber::{Nimber, ParseNimberError};
pub use period::{find_periodicity, PeriodProof, Periodicity};
pub use sequence::{
    grundy_sequence, grundy_sequence_plain, grundy_sequence_with_progress, sequence_limit,
    sequence_memory, SequenceError, MAX_SEQUENCE, MAX_SEQUENCE_ALL_BUT, MAX_SEQUENCE_THREE_WAY,
};
pub use sum::{analyse_sum, analyse_sum_with_limit, SumAnalysis, SumMove};
