//! Lines of a nullity table: the kernel of the n×n board in k colours, each computed by
//! the fastest method that applies, which the line reports.

use crate::board::{Board, BoardSpec};
use crate::error::memory_over;
use crate::error::{BoardError, SolveError};
use crate::nullity::gf2_nullity_with_progress;
use num_bigint::BigUint;
use thiserror::Error;

/// About how many bytes the polynomial gcd of the n×n board takes: a few polynomials of
/// degree n, one bit a coefficient.
pub fn polynomial_memory(n: usize) -> u64 {
    (n as u64 / 8 + 64).saturating_mul(8)
}

/// How a line of a nullity table is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NullityMethod {
    /// k = 2 on the plane: deg gcd(pₙ(x), pₙ(x + 1)) ([`gf2_nullity`](crate::gf2_nullity)), fast for huge n.
    Polynomial,
    /// One elimination of the full n²×n² system (small boards, tori with sides below 3).
    FullSystem,
    /// One elimination after light chasing down to an n×n system (2n×2n on the torus).
    LightChasing,
}

/// One line of a nullity table: the n×n board in k colours, plane or torus.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NullityLine {
    /// The side n of the board.
    pub n: usize,
    /// The number of colours k.
    pub colours: u32,
    /// Whether neighbours wrap around the edges.
    pub torus: bool,
    /// |ker A|: the number of solutions of every solvable start.
    pub kernel_size: BigUint,
    /// log_k |ker A| when k is prime.
    pub nullity: Option<usize>,
    /// Whether every start can reach every goal (the kernel is trivial).
    pub all_solvable: bool,
    /// How the line was computed.
    pub method: NullityMethod,
}

/// Why a line of a nullity table cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableError {
    /// The polynomial gcd of a plane board in 2 colours would not fit in memory.
    #[error("size {n}: the polynomial gcd would need {}", memory_over(*needed, *limit, ""))]
    TooMuchMemory {
        /// The side asked for.
        n: usize,
        /// About how many bytes it would take.
        needed: u64,
        /// The limit it was compared with.
        limit: u64,
    },
    /// The board itself is refused (too few colours, too large to solve, ...).
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The elimination failed.
    #[error("solving the board: {0}")]
    Solve(#[from] SolveError),
}

/// What a line needs: nothing but n for the polynomial, a checked board otherwise.
enum Plan {
    Polynomial,
    Eliminate(Board),
}

fn plan(n: usize, colours: u64, torus: bool, limit: Option<u64>) -> Result<Plan, TableError> {
    if colours == 2 && !torus && n >= 1 {
        let needed = polynomial_memory(n);
        if let Some(limit) = limit.filter(|&l| needed > l) {
            return Err(TableError::TooMuchMemory { n, needed, limit });
        }
        return Ok(Plan::Polynomial);
    }
    let mut spec = BoardSpec::square(n, colours).with_torus(torus);
    spec.memory_limit = limit;
    Ok(Plan::Eliminate(spec.build()?))
}

/// Checks that the n×n board in k colours can be tabulated and says how
/// [`nullity_line`] will compute it, without computing it. The limits only grow with n,
/// so checking the largest n of a range checks the whole range.
///
/// ```
/// use cgtk_poggle::{nullity_method, NullityMethod, TableError};
/// assert_eq!(nullity_method(1000, 2, false)?, NullityMethod::Polynomial);
/// assert_eq!(nullity_method(5, 3, false)?, NullityMethod::FullSystem);
/// assert_eq!(nullity_method(20, 3, true)?, NullityMethod::LightChasing);
/// assert!(matches!(nullity_method(3, 1, false), Err(TableError::Board(_))));
/// # Ok::<(), TableError>(())
/// ```
pub fn nullity_method(n: usize, colours: u64, torus: bool) -> Result<NullityMethod, TableError> {
    nullity_method_within(n, colours, torus, None)
}

/// [`nullity_method`] with a memory limit in bytes: sizes whose line would take more are
/// refused, saying what they need.
///
/// ```
/// use cgtk_poggle::{nullity_method_within, TableError};
/// assert!(nullity_method_within(1_000_000, 2, false, Some(1 << 30)).is_ok());
/// assert!(matches!(
///     nullity_method_within(100_000_000_000, 2, false, Some(1 << 30)),
///     Err(TableError::TooMuchMemory { .. })
/// ));
/// ```
pub fn nullity_method_within(
    n: usize,
    colours: u64,
    torus: bool,
    limit: Option<u64>,
) -> Result<NullityMethod, TableError> {
    Ok(match plan(n, colours, torus, limit)? {
        Plan::Polynomial => NullityMethod::Polynomial,
        Plan::Eliminate(board) if board.auto_uses_full() => NullityMethod::FullSystem,
        Plan::Eliminate(_) => NullityMethod::LightChasing,
    })
}

/// The kernel of the n×n board in k colours (plane or torus): through the polynomial gcd
/// for k = 2 on the plane, else through one elimination of the board's system.
///
/// ```
/// use cgtk_poggle::{nullity_line, NullityMethod};
/// // Classic Lights Out 5×5: nullity 2, so 4 solutions of every solvable start.
/// let line = nullity_line(5, 2, false)?;
/// assert_eq!((line.nullity, line.kernel_size.to_string()), (Some(2), "4".to_string()));
/// assert_eq!(line.method, NullityMethod::Polynomial);
/// // In 4 colours the kernel size is known, the nullity is not defined.
/// let line = nullity_line(5, 4, false)?;
/// assert_eq!(line.nullity, None);
/// assert!(!line.all_solvable);
/// # Ok::<(), cgtk_poggle::TableError>(())
/// ```
pub fn nullity_line(n: usize, colours: u64, torus: bool) -> Result<NullityLine, TableError> {
    nullity_line_with(n, colours, torus, None, &mut |_, _| {})
}

/// [`nullity_line`] with a memory limit (as [`nullity_method_within`]) and the polynomial
/// gcd's progress reported to `progress(done, total)`.
pub fn nullity_line_with(
    n: usize,
    colours: u64,
    torus: bool,
    limit: Option<u64>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<NullityLine, TableError> {
    match plan(n, colours, torus, limit)? {
        Plan::Polynomial => {
            let d = gf2_nullity_with_progress(n, progress);
            Ok(NullityLine {
                n,
                colours: 2,
                torus,
                kernel_size: BigUint::from(1u32) << d,
                nullity: Some(d),
                all_solvable: d == 0,
                method: NullityMethod::Polynomial,
            })
        }
        Plan::Eliminate(board) => {
            let analysis = board.analyze()?;
            Ok(NullityLine {
                n,
                colours: board.colours(),
                torus,
                kernel_size: analysis.kernel_size(),
                nullity: analysis.nullity(),
                all_solvable: analysis.all_solvable(),
                method: if analysis.is_chased() {
                    NullityMethod::LightChasing
                } else {
                    NullityMethod::FullSystem
                },
            })
        }
    }
}
