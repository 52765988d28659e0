//! `cgtk play calculation`: the Calculation patience in the terminal. The player sees the
//! foundations, the waste piles, the turned card and the ranks left in the stock; the
//! engine behind `hint` (and behind the moves of `--you none`) is one of the library's
//! players.

use super::games::Setup;
use super::playable::Playable;
use cgtk_core::{Outcome, Player};
use cgtk_solitaire::{
    exact_placement, hindsight_moves, mcts_move, pimc_move, rollout_choice, rule_based_move,
    BasePolicy, Calculation, Deal, HindsightOptions, MctsOptions, Move, PimcOptions,
    RolloutOptions, Rules, EXACT_POSITIONS,
};

/// The engine behind hints and engine moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    /// The rules of thumb.
    RuleBased,
    /// The seed-style Monte Carlo search (random playouts, 0/1 reward).
    Mcts,
    /// Monte Carlo search with our settings (`MctsOptions::best`).
    Best,
    /// Sampled stock orders solved with every card known.
    Pimc,
    /// Each placement of the turned card judged by the solver on sampled stock orders.
    Hindsight,
    /// Each placement of the turned card played out by a greedy base policy on sampled
    /// stock orders.
    Rollout,
}

impl Engine {
    fn name(self) -> &'static str {
        match self {
            Engine::RuleBased => "rule-based",
            Engine::Mcts => "mcts",
            Engine::Best => "best",
            Engine::Pimc => "pimc",
            Engine::Hindsight => "hindsight",
            Engine::Rollout => "rollout",
        }
    }
}

/// The rules variant: which deal, how many waste piles, which engine (and, for the rollout
/// engine, its base policy's evaluation, from how many cards face down it rolls out a
/// deeper player, from how many it plays exactly and how many positions that search may
/// remember).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Variant {
    deal: u64,
    piles: u8,
    engine: Engine,
    base: BasePolicy,
    nested: u8,
    exact: u8,
    exact_positions: usize,
}

/// Orders sampled by each decision of the deeper player of `nested=C` (which is itself
/// tried on `RolloutOptions::nested_samples`, 100, orders per placement): the settings of
/// the strongest measured run (`--nested-samples 100 --inner-samples 16`).
const NESTED_INNER_SAMPLES: u32 = 16;

const VARIANT_HELP: &str =
    "write the variant as words: a deal number (or deal=N), piles=3 or piles=4, player=rule-based|mcts|best|pimc|hindsight|rollout, base=order|fitted (rollout: the evaluation its base policy places cards by), nested=C (rollout: roll out a deeper player from C cards face down, 0 to 48), exact=K (rollout: play exactly from K cards face down, 0 to 48), exact-positions=N (the positions that search may remember, 1 to 1000000000, default 2000000)";

/// The value of a word counting cards face down (`nested=C`, `exact=K`), 0 to 48; `does`
/// says what the rollout player does from there.
fn cards_face_down(key: &str, value: &str, does: &str) -> Result<u8, String> {
    value.parse().ok().filter(|&c| c <= 48).ok_or_else(|| {
        format!("{key}={value}: write the number of cards face down from which the rollout player {does}, 0 to 48")
    })
}

impl Variant {
    fn parse(text: &str) -> Result<Variant, String> {
        let mut v = Variant {
            deal: 1,
            piles: 4,
            engine: Engine::Best,
            base: BasePolicy::Order,
            nested: 0,
            exact: 0,
            exact_positions: EXACT_POSITIONS,
        };
        let mut positions_given = false;
        // `deal=2,deal=3` played deal 3 and `deal=1,,piles=3` skipped the empty setting,
        // silently, while every other game refuses both.
        let settings: Vec<&str> = text.split(',').collect();
        if !text.trim().is_empty() && settings.iter().any(|s| s.trim().is_empty()) {
            return Err(format!(
                "calculation variant {text:?} has an empty setting between commas; {VARIANT_HELP}"
            ));
        }
        let mut given: Vec<&str> = Vec::new();
        for word in settings.iter().flat_map(|s| s.split_whitespace()) {
            let (key, value) = word.split_once('=').unwrap_or(("deal", word));
            if given.contains(&key) {
                return Err(format!(
                    "calculation variant {text:?} sets {key} more than once; {VARIANT_HELP}"
                ));
            }
            given.push(key);
            match key {
                "deal" => {
                    v.deal = value.parse().map_err(|_| {
                        // `deal=18446744073709551616` was called "not a number".
                        if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
                            format!("deal {value} is past the last deal, {}", u64::MAX)
                        } else {
                            format!("deal {value:?} is not a number; {VARIANT_HELP}")
                        }
                    })?
                }
                "piles" => {
                    v.piles = match value {
                        "3" => 3,
                        "4" => 4,
                        _ => {
                            return Err(format!(
                                "piles={value}: Calculation has 3 or 4 waste piles"
                            ))
                        }
                    }
                }
                "player" => {
                    v.engine = match value {
                        "rule-based" => Engine::RuleBased,
                        "mcts" => Engine::Mcts,
                        "best" => Engine::Best,
                        "pimc" => Engine::Pimc,
                        "hindsight" => Engine::Hindsight,
                        "rollout" => Engine::Rollout,
                        _ => {
                            return Err(format!(
                                "player={value}: the players are rule-based, mcts, best, pimc, hindsight and rollout"
                            ))
                        }
                    }
                }
                "base" => {
                    v.base = BasePolicy::from_name(value).ok_or_else(|| {
                        format!("base={value}: the rollout player's base policy places cards by the order evaluation (base=order, the default) or the fitted one (base=fitted)")
                    })?
                }
                "nested" => {
                    v.nested = cards_face_down(key, value, "rolls out a deeper player")?
                }
                "exact" => v.exact = cards_face_down(key, value, "plays exactly")?,
                "exact-positions" => {
                    v.exact_positions = value
                        .parse()
                        .ok()
                        .filter(|n| (1..=1_000_000_000).contains(n))
                        .ok_or_else(|| {
                            format!("exact-positions={value}: write the number of positions the exact search may remember, 1 to 1000000000")
                        })?;
                    positions_given = true;
                }
                _ => return Err(format!("unknown setting {word:?}; {VARIANT_HELP}")),
            }
        }
        for (word, set) in [
            (format!("nested={}", v.nested), v.nested > 0),
            (format!("exact={}", v.exact), v.exact > 0),
            (
                format!("base={}", v.base.name()),
                v.base != BasePolicy::Order,
            ),
        ] {
            if set && v.engine != Engine::Rollout {
                return Err(format!(
                    "{word} applies to player=rollout only (the player here is {})",
                    v.engine.name()
                ));
            }
        }
        if positions_given && v.exact == 0 {
            return Err(format!(
                "exact-positions={} limits the exact search: give exact=K too",
                v.exact_positions
            ));
        }
        Ok(v)
    }

    fn text(&self) -> String {
        let mut rollout = String::new();
        if self.base != BasePolicy::Order {
            rollout += &format!(",base={}", self.base.name());
        }
        if self.nested > 0 {
            rollout += &format!(",nested={}", self.nested);
        }
        if self.exact > 0 {
            rollout += &format!(",exact={}", self.exact);
        }
        if self.exact_positions != EXACT_POSITIONS {
            rollout += &format!(",exact-positions={}", self.exact_positions);
        }
        format!(
            "deal={},piles={},player={}{rollout}",
            self.deal,
            self.piles,
            self.engine.name()
        )
    }
}

/// A game of Calculation in play, with a bounded undo/redo history (a move is taken back by
/// replaying the deal without it).
struct CalculationPlay {
    variant: Variant,
    variant_text: String,
    game: Calculation,
    /// Moves taken back, the last taken back at the end.
    redo: Vec<Move>,
    /// How many of the last moves may be taken back.
    undoable: usize,
    history: usize,
    /// `--mcts N`: playouts per move for the Monte Carlo engines.
    playouts: Option<u32>,
}

/// Builds `cgtk play calculation [deal=N] [piles=3|4] [player=…]`.
pub fn build_calculation(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    let variant = Variant::parse(&setup.variant)?;
    let rules = Rules::standard(variant.piles).map_err(|e| e.to_string())?;
    Ok(Box::new(CalculationPlay {
        variant,
        variant_text: variant.text(),
        game: Calculation::new(Deal::from_seed(rules, variant.deal)),
        redo: Vec::new(),
        undoable: 0,
        history: setup.history.max(1),
        playouts: setup.mcts,
    }))
}

impl CalculationPlay {
    fn replay_without_last(&mut self) -> Option<Move> {
        let mut moves = self.game.moves().to_vec();
        let last = moves.pop()?;
        // The shorter line replays: it is a prefix of a line that was played.
        let game = Calculation::replay(self.game.deal().clone(), &moves).ok()?;
        self.game = game;
        Some(last)
    }
}

impl Playable for CalculationPlay {
    fn game_id(&self) -> &str {
        "calculation"
    }
    fn variant(&self) -> &str {
        &self.variant_text
    }
    fn notation_help(&self) -> &str {
        "FROM-TO: s (the turned card) to f1..f4 (the foundation building by 1..4) or to w1..w4 (a waste pile), or a waste top w1..w4 to f1..f4; e.g. s-f1, s-w2, w3-f4"
    }
    fn is_puzzle(&self) -> bool {
        true
    }
    fn puzzle_verb(&self) -> &'static str {
        "play"
    }
    fn over_text(&self) -> String {
        "the deal is over".to_string()
    }
    fn render(&self) -> String {
        format!(
            "deal {} ({} waste piles)\n{}",
            self.variant.deal,
            self.variant.piles,
            self.game.position().render().trim_end()
        )
    }
    fn to_move(&self) -> Player {
        Player::First
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.game.is_won() {
            Some(Outcome::Win(Player::First))
        } else if self.game.is_over() {
            Some(Outcome::Win(Player::Second))
        } else {
            None
        }
    }
    fn end_reason(&self) -> Option<String> {
        // The end is worded whole by end_text (won, or no move left).
        None
    }
    fn end_text(&self) -> Option<String> {
        let cards = self.game.position().cards_on_foundations();
        let total = self.game.deal().rules().deck_len();
        Some(if self.game.is_won() {
            format!(
                "won: all {total} cards on the foundations in {} moves",
                self.game.moves().len()
            )
        } else {
            format!("lost: no move left, {cards} of {total} cards on the foundations")
        })
    }
    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.game.position().moves(&mut moves);
        moves.iter().map(Move::to_string).collect()
    }
    fn play(&mut self, text: &str) -> Result<String, String> {
        let mv: Move = text
            .parse()
            .map_err(|e: cgtk_solitaire::ParseMoveError| e.to_string())?;
        self.game.play(mv).map_err(|e| e.to_string())?;
        self.redo.clear();
        self.undoable = (self.undoable + 1).min(self.history);
        Ok(mv.to_string())
    }
    fn undo(&mut self) -> Option<String> {
        if self.undoable == 0 {
            return None;
        }
        let mv = self.replay_without_last()?;
        self.undoable -= 1;
        self.redo.push(mv);
        Some(mv.to_string())
    }
    fn redo(&mut self) -> Option<String> {
        let mv = self.redo.pop()?;
        if self.game.play(mv).is_err() {
            self.redo.clear();
            return None;
        }
        self.undoable = (self.undoable + 1).min(self.history);
        Some(mv.to_string())
    }
    fn undo_depth(&self) -> usize {
        self.undoable
    }
    fn redo_depth(&self) -> usize {
        self.redo.len()
    }
    fn history_limit(&self) -> usize {
        self.history
    }
    fn record(&self) -> Vec<String> {
        self.game.moves().iter().map(Move::to_string).collect()
    }
    fn best_move(&mut self, seed: u64) -> Result<Option<(String, String)>, String> {
        let pos = *self.game.position();
        if pos.is_over() {
            return Ok(None);
        }
        let chosen = match self.variant.engine {
            Engine::RuleBased => rule_based_move(&pos).map(|mv| (mv, "rule-based".to_string())),
            Engine::Mcts | Engine::Best => {
                let playouts = self.playouts.unwrap_or(10_000);
                let options = if self.variant.engine == Engine::Mcts {
                    MctsOptions::baseline(playouts)
                } else {
                    MctsOptions::best(playouts)
                };
                mcts_move(&pos, &options, seed).map(|mv| {
                    (
                        mv,
                        format!("{}, {playouts} playouts", self.variant.engine.name()),
                    )
                })
            }
            Engine::Pimc => {
                let options = PimcOptions::new(self.playouts.unwrap_or(20));
                pimc_move(&pos, &options, seed).map(|(mv, wins)| {
                    let best = wins.iter().copied().fold(0.0, f64::max);
                    let note = if wins.len() == 1 {
                        "the only sensible move".to_string()
                    } else {
                        format!(
                            "scores {best:.1} of {} sampled stock orders",
                            options.samples
                        )
                    };
                    (mv, note)
                })
            }
            Engine::Hindsight => {
                let options = HindsightOptions::new(self.playouts.unwrap_or(16));
                hindsight_moves(&pos, &options, seed).and_then(|(moves, scores)| {
                    let best = scores.iter().copied().fold(0.0, f64::max);
                    let note = if scores.len() == 1 {
                        "the only sensible placement".to_string()
                    } else {
                        format!(
                            "scores {best:.0} over {} sampled stock orders (2 a robust win)",
                            options.samples
                        )
                    };
                    moves.first().map(|&mv| (mv, note))
                })
            }
            Engine::Rollout => {
                let options = RolloutOptions {
                    base: self.variant.base,
                    nested_cards: self.variant.nested,
                    inner_samples: NESTED_INNER_SAMPLES,
                    exact_cards: self.variant.exact,
                    exact_positions: self.variant.exact_positions,
                    ..RolloutOptions::new(self.playouts.unwrap_or(200))
                };
                if let Some((moves, p)) = exact_placement(&pos, &options) {
                    let note = format!(
                        "exact over every order of the {} cards face down: wins with probability {p:.3}",
                        pos.unseen_total()
                    );
                    return Ok(moves.first().map(|mv| (mv.to_string(), note)));
                }
                // Past the exact search's limit the placement is sampled, as the player does
                // (without searching a second time).
                let options = RolloutOptions {
                    exact_cards: 0,
                    ..options
                };
                let (samples, levels) = options.top_decision(&pos);
                let by = if levels > options.levels {
                    "by a deeper rollout player"
                } else if options.base == BasePolicy::Fitted {
                    "greedily by the fitted evaluation"
                } else {
                    "greedily"
                };
                rollout_choice(&pos, &options, seed).and_then(|choice| {
                    let note = if choice.placements <= 1 {
                        "the only sensible placement".to_string()
                    } else if choice.samples == 0 {
                        "every placement plays the same game from the next card on".to_string()
                    } else {
                        // The race may end before the samples asked for: the count is the
                        // orders this placement was played on.
                        let (wins, played) = (choice.wins, choice.samples);
                        let early = if played < samples as usize {
                            format!("; the other placements fell behind before {samples}")
                        } else {
                            String::new()
                        };
                        format!(
                            "wins {wins:.0} of {played} sampled stock orders played out {by}{early}"
                        )
                    };
                    choice.moves.first().map(|&mv| (mv, note))
                })
            }
        };
        Ok(chosen.map(|(mv, note)| (mv.to_string(), note)))
    }
}
