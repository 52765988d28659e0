//! Conway's nim multiplication on machine words.
//!
//! The nimbers below 2^(2^k) form a field of that order, and the field of order 2^(2h) is
//! the field of order 2^h extended by H = 2^h, with H·H = H + H/2. A product of two 2h-bit
//! nimbers is therefore three h-bit products (Karatsuba) plus one product by the constant
//! H/2. This module halves 64 → 32 → 16 bits and does the 16-bit products with discrete
//! logarithm and exponential tables of the field of order 2^16, built once on first use.

use std::sync::OnceLock;

/// Order of the multiplicative group of the 16-bit nimbers.
const GROUP16: u32 = 65_535;

/// Nim product of `a` and `b`, both below 2^(2^k), by plain recursion on the field
/// tower (no tables). Slow; used to build the tables.
pub(crate) fn mul_tower(a: u64, b: u64, k: u32) -> u64 {
    if k == 0 {
        return a & b;
    }
    let h = 1u32 << (k - 1);
    let mask = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    let (b1, b0) = (b >> h, b & mask);
    let c0 = mul_tower(a0, b0, k - 1);
    let c2 = mul_tower(a1, b1, k - 1);
    let c1 = mul_tower(a0 ^ a1, b0 ^ b1, k - 1);
    let high = c1 ^ c0;
    let low = c0 ^ mul_tower(c2, 1u64 << (h - 1), k - 1);
    (high << h) | low
}

struct Tables {
    /// `exp[i]` = g^i for a generator g of the 16-bit multiplicative group, i < 2·65535.
    exp: Vec<u16>,
    /// `log[x]` = the i < 65535 with g^i = x, for x ≠ 0.
    log: Vec<u16>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build_tables)
}

fn build_tables() -> Tables {
    // The 8-bit product table, then 16-bit products by one Karatsuba level over it.
    let mut small = vec![0u8; 256 * 256];
    for a in 0..256u64 {
        for b in a..256u64 {
            let p = mul_tower(a, b, 3) as u8;
            small[(a * 256 + b) as usize] = p;
            small[(b * 256 + a) as usize] = p;
        }
    }
    let mul8 = |a: u64, b: u64| small[(a * 256 + b) as usize] as u64;
    let mul16 = |a: u64, b: u64| {
        let (a1, a0, b1, b0) = (a >> 8, a & 0xff, b >> 8, b & 0xff);
        let c0 = mul8(a0, b0);
        let c2 = mul8(a1, b1);
        let c1 = mul8(a0 ^ a1, b0 ^ b1);
        ((c1 ^ c0) << 8) | (c0 ^ mul8(c2, 0x80))
    };
    let pow16 = |g: u64, mut e: u32| {
        let (mut base, mut acc) = (g, 1u64);
        while e > 0 {
            if e & 1 == 1 {
                acc = mul16(acc, base);
            }
            base = mul16(base, base);
            e >>= 1;
        }
        acc
    };
    // 65535 = 3 · 5 · 17 · 257: g generates the group when no g^(65535/p) is 1.
    let generator = (2u64..)
        .find(|&g| {
            [3u32, 5, 17, 257]
                .iter()
                .all(|&p| pow16(g, GROUP16 / p) != 1)
        })
        .unwrap_or(2);
    let mut exp = vec![0u16; 2 * GROUP16 as usize];
    let mut log = vec![0u16; 1 << 16];
    let mut x = 1u64;
    for i in 0..GROUP16 as usize {
        exp[i] = x as u16;
        exp[i + GROUP16 as usize] = x as u16;
        log[x as usize] = i as u16;
        x = mul16(x, generator);
    }
    Tables { exp, log }
}

#[inline]
fn mul16(t: &Tables, a: u64, b: u64) -> u64 {
    if a == 0 || b == 0 {
        return 0;
    }
    t.exp[t.log[a as usize] as usize + t.log[b as usize] as usize] as u64
}

#[inline]
fn mul32(t: &Tables, a: u64, b: u64) -> u64 {
    let (a1, a0, b1, b0) = (a >> 16, a & 0xffff, b >> 16, b & 0xffff);
    let c0 = mul16(t, a0, b0);
    let c2 = mul16(t, a1, b1);
    let c1 = mul16(t, a0 ^ a1, b0 ^ b1);
    ((c1 ^ c0) << 16) | (c0 ^ mul16(t, c2, 0x8000))
}

/// Nim product of two 64-bit nimbers.
#[inline]
pub(crate) fn mul64(a: u64, b: u64) -> u64 {
    let t = tables();
    let (a1, a0, b1, b0) = (a >> 32, a & 0xffff_ffff, b >> 32, b & 0xffff_ffff);
    let c0 = mul32(t, a0, b0);
    let c2 = mul32(t, a1, b1);
    let c1 = mul32(t, a0 ^ a1, b0 ^ b1);
    ((c1 ^ c0) << 32) | (c0 ^ mul32(t, c2, 0x8000_0000))
}

fn inv16(t: &Tables, a: u64) -> u64 {
    t.exp[(GROUP16 - t.log[a as usize] as u32) as usize] as u64
}

/// Inverse in a quadratic extension: for x = x1·H + x0, the conjugate x1·H + (x0 + x1) times
/// x is the norm x0² + x0·x1 + x1²·(H/2), which lies in the subfield.
fn inv32(t: &Tables, a: u64) -> u64 {
    let (a1, a0) = (a >> 16, a & 0xffff);
    if a1 == 0 {
        return inv16(t, a0);
    }
    let norm = mul16(t, a0, a0 ^ a1) ^ mul16(t, mul16(t, a1, a1), 0x8000);
    let s = inv16(t, norm);
    (mul16(t, a1, s) << 16) | mul16(t, a0 ^ a1, s)
}

/// Nim inverse of a non-zero 64-bit nimber.
pub(crate) fn inv64(a: u64) -> u64 {
    let t = tables();
    let (a1, a0) = (a >> 32, a & 0xffff_ffff);
    if a1 == 0 {
        return inv32(t, a0);
    }
    let norm = mul32(t, a0, a0 ^ a1) ^ mul32(t, mul32(t, a1, a1), 0x8000_0000);
    let s = inv32(t, norm);
    (mul32(t, a1, s) << 32) | mul32(t, a0 ^ a1, s)
}

fn sqrt16(t: &Tables, a: u64) -> u64 {
    if a == 0 {
        return 0;
    }
    // 2 · 32768 ≡ 1 (mod 65535): halving the logarithm.
    let l = (t.log[a as usize] as u64 * 32_768) % GROUP16 as u64;
    t.exp[l as usize] as u64
}

/// Square root in a quadratic extension: (y1·H + y0)² = y1²·H + (y0² + y1²·(H/2)).
fn sqrt32(t: &Tables, a: u64) -> u64 {
    let (a1, a0) = (a >> 16, a & 0xffff);
    let y1 = sqrt16(t, a1);
    let y0 = sqrt16(t, a0 ^ mul16(t, a1, 0x8000));
    (y1 << 16) | y0
}

/// The nim square root (the unique y with y·y = a) of a 64-bit nimber.
pub(crate) fn sqrt64(a: u64) -> u64 {
    let t = tables();
    let (a1, a0) = (a >> 32, a & 0xffff_ffff);
    let y1 = sqrt32(t, a1);
    let y0 = sqrt32(t, a0 ^ mul32(t, a1, 0x8000_0000));
    (y1 << 32) | y0
}
