//! Table files: `Table::open` on any bytes (seeded with real tables, which libFuzzer then
//! mutates) is an error or a table; an opened table verifies or fails cleanly, and one
//! that verifies reads all its entries. Bound to Mu Torere, a table must also pass
//! `GameTable::open`'s checks or be refused.
#![no_main]
use cgtk_retro::{GameTable, Table};
use libfuzzer_sys::fuzz_target;
use std::io::Cursor;

fuzz_target!(|data: &[u8]| {
    if let Ok(mut table) = Table::open(Cursor::new(data)) {
        if table.verify().is_ok() {
            let _ = table.read_all();
        }
    }
    let game = cgtk_games::mu_torere::MuTorere::start(Default::default());
    if let Ok(table) = GameTable::open(Cursor::new(data), &game) {
        let _ = table;
    }
});
