//! Table files: round trips per game and damaged files (every byte flipped, every
//! truncation) that must give an error, never a wrong answer or a panic.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::PerfectIndex;
use cgtk_games::fox_hounds::FoxHounds;
use cgtk_games::mu_torere::MuTorere;
use cgtk_retro::{solve, write_table, Compression, Table, TableError, TableSpec};
use std::io::Cursor;

fn spec(compression: Compression, block_entries: u32) -> TableSpec<'static> {
    TableSpec {
        game: "mu-torere",
        variant: "standard",
        scheme: "mu-torere-v1",
        compression,
        block_entries,
    }
}

fn mu_torere_file(compression: Compression) -> (Vec<u16>, Vec<u8>) {
    let start = MuTorere::start(Default::default());
    let solution = solve(&start, &|_| {}).unwrap();
    let mut file = Vec::new();
    write_table(&mut file, &spec(compression, 300), solution.entries()).unwrap();
    (solution.entries().to_vec(), file)
}

#[test]
fn round_trip_mu_torere_both_compressions() {
    for compression in [Compression::None, Compression::RunLength] {
        let (entries, file) = mu_torere_file(compression);
        let mut table = Table::open(Cursor::new(file)).unwrap();
        table.verify().unwrap();
        let h = table.header().clone();
        assert_eq!(
            (h.game.as_str(), h.variant.as_str()),
            ("mu-torere", "standard")
        );
        assert_eq!(h.entry_count, entries.len() as u64);
        assert_eq!(h.block_count, 5);
        assert_eq!(table.read_all().unwrap(), entries);
        // Probe in random-ish order (blocks re-read on demand).
        for i in (0..entries.len() as u64).rev().step_by(7) {
            assert_eq!(
                table.get(i).unwrap(),
                cgtk_retro::decode_entry(entries[i as usize]).unwrap()
            );
        }
        assert!(matches!(
            table.get(entries.len() as u64),
            Err(TableError::OutOfRange { .. })
        ));
        table.expect_game("mu-torere").unwrap();
        assert!(matches!(
            table.expect_game("kono"),
            Err(TableError::WrongGame { .. })
        ));
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn round_trip_fox_hounds() {
    let start = FoxHounds::start(Default::default());
    let solution = solve(&start, &|_| {}).unwrap();
    let mut file = Vec::new();
    let spec = TableSpec {
        game: "fox-hounds",
        variant: "standard",
        scheme: "fox-hounds-v1",
        compression: Compression::RunLength,
        block_entries: 1 << 16,
    };
    write_table(&mut file, &spec, solution.entries()).unwrap();
    let mut table = Table::open(Cursor::new(file)).unwrap();
    table.verify().unwrap();
    assert_eq!(table.read_all().unwrap(), solution.entries());
    assert_eq!(
        table.get(start.index()).unwrap(),
        solution.verdict(start.index())
    );
}

/// Opens, verifies and reads every entry; Ok only when everything checks.
fn read_everything(file: Vec<u8>) -> Result<Vec<u16>, TableError> {
    let mut table = Table::open(Cursor::new(file))?;
    table.verify()?;
    table.read_all()
}

#[test]
fn every_flipped_byte_is_detected() {
    for compression in [Compression::None, Compression::RunLength] {
        let (entries, file) = mu_torere_file(compression);
        for at in 0..file.len() {
            for mask in [0x01u8, 0x80] {
                let mut bad = file.clone();
                bad[at] ^= mask;
                assert!(
                    read_everything(bad.clone()).is_err(),
                    "flip {mask:#x} at byte {at} went unnoticed"
                );
                // Probing without the whole-payload check must never answer wrongly.
                if let Ok(mut table) = Table::open(Cursor::new(bad)) {
                    for i in 0..entries.len() as u64 {
                        if let Ok(v) = table.get(i) {
                            assert_eq!(v, cgtk_retro::decode_entry(entries[i as usize]).unwrap());
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn every_truncation_and_extension_is_detected() {
    let (_, file) = mu_torere_file(Compression::RunLength);
    for len in 0..file.len() {
        let err = read_everything(file[..len].to_vec()).unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.contains("truncated") || msg.contains("corrupted"),
            "length {len}: {msg}"
        );
    }
    let mut longer = file.clone();
    longer.push(0);
    assert!(matches!(
        read_everything(longer),
        Err(TableError::TrailingBytes { extra: 1 })
    ));
}

#[test]
fn precise_errors() {
    let (_, file) = mu_torere_file(Compression::None);
    let mut bad = file.clone();
    bad[0] = b'X';
    let e = read_everything(bad).unwrap_err();
    assert!(matches!(e, TableError::BadMagic { .. }), "{e}");
    assert!(e.to_string().starts_with("not a cgtk table"));
    let mut bad = file.clone();
    bad[8] = 9;
    let e = read_everything(bad).unwrap_err();
    assert_eq!(
        e.to_string(),
        "unsupported table format version 9: this program reads version 1"
    );
    let mut bad = file.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0xFF;
    let e = read_everything(bad).unwrap_err();
    assert!(e.to_string().contains("payload checksum"), "{e}");
    let e = read_everything(file[..100].to_vec()).unwrap_err();
    assert!(matches!(e, TableError::Truncated { .. }), "{e}");
}

/// A header may claim blocks of up to 2³² entries; run-length coded, such a block fits in a
/// few bytes, and decoding it asked for 8 GB. Blocks past [`MAX_BLOCK_ENTRIES`] are refused
/// when the header is read (with a valid checksum, so that the size is what is refused), and
/// a writer may not make them.
#[test]
fn blocks_past_the_largest_size_are_refused() {
    use cgtk_retro::{crc32, MAX_BLOCK_ENTRIES};
    let (entries, file) = mu_torere_file(Compression::RunLength);
    let header_len = u16::from_le_bytes([file[10], file[11]]) as usize;
    for size in [MAX_BLOCK_ENTRIES + 1, u32::MAX] {
        let mut bad = file.clone();
        bad[24..28].copy_from_slice(&size.to_le_bytes());
        let crc = crc32(&bad[..header_len - 4]);
        bad[header_len - 4..header_len].copy_from_slice(&crc.to_le_bytes());
        let e = read_everything(bad).unwrap_err();
        assert!(matches!(e, TableError::Corrupt(_)), "{e}");
        assert!(
            e.to_string()
                .contains(&format!("block size {size} entries is outside 1..=1048576")),
            "{e}"
        );
    }
    let e = write_table(
        &mut Vec::new(),
        &spec(Compression::RunLength, MAX_BLOCK_ENTRIES + 1),
        &entries,
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("block size 1048577 is outside"),
        "{e}"
    );
    // The largest size itself is read back.
    let mut file = Vec::new();
    write_table(
        &mut file,
        &spec(Compression::RunLength, MAX_BLOCK_ENTRIES),
        &entries,
    )
    .unwrap();
    assert_eq!(read_everything(file).unwrap(), entries);
}
