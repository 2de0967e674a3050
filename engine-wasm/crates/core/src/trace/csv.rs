//! tiersim's canonical CSV, `time,client,block,nblocks,op,hint`, optionally `,size` (see the
//! module docs).

use super::{Builder, Meta, TraceError};
use crate::model::{Op, WriteHint};

pub(crate) const HEADER: &str = "time,client,block,nblocks,op,hint";

/// The whole of `bytes` in this format (tests).
#[cfg(test)]
pub(crate) fn parse(bytes: &[u8]) -> Result<super::Trace, TraceError> {
    super::parse(bytes, super::Format::Csv, &super::Options::default())
}

/// One line after the header (`n` from 1); blank lines are skipped. `sized`: the header has
/// the `size` column, a seventh field of bytes (kept when the builder keeps sizes).
pub(crate) fn line(b: &mut Builder, n: u64, line: &str, sized: bool) -> Result<(), TraceError> {
    if line.trim().is_empty() {
        return Ok(());
    }
    let place = || format!("line {n}");
    let bad = |field: &str, want: &str, got: &str| super::bad_field(n, field, want, got);
    let (f, count) = super::fields::<7>(line, ',');
    let want = 6 + usize::from(sized);
    if count != want {
        let header = if sized { format!("{HEADER},size") } else { HEADER.to_string() };
        return Err(TraceError { place: place(), message: format!("expected {want} fields ({header}), got {count}") });
    }
    let size = match sized {
        false => None,
        true => Some(f[6].parse::<u64>().map_err(|_| bad("size", "a size in bytes", f[6]))?),
    };
    let time = match f[0] {
        "" => None,
        t => Some(
            t.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| bad("time", "microseconds ≥ 0", t))?,
        ),
    };
    let client: u16 = f[1].parse().map_err(|_| bad("client", "an integer from 0 to 65535", f[1]))?;
    let block: u64 = f[2].parse().map_err(|_| bad("block", "a block number", f[2]))?;
    let nblocks: u64 = f[3].parse().ok().filter(|&v| v >= 1).ok_or_else(|| bad("nblocks", "an integer ≥ 1", f[3]))?;
    let op = match f[4] {
        "r" | "read" | "R" => Op::Read,
        "w" | "write" | "W" => Op::Write,
        other => return Err(bad("op", "r, w, read or write", other)),
    };
    // Hints, space-separated: at most one write hint and one range.
    let (mut hint, mut range) = (None, None);
    for h in f[5].split_whitespace() {
        let want = "nothing, synch, replace, recov or range:<id>, space-separated";
        let write = match h {
            "synch" => Some(WriteHint::Synch),
            "replace" => Some(WriteHint::Replace),
            "recov" => Some(WriteHint::Recov),
            _ => None,
        };
        if let Some(w) = write {
            if hint.replace(w).is_some() {
                return Err(TraceError { place: place(), message: "hint: two write hints".into() });
            }
        } else {
            let id = h.strip_prefix("range:").and_then(|id| id.parse::<u32>().ok()).filter(|&id| id != u32::MAX);
            let id = id.ok_or_else(|| bad("hint", want, h))?;
            if range.replace(id).is_some() {
                return Err(TraceError { place: place(), message: "hint: two ranges".into() });
            }
        }
    }
    if hint.is_some() && op == Op::Read {
        return Err(TraceError { place: place(), message: "hint: write hints go on writes only".into() });
    }
    b.push(place, block, nblocks, Meta { op, time_us: time, client, write_hint: hint, range, size })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_field() {
        let t = parse(b"time,client,block,nblocks,op,hint\n1.5,2,100,3,w,synch\n,0,101,1,read,\n").unwrap();
        assert_eq!(t.raw, [100, 101, 102]);
        assert_eq!(t.refs, [0, 1, 2, 1]);
        let r = t.records[0];
        assert_eq!(
            (r.time_us(), r.client, r.len, r.op, r.write_hint),
            (Some(1.5), 2, 3, Op::Write, Some(WriteHint::Synch))
        );
        assert_eq!((t.records[1].time_us(), t.records[1].op), (None, Op::Read));
    }

    #[test]
    fn malformed_rows_name_the_line_field_and_text() {
        let h = "time,client,block,nblocks,op,hint\n";
        let err = |row: &str| parse(format!("{h}{row}\n").as_bytes()).unwrap_err().to_string();
        assert_eq!(err("1,0,5,1,r"), "line 2: expected 6 fields (time,client,block,nblocks,op,hint), got 5");
        assert_eq!(err("1,0,5x,1,r,"), "line 2: block: expected a block number, got \"5x\"");
        assert_eq!(err("1,70000,5,1,r,"), "line 2: client: expected an integer from 0 to 65535, got \"70000\"");
        assert_eq!(err("1,0,5,0,r,"), "line 2: nblocks: expected an integer ≥ 1, got \"0\"");
        assert_eq!(err("-1,0,5,1,r,"), "line 2: time: expected microseconds ≥ 0, got \"-1\"");
        assert_eq!(err("1,0,5,1,x,"), "line 2: op: expected r, w, read or write, got \"x\"");
        assert_eq!(err("1,0,5,1,r,synch"), "line 2: hint: write hints go on writes only");
        assert_eq!(
            err("1,0,5,1,w,soon"),
            "line 2: hint: expected nothing, synch, replace, recov or range:<id>, space-separated, got \"soon\""
        );
        assert_eq!(err("1,0,5,1,w,recov synch"), "line 2: hint: two write hints");
        assert_eq!(err("1,0,5,1,r,range:1 range:2"), "line 2: hint: two ranges");
        assert!(err("1,0,5,1,r,range:x").contains("got \"range:x\""));
        assert!(err("1,0,5,1,r,range:4294967295").contains("got \"range:4294967295\""));
        assert!(parse(b"1,0,5,1,r,\n").unwrap_err().to_string().starts_with("line 1: missing header"));
    }
}
