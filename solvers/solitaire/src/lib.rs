//! cgtk-solitaire: card patiences. For now one game, **Calculation** (also called Broken
//! Intervals): its rules ([`Rules`], [`Position`], [`Move`]), seeded and written deals
//! ([`Deal`]), a game with its deal ([`Calculation`]), players from random to Monte Carlo
//! tree search, a determinized player, a hindsight player and the rollout player
//! ([`PlayerKind`], one decision at a time by [`PlayerKind::decide`], a whole game by
//! [`play_out`]; [`pimc_move`], [`hindsight_moves`], [`rollout_moves`]), named and set up
//! as commands write them ([`PlayerName`], [`PlayerSettings`]), a
//! full-information solver ([`solve`], also from a game in progress: [`solve_after`]), a
//! review of a game with every card known ([`review`]) and exact optimal play on small
//! decks ([`exact_win_probability`]).
//!
//! # Rules
//!
//! One deck, suits ignored. Four foundations start with an A, a 2, a 3 and a 4 and are
//! built up by 1, 2, 3 and 4, ranks wrapping modulo 13 (the "by 2" foundation runs
//! 2 4 6 8 10 Q A 3 5 7 9 J K); each ends with its king. The other 48 cards are turned one
//! at a time; each must go at once onto a foundation it fits or onto one of four waste
//! piles (three in a variant). A waste pile's top card may go to a foundation at any time;
//! there are no moves between waste piles and no redeal. All 52 cards home wins.
//!
//! # Example
//!
//! ```
//! use cgtk_solitaire::{play_out, Deal, PlayerKind, Rules};
//!
//! let deal = Deal::from_seed(Rules::STANDARD, 42);
//! let game = play_out(&deal, &PlayerKind::RuleBased, 42);
//! assert!(game.is_over());
//! assert!(game.position().cards_on_foundations() >= 4);
//! ```
#![deny(missing_docs)]

mod deal;
mod game;
mod position;
mod rules;

pub use deal::{Deal, DealError};
pub use game::Calculation;
pub use position::{Move, MoveError, ParseMoveError, Position, Step, TurnError};
pub use rules::{parse_rank, rank_name, Rules, RulesError, MAX_FOUNDATIONS, MAX_PILES, MAX_RANKS};

mod players;
pub use players::{
    mcts_move, play_out, random_move, random_playout, rule_based_move, Basis, Decision, GamePlayer,
    MctsOptions, NextMove, PlayerKind, PlayoutPolicy, Reward,
};

mod settings;
pub use settings::{PlayerName, PlayerSettings, SettingStyle, SettingsError, SETTINGS};

mod lean;
pub use lean::Lean;

mod pimc;
pub use pimc::{pimc_move, PimcOptions};

mod hindsight;
pub use hindsight::{hindsight_moves, HindsightOptions};

mod rollout;
pub use rollout::{
    base_place_by, exact_placement, exact_placement_in, fit_rows, greedy_moves, placement_by,
    rollout_choice, rollout_choice_in, rollout_moves, rollout_moves_in, RolloutChoice,
    RolloutOptions, EXACT_POSITIONS, EXTEND_TOLERANCE,
};

mod beam;
mod evaluation;
mod fitted;
pub use fitted::{position_features, BasePolicy, FEATURES, FEATURE_COUNT, FITTED_3_PILES};
mod solver;
pub use solver::{
    brute_force_winnable, solve, solve_after, solve_with, Solution, SolveLimits, SolveMethod,
    SolveReport,
};

mod review;
pub use review::{
    checkpoint, review, review_points, settle, turning_point, Checkpoint, ReviewPoint,
};

mod exact;
pub use exact::{
    all_deals, exact_best_line, exact_best_line_in, exact_best_move, exact_value_in,
    exact_win_probability, winnable_deals, ExactError, ExactMemory,
};

mod stats;
pub use stats::{
    sign_test, wilson_interval, BenchSummary, DealSlice, MergeError, PairedComparison,
    SummaryError, MAX_LISTED_DEALS,
};
