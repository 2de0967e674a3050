//! One cache of one policy over a trace — the quick policy check other cache simulators offer
//! (`tiersim sim`, `tiersim.sim` in Python, and each cell of a Python sweep over traces). Counts
//! misses, hits and requests; times the simulation alone (reading the file is timed apart).

use std::time::Instant;

use serde::Serialize;

use crate::hierarchy::MultiBlock;
use crate::model::{Block, Op, WriteHint};
use crate::policy::{Min, Policy, PolicyConfig, ReadOpt};
use crate::trace::Trace;

/// The largest cache [`simulate`] accepts, in blocks (block ids are `u32`).
pub const MAX_SIZE: u64 = 1 << 32;

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
            PolicyConfig::Min => Some(Self::Blocks(Vec::new())),
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
    size: u64,
    multi: MultiBlock,
    cache: Box<dyn Policy>,
    /// Whether the policy reads write hints (paper 004): writes are then its own business.
    hints: bool,
    /// Scratch: a request's victims, and an atomic request's blocks the cache lacked.
    evicted: Vec<Block>,
    missing: Vec<Block>,
    requests: u64,
    reads: u64,
    writes: u64,
    hits: u64,
    read_hits: u64,
    block_refs: u64,
    block_hits: u64,
    secs: f64,
}

impl Simulator {
    /// An online `policy` at `size` blocks; `universe`: the block ids expected (a hint: larger
    /// ones grow the cache's index; a streamed trace's is not known in advance).
    pub fn new(policy: &PolicyConfig, size: u64, multi: MultiBlock, universe: usize) -> Result<Self, String> {
        check_size(size)?;
        let cache = policy.build(size as usize, universe, 1).map_err(|e| format!("policy: {e}"))?;
        Ok(Self::with_cache(policy, size, multi, cache))
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
            (p, _) => return Err(format!("policy: {} is not built from a reference string", p.name())),
        };
        Ok(Self::with_cache(policy, size, multi, cache))
    }

    fn with_cache(policy: &PolicyConfig, size: u64, multi: MultiBlock, mut cache: Box<dyn Policy>) -> Self {
        Self {
            policy: policy.name(),
            size,
            multi,
            hints: cache.reads_hints(),
            cache,
            evicted: Vec::with_capacity(16),
            missing: Vec::new(),
            requests: 0,
            reads: 0,
            writes: 0,
            hits: 0,
            read_hits: 0,
            block_refs: 0,
            block_hits: 0,
            secs: 0.0,
        }
    }

    /// One block reference: a hit reorders, a miss inserts at the policy's miss end (what it
    /// evicts leaves: there is nothing above or below), a write to a hint-aware cache is the
    /// policy's to place (paper 004). Returns whether the block was cached — what `on_hit` and
    /// `write` answer by the [`Policy`] contract, so no lookup is needed before.
    #[inline(always)]
    fn reference(&mut self, b: Block, op: Op, hint: Option<WriteHint>) -> bool {
        let cache = &mut self.cache;
        let cached = if op == Op::Write && self.hints {
            cache.write(b, hint, &mut self.evicted)
        } else if cache.on_hit(b) {
            true
        } else {
            let end = cache.miss_end();
            cache.insert(b, end, &mut self.evicted);
            false
        };
        self.evicted.clear();
        cached
    }

    /// Serves every request of `batch` (a whole trace, or a piece of one), in order.
    ///
    /// One cache on a disk with no protocol, so the hierarchy engine's steps for it reduce to
    /// its policy's own calls (a test holds every policy to the engine's counts): per block,
    /// each block is a one-block request; atomically, a request's blocks are all looked up
    /// (reordering those cached) before the missing ones are inserted, in order — except a
    /// write to a hint-aware cache, which its policy takes block by block.
    pub fn feed(&mut self, batch: &Trace) {
        let start = Instant::now();
        let (mut hits, mut read_hits, mut block_hits, mut reads) = (0u64, 0u64, 0u64, 0u64);
        for r in &batch.records {
            let blocks = batch.blocks_of(r);
            // Which of its blocks are cached when referenced: all before serving it (atomic), or
            // each just before its own reference (per block).
            let present = match self.multi {
                MultiBlock::PerBlock => {
                    let mut present = 0;
                    for &b in blocks {
                        present += self.reference(b, r.op, r.write_hint) as u64;
                    }
                    present
                }
                MultiBlock::Atomic => {
                    let present = blocks.iter().filter(|&&b| self.cache.contains(b)).count() as u64;
                    if blocks.len() == 1 || (r.op == Op::Write && self.hints) {
                        for &b in blocks {
                            self.reference(b, r.op, r.write_hint);
                        }
                    } else {
                        let mut missing = std::mem::take(&mut self.missing);
                        missing.clear();
                        missing.extend(blocks.iter().copied().filter(|&b| !self.cache.on_hit(b)));
                        for &b in &missing {
                            let end = self.cache.miss_end();
                            self.cache.insert(b, end, &mut self.evicted);
                            self.evicted.clear();
                        }
                        self.missing = missing;
                    }
                    present
                }
            };
            let hit = present == blocks.len() as u64;
            hits += hit as u64;
            read_hits += (hit && r.op == Op::Read) as u64;
            block_hits += present;
            reads += (r.op == Op::Read) as u64;
        }
        let n = batch.records.len() as u64;
        self.requests += n;
        self.reads += reads;
        self.writes += n - reads;
        self.hits += hits;
        self.read_hits += read_hits;
        self.block_hits += block_hits;
        self.block_refs += batch.refs.len() as u64;
        self.secs += start.elapsed().as_secs_f64();
    }

    /// Seconds spent serving requests so far.
    pub fn secs(&self) -> f64 {
        self.secs
    }

    /// The counts so far; `distinct`: the trace's distinct blocks (its reader knows them).
    pub fn result(&self, distinct: u64) -> SimResult {
        let ratio = |num: u64, den: u64| if den == 0 { 0.0 } else { num as f64 / den as f64 };
        let requests = self.requests;
        SimResult {
            policy: self.policy.to_string(),
            size: self.size,
            format: "",
            requests,
            reads: self.reads,
            writes: self.writes,
            hits: self.hits,
            misses: requests - self.hits,
            miss_ratio: ratio(requests - self.hits, requests),
            read_hits: self.read_hits,
            block_refs: self.block_refs,
            block_hits: self.block_hits,
            block_miss_ratio: ratio(self.block_refs - self.block_hits, self.block_refs),
            distinct_blocks: distinct,
            requests_per_sec: requests as f64 / self.secs.max(1e-9),
            parse_ms: 0.0,
        }
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
            let meta = Meta { op: r.op, write_hint: r.write_hint, range: r.range(), importance: None };
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

    #[test]
    fn every_policy_counts_as_the_plain_loop_and_any_batching() {
        let mut rng = crate::util::rng::Rng::seeded(3);
        let mut text = String::from("time,client,block,nblocks,op,hint\n");
        for _ in 0..3000 {
            let write = rng.below(4) == 0;
            let hint = if write { ["", "synch", "replace", "recov"][rng.below(4) as usize] } else { "" };
            let (block, n) = (rng.below(400).min(rng.below(400)), 1 + rng.below(3) * rng.below(2));
            text.push_str(&format!(",0,{block},{n},{},{hint}\n", if write { "w" } else { "r" }));
        }
        let t = crate::trace::parse(text.as_bytes(), crate::trace::Format::Csv, &Default::default()).unwrap();
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
                    let records = &t.records[at..at + n];
                    let first = records[0].start as usize;
                    let last = records[n - 1].start as usize + records[n - 1].len as usize;
                    let piece = Trace {
                        records: records
                            .iter()
                            .map(|&r| {
                                let mut r = r;
                                r.start -= first as u32;
                                r
                            })
                            .collect(),
                        refs: t.refs[first..last].to_vec(),
                        raw: Vec::new(),
                    };
                    sim.feed(&piece);
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
}
