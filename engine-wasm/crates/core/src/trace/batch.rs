//! A streamed batch as flat 32-bit words, to cross from one thread of a browser to another: a
//! reader worker decodes the file ([`super::TraceStream::drain_into`]) and transfers each batch
//! to the workers that simulate it, whose wasm memories are their own. Records are six words
//! each; block references travel as they are (dense ids, numbered as in the whole trace).
//!
//! Words of one record: `start`, `len`, the time's bits (low word, high word), `client |
//! op << 16 | hint << 24` (op: 0 read, 1 write; hint: 0 none, 1 SYNCH, 2 REPLACE, 3 RECOV),
//! and the range id. [`unpack`] checks everything a batch from elsewhere could get wrong —
//! word counts, codes, references inside the batch, ids inside the trace — so a damaged
//! message is refused with its place, never served.
//!
//! A *sampled* batch (miss-ratio curves fed by a reader that samples: `analysis::minisim::
//! Sampler`) carries only the references of sampled blocks, two words each: the block, then
//! `op | hint << 8` (the codes above). [`unpack_sampled`] checks it the same way.
//!
//! A *sized* trace's batch (read as objects, [`Trace::sizes`]) also carries each record's size
//! in bytes, two words (low, high) per record beside the records' words ([`pack_sizes`],
//! [`unpack_sizes`]); a trace without sizes sends none.

use super::{Record, Trace};
use crate::model::{Block, Op, WriteHint};

/// Words per record.
pub const RECORD_WORDS: usize = 6;

fn hint_code(h: Option<WriteHint>) -> u32 {
    match h {
        None => 0,
        Some(WriteHint::Synch) => 1,
        Some(WriteHint::Replace) => 2,
        Some(WriteHint::Recov) => 3,
    }
}

/// Words per sampled reference.
pub const SAMPLED_WORDS: usize = 2;

fn op_code(op: Op) -> u32 {
    match op {
        Op::Read => 0,
        Op::Write => 1,
    }
}

/// The operation and hint of codes `op` and `hint`; an error names the bad code.
fn decode(op: u32, hint: u32) -> Result<(Op, Option<WriteHint>), String> {
    let op = match op {
        0 => Op::Read,
        1 => Op::Write,
        c => return Err(format!("operation code {c}")),
    };
    let hint = match hint {
        0 => None,
        1 => Some(WriteHint::Synch),
        2 => Some(WriteHint::Replace),
        3 => Some(WriteHint::Recov),
        c => return Err(format!("write-hint code {c}")),
    };
    Ok((op, hint))
}

/// Appends one sampled reference, packed, to `out`.
#[inline]
pub fn pack_sampled(block: Block, op: Op, hint: Option<WriteHint>, out: &mut Vec<u32>) {
    out.extend_from_slice(&[block, op_code(op) | hint_code(hint) << 8]);
}

/// The references of a sampled batch, checked whole before any is given: word count, codes,
/// ids inside the trace (`universe`: its distinct blocks). An error names the reference.
pub fn unpack_sampled(
    words: &[u32],
    universe: usize,
) -> Result<impl Iterator<Item = (Block, Op, Option<WriteHint>)> + '_, String> {
    if !words.len().is_multiple_of(SAMPLED_WORDS) {
        return Err(format!(
            "sampled batch: {} words is not a whole number of {SAMPLED_WORDS}-word references",
            words.len()
        ));
    }
    for (i, w) in words.chunks_exact(SAMPLED_WORDS).enumerate() {
        if w[0] as usize >= universe {
            return Err(format!(
                "sampled batch: reference {i} is id {}, past the trace's {universe} distinct blocks",
                w[0]
            ));
        }
        if w[1] >> 16 != 0 {
            return Err(format!("sampled batch: reference {i} has code {:#x}", w[1]));
        }
        decode(w[1] & 0xff, w[1] >> 8).map_err(|e| format!("sampled batch: reference {i} has {e}"))?;
    }
    Ok(words.chunks_exact(SAMPLED_WORDS).map(|w| {
        let (op, hint) = decode(w[1] & 0xff, w[1] >> 8).expect("checked above");
        (w[0], op, hint)
    }))
}

/// Appends `records`, packed, to `out`.
pub fn pack_records(records: &[Record], out: &mut Vec<u32>) {
    out.reserve(records.len() * RECORD_WORDS);
    for r in records {
        out.extend_from_slice(&[
            r.start,
            r.len,
            r.time_bits as u32,
            (r.time_bits >> 32) as u32,
            r.client as u32 | op_code(r.op) << 16 | hint_code(r.write_hint) << 24,
            r.range,
        ]);
    }
}

/// Words per record's size.
pub const SIZE_WORDS: usize = 2;

/// Appends `sizes` (a sized trace's, one per record), packed, to `out`.
pub fn pack_sizes(sizes: &[u64], out: &mut Vec<u32>) {
    out.reserve(sizes.len() * SIZE_WORDS);
    for &s in sizes {
        out.extend_from_slice(&[s as u32, (s >> 32) as u32]);
    }
}

/// Sets `batch.sizes` from packed `words`, after [`unpack`] filled its records: none (a trace
/// without sizes) or one per record. On an error the whole batch is left empty.
pub fn unpack_sizes(words: &[u32], batch: &mut Trace) -> Result<(), String> {
    batch.sizes.clear();
    if words.is_empty() {
        return Ok(());
    }
    if words.len() != batch.records.len() * SIZE_WORDS {
        let records = batch.records.len();
        batch.records.clear();
        batch.refs.clear();
        return Err(format!(
            "batch: {} size words for {records} records (none, or {SIZE_WORDS} per record)",
            words.len()
        ));
    }
    batch.sizes.extend(words.chunks_exact(SIZE_WORDS).map(|w| w[0] as u64 | (w[1] as u64) << 32));
    Ok(())
}

/// Sets `raw` to the file ids packed in `words` as [`pack_sizes`] packs sizes (two words each).
pub fn unpack_ids(words: &[u32], raw: &mut Vec<u64>) -> Result<(), String> {
    raw.clear();
    if !words.len().is_multiple_of(SIZE_WORDS) {
        return Err(format!("batch: {} id words (two per id)", words.len()));
    }
    raw.extend(words.chunks_exact(SIZE_WORDS).map(|w| w[0] as u64 | (w[1] as u64) << 32));
    Ok(())
}

/// Refills `batch` (its `records` and `refs`; `raw` untouched) from packed `words` and `refs`,
/// keeping its vectors' capacity. `universe`: every reference must be below it (the trace's
/// distinct blocks). On an error `batch` is left empty.
pub fn unpack(words: &[u32], refs: &[Block], universe: usize, batch: &mut Trace) -> Result<(), String> {
    batch.records.clear();
    batch.refs.clear();
    let result = fill(words, refs, universe, batch);
    if result.is_err() {
        batch.records.clear();
        batch.refs.clear();
    }
    result
}

fn fill(words: &[u32], refs: &[Block], universe: usize, batch: &mut Trace) -> Result<(), String> {
    if !words.len().is_multiple_of(RECORD_WORDS) {
        return Err(format!(
            "batch: {} record words is not a whole number of {RECORD_WORDS}-word records",
            words.len()
        ));
    }
    if let Some(i) = refs.iter().position(|&b| b as usize >= universe) {
        return Err(format!(
            "batch: block reference {i} is id {}, past the trace's {universe} distinct blocks",
            refs[i]
        ));
    }
    batch.records.reserve(words.len() / RECORD_WORDS);
    for (i, w) in words.chunks_exact(RECORD_WORDS).enumerate() {
        let (start, len) = (w[0], w[1]);
        if start as u64 + len as u64 > refs.len() as u64 {
            return Err(format!(
                "batch: record {i} spans references {start}..{} of {}",
                start as u64 + len as u64,
                refs.len()
            ));
        }
        let (op, write_hint) =
            decode((w[4] >> 16) & 0xff, w[4] >> 24).map_err(|e| format!("batch: record {i} has {e}"))?;
        batch.records.push(Record {
            start,
            len,
            time_bits: w[2] as u64 | (w[3] as u64) << 32,
            client: w[4] as u16,
            op,
            write_hint,
            range: w[5],
        });
    }
    batch.refs.extend_from_slice(refs);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{parse, Format, Options};

    fn sample() -> Trace {
        let csv = "time,client,block,nblocks,op,hint\n\
                   1.5,0,10,2,r,\n\
                   ,3,11,1,w,synch\n\
                   7,65535,40,3,w,recov\n\
                   8,2,10,1,w,replace\n\
                   9,2,12,1,w,\n";
        parse(csv.as_bytes(), Format::Csv, &Options::default()).unwrap()
    }

    #[test]
    fn file_ids_survive_packing_whole_and_odd_words_are_refused() {
        let ids = [0, 7, u32::MAX as u64 + 1, u64::MAX];
        let mut words = Vec::new();
        pack_sizes(&ids, &mut words);
        let mut raw = vec![99];
        unpack_ids(&words, &mut raw).unwrap();
        assert_eq!(raw, ids);
        let err = unpack_ids(&words[..3], &mut raw).unwrap_err();
        assert!(err.contains("3 id words"), "{err}");
    }

    #[test]
    fn a_batch_survives_packing_exactly() {
        let t = sample();
        let mut words = Vec::new();
        pack_records(&t.records, &mut words);
        assert_eq!(words.len(), t.records.len() * RECORD_WORDS);
        let mut back = Trace { raw: vec![7], ..Trace::default() };
        unpack(&words, &t.refs, t.distinct(), &mut back).unwrap();
        assert_eq!(back.records, t.records);
        assert_eq!(back.refs, t.refs);
        assert_eq!(back.raw, vec![7], "raw is left alone");
        // Times, clients, hints and ranges all kept (the records compare equal field by field).
        assert_eq!(back.records[0].time_us(), Some(1.5));
        assert_eq!(back.records[1].time_us(), None);
        assert_eq!(back.records[2].client, 65535);
        assert_eq!(back.records[3].write_hint, Some(WriteHint::Replace));
    }

    #[test]
    fn a_sized_batch_keeps_its_sizes() {
        let t = parse(
            b"time,client,block,nblocks,op,hint,size\n0,0,10,1,r,,1\n1,0,11,1,r,,6000000000\n2,1,10,1,w,,4096\n",
            Format::Csv,
            &Options { block_size: 4096, object_mode: true, columns: None },
        )
        .unwrap();
        assert_eq!(t.sizes, [1, 6_000_000_000, 4096]);
        let (mut words, mut sizes) = (Vec::new(), Vec::new());
        pack_records(&t.records, &mut words);
        pack_sizes(&t.sizes, &mut sizes);
        assert_eq!(sizes.len(), 3 * SIZE_WORDS);
        let mut back = Trace::default();
        unpack(&words, &t.refs, t.distinct(), &mut back).unwrap();
        unpack_sizes(&sizes, &mut back).unwrap();
        assert_eq!(back.sizes, t.sizes);
        // The next batch without sizes drops them; a wrong count empties the batch.
        unpack(&words, &t.refs, t.distinct(), &mut back).unwrap();
        unpack_sizes(&[], &mut back).unwrap();
        assert!(back.sizes.is_empty());
        let e = unpack_sizes(&sizes[..4], &mut back).unwrap_err();
        assert_eq!(e, "batch: 4 size words for 3 records (none, or 2 per record)");
        assert!(back.records.is_empty() && back.refs.is_empty() && back.sizes.is_empty());
    }

    #[test]
    fn a_damaged_batch_is_refused_with_its_place() {
        let t = sample();
        let mut words = Vec::new();
        pack_records(&t.records, &mut words);
        let mut b = Trace::default();
        let e = unpack(&words[..7], &t.refs, t.distinct(), &mut b).unwrap_err();
        assert!(e.contains("7 record words"), "{e}");
        let e = unpack(&words, &t.refs, 2, &mut b).unwrap_err();
        assert!(e.contains("past the trace's 2 distinct blocks"), "{e}");
        assert!(b.records.is_empty() && b.refs.is_empty());
        let e = unpack(&words, &t.refs[..3], t.distinct(), &mut b).unwrap_err();
        assert!(e.starts_with("batch: record 2 spans references"), "{e}");
        let mut bad = words.clone();
        bad[4] |= 5 << 16;
        assert_eq!(unpack(&bad, &t.refs, t.distinct(), &mut b).unwrap_err(), "batch: record 0 has operation code 5");
        let mut bad = words.clone();
        bad[RECORD_WORDS + 4] = (bad[RECORD_WORDS + 4] & 0xff_ffff) | 9 << 24;
        assert_eq!(unpack(&bad, &t.refs, t.distinct(), &mut b).unwrap_err(), "batch: record 1 has write-hint code 9");
    }
}
