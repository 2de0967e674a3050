//! A fixed, seedless 64-bit mixer for hashing block ids where the answer must be the same on
//! every run and every target (no `std` `RandomState`): SHARDS' spatial sampling and
//! W-TinyLFU's frequency sketch.

/// SplitMix64's output function (Steele, Lea & Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014; constants from Vigna's `splitmix64.c`): one golden-ratio step, then
/// two multiply-xorshift rounds. A bijection on `u64` whose every output bit depends on every
/// input bit, so consecutive ids land far apart.
#[inline]
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_splitmix64_stream() {
        // The first outputs of Vigna's splitmix64.c seeded with 0: state advances by the
        // golden ratio, so output i is splitmix64(i · golden).
        let golden = 0x9E37_79B9_7F4A_7C15u64;
        assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(golden), 0x6E78_9E6A_A1B9_65F4);
    }
}
