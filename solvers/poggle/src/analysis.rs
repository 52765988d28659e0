//! Solving: one elimination per board ([`Analysis`]), then solutions, counts and quiet
//! patterns.

use crate::bitgrid::BitGrid;
use crate::board::{
    full_system_reason, transpose, Board, MAX_FULL_CELLS, MAX_FULL_CELLS_GF2, SMALL_BOARD_CELLS,
};
use crate::chase::ChaseShape;
use crate::error::SolveError;
use cgtk_algebra::{is_prime, BitMatrix, BitSystem, BitVec, LinearSystem, ZkMatrix};
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// How to set up the linear system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// The full system for small boards (at most
    /// [`SMALL_BOARD_CELLS`](crate::SMALL_BOARD_CELLS) buttons), custom patterns and tori
    /// with both sides below 3; light chasing otherwise.
    #[default]
    Auto,
    /// The full (r·c)×(r·c) system.
    Full,
    /// Light chasing down to a c×c system (2c×2c on the torus), c the shorter side.
    Chase,
}

/// The system after one elimination, ready for solving and kernel questions.
enum System {
    Zk(LinearSystem),
    Gf2 {
        system: BitSystem,
        kernel: Vec<BitVec>,
    },
}

impl System {
    fn new(k: u32, rows: Vec<Vec<u32>>) -> Result<Self, SolveError> {
        let m = ZkMatrix::from_rows(k, rows).map_err(|e| SolveError::Algebra(e.to_string()))?;
        Ok(System::Zk(m.analyze()))
    }

    fn new_gf2(matrix: BitMatrix) -> Self {
        let system = matrix.analyze();
        let kernel = system.kernel_basis();
        System::Gf2 { system, kernel }
    }

    fn solve(&self, b: &[u32]) -> Result<Option<Vec<u32>>, SolveError> {
        match self {
            System::Zk(sys) => sys.solve(b).map_err(|e| SolveError::Algebra(e.to_string())),
            System::Gf2 { system, .. } => {
                let mut v = BitVec::new(b.len());
                for (i, &x) in b.iter().enumerate() {
                    if x & 1 == 1 {
                        v.set(i, true);
                    }
                }
                Ok(system
                    .solve(&v)
                    .map(|x| (0..x.len()).map(|i| u32::from(x.get(i))).collect()))
            }
        }
    }

    fn kernel_size(&self) -> BigUint {
        match self {
            System::Zk(sys) => sys.kernel_size(),
            System::Gf2 { kernel, .. } => BigUint::one() << kernel.len(),
        }
    }

    fn kernel_basis(&self) -> Vec<(Vec<u32>, u32)> {
        match self {
            System::Zk(sys) => sys
                .kernel_basis()
                .iter()
                .filter(|(_, order)| *order > 1)
                .cloned()
                .collect(),
            System::Gf2 { kernel, .. } => kernel
                .iter()
                .map(|g| ((0..g.len()).map(|i| u32::from(g.get(i))).collect(), 2))
                .collect(),
        }
    }
}

enum Kind {
    Full(System),
    Chase {
        /// The chase runs on the transposed board (so that the unknown row is the shorter).
        transposed: bool,
        shape: ChaseShape,
        system: System,
    },
}

/// A board's press system after one elimination: the exact number of solutions, the
/// quiet patterns, and solutions for any target.
///
/// ```
/// use cgtk_poggle::BoardSpec;
/// let board = BoardSpec::square(5, 2).build().unwrap();
/// let analysis = board.analyze().unwrap();
/// assert_eq!(analysis.kernel_size(), 4u32.into()); // classic 5×5 Lights Out: 4 solutions
/// assert_eq!(analysis.nullity(), Some(2));
/// let x = analysis.solve(&board.target()).unwrap().unwrap();
/// assert!(board.is_solution(&x));
/// ```
pub struct Analysis {
    rows: usize,
    cols: usize,
    k: u32,
    kind: Kind,
}

impl Board {
    /// Sets up and eliminates the board's system, choosing the method automatically.
    ///
    /// ```
    /// use cgtk_poggle::{BoardSpec, Method};
    /// // The nullity of n×n Lights Out over GF(2) for n = 1..=5 (OEIS A159257).
    /// let nullities: Vec<_> = (1..=5)
    ///     .map(|n| BoardSpec::square(n, 2).build().unwrap().analyze().unwrap().nullity())
    ///     .collect();
    /// assert_eq!(nullities, [Some(0), Some(0), Some(0), Some(4), Some(2)]);
    /// // Past 64 buttons the system is reduced by light chasing, to the same answer.
    /// let board = BoardSpec::new(5, 20, 2).build()?;
    /// let chased = board.analyze()?;
    /// assert!(chased.is_chased());
    /// assert_eq!(chased.nullity(), Some(1));
    /// assert_eq!(board.analyze_with(Method::Full)?.nullity(), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn analyze(&self) -> Result<Analysis, SolveError> {
        self.analyze_with(Method::Auto)
    }

    /// Sets up and eliminates the board's system with the given method.
    pub fn analyze_with(&self, method: Method) -> Result<Analysis, SolveError> {
        let forced_full =
            full_system_reason(self.rows(), self.cols(), self.is_torus(), self.pattern());
        let use_full = match method {
            Method::Full => {
                let max = if self.colours() == 2 {
                    MAX_FULL_CELLS_GF2
                } else {
                    MAX_FULL_CELLS
                };
                if self.cells() > max {
                    return Err(SolveError::Method {
                        method: "the full system",
                        why: "too many buttons (at most 4096 for k = 2, 1024 otherwise)",
                    });
                }
                true
            }
            Method::Chase => {
                if let Some(why) = forced_full {
                    return Err(SolveError::Method {
                        method: "light chasing",
                        why,
                    });
                }
                false
            }
            Method::Auto => self.auto_uses_full(),
        };
        let kind = if use_full {
            Kind::Full(self.full_system()?)
        } else {
            let transposed = self.cols() > self.rows();
            let (rows, cols) = if transposed {
                (self.cols(), self.rows())
            } else {
                (self.rows(), self.cols())
            };
            let shape = ChaseShape {
                rows,
                cols,
                k: self.colours(),
                torus: self.is_torus(),
            };
            let system = if shape.k == 2 {
                let (forms, _) = shape.reduced_gf2();
                let n = shape.unknowns();
                let m = BitMatrix::from_row_words(n, n, forms).ok_or_else(|| {
                    SolveError::Algebra("the reduced system has the wrong shape".into())
                })?;
                System::new_gf2(m)
            } else {
                System::new(shape.k, shape.reduced_zk())?
            };
            Kind::Chase {
                transposed,
                shape,
                system,
            }
        };
        Ok(Analysis {
            rows: self.rows(),
            cols: self.cols(),
            k: self.colours(),
            kind,
        })
    }

    /// Whether [`Method::Auto`] sets up the full system (small boards, custom patterns,
    /// tori with both sides below 3) rather than light chasing.
    pub(crate) fn auto_uses_full(&self) -> bool {
        full_system_reason(self.rows(), self.cols(), self.is_torus(), self.pattern()).is_some()
            || self.cells() <= SMALL_BOARD_CELLS
    }

    /// The full system A (A[e][b] = how often a press of b advances e), eliminated.
    fn full_system(&self) -> Result<System, SolveError> {
        let n = self.cells();
        if self.colours() == 2 {
            let mut m = BitMatrix::zeros(n, n);
            for b in 0..n {
                for e in self.reach(b / self.cols(), b % self.cols()) {
                    m.toggle(e, b);
                }
            }
            Ok(System::new_gf2(m))
        } else {
            let k = u64::from(self.colours());
            let mut flat = vec![0u32; n * n];
            for b in 0..n {
                for e in self.reach(b / self.cols(), b % self.cols()) {
                    flat[e * n + b] = ((u64::from(flat[e * n + b]) + 1) % k) as u32;
                }
            }
            let rows = flat.chunks(n).map(|r| r.to_vec()).collect();
            System::new(self.colours(), rows)
        }
    }
}

impl Analysis {
    /// The number of press vectors x with A·x ≡ 0, |ker A|: the number of solutions of every
    /// solvable start.
    pub fn kernel_size(&self) -> BigUint {
        match &self.kind {
            Kind::Full(s) | Kind::Chase { system: s, .. } => s.kernel_size(),
        }
    }

    /// log_k |ker A| when k is prime (the dimension of the kernel), else `None`.
    pub fn nullity(&self) -> Option<usize> {
        if !is_prime(self.k) {
            return None;
        }
        let mut size = self.kernel_size();
        let k = BigUint::from(self.k);
        let mut d = 0;
        while size > BigUint::one() {
            if !(&size % &k).is_zero() {
                return None;
            }
            size /= &k;
            d += 1;
        }
        Some(d)
    }

    /// Whether every start can reach every goal (the kernel is trivial).
    pub fn all_solvable(&self) -> bool {
        self.kernel_size().is_one()
    }

    /// Whether this analysis went through light chasing.
    pub fn is_chased(&self) -> bool {
        matches!(self.kind, Kind::Chase { .. })
    }

    /// One press vector x (row-major, entries 0..k) with A·x ≡ target, or `None` when the
    /// target cannot be reached.
    ///
    /// ```
    /// use cgtk_poggle::{BoardSpec, SolveError};
    /// // Classic 5×5 Lights Out: all lights on, to be turned off.
    /// let board = BoardSpec::square(5, 2).build()?;
    /// let analysis = board.analyze()?;
    /// let x = analysis.solve(&board.target())?.expect("all on is solvable");
    /// // Pressing x on the board: start + A·x ≡ goal (mod 2), every light off.
    /// let after: Vec<u32> = board.start().iter().zip(board.effect(&x))
    ///     .map(|(s, e)| (s + e) % 2).collect();
    /// assert_eq!(after, board.goal());
    /// // A lone light in the corner cannot be switched off (A is singular).
    /// let mut corner = vec![0; 25];
    /// corner[0] = 1;
    /// assert_eq!(analysis.solve(&corner)?, None);
    /// assert!(matches!(analysis.solve(&[1; 24]), Err(SolveError::TargetLength { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, target: &[u32]) -> Result<Option<Vec<u32>>, SolveError> {
        let n = self.rows * self.cols;
        if target.len() != n {
            return Err(SolveError::TargetLength {
                got: target.len(),
                expected: n,
            });
        }
        let target: Vec<u32> = target.iter().map(|&t| t % self.k).collect();
        match &self.kind {
            Kind::Full(system) => system.solve(&target),
            Kind::Chase {
                transposed,
                shape,
                system,
            } => {
                let t = if *transposed {
                    transpose(&target, self.rows, self.cols)
                } else {
                    target
                };
                let zeros = vec![0; shape.unknowns()];
                let (_, residual) = shape.chase_values(&t, &zeros);
                let rhs: Vec<u32> = residual
                    .iter()
                    .map(|&v| if v == 0 { 0 } else { self.k - v })
                    .collect();
                let Some(u) = system.solve(&rhs)? else {
                    return Ok(None);
                };
                let (x, residual) = shape.chase_values(&t, &u);
                if residual.iter().any(|&v| v != 0) {
                    return Err(SolveError::Algebra(
                        "the reduced system's solution leaves a residual".into(),
                    ));
                }
                Ok(Some(self.untranspose(*transposed, x)))
            }
        }
    }

    /// One press grid x with A·x ≡ target for a board in 2 colours, bit-packed from end
    /// to end on boards solved by light chasing (plane or torus) (the chase runs on whole words of
    /// 64 buttons, and a 10000×10000 board needs a few 12.5 MB grids, never a `u32` per
    /// button); other boards go through [`solve`](Self::solve). `None` when the target
    /// cannot be reached.
    ///
    /// ```
    /// use cgtk_poggle::BoardSpec;
    /// let board = BoardSpec::new(30, 40, 2).build().unwrap();
    /// let analysis = board.analyze().unwrap();
    /// let x = analysis.solve_bits(&board.target_bits()).unwrap().unwrap();
    /// assert!(board.is_solution_bits(&x));
    /// assert_eq!(x.to_cells(), analysis.solve(&board.target()).unwrap().unwrap());
    /// ```
    pub fn solve_bits(&self, target: &BitGrid) -> Result<Option<BitGrid>, SolveError> {
        if target.rows() != self.rows || target.cols() != self.cols {
            return Err(SolveError::TargetLength {
                got: target.rows() * target.cols(),
                expected: self.rows * self.cols,
            });
        }
        match &self.kind {
            Kind::Chase {
                transposed,
                shape,
                system: System::Gf2 { system, .. },
            } => {
                let t = if *transposed {
                    target.transpose()
                } else {
                    target.clone()
                };
                let chase = |u: &[u64]| {
                    if shape.torus {
                        shape.chase_bits_torus(&t, u)
                    } else {
                        shape.chase_bits(&t, u)
                    }
                };
                let n = shape.unknowns();
                let zeros = vec![0u64; n.div_ceil(64)];
                let (_, residual) = chase(&zeros);
                let rhs = BitVec::from_words(n, residual);
                let Some(u) = system.solve(&rhs) else {
                    return Ok(None);
                };
                let (x, residual) = chase(u.words());
                if residual.iter().any(|&w| w != 0) {
                    return Err(SolveError::Algebra(
                        "the reduced system's solution leaves a residual".into(),
                    ));
                }
                Ok(Some(if *transposed { x.transpose() } else { x }))
            }
            _ => {
                let x = self.solve(&target.to_cells())?;
                Ok(x.map(|x| BitGrid::from_cells(&x, self.rows, self.cols)))
            }
        }
    }

    /// A basis of the quiet patterns ker A as a product of cyclic groups: pairs (pattern,
    /// additive order), so that every element of the kernel is Σ cᵢ·gᵢ with 0 ≤ cᵢ < oᵢ
    /// in exactly one way.
    ///
    /// ```
    /// use cgtk_poggle::BoardSpec;
    /// // 5×5 Lights Out has nullity 2 (OEIS A159257): two quiet patterns of order 2.
    /// let board = BoardSpec::square(5, 2).build()?;
    /// let basis = board.analyze()?.kernel_basis();
    /// assert_eq!(basis.len(), 2);
    /// for (pattern, order) in &basis {
    ///     assert_eq!(*order, 2);
    ///     assert!(pattern.iter().any(|&p| p != 0));
    ///     assert_eq!(board.effect(pattern), vec![0; 25]); // pressing it changes nothing
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kernel_basis(&self) -> Vec<(Vec<u32>, u32)> {
        match &self.kind {
            Kind::Full(system) => system.kernel_basis(),
            Kind::Chase {
                transposed,
                shape,
                system,
            } => {
                let zero_target = vec![0; self.rows * self.cols];
                system
                    .kernel_basis()
                    .into_iter()
                    .map(|(u, order)| {
                        let (x, _) = shape.chase_values(&zero_target, &u);
                        (self.untranspose(*transposed, x), order)
                    })
                    .collect()
            }
        }
    }

    fn untranspose(&self, transposed: bool, x: Vec<u32>) -> Vec<u32> {
        if transposed {
            // x is cols × rows (the transposed board); bring it back to rows × cols.
            transpose(&x, self.cols, self.rows)
        } else {
            x
        }
    }
}
