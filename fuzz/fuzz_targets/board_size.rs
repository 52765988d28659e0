//! Board sizes: an accepted size prints as RxC and reads back the same.
#![no_main]
use cgtk_core::BoardSize;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(size) = text.parse::<BoardSize>() {
        assert_eq!(size.to_string().parse::<BoardSize>(), Ok(size));
    }
});
