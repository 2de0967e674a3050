//! Live miss-ratio curves of several policies over a streamed trace (miniature simulations,
//! `tiersim_core::analysis::minisim`): what `tiersim mrc` computes, batch by batch.

use tiersim_core::analysis::minisim::{Method, MiniSim, Sampling, Tally};
use tiersim_core::policy::PolicyConfig;
use tiersim_core::trace::Trace;
use wasm_bindgen::prelude::*;

use crate::types::*;
use crate::Fail;

/// Miss-ratio curves of several policies fed a streamed trace batch by batch (miniature
/// simulations, `tiersim_core::analysis::minisim`): what `tiersim mrc` computes, live.
#[wasm_bindgen]
pub struct MiniCurves {
    sim: MiniSim,
    batch: Trace,
    universe: usize,
}

#[wasm_bindgen]
impl MiniCurves {
    /// `policies`: the policies' configurations; `sizes`: cache sizes in blocks; `method`:
    /// "mini" (sampled at `rate`, 0 for the default, raised so the sample holds enough blocks of
    /// the trace's `distinct`) or "exact"; as `tiersim mrc`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        policies: PolicyConfigsJs,
        sizes: NumbersJs,
        method: &str,
        rate: f64,
        distinct: f64,
    ) -> Result<MiniCurves, Fail> {
        let policies: Vec<serde_json::Value> = read(&policies, "policies")?;
        let sizes: Vec<u64> = read(&sizes, "sizes")?;
        let method = match method {
            "mini" => Method::Mini(if rate == 0.0 { Sampling::default() } else { Sampling::at_rate(rate) }),
            "exact" => Method::Exact,
            other => return Err(Fail::at("method", format!("\"{other}\" is not a method: mini or exact"))),
        };
        if !(distinct.is_finite() && distinct >= 0.0 && distinct <= u32::MAX as f64) {
            return Err(Fail::at("distinct", format!("must be a count of blocks (got {distinct})")));
        }
        let configs = policies
            .iter()
            .enumerate()
            .map(|(i, p)| PolicyConfig::from_json(&p.to_string()).map_err(|e| Fail::at(format!("policies[{i}]"), e)))
            .collect::<Result<Vec<_>, _>>()?;
        // One shared sample for every policy: a reference is hashed and counted once.
        let sim = MiniSim::many(&configs, &sizes, method, Some(distinct as u64)).map_err(|e| match e.policy {
            Some(i) => Fail::at(format!("policies[{i}]"), e.message),
            None => Fail::new(e.message),
        })?;
        Ok(MiniCurves { sim, batch: Trace::default(), universe: distinct as usize })
    }

    /// The next batch of the trace ([`TraceReader::drain`]'s words), through every curve.
    pub fn feed(&mut self, records: &[u32], refs: &[u32]) -> Result<(), Fail> {
        tiersim_core::trace::batch::unpack(records, refs, self.universe, &mut self.batch).map_err(Fail::new)?;
        self.sim.feed_trace(&self.batch);
        Ok(())
    }

    /// How a reader must sample to feed these curves [`MiniCurves::feed_sampled`] (for
    /// [`crate::TraceReader::sample_for`]), or undefined when they need every reference (exact).
    #[wasm_bindgen(js_name = samplePlan)]
    pub fn sample_plan(&self) -> Result<Option<SamplePlanJs>, Fail> {
        self.sim.sample_plan().map(|p| write_exact(&p)).transpose()
    }

    /// The next batch of sampled references ([`TraceReader::batch_sampled`]), through every
    /// curve; a damaged batch is refused whole, its place named.
    #[wasm_bindgen(js_name = feedSampled)]
    pub fn feed_sampled(&mut self, words: &[u32]) -> Result<(), Fail> {
        self.sim.feed_sampled(words, self.universe).map_err(Fail::new)
    }

    /// Every curve so far (in the policies' order).
    pub fn report(&self) -> Result<MiniReportsJs, Fail> {
        write(&self.sim.reports())
    }

    /// Every curve so far when fed sampled batches, with the reader's tally of every reference
    /// ([`crate::TraceReader::tally`]).
    #[wasm_bindgen(js_name = reportTallied)]
    pub fn report_tallied(&self, tally: TallyJs) -> Result<MiniReportsJs, Fail> {
        let tally: Tally = read(&tally, "tally")?;
        write(&self.sim.reports_tallied(&tally).map_err(Fail::new)?)
    }
}
