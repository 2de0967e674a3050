//! SPC (Storage Performance Council / UMass) block traces, CSV without a header:
//! `ASU,LBA,Size,Opcode,Timestamp` — application storage unit, LBA in 512-byte sectors, size
//! in bytes, `r`/`w` (either case), timestamp in seconds. The ASU becomes the client id; the
//! ASUs share one block space.

use super::{fields, split, Builder, Meta, Options, TraceError};
use crate::model::Op;

/// The whole of `bytes` in this format (tests).
#[cfg(test)]
pub(crate) fn parse(bytes: &[u8], opts: &Options) -> Result<super::Trace, TraceError> {
    super::parse(bytes, super::Format::Spc, opts)
}

/// One line (`n` from 1); blank lines are skipped. Fields after the fifth are ignored.
pub(crate) fn line(b: &mut Builder, n: u64, line: &str, opts: &Options) -> Result<(), TraceError> {
    if line.trim().is_empty() {
        return Ok(());
    }
    let place = || format!("line {n}");
    let bad = |field: &str, want: &str, got: &str| super::bad_field(n, field, want, got);
    let (f, count) = fields::<5>(line, ',');
    if count < 5 {
        return Err(TraceError {
            place: place(),
            message: format!("expected 5 fields (ASU,LBA,Size,Opcode,Timestamp), got {count}"),
        });
    }
    let asu: u16 = f[0].parse().map_err(|_| bad("ASU", "an integer from 0 to 65535", f[0]))?;
    let lba: u64 = f[1].parse().map_err(|_| bad("LBA", "a sector number", f[1]))?;
    let size: u64 = f[2].parse().map_err(|_| bad("Size", "a size in bytes", f[2]))?;
    let op = match f[3] {
        "r" | "R" => Op::Read,
        "w" | "W" => Op::Write,
        other => return Err(bad("Opcode", "r or w", other)),
    };
    let secs: f64 = f[4]
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| bad("Timestamp", "seconds ≥ 0", f[4]))?;
    let offset = super::sector_bytes(lba)
        .ok_or_else(|| TraceError { place: place(), message: format!("LBA {lba} overflows a byte offset") })?;
    let (first, count) = split(offset, size, opts);
    b.push(place, first, count, Meta { time_us: Some(secs * 1e6), client: asu, size: Some(size), ..Meta::op(op) })
}

/// Five comma-separated fields, the fourth `r` or `w`.
pub(crate) fn looks_like(text: &str) -> bool {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty()).take(5).peekable();
    lines.peek().is_some()
        && lines.all(|l| {
            let f: Vec<&str> = l.split(',').collect();
            f.len() == 5 && matches!(f[3].trim(), "r" | "w" | "R" | "W")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_requests_and_splits_them() {
        let text = b"0,16,8192,r,0.000\n1,7,1024,W,0.5\n";
        let t = parse(text, &Options::default()).unwrap();
        // LBA 16 = byte 8192: blocks 2, 3. LBA 7 = byte 3584, 1 KiB: blocks 0 and 1.
        assert_eq!(t.raw, [2, 3, 0, 1]);
        assert_eq!((t.records[1].client, t.records[1].op, t.records[1].time_us()), (1, Op::Write, Some(500_000.0)));
        assert!(looks_like(std::str::from_utf8(text).unwrap()));
    }

    #[test]
    fn malformed_lines_name_the_line_field_and_text() {
        let err = |l: &str| parse(l.as_bytes(), &Options::default()).unwrap_err().to_string();
        assert_eq!(err("0,1,512,r\n"), "line 1: expected 5 fields (ASU,LBA,Size,Opcode,Timestamp), got 4");
        assert_eq!(err("0,1,512,x,0\n"), "line 1: Opcode: expected r or w, got \"x\"");
        assert_eq!(err("0,1,512,r,-1\n"), "line 1: Timestamp: expected seconds ≥ 0, got \"-1\"");
    }
}
