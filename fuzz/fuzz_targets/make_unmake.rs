//! make/unmake along random legal move sequences (each byte picks a move): unmaking every
//! move in reverse restores the start, and each position on the way reads back from its
//! text.
#![no_main]
use cgtk_core::Notation;
use libfuzzer_sys::fuzz_target;

fn walk<G: Notation + Clone>(start: &G, choices: &[u8]) {
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut played = Vec::new();
    for &choice in choices {
        if game.outcome().is_some() {
            break;
        }
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(choice) % moves.len()];
        let before = game.position_text();
        let undo = game.make(mv);
        let text = game.position_text();
        let back = start
            .parse_position(&text)
            .expect("a reached position reads back");
        assert_eq!(back.position_text(), text);
        played.push((mv, undo, before));
    }
    while let Some((mv, undo, before)) = played.pop() {
        game.unmake(mv, undo);
        assert_eq!(game.position_text(), before);
    }
    assert_eq!(game.position_text(), start.position_text());
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, choices)) = data.split_first() else {
        return;
    };
    match which % 5 {
        0 => walk(
            &cgtk_games::mu_torere::MuTorere::start(Default::default()),
            choices,
        ),
        1 => walk(&cgtk_games::kono::Kono::start(Default::default()), choices),
        2 => walk(
            &cgtk_games::fox_hounds::FoxHounds::start(Default::default()),
            choices,
        ),
        3 => {
            if let Ok(nim) = cgtk_games::nim::Nim::new(&[3, 4, 5, 7]) {
                walk(&nim, choices)
            }
        }
        _ => walk(&cgtk_chess::Chess::new(), choices),
    }
});
