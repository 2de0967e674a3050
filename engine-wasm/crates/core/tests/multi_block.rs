//! Requests of several blocks (paper 001 §"multi-block requests"): served block by block (the
//! default of scenario version 2), an LRU cache hits exactly the block references whose stack
//! depth is within its size — so a run and its live stack-depth graph agree, as peer simulators
//! do — on the real CloudPhysics trace split into 4 KiB blocks. Served atomically (version 1's
//! way, kept for its links) they do not.

use std::sync::Arc;

use tiersim_core::analysis::stackdist::StackDistances;
use tiersim_core::hierarchy::MultiBlock;
use tiersim_core::policy::PolicyConfig;
use tiersim_core::scenario::{Source, TraceClients, TraceSource};
use tiersim_core::trace::{self, Format, Trace};
use tiersim_core::{Run, Scenario};

const TRACE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../../shared/traces/cloudPhysicsIO.vscsi");

fn cloudphysics() -> Option<Arc<Trace>> {
    let Ok(bytes) = std::fs::read(TRACE) else {
        eprintln!("skipped: the CloudPhysics trace is not beside the checkout ({TRACE})");
        return None;
    };
    let mut stream = trace::TraceStream::new(Format::Vscsi, trace::Options::default()).unwrap();
    stream.push(&bytes).unwrap();
    Some(Arc::new(stream.finish().unwrap().trace))
}

fn lru_over(trace: &Arc<Trace>, size: u64, multi: MultiBlock) -> u64 {
    let mut s = Scenario::single(size, PolicyConfig::Lru, Scenario::default().workload().unwrap().clone());
    s.multi_block = multi;
    s.source = Source::Trace(TraceSource {
        name: "cloudPhysicsIO.vscsi".into(),
        format: Some("vscsi".into()),
        columns: None,
        object_mode: false,
        ignore_sizes: false,
        skip_bad: false,
        warmup_requests: Some(0),
        clients: TraceClients::Merged,
    });
    let r = Run::with_trace(s, trace.clone()).unwrap().run_to_end();
    // Writes allocate as reads do; the curve counts every reference, so count both.
    let reads = r.counters.client_block_hits;
    let c = &r.caches[0].counters;
    assert_eq!(c.hits, reads, "the cache's read lookups are the client's");
    reads
}

#[test]
fn per_block_lru_is_the_stack_depth_curve_at_every_size() {
    let Some(trace) = cloudphysics() else { return };
    assert_eq!((trace.records.len(), trace.refs.len(), trace.distinct()), (113_872, 1_141_869, 269_210));
    // The curve over the reads' block references (writes allocate but are not read hits).
    let mut stack = StackDistances::new(trace.distinct());
    let mut depths: Vec<u64> = Vec::new();
    for r in &trace.records {
        for &b in trace.blocks_of(r) {
            let d = stack.access(b);
            if r.op == tiersim_core::Op::Read {
                depths.push(d.unwrap_or(u64::MAX));
            }
        }
    }
    let mut differs = false;
    for size in [16, 256, 4_096, 32_768, 131_072, 300_000] {
        let curve = depths.iter().filter(|&&d| d <= size).count() as u64;
        assert_eq!(lru_over(&trace, size, MultiBlock::PerBlock), curve, "LRU of {size} blocks, per block");
        differs |= lru_over(&trace, size, MultiBlock::Atomic) != curve;
    }
    assert!(differs, "served atomically, a multi-block request's blocks miss differently");
}
