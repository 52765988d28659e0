//! Poggle grids and press patterns: an error or a value, never a panic; a grid is
//! rectangular.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(grid) = cgtk_poggle::Grid::parse(text) {
        assert_eq!(grid.cells().len(), grid.rows() * grid.cols());
    }
    let _ = cgtk_poggle::Pattern::parse(text);
});
