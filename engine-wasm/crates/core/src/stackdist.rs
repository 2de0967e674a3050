//! Exact LRU stack distances (Mattson et al. 1970; paper 000 §3's stack-depth graphs) in
//! O(log n) per reference.
//!
//! A Fenwick tree over reference times holds a marker at each block's latest reference. When
//! block b is referenced again, the markers after its previous reference count the distinct
//! blocks referenced since; b's stack depth is that count plus one, and an LRU cache of C
//! blocks hits exactly the references of depth ≤ C. Times are renumbered compactly whenever
//! the tree fills (keeping the markers' order), so memory stays O(distinct blocks): a 4-byte
//! last-reference slot per block id and the tree, at most four slots per distinct block.

use serde::Serialize;

use crate::model::Block;

const NONE: u32 = u32::MAX;

pub struct StackDistances {
    /// Fenwick tree over compact times: 1 where a block's latest reference sits.
    tree: Vec<u32>,
    /// Per block: the compact time of its latest reference, or `NONE`.
    last: Vec<u32>,
    /// Per compact time: the block whose latest reference it is (or `NONE`), for compaction.
    at: Vec<Block>,
    now: u32,
    distinct: u64,
    /// `hist[d]`: references at stack depth d (1-based; index 0 unused).
    hist: Vec<u64>,
    cold: u64,
    refs: u64,
}

/// The result: a histogram of depths and what it means for LRU caches of every size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StackReport {
    pub references: u64,
    pub distinct: u64,
    /// First references (infinite depth): misses at every size.
    pub cold: u64,
    /// `(depth, references)` for every depth that occurs, increasing.
    pub depths: Vec<(u64, u64)>,
}

impl StackReport {
    /// LRU hits with a cache of `size` blocks: references of depth ≤ size.
    pub fn hits_at(&self, size: u64) -> u64 {
        self.depths.iter().take_while(|&&(d, _)| d <= size).map(|&(_, n)| n).sum()
    }

    /// Hit fraction at each of `sizes` (increasing or not).
    pub fn hit_fractions(&self, sizes: &[u64]) -> Vec<f64> {
        sizes
            .iter()
            .map(|&s| if self.references == 0 { 0.0 } else { self.hits_at(s) as f64 / self.references as f64 })
            .collect()
    }
}

impl StackDistances {
    /// `universe`: block ids are expected below it (larger ones grow the index).
    pub fn new(universe: usize) -> Self {
        let cap = 1024;
        Self {
            tree: vec![0; cap + 1],
            last: vec![NONE; universe],
            at: vec![NONE; cap],
            now: 0,
            distinct: 0,
            hist: vec![0; 2],
            cold: 0,
            refs: 0,
        }
    }

    fn add(&mut self, i: u32, delta: i32) {
        let mut i = i as usize + 1;
        while i < self.tree.len() {
            self.tree[i] = self.tree[i].wrapping_add_signed(delta);
            i += i & i.wrapping_neg();
        }
    }

    /// Markers at times `0..=i`.
    fn prefix(&self, i: u32) -> u32 {
        let mut i = i as usize + 1;
        let mut s = 0;
        while i > 0 {
            s += self.tree[i];
            i &= i - 1;
        }
        s
    }

    /// Renumbers the live markers 0.. in order, growing the tree when more than half is live.
    fn compact(&mut self) {
        let live = self.distinct as usize;
        let mut cap = self.at.len();
        while live * 2 > cap {
            cap *= 2;
        }
        let mut at = vec![NONE; cap];
        let mut t = 0u32;
        for &b in self.at.iter().filter(|&&b| b != NONE) {
            at[t as usize] = b;
            self.last[b as usize] = t;
            t += 1;
        }
        self.at = at;
        self.now = t;
        self.tree = vec![0; cap + 1];
        // Build the Fenwick tree of `t` ones in O(cap).
        for i in 1..=cap {
            self.tree[i] += (i <= t as usize) as u32;
            let j = i + (i & i.wrapping_neg());
            if j <= cap {
                self.tree[j] += self.tree[i];
            }
        }
    }

    /// One reference; returns its stack depth (`None` for a first reference).
    pub fn access(&mut self, block: Block) -> Option<u64> {
        if self.now as usize == self.at.len() {
            self.compact();
        }
        if self.last.len() <= block as usize {
            self.last.resize((block as usize + 1).max(self.last.len() * 2), NONE);
        }
        self.refs += 1;
        let prev = self.last[block as usize];
        let depth = if prev == NONE {
            self.distinct += 1;
            self.cold += 1;
            None
        } else {
            // Distinct blocks referenced since: the markers after `prev`. Every distinct block
            // has exactly one marker, all before `now`, so that is `distinct − prefix(prev)`.
            let since = self.distinct as u32 - self.prefix(prev);
            self.add(prev, -1);
            self.at[prev as usize] = NONE;
            let d = since as u64 + 1;
            if self.hist.len() <= d as usize {
                self.hist.resize((d as usize + 1).max(self.hist.len() * 2), 0);
            }
            self.hist[d as usize] += 1;
            Some(d)
        };
        self.add(self.now, 1);
        self.at[self.now as usize] = block;
        self.last[block as usize] = self.now;
        self.now += 1;
        depth
    }

    pub fn report(&self) -> StackReport {
        StackReport {
            references: self.refs,
            distinct: self.distinct,
            cold: self.cold,
            depths: self.hist.iter().enumerate().filter(|&(_, &n)| n > 0).map(|(d, &n)| (d as u64, n)).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::skewed_with_scans;
    use crate::policy::{Lru, Policy};
    use crate::util::rng::Rng;

    #[test]
    fn hand_worked_depths() {
        // a b c b a a: depths –, –, –, 2 (c above b), 3 (b, c above a), 1.
        let mut s = StackDistances::new(4);
        let got: Vec<Option<u64>> = [0, 1, 2, 1, 0, 0].iter().map(|&b| s.access(b)).collect();
        assert_eq!(got, [None, None, None, Some(2), Some(3), Some(1)]);
        let r = s.report();
        assert_eq!((r.references, r.distinct, r.cold), (6, 3, 3));
        assert_eq!(r.depths, [(1, 1), (2, 1), (3, 1)]);
        // The very first block's re-reference right away is depth 1, a hit in a 1-block cache.
        let mut s = StackDistances::new(4);
        s.access(0);
        assert_eq!(s.access(0), Some(1));
    }

    #[test]
    fn equals_lru_hits_at_every_size_exactly() {
        let mut rng = Rng::seeded(8);
        let uniform: Vec<Block> = (0..40_000).map(|_| rng.below(700) as Block).collect();
        let skewed = skewed_with_scans(900, 40_000, 9);
        for refs in [&uniform, &skewed] {
            let mut s = StackDistances::new(16); // small on purpose: the index and tree grow and compact
            for &b in refs.iter() {
                s.access(b);
            }
            let r = s.report();
            let distinct = r.distinct;
            assert_eq!(r.references, refs.len() as u64);
            for size in (1..=distinct).step_by(1 + distinct as usize / 60).chain([1, 2, distinct]) {
                let mut lru = Lru::new(size as usize, 4000);
                let mut ev = Vec::new();
                let hits = refs.iter().filter(|&&b| lru.access(b, &mut ev)).count() as u64;
                assert_eq!(r.hits_at(size), hits, "size {size}");
            }
            assert_eq!(r.hits_at(distinct) + r.cold, r.references, "everything but cold misses hits at full size");
        }
    }
}

/// SHARDS (Waldspurger et al., FAST 2015), fixed rate: only the blocks whose hashed id falls
/// under `rate` are tracked — a spatially uniform sample that keeps each sampled block's every
/// reference — and a sampled depth d stands for depth d / rate. Memory and time shrink by the
/// rate; the curve stays close (tests bound the error).
pub struct Shards {
    exact: StackDistances,
    threshold: u64,
    references: u64,
}

/// Modulus of the sampling hash (2^24).
const SHARDS_MODULUS: u64 = 1 << 24;

#[inline]
fn shards_hash(block: Block) -> u64 {
    crate::util::hash::splitmix64(block as u64) % SHARDS_MODULUS
}

/// A sampled stack-distance result.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SampledReport {
    pub rate: f64,
    /// All references seen, sampled or not.
    pub references: u64,
    /// The sample's own report (depths in sampled units).
    pub sample: StackReport,
}

impl SampledReport {
    /// Estimated LRU hit fraction with a cache of `size` blocks, with SHARDS_adj's correction:
    /// the sample should hold rate × references references; the shortfall (or excess, mostly
    /// from whether the hottest blocks happened to be sampled) goes to the smallest depths.
    pub fn hit_fraction(&self, size: u64) -> f64 {
        let s = &self.sample;
        let expected = self.rate * self.references as f64;
        if s.references == 0 || expected <= 0.0 {
            return 0.0;
        }
        let scaled = (size as f64 * self.rate).floor() as u64;
        let hits = s.hits_at(scaled) as f64 + if scaled >= 1 { expected - s.references as f64 } else { 0.0 };
        (hits / expected).clamp(0.0, 1.0)
    }

    pub fn distinct_estimate(&self) -> f64 {
        self.sample.distinct as f64 / self.rate
    }
}

impl Shards {
    /// `rate` in (0, 1].
    pub fn new(rate: f64) -> Result<Self, String> {
        if !(rate.is_finite() && rate > 0.0 && rate <= 1.0) {
            return Err(format!("sample rate must be above 0 and at most 1 (got {rate})"));
        }
        Ok(Self {
            exact: StackDistances::new(1024),
            threshold: (rate * SHARDS_MODULUS as f64).round().max(1.0) as u64,
            references: 0,
        })
    }

    #[inline]
    pub fn access(&mut self, block: Block) {
        self.references += 1;
        if shards_hash(block) < self.threshold {
            self.exact.access(block);
        }
    }

    pub fn report(&self) -> SampledReport {
        SampledReport {
            rate: self.threshold as f64 / SHARDS_MODULUS as f64,
            references: self.references,
            sample: self.exact.report(),
        }
    }
}

#[cfg(test)]
mod shards_tests {
    use super::*;
    use crate::util::rng::Rng;
    use crate::workload::zipf::ZipfTable;

    #[test]
    fn sampled_curves_stay_close_to_exact() {
        let table = ZipfTable::new(100_000, 0.9);
        let mut rng = Rng::seeded(21);
        let refs: Vec<Block> = (0..1_000_000).map(|_| table.sample(&mut rng)).collect();
        let mut exact = StackDistances::new(100_000);
        let mut s10 = Shards::new(0.1).unwrap();
        let mut s01 = Shards::new(0.01).unwrap();
        for &b in &refs {
            exact.access(b);
            s10.access(b);
            s01.access(b);
        }
        let e = exact.report();
        for (s, bound) in [(s10.report(), 0.01), (s01.report(), 0.02)] {
            let sizes: Vec<u64> = (1..=50).map(|i| e.distinct * i / 50).collect();
            let mae = sizes
                .iter()
                .map(|&c| (s.hit_fraction(c) - e.hits_at(c) as f64 / e.references as f64).abs())
                .sum::<f64>()
                / sizes.len() as f64;
            println!(
                "SHARDS rate {}: MAE {mae:.4}, distinct ≈ {:.0} (exact {})",
                s.rate,
                s.distinct_estimate(),
                e.distinct
            );
            assert!(mae <= bound, "rate {}: MAE {mae:.4}", s.rate);
            assert!((s.distinct_estimate() / e.distinct as f64 - 1.0).abs() < 0.1);
        }
        assert!(Shards::new(0.0).is_err() && Shards::new(1.5).is_err());
    }
}
