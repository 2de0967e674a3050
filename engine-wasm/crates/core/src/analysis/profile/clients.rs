//! The headline numbers per client (the volume or host a record names): its requests, bytes and
//! distinct objects, and so the compulsory miss ratio of a cache of its own. An object is
//! counted once per client that references it: its first client is kept beside it, and only
//! the (client, object) pairs past the first client are hashed, so a trace whose clients keep to
//! their own objects (volumes) hashes nothing.

use rustc_hash::FxHashSet;
use serde::Serialize;

use crate::model::{Block, Op};

/// One client's numbers.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ProfileClient"))]
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientReport {
    pub client: u16,
    pub requests: u64,
    pub references: u64,
    pub reads: u64,
    pub writes: u64,
    /// Bytes requested (0 for a trace without sizes).
    pub bytes: u64,
    /// Distinct objects (blocks) it referenced.
    pub distinct: u64,
    /// Its distinct over its references: what a cache of its own misses at least.
    pub compulsory_miss_ratio: f64,
}

/// Per client, for a trace with more than one.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ProfileClients"))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientsReport {
    /// Objects referenced by more than one client.
    pub shared: u64,
    /// Every client with a request, by number.
    pub clients: Vec<ClientReport>,
}

#[derive(Clone, Debug, Default)]
pub(super) struct Clients {
    list: Vec<ClientReport>,
    /// (client, object) pairs past the object's first client.
    others: FxHashSet<(u16, Block)>,
}

impl Clients {
    fn of(&mut self, c: u16) -> &mut ClientReport {
        let i = usize::from(c);
        if self.list.len() <= i {
            self.list.resize(i + 1, ClientReport::default());
        }
        &mut self.list[i]
    }

    #[inline]
    pub(super) fn request(&mut self, c: u16, op: Op, bytes: u64) {
        let r = self.of(c);
        r.requests += 1;
        r.bytes += bytes;
        match op {
            Op::Read => r.reads += 1,
            Op::Write => r.writes += 1,
        }
    }

    /// A reference by `c` of `object`, whose first client is `first` (`c` itself on a first
    /// reference, with `new`).
    #[inline]
    pub(super) fn reference(&mut self, c: u16, object: Block, first: u16, new: bool) {
        let counted = new || (first != c && self.others.insert((c, object)));
        let r = &mut self.list[usize::from(c)];
        r.references += 1;
        if counted {
            r.distinct += 1;
        }
    }

    /// `None` for a trace of one client (its numbers are the trace's).
    pub(super) fn report(&self) -> Option<ClientsReport> {
        let clients: Vec<ClientReport> = self
            .list
            .iter()
            .enumerate()
            .filter(|(_, r)| r.requests > 0)
            .map(|(c, r)| ClientReport {
                client: c as u16,
                compulsory_miss_ratio: if r.references > 0 { r.distinct as f64 / r.references as f64 } else { 0.0 },
                ..r.clone()
            })
            .collect();
        if clients.len() < 2 {
            return None;
        }
        let mut shared: Vec<Block> = self.others.iter().map(|&(_, o)| o).collect();
        shared.sort_unstable();
        shared.dedup();
        Some(ClientsReport { shared: shared.len() as u64, clients })
    }
}
