//! Cycle notation over 1 to 64 points (the first byte) and named groups (`family size`):
//! an accepted permutation moves only points below the degree.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let degree = usize::from(first % 64) + 1;
    let _ = cgtk_polya::Perm::parse_cycles(degree, text);
    if let Some((family, size)) = text.split_once(' ') {
        if let Ok(group) = cgtk_polya::NamedGroup::parse(family, size) {
            let _ = group.name();
        }
    }
});
