//! `tiersim bench-policies`: every single-cache policy on one seeded Zipf trace (issue 3's
//! benchmark, `tiersim_core::bench`): 10 M requests, α = 1.0, over 1 M block ids, at a cache of
//! 10 % of the distinct blocks the trace touches. Prints miss ratio, requests/s (best of
//! `repeat`) and the bytes the policy's own structures hold per cached block (from the counting
//! allocator); `--json` prints the same as JSON for `scripts/bench-wasm.mjs` to merge with the
//! wasm figures.

use std::time::Instant;

use serde::Serialize;
use tiersim_core::bench::PolicyBench;
use tiersim_core::policy::PolicyConfig;

use crate::alloc_count;

/// Fixed-size SHARDS' sample in the benchmark (the size the app's live curves use).
const SHARDS_MAX_BLOCKS: usize = tiersim_core::analysis::stackdist::AUTO_SAMPLE_BLOCKS;

pub struct Options {
    pub requests: usize,
    pub blocks: u64,
    pub repeat: u32,
    pub json: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Row {
    policy: &'static str,
    misses: u64,
    miss_ratio: f64,
    requests_per_sec: f64,
    /// Peak bytes allocated by the policy (offline ones: including their precomputed future).
    bytes_per_block: f64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Output {
    requests: usize,
    blocks: u64,
    distinct: usize,
    capacity: usize,
    rows: Vec<Row>,
    stack_exact_refs_per_sec: f64,
    stack_sampled_refs_per_sec: f64,
    shards_mae: f64,
    stack_sized_refs_per_sec: f64,
    shards_sized_mae: f64,
    mix_shards_mae: f64,
    mix_shards_sized_mae: f64,
}

pub fn run(opts: &Options) {
    let bench = PolicyBench::zipf(opts.requests, opts.blocks, 1.0);
    let capacity = bench.capacity();
    if !opts.json {
        println!(
            "policy bench: Zipf α=1.0, {} requests over {} ids ({} distinct), cache {capacity} blocks, best of {}",
            opts.requests, opts.blocks, bench.distinct, opts.repeat
        );
        println!("  {:<10} {:>10} {:>14} {:>16}", "policy", "miss ratio", "requests/s", "bytes/cached blk");
    }
    let mut rows = Vec::new();
    for config in PolicyConfig::every_kind() {
        let row = measure(&bench, &config, opts.repeat);
        if !opts.json {
            println!(
                "  {:<10} {:>10.4} {:>14.0} {:>16.1}",
                row.policy, row.miss_ratio, row.requests_per_sec, row.bytes_per_block
            );
        }
        rows.push(row);
    }
    // Issue 5: stack distances on the same trace, exact and sampled.
    let start = Instant::now();
    let exact = tiersim_core::bench::stack_distances(&bench.trace, bench.universe);
    let exact_rate = bench.trace.len() as f64 / start.elapsed().as_secs_f64();
    let start = Instant::now();
    let sampled = tiersim_core::bench::shards(&bench.trace, 0.01, 0);
    let sampled_rate = bench.trace.len() as f64 / start.elapsed().as_secs_f64();
    let mae = tiersim_core::bench::shards_mae(&exact, &sampled);
    let start = Instant::now();
    let sized = tiersim_core::bench::shards(&bench.trace, 0.0, SHARDS_MAX_BLOCKS);
    let sized_rate = bench.trace.len() as f64 / start.elapsed().as_secs_f64();
    let sized_mae = tiersim_core::bench::shards_mae(&exact, &sized);
    // The same on a scan + loop + random mix of as many references over as many ids.
    let mix = PolicyBench::mix(opts.requests, opts.blocks);
    let mix_exact = tiersim_core::bench::stack_distances(&mix.trace, mix.universe);
    let mix_mae = tiersim_core::bench::shards_mae(&mix_exact, &tiersim_core::bench::shards(&mix.trace, 0.01, 0));
    let mix_sized_mae =
        tiersim_core::bench::shards_mae(&mix_exact, &tiersim_core::bench::shards(&mix.trace, 0.0, SHARDS_MAX_BLOCKS));
    if !opts.json {
        println!(
            "stack distances: exact {exact_rate:.0} refs/s; SHARDS R=0.01 {sampled_rate:.0} refs/s ({:.1}× faster), MAE {mae:.4}; \
             SHARDS max {SHARDS_MAX_BLOCKS} blocks {sized_rate:.0} refs/s ({:.1}× faster, final R={:.4}), MAE {sized_mae:.4}",
            sampled_rate / exact_rate,
            sized_rate / exact_rate,
            sized.rate
        );
        println!("scan+loop+random mix: SHARDS R=0.01 MAE {mix_mae:.4}; SHARDS max {SHARDS_MAX_BLOCKS} blocks MAE {mix_sized_mae:.4}");
    }
    if opts.json {
        let out = Output {
            requests: opts.requests,
            blocks: opts.blocks,
            distinct: bench.distinct,
            capacity,
            rows,
            stack_exact_refs_per_sec: exact_rate,
            stack_sampled_refs_per_sec: sampled_rate,
            shards_mae: mae,
            stack_sized_refs_per_sec: sized_rate,
            shards_sized_mae: sized_mae,
            mix_shards_mae: mix_mae,
            mix_shards_sized_mae: mix_sized_mae,
        };
        println!("{}", serde_json::to_string(&out).expect("serialises"));
    }
}

fn measure(bench: &PolicyBench, config: &PolicyConfig, repeat: u32) -> Row {
    let mut best = f64::MAX;
    let mut misses = 0;
    let mut bytes = 0;
    for _ in 0..repeat {
        let base = alloc_count::reset_peak();
        let mut policy = bench.build(config).expect("default parameters are valid");
        let start = Instant::now();
        misses = bench.run(policy.as_mut());
        best = best.min(start.elapsed().as_secs_f64());
        bytes = alloc_count::peak() - base;
        drop(policy);
    }
    let n = bench.trace.len();
    Row {
        policy: config.name(),
        misses,
        miss_ratio: misses as f64 / n as f64,
        requests_per_sec: n as f64 / best,
        bytes_per_block: bytes as f64 / bench.capacity() as f64,
    }
}
