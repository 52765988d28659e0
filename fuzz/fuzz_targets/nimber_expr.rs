//! Nimber expressions: an error or a value, never a panic or a stack overflow.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = cgtk_nimber::evaluate(text);
});
