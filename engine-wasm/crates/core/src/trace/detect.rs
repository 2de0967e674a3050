//! Recognising a trace's format from its first bytes (through any compression): [`detect`] by
//! the look of it, [`sniff`] by reading a sample as each format and keeping the one that reads.

use std::io::Read;

use super::{alibaba, blkparse, csv, k5cloud, lines, msr, oracle, published, spc, tencent, vscsi};
use super::{clip, Format, Options, TraceError, TraceStream};

/// Bytes looked at to recognise a format.
pub(crate) const DETECT_BYTES: usize = 64 * 1024;

/// The first [`DETECT_BYTES`] of `bytes` decompressed (gzip or zstd, by magic bytes; as far as
/// they go, for the head of a file), else `bytes` itself.
pub(crate) fn head_of(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut take = |r: &mut dyn Read| {
        let _ = r.take(DETECT_BYTES as u64).read_to_end(&mut out);
    };
    if bytes.starts_with(&[0x1f, 0x8b]) {
        take(&mut flate2::read::MultiGzDecoder::new(bytes));
    } else if bytes.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        let mut src = bytes;
        if let Ok(mut d) = ruzstd::decoding::StreamingDecoder::new(&mut src) {
            take(&mut d);
        }
    } else {
        out.extend_from_slice(&bytes[..bytes.len().min(DETECT_BYTES)]);
    }
    out
}

/// Guesses the format from a file, or from its first chunk (through any compression); `None`
/// when nothing fits. [`sniff`] says why.
pub fn detect(bytes: &[u8]) -> Option<Format> {
    sniff(bytes).ok()
}

/// Bytes of the head judged text or binary.
const TEXT_SAMPLE: usize = 4096;

/// Whether `head` is text: no NUL byte, at most 2% control characters (other than tab, line
/// feed, carriage return and form feed), and valid UTF-8 (a character cut at the end aside) or
/// at most a quarter of its bytes above ASCII (a Latin-1 text). Binary traces hold small
/// integers in wide fields, so zero bytes; random bytes are 12% control characters.
fn is_text(head: &[u8]) -> bool {
    let head = &head[..head.len().min(TEXT_SAMPLE)];
    if head.is_empty() || head.contains(&0) {
        return false;
    }
    let control =
        head.iter().filter(|&&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)) || b == 0x7f).count();
    if control * 50 > head.len() {
        return false;
    }
    let utf8 = match std::str::from_utf8(head) {
        Ok(_) => true,
        // Only a character cut by the end of the sample.
        Err(e) => e.error_len().is_none(),
    };
    utf8 || head.iter().filter(|&&b| b >= 0x80).count() * 4 <= head.len()
}

/// Whether `format` reads `sample` (whole lines or whole records): at least one request, and
/// at most half its lines or records refused (a trace with a bad record is still that trace,
/// refused at the record when read; prose has no line that reads). `Err` holds the first refusal.
fn reads_as(sample: &[u8], format: Format) -> Result<(), TraceError> {
    let mut s = TraceStream::new(format, Options::default())?.skip_bad(true);
    s.push(sample)?;
    let f = s.finish()?;
    match f.first_skipped {
        Some(e) if f.requests == 0 || f.skipped > f.requests => Err(e),
        _ if f.requests == 0 => Err(TraceError { place: "byte 0".into(), message: "no requests in the sample".into() }),
        _ => Ok(()),
    }
}

/// The format of a file, or from its first chunk (through any compression), claimed only when
/// a sample of it — up to 64 KiB, whole lines or whole records — reads as that format with
/// plausible values; `Err` says why nothing fits, in a phrase that follows "not a trace — ".
///
/// Text (see [`is_text`]) is only ever read as a text format: a page of prose is not a binary
/// trace, whatever its bytes would decode to. A binary file must have its records' fields make
/// sense: vscsi's version in every record, mostly read and write commands and times that do not
/// go back; oracleGeneral's next-access fields −1 or a request index, its times not going back.
pub fn sniff(bytes: &[u8]) -> Result<Format, String> {
    let head = head_of(bytes);
    let whole = head.len() < DETECT_BYTES && bytes.len() < DETECT_BYTES;
    if head.is_empty() {
        return Err("the file is empty".into());
    }
    if is_text(&head) {
        return sniff_text(&head);
    }
    let mut why = Vec::new();
    match vscsi::plausible(&head) {
        Ok(v) => {
            let n = head.len() / v.record_len() * v.record_len();
            match reads_as(&head[..n], Format::Vscsi) {
                Ok(()) => return Ok(Format::Vscsi),
                Err(e) => why.push(format!("vscsi: {e}")),
            }
        }
        Err(e) => why.push(format!("vscsi: {e}")),
    }
    match oracle::plausible(&head, whole) {
        Ok(()) => {
            let n = head.len() / oracle::RECORD * oracle::RECORD;
            match reads_as(&head[..n], Format::OracleGeneral) {
                Ok(()) => return Ok(Format::OracleGeneral),
                Err(e) => why.push(format!("oracleGeneral: {e}")),
            }
        }
        Err(e) => why.push(format!("oracleGeneral: {e}")),
    }
    Err(format!("binary, and no binary format reads it ({})", why.join("; ")))
}

/// [`sniff`] for a text head: each text format whose shape fits the first lines, in turn,
/// claimed when it reads the head's whole lines.
fn sniff_text(head: &[u8]) -> Result<Format, String> {
    let text = String::from_utf8_lossy(head);
    // Drop a possibly cut last line before judging.
    // The head's whole lines: a last one without its line feed may be cut by the chunk's end (a
    // first chunk can be short of the file), unless it is the only one.
    let lines = match text.rsplit_once('\n') {
        Some((w, _)) if !w.trim().is_empty() => w,
        _ => &text[..],
    };
    // The first lines (a cut last one dropped), as the shape tests expect them.
    let start = String::from_utf8_lossy(&head[..head.len().min(TEXT_SAMPLE)]);
    let first = start.rsplit_once('\n').map_or(&start[..], |(w, _)| w);
    let mut candidates = Vec::new();
    if first.trim_start().starts_with(csv::HEADER) {
        candidates.push(Format::Csv);
    }
    for (format, fits) in [
        (Format::Msr, msr::looks_like as fn(&str) -> bool),
        (Format::Spc, spc::looks_like),
        (Format::Blkparse, blkparse::looks_like),
        (Format::K5cloud, k5cloud::looks_like),
        (Format::Alibaba, alibaba::looks_like),
        (Format::Tencent, tencent::looks_like),
    ] {
        if fits(first) {
            candidates.push(format);
        }
    }
    for format in [Format::Webcachesim, Format::WikimediaUpload, Format::WikimediaText] {
        if published::looks_like(format, first) {
            candidates.push(format);
        }
    }
    if lines::looks_like(first.as_bytes()) {
        candidates.push(Format::Lines);
    }
    let mut tried = Vec::new();
    for format in candidates {
        match reads_as(lines.as_bytes(), format) {
            Ok(()) => return Ok(format),
            Err(e) => tried.push(format!("as {}, {e}", format.name())),
        }
    }
    let (n, line) = lines
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .find(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or((1, ""));
    let mut why = format!("looks like text but no line parses as any text format (line {n}: \"{}\"", clip(line));
    if !tried.is_empty() {
        why.push_str(&format!("; {}", tried.join("; ")));
    }
    why.push(')');
    Err(why)
}
