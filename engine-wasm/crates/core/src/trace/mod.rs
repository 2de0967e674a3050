//! Trace files: one reader per format behind [`parse`], and the edge where raw addresses become
//! the dense block ids the rest of the engine indexes by (numbered by first appearance, with one
//! hash map here and nowhere else).
//!
//! Formats:
//! - `lines` — one decimal block number per line, optionally followed (after whitespace or a
//!   comma) by `r` or `w`; blank lines and `#` comments are skipped. Each line is a one-block
//!   request.
//! - `csv` — tiersim's canonical CSV: the header `time,client,block,nblocks,op,hint`, then one
//!   request per line: `time` in µs (may be empty), `client` (0–65535), `block` (a block number),
//!   `nblocks` (≥ 1), `op` (`r`, `w`, `read` or `write`), `hint` (empty, or on writes `synch`,
//!   `replace` or `recov` — paper 004's write hints). Plain comma-separated fields, no quoting.
//!   An optional seventh column, `size` (the header then ends `,hint,size`), gives each
//!   request's bytes: read as objects, the trace is sized ([`Trace::sizes`]).
//! - `vscsi` — CloudPhysics' binary block traces, version 1 (32-byte records) or 2 (40-byte),
//!   little-endian; see [`vscsi`].
//! - `msr` — MSR Cambridge: `Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime`
//!   (filetime ticks, `Read`/`Write`, bytes); the disk number is the client.
//! - `spc` — SPC/UMass: `ASU,LBA,Size,Opcode,Timestamp` (512-byte sectors, bytes, `r`/`w`,
//!   seconds); the ASU is the client.
//! - `blkparse` — Linux blktrace's text output; one request per queued (`Q`) event.
//! - `oracle-general` — libCacheSim's binary object traces: 24-byte little-endian records
//!   (u32 time, u64 object id, u32 size, i64 next access); each is a one-block read of its object.
//! - `k5cloud`, `tencent`, `alibaba` — cloud block-storage traces of many volumes at once; see
//!   [`volumes`] (each volume's blocks are keyed apart, and the volume is the client).
//! - `columns` — any delimited text trace, read through a column map ([`Options::columns`]):
//!   which column is the key (an id, hashed when it is text, or an address), the size, the
//!   time, the op and the client; see [`columns`].
//! - `webcachesim`, `wikimedia-upload`, `wikimedia-text` — public object traces as their
//!   collections publish them (webcachesim's `time id size`; Wikimedia's 2019 CDN traces), each a
//!   fixed column map; see [`published`].
//!
//! Any of them may come gzip- or zstd-compressed, recognised by their magic bytes. Files are
//! read in chunks as they arrive ([`TraceStream`]); [`parse`] is one chunk.
//!
//! Byte-addressed requests (msr, spc, blkparse, vscsi and the volume formats) are split into the
//! blocks they touch: `floor(offset / bs) ..= floor((offset + len − 1) / bs)`; `object_mode`
//! keys each request by its start address instead and never splits, as object-cache simulators
//! do, and keeps its length as its size in bytes ([`Trace::sizes`]). A zero-length request
//! moves no data: read as blocks it touches the block holding its offset, as an object it
//! takes 0 bytes (the peer, libCacheSim, admits such an object too). An object of 0 bytes (an
//! oracleGeneral record, the CSV's `size`) is refused: an object trace's objects hold data.

pub mod batch;
mod blkparse;
pub mod columns;
pub(crate) mod csv;
mod dense;
mod detect;
pub mod file;

pub mod fuzz;
mod lines;
mod msr;
pub mod oracle;
/// Threads and files: native only (the browser streams through [`TraceStream`] itself).
#[cfg(not(target_arch = "wasm32"))]
pub mod pipeline;
mod published;
mod spc;
pub mod stream;
pub mod summary;
pub mod volumes;
pub mod vscsi;

pub use detect::{detect, sniff};
pub use stream::{Finished, TraceStream};
pub use summary::{TraceClient, TraceSummary};
pub(crate) use volumes::{alibaba, k5cloud, tencent};

use crate::model::{Block, Op, WriteHint};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Lines,
    Csv,
    Msr,
    Spc,
    Blkparse,
    Vscsi,
    OracleGeneral,
    K5cloud,
    Tencent,
    Alibaba,
    Columns,
    Webcachesim,
    WikimediaUpload,
    WikimediaText,
}

impl Format {
    pub const ALL: [Format; 14] = [
        Format::Lines,
        Format::Csv,
        Format::Msr,
        Format::Spc,
        Format::Blkparse,
        Format::Vscsi,
        Format::OracleGeneral,
        Format::K5cloud,
        Format::Tencent,
        Format::Alibaba,
        Format::Columns,
        Format::Webcachesim,
        Format::WikimediaUpload,
        Format::WikimediaText,
    ];

    /// Whether read as objects, this format's records keep their sizes ([`Trace::sizes`]): an
    /// object trace's sizes, a byte-addressed block trace's request lengths. The canonical CSV
    /// does when its header has the `size` column, `columns` when its map has one; `lines`
    /// never does.
    pub fn records_sizes(self) -> bool {
        !matches!(self, Format::Lines | Format::Csv | Format::Columns)
    }

    /// Whether a record of this format may move 0 bytes: a byte-addressed block trace's
    /// zero-length request may; an object (oracleGeneral, the CSV's `size`) holds data.
    fn zero_sizes(self) -> bool {
        !matches!(
            self,
            Format::OracleGeneral
                | Format::Csv
                | Format::Lines
                | Format::Webcachesim
                | Format::WikimediaUpload
                | Format::WikimediaText
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Lines => "lines",
            Format::Csv => "csv",
            Format::Msr => "msr",
            Format::Spc => "spc",
            Format::Blkparse => "blkparse",
            Format::Vscsi => "vscsi",
            Format::OracleGeneral => "oracle-general",
            Format::K5cloud => "k5cloud",
            Format::Tencent => "tencent",
            Format::Alibaba => "alibaba",
            Format::Columns => "columns",
            Format::Webcachesim => "webcachesim",
            Format::WikimediaUpload => "wikimedia-upload",
            Format::WikimediaText => "wikimedia-text",
        }
    }

    /// The format to read when a column map may be given: a map reads [`Format::Columns`]
    /// (named or not), which reads nothing without one. Errors name the setting at fault,
    /// `columns` or `format`, for each façade to spell as its option.
    pub fn with_columns(
        format: Option<Format>,
        columns: Option<&columns::Columns>,
    ) -> Result<Option<Format>, TraceError> {
        let err = |place: &str, message: String| TraceError { place: place.into(), message };
        match (format, columns) {
            (None | Some(Format::Columns), Some(_)) => Ok(Some(Format::Columns)),
            (Some(f), Some(_)) => {
                Err(err("columns", format!("a column map reads the columns format, not {}", f.name())))
            }
            (Some(Format::Columns), None) => Err(err("format", "the columns format needs a column map".into())),
            (f, None) => Ok(f),
        }
    }

    pub fn parse_name(s: &str) -> Result<Format, String> {
        Format::ALL.into_iter().find(|f| f.name() == s).ok_or_else(|| {
            let names: Vec<_> = Format::ALL.iter().map(|f| f.name()).collect();
            format!("unknown trace format \"{}\" (expected one of {})", clip(s), names.join(", "))
        })
    }
}

/// The smallest and largest block sizes, in bytes (each a power of two between).
pub const MIN_BLOCK_SIZE: u32 = 512;
pub const MAX_BLOCK_SIZE: u32 = 1 << 20;

/// Whether `bytes` is a block size: a power of two from [`MIN_BLOCK_SIZE`] to [`MAX_BLOCK_SIZE`].
pub fn is_block_size(bytes: u32) -> bool {
    bytes.is_power_of_two() && (MIN_BLOCK_SIZE..=MAX_BLOCK_SIZE).contains(&bytes)
}

/// Every block size, smallest first.
pub fn block_sizes() -> Vec<u32> {
    (MIN_BLOCK_SIZE.trailing_zeros()..=MAX_BLOCK_SIZE.trailing_zeros()).map(|b| 1 << b).collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Bytes per block, for byte-addressed formats.
    pub block_size: u32,
    /// Key each request by its start address, unsplit.
    pub object_mode: bool,
    /// The column map of the `columns` format (the other formats ignore it).
    pub columns: Option<columns::Columns>,
}

impl Default for Options {
    fn default() -> Self {
        Self { block_size: 4096, object_mode: false, columns: None }
    }
}

impl Options {
    pub fn validate(&self) -> Result<(), TraceError> {
        let place = || "options".to_string();
        if !is_block_size(self.block_size) {
            return Err(TraceError {
                place: place(),
                message: format!(
                    "block size must be a power of two from 512 to 1048576 bytes (got {})",
                    self.block_size
                ),
            });
        }
        if let Some(c) = &self.columns {
            c.validate().map_err(|message| TraceError { place: place(), message })?;
        }
        Ok(())
    }
}

/// One request of a trace; its blocks are `trace.refs[start .. start + len]`. 24 bytes: a
/// big trace holds tens of millions of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub start: u32,
    pub len: u32,
    /// The issue time's bits ([`f64::to_bits`] of µs), or [`NO_TIME`].
    time_bits: u64,
    pub client: u16,
    pub op: Op,
    pub write_hint: Option<WriteHint>,
    /// Paper 002's range id, or [`NO_RANGE`] (kept in the padding the record had anyway).
    range: u32,
}

/// A record without a range.
const NO_RANGE: u32 = u32::MAX;

/// A record without a time (readers refuse times that are not finite, so no time has these bits).
const NO_TIME: u64 = u64::MAX;

impl Record {
    pub fn new(start: u32, len: u32, op: Op, time_us: Option<f64>, client: u16, write_hint: Option<WriteHint>) -> Self {
        Self { start, len, time_bits: time_us.map_or(NO_TIME, f64::to_bits), client, op, write_hint, range: NO_RANGE }
    }

    /// The same record carrying a range hint.
    pub fn with_range(self, range: Option<u32>) -> Self {
        Self { range: range.unwrap_or(NO_RANGE), ..self }
    }

    /// The range hint (paper 002), when the trace gives one.
    pub fn range(&self) -> Option<u32> {
        (self.range != NO_RANGE).then_some(self.range)
    }

    /// Issue time in microseconds, when the trace has one.
    pub fn time_us(&self) -> Option<f64> {
        (self.time_bits != NO_TIME).then(|| f64::from_bits(self.time_bits))
    }
}

/// A parsed trace: requests over dense block ids numbered by first appearance.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    pub records: Vec<Record>,
    pub refs: Vec<Block>,
    /// `raw[id]` is the block number (or object id) the file used for dense id `id`.
    pub raw: Vec<u64>,
    /// Each record's size in bytes, when the trace is read as objects from a format that records
    /// sizes ([`Format::records_sizes`]); empty otherwise (blocks count blocks, as they always have).
    pub sizes: Vec<u64>,
}

impl Trace {
    pub fn distinct(&self) -> usize {
        self.raw.len()
    }

    pub fn block_refs(&self) -> usize {
        self.refs.len()
    }

    /// Moves this trace's requests (records, block references, sizes) into `batch`, whose
    /// vectors it takes in exchange, emptied; `raw` stays. A stream's last batch is handed on so.
    pub fn hand_requests_to(&mut self, batch: &mut Trace) {
        batch.records.clear();
        batch.refs.clear();
        batch.sizes.clear();
        std::mem::swap(&mut self.records, &mut batch.records);
        std::mem::swap(&mut self.refs, &mut batch.refs);
        std::mem::swap(&mut self.sizes, &mut batch.sizes);
    }

    /// Requests `range` as a batch a stream would hand on: their records (`start`s counted from
    /// the batch's first reference), block references and sizes; no `raw` (tests cut traces so).
    #[cfg(test)]
    pub(crate) fn batch(&self, range: std::ops::Range<usize>) -> Trace {
        let records = &self.records[range.clone()];
        let (first, last) = match (records.first(), records.last()) {
            (Some(a), Some(z)) => (a.start as usize, (z.start + z.len) as usize),
            _ => (0, 0),
        };
        Trace {
            records: records.iter().map(|&r| Record { start: r.start - first as u32, ..r }).collect(),
            refs: self.refs[first..last].to_vec(),
            raw: Vec::new(),
            sizes: if self.sizes.is_empty() { Vec::new() } else { self.sizes[range].to_vec() },
        }
    }

    pub fn blocks_of(&self, r: &Record) -> &[Block] {
        &self.refs[r.start as usize..(r.start + r.len) as usize]
    }
}

/// A trace that cannot be read: where (`line 17`, `byte 96 (record 3)`) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceError {
    pub place: String,
    pub message: String,
}

impl std::fmt::Display for TraceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.place, self.message)
    }
}

impl std::error::Error for TraceError {}

/// Most block references one trace may expand to (dense ids and offsets are `u32`).
pub const MAX_REFS: usize = u32::MAX as usize - 1;
/// Most blocks one request may span once split.
pub const MAX_REQUEST_BLOCKS: u64 = 1 << 20;

/// Up to `N` `sep`-separated fields of `line`, trimmed, into a fixed array (no allocation per
/// line), and how many fields there were in all.
pub(crate) fn fields<const N: usize>(line: &str, sep: char) -> ([&str; N], usize) {
    debug_assert!(sep.is_ascii());
    let sep = sep as u8;
    let mut f = [""; N];
    let mut count = 0;
    let mut start = 0;
    // An ASCII separator always falls on a character boundary: cut the bytes.
    for (i, &c) in line.as_bytes().iter().enumerate() {
        if c == sep {
            if let Some(slot) = f.get_mut(count) {
                *slot = line[start..i].trim_ascii();
            }
            count += 1;
            start = i + 1;
        }
    }
    if let Some(slot) = f.get_mut(count) {
        *slot = line[start..].trim_ascii();
    }
    (f, count + 1)
}

/// [`fields`] over bytes (for readers that parse ASCII fields without checking UTF-8).
pub(crate) fn byte_fields<const N: usize>(line: &[u8], sep: u8) -> ([&[u8]; N], usize) {
    let mut f: [&[u8]; N] = [&[]; N];
    let mut count = 0;
    let mut start = 0;
    for i in memchr::memchr_iter(sep, line) {
        if let Some(slot) = f.get_mut(count) {
            *slot = line[start..i].trim_ascii();
        }
        count += 1;
        start = i + 1;
    }
    if let Some(slot) = f.get_mut(count) {
        *slot = line[start..].trim_ascii();
    }
    (f, count + 1)
}

/// A decimal `u64` (digits only, at most 20); `None` otherwise or on overflow.
#[inline]
pub(crate) fn parse_u64(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() || digits.len() > 20 {
        return None;
    }
    // Overflow is checked by comparison: `checked_mul` on a u64 is a 128-bit multiply call in
    // wasm32, and this is the hot path of every text trace.
    const LIMIT: u64 = u64::MAX / 10;
    let mut v: u64 = 0;
    for &c in digits {
        let d = c.wrapping_sub(b'0');
        if d > 9 || v > LIMIT || (v == LIMIT && d as u64 > u64::MAX % 10) {
            return None;
        }
        v = v * 10 + d as u64;
    }
    Some(v)
}

/// The byte offset of 512-byte sector `sectors`; `None` past 2^55 sectors (a shift and a test:
/// `checked_mul` would be a 128-bit multiply call in wasm32).
#[inline]
pub(crate) fn sector_bytes(sectors: u64) -> Option<u64> {
    (sectors >> 55 == 0).then_some(sectors << 9)
}

/// Shows at most 40 characters of offending input.
/// The error for a text field that does not read: `line {n}: {field}: expected {want}, got "…"`.
pub(crate) fn bad_field(n: u64, field: &str, want: &str, got: &str) -> TraceError {
    TraceError { place: format!("line {n}"), message: format!("{field}: expected {want}, got \"{}\"", clip(got)) }
}

pub(crate) fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// What a request says besides its blocks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Meta {
    pub op: Op,
    pub time_us: Option<f64>,
    pub client: u16,
    pub write_hint: Option<WriteHint>,
    pub range: Option<u32>,
    /// The request's size in bytes, from a format that records one (kept in object mode).
    pub size: Option<u64>,
}

impl Meta {
    pub(crate) fn op(op: Op) -> Self {
        Self { op, time_us: None, client: 0, write_hint: None, range: None, size: None }
    }
}

/// The largest object a sized trace may request: 1 TiB.
pub const MAX_OBJECT_BYTES: u64 = 1 << 40;

/// Whether `size` is an object size a sized trace accepts (`zero`: 0 bytes too).
#[inline]
fn valid_size(size: u64, zero: bool) -> bool {
    size <= MAX_OBJECT_BYTES && (size > 0 || zero)
}

/// Accumulates records, numbering raw blocks densely by first appearance.
pub(crate) struct Builder {
    trace: Trace,
    /// Keep the records (else only count them: a pass over a file too big to hold).
    keep: bool,
    requests: u64,
    block_refs: u64,
    /// Raw block number → dense id: the one hash table on the way in ([`dense`]).
    dense: dense::DenseIds,
    /// Raw blocks not yet numbered (resolved a batch at a time).
    pending: Vec<u64>,
    /// Scratch for a batch's ids when only counting.
    scratch: Vec<Block>,
    /// Most bytes the kept records and block references may take (`usize::MAX`: no limit);
    /// past it the builder only counts, and the stream ends in an error giving the whole
    /// file's size.
    limit: usize,
    /// Where the trace outgrew `limit` (or memory ran out).
    overflow: Option<String>,
    /// Keep each record's size ([`Trace::sizes`]): an object trace whose format records sizes.
    sized: bool,
    /// Whether a kept size may be 0 ([`Format::zero_sizes`]).
    zero_sizes: bool,
}

impl Builder {
    pub(crate) fn new() -> Self {
        Self {
            trace: Trace::default(),
            keep: true,
            requests: 0,
            block_refs: 0,
            dense: dense::DenseIds::new(),
            pending: Vec::with_capacity(dense::BATCH),
            scratch: Vec::with_capacity(dense::BATCH),
            limit: usize::MAX,
            overflow: None,
            sized: false,
            zero_sizes: false,
        }
    }

    /// Keep each record's size ([`Trace::sizes`]) — `format`'s, which says whether 0 bytes is
    /// a size; every record must then give one. Before the first record.
    pub(crate) fn keep_sizes(&mut self, format: Format) {
        self.keep_sizes_zero(format.zero_sizes());
    }

    /// [`Builder::keep_sizes`], saying whether 0 bytes is a size.
    pub(crate) fn keep_sizes_zero(&mut self, zero: bool) {
        debug_assert_eq!(self.requests, 0, "sizes kept from the first record");
        self.sized = true;
        self.zero_sizes = zero;
    }

    /// Whether a request of `n` blocks fits in the vectors as they are.
    #[inline]
    fn has_room(&self, n: usize) -> bool {
        let t = &self.trace;
        t.records.len() < t.records.capacity() && t.refs.capacity() - t.refs.len() >= self.pending.len() + n
    }

    /// Grows the vectors for a request of `n` blocks — doubling, or by a quarter near the
    /// limit — or, past the limit or out of memory, stops keeping them (counting goes on).
    #[cold]
    fn make_room(&mut self, place: impl Fn() -> String, n: usize) {
        let t = &mut self.trace;
        let need = self.pending.len() + n;
        let grown = |len: usize, cap: usize, need: usize, quarter: bool| {
            if cap - len >= need {
                cap
            } else if quarter {
                len + len / 4 + need
            } else {
                (cap * 2).max(len + need).max(1024)
            }
        };
        let per_record = size_of::<Record>() + if self.sized { size_of::<u64>() } else { 0 };
        let bytes = |r: usize, f: usize| r.saturating_mul(per_record).saturating_add(f.saturating_mul(4));
        let (mut r, mut f) = (
            grown(t.records.len(), t.records.capacity(), 1, false),
            grown(t.refs.len(), t.refs.capacity(), need, false),
        );
        if bytes(r, f) > self.limit {
            (r, f) = (
                grown(t.records.len(), t.records.capacity(), 1, true),
                grown(t.refs.len(), t.refs.capacity(), need, true),
            );
        }
        let fits = bytes(r, f) <= self.limit
            && t.records.try_reserve_exact(r - t.records.len()).is_ok()
            && t.refs.try_reserve_exact(f - t.refs.len()).is_ok()
            && (!self.sized || t.sizes.try_reserve_exact(r - t.sizes.len()).is_ok());
        if !fits {
            self.keep = false;
            self.trace.records = Vec::new();
            self.trace.refs = Vec::new();
            self.trace.sizes = Vec::new();
            self.overflow = Some(place());
        }
    }

    /// Room for `records` requests and `refs` block references at once, if that is within the
    /// limit and memory allows (else the vectors grow as they go).
    pub(crate) fn reserve(&mut self, records: usize, refs: usize) {
        let t = &mut self.trace;
        let per_record = size_of::<Record>() + if self.sized { size_of::<u64>() } else { 0 };
        let bytes = records.saturating_mul(per_record).saturating_add(refs.saturating_mul(4));
        if self.keep && bytes <= self.limit && refs <= MAX_REFS && t.records.try_reserve_exact(records).is_ok() {
            let _ = t.refs.try_reserve_exact(refs);
            if self.sized {
                let _ = t.sizes.try_reserve_exact(records);
            }
        }
    }

    /// Keep at most `bytes` of records and block references (see [`TraceStream::memory_limit`]).
    pub(crate) fn limit(&mut self, bytes: usize) {
        self.limit = bytes;
    }

    /// The memory limit, if one was set.
    pub(crate) fn limit_bytes(&self) -> Option<usize> {
        (self.limit != usize::MAX).then_some(self.limit)
    }

    /// Where the trace outgrew its memory limit, if it did.
    pub(crate) fn overflow(&self) -> Option<&str> {
        self.overflow.as_deref()
    }

    /// Numbers the pending raw blocks.
    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let out = if self.keep { &mut self.trace.refs } else { &mut self.scratch };
        self.dense.resolve(&self.pending, out, &mut self.trace.raw);
        self.scratch.clear();
        self.pending.clear();
    }

    /// Adds a request for raw blocks `first .. first + n`.
    pub(crate) fn push(
        &mut self,
        place: impl Fn() -> String,
        first: u64,
        n: u64,
        meta: Meta,
    ) -> Result<(), TraceError> {
        let Meta { op, time_us, client, write_hint, range, size } = meta;
        let size = match (self.sized, size) {
            (false, _) => 0,
            (true, Some(s)) if valid_size(s, self.zero_sizes) => s,
            (true, s) => {
                return Err(TraceError {
                    place: place(),
                    message: format!(
                        "an object's size must be from {} byte{} to {MAX_OBJECT_BYTES} bytes (1 TiB), got {}",
                        u8::from(!self.zero_sizes),
                        if self.zero_sizes { "s" } else { "" },
                        s.map_or("none".to_string(), |s| s.to_string())
                    ),
                })
            }
        };
        if n == 0 || n > MAX_REQUEST_BLOCKS {
            return Err(TraceError {
                place: place(),
                message: format!("a request must span 1 to {MAX_REQUEST_BLOCKS} blocks (got {n})"),
            });
        }
        if first.checked_add(n - 1).is_none() {
            return Err(TraceError { place: place(), message: format!("block range {first} + {n} overflows") });
        }
        if self.keep && self.trace.refs.len() + self.pending.len() + n as usize > MAX_REFS {
            return Err(TraceError { place: place(), message: format!("more than {MAX_REFS} block references") });
        }
        if self.keep && !self.has_room(n as usize) {
            self.make_room(&place, n as usize);
        }
        self.requests += 1;
        self.block_refs += n;
        let start = (self.trace.refs.len() + self.pending.len()) as u32;
        for k in 0..n {
            self.pending.push(first + k);
            if self.pending.len() == dense::BATCH {
                self.flush();
            }
        }
        if self.keep {
            self.trace.records.push(Record::new(start, n as u32, op, time_us, client, write_hint).with_range(range));
            if self.sized {
                self.trace.sizes.push(size);
            }
        }
        Ok(())
    }

    /// A one-block read of `size` bytes at `time_us` (oracleGeneral's hot path): `push`
    /// without the checks such a request passes; false (and nothing added) when the trace is
    /// full, its vectors must grow or the size is refused, for `push` to do it or say why.
    #[inline]
    pub(crate) fn push_one_read(&mut self, raw: u64, time_us: f64, size: u64) -> bool {
        let start = self.trace.refs.len() + self.pending.len();
        if (self.keep && (start >= MAX_REFS || !self.has_room(1))) || (self.sized && !valid_size(size, self.zero_sizes))
        {
            return false;
        }
        self.requests += 1;
        self.block_refs += 1;
        self.pending.push(raw);
        if self.pending.len() == dense::BATCH {
            self.flush();
        }
        if self.keep {
            self.trace.records.push(Record::new(start as u32, 1, Op::Read, Some(time_us), 0, None));
            if self.sized {
                self.trace.sizes.push(size);
            }
        }
        true
    }

    pub(crate) fn requests(&self) -> u64 {
        self.requests
    }

    pub(crate) fn block_refs(&self) -> u64 {
        self.block_refs
    }

    /// Requests read and kept but not yet handed on by [`Builder::drain_into`].
    pub(crate) fn buffered(&self) -> usize {
        self.trace.records.len()
    }

    /// The file ids of the blocks numbered so far (the pending ones not yet).
    pub(crate) fn numbered(&self) -> &[u64] {
        &self.trace.raw
    }

    /// Distinct blocks numbered so far (the pending ones not yet).
    pub(crate) fn distinct(&self) -> usize {
        self.trace.raw.len()
    }

    /// Hands the requests read so far to `batch` (its requests and block references; `raw`
    /// stays here) and keeps `batch`'s emptied vectors for the next ones: a stream passed on
    /// batch by batch reuses the same few buffers. Later requests' `start`s count from the new
    /// vector's beginning, as a batch's must.
    pub(crate) fn drain_into(&mut self, batch: &mut Trace) {
        self.flush();
        self.trace.hand_requests_to(batch);
    }

    pub(crate) fn counting_only(&mut self) {
        self.keep = false;
    }

    pub(crate) fn finish(mut self) -> Trace {
        self.flush();
        self.trace
    }
}

/// The blocks a byte range touches: `floor(off / bs) ..= floor((off + len − 1) / bs)`; a
/// zero-length range touches the block holding `off`. `object_mode`: the start address, one block.
pub(crate) fn split(offset: u64, len: u64, opts: &Options) -> (u64, u64) {
    if opts.object_mode {
        return (offset, 1);
    }
    let bs = opts.block_size.max(1) as u64;
    let first = offset / bs;
    let last = (offset.saturating_add(len.max(1) - 1)) / bs;
    (first, last - first + 1)
}

/// Reads a whole trace held in memory (a stream of one chunk).
pub fn parse(bytes: &[u8], format: Format, opts: &Options) -> Result<Trace, TraceError> {
    let mut s = TraceStream::new(format, *opts)?;
    s.push(bytes)?;
    Ok(s.finish()?.trace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_map_reads_the_columns_format_only() {
        let map = columns::Columns::parse_spec("key=1").unwrap();
        assert_eq!(Format::with_columns(None, Some(&map)), Ok(Some(Format::Columns)));
        assert_eq!(Format::with_columns(Some(Format::Columns), Some(&map)), Ok(Some(Format::Columns)));
        assert_eq!(Format::with_columns(Some(Format::Msr), None), Ok(Some(Format::Msr)));
        assert_eq!(Format::with_columns(None, None), Ok(None));
        let e = Format::with_columns(Some(Format::Msr), Some(&map)).unwrap_err();
        assert_eq!(
            (e.place.as_str(), e.message.as_str()),
            ("columns", "a column map reads the columns format, not msr")
        );
        let e = Format::with_columns(Some(Format::Columns), None).unwrap_err();
        assert_eq!((e.place.as_str(), e.message.as_str()), ("format", "the columns format needs a column map"));
    }

    #[test]
    fn reads_decimal_u64_up_to_its_maximum() {
        assert_eq!(parse_u64(b"0"), Some(0));
        assert_eq!(parse_u64(b"0042"), Some(42));
        assert_eq!(parse_u64(b"18446744073709551615"), Some(u64::MAX));
        assert_eq!(parse_u64(b"18446744073709551609"), Some(u64::MAX - 6));
        for overflow in
            ["18446744073709551616", "18446744073709551620", "99999999999999999999", "000000000000000000001"]
        {
            assert_eq!(parse_u64(overflow.as_bytes()), None, "{overflow}");
        }
        for bad in ["", "-1", "1e3", " 1", "12a"] {
            assert_eq!(parse_u64(bad.as_bytes()), None, "{bad:?}");
        }
    }

    #[test]
    fn sector_offsets_stop_at_overflow() {
        assert_eq!(sector_bytes(3), Some(1536));
        assert_eq!(sector_bytes((1 << 55) - 1), Some(u64::MAX - 511));
        assert_eq!(sector_bytes(1 << 55), None);
        assert_eq!(sector_bytes(u64::MAX), None);
    }

    #[test]
    fn splits_byte_ranges_into_blocks() {
        let o = Options { block_size: 4096, object_mode: false, columns: None };
        assert_eq!(split(0, 4096, &o), (0, 1));
        assert_eq!(split(0, 4097, &o), (0, 2));
        assert_eq!(split(4095, 2, &o), (0, 2), "straddles a boundary");
        assert_eq!(split(8192, 0, &o), (2, 1), "zero length: the block holding the offset");
        assert_eq!(split(12288, 8192, &o), (3, 2));
        assert_eq!(split(4095, 2, &Options { object_mode: true, ..o }), (4095, 1));
    }

    #[test]
    fn numbers_blocks_densely_by_first_appearance() {
        let t = parse(b"700\n5\n700\n9\n5\n", Format::Lines, &Options::default()).unwrap();
        assert_eq!(t.refs, [0, 1, 0, 2, 1]);
        assert_eq!(t.raw, [700, 5, 9]);
        assert_eq!((t.distinct(), t.block_refs(), t.records.len()), (3, 5, 5));
    }

    #[test]
    fn read_as_objects_byte_addressed_requests_keep_their_lengths_as_sizes() {
        let objects = Options { object_mode: true, ..Options::default() };
        let sized = |text: &[u8], format: Format| {
            let t = parse(text, format, &objects).unwrap();
            assert!(format.records_sizes());
            assert!(parse(text, format, &Options::default()).unwrap().sizes.is_empty(), "{format:?} as blocks");
            (t.raw, t.sizes)
        };
        // One request of each format, 8 KiB at byte 8192 (and, where it can, one of 0 bytes:
        // an object of 0 bytes, the block holding the offset as blocks).
        let msr = b"128166372003061629,hm,1,Read,8192,8192,100\n128166372003061630,hm,1,Write,4096,0,100\n";
        assert_eq!(sized(msr, Format::Msr), (vec![8192, 4096], vec![8192, 0]));
        assert_eq!(sized(b"0,16,8192,r,0.0\n", Format::Spc), (vec![8192], vec![8192]));
        let blk = b"  8,0    1        1     0.000000000  100  Q   R 16 + 16 [fio]\n";
        assert_eq!(sized(blk, Format::Blkparse), (vec![8192], vec![8192]));
        let vscsi = [vscsi::tests::record_v1(0x28, 16, 8192, 1), vscsi::tests::record_v1(0x28, 8, 0, 2)].concat();
        assert_eq!(sized(&vscsi, Format::Vscsi), (vec![8192, 4096], vec![8192, 0]));
        let (raw, sizes) = sized(b"3,1.0,R,8192,8192\n", Format::K5cloud);
        assert_eq!((raw.len(), sizes), (1, vec![8192]));
        // A length past 1 TiB is refused, naming the line.
        let e = parse(b"0,16,1099511627777,r,0.0\n", Format::Spc, &objects).unwrap_err().to_string();
        assert_eq!(
            e,
            "line 1: an object's size must be from 0 bytes to 1099511627776 bytes (1 TiB), got 1099511627777"
        );
        assert!(!Format::Lines.records_sizes() && !Format::Csv.records_sizes());
        // The summary says whether the records give sizes, however the trace was read.
        let sized = |text: &[u8], format: Format, opts: &Options| {
            let mut s = TraceStream::new(format, *opts).unwrap();
            s.push(text).unwrap();
            s.finish().unwrap().sized
        };
        for opts in [objects, Options::default()] {
            assert!(sized(msr, Format::Msr, &opts));
            assert!(!sized(b"7\n9\n", Format::Lines, &opts));
            let csv = b"time,client,block,nblocks,op,hint,size\n,0,7,1,r,,4096\n";
            assert!(sized(csv, Format::Csv, &opts));
            assert!(!sized(b"time,client,block,nblocks,op,hint\n,0,7,1,r,\n", Format::Csv, &opts));
        }
    }

    #[test]
    fn the_canonical_csv_takes_an_optional_size_column() {
        let objects = Options { object_mode: true, ..Options::default() };
        let text = b"time,client,block,nblocks,op,hint,size\n,0,7,1,r,,4096\n,0,9,1,w,,100\n,0,7,1,r,,4096\n";
        let t = parse(text, Format::Csv, &objects).unwrap();
        assert_eq!((t.refs, t.sizes), (vec![0, 1, 0], vec![4096, 100, 4096]));
        // As blocks the column is read (and checked) but not kept; without it, nothing is kept.
        assert!(parse(text, Format::Csv, &Options::default()).unwrap().sizes.is_empty());
        let plain = parse(b"time,client,block,nblocks,op,hint\n,0,7,1,r,\n", Format::Csv, &objects).unwrap();
        assert!(plain.sizes.is_empty());
        assert_eq!(detect(text), Some(Format::Csv));
        let err = |rows: &str| {
            parse(format!("time,client,block,nblocks,op,hint,size\n{rows}").as_bytes(), Format::Csv, &objects)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(err(",0,7,1,r,\n"), "line 2: expected 7 fields (time,client,block,nblocks,op,hint,size), got 6");
        assert_eq!(err(",0,7,1,r,,4k\n"), "line 2: size: expected a size in bytes, got \"4k\"");
        assert_eq!(
            err(",0,7,1,r,,0\n"),
            "line 2: an object's size must be from 1 byte to 1099511627776 bytes (1 TiB), got 0"
        );
        let e = parse(b"time,client,block,nblocks,op,hint,bytes\n", Format::Csv, &objects).unwrap_err().to_string();
        assert!(e.starts_with("line 1: missing header time,client,block,nblocks,op,hint (or "), "{e}");
    }

    #[test]
    fn detects_every_format() {
        assert_eq!(detect(b"1\n2\n3 w\n"), Some(Format::Lines));
        assert_eq!(detect(b"time,client,block,nblocks,op,hint\n,0,1,1,r,\n"), Some(Format::Csv));
        assert_eq!(detect(&vscsi::tests::record_v1(0x28, 8, 4096, 1)), Some(Format::Vscsi));
        assert_eq!(detect(&oracle::tests::record(1, 42, 4096, -1)), Some(Format::OracleGeneral));
        assert_eq!(detect(b""), None);
        assert_eq!(detect(b"hello world\n"), None);
        assert_eq!(detect(b"128166372003061629,hm,1,Read,8192,8192,1000\n"), Some(Format::Msr));
        assert_eq!(detect(b"0,16,8192,r,0.000\n1,7,1024,w,0.5\n"), Some(Format::Spc));
        assert_eq!(detect(b"  8,0    1        4     0.001  1200  Q   R 16 + 16 [cat]\n"), Some(Format::Blkparse));
        assert_eq!(Format::parse_name("oracle-general"), Ok(Format::OracleGeneral));
        assert!(Format::parse_name("parquet")
            .unwrap_err()
            .contains("lines, csv, msr, spc, blkparse, vscsi, oracle-general, k5cloud, tencent, alibaba"));
        assert_eq!(detect(b"12,0.5,R,8192,8192\n3,1.25,W,8192,100\n"), Some(Format::K5cloud));
        assert_eq!(detect(b"1538323200,16,8,0,1063\n1538323201,24,16,1,1063\n"), Some(Format::Tencent));
        assert_eq!(detect(b"7,W,126703644672,4096,1577808000000626\n"), Some(Format::Alibaba));
    }

    /// Thirty lines of notes, as a person writes them: UTF-8 (an em dash, curly quotes).
    fn prose(numbers: bool) -> String {
        let mut text = String::new();
        for i in 1..=30 {
            if numbers && i % 3 == 0 {
                text.push_str(&format!("{} blocks — that’s what the run “read” on day {i}\n", i * 40));
            } else {
                text.push_str(&format!("Line {i} of the meeting notes — we talked about caches, again.\n"));
            }
        }
        text
    }

    #[test]
    fn prose_is_not_a_trace_and_says_why() {
        let why = sniff(prose(false).as_bytes()).unwrap_err();
        assert_eq!(
            why,
            "looks like text but no line parses as any text format (line 1: \"Line 1 of the meeting notes — we talked …\")"
        );
        // Numbers at the start of some lines: still no format reads it.
        let why = sniff(prose(true).as_bytes()).unwrap_err();
        assert!(why.starts_with("looks like text but no line parses"), "{why}");
        // Every line starting with a number: the lines format is tried, and refuses.
        let numbered = "12 apples\n30 pears\n7 plums\n";
        assert_eq!(
            sniff(numbered.as_bytes()).unwrap_err(),
            "looks like text but no line parses as any text format (line 1: \"12 apples\"; as lines, line 1: expected r \
             or w after the block, got \"apples\")"
        );
        // Plain ASCII, Latin-1, gzip'd: the same.
        assert!(detect(b"The quick brown fox\njumps over the lazy dog.\n").is_none());
        assert!(detect(b"Caf\xe9 cr\xe8me, 3 fois par jour\nVoil\xe0 tout.\n").is_none());
        use std::io::Write;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(prose(true).as_bytes()).unwrap();
        assert!(sniff(&gz.finish().unwrap()).unwrap_err().starts_with("looks like text"));
        // Text a multiple of 24 bytes long read as oracleGeneral records would have next-access
        // fields above 2⁶¹: refused there too.
        let text = "x".repeat(24 * 4);
        assert!(oracle::plausible(text.as_bytes(), true).unwrap_err().contains("neither −1 nor a request index"));
    }

    #[test]
    fn binary_formats_need_plausible_records() {
        // oracleGeneral: next accesses −1 or request indexes, times that do not go back.
        let good: Vec<u8> = (0..100u32).flat_map(|i| oracle::encode(i, (i % 7) as u64, 4096, i as i64 + 7)).collect();
        assert_eq!(sniff(&good), Ok(Format::OracleGeneral));
        let shuffled: Vec<u8> =
            (0..100u32).flat_map(|i| oracle::encode((i * 7919) % 1000, i as u64, 4096, -1)).collect();
        assert_eq!(
            sniff(&shuffled).unwrap_err(),
            "binary, and no binary format reads it (vscsi: the version field says neither 1 nor 2; \
             oracleGeneral: times go back 90 times in 100 records)"
        );
        let cut = &good[..good.len() - 5];
        assert!(sniff(cut).unwrap_err().contains("oracleGeneral: 2395 bytes is not a whole number of 24-byte records"));
        // vscsi: every record of one version, mostly reads and writes, times going forward.
        let v: Vec<u8> =
            (0..50u64).flat_map(|i| vscsi::encode_v1(if i % 2 == 0 { 0x28 } else { 0x2a }, i * 8, 4096, i)).collect();
        assert_eq!(sniff(&v), Ok(Format::Vscsi));
        let mut mixed = v.clone();
        mixed[32 * 3 + 15] = 2;
        assert!(sniff(&mixed).unwrap_err().contains("vscsi: record 3's version field is 2, record 0's 1"), "{mixed:?}");
        let idle: Vec<u8> = (0..50u64).flat_map(|i| vscsi::encode_v1(0x00, i, 0, i)).collect();
        assert!(sniff(&idle).unwrap_err().contains("vscsi: only 0 of 50 records are reads or writes"));
        assert_eq!(sniff(b"").unwrap_err(), "the file is empty");
    }

    #[test]
    fn a_first_chunk_cut_inside_a_line_still_detects() {
        let msr = b"128166372003061629,hm,1,Read,8192,8192,1000\n128166372003061630,hm,1,Re";
        assert_eq!(sniff(msr), Ok(Format::Msr));
        let csv = b"time,client,block,nblocks,op,hint\n1,0,5,1,r,\n2,0,6,1,w,syn";
        assert_eq!(sniff(csv), Ok(Format::Csv));
        assert_eq!(sniff(b"17"), Ok(Format::Lines), "a one-line file without its line feed");
        // A trace with a bad record is that trace (refused at the record when read), not prose.
        let mut bad = "128166372003061629,hm,1,Read,8192,8192,1000\n".repeat(7);
        bad.push_str("128166372003061630,hm,1,Trim,0,4096,1\n");
        assert_eq!(sniff(bad.as_bytes()), Ok(Format::Msr));
    }

    #[test]
    fn bundled_traces_are_still_detected() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../public/traces");
        for (file, format) in [
            ("mix-20000.oracleGeneral.gz", Format::OracleGeneral),
            ("zipf-3072.csv.gz", Format::Csv),
            ("oltp-hints.csv.gz", Format::Csv),
        ] {
            let bytes = std::fs::read(format!("{dir}/{file}")).unwrap();
            assert_eq!(sniff(&bytes), Ok(format), "{file}");
            // The first chunk a reader gets, cut anywhere.
            assert_eq!(sniff(&bytes[..bytes.len().min(70_001)]), Ok(format), "{file} cut");
        }
    }

    #[test]
    fn reads_through_gzip_and_zstd() {
        use std::io::Write;
        let plain = b"time,client,block,nblocks,op,hint\n,0,7,2,r,\n,1,9,1,w,synch\n".to_vec();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&plain).unwrap();
        let gz = gz.finish().unwrap();
        let zst = ruzstd::encoding::compress_to_vec(&plain[..], ruzstd::encoding::CompressionLevel::Fastest);
        let want = parse(&plain, Format::Csv, &Options::default()).unwrap();
        for packed in [&gz, &zst] {
            assert_eq!(detect(packed), Some(Format::Csv));
            assert_eq!(parse(packed, Format::Csv, &Options::default()).unwrap(), want);
        }
        let mut broken = gz.clone();
        broken.truncate(gz.len() / 2);
        assert!(parse(&broken, Format::Csv, &Options::default()).unwrap_err().message.starts_with("damaged gzip data"));
        let broken = [&zst[..4], &[0xff; 8][..]].concat();
        assert!(parse(&broken, Format::Csv, &Options::default()).unwrap_err().message.starts_with("damaged zstd data"));
    }

    #[test]
    fn bad_options_and_empty_input_are_errors() {
        let e =
            parse(b"1\n", Format::Lines, &Options { block_size: 1000, object_mode: false, columns: None }).unwrap_err();
        assert!(e.to_string().contains("block size"), "{e}");
        assert_eq!(parse(b"", Format::Csv, &Options::default()).unwrap_err().to_string(), "byte 0: the trace is empty");
    }
}
