//! A table opened for a game: the identity checks, the checksum verified before any
//! answer (a damaged block far from the one probed used to go unnoticed), and the ranked
//! moves against plain minimax on the solution.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_core::{Game, Notation, PerfectIndex, TableGame, Value};
use cgtk_games::fox_hounds::FoxHounds;
use cgtk_games::kono::Kono;
use cgtk_games::mu_torere::MuTorere;
use cgtk_retro::{
    solve, write_table, Compression, GameTable, GameTableError, Solution, TableError, TableSpec,
    Verdict,
};
use std::io::Cursor;

fn table_file<G: TableGame>(
    _game: &G,
    solution: &Solution,
    scheme: &str,
    variant: &str,
) -> Vec<u8> {
    let spec = TableSpec {
        game: G::GAME,
        variant,
        scheme,
        compression: Compression::RunLength,
        block_entries: 64,
    };
    let mut file = Vec::new();
    write_table(&mut file, &spec, solution.entries()).unwrap();
    file
}

fn mu_torere() -> (MuTorere, Solution, Vec<u8>) {
    let start = MuTorere::start(Default::default());
    let solution = solve(&start, &|_| {}).unwrap();
    let file = table_file(&start, &solution, MuTorere::SCHEME, "standard");
    (start, solution, file)
}

#[test]
fn a_damaged_block_is_refused_before_any_answer() {
    let (start, _, mut file) = mu_torere();
    // The last block holds no position near the start's index.
    let start_block = start.index() / 64;
    let blocks = start.index_size().div_ceil(64);
    assert!(start_block + 2 < blocks);
    let last = file.len() - 1;
    file[last] ^= 0x10;
    // The raw table still answers the start position from its intact block ...
    let mut raw = cgtk_retro::Table::open(Cursor::new(file.clone())).unwrap();
    assert!(raw.get(start.index()).unwrap().is_some());
    // ... a game table refuses to open at all.
    match GameTable::open(Cursor::new(file), &start) {
        Err(GameTableError::Table(TableError::Checksum { part, .. })) => {
            assert_eq!(part, "payload")
        }
        other => panic!("expected a payload checksum error, got {other:?}"),
    }
}

#[test]
fn identity_errors_carry_what_was_found_and_expected() {
    let (start, solution, file) = mu_torere();
    let kono = Kono::start(Default::default());
    match GameTable::open(Cursor::new(file.clone()), &kono) {
        Err(GameTableError::Table(TableError::WrongGame { expected, found })) => {
            assert_eq!((expected.as_str(), found.as_str()), ("kono", "mu-torere"))
        }
        other => panic!("{other:?}"),
    }
    let old = table_file(&start, &solution, "mu-torere-v0", "standard");
    match GameTable::open(Cursor::new(old), &start) {
        Err(GameTableError::Scheme {
            game,
            found,
            expected,
        }) => assert_eq!(
            (game, found.as_str(), expected),
            ("mu-torere", "mu-torere-v0", "mu-torere-v1")
        ),
        other => panic!("{other:?}"),
    }
    let two_turns = MuTorere::start("first-two-turns".parse().unwrap());
    match GameTable::open(Cursor::new(file), &two_turns) {
        Err(GameTableError::Variant { found, expected }) => {
            assert_eq!(
                (found.as_str(), expected.as_str()),
                ("standard", "first-two-turns")
            )
        }
        other => panic!("{other:?}"),
    }
    // A header claiming the variant with another index size.
    let short = Solution::from_entries(solution.entries()[..1000].to_vec()).unwrap();
    let file = table_file(&start, &short, MuTorere::SCHEME, "standard");
    match GameTable::open(Cursor::new(file), &start) {
        Err(GameTableError::EntryCount {
            found, expected, ..
        }) => assert_eq!((found, expected), (1000, start.index_size())),
        other => panic!("{other:?}"),
    }
}

#[test]
fn fox_and_hounds_tables_serve_every_variant() {
    let start = FoxHounds::start(Default::default());
    let solution = solve(&start, &|_| {}).unwrap();
    let file = table_file(&start, &solution, FoxHounds::SCHEME, "standard");
    let other = FoxHounds::start("fox=b8,first=hounds".parse().unwrap());
    let mut table = GameTable::open(Cursor::new(file), &other).unwrap();
    assert_eq!(
        table.verdict(&other).unwrap(),
        solution.verdict(other.index())
    );
}

/// The value of a position by plain minimax over the solution's values of its children.
fn minimax(game: &MuTorere, solution: &Solution) -> Verdict {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut next = *game;
            next.make(mv);
            match next.outcome() {
                Some(o) => {
                    let value = o.value_for(game.to_move());
                    Verdict {
                        value,
                        distance: (value != Value::Draw).then_some(1),
                    }
                }
                None => {
                    let v = solution.verdict(next.index()).unwrap();
                    Verdict {
                        value: v.value.negate(),
                        distance: v.distance.map(|d| d + 1),
                    }
                }
            }
        })
        .max()
        .unwrap()
}

#[test]
fn ranked_moves_agree_with_the_table_and_with_minimax() {
    let (start, solution, file) = mu_torere();
    let mut table = GameTable::open(Cursor::new(file), &start).unwrap();
    let mut checked = 0;
    for i in 0..start.index_size() {
        let Some(game) = start.position_at(i) else {
            continue;
        };
        if game.outcome().is_some() {
            continue;
        }
        let ranked = table.move_verdicts(&game).unwrap();
        assert_eq!(ranked, solution.move_verdicts(&game).unwrap());
        assert!(ranked.windows(2).all(|w| w[0].1 >= w[1].1), "{ranked:?}");
        // The best move's verdict is the position's own.
        assert_eq!(
            Some(ranked[0].1),
            table.verdict(&game).unwrap(),
            "{}",
            game.position_text()
        );
        assert_eq!(ranked[0].1, minimax(&game, &solution));
        checked += 1;
    }
    assert!(checked > 1000, "{checked}");
}
