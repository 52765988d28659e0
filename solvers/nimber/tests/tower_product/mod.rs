//! A slow, table-free nim product for checking the library's fast one (tests and
//! benchmarks only).
//!
//! Nimbers below 2^(2^k) form a field; with H = 2^(2^(k-1)) every a is a₁·H ⊕ a₀ with
//! a₁, a₀ < H, and H·H = H ⊕ H/2 (nim product), so
//! a·b = (a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁)·H ⊕ a₀b₀ ⊕ a₁b₁·(H/2),
//! where every product on the right is in the smaller field. This is the plain recursion
//! with four products per level; the library builds lookup tables instead.

/// The nim product of two 64-bit nimbers by the recursion on the field tower.
pub fn nim_product(a: u64, b: u64) -> u64 {
    product_below(a, b, 6)
}

/// The nim product of `a` and `b`, both below 2^(2^level).
fn product_below(a: u64, b: u64, level: u32) -> u64 {
    if level == 0 {
        // The field of order 2: nim product is ordinary product of bits.
        return a & b;
    }
    let half = 1u32 << (level - 1);
    let low = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & low);
    let (b1, b0) = (b >> half, b & low);
    let high_high = product_below(a1, b1, level - 1);
    let cross = product_below(a1, b0, level - 1) ^ product_below(a0, b1, level - 1);
    let low_low = product_below(a0, b0, level - 1);
    // H = 2^half, so H/2 = 2^(half - 1), an element of the smaller field.
    let carried = product_below(high_high, 1u64 << (half - 1), level - 1);
    ((high_high ^ cross) << half) | (low_low ^ carried)
}
