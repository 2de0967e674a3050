//! The policy benchmark of issue 3, shared by the native CLI (`tiersim bench-policies`) and the
//! wasm façade (`PolicyBench`, driven by `scripts/bench-wasm.mjs`), so both run the very same
//! trace and policies: a seeded Zipf α = 1.0 trace over a block universe, each policy at a cache
//! of 10 % of the distinct blocks the trace touches. Block ids are then renumbered densely by
//! first appearance, exactly as the trace readers number a file's blocks, so every policy's
//! per-id index spans the blocks the trace touches; hits and misses are unchanged. Timing is the caller's: `std::time` natively,
//! `performance.now()` in JavaScript.

use crate::model::{Block, Op};
use crate::policy::{Policy, PolicyConfig};
use crate::util::rng::Rng;
use crate::workload::zipf::ZipfTable;

/// Seed of the benchmark trace.
pub const TRACE_SEED: u64 = 2026;
/// Seed handed to policies that draw random numbers.
pub const POLICY_SEED: u64 = 1;

pub struct PolicyBench {
    pub trace: Vec<Block>,
    pub universe: usize,
    pub distinct: usize,
}

impl PolicyBench {
    pub fn zipf(requests: usize, blocks: u64, alpha: f64) -> Self {
        let table = ZipfTable::new(blocks, alpha);
        let mut rng = Rng::seeded(TRACE_SEED);
        let mut trace: Vec<Block> = (0..requests).map(|_| table.sample(&mut rng)).collect();
        drop(table);
        const NONE: Block = Block::MAX;
        let mut dense = vec![NONE; blocks as usize];
        let mut distinct = 0;
        for b in &mut trace {
            let d = &mut dense[*b as usize];
            if *d == NONE {
                *d = distinct as Block;
                distinct += 1;
            }
            *b = *d;
        }
        Self { trace, universe: distinct, distinct }
    }

    /// 10 % of the distinct blocks, at least one.
    pub fn capacity(&self) -> usize {
        (self.distinct / 10).max(1)
    }

    /// Builds `config` for this trace (offline policies precompute over it).
    pub fn build(&self, config: &PolicyConfig) -> Result<Box<dyn Policy>, String> {
        let refs: Vec<(Block, Op)> =
            if config.is_offline() { self.trace.iter().map(|&b| (b, Op::Read)).collect() } else { Vec::new() };
        config.build_offline(self.capacity(), self.universe, POLICY_SEED, &refs)
    }

    /// Runs the whole trace through `policy`; returns the misses.
    pub fn run(&self, policy: &mut dyn Policy) -> u64 {
        let mut evicted = Vec::with_capacity(16);
        let mut misses = 0;
        for &b in &self.trace {
            if !policy.access(b, &mut evicted) {
                misses += 1;
            }
            evicted.clear();
        }
        misses
    }
}

/// Issue 5's stack-distance benchmark on the same trace: exact distances, then SHARDS at
/// `rate`; returns (exact report, sampled report) for the caller to time and compare.
pub fn stack_distances(trace: &[Block], universe: usize) -> crate::stackdist::StackReport {
    let mut s = crate::stackdist::StackDistances::new(universe);
    for &b in trace {
        s.access(b);
    }
    s.report()
}

pub fn shards(trace: &[Block], rate: f64) -> crate::stackdist::SampledReport {
    let mut s = crate::stackdist::Shards::new(rate).expect("valid rate");
    for &b in trace {
        s.access(b);
    }
    s.report()
}

/// Mean absolute error of a sampled curve against the exact one, at 100 sizes up to the
/// distinct block count.
pub fn shards_mae(exact: &crate::stackdist::StackReport, sampled: &crate::stackdist::SampledReport) -> f64 {
    let sizes: Vec<u64> = (1..=100).map(|i| (exact.distinct * i / 100).max(1)).collect();
    let n = exact.references as f64;
    sizes.iter().map(|&c| (sampled.hit_fraction(c) - exact.hits_at(c) as f64 / n).abs()).sum::<f64>()
        / sizes.len() as f64
}
