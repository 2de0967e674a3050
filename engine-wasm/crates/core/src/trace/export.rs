//! Writing workloads out as trace files: tiersim's canonical CSV (every field kept) and
//! libCacheSim's oracleGeneral (one record per block; its next-access field filled in from
//! the future, as that format expects). Written in pieces, so a big workload never sits whole
//! in memory; reading a written file back gives the same requests.

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
    out.extend_from_slice(super::csv::HEADER.as_bytes());
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
    let mut out = Vec::with_capacity(blocks.len() * super::oracle::RECORD);
    for (k, &(b, i)) in blocks.iter().enumerate() {
        out.extend_from_slice(&super::oracle::encode(i, b, block_size, next[k]));
    }
    out
}

/// Most requests a workload exported in one piece may have (the page builds the file in memory).
pub const MAX_EXPORT_REQUESTS: u64 = 20_000_000;

/// A scenario's generated workload (warm-up and measured) as a whole file: `format` is
/// canonical CSV or oracleGeneral.
pub fn workload_file(s: &crate::Scenario, format: super::Format) -> Result<Vec<u8>, crate::ScenarioError> {
    let err = |path: &str, m: String| crate::ScenarioError { path: path.into(), message: m };
    s.validate()?;
    if s.trace.is_some() || s.topology == crate::hierarchy::Topology::Tree {
        return Err(err("workload", "only a generated one-client workload exports (not a trace or a tree)".into()));
    }
    let (w, m) = s.workload.phases();
    if w + m > MAX_EXPORT_REQUESTS {
        return Err(err(
            "workload",
            format!("at most {MAX_EXPORT_REQUESTS} requests export at once (this has {})", w + m),
        ));
    }
    let mut g = s.workload.build(s.seed);
    match format {
        super::Format::Csv => {
            let mut out = Vec::new();
            csv_header(&mut out);
            while let Some(r) = g.next_request() {
                csv_line(&mut out, &r);
            }
            Ok(out)
        }
        super::Format::OracleGeneral => {
            let requests: Vec<Request> = std::iter::from_fn(|| g.next_request()).collect();
            Ok(oracle_general(&requests, s.block_size))
        }
        other => Err(err("format", format!("exports are csv or oracle-general, not {}", other.name()))),
    }
}

/// Most requests a preview shows.
pub const MAX_PREVIEW_REQUESTS: usize = 1000;

/// `n` requests of a scenario's generated workload from request `skip` on (0-based), as
/// canonical CSV (header included): what the page's preview shows, write hints and all.
pub fn preview(s: &crate::Scenario, skip: u64, n: usize) -> Result<String, crate::ScenarioError> {
    s.validate()?;
    if s.trace.is_some() || s.topology == crate::hierarchy::Topology::Tree {
        return Err(crate::ScenarioError {
            path: "workload".into(),
            message: "only a generated one-client workload previews (not a trace or a tree)".into(),
        });
    }
    let mut g = s.workload.build(s.seed);
    let mut out = Vec::new();
    csv_header(&mut out);
    let requests = std::iter::from_fn(|| g.next_request());
    for r in requests.skip(skip.min(MAX_EXPORT_REQUESTS) as usize).take(n.min(MAX_PREVIEW_REQUESTS)) {
        csv_line(&mut out, &r);
    }
    Ok(String::from_utf8(out).expect("CSV lines are ASCII"))
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Format, Options};
    use super::*;
    use crate::workload::WorkloadConfig;

    #[test]
    fn a_preview_is_the_start_of_the_export_with_its_hints() {
        let s = crate::Scenario {
            workload: WorkloadConfig::Oltp {
                warehouses: 1,
                buffer_pool: Some(2_000),
                softmax: 400,
                dirty_threshold: 0.5,
                stream: Default::default(),
                warmup_requests: Some(0),
                measured_requests: Some(5_000),
            },
            ..crate::Scenario::default()
        };
        let text = preview(&s, 0, 3_000).unwrap();
        let whole = String::from_utf8(workload_file(&s, Format::Csv).unwrap()).unwrap();
        assert!(whole.starts_with(&text));
        assert_eq!(text.lines().count(), 1 + MAX_PREVIEW_REQUESTS);
        let later = preview(&s, 4_000, 50).unwrap();
        let lines: Vec<&str> = whole.lines().collect();
        assert_eq!(later.lines().skip(1).collect::<Vec<_>>(), lines[4_001..4_051]);
        assert!(later.contains(",w,replace"), "a preview of the warm OLTP client shows its hints:\n{later}");
        assert_eq!(preview(&s, 0, 2).unwrap().lines().count(), 3);
    }

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
