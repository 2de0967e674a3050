//! What is in a trace, in one streamed pass: the numbers people ask before they cache it, those
//! libCacheSim's traceAnalyzer prints with `--common` (the peer users compare with) and more.
//! Memory: a few words per distinct object (block), never the trace.
//!
//! - Requests (records) and references (the objects or blocks they touch); reads and writes.
//! - Distinct objects and their bytes (each at the size of its first request; requests that
//!   change an object's size are counted apart), bytes requested.
//! - The **compulsory miss ratio**, by references and by bytes: the first reference of each object
//!   is a miss in a cache of any size, so no cache misses less. (The peer's "cold miss ratio".)
//! - Mean object size weighted by requests (bytes requested over requests) and by objects
//!   (distinct bytes over objects); the frequency mean (references per object).
//! - The time span, from the earliest to the latest time the records carry.
//! - How many objects were referenced once, twice, … ([`ProfileReport::referenced_times`]) and the
//!   one-hit wonders' share; the most referenced objects with their shares.
//! - Popularity's Zipf α: minus the slope of the least-squares line through (ln rank, ln
//!   references) over every object, and the fit's R² (1 − residual over total sum of squares).
//!   The peer prints an α with R² = −1, which says nothing of its fit; ours is this one.
//! - **Reuse** ([`ReuseReport`]), in power-of-two bins, over every reference but an object's
//!   first: the time since its previous reference in requests (1: the request before) and in
//!   seconds, and its LRU stack distance — the distinct objects referenced since, plus one, the
//!   smallest LRU cache (in objects) that hits it. Distances are exact up to
//!   [`EXACT_DISTANCE_OBJECTS`] distinct objects; past that, they are a SHARDS sample of a fixed
//!   size (Waldspurger et al., FAST 2015) scaled to the exact number of reuses, and the report
//!   says so.
//! - **Sizes** ([`SizeBin`]), in power-of-two bins of bytes: requests and bytes by the request's
//!   size, objects and their references by the object's first size; and size against
//!   popularity ([`PopularityBin`]): objects binned by their references, with their mean size.
//! - **Over time** ([`windows`]): per window of 300 s (the peer's) or of requests, the requests,
//!   bytes, working set and new objects.
//! - **Per client** ([`clients`]), where records name more than one.
//! - For a **block trace** ([`blocks`]): blocks per request, sequential runs and the footprint by
//!   address region (these need the file's block numbers: a batch hands on those it numbered).

pub mod bins;
pub mod blocks;
pub mod clients;
pub mod windows;

use serde::Serialize;

use self::bins::Log2;
use crate::analysis::stackdist::{Shards, StackDistances, AUTO_SAMPLE_BLOCKS, UNREFERENCED};
use crate::model::{Block, Op};
use crate::trace::{Record, Trace};

pub use self::bins::Bin;
pub use self::blocks::{BlocksReport, Region};
pub use self::clients::{ClientReport, ClientsReport};
pub use self::windows::{Window, WindowsReport, DEFAULT_WINDOW_REQUESTS, DEFAULT_WINDOW_SECS};

/// Objects referenced exactly 1 … `TIMES` times are counted one by one; more, together.
pub const TIMES: usize = 16;
/// The most referenced objects a report lists by default.
pub const DEFAULT_TOP: usize = 10;
/// Requests whose random accesses [`Profile::feed`] issues together.
const GATHER: usize = 16;
/// Stack distances are exact while the trace has at most this many distinct objects.
pub const EXACT_DISTANCE_OBJECTS: usize = 1 << 23;

/// A window that cannot be: which of its two widths is wrong.
#[derive(Clone, Debug, PartialEq)]
pub enum WindowError {
    Seconds(f64),
    Requests,
}

impl std::fmt::Display for WindowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Seconds(s) => write!(f, "a window must last a positive number of seconds (got {s})"),
            Self::Requests => write!(f, "a window must hold at least 1 request (got 0)"),
        }
    }
}

/// What a pass reads and writes per distinct object on each of its references: 24 bytes, so
/// that a reference costs one random access (the objects outgrow the processor's caches). What
/// only some traces need (first sizes, first clients) is kept apart, and only for those.
#[derive(Clone, Copy, Debug)]
struct Object {
    /// Request number of its latest reference (whose window is the current one exactly when
    /// it is at least the window's first request: windows never go back).
    last_request: u64,
    /// Time of its latest reference (µs; NaN: untimed).
    last_time: f64,
    references: u32,
    /// Its latest reference's slot in the exact stack distances.
    stack: u32,
}

const UNSEEN: Object = Object { last_request: 0, last_time: f64::NAN, references: 0, stack: UNREFERENCED };

/// The running counts of one pass.
pub struct Profile {
    objects: Vec<Object>,
    /// Per object, the size of its first request: kept while every batch carries sizes.
    first_sizes: Vec<u64>,
    /// Per object, the client of its first reference: kept once a second client shows up;
    /// until then every object's is `sole_client`.
    first_clients: Vec<u16>,
    sole_client: Option<u16>,
    /// The file's id of each dense id, as the batches handed them on.
    raw: Vec<u64>,
    /// Follow block-trace structure (runs, regions).
    blocks: bool,
    /// Whether every request's blocks had their file numbers when it came.
    addressed: bool,
    requests: u64,
    references: u64,
    reads: u64,
    writes: u64,
    bytes: u64,
    /// Whether every batch so far carried sizes.
    sized: bool,
    size_changes: u64,
    first_time: f64,
    last_time: f64,
    timed: bool,
    reuse_requests: Log2,
    reuse_micros: Log2,
    /// Exact stack distances, until the trace outgrows `exact_limit` distinct objects, and
    /// their histogram (binned as reported: a counter per depth would cost a cache miss).
    exact: Option<Box<StackDistances>>,
    exact_distances: Log2,
    exact_limit: usize,
    shards: Box<Shards>,
    /// Requests and bytes by the request's size.
    size_requests: Log2,
    size_bytes: Log2,
    windows: windows::Windows,
    clients: clients::Clients,
    runs: blocks::Runs,
}

/// One of the most referenced objects.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Popular {
    /// Its id as the file gives it (the object id, or the block number). The page gets ids
    /// above 2^53 (hashed keys) as decimal text, which a JavaScript number would round.
    #[cfg_attr(feature = "ts", ts(type = "number | string"))]
    pub id: u64,
    pub references: u64,
    /// Of all references.
    pub share: f64,
}

/// The least-squares line through (ln rank, ln references): references ∝ rank^−α.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ZipfFit {
    pub alpha: f64,
    pub r2: f64,
}

/// How far apart an object's references are: every reference but each object's first.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReuseReport {
    /// Requests since the object's previous reference.
    pub requests: Vec<Bin>,
    /// Seconds since it (empty for a trace without times).
    pub seconds: Vec<Bin>,
    /// LRU stack distance: distinct objects referenced since, plus one.
    pub distance: Vec<Bin>,
    /// `None` where `distance` is exact; else the SHARDS sample's final rate (its counts are
    /// estimates summing to the exact number of reuses).
    pub distance_sample_rate: Option<f64>,
}

/// Requests, bytes and objects of sizes `from ≤ size < to` bytes.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SizeBin {
    pub from: f64,
    pub to: f64,
    /// Requests of a size in the bin, and their bytes.
    pub requests: u64,
    pub bytes: u64,
    /// Objects whose first size is in the bin, and their references.
    pub objects: u64,
    pub references: u64,
}

/// Objects referenced `from ≤ n < to` times, and their mean (first) size.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PopularityBin {
    pub from: f64,
    pub to: f64,
    pub objects: u64,
    pub references: u64,
    /// `None` for a trace without sizes.
    pub mean_size: Option<f64>,
}

/// What a pass found.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileReport {
    pub requests: u64,
    pub references: u64,
    pub reads: u64,
    pub writes: u64,
    pub distinct: u64,
    /// Bytes requested and the distinct objects' bytes (each at its first request's size): `None`
    /// for a trace without sizes.
    pub bytes_requested: Option<u64>,
    pub distinct_bytes: Option<u64>,
    /// Requests whose size differed from their object's first.
    pub size_changes: u64,
    /// Distinct over references: no cache of any size misses less.
    pub compulsory_miss_ratio: f64,
    /// Distinct bytes over bytes requested.
    pub compulsory_byte_miss_ratio: Option<f64>,
    /// Bytes requested over requests, and distinct bytes over objects.
    pub mean_size_by_requests: Option<f64>,
    pub mean_size_by_objects: Option<f64>,
    /// References per distinct object.
    pub frequency_mean: f64,
    /// From the earliest time to the latest, in seconds; `None` without times.
    pub time_span_secs: Option<f64>,
    /// `referenced_times[k]`: objects referenced exactly k + 1 times, for k + 1 up to [`TIMES`].
    pub referenced_times: Vec<u64>,
    /// Objects referenced more than [`TIMES`] times.
    pub referenced_more: u64,
    /// Objects referenced once, of all objects.
    pub one_hit_wonders: f64,
    /// The most referenced objects, most first (ties: the first seen first).
    pub top: Vec<Popular>,
    /// `None` with fewer than two distinct reference counts (no line to fit).
    pub zipf: Option<ZipfFit>,
    pub reuse: ReuseReport,
    /// Empty for a trace without sizes.
    pub sizes: Vec<SizeBin>,
    /// Objects by their references (power-of-two bins), with their mean size.
    pub popularity: Vec<PopularityBin>,
    pub windows: WindowsReport,
    /// `None` for a trace whose records name one client.
    pub clients: Option<ClientsReport>,
    /// `None` for an object trace, or where the batches did not carry block numbers.
    pub blocks: Option<BlocksReport>,
}

impl Default for Profile {
    fn default() -> Self {
        Self::new()
    }
}

impl Profile {
    /// A pass over an object trace (or a block trace whose addresses do not matter).
    pub fn new() -> Self {
        Self {
            objects: Vec::new(),
            first_sizes: Vec::new(),
            first_clients: Vec::new(),
            sole_client: None,
            raw: Vec::new(),
            blocks: false,
            addressed: true,
            requests: 0,
            references: 0,
            reads: 0,
            writes: 0,
            bytes: 0,
            sized: true,
            size_changes: 0,
            first_time: 0.0,
            last_time: 0.0,
            timed: false,
            reuse_requests: Log2::default(),
            reuse_micros: Log2::default(),
            exact: Some(Box::new(StackDistances::new(0))),
            exact_distances: Log2::default(),
            exact_limit: EXACT_DISTANCE_OBJECTS,
            shards: Box::new(Shards::fixed_size(AUTO_SAMPLE_BLOCKS).expect("a valid sample size")),
            size_requests: Log2::default(),
            size_bytes: Log2::default(),
            windows: windows::Windows::new(DEFAULT_WINDOW_SECS, DEFAULT_WINDOW_REQUESTS),
            clients: clients::Clients::default(),
            runs: blocks::Runs::default(),
        }
    }

    /// A pass over a block trace: runs and the footprint by region too.
    pub fn for_blocks(self) -> Self {
        Self { blocks: true, ..self }
    }

    /// Windows of `secs` seconds (a timed trace) or `requests` requests (an untimed one).
    pub fn windows(self, secs: f64, requests: u64) -> Result<Self, WindowError> {
        if !(secs.is_finite() && secs > 0.0) {
            return Err(WindowError::Seconds(secs));
        }
        if requests == 0 {
            return Err(WindowError::Requests);
        }
        Ok(Self { windows: windows::Windows::new(secs, requests), ..self })
    }

    /// Exact stack distances up to `objects` distinct objects (then sampled): tests lower the
    /// limit to reach the switch on small traces.
    #[cfg(test)]
    pub(crate) fn exact_distances_up_to(self, objects: usize) -> Self {
        Self { exact_limit: objects, ..self }
    }

    /// Counts every request of `batch`, in order (its block ids numbered as in the whole trace).
    /// `batch.raw`, where given, continues the file ids earlier batches gave (a whole trace:
    /// all of them).
    pub fn feed(&mut self, batch: &Trace) {
        self.raw.extend_from_slice(&batch.raw);
        let sized = super::stackbytes::sized(batch);
        self.sized &= sized;
        if !self.sized {
            self.first_sizes = Vec::new();
        }
        let mut i = 0;
        for chunk in batch.records.chunks(GATHER) {
            let firsts = self.gather(batch, chunk);
            for (r, first) in chunk.iter().zip(firsts) {
                self.request(batch, sized, i, r, first);
                i += 1;
            }
        }
    }

    /// The numbers in the file of `chunk`'s first blocks (block traces), looked up together
    /// with the requests' objects before the requests are counted: random accesses into arrays
    /// bigger than the processor's caches, independent of each other, so their misses overlap
    /// (request by request, each would wait for its own).
    #[inline]
    fn gather(&self, batch: &Trace, chunk: &[Record]) -> [Option<u64>; GATHER] {
        let mut firsts = [None; GATHER];
        let mut touched = 0u32;
        for (first, r) in firsts.iter_mut().zip(chunk) {
            let Some(&b) = batch.blocks_of(r).first() else { continue };
            if self.blocks {
                *first = self.raw.get(b as usize).copied();
            }
            // Both ends of the object: one in four straddles two cache lines.
            let ends = self.objects.get(b as usize).map_or(0, |o| o.last_request as u32 ^ o.stack);
            touched = touched.wrapping_add(ends);
        }
        std::hint::black_box(touched);
        firsts
    }

    /// Request `r`, the `i`th of `batch` (`sized`: whether the batch carries sizes); `first`:
    /// its first block's number in the file.
    #[inline]
    fn request(&mut self, batch: &Trace, sized: bool, i: usize, r: &Record, first: Option<u64>) {
        let request = self.requests;
        self.requests += 1;
        match r.op {
            Op::Read => self.reads += 1,
            Op::Write => self.writes += 1,
        }
        let time = r.time_us();
        if let Some(t) = time {
            if !self.timed {
                (self.first_time, self.last_time, self.timed) = (t, t, true);
            }
            self.first_time = self.first_time.min(t);
            self.last_time = self.last_time.max(t);
        }
        let size = if sized { batch.sizes[i] } else { 0 };
        self.bytes += size;
        if sized {
            self.size_requests.add(size);
            self.size_bytes.add_weight(size, size as f64);
        }
        self.windows.request(request, time, size);
        let window_from = self.windows.current_from();
        self.clients.request(r.client, r.op, size);
        let blocks = batch.blocks_of(r);
        if self.blocks {
            match first {
                Some(first) if self.addressed => self.runs.request(r.client, first, blocks.len() as u64),
                _ => self.addressed = false,
            }
        }
        for &b in blocks {
            self.reference(b, request, time, size, window_from, r.client);
        }
    }

    /// A reference of object `b` by request number `request`; `window_from`: the current
    /// window's first request.
    #[inline]
    fn reference(&mut self, b: Block, request: u64, time: Option<f64>, size: u64, window_from: u64, client: u16) {
        self.references += 1;
        let i = b as usize;
        if i >= self.objects.len() {
            self.grow(i);
        }
        if let Some(exact) = self.exact.as_mut().filter(|e| e.is_full()) {
            exact.compact_slots(self.objects.iter_mut().map(|o| &mut o.stack));
        }
        let o = &mut self.objects[i];
        let new = o.references == 0;
        if new {
            if self.sized {
                self.first_sizes[i] = size;
            }
        } else {
            if self.sized && self.first_sizes[i] != size {
                self.size_changes += 1;
            }
            self.reuse_requests.add(request - o.last_request);
            if let Some(t) = time.filter(|_| !o.last_time.is_nan()) {
                self.reuse_micros.add((t - o.last_time).max(0.0) as u64);
            }
        }
        self.windows.reference(new, !new && o.last_request >= window_from);
        o.references = o.references.saturating_add(1);
        o.last_request = request;
        o.last_time = time.unwrap_or(f64::NAN);
        if let Some(exact) = &mut self.exact {
            if let Some(d) = exact.touch_slot(&mut o.stack) {
                self.exact_distances.add(d);
            }
            if exact.distinct() as usize > self.exact_limit {
                self.exact = None;
            }
        }
        let first_client = self.first_client(i, client, new);
        self.clients.reference(client, b, first_client, new);
        self.shards.access(b);
    }

    /// Room for object `i` and the objects before it.
    #[cold]
    fn grow(&mut self, i: usize) {
        let n = (i + 1).max(self.objects.len() * 2);
        self.objects.resize(n, UNSEEN);
        if self.sized {
            self.first_sizes.resize(n, 0);
        }
        if !self.first_clients.is_empty() {
            self.first_clients.resize(n, 0);
        }
    }

    /// The client of object `i`'s first reference, which is this one by `client` if `new`.
    #[inline]
    fn first_client(&mut self, i: usize, client: u16, new: bool) -> u16 {
        if self.first_clients.is_empty() {
            match self.sole_client {
                Some(c) if c == client => return client,
                None => {
                    self.sole_client = Some(client);
                    return client;
                }
                // A second client: from now on each object's first is kept.
                Some(c) => self.first_clients = vec![c; self.objects.len()],
            }
        }
        if new {
            self.first_clients[i] = client;
        }
        self.first_clients[i]
    }

    /// The report, naming the `top` most referenced objects by their ids in the file (as the
    /// batches gave them; an id past those is named by its dense id).
    pub fn report(&self, top: usize) -> ProfileReport {
        let referenced: Vec<(usize, u32)> =
            self.objects.iter().map(|o| o.references).enumerate().filter(|&(_, n)| n > 0).collect();
        let distinct = referenced.len() as u64;
        let mut times = vec![0u64; TIMES];
        let mut more = 0;
        for &(_, n) in &referenced {
            match times.get_mut(n as usize - 1) {
                Some(t) => *t += 1,
                None => more += 1,
            }
        }
        let once = times[0];
        let distinct_bytes: u64 = referenced.iter().map(|&(o, _)| self.first_size(o)).sum();
        let ratio = |a: f64, b: f64| if b > 0.0 { a / b } else { 0.0 };
        let sized = self.sized && self.requests > 0;
        let (sizes, popularity) = self.size_tables(&referenced, sized);
        let blocks = (self.blocks && self.addressed).then(|| {
            self.runs
                .report(referenced.iter().map(|&(o, n)| (self.raw.get(o).copied().unwrap_or(o as u64), u64::from(n))))
        });
        let mut by_count = referenced;
        // Most referenced first; ties in the order first seen (dense ids number by first sight).
        by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let top = by_count
            .iter()
            .take(top)
            .map(|&(o, n)| Popular {
                id: self.raw.get(o).copied().unwrap_or(o as u64),
                references: u64::from(n),
                share: ratio(f64::from(n), self.references as f64),
            })
            .collect();
        ProfileReport {
            requests: self.requests,
            references: self.references,
            reads: self.reads,
            writes: self.writes,
            distinct,
            bytes_requested: sized.then_some(self.bytes),
            distinct_bytes: sized.then_some(distinct_bytes),
            size_changes: self.size_changes,
            compulsory_miss_ratio: ratio(distinct as f64, self.references as f64),
            compulsory_byte_miss_ratio: sized.then(|| ratio(distinct_bytes as f64, self.bytes as f64)),
            mean_size_by_requests: sized.then(|| ratio(self.bytes as f64, self.requests as f64)),
            mean_size_by_objects: sized.then(|| ratio(distinct_bytes as f64, distinct as f64)),
            frequency_mean: ratio(self.references as f64, distinct as f64),
            time_span_secs: self.timed.then(|| (self.last_time - self.first_time) / 1e6),
            referenced_times: times,
            referenced_more: more,
            one_hit_wonders: ratio(once as f64, distinct as f64),
            top,
            zipf: zipf_fit(by_count.iter().map(|&(_, n)| n)),
            reuse: self.reuse(distinct),
            sizes,
            popularity,
            windows: self.windows.report(),
            clients: self.clients.report(),
            blocks,
        }
    }

    fn reuse(&self, distinct: u64) -> ReuseReport {
        let (distance, rate) = match &self.exact {
            Some(_) => (self.exact_distances.clone(), None),
            None => {
                let s = self.shards.report();
                let mut h = Log2::default();
                for &(d, w) in &s.depths {
                    h.add_weight(d, w);
                }
                // SHARDS_adj in spirit: the sample's reuses stand for the trace's, whose number
                // is known exactly.
                let total = h.total();
                if total > 0.0 {
                    h.scale((self.references - distinct) as f64 / total);
                }
                (h, Some(s.rate))
            }
        };
        ReuseReport {
            requests: self.reuse_requests.bins(1.0),
            seconds: self.reuse_micros.bins(1e-6),
            distance: distance.bins(1.0),
            distance_sample_rate: rate,
        }
    }

    /// Object `o`'s first size (0 for a trace without sizes).
    fn first_size(&self, o: usize) -> u64 {
        self.first_sizes.get(o).copied().unwrap_or(0)
    }

    /// The size table and size against popularity.
    fn size_tables(&self, referenced: &[(usize, u32)], sized: bool) -> (Vec<SizeBin>, Vec<PopularityBin>) {
        let (mut objects, mut references) = (Log2::default(), Log2::default());
        let mut by_refs: Vec<(u64, u64, u64)> = Vec::new(); // per bin: objects, references, bytes
        for &(o, n) in referenced {
            let size = self.first_size(o);
            if sized {
                objects.add(size);
                references.add_weight(size, f64::from(n));
            }
            let k = Log2::bin_of(u64::from(n));
            if by_refs.len() <= k {
                by_refs.resize(k + 1, (0, 0, 0));
            }
            let bin = &mut by_refs[k];
            (bin.0, bin.1, bin.2) = (bin.0 + 1, bin.1 + u64::from(n), bin.2 + size);
        }
        let popularity = by_refs
            .iter()
            .enumerate()
            .filter(|(_, b)| b.0 > 0)
            .map(|(k, &(objects, references, bytes))| {
                let (from, to) = bins::edges(k);
                PopularityBin { from, to, objects, references, mean_size: sized.then(|| bytes as f64 / objects as f64) }
            })
            .collect();
        if !sized {
            return (Vec::new(), popularity);
        }
        // One row per bin any of the four counts reaches.
        let lists = [self.size_requests.bins(1.0), self.size_bytes.bins(1.0), objects.bins(1.0), references.bins(1.0)];
        let mut rows: Vec<SizeBin> = Vec::new();
        for (which, list) in lists.iter().enumerate() {
            for b in list {
                let row = match rows.iter_mut().find(|r| r.from == b.from) {
                    Some(r) => r,
                    None => {
                        rows.push(SizeBin { from: b.from, to: b.to, requests: 0, bytes: 0, objects: 0, references: 0 });
                        rows.last_mut().expect("just pushed")
                    }
                };
                *[&mut row.requests, &mut row.bytes, &mut row.objects, &mut row.references][which] = b.count;
            }
        }
        rows.sort_by(|a, b| a.from.total_cmp(&b.from));
        (rows, popularity)
    }
}

/// The least-squares line through (ln rank, ln count) of counts given most first.
fn zipf_fit(counts: impl Iterator<Item = u32>) -> Option<ZipfFit> {
    let (mut n, mut sx, mut sy, mut sxx, mut sxy, mut syy) = (0.0f64, 0.0, 0.0, 0.0, 0.0, 0.0);
    for (rank, c) in counts.enumerate() {
        let (x, y) = (((rank + 1) as f64).ln(), f64::from(c).ln());
        n += 1.0;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        syy += y * y;
    }
    let (vx, vy, cov) = (sxx - sx * sx / n, syy - sy * sy / n, sxy - sx * sy / n);
    if n < 2.0 || vx <= 0.0 || vy <= 1e-12 {
        return None;
    }
    let slope = cov / vx;
    // R² of a least-squares line: the share of the variance it explains.
    Some(ZipfFit { alpha: -slope, r2: (cov * cov / (vx * vy)).clamp(0.0, 1.0) })
}

#[cfg(test)]
mod tests;
