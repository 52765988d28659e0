//! The checks themselves: each examines the positions it is given and stops at the first
//! counterexample.

use super::{sweep_indices, text, Checked, Counterexample, Law, LawResult, SplitMix};
use cgtk_core::{Notation, PerfectIndex, PositionKey, Predecessors};
use std::collections::BTreeMap;

/// The plies of the line played and unwound from each position by [`make_unmake`].
const LINE_PLIES: usize = 8;

fn fail<G: Notation>(law: Law, p: &G, detail: String) -> Counterexample {
    Counterexample {
        law,
        position: text(p),
        detail,
    }
}

/// Make then unmake restores the position: for every legal move of every position, and
/// along a random line of up to 8 plies from each position (chosen with `seed`), unwound
/// move by move. Also: [`is_legal`](cgtk_core::Game::is_legal) accepts every listed move, and a
/// finished game lists no moves.
pub fn make_unmake<G>(positions: impl IntoIterator<Item = G>, seed: u64) -> LawResult
where
    G: Notation + Clone + PartialEq,
{
    let law = Law::MakeUnmake;
    let mut rng = SplitMix::new(seed);
    let mut checked = Checked::default();
    let mut moves = Vec::new();
    for p in positions {
        checked.positions += 1;
        p.legal_moves(&mut moves);
        if p.outcome().is_some() && !moves.is_empty() {
            let detail = format!("the game is over but {} moves are listed", moves.len());
            return Err(fail(law, &p, detail));
        }
        for &mv in &moves {
            checked.moves += 1;
            if !p.is_legal(mv) {
                let detail = format!("is_legal rejects the listed move {}", p.move_text(mv));
                return Err(fail(law, &p, detail));
            }
            let mut q = p.clone();
            let undo = q.make(mv);
            q.unmake(mv, undo);
            if q != p {
                let detail = format!("make then unmake of {} gives {}", p.move_text(mv), text(&q));
                return Err(fail(law, &p, detail));
            }
        }
        // A line of moves, unwound: undo records must not depend on what came later.
        let mut game = p.clone();
        let mut line = Vec::new();
        for _ in 0..LINE_PLIES {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            let (before, mv_text) = (game.clone(), game.move_text(mv));
            let undo = game.make(mv);
            line.push((mv, undo, before, mv_text));
        }
        let played: Vec<String> = line.iter().map(|l| l.3.clone()).collect();
        while let Some((mv, undo, before, mv_text)) = line.pop() {
            game.unmake(mv, undo);
            if game != before {
                let detail = format!(
                    "after the line {}, unmaking {mv_text} gives {} instead of {}",
                    played.join(" "),
                    text(&game),
                    text(&before)
                );
                return Err(fail(law, &p, detail));
            }
        }
    }
    Ok(checked)
}

/// The position key: make then unmake restores it, and every position (the given ones and
/// their children) has the key of the same position read afresh from its text with
/// `template`'s rules (so that a key kept up incrementally is checked against one computed
/// from scratch).
pub fn key<G>(template: &G, positions: impl IntoIterator<Item = G>) -> LawResult
where
    G: PositionKey + Notation + Clone,
{
    let law = Law::Key;
    let fresh_key = |p: &G| -> Result<(), Counterexample> {
        let fresh = template.parse_position(&text(p)).map_err(|e| {
            fail(
                law,
                p,
                format!("cannot read the position back to compare keys: {e}"),
            )
        })?;
        if fresh.key() != p.key() {
            let detail = format!(
                "key {:#018x} differs from {:#018x}, the key of the same position read from its text",
                p.key(),
                fresh.key()
            );
            return Err(fail(law, p, detail));
        }
        Ok(())
    };
    let mut checked = Checked::default();
    let mut moves = Vec::new();
    for p in positions {
        checked.positions += 1;
        fresh_key(&p)?;
        let k = p.key();
        p.legal_moves(&mut moves);
        for &mv in &moves {
            checked.moves += 1;
            let mut q = p.clone();
            let undo = q.make(mv);
            fresh_key(&q)?;
            q.unmake(mv, undo);
            if q.key() != k {
                let detail = format!(
                    "make then unmake of {} changes the key from {k:#018x} to {:#018x}",
                    p.move_text(mv),
                    q.key()
                );
                return Err(fail(law, &p, detail));
            }
        }
    }
    Ok(checked)
}

/// Notation round trips: every position reads back from its text (with `template`'s rules,
/// as a user's text would be read), and every legal move from its text.
pub fn notation<G>(template: &G, positions: impl IntoIterator<Item = G>) -> LawResult
where
    G: Notation + PartialEq,
{
    let law = Law::Notation;
    let mut checked = Checked::default();
    let mut moves = Vec::new();
    for p in positions {
        checked.positions += 1;
        let written = text(&p);
        match template.parse_position(&written) {
            Ok(q) if q == p => {}
            Ok(q) => {
                let detail = format!("reads back as a different position, written {}", text(&q));
                return Err(fail(law, &p, detail));
            }
            Err(e) => return Err(fail(law, &p, format!("does not read back: {e}"))),
        }
        p.legal_moves(&mut moves);
        for &mv in &moves {
            checked.moves += 1;
            let t = p.move_text(mv);
            match p.parse_move(&t) {
                Ok(m) if m == mv => {}
                Ok(m) => {
                    let detail = format!("move {t} reads back as {}", p.move_text(m));
                    return Err(fail(law, &p, detail));
                }
                Err(e) => return Err(fail(law, &p, format!("move {t} does not read back: {e}"))),
            }
        }
    }
    Ok(checked)
}

/// Position → index → position: the index is in range, the index names a legal position
/// (the class's representative, itself of that index), and the symmetry that
/// [`index_with_symmetry`](PerfectIndex::index_with_symmetry) gives maps the
/// representative back to the position (without symmetry reduction: the representative
/// is the position).
pub fn index<G>(positions: impl IntoIterator<Item = G>) -> LawResult
where
    G: PerfectIndex + Notation + PartialEq,
{
    let mut checked = Checked::default();
    for p in positions {
        checked.positions += 1;
        index_of(&p)?;
    }
    Ok(checked)
}

/// [`index`]'s checks for one position; its index.
fn index_of<G>(p: &G) -> Result<u64, Counterexample>
where
    G: PerfectIndex + Notation + PartialEq,
{
    let law = Law::Index;
    let (i, size) = (p.index(), p.index_size());
    if i >= size {
        return Err(fail(
            law,
            p,
            format!("index {i} is not below the index size {size}"),
        ));
    }
    let (j, g) = p.index_with_symmetry();
    if j != i || g >= p.symmetry_count() {
        let detail = format!(
            "index_with_symmetry gives ({j}, {g}); the index is {i} and there are {} symmetries",
            p.symmetry_count()
        );
        return Err(fail(law, p, detail));
    }
    let Some(rep) = p.position_at(i) else {
        return Err(fail(law, p, format!("position_at({i}) names no position")));
    };
    if rep.index() != i {
        let detail = format!(
            "position_at({i}) gives {}, whose index is {}",
            text(&rep),
            rep.index()
        );
        return Err(fail(law, p, detail));
    }
    let back = rep.transformed(g);
    if back != *p {
        let detail = format!(
            "index {i} names {}, which symmetry {g} maps to {}, not to this position",
            text(&rep),
            text(&back)
        );
        return Err(fail(law, p, detail));
    }
    Ok(i)
}

/// Index → position → index for the indices of [`sweep_indices`]`(size, limit)` (every
/// index when the index is no larger than `limit`), then [`index`] on the positions found;
/// and no position beyond the index size.
pub fn index_sweep<G>(template: &G, limit: u64) -> LawResult
where
    G: PerfectIndex + Notation + PartialEq,
{
    let law = Law::Index;
    let size = template.index_size();
    let mut checked = Checked::default();
    for i in sweep_indices(size, limit) {
        let Some(p) = template.position_at(i) else {
            continue;
        };
        checked.positions += 1;
        let j = index_of(&p)?;
        if j != i {
            let detail = format!("position_at({i}) gives this position, whose index is {j}");
            return Err(fail(law, &p, detail));
        }
    }
    if let Some(p) = template.position_at(size) {
        let detail = format!("position_at({size}), beyond the index size, names a position");
        return Err(fail(law, &p, detail));
    }
    Ok(checked)
}

/// The indices of the children of `p`, with how many moves lead to each.
fn child_indices<G: PerfectIndex>(p: &G, moves: &mut Vec<G::Move>) -> BTreeMap<u64, usize> {
    let mut out = BTreeMap::new();
    let mut q = p.clone();
    q.legal_moves(moves);
    for &mv in moves.iter() {
        let undo = q.make(mv);
        *out.entry(q.index()).or_default() += 1;
        q.unmake(mv, undo);
    }
    out
}

/// Symmetries of the rules: for every symmetry `g` of every position `p`, the image
/// `p.transformed(g)` is a legal position (its index names a representative that a
/// symmetry maps to it) in `p`'s class, with the same number of moves into each class,
/// and the same result if the game is over (win or loss for the side to move, or draw);
/// symmetry 0 is the identity, and `image.transformed(b) ==
/// p.transformed(compose_symmetries(b, g))` (for one `b` per image, a different one from
/// position to position). The class's members are listed once each,
/// the representative first, and counted by [`class_size`](PerfectIndex::class_size).
pub fn symmetries<G>(positions: impl IntoIterator<Item = G>) -> LawResult
where
    G: PerfectIndex + Notation + PartialEq,
{
    let law = Law::Symmetries;
    let mut checked = Checked::default();
    let mut moves = Vec::new();
    let mut members = Vec::new();
    for p in positions {
        checked.positions += 1;
        let count = p.symmetry_count();
        if p.transformed(0) != p {
            let detail = format!("symmetry 0 gives {}", text(&p.transformed(0)));
            return Err(fail(law, &p, detail));
        }
        let i = p.index();
        let value = |q: &G| q.outcome().map(|o| o.value_for(q.to_move()));
        let children = child_indices(&p, &mut moves);
        for g in 0..count {
            checked.moves += 1;
            let image = p.transformed(g);
            let say = |what: String| {
                fail(
                    law,
                    &p,
                    format!("symmetry {g} gives {}: {what}", text(&image)),
                )
            };
            if let Err(e) = index_of(&image) {
                return Err(say(format!("not a legal position ({})", e.detail)));
            }
            if image.index() != i {
                return Err(say(format!("index {} instead of {i}", image.index())));
            }
            if value(&image) != value(&p) {
                return Err(say(format!(
                    "finished with {:?} for the side to move instead of {:?}",
                    value(&image),
                    value(&p)
                )));
            }
            let image_children = child_indices(&image, &mut moves);
            if image_children != children {
                return Err(say(format!(
                    "moves into classes {image_children:?} instead of {children:?} (index: number of moves)"
                )));
            }
            // Composition, with one second symmetry per image (a different one for each
            // position examined, so that a sweep meets every pair).
            let b = ((g as u64 + checked.positions) % count as u64) as u32;
            let composed = p.compose_symmetries(b, g);
            if image.transformed(b) != p.transformed(composed) {
                return Err(say(format!(
                    "then symmetry {b} differs from symmetry {composed} = compose_symmetries({b}, {g})"
                )));
            }
        }
        p.class_members(&mut members);
        let size = p.class_size();
        let rep = p.position_at(i);
        if members.first() != rep.as_ref() || !members.contains(&p) || members.len() as u64 != size
        {
            let listed: Vec<String> = members.iter().map(text).collect();
            let detail = format!(
                "class members [{}] should start with the representative, contain this position and number class_size = {size}",
                listed.join(", ")
            );
            return Err(fail(law, &p, detail));
        }
    }
    Ok(checked)
}

/// Predecessors agree with successors, in both directions, counting moves: every index `q`
/// that `p` lists names a legal, unfinished position with exactly as many moves into
/// `p`'s class as `q` is listed; and every move of `p`'s representative leads to a
/// position that lists `p`'s index as often as there are such moves into its class. The
/// members of `p`'s class list the same predecessors (one image of `p` is compared, a
/// different symmetry from position to position), and
/// [`move_count`](Predecessors::move_count) counts the legal moves.
pub fn predecessors<G>(positions: impl IntoIterator<Item = G>) -> LawResult
where
    G: Predecessors + Notation + PartialEq,
{
    let law = Law::Predecessors;
    let mut checked = Checked::default();
    let (mut moves, mut listed) = (Vec::new(), Vec::new());
    let count = |q: &G, i: u64, out: &mut Vec<u64>| {
        q.predecessors(out);
        out.iter().filter(|&&x| x == i).count()
    };
    for p in positions {
        checked.positions += 1;
        let i = p.index();
        p.predecessors(&mut listed);
        let mut sorted = listed.clone();
        sorted.sort_unstable();
        // Backward: each listed predecessor really moves here, as often as listed.
        let mut multiplicity = BTreeMap::<u64, usize>::new();
        for &q in &listed {
            *multiplicity.entry(q).or_default() += 1;
        }
        for (&q, &times) in &multiplicity {
            checked.moves += 1;
            let Some(prev) = p.position_at(q) else {
                return Err(fail(
                    law,
                    &p,
                    format!("lists index {q}, which names no position"),
                ));
            };
            if prev.outcome().is_some() {
                let detail = format!("lists {} (index {q}), a finished game", text(&prev));
                return Err(fail(law, &p, detail));
            }
            let into = child_indices(&prev, &mut moves)
                .get(&i)
                .copied()
                .unwrap_or(0);
            if into != times {
                let detail = format!(
                    "lists {} (index {q}) {times} times, but it has {into} moves into this class",
                    text(&prev)
                );
                return Err(fail(law, &p, detail));
            }
        }
        // Forward: each successor of the representative lists it, once per move.
        let Some(rep) = p.position_at(i) else {
            return Err(fail(law, &p, format!("position_at({i}) names no position")));
        };
        let mut out = Vec::new();
        if rep.outcome().is_none() {
            let mut child = rep.clone();
            child.legal_moves(&mut moves);
            let list = moves.clone();
            let into = child_indices(&rep, &mut moves);
            for mv in list {
                checked.moves += 1;
                let undo = child.make(mv);
                let c = child.index();
                let listed_times = count(&child, i, &mut out);
                if listed_times != into[&c] {
                    let detail = format!(
                        "its representative {} (index {i}) has {} moves into the class of {} (index {c}), which lists it {listed_times} times",
                        text(&rep),
                        into[&c],
                        text(&child)
                    );
                    child.unmake(mv, undo);
                    return Err(fail(law, &p, detail));
                }
                child.unmake(mv, undo);
            }
        }
        // The other members of the class have the same predecessors: one image per
        // position, a different symmetry from position to position.
        let symmetries = p.symmetry_count() as u64;
        if symmetries > 1 {
            let g = (1 + checked.positions % (symmetries - 1)) as u32;
            let image = p.transformed(g);
            image.predecessors(&mut out);
            out.sort_unstable();
            if out != sorted {
                let detail = format!(
                    "its image {} under symmetry {g} lists predecessors {out:?} instead of {sorted:?}",
                    text(&image)
                );
                return Err(fail(law, &p, detail));
            }
        }
        p.legal_moves(&mut moves);
        let n = moves.len();
        if p.move_count(&mut moves) != n {
            let detail = format!(
                "move_count says {} but {n} moves are listed",
                p.move_count(&mut moves)
            );
            return Err(fail(law, &p, detail));
        }
    }
    Ok(checked)
}
