//! Miss-ratio curves of any online policy in one pass, by miniature simulation (Waldspurger,
//! Saemundson, Ahmad & Park, "Cache Modeling and Optimization using Miniature Simulations",
//! USENIX ATC 2017).
//!
//! A block is *sampled* when its hashed id falls under a threshold T of the hash space P: a
//! spatially uniform sample at rate R = T / P that keeps every reference of each sampled block
//! (SHARDS' sampling, [`super::stackdist::Shards`]). A cache of C blocks is emulated by a
//! *mini-cache* of C·R blocks of the same policy fed only the sampled references; its misses
//! estimate the full cache's. Each size of a curve is one mini-cache (a *lane*); a reference
//! costs one hash, one comparison and one counter increment unless its block is sampled.
//!
//! What the paper leaves open, and our choices:
//! - **Rounding.** C·R is rarely a whole number, and at small mini sizes the rounding is a
//!   visible error (a 10-block mini-cache standing for 1 049 blocks emulates 1 000). We round
//!   the mini size s = round(C·R) and then set the lane's own rate to s / C exactly (its
//!   threshold s·P / C), so the mini-cache emulates exactly C blocks.
//! - **Small caches** (the paper's "scaled-down size too small"): a mini-cache never holds fewer
//!   than `min_cache` blocks ([`DEFAULT_MIN_CACHE`] = 100) — a size whose C·R falls below is
//!   sampled at the higher rate `min_cache` / C, and a size of at most `min_cache` blocks at
//!   rate 1, which is its full simulation. So every size is estimable; small sizes cost more
//!   references. Why 100: the smallest part a default policy carves out of its cache is 1 %
//!   (LIRS's resident HIR blocks, W-TinyLFU's window), which then still holds one block, as its
//!   share says. More does not pay at the default sample: with 32 768 sampled blocks the worst
//!   error in the table below was 0.0036 at 100 blocks and 0.0034 at 500 (with 8 192 sampled
//!   blocks, 500 did help on the synthetic streams: 0.0056 → 0.0035).
//! - **Minimum sample**: the rate is raised until the sample holds `min_blocks` blocks
//!   ([`DEFAULT_MIN_BLOCKS`] = 32 768, the sample the engine's live SHARDS curves keep). Fewer
//!   are not enough on traces with cliffs — a working set that just fits a size, or not, in
//!   the mini-cache depending on how many of its blocks the sample holds: on the CloudPhysics
//!   trace, S3-FIFO's and SIEVE's worst errors over eight seeds were 0.0070 and 0.0051 with
//!   8 192 sampled blocks (SHARDS_max's size), 0.0039 and 0.0053 with 16 384, 0.0028 and 0.0027
//!   with 32 768. When the trace's distinct blocks D are known ([`MiniSim::for_blocks`]: a
//!   trace read whole), the rate is simply max(R, `min_blocks` / D). A stream of unknown length
//!   ([`MiniSim::new`]) cannot know D, and the paper's fixed-size variant — lowering T as blocks arrive, shrinking every mini-cache
//!   and evicting the blocks that leave the sample — needs a resizable policy (ours have a fixed
//!   capacity). We run a *ladder* of rates R, 2R, 4R, …, 1 side by side from the first reference
//!   instead; their samples are nested (one hash, growing thresholds). As soon as rate 2^k·R
//!   has sampled `min_blocks` distinct blocks, every higher rate is dropped. The curve comes
//!   from the highest rate still running: R itself on a trace of at least `min_blocks` / R
//!   blocks; else the lowest rung whose sample reached `min_blocks` (so `min_blocks` to about
//!   twice that many blocks); else, on a trace of fewer than `min_blocks` blocks, rate 1: the
//!   full simulation. Each mini-cache keeps one rate from its first reference to its last. The
//!   ladder costs up to about twice the kept rung's work, or more while the rung above it runs.
//! - **Estimator: post-stratified by reference count** (our addition; the paper reads the
//!   mini-cache's miss ratio as is). Measured on our Zipf and scan + Zipf streams, nearly all of
//!   the error is which blocks the hash happened to sample, not the mini-cache behaving unlike
//!   the full one: misses concentrate on blocks of middling popularity, and a sample with a few
//!   % too many of them is a few % off. Every block's reference count is kept (a two-byte counter
//!   per block id, saturating at 65 535, for every reference), and at the end the blocks are
//!   classed by count (four classes per doubling); a mini-cache's misses on the sampled blocks
//!   of a class are scaled by (blocks in the class) / (sampled blocks in the class) instead of
//!   1 / R. Classes with fewer than [`MIN_STRATUM`] sampled blocks merge with the next more
//!   popular one. This removes the error of the sample's mix of popularities and makes
//!   first-reference misses exact; it also subsumes SHARDS_adj's correction (the hottest
//!   blocks being sampled or not). In the table below the worst error at the defaults was
//!   0.0036 stratified against 0.0115 with misses scaled by 1/R (over the references expected:
//!   over those sampled, as the paper reads a mini-cache, was worse still on Zipf).
//! - **Time parameters** given in references (LFU's aging period, LRU-K's correlated-reference
//!   period, MQ's life time) scale by the lane's rate: its stream is that much shorter.
//!   Parameters that are shares of the cache scale by themselves.
//! - **Writes** are served as `tiersim sim` serves them through one cache: [`Policy::write`]
//!   (the hint-aware policies read the hint; the others treat a write as a reference).
//! - **Offline policies** (MIN, read-OPT) need the whole future reference string: refused.
//! - **Exact** ([`Method::Exact`]): LRU by Mattson's stack distances
//!   ([`super::stackdist::StackDistances`], every size in one pass); any other policy by one
//!   full-size cache per size, every reference to each — the full simulations, in one pass.
//!
//! The table behind these numbers is `tests::minisim_error_table` (ignored by default; eight
//! seeds, six policies, eight sizes from 1 % to 100 % of the distinct blocks, on a Zipf 0.9,
//! a Zipf 1.0, a scan + Zipf stream and the CloudPhysics trace).
//!
//! Several policies' curves share one sample ([`MiniSim::many`]): their mini-caches are lanes of
//! the same rows, so a reference is hashed and counted once for all of them (on a 10 M-request
//! Zipf trace, four policies' curves in one pass took 0.53 s where four passes took 0.63 s).
//! The hashing and counting can also run apart, beside the trace's reader ([`Sampler`]): the
//! mini-caches then receive only the sampled references, and the counts as a [`Tally`] when a
//! report is made — the same curves, to the last miss. The browser's reader worker samples so;
//! on the 10 M-request trace, a reader and a curves thread in Node went from 0.74 s to 0.46 s.
//!
//! Block ids are the engine's dense ids ([`Block`]: trace readers and generators number blocks
//! densely). Per reference: one hash, one comparison and a two-byte counter increment; the
//! sampling decision comes from the hash, not from memory, so the increments of successive
//! references overlap. A sampled reference also reads its block's slot and the slot's row of
//! counters (how many lanes sample it, then each lane's misses on it): two more places, however
//! many lanes. The mini-caches' per-id tables span the dense slots of the sample, not the trace.
//! Memory: 2 bytes per block id, 4 more per id up to the largest sampled one, and the sample's
//! rows and mini-caches. Apart from those tables growing as new blocks appear (amortised;
//! [`MiniSim::reserve`] pre-sizes them), nothing allocates per reference.

pub mod bytes;
mod lanes;
mod sampler;

use serde::{Deserialize, Serialize};

use super::stackdist::StackDistances;
use crate::model::{Block, Op, WriteHint};
use crate::policy::{Policy, PolicyConfig};
use crate::trace::Trace;
use crate::util::hash::splitmix64;
use lanes::{hash, population_of, Lanes, UNSAMPLED};
pub use sampler::{SamplePlan, Sampler, Tally};

/// The lowest sampling rate: 1 % of the blocks.
pub const DEFAULT_RATE: f64 = 0.01;
/// Distinct blocks the sample must hold before the rate may fall to `rate` (the ladder above).
pub const DEFAULT_MIN_BLOCKS: u64 = super::stackdist::AUTO_SAMPLE_BLOCKS as u64;
/// The fewest blocks a mini-cache holds (or the whole cache, when smaller).
pub const DEFAULT_MIN_CACHE: u64 = 100;
/// The fewest sampled blocks a stratum of the estimator holds.
pub const MIN_STRATUM: u64 = 4;
/// The largest cache size accepted, in blocks (as `tiersim sim`).
pub const MAX_SIZE: u64 = crate::model::capacity::MAX_SIZE;

/// The hash space P: 63 bits, so "every block" (T = P) fits a `u64` threshold.
const SPACE: u64 = 1 << 63;
/// Reference-count classes: counts 1 to 3 alone, then four per doubling (the counters stop at
/// 65 535: class 63).
const CLASSES: usize = 128;

/// How the blocks are sampled.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Sampling {
    /// The lowest sampling rate, in (0, 1].
    #[serde(default = "default_rate")]
    pub rate: f64,
    /// Distinct sampled blocks needed before the rate may fall to `rate`; 0 = `rate` from the start.
    #[serde(default = "default_min_blocks")]
    pub min_blocks: u64,
    /// The fewest blocks a mini-cache holds, at least 1 (smaller sizes are sampled at a higher rate).
    #[serde(default = "default_min_cache")]
    pub min_cache: u64,
    /// Seeds the sampling hash (and policies that draw random numbers): another seed, another sample.
    #[serde(default)]
    pub seed: u64,
}

fn default_rate() -> f64 {
    DEFAULT_RATE
}

fn default_min_blocks() -> u64 {
    DEFAULT_MIN_BLOCKS
}

fn default_min_cache() -> u64 {
    DEFAULT_MIN_CACHE
}

impl Default for Sampling {
    fn default() -> Self {
        Self { rate: DEFAULT_RATE, min_blocks: DEFAULT_MIN_BLOCKS, min_cache: DEFAULT_MIN_CACHE, seed: 0 }
    }
}

impl Sampling {
    /// The defaults at another lowest rate.
    pub fn at_rate(rate: f64) -> Self {
        Self { rate, ..Self::default() }
    }

    /// These defaults with the values a caller gave (a CLI flag, a Python keyword) in their place.
    pub fn overriding(self, rate: Option<f64>, min_blocks: Option<u64>, min_cache: Option<u64>, seed: u64) -> Self {
        Self {
            rate: rate.unwrap_or(self.rate),
            min_blocks: min_blocks.unwrap_or(self.min_blocks),
            min_cache: min_cache.unwrap_or(self.min_cache),
            seed,
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        if !(self.rate.is_finite() && self.rate > 0.0 && self.rate <= 1.0) {
            return Err(format!("sample rate must be above 0 and at most 1 (got {})", self.rate));
        }
        if self.min_cache == 0 {
            return Err("minCache must be at least 1 block".into());
        }
        Ok(())
    }
}

/// How a curve is computed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    /// Miniature simulation with this sampling.
    Mini(Sampling),
    /// Exact: LRU by stack distances, any other policy by a full simulation at every size.
    Exact,
}

/// One size of a curve.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MiniPoint {
    /// The emulated cache size, in blocks.
    pub size: u64,
    /// Estimated (rate 1: measured) misses per block reference; `NaN` (`null` in JSON) before
    /// the first reference, or while the sample holds no block.
    pub miss_ratio: f64,
    /// The rate this size was sampled at (1: every reference, the full simulation).
    pub rate: f64,
    /// Blocks of the cache actually simulated (`size` × `rate`).
    pub mini_size: u64,
    /// References the mini-cache saw, and its misses.
    pub sampled_references: u64,
    pub misses: u64,
}

/// A curve and how it was made.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MiniReport {
    pub policy: String,
    /// "exact" when every size ran at rate 1, else "mini".
    pub method: String,
    /// Every block reference seen.
    pub references: u64,
    pub distinct_blocks: u64,
    /// The curves' floor: distinct blocks over references, the misses of first references,
    /// which no cache of any size avoids (once the whole trace is fed).
    pub compulsory_miss_ratio: f64,
    /// The base rate of the curve (the ladder's rung kept; 1 when exact).
    pub rate: f64,
    /// Distinct blocks sampled at that rate.
    pub sampled_blocks: u64,
    /// One point per size, in the order the sizes were given.
    pub points: Vec<MiniPoint>,
}

/// Miss-ratio curves of one policy or several, fed one block reference at a time. Several
/// policies share one sample: a reference pays the hash, the comparison and the count once,
/// whatever the number of curves, and only a sampled one reaches each curve's mini-caches —
/// every curve exactly as it is computed alone ([`MiniSim::many`]).
pub struct MiniSim {
    policies: Vec<PolicyConfig>,
    sizes: Vec<u64>,
    references: u64,
    /// Exact LRU (Mattson's stack distances), and the curves it gives.
    stack: Option<(StackDistances, Vec<usize>)>,
    /// Every other curve's mini-caches.
    lanes: Option<Lanes>,
}

/// Why [`MiniSim::many`] refused: what, and for which policy (its index) if for one.
#[derive(Clone, Debug, PartialEq)]
pub struct CurvesError {
    pub policy: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for CurvesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.policy {
            Some(i) => write!(f, "policies[{i}]: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// The policy for a mini-cache at `rate`: parameters counted in references scale with it.
pub fn scaled_config(config: &PolicyConfig, rate: f64, mini: u64) -> PolicyConfig {
    let scale = |refs: u64| if refs == 0 { 0 } else { ((refs as f64 * rate).round() as u64).max(1) };
    match *config {
        // The period must stay at least the capacity; a·R ≥ C·R = mini up to rounding.
        PolicyConfig::Lfu { aging_period } if aging_period > 0 => {
            PolicyConfig::Lfu { aging_period: scale(aging_period).max(mini) }
        }
        PolicyConfig::LruK { k, correlated_period } => {
            PolicyConfig::LruK { k, correlated_period: scale(correlated_period) }
        }
        PolicyConfig::Mq { life_time } => PolicyConfig::Mq { life_time: scale(life_time) },
        PolicyConfig::MqHints { life_time } => PolicyConfig::MqHints { life_time: scale(life_time) },
        _ => config.clone(),
    }
}

/// Threshold of rate `num / den` (≤ 1) in the hash space.
fn threshold(num: u64, den: u64) -> u64 {
    ((num as u128 * SPACE as u128) / den as u128) as u64
}

impl MiniSim {
    /// A curve of `policy` at `sizes` (blocks, each from 1 to [`MAX_SIZE`], in any order).
    /// Errors name what is wrong: an offline policy, a size, the sampling, a policy parameter.
    pub fn new(policy: &PolicyConfig, sizes: &[u64], method: Method) -> Result<Self, String> {
        Self::many(std::slice::from_ref(policy), sizes, method, None).map_err(|e| e.message)
    }

    /// As [`MiniSim::new`], for a trace known to reference `distinct` blocks (read whole before
    /// the curve): no ladder — the rate is `rate`, or `min_blocks` / `distinct` if higher (up
    /// to 1), from the start. A stream of unknown length needs [`MiniSim::new`]'s ladder.
    pub fn for_blocks(policy: &PolicyConfig, sizes: &[u64], method: Method, distinct: u64) -> Result<Self, String> {
        Self::many(std::slice::from_ref(policy), sizes, method, Some(distinct)).map_err(|e| e.message)
    }

    /// The curves of several policies at the same sizes, in one pass over one shared sample
    /// (`distinct`: as [`MiniSim::for_blocks`]; `None`: as [`MiniSim::new`]). Each curve equals
    /// the one its policy alone would give, to the last miss. An error names the policy's index.
    pub fn many(
        policies: &[PolicyConfig],
        sizes: &[u64],
        method: Method,
        distinct: Option<u64>,
    ) -> Result<Self, CurvesError> {
        if policies.is_empty() {
            return Err(CurvesError { policy: None, message: "policies: name at least one policy".into() });
        }
        let at = |i: usize, message: String| CurvesError { policy: Some(i), message };
        let all = |message: String| CurvesError { policy: None, message };
        for (i, policy) in policies.iter().enumerate() {
            Self::check(policy, sizes).map_err(|e| at(i, e))?;
        }
        // Exact LRU is one stack for every size; every other curve is lanes of mini-caches.
        let stacked: Vec<usize> = match method {
            Method::Exact => (0..policies.len()).filter(|&i| policies[i] == PolicyConfig::Lru).collect(),
            Method::Mini(_) => Vec::new(),
        };
        let laned: Vec<usize> = (0..policies.len()).filter(|i| !stacked.contains(i)).collect();
        let sampling = match method {
            Method::Exact => Sampling { rate: 1.0, min_blocks: 0, min_cache: 1, seed: 0 },
            Method::Mini(s) => {
                s.validate().map_err(all)?;
                match distinct {
                    // The rate whose expected sample holds min_blocks blocks; no ladder.
                    Some(d) => {
                        let needed = (s.min_blocks as f64 / d.max(1) as f64).min(1.0);
                        Sampling { rate: s.rate.max(needed), min_blocks: 0, ..s }
                    }
                    None => s,
                }
            }
        };
        let lanes = if laned.is_empty() {
            None
        } else {
            let curves: Vec<(usize, &PolicyConfig)> = laned.iter().map(|&i| (i, &policies[i])).collect();
            Some(Lanes::new(&curves, sizes, &sampling).map_err(|(i, e)| at(i, e))?)
        };
        let stack = (!stacked.is_empty()).then(|| (StackDistances::new(1024), stacked));
        let mut sim = Self { policies: policies.to_vec(), sizes: sizes.to_vec(), references: 0, stack, lanes };
        if let Some(d) = distinct {
            sim.reserve(d as usize);
        }
        Ok(sim)
    }

    /// Whether `policy` can have a curve at `sizes`.
    fn check(policy: &PolicyConfig, sizes: &[u64]) -> Result<(), String> {
        if policy.is_offline() {
            return Err(format!(
                "{} is offline: it needs the whole future reference string, and a miss-ratio curve here is \
                 fed one reference at a time (run it as a single cache: tiersim sim or sweep)",
                policy.name()
            ));
        }
        if sizes.is_empty() {
            return Err("sizes: name at least one cache size".into());
        }
        if let Some((i, &s)) = sizes.iter().enumerate().find(|&(_, &s)| !(1..=MAX_SIZE).contains(&s)) {
            return Err(format!("sizes[{i}]: must be from 1 to {MAX_SIZE} blocks (got {s})"));
        }
        for &s in sizes {
            policy.validate(s as usize).map_err(|e| format!("{} at {s} blocks: {e}", policy.name()))?;
        }
        Ok(())
    }

    /// Pre-sizes the per-block tables for block ids below `universe`, so that reading a trace
    /// of such ids allocates only as the sample grows (its rows, the policies' tables).
    pub fn reserve(&mut self, universe: usize) {
        if let Some(l) = &mut self.lanes {
            if l.counts.len() < universe {
                l.counts.resize(universe, 0);
            }
            if !l.identity {
                l.slot_of.resize(universe.max(l.slot_of.len()), UNSAMPLED);
            }
        }
    }

    /// One block reference (a write unhinted: a REPLACE for the hint-aware policies).
    #[inline]
    pub fn access(&mut self, block: Block, op: Op) {
        self.access_hinted(block, op, None);
    }

    /// One block reference, a write carrying its paper-004 hint.
    #[inline]
    pub fn access_hinted(&mut self, block: Block, op: Op, hint: Option<WriteHint>) {
        self.references += 1;
        if let Some(l) = &mut self.lanes {
            l.access(block, op, hint);
        }
        if let Some((stack, _)) = &mut self.stack {
            stack.access(block);
        }
    }

    /// Every block reference of `trace`, in order (a multi-block request: each of its blocks,
    /// as `tiersim sim --multi-block per-block` serves them).
    pub fn feed_trace(&mut self, trace: &Trace) {
        for r in &trace.records {
            for &b in trace.blocks_of(r) {
                self.access_hinted(b, r.op, r.write_hint);
            }
        }
    }

    /// Every block reference so far.
    pub fn references(&self) -> u64 {
        self.references
    }

    /// The first policy's (the only one's, but for [`MiniSim::many`]).
    pub fn policy(&self) -> &PolicyConfig {
        &self.policies[0]
    }

    pub fn policies(&self) -> &[PolicyConfig] {
        &self.policies
    }

    pub fn sizes(&self) -> &[u64] {
        &self.sizes
    }

    /// `(size, miss ratio)` per size, in the order given (the first policy's curve).
    pub fn curve(&self) -> Vec<(u64, f64)> {
        self.report().points.iter().map(|p| (p.size, p.miss_ratio)).collect()
    }

    /// The first policy's curve so far (the only one's, but for [`MiniSim::many`]).
    pub fn report(&self) -> MiniReport {
        self.report_of(0, self.lanes.as_ref().map(|l| population_of(&l.counts)).as_ref(), self.references)
    }

    /// Every policy's curve so far, in the order given (O(blocks seen): cheap enough to call
    /// while a trace streams).
    pub fn reports(&self) -> Vec<MiniReport> {
        let population = self.lanes.as_ref().map(|l| population_of(&l.counts));
        (0..self.policies.len()).map(|c| self.report_of(c, population.as_ref(), self.references)).collect()
    }

    /// How a [`Sampler`] apart must sample for these curves, or `None` when every reference
    /// must reach them (exact curves: the full simulations, Mattson's stack).
    pub fn sample_plan(&self) -> Option<SamplePlan> {
        match (&self.stack, &self.lanes) {
            (None, Some(l)) if !l.identity => {
                Some(SamplePlan { key: l.key, threshold: l.top_threshold, blocks: l.counts.len() as u64 })
            }
            _ => None,
        }
    }

    /// A sampled batch ([`crate::trace::batch::unpack_sampled`]'s words): the references a
    /// [`Sampler`] of [`MiniSim::sample_plan`] passed on, in the trace's order, of block ids
    /// below `universe`. Checked whole first: a damaged batch changes nothing. The references
    /// counted are the sampler's ([`MiniSim::reports_tallied`]).
    pub fn feed_sampled(&mut self, words: &[u32], universe: usize) -> Result<(), String> {
        if self.sample_plan().is_none() {
            return Err("sampled batch: these curves are exact and need every reference".into());
        }
        let refs = crate::trace::batch::unpack_sampled(words, universe)?;
        let l = self.lanes.as_mut().expect("a plan has lanes");
        for (block, op, hint) in refs {
            l.access(block, op, hint);
        }
        Ok(())
    }

    /// Every curve so far, fed by [`MiniSim::feed_sampled`], with the sampler's `tally` of
    /// every reference: each equals what [`MiniSim::reports`] gives fed every reference.
    pub fn reports_tallied(&self, tally: &Tally) -> Result<Vec<MiniReport>, String> {
        if self.sample_plan().is_none() {
            return Err("tally: these curves are exact and count every reference themselves".into());
        }
        let population: [u64; CLASSES] =
            tally.population.as_slice().try_into().map_err(|_| {
                format!("tally: population must have {CLASSES} classes (got {})", tally.population.len())
            })?;
        Ok((0..self.policies.len()).map(|c| self.report_of(c, Some(&population), tally.references)).collect())
    }

    /// Curve `c` after `n` references (`population`: blocks per class, when there are lanes).
    fn report_of(&self, c: usize, population: Option<&[u64; CLASSES]>, n: u64) -> MiniReport {
        let ratio = |misses: u64| misses as f64 / n as f64; // NaN before the first reference
        let (points, rate, sampled_blocks, distinct) = match (&self.stack, &self.lanes, population) {
            (Some((stack, curves)), _, _) if curves.contains(&c) => {
                let mut order: Vec<usize> = (0..self.sizes.len()).collect();
                order.sort_by_key(|&i| self.sizes[i]);
                let ascending: Vec<u64> = order.iter().map(|&i| self.sizes[i]).collect();
                let mut points = vec![None; self.sizes.len()];
                for (&i, hits) in order.iter().zip(stack.hits_at_sizes(&ascending)) {
                    points[i] = Some(MiniPoint {
                        size: self.sizes[i],
                        miss_ratio: ratio(n - hits),
                        rate: 1.0,
                        mini_size: self.sizes[i],
                        sampled_references: n,
                        misses: n - hits,
                    });
                }
                let points: Vec<MiniPoint> = points.into_iter().map(|p| p.expect("every size")).collect();
                (points, 1.0, stack.distinct(), stack.distinct())
            }
            (_, Some(l), Some(population)) => {
                let points = (0..self.sizes.len())
                    .map(|i| {
                        let (j, lane) = l.lane_for(c, i);
                        let miss_ratio = if lane.threshold == SPACE {
                            ratio(lane.misses) // every block sampled: the full simulation
                        } else {
                            l.stratified_misses(j, population) / n as f64
                        };
                        MiniPoint {
                            size: self.sizes[i],
                            miss_ratio,
                            rate: lane.rate,
                            mini_size: lane.mini,
                            sampled_references: lane.sampled,
                            misses: lane.misses,
                        }
                    })
                    .collect();
                let rung = &l.rungs[l.top];
                let distinct = population.iter().sum();
                (points, rung.rate, if l.identity { distinct } else { rung.blocks }, distinct)
            }
            _ => unreachable!("every curve is on the stack or in the lanes"),
        };
        let exact = points.iter().all(|p| p.rate == 1.0);
        MiniReport {
            policy: self.policies[c].name().into(),
            method: if exact { "exact" } else { "mini" }.into(),
            references: n,
            distinct_blocks: distinct,
            compulsory_miss_ratio: ratio(distinct),
            rate,
            sampled_blocks,
            points,
        }
    }
}

#[cfg(test)]
mod tests;
