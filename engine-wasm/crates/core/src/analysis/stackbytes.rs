//! LRU's miss-ratio curve in bytes, for objects of any size, in one pass: Mattson's stack
//! distances (Mattson et al. 1970) weighted by bytes.
//!
//! An LRU cache of C bytes, evicting from its tail until a newcomer fits, holds at every moment
//! the longest prefix of the recency stack whose sizes add up to at most C bytes: a reference
//! moves its object to the top and can only push others down, and an eviction takes the bottom.
//! So a reference to object o hits at C exactly when its *byte depth* — the bytes of the
//! distinct objects referenced since o's previous reference, plus o's own — is at most C, and
//! one pass gives the hits at every capacity at once.
//!
//! Two rules of a real cache break the stack property, and the report says where:
//! - **An object larger than the cache is not admitted** (the rule of [`crate::policy::sized`],
//!   libCacheSim's). On the stack it still sits above the others and pushes them down, so at a
//!   capacity below the largest object the curve counts every miss a real cache has and possibly
//!   more: an upper bound on the miss ratio. At every capacity from the largest object's size
//!   up it is exact. Each point says whether it is exact.
//! - **A request whose size differs from the cached copy's**: a hit keeps the cached size (the
//!   peer's rule), a miss admits the new one, and which it is depends on the capacity. The stack
//!   weighs an object at its latest request's size; the report counts such requests
//!   (`sizeChanges`), and with any of them no point claims exactness.
//!
//! The curve is counted at given capacities (the points), each exact; by default
//! [`default_points`], eight per doubling from 64 bytes up. The marker of each object's latest
//! reference holds its bytes at a compact time; a Fenwick tree sums 64-time blocks, and a prefix
//! is the tree's over whole blocks plus one block's 64 words (as [`super::stackdist`] counts
//! markers, with bytes for bits). Times are renumbered whenever they run out, so memory stays
//! O(distinct objects): 4 bytes of time per object id and 16–32 bytes of times per live
//! object. A reference costs two O(log n) tree updates over a tree that stays in the
//! processor's caches, one prefix and a binary search over the points; nothing allocates per
//! reference except the per-id tables growing with new ids.
//!
//! [`ByteShards`] samples objects as SHARDS does (Waldspurger et al., FAST 2015; fixed rate):
//! a sampled byte depth d stands for d / R bytes.

use serde::Serialize;

use crate::model::Block;
use crate::model::MAX_BYTES;
use crate::trace::Trace;

const NONE: u32 = u32::MAX;

/// Capacities a curve is counted at when none are named: 64 B, 72 B, … — eight per doubling
/// (m · 2^e for m = 8 … 15) up to the largest cache, 1 PiB.
pub fn default_points() -> Vec<u64> {
    (3..=47u32).flat_map(|e| (8..16u64).map(move |m| m << e)).filter(|&c| c <= MAX_BYTES).collect()
}

/// Whether `batch` carries its requests' sizes (or has no requests): what a byte curve needs.
pub fn sized(batch: &Trace) -> bool {
    !batch.sizes.is_empty() || batch.records.is_empty()
}

/// One capacity of the curve: LRU's hits there, by requests and by bytes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BytePoint {
    /// The capacity, in bytes.
    pub bytes: u64,
    pub hits: u64,
    pub bytes_hit: u64,
    pub miss_ratio: f64,
    pub byte_miss_ratio: f64,
    /// Whether this is exactly what an LRU cache of this many bytes gets (see the module's notes).
    pub exact: bool,
}

/// The curve and the trace's totals.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ByteStackReport {
    pub references: u64,
    pub bytes_requested: u64,
    /// Distinct objects, and their bytes (each at its latest size).
    pub distinct: u64,
    pub distinct_bytes: u64,
    /// First references: misses at every capacity.
    pub cold: u64,
    pub cold_bytes: u64,
    pub largest_object: u64,
    /// Requests whose size differed from their object's previous request.
    pub size_changes: u64,
    pub points: Vec<BytePoint>,
}

/// Times per Fenwick leaf: the bytes of 64 times, eight cache lines, summed directly.
const SPAN: usize = 64;

/// Exact byte stack distances of a stream of (object, size) references.
pub struct ByteStack {
    /// Per compact time: the bytes of the marker there (0 where none).
    at: Vec<u64>,
    /// Fenwick tree (1-based) over `SPAN`-time blocks of `at`: the bytes of each block. Small
    /// enough to stay in the processor's caches, which is what makes this fast.
    tree: Vec<u64>,
    /// Per object id: the compact time of its latest reference, or `NONE`. What the object
    /// weighs on the stack (its latest request's size) is its marker's bytes in `at`.
    last: Vec<u32>,
    now: u32,
    live: u64,
    live_bytes: u64,
    /// Capacities, ascending.
    points: Vec<u64>,
    /// Per point: references (and their bytes) whose byte depth falls in (points[i−1], points[i]].
    hits: Vec<u64>,
    bytes_hit: Vec<u64>,
    refs: u64,
    bytes: u64,
    cold: u64,
    cold_bytes: u64,
    largest: u64,
    size_changes: u64,
}

impl ByteStack {
    /// Counted at `points` (bytes; sorted here, duplicates dropped); `universe`: object ids
    /// expected below it (larger ones grow the tables).
    pub fn new(mut points: Vec<u64>, universe: usize) -> Self {
        points.sort_unstable();
        points.dedup();
        let n = points.len();
        let cap = 16 * SPAN;
        Self {
            at: vec![0; cap],
            tree: vec![0; cap / SPAN + 1],
            last: vec![NONE; universe],
            now: 0,
            live: 0,
            live_bytes: 0,
            points,
            hits: vec![0; n],
            bytes_hit: vec![0; n],
            refs: 0,
            bytes: 0,
            cold: 0,
            cold_bytes: 0,
            largest: 0,
            size_changes: 0,
        }
    }

    /// Times available before the next compaction.
    fn capacity(&self) -> usize {
        self.at.len()
    }

    /// Adds `delta` (wrapping: a subtraction is the negated amount) to block `block`'s bytes.
    #[inline]
    fn block_add(&mut self, block: usize, delta: u64) {
        let mut i = block + 1;
        while i < self.tree.len() {
            self.tree[i] = self.tree[i].wrapping_add(delta);
            i += i & i.wrapping_neg();
        }
    }

    /// Bytes of the markers at times `0..=t`.
    #[inline]
    fn prefix(&self, t: u32) -> u64 {
        let t = t as usize;
        let block = t / SPAN;
        let (mut i, mut sum) = (block, 0u64);
        while i > 0 {
            sum = sum.wrapping_add(self.tree[i]);
            i &= i - 1;
        }
        sum.wrapping_add(self.at[block * SPAN..=t].iter().sum::<u64>())
    }

    /// Renumbers the live markers 0.. in order, doubling the times while more than half are live.
    fn compact(&mut self) {
        let mut cap = self.capacity();
        while self.live as usize * 2 > cap {
            cap *= 2;
        }
        let mut owner = vec![NONE; self.capacity()];
        for (o, &t) in self.last.iter().enumerate() {
            if t != NONE {
                owner[t as usize] = o as Block;
            }
        }
        let old = std::mem::replace(&mut self.at, vec![0; cap]);
        let mut t = 0u32;
        for &o in owner.iter().filter(|&&o| o != NONE) {
            let o = o as usize;
            self.at[t as usize] = old[self.last[o] as usize];
            self.last[o] = t;
            t += 1;
        }
        self.now = t;
        // The tree rebuilt in O(times): each block's sum, then each node adds itself to its
        // parent once.
        let blocks = cap / SPAN;
        self.tree = vec![0; blocks + 1];
        for (b, chunk) in self.at.chunks(SPAN).enumerate() {
            self.tree[b + 1] = chunk.iter().sum();
        }
        for i in 1..=blocks {
            let j = i + (i & i.wrapping_neg());
            if j <= blocks {
                self.tree[j] = self.tree[j].wrapping_add(self.tree[i]);
            }
        }
    }

    /// One reference to `object` of `size` bytes; returns its byte depth (`None` for a first
    /// reference).
    pub fn access(&mut self, object: Block, size: u64) -> Option<u64> {
        if self.now as usize == self.capacity() {
            self.compact();
        }
        let o = object as usize;
        if self.last.len() <= o {
            self.last.resize((o + 1).max(self.last.len() * 2), NONE);
        }
        self.refs += 1;
        self.bytes += size;
        self.largest = self.largest.max(size);
        let prev = self.last[o];
        let depth = if prev == NONE {
            self.cold += 1;
            self.cold_bytes += size;
            self.live += 1;
            None
        } else {
            let old = self.at[prev as usize];
            // The bytes of the markers after `prev`: the objects referenced since, once each.
            let depth = self.live_bytes - self.prefix(prev) + old;
            let i = self.points.partition_point(|&c| c < depth);
            if i < self.points.len() {
                self.hits[i] += 1;
                self.bytes_hit[i] += size;
            }
            self.at[prev as usize] = 0;
            self.block_add(prev as usize / SPAN, old.wrapping_neg());
            self.live_bytes -= old;
            self.size_changes += u64::from(old != size);
            Some(depth)
        };
        self.at[self.now as usize] = size;
        self.block_add(self.now as usize / SPAN, size);
        self.live_bytes += size;
        self.last[o] = self.now;
        self.now += 1;
        depth
    }

    /// Every request of `batch`, which carries sizes ([`sized`]), in order.
    pub fn feed(&mut self, batch: &Trace) {
        for (r, &size) in batch.records.iter().zip(&batch.sizes) {
            for &o in batch.blocks_of(r) {
                self.access(o, size);
            }
        }
    }

    /// The curve at every point (`trim`: only up to the first point that holds every object —
    /// beyond it nothing changes).
    pub fn report(&self, trim: bool) -> ByteStackReport {
        // Misses over the whole, as a simulation reports them (not 1 − hits / whole: the same to
        // the last bit).
        let ratio = |part: u64, whole: u64| if whole == 0 { 0.0 } else { (whole - part) as f64 / whole as f64 };
        let exact_from = if self.size_changes == 0 { self.largest } else { u64::MAX };
        let (mut hits, mut bytes_hit) = (0u64, 0u64);
        let mut points = Vec::with_capacity(self.points.len());
        for (i, &c) in self.points.iter().enumerate() {
            if trim && i > 0 && self.points[i - 1] >= self.live_bytes {
                break;
            }
            hits += self.hits[i];
            bytes_hit += self.bytes_hit[i];
            points.push(BytePoint {
                bytes: c,
                hits,
                bytes_hit,
                miss_ratio: ratio(hits, self.refs),
                byte_miss_ratio: ratio(bytes_hit, self.bytes),
                exact: c >= exact_from,
            });
        }
        ByteStackReport {
            references: self.refs,
            bytes_requested: self.bytes,
            distinct: self.live,
            distinct_bytes: self.live_bytes,
            cold: self.cold,
            cold_bytes: self.cold_bytes,
            largest_object: self.largest,
            size_changes: self.size_changes,
            points,
        }
    }
}

/// Modulus of the sampling hash (2^24), as [`super::stackdist::Shards`] samples blocks.
const MODULUS: u64 = 1 << 24;

/// The byte curve from a SHARDS sample (fixed rate): only objects whose hashed id falls under
/// the threshold are tracked, every reference of each; a sampled byte depth d stands for d / R
/// bytes, each sampled reference for 1 / R references. SHARDS_adj's correction: the references
/// (and bytes) the sample is short of, or over, count at the smallest capacity.
pub struct ByteShards {
    exact: ByteStack,
    slot: rustc_hash::FxHashMap<Block, u32>,
    threshold: u64,
    points: Vec<u64>,
    references: u64,
    bytes: u64,
    largest: u64,
}

/// A sampled byte curve: estimates, so fractions of references rather than counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SampledBytePoint {
    pub bytes: u64,
    pub miss_ratio: f64,
    pub byte_miss_ratio: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SampledByteReport {
    pub rate: f64,
    pub references: u64,
    pub bytes_requested: u64,
    pub sampled_references: u64,
    pub distinct_estimate: f64,
    pub distinct_bytes_estimate: f64,
    pub largest_object: u64,
    pub points: Vec<SampledBytePoint>,
}

impl ByteShards {
    /// `rate` in (0, 1]; counted at `points` (bytes).
    pub fn new(rate: f64, mut points: Vec<u64>) -> Result<Self, String> {
        if !(rate.is_finite() && rate > 0.0 && rate <= 1.0) {
            return Err(format!("sample rate must be above 0 and at most 1 (got {rate})"));
        }
        points.sort_unstable();
        points.dedup();
        let threshold = (rate * MODULUS as f64).round().max(1.0) as u64;
        // d / R ≤ C ⟺ d ≤ ⌊C · T / 2^24⌋ for whole d.
        let scaled = points.iter().map(|&c| ((u128::from(c) * u128::from(threshold)) >> 24) as u64).collect();
        Ok(Self {
            exact: ByteStack::new(scaled, 1024),
            slot: rustc_hash::FxHashMap::default(),
            threshold,
            points,
            references: 0,
            bytes: 0,
            largest: 0,
        })
    }

    pub fn rate(&self) -> f64 {
        self.threshold as f64 / MODULUS as f64
    }

    #[inline]
    pub fn access(&mut self, object: Block, size: u64) {
        self.references += 1;
        self.bytes += size;
        self.largest = self.largest.max(size);
        if crate::util::hash::splitmix64(object as u64) % MODULUS < self.threshold {
            let next = self.slot.len() as u32;
            let slot = *self.slot.entry(object).or_insert(next);
            self.exact.access(slot, size);
        }
    }

    /// Every request of `batch`, which carries sizes ([`sized`]), in order.
    pub fn feed(&mut self, batch: &Trace) {
        for (r, &size) in batch.records.iter().zip(&batch.sizes) {
            for &o in batch.blocks_of(r) {
                self.access(o, size);
            }
        }
    }

    pub fn report(&self) -> SampledByteReport {
        let e = self.exact.report(false);
        let r = self.rate();
        // SHARDS_adj: what the sample is short of (or over) goes to the smallest capacity.
        let adjust = self.references as f64 - e.references as f64 / r;
        let adjust_bytes = self.bytes as f64 - e.bytes_requested as f64 / r;
        let miss = |hits: f64, whole: u64| {
            if whole == 0 {
                0.0
            } else {
                ((whole as f64 - hits) / whole as f64).clamp(0.0, 1.0)
            }
        };
        let points = self
            .points
            .iter()
            .zip(&e.points)
            .map(|(&c, p)| SampledBytePoint {
                bytes: c,
                miss_ratio: miss(p.hits as f64 / r + adjust, self.references),
                byte_miss_ratio: miss(p.bytes_hit as f64 / r + adjust_bytes, self.bytes),
            })
            .collect();
        SampledByteReport {
            rate: r,
            references: self.references,
            bytes_requested: self.bytes,
            sampled_references: e.references,
            distinct_estimate: e.distinct as f64 / r,
            distinct_bytes_estimate: e.distinct_bytes as f64 / r,
            largest_object: self.largest,
            points,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::sized::ByteCache;

    impl ByteStackReport {
        /// The point at exactly `bytes`, if the curve was counted there.
        fn at(&self, bytes: u64) -> Option<&BytePoint> {
            self.points.iter().find(|p| p.bytes == bytes)
        }
    }
    use crate::policy::PolicyConfig;
    use crate::util::rng::Rng;

    /// A naive LRU in bytes: a vector, most recent last; evicts from the front until the
    /// newcomer fits; an object larger than the cache is not admitted; a hit keeps its size.
    fn naive_lru(refs: &[(Block, u64)], capacity: u64) -> (u64, u64) {
        let mut stack: Vec<(Block, u64)> = Vec::new();
        let (mut hits, mut bytes_hit) = (0, 0);
        for &(o, s) in refs {
            if let Some(i) = stack.iter().position(|&(x, _)| x == o) {
                let e = stack.remove(i);
                stack.push(e);
                hits += 1;
                bytes_hit += s;
                continue;
            }
            if s > capacity {
                continue;
            }
            while stack.iter().map(|&(_, b)| b).sum::<u64>() + s > capacity {
                stack.remove(0);
            }
            stack.push((o, s));
        }
        (hits, bytes_hit)
    }

    #[test]
    fn hand_worked_byte_depths() {
        // a:100 b:50 c:30 b:50 a:100 a:100 — depths –, –, –, 80 (c 30 + b 50), 180 (b, c, a), 100.
        let refs = [(0, 100), (1, 50), (2, 30), (1, 50), (0, 100), (0, 100)];
        let mut s = ByteStack::new(vec![80, 100, 179, 180], 2);
        let got: Vec<Option<u64>> = refs.iter().map(|&(o, b)| s.access(o, b)).collect();
        assert_eq!(got, [None, None, None, Some(80), Some(180), Some(100)]);
        let r = s.report(false);
        assert_eq!((r.references, r.bytes_requested, r.distinct, r.distinct_bytes), (6, 430, 3, 180));
        assert_eq!((r.cold, r.cold_bytes, r.largest_object, r.size_changes), (3, 180, 100, 0));
        let hits: Vec<(u64, u64, u64)> = r.points.iter().map(|p| (p.bytes, p.hits, p.bytes_hit)).collect();
        assert_eq!(hits, [(80, 1, 50), (100, 2, 150), (179, 2, 150), (180, 3, 250)]);
        // Below the largest object (100 B) a point is only a bound; from it up, exact.
        let exact: Vec<bool> = r.points.iter().map(|p| p.exact).collect();
        assert_eq!(exact, [false, true, true, true]);
        assert_eq!(r.at(180).unwrap().byte_miss_ratio, 180.0 / 430.0);
        for &c in &[80, 100, 179, 180] {
            let (h, b) = naive_lru(&refs, c);
            assert_eq!((r.at(c).unwrap().hits, r.at(c).unwrap().bytes_hit), (h, b), "at {c} B");
        }
    }

    fn random_refs(n: usize, objects: u64, max_size: u64, seed: u64) -> Vec<(Block, u64)> {
        let mut rng = Rng::seeded(seed);
        let sizes: Vec<u64> = (0..objects).map(|_| 1 + rng.below(max_size)).collect();
        (0..n)
            .map(|_| {
                // Skewed: half the references to a tenth of the objects.
                let o = if rng.below(2) == 0 { rng.below(objects / 10) } else { rng.below(objects) };
                (o as Block, sizes[o as usize])
            })
            .collect()
    }

    #[test]
    fn equals_a_naive_lru_and_the_engines_byte_lru_at_every_exact_point() {
        let refs = random_refs(6_000, 400, 5_000, 35);
        let points: Vec<u64> = (1..=80).map(|i| i * 15_000).chain([4_999, 5_000, 5_001]).collect();
        let mut s = ByteStack::new(points.clone(), 4); // small on purpose: the tables grow and compact
        for &(o, b) in &refs {
            s.access(o, b);
        }
        let r = s.report(false);
        assert!(r.points.iter().filter(|p| p.exact).count() >= 80);
        for p in &r.points {
            let (h, b) = naive_lru(&refs, p.bytes);
            if p.exact {
                assert_eq!((p.hits, p.bytes_hit), (h, b), "at {} B", p.bytes);
                let mut lru = ByteCache::new(&PolicyConfig::Lru, p.bytes, 400, 0).unwrap();
                let mut evicted = Vec::new();
                let engine = refs.iter().filter(|&&(o, b)| lru.access(o, b, &mut evicted)).count() as u64;
                assert_eq!(engine, h, "the engine's byte LRU at {} B", p.bytes);
            } else {
                assert!(p.hits <= h, "a bound: at most the real hits at {} B", p.bytes);
            }
        }
        // Everything but first references hits once every object fits.
        let last = r.points.last().unwrap();
        assert!(last.bytes >= r.distinct_bytes);
        assert_eq!(last.hits + r.cold, r.references);
    }

    #[test]
    fn below_the_largest_object_the_curve_is_an_upper_bound_on_misses() {
        let mut refs = random_refs(3_000, 200, 800, 7);
        // A few huge objects, larger than most capacities asked.
        for k in (0..refs.len()).step_by(97) {
            refs[k] = (1_000 + (k % 3) as Block, 40_000);
        }
        let points: Vec<u64> = (1..=40).map(|i| i * 2_000).collect();
        let mut s = ByteStack::new(points, 0);
        for &(o, b) in &refs {
            s.access(o, b);
        }
        let r = s.report(false);
        let mut strictly = 0;
        for p in &r.points {
            let (h, _) = naive_lru(&refs, p.bytes);
            assert_eq!(p.exact, p.bytes >= 40_000);
            if p.exact {
                assert_eq!(p.hits, h, "at {} B", p.bytes);
            } else {
                assert!(p.hits <= h, "at {} B: {} > {h}", p.bytes, p.hits);
                strictly += usize::from(p.hits < h);
            }
        }
        assert!(strictly > 0, "the huge objects do cost the bound hits somewhere");
    }

    #[test]
    fn a_size_change_is_counted_and_no_point_claims_exactness() {
        let mut s = ByteStack::new(vec![100, 1_000], 2);
        for (o, b) in [(0, 10), (1, 20), (0, 30), (1, 20)] {
            s.access(o, b);
        }
        let r = s.report(false);
        assert_eq!((r.size_changes, r.distinct_bytes), (1, 50));
        assert!(r.points.iter().all(|p| !p.exact));
        // The stack weighs 0 at 30 bytes now: 1's depth was 30 + 20.
        assert_eq!(r.at(100).unwrap().hits, 2);
    }

    #[test]
    fn trim_stops_where_everything_fits() {
        let mut s = ByteStack::new(default_points(), 0);
        for (o, b) in [(0, 100), (1, 100), (0, 100)] {
            s.access(o, b);
        }
        let r = s.report(true);
        assert_eq!((r.references, r.cold, r.bytes_requested), (3, 2, 300));
        // 64, 72, …, 192, 208: the first point past 200 bytes ends the trimmed curve.
        assert_eq!(r.points.last().unwrap().bytes, 208);
        assert_eq!(r.points.iter().find(|p| p.hits == 1).unwrap().bytes, 208);
    }

    #[test]
    fn sampled_curves_stay_close_and_rate_one_is_exact() {
        let refs = random_refs(1_000_000, 200_000, 60_000, 3);
        let points: Vec<u64> = (1..=20).map(|i| i * 300_000_000).collect();
        let mut exact = ByteStack::new(points.clone(), 0);
        let mut all = ByteShards::new(1.0, points.clone()).unwrap();
        let mut tenth = ByteShards::new(0.1, points.clone()).unwrap();
        for &(o, b) in &refs {
            exact.access(o, b);
            all.access(o, b);
            tenth.access(o, b);
        }
        let e = exact.report(false);
        let (a, t) = (all.report(), tenth.report());
        let mut worst = (0.0f64, 0.0f64);
        for ((p, q), s) in e.points.iter().zip(&a.points).zip(&t.points) {
            assert_eq!((q.miss_ratio, q.byte_miss_ratio), (p.miss_ratio, p.byte_miss_ratio));
            worst.0 = worst.0.max((s.miss_ratio - p.miss_ratio).abs());
            worst.1 = worst.1.max((s.byte_miss_ratio - p.byte_miss_ratio).abs());
        }
        println!("worst errors {worst:?}");
        assert!(worst.0 < 0.02 && worst.1 < 0.02, "worst errors {worst:?}");
        assert!((t.distinct_bytes_estimate / e.distinct_bytes as f64 - 1.0).abs() < 0.15);
        assert!(ByteShards::new(0.0, vec![]).is_err() && ByteShards::new(1.5, vec![]).is_err());
    }
}
