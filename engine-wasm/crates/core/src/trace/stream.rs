//! Reading a trace in chunks, as they arrive (a browser's `File.stream()`, a file read piece by
//! piece): never the whole file in memory. gzip and zstd are recognised by their magic bytes
//! and decompressed as the chunks come; text is cut into lines and binary data into records
//! across chunk boundaries, so the result is the same wherever the chunks are cut (a test cuts
//! small files at every byte). [`super::parse`] is this with one chunk.
//!
//! A bad record stops the stream with its place, unless `skip_bad` is on: then it is counted
//! ([`TraceStream::skipped`]) and the first one kept for the report. Damaged compression (a
//! truncated `.gz` too) is placed at its compressed and decompressed offsets; it stops the
//! stream, or with `skip_bad` ends it there, keeping every whole record read before it (zstd
//! holds back its last window of output until a frame ends, so from a truncated `.zst` that
//! is the records before the window). An
//! empty file and a file that is not the format at all stop it either way.

use std::io::Write;

use super::vscsi::{self, Version};
use super::{alibaba, blkparse, columns, csv, k5cloud, lines, msr, oracle, published, spc, tencent};
use super::{Builder, Format, Options, Trace, TraceError};

/// Decompressed bytes produced per zstd call.
const ZSTD_OUT: usize = 128 * 1024;
/// Largest zstd frame header (magic, descriptor, window, dictionary id, content size).
const ZSTD_HEADER: usize = 18;

/// Damaged compressed data, `compressed` bytes into the file and `unpacked` bytes into what it
/// decompressed to.
fn damaged(kind: &str, compressed: u64, unpacked: u64, e: impl std::fmt::Display) -> TraceError {
    TraceError {
        place: format!("compressed byte {compressed} (decompressed byte {unpacked})"),
        message: format!("damaged {kind} data: {e}"),
    }
}

enum Unpack {
    /// Fewer than four bytes seen: not yet known.
    Unknown,
    Plain,
    Gzip(Box<Gzip>),
    Zstd(Box<Zstd>),
    /// Damaged compression, skipped (`skip_bad`): the rest of the file is ignored.
    Ended,
}

struct Gzip {
    decoder: flate2::write::MultiGzDecoder<Vec<u8>>,
    /// Compressed bytes the decoder took, and decompressed bytes it gave (for error places).
    consumed: u64,
    produced: u64,
}

struct Zstd {
    frame: Option<ruzstd::decoding::FrameDecoder>,
    /// Compressed bytes not yet decoded (less than a block, or a frame header).
    input: Vec<u8>,
    /// Compressed bytes consumed and decompressed bytes produced so far (for error places).
    consumed: u64,
    produced: u64,
    out: Vec<u8>,
}

impl Zstd {
    /// Decodes what it can; `end`: no more input will come.
    fn pump(&mut self, parser: &mut Parser, end: bool) -> Result<(), TraceError> {
        loop {
            if self.frame.is_none() {
                if self.input.is_empty() || (self.input.len() < ZSTD_HEADER && !end) {
                    return Ok(());
                }
                let mut frame = ruzstd::decoding::FrameDecoder::new();
                let mut src = &self.input[..];
                frame.init(&mut src).map_err(|e| damaged("zstd", self.consumed, self.produced, e))?;
                let used = self.input.len() - src.len();
                self.input.drain(..used);
                self.consumed += used as u64;
                self.frame = Some(frame);
            }
            let frame = self.frame.as_mut().expect("set above");
            let (read, written) = frame
                .decode_from_to(&self.input, &mut self.out)
                .map_err(|e| damaged("zstd", self.consumed, self.produced, e))?;
            if read > self.input.len() {
                // ruzstd reports a frame's 4-byte checksum as read before it has all 4 bytes:
                // wait for them.
                if end {
                    return Err(damaged(
                        "zstd",
                        self.consumed,
                        self.produced,
                        "the data ends inside a frame's checksum",
                    ));
                }
                return Ok(());
            }
            self.input.drain(..read);
            self.consumed += read as u64;
            self.produced += written as u64;
            parser.consume(&self.out[..written])?;
            if frame.is_finished() && frame.can_collect() == 0 {
                self.frame = None;
                continue;
            }
            if read == 0 && written == 0 {
                if end {
                    return Err(damaged(
                        "zstd",
                        self.consumed,
                        self.produced,
                        "the data ends inside a frame (is the file truncated?)",
                    ));
                }
                return Ok(());
            }
        }
    }
}

impl Gzip {
    /// Takes `data` (and, at the `end`, finishes the stream), counting the compressed bytes the
    /// decoder accepted before any error, so that the error names where the damage is.
    fn write(&mut self, mut data: &[u8], end: bool) -> std::io::Result<()> {
        while !data.is_empty() {
            match self.decoder.write(data) {
                Ok(0) => {
                    return Err(std::io::Error::new(std::io::ErrorKind::WriteZero, "the decoder takes no more data"))
                }
                Ok(n) => {
                    self.consumed += n as u64;
                    data = &data[n..];
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        if end {
            self.decoder.try_finish().map_err(|e| {
                if e.kind() == std::io::ErrorKind::UnexpectedEof || e.to_string().contains("unexpected end") {
                    std::io::Error::new(e.kind(), "the data ends inside a gzip member (is the file truncated?)")
                } else {
                    e
                }
            })?;
        }
        Ok(())
    }
}

/// Cuts decompressed bytes into lines or records and hands them to the format's reader.
struct Parser {
    format: Format,
    opts: Options,
    skip_bad: bool,
    skipped: u64,
    first_skipped: Option<TraceError>,
    /// An unfinished line or record.
    carry: Vec<u8>,
    /// Lines, or records, completed.
    count: u64,
    /// Decompressed bytes completed (where `carry` starts).
    at: u64,
    builder: Builder,
    header_done: bool,
    /// The canonical CSV's header has the `size` column.
    csv_sized: bool,
    vscsi: Option<Version>,
    /// The column map lines are read through: the `columns` format's, or a published trace's.
    map: Option<columns::Columns>,
    /// The `columns` format's text ids, hashed.
    hashes: columns::IdHashes,
}

impl Parser {
    fn record_len(&self) -> Option<usize> {
        match self.format {
            Format::OracleGeneral => Some(oracle::RECORD),
            Format::Vscsi => self.vscsi.map(Version::record_len),
            _ => None,
        }
    }

    fn consume(&mut self, data: &[u8]) -> Result<(), TraceError> {
        if data.is_empty() {
            return Ok(());
        }
        match self.format {
            Format::Vscsi | Format::OracleGeneral => self.binary(data),
            _ => self.text(data),
        }
    }

    fn text(&mut self, data: &[u8]) -> Result<(), TraceError> {
        let mut rest = data;
        if !self.carry.is_empty() {
            let Some(i) = memchr::memchr(b'\n', rest) else {
                self.carry.extend_from_slice(rest);
                return Ok(());
            };
            let mut line = std::mem::take(&mut self.carry);
            line.extend_from_slice(&rest[..i]);
            let result = self.line(&line);
            line.clear();
            self.carry = line;
            result?;
            rest = &rest[i + 1..];
        }
        let mut start = 0;
        for i in memchr::memchr_iter(b'\n', rest) {
            self.line(&rest[start..i])?;
            start = i + 1;
        }
        rest = &rest[start..];
        self.carry.extend_from_slice(rest);
        Ok(())
    }

    /// One line (without its `\n`).
    fn line(&mut self, raw: &[u8]) -> Result<(), TraceError> {
        self.count += 1;
        self.at += raw.len() as u64 + 1;
        let n = self.count;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        if self.format == Format::Msr {
            // Parsed as ASCII bytes, without a UTF-8 pass (its hot path).
            let result = msr::line(&mut self.builder, n, raw, &self.opts);
            return self.settle(result);
        }
        let Ok(line) = std::str::from_utf8(raw) else {
            // Not text at all: stop, skipping or not.
            return Err(TraceError {
                place: format!("line {n}"),
                message: "not UTF-8 text (is this a binary trace?)".into(),
            });
        };
        if let Some(map) = self.map.as_ref() {
            // The first line that is not blank is the header a map says there is, or the one a
            // published trace may have.
            if !self.header_done && !line.trim().is_empty() {
                self.header_done = true;
                if map.header || published::is_header(self.format, line) {
                    return Ok(());
                }
            }
            let result = columns::line(&mut self.builder, n, line, map, &self.opts, &mut self.hashes);
            return self.settle(result);
        }
        if self.format == Format::Csv && !self.header_done {
            if line.trim().is_empty() {
                return Ok(());
            }
            self.csv_sized = match line.trim() {
                csv::HEADER => false,
                h if h.strip_prefix(csv::HEADER) == Some(",size") => true,
                _ => {
                    return Err(TraceError {
                        place: format!("line {n}"),
                        message: format!(
                            "missing header {} (or {},size; got \"{}\")",
                            csv::HEADER,
                            csv::HEADER,
                            super::clip(line)
                        ),
                    })
                }
            };
            if self.csv_sized && self.opts.object_mode {
                self.builder.keep_sizes(Format::Csv);
            }
            self.header_done = true;
            return Ok(());
        }
        let b = &mut self.builder;
        let o = &self.opts;
        let result = match self.format {
            Format::Lines => lines::line(b, n, line),
            Format::Csv => csv::line(b, n, line, self.csv_sized),
            Format::Msr => unreachable!("read as bytes above"),
            Format::Spc => spc::line(b, n, line, o),
            Format::Blkparse => blkparse::line(b, n, line, o),
            Format::K5cloud => k5cloud::line(b, n, line, o),
            Format::Tencent => tencent::line(b, n, line, o),
            Format::Alibaba => alibaba::line(b, n, line, o),
            Format::Vscsi | Format::OracleGeneral => unreachable!("binary formats"),
            Format::Columns | Format::Webcachesim | Format::WikimediaUpload | Format::WikimediaText => {
                unreachable!("read through its map above")
            }
        };
        self.settle(result)
    }

    /// A record's result: its error stops the stream, or is counted when skipping bad records.
    fn settle(&mut self, result: Result<(), TraceError>) -> Result<(), TraceError> {
        match result {
            Err(e) if self.skip_bad => {
                self.skipped += 1;
                self.first_skipped.get_or_insert(e);
                Ok(())
            }
            other => other,
        }
    }

    fn binary(&mut self, data: &[u8]) -> Result<(), TraceError> {
        let mut rest = data;
        if self.format == Format::Vscsi && self.vscsi.is_none() {
            // The version is in the first record: wait for 40 bytes (a v2 record).
            self.carry.extend_from_slice(rest);
            if self.carry.len() < 40 {
                return Ok(());
            }
            self.vscsi = Some(vscsi::version_of(&self.carry)?);
            let head = std::mem::take(&mut self.carry);
            return self.binary(&head);
        }
        let size = self.record_len().expect("known");
        if !self.carry.is_empty() {
            let need = size - self.carry.len();
            if rest.len() < need {
                self.carry.extend_from_slice(rest);
                return Ok(());
            }
            let mut record = std::mem::take(&mut self.carry);
            record.extend_from_slice(&rest[..need]);
            let result = self.record(&record);
            record.clear();
            self.carry = record;
            result?;
            rest = &rest[need..];
        }
        let mut records = rest.chunks_exact(size);
        if self.format == Format::OracleGeneral {
            // The hot path of the fastest format: well-formed records straight to the builder.
            for r in &mut records {
                match oracle::fields(r) {
                    Ok((time_us, id, size)) if self.builder.push_one_read(id, time_us, size) => {
                        self.count += 1;
                        self.at += oracle::RECORD as u64;
                    }
                    _ => self.record(r)?,
                }
            }
        } else {
            for r in &mut records {
                self.record(r)?;
            }
        }
        self.carry.extend_from_slice(records.remainder());
        Ok(())
    }

    fn record(&mut self, r: &[u8]) -> Result<(), TraceError> {
        let (i, at) = (self.count, self.at);
        self.count += 1;
        self.at += r.len() as u64;
        let result = match self.format {
            Format::OracleGeneral => oracle::record(&mut self.builder, i, at, r),
            Format::Vscsi => vscsi::record(&mut self.builder, i, at, r, self.vscsi.expect("known"), &self.opts),
            _ => unreachable!("text formats"),
        };
        self.settle(result)
    }

    fn finish(mut self) -> Result<Finished, TraceError> {
        if self.format == Format::Vscsi && self.vscsi.is_none() && !self.carry.is_empty() {
            // A short trace: decide on what there is.
            self.vscsi = Some(vscsi::version_of(&self.carry)?);
            let head = std::mem::take(&mut self.carry);
            self.binary(&head)?;
        }
        if !self.carry.is_empty() {
            match self.record_len() {
                None => {
                    let last = std::mem::take(&mut self.carry);
                    self.line(&last)?;
                    self.at -= 1; // no newline after it
                }
                Some(size) => {
                    let what = if self.format == Format::Vscsi { "vscsi" } else { "oracleGeneral" };
                    return Err(TraceError {
                        place: format!("byte {} (record {})", self.at, self.count),
                        message: format!("truncated {what} record: {} of {size} bytes", self.carry.len()),
                    });
                }
            }
        }
        if self.at == 0 {
            return Err(TraceError { place: "byte 0".into(), message: "the trace is empty".into() });
        }
        if self.format == Format::Csv && !self.header_done {
            return Err(TraceError { place: "line 1".into(), message: format!("missing header {}", csv::HEADER) });
        }
        let (requests, block_refs) = (self.builder.requests(), self.builder.block_refs());
        // Whether the records give sizes, kept or not (read as blocks, they are not).
        let sized = match self.format {
            Format::Csv => self.csv_sized,
            Format::Columns => self.map.is_some_and(|m| m.size.is_some()),
            f => f.records_sizes(),
        };
        let (overflow, limit) = (self.builder.overflow().map(str::to_owned), self.builder.limit_bytes());
        let trace = self.builder.finish();
        if let Some(place) = overflow {
            let held = match limit {
                Some(bytes) if bytes >= 1 << 20 => {
                    format!("its requests need more than the {} MiB kept for a trace here", bytes >> 20)
                }
                Some(bytes) => format!("its requests need more than the {} KiB kept for a trace here", bytes >> 10),
                None => "memory ran out holding its requests".to_owned(),
            };
            return Err(TraceError {
                place,
                message: format!(
                    "the trace is too big to hold: {held}. The whole file has {requests} requests and \
                     {block_refs} block references over {} distinct blocks; replay a part of it, or run it \
                     with the command-line runner (tiersim run --trace FILE)",
                    trace.distinct()
                ),
            });
        }
        Ok(Finished {
            requests,
            block_refs,
            trace,
            bytes: self.at,
            skipped: self.skipped,
            first_skipped: self.first_skipped,
            hashed_ids: self.hashes.distinct(),
            collisions: self.hashes.collisions(),
            sized,
        })
    }
}

/// A stream's result: the trace (empty when only counting), its counts, the decompressed
/// bytes read, and what was skipped.
#[derive(Debug)]
pub struct Finished {
    pub trace: Trace,
    pub requests: u64,
    pub block_refs: u64,
    pub bytes: u64,
    pub skipped: u64,
    pub first_skipped: Option<TraceError>,
    /// Distinct text ids hashed to 64 bits (the `columns` format's `ids=text`), and how many of
    /// them met an earlier text's hash (and so replay as that text's object).
    pub hashed_ids: u64,
    pub collisions: u64,
    /// Whether the records give their requests' sizes in bytes — read as objects, each request
    /// keeps its size ([`Trace::sizes`]); read as blocks, the sizes split requests into blocks.
    pub sized: bool,
}

/// A trace read chunk by chunk.
pub struct TraceStream {
    unpack: Unpack,
    head: Vec<u8>,
    pushed: u64,
    /// The file's size, when the caller knows it ([`TraceStream::size_hint`]).
    size: Option<u64>,
    parser: Parser,
}

impl TraceStream {
    pub fn new(format: Format, opts: Options) -> Result<Self, TraceError> {
        opts.validate()?;
        let mut builder = Builder::new();
        if opts.object_mode && format.records_sizes() {
            builder.keep_sizes(format);
        }
        let map = if format == Format::Columns {
            let map = opts.columns.ok_or_else(|| TraceError {
                place: "options".into(),
                message: "the columns format reads through a column map, and none was given".into(),
            })?;
            if opts.object_mode && map.size.is_some() {
                builder.keep_sizes_zero(map.address != columns::Address::Object);
            }
            Some(map)
        } else {
            published::map(format)
        };
        Ok(Self {
            unpack: Unpack::Unknown,
            head: Vec::new(),
            pushed: 0,
            size: None,
            parser: Parser {
                format,
                opts,
                skip_bad: false,
                skipped: 0,
                first_skipped: None,
                carry: Vec::new(),
                count: 0,
                at: 0,
                builder,
                header_done: false,
                csv_sized: false,
                vscsi: None,
                map,
                hashes: columns::IdHashes::default(),
            },
        })
    }

    /// Keep at most `bytes` of records and block references (24 bytes a request, 8 more with its
    /// size, and 4 a block): past that the stream only counts, and [`TraceStream::finish`] fails with the
    /// whole file's size — a big file in a browser worker is refused, with its totals, before
    /// it exhausts the worker's memory.
    pub fn memory_limit(mut self, bytes: usize) -> Self {
        self.parser.builder.limit(bytes);
        self
    }

    /// Skip malformed records (counting them) instead of stopping at the first.
    pub fn skip_bad(mut self, on: bool) -> Self {
        self.parser.skip_bad = on;
        self
    }

    /// Bytes received so far (compressed, if the file is).
    pub fn bytes_in(&self) -> u64 {
        self.pushed
    }

    /// Only count requests, block references and distinct blocks; keep no records (a pass
    /// over a file too big to hold: memory stays O(distinct blocks)).
    pub fn counting(mut self) -> Self {
        self.parser.builder.counting_only();
        self
    }

    /// Requests read so far.
    pub fn requests(&self) -> u64 {
        self.parser.builder.requests()
    }

    pub fn skipped(&self) -> u64 {
        self.parser.skipped
    }

    /// Requests read since the last [`TraceStream::drain_into`] (or the start).
    pub fn buffered(&self) -> usize {
        self.parser.builder.buffered()
    }

    /// Distinct blocks seen so far (up to the last [`TraceStream::drain_into`] at least).
    pub fn distinct(&self) -> usize {
        self.parser.builder.distinct()
    }

    /// The file ids of the dense ids numbered so far (every one a drained batch references).
    pub fn numbered(&self) -> &[u64] {
        self.parser.builder.numbered()
    }

    /// Moves the requests read so far into `batch` — its `records` and `refs`, a batch's
    /// block references numbered as in the whole trace; `batch.raw` is left alone — and keeps
    /// `batch`'s emptied vectors for the next ones (no allocation once they are big enough).
    /// A trace read batch by batch this way never exists whole; [`TraceStream::finish`] then
    /// gives the last batch and the numbering's `raw`. A line or record cut by the chunk
    /// boundary stays behind, completed by the next push.
    pub fn drain_into(&mut self, batch: &mut Trace) {
        self.parser.builder.drain_into(batch);
    }

    /// The next piece of the file.
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), TraceError> {
        self.pushed += chunk.len() as u64;
        if let Unpack::Unknown = self.unpack {
            self.head.extend_from_slice(chunk);
            if self.head.len() < 4 {
                return Ok(());
            }
            self.decide();
            let head = std::mem::take(&mut self.head);
            return self.feed(&head, false);
        }
        self.feed(chunk, false)
    }

    fn decide(&mut self) {
        self.unpack = if self.head.starts_with(&[0x1f, 0x8b]) {
            Unpack::Gzip(Box::new(Gzip {
                decoder: flate2::write::MultiGzDecoder::new(Vec::new()),
                consumed: 0,
                produced: 0,
            }))
        } else if self.head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Unpack::Zstd(Box::new(Zstd {
                frame: None,
                input: Vec::new(),
                consumed: 0,
                produced: 0,
                out: vec![0; ZSTD_OUT],
            }))
        } else {
            Unpack::Plain
        };
        // An uncompressed oracleGeneral file of known size: exactly its records, at once (no
        // doubling, so no moment with two copies while the vectors grow).
        if let (Unpack::Plain, Format::OracleGeneral, Some(bytes)) = (&self.unpack, self.parser.format, self.size) {
            let records = usize::try_from(bytes / oracle::RECORD as u64).unwrap_or(usize::MAX);
            self.parser.builder.reserve(records, records);
        }
    }

    /// The file's size in bytes, when known (a browser `File`'s `size`): an uncompressed file of
    /// fixed-size records is then held in vectors of exactly its size.
    pub fn size_hint(mut self, bytes: u64) -> Self {
        self.size = Some(bytes);
        self
    }

    fn feed(&mut self, data: &[u8], end: bool) -> Result<(), TraceError> {
        let result = match &mut self.unpack {
            Unpack::Unknown => unreachable!("decided before feeding"),
            Unpack::Plain => return self.parser.consume(data),
            Unpack::Ended => return Ok(()),
            Unpack::Gzip(g) => {
                // What decompressed before any damage is read first: errors come in the
                // order of the file, however it is cut.
                let status = g.write(data, end);
                let out = std::mem::take(g.decoder.get_mut());
                g.produced += out.len() as u64;
                let (consumed, produced) = (g.consumed, g.produced);
                let result = self.parser.consume(&out).and(status.map_err(|e| damaged("gzip", consumed, produced, e)));
                if let Unpack::Gzip(g) = &mut self.unpack {
                    let mut out = out;
                    out.clear();
                    *g.decoder.get_mut() = out;
                }
                result
            }
            Unpack::Zstd(z) => {
                z.input.extend_from_slice(data);
                z.pump(&mut self.parser, end)
            }
        };
        match result {
            Err(e) if self.parser.skip_bad && e.message.starts_with("damaged ") => {
                // The file ends at the damage: keep every whole record before it, drop the
                // piece of one it cut, ignore the rest.
                self.unpack = Unpack::Ended;
                self.parser.carry.clear();
                self.parser.skipped += 1;
                self.parser.first_skipped.get_or_insert(e);
                Ok(())
            }
            other => other,
        }
    }

    /// No more chunks: the last line, and the trace.
    pub fn finish(mut self) -> Result<Finished, TraceError> {
        if let Unpack::Unknown = self.unpack {
            self.decide();
            let head = std::mem::take(&mut self.head);
            self.feed(&head, true)?;
        } else {
            self.feed(&[], true)?;
        }
        if let Unpack::Gzip(g) = &self.unpack {
            if self.pushed > 0 && g.produced == 0 && self.parser.at == 0 && self.parser.carry.is_empty() {
                return Err(damaged("gzip", g.consumed, 0, "no data in the stream"));
            }
        }
        self.parser.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{oracle, parse, vscsi, Format, Options};
    use super::*;
    use crate::util::rng::Rng;

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(bytes).unwrap();
        gz.finish().unwrap()
    }

    fn zstd(bytes: &[u8]) -> Vec<u8> {
        ruzstd::encoding::compress_to_vec(bytes, ruzstd::encoding::CompressionLevel::Fastest)
    }

    /// A small valid file of each format.
    fn samples() -> Vec<(Format, Vec<u8>)> {
        vec![
            (Format::Lines, b"# c\n10\n\n11 w\n10,r\r\n12".to_vec()),
            (Format::Csv, b"time,client,block,nblocks,op,hint\n1.5,2,100,3,w,synch\n,0,101,1,read,\n".to_vec()),
            (Format::Msr, b"128166372003061629,hm,1,Read,8192,8192,1000\n128166372013061629,hm,0,Write,4095,2,500\n".to_vec()),
            (Format::Spc, b"0,16,8192,r,0.000\n1,7,1024,W,0.5\n".to_vec()),
            (Format::Blkparse, b"  8,0 3 1 0.000000000 697 Q WS 3417768 + 8 [k]\nCPU0 (8,0):\n  8,0 1 4 0.001 1200 Q R 16 + 16 [cat]\n".to_vec()),
            (Format::Vscsi, [vscsi::tests::record_v1(0x28, 8, 4096, 1), vscsi::tests::record_v1(0x2a, 15, 1024, 2), vscsi::tests::record_v1(0, 0, 0, 3)].concat()),
            (Format::OracleGeneral, [oracle::tests::record(1, 42, 4096, -1), oracle::tests::record(2, 7, 1, 5), oracle::tests::record(3, 42, 1, -1)].concat()),
            (Format::K5cloud, b"12,0.5,R,8192,8192\n3,1.25,W,8192,100\n".to_vec()),
            (Format::Tencent, b"1538323200,16,8,0,1063\n1538323201,24,16,1,1063\n".to_vec()),
            (Format::Alibaba, b"7,W,126703644672,4096,1577808000000626\n7,R,4096,8192,1577808000000700\n".to_vec()),
        ]
    }

    fn streamed(format: Format, chunks: &[&[u8]]) -> Result<Trace, TraceError> {
        let mut s = TraceStream::new(format, Options::default())?;
        for c in chunks {
            s.push(c)?;
        }
        Ok(s.finish()?.trace)
    }

    #[test]
    fn any_cut_gives_the_same_trace_plain_gzip_and_zstd() {
        for (format, plain) in samples() {
            let want = parse(&plain, format, &Options::default()).unwrap_or_else(|e| panic!("{format:?}: {e}"));
            for bytes in [plain.clone(), gzip(&plain), zstd(&plain)] {
                for i in 0..=bytes.len() {
                    let got = streamed(format, &[&bytes[..i], &bytes[i..]])
                        .unwrap_or_else(|e| panic!("{format:?} cut at {i}: {e}"));
                    assert_eq!(got, want, "{format:?} cut at {i}");
                }
                // And byte by byte.
                let singles: Vec<&[u8]> = bytes.chunks(1).collect();
                assert_eq!(streamed(format, &singles).unwrap(), want, "{format:?} byte by byte");
            }
        }
    }

    #[test]
    fn errors_name_the_same_place_wherever_the_file_is_cut() {
        let bad = b"1,hm,0,Read,0,512,1\n2,hm,0,Read,0,512,1\n3,hm,0,Trim,0,512,1\n4,hm,0,Read,0,512,1\n";
        let want = parse(bad, Format::Msr, &Options::default()).unwrap_err();
        assert_eq!(want.to_string(), "line 3: Type: expected Read or Write, got \"Trim\"");
        for i in 0..=bad.len() {
            assert_eq!(streamed(Format::Msr, &[&bad[..i], &bad[i..]]).unwrap_err(), want, "cut at {i}");
        }
        let records = [oracle::tests::record(1, 1, 1, -1), oracle::tests::record(2, 2, 1, -9)].concat();
        for i in 0..=records.len() {
            assert_eq!(
                streamed(Format::OracleGeneral, &[&records[..i], &records[i..]]).unwrap_err().to_string(),
                "byte 24 (record 1): next access must be −1 or a time, got -9"
            );
        }
    }

    /// Streams `bytes` in 4 KiB chunks, keeping at most `limit` bytes (none: no limit).
    fn limited(format: Format, bytes: &[u8], limit: Option<usize>) -> Result<Finished, TraceError> {
        let mut s = TraceStream::new(format, Options::default())?;
        if let Some(limit) = limit {
            s = s.memory_limit(limit);
        }
        for c in bytes.chunks(4096) {
            s.push(c)?;
        }
        s.finish()
    }

    #[test]
    fn a_trace_past_its_memory_limit_is_refused_with_the_whole_files_totals() {
        let bytes = crate::bench::SampleTrace::bytes(Format::Msr, 200_000, 3);
        let whole = limited(Format::Msr, &bytes, None).unwrap();
        let t = &whole.trace;
        let need = t.records.len() * size_of::<super::super::Record>() + t.refs.len() * 4;
        // A limit the trace fits in (reached by quarters once doubling would pass it: within
        // a quarter of what it needs) keeps exactly the same trace.
        for limit in [need + need * 3 / 10 + 4096, need * 4] {
            let got = limited(Format::Msr, &bytes, Some(limit)).unwrap();
            assert_eq!(got.trace, whole.trace, "limit {limit}");
            assert!(got.trace.records.capacity() * 24 + got.trace.refs.capacity() * 4 <= limit);
        }
        // Less: refused where it outgrew the limit, with the whole file's totals.
        let err = limited(Format::Msr, &bytes, Some(64 << 10)).unwrap_err();
        assert!(err.place.starts_with("line "), "{err}");
        let line: usize = err.place["line ".len()..].parse().unwrap();
        assert!((100..t.records.len()).contains(&line), "{err}");
        assert_eq!(
            err.message,
            format!(
                "the trace is too big to hold: its requests need more than the 64 KiB kept for a trace here. \
                 The whole file has {} requests and {} block references over {} distinct blocks; replay a part \
                 of it, or run it with the command-line runner (tiersim run --trace FILE)",
                whole.requests,
                whole.block_refs,
                t.distinct()
            )
        );
        // The same for oracleGeneral's fast path.
        let bytes = crate::bench::SampleTrace::bytes(Format::OracleGeneral, 200_000, 3);
        let whole = limited(Format::OracleGeneral, &bytes, None).unwrap();
        let err = limited(Format::OracleGeneral, &bytes, Some(64 << 10)).unwrap_err();
        assert!(err.place.starts_with("byte ") && err.message.contains("more than the 64 KiB"), "{err}");
        assert!(err.message.contains(&format!("The whole file has {} requests", whole.requests)), "{err}");
        assert_eq!(limited(Format::OracleGeneral, &bytes, Some(1 << 20)).unwrap().trace, whole.trace);
    }

    #[test]
    fn an_uncompressed_oracle_file_of_known_size_is_held_in_vectors_of_exactly_its_size() {
        let bytes = crate::bench::SampleTrace::bytes(Format::OracleGeneral, 100_000, 5);
        let n = bytes.len() / oracle::RECORD;
        let read = |bytes: &[u8], hint: bool| {
            let mut s = TraceStream::new(Format::OracleGeneral, Options::default()).unwrap();
            if hint {
                s = s.size_hint(bytes.len() as u64);
            }
            for c in bytes.chunks(1000) {
                s.push(c).unwrap();
            }
            s.finish().unwrap().trace
        };
        let (plain, hinted) = (read(&bytes, false), read(&bytes, true));
        assert_eq!(hinted, plain);
        assert_eq!((hinted.records.capacity(), hinted.refs.capacity()), (n, n));
        assert!(plain.records.capacity() > n, "grown by doubling: {} for {n}", plain.records.capacity());
        // Compressed, the size says nothing about the records: read as it comes, the same.
        assert_eq!(read(&gzip(&bytes), true), plain);
        // A hint past the memory limit reserves nothing (and the file, too big, is refused).
        let mut s = TraceStream::new(Format::OracleGeneral, Options::default())
            .unwrap()
            .memory_limit(64 << 10)
            .size_hint(bytes.len() as u64);
        s.push(&bytes).unwrap();
        assert!(s.finish().unwrap_err().message.starts_with("the trace is too big to hold"));
    }

    #[test]
    fn bad_records_can_be_skipped_and_counted() {
        let text = b"10\nx\n11\n12 q\n13\n";
        let mut s = TraceStream::new(Format::Lines, Options::default()).unwrap().skip_bad(true);
        s.push(text).unwrap();
        assert_eq!(s.requests(), 3);
        let f = s.finish().unwrap();
        assert_eq!((f.trace.records.len(), f.skipped, f.bytes), (3, 2, text.len() as u64));
        assert_eq!(f.first_skipped.unwrap().to_string(), "line 2: expected a block number, got \"x\"");
        // Binary garbage in a text format still stops it.
        let mut s = TraceStream::new(Format::Lines, Options::default()).unwrap().skip_bad(true);
        assert!(s.push(b"1\n\xff\xfe\n").unwrap_err().to_string().starts_with("line 2: not UTF-8"));
    }

    #[test]
    fn several_compressed_members_and_frames_read_as_one() {
        let (a, b) = (b"1\n2\n".as_slice(), b"3\n1\n".as_slice());
        let want = parse(b"1\n2\n3\n1\n", Format::Lines, &Options::default()).unwrap();
        for joined in [[gzip(a), gzip(b)].concat(), [zstd(a), zstd(b)].concat()] {
            for i in 0..=joined.len() {
                assert_eq!(streamed(Format::Lines, &[&joined[..i], &joined[i..]]).unwrap(), want, "cut at {i}");
            }
        }
        // Cut short: the place and "damaged".
        let gz = gzip(b"1\n2\n3\n4\n5\n6\n7\n8\n9\n");
        assert!(streamed(Format::Lines, &[&gz[..gz.len() - 6]]).unwrap_err().message.starts_with("damaged gzip data"));
        let zs = zstd(b"1\n2\n3\n4\n5\n6\n7\n8\n9\n");
        assert!(streamed(Format::Lines, &[&zs[..zs.len() - 3]]).unwrap_err().message.starts_with("damaged zstd data"));
    }

    #[test]
    fn a_truncated_compressed_file_names_where_it_ends_and_can_keep_what_came_before() {
        // Larger than a zstd window, so that a truncated frame has given some output.
        let text: String = (0..600_000).map(|i| format!("{}\n", i % 7919)).collect();
        for (kind, packed) in [("gzip", gzip(text.as_bytes())), ("zstd", zstd(text.as_bytes()))] {
            let cut = &packed[..packed.len() * 2 / 3];
            for skip in [false, true] {
                let read = || {
                    let mut s = TraceStream::new(Format::Lines, Options::default()).unwrap().skip_bad(skip);
                    for c in cut.chunks(4096) {
                        s.push(c)?;
                    }
                    s.finish()
                };
                if !skip {
                    let e = read().unwrap_err();
                    assert!(e.message.starts_with(&format!("damaged {kind} data")), "{e}");
                    assert!(e.message.contains("truncated"), "{e}");
                    // Where it ended: near the cut in the file, well into the text.
                    let (c, d) = offsets(&e.place);
                    assert!(c <= cut.len() as u64 && c + 128 * 1024 >= cut.len() as u64, "{kind}: {e}");
                    assert!(d > 0 && d < text.len() as u64, "{kind}: {e}");
                    continue;
                }
                let f = read().unwrap();
                let e = f.first_skipped.expect("the damage is reported");
                assert_eq!(f.skipped, 1, "{kind}");
                let (_, d) = offsets(&e.place);
                // Every whole line before the damage, in order; none after it.
                let lines = text[..d as usize].matches('\n').count();
                assert_eq!(f.trace.records.len(), lines, "{kind}: {e}");
                let whole = parse(
                    &text.as_bytes()[..text[..d as usize].rfind('\n').unwrap() + 1],
                    Format::Lines,
                    &Options::default(),
                );
                assert_eq!(f.trace, whole.unwrap(), "{kind}");
            }
        }
    }

    /// "compressed byte C (decompressed byte D)" → (C, D).
    fn offsets(place: &str) -> (u64, u64) {
        let n: Vec<u64> =
            place.split(|c: char| !c.is_ascii_digit()).filter(|t| !t.is_empty()).map(|t| t.parse().unwrap()).collect();
        assert!(place.starts_with("compressed byte ") && n.len() == 2, "{place}");
        (n[0], n[1])
    }

    #[test]
    fn a_large_random_file_in_random_chunks() {
        let mut rng = Rng::seeded(5);
        let mut text = String::from("time,client,block,nblocks,op,hint\n");
        for i in 0..20_000 {
            text.push_str(&format!(
                "{i},{},{},{},{},\n",
                rng.below(4),
                rng.below(5000),
                1 + rng.below(8),
                if rng.below(3) == 0 { "w" } else { "r" }
            ));
        }
        let want = parse(text.as_bytes(), Format::Csv, &Options::default()).unwrap();
        for bytes in [text.as_bytes().to_vec(), gzip(text.as_bytes()), zstd(text.as_bytes())] {
            let mut s = TraceStream::new(Format::Csv, Options::default()).unwrap();
            let mut at = 0;
            while at < bytes.len() {
                let n = (1 + rng.below(9000) as usize).min(bytes.len() - at);
                s.push(&bytes[at..at + n]).unwrap();
                at += n;
            }
            assert_eq!(s.bytes_in(), bytes.len() as u64);
            let f = s.finish().unwrap();
            assert_eq!((f.trace, f.bytes), (want.clone(), text.len() as u64));
        }
    }
}
