//! Grundy sequences G(0), G(1), …, G(N) of heap games: the plain mex method, and the
//! entry points that pick the fastest method for a game (the common/rare method of
//! [`crate::sparse`] for games whose moves leave at most two heaps).

use crate::sparse::{common_rare, value_bound};
use crate::HeapGame;

/// The largest N for which a sequence G(0..=N) is computed (4 bytes per value).
pub const MAX_SEQUENCE: u64 = 200_000_000;

/// The largest N for games with three-heap moves (computed by the plain method, cubic).
pub const MAX_SEQUENCE_THREE_WAY: u64 = 3_000;

/// The largest N for all-but subtraction games (linear per heap).
pub const MAX_SEQUENCE_ALL_BUT: u64 = 200_000;

/// Why a sequence could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    /// N is beyond what the method allows.
    #[error("N = {to} is too large for {game}: at most {max}")]
    TooLarge {
        /// The requested N.
        to: u64,
        /// The game.
        game: String,
        /// The largest N allowed.
        max: u64,
    },
    /// The memory for the values could not be reserved.
    #[error("not enough memory for {count} values")]
    OutOfMemory {
        /// How many values were asked for.
        count: u64,
    },
}

/// The moves of a heap game in the form the sequence methods use.
pub(crate) struct Rules {
    /// j with "remove j, leave nothing".
    pub(crate) none: Vec<usize>,
    /// j ≥ 1 with "remove j, leave one heap".
    pub(crate) one: Vec<usize>,
    /// j with "remove j, leave two heaps".
    pub(crate) two: Vec<usize>,
    /// j with "remove j, leave three heaps".
    pub(crate) three: Vec<usize>,
    /// The two heaps left must differ (Grundy's game).
    pub(crate) unequal: bool,
}

impl Rules {
    fn of(game: &HeapGame) -> Option<Rules> {
        let mut r = Rules {
            none: vec![],
            one: vec![],
            two: vec![],
            three: vec![],
            unequal: false,
        };
        match game {
            HeapGame::Code { digits } => {
                for (j, &d) in digits.iter().enumerate() {
                    if d & 1 != 0 && j > 0 {
                        r.none.push(j);
                    }
                    if d & 2 != 0 && j > 0 {
                        r.one.push(j);
                    }
                    if d & 4 != 0 {
                        r.two.push(j);
                    }
                    if d & 8 != 0 {
                        r.three.push(j);
                    }
                }
            }
            HeapGame::Subtraction { set } => {
                r.none = set.iter().map(|&s| s as usize).collect();
                r.one = r.none.clone();
            }
            HeapGame::Grundys => {
                r.two = vec![0];
                r.unequal = true;
            }
            HeapGame::AllBut { .. } => return None,
        }
        Some(r)
    }
}

/// The memory [`grundy_sequence`] takes for G(0..=to), in bytes: 4 bytes a value, plus
/// 8 bytes for each heap of rare value in games with pair moves (the common/rare method
/// keeps them; counted here as one heap in 16, more than seen in Kayles, Dawson's Kayles or
/// Grundy's game), plus a megabyte of tables. A caller can refuse up front what would not
/// fit.
///
/// ```
/// use cgtk_nimber::{sequence_memory, HeapGame};
/// let sub: HeapGame = "sub:1,3,4".parse().unwrap();
/// assert_eq!(sequence_memory(&sub, 199_999_999), 800_000_000 + 1_000_000);
/// assert!(sequence_memory(&HeapGame::kayles(), 199_999_999) > 800_000_000);
/// ```
pub fn sequence_memory(game: &HeapGame, to: u64) -> u64 {
    let values = to.saturating_add(1);
    let pairs = match Rules::of(game) {
        Some(rules) if !rules.two.is_empty() && rules.three.is_empty() => values / 2,
        _ => 0,
    };
    values
        .saturating_mul(4)
        .saturating_add(pairs)
        .saturating_add(1_000_000)
}

/// The largest N for which G(0..=N) of `game` is computed: [`MAX_SEQUENCE_THREE_WAY`],
/// [`MAX_SEQUENCE_ALL_BUT`] or [`MAX_SEQUENCE`].
///
/// ```
/// use cgtk_nimber::{sequence_limit, HeapGame, MAX_SEQUENCE};
/// assert_eq!(sequence_limit(&HeapGame::kayles()), MAX_SEQUENCE);
/// assert_eq!(sequence_limit(&"0.8".parse().unwrap()), 3_000);
/// ```
pub fn sequence_limit(game: &HeapGame) -> u64 {
    if game.has_three_way_splits() {
        MAX_SEQUENCE_THREE_WAY
    } else if matches!(game, HeapGame::AllBut { .. }) {
        MAX_SEQUENCE_ALL_BUT
    } else {
        MAX_SEQUENCE
    }
}

fn allocate(to: u64, game: &HeapGame) -> Result<Vec<u32>, SequenceError> {
    let max = sequence_limit(game);
    if to > max {
        return Err(SequenceError::TooLarge {
            to,
            game: game.to_string(),
            max,
        });
    }
    let mut values = Vec::new();
    values
        .try_reserve_exact(to as usize + 1)
        .map_err(|_| SequenceError::OutOfMemory { count: to + 1 })?;
    Ok(values)
}

/// G(0..=to) by the plain mex method: every option of every heap is looked at (quadratic
/// for games that split heaps, cubic with three-heap moves).
///
/// ```
/// use cgtk_nimber::{grundy_sequence_plain, HeapGame};
/// let g = grundy_sequence_plain(&HeapGame::kayles(), 10).unwrap();
/// assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]);
/// ```
pub fn grundy_sequence_plain(game: &HeapGame, to: u64) -> Result<Vec<u32>, SequenceError> {
    let mut g = allocate(to, game)?;
    let Some(rules) = Rules::of(game) else {
        return all_but(game, to, g, &mut |_| {});
    };
    // `seen[v] == n + 1`: v is an option of the heap n (so nothing is cleared between heaps).
    let mut seen: Vec<u32> = vec![0; 2 * value_bound(0)];
    for n in 0..=to as usize {
        let stamp = n as u32 + 1;
        for &j in &rules.none {
            if n == j {
                seen[0] = stamp;
            }
        }
        for &j in &rules.one {
            if n > j {
                seen[g[n - j] as usize] = stamp;
            }
        }
        for &j in &rules.two {
            if n >= j + 2 {
                let m = n - j;
                let last = if rules.unequal { (m - 1) / 2 } else { m / 2 };
                // The pairs (a, m − a) for a = 1..=last.
                for (&x, &y) in g[1..=last].iter().zip(g[m - last..m].iter().rev()) {
                    seen[(x ^ y) as usize] = stamp;
                }
            }
        }
        for &j in &rules.three {
            if n >= j + 3 {
                let m = n - j;
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        seen[(g[a] ^ g[b] ^ g[m - a - b]) as usize] = stamp;
                    }
                }
            }
        }
        // The values so far, and so every XOR of them, lie below half the table.
        let value = (0u32..).find(|&v| seen[v as usize] != stamp).unwrap_or(0);
        g.push(value);
        if 2 * value as usize >= seen.len() {
            seen.resize(2 * value_bound(value), 0);
        }
    }
    Ok(g)
}

/// G(0..=to) by the fastest method available for the game: the common/rare ("sparse
/// space") method for games whose moves leave at most two heaps, the plain method for games
/// with three-heap moves, and a counting method for all-but subtraction games.
///
/// The common/rare method splits the values by the parity of `v AND mask` for a mask chosen
/// from the values so far. Only the pairs holding a heap of rare value are enumerated for
/// every heap; they give the least common value c missing among the options, and a short
/// scan of the other pairs confirms the rare values below c. It is exact for every game
/// and fast when rare values are rare: Grundy's game has 1274 heaps of rare value among its
/// first 2^21, so a heap costs about that many pairs plus the scan instead of n / 2 pairs.
///
/// ```
/// use cgtk_nimber::{grundy_sequence, HeapGame};
/// let g = grundy_sequence(&HeapGame::Grundys, 12).unwrap();
/// assert_eq!(g, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]);
/// ```
pub fn grundy_sequence(game: &HeapGame, to: u64) -> Result<Vec<u32>, SequenceError> {
    grundy_sequence_with_progress(game, to, &mut |_| {})
}

/// [`grundy_sequence`], calling `progress(n)` now and then with the heaps done so far.
pub fn grundy_sequence_with_progress(
    game: &HeapGame,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<u32>, SequenceError> {
    let g = allocate(to, game)?;
    match Rules::of(game) {
        None => all_but(game, to, g, progress),
        Some(rules) if !rules.three.is_empty() => grundy_sequence_plain(game, to),
        Some(rules) => Ok(common_rare(&rules, to as usize, g, progress)),
    }
}

/// All-but subtraction games: the options of n are every G(m), m < n, except the heaps
/// n − s for s in the forbidden set. With counts of each value among G(0..n), the mex is
/// the least value of count zero once the few forbidden heaps are taken out.
fn all_but(
    game: &HeapGame,
    to: u64,
    mut g: Vec<u32>,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<u32>, SequenceError> {
    let HeapGame::AllBut { set } = game else {
        return grundy_sequence_plain(game, to);
    };
    let set: Vec<usize> = set.iter().map(|&s| s as usize).collect();
    let mut count: Vec<u64> = vec![0; 64];
    let mut prefix_mex = 0usize;
    for n in 0..=to as usize {
        if n & 0x3fff == 0 {
            progress(n as u64);
        }
        let excluded: Vec<usize> = set
            .iter()
            .take_while(|&&s| s <= n)
            .map(|&s| g[n - s] as usize)
            .collect();
        for &v in &excluded {
            count[v] -= 1;
        }
        let mut value = prefix_mex;
        for &v in &excluded {
            if count[v] == 0 && v < value {
                value = v;
            }
        }
        for &v in &excluded {
            count[v] += 1;
        }
        g.push(value as u32);
        if value + 1 >= count.len() {
            count.resize(2 * (value + 1), 0);
        }
        count[value] += 1;
        while count[prefix_mex] > 0 {
            prefix_mex += 1;
            if prefix_mex >= count.len() {
                count.resize(2 * prefix_mex, 0);
            }
        }
    }
    progress(to + 1);
    Ok(g)
}
