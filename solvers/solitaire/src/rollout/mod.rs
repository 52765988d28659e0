//! The rollout player: policy improvement by simulation. Each way of placing the turned
//! card is tried on sampled stock orders, played to the end by a cheap base policy, and the
//! placement that wins the most samples is played.
//!
//! **The base policy** ([`greedy_moves`]) decides from the position and the turned card
//! alone. Waste tops that fit a foundation go home first (the first fitting top, onto the
//! first foundation needing it, while one fits). Then each place for the turned card is
//! tried: every foundation it fits (followed again by every waste top that then fits), and
//! one waste pile of each set of identical piles. The child kept is the best by an
//! evaluation of the position (64 per card home, less a penalty for every pair of cards on
//! one waste pile lying in the wrong order for their foundations; see `evaluate`), the
//! first of equal ones. With every card known, this is close to the solver's width-1 beam;
//! here it sees no card before it is turned.
//!
//! **A rollout level** ([`rollout_moves`], `levels ≥ 1`) lists the placements of the turned
//! card (the lean tree's waste moves, then the card to a foundation or a pile; placements
//! equal up to the order of the piles merged), draws `samples` orders of the face-down
//! cards uniformly among those consistent with the ranks left, shares them across the
//! placements (common random numbers), plays each placement in each order to the end with
//! the level below (the base policy under level 1), and compares the placements by their
//! wins over the samples, ties going to the cards brought home ([`sample_value`]). Every
//! `max(8, samples / 8)` samples, a placement whose mean score, paired sample by sample
//! with the leader's, lies more than 3 standard errors below it is dropped. The placement
//! with the highest total is played, ties going to the evaluation of the position reached.
//! At level 1, placements after which the base policy reaches the same positions with
//! every possible next card (*twins*: often the card home now, and the card onto a pile
//! and home at the next turn) play the same game on every order, so only the first of each
//! set is played and the others take its scores: the same choice for less work, and none
//! at all when every placement is a twin of one. On each order the placements' games are
//! played one after another, and a game that reaches the position an earlier one had after
//! the same number of cards turned (a *meeting*) stops there with that game's outcome: from
//! there on the two are the same game (at any level: a simulated decision draws the same
//! numbers from the same generator in both).
//! A level above 1 uses a level-`L − 1` rollout player as its simulation policy, with
//! `inner_samples` orders per decision, drawn afresh at each decision from the cards that
//! player has not seen (it never reads the sampled order ahead). Late in the deal
//! (`nested_cards`), where a simulated game is short, the top level may switch to such a
//! deeper player with fewer samples (`nested_samples`). Once the stock is used up
//! every card is known, and the player picks its waste moves by the full-information
//! search. The top level plays the simulated games of each batch of samples on rayon's
//! pool, the batch's orders drawn in sequence first, so its moves are the same on any
//! number of threads (the levels below play theirs in sequence).
//!
//! Policy improvement guarantees that, with exact values, a rollout level plays at least as
//! well as its base policy; with sampled values it is a heuristic that improves on the base
//! in practice.

use crate::exact::ExactMemory;
use crate::fitted::BasePolicy;
use crate::lean::Lean;
use crate::position::{Move, Position};
use crate::solver::Determinized;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

mod base;
pub(crate) use base::greedy_move;
use base::{base_moves, base_place, evaluate, go_home, BaseScorer};
pub use base::{base_place_by, greedy_moves, placement_by};

/// The settings of the rollout player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RolloutOptions {
    /// Stock orders sampled per decision of the top level.
    pub samples: u32,
    /// Rollout levels: 0 plays the base policy alone, 1 rolls out the base policy, 2 rolls
    /// out a level-1 player, and so on.
    pub levels: u8,
    /// Stock orders sampled per decision of each level below the top.
    pub inner_samples: u32,
    /// Once at most this many cards are face down (and before the exact play of
    /// `exact_cards`), the top level rolls out a player one level deeper (`levels + 1`,
    /// its decisions sampling `inner_samples` orders) on `nested_samples` orders: fewer
    /// samples, each played by a stronger player, where the game is short enough to pay
    /// for it; 0 never does. Such a player decides there as the deeper one does:
    ///
    /// ```
    /// use cgtk_solitaire::{rollout_moves, Calculation, Deal, RolloutOptions, Rules};
    /// let mut game = Calculation::new(Deal::from_seed(Rules::new(7, 4, 2).unwrap(), 1));
    /// let nested = RolloutOptions { nested_cards: 10, nested_samples: 6, inner_samples: 3, ..RolloutOptions::new(50) };
    /// let deeper = RolloutOptions { samples: 6, levels: 2, nested_cards: 0, ..nested };
    /// while !game.is_over() && game.position().unseen_total() > 10 {
    ///     let early = rollout_moves(game.position(), &nested, 7).unwrap();
    ///     assert_eq!(early, rollout_moves(game.position(), &RolloutOptions::new(50), 7).unwrap());
    ///     for mv in early.0 {
    ///         game.play(mv).unwrap();
    ///     }
    /// }
    /// assert!(game.position().turned().is_some());
    /// assert_eq!(rollout_moves(game.position(), &nested, 7), rollout_moves(game.position(), &deeper, 7));
    /// ```
    pub nested_cards: u8,
    /// Stock orders sampled per decision of the top level once `nested_cards` applies.
    pub nested_samples: u32,
    /// Once at most this many cards are face down but more than `nested_cards`, a top-level
    /// decision still open after its `samples` (two or more placements left in the race,
    /// not dropped at 3 standard errors) is decided again, among those placements only, by
    /// the deeper player of `nested_cards` (`nested_samples` orders, one level more): the
    /// deeper player where the quicker one cannot tell the placements apart; 0 never does.
    /// Once `nested_cards` applies the deeper player decides throughout, as without.
    /// Measured with 3 piles (12,800 samples, nested from 32, the deals ≡ 0 mod 16 of 0–999),
    /// escalating from the first card won 41 of 63 deals, as many as without (8 won only
    /// with, 8 only without), at 78 processor seconds a game against about 48: so 0 stays
    /// the default.
    ///
    /// ```
    /// use cgtk_solitaire::{rollout_moves, Calculation, Deal, RolloutOptions, Rules};
    /// let mut game = Calculation::new(Deal::from_seed(Rules::new(7, 4, 2).unwrap(), 2));
    /// let nested = RolloutOptions { nested_cards: 4, nested_samples: 6, inner_samples: 3, ..RolloutOptions::new(40) };
    /// let escalating = RolloutOptions { escalate_cards: 16, ..nested };
    /// while let Some((line, _)) = rollout_moves(game.position(), &escalating, 7) {
    ///     if game.position().unseen_total() > 16 {
    ///         // Early in the deal it plays as the player without.
    ///         assert_eq!(Some(&line), rollout_moves(game.position(), &nested, 7).as_ref().map(|l| &l.0));
    ///     }
    ///     for mv in line {
    ///         game.play(mv).unwrap();
    ///     }
    /// }
    /// assert!(game.is_over());
    /// ```
    pub escalate_cards: u8,
    /// Once at most this many cards are face down, the top level (at `levels` 1 or more)
    /// plays exactly ([`exact_best_line`](crate::exact_best_line): each move the best
    /// chance of winning over every order of the face-down cards) instead of sampling; 0
    /// never does. A placement whose search remembers more than `exact_positions`
    /// positions is sampled as usual.
    pub exact_cards: u8,
    /// Positions the exact search may remember for one placement
    /// (default [`EXACT_POSITIONS`]; with a memory kept from one placement to the next,
    /// [`rollout_moves_in`], for the game's exact placements together, a search starting
    /// afresh when they would pass it); its memory at the peak is about 120 bytes a
    /// position, the table's spare room and its growth included.
    pub exact_positions: usize,
    /// The evaluation the base policy ranks the places of the turned card by (default
    /// [`BasePolicy::Order`]), at every level that plays it.
    pub base: BasePolicy,
    /// How far a top-level decision still open after its samples may sample on: up to
    /// `extend` times its samples (`samples` or `nested_samples`), batch by batch, while
    /// two or more placements stay in the race (default 1, never). Past its samples, a
    /// placement also leaves the race once the leader is, at 3 standard errors, no worse
    /// than it by more than [`EXTEND_TOLERANCE`] of a win. The levels below never extend.
    /// Measured on deals 5000–6599 at equal time, it did not help, so the default stays 1:
    /// with 3 piles 400 samples extended up to 4 times won 545 and 900 samples 549 (1.29
    /// and 1.27 processor seconds a game); with 4 piles 100 extended up to 4 times won
    /// 1,187 and 300 samples 1,277 (0.70 and 0.65).
    ///
    /// ```
    /// use cgtk_solitaire::{rollout_moves, Calculation, Deal, RolloutOptions, Rules};
    /// let mut game = Calculation::new(Deal::from_seed(Rules::new(7, 4, 2).unwrap(), 3));
    /// let wider = RolloutOptions { extend: 4, ..RolloutOptions::new(40) };
    /// while let Some((line, _)) = rollout_moves(game.position(), &wider, 7) {
    ///     for mv in line {
    ///         game.play(mv).unwrap();
    ///     }
    /// }
    /// assert!(game.is_over());
    /// ```
    pub extend: u32,
}

/// The default number of positions the exact search of [`RolloutOptions::exact_cards`] may
/// remember for one placement (a packed key and its value, 40 bytes, about 250 MB at the
/// peak with the table's spare room and growth); past it the placement is sampled. With 5
/// cards face down the searches measured fit and took at most a second. With 7 (the
/// rollout player's games of 4-pile deals 5000–5099 at 1,600 samples) they remembered a
/// median of 178,000 positions and up to 47.7 million, 23 of the 100 more than this
/// default, and took up to about three minutes: raise [`RolloutOptions::exact_positions`]
/// to play them exactly.
pub const EXACT_POSITIONS: usize = 2_000_000;

impl RolloutOptions {
    /// One level of `samples` samples (4 per decision for any nested level), no exact
    /// endgame.
    ///
    /// ```
    /// use cgtk_solitaire::RolloutOptions;
    /// let o = RolloutOptions::new(100);
    /// assert_eq!((o.samples, o.levels, o.exact_cards), (100, 1, 0));
    /// ```
    pub fn new(samples: u32) -> RolloutOptions {
        RolloutOptions {
            samples,
            levels: 1,
            inner_samples: 4,
            nested_cards: 0,
            nested_samples: 100,
            escalate_cards: 0,
            exact_cards: 0,
            exact_positions: EXACT_POSITIONS,
            base: BasePolicy::Order,
            extend: 1,
        }
    }

    /// The most samples a top-level decision of `samples` samples may take
    /// ([`RolloutOptions::extend`]).
    ///
    /// ```
    /// use cgtk_solitaire::RolloutOptions;
    /// assert_eq!(RolloutOptions::new(100).samples_cap(100), 100);
    /// assert_eq!(RolloutOptions { extend: 4, ..RolloutOptions::new(100) }.samples_cap(100), 400);
    /// ```
    pub fn samples_cap(&self, samples: u32) -> u32 {
        samples.saturating_mul(self.extend.max(1))
    }

    /// Whether a top-level decision at `pos` still open after its samples is decided again
    /// by the deeper player ([`RolloutOptions::escalate_cards`]).
    ///
    /// ```
    /// use cgtk_solitaire::{Position, RolloutOptions, Rules};
    /// let o = RolloutOptions { nested_cards: 16, escalate_cards: 48, ..RolloutOptions::new(1600) };
    /// assert!(o.escalates(&Position::start(Rules::STANDARD)));
    /// assert!(!RolloutOptions { escalate_cards: 40, ..o }.escalates(&Position::start(Rules::STANDARD)));
    /// ```
    pub fn escalates(&self, pos: &Position) -> bool {
        let face_down = pos.unseen_total();
        face_down > usize::from(self.nested_cards) && face_down <= usize::from(self.escalate_cards)
    }

    /// The samples and levels of the top level's decision at `pos`: `nested_samples` and
    /// one level more once at most `nested_cards` cards are face down, else `samples` and
    /// `levels`.
    ///
    /// ```
    /// use cgtk_solitaire::{Position, RolloutOptions, Rules};
    /// let o = RolloutOptions { nested_cards: 16, nested_samples: 100, ..RolloutOptions::new(1600) };
    /// let pos = Position::start(Rules::STANDARD);
    /// assert_eq!(o.top_decision(&pos), (1600, 1));
    /// assert_eq!(RolloutOptions { nested_cards: 48, ..o }.top_decision(&pos), (100, 2));
    /// ```
    pub fn top_decision(&self, pos: &Position) -> (u32, u8) {
        if pos.unseen_total() <= usize::from(self.nested_cards) {
            (self.nested_samples, self.levels.saturating_add(1))
        } else {
            (self.samples, self.levels)
        }
    }
}

/// How many standard errors a placement's mean value (paired with the leader's on the same
/// samples) must lie below the leader's before it is dropped: 3 (at 60 samples, deals
/// 5000–5099: 63 wins and 10% less time than with no dropping, 57 wins at 2).
const PRUNE_Z: f64 = 3.0;

/// The chance of winning an extended decision ([`RolloutOptions::extend`]) may give up:
/// past its samples, a placement is dropped once the leader's paired mean value exceeds
/// its own by more than `PRUNE_Z` standard errors less this share of a win's value, so
/// placements that play alike leave the race instead of running to the cap.
pub const EXTEND_TOLERANCE: f64 = 0.005;

/// Positions the full-information search may visit for one endgame move (stock used up).
const ENDGAME_NODES: u64 = 200_000;

/// How a simulated game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Outcome {
    won: bool,
    home: u8,
}

/// A won game's outcome (the scale of [`EXTEND_TOLERANCE`]).
const WON: Outcome = Outcome {
    won: true,
    home: 52,
};

/// The games already played on one sampled order from the other placements of a decision
/// ([`simulate`]): each one's position after every card it turned, and how it ended.
///
/// A simulated game decides from its position, the order of the cards still face down and
/// its inner generator alone: the base policy from the position, a rollout level from the
/// position and one draw of the generator per card turned. Two games of one decision on
/// one order start with the same order and the same generator, so one that reaches the
/// position another had after the same number of cards turned plays on as that one did
/// and ends alike: it stops there and takes the other's outcome (*a meeting*; twins, which
/// meet at the first card on every order, are found before any order is drawn).
#[derive(Default)]
struct Paths {
    /// Every position after a card was turned, game after game.
    seen: Vec<Position>,
    /// Where each game's positions end in `seen`, and how it ended.
    games: Vec<(usize, Outcome)>,
    /// How many games stopped at a meeting (for the tests).
    #[cfg(test)]
    met: usize,
}

impl Paths {
    /// Forgets every game (a new order).
    fn clear(&mut self) {
        self.seen.clear();
        self.games.clear();
    }

    /// The outcome of an earlier game that had `pos` after its `step`-th card turned.
    fn meet(&self, step: usize, pos: &Position) -> Option<Outcome> {
        let mut from = 0;
        for &(end, out) in &self.games {
            if self.seen[from..end].get(step) == Some(pos) {
                return Some(out);
            }
            from = end;
        }
        None
    }
}

/// Plays `pos` to the end when the face-down cards come in the order `rest` (all of which
/// are still face down: `rest.len() == pos.unseen_total()`), with the policy of rollout
/// level `level` (0 = the base policy). With `paths`, the game stops where it meets one
/// played before on the same order (see [`Paths`]) and is added to them.
fn simulate(
    mut pos: Position,
    rest: &[u8],
    level: u8,
    options: &RolloutOptions,
    rng: &mut ChaCha8Rng,
    scorer: &mut BaseScorer,
    mut paths: Option<&mut Paths>,
) -> Outcome {
    let first = rest.len() - pos.unseen_total();
    let mut next = first;
    let out = loop {
        if pos.is_won() {
            break None;
        }
        if pos.turned().is_none() {
            if pos.unseen_total() == 0 {
                go_home(&mut pos, &mut |_| {});
                break None;
            }
            pos.turn_unchecked(rest[next]);
            next += 1;
            if let Some(paths) = paths.as_deref_mut() {
                let step = next - first - 1;
                if let Some(out) = paths.meet(step, &pos) {
                    #[cfg(test)]
                    {
                        paths.met += 1;
                    }
                    break Some(out);
                }
                paths.seen.push(pos);
            }
        }
        if level == 0 {
            base_place(&mut pos, scorer, &mut |_| {});
        } else {
            let decision = decide(
                &pos,
                options.inner_samples,
                level,
                options,
                options.inner_samples,
                rng.gen(),
                false,
                None,
            );
            let Some((line, _)) = decision.map(Decision::played) else {
                break None;
            };
            for mv in line {
                pos.play_unchecked(mv);
            }
        }
    };
    let out = out.unwrap_or(Outcome {
        won: pos.is_won(),
        home: pos.cards_on_foundations() as u8,
    });
    if let Some(paths) = paths {
        paths.games.push((paths.seen.len(), out));
    }
    out
}

/// Every placement of the turned card from `pos` (lean waste moves, then the card), one
/// per position up to the order of the piles.
fn placements(pos: &Position) -> Vec<(Vec<Move>, Position)> {
    crate::hindsight::placements(pos)
}

/// Where the base policy goes from `pos` (a placement's position, no card turned) with each
/// rank that can be turned next, in rank order; or `pos` itself when the stock is used up
/// or the game won. Two placements with equal answers are *twins*: a game of the base
/// policy from either, on any order of the face-down cards, is the same game from the next
/// card on, so they score alike on every sample of a level-1 decision (most often the card
/// home now, against the card onto a pile after some waste moves home and home at the next
/// turn).
fn after_next_card(pos: &Position, scorer: &mut BaseScorer) -> Vec<Position> {
    if pos.is_won() || pos.unseen_total() == 0 {
        return vec![*pos];
    }
    (1..=pos.rules().ranks())
        .filter(|&rank| pos.unseen(rank) > 0)
        .map(|rank| {
            let mut next = *pos;
            next.turn_unchecked(rank);
            base_place(&mut next, scorer, &mut |_| {});
            next
        })
        .collect()
}

/// The savings of [`decide`] that change none of its choices.
#[derive(Clone, Copy)]
enum Saving {
    /// Twins are played once ([`after_next_card`]).
    Twins = 0,
    /// A game stops where it meets one played before on its order ([`Paths`]).
    Meetings = 1,
}

/// Whether [`decide`] makes `saving`: always, but the tests turn each off on their thread
/// to check that the decisions are the same without.
fn saving_on(saving: Saving) -> bool {
    #[cfg(test)]
    {
        !tests::SAVINGS_OFF.with(|off| off.get()[saving as usize])
    }
    #[cfg(not(test))]
    {
        let _ = saving;
        true
    }
}

/// A decision of a rollout level with everything it weighed ([`decide`]).
struct Decision {
    /// The placements: their moves and the position each reaches.
    choices: Vec<(Vec<Move>, Position)>,
    /// The index of the placement played.
    best: usize,
    /// Each placement's wins.
    wins: Vec<f64>,
    /// Each placement's mean [`sample_value`] over the samples it was played on.
    means: Vec<f64>,
    /// The samples each placement was played on (a twin: those of the placement it plays
    /// alike).
    tried: Vec<usize>,
    /// The placements still in the race at the end (not dropped behind the leader, and
    /// among those the decision was asked to weigh).
    live: Vec<bool>,
    /// The level that decided and the samples it was asked for.
    level: u8,
    asked: u32,
    /// How many placements were dropped as twins (for the tests).
    #[cfg(test)]
    twins: usize,
    /// How many of the sequential games stopped where they met another (for the tests).
    #[cfg(test)]
    meetings: usize,
}

impl Decision {
    /// The moves played and each placement's wins.
    fn played(mut self) -> (Vec<Move>, Vec<f64>) {
        (self.choices.swap_remove(self.best).0, self.wins)
    }

    /// The decision as the library tells it ([`RolloutChoice`]).
    fn choice(mut self) -> RolloutChoice {
        RolloutChoice {
            wins: self.wins[self.best],
            samples: self.tried[self.best],
            level: self.level,
            asked: self.asked,
            placements: self.choices.len(),
            moves: self.choices.swap_remove(self.best).0,
            exact: None,
        }
    }
}

/// A placement of the rollout player and what it rests on ([`rollout_choice`]).
#[derive(Clone, Debug, PartialEq)]
pub struct RolloutChoice {
    /// The moves, up to and including the placement of the turned card (once the stock is
    /// used up, one waste move).
    pub moves: Vec<Move>,
    /// The sampled stock orders the placement won.
    pub wins: f64,
    /// The sampled stock orders it was played on: fewer than the samples asked for when the
    /// race ended early (every other placement dropped behind) and 0 when nothing was
    /// sampled (a placement played exactly, the base policy's, the only placement, or every
    /// placement playing the same game from the next card on).
    pub samples: usize,
    /// The placements weighed (1 for a single placement and for a line played without
    /// sampling).
    pub placements: usize,
    /// The rollout level that decided: the top level's, one more where a deeper player
    /// decided ([`RolloutOptions::nested_cards`], [`RolloutOptions::escalate_cards`]); 0
    /// for a line played without a decision (the base policy's, the endgame's, the exact
    /// search's).
    pub level: u8,
    /// The sampled stock orders that level was asked for (0 when nothing was to be
    /// compared); `samples` is fewer when the race ended early.
    pub asked: u32,
    /// The chance of winning over every order of the cards face down, for a placement
    /// played exactly ([`exact_placement`]).
    pub exact: Option<f64>,
}

/// The decision of a rollout level `level ≥ 1` with `samples` samples (up to `cap` while
/// the race is open, [`RolloutOptions::extend`]) at a position with a
/// turned card, among the placements `among` marks (all when `None`; in the order of
/// [`placements`]); `None` when there is no placement.
///
/// The samples come in batches (the dropping of placements is checked between them); with
/// `parallel`, a batch's orders are played on rayon's pool, each order's games on one
/// thread (so that they can meet, [`Paths`]). Its orders are drawn one after another
/// first, so the decision is the same on any number of threads.
#[allow(clippy::too_many_arguments)]
fn decide(
    pos: &Position,
    samples: u32,
    level: u8,
    options: &RolloutOptions,
    cap: u32,
    seed: u64,
    parallel: bool,
    among: Option<&[bool]>,
) -> Option<Decision> {
    let choices = placements(pos);
    if choices.len() <= 1 {
        return (!choices.is_empty()).then(|| Decision {
            choices,
            best: 0,
            wins: vec![0.0],
            means: vec![0.0],
            tried: vec![0],
            live: vec![true],
            level,
            asked: 0,
            #[cfg(test)]
            twins: 0,
            #[cfg(test)]
            meetings: 0,
        });
    }
    let mut rest: Vec<u8> = Vec::with_capacity(pos.unseen_total());
    for rank in 1..=pos.rules().ranks() {
        for _ in 0..pos.unseen(rank) {
            rest.push(rank);
        }
    }
    let n = choices.len();
    let mut wins = vec![0u32; n];
    // value[i][s]: sample s of placement i (`sample_value`).
    let mut value: Vec<Vec<f64>> = vec![Vec::new(); n];
    // The placements weighed; `live` starts as them (one vector, as without `among`: the
    // levels below decide here many times a game).
    debug_assert!(among.map_or(true, |a| a.len() == n));
    let allowed = |i: usize| among.map_or(true, |a| a[i]);
    let mut live: Vec<bool> = (0..n).map(allowed).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // With no card left to sample, one order is exact.
    let samples = if rest.is_empty() { 1 } else { samples.max(1) };
    let cap = if rest.is_empty() { 1 } else { cap.max(samples) };
    let batch = (samples / 8).max(8);
    // Past its samples, a placement no worse than the leader's by more than this leaves
    // the race (never before: a decision not extended is decided as it always was).
    let tolerance = EXTEND_TOLERANCE * sample_value(WON, cap);
    let mut scorer = BaseScorer::new(options.base);
    // Twins (see `after_next_card`) score alike on every order: at level 1 only the first of
    // each set is played, and the others take its scores and standing at the end, where the
    // choice is made among all as before.
    let mut twin_of: Vec<Option<usize>> = vec![None; n];
    if level == 1 && saving_on(Saving::Twins) {
        let next: Vec<Vec<Position>> = choices
            .iter()
            .map(|(_, child)| after_next_card(child, &mut scorer))
            .collect();
        for j in (1..n).filter(|&j| allowed(j)) {
            let twin = |i: &usize| allowed(*i) && twin_of[*i].is_none() && next[*i] == next[j];
            if let Some(i) = (0..j).find(twin) {
                twin_of[j] = Some(i);
                live[j] = false;
            }
        }
    }
    // When every placement is a twin of one, they all play the same game: nothing to sample
    // (the choice among them falls to the tie-break below, as it would on any samples).
    let mut first = if live.iter().filter(|&&l| l).count() <= 1 {
        cap
    } else {
        0
    };
    let meet = saving_on(Saving::Meetings);
    // The sequential games' memory (each thread of a parallel batch keeps its own).
    let mut paths = Paths::default();
    if meet && !parallel {
        paths.seen.reserve(n * rest.len());
    }
    while first < cap {
        // Batches stop at `samples` first, where an unextended decision ends.
        let stop = if first < samples { samples } else { cap };
        let end = stop.min(first + batch);
        // The live placements on one order are played one after another (`paths` cleared
        // first), each game stopping where it meets one played before on that order.
        let play = |scorer: &mut BaseScorer,
                    paths: &mut Paths,
                    order: &[u8],
                    inner_seed: u64,
                    i: usize| {
            // The same inner generator for every placement (common random numbers).
            let mut inner = ChaCha8Rng::seed_from_u64(inner_seed);
            let paths = meet.then_some(paths);
            simulate(
                choices[i].1,
                order,
                level - 1,
                options,
                &mut inner,
                scorer,
                paths,
            )
        };
        let mut record = |i: usize, out: Outcome| {
            wins[i] += u32::from(out.won);
            value[i].push(sample_value(out, cap));
        };
        let playing: Vec<usize> = (0..n).filter(|&i| live[i]).collect();
        if parallel {
            // The batch's orders, drawn one after another as the samples come, then its
            // games on the pool, recorded in the order a single thread plays them.
            let draws: Vec<(Vec<u8>, u64)> = (first..end)
                .map(|_| {
                    rest.shuffle(&mut rng);
                    (rest.clone(), rng.gen())
                })
                .collect();
            let outcomes: Vec<Vec<Outcome>> = draws
                .par_iter()
                .map_init(
                    || (BaseScorer::new(options.base), Paths::default()),
                    |(scorer, paths), (order, inner_seed)| {
                        paths.clear();
                        let games = playing.iter();
                        games
                            .map(|&i| play(scorer, paths, order, *inner_seed, i))
                            .collect()
                    },
                )
                .collect();
            for games in outcomes {
                for (&i, out) in playing.iter().zip(games) {
                    record(i, out);
                }
            }
        } else {
            // The levels below: no copies of the orders on their hot path.
            for _ in first..end {
                rest.shuffle(&mut rng);
                let inner_seed: u64 = rng.gen();
                paths.clear();
                for &i in &playing {
                    record(i, play(&mut scorer, &mut paths, &rest, inner_seed, i));
                }
            }
        }
        first = end;
        if end < cap {
            let total = |i: usize| value[i].iter().sum::<f64>();
            let Some(leader) = (0..n)
                .filter(|&i| live[i])
                .max_by(|&a, &b| total(a).total_cmp(&total(b)))
            else {
                break;
            };
            // The samples every live placement has been tried on (the first placement's
            // count, used before, stops growing once it is dropped).
            let m = value[leader].len() as f64;
            for i in 0..n {
                if !live[i] || i == leader {
                    continue;
                }
                let d: Vec<f64> = value[leader]
                    .iter()
                    .zip(&value[i])
                    .map(|(a, b)| a - b)
                    .collect();
                let mean = d.iter().sum::<f64>() / m;
                let var =
                    d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (m - 1.0).max(1.0);
                let slack = if end >= samples { tolerance } else { 0.0 };
                if mean > PRUNE_Z * (var / m).sqrt() - slack + 1e-9 {
                    live[i] = false;
                }
            }
            if live.iter().filter(|&&l| l).count() <= 1 {
                break;
            }
        }
    }
    // A twin takes the scores and the standing of the first of its set.
    for i in 0..n {
        if let Some(kept) = twin_of[i] {
            value[i] = value[kept].clone();
            wins[i] = wins[kept];
            live[i] = live[kept];
        }
    }
    let total = |i: usize| {
        if live[i] {
            value[i].iter().sum::<f64>()
        } else {
            f64::NEG_INFINITY
        }
    };
    let best = (0..n)
        .max_by(|&a, &b| {
            total(a)
                .total_cmp(&total(b))
                .then(evaluate(&choices[a].1).cmp(&evaluate(&choices[b].1)))
                .then(b.cmp(&a))
        })
        .unwrap_or(0);
    let wins = wins.iter().map(|&w| f64::from(w)).collect();
    let means = value
        .iter()
        .map(|v| v.iter().sum::<f64>() / v.len().max(1) as f64)
        .collect();
    Some(Decision {
        choices,
        best,
        wins,
        tried: value.iter().map(Vec::len).collect(),
        live,
        level,
        asked: samples,
        #[cfg(test)]
        twins: twin_of.iter().flatten().count(),
        #[cfg(test)]
        meetings: paths.met,
        means,
    })
}

/// Rows for fitting the base policy's evaluation ([`BasePolicy`]): plays `deal` (numbered
/// `number`) with the rollout player of `options` at one level (top decisions sampled, the
/// endgame by its search), and for each decision among two or more placements writes one
/// line per placement: `number decision cards-face-down chosen mean features…`, where
/// `chosen` is 1 for the placement played, `mean` its mean sample value (a win is worth
/// `52 × samples + 1`, a loss its cards home) and the features those of
/// [`position_features`](crate::position_features) of the position reached (after a move
/// to a foundation, with the waste tops that then fit gone home, as the base policy
/// evaluates it). Decision `k` is seeded `number + 7919 k`. Returns whether the game was
/// won. `scripts/fit_base_policy.py` fits weights to these rows.
#[doc(hidden)]
pub fn fit_rows(
    deal: &crate::deal::Deal,
    number: u64,
    options: &RolloutOptions,
    out: &mut String,
) -> bool {
    use std::fmt::Write as _;
    let mut pos = Position::start(deal.rules());
    let mut next = 0;
    let mut decision = 0u64;
    while !pos.is_won() {
        if pos.turned().is_none() {
            if pos.unseen_total() == 0 {
                match endgame_move(&pos) {
                    Some(mv) => pos.play_unchecked(mv),
                    None => break,
                }
                continue;
            }
            pos.turn_unchecked(deal.stock()[next]);
            next += 1;
        }
        let seed = number.wrapping_add(decision.wrapping_mul(7919));
        let Some(d) = decide(
            &pos,
            options.samples,
            1,
            options,
            options.samples,
            seed,
            true,
            None,
        ) else {
            break;
        };
        if d.choices.len() > 1 {
            for (i, (line, child)) in d.choices.iter().enumerate() {
                let mut reached = *child;
                if matches!(line.last(), Some(Move::StockToFoundation(_))) {
                    go_home(&mut reached, &mut |_| {});
                }
                let unseen = pos.unseen_total();
                let chosen = u8::from(i == d.best);
                let _ = write!(out, "{number} {decision} {unseen} {chosen} {}", d.means[i]);
                for x in crate::fitted::position_features(&reached) {
                    let _ = write!(out, " {x}");
                }
                out.push('\n');
            }
        }
        decision += 1;
        for &mv in &d.choices[d.best].0 {
            pos.play_unchecked(mv);
        }
    }
    pos.is_won()
}

/// A simulated game's value in a decision over `samples` samples: a win is worth more than
/// the cards home of every sample together (`52 × samples + 1`), so the placements' totals
/// compare their wins first and the cards home only between equal wins.
///
/// Before, a sample scored 52 for a win plus its cards home, which this module's
/// documentation described as "wins first" although the cards home of many lost samples
/// could outweigh a win more. The two scores play about equally well (release, one thread,
/// deal by deal, deals won by this score alone against the former alone): 143 against 142
/// at 100 samples on 4-pile deals 0–999 (654 and 653 won); 60 against 43 at 400 samples on
/// deals 5000–5479 (p = 0.11); 17 against 16 at 1,600 samples with the last 5 cards exact on
/// the 250 deals of `docs/runs/calculation/rollout-1600-exact5-wins`. With 3 piles, 19
/// against 11 at 400 samples on deals 5000–5159 (42 and 34 won, p = 0.20) and 9 against 7
/// at 1,600 with the last 5 exact on 63 deals. Ahead by a little everywhere, significantly
/// nowhere.
fn sample_value(out: Outcome, samples: u32) -> f64 {
    let win = 52.0 * f64::from(samples) + 1.0;
    win * f64::from(u8::from(out.won)) + f64::from(out.home)
}

/// The endgame move once the stock is used up: a single waste move after which the
/// full-information search finds a win, else the base policy's first move.
fn endgame_move(pos: &Position) -> Option<Move> {
    let mut moves = Vec::new();
    Lean::new(*pos).lean_moves(&mut moves);
    if moves.len() > 1 {
        let mut search = Determinized::new(&[], ENDGAME_NODES);
        for &mv in &moves {
            let mut child = *pos;
            child.play_unchecked(mv);
            if search.winnable(child) == Some(true) {
                return Some(mv);
            }
        }
    }
    moves.first().copied()
}

/// The rollout player's placement when it plays exactly ([`RolloutOptions::exact_cards`]):
/// the moves of [`exact_best_line`](crate::exact_best_line) and the win probability, when a
/// card is turned, at most `exact_cards` cards are face down, the player rolls out (`levels`
/// 1 or more) and the search stays within [`RolloutOptions::exact_positions`]; `None`
/// otherwise (the placement is then sampled).
///
/// ```
/// use cgtk_solitaire::{exact_placement, Position, RolloutOptions, Rules};
/// let mut pos = Position::start(Rules::new(5, 2, 2).unwrap());
/// pos.turn(3).unwrap();
/// let exact = RolloutOptions { exact_cards: 8, ..RolloutOptions::new(10) };
/// let (line, p) = exact_placement(&pos, &exact).unwrap();
/// assert!(!line.is_empty() && (0.0..=1.0).contains(&p));
/// assert!(exact_placement(&pos, &RolloutOptions::new(10)).is_none());
/// // A search that must remember more positions than allowed gives way to sampling.
/// let tight = RolloutOptions { exact_positions: 10, ..exact };
/// assert!(exact_placement(&pos, &tight).is_none());
/// ```
pub fn exact_placement(pos: &Position, options: &RolloutOptions) -> Option<(Vec<Move>, f64)> {
    exact_placement_in(pos, options, &mut ExactMemory::default())
}

/// [`exact_placement`] with the positions valued for the game's earlier placements
/// remembered in `memory` ([`exact_best_line_in`](crate::exact_best_line_in)): the same
/// placement, usually sooner.
///
/// ```
/// use cgtk_solitaire::{exact_placement, exact_placement_in, ExactMemory, Position, RolloutOptions, Rules};
/// let mut pos = Position::start(Rules::new(5, 2, 2).unwrap());
/// pos.turn(3).unwrap();
/// let exact = RolloutOptions { exact_cards: 8, ..RolloutOptions::new(10) };
/// let mut memory = ExactMemory::default();
/// assert_eq!(exact_placement_in(&pos, &exact, &mut memory), exact_placement(&pos, &exact));
/// assert!(!memory.is_empty());
/// ```
pub fn exact_placement_in(
    pos: &Position,
    options: &RolloutOptions,
    memory: &mut ExactMemory,
) -> Option<(Vec<Move>, f64)> {
    if options.levels == 0 || pos.unseen_total() > usize::from(options.exact_cards) {
        return None;
    }
    crate::exact::exact_best_line_in(pos, options.exact_positions, memory)
        .ok()
        .flatten()
}

/// The rollout player's next moves, up to and including the placement of the turned card
/// (see the module documentation), and the wins of each placement compared over the
/// samples it was tried on (empty for the base policy, for a placement played exactly
/// ([`exact_placement`]) and once the stock is used up); `None` when the game is over or a
/// card must be turned. Once the stock is used up it returns one waste move at a time.
///
/// ```
/// use cgtk_solitaire::{rollout_moves, Move, Position, RolloutOptions, Rules};
/// let mut pos = Position::start(Rules::STANDARD);
/// pos.turn(7).unwrap();
/// pos.play(Move::StockToWaste(0)).unwrap();
/// pos.turn(9).unwrap();
/// // The 9 onto the 7 or onto an empty pile: two placements, each tried on 20 orders.
/// let (moves, wins) = rollout_moves(&pos, &RolloutOptions::new(20), 1).unwrap();
/// assert_eq!(moves.len(), 1);
/// assert_eq!(wins.len(), 2);
/// assert!(wins.iter().all(|&w| (0.0..=20.0).contains(&w)));
/// ```
pub fn rollout_moves(
    pos: &Position,
    options: &RolloutOptions,
    seed: u64,
) -> Option<(Vec<Move>, Vec<f64>)> {
    rollout_moves_in(pos, options, seed, &mut ExactMemory::default())
}

/// [`rollout_moves`] with the exact search's positions of the game's earlier placements
/// remembered in `memory` ([`exact_placement_in`]): the same moves, usually sooner, when
/// the placements of one game are asked for one after another with one memory (as
/// [`play_out`](crate::play_out) does, through [`rollout_choice_in`]).
///
/// ```
/// use cgtk_solitaire::{rollout_moves, rollout_moves_in, ExactMemory, Position, RolloutOptions, Rules};
/// let mut pos = Position::start(Rules::new(5, 2, 2).unwrap());
/// pos.turn(3).unwrap();
/// let exact = RolloutOptions { exact_cards: 8, ..RolloutOptions::new(10) };
/// let mut memory = ExactMemory::default();
/// assert_eq!(rollout_moves_in(&pos, &exact, 1, &mut memory), rollout_moves(&pos, &exact, 1));
/// ```
pub fn rollout_moves_in(
    pos: &Position,
    options: &RolloutOptions,
    seed: u64,
    memory: &mut ExactMemory,
) -> Option<(Vec<Move>, Vec<f64>)> {
    top_decision(pos, options, seed, memory).map(|top| match top {
        Top::Sampled(decision) => decision.played(),
        Top::Line(line) | Top::Exact(line, _) => (line, Vec::new()),
    })
}

/// [`rollout_moves`] with the count of samples behind the placement, with a fresh memory
/// ([`rollout_choice_in`] keeps one through a game, as hints and `play_out` do).
///
/// ```
/// use cgtk_solitaire::{rollout_choice, Move, Position, RolloutOptions, Rules};
/// let mut pos = Position::start(Rules::STANDARD);
/// pos.turn(7).unwrap();
/// pos.play(Move::StockToWaste(0)).unwrap();
/// pos.turn(9).unwrap();
/// let choice = rollout_choice(&pos, &RolloutOptions::new(20), 1).unwrap();
/// assert_eq!(choice.placements, 2);
/// assert!(choice.samples <= 20 && choice.wins <= choice.samples as f64);
/// ```
pub fn rollout_choice(
    pos: &Position,
    options: &RolloutOptions,
    seed: u64,
) -> Option<RolloutChoice> {
    rollout_choice_in(pos, options, seed, &mut ExactMemory::default())
}

/// [`rollout_choice`] with the exact search's positions of the game's earlier placements
/// remembered in `memory`, as [`rollout_moves_in`]: the moves it plays, and what they rest
/// on.
///
/// ```
/// use cgtk_solitaire::{rollout_choice_in, rollout_moves, ExactMemory, Position, RolloutOptions, Rules};
/// let mut pos = Position::start(Rules::new(5, 2, 2).unwrap());
/// pos.turn(3).unwrap();
/// let exact = RolloutOptions { exact_cards: 8, ..RolloutOptions::new(10) };
/// let choice = rollout_choice_in(&pos, &exact, 1, &mut ExactMemory::default()).unwrap();
/// assert_eq!(choice.moves, rollout_moves(&pos, &exact, 1).unwrap().0);
/// assert!(choice.exact.is_some_and(|p| (0.0..=1.0).contains(&p)));
/// ```
pub fn rollout_choice_in(
    pos: &Position,
    options: &RolloutOptions,
    seed: u64,
    memory: &mut ExactMemory,
) -> Option<RolloutChoice> {
    top_decision(pos, options, seed, memory).map(|top| {
        let (moves, exact) = match top {
            Top::Sampled(decision) => return decision.choice(),
            Top::Line(moves) => (moves, None),
            Top::Exact(moves, p) => (moves, Some(p)),
        };
        RolloutChoice {
            moves,
            wins: 0.0,
            samples: 0,
            placements: 1,
            level: 0,
            asked: 0,
            exact,
        }
    })
}

/// What the rollout player does at the top of a game's position ([`top_decision`]).
enum Top {
    /// A decision over sampled orders.
    Sampled(Decision),
    /// A line played without sampling: the base policy's or the endgame's.
    Line(Vec<Move>),
    /// The exact search's line and its chance of winning.
    Exact(Vec<Move>, f64),
}

/// The rollout player's top-level decision at `pos`; `None` when the game is over or a card
/// must be turned.
fn top_decision(
    pos: &Position,
    options: &RolloutOptions,
    seed: u64,
    memory: &mut ExactMemory,
) -> Option<Top> {
    if pos.is_chance() || pos.is_over() {
        return None;
    }
    if options.levels == 0 {
        return base_moves(pos, options.base).map(Top::Line);
    }
    if pos.turned().is_none() {
        return endgame_move(pos).map(|mv| Top::Line(vec![mv]));
    }
    if let Some((line, p)) = exact_placement_in(pos, options, memory) {
        return Some(Top::Exact(line, p));
    }
    let (samples, levels) = options.top_decision(pos);
    let cap = options.samples_cap(samples);
    let decision = decide(pos, samples, levels, options, cap, seed, true, None)?;
    if options.escalates(pos) && decision.live.iter().filter(|&&l| l).count() > 1 {
        let (samples, levels) = (options.nested_samples, levels.saturating_add(1));
        let cap = options.samples_cap(samples);
        let among = Some(decision.live.as_slice());
        return decide(pos, samples, levels, options, cap, seed, true, among).map(Top::Sampled);
    }
    Some(Top::Sampled(decision))
}

#[cfg(test)]
mod tests;
