//! One block number per line, optionally followed by `r` or `w` (see the module docs).

use super::{clip, Builder, Meta, TraceError};
use crate::model::Op;

/// The whole of `bytes` in this format (tests).
#[cfg(test)]
pub(crate) fn parse(bytes: &[u8]) -> Result<super::Trace, TraceError> {
    super::parse(bytes, super::Format::Lines, &super::Options::default())
}

/// One line (`n` from 1).
pub(crate) fn line(b: &mut Builder, n: u64, line: &str) -> Result<(), TraceError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(());
    }
    let place = || format!("line {n}");
    let mut fields = line.split(|c: char| c == ',' || c.is_whitespace()).filter(|f| !f.is_empty());
    let block = fields.next().unwrap_or("");
    let block: u64 = block.parse().map_err(|_| TraceError {
        place: place(),
        message: format!("expected a block number, got \"{}\"", clip(block)),
    })?;
    let op = match fields.next() {
        None | Some("r") | Some("R") => Op::Read,
        Some("w") | Some("W") => Op::Write,
        Some(other) => {
            return Err(TraceError {
                place: place(),
                message: format!("expected r or w after the block, got \"{}\"", clip(other)),
            })
        }
    };
    if let Some(extra) = fields.next() {
        return Err(TraceError {
            place: place(),
            message: format!("unexpected \"{}\" after the operation", clip(extra)),
        });
    }
    b.push(place, block, 1, Meta::op(op))
}

/// Most non-comment lines of the sample start with digits.
pub(crate) fn looks_like(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head);
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).take(20).peekable();
    lines.peek().is_some()
        && lines.all(|l| {
            l.split(|c: char| c == ',' || c.is_whitespace())
                .next()
                .is_some_and(|f| !f.is_empty() && f.bytes().all(|c| c.is_ascii_digit()))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_blocks_ops_and_skips_comments() {
        let t = parse(b"# a comment\n10\n\n11 w\n10,r\r\n").unwrap();
        assert_eq!(t.raw, [10, 11]);
        assert_eq!(t.refs, [0, 1, 0]);
        let ops: Vec<_> = t.records.iter().map(|r| r.op).collect();
        assert_eq!(ops, [Op::Read, Op::Write, Op::Read]);
    }

    #[test]
    fn malformed_lines_name_the_line_and_the_text() {
        assert_eq!(parse(b"1\n2\n12x4\n").unwrap_err().to_string(), "line 3: expected a block number, got \"12x4\"");
        assert_eq!(parse(b"1 x\n").unwrap_err().to_string(), "line 1: expected r or w after the block, got \"x\"");
        assert_eq!(parse(b"1 r 9\n").unwrap_err().to_string(), "line 1: unexpected \"9\" after the operation");
        assert_eq!(parse(b"-5\n").unwrap_err().place, "line 1");
        let long = format!("{}\n", "y".repeat(100));
        assert!(parse(long.as_bytes()).unwrap_err().message.ends_with("yyy…\""));
        assert!(parse(b"1\n\xff\xfe\n").unwrap_err().to_string().starts_with("line 2: not UTF-8"));
    }
}
