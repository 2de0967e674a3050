//! Writing generated requests out as trace files: tiersim's canonical CSV (every field kept)
//! and libCacheSim's oracleGeneral (one record per block; its next-access field filled in from
//! the future, as that format expects). Reading a written file back gives the same requests.
//! (A scenario's whole workload is exported by [`crate::run::export`].)

use std::io::Write;

use crate::model::{Op, Request, WriteHint};

/// Appends `r` as one canonical CSV line (see the module docs of [`super`]).
pub fn csv_line(out: &mut Vec<u8>, r: &Request) {
    let op = if r.op == Op::Write { "w" } else { "r" };
    let hint = match r.write_hint {
        None => "",
        Some(WriteHint::Synch) => "synch",
        Some(WriteHint::Replace) => "replace",
        Some(WriteHint::Recov) => "recov",
    };
    if let Some(t) = r.time_us {
        let _ = write!(out, "{t}");
    }
    let _ = write!(out, ",{},{},{},{op},{hint}", r.client, r.block, r.nblocks);
    match (r.range, hint.is_empty()) {
        (Some(id), true) => {
            let _ = writeln!(out, "range:{id}");
        }
        (Some(id), false) => {
            let _ = writeln!(out, " range:{id}");
        }
        (None, _) => out.push(b'\n'),
    }
}

/// The canonical CSV header line.
pub fn csv_header(out: &mut Vec<u8>) {
    out.extend_from_slice(crate::trace::csv::HEADER.as_bytes());
    out.push(b'\n');
}

/// oracleGeneral records for `requests` (each block its own record, time = request index,
/// size = `block_size`, next access = the index of the block's next reference or −1).
pub fn oracle_general(requests: &[Request], block_size: u32) -> Vec<u8> {
    let blocks: Vec<(u64, u32)> =
        requests.iter().enumerate().flat_map(|(i, r)| r.blocks().map(move |b| (b as u64, i as u32))).collect();
    // Next access, from the end backwards.
    let mut next = vec![-1i64; blocks.len()];
    let mut seen: rustc_hash::FxHashMap<u64, i64> = rustc_hash::FxHashMap::default();
    for (k, &(b, i)) in blocks.iter().enumerate().rev() {
        next[k] = seen.insert(b, i as i64).unwrap_or(-1);
    }
    let mut out = Vec::with_capacity(blocks.len() * crate::trace::oracle::RECORD);
    for (k, &(b, i)) in blocks.iter().enumerate() {
        out.extend_from_slice(&crate::trace::oracle::encode(i, b, block_size, next[k]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{parse, Format, Options};
    use crate::workload::WorkloadConfig;

    #[test]
    fn write_hints_and_ranges_round_trip_through_csv() {
        let tpch = WorkloadConfig::Tpch {
            query: crate::workload::TpchQuery::Q7,
            scale: 0.2,
            lookups: 20,
            skew: [80.0, 20.0],
            warmup_requests: Some(0),
            measured_requests: Some(400),
        };
        let mut g = tpch.build(3);
        let mut requests: Vec<Request> = std::iter::from_fn(|| g.next_request()).collect();
        let hinted = Request { write_hint: Some(WriteHint::Recov), range: Some(7), ..Request::write(5) };
        requests.extend([hinted, Request { range: None, ..hinted }, Request { write_hint: None, ..hinted }]);
        let mut csv = Vec::new();
        csv_header(&mut csv);
        requests.iter().for_each(|r| csv_line(&mut csv, r));
        let text = String::from_utf8(csv.clone()).unwrap();
        assert!(text.ends_with(",0,5,1,w,recov range:7\n,0,5,1,w,recov\n,0,5,1,w,range:7\n"), "{text}");
        let t = parse(&csv, Format::Csv, &Options::default()).unwrap();
        for (r, rec) in requests.iter().zip(&t.records) {
            assert_eq!((rec.write_hint, rec.range()), (r.write_hint, r.range));
        }
        assert!(t.records.iter().all(|r| r.range().is_some() || r.op == Op::Write));
    }

    #[test]
    fn generated_workloads_round_trip_through_both_formats() {
        let w = WorkloadConfig::Zipf {
            blocks: 500,
            request_blocks: 3,
            alpha: 0.8,
            warmup_requests: Some(100),
            measured_requests: Some(900),
        };
        let mut g = w.build(9);
        let requests: Vec<Request> = std::iter::from_fn(|| g.next_request()).collect();
        let mut csv = Vec::new();
        csv_header(&mut csv);
        for r in &requests {
            csv_line(&mut csv, r);
        }
        let t = parse(&csv, Format::Csv, &Options::default()).unwrap();
        assert_eq!(t.records.len(), 1000);
        for (r, rec) in requests.iter().zip(&t.records) {
            let raw: Vec<u64> = t.blocks_of(rec).iter().map(|&d| t.raw[d as usize]).collect();
            assert_eq!(raw, r.blocks().map(|b| b as u64).collect::<Vec<_>>());
            assert_eq!((rec.op, rec.client, rec.len), (r.op, r.client, r.nblocks));
        }
        let og = oracle_general(&requests, 4096);
        let o = parse(&og, Format::OracleGeneral, &Options::default()).unwrap();
        assert_eq!(o.records.len(), 3000);
        let flat: Vec<u64> = o.refs.iter().map(|&d| o.raw[d as usize]).collect();
        assert_eq!(flat, requests.iter().flat_map(|r| r.blocks().map(|b| b as u64)).collect::<Vec<_>>());
    }
}
