//! What a page shows of a trace read to its end: its format, its counts, what was skipped,
//! and its clients (volumes, hosts, a CSV client column) in the order they appear.

use serde::Serialize;

use super::{Finished, Format, Trace};

/// A trace read to its end.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TraceSummary {
    #[cfg_attr(feature = "ts", ts(type = "TraceFormat"))]
    pub format: &'static str,
    pub requests: u64,
    pub block_refs: u64,
    pub distinct: u64,
    /// Decompressed bytes read.
    pub bytes: u64,
    pub skipped: u64,
    /// The first malformed record skipped, where and why.
    pub first_skipped: Option<String>,
    /// The trace's clients in the order they first appear, with each one's requests.
    pub clients: Vec<TraceClient>,
    /// Distinct text ids hashed to 64 bits (a column map's `ids: "text"`; 0 otherwise), and
    /// how many met an earlier text's hash (each then replays as that text's object).
    pub hashed_ids: u64,
    pub collisions: u64,
    /// Whether the records give their requests' sizes in bytes, however the trace was read:
    /// read as objects, capacities and curves in bytes can then count each object its size.
    pub sized: bool,
}

/// One of a trace's clients and its requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TraceClient {
    pub id: u16,
    pub requests: u64,
}

impl TraceSummary {
    /// The summary of `finished`, read as `format`, with its `distinct` blocks and `clients`.
    pub fn of(format: Format, finished: &Finished, distinct: u64, clients: Vec<TraceClient>) -> TraceSummary {
        TraceSummary {
            format: format.name(),
            requests: finished.requests,
            block_refs: finished.block_refs,
            distinct,
            bytes: finished.bytes,
            skipped: finished.skipped,
            first_skipped: finished.first_skipped.as_ref().map(|e| e.to_string()),
            clients,
            hashed_ids: finished.hashed_ids,
            collisions: finished.collisions,
            sized: finished.sized,
        }
    }
}

/// A held trace's clients in the order they appear, with their request counts.
pub fn clients_of(trace: &Trace) -> Vec<TraceClient> {
    let mut index = vec![u32::MAX; 1 << 16];
    let mut out: Vec<TraceClient> = Vec::new();
    for r in &trace.records {
        let k = &mut index[r.client as usize];
        if *k == u32::MAX {
            *k = out.len() as u32;
            out.push(TraceClient { id: r.client, requests: 0 });
        }
        out[*k as usize].requests += 1;
    }
    out
}
