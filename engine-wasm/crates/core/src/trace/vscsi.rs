//! CloudPhysics vscsi block traces (as published with the SHARDS and libCacheSim work), binary,
//! little-endian, fixed-size records:
//! - version 1, 32 bytes: `u32 serial, u32 length (bytes), u32 scatter-gather count, u16 SCSI
//!   command, u16 version, u64 LBN (512-byte sectors), u64 timestamp (µs)`;
//! - version 2, 40 bytes: `u16 command, u16 version, u32 serial, u32 length, u32 sg count,
//!   u64 LBN, u64 timestamp, u64 response time`.
//!
//! The version is the high byte of the version field of the first record (1 or 2). SCSI READ
//! commands (0x08, 0x28, 0x88, 0xa8) are reads, WRITE (0x0a, 0x2a, 0x8a, 0xaa) writes; other
//! commands carry no data and are skipped (counted in [`skipped_commands`]).

use super::{split, Builder, Meta, Options, TraceError};
use crate::model::Op;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    V1,
    V2,
}

impl Version {
    pub fn record_len(self) -> usize {
        match self {
            Version::V1 => 32,
            Version::V2 => 40,
        }
    }
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

/// The version announced by the first record, if the bytes look like vscsi at all.
pub fn version(bytes: &[u8]) -> Option<Version> {
    if bytes.len() >= 32 && u16_at(bytes, 14) >> 8 == 1 {
        Some(Version::V1)
    } else if bytes.len() >= 40 && u16_at(bytes, 2) >> 8 == 2 {
        Some(Version::V2)
    } else {
        None
    }
}

/// Records of a head judged for [`plausible`].
const SAMPLE_RECORDS: usize = 256;

/// Whether `head` reads as vscsi with plausible fields: the first record's version in every
/// whole record of the sample, at least half of them reads or writes, and timestamps that go
/// back between at most one record in eight. `Err` says what does not fit.
pub(crate) fn plausible(head: &[u8]) -> Result<Version, String> {
    let v = version(head).ok_or("the version field says neither 1 nor 2")?;
    let records: Vec<&[u8]> = head.chunks_exact(v.record_len()).take(SAMPLE_RECORDS).collect();
    let fields = |r: &[u8]| match v {
        Version::V1 => (u16_at(r, 14) >> 8, u16_at(r, 12), u64_at(r, 24)),
        Version::V2 => (u16_at(r, 2) >> 8, u16_at(r, 0), u64_at(r, 24)),
    };
    let want = fields(records[0]).0;
    if let Some(i) = records.iter().position(|r| fields(r).0 != want) {
        return Err(format!("record {i}'s version field is {}, record 0's {want}", fields(records[i]).0));
    }
    let data = records.iter().filter(|r| op_of(fields(r).1).is_some()).count();
    if data * 2 < records.len() {
        return Err(format!("only {data} of {} records are reads or writes", records.len()));
    }
    let back = records.windows(2).filter(|w| fields(w[1]).2 < fields(w[0]).2).count();
    if back * 8 > records.len() {
        return Err(format!("timestamps go back {back} times in {} records", records.len()));
    }
    Ok(v)
}

fn op_of(command: u16) -> Option<Op> {
    match command {
        0x08 | 0x28 | 0x88 | 0xa8 => Some(Op::Read),
        0x0a | 0x2a | 0x8a | 0xaa => Some(Op::Write),
        _ => None,
    }
}

/// Records whose command is neither a read nor a write (they are skipped).
pub fn skipped_commands(bytes: &[u8]) -> usize {
    let Some(v) = version(bytes) else { return 0 };
    bytes
        .chunks_exact(v.record_len())
        .filter(|r| op_of(if v == Version::V1 { u16_at(r, 12) } else { u16_at(r, 0) }).is_none())
        .count()
}

/// The whole of `bytes` in this format (tests).
#[cfg(test)]
pub(crate) fn parse(bytes: &[u8], opts: &Options) -> Result<super::Trace, TraceError> {
    super::parse(bytes, super::Format::Vscsi, opts)
}

/// The version of a trace starting with `head` (at least 40 bytes, unless the trace is shorter).
pub(crate) fn version_of(head: &[u8]) -> Result<Version, TraceError> {
    version(head).ok_or_else(|| TraceError {
        place: "byte 0".into(),
        message: if head.len() < 32 {
            format!("truncated vscsi record: {} of at least 32 bytes", head.len())
        } else {
            format!(
                "not a vscsi trace: the version field says neither 1 nor 2 (v1 field {:#06x}, v2 field {:#06x})",
                u16_at(head, 14),
                u16_at(head, 2)
            )
        },
    })
}

/// A version-1 record: SCSI `command`, `lbn` in 512-byte sectors, `len` bytes, `ts` µs.
pub fn encode_v1(command: u16, lbn: u64, len: u32, ts: u64) -> [u8; 32] {
    let mut r = [0u8; 32];
    r[0..4].copy_from_slice(&7u32.to_le_bytes());
    r[4..8].copy_from_slice(&len.to_le_bytes());
    r[8..12].copy_from_slice(&1u32.to_le_bytes());
    r[12..14].copy_from_slice(&command.to_le_bytes());
    r[14..16].copy_from_slice(&0x0100u16.to_le_bytes());
    r[16..24].copy_from_slice(&lbn.to_le_bytes());
    r[24..32].copy_from_slice(&ts.to_le_bytes());
    r
}

/// Record `i`, at byte `at`; commands without data are skipped.
pub(crate) fn record(b: &mut Builder, i: u64, at: u64, r: &[u8], v: Version, opts: &Options) -> Result<(), TraceError> {
    let place = || format!("byte {at} (record {i})");
    let (command, len, lbn, ts) = match v {
        Version::V1 => (u16_at(r, 12), u32_at(r, 4), u64_at(r, 16), u64_at(r, 24)),
        Version::V2 => (u16_at(r, 0), u32_at(r, 8), u64_at(r, 16), u64_at(r, 24)),
    };
    let Some(op) = op_of(command) else { return Ok(()) };
    let offset = super::sector_bytes(lbn).ok_or_else(|| TraceError {
        place: place(),
        message: format!("LBN {lbn} is beyond any disk (its byte offset overflows)"),
    })?;
    let (first, n) = split(offset, len as u64, opts);
    b.push(place, first, n, Meta { time_us: Some(ts as f64), size: Some(len as u64), ..Meta::op(op) })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A version-1 record.
    pub(crate) fn record_v1(command: u16, lbn: u64, len: u32, ts: u64) -> Vec<u8> {
        encode_v1(command, lbn, len, ts).to_vec()
    }

    fn record_v2(command: u16, lbn: u64, len: u32, ts: u64) -> Vec<u8> {
        let mut r = Vec::with_capacity(40);
        r.extend_from_slice(&command.to_le_bytes());
        r.extend_from_slice(&0x0200u16.to_le_bytes());
        r.extend_from_slice(&7u32.to_le_bytes());
        r.extend_from_slice(&len.to_le_bytes());
        r.extend_from_slice(&1u32.to_le_bytes());
        r.extend_from_slice(&lbn.to_le_bytes());
        r.extend_from_slice(&ts.to_le_bytes());
        r.extend_from_slice(&99u64.to_le_bytes());
        r
    }

    #[test]
    fn reads_both_versions_and_splits_sectors_into_blocks() {
        let opts = Options::default();
        // LBN 8 = byte 4096: 4096 bytes → block 1; LBN 15 = byte 7680, 1024 bytes → blocks 1 and 2.
        for bytes in [
            [record_v1(0x28, 8, 4096, 10), record_v1(0x2a, 15, 1024, 20), record_v1(0x00, 0, 0, 30)].concat(),
            [record_v2(0x28, 8, 4096, 10), record_v2(0x2a, 15, 1024, 20), record_v2(0x00, 0, 0, 30)].concat(),
        ] {
            let t = parse(&bytes, &opts).unwrap();
            assert_eq!(t.records.len(), 2, "TEST UNIT READY-like commands carry no data");
            assert_eq!(t.raw, [1, 2]);
            assert_eq!(t.refs, [0, 0, 1]);
            assert_eq!((t.records[0].op, t.records[1].op), (Op::Read, Op::Write));
            assert_eq!(t.records[1].time_us(), Some(20.0));
            assert_eq!(skipped_commands(&bytes), 1);
        }
    }

    #[test]
    fn truncated_and_foreign_input_is_refused_with_the_place() {
        let mut bytes = [record_v1(0x28, 8, 4096, 10), record_v1(0x28, 9, 512, 11)].concat();
        bytes.truncate(40);
        assert_eq!(
            parse(&bytes, &Options::default()).unwrap_err().to_string(),
            "byte 32 (record 1): truncated vscsi record: 8 of 32 bytes"
        );
        assert!(parse(&[0u8; 64], &Options::default()).unwrap_err().message.contains("neither 1 nor 2"));
        assert!(parse(&[1u8; 10], &Options::default()).unwrap_err().message.contains("10 of at least 32"));
        let huge = record_v1(0x28, u64::MAX / 2, 512, 0);
        assert!(parse(&huge, &Options::default()).unwrap_err().message.contains("overflows"));
    }

    /// The shared CloudPhysics trace (../shared, beside the checkout).
    #[test]
    fn cloudphysics_trace_counts() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../../shared/traces/cloudPhysicsIO.vscsi");
        let Ok(bytes) = std::fs::read(path) else {
            eprintln!("skipping: ../shared/traces/cloudPhysicsIO.vscsi is not present beside the checkout");
            return;
        };
        assert_eq!(version(&bytes), Some(Version::V1));
        assert_eq!(super::super::sniff(&bytes), Ok(super::super::Format::Vscsi));
        let t = parse(&bytes, &Options::default()).unwrap();
        assert_eq!(t.records.len(), 113_872);
        assert_eq!(t.block_refs(), 1_141_869);
        assert_eq!(t.distinct(), 269_210);
        let objects = parse(&bytes, &Options { object_mode: true, ..Options::default() }).unwrap();
        assert_eq!((objects.records.len(), objects.block_refs()), (113_872, 113_872));
    }
}
