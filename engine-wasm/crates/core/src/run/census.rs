//! What a run must know of a trace before replaying it: how many requests and block references
//! each of the trace's clients makes, in all and in the warm-up, in which order the clients
//! first appear, and how many distinct blocks there are. A whole parsed trace is counted at
//! once; a file too big to hold is counted batch by batch in a pass before the replay
//! ([`crate::Run::streamed`]), holding only these counts.

use std::sync::Arc;

use crate::hierarchy::BlockAddresses;
use crate::trace::Trace;

/// One trace client's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientCount {
    /// The client id the trace gives.
    pub id: u16,
    /// Requests among the first `warmup_boundary` of the trace.
    pub warmup: u64,
    pub requests: u64,
    pub refs: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceCensus {
    pub requests: u64,
    pub block_refs: u64,
    pub distinct: u64,
    /// The requests counted as warm-up (each client's [`ClientCount::warmup`]).
    pub warmup_boundary: u64,
    /// Clients in the order they first appear.
    pub clients: Vec<ClientCount>,
    /// Per client id: its index in `clients` + 1 (0: not seen), while counting.
    slot: Vec<u32>,
    /// The blocks' addresses, which a run whose caches prefetch needs ([`Self::with_addresses`]).
    pub addresses: Option<Arc<BlockAddresses>>,
}

impl TraceCensus {
    /// An empty census whose clients' warm-up is the trace's first `warmup_boundary` requests.
    pub fn new(warmup_boundary: u64) -> Self {
        Self {
            requests: 0,
            block_refs: 0,
            distinct: 0,
            warmup_boundary,
            clients: Vec::new(),
            slot: Vec::new(),
            addresses: None,
        }
    }

    /// A whole trace's census.
    pub fn of(trace: &Trace, warmup_boundary: u64) -> Self {
        let mut c = Self::new(warmup_boundary);
        c.add(trace);
        c.finish(trace.distinct() as u64)
    }

    /// Counts the next batch of the trace.
    pub fn add(&mut self, batch: &Trace) {
        if self.slot.is_empty() {
            self.slot = vec![0; 1 << 16];
        }
        for r in &batch.records {
            let s = &mut self.slot[r.client as usize];
            if *s == 0 {
                self.clients.push(ClientCount { id: r.client, warmup: 0, requests: 0, refs: 0 });
                *s = self.clients.len() as u32;
            }
            let c = &mut self.clients[*s as usize - 1];
            c.warmup += (self.requests < self.warmup_boundary) as u64;
            c.requests += 1;
            c.refs += r.len as u64;
            self.requests += 1;
        }
        self.block_refs += batch.refs.len() as u64;
    }

    /// The counting done: the trace's `distinct` blocks (its reader knows them).
    pub fn finish(mut self, distinct: u64) -> Self {
        self.distinct = distinct;
        self.slot = Vec::new();
        self
    }

    /// The census with the trace's block addresses (`raw[id]`: the file's number of dense id
    /// `id`, as the reader numbered them), which a streamed run whose caches prefetch needs to
    /// know each block's successor — the same table a whole-file run builds from its trace.
    pub fn with_addresses(mut self, raw: &[u64]) -> Self {
        self.addresses = Some(Arc::new(BlockAddresses::new(raw)));
        self
    }

    /// The trace's client ids in the order they first appear.
    pub fn order(&self) -> Vec<u16> {
        self.clients.iter().map(|c| c.id).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{parse, Format, Options};

    #[test]
    fn counts_each_client_in_all_and_before_the_boundary_however_the_trace_is_cut() {
        let text = "time,client,block,nblocks,op,hint\n,7,1,2,r,\n,3,5,1,w,\n,7,1,1,r,\n,3,9,3,r,\n,9,0,1,r,\n";
        let t = parse(text.as_bytes(), Format::Csv, &Options::default()).unwrap();
        let c = TraceCensus::of(&t, 3);
        assert_eq!((c.requests, c.block_refs, c.distinct), (5, 8, 7));
        assert_eq!(c.order(), [7, 3, 9]);
        let counts: Vec<(u64, u64, u64)> = c.clients.iter().map(|c| (c.warmup, c.requests, c.refs)).collect();
        assert_eq!(counts, [(2, 2, 3), (1, 2, 4), (0, 1, 1)]);
        // Batch by batch (each batch's `start`s from its own references), the same.
        let mut streamed = TraceCensus::new(3);
        for (from, to) in [(0, 1), (1, 4), (4, 5)] {
            streamed.add(&t.batch(from..to));
        }
        assert_eq!(streamed.finish(7), c);
    }
}
