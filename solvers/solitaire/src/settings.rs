//! Players by name and their settings as a user writes them. One parser and one set of
//! checks serve every front end: the command line's options (`--exact-cards 7`) and the
//! words of a game's variant (`exact-cards=7`), so a named player with the same settings
//! is the same player wherever it plays.
//!
//! ```
//! use cgtk_solitaire::{PlayerKind, PlayerName, PlayerSettings, SettingStyle};
//! let mut settings = PlayerSettings::default();
//! settings.set("samples", "400").unwrap();
//! settings.set("exact-cards", "5").unwrap();
//! let PlayerKind::Rollout(options) = settings.player(PlayerName::Rollout, SettingStyle::Words).unwrap() else {
//!     unreachable!()
//! };
//! assert_eq!((options.samples, options.exact_cards), (400, 5));
//! // A setting the player does not use is refused by name, in the style it was written in.
//! let err = settings.player(PlayerName::Best, SettingStyle::Options).unwrap_err();
//! assert_eq!(err.to_string(), "--samples applies to --player pimc, hindsight or rollout, not to --player best");
//! ```

use crate::fitted::BasePolicy;
use crate::hindsight::HindsightOptions;
use crate::pimc::PimcOptions;
use crate::players::{MctsOptions, PlayerKind, PlayoutPolicy, Reward};
use crate::rollout::{RolloutOptions, EXACT_POSITIONS};

/// The players, by the names commands give them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerName {
    /// Uniformly random legal moves.
    Random,
    /// The rules of thumb.
    RuleBased,
    /// The seed-style Monte Carlo tree search (random playouts, 0/1 reward).
    Mcts,
    /// Monte Carlo tree search with our settings ([`MctsOptions::best`]).
    Best,
    /// Sampled stock orders, each solved with every card known.
    Pimc,
    /// Each placement of the turned card judged by the solver on sampled stock orders.
    Hindsight,
    /// Each placement of the turned card played out by a greedy base policy on sampled
    /// stock orders.
    Rollout,
}

impl PlayerName {
    /// Every player, in the order commands list them.
    pub const ALL: [PlayerName; 7] = [
        PlayerName::Random,
        PlayerName::RuleBased,
        PlayerName::Mcts,
        PlayerName::Best,
        PlayerName::Pimc,
        PlayerName::Hindsight,
        PlayerName::Rollout,
    ];

    /// The player's name in commands, e.g. `rule-based`.
    ///
    /// ```
    /// use cgtk_solitaire::PlayerName;
    /// for name in PlayerName::ALL {
    ///     assert_eq!(PlayerName::from_name(name.name()), Some(name));
    /// }
    /// assert_eq!(PlayerName::from_name("solver"), None);
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            PlayerName::Random => "random",
            PlayerName::RuleBased => "rule-based",
            PlayerName::Mcts => "mcts",
            PlayerName::Best => "best",
            PlayerName::Pimc => "pimc",
            PlayerName::Hindsight => "hindsight",
            PlayerName::Rollout => "rollout",
        }
    }

    /// The player of that [`name`](PlayerName::name), if any.
    pub fn from_name(text: &str) -> Option<PlayerName> {
        PlayerName::ALL.into_iter().find(|p| p.name() == text)
    }

    /// What the player does, in a sentence (commands show it in their help).
    pub fn about(self) -> &'static str {
        match self {
            PlayerName::Random => "Uniformly random legal moves.",
            PlayerName::RuleBased => "Rules of thumb: foundation moves first, a pile kept for kings, piles built downwards in foundation order.",
            PlayerName::Mcts => "The baseline Monte Carlo tree search: random playouts, 0/1 reward.",
            PlayerName::Best => "Monte Carlo tree search with our settings: the lean tree, playouts half rule-based and half random-home-first (blend), a win worth 1 and a loss 0.2 × the cards home / 52 (mixed), c = 0.5.",
            PlayerName::Pimc => "Sampled orders of the face-down cards, each solved with every card known; the move winning the most samples (settings: samples, sample-nodes).",
            PlayerName::Hindsight => "Every placement of the turned card (with the waste moves it needs) judged on the same sampled stock orders by the full-information solver, robust wins counting double (settings: samples, sample-nodes).",
            PlayerName::Rollout => "Every placement of the turned card played to the end on the same sampled stock orders by a greedy base policy; the placement winning the most (settings: samples, levels, inner-samples, nested-cards, exact-cards, base, …).",
        }
    }

    /// Whether its choices draw on a seed (all but the rules of thumb).
    pub fn is_seeded(self) -> bool {
        self != PlayerName::RuleBased
    }
}

/// How a setting is written where it was given: on the command line (`--exact-cards 7`) or
/// as a word of a variant (`exact-cards=7`). Error messages name settings the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingStyle {
    /// `--key value`.
    Options,
    /// `key=value`.
    Words,
}

impl SettingStyle {
    /// The setting's name as written: `--key` or `key`.
    pub fn key(self, key: &str) -> String {
        match self {
            SettingStyle::Options => format!("--{key}"),
            SettingStyle::Words => key.to_string(),
        }
    }

    /// The setting with a value as written: `--key value` or `key=value`.
    pub fn with(self, key: &str, value: impl std::fmt::Display) -> String {
        match self {
            SettingStyle::Options => format!("--{key} {value}"),
            SettingStyle::Words => format!("{key}={value}"),
        }
    }
}

/// A setting refused. Messages name the settings as they were written ([`SettingStyle`]);
/// [`keys`](SettingsError::keys) names the settings refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// A value that does not read as the setting's: not a number, or a name it does not
    /// know (`wanted` says what it takes).
    #[error("{key}={value}: {wanted}")]
    Unreadable {
        /// The setting.
        key: &'static str,
        /// The value as written.
        value: String,
        /// What the setting takes.
        wanted: String,
    },
    /// A key that is no setting.
    #[error("unknown setting {key:?}: the players' settings are {known}")]
    UnknownSetting {
        /// The key as written.
        key: String,
        /// The settings there are.
        known: String,
    },
    /// A setting given that the player does not use.
    #[error("{written} applies to {users}, not to {player}")]
    Unused {
        /// The setting.
        key: &'static str,
        /// The setting as written (`--key` or `key`).
        written: String,
        /// The players that use it, as written.
        users: String,
        /// The player given, as written.
        player: String,
    },
    /// A value out of its range, or at odds with other settings.
    #[error("{message}")]
    Refused {
        /// The settings refused.
        keys: Vec<&'static str>,
        /// What is wrong and what is allowed.
        message: String,
    },
}

impl SettingsError {
    /// The settings refused (none for an unknown key).
    ///
    /// ```
    /// use cgtk_solitaire::{PlayerName, PlayerSettings, SettingStyle};
    /// let mut s = PlayerSettings::default();
    /// s.set("exact-positions", "100").unwrap();
    /// let err = s.player(PlayerName::Rollout, SettingStyle::Words).unwrap_err();
    /// assert_eq!(err.keys(), ["exact-positions"]);
    /// ```
    pub fn keys(&self) -> Vec<&'static str> {
        match self {
            SettingsError::Unreadable { key, .. } | SettingsError::Unused { key, .. } => {
                vec![key]
            }
            SettingsError::UnknownSetting { .. } => Vec::new(),
            SettingsError::Refused { keys, .. } => keys.clone(),
        }
    }
}

/// A refusal of the settings `keys`.
fn refused<T>(keys: &[&'static str], message: String) -> Result<T, SettingsError> {
    Err(SettingsError::Refused {
        keys: keys.to_vec(),
        message,
    })
}

/// The settings of the players as given, each `None` when left to the player's default.
/// Which players use which setting, and the defaults, are those of the command line's
/// options of the same names (`cgtk calculation play-out --help`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerSettings {
    /// `playouts`: playouts per move (mcts, best; default 1000).
    pub playouts: Option<u32>,
    /// `exploration`: the UCB1 constant (mcts, best).
    pub exploration: Option<f64>,
    /// `threshold`: visits before a leaf grows children (mcts, best).
    pub threshold: Option<u32>,
    /// `playout-policy` (mcts, best); a blend's percent is `blend_percent`.
    pub policy: Option<PlayoutPolicy>,
    /// `reward` (mcts, best); the mixed reward's weight is `mixed_weight`.
    pub reward: Option<Reward>,
    /// `blend-percent`: the percent of a blend playout's decisions made by its first
    /// policy, 0 to 100.
    pub blend_percent: Option<u8>,
    /// `mixed-weight`: what a lost playout's cards home are worth, 0 to 1.
    pub mixed_weight: Option<f64>,
    /// `tree`: `Some(true)` for the lean tree, `Some(false)` for the full one.
    pub lean: Option<bool>,
    /// `samples`: stock orders sampled per move (pimc; default 20) or per turned card
    /// (hindsight, default 16; rollout, default 200).
    pub samples: Option<u32>,
    /// `sample-nodes`: solver positions per move and sample (pimc; default 2000) or per
    /// placement and sample (hindsight; default 1000).
    pub sample_nodes: Option<u64>,
    /// `levels`: rollout levels, 0 to 2 (default 1).
    pub levels: Option<u8>,
    /// `inner-samples`: orders per decision of the levels below the top (default 4).
    pub inner_samples: Option<u32>,
    /// `nested-cards`: from how many cards face down a deeper player decides, 0 to 48.
    pub nested_cards: Option<u8>,
    /// `nested-samples`: orders per placement once `nested-cards` applies (default 100).
    pub nested_samples: Option<u32>,
    /// `escalate-cards`: from how many cards face down the deeper player decides again
    /// the decisions left open, 0 to 48.
    pub escalate_cards: Option<u8>,
    /// `exact-cards`: from how many cards face down the player plays exactly, 0 to 48.
    pub exact_cards: Option<u8>,
    /// `exact-positions`: the positions the exact search may remember, 1 to 10⁹.
    pub exact_positions: Option<u64>,
    /// `base`: the evaluation of the rollout player's base policy.
    pub base: Option<BasePolicy>,
    /// `extend`: how many times its samples an open decision may take, 1 to 64.
    pub extend: Option<u32>,
}

/// The players of the Monte Carlo tree search (`mcts`, `best`).
const SEARCH: &[PlayerName] = &[PlayerName::Mcts, PlayerName::Best];
const SAMPLED: &[PlayerName] = &[PlayerName::Pimc, PlayerName::Hindsight, PlayerName::Rollout];
const SOLVED: &[PlayerName] = &[PlayerName::Pimc, PlayerName::Hindsight];
const ROLLOUT: &[PlayerName] = &[PlayerName::Rollout];

/// Every setting's key and the players that use it, in the order [`PlayerSettings::words`]
/// writes them.
pub const SETTINGS: [(&str, &[PlayerName]); 19] = [
    ("playouts", SEARCH),
    ("exploration", SEARCH),
    ("threshold", SEARCH),
    ("playout-policy", SEARCH),
    ("blend-percent", SEARCH),
    ("reward", SEARCH),
    ("mixed-weight", SEARCH),
    ("tree", SEARCH),
    ("samples", SAMPLED),
    ("sample-nodes", SOLVED),
    ("levels", ROLLOUT),
    ("inner-samples", ROLLOUT),
    ("nested-cards", ROLLOUT),
    ("nested-samples", ROLLOUT),
    ("escalate-cards", ROLLOUT),
    ("exact-cards", ROLLOUT),
    ("exact-positions", ROLLOUT),
    ("base", ROLLOUT),
    ("extend", ROLLOUT),
];

/// The names of a list, `a, b or c`.
fn listed(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [most @ .., last] => format!("{} or {last}", most.join(", ")),
    }
}

/// Parses a number for `key`, saying what is wanted when it is not one.
fn number<T: std::str::FromStr>(
    key: &'static str,
    value: &str,
    wanted: &str,
) -> Result<T, SettingsError> {
    value
        .parse()
        .map_err(|_| unreadable(key, value, format!("write {wanted}")))
}

/// `key=value` not read: `wanted` says what the setting takes.
fn unreadable(key: &'static str, value: &str, wanted: String) -> SettingsError {
    SettingsError::Unreadable {
        key,
        value: value.to_string(),
        wanted,
    }
}

impl PlayerSettings {
    /// Sets the setting `key` (as in [`SETTINGS`]) from its written value, as a variant's
    /// word `key=value` gives it. Ranges and the settings' agreement are checked by
    /// [`player`](PlayerSettings::player).
    ///
    /// ```
    /// use cgtk_solitaire::{PlayerSettings, Reward};
    /// let mut s = PlayerSettings::default();
    /// s.set("reward", "graded").unwrap();
    /// assert_eq!(s.reward, Some(Reward::Graded));
    /// assert!(s.set("levels", "two").is_err());
    /// assert!(s.set("depth", "2").is_err());
    /// ```
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), SettingsError> {
        let Some(&(key, _)) = SETTINGS.iter().find(|(k, _)| *k == key) else {
            return Err(SettingsError::UnknownSetting {
                key: key.to_string(),
                known: listed(&SETTINGS.map(|(k, _)| k)),
            });
        };
        const COUNT: &str = "a whole number";
        const CARDS: &str = "a number of cards face down, 0 to 48";
        const FRACTION: &str = "a number";
        match key {
            "playouts" => self.playouts = Some(number(key, value, COUNT)?),
            "exploration" => self.exploration = Some(number(key, value, FRACTION)?),
            "threshold" => self.threshold = Some(number(key, value, COUNT)?),
            "playout-policy" => {
                self.policy = Some(PlayoutPolicy::from_name(value).ok_or_else(|| {
                    let names = PlayoutPolicy::ALL.map(PlayoutPolicy::name);
                    unreadable(key, value, format!("the playout policies are {}", listed(&names)))
                })?)
            }
            "blend-percent" => self.blend_percent = Some(number(key, value, "0 to 100")?),
            "reward" => {
                self.reward = Some(Reward::from_name(value).ok_or_else(|| {
                    let names = Reward::ALL.map(Reward::name);
                    unreadable(key, value, format!("the rewards are {}", listed(&names)))
                })?)
            }
            "mixed-weight" => self.mixed_weight = Some(number(key, value, FRACTION)?),
            "tree" => {
                self.lean = Some(match value {
                    "lean" => true,
                    "full" => false,
                    _ => {
                        let wanted = "the search trees are full or lean".to_string();
                        return Err(unreadable(key, value, wanted));
                    }
                })
            }
            "samples" => self.samples = Some(number(key, value, COUNT)?),
            "sample-nodes" => self.sample_nodes = Some(number(key, value, COUNT)?),
            "levels" => self.levels = Some(number(key, value, "0, 1 or 2")?),
            "inner-samples" => self.inner_samples = Some(number(key, value, COUNT)?),
            "nested-cards" => self.nested_cards = Some(number(key, value, CARDS)?),
            "nested-samples" => self.nested_samples = Some(number(key, value, COUNT)?),
            "escalate-cards" => self.escalate_cards = Some(number(key, value, CARDS)?),
            "exact-cards" => self.exact_cards = Some(number(key, value, CARDS)?),
            "exact-positions" => {
                self.exact_positions = Some(number(key, value, "1 to 1000000000")?)
            }
            "base" => {
                self.base = Some(BasePolicy::from_name(value).ok_or_else(|| {
                    let wanted = "the rollout player's base policy places cards by the order evaluation (order, the default) or the fitted one (fitted)";
                    unreadable(key, value, wanted.to_string())
                })?)
            }
            "extend" => self.extend = Some(number(key, value, "1 to 64")?),
            _ => {
                return Err(SettingsError::UnknownSetting {
                    key: key.to_string(),
                    known: listed(&SETTINGS.map(|(k, _)| k)),
                })
            }
        }
        Ok(())
    }

    /// The settings given, as `(key, value)` in the order of [`SETTINGS`]: what
    /// [`set`](PlayerSettings::set) reads back to the same settings.
    ///
    /// ```
    /// use cgtk_solitaire::PlayerSettings;
    /// let mut s = PlayerSettings::default();
    /// s.set("exact-cards", "7").unwrap();
    /// s.set("samples", "100").unwrap();
    /// let words = s.words();
    /// assert_eq!(words, [("samples", "100".to_string()), ("exact-cards", "7".to_string())]);
    /// let mut again = PlayerSettings::default();
    /// for (key, value) in &words {
    ///     again.set(key, value).unwrap();
    /// }
    /// assert_eq!(again, s);
    /// ```
    pub fn words(&self) -> Vec<(&'static str, String)> {
        fn text<T: ToString>(v: &Option<T>) -> Option<String> {
            v.as_ref().map(T::to_string)
        }
        let values = [
            text(&self.playouts),
            text(&self.exploration),
            text(&self.threshold),
            self.policy.map(|p| p.name().to_string()),
            text(&self.blend_percent),
            self.reward.map(|r| r.name().to_string()),
            text(&self.mixed_weight),
            self.lean
                .map(|lean| if lean { "lean" } else { "full" }.to_string()),
            text(&self.samples),
            text(&self.sample_nodes),
            text(&self.levels),
            text(&self.inner_samples),
            text(&self.nested_cards),
            text(&self.nested_samples),
            text(&self.escalate_cards),
            text(&self.exact_cards),
            text(&self.exact_positions),
            self.base.map(|b| b.name().to_string()),
            text(&self.extend),
        ];
        SETTINGS
            .iter()
            .zip(values)
            .filter_map(|(&(key, _), value)| value.map(|v| (key, v)))
            .collect()
    }

    /// Refuses, by name, a setting given that `player` would ignore (`None`: no player
    /// plays, e.g. the solver of a benchmark, named `nobody`).
    pub fn refuse_unused(
        &self,
        player: Option<PlayerName>,
        nobody: &str,
        style: SettingStyle,
    ) -> Result<(), SettingsError> {
        let given = self.words();
        for (key, users) in SETTINGS {
            if given.iter().any(|(k, _)| *k == key) && !player.is_some_and(|p| users.contains(&p)) {
                let users: Vec<&str> = users.iter().map(|p| p.name()).collect();
                let who = player.map_or(nobody, |p| p.name());
                return Err(SettingsError::Unused {
                    key,
                    written: style.key(key),
                    users: style.with("player", listed(&users)),
                    player: style.with("player", who),
                });
            }
        }
        Ok(())
    }

    /// The player `name` with these settings, every range and agreement checked; the
    /// messages write the settings in `style`.
    pub fn player(
        &self,
        name: PlayerName,
        style: SettingStyle,
    ) -> Result<PlayerKind, SettingsError> {
        self.refuse_unused(Some(name), "", style)?;
        Ok(match name {
            PlayerName::Random => PlayerKind::Random,
            PlayerName::RuleBased => PlayerKind::RuleBased,
            PlayerName::Mcts => PlayerKind::Mcts(self.search(MctsOptions::baseline(1000), style)?),
            PlayerName::Best => PlayerKind::Mcts(self.search(MctsOptions::best(1000), style)?),
            PlayerName::Pimc => {
                let (samples, nodes) = self.sampling(20, 2000, style)?;
                PlayerKind::Pimc(PimcOptions { samples, nodes })
            }
            PlayerName::Hindsight => {
                let (samples, nodes) = self.sampling(16, 1000, style)?;
                PlayerKind::Hindsight(HindsightOptions { samples, nodes })
            }
            PlayerName::Rollout => PlayerKind::Rollout(self.rollout(style)?),
        })
    }

    /// The Monte Carlo tree search's options: `base` with the settings given.
    fn search(&self, base: MctsOptions, style: SettingStyle) -> Result<MctsOptions, SettingsError> {
        let mut o = base;
        if let Some(playouts) = self.playouts {
            if playouts == 0 {
                return refused(
                    &["playouts"],
                    format!("{} must be at least 1", style.key("playouts")),
                );
            }
            o.playouts = playouts;
        }
        if let Some(c) = self.exploration {
            if !(c.is_finite() && c >= 0.0) {
                return refused(
                    &["exploration"],
                    format!("{} must be a number ≥ 0, not {c}", style.key("exploration")),
                );
            }
            // -0 named the run `c=-0`, apart from the same player's `c=0`.
            o.exploration = c + 0.0;
        }
        if let Some(t) = self.threshold {
            o.expansion_threshold = t;
        }
        if let Some(p) = self.policy {
            o.policy = p;
        }
        if let Some(percent) = self.blend_percent {
            if percent > 100 {
                return refused(
                    &["blend-percent"],
                    format!(
                        "{} is a percent, 0 to 100",
                        style.with("blend-percent", percent)
                    ),
                );
            }
            o.policy = match o.policy {
                PlayoutPolicy::Blend(_) => PlayoutPolicy::Blend(percent),
                PlayoutPolicy::GreedyBlend(_) => PlayoutPolicy::GreedyBlend(percent),
                _ => {
                    return refused(&["blend-percent"], format!(
                        "{} applies to the blend and greedy-blend playout policies (best's default, or {})",
                        style.key("blend-percent"),
                        style.with("playout-policy", "blend|greedy-blend")
                    ))
                }
            };
        }
        if let Some(lean) = self.lean {
            o.lean = lean;
        }
        if let Some(r) = self.reward {
            o.reward = r;
        }
        if let Some(weight) = self.mixed_weight {
            if !(0.0..=1.0).contains(&weight) {
                return refused(
                    &["mixed-weight"],
                    format!(
                        "{} must be a number from 0 to 1, not {weight}",
                        style.key("mixed-weight")
                    ),
                );
            }
            if !matches!(o.reward, Reward::Mixed(_)) {
                return refused(
                    &["mixed-weight"],
                    format!(
                        "{} applies to the mixed reward (best's default, or {})",
                        style.key("mixed-weight"),
                        style.with("reward", "mixed")
                    ),
                );
            }
            o.reward = Reward::Mixed(weight + 0.0);
        }
        Ok(o)
    }

    /// `samples` and `sample-nodes`, or the given defaults.
    fn sampling(
        &self,
        samples: u32,
        nodes: u64,
        style: SettingStyle,
    ) -> Result<(u32, u64), SettingsError> {
        let samples = self.samples.unwrap_or(samples);
        let nodes = self.sample_nodes.unwrap_or(nodes);
        if samples == 0 {
            return refused(
                &["samples"],
                format!("{} must be at least 1", style.key("samples")),
            );
        }
        if nodes == 0 {
            let message = match style {
                SettingStyle::Options => {
                    "--sample-nodes (also written --solver-nodes) must be at least 1".to_string()
                }
                SettingStyle::Words => "sample-nodes must be at least 1".to_string(),
            };
            return refused(&["sample-nodes"], message);
        }
        Ok((samples, nodes))
    }

    /// The rollout player's options.
    fn rollout(&self, style: SettingStyle) -> Result<RolloutOptions, SettingsError> {
        let key = |k: &str| style.key(k);
        let (samples, _) = self.sampling(200, 1, style)?;
        let inner_samples = self.inner_samples.unwrap_or(4);
        if inner_samples == 0 {
            return refused(
                &["inner-samples"],
                format!("{} must be at least 1", key("inner-samples")),
            );
        }
        let levels = self.levels.unwrap_or(1);
        if levels > 2 {
            return refused(&["levels"], format!(
                "{}: the rollout levels are 0, 1 and 2 (for a level deeper late in the deal give {})",
                style.with("levels", levels),
                key("nested-cards")
            ));
        }
        for (k, cards) in [
            ("nested-cards", self.nested_cards),
            ("escalate-cards", self.escalate_cards),
            ("exact-cards", self.exact_cards),
        ] {
            if let Some(cards) = cards.filter(|&c| c > 48) {
                return refused(
                    &[k],
                    format!(
                        "{}: write a number of cards face down, 0 to 48",
                        style.with(k, cards)
                    ),
                );
            }
        }
        if let Some(extend) = self.extend.filter(|e| !(1..=64).contains(e)) {
            return refused(
                &["extend"],
                format!("{}: write 1 to 64", style.with("extend", extend)),
            );
        }
        if let Some(n) = self
            .exact_positions
            .filter(|n| !(1..=1_000_000_000).contains(n))
        {
            let limit = style.with("exact-positions", n);
            return refused(
                &["exact-positions"],
                format!("{limit}: write the number of positions the exact search may remember, 1 to 1000000000"),
            );
        }
        let nested_cards = self.nested_cards.unwrap_or(0);
        let escalate_cards = self.escalate_cards.unwrap_or(0);
        let exact_cards = self.exact_cards.unwrap_or(0);
        // The base policy alone plays without sampling: what only a sampling player uses
        // would be dropped.
        if levels == 0 {
            for (k, given) in [
                ("samples", self.samples.is_some()),
                ("nested-cards", nested_cards > 0),
                ("escalate-cards", escalate_cards > 0),
                ("exact-cards", exact_cards > 0),
                ("extend", self.extend.is_some()),
            ] {
                if given {
                    let what = if k == "exact-cards" {
                        "never plays exactly"
                    } else {
                        "does not sample"
                    };
                    return refused(
                        &[k],
                        format!(
                            "{} applies from {} (the base policy alone {what})",
                            key(k),
                            style.with("levels", 1)
                        ),
                    );
                }
            }
        }
        let deeper = nested_cards > 0 || escalate_cards > 0;
        if self.inner_samples.is_some() && levels < 2 && !deeper {
            return refused(
                &["inner-samples"],
                format!(
                    "{} applies to the levels below the top: give {}, {} or {}",
                    key("inner-samples"),
                    style.with("levels", 2),
                    style.with("nested-cards", "C"),
                    style.with("escalate-cards", "C")
                ),
            );
        }
        if escalate_cards > 0 && escalate_cards <= nested_cards {
            return refused(&["escalate-cards"], format!(
                "{} would never apply: it must exceed {}, below which the deeper player decides throughout",
                style.with("escalate-cards", escalate_cards),
                style.with("nested-cards", nested_cards)
            ));
        }
        let nested_samples = self.nested_samples.unwrap_or(100);
        if self.nested_samples.is_some() && !deeper {
            return refused(
                &["nested-samples"],
                format!(
                    "{} applies once {} or {} takes over: give one",
                    key("nested-samples"),
                    style.with("nested-cards", "C"),
                    style.with("escalate-cards", "C")
                ),
            );
        }
        if nested_samples == 0 {
            return refused(
                &["nested-samples"],
                format!("{} must be at least 1", key("nested-samples")),
            );
        }
        if self.exact_positions.is_some() && exact_cards == 0 {
            return refused(
                &["exact-positions"],
                format!(
                    "{} limits the exact search: give {} too",
                    key("exact-positions"),
                    style.with("exact-cards", "K")
                ),
            );
        }
        Ok(RolloutOptions {
            samples,
            levels,
            inner_samples,
            nested_cards,
            nested_samples,
            escalate_cards,
            exact_cards,
            exact_positions: self.exact_positions.map_or(EXACT_POSITIONS, |n| n as usize),
            base: self.base.unwrap_or_default(),
            extend: self.extend.unwrap_or(1),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A setting's key as a user might write it: one of [`SETTINGS`] or anything else.
    fn any_key() -> impl Strategy<Value = String> {
        prop_oneof![
            proptest::sample::select(SETTINGS.map(|(k, _)| k).to_vec()).prop_map(String::from),
            "[a-z-]{0,14}",
        ]
    }

    /// A value as a user might write it: a number of any size or sign, a name, or noise.
    fn any_value() -> impl Strategy<Value = String> {
        prop_oneof![
            any::<i64>().prop_map(|n| n.to_string()),
            (0u64..70).prop_map(|n| n.to_string()),
            any::<f64>().prop_map(|x| x.to_string()),
            proptest::sample::select(vec![
                "lean", "full", "blend", "mixed", "fitted", "-0", "NaN", "inf", ""
            ])
            .prop_map(String::from),
            "\\PC{0,10}",
        ]
    }

    proptest! {
        /// Any words, for any player, are read or refused with a message: never a panic,
        /// and a player built is one whose settings lie in their ranges.
        #[test]
        fn any_words_are_read_or_refused(
            words in proptest::collection::vec((any_key(), any_value()), 0..8),
            who in 0usize..7,
        ) {
            let mut settings = PlayerSettings::default();
            for (key, value) in &words {
                if let Err(e) = settings.set(key, value) {
                    prop_assert!(!e.to_string().is_empty());
                }
            }
            for style in [SettingStyle::Words, SettingStyle::Options] {
                match settings.player(PlayerName::ALL[who], style) {
                    Ok(PlayerKind::Rollout(o)) => {
                        prop_assert!(o.levels <= 2 && o.exact_cards <= 48 && o.nested_cards <= 48);
                        prop_assert!(o.samples >= 1 && o.inner_samples >= 1 && (1..=64).contains(&o.extend));
                    }
                    Ok(PlayerKind::Mcts(o)) => {
                        prop_assert!(o.playouts >= 1 && o.exploration.is_finite() && o.exploration >= 0.0);
                    }
                    Ok(_) => {}
                    Err(e) => prop_assert!(!e.to_string().is_empty()),
                }
            }
        }
    }

    /// Every setting's written value reads back to the same settings, and every key of
    /// [`SETTINGS`] is understood by `set`.
    #[test]
    fn every_setting_reads_back() {
        let values = [
            ("playouts", "500"),
            ("exploration", "0.7"),
            ("threshold", "3"),
            ("playout-policy", "greedy-blend"),
            ("blend-percent", "30"),
            ("reward", "mixed"),
            ("mixed-weight", "0.5"),
            ("tree", "full"),
            ("samples", "12"),
            ("sample-nodes", "99"),
            ("levels", "2"),
            ("inner-samples", "8"),
            ("nested-cards", "16"),
            ("nested-samples", "50"),
            ("escalate-cards", "40"),
            ("exact-cards", "7"),
            ("exact-positions", "5000"),
            ("base", "fitted"),
            ("extend", "4"),
        ];
        assert_eq!(values.map(|(k, _)| k), SETTINGS.map(|(k, _)| k));
        let mut s = PlayerSettings::default();
        for (key, value) in values {
            s.set(key, value).unwrap();
        }
        let words = s.words();
        assert_eq!(words.len(), SETTINGS.len());
        for ((key, value), (k, v)) in values.iter().zip(&words) {
            assert_eq!((*key, value.to_string()), (*k, v.clone()));
        }
    }

    /// The settings build the options they name, with the defaults of the command line.
    #[test]
    fn players_take_their_settings_and_defaults() {
        let style = SettingStyle::Words;
        let none = PlayerSettings::default();
        assert_eq!(
            none.player(PlayerName::Best, style).unwrap(),
            PlayerKind::Mcts(MctsOptions::best(1000))
        );
        assert_eq!(
            none.player(PlayerName::Rollout, style).unwrap(),
            PlayerKind::Rollout(RolloutOptions::new(200))
        );
        let mut s = PlayerSettings::default();
        for (k, v) in [
            ("samples", "1600"),
            ("nested-cards", "16"),
            ("inner-samples", "16"),
        ] {
            s.set(k, v).unwrap();
        }
        let PlayerKind::Rollout(o) = s.player(PlayerName::Rollout, style).unwrap() else {
            panic!("not a rollout player");
        };
        assert_eq!(
            (o.samples, o.nested_cards, o.inner_samples, o.nested_samples),
            (1600, 16, 16, 100)
        );
        let mut s = PlayerSettings::default();
        s.set("playout-policy", "blend").unwrap();
        s.set("blend-percent", "30").unwrap();
        s.set("reward", "mixed").unwrap();
        s.set("mixed-weight", "0.4").unwrap();
        let PlayerKind::Mcts(o) = s.player(PlayerName::Mcts, style).unwrap() else {
            panic!("not a search");
        };
        assert_eq!(
            (o.policy, o.reward),
            (PlayoutPolicy::Blend(30), Reward::Mixed(0.4))
        );
    }

    /// A weight or constant written -0 is 0: the label, which names a run, was `c=-0`.
    #[test]
    fn minus_zero_is_zero_in_the_label() {
        let mut s = PlayerSettings::default();
        s.set("exploration", "-0").unwrap();
        s.set("mixed-weight", "-0").unwrap();
        let player = s.player(PlayerName::Best, SettingStyle::Words).unwrap();
        assert_eq!(
            player.label(PlayerName::Best),
            "best playouts=1000 c=0 t=1 policy=blend(50%) reward=mixed(0) tree=lean"
        );
    }

    /// Ranges and agreements are refused with the setting named in the style given.
    #[test]
    fn refusals_name_the_settings_as_written() {
        /// The settings given, the player, and the start of the message in words and as
        /// options.
        type Case<'a> = (&'a [(&'a str, &'a str)], PlayerName, &'a str, &'a str);
        let cases: &[Case] = &[
            (
                &[("exact-cards", "49")],
                PlayerName::Rollout,
                "exact-cards=49: write a number",
                "--exact-cards 49: write a number",
            ),
            (
                &[("levels", "3")],
                PlayerName::Rollout,
                "levels=3: the rollout levels are 0, 1 and 2",
                "--levels 3:",
            ),
            (
                &[("exact-positions", "9")],
                PlayerName::Rollout,
                "exact-positions limits the exact search: give exact-cards=K too",
                "--exact-positions limits the exact search: give --exact-cards K too",
            ),
            (
                &[("exact-cards", "5")],
                PlayerName::Best,
                "exact-cards applies to player=rollout, not to player=best",
                "--exact-cards applies to --player rollout, not to --player best",
            ),
            (
                &[("playouts", "0")],
                PlayerName::Mcts,
                "playouts must be at least 1",
                "--playouts must be at least 1",
            ),
            (
                &[("blend-percent", "101")],
                PlayerName::Best,
                "blend-percent=101 is a percent",
                "--blend-percent 101 is a percent",
            ),
            (
                &[("inner-samples", "8")],
                PlayerName::Rollout,
                "inner-samples applies to the levels below the top: give levels=2",
                "--inner-samples applies to the levels below the top: give --levels 2",
            ),
            (
                &[("samples", "30"), ("levels", "0")],
                PlayerName::Rollout,
                "samples applies from levels=1",
                "--samples applies from --levels 1",
            ),
            (
                &[("extend", "65")],
                PlayerName::Rollout,
                "extend=65: write 1 to 64",
                "--extend 65: write 1 to 64",
            ),
            (
                &[("nested-cards", "30"), ("levels", "0")],
                PlayerName::Rollout,
                "nested-cards applies from levels=1 (the base policy alone does not sample)",
                "--nested-cards applies from --levels 1 (the base policy alone does not sample)",
            ),
            (
                &[("escalate-cards", "40"), ("levels", "0")],
                PlayerName::Rollout,
                "escalate-cards applies from levels=1",
                "--escalate-cards applies from --levels 1",
            ),
            (
                &[("exact-cards", "5"), ("levels", "0")],
                PlayerName::Rollout,
                "exact-cards applies from levels=1 (the base policy alone never plays exactly)",
                "--exact-cards applies from --levels 1 (the base policy alone never plays exactly)",
            ),
            (
                &[("extend", "2"), ("levels", "0")],
                PlayerName::Rollout,
                "extend applies from levels=1",
                "--extend applies from --levels 1",
            ),
            (
                // A value out of range is named before what it would apply to.
                &[("extend", "0"), ("levels", "0")],
                PlayerName::Rollout,
                "extend=0: write 1 to 64",
                "--extend 0: write 1 to 64",
            ),
        ];
        for (given, name, words, options) in cases {
            let mut s = PlayerSettings::default();
            for (k, v) in *given {
                s.set(k, v).unwrap();
            }
            for (style, wanted) in [
                (SettingStyle::Words, words),
                (SettingStyle::Options, options),
            ] {
                let err = s.player(*name, style).unwrap_err().to_string();
                assert!(err.starts_with(wanted), "{given:?} {style:?}: {err}");
            }
        }
    }
}
