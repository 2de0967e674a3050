//! One cache of one policy over a trace — the quick policy check other cache simulators offer
//! (`tiersim sim`, `tiersim.sim` in Python, and each cell of a Python sweep over traces). Counts
//! misses, hits and requests; times the simulation alone (reading the file is timed apart).

use std::time::Instant;

use serde::Serialize;

use crate::hierarchy::MultiBlock;
use crate::model::capacity::{Capacity, MAX_SIZE};
use crate::model::{Block, Op, WriteHint};
use crate::policy::sized::ByteCache;
use crate::policy::user::{UserCallbacks, UserPolicy};
use crate::policy::{Min, Policy, PolicyConfig, ReadOpt};
use crate::trace::{Record, Trace};

/// An admission filter in front of one cache in bytes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Admission {
    /// Objects of this many bytes or more are never admitted (libCacheSim's SizeAdmissioner).
    Below(u64),
    /// AdaptSize (NSDI 2017): admitted with probability e^(−size / c), c tuned by its model.
    AdaptSize,
}

#[derive(Serialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SimResult {
    pub policy: String,
    pub size: u64,
    pub format: &'static str,
    pub requests: u64,
    pub reads: u64,
    pub writes: u64,
    /// Requests all of whose blocks were cached, reads and writes alike.
    pub hits: u64,
    pub misses: u64,
    pub miss_ratio: f64,
    /// Read requests that hit (paper 004 judges caches by these).
    pub read_hits: u64,
    /// Every block referenced, by reads and writes (writes allocate, as in paper 001).
    pub block_refs: u64,
    pub block_hits: u64,
    pub block_miss_ratio: f64,
    pub distinct_blocks: u64,
    /// The floor of `block_miss_ratio`: distinct blocks over block references — first
    /// references, which miss in a cache of any size.
    pub compulsory_block_miss_ratio: f64,
    /// The capacity in bytes, when the cache was given one (`size` is then its bytes too).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size_bytes: Option<u64>,
    /// Bytes the requests asked for and bytes of those that missed: each request's own size
    /// (an object trace's), or its blocks × the block size. `None` when neither is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes_requested: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes_missed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byte_miss_ratio: Option<f64>,
    /// A cache in bytes: misses on objects larger than the whole cache, which it never admits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub too_large: Option<u64>,
    pub requests_per_sec: f64,
    pub parse_ms: f64,
}

/// Simulates `policy` at `size` blocks over `trace`; returns the counts and the seconds the
/// simulation took. Errors (a size out of range, a policy's own settings) name the field.
pub fn simulate(
    policy: &PolicyConfig,
    size: u64,
    trace: &Trace,
    multi: MultiBlock,
) -> Result<(SimResult, f64), String> {
    check_size(size)?;
    let mut sim = match ReferenceString::for_policy(policy) {
        Some(mut refs) => {
            refs.reserve(trace.block_refs());
            refs.push_batch(trace);
            Simulator::offline(policy, size, multi, trace.distinct(), refs)?
        }
        None => Simulator::new(policy, size, multi, trace.distinct())?,
    };
    sim.feed(trace);
    Ok((sim.result(trace.distinct() as u64), sim.secs()))
}

/// As [`simulate`], at a capacity in blocks or in bytes ([`Capacity`]; `block_size`: the bytes
/// of a block trace's block in a cache in bytes), with an optional size-threshold filter in
/// front (`admission`: a size threshold or AdaptSize, [`Simulator::admit`]).
pub fn simulate_at(
    policy: &PolicyConfig,
    capacity: Capacity,
    trace: &Trace,
    multi: MultiBlock,
    block_size: u32,
    admission: Option<Admission>,
) -> Result<(SimResult, f64), String> {
    let bytes = match (capacity, admission) {
        (Capacity::Blocks(n), None) => return simulate(policy, n, trace, multi),
        (Capacity::Blocks(_), Some(Admission::Below(_))) => {
            return Err(
                "admit-below: a size threshold needs a cache in bytes (give its size with a unit: 128MiB)".into()
            )
        }
        (Capacity::Blocks(_), Some(Admission::AdaptSize)) => {
            return Err("adaptsize: AdaptSize needs a cache in bytes (give its size with a unit: 128MiB)".into())
        }
        (Capacity::Bytes(b), _) => b,
    };
    let mut sim = match ReferenceString::for_policy(policy) {
        Some(mut refs) => {
            refs.reserve(trace.block_refs());
            refs.push_batch(trace);
            Simulator::offline_in_bytes(policy, bytes, trace.distinct(), block_size, refs, &trace.raw)?
        }
        None => Simulator::with_capacity(policy, capacity, multi, trace.distinct(), block_size)?,
    };
    if let Some(a) = admission {
        sim.admit(a)?;
    }
    sim.feed(trace);
    Ok((sim.result(trace.distinct() as u64), sim.secs()))
}

/// Simulates a policy of the user's own ([`crate::policy::user`]) at `size` objects over
/// `trace`, as [`simulate`] does a built-in one; `Err` says why the policy stopped (the reference
/// and the reason) instead of giving numbers.
pub fn simulate_user<C: UserCallbacks + 'static>(
    callbacks: C,
    size: u64,
    trace: &Trace,
    multi: MultiBlock,
) -> Result<(SimResult, f64), String> {
    check_size(size)?;
    let cache = UserPolicy::new(callbacks, size as usize, trace.distinct())?;
    let failure = cache.failure_handle();
    let mut sim = Simulator::blank_named("user", Capacity::Blocks(size), multi, Box::new(cache));
    sim.feed(trace);
    match failure.get() {
        Some(why) => Err(format!("your policy: {why}")),
        None => Ok((sim.result(trace.distinct() as u64), sim.secs())),
    }
}

fn check_size(size: u64) -> Result<(), String> {
    if !(1..=MAX_SIZE).contains(&size) {
        return Err(format!("size: must be from 1 to {MAX_SIZE} blocks (got {size})"));
    }
    Ok(())
}

/// The whole reference string an offline policy is built from, collected in a first pass over
/// the trace: only the block ids for MIN (every reference is a use), with each one's operation
/// for read-OPT (only reads are).
#[derive(Clone, Debug)]
pub enum ReferenceString {
    Blocks(Vec<Block>),
    WithOps(Vec<(Block, Op)>),
}

impl ReferenceString {
    /// An empty string for an offline `policy`; `None` for an online one.
    pub fn for_policy(policy: &PolicyConfig) -> Option<Self> {
        match policy {
            PolicyConfig::Min | PolicyConfig::BeladySize { .. } => Some(Self::Blocks(Vec::new())),
            PolicyConfig::ReadOpt => Some(Self::WithOps(Vec::new())),
            _ => None,
        }
    }

    /// Room for `refs` more references at once (a first pass that counted them: no doubling).
    pub fn reserve(&mut self, refs: usize) {
        match self {
            Self::Blocks(v) => v.reserve_exact(refs),
            Self::WithOps(v) => v.reserve_exact(refs),
        }
    }

    /// Appends every block reference of `batch`, in order.
    pub fn push_batch(&mut self, batch: &Trace) {
        match self {
            Self::Blocks(v) => v.extend_from_slice(&batch.refs),
            Self::WithOps(v) => {
                for r in &batch.records {
                    v.extend(batch.blocks_of(r).iter().map(|&b| (b, r.op)));
                }
            }
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Self::Blocks(v) => v.len(),
            Self::WithOps(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes a reference takes in the string.
    pub fn bytes_per_ref(&self) -> u64 {
        match self {
            Self::Blocks(_) => size_of::<Block>() as u64,
            Self::WithOps(_) => size_of::<(Block, Op)>() as u64,
        }
    }
}

/// Bytes an offline cache of `size` blocks takes once built over `refs` references of
/// `distinct` blocks: each reference's block and next use (8 bytes), each block's latest use
/// and heap slot (8), each cached block's heap entry (12, rounded up to 16).
pub fn offline_bytes(refs: u64, distinct: u64, size: u64) -> u64 {
    8 * refs + 8 * distinct + 16 * size.min(distinct)
}

/// Bytes more an offline cache takes while it is built, beside the reference string and the
/// built cache: which references are uses (a byte each).
pub fn offline_build_bytes(refs: u64) -> u64 {
    refs
}

/// One cache of one policy fed a trace batch by batch — the whole parsed trace, or a file
/// streamed in pieces ([`crate::trace::pipeline`]): the same requests give the same counts
/// however they are cut.
pub struct Simulator {
    policy: &'static str,
    size: Capacity,
    multi: MultiBlock,
    store: Store,
    /// Scratch: a request's victims, and an atomic request's blocks the cache lacked.
    evicted: Vec<Block>,
    missing: Vec<Block>,
    counts: Counts,
    secs: f64,
}

/// The cache: counted in blocks (any policy), or in bytes ([`ByteCache`]).
enum Store {
    Blocks {
        cache: Box<dyn Policy>,
        /// Whether the policy reads write hints (paper 004): writes are then its own business.
        hints: bool,
    },
    /// `block_size`: the bytes each block of a block trace takes.
    Bytes { cache: ByteCache, block_size: u64 },
}

#[derive(Default)]
struct Counts {
    requests: u64,
    reads: u64,
    hits: u64,
    read_hits: u64,
    block_refs: u64,
    block_hits: u64,
    /// Bytes requested and missed by the requests of a sized trace ([`Trace::sizes`]).
    bytes: u64,
    bytes_missed: u64,
    /// Misses larger than a cache in bytes (never admitted).
    too_large: u64,
    /// Whether every request so far carried its size.
    sized: bool,
}

impl Simulator {
    /// An online `policy` at `size` blocks; `universe`: the block ids expected (a hint: larger
    /// ones grow the cache's index; a streamed trace's is not known in advance).
    pub fn new(policy: &PolicyConfig, size: u64, multi: MultiBlock, universe: usize) -> Result<Self, String> {
        check_size(size)?;
        let cache = policy.build(size as usize, universe, 1).map_err(|e| format!("policy: {e}"))?;
        Ok(Self::with_cache(policy, size, multi, cache))
    }

    /// An online `policy` at `capacity`: blocks as [`Simulator::new`], or bytes ([`ByteCache`]:
    /// each request of a sized trace takes its own size, a block trace's each block
    /// `block_size`; served block by block). A cache in blocks over a block trace reports no
    /// byte counts, as before; over a sized trace, and any cache in bytes, it does.
    pub fn with_capacity(
        policy: &PolicyConfig,
        capacity: Capacity,
        multi: MultiBlock,
        universe: usize,
        block_size: u32,
    ) -> Result<Self, String> {
        match capacity {
            Capacity::Blocks(n) => Self::new(policy, n, multi, universe),
            Capacity::Bytes(bytes) => {
                if multi == MultiBlock::Atomic {
                    return Err("multi-block: a cache in bytes serves a request's blocks one by one (per-block)".into());
                }
                let cache = ByteCache::new(policy, bytes, universe, 1).map_err(|e| format!("policy: {e}"))?;
                Ok(Self::blank(policy, capacity, multi, Store::Bytes { cache, block_size: block_size as u64 }))
            }
        }
    }

    /// Puts a size-threshold admission filter in front of the cache: objects of `bytes` or
    /// more are never admitted ([`ByteCache::admit_below`]). A cache in bytes only.
    pub fn admit_below(&mut self, bytes: u64) -> Result<(), String> {
        match &mut self.store {
            Store::Bytes { cache, .. } => cache.admit_below(bytes),
            Store::Blocks { .. } => {
                Err("a size threshold needs a cache in bytes (give its size with a unit: 128MiB)".into())
            }
        }
    }

    /// Puts an admission filter in front of the cache: a size threshold, or AdaptSize
    /// ([`ByteCache::adapt_size`], with the peer's refit interval and search steps). A cache in
    /// bytes only; the error names the option.
    pub fn admit(&mut self, admission: Admission) -> Result<(), String> {
        match admission {
            Admission::Below(bytes) => self.admit_below(bytes).map_err(|e| format!("admit-below: {e}")),
            Admission::AdaptSize => match &mut self.store {
                Store::Bytes { cache, .. } => {
                    use crate::policy::sized::adaptsize::{MAX_ITERATIONS, RECONFIGURATION_INTERVAL};
                    cache.adapt_size(RECONFIGURATION_INTERVAL, MAX_ITERATIONS, 0, 1)
                }
                Store::Blocks { .. } => {
                    Err("adaptsize: AdaptSize needs a cache in bytes (give its size with a unit: 128MiB)".into())
                }
            },
        }
    }

    /// An offline `policy` built from the reference string it will see (consumed).
    pub fn offline(
        policy: &PolicyConfig,
        size: u64,
        multi: MultiBlock,
        universe: usize,
        refs: ReferenceString,
    ) -> Result<Self, String> {
        check_size(size)?;
        let capacity = size as usize;
        let cache: Box<dyn Policy> = match (policy, refs) {
            (PolicyConfig::Min, ReferenceString::Blocks(blocks)) => Box::new(Min::new(capacity, universe, blocks)),
            (PolicyConfig::ReadOpt, ReferenceString::WithOps(refs)) => {
                Box::new(ReadOpt::new(capacity, universe, &refs).map_err(|e| format!("policy: {e}"))?)
            }
            (PolicyConfig::BeladySize { .. }, _) => {
                return Err("size: belady-size counts its cache in bytes: give its size with a unit (1GiB)".into())
            }
            (p, _) => return Err(format!("policy: {} is not built from a reference string", p.name())),
        };
        Ok(Self::with_cache(policy, size, multi, cache))
    }

    /// An offline policy at `bytes`, built from the reference string: MIN (Belady in bytes: the
    /// block used furthest ahead leaves until the newcomer fits, every newcomer admitted that
    /// fits at all), or BeladySize, whose sampler hashes the file's ids (`raw[id]`, the trace's
    /// [`Trace::raw`]: empty while only checking that it builds).
    pub fn offline_in_bytes(
        policy: &PolicyConfig,
        bytes: u64,
        universe: usize,
        block_size: u32,
        refs: ReferenceString,
        raw: &[u64],
    ) -> Result<Self, String> {
        let cache = match (policy, refs) {
            (PolicyConfig::Min, ReferenceString::Blocks(blocks)) => {
                ByteCache::over(Box::new(Min::new(usize::MAX, universe, blocks)), bytes, universe)
                    .map_err(|e| format!("size: {e}"))?
            }
            (&PolicyConfig::BeladySize { samples }, ReferenceString::Blocks(blocks)) => {
                ByteCache::belady_size(bytes, samples, blocks, raw.to_vec()).map_err(|e| format!("policy: {e}"))?
            }
            (p, _) => return Err(format!("policy: {} takes a size in blocks (objects), not bytes", p.name())),
        };
        let store = Store::Bytes { cache, block_size: block_size as u64 };
        Ok(Self::blank(policy, Capacity::Bytes(bytes), MultiBlock::PerBlock, store))
    }

    fn with_cache(policy: &PolicyConfig, size: u64, multi: MultiBlock, mut cache: Box<dyn Policy>) -> Self {
        let hints = cache.reads_hints();
        Self::blank(policy, Capacity::Blocks(size), multi, Store::Blocks { cache, hints })
    }

    fn blank(policy: &PolicyConfig, size: Capacity, multi: MultiBlock, store: Store) -> Self {
        Self::named(policy.name(), size, multi, store)
    }

    /// A cache in blocks of a policy built elsewhere (a user's own), reported as `name`.
    fn blank_named(name: &'static str, size: Capacity, multi: MultiBlock, mut cache: Box<dyn Policy>) -> Self {
        let hints = cache.reads_hints();
        Self::named(name, size, multi, Store::Blocks { cache, hints })
    }

    fn named(name: &'static str, size: Capacity, multi: MultiBlock, store: Store) -> Self {
        Self {
            policy: name,
            size,
            multi,
            store,
            evicted: Vec::with_capacity(16),
            missing: Vec::new(),
            counts: Counts { sized: true, ..Counts::default() },
            secs: 0.0,
        }
    }

    /// Serves every request of `batch` (a whole trace, or a piece of one), in order.
    pub fn feed(&mut self, batch: &Trace) {
        let start = Instant::now();
        let (evicted, counts) = (&mut self.evicted, &mut self.counts);
        match &mut self.store {
            Store::Blocks { cache, hints } if batch.sizes.is_empty() => {
                feed_blocks::<false>(cache.as_mut(), *hints, self.multi, evicted, &mut self.missing, counts, batch)
            }
            Store::Blocks { cache, hints } => {
                feed_blocks::<true>(cache.as_mut(), *hints, self.multi, evicted, &mut self.missing, counts, batch)
            }
            Store::Bytes { cache, block_size } => feed_bytes(cache, *block_size, evicted, counts, batch),
        }
        counts.sized &= !batch.sizes.is_empty() || batch.records.is_empty();
        self.secs += start.elapsed().as_secs_f64();
    }

    /// Seconds spent serving requests so far.
    pub fn secs(&self) -> f64 {
        self.secs
    }

    /// The counts so far; `distinct`: the trace's distinct blocks (its reader knows them).
    pub fn result(&self, distinct: u64) -> SimResult {
        let ratio = |num: u64, den: u64| if den == 0 { 0.0 } else { num as f64 / den as f64 };
        let c = &self.counts;
        let requests = c.requests;
        // Bytes: each request's own size in a sized trace (counted as served); else, in a cache
        // counted in bytes, blocks × the block size; else none (a block cache, a block trace).
        let bytes = match &self.store {
            _ if c.sized && requests > 0 => Some((c.bytes, c.bytes_missed)),
            Store::Bytes { block_size: bs, .. } => Some((c.block_refs * bs, (c.block_refs - c.block_hits) * bs)),
            Store::Blocks { .. } => None,
        };
        SimResult {
            policy: self.policy.to_string(),
            size: self.size.amount(),
            format: "",
            requests,
            reads: c.reads,
            writes: requests - c.reads,
            hits: c.hits,
            misses: requests - c.hits,
            miss_ratio: ratio(requests - c.hits, requests),
            read_hits: c.read_hits,
            block_refs: c.block_refs,
            block_hits: c.block_hits,
            block_miss_ratio: ratio(c.block_refs - c.block_hits, c.block_refs),
            distinct_blocks: distinct,
            compulsory_block_miss_ratio: ratio(distinct, c.block_refs),
            size_bytes: match self.size {
                Capacity::Bytes(b) => Some(b),
                Capacity::Blocks(_) => None,
            },
            bytes_requested: bytes.map(|b| b.0),
            bytes_missed: bytes.map(|b| b.1),
            byte_miss_ratio: bytes.map(|(all, missed)| ratio(missed, all)),
            too_large: matches!(self.store, Store::Bytes { .. }).then_some(c.too_large),
            requests_per_sec: requests as f64 / self.secs.max(1e-9),
            parse_ms: 0.0,
        }
    }
}

/// One block reference: a hit reorders, a miss inserts at the policy's miss end (what it
/// evicts leaves: there is nothing above or below), a write to a hint-aware cache is the
/// policy's to place (paper 004). Returns whether the block was cached — what `on_hit` and
/// `write` answer by the [`Policy`] contract, so no lookup is needed before.
#[inline(always)]
fn reference(
    cache: &mut dyn Policy,
    hints: bool,
    evicted: &mut Vec<Block>,
    b: Block,
    op: Op,
    hint: Option<WriteHint>,
) -> bool {
    let cached = if op == Op::Write && hints {
        cache.write(b, hint, evicted)
    } else if cache.on_hit(b) {
        true
    } else {
        let end = cache.miss_end();
        cache.insert(b, end, evicted);
        false
    };
    evicted.clear();
    cached
}

/// A cache in blocks serves `batch`.
///
/// One cache on a disk with no protocol, so the hierarchy engine's steps for it reduce to
/// its policy's own calls (a test holds every policy to the engine's counts): per block,
/// each block is a one-block request; atomically, a request's blocks are all looked up
/// (reordering those cached) before the missing ones are inserted, in order — except a
/// write to a hint-aware cache, which its policy takes block by block. `SIZED`: the batch
/// carries its requests' sizes (counted in bytes too).
fn feed_blocks<const SIZED: bool>(
    cache: &mut dyn Policy,
    hints: bool,
    multi: MultiBlock,
    evicted: &mut Vec<Block>,
    missing: &mut Vec<Block>,
    counts: &mut Counts,
    batch: &Trace,
) {
    let mut tally = Tally::default();
    for (i, r) in batch.records.iter().enumerate() {
        let blocks = batch.blocks_of(r);
        // Which of its blocks are cached when referenced: all before serving it (atomic), or
        // each just before its own reference (per block).
        let present = match multi {
            MultiBlock::PerBlock => {
                let mut present = 0;
                for &b in blocks {
                    present += reference(cache, hints, evicted, b, r.op, r.write_hint) as u64;
                }
                present
            }
            MultiBlock::Atomic => {
                let present = blocks.iter().filter(|&&b| cache.contains(b)).count() as u64;
                if blocks.len() == 1 || (r.op == Op::Write && hints) {
                    for &b in blocks {
                        reference(cache, hints, evicted, b, r.op, r.write_hint);
                    }
                } else {
                    missing.clear();
                    missing.extend(blocks.iter().copied().filter(|&b| !cache.on_hit(b)));
                    for &b in missing.iter() {
                        let end = cache.miss_end();
                        cache.insert(b, end, evicted);
                        evicted.clear();
                    }
                }
                present
            }
        };
        tally.request(r, blocks.len(), present, if SIZED { Some(batch.sizes[i]) } else { None });
    }
    counts.add(batch, &tally);
}

/// A cache in bytes serves `batch`, block by block: a sized trace's request (one object) takes
/// its size, a block trace's block `block_size` bytes.
fn feed_bytes(cache: &mut ByteCache, block_size: u64, evicted: &mut Vec<Block>, counts: &mut Counts, batch: &Trace) {
    let mut tally = Tally::default();
    let capacity = cache.capacity();
    if batch.refs.len() == batch.records.len() && batch.sizes.len() == batch.records.len() {
        // An object trace's: every request one object (records span at least one reference
        // each, in order), so request i's is reference i, and the walk needs no slicing.
        for ((r, &b), &size) in batch.records.iter().zip(&batch.refs).zip(&batch.sizes) {
            let hit = cache.access(b, size, evicted);
            evicted.clear();
            tally.in_bytes(r, 1, u64::from(hit), size, capacity, true);
        }
    } else {
        for (i, r) in batch.records.iter().enumerate() {
            let blocks = batch.blocks_of(r);
            let size = batch.sizes.get(i).copied();
            let mut present = 0;
            for &b in blocks {
                present += cache.access(b, size.unwrap_or(block_size), evicted) as u64;
                evicted.clear();
            }
            tally.in_bytes(r, blocks.len(), present, size.unwrap_or(block_size), capacity, size.is_some());
        }
    }
    counts.add(batch, &tally);
}

/// A batch's counts while it is served, added to the [`Counts`] once it is.
#[derive(Default)]
struct Tally {
    hits: u64,
    read_hits: u64,
    block_hits: u64,
    reads: u64,
    bytes: u64,
    bytes_missed: u64,
    too_large: u64,
}

impl Tally {
    /// Request `r` to a cache of `capacity` bytes: `present` of its `blocks` were cached, each
    /// `size` bytes; `sized`: the size is the trace's (counted in bytes too). A miss of a size
    /// the cache cannot admit is counted too large (a hit on a copy admitted smaller is a hit).
    #[inline(always)]
    fn in_bytes(&mut self, r: &Record, blocks: usize, present: u64, size: u64, capacity: u64, sized: bool) {
        self.too_large += u64::from(present < blocks as u64 && size > capacity);
        self.request(r, blocks, present, sized.then_some(size));
    }

    /// Request `r`: `present` of its `blocks` were cached when referenced; `size`, its bytes in
    /// a sized trace.
    #[inline(always)]
    fn request(&mut self, r: &Record, blocks: usize, present: u64, size: Option<u64>) {
        let hit = present == blocks as u64;
        self.hits += hit as u64;
        self.read_hits += (hit && r.op == Op::Read) as u64;
        self.block_hits += present;
        self.reads += (r.op == Op::Read) as u64;
        if let Some(size) = size {
            self.bytes += size;
            self.bytes_missed += if hit { 0 } else { size };
        }
    }
}

impl Counts {
    fn add(&mut self, batch: &Trace, t: &Tally) {
        self.requests += batch.records.len() as u64;
        self.reads += t.reads;
        self.hits += t.hits;
        self.read_hits += t.read_hits;
        self.block_hits += t.block_hits;
        self.block_refs += batch.refs.len() as u64;
        self.bytes += t.bytes;
        self.bytes_missed += t.bytes_missed;
        self.too_large += t.too_large;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hierarchy::{CacheSpec, DiskConfig, Hierarchy, LinkConfig, Meta, Protocol};

    /// The hierarchy engine's counts for one cache on a disk, one request at a time (what
    /// [`Simulator::feed`] was, and must count as).
    fn reference(policy: &PolicyConfig, size: u64, trace: &Trace, multi: MultiBlock) -> (u64, u64, u64) {
        let refs: Vec<(u32, Op)> =
            trace.records.iter().flat_map(|r| trace.blocks_of(r).iter().map(move |&b| (b, r.op))).collect();
        let cache = policy.build_offline(size as usize, trace.distinct(), 1, &refs).unwrap();
        let spec = CacheSpec {
            policy: cache,
            parent: None,
            link: Some(LinkConfig::Fc1g),
            disk: Some(DiskConfig::Constant { service_ms: 10.0 }),
        };
        let mut h = Hierarchy::new(vec![spec], &[0], Protocol::None, 0.0, 4096).unwrap().with_multi_block(multi);
        let (mut hits, mut block_hits, mut read_hits) = (0, 0, 0);
        for r in &trace.records {
            let blocks = trace.blocks_of(r);
            let meta = Meta { op: r.op, write_hint: r.write_hint, range: r.range(), importance: None, bytes: 0 };
            let present = match multi {
                MultiBlock::Atomic => {
                    let present = blocks.iter().filter(|&&b| h.cache(0).contains(b)).count() as u64;
                    h.serve_blocks(0, meta, blocks.iter().copied());
                    present
                }
                MultiBlock::PerBlock => blocks
                    .iter()
                    .map(|&b| {
                        let present = h.cache(0).contains(b) as u64;
                        h.serve_blocks(0, meta, std::iter::once(b));
                        present
                    })
                    .sum(),
            };
            let hit = present == blocks.len() as u64;
            hits += hit as u64;
            read_hits += (hit && r.op == Op::Read) as u64;
            block_hits += present;
        }
        (hits, read_hits, block_hits)
    }

    /// Reads and hinted writes of 1 to 3 blocks over a skewed space of 400 blocks.
    fn sample_trace() -> Trace {
        let mut rng = crate::util::rng::Rng::seeded(3);
        let mut text = String::from("time,client,block,nblocks,op,hint\n");
        for _ in 0..3000 {
            let write = rng.below(4) == 0;
            let hint = if write { ["", "synch", "replace", "recov"][rng.below(4) as usize] } else { "" };
            let (block, n) = (rng.below(400).min(rng.below(400)), 1 + rng.below(3) * rng.below(2));
            text.push_str(&format!(",0,{block},{n},{},{hint}\n", if write { "w" } else { "r" }));
        }
        crate::trace::parse(text.as_bytes(), crate::trace::Format::Csv, &Default::default()).unwrap()
    }

    #[test]
    fn every_policy_counts_as_the_plain_loop_and_any_batching() {
        let mut rng = crate::util::rng::Rng::seeded(4);
        let t = sample_trace();
        for p in PolicyConfig::every_kind() {
            for multi in [MultiBlock::PerBlock, MultiBlock::Atomic] {
                let (r, _) = simulate(&p, 40, &t, multi).unwrap();
                assert_eq!((r.hits, r.read_hits, r.block_hits), reference(&p, 40, &t, multi), "{}", p.name());
                // Fed in uneven pieces, with no idea of the universe.
                let mut sim = match ReferenceString::for_policy(&p) {
                    Some(mut refs) => {
                        refs.push_batch(&t);
                        Simulator::offline(&p, 40, multi, 0, refs).unwrap()
                    }
                    None => Simulator::new(&p, 40, multi, 0).unwrap(),
                };
                let mut at = 0;
                while at < t.records.len() {
                    let n = (1 + rng.below(200) as usize).min(t.records.len() - at);
                    sim.feed(&t.batch(at..at + n));
                    at += n;
                }
                let mut got = sim.result(t.distinct() as u64);
                got.requests_per_sec = r.requests_per_sec;
                assert_eq!(got, r, "{} in pieces", p.name());
            }
        }
    }

    #[test]
    fn sizes_out_of_range_name_the_field() {
        let t = crate::trace::parse(b"1\n2\n1\n", crate::trace::Format::Lines, &Default::default()).unwrap();
        for size in [0, MAX_SIZE + 1] {
            let e = simulate(&PolicyConfig::Lru, size, &t, MultiBlock::PerBlock).unwrap_err();
            assert!(e.starts_with("size: must be from 1 to"), "{e}");
        }
        let (r, _) = simulate(&PolicyConfig::Lru, 1, &t, MultiBlock::PerBlock).unwrap();
        assert_eq!((r.requests, r.misses), (3, 3));
    }

    #[test]
    fn a_cache_in_bytes_over_a_block_trace_is_the_cache_of_as_many_whole_blocks() {
        let t = sample_trace();
        for policy in
            [PolicyConfig::Lru, PolicyConfig::Fifo, PolicyConfig::Clock, PolicyConfig::Sieve, PolicyConfig::Mru]
        {
            let blocks = simulate(&policy, 37, &t, MultiBlock::PerBlock).unwrap().0;
            let mut sim =
                Simulator::with_capacity(&policy, Capacity::Bytes(37 * 512 + 511), MultiBlock::PerBlock, 0, 512)
                    .unwrap();
            sim.feed(&t);
            let bytes = sim.result(t.distinct() as u64);
            assert_eq!((bytes.hits, bytes.block_hits), (blocks.hits, blocks.block_hits), "{policy:?}");
            assert_eq!(bytes.size_bytes, Some(37 * 512 + 511));
            assert_eq!(bytes.bytes_requested, Some(t.refs.len() as u64 * 512));
            assert_eq!(bytes.bytes_missed, Some((t.refs.len() as u64 - blocks.block_hits) * 512));
            // In blocks over a block trace, no byte counts, as before.
            assert_eq!(blocks.bytes_requested, None);
        }
        let e = Simulator::with_capacity(&PolicyConfig::Car, Capacity::Bytes(1 << 20), MultiBlock::PerBlock, 0, 512);
        assert!(e.err().unwrap().starts_with("policy: car does not take a capacity in bytes"));
        let e = Simulator::with_capacity(&PolicyConfig::Lru, Capacity::Bytes(1 << 20), MultiBlock::Atomic, 0, 512);
        assert!(e.err().unwrap().contains("per-block"));
    }

    #[test]
    fn a_sized_trace_counts_each_requests_own_bytes_however_it_is_cut() {
        use crate::trace::{oracle, parse, Format, Options};
        let mut rng = crate::util::rng::Rng::seeded(35);
        let bytes: Vec<u8> = (0..4000u32)
            .flat_map(|i| {
                let id = rng.below(300).min(rng.below(300));
                oracle::encode(i, id, 1 + (id as u32 * 7919) % 20_000, -1)
            })
            .collect();
        let t = parse(&bytes, Format::OracleGeneral, &Options { object_mode: true, ..Options::default() }).unwrap();
        let all: u64 = t.sizes.iter().sum();
        let run = |pieces: usize| {
            let mut sim =
                Simulator::with_capacity(&PolicyConfig::Lru, Capacity::Bytes(300_000), MultiBlock::PerBlock, 0, 4096)
                    .unwrap();
            let n = t.records.len().div_ceil(pieces);
            for at in (0..t.records.len()).step_by(n) {
                sim.feed(&t.batch(at..(at + n).min(t.records.len())));
            }
            sim.result(t.distinct() as u64)
        };
        let whole = run(1);
        assert_eq!(whole.bytes_requested, Some(all));
        assert!(whole.misses > 0 && whole.hits > 0, "{whole:?}");
        assert!(whole.bytes_missed.unwrap() < all);
        for pieces in [2, 7, 4000] {
            let mut r = run(pieces);
            r.requests_per_sec = whole.requests_per_sec;
            assert_eq!(r, whole, "{pieces} pieces");
        }
        // In objects, the same trace still counts its bytes.
        let objects = simulate(&PolicyConfig::Lru, 20, &t, MultiBlock::PerBlock).unwrap().0;
        assert_eq!(objects.bytes_requested, Some(all));
    }

    #[test]
    fn adaptsize_stands_in_front_of_a_cache_in_bytes_only_and_alone() {
        let universe = 8;
        let mut blocks = Simulator::new(&PolicyConfig::Lru, 10, MultiBlock::PerBlock, universe).unwrap();
        let e = blocks.admit(Admission::AdaptSize).unwrap_err();
        assert!(e.starts_with("adaptsize: AdaptSize needs a cache in bytes"), "{e}");
        let bytes = Capacity::Bytes(1 << 20);
        let mut sim =
            Simulator::with_capacity(&PolicyConfig::Lru, bytes, MultiBlock::PerBlock, universe, 4096).unwrap();
        sim.admit(Admission::Below(4096)).unwrap();
        assert!(sim.admit(Admission::AdaptSize).unwrap_err().contains("one admission filter at a time"));
        let mut sim =
            Simulator::with_capacity(&PolicyConfig::Lru, bytes, MultiBlock::PerBlock, universe, 4096).unwrap();
        sim.admit(Admission::AdaptSize).unwrap();
        assert!(sim.admit(Admission::Below(4096)).unwrap_err().starts_with("admit-below: one admission filter"));
    }

    #[test]
    fn belady_in_bytes_evicts_the_furthest_use_before_admitting_worked_as_the_peer() {
        use crate::trace::{oracle, parse, Format, Options};
        // libcachesim 0.3.5's Belady on the same requests (10 bytes): a (5 B) then b (8 B) do
        // not fit together, so a leaves whatever its next use — then a and b miss in turn; with
        // b's next use nearer, b hits.
        for (ids, want) in [([1, 2, 1, 2], [false, false, false, false]), ([1, 2, 2, 1], [false, false, true, false])] {
            let bytes: Vec<u8> = ids
                .iter()
                .enumerate()
                .flat_map(|(i, &id)| oracle::encode(i as u32, id, if id == 1 { 5 } else { 8 }, -1))
                .collect();
            let t = parse(&bytes, Format::OracleGeneral, &Options { object_mode: true, ..Options::default() }).unwrap();
            let mut refs = ReferenceString::for_policy(&PolicyConfig::Min).unwrap();
            refs.push_batch(&t);
            let mut sim = Simulator::offline_in_bytes(&PolicyConfig::Min, 10, 2, 4096, refs, &[]).unwrap();
            let mut hits = Vec::new();
            for i in 0..t.records.len() {
                let before = sim.result(2).hits;
                sim.feed(&t.batch(i..i + 1));
                hits.push(sim.result(2).hits > before);
            }
            assert_eq!(hits, want, "{ids:?}");
        }
        let refs = ReferenceString::for_policy(&PolicyConfig::ReadOpt).unwrap();
        let e = Simulator::offline_in_bytes(&PolicyConfig::ReadOpt, 10, 2, 4096, refs, &[]).err().unwrap();
        assert!(e.contains("read-opt takes a size in blocks"), "{e}");
    }
}
