//! Power-of-two bins: how distributions that span many decades (reuse times, distances, sizes,
//! run lengths) are counted and reported.

use serde::Serialize;

/// Counts of values in power-of-two bins: bin 0 holds 0, bin k ≥ 1 holds `2^(k−1) ≤ v < 2^k`.
/// Counts are `f64` so sampled (weighted) counts add up the same way; exact ones stay exact
/// (integers below 2⁵³).
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Log2 {
    counts: Vec<f64>,
}

/// One bin of a reported distribution: values from `from` (inclusive) to `to` (exclusive).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ProfileBin"))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Bin {
    pub from: f64,
    pub to: f64,
    /// How many fell in it (an estimate, rounded, where the distribution is sampled).
    pub count: u64,
}

impl Log2 {
    #[inline]
    pub(super) fn bin_of(v: u64) -> usize {
        (u64::BITS - v.leading_zeros()) as usize
    }

    #[inline]
    pub(super) fn add(&mut self, v: u64) {
        self.add_weight(v, 1.0);
    }

    #[inline]
    pub(super) fn add_weight(&mut self, v: u64, w: f64) {
        let k = Self::bin_of(v);
        if self.counts.len() <= k {
            self.counts.resize(k + 1, 0.0);
        }
        self.counts[k] += w;
    }

    pub(super) fn total(&self) -> f64 {
        self.counts.iter().sum()
    }

    /// Every count times `factor` (a sampled distribution scaled to a known total).
    pub(super) fn scale(&mut self, factor: f64) {
        self.counts.iter_mut().for_each(|c| *c *= factor);
    }

    /// The bins from the first non-empty one to the last, the empty ones between included (a
    /// chart draws each doubling), their edges multiplied by `unit` (1e-6: microseconds as
    /// seconds). None when nothing was counted.
    pub(super) fn bins(&self, unit: f64) -> Vec<Bin> {
        let Some(first) = self.counts.iter().position(|&c| c > 0.0) else {
            return Vec::new();
        };
        let last = self.counts.iter().rposition(|&c| c > 0.0).unwrap_or(first);
        (first..=last)
            .map(|k| {
                let (from, to) = edges(k);
                Bin { from: from * unit, to: to * unit, count: self.counts[k].round() as u64 }
            })
            .collect()
    }
}

/// Bin k's values: `[0, 1)` for k = 0, else `[2^(k−1), 2^k)`.
pub(super) fn edges(k: usize) -> (f64, f64) {
    if k == 0 {
        (0.0, 1.0)
    } else {
        (2f64.powi(k as i32 - 1), 2f64.powi(k as i32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_fall_in_their_power_of_two() {
        let mut h = Log2::default();
        for v in [0, 1, 2, 3, 4, 7, 8, 1 << 40, u64::MAX] {
            h.add(v);
        }
        let bins = h.bins(1.0);
        assert_eq!(bins.len(), 65, "every bin from [0, 1) to [2^63, 2^64), the empty ones too");
        let got: Vec<(f64, f64, u64)> = bins.iter().filter(|b| b.count > 0).map(|b| (b.from, b.to, b.count)).collect();
        assert_eq!(
            got,
            [
                (0.0, 1.0, 1),
                (1.0, 2.0, 1),
                (2.0, 4.0, 2),
                (4.0, 8.0, 2),
                (8.0, 16.0, 1),
                (2f64.powi(40), 2f64.powi(41), 1),
                (2f64.powi(63), 2f64.powi(64), 1)
            ]
        );
        for pair in bins.windows(2) {
            assert_eq!(pair[0].to, pair[1].from, "each bin's upper edge is the next one's lower");
        }
        assert_eq!(h.total(), 9.0);
        let mut gap = Log2::default();
        gap.add(5);
        gap.add(40);
        let edges: Vec<(f64, u64)> = gap.bins(1.0).iter().map(|b| (b.from, b.count)).collect();
        assert_eq!(edges, [(4.0, 1), (8.0, 0), (16.0, 0), (32.0, 1)], "from the first non-empty bin to the last");
        assert!(Log2::default().bins(1.0).is_empty());
        h.scale(0.5);
        assert_eq!(h.bins(1e-6)[0], Bin { from: 0.0, to: 1e-6, count: 1 }, "0.5 rounds up; edges scale");
    }
}
