//! Karma's local allocation (paper 002 §3.1, after Yadgar et al., FAST 2007): how one client
//! divides its cache and the array among its hinted ranges.
//!
//! A range's marginal gain is its frequency over its size: the hits each buffer given to it
//! saves per reference (MRU on a loop and LRU on uniform reads both hit in proportion to the
//! share of the range held). A sequential range gains nothing. A skewed (x, y) range is split
//! into a subrange of y % of its blocks taking x % of its frequency, and the rest, each valued
//! as if read uniformly (§3.1's approximate hints). Sorted by gain, the subranges fill the
//! client's cache, then the array: Karma sees its client's cache and the array as its own
//! hierarchy. How the array is shared among clients is not Karma's business but the global
//! allocation's (see the parent module).

use crate::model::{Pattern, RangeHint};

/// The range id of a client's rest: the references no hint covers.
pub const REST: u32 = u32::MAX;

/// Checks a client's hints; the message names the hint and the field.
pub fn validate_hints(hints: &[RangeHint]) -> Result<(), String> {
    for (i, h) in hints.iter().enumerate() {
        if h.id == REST {
            return Err(format!("hints[{i}].id: {REST} is reserved for the references no hint covers"));
        }
        if hints[..i].iter().any(|o| o.id == h.id) {
            return Err(format!("hints[{i}].id: range {} is hinted twice", h.id));
        }
        if h.blocks == 0 {
            return Err(format!("hints[{i}].blocks: must be at least 1"));
        }
        if !(h.frequency.is_finite() && (0.0..=1.0).contains(&h.frequency)) {
            return Err(format!("hints[{i}].frequency: must be between 0 and 1 (got {})", h.frequency));
        }
        if let Pattern::Skewed { x, y } = h.pattern {
            if !(x.is_finite() && x > 0.0 && x <= 100.0 && y.is_finite() && y > 0.0 && y < 100.0) {
                return Err(format!("hints[{i}].pattern: a skew (x, y) needs 0 < x ≤ 100 and 0 < y < 100"));
            }
        }
    }
    Ok(())
}

/// Karma's space for one range: blocks in the client and in the array, and the marginal gain
/// of the least valuable subrange given space at each level (its priority there; 0 if none).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Allocation {
    pub client: u64,
    pub array: u64,
    pub client_gain: f64,
    pub array_gain: f64,
}

/// A client's ranges as Karma sees them: its hints, then its rest — the `blocks` it may touch
/// that no hint covers, skewed (80, 20), with the frequency the hints leave (all of it when
/// there are none).
pub fn with_rest(hints: &[RangeHint], blocks: u64) -> Vec<RangeHint> {
    let covered: u64 = hints.iter().map(|h| h.blocks).sum();
    let freq: f64 = hints.iter().map(|h| h.frequency).sum();
    let mut all = hints.to_vec();
    all.push(RangeHint {
        id: REST,
        blocks: blocks.saturating_sub(covered).max(1),
        pattern: Pattern::PARETO,
        frequency: if hints.is_empty() { 1.0 } else { (1.0 - freq).max(0.0) },
    });
    all
}

/// Karma's allocation of `client` + `array` blocks to `ranges` by marginal gain (module docs),
/// one per range in order.
pub fn allocate(ranges: &[RangeHint], client: u64, array: u64) -> Vec<Allocation> {
    // (range, size, gain), skewed ranges split in two.
    let mut subs: Vec<(usize, u64, f64)> = Vec::with_capacity(2 * ranges.len());
    for (i, r) in ranges.iter().enumerate() {
        let gain = |blocks: u64, freq: f64| freq / blocks as f64;
        match r.pattern {
            Pattern::Sequential => {}
            Pattern::Loop | Pattern::Uniform => subs.push((i, r.blocks, gain(r.blocks, r.frequency))),
            Pattern::Skewed { x, y } => {
                if r.blocks < 2 {
                    subs.push((i, r.blocks, gain(r.blocks, r.frequency)));
                } else {
                    let hot = ((r.blocks as f64 * y / 100.0).round() as u64).clamp(1, r.blocks - 1);
                    let hot_freq = r.frequency * x / 100.0;
                    subs.push((i, hot, gain(hot, hot_freq)));
                    subs.push((i, r.blocks - hot, gain(r.blocks - hot, r.frequency - hot_freq)));
                }
            }
        }
    }
    subs.retain(|s| s.2 > 0.0);
    subs.sort_by(|a, b| b.2.total_cmp(&a.2));
    let (mut left1, mut left2) = (client, array);
    let mut out = vec![Allocation::default(); ranges.len()];
    for (i, size, gain) in subs {
        let a1 = size.min(left1);
        let a2 = (size - a1).min(left2);
        left1 -= a1;
        left2 -= a2;
        let o = &mut out[i];
        if a1 > 0 {
            o.client += a1;
            o.client_gain = gain;
        }
        if a2 > 0 {
            o.array += a2;
            o.array_gain = gain;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hint(id: u32, blocks: u64, pattern: Pattern, frequency: f64) -> RangeHint {
        RangeHint { id, blocks, pattern, frequency }
    }

    #[test]
    fn karma_allocates_by_marginal_gain_and_splits_skewed_ranges() {
        // Gains: A 0.5/10 = 0.05, B 0.4/40 = 0.01, C sequential (nothing).
        let ranges = [
            hint(0, 10, Pattern::Uniform, 0.5),
            hint(1, 40, Pattern::Loop, 0.4),
            hint(2, 100, Pattern::Sequential, 0.1),
        ];
        let a = allocate(&ranges, 20, 20);
        assert_eq!(
            [(a[0].client, a[0].array), (a[1].client, a[1].array), (a[2].client, a[2].array)],
            [(10, 0), (10, 20), (0, 0)]
        );
        assert_eq!((a[1].client_gain, a[1].array_gain), (0.01, 0.01));
        // (80, 20) over 100 blocks: 20 blocks at 0.8 · 0.7 / 20 = 0.028 go before a uniform
        // range at 0.3 / 20 = 0.015; the other 80 (0.2 · 0.7 / 80) after it.
        let a = allocate(&[hint(0, 100, Pattern::PARETO, 0.7), hint(1, 20, Pattern::Uniform, 0.3)], 25, 50);
        assert_eq!((a[0].client, a[0].array, a[1].client, a[1].array), (20, 35, 5, 15));
        assert!((a[0].array_gain - 0.2 * 0.7 / 80.0).abs() < 1e-12);
    }
}
