//! The thin wasm-bindgen façade over `tiersim-core` (after biome's wasm crate): scenarios come
//! in as JSON text, reports go out as plain JS objects via `serde-wasm-bindgen`, and every
//! error becomes a JavaScript `Error` here, in one place ([`Fail`]): its message the whole
//! sentence, its `path` the place alone (a scenario field, a trace line or byte).

use serde::Serialize;
use tiersim_core::analysis::minisim::{Method, MiniSim, SamplePlan, Sampler, Sampling, Tally};
use tiersim_core::policy::{Policy, PolicyConfig};
use tiersim_core::run::TraceCensus;
use tiersim_core::scenario::ScenarioError;
use tiersim_core::trace::TraceError;
use tiersim_core::trace::{Format, Trace, TraceStream};
use tiersim_core::{Run, Scenario, ENGINE_VERSION};
use wasm_bindgen::prelude::*;

/// An error thrown into JavaScript as an `Error` whose `message` is the whole sentence
/// ("scenario.topology.client.capacity: must be …"), with `path` the place alone
/// ("scenario.topology.client.capacity", "line 12", "" when there is none) and `detail` the
/// rest: `{ path, message }` crosses the boundary whole, never to be parsed out of a string.
pub struct Fail {
    path: String,
    detail: String,
}

impl Fail {
    fn new(detail: impl std::fmt::Display) -> Fail {
        Fail { path: String::new(), detail: detail.to_string() }
    }

    /// `detail` about the argument or field `path`.
    fn at(path: impl Into<String>, detail: impl std::fmt::Display) -> Fail {
        Fail { path: path.into(), detail: detail.to_string() }
    }
}

impl From<ScenarioError> for Fail {
    fn from(e: ScenarioError) -> Fail {
        let path = if e.path.is_empty() { "scenario".to_string() } else { format!("scenario.{}", e.path) };
        Fail { path, detail: e.message }
    }
}

impl From<TraceError> for Fail {
    fn from(e: TraceError) -> Fail {
        Fail { path: e.place, detail: e.message }
    }
}

impl From<Fail> for JsValue {
    fn from(f: Fail) -> JsValue {
        let text = if f.path.is_empty() { f.detail.clone() } else { format!("{}: {}", f.path, f.detail) };
        let error = js_sys::Error::new(&text);
        // Setting a property on a fresh Error cannot fail.
        let _ = js_sys::Reflect::set(&error, &"path".into(), &f.path.into());
        let _ = js_sys::Reflect::set(&error, &"detail".into(), &f.detail.into());
        error.into()
    }
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, Fail> {
    // json_compatible: maps as plain objects, u64 as numbers (all our counts stay below 2^53).
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| Fail::new(format!("could not encode the report: {e}")))
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
    /// Parses, validates and prepares a scenario; throws an `Error` naming the bad field.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str) -> Result<Simulation, Fail> {
        let scenario = Scenario::from_json(scenario_json).map_err(Fail::from)?;
        let run = Run::new(scenario).map_err(Fail::from)?;
        Ok(Simulation::of(run, 0))
    }

    /// A scenario replaying the trace `reader` has read (its `trace` must name one); the
    /// reader keeps the trace for further runs.
    #[wasm_bindgen(js_name = withTrace)]
    pub fn with_trace(scenario_json: &str, reader: &TraceReader) -> Result<Simulation, Fail> {
        let scenario = Scenario::from_json(scenario_json).map_err(Fail::from)?;
        let trace = reader.trace.clone().ok_or_else(|| Fail::new("the trace is not read to the end yet"))?;
        let run = Run::with_trace(scenario, trace).map_err(Fail::from)?;
        Ok(Simulation::of(run, 0))
    }

    /// A scenario replaying its trace streamed: batches (from a reader worker's
    /// [`TraceReader::drain`]) come through [`Simulation::replay_batch`], the trace is never
    /// held. `census` counted the file at [`Simulation::census_boundary`]. With offline
    /// policies this is their recording pass ([`Simulation::is_recording`]): replay the file,
    /// then [`Simulation::next_pass`], then replay it again.
    pub fn streamed(scenario_json: &str, census: &Census) -> Result<Simulation, Fail> {
        let scenario = Scenario::from_json(scenario_json).map_err(Fail::from)?;
        let census = census.done.clone().ok_or_else(|| Fail::new("the census is not finished"))?;
        let universe = census.distinct as usize;
        let run = Run::streamed(scenario, census).map_err(Fail::from)?;
        Ok(Simulation::of(run, universe))
    }

    /// Whether the scenario's trace can be streamed (false: several clients in queueing mode,
    /// each replaying the trace at its own pace, which needs it whole).
    pub fn streams(scenario_json: &str) -> Result<bool, Fail> {
        let scenario = Scenario::from_json(scenario_json).map_err(Fail::from)?;
        Run::streams(&scenario).map_err(Fail::from)
    }

    /// The warm-up boundary a streamed run's census counts up to, for a trace of `requests`.
    #[wasm_bindgen(js_name = censusBoundary)]
    pub fn census_boundary(scenario_json: &str, requests: f64) -> Result<f64, Fail> {
        let scenario = Scenario::from_json(scenario_json).map_err(Fail::from)?;
        let b = Run::census_boundary(&scenario, Some(requests as u64)).map_err(Fail::from)?;
        Ok(b.expect("known with the requests") as f64)
    }

    /// Serves the next batch of a streamed run, every request of it ([`batch`] words).
    #[wasm_bindgen(js_name = replayBatch)]
    pub fn replay_batch(&mut self, records: &[u32], refs: &[u32]) -> Result<(), Fail> {
        let batch = std::sync::Arc::get_mut(&mut self.batch).expect("the feed lets a batch go once served");
        tiersim_core::trace::batch::unpack(records, refs, self.universe, batch).map_err(Fail::new)?;
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

    /// Computes LRU stack-depth graphs as the run goes (before the first step); `mode_json`:
    /// `{"mode":"auto"}`, `{"mode":"exact"}`, `{"mode":"rate","rate":R}` or
    /// `{"mode":"size","blocks":N}`. Reports then carry `depthCurves`.
    #[wasm_bindgen(js_name = trackDepths)]
    pub fn track_depths(&mut self, mode_json: &str) -> Result<(), Fail> {
        let mode: tiersim_core::analysis::depth::DepthMode =
            serde_json::from_str(mode_json).map_err(|e| Fail::at("stack-depth mode", e))?;
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

    /// The report so far (see `tiersim_core::run::Report`), as a plain object.
    pub fn report(&self) -> Result<JsValue, Fail> {
        to_js(&self.run.report())
    }
}

impl Simulation {
    fn of(run: Run, universe: usize) -> Simulation {
        Simulation { run, batch: std::sync::Arc::new(Trace::default()), universe }
    }
}

/// What a first pass over a trace file counts for a streamed run ([`Simulation::streamed`]):
/// each client's requests, in all and before the warm-up boundary, and the distinct blocks.
#[wasm_bindgen]
pub struct Census {
    counting: TraceCensus,
    done: Option<TraceCensus>,
    batch: Trace,
}

#[wasm_bindgen]
impl Census {
    /// A census counting each client's warm-up up to request `boundary` of the trace.
    #[wasm_bindgen(constructor)]
    pub fn new(boundary: f64) -> Census {
        Census { counting: TraceCensus::new(boundary as u64), done: None, batch: Trace::default() }
    }

    /// Counts the next batch ([`TraceReader::drain`]'s words).
    pub fn add(&mut self, records: &[u32], refs: &[u32]) -> Result<(), Fail> {
        tiersim_core::trace::batch::unpack(records, refs, usize::MAX, &mut self.batch).map_err(Fail::new)?;
        self.counting.add(&self.batch);
        Ok(())
    }

    /// The counting done: the trace's `distinct` blocks (the reader's summary says).
    pub fn finish(&mut self, distinct: f64) {
        let counting = std::mem::replace(&mut self.counting, TraceCensus::new(0));
        self.done = Some(counting.finish(distinct as u64));
    }

    pub fn requests(&self) -> f64 {
        self.done.as_ref().unwrap_or(&self.counting).requests as f64
    }

    /// Takes the blocks' addresses (for prefetching caches) from the finished census of the
    /// same file, `other`, as its scan numbered them.
    #[wasm_bindgen(js_name = adoptAddresses)]
    pub fn adopt_addresses(&mut self, other: &Census) -> Result<(), Fail> {
        let (Some(done), Some(from)) = (self.done.as_mut(), other.done.as_ref()) else {
            return Err(Fail::new("both censuses must be finished"));
        };
        done.addresses = from.addresses.clone();
        Ok(())
    }
}

/// A trace file read chunk by chunk (from `File.stream()`): never the whole file in memory.
/// Read whole (kept for runs: [`Simulation::with_trace`]), or drained batch by batch
/// ([`TraceReader::drain`]) to be handed on, when only its census is kept.
#[wasm_bindgen]
pub struct TraceReader {
    format: Option<Format>,
    opts: tiersim_core::trace::Options,
    skip_bad: bool,
    stream: Option<TraceStream>,
    pushed: u64,
    trace: Option<std::sync::Arc<tiersim_core::trace::Trace>>,
    /// Most bytes of records and block references kept ([`TraceStream::memory_limit`]).
    limit: usize,
    /// The file's size, when known ([`TraceStream::size_hint`]).
    size: Option<u64>,
    /// Drained: the last batch, packed ([`tiersim_core::trace::batch`]), and the census of
    /// every batch so far (warm-up boundary 0).
    batch: Trace,
    words: Vec<u32>,
    /// Sampling for miss-ratio curves ([`TraceReader::sample_for`]): each batch is then only
    /// its sampled references ([`TraceReader::batch_sampled`]), and every reference is tallied.
    sampler: Option<Sampler>,
    sampled: Vec<u32>,
    drained: bool,
    census: TraceCensus,
    finished: Option<TraceCensus>,
    /// The finished trace's raw block numbers, until [`TraceReader::census`] turns them into
    /// the census's addresses (sorting them: ~50 ms a million blocks, which a pass that only
    /// hands batches on — a reader worker's — never asks for).
    raw: Option<Vec<u64>>,
}

/// What a worker keeps of one trace, at most: its records and block references (a bigger file
/// is read to the end, counting only, and refused with its totals). Each worker of the pool
/// reads its own copy, and a wasm32 memory ends at 4 GiB.
const TRACE_LIMIT_MIB: u32 = 1024;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TraceSummary {
    format: &'static str,
    requests: u64,
    block_refs: u64,
    distinct: u64,
    /// Decompressed bytes read.
    bytes: u64,
    skipped: u64,
    first_skipped: Option<String>,
    /// The trace's clients (volume, host, disk, CSV client column), in the order they appear,
    /// with each one's requests.
    clients: Vec<TraceClient>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TraceClient {
    id: u16,
    requests: u64,
}

#[wasm_bindgen]
impl TraceReader {
    /// `format`: a reader's name, or "" to recognise it from the first chunk.
    #[wasm_bindgen(constructor)]
    pub fn new(format: &str, block_size: u32, object_mode: bool, skip_bad: bool) -> Result<TraceReader, Fail> {
        let format = if format.is_empty() { None } else { Some(Format::parse_name(format).map_err(Fail::new)?) };
        let opts = tiersim_core::trace::Options { block_size, object_mode };
        opts.validate().map_err(Fail::from)?;
        Ok(TraceReader {
            format,
            opts,
            skip_bad,
            stream: None,
            pushed: 0,
            trace: None,
            limit: (TRACE_LIMIT_MIB as usize) << 20,
            size: None,
            batch: Trace::default(),
            words: Vec::new(),
            sampler: None,
            sampled: Vec::new(),
            drained: false,
            census: TraceCensus::new(0),
            finished: None,
            raw: None,
        })
    }

    /// The file's size in bytes (a `File`'s `size`), before the first chunk: an uncompressed
    /// file of fixed-size records is then held in vectors of exactly its size.
    #[wasm_bindgen(js_name = setSizeHint)]
    pub fn set_size_hint(&mut self, bytes: f64) -> Result<(), Fail> {
        if self.stream.is_some() || !(bytes.is_finite() && bytes >= 0.0) {
            return Err(Fail::new("size hint: a number of bytes, set before the first chunk"));
        }
        self.size = Some(bytes as u64);
        Ok(())
    }

    /// Keep at most `mib` MiB of the trace (default 1024); before the first chunk.
    #[wasm_bindgen(js_name = setMemoryLimit)]
    pub fn set_memory_limit(&mut self, mib: u32) -> Result<(), Fail> {
        if self.stream.is_some() || mib == 0 || mib > 4095 {
            return Err(Fail::new("memory limit: from 1 to 4095 MiB, set before the first chunk"));
        }
        self.limit = (mib as usize) << 20;
        Ok(())
    }

    /// The next chunk; errors name the line or byte.
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), Fail> {
        self.pushed += chunk.len() as u64;
        if self.stream.is_none() {
            if chunk.is_empty() {
                return Ok(());
            }
            let format = match self.format {
                Some(f) => f,
                None => tiersim_core::trace::sniff(chunk).map_err(|reason| {
                    Fail::new(format!("not a trace — {reason}; if it is one, choose its format in the list"))
                })?,
            };
            self.format = Some(format);
            let s = TraceStream::new(format, self.opts).map_err(Fail::from)?;
            let s = s.skip_bad(self.skip_bad).memory_limit(self.limit);
            self.stream = Some(match self.size {
                Some(bytes) => s.size_hint(bytes),
                None => s,
            });
        }
        self.stream.as_mut().expect("set above").push(chunk).map_err(Fail::from)
    }

    /// Batches will be handed on ([`TraceReader::drain`]): keep no trace, only the census
    /// (before the first chunk; draining once does the same).
    #[wasm_bindgen(js_name = handOn)]
    pub fn hand_on(&mut self) {
        self.drained = true;
    }

    /// Requests read and not yet drained.
    pub fn buffered(&self) -> u32 {
        self.stream.as_ref().map_or(0, |s| s.buffered() as u32)
    }

    /// Moves the requests read so far into the reader's batch ([`TraceReader::batch_records`],
    /// [`TraceReader::batch_refs`]), counting them; returns how many. A reader drained even once
    /// keeps no trace at its end, only its census ([`TraceReader::census`]).
    pub fn drain(&mut self) -> u32 {
        let Some(stream) = self.stream.as_mut() else {
            return 0;
        };
        stream.drain_into(&mut self.batch);
        self.drained = true;
        self.census.add(&self.batch);
        self.pack()
    }

    fn pack(&mut self) -> u32 {
        match &mut self.sampler {
            Some(sampler) => {
                self.sampled.clear();
                sampler.filter(&self.batch, &mut self.sampled);
            }
            None => {
                self.words.clear();
                tiersim_core::trace::batch::pack_records(&self.batch.records, &mut self.words);
            }
        }
        self.batch.records.len() as u32
    }

    /// Batches will feed miss-ratio curves that sample as `plan_json` says
    /// ([`MiniCurves::sample_plan`]): each drained batch is then only the references of
    /// sampled blocks ([`TraceReader::batch_sampled`]), every reference counted for
    /// [`TraceReader::tally`]. Before the first chunk; implies [`TraceReader::hand_on`].
    #[wasm_bindgen(js_name = sampleFor)]
    pub fn sample_for(&mut self, plan_json: &str) -> Result<(), Fail> {
        if self.pushed > 0 {
            return Err(Fail::new("sampleFor: before the first chunk"));
        }
        let plan: SamplePlan = serde_json::from_str(plan_json).map_err(|e| Fail::at("plan", e))?;
        self.sampler = Some(Sampler::new(plan));
        self.drained = true;
        Ok(())
    }

    /// The last drained batch's sampled references, two words each (block, operation code;
    /// `tiersim_core::trace::batch::unpack_sampled`), when sampling ([`TraceReader::sample_for`]).
    #[wasm_bindgen(js_name = batchSampled)]
    pub fn batch_sampled(&self) -> js_sys::Uint32Array {
        js_sys::Uint32Array::from(&self.sampled[..])
    }

    /// Every reference drained so far, tallied for the curves' estimator (JSON, for
    /// [`MiniCurves::report_tallied`]); O(blocks seen): a few ms a million blocks.
    pub fn tally(&self) -> Result<String, Fail> {
        let sampler =
            self.sampler.as_ref().ok_or_else(|| Fail::new("tally: this reader does not sample (sampleFor)"))?;
        serde_json::to_string(&sampler.tally()).map_err(Fail::new)
    }

    /// The last drained batch's records, six words each ([`tiersim_core::trace::batch`]).
    #[wasm_bindgen(js_name = batchRecords)]
    pub fn batch_records(&self) -> js_sys::Uint32Array {
        js_sys::Uint32Array::from(&self.words[..])
    }

    /// The last drained batch's block references (dense ids, numbered as in the whole trace).
    #[wasm_bindgen(js_name = batchRefs)]
    pub fn batch_refs(&self) -> js_sys::Uint32Array {
        js_sys::Uint32Array::from(&self.batch.refs[..])
    }

    /// A drained reader's census, once finished: each client's requests, warm-up boundary 0,
    /// and the blocks' addresses (a run whose caches prefetch asks each block's successor).
    pub fn census(&mut self) -> Result<Census, Fail> {
        let done = self.finished.take().ok_or_else(|| Fail::new("the trace is not drained to its end"))?;
        let done = match self.raw.take() {
            Some(raw) => done.with_addresses(&raw),
            None => done,
        };
        self.finished = Some(done.clone());
        Ok(Census { counting: TraceCensus::new(0), done: Some(done), batch: Trace::default() })
    }

    /// Requests read so far.
    pub fn requests(&self) -> f64 {
        self.stream.as_ref().map_or(0.0, |s| s.requests() as f64)
    }

    /// Bytes received so far (compressed, if the file is).
    #[wasm_bindgen(js_name = bytesIn)]
    pub fn bytes_in(&self) -> f64 {
        self.pushed as f64
    }

    /// The end of the file: the trace is kept for runs (or, drained, its last batch is the
    /// reader's batch and its census kept); returns its summary.
    pub fn finish(&mut self) -> Result<JsValue, Fail> {
        let stream = self.stream.take().ok_or_else(|| Fail::new("byte 0: the trace is empty"))?;
        let mut f = stream.finish().map_err(Fail::from)?;
        if self.drained {
            std::mem::swap(&mut self.batch.records, &mut f.trace.records);
            std::mem::swap(&mut self.batch.refs, &mut f.trace.refs);
            self.census.add(&self.batch);
            self.pack();
            let distinct = f.trace.distinct() as u64;
            // The blocks' addresses come when the census is asked for (`census`).
            let census = std::mem::replace(&mut self.census, TraceCensus::new(0)).finish(distinct);
            let summary = TraceSummary {
                format: self.format.expect("known once streaming").name(),
                requests: f.requests,
                block_refs: f.block_refs,
                distinct,
                bytes: f.bytes,
                skipped: f.skipped,
                first_skipped: f.first_skipped.map(|e| e.to_string()),
                clients: census.clients.iter().map(|c| TraceClient { id: c.id, requests: c.requests }).collect(),
            };
            self.finished = Some(census);
            self.raw = Some(f.trace.raw);
            return to_js(&summary);
        }
        let summary = TraceSummary {
            format: self.format.expect("known once streaming").name(),
            requests: f.requests,
            block_refs: f.block_refs,
            distinct: f.trace.distinct() as u64,
            bytes: f.bytes,
            skipped: f.skipped,
            first_skipped: f.first_skipped.map(|e| e.to_string()),
            clients: trace_clients(&f.trace),
        };
        self.trace = Some(std::sync::Arc::new(f.trace));
        to_js(&summary)
    }
}

/// A trace's clients in the order they appear, with their request counts.
fn trace_clients(trace: &tiersim_core::trace::Trace) -> Vec<TraceClient> {
    let mut index = vec![u32::MAX; 1 << 16];
    let mut out: Vec<TraceClient> = Vec::new();
    for r in &trace.records {
        let k = &mut index[r.client as usize];
        if *k == u32::MAX {
            *k = out.len() as u32;
            out.push(TraceClient { id: r.client, requests: 0 });
        }
        out[*k as usize].requests += 1;
    }
    out
}

/// About `megabytes` of a synthetic MSR or oracleGeneral trace (parsing benchmarks).
#[wasm_bindgen(js_name = sampleTrace)]
pub fn sample_trace(format: &str, megabytes: u32) -> Result<Vec<u8>, Fail> {
    let format = Format::parse_name(format).map_err(Fail::new)?;
    if !matches!(format, Format::Msr | Format::OracleGeneral) {
        return Err(Fail::new("samples are msr or oracle-general"));
    }
    Ok(tiersim_core::bench::SampleTrace::bytes(format, (megabytes as usize) << 20, tiersim_core::bench::TRACE_SEED))
}

/// Validates a scenario and returns it normalised (defaults filled in) as JSON text.
#[wasm_bindgen(js_name = validateScenario)]
pub fn validate_scenario(scenario_json: &str) -> Result<String, Fail> {
    Scenario::from_json(scenario_json).map(|s| s.to_json()).map_err(Fail::from)
}

/// The default scenario (paper 000 RANDOM, LRU-MRU-demote) as JSON text.
#[wasm_bindgen(js_name = defaultScenario)]
pub fn default_scenario() -> String {
    Scenario::default().to_json()
}

/// Runs a scenario to the end in one call and returns its report (CLI-equivalent; tests, bench).
#[wasm_bindgen(js_name = runScenario)]
pub fn run_scenario(scenario_json: &str) -> Result<JsValue, Fail> {
    let mut sim = Simulation::new(scenario_json)?;
    sim.step(u32::MAX);
    while !sim.is_done() {
        sim.step(u32::MAX);
    }
    sim.report()
}

/// Paper 000 §3's upside estimate for a scenario's workload at the given size pairs
/// (`[{"client":N,"array":M},…]`); see `tiersim_core::upside`.
#[wasm_bindgen(js_name = estimateUpside)]
pub fn estimate_upside(scenario_json: &str, points_json: &str) -> Result<JsValue, Fail> {
    let scenario = Scenario::from_json(scenario_json).map_err(Fail::from)?;
    let points: Vec<tiersim_core::analysis::upside::SizePair> =
        serde_json::from_str(points_json).map_err(|e| Fail::at("size pairs", e))?;
    let report = tiersim_core::analysis::upside::estimate(&scenario, &points).map_err(Fail::from)?;
    to_js(&report)
}

/// [`estimate_upside`] for a scenario replaying the trace `reader` has read.
#[wasm_bindgen(js_name = estimateUpsideTrace)]
pub fn estimate_upside_trace(scenario_json: &str, points_json: &str, reader: &TraceReader) -> Result<JsValue, Fail> {
    let scenario = Scenario::from_json(scenario_json).map_err(Fail::from)?;
    let points: Vec<tiersim_core::analysis::upside::SizePair> =
        serde_json::from_str(points_json).map_err(|e| Fail::at("size pairs", e))?;
    let trace = reader.trace.as_ref().ok_or_else(|| Fail::new("the trace is not read to the end yet"))?;
    let report = tiersim_core::analysis::upside::estimate_trace(&scenario, &points, trace).map_err(Fail::from)?;
    to_js(&report)
}

/// A scenario's generated workload as a trace file (`csv` or `oracle-general`).
#[wasm_bindgen(js_name = exportWorkload)]
pub fn export_workload(scenario_json: &str, format: &str) -> Result<Vec<u8>, Fail> {
    let scenario = Scenario::from_json(scenario_json).map_err(Fail::from)?;
    let format = Format::parse_name(format).map_err(Fail::new)?;
    tiersim_core::run::export::workload_file(&scenario, format).map_err(Fail::from)
}

/// `n` requests of a scenario's generated workload from request `skip` on, as canonical CSV
/// (the preview).
#[wasm_bindgen(js_name = previewWorkload)]
pub fn preview_workload(scenario_json: &str, skip: f64, n: u32) -> Result<String, Fail> {
    let scenario = Scenario::from_json(scenario_json).map_err(Fail::from)?;
    let skip = if skip.is_finite() && skip > 0.0 { skip as u64 } else { 0 };
    tiersim_core::run::export::preview(&scenario, skip, n as usize).map_err(Fail::from)
}

/// Paper 003's design space over a base scenario: `[{name, design, scenario, runs}, …]` as JSON
/// text, `runs` what the space runs of the design (`[{label, k?, scenario}]`: AC_CA once per
/// candidate count), every scenario validated (see `tiersim_core::scenario::design`).
#[wasm_bindgen(js_name = designSpace)]
pub fn design_space(scenario_json: &str) -> Result<String, Fail> {
    let base = Scenario::from_json(scenario_json).map_err(Fail::from)?;
    let mut out = Vec::new();
    for d in tiersim_core::scenario::design::space() {
        let s = d.apply(&base);
        s.validate().map_err(|e| Fail::new(format!("{}: {e}", d.name())))?;
        let mut runs = Vec::new();
        for r in d.runs(&base) {
            r.scenario.validate().map_err(|e| Fail::new(format!("{}: {e}", r.label())))?;
            runs.push(serde_json::json!({ "label": r.label(), "k": r.k, "scenario": r.scenario }));
        }
        out.push(serde_json::json!({ "name": d.name(), "design": d, "scenario": s, "runs": runs }));
    }
    Ok(serde_json::Value::Array(out).to_string())
}

#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    ENGINE_VERSION.to_string()
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

    /// Every policy kind, default parameters, as a JSON array.
    pub fn policies() -> String {
        serde_json::to_string(&PolicyConfig::every_kind()).expect("serialises")
    }

    /// Builds the policy to run next (excluded from the timing, as natively).
    pub fn prepare(&mut self, policy_json: &str) -> Result<(), Fail> {
        let config = PolicyConfig::from_json(policy_json).map_err(|e| Fail::at("policy", e))?;
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

/// The teaching stepper: `requests_json` = [[block, "read"|"write", client?], …] (or plain block
/// numbers, reads by the first client; or {"block","op","client"} objects, the client by leaf
/// name or index), `start_json` = {"<cache name>": […], …}, each list next victim first; returns
/// the steps — the start, then the state after each request (see
/// `tiersim_core::run::teach`) — as JSON text.
#[wasm_bindgen(js_name = teach)]
pub fn teach(scenario_json: &str, requests_json: &str, start_json: &str) -> Result<String, Fail> {
    use tiersim_core::run::teach::{requests_from_json, start_from_json};
    let scenario = Scenario::from_json(scenario_json).map_err(Fail::from)?;
    let shape = scenario.shape().map_err(Fail::from)?;
    let requests = requests_from_json(requests_json, &shape).map_err(|e| Fail::at("requests", e))?;
    let start = start_from_json(start_json).map_err(|e| Fail::at("start", e))?;
    let steps = tiersim_core::run::teach::teach(&scenario, &requests, &start).map_err(|e| {
        // Errors about the other two arguments name them, not a scenario field.
        if e.path.starts_with("requests") || e.path.starts_with("start") {
            Fail::at(e.path, e.message)
        } else {
            Fail::from(e)
        }
    })?;
    Ok(serde_json::to_string(&steps).expect("teaching steps always serialise"))
}

/// The checks of paper `paper` ("000" … "004") reproduced at the papers' parameters, as JSON
/// text (see `tiersim_core::run::reproduce`): what `tiersim reproduce --paper N --json` prints.
/// Runs on this thread; paper-scale experiments take a while.
#[wasm_bindgen(js_name = reproduce)]
pub fn reproduce(paper: &str) -> Result<String, Fail> {
    let checks = tiersim_core::run::reproduce::reproduce(Some(paper), 1).map_err(Fail::new)?;
    Ok(serde_json::to_string(&checks).expect("checks serialise"))
}

/// The verdict of a check (`{"expected": …, "ours": n}`, as `reproduce` gives them) by the
/// engine's one rule: "pass", "close" or "fail".
#[wasm_bindgen(js_name = judgeCheck)]
pub fn judge_check(check_json: &str) -> Result<String, Fail> {
    #[derive(serde::Deserialize)]
    struct Judged {
        expected: tiersim_core::run::reproduce::Expected,
        ours: f64,
    }
    let c: Judged = serde_json::from_str(check_json).map_err(|e| Fail::at("check", e))?;
    let (v, _) = tiersim_core::run::reproduce::judge(&c.expected, c.ours);
    Ok(serde_json::to_value(v).expect("a verdict").as_str().expect("a string").to_string())
}

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
    /// `policies_json`: an array of policy configurations; `sizes_json`: cache sizes in
    /// blocks; `method`: "mini" (sampled at `rate`, 0 for the default, raised so the sample
    /// holds enough blocks of the trace's `distinct`) or "exact"; as `tiersim mrc`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        policies_json: &str,
        sizes_json: &str,
        method: &str,
        rate: f64,
        distinct: f64,
    ) -> Result<MiniCurves, Fail> {
        let policies: Vec<serde_json::Value> =
            serde_json::from_str(policies_json).map_err(|e| Fail::at("policies", e))?;
        let sizes: Vec<u64> = serde_json::from_str(sizes_json).map_err(|e| Fail::at("sizes", e))?;
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

    /// How a reader must sample to feed these curves [`MiniCurves::feed_sampled`] (JSON for
    /// [`TraceReader::sample_for`]), or undefined when they need every reference (exact).
    #[wasm_bindgen(js_name = samplePlan)]
    pub fn sample_plan(&self) -> Option<String> {
        self.sim.sample_plan().map(|p| serde_json::to_string(&p).expect("a plan is three integers"))
    }

    /// The next batch of sampled references ([`TraceReader::batch_sampled`]), through every
    /// curve; a damaged batch is refused whole, its place named.
    #[wasm_bindgen(js_name = feedSampled)]
    pub fn feed_sampled(&mut self, words: &[u32]) -> Result<(), Fail> {
        self.sim.feed_sampled(words, self.universe).map_err(Fail::new)
    }

    /// Every curve so far (`MiniReport`s, in the policies' order).
    pub fn report(&self) -> Result<JsValue, Fail> {
        to_js(&self.sim.reports())
    }

    /// Every curve so far when fed sampled batches, with the reader's tally of every reference
    /// ([`TraceReader::tally`]).
    #[wasm_bindgen(js_name = reportTallied)]
    pub fn report_tallied(&self, tally_json: &str) -> Result<JsValue, Fail> {
        let tally: Tally = serde_json::from_str(tally_json).map_err(|e| Fail::at("tally", e))?;
        to_js(&self.sim.reports_tallied(&tally).map_err(Fail::new)?)
    }
}
