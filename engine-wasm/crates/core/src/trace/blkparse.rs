//! `blkparse` text output (Linux blktrace), default format:
//! `maj,min cpu seq time pid action RWBS sector + count [process]`. One request per queued
//! event (`Q`: the I/O as the block layer first saw it); other events (G, I, D, C, …) of the
//! same I/O are skipped, as are lines that are not events (per-CPU summaries). `RWBS` with R is a
//! read, with W a write; requests with neither (flushes, discards) carry no data and are skipped.
//! Sectors are 512 bytes.

use super::{clip, split, Builder, Meta, Options, TraceError};
use crate::model::Op;

/// The whole of `bytes` in this format (tests).
#[cfg(test)]
pub(crate) fn parse(bytes: &[u8], opts: &Options) -> Result<super::Trace, TraceError> {
    super::parse(bytes, super::Format::Blkparse, opts)
}

/// One line (`n` from 1): a queued event, another event (skipped) or not an event (skipped).
pub(crate) fn line(b: &mut Builder, n: u64, line: &str, opts: &Options) -> Result<(), TraceError> {
    // Up to 10 whitespace-separated fields into a fixed array: no allocation per line.
    let mut f = [""; 10];
    let mut count = 0;
    for field in line.split_whitespace() {
        if let Some(slot) = f.get_mut(count) {
            *slot = field;
        }
        count += 1;
        if count > 10 {
            break;
        }
    }
    if count == 0 || !is_device(f[0]) {
        return Ok(()); // not an event line
    }
    let place = || format!("line {n}");
    if count < 6 {
        return Err(TraceError { place: place(), message: format!("truncated event: \"{}\"", clip(line.trim())) });
    }
    if f[5] != "Q" {
        return Ok(());
    }
    let bad = |field: &str, want: &str, got: &str| super::bad_field(n, field, want, got);
    let op = match f[6] {
        rwbs if rwbs.contains('R') => Op::Read,
        rwbs if rwbs.contains('W') => Op::Write,
        _ => return Ok(()), // no data: a flush, a discard, …
    };
    if count < 10 || f[8] != "+" {
        let after: Vec<&str> = line.split_whitespace().skip(6).collect();
        return Err(TraceError {
            place: place(),
            message: format!("expected \"RWBS sector + count\" after Q, got \"{}\"", clip(&after.join(" "))),
        });
    }
    let secs: f64 = f[3]
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| bad("time", "seconds ≥ 0", f[3]))?;
    let sector: u64 = f[7].parse().map_err(|_| bad("sector", "a sector number", f[7]))?;
    let sectors: u64 = f[9].parse().map_err(|_| bad("count", "a number of sectors", f[9]))?;
    if sectors == 0 {
        return Ok(());
    }
    let offset = super::sector_bytes(sector).ok_or_else(|| bad("sector", "a sector within 2^55", f[7]))?;
    let bytes = sectors.saturating_mul(512);
    let (first, blocks) = split(offset, bytes, opts);
    b.push(place, first, blocks, Meta { time_us: Some(secs * 1e6), size: Some(bytes), ..Meta::op(op) })
}

fn is_device(s: &str) -> bool {
    s.split_once(',').is_some_and(|(a, b)| {
        !a.is_empty() && !b.is_empty() && a.bytes().all(|c| c.is_ascii_digit()) && b.bytes().all(|c| c.is_ascii_digit())
    })
}

/// Most non-empty lines are events (`maj,min` first).
pub(crate) fn looks_like(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).take(20).collect();
    let events = lines.iter().filter(|l| l.split_whitespace().next().is_some_and(is_device)).count();
    !lines.is_empty() && events * 2 > lines.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "  8,0    3        1     0.000000000   697  Q  WS 3417768 + 8 [kjournald]
  8,0    3        2     0.000003120   697  G  WS 3417768 + 8 [kjournald]
  8,0    3        3     0.000005910   697  D  WS 3417768 + 8 [kjournald]
  8,0    1        4     0.001000000  1200  Q   R 16 + 16 [cat]
  8,0    1        5     0.001100000  1200  Q  FN [cat]
  8,0    1        6     0.001200000  1200  C   R 16 + 16 [0]
CPU1 (8,0):
 Reads Queued:           1,        8KiB\t Writes Queued:           1,        4KiB
";

    #[test]
    fn one_request_per_queued_event() {
        let t = parse(SAMPLE.as_bytes(), &Options::default()).unwrap();
        // Sector 3417768 = byte 1749897216 = block 427221; 8 sectors = 4 KiB. Sector 16 = byte
        // 8192 = block 2; 16 sectors = 8 KiB: blocks 2 and 3. The flush carries no data.
        assert_eq!(t.raw, [427_221, 2, 3]);
        let ops: Vec<_> = t.records.iter().map(|r| (r.op, r.len, r.time_us())).collect();
        assert_eq!(ops, [(Op::Write, 1, Some(0.0)), (Op::Read, 2, Some(1000.0))]);
        assert!(looks_like(SAMPLE));
    }

    #[test]
    fn malformed_events_name_the_line() {
        let err = |l: &str| parse(l.as_bytes(), &Options::default()).unwrap_err().to_string();
        assert_eq!(
            err("8,0 1 1 0.1 5 Q R 16 - 8 [x]\n"),
            "line 1: expected \"RWBS sector + count\" after Q, got \"R 16 - 8 [x]\""
        );
        assert_eq!(err("8,0 1 1 0.1 5 Q R 1x + 8 [x]\n"), "line 1: sector: expected a sector number, got \"1x\"");
        assert_eq!(err("8,0 1 1\n"), "line 1: truncated event: \"8,0 1 1\"");
    }
}
