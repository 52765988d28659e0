//! Board sizes: every size reads back from its text, in each accepted spelling.

use cgtk_core::BoardSize;
use proptest::prelude::*;

proptest! {
    #[test]
    fn display_then_parse_is_the_identity(rows in 0usize..100_000, cols in 0usize..100_000) {
        let size = BoardSize::new(rows, cols);
        prop_assert_eq!(size.to_string().parse::<BoardSize>(), Ok(size));
    }

    #[test]
    fn every_separator_and_spacing_reads_the_same(
        rows in 0usize..1000,
        cols in 0usize..1000,
        sep in prop::sample::select(vec!["x", "X", "×", "*", " x ", " X ", " × "]),
    ) {
        let text = format!("{rows}{sep}{cols}");
        prop_assert_eq!(text.parse::<BoardSize>(), Ok(BoardSize::new(rows, cols)));
    }

    #[test]
    fn a_single_number_is_a_square(n in 0usize..1_000_000) {
        prop_assert_eq!(n.to_string().parse::<BoardSize>(), Ok(BoardSize::square(n)));
    }
}
