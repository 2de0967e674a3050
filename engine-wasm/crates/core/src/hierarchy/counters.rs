//! What the hierarchy counts: per cache ([`CacheCounters`]) and per client ([`ClientCounters`],
//! with its latency histogram).

use serde::Serialize;

use super::histogram::LatencyHistogram;
use super::node::Node;
use crate::model::WriteHint;

/// Counts of one cache.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CacheCounters {
    /// Block lookups of reads answered here / not.
    pub hits: u64,
    pub misses: u64,
    /// DEMOTEs received, and those that moved data.
    pub demotions_in: u64,
    pub demotions_moved_in: u64,
    pub evictions: u64,
    /// HA_R: evictions of the caches below that this cache reloaded from its root's disk.
    pub reloads: u64,
    /// Bytes over the link above this cache (fetches, writes and DEMOTEs that moved data).
    pub link_bytes: u64,
    /// Write requests that reached this cache, and those by paper 004 hint (the write mix).
    pub writes: u64,
    pub synch_writes: u64,
    pub replace_writes: u64,
    pub recov_writes: u64,
    /// Paper 004 §5.1's read hit ratio "once the cache is warm": read lookups here after the
    /// cache first filled, and those it hit.
    pub warm_block_reads: u64,
    pub warm_block_hits: u64,
}

impl CacheCounters {
    pub(crate) fn count_write(&mut self, hint: Option<WriteHint>) {
        self.writes += 1;
        match hint {
            Some(WriteHint::Synch) => self.synch_writes += 1,
            Some(WriteHint::Replace) => self.replace_writes += 1,
            Some(WriteHint::Recov) => self.recov_writes += 1,
            None => {}
        }
    }
}

/// Counts of one client's measured requests.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientCounters {
    pub requests: u64,
    pub reads: u64,
    pub writes: u64,
    /// Write requests by paper 004 hint (unhinted writes are the rest of `writes`).
    pub synch_writes: u64,
    pub replace_writes: u64,
    pub recov_writes: u64,
    /// Read requests served at each level of the client's path (0 = its own cache)…
    pub served_at: Vec<u64>,
    /// …and by the disk.
    pub disk_reads: u64,
    /// Blocks referenced by reads, and where each was found (a request of n blocks counts n).
    pub block_reads: u64,
    pub blocks_served_at: Vec<u64>,
    pub disk_blocks: u64,
    pub latency_sum_ns: u64,
    /// A sized run: the bytes its reads asked for, where they were served (each level, the
    /// disk), and the bytes it wrote.
    pub read_bytes: u64,
    pub bytes_served_at: Vec<u64>,
    pub disk_bytes: u64,
    pub write_bytes: u64,
}

impl ClientCounters {
    pub(crate) fn new(levels: usize) -> Self {
        Self {
            served_at: vec![0; levels],
            blocks_served_at: vec![0; levels],
            bytes_served_at: vec![0; levels],
            ..Default::default()
        }
    }

    /// A sized run's request of `bytes`: a read served at level `deepest` of a path of
    /// `levels` caches (`levels`: the disk), or a write.
    #[inline(always)]
    pub(crate) fn count_bytes(&mut self, op: crate::model::Op, levels: usize, deepest: usize, bytes: u64) {
        match op {
            crate::model::Op::Read => {
                self.read_bytes += bytes;
                match self.bytes_served_at.get_mut(deepest) {
                    Some(at) if deepest < levels => *at += bytes,
                    _ => self.disk_bytes += bytes,
                }
            }
            crate::model::Op::Write => self.write_bytes += bytes,
        }
    }

    pub(crate) fn count_write(&mut self, hint: Option<WriteHint>) {
        self.writes += 1;
        match hint {
            Some(WriteHint::Synch) => self.synch_writes += 1,
            Some(WriteHint::Replace) => self.replace_writes += 1,
            Some(WriteHint::Recov) => self.recov_writes += 1,
            None => {}
        }
    }
}

/// One client's counters and latency histogram.
pub(crate) struct ClientState {
    pub(crate) counters: ClientCounters,
    pub(crate) histogram: LatencyHistogram,
}

/// Paper 004 §5.1 counts read hits "once the cache is warm": a cache is warm from the first
/// request that finds it full. The hierarchy's part that notices.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Warmth {
    /// Caches not yet warm: while any is, each request checks its path.
    cold_caches: usize,
}

impl Warmth {
    pub(crate) fn new(caches: usize) -> Self {
        Self { cold_caches: caches }
    }

    /// A request along `path` starts: the caches on it that are full are warm from now on.
    #[inline(always)]
    pub(crate) fn note(&mut self, nodes: &mut [Node], path: &[usize]) {
        if self.cold_caches > 0 {
            for &c in path {
                let node = &mut nodes[c];
                if !node.warm && node.is_full() {
                    node.warm = true;
                    self.cold_caches -= 1;
                }
            }
        }
    }
}
