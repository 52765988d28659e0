//! The result of one elimination over Z/kZ: solving, kernel basis, sizes.

use num_bigint::BigUint;
use num_traits::One;

use crate::local::LocalForm;
use crate::modular::{crt_idempotents, factorize};
use crate::{AlgebraError, ZkMatrix};

/// One elimination of a matrix `A` over Z/kZ, ready for many right-hand sides and for
/// questions about the kernel.
///
/// `k` is split into prime powers `p^e`; over each Z/p^eZ the matrix is brought to a
/// diagonal form `P·A·Q = D` with `D = diag(p^v1, p^v2, …)`; the answers are combined
/// with the Chinese Remainder Theorem.
///
/// # Example
///
/// ```
/// use cgtk_algebra::ZkMatrix;
/// use num_bigint::BigUint;
///
/// // Over Z/4Z: x + y ≡ b0, 2y ≡ b1.
/// let a = ZkMatrix::from_rows(4, vec![vec![1, 1], vec![0, 2]])?;
/// let sys = a.analyze();
/// for b in [[0, 0], [3, 2], [1, 0]] {
///     let x = sys.solve(&b)?.expect("b1 even: solvable");
///     assert_eq!(a.mul_vec(&x), b.to_vec());
/// }
/// assert_eq!(sys.solve(&[0, 1])?, None);
/// // The kernel {(0,0), (2,2)}: one generator of order 2.
/// assert_eq!(sys.kernel_size(), BigUint::from(2u32));
/// assert_eq!(sys.kernel_basis(), &[(vec![2, 2], 2)]);
/// # Ok::<(), cgtk_algebra::AlgebraError>(())
/// ```
#[derive(Clone, Debug)]
pub struct LinearSystem {
    k: u32,
    rows: usize,
    cols: usize,
    locals: Vec<LocalForm>,
    idempotents: Vec<u64>,
    basis: Vec<(Vec<u32>, u32)>,
    generators: Vec<Vec<u32>>,
}

impl LinearSystem {
    pub(crate) fn new(a: &ZkMatrix) -> Self {
        let k = a.modulus();
        let (rows, cols) = (a.rows(), a.cols());
        let factors = factorize(k);
        let locals: Vec<LocalForm> = factors
            .iter()
            .map(|&(p, e)| {
                let q = p.pow(e);
                let reduced: Vec<u32> = if q == k {
                    a.as_slice().to_vec()
                } else {
                    a.as_slice().iter().map(|&x| x % q).collect()
                };
                LocalForm::new(reduced, rows, cols, p, e)
            })
            .collect();
        let qs: Vec<u32> = locals.iter().map(|l| l.q).collect();
        let idempotents = crt_idempotents(k, &qs);
        let basis = combine_kernels(k, cols, &locals, &idempotents);
        let generators = basis.iter().map(|(g, _)| g.clone()).collect();
        LinearSystem {
            k,
            rows,
            cols,
            locals,
            idempotents,
            basis,
            generators,
        }
    }

    /// The modulus `k`.
    pub fn modulus(&self) -> u32 {
        self.k
    }

    /// Number of rows (equations) of `A`.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns (unknowns) of `A`.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// One solution of `A·x ≡ b (mod k)`, `Ok(None)` when there is none.
    ///
    /// Errors when `b.len() != rows` or an entry of `b` is not a residue modulo `k`.
    pub fn solve(&self, b: &[u32]) -> Result<Option<Vec<u32>>, AlgebraError> {
        crate::zk_matrix::check_rhs(self.rows, self.k, b)?;
        let k64 = self.k as u64;
        let mut x = vec![0u64; self.cols];
        for (local, &c) in self.locals.iter().zip(&self.idempotents) {
            let q = local.q as u64;
            let bq: Vec<u64> = b.iter().map(|&v| v as u64 % q).collect();
            let Some(xq) = local.solve(&bq) else {
                return Ok(None);
            };
            for (xi, xqi) in x.iter_mut().zip(xq) {
                *xi = ((*xi as u128 + xqi as u128 * c as u128) % k64 as u128) as u64;
            }
        }
        Ok(Some(x.into_iter().map(|v| v as u32).collect()))
    }

    /// A generating set of `ker A` as a Z/kZ-module: the generators of
    /// [`kernel_basis`](Self::kernel_basis), at most `cols` of them.
    pub fn kernel_generators(&self) -> &[Vec<u32>] {
        &self.generators
    }

    /// A basis of `ker A` as a product of cyclic groups: pairs `(g_i, o_i)` where `o_i` is
    /// the additive order of `g_i`, so that `ker A = { Σ c_i·g_i : 0 <= c_i < o_i }` with
    /// every element obtained exactly once. The orders are the invariant factors of the
    /// kernel: `o_1` is a multiple of `o_2`, and so on; every `o_i >= 2`.
    pub fn kernel_basis(&self) -> &[(Vec<u32>, u32)] {
        &self.basis
    }

    /// The additive orders of [`kernel_basis`](Self::kernel_basis), in the same order.
    pub fn kernel_cyclic_orders(&self) -> Vec<u32> {
        self.basis.iter().map(|&(_, o)| o).collect()
    }

    /// `|ker A|` exactly: the product of the orders of the kernel basis.
    pub fn kernel_size(&self) -> BigUint {
        self.basis
            .iter()
            .fold(BigUint::one(), |acc, &(_, o)| acc * BigUint::from(o))
    }

    /// `|image A| = k^cols / |ker A|`, exactly.
    pub fn image_size(&self) -> BigUint {
        BigUint::from(self.k).pow(self.cols as u32) / self.kernel_size()
    }

    /// True when `A·x ≡ b` has a solution for every `b` (the map is onto).
    pub fn is_surjective(&self) -> bool {
        self.locals.iter().all(|l| l.unit_pivots() == self.rows)
    }

    /// The rank when `k` is prime (Z/kZ is then a field), `None` otherwise.
    pub fn rank(&self) -> Option<usize> {
        match self.locals.as_slice() {
            [l] if l.e == 1 => Some(l.unit_pivots()),
            _ => None,
        }
    }

    /// `log_k |ker A|` when `k` is prime (the dimension of the kernel), `None` otherwise.
    pub fn nullity(&self) -> Option<usize> {
        self.rank().map(|r| self.cols - r)
    }
}

/// Lifts the local kernel bases to Z/kZ and merges the cyclic factors of coprime orders
/// (the i-th largest factor of every prime) into one, giving the invariant factors.
fn combine_kernels(
    k: u32,
    cols: usize,
    locals: &[LocalForm],
    idempotents: &[u64],
) -> Vec<(Vec<u32>, u32)> {
    let k64 = k as u64;
    let local_bases: Vec<Vec<(Vec<u64>, u64)>> =
        locals.iter().map(LocalForm::kernel_basis).collect();
    let count = local_bases.iter().map(Vec::len).max().unwrap_or(0);
    (0..count)
        .map(|i| {
            let mut g = vec![0u64; cols];
            let mut order = 1u64;
            for (basis, &c) in local_bases.iter().zip(idempotents) {
                if let Some((gq, o)) = basis.get(i) {
                    order *= o;
                    for (x, &y) in g.iter_mut().zip(gq) {
                        *x = ((*x as u128 + y as u128 * c as u128) % k64 as u128) as u64;
                    }
                }
            }
            (g.into_iter().map(|v| v as u32).collect(), order as u32)
        })
        .collect()
}
