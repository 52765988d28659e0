//! `cgtk calculation …`: the Calculation patience (Broken Intervals): deals, playing a deal
//! out with a player, the full-information solver and reviews of games with it, win-rate
//! benchmarks over many deals (sharded for several machines) and adding up their results.

use crate::cli::{counted, read_input, usage, Context};
use anyhow::Result;
use cgtk_solitaire::{
    checkpoint, review_points, settle, solve_with, turning_point, Checkpoint, Move, SolveMethod,
};
use cgtk_solitaire::{
    play_out, solve, BasePolicy, BenchSummary, Calculation, Deal, DealSlice, PairedComparison,
    PlayerKind, PlayerName as Player, PlayerSettings, PlayoutPolicy, Reward, Rules, SettingStyle,
    Solution, SolveLimits, MAX_LISTED_DEALS,
};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args as ClapArgs, Subcommand, ValueEnum};
use rayon::prelude::*;
use serde::Serialize;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The `calculation` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print numbered deal SEED: the 48 stock cards in the order they are turned.
    ///
    /// The shuffle is ChaCha8 seeded with SEED, then Fisher–Yates (see the library docs),
    /// so a number names the same deal everywhere.
    Deal {
        /// The deal's number.
        #[arg(allow_negative_numbers = true)]
        seed: u64,
    },
    /// Play one deal to the end with a player and print its moves.
    PlayOut {
        /// The deal's number.
        #[arg(long, allow_negative_numbers = true)]
        seed: u64,
        /// Who plays.
        #[arg(long, default_value = "rule-based", value_parser = player_parser())]
        player: Player,
        /// Waste piles: 4, or 3 in the variant.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(3..=4), allow_negative_numbers = true)]
        piles: u8,
        #[command(flatten)]
        mcts: MctsArgs,
    },
    /// Decide whether a deal can be won with every card known, and print a winning line.
    ///
    /// Beam searches of growing width look for a win first (90% of the node limit), then a
    /// depth-first search with a transposition table and proved dominances; at the node or
    /// time limit the answer is `unknown`.
    #[command(group(clap::ArgGroup::new("which_deal").required(true).args(["seed", "deal"])))]
    Solve {
        /// The deal's number.
        #[arg(long, allow_negative_numbers = true)]
        seed: Option<u64>,
        /// A file with the 48 stock cards in turning order (A 2 … 10 J Q K, suits optional
        /// and ignored, `#` starts a comment; `-` reads standard input).
        #[arg(long, value_name = "FILE")]
        deal: Option<PathBuf>,
        /// Waste piles: 4, or 3 in the variant.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(3..=4), allow_negative_numbers = true)]
        piles: u8,
        /// Positions to search at most, at least 1.
        #[arg(long, default_value_t = 5_000_000, value_parser = clap::value_parser!(u64).range(1..), allow_negative_numbers = true)]
        nodes: u64,
        /// Seconds to search at most.
        #[arg(long, value_name = "SECONDS", allow_hyphen_values = true)]
        time: Option<f64>,
        /// How to search: beam searches then depth-first (the default), depth-first
        /// alone, or one breadth-first search with no width limit.
        #[arg(long, value_enum, default_value_t = MethodName::Beam)]
        method: MethodName,
    },
    /// Review a game with every card known: after each card placed, could the deal still
    /// be won? Shows where a lost game went wrong and a winning line from the last point
    /// that could still be won.
    ///
    /// The game is a player's (`--player`, played as `play-out` plays it) or one read from
    /// `--game FILE`. Each point is searched by the solver with `--nodes` positions; a
    /// point with no win found within them is "no win found", not "lost", unless the
    /// search proves it.
    Review {
        /// The deal's number (may be left out when --game is play-out's JSON, which names
        /// it).
        #[arg(long, allow_negative_numbers = true)]
        seed: Option<u64>,
        /// Waste piles: 4 (the default), or 3 in the variant (taken from play-out's JSON
        /// when left out).
        #[arg(long, value_parser = clap::value_parser!(u8).range(3..=4), allow_negative_numbers = true)]
        piles: Option<u8>,
        /// Who plays the game reviewed (default rule-based; not with --game, whose moves
        /// are the game).
        #[arg(long, value_parser = player_parser(), conflicts_with = "game")]
        player: Option<Player>,
        /// The game's moves: the JSON of `cgtk --json calculation play-out` (its `moves`),
        /// or moves in the notation separated by spaces or lines (`-` reads standard
        /// input).
        #[arg(long, value_name = "FILE")]
        game: Option<PathBuf>,
        /// Positions the solver may search at each point, at least 1.
        #[arg(long, default_value_t = 200_000, value_parser = clap::value_parser!(u64).range(1..), allow_negative_numbers = true)]
        nodes: u64,
        #[command(flatten)]
        mcts: MctsArgs,
    },
    /// Play (or, with `--player solver`, solve) numbered deals in parallel and report the
    /// win rate with its 95% Wilson interval.
    ///
    /// Every game counted as won is replayed from its deal and checked. The JSON lists the
    /// numbers of the deals won (`won_deals`), for `calculation compare`.
    Bench {
        /// Who plays; `solver` counts the deals winnable with every card known.
        #[arg(long, value_parser = bench_player_parser())]
        player: BenchPlayer,
        /// How many deals (numbered from --first-seed), 1 to 100000000 (the most one result
        /// may list; a larger count runs as several runs with other --first-seed).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_LISTED_DEALS), allow_negative_numbers = true)]
        deals: u64,
        /// The first deal's number.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        first_seed: u64,
        /// Waste piles: 4, or 3 in the variant.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(3..=4), allow_negative_numbers = true)]
        piles: u8,
        /// Play only the I-th of N slices of the deals (deal number k with
        /// (k − first-seed) mod N = I − 1), e.g. `--shard 2/8` on the second of eight
        /// machines; `cgtk calculation merge` adds the slices' results.
        #[arg(long, value_name = "I/N", allow_hyphen_values = true)]
        shard: Option<String>,
        /// The solver's node limit per deal, at least 1 (with `--player solver`; default
        /// 2000000).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..), allow_negative_numbers = true)]
        nodes: Option<u64>,
        #[command(flatten)]
        mcts: MctsArgs,
    },
    /// Add up the JSON results of `bench` runs (shards of one run), with the rate and
    /// interval recomputed. A deal found in two of the files (a shard given twice: played
    /// in both, or won in both for results that do not list the deals played) is refused,
    /// as is a file whose counts do not add up.
    Merge {
        /// JSON files written by `cgtk --json calculation bench`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Compare two `bench` results on the same deals (or, with --common, on the deals both
    /// played) deal by deal: the deals each player won alone and the exact two-sided sign
    /// test (McNemar) of the difference.
    Compare {
        /// JSON written by `cgtk --json calculation bench` (or `merge`) for the first player.
        first: PathBuf,
        /// The second player's JSON, over the same deals.
        second: PathBuf,
        /// Compare on the deals both results list, when they cover different deals (runs
        /// still under way, or one on part of the other's deals).
        #[arg(long)]
        common: bool,
    },
}

/// Methods of `solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MethodName {
    /// Beam searches of growing width, then the depth-first search.
    #[value(name = "beam-first")]
    Beam,
    /// The depth-first search alone.
    #[value(name = "depth-first")]
    Depth,
    /// One breadth-first search with no width limit (exhaustive).
    #[value(name = "breadth-first")]
    Breadth,
}

impl MethodName {
    fn method(self) -> SolveMethod {
        match self {
            MethodName::Beam => SolveMethod::BeamFirst,
            MethodName::Depth => SolveMethod::DepthFirst,
            MethodName::Breadth => SolveMethod::BreadthFirst,
        }
    }
}

/// `--player`'s values: the library's players, each with what it does, and with
/// `solver` the full-information solver (`bench`).
fn player_values(solver: bool) -> Vec<PossibleValue> {
    let mut values: Vec<PossibleValue> = Player::ALL
        .into_iter()
        .map(|p| PossibleValue::new(p.name()).help(p.about()))
        .collect();
    if solver {
        values.push(
            PossibleValue::new("solver").help("Count the deals winnable with every card known."),
        );
    }
    values
}

/// Reads `--player` of `play-out` and `review`: a player's name.
fn player_parser() -> impl TypedValueParser<Value = Player> {
    PossibleValuesParser::new(player_values(false))
        .try_map(|name| Player::from_name(&name).ok_or("not a player"))
}

/// Who `bench` runs: a player, or the full-information solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchPlayer {
    /// A player plays each deal.
    Player(Player),
    /// Count the deals winnable with every card known.
    Solver,
}

/// Reads `bench`'s `--player`: a player's name or `solver`.
fn bench_player_parser() -> impl TypedValueParser<Value = BenchPlayer> {
    PossibleValuesParser::new(player_values(true)).try_map(|name| match name.as_str() {
        "solver" => Ok(BenchPlayer::Solver),
        _ => Player::from_name(&name)
            .map(BenchPlayer::Player)
            .ok_or("not a player"),
    })
}

/// Options of the Monte Carlo players (defaults depend on the player).
#[derive(Debug, Clone, ClapArgs)]
pub struct MctsArgs {
    /// Playouts per move (mcts and best; default 1000).
    #[arg(long, allow_negative_numbers = true)]
    playouts: Option<u32>,
    /// The UCB1 exploration constant c (default: √2 for mcts, 0.5 for best).
    #[arg(long, allow_hyphen_values = true)]
    exploration: Option<f64>,
    /// Visits before a leaf grows children (mcts and best; default 1).
    #[arg(long, allow_negative_numbers = true)]
    threshold: Option<u32>,
    /// How playouts move (default: random for mcts, blend for best).
    #[arg(long, value_enum)]
    playout_policy: Option<PolicyName>,
    /// How playouts are scored (default: win-loss for mcts, mixed for best; `mixed`: 1
    /// for a win, else --mixed-weight × the cards home / 52).
    #[arg(long, value_enum)]
    reward: Option<RewardName>,
    /// The percent of a `blend` playout's decisions made by the rules of thumb (of a
    /// `greedy-blend` playout's, by the greedy base policy); default 50.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=100), allow_negative_numbers = true)]
    blend_percent: Option<u8>,
    /// What a lost playout's cards home are worth with the `mixed` reward (in [0, 1]);
    /// default 0.2.
    #[arg(long, allow_hyphen_values = true)]
    mixed_weight: Option<f64>,
    /// Which moves the search tree holds: `full` (every legal move) or `lean` (no moves
    /// onto or from a copy of another waste pile, and a waste move only when the next move
    /// touches its pile or foundation; no strategy is lost). Default: full for mcts, lean
    /// for best.
    #[arg(long, value_enum)]
    tree: Option<TreeName>,
    /// The seed of the players' random choices (default: the deal's number).
    #[arg(long, allow_negative_numbers = true)]
    player_seed: Option<u64>,
    /// Stock orders sampled per move (pimc; default 20) or per turned card (hindsight,
    /// default 16; rollout, default 200).
    #[arg(long, allow_negative_numbers = true)]
    samples: Option<u32>,
    /// Rollout levels, 0 to 2 (rollout; default 1): 0 plays the greedy base policy alone,
    /// 1 rolls it out, 2 rolls out a level-1 player (slow: every simulated decision samples
    /// too; each level multiplies the time by about a thousand, so for a level deeper
    /// still late in the deal give --nested-cards).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=2), allow_negative_numbers = true)]
    levels: Option<u8>,
    /// Stock orders sampled per decision of the levels below the top (rollout with
    /// --levels 2, or with --nested-cards or --escalate-cards; default 4).
    #[arg(long, allow_negative_numbers = true)]
    inner_samples: Option<u32>,
    /// Late in the deal, once at most C cards are face down (0 to 48), roll out a player one
    /// level deeper (rollout; default 0, never): --nested-samples orders per placement, each
    /// played by a rollout player sampling --inner-samples orders per decision. Before
    /// --exact-cards takes over.
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u8).range(0..=48), allow_negative_numbers = true)]
    nested_cards: Option<u8>,
    /// Stock orders sampled per placement once --nested-cards or --escalate-cards applies
    /// (rollout; default 100).
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    nested_samples: Option<u32>,
    /// Earlier in the deal, once at most C cards are face down (0 to 48, more than
    /// --nested-cards), decide again with that deeper player the placements a decision leaves
    /// open after its --samples: those still in the race, none of them surely behind (rollout;
    /// default 0, never). The deeper player where the quick one cannot tell the placements
    /// apart. With 3 piles, --nested-cards 32 --escalate-cards 48 won 41 of 63 deals, as many
    /// as without, at about 1.6 times the time.
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u8).range(0..=48), allow_negative_numbers = true)]
    escalate_cards: Option<u8>,
    /// Play exactly once at most K cards are face down (0 to 48; rollout with --levels 1 or
    /// more; default 0, never): the best chance of winning over every order of those cards,
    /// found by expectimax (with 5, at most about a processor second a move; with 7 and
    /// --exact-positions 50000000, about 3 processor seconds more a game on average and up
    /// to about three minutes); a position too large for it is sampled.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u8).range(0..=48), allow_negative_numbers = true)]
    exact_cards: Option<u8>,
    /// Positions the exact search of --exact-cards may remember, 1 to 1000000000 (rollout;
    /// default 2000000, about 250 MB); past it the placement is sampled. The positions of a
    /// game's earlier exact placements are kept for the later ones while they fit. Its memory
    /// at the peak is about 120 bytes a position: with 7 cards face down searches measured
    /// remembered up to 48 million positions (about 6 GB).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000), allow_negative_numbers = true)]
    exact_positions: Option<u64>,
    /// The evaluation the rollout player's base policy ranks the places of the turned card
    /// by (rollout): `order` (default; the waste piles' order and the cards home) or
    /// `fitted` (thirteen features weighted as fitted to a 400-sample player's choices with
    /// 3 piles; see the library's `BasePolicy`). With 3 piles fitted wins more games at
    /// equal samples: at 400 samples it took about 1.27 times as long and at equal time did
    /// no better, but the strongest 3-pile player (--samples 12800 --nested-cards 32
    /// --nested-samples 100 --inner-samples 16 --exact-cards 7 --exact-positions 50000000)
    /// won 700 of deals 0–999 with it against 642 with order. With 4 piles fitted alone wins
    /// about half as many games.
    #[arg(long, value_enum)]
    base: Option<BaseName>,
    /// Let a top-level decision still open after its samples sample on, up to N times as many
    /// (1 to 64), while two or more placements stay in the race (rollout with --levels 1 or
    /// more; default 1, never). Past its samples a placement also leaves the race once the
    /// leader is surely no worse than it by more than half a percent of a win. At equal time it
    /// did not help: with 3 piles 400 samples extended up to 4 times won 545 of 1,600 deals and
    /// 900 samples 549; with 4 piles 100 extended up to 4 times won 1,187 and 300 samples
    /// 1,277.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64), allow_negative_numbers = true)]
    extend: Option<u32>,
    /// Solver nodes per move and sample (pimc; default 2000) or per placement and sample
    /// (hindsight; default 1000).
    #[arg(long, alias = "solver-nodes", allow_negative_numbers = true)]
    sample_nodes: Option<u64>,
}

/// Playout policies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PolicyName {
    /// Uniformly random legal moves.
    Random,
    /// The rule-based player's moves.
    RuleBased,
    /// Cards that fit a foundation go there, else the turned card onto a random pile.
    GreedyRandom,
    /// Uniformly random legal moves, but never the turned card to a waste pile while a
    /// foundation move exists (uniform among the foundation moves then).
    RandomHomeFirst,
    /// The rule-based move with --blend-percent chance at each decision, otherwise the
    /// random-home-first move.
    Blend,
    /// The rollout player's greedy base policy (`--player rollout --levels 0`): a waste
    /// top that fits goes home, else the turned card where an evaluation of the waste
    /// piles' order likes it best.
    Greedy,
    /// The greedy move with --blend-percent chance at each decision, otherwise the
    /// random-home-first move.
    GreedyBlend,
}

/// Evaluations of the rollout player's base policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BaseName {
    /// 64 per card home, less a penalty per pair of waste cards in the wrong order.
    Order,
    /// Thirteen features of the waste piles, with fitted weights.
    Fitted,
}

/// Search trees of the Monte Carlo players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TreeName {
    /// Every legal move, foundation moves included.
    Full,
    /// Without moves onto pile copies or waste moves made early.
    Lean,
}

/// Playout rewards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RewardName {
    /// 1 for a win, 0 for a loss.
    WinLoss,
    /// Cards on the foundations / 52.
    Graded,
    /// 1 for a win, else --mixed-weight × cards on the foundations / 52.
    Mixed,
}

impl PolicyName {
    fn policy(self) -> PlayoutPolicy {
        match self {
            PolicyName::Random => PlayoutPolicy::Random,
            PolicyName::RuleBased => PlayoutPolicy::RuleBased,
            PolicyName::GreedyRandom => PlayoutPolicy::GreedyRandom,
            PolicyName::RandomHomeFirst => PlayoutPolicy::RandomHomeFirst,
            PolicyName::Blend => PlayoutPolicy::Blend(50),
            PolicyName::Greedy => PlayoutPolicy::Greedy,
            PolicyName::GreedyBlend => PlayoutPolicy::GreedyBlend(50),
        }
    }
}

impl RewardName {
    fn reward(self) -> Reward {
        match self {
            RewardName::WinLoss => Reward::WinLoss,
            RewardName::Graded => Reward::Graded,
            RewardName::Mixed => Reward::Mixed(0.2),
        }
    }
}

// The ranges of the numeric options above are the library's (`PlayerSettings::player`
// checks them again for the variant words of `play calculation`): clap states them for a
// number out of range or too large for its type alike (`--levels 300` was refused as not in
// 0..=255 without them).
impl MctsArgs {
    /// The players' settings given on the command line (all but `--player-seed`).
    fn settings(&self) -> PlayerSettings {
        PlayerSettings {
            playouts: self.playouts,
            exploration: self.exploration,
            threshold: self.threshold,
            policy: self.playout_policy.map(PolicyName::policy),
            reward: self.reward.map(RewardName::reward),
            blend_percent: self.blend_percent,
            mixed_weight: self.mixed_weight,
            lean: self.tree.map(|t| t == TreeName::Lean),
            samples: self.samples,
            sample_nodes: self.sample_nodes,
            levels: self.levels,
            inner_samples: self.inner_samples,
            nested_cards: self.nested_cards,
            nested_samples: self.nested_samples,
            escalate_cards: self.escalate_cards,
            exact_cards: self.exact_cards,
            exact_positions: self.exact_positions,
            base: self.base.map(|b| match b {
                BaseName::Order => BasePolicy::Order,
                BaseName::Fitted => BasePolicy::Fitted,
            }),
            extend: self.extend,
        }
    }

    /// The options given on the command line that `player` (`None`: the solver of `bench`)
    /// would ignore, refused by name rather than dropped.
    fn refuse_unused(&self, player: Option<Player>) -> Result<()> {
        if self.player_seed.is_some() && !player.is_some_and(Player::is_seeded) {
            // The rules of thumb draw no random numbers, nor does the solver.
            return Err(usage(format!(
                "--player-seed applies to the players that draw random numbers (all but rule-based), not to --player {}",
                player.map_or("solver", Player::name)
            )));
        }
        self.settings()
            .refuse_unused(player, "solver", SettingStyle::Options)
            .map_err(usage)
    }

    fn player(&self, name: Player) -> Result<PlayerKind> {
        self.refuse_unused(Some(name))?;
        self.settings()
            .player(name, SettingStyle::Options)
            .map_err(usage)
    }
}

/// Runs a `calculation` subcommand.
pub fn run(cmd: &Command, ctx: &Context) -> Result<()> {
    match cmd {
        Command::Deal { seed } => run_deal(*seed, ctx),
        Command::PlayOut {
            seed,
            player,
            piles,
            mcts,
        } => run_play_out(*seed, *player, *piles, mcts, ctx),
        Command::Solve {
            seed,
            deal,
            piles,
            nodes,
            time,
            method,
        } => run_solve(
            *seed,
            deal.as_ref(),
            *piles,
            *nodes,
            *time,
            method.method(),
            ctx,
        ),
        Command::Bench {
            player,
            deals,
            first_seed,
            piles,
            shard,
            nodes,
            mcts,
        } => run_bench(
            *player,
            *deals,
            *first_seed,
            *piles,
            shard.as_deref(),
            *nodes,
            mcts,
            ctx,
        ),
        Command::Merge { files } => run_merge(files, ctx),
        Command::Compare {
            first,
            second,
            common,
        } => run_compare(first, second, *common, ctx),
        Command::Review {
            seed,
            piles,
            player,
            game,
            nodes,
            mcts,
        } => run_review(
            *seed,
            *piles,
            player.unwrap_or(Player::RuleBased),
            game.as_deref(),
            *nodes,
            mcts,
            ctx,
        ),
    }
}

fn rules(piles: u8) -> Result<Rules> {
    Rules::standard(piles).map_err(usage)
}

#[derive(Serialize)]
struct DealReport {
    seed: u64,
    deal: Vec<String>,
}

fn run_deal(seed: u64, ctx: &Context) -> Result<()> {
    let deal = Deal::from_seed(Rules::STANDARD, seed);
    let report = DealReport {
        seed,
        deal: deal.rank_names(),
    };
    ctx.emit(&report, || deal.to_string())
}

#[derive(Serialize)]
struct PlayOutReport {
    seed: u64,
    player: String,
    piles: u8,
    deal: Vec<String>,
    moves: Vec<String>,
    won: bool,
    cards_on_foundations: usize,
}

fn run_play_out(seed: u64, name: Player, piles: u8, mcts: &MctsArgs, ctx: &Context) -> Result<()> {
    let player = mcts.player(name)?;
    let deal = Deal::from_seed(rules(piles)?, seed);
    let game = play_out(&deal, &player, mcts.player_seed.unwrap_or(seed));
    let report = PlayOutReport {
        seed,
        player: player.label(name),
        piles,
        deal: deal.rank_names(),
        moves: game.moves().iter().map(|m| m.to_string()).collect(),
        won: game.is_won(),
        cards_on_foundations: game.position().cards_on_foundations(),
    };
    ctx.emit(&report, || {
        format!(
            "deal {seed}: {deal}\nplayer: {}\nmoves: {}\n{}\n{}: {} of 52 cards on the foundations",
            report.player,
            report.moves.join(" "),
            game.position().render().trim_end(),
            if report.won { "won" } else { "lost" },
            report.cards_on_foundations
        )
    })
}

#[derive(Serialize)]
struct SolveOutput {
    result: &'static str,
    deal: Vec<String>,
    piles: u8,
    moves: Vec<String>,
    nodes: u64,
}

fn run_solve(
    seed: Option<u64>,
    file: Option<&PathBuf>,
    piles: u8,
    nodes: u64,
    time: Option<f64>,
    method: SolveMethod,
    ctx: &Context,
) -> Result<()> {
    let rules = rules(piles)?;
    let deal = match (seed, file) {
        (Some(seed), _) => Deal::from_seed(rules, seed),
        (None, Some(path)) => {
            let text = read_input(path)?;
            Deal::parse(rules, &text)
                .map_err(|e| usage(format!("invalid deal in {}: {e}", path.display())))?
        }
        (None, None) => return Err(usage("give --seed S or --deal FILE")),
    };
    let time = match time {
        Some(t) => crate::cli::time_limit("--time", t, false)?,
        None => None,
    };
    let report = solve_with(&deal, SolveLimits { nodes, time }, method);
    let (result, moves) = match &report.solution {
        Solution::Win(line) => ("win", line.iter().map(|m| m.to_string()).collect()),
        Solution::Loss => ("loss", Vec::new()),
        Solution::Unknown => ("unknown", Vec::new()),
    };
    let out = SolveOutput {
        result,
        deal: deal.rank_names(),
        piles,
        moves,
        nodes: report.nodes,
    };
    ctx.emit(&out, || {
        let mut text = format!("deal: {deal}\n{result} ({} positions searched)", out.nodes);
        if !out.moves.is_empty() {
            text.push_str(&format!("\nwinning line: {}", out.moves.join(" ")));
        }
        if result == "unknown" {
            text.push_str("\nthe search stopped at its limit; raise --nodes or --time");
        }
        text
    })
}

/// Parses `I/N` (1 ≤ I ≤ N).
fn parse_shard(text: &str) -> Result<(u64, u64)> {
    let bad = || {
        usage(format!(
            "--shard wants I/N with 1 ≤ I ≤ N, e.g. 2/8, not `{text}`"
        ))
    };
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let i: u64 = i.trim().parse().map_err(|_| bad())?;
    let n: u64 = n.trim().parse().map_err(|_| bad())?;
    if n == 0 || i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

#[allow(clippy::too_many_arguments)]
fn run_bench(
    who: BenchPlayer,
    deals: u64,
    first_seed: u64,
    piles: u8,
    shard: Option<&str>,
    nodes: Option<u64>,
    mcts: &MctsArgs,
    ctx: &Context,
) -> Result<()> {
    let rules = rules(piles)?;
    if nodes.is_some() && who != BenchPlayer::Solver {
        return Err(usage(
            "--nodes applies to --player solver (the players' own solver budgets are --sample-nodes)",
        ));
    }
    let nodes = nodes.unwrap_or(2_000_000);
    let (index, count) = match shard {
        Some(s) => parse_shard(s)?,
        None => (1, 1),
    };
    if first_seed.checked_add(deals - 1).is_none() {
        return Err(usage(format!(
            "--first-seed {first_seed} with --deals {deals} runs past the last deal number, {}: give at most {} from there",
            u64::MAX,
            counted(u64::MAX - first_seed + 1, "deal", "deals")
        )));
    }
    let slice = DealSlice::shard(first_seed, deals, index, count);
    // Shards past the number of deals are empty: `--deals 4 --shard 8/8` used to play no
    // deal, print "0 of 0 won" and name deal 7 in its JSON.
    if slice.count == 0 {
        return Err(usage(format!(
            "--shard {index}/{count} holds no deal: shard I/N plays every N-th deal from the I-th, so with --deals {deals} I is at most {deals} (use at most {} for every shard to hold deals)",
            counted(deals, "shard", "shards")
        )));
    }
    let seeds: Vec<u64> = slice.numbers().collect();
    let player = match who {
        BenchPlayer::Player(name) => Some((name, mcts.player(name)?)),
        BenchPlayer::Solver => {
            mcts.refuse_unused(None)?;
            None
        }
    };
    let label = match &player {
        Some((name, kind)) => kind.label(*name),
        // The node limit decides which deals are proved, so it names the run: results
        // of different limits are not added up.
        None => format!("solver nodes={nodes}"),
    };
    let bar = ctx.progress(seeds.len() as u64, "calculation bench");
    let won_deals = Mutex::new(Vec::new());
    let unknown = AtomicU64::new(0);
    let start = Instant::now();
    let cpu_start = cpu_time::ProcessTime::now();
    let failures: Vec<String> = seeds
        .par_iter()
        .filter_map(|&seed| {
            let deal = Deal::from_seed(rules, seed);
            let line = match &player {
                Some((_, kind)) => {
                    let game = play_out(&deal, kind, mcts.player_seed.unwrap_or(seed));
                    game.is_won().then(|| game.moves().to_vec())
                }
                None => match solve(&deal, SolveLimits { nodes, time: None }).solution {
                    Solution::Win(line) => Some(line),
                    Solution::Loss => None,
                    Solution::Unknown => {
                        unknown.fetch_add(1, Ordering::Relaxed);
                        None
                    }
                },
            };
            if let Some(bar) = &bar {
                bar.inc(1);
            }
            let line = line?;
            // Every win counted is replayed from the deal.
            match Calculation::replay(deal, &line) {
                Ok(game) if game.is_won() => {
                    if let Ok(mut won) = won_deals.lock() {
                        won.push(seed);
                    }
                    None
                }
                _ => Some(format!(
                    "deal {seed}: the winning line does not replay as a win"
                )),
            }
        })
        .collect();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(failure) = failures.first() {
        anyhow::bail!("{failure}");
    }
    let seconds = start.elapsed().as_secs_f64();
    let cpu_seconds = cpu_start.elapsed().as_secs_f64();
    let won_deals = won_deals
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a game of the benchmark panicked"))?;
    let summary = BenchSummary::new(
        &label,
        piles,
        first_seed,
        seeds.len() as u64,
        won_deals.len() as u64,
        unknown.load(Ordering::Relaxed),
        seconds,
    )
    .with_won_deals(won_deals)
    .with_deals(vec![slice])
    .with_cpu_seconds(cpu_seconds);
    ctx.emit(&summary, || summary_text(&summary))
}

fn summary_text(s: &BenchSummary) -> String {
    let mut text = format!(
        "{}, {} waste piles: {} of {} won, {:.2}% (95% interval {:.2}%–{:.2}%), {:.3} s per game",
        s.player,
        s.piles,
        s.wins,
        s.games,
        100.0 * s.rate,
        100.0 * s.ci_low,
        100.0 * s.ci_high,
        s.seconds_per_game
    );
    if let Some(cpu) = s.cpu_seconds_per_game {
        text.push_str(&format!(" ({cpu:.3} s of processor time)"));
    }
    if s.unknown > 0 {
        text.push_str(&format!(", {} undecided", s.unknown));
    }
    text
}

fn read_summary(path: &std::path::Path) -> Result<BenchSummary> {
    let text = read_input(path)?;
    let summary: BenchSummary = serde_json::from_str(&text).map_err(|e| {
        usage(format!(
            "{} is not a result of `cgtk --json calculation bench`: {e}",
            path.display()
        ))
    })?;
    summary
        .check()
        .map_err(|e| usage(format!("{}: {e}", path.display())))?;
    Ok(summary)
}

fn run_merge(files: &[PathBuf], ctx: &Context) -> Result<()> {
    let mut parts = Vec::new();
    for path in files {
        parts.push(read_summary(path)?);
    }
    let total = BenchSummary::merge(&parts).map_err(usage)?;
    ctx.emit(&total, || summary_text(&total))
}

#[derive(Serialize)]
struct CompareReport {
    first: String,
    second: String,
    games: u64,
    first_wins: u64,
    second_wins: u64,
    #[serde(flatten)]
    paired: PairedComparison,
}

fn run_compare(
    first: &std::path::Path,
    second: &std::path::Path,
    common: bool,
    ctx: &Context,
) -> Result<()> {
    let a = read_summary(first)?;
    let b = read_summary(second)?;
    for (s, path) in [(&a, first), (&b, second)] {
        if s.won_deals.len() as u64 != s.wins {
            return Err(usage(format!(
                "{} lists {} deals won but counts {} wins (written before `won_deals` existed?)",
                path.display(),
                s.won_deals.len(),
                s.wins
            )));
        }
    }
    // Results that list their deals must list the same ones (or, with --common, are
    // compared on the ones both list); older results are matched by their first deal and
    // number of games.
    if a.piles != b.piles {
        return Err(usage(format!(
            "{} and {} are games with different numbers of waste piles ({} and {})",
            first.display(),
            second.display(),
            a.piles,
            b.piles
        )));
    }
    // The games compared and the deals each player won among them.
    let (mut games, mut won_a, mut won_b) = (a.games, a.won_deals.clone(), b.won_deals.clone());
    if let (Some(x), Some(y)) = (a.deal_numbers(), b.deal_numbers()) {
        let shared: Vec<u64> = x
            .iter()
            .copied()
            .filter(|d| y.binary_search(d).is_ok())
            .collect();
        // Without a deal in common --common has nothing to compare: it is not suggested.
        if shared.is_empty() {
            return Err(usage(format!(
                "{} and {} share no deal ({}; {}): compare results of the same deals",
                first.display(),
                second.display(),
                counted(x.len() as u64, "deal", "deals"),
                counted(y.len() as u64, "deal", "deals"),
            )));
        }
        if common {
            for won in [&mut won_a, &mut won_b] {
                won.retain(|d| shared.binary_search(d).is_ok());
            }
            games = shared.len() as u64;
        } else if x != y {
            return Err(usage(format!(
                "{} and {} cover different deals ({} deals; {} deals; {} deals in common: --common compares on those)",
                first.display(),
                second.display(),
                x.len(),
                y.len(),
                shared.len()
            )));
        }
    } else if common {
        return Err(usage(format!(
            "--common needs both results to list their deals ({} or {} was written before `deals` existed)",
            first.display(),
            second.display()
        )));
    } else if (a.first_seed, a.games) != (b.first_seed, b.games) {
        return Err(usage(format!(
            "{} and {} cover different deals ({} games from {}; {} games from {})",
            first.display(),
            second.display(),
            a.games,
            a.first_seed,
            b.games,
            b.first_seed,
        )));
    }
    let report = CompareReport {
        first: a.player.clone(),
        second: b.player.clone(),
        games,
        first_wins: won_a.len() as u64,
        second_wins: won_b.len() as u64,
        paired: PairedComparison::new(&won_a, &won_b),
    };
    ctx.emit(&report, || {
        format!(
            "{} games\nfirst: {} ({} won)\nsecond: {} ({} won)\nwon by both {}, by the first only {}, by the second only {}; exact two-sided sign test p = {}",
            report.games,
            report.first,
            report.first_wins,
            report.second,
            report.second_wins,
            report.paired.both,
            report.paired.only_first,
            report.paired.only_second,
            if report.paired.p_value >= 0.001 {
                format!("{:.4}", report.paired.p_value)
            } else {
                format!("{:.1e}", report.paired.p_value)
            }
        )
    })
}

#[derive(Serialize)]
struct CheckpointReport {
    moves: usize,
    turned: usize,
    result: &'static str,
    nodes: u64,
    /// The winning continuation from here (empty unless `result` is `win`).
    line: Vec<String>,
}

#[derive(Serialize)]
struct ReviewReport {
    seed: u64,
    piles: u8,
    player: String,
    deal: Vec<String>,
    moves: Vec<String>,
    won: bool,
    /// The game is over (won or stuck); false for a game given unfinished.
    over: bool,
    nodes_per_point: u64,
    checkpoints: Vec<CheckpointReport>,
    /// Moves played at the last point proved winnable and at the point after it (absent
    /// when every point is winnable, or none is).
    last_winnable: Option<usize>,
    first_unwon: Option<usize>,
}

/// A game read from a file: its moves, and the deal and piles when the file names them.
struct GameFile {
    moves: Vec<Move>,
    seed: Option<u64>,
    piles: Option<u8>,
}

/// Reads a game file: the `moves` (and `seed`, `piles`) of a JSON document such as
/// play-out's, or moves in the notation separated by white space.
fn read_game(path: &std::path::Path) -> Result<GameFile> {
    let text = read_input(path)?;
    let bad = |e: String| usage(format!("{}: {e}", path.display()));
    let (mut seed, mut piles) = (None, None);
    let words: Vec<String> = if text.trim_start().starts_with('{') {
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| bad(format!("not JSON: {e}")))?;
        let Some(list) = value.get("moves").and_then(|m| m.as_array()) else {
            return Err(bad("the JSON has no list of `moves`".into()));
        };
        if let Some(v) = value.get("seed") {
            let n = v.as_u64();
            seed = Some(n.ok_or_else(|| bad(format!("`seed` {v} is not a deal number")))?);
        }
        if let Some(v) = value.get("piles") {
            let n = v.as_u64().filter(|p| (3..=4).contains(p));
            piles = Some(n.ok_or_else(|| bad(format!("`piles` {v} is not 3 or 4")))? as u8);
        }
        list.iter()
            .map(|m| {
                m.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| bad(format!("a move that is not a string: {m}")))
            })
            .collect::<Result<_>>()?
    } else {
        text.split_whitespace().map(str::to_string).collect()
    };
    let moves = words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            w.parse::<Move>()
                .map_err(|e| bad(format!("move {} `{w}`: {e}", i + 1)))
        })
        .collect::<Result<_>>()?;
    Ok(GameFile { moves, seed, piles })
}

/// A setting given on the command line and perhaps by the game file: they must agree.
fn agree<T: PartialEq + std::fmt::Display>(
    what: &str,
    given: Option<T>,
    in_file: Option<T>,
) -> Result<Option<T>> {
    match (given, in_file) {
        (Some(a), Some(b)) if a != b => Err(usage(format!(
            "--{what} {a} disagrees with the game file, which has --{what} {b}"
        ))),
        (Some(a), _) => Ok(Some(a)),
        (None, b) => Ok(b),
    }
}

fn run_review(
    seed: Option<u64>,
    piles: Option<u8>,
    name: Player,
    file: Option<&std::path::Path>,
    nodes: u64,
    mcts: &MctsArgs,
    ctx: &Context,
) -> Result<()> {
    if file.is_some() {
        // The options of a player who does not play are refused, as a player's unused
        // ones are.
        mcts.refuse_unused(None).map_err(|_| {
            usage("--game reviews the moves of FILE: the options of a player do not apply")
        })?;
    }
    let read = file.map(read_game).transpose()?;
    let seed = agree("seed", seed, read.as_ref().and_then(|g| g.seed))?
        .ok_or_else(|| usage("give --seed, the number of the deal reviewed"))?;
    let piles = agree("piles", piles, read.as_ref().and_then(|g| g.piles))?.unwrap_or(4);
    let deal = Deal::from_seed(rules(piles)?, seed);
    let (label, moves) = match (file, read) {
        (Some(path), Some(game)) if path.as_os_str() == "-" => {
            ("the game from standard input".to_string(), game.moves)
        }
        (Some(path), Some(game)) => (format!("the game in {}", path.display()), game.moves),
        _ => {
            let player = mcts.player(name)?;
            let game = play_out(&deal, &player, mcts.player_seed.unwrap_or(seed));
            (player.label(name), game.moves().to_vec())
        }
    };
    let points = review_points(&deal, &moves).map_err(|(i, e)| {
        usage(format!(
            "move {} ({}) of the game is refused: {e}",
            i + 1,
            moves[i]
        ))
    })?;
    let bar = ctx.progress(points.len() as u64, "calculation review");
    let limits = SolveLimits { nodes, time: None };
    let mut checks: Vec<Checkpoint> = points
        .par_iter()
        .map(|&point| {
            let check = checkpoint(&deal, &moves, point, limits).map_err(|(i, e)| {
                anyhow::anyhow!("move {} was accepted, then refused: {e}", i + 1)
            })?;
            if let Some(bar) = &bar {
                bar.inc(1);
            }
            Ok(check)
        })
        .collect::<Result<_>>()?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    settle(&deal, &moves, &mut checks);
    let turn = turning_point(&checks);
    let game = Calculation::replay(deal.clone(), &moves)
        .map_err(|(i, e)| usage(format!("move {} is refused: {e}", i + 1)))?;
    let report = ReviewReport {
        seed,
        piles,
        player: label,
        deal: deal.rank_names(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        won: game.is_won(),
        over: game.is_over(),
        nodes_per_point: nodes,
        checkpoints: checks
            .iter()
            .map(|c| CheckpointReport {
                moves: c.point.moves,
                turned: c.point.turned,
                result: match c.solution {
                    Solution::Win(_) => "win",
                    Solution::Loss => "loss",
                    Solution::Unknown => "unknown",
                },
                nodes: c.nodes,
                line: match &c.solution {
                    Solution::Win(line) => line.iter().map(|m| m.to_string()).collect(),
                    _ => Vec::new(),
                },
            })
            .collect(),
        last_winnable: turn.map(|(a, _)| checks[a].point.moves),
        first_unwon: turn.map(|(_, b)| checks[b].point.moves),
    };
    ctx.emit(&report, || review_text(&report, turn))
}

fn review_text(r: &ReviewReport, turn: Option<(usize, usize)>) -> String {
    let outcome = match (r.won, r.over) {
        (true, _) => "won",
        (false, true) => "lost",
        (false, false) => "unfinished",
    };
    let mut text = format!(
        "deal {} ({} waste piles): {}, {} move{}, {outcome}\n",
        r.seed,
        r.piles,
        r.player,
        r.moves.len(),
        if r.moves.len() == 1 { "" } else { "s" },
    );
    text.push_str("cards turned  moves  with every card known\n");
    for c in &r.checkpoints {
        let verdict = match c.result {
            "win" => "winnable".to_string(),
            "loss" => "lost (proved)".to_string(),
            _ => format!("no win found in {} positions", c.nodes),
        };
        text.push_str(&format!("{:>12}  {:>5}  {verdict}\n", c.turned, c.moves));
    }
    match turn {
        Some((a, b)) => {
            let (before, after) = (&r.checkpoints[a], &r.checkpoints[b]);
            let played = r.moves[before.moves..after.moves].join(" ");
            text.push_str(&format!(
                "still winnable after move {} ({} cards turned); after {played} no win was \
                 found{}\nwinning line from move {}: {}",
                before.moves,
                before.turned,
                if after.result == "loss" {
                    " (lost, proved)"
                } else {
                    ""
                },
                before.moves,
                before.line.join(" ")
            ));
        }
        None if r.checkpoints.first().is_some_and(|c| c.result != "win") => {
            text.push_str("no win was found for the deal itself; raise --nodes");
        }
        None => text.push_str("winnable at every point"),
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options' value names are the library's names of the same things, so a
    /// variant's `playout-policy=greedy-blend` is `--playout-policy greedy-blend`.
    #[test]
    fn option_values_are_named_as_the_library_names_them() {
        let name = |v: &dyn Fn() -> Option<clap::builder::PossibleValue>| {
            v().map(|p| p.get_name().to_string()).unwrap_or_default()
        };
        for p in PolicyName::value_variants() {
            assert_eq!(
                PlayoutPolicy::from_name(&name(&|| p.to_possible_value())),
                Some(p.policy())
            );
        }
        for r in RewardName::value_variants() {
            assert_eq!(
                Reward::from_name(&name(&|| r.to_possible_value())),
                Some(r.reward())
            );
        }
        for b in BaseName::value_variants() {
            assert!(BasePolicy::from_name(&name(&|| b.to_possible_value())).is_some());
        }
        for t in TreeName::value_variants() {
            let mut settings = PlayerSettings::default();
            settings
                .set("tree", &name(&|| t.to_possible_value()))
                .unwrap();
            assert_eq!(settings.lean, Some(*t == TreeName::Lean));
        }
    }
}
