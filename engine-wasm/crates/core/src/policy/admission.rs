//! Admission filters: in front of any cache's policy, a filter decides whether a block a request
//! has just brought in is kept at all. Three kinds, each from the literature on caches whose
//! misses are mostly one-hit wonders:
//!
//! - **TinyLFU** (Einziger, Friedman & Manes, "TinyLFU: A Highly Efficient Cache Admission
//!   Policy", ACM ToS 2017): a Count-Min sketch of recent reference frequencies with the paper's
//!   *doorkeeper* in front — a Bloom filter that absorbs each block's first reference, so the
//!   one-hit wonders never reach the sketch; a block's estimate is its sketch count plus one if
//!   the doorkeeper holds it. When the cache is full a candidate is admitted only if its estimate
//!   is *above* that of the victim the policy would evict for it (a tie keeps the resident
//!   block, as the paper's). After `10 × capacity` references the sketch is halved and the
//!   doorkeeper cleared (the paper's reset).
//! - **Probabilistic**: admit with a fixed probability, drawn from the cache's seeded stream
//!   (the simplest filter: a block referenced k times gets in with probability 1 − (1 − p)^k).
//! - **Second hit** (Maggs & Sitaraman, "Algorithmic Nuggets in Content Delivery", SIGCOMM CCR
//!   2015 — Akamai's cache-on-second-hit rule): a block is admitted only if it missed before
//!   within the window; two Bloom filters, each absorbing `capacity` first misses before the
//!   older is dropped, remember which blocks have.
//!
//! Two more weigh an object's size, for a cache counted in bytes in a run whose requests carry
//! sizes (a trace read as objects):
//!
//! - **Size below**: admit an object only if it is smaller than a threshold in bytes — the
//!   static filter AdaptSize improves on, and libCacheSim's `-a size` admissioner
//!   (`tiersim sim --admit-below`).
//! - **AdaptSize** (Berger, Sitaraman & Harchol-Balter, NSDI 2017; [`AdaptSize`]): admit an
//!   object of `size` bytes with probability `e^(−size / c)`, `c` tuned to the workload by its
//!   Markov model (`tiersim sim --adaptsize`). Every reference here counts in its model — a hit
//!   with its cached copy's size, a miss with the request's — then a missed object that fits the
//!   cache is rolled for. Over one cache it admits as `tiersim sim --adaptsize` does (a test
//!   holds them together), but for an object whose size changed since its copy was cached (the
//!   model counts that hit at the copy's size, the peer at the request's).
//!
//! What is filtered: only a block a reference brings in — looked up here and missed
//! ([`Policy::on_hit`] returned false), then inserted. DEMOTEs, which are a client letting go of
//! a block rather than a reference to it, pass unfiltered (the [`Policy::reposition`] a DEMOTE
//! tries first marks them); so do a hint-aware policy's writes, which its own rules take. A
//! declined block is pushed into `evicted` as the block itself, as read-OPT declines (the
//! hierarchy then treats it as evicted at once: dropped, or under an exclusive protocol moved up
//! like any victim), and counted in [`AdmissionCounts`].
//!
//! TinyLFU weighs the candidate against the victim only when the cache is full at insertion:
//! under DEMOTE a client makes room before its fetch (paper 000 §4.5), so a client's TinyLFU
//! there always finds room and admits (a filter above it, or the other two kinds, still judge).
//! The victim is the one the policy names ([`VictimPreview::next_victim`]: ARC's REPLACE
//! choice), or else its next candidate ([`VictimPreview::candidates`]): O(1) for ARC and the
//! list policies that answer directly (LRU, LRU+Hints, W-TinyLFU), a walk of the cache for the
//! others — TinyLFU admission in front of those costs time in proportion to the cache on every
//! full miss.
//!
//! Open points: the paper's sketch uses minimal increment and a doorkeeper sized for the sample;
//! here the sketch is W-TinyLFU's ([`FrequencySketch`], conservative update off, as Caffeine's) and
//! the doorkeeper has 8 bits per cached block with three hashes (≈ 3 % false positives when full).

use serde::{Deserialize, Serialize};

use super::sized::adaptsize::{self, AdaptSize};
use super::wrapper::forward_to_inner;
use super::wtinylfu::FrequencySketch;
#[cfg(doc)]
use super::VictimPreview;
use super::{End, HintAware, Policy};
use crate::model::Block;
use crate::util::hash::splitmix64;
use crate::util::rng::Rng;

/// The admission probability [`AdmissionConfig::Probabilistic`] takes when none is given.
pub const DEFAULT_PROBABILITY: f64 = 0.5;
/// References per cached block between the TinyLFU resets (the paper's W / C).
const SAMPLE_FACTOR: u64 = 10;
/// Bloom filter bits per cached block, and hashes per id.
const BLOOM_BITS_PER_BLOCK: usize = 8;
const BLOOM_HASHES: usize = 3;

/// Which filter a cache puts in front of its policy (a scenario's cache `admission`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum AdmissionConfig {
    /// TinyLFU with its doorkeeper: admit a block only if it is more frequent than the victim.
    #[serde(rename = "tinylfu")]
    TinyLfu,
    /// Admit each brought-in block with this probability, in (0, 1] (seeded).
    #[serde(rename_all = "camelCase")]
    Probabilistic {
        #[serde(default = "default_probability")]
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        probability: f64,
    },
    /// Admit a block only on its second miss within the window (Bloom filters).
    SecondHit,
    /// Admit an object only if it is smaller than `bytes` (a cache in bytes, sized requests).
    #[serde(rename_all = "camelCase")]
    SizeBelow {
        #[serde(default = "default_size_below")]
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        bytes: u64,
    },
    /// AdaptSize: admit an object of `size` bytes with probability e^(−size / c), c tuned by its
    /// model (a cache in bytes, sized requests).
    #[serde(rename = "adaptsize")]
    AdaptSize,
}

/// The threshold [`AdmissionConfig::SizeBelow`] takes when none is given: 1 MiB.
pub const DEFAULT_SIZE_BELOW: u64 = 1 << 20;

fn default_size_below() -> u64 {
    DEFAULT_SIZE_BELOW
}

fn default_probability() -> f64 {
    DEFAULT_PROBABILITY
}

impl AdmissionConfig {
    pub fn name(&self) -> &'static str {
        match self {
            AdmissionConfig::TinyLfu => "tinylfu",
            AdmissionConfig::Probabilistic { .. } => "probabilistic",
            AdmissionConfig::SecondHit => "second-hit",
            AdmissionConfig::SizeBelow { .. } => "size-below",
            AdmissionConfig::AdaptSize => "adaptsize",
        }
    }

    /// Whether it weighs objects' sizes: then only a cache in bytes, with sized requests, takes it.
    pub fn weighs_sizes(&self) -> bool {
        matches!(self, AdmissionConfig::SizeBelow { .. } | AdmissionConfig::AdaptSize)
    }

    /// The parameters' ranges; the message names the parameter.
    pub fn validate(&self) -> Result<(), String> {
        match *self {
            AdmissionConfig::Probabilistic { probability } if !(probability > 0.0 && probability <= 1.0) => {
                Err(format!("probability must be above 0 and at most 1 (got {probability})"))
            }
            AdmissionConfig::SizeBelow { bytes } if !(1..=crate::trace::MAX_OBJECT_BYTES).contains(&bytes) => {
                Err(format!("bytes must be from 1 to {} (got {bytes})", crate::trace::MAX_OBJECT_BYTES))
            }
            _ => Ok(()),
        }
    }

    /// `inner` behind this filter; `seed` draws the probabilistic filter's stream.
    pub fn wrap(&self, mut inner: Box<dyn Policy>, universe: usize, seed: u64) -> Box<dyn Policy> {
        let capacity = inner.capacity();
        let filter = match *self {
            AdmissionConfig::TinyLfu => Filter::TinyLfu {
                sketch: FrequencySketch::without_reset(capacity),
                doorkeeper: Bloom::new(capacity),
                references: 0,
                sample: SAMPLE_FACTOR * capacity.max(1) as u64,
            },
            AdmissionConfig::Probabilistic { probability } => {
                Filter::Probabilistic { probability, rng: Rng::seeded(splitmix64(seed ^ 0xad_0155)) }
            }
            AdmissionConfig::SecondHit => Filter::SecondHit {
                current: Bloom::new(capacity),
                previous: Bloom::new(capacity),
                window: capacity.max(1) as u64,
            },
            AdmissionConfig::SizeBelow { bytes } => Filter::SizeBelow { threshold: bytes },
            AdmissionConfig::AdaptSize => {
                // Validation gives it only a cache in bytes; a cache in blocks counts one byte a block.
                let bytes = inner.bytes().map_or(capacity as u64, |b| b.capacity).max(1);
                let model = AdaptSize::new(
                    bytes,
                    universe,
                    adaptsize_seed(seed),
                    adaptsize::RECONFIGURATION_INTERVAL,
                    adaptsize::MAX_ITERATIONS,
                )
                .expect("a capacity of at least one byte");
                Filter::AdaptSize { model: Box::new(model), capacity: bytes }
            }
        };
        Box::new(Admitted {
            hinted: inner.reads_hints(),
            inner,
            filter,
            pending: vec![0; universe.div_ceil(64)],
            counts: AdmissionCounts::default(),
            next: Vec::with_capacity(1),
        })
    }
}

/// What a filter did, for the report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AdmissionCounts {
    /// Brought-in blocks the filter let in.
    pub admitted: u64,
    /// Brought-in blocks it turned away (each also counted as an eviction).
    pub declined: u64,
}

/// A Bloom filter of `BLOOM_BITS_PER_BLOCK` bits per cached block (a power of two), with the
/// number of ids added since it was last cleared.
#[derive(Clone, Debug)]
struct Bloom {
    bits: Vec<u64>,
    mask: u64,
    added: u64,
}

impl Bloom {
    fn new(capacity: usize) -> Self {
        let bits = (capacity.max(8) * BLOOM_BITS_PER_BLOCK).next_power_of_two();
        Self { bits: vec![0; bits / 64], mask: bits as u64 - 1, added: 0 }
    }

    /// The filter's bit positions for `id`: double hashing from one mixed 64-bit hash.
    #[inline]
    fn positions(&self, id: Block) -> [u64; BLOOM_HASHES] {
        let h = splitmix64(id as u64 ^ 0xb100_f11e);
        let (a, b) = (h, (h >> 32) | 1);
        std::array::from_fn(|i| a.wrapping_add(b.wrapping_mul(i as u64)) & self.mask)
    }

    #[inline]
    fn contains(&self, id: Block) -> bool {
        self.positions(id).iter().all(|&p| self.bits[(p / 64) as usize] >> (p % 64) & 1 == 1)
    }

    #[inline]
    fn add(&mut self, id: Block) {
        for p in self.positions(id) {
            self.bits[(p / 64) as usize] |= 1 << (p % 64);
        }
        self.added += 1;
    }

    fn clear(&mut self) {
        self.bits.fill(0);
        self.added = 0;
    }
}

/// The seed of AdaptSize's admission rolls, from the cache's.
pub fn adaptsize_seed(seed: u64) -> u64 {
    splitmix64(seed ^ 0xada9_7512e)
}

#[derive(Clone, Debug)]
enum Filter {
    TinyLfu { sketch: FrequencySketch, doorkeeper: Bloom, references: u64, sample: u64 },
    Probabilistic { probability: f64, rng: Rng },
    SecondHit { current: Bloom, previous: Bloom, window: u64 },
    SizeBelow { threshold: u64 },
    AdaptSize { model: Box<AdaptSize>, capacity: u64 },
}

impl Filter {
    /// A reference to `block` at this cache, hit or miss (TinyLFU counts them all).
    #[inline]
    fn record(&mut self, block: Block) {
        if let Filter::TinyLfu { sketch, doorkeeper, references, sample } = self {
            if doorkeeper.contains(block) {
                sketch.increment(block);
            } else {
                doorkeeper.add(block);
            }
            *references += 1;
            if *references >= *sample {
                // The reset: every count halved, the doorkeeper emptied.
                sketch.halve();
                doorkeeper.clear();
                *references = 0;
            }
        }
    }

    /// Whether `block`, just missed, is let in, given the block `victim` that would go for it
    /// (`None` while the cache has room).
    #[inline]
    fn admits(&mut self, block: Block, victim: Option<Block>) -> bool {
        match self {
            Filter::TinyLfu { sketch, doorkeeper, .. } => match victim {
                None => true,
                Some(v) => {
                    let estimate = |b| sketch.estimate(b) as u32 + doorkeeper.contains(b) as u32;
                    estimate(block) > estimate(v)
                }
            },
            Filter::Probabilistic { probability, rng } => rng.unit_f64() < *probability,
            Filter::SecondHit { current, previous, window } => {
                if current.contains(block) || previous.contains(block) {
                    return true;
                }
                if current.added >= *window {
                    std::mem::swap(current, previous);
                    current.clear();
                }
                current.add(block);
                false
            }
            // Without a size (a cache in blocks, which validation does not give them): let in.
            Filter::SizeBelow { .. } | Filter::AdaptSize { .. } => true,
        }
    }

    /// [`Filter::admits`] of an object of `bytes`: the size filters weigh it (AdaptSize counts
    /// the reference first, and lets an object larger than the cache through for the cache to
    /// refuse, as the peer).
    #[inline]
    fn admits_sized(&mut self, block: Block, bytes: u64, victim: Option<Block>) -> bool {
        match self {
            Filter::SizeBelow { threshold } => bytes < *threshold,
            Filter::AdaptSize { model, capacity } => {
                model.update(block, bytes);
                bytes > *capacity || model.admit(bytes)
            }
            _ => self.admits(block, victim),
        }
    }
}

/// A policy behind an admission filter.
pub struct Admitted {
    inner: Box<dyn Policy>,
    /// The inner policy reads write hints: writes reach it with them.
    hinted: bool,
    filter: Filter,
    /// One bit per id: looked up here and missed, not yet inserted (a reference's block, which
    /// the filter judges, as opposed to a DEMOTE's).
    pending: Vec<u64>,
    counts: AdmissionCounts,
    /// Scratch for the next victim (no allocation per insertion).
    next: Vec<Block>,
}

impl Admitted {
    /// The block the policy would evict for a new one now (`None` while it has room).
    fn victim(&mut self) -> Option<Block> {
        if let Some(v) = self.inner.next_victim() {
            return v;
        }
        if self.inner.len() < self.inner.capacity() {
            return None;
        }
        self.next.clear();
        self.inner.candidates(1, &mut self.next);
        self.next.first().copied()
    }

    /// Whether `block`, about to be inserted, gets in: a reference's block as the filter
    /// judges it (declined: pushed into `evicted` as its own victim, and counted), anything else
    /// (a DEMOTE) always.
    #[inline]
    fn admits(&mut self, block: Block, bytes: Option<u64>, evicted: &mut Vec<Block>) -> bool {
        if self.take_pending(block) {
            let victim = match self.filter {
                Filter::TinyLfu { .. } => self.victim(),
                _ => None,
            };
            let admit = match bytes {
                Some(bytes) => self.filter.admits_sized(block, bytes, victim),
                None => self.filter.admits(block, victim),
            };
            if !admit {
                self.counts.declined += 1;
                evicted.push(block);
                return false;
            }
            self.counts.admitted += 1;
        }
        true
    }

    #[inline]
    fn take_pending(&mut self, block: Block) -> bool {
        // Ids past the universe (a trace's blocks only ever prefetched) were never looked up.
        let Some(word) = self.pending.get_mut(block as usize / 64) else { return false };
        let bit = 1u64 << (block % 64);
        let was = *word & bit != 0;
        *word &= !bit;
        was
    }
}

impl Policy for Admitted {
    forward_to_inner!(own admission);
    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        self.filter.record(block);
        let hit = self.inner.on_hit(block);
        if !hit {
            self.pending[block as usize / 64] |= 1 << (block % 64);
        } else if let Filter::AdaptSize { model, .. } = &mut self.filter {
            // A hit counts at its copy's size (the request's size is not told to a lookup).
            model.update(block, self.inner.copy_bytes(block).unwrap_or(1));
        }
        hit
    }
    #[inline]
    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        if self.admits(block, None, evicted) {
            self.inner.insert(block, end, evicted);
        }
    }
    #[inline]
    fn insert_sized(&mut self, block: Block, bytes: u64, end: End, evicted: &mut Vec<Block>) {
        if self.admits(block, Some(bytes), evicted) {
            self.inner.insert_sized(block, bytes, end, evicted);
        }
    }
    fn reposition(&mut self, block: Block, end: End) -> bool {
        self.take_pending(block); // a DEMOTE: what follows is not a reference's insertion
        self.inner.reposition(block, end)
    }
    fn remove(&mut self, block: Block) -> bool {
        self.take_pending(block);
        self.inner.remove(block)
    }
    fn admission(&self) -> Option<AdmissionCounts> {
        Some(self.counts)
    }
    fn check_invariants(&self) -> Result<(), String> {
        self.inner.check_invariants()
    }
}

/// A hint-aware policy's write (only when `hinted`): its own rules take it, unfiltered; the
/// filter still counts the reference. Otherwise a write is a plain reference, filtered.
impl HintAware for Admitted {
    fn write(&mut self, block: Block, hint: Option<crate::model::WriteHint>, evicted: &mut Vec<Block>) -> bool {
        debug_assert!(self.hinted, "reached only through `hints()`");
        self.filter.record(block);
        self.inner.write(block, hint, evicted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::lru::Lru;
    use crate::policy::PolicyConfig;

    const A: Block = 0;
    const B: Block = 1;
    const C: Block = 2;
    const D: Block = 3;

    fn lru_behind(filter: AdmissionConfig, capacity: usize) -> Box<dyn Policy> {
        filter.wrap(Box::new(Lru::new(capacity, 16)), 16, 7)
    }

    /// Feeds `refs`, returning the hit/miss string ('h'/'m') and the contents, next victim first.
    fn feed(p: &mut dyn Policy, refs: &[Block]) -> (String, Vec<Block>) {
        let mut evicted = Vec::new();
        let trail = refs.iter().map(|&b| if p.access(b, &mut evicted) { 'h' } else { 'm' }).collect();
        p.check_invariants().unwrap();
        let mut out = Vec::new();
        p.contents(&mut out);
        (trail, out)
    }

    #[test]
    fn second_hit_admits_a_block_on_its_second_miss() {
        let mut p = lru_behind(AdmissionConfig::SecondHit, 2);
        // A: first miss, remembered, turned away. B likewise. A again: its second miss, let in.
        // C turned away; A hits; B's second miss lets it in, beside A.
        let (trail, contents) = feed(&mut *p, &[A, B, A, C, A, B]);
        assert_eq!(trail, "mmmmhm");
        assert_eq!(contents, vec![A, B]);
        assert_eq!(p.admission(), Some(AdmissionCounts { admitted: 2, declined: 3 }));
    }

    #[test]
    fn second_hit_forgets_after_two_windows() {
        // Window = capacity = 2 first misses per filter; A's first miss is forgotten once two
        // newer filters have filled.
        let mut p = lru_behind(AdmissionConfig::SecondHit, 2);
        let (trail, contents) = feed(&mut *p, &[A, B, C, D, 4, A]);
        assert_eq!(trail, "mmmmmm");
        assert!(contents.is_empty(), "A's second miss came too late: {contents:?}");
    }

    #[test]
    fn tinylfu_keeps_the_victim_until_the_candidate_is_more_frequent() {
        let mut p = lru_behind(AdmissionConfig::TinyLfu, 2);
        // A A B B fill the cache (room: no comparison). A's estimate is 2 (doorkeeper + one in
        // the sketch), as is B's. C's first miss: 1 against the victim A's 2, turned away; its
        // second: 2 against 2, a tie keeps A; its third: 3 against 2, let in, evicting A.
        let (trail, contents) = feed(&mut *p, &[A, A, B, B, C, C, C]);
        assert_eq!(trail, "mhmhmmm");
        assert_eq!(contents, vec![B, C]);
        assert_eq!(p.admission(), Some(AdmissionCounts { admitted: 3, declined: 2 }));
    }

    #[test]
    fn tinylfu_resets_its_counts_after_ten_references_a_block() {
        let mut p = lru_behind(AdmissionConfig::TinyLfu, 1);
        // Capacity 1: the sample is 10 references. A is referenced 9 times (estimate 9), then B
        // once: 1 against 9, turned away — the 10th reference, so the counts halve (A: 8 in the
        // sketch → 4) and the doorkeeper empties. B then needs an estimate above 4.
        let mut refs = vec![A; 9];
        refs.extend([B, B, B, B, B]);
        let (trail, contents) = feed(&mut *p, &refs);
        assert_eq!(trail, "mhhhhhhhhmmmmm");
        assert_eq!(contents, vec![A], "B's estimate is 4 after four more references: a tie");
        let (trail, contents) = feed(&mut *p, &[B]);
        assert_eq!((trail.as_str(), contents), ("m", vec![B]));
    }

    #[test]
    fn probabilistic_at_one_is_the_bare_policy_and_otherwise_seeded() {
        let refs: Vec<Block> = (0..2000u64).map(|i| (splitmix64(i) % 12) as Block).collect();
        let mut bare = Lru::new(4, 16);
        let mut all = lru_behind(AdmissionConfig::Probabilistic { probability: 1.0 }, 4);
        assert_eq!(feed(&mut bare, &refs), feed(&mut *all, &refs));
        let half = || lru_behind(AdmissionConfig::Probabilistic { probability: 0.5 }, 4);
        let (a, b) = (feed(&mut *half(), &refs), feed(&mut *half(), &refs));
        assert_eq!(a, b, "the same seed draws the same admissions");
        let mut p = half();
        feed(&mut *p, &refs);
        let c = p.admission().unwrap();
        let share = c.admitted as f64 / (c.admitted + c.declined) as f64;
        assert!((0.45..0.55).contains(&share), "admitted {share}");
    }

    #[test]
    fn a_demote_passes_the_filter() {
        let mut p = lru_behind(AdmissionConfig::SecondHit, 2);
        let mut evicted = Vec::new();
        // A was looked up and missed here (a reference the filter would judge)…
        assert!(!p.on_hit(A));
        // …but what arrives is a DEMOTE: reposition first (not resident), then insert.
        assert!(!p.reposition(A, End::EjectLast));
        p.insert(A, End::EjectLast, &mut evicted);
        assert!(p.contains(A) && evicted.is_empty());
        assert_eq!(p.admission(), Some(AdmissionCounts::default()));
    }

    #[test]
    fn every_policy_behind_every_filter_keeps_its_invariants() {
        let refs: Vec<Block> = (0..4000u64).map(|i| (splitmix64(i ^ 99) % 40) as Block).collect();
        let filters =
            [AdmissionConfig::TinyLfu, AdmissionConfig::Probabilistic { probability: 0.3 }, AdmissionConfig::SecondHit];
        for config in PolicyConfig::every_kind().into_iter().filter(|c| !c.is_offline()) {
            for f in &filters {
                let mut p = f.wrap(config.build(8, 40, 1).unwrap(), 40, 1);
                let mut evicted = Vec::new();
                let mut hits = 0;
                for (i, &b) in refs.iter().enumerate() {
                    evicted.clear();
                    hits += p.access(b, &mut evicted) as u32;
                    assert!(p.len() <= 8, "{} behind {}", config.name(), f.name());
                    if i % 97 == 0 {
                        p.check_invariants().unwrap_or_else(|e| panic!("{} behind {}: {e}", config.name(), f.name()));
                    }
                }
                let c = p.admission().unwrap();
                assert!(hits > 0 && c.declined > 0 && c.admitted > 0, "{} behind {}: {c:?}", config.name(), f.name());
            }
        }
    }

    #[test]
    fn arc_names_the_victim_its_next_insertion_evicts() {
        let mut arc: Box<dyn Policy> = Box::new(crate::policy::arc::Arc::new(16, 64));
        let mut evicted = Vec::new();
        let mut checked = 0;
        for i in 0..5000u64 {
            let b = (splitmix64(i) % 64) as Block;
            if arc.on_hit(b) {
                continue;
            }
            // A ghost hit adapts p first: only a new block's victim is named.
            let mut lists = Vec::new();
            arc.queues(&mut lists);
            let ghost = lists.iter().any(|q| q.ghost && q.blocks.contains(&b));
            let named = arc.next_victim().expect("ARC names its victim");
            evicted.clear();
            arc.insert(b, arc.miss_end(), &mut evicted);
            if !ghost {
                assert_eq!(named, evicted.first().copied(), "step {i}");
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked} new blocks checked");
    }

    #[test]
    fn configs_read_and_check_their_parameters() {
        let read = |s: &str| serde_json::from_str::<AdmissionConfig>(s);
        assert_eq!(read(r#"{"kind":"tinylfu"}"#).unwrap(), AdmissionConfig::TinyLfu);
        assert_eq!(read(r#"{"kind":"second-hit"}"#).unwrap(), AdmissionConfig::SecondHit);
        assert_eq!(read(r#"{"kind":"probabilistic"}"#).unwrap(), AdmissionConfig::Probabilistic { probability: 0.5 });
        assert!(read(r#"{"kind":"bloom"}"#).is_err());
        assert!(read(r#"{"kind":"probabilistic","p":0.2}"#).is_err());
        let p = |probability| AdmissionConfig::Probabilistic { probability }.validate();
        assert_eq!(p(0.0).unwrap_err(), "probability must be above 0 and at most 1 (got 0)");
        assert!(p(1.5).is_err() && p(f64::NAN).is_err() && p(1.0).is_ok());
        for kind in ["tinylfu", "probabilistic", "second-hit", "size-below", "adaptsize"] {
            assert_eq!(read(&format!(r#"{{"kind":"{kind}"}}"#)).unwrap().name(), kind);
        }
        assert_eq!(read(r#"{"kind":"size-below"}"#).unwrap(), AdmissionConfig::SizeBelow { bytes: 1 << 20 });
        assert_eq!(read(r#"{"kind":"size-below","bytes":4096}"#).unwrap(), AdmissionConfig::SizeBelow { bytes: 4096 });
        assert_eq!(
            AdmissionConfig::SizeBelow { bytes: 0 }.validate().unwrap_err(),
            "bytes must be from 1 to 1099511627776 (got 0)"
        );
    }

    /// The size filters in front of a hierarchy's cache in bytes admit, hit and evict as the
    /// sim's byte cache with the same filter does (`tiersim sim --admit-below`, `--adaptsize`,
    /// which equal the peer's), request by request, over a trace long enough for AdaptSize's
    /// model to be refit several times.
    #[test]
    fn size_filters_over_a_cache_in_bytes_admit_as_the_sims_byte_cache() {
        use crate::policy::sized::{adaptsize, ByteCache, InBytes};
        let mut rng = crate::util::rng::Rng::seeded(35);
        let objects = 3_000u64;
        let size = |b: u64| 1 + (splitmix64(b) % 60_000);
        let trace: Vec<(Block, u64)> = (0..120_000)
            .map(|_| {
                let b = rng.below(objects).min(rng.below(objects)).min(rng.below(objects));
                (b as Block, size(b))
            })
            .collect();
        let capacity = 4_000_000;
        for filter in [AdmissionConfig::SizeBelow { bytes: 20_000 }, AdmissionConfig::AdaptSize] {
            let inner = InBytes::new(&PolicyConfig::Lru, capacity, objects as usize, 5).unwrap();
            let mut ours = filter.wrap(Box::new(inner), objects as usize, 11);
            let mut theirs = ByteCache::new(&PolicyConfig::Lru, capacity, objects as usize, 5).unwrap();
            match filter {
                AdmissionConfig::SizeBelow { bytes } => theirs.admit_below(bytes).unwrap(),
                _ => theirs
                    .adapt_size(
                        adaptsize::RECONFIGURATION_INTERVAL,
                        adaptsize::MAX_ITERATIONS,
                        objects as usize,
                        adaptsize_seed(11),
                    )
                    .unwrap(),
            }
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let mut hits = 0;
            for (k, &(block, bytes)) in trace.iter().enumerate() {
                a.clear();
                b.clear();
                let hit = ours.on_hit(block);
                if !hit {
                    let end = ours.miss_end();
                    ours.insert_sized(block, bytes, end, &mut a);
                }
                assert_eq!(hit, theirs.access(block, bytes, &mut b), "{filter:?}, request {k}");
                assert_eq!(ours.contains(block), theirs.contains(block), "{filter:?}, request {k}: admitted");
                hits += hit as u64;
            }
            assert_eq!(ours.bytes().unwrap().used, theirs.used(), "{filter:?}");
            let counts = ours.admission().unwrap();
            assert!(counts.declined > 1_000 && counts.admitted > 1_000, "{filter:?}: {counts:?}");
            assert!(hits > 10_000, "{filter:?}: {hits} hits");
            if let Some(model) = theirs.adaptsize() {
                assert!(model.refits() >= 2, "the model was refit {} times", model.refits());
            }
        }
    }
}
