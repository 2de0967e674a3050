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

    /// [`mix_trace`]'s scans, loops and random reads, as a bench trace.
    pub fn mix(requests: usize, blocks: u64) -> Self {
        let trace = mix_trace(requests, blocks, TRACE_SEED);
        let mut seen = vec![false; blocks as usize];
        let distinct = trace.iter().filter(|&&b| !std::mem::replace(&mut seen[b as usize], true)).count();
        Self { trace, universe: blocks as usize, distinct }
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

/// A scan + loop + random mix of `n` references over `universe` block ids (issue 5's second
/// SHARDS check): segments of 1 to 20 K references, each a sequential scan from a random
/// start, a loop over a random range of 1 to 30 K blocks repeated, or uniform random reads
/// over a hot fifth of the ids — in equal shares, seeded.
pub fn mix_trace(n: usize, universe: u64, seed: u64) -> Vec<Block> {
    let mut rng = Rng::seeded(seed);
    let mut out = Vec::with_capacity(n);
    let hot = (universe / 5).max(1);
    while out.len() < n {
        let len = (1 + rng.below(20_000) as usize).min(n - out.len());
        match rng.below(3) {
            0 => {
                let start = rng.below(universe);
                out.extend((0..len as u64).map(|i| ((start + i) % universe) as Block));
            }
            1 => {
                let span = 1 + rng.below(30_000.min(universe));
                let start = rng.below(universe);
                out.extend((0..len as u64).map(|i| ((start + i % span) % universe) as Block));
            }
            _ => out.extend((0..len).map(|_| rng.below(hot) as Block)),
        }
    }
    out
}

/// Issue 5's stack-distance benchmark on the same trace: exact distances, then SHARDS at
/// `rate`; returns (exact report, sampled report) for the caller to time and compare.
pub fn stack_distances(trace: &[Block], universe: usize) -> crate::analysis::stackdist::StackReport {
    let mut s = crate::analysis::stackdist::StackDistances::new(universe);
    for &b in trace {
        s.access(b);
    }
    s.report()
}

/// SHARDS over the trace: at a fixed `rate`, or, with `rate` 0, at most `max_blocks` blocks.
pub fn shards(trace: &[Block], rate: f64, max_blocks: usize) -> crate::analysis::stackdist::SampledReport {
    let mut s = if rate > 0.0 {
        crate::analysis::stackdist::Shards::new(rate).expect("valid rate")
    } else {
        crate::analysis::stackdist::Shards::fixed_size(max_blocks).expect("valid size")
    };
    for &b in trace {
        s.access(b);
    }
    s.report()
}

/// Mean absolute error of a sampled curve against the exact one, at 100 sizes up to the
/// distinct block count.
pub fn shards_mae(
    exact: &crate::analysis::stackdist::StackReport,
    sampled: &crate::analysis::stackdist::SampledReport,
) -> f64 {
    let sizes: Vec<u64> = (1..=100).map(|i| (exact.distinct * i / 100).max(1)).collect();
    let n = exact.references as f64;
    let estimated = sampled.hit_fractions(&sizes);
    sizes.iter().zip(estimated).map(|(&c, f)| (f - exact.hits_at(c) as f64 / n).abs()).sum::<f64>() / sizes.len() as f64
}

/// A synthetic trace for parsing benchmarks, generated piece by piece (a 2 GB file never
/// exists whole): MSR Cambridge text or oracleGeneral records over a million blocks drawn as
/// the policy benchmark's (Zipf, α = 1), reads and writes of 4 to 64 KiB, seeded.
pub struct SampleTrace {
    format: crate::trace::Format,
    rng: Rng,
    zipf: ZipfTable,
    time: u64,
}

impl SampleTrace {
    /// `format`: `Msr` or `OracleGeneral`.
    pub fn new(format: crate::trace::Format, seed: u64) -> Self {
        assert!(
            matches!(format, crate::trace::Format::Msr | crate::trace::Format::OracleGeneral),
            "MSR or oracleGeneral"
        );
        Self { format, rng: Rng::seeded(seed), zipf: ZipfTable::new(1 << 20, 1.0), time: 128_166_372_003_061_629 }
    }

    /// Appends whole records to `out` until it holds at least `bytes`.
    pub fn fill(&mut self, out: &mut Vec<u8>, bytes: usize) {
        use std::io::Write;
        while out.len() < bytes {
            self.time += 1 + self.rng.below(20_000);
            let block = self.zipf.sample(&mut self.rng) as u64;
            match self.format {
                crate::trace::Format::Msr => {
                    let size = 4096 * (1 + self.rng.below(16));
                    let op = if self.rng.below(3) == 0 { "Write" } else { "Read" };
                    let disk = self.rng.below(4);
                    let _ = writeln!(
                        out,
                        "{},web,{disk},{op},{},{size},{}",
                        self.time,
                        block * 4096,
                        100 + self.rng.below(9000)
                    );
                }
                _ => {
                    let next = if self.rng.below(4) == 0 { -1 } else { (self.time % 1_000_000_007) as i64 };
                    out.extend_from_slice(&crate::trace::oracle::encode(
                        (self.time / 10_000_000) as u32,
                        block,
                        4096,
                        next,
                    ));
                }
            }
        }
    }

    /// About `bytes` of the trace at once.
    pub fn bytes(format: crate::trace::Format, bytes: usize, seed: u64) -> Vec<u8> {
        let mut out = Vec::with_capacity(bytes + 128);
        Self::new(format, seed).fill(&mut out, bytes);
        out
    }
}
