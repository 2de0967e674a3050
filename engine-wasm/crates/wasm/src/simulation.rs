//! A scenario run, advanced in batches by the engine worker: generated, over a held trace, or
//! over a trace streamed batch by batch from a reader worker.

use tiersim_core::trace::Trace;
use tiersim_core::{Run, Scenario};
use wasm_bindgen::prelude::*;

use crate::reader::{Census, TraceReader};
use crate::types::*;
use crate::Fail;

/// A scenario of any version, read and checked.
pub fn read_scenario(value: &JsValue) -> Result<Scenario, Fail> {
    Scenario::from_value(document(value)?).map_err(Fail::from)
}

/// Runs a scenario to the end in one call and returns its report (CLI-equivalent; tests, bench).
#[wasm_bindgen(js_name = runScenario)]
pub fn run_scenario(scenario: ScenarioJs) -> Result<ReportJs, Fail> {
    let mut sim = Simulation::new(scenario)?;
    sim.step(u32::MAX);
    while !sim.is_done() {
        sim.step(u32::MAX);
    }
    sim.report()
}

/// A scenario run, advanced in batches by the worker.
#[wasm_bindgen]
pub struct Simulation {
    run: Run,
    /// A streamed run: the batch being replayed, and the trace's distinct blocks (every
    /// reference of a batch must be below it).
    batch: std::sync::Arc<Trace>,
    universe: usize,
}

#[wasm_bindgen]
impl Simulation {
    /// Reads (any version), checks and prepares a scenario; throws an `Error` naming the first
    /// bad field.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario: ScenarioJs) -> Result<Simulation, Fail> {
        let scenario = read_scenario(&scenario)?;
        let run = Run::new(scenario).map_err(Fail::from)?;
        Ok(Simulation::of(run, 0))
    }

    /// A scenario replaying the trace `reader` has read (its `trace` must name one); the
    /// reader keeps the trace for further runs.
    #[wasm_bindgen(js_name = withTrace)]
    pub fn with_trace(scenario: ScenarioJs, reader: &TraceReader) -> Result<Simulation, Fail> {
        let scenario = read_scenario(&scenario)?;
        let trace = reader.held().ok_or_else(|| Fail::new("the trace is not read to the end yet"))?;
        let run = Run::with_trace(scenario, trace).map_err(Fail::from)?;
        Ok(Simulation::of(run, 0))
    }

    /// A scenario replaying its trace streamed: batches (from a reader worker's
    /// [`TraceReader::drain`]) come through [`Simulation::replay_batch`], the trace is never
    /// held. `census` counted the file at [`Simulation::census_boundary`]. With offline
    /// policies this is their recording pass ([`Simulation::is_recording`]): replay the file,
    /// then [`Simulation::next_pass`], then replay it again.
    pub fn streamed(scenario: ScenarioJs, census: &Census) -> Result<Simulation, Fail> {
        let scenario = read_scenario(&scenario)?;
        let census = census.finished().ok_or_else(|| Fail::new("the census is not finished"))?;
        let universe = census.distinct as usize;
        let run = Run::streamed(scenario, census).map_err(Fail::from)?;
        Ok(Simulation::of(run, universe))
    }

    /// Whether the scenario's trace can be streamed (false: several clients in queueing mode,
    /// each replaying the trace at its own pace, which needs it whole).
    pub fn streams(scenario: ScenarioJs) -> Result<bool, Fail> {
        let scenario = read_scenario(&scenario)?;
        Run::streams(&scenario).map_err(Fail::from)
    }

    /// The warm-up boundary a streamed run's census counts up to, for a trace of `requests`.
    #[wasm_bindgen(js_name = censusBoundary)]
    pub fn census_boundary(scenario: ScenarioJs, requests: f64) -> Result<f64, Fail> {
        let scenario = read_scenario(&scenario)?;
        let b = Run::census_boundary(&scenario, Some(requests as u64)).map_err(Fail::from)?;
        Ok(b.expect("known with the requests") as f64)
    }

    /// Serves the next batch of a streamed run, every request of it ([`batch`] words; `sizes`
    /// the reader's `batchSizes`, empty for a trace without sizes).
    #[wasm_bindgen(js_name = replayBatch)]
    pub fn replay_batch(&mut self, records: &[u32], refs: &[u32], sizes: &[u32]) -> Result<(), Fail> {
        let batch = std::sync::Arc::get_mut(&mut self.batch).expect("the feed lets a batch go once served");
        tiersim_core::trace::batch::unpack(records, refs, self.universe, batch).map_err(Fail::new)?;
        tiersim_core::trace::batch::unpack_sizes(sizes, batch).map_err(Fail::new)?;
        self.run.replay(&self.batch);
        Ok(())
    }

    /// Whether this is the recording pass of a streamed run with offline policies.
    #[wasm_bindgen(js_name = isRecording)]
    pub fn is_recording(&self) -> bool {
        self.run.is_recording()
    }

    /// After the recording pass, the run proper (replay the file through it again).
    #[wasm_bindgen(js_name = nextPass)]
    pub fn next_pass(self) -> Result<Simulation, Fail> {
        let universe = self.universe;
        Ok(Simulation::of(self.run.next_pass().map_err(Fail::from)?, universe))
    }

    /// Samples the counters `points` times at fixed request counts (request ceil(k × total /
    /// points)) as the run goes, before the first step: reports then carry `timeline`, the same
    /// for the same scenario on any machine however its steps are cut.
    #[wasm_bindgen(js_name = trackTimeline)]
    pub fn track_timeline(&mut self, points: u32) -> Result<(), Fail> {
        self.run.track_timeline(points as u64).map_err(Fail::new)
    }

    /// Computes LRU stack-depth graphs as the run goes (before the first step): `auto`,
    /// `exact`, SHARDS at a `rate` or of a `size`. Reports then carry `depthCurves`.
    #[wasm_bindgen(js_name = trackDepths)]
    pub fn track_depths(&mut self, mode: DepthModeJs) -> Result<(), Fail> {
        let mode: tiersim_core::analysis::depth::DepthMode = read(&mode, "stack-depth mode")?;
        self.run.track_depths(mode).map_err(Fail::new)
    }

    /// Serves up to `max_requests` more requests; returns `true` once the run is finished.
    pub fn step(&mut self, max_requests: u32) -> bool {
        self.run.step(max_requests as u64)
    }

    #[wasm_bindgen(js_name = isDone)]
    pub fn is_done(&self) -> bool {
        self.run.is_done()
    }

    /// Requests served so far, warm-up included.
    pub fn processed(&self) -> f64 {
        self.run.processed() as f64
    }

    /// The report so far (see `tiersim_core::run::Report`).
    pub fn report(&self) -> Result<ReportJs, Fail> {
        write(&self.run.report())
    }
}

impl Simulation {
    fn of(run: Run, universe: usize) -> Simulation {
        Simulation { run, batch: std::sync::Arc::new(Trace::default()), universe }
    }
}
