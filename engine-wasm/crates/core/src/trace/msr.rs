//! MSR Cambridge block traces (Narayanan et al., FAST 2008), CSV without a header:
//! `Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime` — timestamp in Windows
//! filetime (100 ns ticks), `Read` or `Write`, byte offset and size. Each line is one request,
//! split into blocks; `DiskNumber` becomes the client id, so the disks of one host stay apart
//! only if the caller keys by it (they share the block space here, as most simulators do).

use super::{byte_fields, clip, parse_u64, split, Builder, Meta, Options, TraceError};
use crate::model::Op;

/// The whole of `bytes` in this format (tests).
#[cfg(test)]
pub(crate) fn parse(bytes: &[u8], opts: &Options) -> Result<super::Trace, TraceError> {
    super::parse(bytes, super::Format::Msr, opts)
}

/// One line (`n` from 1), as bytes: the fields are ASCII, so they are cut and parsed without
/// checking the line is UTF-8 first (the hot path of big traces); blank lines are skipped.
pub(crate) fn line(b: &mut Builder, n: u64, line: &[u8], opts: &Options) -> Result<(), TraceError> {
    if line.trim_ascii().is_empty() {
        return Ok(());
    }
    let place = || format!("line {n}");
    let bad = |field: &str, want: &str, got: &[u8]| TraceError {
        place: format!("line {n}"),
        message: format!("{field}: expected {want}, got \"{}\"", clip(&String::from_utf8_lossy(got))),
    };
    let (f, count) = byte_fields::<7>(line, b',');
    if count != 7 {
        return Err(TraceError {
            place: place(),
            message: format!(
                "expected 7 fields (Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime), got {count}"
            ),
        });
    }
    let ticks = parse_u64(f[0]).ok_or_else(|| bad("Timestamp", "100 ns ticks", f[0]))?;
    let disk = parse_u64(f[2])
        .and_then(|d| u16::try_from(d).ok())
        .ok_or_else(|| bad("DiskNumber", "an integer from 0 to 65535", f[2]))?;
    let op = match f[3] {
        b"Read" | b"read" | b"R" => Op::Read,
        b"Write" | b"write" | b"W" => Op::Write,
        other => return Err(bad("Type", "Read or Write", other)),
    };
    let offset = parse_u64(f[4]).ok_or_else(|| bad("Offset", "a byte offset", f[4]))?;
    let size = parse_u64(f[5]).ok_or_else(|| bad("Size", "a size in bytes", f[5]))?;
    let (first, count) = split(offset, size, opts);
    b.push(
        place,
        first,
        count,
        Meta { time_us: Some(ticks as f64 / 10.0), client: disk, size: Some(size), ..Meta::op(op) },
    )
}

/// Seven comma-separated fields, the fourth `Read` or `Write`.
pub(crate) fn looks_like(text: &str) -> bool {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty()).take(5).peekable();
    lines.peek().is_some()
        && lines.all(|l| {
            let f: Vec<&str> = l.split(',').collect();
            f.len() == 7 && matches!(f[3].trim(), "Read" | "Write") && f[0].trim().bytes().all(|c| c.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_requests_and_splits_them() {
        let text = b"128166372003061629,hm,1,Read,8192,8192,1000\n128166372013061629,hm,0,Write,4095,2,500\n";
        let t = parse(text, &Options::default()).unwrap();
        assert_eq!(t.raw, [2, 3, 0, 1]);
        assert_eq!((t.records[0].len, t.records[0].op, t.records[0].client), (2, Op::Read, 1));
        assert_eq!((t.records[1].len, t.records[1].op), (2, Op::Write), "4095..4097 straddles blocks 0 and 1");
        assert_eq!(t.records[0].time_us(), Some(128166372003061629u64 as f64 / 10.0));
        assert!(looks_like(std::str::from_utf8(text).unwrap()));
    }

    #[test]
    fn malformed_lines_name_the_line_field_and_text() {
        let err = |l: &str| parse(l.as_bytes(), &Options::default()).unwrap_err().to_string();
        assert_eq!(
            err("1,h,0,Read,0,512\n"),
            "line 1: expected 7 fields (Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime), got 6"
        );
        assert_eq!(err("1,h,0,Trim,0,512,1\n"), "line 1: Type: expected Read or Write, got \"Trim\"");
        assert_eq!(err("1,h,0,Read,-4,512,1\n"), "line 1: Offset: expected a byte offset, got \"-4\"");
        assert_eq!(err("x,h,0,Read,0,512,1\n"), "line 1: Timestamp: expected 100 ns ticks, got \"x\"");
    }
}
