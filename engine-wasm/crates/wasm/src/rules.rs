//! What a form asks of the engine, answered at once: every call here is cheap and synchronous,
//! made on the page's own thread as the user types (the page loads this module before it
//! draws the form), so the page holds no copy of a rule.

use tiersim_core::rules::teach::{parse_list, read_input, ListKind, StartText};
use tiersim_core::scenario::design::{space_entries, San, SANS};
use tiersim_core::scenario::{grid, read_draft, CacheConfig, Scenario, Topology};
use tiersim_core::workload::WorkloadConfig;
use wasm_bindgen::prelude::*;

use crate::types::*;
use crate::Fail;

/// A scenario read as a page holds it: any version, then every check.
fn scenario(value: &JsValue) -> Result<Scenario, Fail> {
    Scenario::from_value(document(value)?).map_err(Fail::from)
}

/// A draft read as it is: typed, not checked.
fn draft(value: &JsValue) -> Result<Scenario, Fail> {
    Scenario::read_draft(document(value)?).map_err(Fail::from)
}

/// Reads a document of any version and checks it: the scenario (this version, migrated when
/// older, defaults filled in) when nothing is wrong, else every issue with its field.
#[wasm_bindgen(js_name = checkScenario)]
pub fn check_scenario(doc: DocumentJs) -> Result<CheckedJs, Fail> {
    write(&Scenario::check(document(&doc)?))
}

/// The default scenario: paper 000's RANDOM experiment with LRU-MRU-demote.
#[wasm_bindgen(js_name = defaultScenario)]
pub fn default_scenario() -> Result<ScenarioJs, Fail> {
    write(&Scenario::default())
}

/// Every choice, bound and default a form offers (see `tiersim_core::rules::catalogue`).
#[wasm_bindgen]
pub fn catalogue() -> Result<CatalogueJs, Fail> {
    write(&tiersim_core::rules::catalogue())
}

/// The topology's caches, clients and paths as a form draws them while it is edited, and every
/// problem that keeps it from running (see `tiersim_core::scenario::ShapeCheck`).
#[wasm_bindgen(js_name = shapeOf)]
pub fn shape_of(topology: TopologyJs) -> Result<ShapeCheckJs, Fail> {
    let t: Topology = read_draft(read(&topology, "topology")?).map_err(Fail::from)?;
    write(&t.shape_check())
}

/// A cache's capacity (a number of blocks, or bytes with a unit) as a form shows and sums it:
/// its bytes, and the whole blocks of `blockSize` bytes it holds; an error says what is wrong
/// with the text.
#[wasm_bindgen(js_name = capacityFacts)]
pub fn capacity_facts(capacity: CapacityJs, block_size: u32) -> Result<CapacityFactsJs, Fail> {
    let c: tiersim_core::scenario::CacheSize = read(&capacity, "capacity")?;
    write(&tiersim_core::rules::capacity_facts(&c, block_size))
}

/// What a column map makes of a file's first bytes (`head`: up to its first 64 KiB, compressed
/// or not): the map (`columns`, else a guess), the first lines cut into fields, and the
/// requests they read as or the first problem — for the form that maps a text trace's columns.
#[wasm_bindgen(js_name = columnsPreview)]
pub fn columns_preview(
    head: &[u8],
    columns: ColumnsJs,
    block_size: u32,
    object_mode: bool,
) -> Result<ColumnsPreviewJs, Fail> {
    let columns: Option<tiersim_core::trace::columns::Columns> =
        if columns.is_undefined() || columns.is_null() { None } else { Some(read(&columns, "columns")?) };
    let opts = tiersim_core::trace::Options { block_size, object_mode, columns: None };
    opts.validate().map_err(Fail::from)?;
    write(&tiersim_core::rules::columns_preview(head, columns, &opts))
}

/// A workload's size with the engine's defaults: blocks, warm-up and measured requests, blocks
/// per request, and a database client's layout.
#[wasm_bindgen(js_name = workloadFacts)]
pub fn workload_facts(workload: WorkloadConfigJs) -> Result<WorkloadFactsJs, Fail> {
    let w: WorkloadConfig = read_draft(read(&workload, "workload")?).map_err(Fail::from)?;
    write(&tiersim_core::rules::workload_facts(&w))
}

/// A generated source's clients and what they issue together (undefined: a trace, or a
/// topology without a shape).
#[wasm_bindgen(js_name = sourceFacts)]
pub fn source_facts(scenario: ScenarioJs) -> Result<SourceFactsJs, Fail> {
    write(&tiersim_core::rules::source_facts(&draft(&scenario)?))
}

/// Which client of the topology each of a trace's clients (`ids`, in the order they appear)
/// drives, and why a run would be refused (undefined: not a trace source).
#[wasm_bindgen(js_name = traceAssignment)]
pub fn trace_assignment(scenario: ScenarioJs, ids: Vec<u16>) -> Result<TraceAssignmentJs, Fail> {
    write(&tiersim_core::rules::trace_assignment(&draft(&scenario)?, &ids))
}

/// The warm-up a trace of `requests` gets from the scenario's trace source: its own, or the
/// engine's default (the first tenth); undefined for a generated source.
#[wasm_bindgen(js_name = traceWarmup)]
pub fn trace_warmup(scenario: ScenarioJs, requests: f64) -> Result<Option<f64>, Fail> {
    if !(requests.is_finite() && requests >= 0.0) {
        return Err(Fail::new(format!("requests: a count, not {requests}")));
    }
    Ok(tiersim_core::rules::trace_warmup(&draft(&scenario)?, requests as u64).map(|w| w as f64))
}

/// This scenario's requests through one cache instead (what a miss-ratio curve measures).
#[wasm_bindgen(js_name = asSingle)]
pub fn as_single(scenario: ScenarioJs, cache: CacheConfigJs) -> Result<ScenarioJs, Fail> {
    let cache: CacheConfig = read(&cache, "cache")?;
    write(&draft(&scenario)?.as_single(cache))
}

/// The floor of this scenario's miss-ratio curves: its requests through one LRU cache of
/// `blocks` (every block they touch), which misses only first references.
#[wasm_bindgen(js_name = floorScenario)]
pub fn floor_scenario(scenario: ScenarioJs, blocks: f64) -> Result<ScenarioJs, Fail> {
    if !(blocks.is_finite() && blocks >= 0.0) {
        return Err(Fail::new(format!("blocks: a count, not {blocks}")));
    }
    write(&draft(&scenario)?.as_floor(blocks as u64))
}

/// Paper 000's eight designs over `base`, each checked, in the paper's table order.
#[wasm_bindgen]
pub fn grid000(base: ScenarioJs) -> Result<NamedScenariosJs, Fail> {
    write(&grid::grid(&scenario(&base)?).map_err(Fail::from)?)
}

/// Paper 003's design space over `base`: every design with its scenario and its runs (AC_CA
/// once per candidate count), every scenario checked.
#[wasm_bindgen(js_name = designSpace)]
pub fn design_space(base: ScenarioJs) -> Result<SpaceEntriesJs, Fail> {
    write(&space_entries(&scenario(&base)?).map_err(Fail::from)?)
}

/// Paper 003 Table 3's SANs.
#[wasm_bindgen]
pub fn sans() -> Result<SansJs, Fail> {
    write(&SANS[..])
}

/// `base` on the SAN of link preset `preset` (paper 003 Table 3).
#[wasm_bindgen(js_name = onSan)]
pub fn on_san(base: ScenarioJs, preset: &str) -> Result<ScenarioJs, Fail> {
    let san =
        San::named(preset).ok_or_else(|| Fail::at("san", format!("\"{preset}\" is not one of paper 003's SANs")))?;
    write(&san.apply(&scenario(&base)?))
}

/// `base` (two levels) with the same total cache split `client : array` = `ratio` : 1.
#[wasm_bindgen(js_name = atRatio)]
pub fn at_ratio(base: ScenarioJs, ratio: f64) -> Result<ScenarioJs, Fail> {
    if !(ratio.is_finite() && ratio > 0.0) {
        return Err(Fail::at("ratio", format!("must be above 0 (got {ratio})")));
    }
    write(&tiersim_core::scenario::design::at_ratio(&scenario(&base)?, ratio))
}

/// The time to move `bytes` over `link`, in milliseconds (the latency model's own sum).
#[wasm_bindgen(js_name = linkMs)]
pub fn link_ms(link: LinkConfigJs, bytes: f64) -> Result<f64, Fail> {
    let link: tiersim_core::hierarchy::LinkConfig = read(&link, "link")?;
    link.validate().map_err(|m| Fail::at("link", m))?;
    Ok(link.transfer_ns(bytes.max(0.0) as u64) as f64 / 1e6)
}

/// A typed list of blocks (the teaching stepper's grammar; `tiersim_core::rules::teach`):
/// `what` names it in errors, `writes` allows `*` and hints, `clients` a client and a range.
#[wasm_bindgen(js_name = parseBlockList)]
pub fn parse_block_list(text: &str, what: &str, writes: bool, clients: bool) -> Result<ItemListJs, Fail> {
    let list = parse_list(text, ListKind { what, writes, clients }).map_err(Fail::new)?;
    write(&list)
}

/// The stepper's typed requests and starting contents, read against `scenario`'s clients.
#[wasm_bindgen(js_name = teachInput)]
pub fn teach_input(scenario: ScenarioJs, requests: &str, starts: StartTextsJs) -> Result<TeachInputJs, Fail> {
    let shape = draft(&scenario)?.shape().map_err(Fail::from)?;
    let starts: Vec<StartText> = read(&starts, "starts")?;
    write(&read_input(requests, &starts, &shape).map_err(Fail::new)?)
}

/// Why the teaching stepper cannot serve `scenario` (a trace, too many caches, one too big…),
/// at its field; undefined when it can. The stepper's own checks, made before any request.
#[wasm_bindgen(js_name = teachCheck)]
pub fn teach_check(scenario: ScenarioJs) -> Result<IssueJs, Fail> {
    let s = match Scenario::from_value(document(&scenario)?) {
        Ok(s) => s,
        Err(e) => return write(&Some(tiersim_core::scenario::Issue::new(e.path, e.message))),
    };
    let issue =
        tiersim_core::run::teach::check(&s).err().map(|e| tiersim_core::scenario::Issue::new(e.path, e.message));
    write(&issue)
}

/// A block's letters (0 is A), as the stepper labels blocks typed by letters.
#[wasm_bindgen(js_name = letterName)]
pub fn letter_name(id: u32) -> String {
    tiersim_core::rules::teach::letter_name(id)
}

#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    tiersim_core::ENGINE_VERSION.to_string()
}

/// The verdict of a check (`{expected, ours}`, as `reproduce` gives them) by the engine's one
/// rule: "pass", "close" or "fail".
#[wasm_bindgen(js_name = judgeCheck)]
pub fn judge_check(check: JudgedJs) -> Result<VerdictJs, Fail> {
    #[derive(serde::Deserialize)]
    struct Judged {
        expected: tiersim_core::run::reproduce::Expected,
        ours: f64,
    }
    let c: Judged = read(&check, "check")?;
    let (v, _) = tiersim_core::run::reproduce::judge(&c.expected, c.ours);
    write(&v)
}
