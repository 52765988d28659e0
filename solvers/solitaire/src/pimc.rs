//! The determinized player ("perfect information Monte Carlo"): sample orders of the
//! face-down cards, solve each sample with every card known, and play the move that wins
//! the most samples.

use crate::players::rule_based_move;
use crate::position::{Move, Position};
use crate::solver::{dead, Determinized};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The settings of the determinized player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PimcOptions {
    /// Orders of the face-down cards sampled per move.
    pub samples: u32,
    /// Positions the full-information solver may visit for one move in one sample; a
    /// sample it cannot settle in time scores what the rule-based player reaches with that
    /// order (the fraction of the deck it brings home, below 1).
    pub nodes: u64,
}

impl PimcOptions {
    /// `samples` samples of at most 2,000 nodes per move.
    ///
    /// ```
    /// use cgtk_solitaire::PimcOptions;
    /// assert_eq!(PimcOptions::new(20).nodes, 2000);
    /// ```
    pub fn new(samples: u32) -> PimcOptions {
        PimcOptions {
            samples,
            nodes: 2000,
        }
    }
}

/// The rule-based player's result from `pos` when the face-down cards come in the order
/// `rest`: the fraction of the deck home (1 for a win).
fn rule_based_score(mut pos: Position, rest: &[u8]) -> f64 {
    let mut next = rest.len() - pos.unseen_total();
    loop {
        if pos.is_chance() {
            pos.turn_unchecked(rest[next]);
            next += 1;
        }
        match rule_based_move(&pos) {
            Some(mv) => pos.play_unchecked(mv),
            None => break,
        }
    }
    pos.cards_on_foundations() as f64 / pos.rules().deck_len() as f64
}

/// The moves worth comparing, the rule-based player's choice first: the turned card onto
/// one pile of each set of identical piles (they lead to the same position up to the
/// order of the piles), every foundation move.
fn candidates(pos: &Position) -> Vec<Move> {
    let mut all = Vec::with_capacity(24);
    pos.moves(&mut all);
    let mut out: Vec<Move> = Vec::with_capacity(all.len());
    if let Some(first) = rule_based_move(pos) {
        out.push(first);
    }
    for &m in &all {
        let same = |o: &Move| match (o, m) {
            (Move::StockToWaste(a), Move::StockToWaste(b)) => {
                pos.pile(*a as usize) == pos.pile(b as usize)
            }
            (a, b) => *a == b,
        };
        if !out.iter().any(same) {
            out.push(m);
        }
    }
    out
}

/// The determinized player's move and, for each candidate move, its score (the samples it
/// won, plus partial credit for the undecided ones); `None` when the game is over or a card
/// must be turned.
///
/// Each of `options.samples` samples shuffles the face-down cards the player knows are
/// left (a uniformly random order consistent with what is seen), then asks the
/// full-information solver, with `options.nodes` nodes, whether each candidate move still
/// wins with that order: a win scores 1, a proved loss 0, and a sample the solver leaves
/// undecided the fraction of the deck the rule-based player brings home with that order.
/// The move with the highest total is played; ties go to the
/// rule-based player's choice, then to foundation moves of the turned card, in the order of
/// [`Position::moves`]. A position with one candidate is played at once.
///
/// ```
/// use cgtk_solitaire::{pimc_move, Move, PimcOptions, Position, Rules};
/// let mut pos = Position::start(Rules::STANDARD);
/// pos.turn(2).unwrap();
/// let (mv, _) = pimc_move(&pos, &PimcOptions::new(8), 1).unwrap();
/// assert_eq!(mv, Move::StockToFoundation(0));
/// ```
pub fn pimc_move(pos: &Position, options: &PimcOptions, seed: u64) -> Option<(Move, Vec<f64>)> {
    if pos.is_chance() || pos.is_over() {
        return None;
    }
    let moves = candidates(pos);
    if moves.len() == 1 {
        return Some((moves[0], vec![0.0]));
    }
    let mut score = vec![0.0f64; moves.len()];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rest: Vec<u8> = Vec::with_capacity(pos.unseen_total());
    for rank in 1..=pos.rules().ranks() {
        for _ in 0..pos.unseen(rank) {
            rest.push(rank);
        }
    }
    let children: Vec<Position> = moves
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            child
        })
        .collect();
    let alive: Vec<bool> = children.iter().map(|c| !dead(c)).collect();
    for _ in 0..options.samples {
        rest.shuffle(&mut rng);
        let mut search = Determinized::new(&rest, options.nodes);
        for (i, child) in children.iter().enumerate() {
            if !alive[i] {
                continue;
            }
            score[i] += match search.winnable(*child) {
                Some(true) => 1.0,
                Some(false) => 0.0,
                None => rule_based_score(*child, &rest),
            };
        }
    }
    let best = (0..moves.len())
        .max_by(|&a, &b| score[a].total_cmp(&score[b]).then(b.cmp(&a)))
        .unwrap_or(0);
    Some((moves[best], score))
}
