//! One cache of one policy over a trace — the quick policy check other cache simulators offer
//! (`tiersim sim`, `tiersim.sim` in Python, and each cell of a Python sweep over traces). Counts
//! misses, hits and requests; times the simulation alone (reading the file is timed apart).

use std::time::Instant;

use serde::Serialize;

use crate::hierarchy::{CacheSpec, DiskConfig, Hierarchy, LinkConfig, Meta, MultiBlock, Protocol};
use crate::model::Op;
use crate::policy::PolicyConfig;
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
    if !(1..=MAX_SIZE).contains(&size) {
        return Err(format!("size: must be from 1 to {MAX_SIZE} blocks (got {size})"));
    }
    let refs: Vec<(u32, Op)> = if policy.is_offline() {
        trace.records.iter().flat_map(|r| trace.blocks_of(r).iter().map(move |&b| (b, r.op))).collect()
    } else {
        Vec::new()
    };
    let cache = policy.build_offline(size as usize, trace.distinct(), 1, &refs).map_err(|e| format!("policy: {e}"))?;
    drop(refs);
    let spec = CacheSpec {
        policy: cache,
        parent: None,
        link: Some(LinkConfig::Fc1g),
        disk: Some(DiskConfig::Constant { service_ms: 10.0 }),
    };
    let mut h = Hierarchy::new(vec![spec], &[0], Protocol::None, 0.0, 4096)
        .expect("one cache on a disk")
        .with_multi_block(multi);
    let (mut hits, mut block_hits, mut read_hits) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    let (mut reads, mut writes) = (0u64, 0u64);
    for r in &trace.records {
        let blocks = trace.blocks_of(r);
        let meta = Meta { op: r.op, write_hint: r.write_hint, range: r.range(), importance: None };
        // Which of its blocks are cached when referenced: all before serving it (atomic), or
        // each just before its own reference (per block, one block at a time through one cache).
        let present = match multi {
            MultiBlock::Atomic => {
                let present = blocks.iter().filter(|&&b| h.cache(0).contains(b)).count() as u64;
                h.serve_blocks(0, meta, blocks.iter().copied());
                present
            }
            MultiBlock::PerBlock => {
                let mut present = 0;
                for &b in blocks {
                    present += h.cache(0).contains(b) as u64;
                    h.serve_blocks(0, meta, std::iter::once(b));
                }
                present
            }
        };
        let hit = present == blocks.len() as u64;
        hits += hit as u64;
        read_hits += (hit && r.op == Op::Read) as u64;
        block_hits += present;
        match r.op {
            Op::Read => reads += 1,
            Op::Write => writes += 1,
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let requests = trace.records.len() as u64;
    let ratio = |num: u64, den: u64| if den == 0 { 0.0 } else { num as f64 / den as f64 };
    Ok((
        SimResult {
            policy: policy.name().to_string(),
            size,
            format: "",
            requests,
            reads,
            writes,
            hits,
            misses: requests - hits,
            miss_ratio: ratio(requests - hits, requests),
            read_hits,
            block_refs: trace.block_refs() as u64,
            block_hits,
            block_miss_ratio: ratio(trace.block_refs() as u64 - block_hits, trace.block_refs() as u64),
            distinct_blocks: trace.distinct() as u64,
            requests_per_sec: requests as f64 / secs.max(1e-9),
            parse_ms: 0.0,
        },
        secs,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

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
