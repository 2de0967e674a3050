//! `tiersim bench-policies`: every single-cache policy on one seeded Zipf trace (issue 3's
//! benchmark): 10 M requests, α = 1.0, over 1 M block ids, at a cache of 10 % of the distinct
//! blocks the trace touches. Prints miss ratio, requests/s (best of `repeat`) and the bytes
//! the policy's own structures hold per cached block (from the counting allocator).

use std::time::Instant;

use tiersim_core::policy::{Min, Policy, PolicyConfig};
use tiersim_core::util::rng::Rng;
use tiersim_core::workload::zipf::ZipfTable;
use tiersim_core::Block;

use crate::alloc_count;

pub struct Options {
    pub requests: usize,
    pub blocks: u64,
    pub repeat: u32,
}

pub fn run(opts: &Options) {
    let table = ZipfTable::new(opts.blocks, 1.0);
    let mut rng = Rng::seeded(2026);
    let trace: Vec<Block> = (0..opts.requests).map(|_| table.sample(&mut rng)).collect();
    drop(table);
    let mut seen = vec![false; opts.blocks as usize];
    let distinct = trace.iter().filter(|&&b| !std::mem::replace(&mut seen[b as usize], true)).count();
    drop(seen);
    let capacity = (distinct / 10).max(1);
    let universe = opts.blocks as usize;
    println!(
        "policy bench: Zipf α=1.0, {} requests over {} ids ({distinct} distinct), cache {capacity} blocks, best of {}",
        opts.requests, opts.blocks, opts.repeat
    );
    println!("  {:<8} {:>10} {:>14} {:>16}", "policy", "miss ratio", "requests/s", "bytes/cached blk");

    let configs: Vec<PolicyConfig> = [
        r#"{"kind":"lru"}"#,
        r#"{"kind":"mru"}"#,
        r#"{"kind":"fifo"}"#,
        r#"{"kind":"random"}"#,
        r#"{"kind":"clock"}"#,
        r#"{"kind":"sieve"}"#,
        r#"{"kind":"lfu"}"#,
        r#"{"kind":"slru"}"#,
        r#"{"kind":"lru-2"}"#,
        r#"{"kind":"arc"}"#,
        r#"{"kind":"2q"}"#,
    ]
    .iter()
    .map(|j| serde_json::from_str(j).expect("known policy"))
    .collect();

    for config in &configs {
        measure(config.name(), opts.repeat, capacity, &trace, || config.build(capacity, universe, 1).expect("valid"));
    }
    measure("min", opts.repeat, capacity, &trace, || Box::new(Min::new(capacity, universe, trace.clone())));
}

fn measure(name: &str, repeat: u32, capacity: usize, trace: &[Block], build: impl Fn() -> Box<dyn Policy>) {
    let mut best = f64::MAX;
    let mut misses = 0usize;
    let mut bytes = 0usize;
    let mut evicted = Vec::with_capacity(16);
    for _ in 0..repeat {
        let base = alloc_count::reset_peak();
        let mut policy = build();
        let start = Instant::now();
        misses = 0;
        for &b in trace {
            if !policy.access(b, &mut evicted) {
                misses += 1;
            }
            evicted.clear();
        }
        best = best.min(start.elapsed().as_secs_f64());
        bytes = alloc_count::peak() - base;
        drop(policy);
    }
    // MIN's precomputed next-use array belongs to the trace, not the cache: report it apart.
    let per_block = bytes as f64 / capacity as f64;
    println!(
        "  {name:<8} {:>10.4} {:>14.0} {:>16.1}",
        misses as f64 / trace.len() as f64,
        trace.len() as f64 / best,
        per_block
    );
}
