//! Trace files read chunk by chunk (from `File.stream()`), never whole: held for runs that
//! need the whole trace, or drained batch by batch to be handed on to a simulating worker, with
//! the census a streamed run counts first.

use tiersim_core::analysis::minisim::{SamplePlan, Sampler};
use tiersim_core::run::TraceCensus;
use tiersim_core::trace::summary::clients_of;
use tiersim_core::trace::{Format, Trace, TraceClient, TraceStream, TraceSummary};
use wasm_bindgen::prelude::*;

use crate::types::*;
use crate::Fail;

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
    /// The last drained batch's sizes, packed, when the trace keeps them (read as objects).
    size_words: Vec<u32>,
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
    /// Whether each drained batch carries the file ids of the blocks numbered since the last
    /// ([`TraceReader::hand_ids`]), and how many were handed on.
    ids: bool,
    handed: usize,
    id_words: Vec<u32>,
}

/// What a worker keeps of one trace, at most: its records and block references (a bigger file
/// is read to the end, counting only, and refused with its totals). Each worker of the pool
/// reads its own copy, and a wasm32 memory ends at 4 GiB.
const TRACE_LIMIT_MIB: u32 = 1024;

#[wasm_bindgen]
impl TraceReader {
    /// `format`: a reader's name, or "" to recognise it from the first chunk.
    #[wasm_bindgen(constructor)]
    pub fn new(format: &str, block_size: u32, object_mode: bool, skip_bad: bool) -> Result<TraceReader, Fail> {
        let format = if format.is_empty() { None } else { Some(Format::parse_name(format).map_err(Fail::new)?) };
        let opts = tiersim_core::trace::Options { block_size, object_mode, columns: None };
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
            size_words: Vec::new(),
            sampler: None,
            sampled: Vec::new(),
            drained: false,
            census: TraceCensus::new(0),
            finished: None,
            raw: None,
            ids: false,
            handed: 0,
            id_words: Vec::new(),
        })
    }

    /// The column map of format `columns`, before the first chunk.
    #[wasm_bindgen(js_name = setColumns)]
    pub fn set_columns(&mut self, columns: ColumnsJs) -> Result<(), Fail> {
        if self.stream.is_some() {
            return Err(Fail::new("columns: set before the first chunk"));
        }
        let columns: tiersim_core::trace::columns::Columns = read(&columns, "columns")?;
        let opts = tiersim_core::trace::Options { columns: Some(columns), ..self.opts };
        opts.validate().map_err(Fail::from)?;
        self.opts = opts;
        Ok(())
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
                    Fail::new(format!(
                        "not a trace — {reason}; if it is one, choose its format in the list, or map its columns"
                    ))
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
        if self.ids {
            pack_ids(stream.numbered(), &mut self.handed, &mut self.id_words);
        }
        self.pack()
    }

    /// Each drained batch will carry the file ids of the blocks it numbered first
    /// ([`TraceReader::batch_ids`]), for a trace's analysis (its most referenced objects named,
    /// block runs). Before the first chunk; implies [`TraceReader::hand_on`].
    #[wasm_bindgen(js_name = handIds)]
    pub fn hand_ids(&mut self) -> Result<(), Fail> {
        if self.pushed > 0 {
            return Err(Fail::new("handIds: before the first chunk"));
        }
        self.ids = true;
        self.drained = true;
        Ok(())
    }

    /// The last drained batch's new file ids, two words each (low, high), in dense-id order
    /// from the first id the batch numbered; empty unless asked for ([`TraceReader::hand_ids`]).
    #[wasm_bindgen(js_name = batchIds)]
    pub fn batch_ids(&self) -> js_sys::Uint32Array {
        js_sys::Uint32Array::from(&self.id_words[..])
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
                self.size_words.clear();
                tiersim_core::trace::batch::pack_sizes(&self.batch.sizes, &mut self.size_words);
            }
        }
        self.batch.records.len() as u32
    }

    /// Batches will feed miss-ratio curves that sample as `plan` says
    /// ([`crate::MiniCurves::sample_plan`]): each drained batch is then only the references of
    /// sampled blocks ([`TraceReader::batch_sampled`]), every reference counted for
    /// [`TraceReader::tally`]. Before the first chunk; implies [`TraceReader::hand_on`].
    #[wasm_bindgen(js_name = sampleFor)]
    pub fn sample_for(&mut self, plan: SamplePlanJs) -> Result<(), Fail> {
        if self.pushed > 0 {
            return Err(Fail::new("sampleFor: before the first chunk"));
        }
        let plan: SamplePlan = read_exact(plan.into(), "plan")?;
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

    /// Every reference drained so far, tallied for the curves' estimator (for
    /// [`crate::MiniCurves::report_tallied`]); O(blocks seen): a few ms a million blocks.
    pub fn tally(&self) -> Result<TallyJs, Fail> {
        let sampler =
            self.sampler.as_ref().ok_or_else(|| Fail::new("tally: this reader does not sample (sampleFor)"))?;
        write(&sampler.tally())
    }

    /// The last drained batch's records, six words each ([`tiersim_core::trace::batch`]).
    #[wasm_bindgen(js_name = batchRecords)]
    pub fn batch_records(&self) -> js_sys::Uint32Array {
        js_sys::Uint32Array::from(&self.words[..])
    }

    /// The last drained batch's sizes in bytes, two words each (low, high;
    /// [`tiersim_core::trace::batch::pack_sizes`]); empty when the trace keeps none.
    #[wasm_bindgen(js_name = batchSizes)]
    pub fn batch_sizes(&self) -> js_sys::Uint32Array {
        js_sys::Uint32Array::from(&self.size_words[..])
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
    pub fn finish(&mut self) -> Result<TraceSummaryJs, Fail> {
        let stream = self.stream.take().ok_or_else(|| Fail::new("byte 0: the trace is empty"))?;
        let mut f = stream.finish().map_err(Fail::from)?;
        let format = self.format.expect("known once streaming");
        if self.drained {
            f.trace.hand_requests_to(&mut self.batch);
            self.census.add(&self.batch);
            self.pack();
            if self.ids {
                pack_ids(&f.trace.raw, &mut self.handed, &mut self.id_words);
            }
            let distinct = f.trace.distinct() as u64;
            // The blocks' addresses come when the census is asked for (`census`).
            let census = std::mem::replace(&mut self.census, TraceCensus::new(0)).finish(distinct);
            let clients = census.clients.iter().map(|c| TraceClient { id: c.id, requests: c.requests }).collect();
            let summary = TraceSummary::of(format, &f, distinct, clients);
            self.finished = Some(census);
            self.raw = Some(f.trace.raw);
            return write(&summary);
        }
        let summary = TraceSummary::of(format, &f, f.trace.distinct() as u64, clients_of(&f.trace));
        self.trace = Some(std::sync::Arc::new(f.trace));
        write(&summary)
    }
}

impl TraceReader {
    /// The trace read to its end and held, if it was.
    pub(crate) fn held(&self) -> Option<std::sync::Arc<Trace>> {
        self.trace.clone()
    }
}

/// Packs into `words` the ids of `numbered` (every block numbered so far) past the `handed`
/// ones, and counts them handed.
fn pack_ids(numbered: &[u64], handed: &mut usize, words: &mut Vec<u32>) {
    words.clear();
    tiersim_core::trace::batch::pack_sizes(&numbered[*handed..], words);
    *handed = numbered.len();
}

impl Census {
    /// The finished census.
    pub(crate) fn finished(&self) -> Option<TraceCensus> {
        self.done.clone()
    }
}
