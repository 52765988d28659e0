//! Published tables and sequences: nim products (OEIS A051775, A223541, a full 16×16
//! table) and Grundy sequences (OEIS A002186, A002187 with their published periodicity
//! formulae, A002188; Flammenkamp's sparse values of Grundy's game).

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod tower_product;

use cgtk_nimber::{
    find_periodicity, grundy_sequence, grundy_sequence_plain, GrundyMemo, HeapGame, Nimber,
    PeriodProof,
};

/// The numbers of a data file (an OEIS data section, a table row by row).
fn data(name: &str) -> Vec<u64> {
    cgtk_testkit::reference!(name).numbers()
}

/// Index pairs (n, m) of a table read by antidiagonals, in order.
fn antidiagonals() -> impl Iterator<Item = (u64, u64)> {
    (0u64..).flat_map(|d| (0..=d).map(move |n| (n, d - n)))
}

#[test]
fn nim_product_table_matches_a051775() {
    let published = data("a051775_nim_product_antidiagonals.txt");
    assert_eq!(published.len(), 83);
    for ((n, m), &t) in antidiagonals().zip(&published) {
        assert_eq!((Nimber(n) * Nimber(m)).0, t, "*{n} * *{m}");
    }
}

#[test]
fn full_16_by_16_table_matches_the_tabulated_one() {
    let table = data("nim_product_16x16.txt");
    assert_eq!(table.len(), 256);
    for (i, &t) in table.iter().enumerate() {
        let (a, b) = (i as u64 / 16, i as u64 % 16);
        assert_eq!((Nimber(a) * Nimber(b)).0, t, "*{a} * *{b}");
    }
}

#[test]
fn nim_products_of_powers_of_two_match_a223541() {
    let published = data("a223541_nim_product_powers_of_two.txt");
    assert_eq!(published.len(), 57);
    for ((m, n), &t) in antidiagonals().zip(&published) {
        assert_eq!((Nimber(1 << m) * Nimber(1 << n)).0, t, "2^{m} * 2^{n}");
    }
}

#[test]
fn full_16_by_16_table_is_a_field_and_matches_tower_recursion() {
    // The 16 nimbers below 16 form the field of order 16: every non-zero one has an
    // inverse among them, products stay below 16, and the table agrees with the plain
    // tower recursion (an independent computation without lookup tables).
    for a in 0..16u64 {
        for b in 0..16u64 {
            let p = (Nimber(a) * Nimber(b)).0;
            assert!(p < 16);
            assert_eq!(p, tower_product::nim_product(a, b));
        }
        if a != 0 {
            assert_eq!(
                (1..16).filter(|&b| (Nimber(a) * Nimber(b)).0 == 1).count(),
                1
            );
        }
    }
}

fn check_prefix(game: &HeapGame, file: &str, shift: usize) -> Vec<u32> {
    let published = data(file);
    let n = 2000;
    let fast = grundy_sequence(game, n).unwrap();
    for (i, &v) in published.iter().enumerate() {
        assert_eq!(fast[i + shift] as u64, v, "{game}: G({})", i + shift);
    }
    fast
}

/// Checks a published periodicity statement on every computed term: past the last
/// exception the sequence repeats with `period`, and the exceptions are exactly the n whose
/// value differs from the periodic pattern (the value at n plus a multiple of the period
/// beyond the last exception).
fn check_published_period(g: &[u32], period: usize, exceptions: &[usize]) {
    assert!(g.len() > 1000 + period);
    let last = *exceptions.last().unwrap();
    for n in last + 1..g.len() - period {
        assert_eq!(g[n], g[n + period], "G({n}) and G({})", n + period);
    }
    let pattern = |n: usize| g[n + period * ((last + 1 - n).div_ceil(period))];
    let differing: Vec<usize> = (0..=last).filter(|&n| g[n] != pattern(n)).collect();
    assert_eq!(differing, exceptions);
}

#[test]
fn kayles_matches_a002186() {
    let g = check_prefix(&HeapGame::kayles(), "a002186_kayles.txt", 0);
    // The published formula (OEIS A002186, after Guy and Smith 1956): "From n=71 on, the
    // sequence is periodic with period 12. The only exceptions are n=0, 3, 6, 9, 11, 15,
    // 18, 21, 22, 28, 34, 39, 57 and 70." With the published terms it fixes every term;
    // all 2001 computed terms are checked against it.
    check_published_period(
        &g,
        12,
        &[0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70],
    );
    let p = find_periodicity(&HeapGame::kayles(), &g).unwrap();
    assert_eq!((p.preperiod, p.period, p.proven()), (71, 12, true));
    assert_eq!(p.proof, Some(PeriodProof::OctalTheorem { removal: 2 }));
}

#[test]
fn dawsons_chess_and_kayles_match_a002187() {
    let chess: HeapGame = "0.137".parse().unwrap();
    let g = check_prefix(&chess, "a002187_dawsons_chess.txt", 0);
    // The published formula (OEIS A002187): "Has period 34 with the only exceptions at
    // n=0, 14, 16, 17, 31, 34 and 51."
    check_published_period(&g, 34, &[0, 14, 16, 17, 31, 34, 51]);
    let p = find_periodicity(&chess, &g).unwrap();
    assert_eq!((p.preperiod, p.period, p.proven()), (52, 34, true));
    // Dawson's Kayles 0.07 has the values shifted by one.
    let kayles = check_prefix(&HeapGame::dawsons_kayles(), "a002187_dawsons_chess.txt", 1);
    assert_eq!(kayles[0], 0);
    assert_eq!(&kayles[1..], &g[..g.len() - 1]);
}

#[test]
fn grundys_game_matches_a002188_and_sparse_values() {
    let g = check_prefix(&HeapGame::Grundys, "a002188_grundys_game.txt", 0);
    let sparse = data("grundys_game_sparse_values.txt");
    let listed: Vec<(usize, u32)> = sparse
        .chunks(2)
        .map(|c| (c[0] as usize, c[1] as u32))
        .collect();
    // A value is sparse when G(n) without its lowest binary digit has an even number of ones.
    let computed: Vec<(usize, u32)> = (0..=231)
        .filter(|&n| (g[n] >> 1).count_ones() % 2 == 0)
        .map(|n| (n, g[n]))
        .collect();
    assert_eq!(computed, listed);
}

#[test]
fn memoised_trait_agrees_with_sequences() {
    for code in [
        "0.77",
        "0.07",
        "4.07",
        "0.6",
        "sub:1,3,4",
        "sub:!1,3",
        "grundys",
        "0.f",
        "0.8",
    ] {
        let game: HeapGame = code.parse().unwrap();
        let plain = grundy_sequence_plain(&game, 120).unwrap();
        let fast = grundy_sequence(&game, 120).unwrap();
        let mut memo = GrundyMemo::new(&game);
        let generic: Vec<u32> = (0..=120).map(|n| memo.grundy(&n).unwrap()).collect();
        assert_eq!(generic, plain, "{code}");
        assert_eq!(fast, plain, "{code}");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn every_octal_code_of_up_to_three_digits_agrees_with_generic_memo() {
    for len in 1..=3u32 {
        for code in 0..8u32.pow(len) {
            let mut text = String::from("0.");
            for i in (0..len).rev() {
                text.push(char::from(b'0' + ((code / 8u32.pow(i)) % 8) as u8));
            }
            let game: HeapGame = text.parse().unwrap();
            let fast = grundy_sequence(&game, 300).unwrap();
            let mut memo = GrundyMemo::new(&game);
            for (n, &v) in fast.iter().enumerate() {
                assert_eq!(memo.grundy(&(n as u64)).unwrap(), v, "{text}: G({n})");
            }
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --release")]
fn common_rare_method_agrees_with_plain_method() {
    // Games with few rare heaps (Grundy's game, 0.6, 0.16, 0.56, 0.376), many (0.04, 0.06,
    // 0.127: partly computed by the plain fallback), two ways of splitting (0.77, 4.07) and
    // with whole-heap and single-heap moves too.
    for code in [
        "grundys", "0.77", "0.07", "0.137", "4.07", "0.6", "0.165", "0.34", "0.04", "0.06", "0.16",
        "0.56", "0.127", "0.376", "4.0",
    ] {
        let game: HeapGame = code.parse().unwrap();
        assert_eq!(
            grundy_sequence(&game, 20_000).unwrap(),
            grundy_sequence_plain(&game, 20_000).unwrap(),
            "{code}"
        );
    }
}

/// All-but subtraction games against a plain mex over every allowed removal: the sequence,
/// and the arithmetic period found in G(0..=300) holding over G(0..=1500) (sub:!1,3 is
/// G(n) = ⌊n/2⌋; sub:!3,5,8 has period 78 with saltus 26).
#[test]
fn all_but_subtraction_games_are_arithmetic_periodic() {
    for (code, period, saltus) in [
        ("sub:!1,3", 2, 1),
        ("sub:!2", 4, 2),
        ("sub:!1,2,5", 3, 1),
        ("sub:!3,5,8", 78, 26),
    ] {
        let game: HeapGame = code.parse().unwrap();
        let HeapGame::AllBut { set } = &game else {
            panic!("{code} is an all-but game")
        };
        let mut plain = vec![0u32; 1501];
        for n in 1..plain.len() {
            let options: Vec<u32> = (1..=n)
                .filter(|k| !set.contains(&(*k as u64)))
                .map(|k| plain[n - k])
                .collect();
            plain[n] = (0..).find(|v| !options.contains(v)).unwrap();
        }
        let g = grundy_sequence(&game, 1500).unwrap();
        assert_eq!(g, plain, "{code}");
        let p = find_periodicity(&game, &g[..=300]).unwrap();
        assert_eq!(
            (p.period, p.saltus, p.proven()),
            (period, saltus, false),
            "{code}"
        );
        let (n0, p) = (p.preperiod as usize, p.period as usize);
        assert!(
            (n0..g.len() - p).all(|n| g[n + p] == g[n] + saltus as u32),
            "{code}"
        );
    }
}
