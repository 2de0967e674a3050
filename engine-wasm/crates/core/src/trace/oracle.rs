//! libCacheSim's oracleGeneral binary traces: 24-byte little-endian records
//! `u32 time, u64 object id, u32 size (bytes), i64 next access (virtual time, −1 = never)`.
//! Each record is a one-block read of its object; the size does not split it. Read as objects
//! (`object_mode`), each record keeps its size ([`super::Trace::sizes`]), which byte-sized
//! caches and byte miss ratios count; read as blocks, the size is not kept.

use super::{Builder, Meta, TraceError};
use crate::model::Op;

/// Bytes per record.
pub const RECORD: usize = 24;

/// The whole of `bytes` in this format (tests).
#[cfg(test)]
pub(crate) fn parse(bytes: &[u8]) -> Result<super::Trace, TraceError> {
    super::parse(bytes, super::Format::OracleGeneral, &super::Options::default())
}

/// One record: `time`, object `id`, `size` in bytes, `next` access time (−1: never).
pub fn encode(time: u32, id: u64, size: u32, next: i64) -> [u8; RECORD] {
    let mut r = [0u8; RECORD];
    r[0..4].copy_from_slice(&time.to_le_bytes());
    r[4..12].copy_from_slice(&id.to_le_bytes());
    r[12..16].copy_from_slice(&size.to_le_bytes());
    r[16..24].copy_from_slice(&next.to_le_bytes());
    r
}

/// A record's time (µs), object id and size (bytes); `Err(next)` when its next-access field
/// is neither −1 nor a time.
#[inline]
pub(crate) fn fields(r: &[u8]) -> Result<(f64, u64, u64), i64> {
    let time = u32::from_le_bytes(r[0..4].try_into().expect("4 bytes"));
    let id = u64::from_le_bytes(r[4..12].try_into().expect("8 bytes"));
    let size = u32::from_le_bytes(r[12..16].try_into().expect("4 bytes"));
    let next = i64::from_le_bytes(r[16..24].try_into().expect("8 bytes"));
    if next < -1 {
        Err(next)
    } else {
        Ok((time as f64 * 1e6, id, size as u64))
    }
}

/// Record `i`, at byte `at`.
pub(crate) fn record(b: &mut Builder, i: u64, at: u64, r: &[u8]) -> Result<(), TraceError> {
    let place = || format!("byte {at} (record {i})");
    match fields(r) {
        Ok((time_us, id, size)) => {
            b.push(place, id, 1, Meta { time_us: Some(time_us), size: Some(size), ..Meta::op(Op::Read) })
        }
        Err(next) => {
            Err(TraceError { place: place(), message: format!("next access must be −1 or a time, got {next}") })
        }
    }
}

/// Records of a head judged for [`plausible`].
const SAMPLE_RECORDS: usize = 256;

/// Largest next-access (a request index) taken as plausible: 2⁴⁸ requests.
const MAX_NEXT: i64 = 1 << 48;

/// Whether `bytes` reads as oracleGeneral with plausible fields: whole records (the whole file
/// a multiple of 24 bytes), next-access fields −1 (never), `i64::MAX` (never, in some
/// writers) or a request index below 2⁴⁸, and times that go back between at most one record in
/// eight. Eight bytes of text as an i64 are above 2⁶¹. `whole`: `bytes` is the whole file
/// (else its head, possibly cut inside a record). `Err` says what does not fit.
pub(crate) fn plausible(bytes: &[u8], whole: bool) -> Result<(), String> {
    if bytes.len() < RECORD {
        return Err(format!("{} bytes, less than one 24-byte record", bytes.len()));
    }
    if whole && !bytes.len().is_multiple_of(RECORD) {
        return Err(format!("{} bytes is not a whole number of 24-byte records", bytes.len()));
    }
    let records: Vec<&[u8]> = bytes.chunks_exact(RECORD).take(SAMPLE_RECORDS).collect();
    let next = |r: &[u8]| i64::from_le_bytes(r[16..24].try_into().expect("8 bytes"));
    if let Some(i) = records.iter().position(|r| !matches!(next(r), -1 | i64::MAX | 0..MAX_NEXT)) {
        return Err(format!("record {i}'s next access {} is neither −1 nor a request index", next(records[i])));
    }
    let time = |r: &[u8]| u32::from_le_bytes(r[0..4].try_into().expect("4 bytes"));
    let back = records.windows(2).filter(|w| time(w[1]) < time(w[0])).count();
    if back * 8 > records.len() {
        return Err(format!("times go back {back} times in {} records", records.len()));
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn record(time: u32, id: u64, size: u32, next: i64) -> Vec<u8> {
        encode(time, id, size, next).to_vec()
    }

    #[test]
    fn reads_objects_as_one_block_reads() {
        let t = parse(&[record(1, 42, 100_000, 2), record(2, 7, 1, -1), record(3, 42, 100_000, -1)].concat()).unwrap();
        assert_eq!(t.raw, [42, 7]);
        assert_eq!(t.refs, [0, 1, 0]);
        assert!(t.records.iter().all(|r| r.len == 1 && r.op == Op::Read));
        assert_eq!(t.records[2].time_us(), Some(3e6));
    }

    #[test]
    fn read_as_objects_each_record_keeps_its_size_and_a_size_of_zero_is_refused() {
        use crate::trace::{Format, Options, TraceStream};
        let objects = Options { object_mode: true, ..Options::default() };
        let bytes = [record(1, 42, 100_000, 2), record(2, 7, 512, -1), record(3, 42, 100_000, -1)].concat();
        let t = crate::trace::parse(&bytes, Format::OracleGeneral, &objects).unwrap();
        assert_eq!((t.refs.as_slice(), t.sizes.as_slice()), ([0, 1, 0].as_slice(), [100_000, 512, 100_000].as_slice()));
        // As blocks, as before: no sizes kept.
        assert!(parse(&bytes).unwrap().sizes.is_empty());
        // Streamed and drained in batches of any cut, the same sizes in the same order.
        let mut s = TraceStream::new(Format::OracleGeneral, objects).unwrap();
        let (mut sizes, mut batch) = (Vec::new(), crate::trace::Trace::default());
        for piece in bytes.chunks(7) {
            s.push(piece).unwrap();
            s.drain_into(&mut batch);
            assert_eq!(batch.sizes.len(), batch.records.len());
            sizes.extend_from_slice(&batch.sizes);
        }
        let mut rest = s.finish().unwrap().trace;
        sizes.append(&mut rest.sizes);
        assert_eq!(sizes, [100_000, 512, 100_000]);
        let zero = [record(1, 42, 100, -1), record(2, 43, 0, -1)].concat();
        let e = crate::trace::parse(&zero, Format::OracleGeneral, &objects).unwrap_err();
        assert_eq!(
            e.to_string(),
            "byte 24 (record 1): an object's size must be from 1 byte to 1099511627776 bytes (1 TiB), got 0"
        );
        // Skipped with the bad records, the sizes stay beside their records.
        let s = TraceStream::new(Format::OracleGeneral, objects).unwrap().skip_bad(true);
        let mut s = s;
        s.push(&[zero.clone(), record(3, 44, 9, -1)].concat()).unwrap();
        let f = s.finish().unwrap();
        assert_eq!((f.skipped, f.trace.sizes.as_slice()), (1, [100, 9].as_slice()));
        // As blocks a size of zero is no matter, as before.
        assert_eq!(parse(&zero).unwrap().refs.len(), 2);
    }

    #[test]
    fn truncated_or_impossible_records_are_refused() {
        let bytes = [record(1, 42, 1, -1), record(2, 43, 1, -1)].concat();
        assert_eq!(
            parse(&bytes[..30]).unwrap_err().to_string(),
            "byte 24 (record 1): truncated oracleGeneral record: 6 of 24 bytes"
        );
        assert_eq!(
            parse(&record(1, 1, 1, -5)).unwrap_err().to_string(),
            "byte 0 (record 0): next access must be −1 or a time, got -5"
        );
    }
}
