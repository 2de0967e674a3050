//! Latency histogram fine enough for a CDF: log-spaced bins, 100 per decade, from 1 µs to 10 s.
//!
//! Bin edges are integer nanoseconds fixed once (`round(1000 · 10^(i/100))`), and a latency is
//! placed by binary search on them — no floating-point logarithm per request, so native and
//! wasm builds bin every latency identically.

use serde::Serialize;

pub const BINS_PER_DECADE: usize = 100;
pub const DECADES: usize = 7; // 1 µs … 10 s
/// Number of edges; `counts` has one more slot than this.
pub const EDGES: usize = BINS_PER_DECADE * DECADES + 1;

/// `counts[0]` holds latencies below `edges_ns[0]` (1 µs, including zero-cost client hits),
/// `counts[i]` those in `[edges_ns[i-1], edges_ns[i])`, and `counts[EDGES]` those of 10 s or more.
#[derive(Clone, Debug)]
pub struct LatencyHistogram {
    edges_ns: Box<[u64]>,
    counts: Box<[u64]>,
    /// Latencies seen lately and their slots, by a hash of the latency (direct-mapped): a run's
    /// latencies take few distinct values (one per path and demotion count), so most records
    /// skip the binary search.
    recent: [(u64, u32); RECENT],
}

/// Entries of the memo of recent latencies (a power of two).
const RECENT: usize = 32;

impl Default for LatencyHistogram {
    fn default() -> Self {
        let edges_ns =
            (0..EDGES).map(|i| (1000.0 * 10f64.powf(i as f64 / BINS_PER_DECADE as f64)).round() as u64).collect();
        Self { edges_ns, counts: vec![0; EDGES + 1].into_boxed_slice(), recent: [(u64::MAX, EDGES as u32); RECENT] }
    }
}

impl LatencyHistogram {
    #[inline]
    pub fn record(&mut self, latency_ns: u64) {
        let memo = (latency_ns.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - RECENT.trailing_zeros())) as usize;
        let slot = match self.recent[memo] {
            (l, slot) if l == latency_ns => slot as usize,
            _ => {
                let slot = self.edges_ns.partition_point(|&e| e <= latency_ns);
                self.recent[memo] = (latency_ns, slot as u32);
                slot
            }
        };
        self.counts[slot] += 1;
    }

    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    pub fn edges_ns(&self) -> &[u64] {
        &self.edges_ns
    }

    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Adds another histogram's counts (the bins are the same everywhere).
    pub fn add(&mut self, other: &LatencyHistogram) {
        for (a, b) in self.counts.iter_mut().zip(other.counts.iter()) {
            *a += b;
        }
    }

    pub fn clear(&mut self) {
        self.counts.iter_mut().for_each(|c| *c = 0);
    }

    /// The `q`-quantile (0 < q ≤ 1) of the latencies recorded, in milliseconds: the upper edge
    /// of the bin holding the ⌈q · n⌉-th smallest (bins are 2.3 % wide, so this is at most 2.3 %
    /// above the exact value). `None` with nothing recorded, or where it falls in the last bin
    /// (10 s or more, no upper edge).
    pub fn quantile_ms(&self, q: f64) -> Option<f64> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let rank = ((q * total as f64).ceil() as u64).clamp(1, total);
        let mut seen = 0;
        let bin = self.counts.iter().position(|&c| {
            seen += c;
            seen >= rank
        })?;
        self.edges_ns.get(bin).map(|&e| e as f64 / 1e6)
    }

    /// Columnar view for results: edges in microseconds, the raw counts, and the percentiles.
    pub fn report(&self) -> HistogramReport {
        HistogramReport {
            edges_us: self.edges_ns.iter().map(|&e| e as f64 / 1000.0).collect(),
            counts: self.counts.to_vec(),
            p50_ms: self.quantile_ms(0.5),
            p95_ms: self.quantile_ms(0.95),
            p99_ms: self.quantile_ms(0.99),
        }
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct HistogramReport {
    /// `EDGES` bin edges in microseconds, 1 µs … 10 s.
    pub edges_us: Vec<f64>,
    /// `EDGES + 1` counts; see [`LatencyHistogram`].
    pub counts: Vec<u64>,
    /// The median, 95th and 99th percentiles of the same requests ([`LatencyHistogram::quantile_ms`]):
    /// `None` with no requests, or past 10 s.
    pub p50_ms: Option<f64>,
    pub p95_ms: Option<f64>,
    pub p99_ms: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_the_upper_edges_of_the_bins_holding_them() {
        let mut h = LatencyHistogram::default();
        assert_eq!(h.quantile_ms(0.5), None, "nothing recorded");
        // 90 requests at 0 (below 1 µs), 9 at 2 ms, 1 at 20 s.
        (0..90).for_each(|_| h.record(0));
        (0..9).for_each(|_| h.record(2_000_000));
        h.record(20_000_000_000);
        // The 50th and 90th smallest are below 1 µs: the first bin's edge.
        assert_eq!((h.quantile_ms(0.5), h.quantile_ms(0.9)), (Some(0.001), Some(0.001)));
        // The 91st is 2 ms: the bin [2 ms, 2.0471 ms) by the edges' rounding, its upper edge.
        let edge = h.edges_ns()[h.edges_ns().partition_point(|&e| e <= 2_000_000)] as f64 / 1e6;
        assert!(edge > 2.0 && edge < 2.05, "{edge}");
        assert_eq!((h.quantile_ms(0.91), h.quantile_ms(0.99)), (Some(edge), Some(edge)));
        // The 100th is past 10 s: no upper edge.
        assert_eq!(h.quantile_ms(1.0), None);
        let r = h.report();
        assert_eq!((r.p50_ms, r.p95_ms, r.p99_ms), (Some(0.001), Some(edge), Some(edge)));
    }

    #[test]
    fn edges_span_one_microsecond_to_ten_seconds() {
        let h = LatencyHistogram::default();
        assert_eq!(h.edges_ns().len(), EDGES);
        assert_eq!(h.edges_ns()[0], 1_000);
        assert_eq!(h.edges_ns()[100], 10_000);
        assert_eq!(h.edges_ns()[EDGES - 1], 10_000_000_000);
        assert!(h.edges_ns().windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn records_into_the_right_bins() {
        let mut h = LatencyHistogram::default();
        h.record(0); // client hit
        h.record(999);
        h.record(1_000); // exactly the first edge: first real bin
        h.record(200_000); // 0.2 ms array hit: bin [10^2.30 µs, 10^2.31 µs)
        h.record(20_000_000_000); // beyond 10 s
        assert_eq!(h.counts()[0], 2);
        assert_eq!(h.counts()[1], 1);
        let i = h.edges_ns().partition_point(|&e| e <= 200_000);
        assert_eq!(h.counts()[i], 1);
        assert!(h.edges_ns()[i - 1] <= 200_000 && 200_000 < h.edges_ns()[i]);
        assert_eq!(i, 231, "0.2 ms = 10^2.301 µs lies in the bin after edge 230");
        assert_eq!(h.counts()[EDGES], 1);
        assert_eq!(h.total(), 5);
    }
}
