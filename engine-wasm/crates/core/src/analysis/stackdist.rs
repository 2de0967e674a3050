//! Exact LRU stack distances (Mattson et al. 1970; paper 000 §3's stack-depth graphs) in
//! O(log n) per reference.
//!
//! Each block's latest reference leaves a marker at its time. When block b is referenced
//! again, the markers after its previous reference count the distinct blocks referenced
//! since; b's stack depth is that count plus one, and an LRU cache of C blocks hits exactly
//! the references of depth ≤ C. The markers live in a bitset over reference times, with a
//! Fenwick tree over 512-time blocks of it: a count is the tree's prefix over whole blocks
//! plus popcounts inside one 64-byte block. The bitset (one bit per time) and the tree (one
//! word per 512 times) stay small enough for the processor's caches, which is what makes this
//! fast. Times are renumbered compactly whenever they run out (keeping the markers' order),
//! so memory stays O(distinct blocks): a 4-byte last-reference slot per block id and about
//! half a byte per distinct block for the rest.

use serde::Serialize;

use crate::model::Block;

const NONE: u32 = u32::MAX;

/// A latest-reference slot of a block not yet referenced ([`StackDistances::touch_slot`]).
pub const UNREFERENCED: u32 = NONE;

/// Fixed-size SHARDS' sample where a run's curves are sampled: blocks tracked per curve.
pub const AUTO_SAMPLE_BLOCKS: usize = 32_768;

/// Times per Fenwick leaf: eight 64-bit words, one cache line of the bitset.
const SPAN: usize = 512;

pub struct StackDistances {
    /// One bit per compact time: set where a block's latest reference sits.
    bits: Vec<u64>,
    /// Fenwick tree (1-based) over the bitset's 512-time blocks: markers per block.
    counts: Vec<u32>,
    /// Per block: the compact time of its latest reference, or `NONE`.
    last: Vec<u32>,
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
        let cap = 2 * SPAN;
        Self {
            bits: vec![0; cap / 64],
            counts: vec![0; cap / SPAN + 1],
            last: vec![NONE; universe],
            now: 0,
            distinct: 0,
            hist: vec![0; 2],
            cold: 0,
            refs: 0,
        }
    }

    /// Times available before the next compaction.
    fn capacity(&self) -> usize {
        self.bits.len() * 64
    }

    #[inline]
    fn block_add(&mut self, block: usize, delta: i32) {
        let mut i = block + 1;
        while i < self.counts.len() {
            self.counts[i] = self.counts[i].wrapping_add_signed(delta);
            i += i & i.wrapping_neg();
        }
    }

    /// Moves a marker from time `from` to time `to` (> `from`). The two Fenwick paths join
    /// once they reach a node covering both blocks; above it −1 and +1 cancel, so the walk
    /// stops there (at once where both times share a block, as hot blocks' re-references do).
    #[inline]
    fn move_marker(&mut self, from: u32, to: u32) {
        self.bits[from as usize >> 6] &= !(1 << (from & 63));
        self.bits[to as usize >> 6] |= 1 << (to & 63);
        let n = self.counts.len();
        let (mut a, mut b) = (from as usize / SPAN + 1, to as usize / SPAN + 1);
        // Both paths rise through increasing nodes; the lower one steps until they meet.
        while a != b {
            if a < b {
                if a >= n {
                    break;
                }
                self.counts[a] = self.counts[a].wrapping_sub(1);
                a += a & a.wrapping_neg();
            } else {
                if b >= n {
                    break;
                }
                self.counts[b] += 1;
                b += b & b.wrapping_neg();
            }
        }
    }

    #[inline]
    fn mark(&mut self, t: u32) {
        self.bits[t as usize >> 6] |= 1 << (t & 63);
        self.block_add(t as usize / SPAN, 1);
    }

    #[inline]
    fn unmark(&mut self, t: u32) {
        self.bits[t as usize >> 6] &= !(1 << (t & 63));
        self.block_add(t as usize / SPAN, -1);
    }

    /// Markers at times `0..=t`.
    #[inline]
    fn prefix(&self, t: u32) -> u32 {
        let t = t as usize;
        let block = t / SPAN;
        let mut sum = 0;
        let mut i = block;
        while i > 0 {
            sum += self.counts[i];
            i &= i - 1;
        }
        let word = t >> 6;
        for w in &self.bits[block * (SPAN / 64)..word] {
            sum += w.count_ones();
        }
        let upto = u64::MAX >> (63 - (t & 63));
        sum + (self.bits[word] & upto).count_ones()
    }

    /// Whether the times have run out: the next access must first [`Self::compact_slots`] (of
    /// slots the caller keeps; [`Self::access`] does it itself).
    #[inline]
    pub fn is_full(&self) -> bool {
        self.now as usize == self.capacity()
    }

    fn compact(&mut self) {
        let mut last = std::mem::take(&mut self.last);
        self.compact_slots(last.iter_mut());
        self.last = last;
    }

    /// Renumbers the live markers 0.. in order, growing the times when more than half are live.
    /// `slots`: every block's latest-reference slot (`NONE` ones are skipped); each live one
    /// becomes its marker's rank, the markers before it, so the order (and every depth) stays.
    pub fn compact_slots<'a>(&mut self, slots: impl Iterator<Item = &'a mut u32>) {
        let live = self.distinct as usize;
        let old = self.capacity();
        let mut cap = old;
        while live * 2 > cap {
            cap *= 2;
        }
        // Markers before each word of the bitset.
        let mut before = Vec::with_capacity(self.bits.len());
        let mut sum = 0u32;
        for w in &self.bits {
            before.push(sum);
            sum += w.count_ones();
        }
        debug_assert_eq!(sum as usize, live);
        for t in slots.filter(|t| **t != NONE) {
            let (word, bit) = (*t as usize >> 6, *t & 63);
            *t = before[word] + (self.bits[word] & ((1u64 << bit) - 1)).count_ones();
        }
        self.now = sum;
        let t = sum as usize;
        self.bits = vec![0; cap / 64];
        for w in 0..t / 64 {
            self.bits[w] = u64::MAX;
        }
        if !t.is_multiple_of(64) {
            self.bits[t / 64] = (1u64 << (t % 64)) - 1;
        }
        // The Fenwick tree of the blocks' counts in O(blocks).
        let blocks = cap / SPAN;
        self.counts = vec![0; blocks + 1];
        for i in 1..=blocks {
            self.counts[i] += (t.saturating_sub((i - 1) * SPAN)).min(SPAN) as u32;
            let j = i + (i & i.wrapping_neg());
            if j <= blocks {
                self.counts[j] += self.counts[i];
            }
        }
    }

    /// One reference; returns its stack depth (`None` for a first reference).
    pub fn access(&mut self, block: Block) -> Option<u64> {
        if self.is_full() {
            self.compact();
        }
        if self.last.len() <= block as usize {
            self.last.resize((block as usize + 1).max(self.last.len() * 2), NONE);
        }
        let mut slot = self.last[block as usize];
        let depth = self.touch_slot(&mut slot);
        self.last[block as usize] = slot;
        self.refs += 1;
        match depth {
            None => self.cold += 1,
            Some(d) => {
                let d = d as usize;
                if self.hist.len() <= d {
                    self.hist.resize((d + 1).max(self.hist.len() * 2), 0);
                }
                self.hist[d] += 1;
            }
        }
        depth
    }

    /// A reference of a block whose latest-reference slot the caller keeps (beside its own
    /// per-object state, saving a random access per reference): moves the block to the top
    /// and returns its depth, counting nothing — the caller keeps what it needs of the depths
    /// (a histogram of one counter per depth is itself a random access per reference), and
    /// [`Self::report`] leaves these references out. `slot` starts at [`UNREFERENCED`]; the
    /// stack must not be full ([`Self::is_full`]: compact the slots first).
    #[inline]
    pub fn touch_slot(&mut self, slot: &mut u32) -> Option<u64> {
        debug_assert!(!self.is_full());
        let prev = *slot;
        let now = self.now;
        let depth = if prev == NONE {
            self.distinct += 1;
            self.mark(now);
            None
        } else {
            // Distinct blocks referenced since: the markers after `prev`. Every distinct block
            // has exactly one marker, all before `now`, so that is `distinct − prefix(prev)`.
            let since = self.distinct as u32 - self.prefix(prev);
            self.move_marker(prev, now);
            Some(u64::from(since) + 1)
        };
        *slot = now;
        self.now += 1;
        depth
    }

    /// Stops tracking `block` (SHARDS with a fixed size drops blocks as its rate falls): its
    /// marker goes, so later depths no longer count it.
    pub fn forget(&mut self, block: Block) {
        let Some(&t) = self.last.get(block as usize) else { return };
        if t == NONE {
            return;
        }
        self.unmark(t);
        self.last[block as usize] = NONE;
        self.distinct -= 1;
    }

    /// Zeroes the counts (end of warm-up) and keeps the stack: later references see the blocks
    /// the warm-up referenced, as a warm cache would.
    pub fn reset_counts(&mut self) {
        self.hist.fill(0);
        self.cold = 0;
        self.refs = 0;
    }

    /// References so far (since the last [`StackDistances::reset_counts`]).
    pub fn references(&self) -> u64 {
        self.refs
    }

    /// Blocks on the stack.
    pub fn distinct(&self) -> u64 {
        self.distinct
    }

    /// LRU hits at each of `sizes` (ascending), in one pass over the histogram.
    pub fn hits_at_sizes(&self, sizes: &[u64]) -> Vec<u64> {
        let mut out = Vec::with_capacity(sizes.len());
        let (mut depth, mut sum) = (0usize, 0u64);
        for &size in sizes {
            while depth < self.hist.len() && depth as u64 <= size {
                sum += self.hist[depth];
                depth += 1;
            }
            out.push(sum);
        }
        out
    }

    /// The largest depth seen.
    pub fn max_depth(&self) -> u64 {
        self.hist.iter().rposition(|&n| n > 0).unwrap_or(0) as u64
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
        let uniform: Vec<Block> = (0..12_000).map(|_| rng.below(500) as Block).collect();
        let skewed = skewed_with_scans(600, 12_000, 9);
        for refs in [&uniform, &skewed] {
            let mut s = StackDistances::new(16); // small on purpose: the index and tree grow and compact
            for &b in refs.iter() {
                s.access(b);
            }
            let r = s.report();
            let distinct = r.distinct;
            assert_eq!(r.references, refs.len() as u64);
            // Every size from 1 to the distinct blocks, against a naive LRU each time.
            for size in 1..=distinct {
                let mut lru = Lru::new(size as usize, 4000);
                let mut ev = Vec::new();
                let hits = refs.iter().filter(|&&b| lru.access(b, &mut ev)).count() as u64;
                assert_eq!(r.hits_at(size), hits, "size {size}");
            }
            assert_eq!(r.hits_at(distinct) + r.cold, r.references, "everything but cold misses hits at full size");
        }
    }
}

/// SHARDS (Waldspurger et al., FAST 2015): only the blocks whose hashed id falls under a
/// threshold T are tracked — a spatially uniform sample at rate R = T / 2^24 that keeps each
/// sampled block's every reference — and a sampled depth d stands for depth d / R.
///
/// - **Fixed rate**: T never changes; memory and time shrink by R.
/// - **Fixed size** (SHARDS_max): at most `max_blocks` blocks are tracked; when one more would
///   be, the tracked block with the largest hash goes and T drops to that hash, so R falls as
///   the trace reveals more blocks. Each reference counts with weight 1/R at its time, and its
///   depth is scaled by that R, so early references (at a higher rate) and late ones add up.
///
/// Either way the curve gets SHARDS_adj's correction: the sampled weight should equal the
/// references seen; the difference (mostly from whether the hottest blocks happened to be
/// sampled) goes to the smallest depth. Tests and the benchmark bound the error.
pub struct Shards {
    /// Exact depths over the sampled blocks, renumbered densely (`slot`).
    exact: StackDistances,
    slot: rustc_hash::FxHashMap<Block, u32>,
    free: Vec<u32>,
    threshold: u64,
    max_blocks: Option<usize>,
    /// Fixed size: the tracked blocks, largest hash on top.
    heap: std::collections::BinaryHeap<(u32, Block)>,
    /// Weight of references by unsampled depth D = ⌈d / R⌉ (index 0 unused).
    hist: Vec<f64>,
    sampled_weight: f64,
    cold_weight: f64,
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
    /// The rate at the end (fixed size: it falls as blocks are revealed).
    pub rate: f64,
    /// Fixed size: the most blocks tracked at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_blocks: Option<usize>,
    /// All references seen, sampled or not.
    pub references: u64,
    /// References of sampled blocks, and their weight (each 1/R at its time).
    pub sampled_references: u64,
    pub sampled_weight: f64,
    /// Blocks tracked at the end.
    pub tracked: u64,
    /// Weight of first references (infinite depth).
    pub cold_weight: f64,
    /// `(unsampled depth, weight)` for every depth that occurs, increasing.
    pub depths: Vec<(u64, f64)>,
}

impl SampledReport {
    /// Estimated LRU hit fraction with a cache of `size` blocks.
    pub fn hit_fraction(&self, size: u64) -> f64 {
        self.hit_fractions(&[size])[0]
    }

    /// Estimated LRU hit fractions at each of `sizes` (ascending), in one pass.
    pub fn hit_fractions(&self, sizes: &[u64]) -> Vec<f64> {
        let n = self.references as f64;
        let adjust = n - self.sampled_weight;
        let mut out = Vec::with_capacity(sizes.len());
        let (mut i, mut sum) = (0usize, 0.0);
        for &size in sizes {
            while i < self.depths.len() && self.depths[i].0 <= size {
                sum += self.depths[i].1;
                i += 1;
            }
            let hits = if size >= 1 { sum + adjust } else { 0.0 };
            out.push(if self.references == 0 { 0.0 } else { (hits / n).clamp(0.0, 1.0) });
        }
        out
    }

    pub fn distinct_estimate(&self) -> f64 {
        self.tracked as f64 / self.rate
    }
}

impl Shards {
    /// Fixed rate: `rate` in (0, 1].
    pub fn new(rate: f64) -> Result<Self, String> {
        if !(rate.is_finite() && rate > 0.0 && rate <= 1.0) {
            return Err(format!("sample rate must be above 0 and at most 1 (got {rate})"));
        }
        Ok(Self::with_threshold((rate * SHARDS_MODULUS as f64).round().max(1.0) as u64, None))
    }

    /// Fixed size: at most `max_blocks` blocks tracked, starting at rate 1.
    pub fn fixed_size(max_blocks: usize) -> Result<Self, String> {
        if !(1..=1 << 24).contains(&max_blocks) {
            return Err(format!("the sample must hold 1 to 16777216 blocks (got {max_blocks})"));
        }
        Ok(Self::with_threshold(SHARDS_MODULUS, Some(max_blocks)))
    }

    fn with_threshold(threshold: u64, max_blocks: Option<usize>) -> Self {
        Self {
            exact: StackDistances::new(1024),
            slot: rustc_hash::FxHashMap::default(),
            free: Vec::new(),
            threshold,
            max_blocks,
            heap: std::collections::BinaryHeap::new(),
            hist: vec![0.0; 2],
            sampled_weight: 0.0,
            cold_weight: 0.0,
            references: 0,
        }
    }

    /// The current rate.
    pub fn rate(&self) -> f64 {
        self.threshold as f64 / SHARDS_MODULUS as f64
    }

    #[inline]
    pub fn access(&mut self, block: Block) {
        self.references += 1;
        let h = shards_hash(block);
        if h < self.threshold {
            self.sampled(block, h as u32);
        }
    }

    #[cold]
    fn sampled(&mut self, block: Block, hash: u32) {
        let weight = SHARDS_MODULUS as f64 / self.threshold as f64;
        self.sampled_weight += weight;
        let next = self.slot.len() as u32;
        let (slot, new) = match self.slot.get(&block) {
            Some(&s) => (s, false),
            None => {
                let s = self.free.pop().unwrap_or(next);
                self.slot.insert(block, s);
                (s, true)
            }
        };
        match self.exact.access(slot) {
            None => self.cold_weight += weight,
            Some(d) => {
                // D = ⌈d / R⌉ = ⌈d · 2^24 / T⌉, in integers.
                let depth = (d * SHARDS_MODULUS).div_ceil(self.threshold) as usize;
                if self.hist.len() <= depth {
                    self.hist.resize((depth + 1).max(self.hist.len() * 2), 0.0);
                }
                self.hist[depth] += weight;
            }
        }
        if let (true, Some(max)) = (new, self.max_blocks) {
            self.heap.push((hash, block));
            while self.heap.len() > max {
                // The largest hash goes, with every block sharing it; T drops to it.
                let (top, _) = *self.heap.peek().expect("non-empty");
                while let Some(&(h, b)) = self.heap.peek() {
                    if h != top {
                        break;
                    }
                    self.heap.pop();
                    let s = self.slot.remove(&b).expect("tracked blocks have slots");
                    self.exact.forget(s);
                    self.free.push(s);
                }
                self.threshold = top as u64;
            }
        }
    }

    /// Zeroes the counts (end of warm-up) and keeps the sample and its stack.
    pub fn reset_counts(&mut self) {
        self.exact.reset_counts();
        self.hist.fill(0.0);
        self.sampled_weight = 0.0;
        self.cold_weight = 0.0;
        self.references = 0;
    }

    pub fn report(&self) -> SampledReport {
        SampledReport {
            rate: self.rate(),
            max_blocks: self.max_blocks,
            references: self.references,
            sampled_references: self.exact.references(),
            sampled_weight: self.sampled_weight,
            tracked: self.exact.distinct(),
            cold_weight: self.cold_weight,
            depths: self.hist.iter().enumerate().filter(|&(_, &w)| w > 0.0).map(|(d, &w)| (d as u64, w)).collect(),
        }
    }
}

#[cfg(test)]
mod shards_tests {
    use super::*;
    use crate::util::rng::Rng;
    use crate::workload::zipf::ZipfTable;

    fn mae(exact: &StackReport, sampled: &SampledReport) -> f64 {
        let sizes: Vec<u64> = (1..=50).map(|i| exact.distinct * i / 50).collect();
        let est = sampled.hit_fractions(&sizes);
        sizes.iter().zip(est).map(|(&c, f)| (f - exact.hits_at(c) as f64 / exact.references as f64).abs()).sum::<f64>()
            / sizes.len() as f64
    }

    fn check(refs: &[Block], universe: usize, bounds: &[(Shards, f64)]) -> Vec<f64> {
        let mut exact = StackDistances::new(universe);
        let mut samplers: Vec<Shards> = bounds.iter().map(|(s, _)| s.clone_empty()).collect();
        for &b in refs {
            exact.access(b);
            for s in &mut samplers {
                s.access(b);
            }
        }
        let e = exact.report();
        samplers
            .iter()
            .zip(bounds)
            .map(|(s, &(_, bound))| {
                let r = s.report();
                let m = mae(&e, &r);
                println!(
                    "SHARDS rate {:.5} (max {:?}): MAE {m:.4}, distinct ≈ {:.0} (exact {})",
                    r.rate,
                    r.max_blocks,
                    r.distinct_estimate(),
                    e.distinct
                );
                assert!(m <= bound, "rate {} max {:?}: MAE {m:.4} above {bound}", r.rate, r.max_blocks);
                assert!((r.distinct_estimate() / e.distinct as f64 - 1.0).abs() < 0.15);
                m
            })
            .collect()
    }

    impl Shards {
        fn clone_empty(&self) -> Shards {
            Shards::with_threshold(self.threshold, self.max_blocks)
        }
    }

    #[test]
    fn sampled_curves_stay_close_to_exact_on_zipf() {
        let table = ZipfTable::new(100_000, 0.9);
        let mut rng = Rng::seeded(21);
        let refs: Vec<Block> = (0..1_000_000).map(|_| table.sample(&mut rng)).collect();
        let bounds = [
            (Shards::new(0.1).unwrap(), 0.01),
            (Shards::new(0.01).unwrap(), 0.02),
            (Shards::fixed_size(4096).unwrap(), 0.01),
        ];
        check(&refs, 100_000, &bounds);
        assert!(Shards::new(0.0).is_err() && Shards::new(1.5).is_err());
        assert!(Shards::fixed_size(0).is_err());
    }

    #[test]
    fn sampled_curves_stay_close_to_exact_on_scans_loops_and_random() {
        let refs = crate::bench::mix_trace(1_000_000, 200_000, 5);
        let bounds = [(Shards::new(0.1).unwrap(), 0.01), (Shards::fixed_size(4096).unwrap(), 0.015)];
        check(&refs, 200_000, &bounds);
    }

    #[test]
    fn fixed_size_tracks_at_most_its_size_and_lowers_its_rate() {
        let mut s = Shards::fixed_size(100).unwrap();
        for b in 0..10_000u32 {
            s.access(b);
            s.access(b / 2);
            assert!(s.exact.distinct() <= 100 && s.heap.len() <= 100);
        }
        let r = s.report();
        assert!(r.rate < 0.02 && r.rate > 0.005, "rate {}", r.rate);
        assert!((r.distinct_estimate() / 10_000.0 - 1.0).abs() < 0.3, "{}", r.distinct_estimate());
        // With room for everything it is exact.
        let mut all = Shards::fixed_size(1 << 20).unwrap();
        let mut exact = StackDistances::new(16);
        let mut rng = Rng::seeded(3);
        for _ in 0..20_000 {
            let b = rng.below(500) as Block;
            all.access(b);
            exact.access(b);
        }
        let (r, e) = (all.report(), exact.report());
        assert_eq!(r.rate, 1.0);
        for size in [1, 10, 100, 499, 500] {
            assert_eq!(r.hit_fraction(size), e.hits_at(size) as f64 / e.references as f64);
        }
    }

    #[test]
    fn warm_up_counts_reset_but_the_stack_stays() {
        let mut s = Shards::new(1.0).unwrap();
        let mut e = StackDistances::new(4);
        for b in [0, 1, 2, 0] {
            s.access(b);
            e.access(b);
        }
        s.reset_counts();
        e.reset_counts();
        s.access(1); // depth 3 (0 and 2 above it), not a first reference
        assert_eq!(e.access(1), Some(3));
        let (r, er) = (s.report(), e.report());
        assert_eq!((r.references, r.cold_weight, r.depths.clone()), (1, 0.0, vec![(3, 1.0)]));
        assert_eq!((er.references, er.cold, er.depths), (1, 0, vec![(3, 1)]));
        assert_eq!(e.hits_at_sizes(&[1, 2, 3, 9]), [0, 0, 1, 1]);
    }
}
