//! Live miss-ratio curves of several policies over a streamed trace (miniature simulations,
//! `tiersim_core::analysis::minisim`): what `tiersim mrc` computes, batch by batch.

use tiersim_core::analysis::minisim::bytes::{self, ByteCurves};
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

/// Miss-ratio curves in bytes of several policies over a streamed object trace with sizes
/// (`tiersim_core::analysis::minisim::bytes`): what `tiersim mrc --sizes 64MiB,…` computes, in
/// two passes of the file — the first counts the census ([`ByteMiniCurves::count`]), which
/// the curves' strata and rates come from, the second feeds the curves
/// ([`ByteMiniCurves::feed`]).
#[wasm_bindgen]
pub struct ByteMiniCurves {
    policies: Vec<PolicyConfig>,
    /// The capacities asked for, in bytes; empty: [`bytes::default_sizes`] of the census.
    sizes: Vec<u64>,
    points: usize,
    sampling: Option<Sampling>,
    census: bytes::Census,
    curves: Vec<ByteCurves>,
    batch: Trace,
    universe: usize,
}

#[wasm_bindgen]
impl ByteMiniCurves {
    /// `policies`: the policies' configurations; `sizes`: capacities in bytes, or none for
    /// `points` capacities from 1 % to 100 % of the trace's distinct bytes; `method`: "mini"
    /// (sampled at `rate`, 0 for the byte curves' default) or "exact". The trace's distinct
    /// objects come from the first pass itself ([`ByteMiniCurves::start`]), never from an older
    /// scan (which may have read the file another way).
    #[wasm_bindgen(constructor)]
    pub fn new(
        policies: PolicyConfigsJs,
        sizes: NumbersJs,
        points: u32,
        method: &str,
        rate: f64,
    ) -> Result<ByteMiniCurves, Fail> {
        let configs: Vec<serde_json::Value> = read(&policies, "policies")?;
        let sizes: Vec<u64> = read(&sizes, "sizes")?;
        let sampling = match method {
            "mini" => {
                Some(if rate == 0.0 { bytes::byte_sampling() } else { Sampling { rate, ..bytes::byte_sampling() } })
            }
            "exact" => None,
            other => return Err(Fail::at("method", format!("\"{other}\" is not a method: mini or exact"))),
        };
        if sizes.is_empty() && !(2..=bytes::MAX_POINTS).contains(&(points as usize)) {
            return Err(Fail::at("points", format!("from 2 to {} capacities (got {points})", bytes::MAX_POINTS)));
        }
        let policies = configs
            .iter()
            .enumerate()
            .map(|(i, p)| PolicyConfig::from_json(&p.to_string()).map_err(|e| Fail::at(format!("policies[{i}]"), e)))
            .collect::<Result<Vec<_>, _>>()?;
        // Everything a curve can refuse, refused now: against an empty census.
        let census = bytes::Census::default();
        let probe = if sizes.is_empty() { vec![1 << 20] } else { sizes.clone() };
        for (i, p) in policies.iter().enumerate() {
            ByteCurves::from_census(p, &probe, sampling, &census).map_err(|e| match e.split_once(": ") {
                Some((place, rest)) if place.starts_with("sizes[") || place == "sample" || place == "min_cache" => {
                    Fail::at(place, rest)
                }
                _ => Fail::at(format!("policies[{i}]"), e),
            })?;
        }
        Ok(ByteMiniCurves {
            policies,
            sizes,
            points: points as usize,
            sampling,
            census,
            curves: Vec::new(),
            batch: Trace::default(),
            // The first pass's ids are the reader's own dense numbering, counted as they come.
            universe: usize::MAX,
        })
    }

    /// The next batch of the first pass ([`TraceReader::drain`]'s words and sizes), counted.
    pub fn count(&mut self, records: &[u32], refs: &[u32], sizes: &[u32]) -> Result<(), Fail> {
        if !self.curves.is_empty() {
            return Err(Fail::new("the census is counted: feed the curves"));
        }
        self.unpack(records, refs, sizes)?;
        self.census.add(&self.batch).map_err(Fail::new)
    }

    /// Ends the first pass, whose reader's summary counted `distinct` objects: makes the curves
    /// from the census; returns their capacities in bytes.
    pub fn start(&mut self, distinct: f64) -> Result<NumbersJs, Fail> {
        let counted = self.census.distinct().0;
        if distinct != counted as f64 {
            return Err(Fail::at(
                "distinct",
                format!("the first pass counted {counted} distinct objects, its reader {distinct}"),
            ));
        }
        self.universe = counted as usize;
        if self.sizes.is_empty() {
            self.sizes = bytes::default_sizes(self.census.distinct().1, self.points);
        }
        self.curves = self
            .policies
            .iter()
            .map(|p| ByteCurves::from_census(p, &self.sizes, self.sampling, &self.census).map_err(Fail::new))
            .collect::<Result<_, _>>()?;
        write(&self.sizes)
    }

    /// The next batch of the second pass, through every curve.
    pub fn feed(&mut self, records: &[u32], refs: &[u32], sizes: &[u32]) -> Result<(), Fail> {
        if self.curves.is_empty() {
            return Err(Fail::new("count the census first (count, then start)"));
        }
        self.unpack(records, refs, sizes)?;
        for c in &mut self.curves {
            c.feed(&self.batch);
        }
        Ok(())
    }

    /// Every curve so far (in the policies' order); none before [`ByteMiniCurves::start`].
    pub fn report(&self) -> Result<ByteReportsJs, Fail> {
        write(&self.curves.iter().map(ByteCurves::report).collect::<Vec<_>>())
    }
}

impl ByteMiniCurves {
    fn unpack(&mut self, records: &[u32], refs: &[u32], sizes: &[u32]) -> Result<(), Fail> {
        tiersim_core::trace::batch::unpack(records, refs, self.universe, &mut self.batch).map_err(Fail::new)?;
        tiersim_core::trace::batch::unpack_sizes(sizes, &mut self.batch).map_err(Fail::new)?;
        if !tiersim_core::analysis::stackbytes::sized(&self.batch) {
            return Err(Fail::new(bytes::NO_SIZES));
        }
        Ok(())
    }
}
