//! Players: uniformly random, rule-based, and Monte Carlo tree search with chance nodes
//! (the seed's baseline and our tuned version), all reproducible from a seed.

use crate::deal::Deal;
use crate::fitted::BasePolicy;
use crate::game::Calculation;
use crate::hindsight::HindsightOptions;
use crate::lean::Lean;
use crate::pimc::PimcOptions;
use crate::position::{Move, Position};
use crate::rollout::EXACT_POSITIONS;
use crate::settings::PlayerName;
use cgtk_search::{chance_mcts, ChanceMctsConfig};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How playouts choose their moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutPolicy {
    /// Uniformly random legal moves.
    Random,
    /// The rule-based player's moves ([`rule_based_move`]).
    RuleBased,
    /// Cards that fit a foundation go there (the turned card first, then waste tops);
    /// otherwise the turned card goes onto a uniformly random waste pile.
    GreedyRandom,
    /// Uniformly random legal moves, except that the turned card never goes to a waste
    /// pile while some card (the turned one or a waste top) fits a foundation: then the
    /// move is drawn uniformly among the foundation moves.
    RandomHomeFirst,
    /// At each decision, the rule-based move with the given percent chance, otherwise the
    /// move of [`RandomHomeFirst`](PlayoutPolicy::RandomHomeFirst).
    Blend(u8),
    /// The rollout player's greedy base policy ([`greedy_moves`](crate::greedy_moves)): a
    /// waste top that fits goes home, else the turned card goes where an evaluation of the
    /// waste piles' order likes it best.
    Greedy,
    /// At each decision, the [`Greedy`](PlayoutPolicy::Greedy) move with the given percent
    /// chance, otherwise the move of [`RandomHomeFirst`](PlayoutPolicy::RandomHomeFirst).
    GreedyBlend(u8),
}

/// What a finished playout is worth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reward {
    /// 1 for a win, 0 for a loss.
    WinLoss,
    /// The fraction of the deck on the foundations (1 for a win).
    Graded,
    /// 1 for a win; a loss is worth the given weight (in [0, 1]) times the fraction of the
    /// deck on the foundations, so wins dominate and the cards home only break ties.
    Mixed(f64),
}

impl PlayoutPolicy {
    /// Every playout policy, the blends at 50%, in the order commands list them.
    pub const ALL: [PlayoutPolicy; 7] = [
        PlayoutPolicy::Random,
        PlayoutPolicy::RuleBased,
        PlayoutPolicy::GreedyRandom,
        PlayoutPolicy::RandomHomeFirst,
        PlayoutPolicy::Blend(50),
        PlayoutPolicy::Greedy,
        PlayoutPolicy::GreedyBlend(50),
    ];

    /// The policy's name in commands (a blend's percent aside), e.g. `random-home-first`.
    ///
    /// ```
    /// use cgtk_solitaire::PlayoutPolicy;
    /// for policy in PlayoutPolicy::ALL {
    ///     assert_eq!(PlayoutPolicy::from_name(policy.name()), Some(policy));
    /// }
    /// assert_eq!(PlayoutPolicy::Blend(30).name(), "blend");
    /// assert_eq!(PlayoutPolicy::from_name("smart"), None);
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            PlayoutPolicy::Random => "random",
            PlayoutPolicy::RuleBased => "rule-based",
            PlayoutPolicy::GreedyRandom => "greedy-random",
            PlayoutPolicy::RandomHomeFirst => "random-home-first",
            PlayoutPolicy::Blend(_) => "blend",
            PlayoutPolicy::Greedy => "greedy",
            PlayoutPolicy::GreedyBlend(_) => "greedy-blend",
        }
    }

    /// The policy of that name (a blend at 50%), if any.
    pub fn from_name(text: &str) -> Option<PlayoutPolicy> {
        PlayoutPolicy::ALL.into_iter().find(|p| p.name() == text)
    }
}

impl Reward {
    /// Every reward, the mixed one with weight 0.2.
    pub const ALL: [Reward; 3] = [Reward::WinLoss, Reward::Graded, Reward::Mixed(0.2)];

    /// The reward's name in commands (the mixed weight aside): `win-loss`, `graded` or
    /// `mixed`.
    ///
    /// ```
    /// use cgtk_solitaire::Reward;
    /// for reward in Reward::ALL {
    ///     assert_eq!(Reward::from_name(reward.name()), Some(reward));
    /// }
    /// assert_eq!(Reward::Mixed(0.5).name(), "mixed");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Reward::WinLoss => "win-loss",
            Reward::Graded => "graded",
            Reward::Mixed(_) => "mixed",
        }
    }

    /// The reward of that name (mixed with weight 0.2), if any.
    pub fn from_name(text: &str) -> Option<Reward> {
        Reward::ALL.into_iter().find(|r| r.name() == text)
    }
}

/// The settings of a Monte Carlo tree search player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// Playouts per move.
    pub playouts: u32,
    /// The UCB1 constant `c`.
    pub exploration: f64,
    /// Visits before a leaf grows children.
    pub expansion_threshold: u32,
    /// How playouts move.
    pub policy: PlayoutPolicy,
    /// Search the lean tree ([`Lean`](crate::Lean)): no moves onto copies of a waste
    /// pile, waste moves only when the next move needs them.
    pub lean: bool,
    /// How a playout is scored.
    pub reward: Reward,
}

impl MctsOptions {
    /// The seed's baseline: random playouts, 0/1 reward, `c = √2`, threshold 1.
    ///
    /// ```
    /// use cgtk_solitaire::{MctsOptions, PlayoutPolicy};
    /// assert_eq!(MctsOptions::baseline(1000).policy, PlayoutPolicy::Random);
    /// ```
    pub fn baseline(playouts: u32) -> MctsOptions {
        MctsOptions {
            playouts,
            exploration: std::f64::consts::SQRT_2,
            expansion_threshold: 1,
            policy: PlayoutPolicy::Random,
            lean: false,
            reward: Reward::WinLoss,
        }
    }

    /// Our best settings: the lean tree; playouts that make each decision by the rules of
    /// thumb half the time and otherwise like [`RandomHomeFirst`](PlayoutPolicy::RandomHomeFirst)
    /// (`Blend(50)`); 1 for a won playout, else 0.2 × the cards home / 52 (`Mixed(0.2)`);
    /// `c = 0.5` and threshold 1. Measured against the seed's baseline read with
    /// random-home-first playouts, on the same deals, at 1k, 10k and 100k playouts per move
    /// (README, Calculation).
    ///
    /// ```
    /// use cgtk_solitaire::{MctsOptions, PlayoutPolicy, Reward};
    /// let best = MctsOptions::best(1000);
    /// assert_eq!((best.policy, best.reward), (PlayoutPolicy::Blend(50), Reward::Mixed(0.2)));
    /// ```
    pub fn best(playouts: u32) -> MctsOptions {
        MctsOptions {
            playouts,
            exploration: 0.5,
            expansion_threshold: 1,
            policy: PlayoutPolicy::Blend(50),
            lean: true,
            reward: Reward::Mixed(0.2),
        }
    }
}

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerKind {
    /// A uniformly random legal move.
    Random,
    /// The rules of thumb of [`rule_based_move`].
    RuleBased,
    /// Monte Carlo tree search with chance nodes.
    Mcts(MctsOptions),
    /// Sampled orders of the face-down cards, each solved with every card known
    /// ([`pimc_move`](crate::pimc_move)).
    Pimc(crate::pimc::PimcOptions),
    /// Each placement of the turned card judged by the solver on sampled stock orders
    /// ([`hindsight_moves`](crate::hindsight_moves)).
    Hindsight(crate::hindsight::HindsightOptions),
    /// Each placement of the turned card tried on sampled stock orders by a base policy
    /// played to the end ([`rollout_moves`](crate::rollout_moves)).
    Rollout(crate::rollout::RolloutOptions),
}

impl PlayerKind {
    /// The player described for reports, its name and settings: the label of `bench`'s
    /// results, which names a run (results of different labels are not added up).
    ///
    /// ```
    /// use cgtk_solitaire::{MctsOptions, PlayerKind, PlayerName, RolloutOptions};
    /// assert_eq!(
    ///     PlayerKind::Mcts(MctsOptions::best(1000)).label(PlayerName::Best),
    ///     "best playouts=1000 c=0.5 t=1 policy=blend(50%) reward=mixed(0.2) tree=lean"
    /// );
    /// let nested = RolloutOptions { nested_cards: 16, inner_samples: 16, exact_cards: 7, ..RolloutOptions::new(1600) };
    /// assert_eq!(
    ///     PlayerKind::Rollout(nested).label(PlayerName::Rollout),
    ///     "rollout samples=1600 levels=1 inner-samples=16 nested-cards=16 nested-samples=100 exact-cards=7"
    /// );
    /// ```
    pub fn label(&self, name: PlayerName) -> String {
        let name = name.name();
        match self {
            PlayerKind::Mcts(o) => format!(
                "{name} playouts={} c={} t={} policy={} reward={}{}",
                o.playouts,
                o.exploration,
                o.expansion_threshold,
                match o.policy {
                    PlayoutPolicy::Blend(p) | PlayoutPolicy::GreedyBlend(p) => {
                        format!("{}({p}%)", o.policy.name())
                    }
                    other => other.name().to_string(),
                },
                match o.reward {
                    Reward::Mixed(w) => format!("mixed({w})"),
                    other => other.name().to_string(),
                },
                if o.lean { " tree=lean" } else { "" }
            ),
            PlayerKind::Pimc(PimcOptions { samples, nodes })
            | PlayerKind::Hindsight(HindsightOptions { samples, nodes }) => {
                format!("{name} samples={samples} nodes={nodes}")
            }
            PlayerKind::Rollout(o) => {
                let exact = match (o.exact_cards, o.levels) {
                    (0, _) | (_, 0) => String::new(),
                    (k, _) if o.exact_positions == EXACT_POSITIONS => format!(" exact-cards={k}"),
                    (k, _) => format!(" exact-cards={k} exact-positions={}", o.exact_positions),
                };
                let nested = match (o.nested_cards, o.escalate_cards) {
                    (0, 0) => String::new(),
                    (c, 0) => format!(" nested-cards={c} nested-samples={}", o.nested_samples),
                    (c, e) => format!(
                        " nested-cards={c} escalate-cards={e} nested-samples={}",
                        o.nested_samples
                    ),
                };
                // Runs before the fitted evaluation name no base: the order one is the
                // default.
                let base = match o.base {
                    BasePolicy::Order => String::new(),
                    other => format!(" base={}", other.name()),
                };
                let extend = if o.extend > 1 {
                    format!(" extend={}", o.extend)
                } else {
                    String::new()
                };
                match o.levels {
                    0 => format!("{name} levels=0{base}"),
                    1 if nested.is_empty() => {
                        format!("{name} samples={} levels=1{exact}{base}{extend}", o.samples)
                    }
                    _ => format!(
                        "{name} samples={} levels={} inner-samples={}{nested}{exact}{base}{extend}",
                        o.samples, o.levels, o.inner_samples
                    ),
                }
            }
            PlayerKind::Random | PlayerKind::RuleBased => name.to_string(),
        }
    }
}

/// A uniformly random legal move, `None` when there is none.
///
/// ```
/// use cgtk_solitaire::{random_move, Position, Rules};
/// use rand::SeedableRng;
/// let mut pos = Position::start(Rules::STANDARD);
/// pos.turn(9).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// assert!(random_move(&pos, &mut rng).is_some());
/// ```
pub fn random_move<R: Rng>(pos: &Position, rng: &mut R) -> Option<Move> {
    let mut moves = Vec::with_capacity(24);
    pos.moves(&mut moves);
    (!moves.is_empty()).then(|| moves[rng.gen_range(0..moves.len())])
}

/// How many cards foundation `f` still needs before it needs `rank` (`None` when `rank`
/// is already on it).
fn distance(pos: &Position, f: usize, rank: u8) -> Option<u8> {
    let rules = pos.rules();
    let level = rules.level_of(f, rank);
    let have = pos.level(f);
    (level > have).then(|| level - have - 1)
}

/// The rule-based player's move, `None` when the game is over or a card must be turned:
///
/// 1. The turned card goes to a foundation it fits (the first).
/// 2. Else a waste pile's top that fits a foundation goes there.
/// 3. Else the turned card goes to a waste pile: a king onto the last pile, which is kept
///    for kings; another card onto the pile where it lies best: on a card that some
///    foundation needs right after it (building the pile downwards in that foundation's
///    order) scores highest, then piles whose top is needed later than the card, by how
///    much; an empty pile scores 0, a pile whose top is needed sooner is negative.
///
/// ```
/// use cgtk_solitaire::{rule_based_move, Move, Position, Rules};
/// let mut pos = Position::start(Rules::STANDARD);
/// pos.turn(13).unwrap();
/// assert_eq!(rule_based_move(&pos), Some(Move::StockToWaste(3))); // the kings' pile
/// ```
pub fn rule_based_move(pos: &Position) -> Option<Move> {
    if pos.is_chance() || pos.is_won() {
        return None;
    }
    if let Some(home) = home_move(pos) {
        return Some(home);
    }
    let rules = pos.rules();
    let foundations = rules.foundations();
    let card = pos.turned()?;
    let piles = rules.piles();
    let king = rules.ranks();
    let kings_pile = piles - 1;
    if card == king && piles > 1 {
        return Some(Move::StockToWaste(kings_pile as u8));
    }
    // How soon each foundation needs the card; the least is its urgency (how soon it can
    // go home).
    let mut card_distance = [None; crate::rules::MAX_FOUNDATIONS];
    for (f, d) in card_distance.iter_mut().enumerate().take(foundations) {
        *d = distance(pos, f, card);
    }
    let card_urgency = card_distance.iter().flatten().min().map_or(u8::MAX, |&d| d) as i32;
    let mut best = (i32::MIN, 0usize);
    for w in 0..piles {
        let score = match pos.pile(w).last() {
            _ if w == kings_pile
                && piles > 1
                && pos.pile(w).last() != Some(&king)
                && !pos.pile(w).is_empty() =>
            {
                -1000
            }
            _ if w == kings_pile && piles > 1 => -500,
            None => 0,
            Some(&top) => {
                // Just after: some foundation needs the top right after the card.
                let mut just_after = false;
                let mut top_urgency = u8::MAX;
                for (f, card_d) in card_distance.iter().enumerate().take(foundations) {
                    let top_d = distance(pos, f, top);
                    just_after |= card_d.is_some() && top_d == card_d.map(|d| d + 1);
                    if let Some(d) = top_d {
                        top_urgency = top_urgency.min(d);
                    }
                }
                if just_after {
                    100
                } else {
                    top_urgency as i32 - card_urgency - 1
                }
            }
        };
        if score > best.0 {
            best = (score, w);
        }
    }
    Some(Move::StockToWaste(best.1 as u8))
}

/// A card that fits goes home first: the turned card to the first foundation that needs it,
/// else the first waste pile top that some foundation needs (rules 1 and 2 above).
pub(crate) fn home_move(pos: &Position) -> Option<Move> {
    let rules = pos.rules();
    let foundations = rules.foundations();
    let wanted = pos.wanted();
    if let Some(card) = pos.turned().filter(|&card| wanted >> card & 1 != 0) {
        if let Some(f) = (0..foundations).find(|&f| pos.needs(f) == Some(card)) {
            return Some(Move::StockToFoundation(f as u8));
        }
    }
    for w in 0..rules.piles() {
        if let Some(&top) = pos.pile(w).last().filter(|&&top| wanted >> top & 1 != 0) {
            if let Some(f) = (0..foundations).find(|&f| pos.needs(f) == Some(top)) {
                return Some(Move::WasteToFoundation {
                    pile: w as u8,
                    foundation: f as u8,
                });
            }
        }
    }
    None
}

/// The move of [`PlayoutPolicy::GreedyRandom`].
fn greedy_random_move<R: Rng>(pos: &Position, rng: &mut R) -> Option<Move> {
    if pos.is_chance() || pos.is_won() {
        return None;
    }
    if let Some(home) = home_move(pos) {
        return Some(home);
    }
    pos.turned()?;
    Some(Move::StockToWaste(
        rng.gen_range(0..pos.rules().piles()) as u8
    ))
}

/// The move of [`PlayoutPolicy::RandomHomeFirst`]: uniform among the foundation moves of
/// [`Position::moves`] (in its order) when there is one, else uniform among its moves (the
/// turned card onto each waste pile). Built without listing the waste moves, it draws
/// exactly as picking from the filtered list would, so playouts are unchanged.
fn random_home_first_move<R: Rng>(
    pos: &Position,
    rng: &mut R,
    buffer: &mut Vec<Move>,
) -> Option<Move> {
    buffer.clear();
    if pos.is_won() || pos.is_chance() {
        return None;
    }
    let rules = pos.rules();
    let foundations = rules.foundations();
    let turned = pos.turned();
    let wanted = pos.wanted();
    if let Some(card) = turned.filter(|&card| wanted >> card & 1 != 0) {
        for f in 0..foundations {
            if pos.needs(f) == Some(card) {
                buffer.push(Move::StockToFoundation(f as u8));
            }
        }
    }
    for w in 0..rules.piles() {
        if let Some(&top) = pos.pile(w).last().filter(|&&top| wanted >> top & 1 != 0) {
            for f in 0..foundations {
                if pos.needs(f) == Some(top) {
                    buffer.push(Move::WasteToFoundation {
                        pile: w as u8,
                        foundation: f as u8,
                    });
                }
            }
        }
    }
    if !buffer.is_empty() {
        return Some(buffer[rng.gen_range(0..buffer.len())]);
    }
    turned.map(|_| Move::StockToWaste(rng.gen_range(0..rules.piles()) as u8))
}

/// Plays from `pos` to the end with `policy`, turning random cards; returns the reward.
fn playout<R: Rng>(
    pos: &mut Position,
    policy: PlayoutPolicy,
    reward: Reward,
    rng: &mut R,
    buffer: &mut Vec<Move>,
) -> f64 {
    loop {
        if pos.is_chance() {
            pos.turn_random(rng);
            continue;
        }
        let mv = match policy {
            PlayoutPolicy::Random => {
                pos.moves(buffer);
                if buffer.is_empty() {
                    None
                } else {
                    Some(buffer[rng.gen_range(0..buffer.len())])
                }
            }
            PlayoutPolicy::RuleBased => rule_based_move(pos),
            PlayoutPolicy::GreedyRandom => greedy_random_move(pos, rng),
            PlayoutPolicy::Blend(percent) if rng.gen_range(0..100u8) < percent => {
                rule_based_move(pos)
            }
            PlayoutPolicy::Greedy => crate::rollout::greedy_move(pos),
            PlayoutPolicy::GreedyBlend(percent) if rng.gen_range(0..100u8) < percent => {
                crate::rollout::greedy_move(pos)
            }
            PlayoutPolicy::RandomHomeFirst
            | PlayoutPolicy::Blend(_)
            | PlayoutPolicy::GreedyBlend(_) => random_home_first_move(pos, rng, buffer),
        };
        match mv {
            Some(mv) => pos.play_unchecked(mv),
            None => return score(pos, reward),
        }
    }
}

fn score(pos: &Position, reward: Reward) -> f64 {
    if pos.is_won() {
        return 1.0;
    }
    match reward {
        Reward::WinLoss => 0.0,
        Reward::Graded => pos.cards_on_foundations() as f64 / pos.rules().deck_len() as f64,
        Reward::Mixed(weight) => {
            weight * pos.cards_on_foundations() as f64 / pos.rules().deck_len() as f64
        }
    }
}

/// Plays one random playout from `pos` with `policy` and returns whether it won: the unit
/// the playout benchmark measures.
///
/// ```
/// use cgtk_solitaire::{random_playout, PlayoutPolicy, Position, Rules};
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let won = random_playout(&Position::start(Rules::STANDARD), PlayoutPolicy::Random, &mut rng);
/// assert!(!won || true);
/// ```
pub fn random_playout<R: Rng>(pos: &Position, policy: PlayoutPolicy, rng: &mut R) -> bool {
    let mut p = *pos;
    let mut buffer = Vec::with_capacity(24);
    playout(&mut p, policy, Reward::WinLoss, rng, &mut buffer) == 1.0
}

/// The Monte Carlo player's move: the only legal move when there is one, else the most
/// visited move of a [`chance_mcts`] search with `options`, seeded with `seed`.
///
/// ```
/// use cgtk_solitaire::{mcts_move, MctsOptions, Move, Position, Rules};
/// let mut pos = Position::start(Rules::STANDARD);
/// pos.turn(2).unwrap();
/// // Putting the 2 home is plainly best.
/// assert_eq!(mcts_move(&pos, &MctsOptions::best(300), 1), Some(Move::StockToFoundation(0)));
/// ```
pub fn mcts_move(pos: &Position, options: &MctsOptions, seed: u64) -> Option<Move> {
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    match moves.len() {
        0 => return None,
        1 => return Some(moves[0]),
        _ => {}
    }
    let config = ChanceMctsConfig {
        playouts: options.playouts,
        exploration: options.exploration,
        expansion_threshold: options.expansion_threshold,
        seed,
    };
    let mut buffer = Vec::with_capacity(24);
    let (policy, reward) = (options.policy, options.reward);
    if options.lean {
        let root = Lean::new(*pos);
        root.lean_moves(&mut moves);
        if moves.len() == 1 {
            return Some(moves[0]);
        }
        let result = chance_mcts(&root, &config, |g, rng| {
            let mut p = *g.position();
            playout(&mut p, policy, reward, rng, &mut buffer)
        });
        return match result.best_move {
            Some(crate::position::Step::Play(mv)) => Some(mv),
            _ => moves.first().copied(),
        };
    }
    let result = chance_mcts(pos, &config, |p, rng| {
        playout(p, policy, reward, rng, &mut buffer)
    });
    match result.best_move {
        Some(crate::position::Step::Play(mv)) => Some(mv),
        _ => Some(moves[0]),
    }
}

/// What a player's decision rests on ([`PlayerKind::decide`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Basis {
    /// A uniformly random legal move.
    Random,
    /// The rules of thumb.
    Rules,
    /// A Monte Carlo tree search of that many playouts.
    Search {
        /// Playouts searched.
        playouts: u32,
    },
    /// Sampled stock orders, each solved with every card known ([`pimc_move`](crate::pimc_move)):
    /// the best move's score and the moves compared.
    Solved {
        /// The best move's wins over the samples.
        best: f64,
        /// The stock orders sampled.
        samples: u32,
        /// The moves compared.
        moves: usize,
    },
    /// Each placement judged by the solver on the same sampled orders
    /// ([`hindsight_moves`](crate::hindsight_moves)): the best placement's score (a robust
    /// win counting 2) and the placements compared.
    Hindsight {
        /// The best placement's score over the samples.
        best: f64,
        /// The stock orders sampled.
        samples: u32,
        /// The placements compared.
        placements: usize,
    },
    /// The rollout player's choice ([`rollout_choice_in`](crate::rollout_choice_in)).
    Rollout(crate::rollout::RolloutChoice),
}

/// A player's next moves (up to and including the placement of the turned card for the
/// players that decide placements, else one move) and what they rest on.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The moves, in order; never empty.
    pub moves: Vec<Move>,
    /// What they rest on.
    pub basis: Basis,
}

impl PlayerKind {
    /// The player's next moves at `pos` (a position with a card turned, or with the stock
    /// used up), its random choices drawn from `rng`; `None` when the game is over. The
    /// rollout player's exact endgame remembers its positions in `memory` from one call to
    /// the next (keep one memory for the placements of one game).
    ///
    /// [`play_out`] plays a game by it, so a front end asking for the moves one decision at
    /// a time, with one generator seeded as `play_out` seeds it, plays the same game.
    ///
    /// ```
    /// use cgtk_solitaire::{play_out, Basis, Calculation, Deal, ExactMemory, PlayerKind, Rules};
    /// use rand::SeedableRng;
    /// let deal = Deal::from_seed(Rules::STANDARD, 4);
    /// let player = PlayerKind::Random;
    /// let mut game = Calculation::new(deal.clone());
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    /// let mut memory = ExactMemory::default();
    /// while let Some(decision) = player.decide(game.position(), &mut rng, &mut memory) {
    ///     assert_eq!(decision.basis, Basis::Random);
    ///     for mv in decision.moves {
    ///         game.play(mv).unwrap();
    ///     }
    /// }
    /// assert_eq!(game.moves(), play_out(&deal, &player, 9).moves());
    /// ```
    pub fn decide<R: Rng>(
        &self,
        pos: &Position,
        rng: &mut R,
        memory: &mut crate::exact::ExactMemory,
    ) -> Option<Decision> {
        let one = |mv: Option<Move>, basis: Basis| {
            mv.map(|mv| Decision {
                moves: vec![mv],
                basis,
            })
        };
        match self {
            PlayerKind::Random => one(random_move(pos, rng), Basis::Random),
            PlayerKind::RuleBased => one(rule_based_move(pos), Basis::Rules),
            PlayerKind::Mcts(options) => one(
                mcts_move(pos, options, rng.gen()),
                Basis::Search {
                    playouts: options.playouts,
                },
            ),
            PlayerKind::Pimc(options) => {
                let (mv, wins) = crate::pimc::pimc_move(pos, options, rng.gen())?;
                let basis = Basis::Solved {
                    best: wins.iter().copied().fold(0.0, f64::max),
                    samples: options.samples,
                    moves: wins.len(),
                };
                one(Some(mv), basis)
            }
            PlayerKind::Hindsight(options) => {
                let (moves, scores) = crate::hindsight::hindsight_moves(pos, options, rng.gen())?;
                let basis = Basis::Hindsight {
                    best: scores.iter().copied().fold(0.0, f64::max),
                    samples: options.samples,
                    placements: scores.len(),
                };
                (!moves.is_empty()).then_some(Decision { moves, basis })
            }
            PlayerKind::Rollout(options) => {
                let choice = crate::rollout::rollout_choice_in(pos, options, rng.gen(), memory)?;
                (!choice.moves.is_empty()).then(|| Decision {
                    moves: choice.moves.clone(),
                    basis: Basis::Rollout(choice),
                })
            }
        }
    }
}

/// A player through one game: its decisions ([`PlayerKind::decide`]), the exact search's
/// memory kept from one to the next, and the rest of the line it last decided (waste tops
/// home, then the turned card), played on move by move rather than decided again. A
/// front end that asks for one move at a time, and may play others in between (a hint
/// the user does not follow), plays as [`play_out`] does.
///
/// ```
/// use cgtk_solitaire::{play_out, Calculation, Deal, GamePlayer, PlayerKind, RolloutOptions, Rules};
/// use rand::SeedableRng;
/// let deal = Deal::from_seed(Rules::STANDARD, 3);
/// let kind = PlayerKind::Rollout(RolloutOptions::new(10));
/// let mut player = GamePlayer::new(kind);
/// let mut game = Calculation::new(deal.clone());
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
/// let mut continued = 0;
/// while let Some(next) = player.next_move(&game.position().clone(), &mut rng) {
///     continued += usize::from(next.continued);
///     let (before, mv) = (*game.position(), next.mv);
///     game.play(mv).unwrap();
///     player.played(&before, mv, game.position());
/// }
/// assert_eq!(game.moves(), play_out(&deal, &kind, 9).moves());
/// assert!(continued > 0);
/// ```
#[derive(Debug)]
pub struct GamePlayer {
    kind: PlayerKind,
    memory: crate::exact::ExactMemory,
    line: Option<Line>,
}

/// The rest of a decided line ([`GamePlayer`]).
#[derive(Debug)]
struct Line {
    /// The position its next move is for.
    from: Position,
    /// Its moves from there on, never empty.
    moves: Vec<Move>,
    /// What the decision rested on.
    basis: Basis,
    /// Whether moves of it have been played.
    continued: bool,
}

/// A [`GamePlayer`]'s next move and what it rests on.
#[derive(Clone, Copy, Debug)]
pub struct NextMove<'a> {
    /// The move.
    pub mv: Move,
    /// What the decision it belongs to rested on.
    pub basis: &'a Basis,
    /// Whether it goes on with a line decided before (moves of it already played).
    pub continued: bool,
}

impl GamePlayer {
    /// `kind` at the start of a game, with an empty memory.
    pub fn new(kind: PlayerKind) -> GamePlayer {
        GamePlayer {
            kind,
            memory: crate::exact::ExactMemory::default(),
            line: None,
        }
    }

    /// The player.
    pub fn kind(&self) -> &PlayerKind {
        &self.kind
    }

    /// The next move at `pos`: the next of the line decided before when `pos` is where it
    /// goes on, else the first of a new decision, whose random choices draw from `rng`;
    /// `None` when the game is over. Asked again at `pos`, it gives the same move.
    pub fn next_move<R: Rng>(&mut self, pos: &Position, rng: &mut R) -> Option<NextMove<'_>> {
        if self.line.as_ref().map_or(true, |line| line.from != *pos) {
            let decision = self.kind.decide(pos, rng, &mut self.memory)?;
            self.line = Some(Line {
                from: *pos,
                moves: decision.moves,
                basis: decision.basis,
                continued: false,
            });
        }
        let line = self.line.as_ref()?;
        Some(NextMove {
            mv: *line.moves.first()?,
            basis: &line.basis,
            continued: line.continued,
        })
    }

    /// Tells the player that `mv` was played at `before`, reaching `after`: the line moves
    /// on when `mv` was its next move, and any other move ends it.
    pub fn played(&mut self, before: &Position, mv: Move, after: &Position) {
        self.line = self.line.take().and_then(|mut line| {
            let follows = line.from == *before && line.moves[0] == mv && line.moves.len() > 1;
            follows.then(|| {
                line.moves.remove(0);
                line.from = *after;
                line.continued = true;
                line
            })
        });
    }
}

/// Plays `deal` to the end with `player`, reproducibly: the random player and each search
/// draw from one generator, `ChaCha8Rng::seed_from_u64(seed)`, through the game
/// ([`GamePlayer`]).
///
/// ```
/// use cgtk_solitaire::{play_out, Deal, PlayerKind, Rules};
/// let deal = Deal::from_seed(Rules::STANDARD, 5);
/// let a = play_out(&deal, &PlayerKind::Random, 9);
/// let b = play_out(&deal, &PlayerKind::Random, 9);
/// assert_eq!(a.moves(), b.moves());
/// assert!(a.is_over());
/// ```
pub fn play_out(deal: &Deal, player: &PlayerKind, seed: u64) -> Calculation {
    let mut game = Calculation::new(deal.clone());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut player = GamePlayer::new(*player);
    loop {
        let before = *game.position();
        let Some(next) = player.next_move(&before, &mut rng) else {
            return game;
        };
        let mv = next.mv;
        if game.play(mv).is_err() {
            // The players only return legal moves; stop rather than loop.
            return game;
        }
        player.played(&before, mv, game.position());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// The filtered list `random_home_first_move` stands for: every legal move, less the
    /// waste moves when a foundation move exists, one drawn uniformly.
    fn from_the_list<R: Rng>(pos: &Position, rng: &mut R) -> Option<Move> {
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        if moves.iter().any(|m| !matches!(m, Move::StockToWaste(_))) {
            moves.retain(|m| !matches!(m, Move::StockToWaste(_)));
        }
        (!moves.is_empty()).then(|| moves[rng.gen_range(0..moves.len())])
    }

    #[test]
    fn home_first_moves_draw_as_the_filtered_list_does_and_wanted_ranks_are_needed() {
        let mut buffer = Vec::new();
        let mut compared = 0;
        for (rules, games) in [(Rules::STANDARD, 300), (Rules::new(5, 2, 2).unwrap(), 300)] {
            let mut walk = ChaCha8Rng::seed_from_u64(11);
            for _ in 0..games {
                let mut pos = Position::start(rules);
                loop {
                    if pos.is_chance() {
                        pos.turn_random(&mut walk);
                        continue;
                    }
                    // The bit set of wanted ranks says what `needs` says.
                    let wanted = pos.wanted();
                    for rank in 1..=rules.ranks() {
                        let needed = (0..rules.foundations()).any(|f| pos.needs(f) == Some(rank));
                        assert_eq!(wanted >> rank & 1 != 0, needed, "{rank} in {pos:?}");
                    }
                    let seed: u64 = walk.gen();
                    let (mut a, mut b) = (
                        ChaCha8Rng::seed_from_u64(seed),
                        ChaCha8Rng::seed_from_u64(seed),
                    );
                    let fast = random_home_first_move(&pos, &mut a, &mut buffer);
                    assert_eq!(fast, from_the_list(&pos, &mut b), "{pos:?}");
                    // The same draws were used, so the generators are still in step.
                    assert_eq!(a.gen::<u64>(), b.gen::<u64>());
                    compared += 1;
                    match fast {
                        Some(mv) => pos.play_unchecked(mv),
                        None => break,
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }
}
