//! Lines of a nullity table: the kernel of the n×n board in k colours, each computed by
//! the fastest method that applies, which the line reports.

use crate::board::{Board, BoardSpec};
use crate::error::{BoardError, SolveError};
use crate::nullity::gf2_nullity;
use num_bigint::BigUint;
use thiserror::Error;

/// The largest n for which a nullity table goes through the polynomial gcd: the largest
/// plane board in 2 colours a table may list.
pub const MAX_POLYNOMIAL_N: usize = 200_000;

/// How a line of a nullity table is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NullityMethod {
    /// k = 2 on the plane: deg gcd(pₙ(x), pₙ(x + 1)) ([`gf2_nullity`]), fast for huge n.
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
    /// A plane board in 2 colours beyond [`MAX_POLYNOMIAL_N`].
    #[error("size {n}: the nullity table goes up to n = {max} for k = 2")]
    TooLarge {
        /// The side asked for.
        n: usize,
        /// The largest side allowed.
        max: usize,
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

fn plan(n: usize, colours: u64, torus: bool) -> Result<Plan, TableError> {
    if colours == 2 && !torus && n >= 1 {
        if n > MAX_POLYNOMIAL_N {
            return Err(TableError::TooLarge {
                n,
                max: MAX_POLYNOMIAL_N,
            });
        }
        return Ok(Plan::Polynomial);
    }
    let board = BoardSpec::square(n, colours).with_torus(torus).build()?;
    Ok(Plan::Eliminate(board))
}

/// Checks that the n×n board in k colours can be tabulated and says how
/// [`nullity_line`] will compute it, without computing it. The limits only grow with n,
/// so checking the largest n of a range checks the whole range.
///
/// ```
/// use cgtk_poggle::{nullity_method, NullityMethod, TableError, MAX_POLYNOMIAL_N};
/// assert_eq!(nullity_method(1000, 2, false)?, NullityMethod::Polynomial);
/// assert_eq!(nullity_method(5, 3, false)?, NullityMethod::FullSystem);
/// assert_eq!(nullity_method(20, 3, true)?, NullityMethod::LightChasing);
/// assert!(matches!(
///     nullity_method(MAX_POLYNOMIAL_N + 1, 2, false),
///     Err(TableError::TooLarge { .. })
/// ));
/// assert!(matches!(nullity_method(3, 1, false), Err(TableError::Board(_))));
/// # Ok::<(), TableError>(())
/// ```
pub fn nullity_method(n: usize, colours: u64, torus: bool) -> Result<NullityMethod, TableError> {
    Ok(match plan(n, colours, torus)? {
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
    match plan(n, colours, torus)? {
        Plan::Polynomial => {
            let d = gf2_nullity(n);
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
