//! The analyses a page asks of a scenario beside its run: paper 000's upside estimate, the
//! generated workload as a file or a preview, the teaching stepper's steps, and the papers'
//! reproductions.

use tiersim_core::analysis::upside::{self, SizePair};
use tiersim_core::rules::teach::TeachItem;
use tiersim_core::trace::Format;
use wasm_bindgen::prelude::*;

use crate::reader::TraceReader;
use crate::simulation::read_scenario;
use crate::types::*;
use crate::Fail;

/// Paper 000 §3's upside estimate for a scenario's workload at the given size pairs; see
/// `tiersim_core::analysis::upside`.
#[wasm_bindgen(js_name = estimateUpside)]
pub fn estimate_upside(scenario: ScenarioJs, points: SizePairsJs) -> Result<UpsideReportJs, Fail> {
    let scenario = read_scenario(&scenario)?;
    let points: Vec<SizePair> = read(&points, "size pairs")?;
    write(&upside::estimate(&scenario, &points).map_err(Fail::from)?)
}

/// [`estimate_upside`] for a scenario replaying the trace `reader` has read.
#[wasm_bindgen(js_name = estimateUpsideTrace)]
pub fn estimate_upside_trace(
    scenario: ScenarioJs,
    points: SizePairsJs,
    reader: &TraceReader,
) -> Result<UpsideReportJs, Fail> {
    let scenario = read_scenario(&scenario)?;
    let points: Vec<SizePair> = read(&points, "size pairs")?;
    let trace = reader.held().ok_or_else(|| Fail::new("the trace is not read to the end yet"))?;
    write(&upside::estimate_trace(&scenario, &points, &trace).map_err(Fail::from)?)
}

/// A scenario's generated workload as a trace file (`csv` or `oracle-general`).
#[wasm_bindgen(js_name = exportWorkload)]
pub fn export_workload(scenario: ScenarioJs, format: &str) -> Result<Vec<u8>, Fail> {
    let scenario = read_scenario(&scenario)?;
    let format = Format::parse_name(format).map_err(Fail::new)?;
    tiersim_core::run::export::workload_file(&scenario, format).map_err(Fail::from)
}

/// `n` requests of a scenario's generated workload from request `skip` on, as canonical CSV
/// (the preview).
#[wasm_bindgen(js_name = previewWorkload)]
pub fn preview_workload(scenario: ScenarioJs, skip: f64, n: u32) -> Result<String, Fail> {
    let scenario = read_scenario(&scenario)?;
    let skip = if skip.is_finite() && skip > 0.0 { skip as u64 } else { 0 };
    tiersim_core::run::export::preview(&scenario, skip, n as usize).map_err(Fail::from)
}

/// The teaching stepper: serves `requests` (from [`crate::rules::teach_input`]) one at a time
/// from `start` (cache name → its blocks, next victim first) and returns the steps — the start,
/// then the state after each request (see `tiersim_core::run::teach`).
#[wasm_bindgen]
pub fn teach(scenario: ScenarioJs, requests: TeachItemsJs, start: StartJs) -> Result<TeachStepsJs, Fail> {
    use tiersim_core::run::teach::{Start, TeachRequest};
    let scenario = read_scenario(&scenario)?;
    let items: Vec<TeachItem> = read(&requests, "requests")?;
    let requests: Vec<TeachRequest> = items.into_iter().map(TeachRequest::from).collect();
    let start: Start = read(&start, "start")?;
    let steps = tiersim_core::run::teach::teach(&scenario, &requests, &start).map_err(|e| {
        // Errors about the other two arguments name them, not a scenario field.
        if e.path.starts_with("requests") || e.path.starts_with("start") {
            Fail::at(e.path, e.message)
        } else {
            Fail::from(e)
        }
    })?;
    write(&steps)
}

/// The checks of paper `paper` ("000" … "004") reproduced on the papers' testbeds, as JSON
/// text (see `tiersim_core::run::reproduce`): what `tiersim reproduce --paper N --json` prints.
/// Runs on this thread; paper-scale experiments take a while.
#[wasm_bindgen(js_name = reproduce)]
pub fn reproduce(paper: &str) -> Result<ChecksJs, Fail> {
    write(&tiersim_core::run::reproduce::reproduce(Some(paper), 1).map_err(Fail::new)?)
}
