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

    /// The non-empty bins, their edges multiplied by `unit` (1e-6: microseconds as seconds).
    pub(super) fn bins(&self, unit: f64) -> Vec<Bin> {
        self.counts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0.0)
            .map(|(k, &c)| {
                let (from, to) = edges(k);
                Bin { from: from * unit, to: to * unit, count: c.round() as u64 }
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
        let got: Vec<(f64, f64, u64)> = bins.iter().map(|b| (b.from, b.to, b.count)).collect();
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
        assert_eq!(h.total(), 9.0);
        h.scale(0.5);
        assert_eq!(h.bins(1e-6)[0], Bin { from: 0.0, to: 1e-6, count: 1 }, "0.5 rounds up; edges scale");
    }
}
