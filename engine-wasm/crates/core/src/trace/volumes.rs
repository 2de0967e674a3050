//! Cloud block-storage traces whose lines come from many virtual volumes at once: each
//! volume's blocks are its own (block b of volume v is not block b of volume w), so the raw
//! block is keyed by both, `volume · 2^44 + block`, and the volume becomes the client id.
//!
//! - `k5cloud` — Fujitsu K5 cloud (SNIA IOTTA): `ID,Timestamp,Type,Offset,Length` — volume id,
//!   seconds from the first request, `R` or `W`, byte offset and length.
//! - `tencent` — Tencent Cloud Block Storage (Zhang et al., ATC 2020):
//!   `Timestamp,Offset,Size,IOType,VolumeID` — Unix seconds, offset and size in 512-byte
//!   sectors, `0` a read and `1` a write.
//! - `alibaba` — Alibaba Cloud block traces (Li et al., IISWC 2020):
//!   `device_id,opcode,offset,length,timestamp` — `R` or `W`, bytes, microseconds.

use super::{clip, fields, split, Builder, Meta, Options, TraceError};
use crate::model::Op;

/// Bits of the raw key below the volume: blocks (or, in object mode, byte offsets) < 2^44.
const VOLUME_SHIFT: u32 = 44;

struct Request<'a> {
    volume: &'a str,
    time_us: f64,
    op: Op,
    offset: u64,
    len: u64,
}

fn push(b: &mut Builder, n: u64, r: Request, opts: &Options, what: &str) -> Result<(), TraceError> {
    let place = || format!("line {n}");
    let volume: u16 = r.volume.parse().map_err(|_| TraceError {
        place: place(),
        message: format!("{what}: expected a volume id from 0 to 65535, got \"{}\"", clip(r.volume)),
    })?;
    let (first, count) = split(r.offset, r.len, opts);
    if first.checked_add(count).is_none_or(|end| end > 1 << VOLUME_SHIFT) {
        return Err(TraceError {
            place: place(),
            message: format!("offset {} is beyond 2^44 blocks of a volume", r.offset),
        });
    }
    let key = ((volume as u64) << VOLUME_SHIFT) | first;
    b.push(place, key, count, Meta { time_us: Some(r.time_us), client: volume, size: Some(r.len), ..Meta::op(r.op) })
}

fn bad(n: u64, field: &str, want: &str, got: &str) -> TraceError {
    TraceError { place: format!("line {n}"), message: format!("{field}: expected {want}, got \"{}\"", clip(got)) }
}

fn five<'a>(n: u64, line: &'a str, names: &str) -> Result<Option<[&'a str; 5]>, TraceError> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let (f, count) = fields::<5>(line, ',');
    if count != 5 {
        return Err(TraceError {
            place: format!("line {n}"),
            message: format!("expected 5 fields ({names}), got {count}"),
        });
    }
    Ok(Some(f))
}

fn seconds(n: u64, field: &str, text: &str) -> Result<f64, TraceError> {
    text.parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0).ok_or_else(|| bad(n, field, "seconds ≥ 0", text))
}

fn number(n: u64, field: &str, want: &str, text: &str) -> Result<u64, TraceError> {
    text.parse().map_err(|_| bad(n, field, want, text))
}

pub(crate) mod k5cloud {
    use super::*;

    const NAMES: &str = "ID,Timestamp,Type,Offset,Length";

    pub(crate) fn line(b: &mut Builder, n: u64, line: &str, opts: &Options) -> Result<(), TraceError> {
        let Some(f) = five(n, line, NAMES)? else { return Ok(()) };
        let op = match f[2] {
            "R" | "r" => Op::Read,
            "W" | "w" => Op::Write,
            other => return Err(bad(n, "Type", "R or W", other)),
        };
        let r = Request {
            volume: f[0],
            time_us: seconds(n, "Timestamp", f[1])? * 1e6,
            op,
            offset: number(n, "Offset", "a byte offset", f[3])?,
            len: number(n, "Length", "a length in bytes", f[4])?,
        };
        push(b, n, r, opts, "ID")
    }

    /// Five comma-separated fields, the third `R` or `W`.
    pub(crate) fn looks_like(text: &str) -> bool {
        super::looks_like(text, |f| matches!(f[2], "R" | "W") && numeric(&[f[0], f[3], f[4]]))
    }
}

pub(crate) mod tencent {
    use super::*;

    const NAMES: &str = "Timestamp,Offset,Size,IOType,VolumeID";

    pub(crate) fn line(b: &mut Builder, n: u64, line: &str, opts: &Options) -> Result<(), TraceError> {
        let Some(f) = five(n, line, NAMES)? else { return Ok(()) };
        let op = match f[3] {
            "0" => Op::Read,
            "1" => Op::Write,
            other => return Err(bad(n, "IOType", "0 (read) or 1 (write)", other)),
        };
        let sectors = |field: &str, text: &str| -> Result<u64, TraceError> {
            crate::trace::sector_bytes(number(n, field, "a number of 512-byte sectors", text)?)
                .ok_or_else(|| bad(n, field, "a number of sectors within 2^55", text))
        };
        let r = Request {
            volume: f[4],
            time_us: seconds(n, "Timestamp", f[0])? * 1e6,
            op,
            offset: sectors("Offset", f[1])?,
            len: sectors("Size", f[2])?,
        };
        push(b, n, r, opts, "VolumeID")
    }

    /// Five comma-separated numbers, the fourth 0 or 1.
    pub(crate) fn looks_like(text: &str) -> bool {
        super::looks_like(text, |f| matches!(f[3], "0" | "1") && numeric(&[f[0], f[1], f[2], f[4]]))
    }
}

pub(crate) mod alibaba {
    use super::*;

    const NAMES: &str = "device_id,opcode,offset,length,timestamp";

    pub(crate) fn line(b: &mut Builder, n: u64, line: &str, opts: &Options) -> Result<(), TraceError> {
        let Some(f) = five(n, line, NAMES)? else { return Ok(()) };
        let op = match f[1] {
            "R" | "r" => Op::Read,
            "W" | "w" => Op::Write,
            other => return Err(bad(n, "opcode", "R or W", other)),
        };
        let time: u64 = number(n, "timestamp", "microseconds", f[4])?;
        let r = Request {
            volume: f[0],
            time_us: time as f64,
            op,
            offset: number(n, "offset", "a byte offset", f[2])?,
            len: number(n, "length", "a length in bytes", f[3])?,
        };
        push(b, n, r, opts, "device_id")
    }

    /// Five comma-separated fields, the second `R` or `W`.
    pub(crate) fn looks_like(text: &str) -> bool {
        super::looks_like(text, |f| matches!(f[1], "R" | "W") && numeric(&[f[0], f[2], f[3], f[4]]))
    }
}

fn numeric(fields: &[&str]) -> bool {
    fields.iter().all(|f| !f.is_empty() && f.bytes().all(|c| c.is_ascii_digit() || c == b'.'))
}

/// The first (up to five) non-empty lines all have five fields and pass `test`.
fn looks_like(text: &str, test: impl Fn(&[&str; 5]) -> bool) -> bool {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty()).take(5).peekable();
    lines.peek().is_some()
        && lines.all(|l| {
            let (f, count) = fields::<5>(l, ',');
            count == 5 && test(&f)
        })
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Format, Options};
    use crate::model::Op;

    #[test]
    fn k5cloud_keys_blocks_by_volume() {
        let t = parse(b"12,0.5,R,8192,8192\n3,1.25,W,8192,100\n12,2,R,12288,1\n", Format::K5cloud, &Options::default())
            .unwrap();
        // Volume 12 blocks 2, 3; volume 3 block 2 is another block; volume 12 block 3 again.
        assert_eq!(t.raw, [(12 << 44) | 2, (12 << 44) | 3, (3 << 44) | 2]);
        assert_eq!(t.refs, [0, 1, 2, 1]);
        let r = t.records[1];
        assert_eq!((r.client, r.op, r.time_us()), (3, Op::Write, Some(1.25e6)));
    }

    #[test]
    fn tencent_counts_in_sectors_and_flips_nothing() {
        let t =
            parse(b"1538323200,16,8,0,1063\n1538323201,24,16,1,1063\n", Format::Tencent, &Options::default()).unwrap();
        // Sector 16 = byte 8192 (block 2), 8 sectors = 4 KiB; sector 24 = block 3, 16 sectors = 2 blocks.
        assert_eq!(t.raw, [(1063 << 44) | 2, (1063 << 44) | 3, (1063 << 44) | 4]);
        assert_eq!((t.records[0].op, t.records[1].op), (Op::Read, Op::Write));
        assert_eq!((t.records[1].time_us(), t.records[1].client), (Some(1538323201e6), 1063));
    }

    #[test]
    fn alibaba_reads_bytes_and_microseconds() {
        let t = parse(
            b"7,W,126703644672,4096,1577808000000626\n7,R,4096,8192,1577808000000700\n",
            Format::Alibaba,
            &Options::default(),
        )
        .unwrap();
        assert_eq!(t.raw, [(7 << 44) | (126703644672 / 4096), (7 << 44) | 1, (7 << 44) | 2]);
        assert_eq!((t.records[0].op, t.records[0].time_us()), (Op::Write, Some(1577808000000626.0)));
    }

    #[test]
    fn malformed_lines_name_the_line_field_and_text() {
        let err = |f: Format, l: &str| parse(l.as_bytes(), f, &Options::default()).unwrap_err().to_string();
        assert_eq!(
            err(Format::K5cloud, "1,0,R,0\n"),
            "line 1: expected 5 fields (ID,Timestamp,Type,Offset,Length), got 4"
        );
        assert_eq!(err(Format::K5cloud, "1,0,X,0,1\n"), "line 1: Type: expected R or W, got \"X\"");
        assert_eq!(err(Format::K5cloud, "1,-3,R,0,1\n"), "line 1: Timestamp: expected seconds ≥ 0, got \"-3\"");
        assert_eq!(err(Format::Tencent, "1,2,3,2,5\n"), "line 1: IOType: expected 0 (read) or 1 (write), got \"2\"");
        assert_eq!(
            err(Format::Tencent, "1,2,3,0,vol\n"),
            "line 1: VolumeID: expected a volume id from 0 to 65535, got \"vol\""
        );
        assert_eq!(err(Format::Alibaba, "1,R,0,1,soon\n"), "line 1: timestamp: expected microseconds, got \"soon\"");
        assert_eq!(err(Format::Alibaba, "1,R,x,1,0\n"), "line 1: offset: expected a byte offset, got \"x\"");
        assert_eq!(
            err(Format::Alibaba, &format!("1,R,{},1,0\n", 1u64 << 60)),
            format!("line 1: offset {} is beyond 2^44 blocks of a volume", 1u64 << 60)
        );
    }
}
