//! The thin PyO3 façade over `tiersim-core` (as `crates/wasm` is for the browser): scenarios and
//! policies come in as JSON text, reports go out as JSON text (the `tiersim` Python package
//! decodes them), stack distances as NumPy arrays. Types, limits and validation stay in the
//! core; every error becomes a Python exception here, in one place — `FileNotFoundError` /
//! `OSError` for files, `ValueError` naming the field for everything else. Long work (reading a
//! trace, a simulation, a run) releases the GIL, so Python threads run cells in parallel.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyValueError};
use pyo3::prelude::*;
use serde::Serialize;
use tiersim_core::analysis::minisim::bytes::{self as byte_curves, ByteCurves};
use tiersim_core::analysis::minisim::{Method, MiniReport, MiniSim, Sampling};
use tiersim_core::analysis::profile;
use tiersim_core::analysis::stackbytes::{self, ByteShards, ByteStack};
use tiersim_core::analysis::stackdist::{SampledReport, Shards, StackDistances, StackReport};
use tiersim_core::hierarchy::MultiBlock;
use tiersim_core::model::Capacity;
use tiersim_core::policy::PolicyConfig;
use tiersim_core::run::sim::{simulate_at, Admission};
use tiersim_core::scenario::CacheConfig;
use tiersim_core::trace::file::{load_file, FileError};
use tiersim_core::trace::{self, Format, TraceStream};
use tiersim_core::{Run, Scenario, ENGINE_VERSION};

mod user;

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// A missing file is a `FileNotFoundError` (errno, message and file name set, as `open` sets
/// them), another I/O failure an `OSError`, a bad record or format a `ValueError`.
fn file_error(e: FileError) -> PyErr {
    match e {
        FileError::Io { path, error } => {
            let args = (error.raw_os_error().unwrap_or(0), error.to_string(), path);
            if error.kind() == std::io::ErrorKind::NotFound {
                PyFileNotFoundError::new_err(args)
            } else {
                PyOSError::new_err(args)
            }
        }
        FileError::UnknownFormat { path, reason } => {
            value_error(format!("{path}: not a trace — {reason}; if it is one, name its format with format="))
        }
        e @ FileError::Trace { .. } => value_error(e.to_string()),
    }
}

fn parse_format(format: Option<&str>) -> PyResult<Option<Format>> {
    format.map(Format::parse_name).transpose().map_err(|e| value_error(format!("format: {e}")))
}

fn parse_policy(policy_json: &str) -> PyResult<PolicyConfig> {
    PolicyConfig::from_json(policy_json).map_err(|e| value_error(format!("policy: {e}")))
}

fn parse_multi_block(name: &str) -> PyResult<MultiBlock> {
    match name {
        "per-block" => Ok(MultiBlock::PerBlock),
        "atomic" => Ok(MultiBlock::Atomic),
        _ => Err(value_error(format!("multi_block: expected \"per-block\" or \"atomic\" (got \"{name}\")"))),
    }
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("reports serialise")
}

/// A parsed trace, held in Rust (dense block ids numbered by first appearance) and shared by
/// every simulation over it; read once, simulated many times.
#[pyclass(frozen, module = "tiersim._native")]
pub struct Trace {
    trace: Arc<trace::Trace>,
    format: Format,
    #[pyo3(get)]
    path: String,
    #[pyo3(get)]
    block_size: u32,
    #[pyo3(get)]
    object_mode: bool,
    /// Malformed records skipped (with `skip_bad`).
    #[pyo3(get)]
    skipped: u64,
    #[pyo3(get)]
    parse_ms: f64,
}

#[pymethods]
impl Trace {
    #[getter]
    fn format(&self) -> &'static str {
        self.format.name()
    }

    #[getter]
    fn requests(&self) -> usize {
        self.trace.records.len()
    }

    #[getter]
    fn block_refs(&self) -> usize {
        self.trace.block_refs()
    }

    #[getter]
    fn distinct_blocks(&self) -> usize {
        self.trace.distinct()
    }

    fn __repr__(&self) -> String {
        format!(
            "<tiersim.Trace {:?}: {} requests, {} distinct blocks ({} trace)>",
            self.path,
            self.trace.records.len(),
            self.trace.distinct(),
            self.format.name()
        )
    }
}

/// The format and reading options: a column map (`columns`, a spec as `tiersim --columns`
/// takes) reads the `columns` format.
fn reading(
    format: Option<&str>,
    block_size: u32,
    object_mode: bool,
    columns: Option<&str>,
) -> PyResult<(Option<Format>, trace::Options)> {
    let format = parse_format(format)?;
    let columns = columns.map(trace::columns::Columns::parse_spec).transpose().map_err(value_error)?;
    let format = Format::with_columns(format, columns.as_ref())
        .map_err(|e| value_error(format!("{}: {}", e.place, e.message)))?;
    let opts = trace::Options { block_size, object_mode, columns };
    opts.validate().map_err(|e| value_error(format!("block_size: {}", e.message)))?;
    Ok((format, opts))
}

/// Reads the trace file `path` (streamed; its format detected when not given).
#[pyfunction]
#[pyo3(signature = (path, format=None, block_size=4096, object_mode=false, skip_bad=false, columns=None))]
fn load_trace(
    py: Python<'_>,
    path: String,
    format: Option<&str>,
    block_size: u32,
    object_mode: bool,
    skip_bad: bool,
    columns: Option<&str>,
) -> PyResult<Trace> {
    let (format, opts) = reading(format, block_size, object_mode, columns)?;
    let start = Instant::now();
    let (finished, format) = py.detach(|| load_file(&path, format, opts, skip_bad)).map_err(file_error)?;
    Ok(Trace {
        trace: Arc::new(finished.trace),
        format,
        path,
        block_size,
        object_mode,
        skipped: finished.skipped,
        parse_ms: start.elapsed().as_secs_f64() * 1e3,
    })
}

/// A trace read from chunks of bytes (for files fsspec opens: object stores, HTTP, …).
#[pyclass(module = "tiersim._native")]
pub struct TraceReader {
    /// The stream, once the first chunk (or the caller) has decided its format.
    stream: Mutex<Option<(TraceStream, Format)>>,
    format: Option<Format>,
    opts: trace::Options,
    skip_bad: bool,
    name: String,
    start: Instant,
}

#[pymethods]
impl TraceReader {
    #[new]
    #[pyo3(signature = (name, format=None, block_size=4096, object_mode=false, skip_bad=false, columns=None))]
    fn new(
        name: String,
        format: Option<&str>,
        block_size: u32,
        object_mode: bool,
        skip_bad: bool,
        columns: Option<&str>,
    ) -> PyResult<Self> {
        let (format, opts) = reading(format, block_size, object_mode, columns)?;
        Ok(Self { stream: Mutex::new(None), format, opts, skip_bad, name, start: Instant::now() })
    }

    /// Reads the next chunk (the first decides the format when none was named).
    fn push(&self, py: Python<'_>, chunk: &[u8]) -> PyResult<()> {
        let mut guard = self.stream.lock().expect("not poisoned");
        if guard.is_none() {
            let format = match self.format {
                Some(f) => f,
                None => trace::sniff(chunk).map_err(|reason| {
                    value_error(format!(
                        "{}: not a trace — {reason}; if it is one, name its format with format=",
                        self.name
                    ))
                })?,
            };
            let stream = TraceStream::new(format, self.opts).map_err(|e| value_error(e.to_string()))?;
            *guard = Some((stream.skip_bad(self.skip_bad), format));
        }
        let (stream, _) = guard.as_mut().expect("set above");
        py.detach(|| stream.push(chunk)).map_err(|e| value_error(format!("{}: {e}", self.name)))
    }

    /// The trace read so far, ending the stream.
    fn finish(&self, py: Python<'_>) -> PyResult<Trace> {
        let stream = self.stream.lock().expect("not poisoned").take();
        let (stream, format) = match stream {
            Some(s) => s,
            // An empty file: a stream of the named format (or plain lines) with nothing in it.
            None => {
                let format = self.format.unwrap_or(Format::Lines);
                (TraceStream::new(format, self.opts).map_err(|e| value_error(e.to_string()))?, format)
            }
        };
        let finished = py.detach(|| stream.finish()).map_err(|e| value_error(format!("{}: {e}", self.name)))?;
        Ok(Trace {
            trace: Arc::new(finished.trace),
            format,
            path: self.name.clone(),
            block_size: self.opts.block_size,
            object_mode: self.opts.object_mode,
            skipped: finished.skipped,
            parse_ms: self.start.elapsed().as_secs_f64() * 1e3,
        })
    }
}

/// One cache of `policy_json` at `size` over `trace`: `tiersim sim --json`'s object. `size` as
/// `tiersim sim --size` takes it: blocks (objects) as a bare number, bytes with a unit (`1GiB`);
/// `admit_below`, a size-threshold filter's bytes, likewise with a unit; `adaptsize`, AdaptSize
/// in front instead (`tiersim sim --adaptsize`).
#[pyfunction]
#[pyo3(signature = (trace, policy_json, size, multi_block="per-block", admit_below=None, adaptsize=false))]
fn sim(
    py: Python<'_>,
    trace: &Trace,
    policy_json: &str,
    size: &str,
    multi_block: &str,
    admit_below: Option<&str>,
    adaptsize: bool,
) -> PyResult<String> {
    let policy = parse_policy(policy_json)?;
    let multi = parse_multi_block(multi_block)?;
    let capacity = Capacity::parse(size).map_err(|e| value_error(format!("size: {e}")))?;
    let threshold =
        admit_below.map(Capacity::parse_bytes).transpose().map_err(|e| value_error(format!("admit_below: {e}")))?;
    let admission = match (threshold, adaptsize) {
        (Some(_), true) => return Err(value_error("adaptsize: one admission filter at a time (admit_below is given)")),
        (Some(bytes), false) => Some(Admission::Below(bytes)),
        (None, true) => Some(Admission::AdaptSize),
        (None, false) => None,
    };
    let t = trace.trace.clone();
    let block_size = trace.block_size;
    let (mut result, _) =
        py.detach(|| simulate_at(&policy, capacity, &t, multi, block_size, admission)).map_err(value_error)?;
    result.format = trace.format.name();
    result.parse_ms = trace.parse_ms;
    Ok(to_json(&result))
}

/// A size as `tiersim sim --size` reads it: `(True, bytes)` with a unit, `(False, blocks)` bare.
#[pyfunction]
fn parse_size(text: &str) -> PyResult<(bool, u64)> {
    match Capacity::parse(text).map_err(value_error)? {
        Capacity::Bytes(b) => Ok((true, b)),
        Capacity::Blocks(n) => Ok((false, n)),
    }
}

/// A miss-ratio curve and the trace's totals it scales to (`tiersim mrc --json`'s curve, with
/// the request counts a sweep's rows carry).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Curve {
    #[serde(flatten)]
    report: MiniReport,
    requests: usize,
    reads: usize,
    writes: usize,
    block_refs: usize,
}

/// The curve of `policy_json` at `sizes` over `trace`, by miniature simulation (`sample`: the
/// lowest rate; `min_blocks`, `min_cache`, `seed` as `tiersim mrc` takes them) or `exact`ly.
/// The trace is read whole, so its distinct blocks set the rate (`MiniSim::for_blocks`).
#[pyfunction]
#[pyo3(signature = (trace, policy_json, sizes, sample=None, min_blocks=None, min_cache=None, seed=0, exact=false))]
#[allow(clippy::too_many_arguments, reason = "a Python function's keyword arguments, one per `tiersim mrc` option")]
fn mrc(
    py: Python<'_>,
    trace: &Trace,
    policy_json: &str,
    sizes: Vec<u64>,
    sample: Option<f64>,
    min_blocks: Option<u64>,
    min_cache: Option<u64>,
    seed: u64,
    exact: bool,
) -> PyResult<String> {
    let policy = parse_policy(policy_json)?;
    let sampling = Sampling::default().overriding(sample, min_blocks, min_cache, seed);
    sampling.validate().map_err(|e| {
        value_error(if e.starts_with("minCache") {
            e.replace("minCache", "min_cache:")
        } else {
            format!("sample: {e}")
        })
    })?;
    let method = if exact { Method::Exact } else { Method::Mini(sampling) };
    let t = trace.trace.clone();
    let mut sim = MiniSim::for_blocks(&policy, &sizes, method, t.distinct() as u64)
        .map_err(|e| value_error(if e.starts_with("sizes") { e } else { format!("policy: {e}") }))?;
    py.detach(|| sim.feed_trace(&t));
    let writes = t.records.iter().filter(|r| r.op == tiersim_core::Op::Write).count();
    Ok(to_json(&Curve {
        report: sim.report(),
        requests: t.records.len(),
        reads: t.records.len() - writes,
        writes,
        block_refs: t.block_refs(),
    }))
}

/// `policy_json`'s curve in bytes at `sizes` (each with a unit) over `trace` (read with sizes):
/// by miniature simulation with the byte curves' defaults where not given, or `exact`ly.
#[pyfunction]
#[pyo3(signature = (trace, policy_json, sizes, sample=None, min_objects=None, min_cache=None, seed=0, exact=false))]
#[allow(clippy::too_many_arguments, reason = "a Python function's keyword arguments, one per `tiersim mrc` option")]
fn byte_mrc_of(
    py: Python<'_>,
    trace: &Trace,
    policy_json: &str,
    sizes: Vec<String>,
    sample: Option<f64>,
    min_objects: Option<u64>,
    min_cache: Option<u64>,
    seed: u64,
    exact: bool,
) -> PyResult<String> {
    let policy = parse_policy(policy_json)?;
    let sizes = byte_sizes(&sizes)?;
    let sampling = byte_curves::byte_sampling().overriding(sample, min_objects, min_cache, seed);
    let t = trace.trace.clone();
    let mut curve = ByteCurves::new(&policy, &sizes, (!exact).then_some(sampling), &t).map_err(|e| {
        value_error(if e.starts_with("sizes") || e.starts_with("sample") || e.starts_with("min_cache") {
            e
        } else if e.starts_with("the trace") {
            format!("trace: {e}")
        } else {
            format!("policy: {e}")
        })
    })?;
    py.detach(|| curve.feed(&t));
    Ok(to_json(&curve.report()))
}

/// The policy in canonical form (every parameter, defaults filled in) and its kind's name.
#[pyfunction]
fn normalise_policy(policy_json: &str) -> PyResult<(String, String)> {
    let policy = parse_policy(policy_json)?;
    Ok((policy.name().to_string(), to_json(&policy)))
}

/// Every policy kind the engine has.
#[pyfunction]
fn policy_kinds() -> Vec<&'static str> {
    PolicyConfig::kinds().collect()
}

fn read_scenario(scenario_json: &str, origin: &str) -> PyResult<Scenario> {
    Scenario::from_json(scenario_json).map_err(|e| value_error(format!("{origin}: {e}")))
}

/// Reads the trace file a scenario replays, as its `source` says (format, block size, …).
#[pyfunction]
fn load_scenario_trace(py: Python<'_>, scenario_json: &str, origin: &str, path: String) -> PyResult<Trace> {
    let scenario = read_scenario(scenario_json, origin)?;
    let Some(t) = scenario.trace() else {
        return Err(value_error(format!("{origin}: trace: the scenario's source is a workload, not a trace")));
    };
    let format = t.format().map_err(|e| value_error(format!("{origin}: {e}")))?;
    let opts = t.options(scenario.block_size);
    let start = Instant::now();
    let (finished, format) = py.detach(|| load_file(&path, format, opts, t.skip_bad)).map_err(file_error)?;
    Ok(Trace {
        trace: Arc::new(finished.trace),
        format,
        path,
        block_size: opts.block_size,
        object_mode: opts.object_mode,
        skipped: finished.skipped,
        parse_ms: start.elapsed().as_secs_f64() * 1e3,
    })
}

/// The run of `scenario` over `trace` (which it must name when it replays one), not yet started.
fn prepare_run(scenario: Scenario, origin: &str, trace: Option<&Trace>) -> PyResult<Run> {
    match (scenario.trace(), trace) {
        (Some(_), Some(t)) => Run::with_trace(scenario, t.trace.clone()),
        (Some(t), None) => {
            return Err(value_error(format!(
                "{origin}: the scenario replays the trace \"{}\": pass the file as trace=",
                t.name
            )))
        }
        (None, Some(_)) => {
            return Err(value_error(format!("{origin}: trace: the scenario's source is a workload, not a trace")))
        }
        (None, None) => Run::new(scenario),
    }
    .map_err(|e| value_error(format!("{origin}: {e}")))
}

/// Runs a scenario to the end: `tiersim run --json`'s report.
#[pyfunction]
#[pyo3(signature = (scenario_json, origin, trace=None, curves=false))]
fn run(py: Python<'_>, scenario_json: &str, origin: &str, trace: Option<&Trace>, curves: bool) -> PyResult<String> {
    let scenario = read_scenario(scenario_json, origin)?;
    let mut run = prepare_run(scenario, origin, trace)?;
    if curves {
        run.track_depths(tiersim_core::analysis::depth::DepthMode::Auto).map_err(value_error)?;
    }
    let report = py.detach(|| run.run_to_end());
    Ok(to_json(&report))
}

/// One point of `tiersim sweep`: the scenario with a single cache of `policy_json` at `size`.
#[derive(Serialize)]
struct Point {
    requests: u64,
    reads: u64,
    writes: u64,
    /// Read requests that needed the disk, and their share of reads (the CLI's miss ratio).
    misses: u64,
    miss_ratio: f64,
    block_refs: u64,
    block_misses: u64,
    block_miss_ratio: f64,
}

#[pyfunction]
#[pyo3(signature = (scenario_json, origin, policy_json, size, trace=None))]
fn sweep_point(
    py: Python<'_>,
    scenario_json: &str,
    origin: &str,
    policy_json: &str,
    size: u64,
    trace: Option<&Trace>,
) -> PyResult<String> {
    let base = read_scenario(scenario_json, origin)?;
    let policy = parse_policy(policy_json)?;
    // As `tiersim sweep` builds and checks each point.
    let sc = base.as_single(CacheConfig::new(size, policy.clone()));
    sc.validate().map_err(|e| value_error(format!("{origin}: {} at {size} blocks: {e}", policy.name())))?;
    run_point(py, sc, origin, trace)
}

/// The floor of a scenario's sweep, as `tiersim sweep` gives it: one LRU cache holding every
/// block (the trace's distinct blocks, or the workload's), after the warm-up: a point's
/// numbers, or `None` where the engine refuses a cache that large.
#[pyfunction]
#[pyo3(signature = (scenario_json, origin, trace=None))]
fn sweep_floor(py: Python<'_>, scenario_json: &str, origin: &str, trace: Option<&Trace>) -> PyResult<Option<String>> {
    let base = read_scenario(scenario_json, origin)?;
    let blocks = match (trace, base.workload()) {
        (Some(t), _) => t.trace.distinct() as u64,
        (None, Some(w)) => w.blocks(),
        (None, None) => return Ok(None),
    };
    let sc = base.as_floor(blocks);
    if sc.validate().is_err() {
        return Ok(None);
    }
    run_point(py, sc, origin, trace).map(Some)
}

fn run_point(py: Python<'_>, sc: Scenario, origin: &str, trace: Option<&Trace>) -> PyResult<String> {
    let run = prepare_run(sc, origin, trace)?;
    let r = py.detach(|| run.run_to_end());
    let c = &r.counters;
    Ok(to_json(&Point {
        requests: c.requests,
        reads: c.reads,
        writes: c.writes,
        misses: c.disk_reads,
        miss_ratio: r.hit_fractions.disk,
        block_refs: c.block_reads,
        block_misses: c.block_reads - c.client_block_hits - c.array_block_hits,
        block_miss_ratio: r.block_hit_fractions.disk,
    }))
}

/// LRU stack distances of a trace's block references, exact or sampled (SHARDS).
#[pyclass(frozen, module = "tiersim._native")]
pub struct StackDist {
    report: Report,
}

enum Report {
    Exact(StackReport),
    Sampled(SampledReport),
}

#[pymethods]
impl StackDist {
    /// Depths that occur, increasing (a hit needs a cache of at least that many blocks).
    fn depths<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        match &self.report {
            Report::Exact(r) => r.depths.iter().map(|d| d.0).collect::<Vec<_>>().into_pyarray(py),
            Report::Sampled(r) => r.depths.iter().map(|d| d.0).collect::<Vec<_>>().into_pyarray(py),
        }
    }

    /// References at each depth (sampled: estimated, each sampled reference weighing 1/rate).
    fn counts<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        match &self.report {
            Report::Exact(r) => r.depths.iter().map(|d| d.1 as f64).collect::<Vec<_>>().into_pyarray(py),
            Report::Sampled(r) => r.depths.iter().map(|d| d.1).collect::<Vec<_>>().into_pyarray(py),
        }
    }

    /// LRU hit fractions at `sizes` (ascending), as `tiersim stackdist` computes them.
    fn hit_fractions<'py>(&self, py: Python<'py>, sizes: Vec<u64>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        if sizes.windows(2).any(|w| w[1] < w[0]) {
            return Err(value_error("sizes: must be ascending"));
        }
        let f = match &self.report {
            Report::Exact(r) => r.hit_fractions(&sizes),
            Report::Sampled(r) => r.hit_fractions(&sizes),
        };
        Ok(f.into_pyarray(py))
    }

    /// Every block reference, sampled or not.
    #[getter]
    fn references(&self) -> u64 {
        match &self.report {
            Report::Exact(r) => r.references,
            Report::Sampled(r) => r.references,
        }
    }

    /// Distinct blocks (sampled: estimated).
    #[getter]
    fn distinct(&self) -> f64 {
        match &self.report {
            Report::Exact(r) => r.distinct as f64,
            Report::Sampled(r) => r.distinct_estimate(),
        }
    }

    /// First references (infinite depth: misses at every size; sampled: estimated).
    #[getter]
    fn cold(&self) -> f64 {
        match &self.report {
            Report::Exact(r) => r.cold as f64,
            Report::Sampled(r) => r.cold_weight,
        }
    }

    /// The sampling rate at the end (1 when exact).
    #[getter]
    fn rate(&self) -> f64 {
        match &self.report {
            Report::Exact(_) => 1.0,
            Report::Sampled(r) => r.rate,
        }
    }

    /// The report as `tiersim stackdist --json` prints it (without the timing).
    fn to_json(&self) -> String {
        match &self.report {
            Report::Exact(r) => to_json(r),
            Report::Sampled(r) => to_json(r),
        }
    }
}

/// Stack distances of `trace`: exact, or sampled at `sample` (fixed rate) or keeping at most
/// `max_blocks` blocks (fixed size), as `tiersim stackdist` computes them.
#[pyfunction]
#[pyo3(signature = (trace, sample=None, max_blocks=None))]
fn stackdist(py: Python<'_>, trace: &Trace, sample: Option<f64>, max_blocks: Option<usize>) -> PyResult<StackDist> {
    let shards = match (sample, max_blocks) {
        (Some(_), Some(_)) => return Err(value_error("sample, max_blocks: give one or neither")),
        (Some(rate), None) => Some(Shards::new(rate).map_err(|e| value_error(format!("sample: {e}")))?),
        (None, Some(n)) => Some(Shards::fixed_size(n).map_err(|e| value_error(format!("max_blocks: {e}")))?),
        (None, None) => None,
    };
    let t = trace.trace.clone();
    let report = py.detach(move || match shards {
        Some(mut s) => {
            for &b in &t.refs {
                s.access(b);
            }
            Report::Sampled(s.report())
        }
        None => {
            let mut s = StackDistances::new(t.distinct());
            for &b in &t.refs {
                s.access(b);
            }
            Report::Exact(s.report())
        }
    });
    Ok(StackDist { report })
}

/// What is in `trace` (`tiersim analyze`): its report as JSON text, the `top` most referenced
/// objects named by their ids in the file, the load over time in windows of `window_secs`
/// seconds (or `window_requests` requests for a trace without times).
#[pyfunction]
#[pyo3(signature = (
    trace,
    top=profile::DEFAULT_TOP,
    window_secs=profile::DEFAULT_WINDOW_SECS,
    window_requests=profile::DEFAULT_WINDOW_REQUESTS
))]
fn analyze(py: Python<'_>, trace: &Trace, top: usize, window_secs: f64, window_requests: u64) -> PyResult<String> {
    let p = profile::Profile::new().windows(window_secs, window_requests).map_err(|e| match e {
        profile::WindowError::Seconds(_) => value_error(format!("window_secs: {e}")),
        profile::WindowError::Requests => value_error(format!("window_requests: {e}")),
    })?;
    let mut p = if trace.object_mode { p } else { p.for_blocks() };
    let t = trace.trace.clone();
    let report = py.detach(move || {
        p.feed(&t);
        p.report(top)
    });
    Ok(to_json(&report))
}

/// Capacities in bytes as Python gives them, each a string with a unit; errors name `sizes[i]`.
fn byte_sizes(items: &[String]) -> PyResult<Vec<u64>> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| Capacity::parse_capacity_bytes(item).map_err(|e| value_error(format!("sizes[{i}]: {e}"))))
        .collect()
}

/// LRU's curve in bytes over `trace` (read with sizes) at `sizes` (each a capacity with a unit,
/// `"128MiB"`; default: eight per doubling up to where every object fits), exact or sampled at
/// `sample` (SHARDS, fixed rate), as `tiersim stackdist --json` reports it under `bytes`.
#[pyfunction]
#[pyo3(signature = (trace, sizes=None, sample=None))]
fn byte_mrc(py: Python<'_>, trace: &Trace, sizes: Option<Vec<String>>, sample: Option<f64>) -> PyResult<String> {
    let t = trace.trace.clone();
    if !stackbytes::sized(&t) {
        return Err(value_error(
            "trace: carries no sizes as read: a byte curve needs an object trace with sizes (object_mode=True on oracleGeneral or a byte-addressed trace, or a CSV with a size column)",
        ));
    }
    let named = sizes.is_some();
    let points = match sizes {
        Some(items) => byte_sizes(&items)?,
        None => stackbytes::default_points(),
    };
    match sample {
        Some(rate) => {
            let mut s = ByteShards::new(rate, points).map_err(|e| value_error(format!("sample: {e}")))?;
            py.detach(|| s.feed(&t));
            Ok(to_json(&s.report()))
        }
        None => {
            let mut s = ByteStack::new(points, t.distinct());
            py.detach(|| s.feed(&t));
            Ok(to_json(&s.report(!named)))
        }
    }
}

/// The default scenario (paper 000 RANDOM, LRU-MRU-demote) as JSON text.
#[pyfunction]
fn default_scenario() -> String {
    Scenario::default().to_json()
}

/// Validates a scenario and returns it normalised (defaults filled in) as JSON text.
#[pyfunction]
#[pyo3(signature = (scenario_json, origin="scenario"))]
fn validate_scenario(scenario_json: &str, origin: &str) -> PyResult<String> {
    read_scenario(scenario_json, origin).map(|s| s.to_json())
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ENGINE_VERSION", ENGINE_VERSION)?;
    m.add_class::<Trace>()?;
    m.add_class::<TraceReader>()?;
    m.add_class::<StackDist>()?;
    m.add_function(wrap_pyfunction!(load_trace, m)?)?;
    m.add_function(wrap_pyfunction!(load_scenario_trace, m)?)?;
    m.add_function(wrap_pyfunction!(sim, m)?)?;
    m.add_function(wrap_pyfunction!(user::sim_user, m)?)?;
    m.add_function(wrap_pyfunction!(parse_size, m)?)?;
    m.add_function(wrap_pyfunction!(normalise_policy, m)?)?;
    m.add_function(wrap_pyfunction!(policy_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_point, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_floor, m)?)?;
    m.add_function(wrap_pyfunction!(stackdist, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(byte_mrc, m)?)?;
    m.add_function(wrap_pyfunction!(byte_mrc_of, m)?)?;
    m.add_function(wrap_pyfunction!(mrc, m)?)?;
    m.add_function(wrap_pyfunction!(default_scenario, m)?)?;
    m.add_function(wrap_pyfunction!(validate_scenario, m)?)?;
    Ok(())
}
