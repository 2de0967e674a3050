//! The reference side of a shared sample, run apart from the mini-caches ([`Sampler`]).

use super::*;

/// How a [`Sampler`] samples: the hash's key and the threshold under which a block is
/// sampled ([`MiniSim::sample_plan`]; it crosses to a reader worker as JSON).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SamplePlan {
    pub key: u64,
    pub threshold: u64,
    /// Block ids expected below this (the trace's distinct blocks, when known; else 0): the
    /// sampler's counts are sized once, not grown as blocks appear.
    pub blocks: u64,
}

/// What a [`Sampler`] knows of every reference so far: how many, and blocks per count class.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    pub references: u64,
    pub population: Vec<u64>,
}

/// The reference side of a shared sample, run apart from the mini-caches: every reference
/// is counted (the estimator's per-block count) and hashed, and only those of sampled blocks
/// are passed on, to a [`MiniSim`] fed with [`MiniSim::feed_sampled`] and reported with
/// [`MiniSim::reports_tallied`] — the same curves, to the last miss, as a [`MiniSim`] fed
/// every reference. The browser's reader worker runs it beside its decoding, so the curves'
/// worker receives a few % of the references (the sample) and nothing of the rest. With the
/// ladder (no trace length known) the plan's threshold is the top rung's: the mini-caches
/// drop what their rungs no longer sample, as fed whole.
#[derive(Clone, Debug)]
pub struct Sampler {
    plan: SamplePlan,
    references: u64,
    /// Per block id: its references so far, saturating (as the lanes count them).
    counts: Vec<u16>,
}

impl Sampler {
    pub fn new(plan: SamplePlan) -> Self {
        // Sized once for a known trace (a wasm memory never shrinks, and a vector grown by
        // doubling leaves holes the reader's id table then cannot reuse).
        let blocks = plan.blocks.min(crate::model::capacity::MAX_SIZE) as usize;
        Self { plan, references: 0, counts: vec![0; blocks] }
    }

    /// Counts one reference; whether its block is sampled.
    #[inline]
    pub fn access(&mut self, block: Block) -> bool {
        self.references += 1;
        let b = block as usize;
        if b >= self.counts.len() {
            self.counts.resize((b + 1).max(2 * self.counts.len()), 0);
        }
        self.counts[b] = self.counts[b].saturating_add(1);
        hash(block, self.plan.key) < self.plan.threshold
    }

    /// Every block reference of `trace` counted; the sampled ones appended to `out`, packed
    /// ([`crate::trace::batch::pack_sampled`]), in order.
    pub fn filter(&mut self, trace: &Trace, out: &mut Vec<u32>) {
        for r in &trace.records {
            for &b in trace.blocks_of(r) {
                if self.access(b) {
                    crate::trace::batch::pack_sampled(b, r.op, r.write_hint, out);
                }
            }
        }
    }

    /// Every reference so far (O(blocks seen)).
    pub fn tally(&self) -> Tally {
        Tally { references: self.references, population: population_of(&self.counts).to_vec() }
    }
}
