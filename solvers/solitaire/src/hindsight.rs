//! The hindsight player: at each turned card, compare every way of placing it by how many
//! sampled stock orders the full-information solver still wins afterwards.
//!
//! A *placement* is what the player does between two turns: the waste moves the lean tree
//! allows (each needed by the next move, see [`Lean`]) followed by the turned card going to
//! a foundation or a waste pile. Placements that reach the same position up to the order of
//! the piles are one. The player draws `samples` orders of the face-down cards, uniformly
//! among those consistent with what it sees (the ranks left in the stock), and uses the
//! same orders for every placement (common random numbers). For each sample and placement
//! a width-1 beam runs to the end, then the solver's wider beams and its exhaustive
//! depth-first search look for a win within `nodes` positions. A win scores 1, and 1 more when the width-1
//! beam found it: that beam chooses each placement from the card turned and the position
//! alone, so it is a strategy the player itself could follow, and its wins are the robust
//! ones. A proved loss or an undecided sample scores 0. The placement with the highest total
//! is played, ties going to the solver's evaluation of the position reached.
//!
//! Hindsight scores are optimistic (each sample is solved as if the player knew it), so
//! the player is a heuristic; it never sees the real stock order.

use crate::beam::{beam_search, Beam};
use crate::evaluation::score;
use crate::lean::Lean;
use crate::position::{Move, Position, Step};
use crate::solver::{dead, key, Determinized};
use cgtk_core::Game;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::time::Instant;

/// The settings of the hindsight player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HindsightOptions {
    /// Orders of the face-down cards sampled per decision (shared by every placement).
    pub samples: u32,
    /// Positions the solver may visit for one placement in one sample.
    pub nodes: u64,
}

impl HindsightOptions {
    /// `samples` samples of at most 1,000 solver positions each.
    ///
    /// ```
    /// use cgtk_solitaire::HindsightOptions;
    /// assert_eq!(HindsightOptions::new(16).nodes, 1000);
    /// ```
    pub fn new(samples: u32) -> HindsightOptions {
        HindsightOptions {
            samples,
            nodes: 1000,
        }
    }
}

/// Placements examined at most per decision (a guard; real positions have a few dozen).
const MAX_PLACEMENTS: usize = 4096;

/// Every placement of the turned card from `pos`: the moves and the position reached,
/// one per position up to the order of the piles.
pub(crate) fn placements(pos: &Position) -> Vec<(Vec<Move>, Position)> {
    let mut out: Vec<(Vec<Move>, Position)> = Vec::new();
    let mut seen: HashSet<[u64; 4]> = HashSet::new();
    let mut stack: Vec<(Lean, Vec<Move>)> = vec![(Lean::new(*pos), Vec::new())];
    let mut moves = Vec::new();
    let mut expanded = 0usize;
    while let Some((lean, line)) = stack.pop() {
        expanded += 1;
        if expanded > MAX_PLACEMENTS {
            break;
        }
        lean.lean_moves(&mut moves);
        for &mv in &moves {
            let mut child = lean;
            child.make(Step::Play(mv));
            let mut longer = line.clone();
            longer.push(mv);
            match mv {
                Move::StockToFoundation(_) | Move::StockToWaste(_) => {
                    if seen.insert(key(child.position(), None)) {
                        out.push((longer, *child.position()));
                    }
                }
                Move::WasteToFoundation { .. } => stack.push((child, longer)),
            }
        }
    }
    out
}

/// What one sample says about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// Won by the width-1 beam (a strategy that does not look ahead in the stock).
    Greedy,
    /// Won by a wider search.
    Won,
    /// Lost or undecided.
    Other,
}

/// Solves `pos` (waiting for a card, or with the stock used up) when the face-down cards
/// come in the order `rest`, within `nodes` positions: beams of growing width with half
/// the budget, then the depth-first search of `dfs` (over the same `rest`).
fn judge(pos: &Position, rest: &[u8], nodes: u64, dfs: &mut Determinized<'_>) -> Verdict {
    if pos.is_won() {
        return Verdict::Greedy;
    }
    if dead(pos) {
        return Verdict::Other;
    }
    let share = nodes / 2;
    let mut used = 0u64;
    let start = Instant::now();
    if pos.turned().is_none() {
        for width in [1usize, 8, 64, 256, 1024, 4096] {
            if used >= share && width > 1 {
                break;
            }
            // The width-1 beam always runs to the end (at most a few children per card).
            let limit = if width == 1 { u64::MAX } else { share };
            match beam_search(*pos, rest, width, &mut used, limit, start, None) {
                Beam::Won(_) => {
                    return if width == 1 {
                        Verdict::Greedy
                    } else {
                        Verdict::Won
                    }
                }
                Beam::Lost => return Verdict::Other,
                Beam::Open => {}
            }
        }
    }
    match dfs.winnable(*pos) {
        Some(true) => Verdict::Won,
        _ => Verdict::Other,
    }
}

/// The hindsight player's next moves, up to and including the placement of the turned card
/// (see the module documentation), and the score of each placement compared; `None` when
/// the game is over or a card must be turned. Once the stock is used up it returns one
/// waste move at a time, chosen the same way (the samples are then all the same order).
///
/// ```
/// use cgtk_solitaire::{hindsight_moves, HindsightOptions, Move, Position, Rules};
/// let mut pos = Position::start(Rules::STANDARD);
/// pos.turn(2).unwrap();
/// let (moves, _) = hindsight_moves(&pos, &HindsightOptions::new(4), 1).unwrap();
/// assert_eq!(moves, [Move::StockToFoundation(0)]);
/// ```
pub fn hindsight_moves(
    pos: &Position,
    options: &HindsightOptions,
    seed: u64,
) -> Option<(Vec<Move>, Vec<f64>)> {
    if pos.is_chance() || pos.is_over() {
        return None;
    }
    let options = HindsightOptions {
        samples: options.samples.max(1),
        nodes: options.nodes.max(1),
    };
    let choices: Vec<(Vec<Move>, Position)> = if pos.turned().is_some() {
        placements(pos)
    } else {
        // The stock is used up: single waste moves.
        let mut moves = Vec::new();
        Lean::new(*pos).lean_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut child = *pos;
                child.play_unchecked(mv);
                (vec![mv], child)
            })
            .collect()
    };
    if choices.len() <= 1 {
        return choices
            .into_iter()
            .next()
            .map(|(line, _)| (line, vec![0.0]));
    }
    let mut rest: Vec<u8> = Vec::with_capacity(pos.unseen_total());
    for rank in 1..=pos.rules().ranks() {
        for _ in 0..pos.unseen(rank) {
            rest.push(rank);
        }
    }
    // With no card left to sample, one exact sample decides.
    let samples = if rest.is_empty() { 1 } else { options.samples };
    let mut total = vec![0.0f64; choices.len()];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..samples {
        rest.shuffle(&mut rng);
        let mut dfs = Determinized::new(&rest, options.nodes - options.nodes / 2);
        for (i, (_, child)) in choices.iter().enumerate() {
            total[i] += match judge(child, &rest, options.nodes, &mut dfs) {
                Verdict::Greedy => 2.0,
                Verdict::Won => 1.0,
                Verdict::Other => 0.0,
            };
        }
    }
    let best = (0..choices.len())
        .max_by(|&a, &b| {
            total[a]
                .total_cmp(&total[b])
                .then(score(&choices[a].1).cmp(&score(&choices[b].1)))
                .then(b.cmp(&a))
        })
        .unwrap_or(0);
    Some((choices[best].0.clone(), total))
}
