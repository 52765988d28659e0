//! `cgtk play calculation`: the Calculation patience in the terminal. The player sees the
//! foundations, the waste piles, the turned card and the ranks left in the stock; the
//! engine behind `hint` (and behind the moves of `--you none`) is one of the library's
//! players.

use super::games::Setup;
use super::playable::Playable;
use cgtk_core::{Outcome, Player};
use cgtk_solitaire::{
    BasePolicy, Basis, Calculation, Deal, GamePlayer, Move, PlayerKind, PlayerName, PlayerSettings,
    Position, Rules, SettingStyle,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The player when the variant names none: the rollout player with 1,600 samples a
/// decision, playing exactly from 5 cards face down (`samples` and `exact-cards` unless
/// given, or `--mcts N` for the samples). On deals 7000–7199 it won 183 (91.5%) at about
/// 2.6 processor seconds a game (a hint in about 0.06 s); `best` at 10,000 playouts, the
/// default before, won 167 of them at about 2 s (12 deals won by it alone, 28 by the
/// rollout player alone: exact sign test p = 0.017).
const DEFAULT_PLAYER: PlayerName = PlayerName::Rollout;
const DEFAULT_SAMPLES: u32 = 1600;
const DEFAULT_EXACT_CARDS: u8 = 5;

const VARIANT_HELP: &str = "write the variant as words: a deal number (or deal=N), piles=3 or piles=4, player=random|rule-based|mcts|best|pimc|hindsight|rollout (with none named, rollout with samples=1600 and exact-cards=5 unless given), and the player's settings as `cgtk calculation play-out` takes them, written key=value (e.g. samples=1600, nested-cards=16, inner-samples=16, exact-cards=7; `cgtk calculation play-out --help` lists them)";

/// The rules variant: which deal, how many waste piles, which player (for hints and the
/// engine's moves) and its settings, the same settings `cgtk calculation play-out` takes
/// as options: the same words make the same player there and here.
#[derive(Clone, Debug, PartialEq)]
struct Variant {
    deal: u64,
    piles: u8,
    /// The player named; `None` for the default ([`DEFAULT_PLAYER`] with
    /// [`DEFAULT_SAMPLES`] and [`DEFAULT_EXACT_CARDS`] unless the settings or `--mcts` say
    /// otherwise).
    player: Option<PlayerName>,
    settings: PlayerSettings,
}

impl Variant {
    /// Reads the variant's words; `mcts` (`--mcts N`) is the player's playouts (mcts,
    /// best) or samples (pimc, hindsight, rollout).
    ///
    /// Two older words stay for saved games: `exact=K` is `exact-cards=K`, and `nested=C` is
    /// `nested-cards=C` with `inner-samples=16` unless given.
    fn parse(text: &str, mcts: Option<u32>) -> Result<(Variant, PlayerKind), String> {
        let mut deal = 1;
        let mut piles = 4;
        let mut player = None;
        let mut settings = PlayerSettings::default();
        let mut nested_alias = false;
        // The older words used, as written, with the settings they stand for: a refusal
        // names them as the saved game wrote them.
        let mut older: Vec<(&str, &str)> = Vec::new();
        // `deal=2,deal=3` played deal 3 and `deal=1,,piles=3` skipped the empty setting,
        // silently, while every other game refuses both.
        let words: Vec<&str> = text.split(',').collect();
        if !text.trim().is_empty() && words.iter().any(|s| s.trim().is_empty()) {
            return Err(format!(
                "calculation variant {text:?} has an empty setting between commas; {VARIANT_HELP}"
            ));
        }
        let mut given: Vec<&str> = Vec::new();
        for word in words.iter().flat_map(|s| s.split_whitespace()) {
            let (written, value) = word.split_once('=').unwrap_or(("deal", word));
            let key = match written {
                "exact" => "exact-cards",
                "nested" => {
                    nested_alias = true;
                    "nested-cards"
                }
                other => other,
            };
            if key != written {
                older.push((word, key));
            }
            if given.contains(&key) {
                return Err(format!(
                    "calculation variant {text:?} sets {key} more than once{}; {VARIANT_HELP}",
                    older_words(&older, key)
                ));
            }
            given.push(key);
            match key {
                "deal" => {
                    deal = value.parse().map_err(|_| {
                        // `deal=18446744073709551616` was called "not a number".
                        if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
                            format!("deal {value} is past the last deal, {}", u64::MAX)
                        } else {
                            format!("deal {value:?} is not a number; {VARIANT_HELP}")
                        }
                    })?
                }
                "piles" => {
                    piles = match value {
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
                    player = Some(PlayerName::from_name(value).ok_or_else(|| {
                        let names: Vec<&str> = PlayerName::ALL.map(PlayerName::name).to_vec();
                        format!("player={value}: the players are {}", names.join(", "))
                    })?)
                }
                _ if cgtk_solitaire::SETTINGS.iter().any(|(k, _)| *k == key) => settings
                    .set(key, value)
                    .map_err(|e| format!("{e}{}", older_words(&older, key)))?,
                _ => return Err(format!("unknown setting {word:?}; {VARIANT_HELP}")),
            }
        }
        let named = player;
        let player = named.unwrap_or(DEFAULT_PLAYER);
        // Refusals name the player as the user did: with none named, the default.
        let whose = if named.is_none() {
            ", the player when none is named"
        } else {
            ""
        };
        // A refusal of a setting an older word was read as says so.
        let noted = |e: cgtk_solitaire::SettingsError, whose: &str| {
            let notes: String = e
                .keys()
                .iter()
                .map(|key| older_words(&older, key))
                .collect();
            format!("{e}{whose}{notes}")
        };
        // The settings as given, before anything is filled in for them (`samples=5` alone
        // was refused "not to player=best", words not written; `nested=8 player=best` for
        // the inner samples the older word stands for).
        settings
            .refuse_unused(Some(player), "", SettingStyle::Words)
            .map_err(|e| noted(e, whose))?;
        if nested_alias && settings.nested_cards.is_some_and(|c| c > 0) {
            settings.inner_samples.get_or_insert(16);
        }
        // `--mcts` and the default player's settings go into the player built, not into
        // the variant's words: a saved game loads with another `--mcts`.
        let mut used = settings.clone();
        if let Some(n) = mcts {
            let (budget, word) = match player {
                PlayerName::Mcts | PlayerName::Best => (&mut used.playouts, "playouts"),
                PlayerName::Pimc | PlayerName::Hindsight | PlayerName::Rollout => {
                    (&mut used.samples, "samples")
                }
                PlayerName::Random | PlayerName::RuleBased => {
                    return Err(format!(
                        "--mcts N sets the playouts of mcts and best or the samples of pimc, hindsight and rollout; player={} has neither",
                        player.name()
                    ))
                }
            };
            // The samples would be refused under a name the user did not write.
            if player == PlayerName::Rollout && settings.levels == Some(0) {
                return Err(format!(
                    "--mcts {n} sets the samples of player=rollout{whose}, which levels=0 does not take (the base policy alone does not sample)"
                ));
            }
            match *budget {
                Some(set) if set != n => {
                    return Err(format!(
                        "--mcts {n} and {word}={set} both set the {word}: give one"
                    ))
                }
                _ => *budget = Some(n),
            }
        }
        // (At levels=0 the base policy alone neither samples nor plays exactly.)
        if named.is_none() && settings.levels != Some(0) {
            used.samples.get_or_insert(DEFAULT_SAMPLES);
            used.exact_cards.get_or_insert(DEFAULT_EXACT_CARDS);
        }
        let kind = used
            .player(player, SettingStyle::Words)
            .map_err(|e| noted(e, ""))?;
        Ok((
            Variant {
                deal,
                piles,
                player: named,
                settings,
            },
            kind,
        ))
    }

    /// The variant as words that read back to it: the deal, the piles, the player if named
    /// and every setting given.
    fn text(&self) -> String {
        let mut text = format!("deal={},piles={}", self.deal, self.piles);
        if let Some(player) = self.player {
            text += &format!(",player={}", player.name());
        }
        for (key, value) in self.settings.words() {
            text += &format!(",{key}={value}");
        }
        text
    }
}

/// What the older words standing for `key` are read as, for a refusal that names `key`:
/// ` (the older word exact=5 is read as exact-cards=5)`, or nothing.
fn older_words(older: &[(&str, &str)], key: &str) -> String {
    older
        .iter()
        .filter(|(_, k)| *k == key)
        .filter_map(|(word, k)| {
            let (_, value) = word.split_once('=')?;
            Some(format!(" (the older word {word} is read as {k}={value})"))
        })
        .collect()
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
    /// The player behind hints and the engine's moves, through the game as `play-out`
    /// plays it: the exact search's memory kept from one move to the next (a position's
    /// value does not depend on the moves that led to it, so undo and load keep it), and a
    /// decided line (waste tops home, then the turned card) played on rather than decided
    /// again after its first move.
    player: GamePlayer,
}

/// Builds `cgtk play calculation [deal=N] [piles=3|4] [player=…]`.
pub fn build_calculation(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    let (variant, player) = Variant::parse(&setup.variant, setup.mcts)?;
    let rules = Rules::standard(variant.piles).map_err(|e| e.to_string())?;
    Ok(Box::new(CalculationPlay {
        variant_text: variant.text(),
        game: Calculation::new(Deal::from_seed(rules, variant.deal)),
        variant,
        redo: Vec::new(),
        undoable: 0,
        history: setup.history.max(1),
        player: GamePlayer::new(player),
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
        let before = *self.game.position();
        self.game.play(mv).map_err(|e| e.to_string())?;
        self.player.played(&before, mv, self.game.position());
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
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let name = self.variant.player.unwrap_or(DEFAULT_PLAYER);
        let kind = *self.player.kind();
        let Some(next) = self.player.next_move(&pos, &mut rng) else {
            return Ok(None);
        };
        let note = note(name, &kind, &pos, next.basis);
        let note = if next.continued {
            format!("the rest of the line decided before: {note}")
        } else {
            note
        };
        Ok(Some((next.mv.to_string(), note)))
    }
}

/// What a hint rests on, in a few words.
fn note(name: PlayerName, player: &PlayerKind, pos: &Position, basis: &Basis) -> String {
    match basis {
        Basis::Random => "a random move".to_string(),
        Basis::Rules => "rule-based".to_string(),
        Basis::Search { playouts } => format!("{}, {playouts} playouts", name.name()),
        Basis::Solved { moves: 1, .. } => "the only sensible move".to_string(),
        Basis::Solved { best, samples, .. } => {
            format!("scores {best:.1} of {samples} sampled stock orders")
        }
        Basis::Hindsight { placements: 1, .. } => "the only sensible placement".to_string(),
        Basis::Hindsight { best, samples, .. } => {
            format!("scores {best:.0} over {samples} sampled stock orders (2 a robust win)")
        }
        Basis::Rollout(choice) => {
            if let Some(p) = choice.exact {
                // With at most one card face down every card is known: "every order of
                // the 0 cards" said it the long way.
                if pos.unseen_total() <= 1 && (p == 0.0 || p == 1.0) {
                    let verdict = if p == 1.0 { "wins" } else { "no move wins" };
                    return format!("exact, every card known: {verdict}");
                }
                return format!(
                    "exact over every order of the {} cards face down: wins with probability {p:.3}",
                    pos.unseen_total()
                );
            }
            let PlayerKind::Rollout(options) = player else {
                return String::new();
            };
            // The lines played without sampling were called "the only sensible placement",
            // with several places for the card, or none.
            if choice.samples == 0 && options.levels == 0 {
                let by = if options.base == BasePolicy::Fitted {
                    " by the fitted evaluation"
                } else {
                    ""
                };
                return format!("the greedy base policy's choice{by}, without sampling: levels=0");
            }
            if choice.samples == 0 && pos.turned().is_none() {
                return "the stock is used up: the solver's move with every card known, or the greedy one where it finds no win".to_string();
            }
            if choice.placements <= 1 {
                return "the only sensible placement".to_string();
            }
            if choice.samples == 0 {
                return "every placement plays the same game from the next card on".to_string();
            }
            // The samples are played out by the level below the one that decided: the
            // base policy under level 1.
            let by = if choice.level > options.levels {
                "by a deeper rollout player"
            } else if choice.level > 1 {
                "by a rollout player"
            } else if options.base == BasePolicy::Fitted {
                "greedily by the fitted evaluation"
            } else {
                "greedily"
            };
            // The race may end before the samples asked for: the count is the orders this
            // placement was played on.
            let (wins, played, asked) = (choice.wins, choice.samples, choice.asked);
            let early = if played < asked as usize {
                format!("; the other placements fell behind before {asked}")
            } else {
                String::new()
            };
            format!("wins {wins:.0} of {played} sampled stock orders played out {by}{early}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgtk_solitaire::{RolloutChoice, RolloutOptions};

    /// A variant's text reads back to the same variant and player; the older words read as
    /// the settings they stand for; `nested=C` for another player is refused naming it.
    #[test]
    fn variants_read_back_from_their_text() {
        for (text, mcts, wanted) in [
            ("", None, "deal=1,piles=4"),
            ("", Some(500), "deal=1,piles=4"),
            ("player=best", None, "deal=1,piles=4,player=best"),
            (
                "7 piles=3 player=rollout exact=5",
                Some(40),
                "deal=7,piles=3,player=rollout,exact-cards=5",
            ),
            (
                "player=rollout,nested=8",
                None,
                "deal=1,piles=4,player=rollout,inner-samples=16,nested-cards=8",
            ),
            (
                "player=rollout,nested=8,inner-samples=4",
                None,
                "deal=1,piles=4,player=rollout,inner-samples=4,nested-cards=8",
            ),
            (
                "player=mcts,playout-policy=blend,blend-percent=30,tree=lean",
                Some(9),
                "deal=1,piles=4,player=mcts,playout-policy=blend,blend-percent=30,tree=lean",
            ),
        ] {
            let (variant, player) = Variant::parse(text, mcts).unwrap();
            assert_eq!(variant.text(), wanted, "{text}");
            // `--mcts` is not written: the text with the same `--mcts` is the same player.
            let (again, same) = Variant::parse(&variant.text(), mcts).unwrap();
            assert_eq!((again, same), (variant, player), "{text}");
        }
        let err = Variant::parse("nested=8 player=best", None).unwrap_err();
        assert!(
            err.starts_with("nested-cards applies to player=rollout, not to player=best"),
            "{err}"
        );
        assert!(err.contains("nested=8"), "{err}");
        let err = Variant::parse("levels=0", Some(5)).unwrap_err();
        assert!(
            err.contains("player=rollout, the player when none is named, which levels=0"),
            "{err}"
        );
    }

    /// The player lists written by hand in the help (the variant's and the registry's)
    /// name the library's players, all of them, in its order.
    #[test]
    fn the_help_names_every_player() {
        let names: Vec<&str> = PlayerName::ALL.iter().map(|p| p.name()).collect();
        let listed = format!("player={}", names.join("|"));
        assert!(
            VARIANT_HELP.contains(&format!("{listed} ")),
            "{VARIANT_HELP}"
        );
        let entry = crate::games::GAMES
            .iter()
            .find(|g| g.id == "calculation")
            .unwrap();
        assert!(
            entry
                .variants
                .iter()
                .any(|v| v.text.starts_with(&format!("{listed} "))),
            "{listed}"
        );
    }

    /// With no player named it is the rollout player at 1,600 samples playing exactly
    /// from 5 cards face down, or at `--mcts N` or `samples=N` samples; its other
    /// settings may be given.
    #[test]
    fn the_default_player_is_the_rollout_player() {
        for (text, mcts, samples, exact_cards) in [
            ("", None, 1600, 5),
            ("deal=3", Some(500), 500, 5),
            ("samples=2000", None, 2000, 5),
            ("samples=2000", Some(2000), 2000, 5),
            ("exact-cards=7", None, 1600, 7),
        ] {
            let (variant, player) = Variant::parse(text, mcts).unwrap();
            let wanted = RolloutOptions {
                exact_cards,
                ..RolloutOptions::new(samples)
            };
            assert_eq!(player, PlayerKind::Rollout(wanted), "{text} {mcts:?}");
            // The defaults are not written: the text reads back to the same player.
            assert!(!variant.text().contains("player="), "{}", variant.text());
            assert_eq!(Variant::parse(&variant.text(), mcts).unwrap().1, player);
        }
        assert!(Variant::parse("samples=2000", Some(5)).is_err());
        let (_, base_alone) = Variant::parse("levels=0", None).unwrap();
        let wanted = RolloutOptions {
            levels: 0,
            ..RolloutOptions::new(200)
        };
        assert_eq!(base_alone, PlayerKind::Rollout(wanted));
        let err = Variant::parse("playouts=5", None).unwrap_err();
        assert!(
            err.contains("not to player=rollout, the player when none is named"),
            "{err}"
        );
    }

    /// The words make the player `play-out`'s options of the same names make.
    #[test]
    fn words_make_the_options_of_the_same_names() {
        let (_, player) = Variant::parse(
            "player=rollout samples=1600 nested-cards=16 inner-samples=16 exact-cards=7",
            None,
        )
        .unwrap();
        let wanted = RolloutOptions {
            nested_cards: 16,
            inner_samples: 16,
            exact_cards: 7,
            ..RolloutOptions::new(1600)
        };
        assert_eq!(player, PlayerKind::Rollout(wanted));
    }

    /// A hint whose race ended before its samples says so; an exact one gives the chance.
    #[test]
    fn rollout_notes_tell_what_the_placement_rests_on() {
        let mut pos = Position::start(Rules::STANDARD);
        pos.turn(7).unwrap();
        let options = RolloutOptions::new(200);
        let player = PlayerKind::Rollout(options);
        let choice = |samples, exact| RolloutChoice {
            moves: vec![Move::StockToWaste(0)],
            wins: 30.0,
            samples,
            placements: 2,
            level: 1,
            asked: 200,
            exact,
        };
        let note = |c| note(PlayerName::Rollout, &player, &pos, &Basis::Rollout(c));
        assert_eq!(
            note(choice(48, None)),
            "wins 30 of 48 sampled stock orders played out greedily; the other placements fell behind before 200"
        );
        assert_eq!(
            note(choice(200, None)),
            "wins 30 of 200 sampled stock orders played out greedily"
        );
        // A decision escalated to the deeper player (a level more, its own samples).
        let escalated = RolloutChoice {
            level: 2,
            asked: 7,
            wins: 5.0,
            ..choice(7, None)
        };
        assert_eq!(
            note(escalated),
            "wins 5 of 7 sampled stock orders played out by a deeper rollout player"
        );
        assert_eq!(
            note(choice(0, Some(0.25))),
            "exact over every order of the 47 cards face down: wins with probability 0.250"
        );
    }
}
