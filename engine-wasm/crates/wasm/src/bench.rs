//! The engine's benchmarks in wasm: the same seeded traces and policies as `tiersim bench` and
//! `tiersim bench-policies`; JavaScript times the calls.

use tiersim_core::policy::{Policy, PolicyConfig};
use tiersim_core::trace::Format;
use wasm_bindgen::prelude::*;

use crate::types::*;
use crate::Fail;

/// About `megabytes` of a synthetic MSR or oracleGeneral trace (parsing benchmarks).
#[wasm_bindgen(js_name = sampleTrace)]
pub fn sample_trace(format: &str, megabytes: u32) -> Result<Vec<u8>, Fail> {
    let format = Format::parse_name(format).map_err(Fail::new)?;
    if !matches!(format, Format::Msr | Format::OracleGeneral) {
        return Err(Fail::new("samples are msr or oracle-general"));
    }
    Ok(tiersim_core::bench::SampleTrace::bytes(format, (megabytes as usize) << 20, tiersim_core::bench::TRACE_SEED))
}

/// The policy benchmark (`tiersim_core::bench`) in wasm: the same seeded Zipf trace and
/// policies as `tiersim bench-policies`. JavaScript times `run` around it.
#[wasm_bindgen]
pub struct PolicyBench {
    bench: tiersim_core::bench::PolicyBench,
    policy: Option<Box<dyn Policy>>,
}

#[wasm_bindgen]
impl PolicyBench {
    #[wasm_bindgen(constructor)]
    pub fn new(requests: u32, blocks: u32, alpha: f64) -> PolicyBench {
        let bench = tiersim_core::bench::PolicyBench::zipf(requests as usize, blocks as u64, alpha);
        PolicyBench { bench, policy: None }
    }

    /// The scan + loop + random mix of `requests` references over `blocks` ids.
    pub fn mix(requests: u32, blocks: u32) -> PolicyBench {
        PolicyBench { bench: tiersim_core::bench::PolicyBench::mix(requests as usize, blocks as u64), policy: None }
    }

    pub fn distinct(&self) -> u32 {
        self.bench.distinct as u32
    }

    pub fn capacity(&self) -> u32 {
        self.bench.capacity() as u32
    }

    /// Every policy kind, default parameters.
    pub fn policies() -> Result<PolicyConfigsJs, Fail> {
        write(&PolicyConfig::every_kind())
    }

    /// Builds the policy to run next (excluded from the timing, as natively).
    pub fn prepare(&mut self, policy: PolicyConfigJs) -> Result<(), Fail> {
        let config: PolicyConfig = read(&policy, "policy")?;
        self.policy = None;
        self.policy = Some(self.bench.build(&config).map_err(Fail::new)?);
        Ok(())
    }

    /// Exact stack distances over the trace; returns the distinct blocks (JS times it).
    #[wasm_bindgen(js_name = stackDistances)]
    pub fn stack_distances(&self) -> f64 {
        tiersim_core::bench::stack_distances(&self.bench.trace, self.bench.universe).distinct as f64
    }

    /// SHARDS at `rate` (or, with `rate` 0, fixed size `max_blocks`) over the trace; returns
    /// the sampled references (JS times it).
    pub fn shards(&self, rate: f64, max_blocks: u32) -> f64 {
        tiersim_core::bench::shards(&self.bench.trace, rate, max_blocks as usize).sampled_references as f64
    }

    /// Mean absolute error of SHARDS' miss-ratio curve (`rate`, or fixed size `max_blocks`
    /// with `rate` 0) against the exact one, at 100 sizes up to the distinct blocks.
    #[wasm_bindgen(js_name = sampledError)]
    pub fn sampled_error(&self, rate: f64, max_blocks: u32) -> f64 {
        let exact = tiersim_core::bench::stack_distances(&self.bench.trace, self.bench.universe);
        let sampled = tiersim_core::bench::shards(&self.bench.trace, rate, max_blocks as usize);
        tiersim_core::bench::shards_mae(&exact, &sampled)
    }

    /// Runs the trace through the prepared policy and drops it; returns the misses.
    pub fn run(&mut self) -> Result<f64, Fail> {
        let mut policy = self.policy.take().ok_or_else(|| Fail::new("prepare a policy first"))?;
        Ok(self.bench.run(policy.as_mut()) as f64)
    }
}
