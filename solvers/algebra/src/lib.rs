//! Linear algebra over Z/kZ for every modulus `2 <= k < 2^32`, bit-packed GF(2)
//! matrices, and polynomials over GF(2) and GF(p).
//!
//! - [`ZkMatrix`]: a dense matrix over Z/kZ, composite `k` included. [`ZkMatrix::analyze`]
//!   eliminates once and returns a [`LinearSystem`]: solving `A·x ≡ b` for many right-hand
//!   sides, a basis of the kernel as a product of cyclic groups (each kernel element is
//!   obtained exactly once), the exact kernel size as a [`num_bigint::BigUint`], and the rank
//!   when `k` is prime. The method is correct for non-units: `k` is split into prime powers
//!   `p^e`, each Z/p^eZ is put in diagonal form `P·A·Q = D` (the pivot is always an entry of
//!   least `p`-valuation, so it divides the rest of its block), and the Chinese Remainder
//!   Theorem combines the answers.
//! - [`BitVec`], [`BitMatrix`], [`BitSystem`]: GF(2) packed 64 entries per word, with
//!   elimination by word-wide row XORs.
//! - [`Gf2Poly`] (bit-packed) and [`GfpPoly`]: polynomial arithmetic and gcd.
//! - nalgebra interop: [`ZkMatrix::from_dmatrix`], [`ZkMatrix::reduce_dmatrix`],
//!   [`ZkMatrix::from_dmatrix_f64`], [`ZkMatrix::to_dmatrix`] and [`residues_from_dvector`]
//!   hand `nalgebra::DMatrix` values to the modular solver and back (the elimination stays
//!   here; nalgebra is used for real-valued checks such as the Lights Out spectrum).
//! - Errors: [`AlgebraError`] for matrices, [`PolyError`] for polynomials,
//!   [`ConversionError`] for nalgebra matrices that are not residues.
//!
//! # Example
//!
//! Lights Out on a 1×3 strip over Z/6Z: a press adds 1 to a button and its neighbours.
//!
//! ```
//! use cgtk_algebra::{BitMatrix, BitVec, Gf2Poly, ZkMatrix};
//! use num_bigint::BigUint;
//!
//! let a = ZkMatrix::from_rows(6, vec![vec![1, 1, 0], vec![1, 1, 1], vec![0, 1, 1]])?;
//! let sys = a.analyze();
//! let b = [5, 5, 5];
//! let x = sys.solve(&b)?.expect("solvable");
//! assert_eq!(a.mul_vec(&x), b.to_vec());
//! assert_eq!(sys.kernel_size(), BigUint::from(1u32)); // det = -1 is a unit
//! assert_eq!(sys.rank(), None);                        // 6 is not prime
//!
//! // The same matrix over GF(2), bit-packed.
//! let mut m = BitMatrix::zeros(3, 3);
//! for (r, c) in [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)] {
//!     m.set(r, c, true);
//! }
//! let ones = BitVec::from_bools(&[true; 3]);
//! assert_eq!(m.mul_vec(&m.solve(&ones).expect("solvable")), ones);
//!
//! // gcd over GF(2): x^2 + 1 = (x + 1)^2 and x^3 + 1 = (x + 1)(x^2 + x + 1).
//! let g = Gf2Poly::from_coeffs(&[1, 0, 1]).gcd(&Gf2Poly::from_coeffs(&[1, 0, 0, 1]));
//! assert_eq!(g.to_string(), "x + 1");
//! # Ok::<(), cgtk_algebra::AlgebraError>(())
//! ```
#![deny(missing_docs)]

mod bitmatrix;
mod bitsystem;
mod bitvec;
mod error;
mod gf2poly;
mod gfppoly;
mod interop;
mod local;
mod modular;
mod system;
mod zk_matrix;

pub use bitmatrix::BitMatrix;
pub use bitsystem::BitSystem;
pub use bitvec::BitVec;
pub use error::{AlgebraError, PolyError};
pub use gf2poly::Gf2Poly;
pub use gfppoly::GfpPoly;
pub use interop::{residues_from_dvector, ConversionError};
pub use modular::{check_modulus, factorize, is_prime};
/// The `nalgebra` this crate converts to and from ([`ZkMatrix::from_dmatrix`],
/// [`ZkMatrix::to_dmatrix`], …), re-exported so that callers use the same version.
pub use nalgebra;
pub use system::LinearSystem;
pub use zk_matrix::{ZkMatrix, MAX_ENTRIES};
