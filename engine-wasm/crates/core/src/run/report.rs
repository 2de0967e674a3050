//! The report of a run: one shape for every topology — totals over the clients, then per
//! client (its path, where its reads were served, its latencies) and per cache (its counters).
//! The CLI prints it, the wasm façade hands it to the UI, the Python package returns it.

use serde::Serialize;

use crate::analysis::depth::DepthCurve;
use crate::hierarchy::{CacheCounters, HistogramReport};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Warmup,
    Measured,
    Done,
}

/// Totals over every client's measured requests, and over every cache.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Counters {
    pub requests: u64,
    pub reads: u64,
    pub writes: u64,
    /// Read requests served entirely by the client's own cache.
    pub client_hits: u64,
    /// Read requests whose blocks were all in caches of the client's path (not all in its own).
    pub array_hits: u64,
    /// Read requests that needed the disk for at least one block.
    pub disk_reads: u64,
    /// Blocks referenced by read requests (a request of n blocks counts n).
    pub block_reads: u64,
    /// Of those, blocks found in the client's own cache…
    pub client_block_hits: u64,
    /// …and in a cache above it.
    pub array_block_hits: u64,
    /// DEMOTE operations sent (one per demoted block).
    pub demotions: u64,
    /// DEMOTEs that moved data (the cache above did not already hold the block).
    pub demotions_moved: u64,
    /// HA_R: client evictions reloaded from disk (extra disk reads, off the request path).
    pub reloads: u64,
    /// Bytes moved over the links (fetches, demotions, writes).
    pub link_bytes: u64,
    /// Sum of request latencies, in nanoseconds.
    pub latency_sum_ns: u64,
    /// Write requests by paper 004 hint (unhinted writes are the rest of `writes`).
    pub synch_writes: u64,
    pub replace_writes: u64,
    pub recov_writes: u64,
    /// Paper 004 §5.1's read hit ratio "once the cache is warm", at the deepest caches (the
    /// roots): block reads reaching them after they first filled, and those they hit.
    pub warm_block_reads: u64,
    pub warm_block_hits: u64,
}

/// Hit fractions of the measured read requests at each level; they sum to 1.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HitFractions {
    pub client: f64,
    /// Any cache above the client.
    pub array: f64,
    pub disk: f64,
}

/// The costs of the three basic paths (of the first client), for labelling charts (e.g. the
/// CDF's array-hit step).
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PathCosts {
    pub client_hit_ms: f64,
    pub array_hit_ms: f64,
    pub disk_read_ms: f64,
    pub demotion_ms: f64,
}

/// One client's measured requests.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ClientReport {
    pub name: String,
    /// Its path of caches, its own first, by index into `caches`.
    pub path: Vec<usize>,
    pub requests: u64,
    pub reads: u64,
    pub writes: u64,
    /// Its write mix by paper 004 hint.
    pub synch_writes: u64,
    pub replace_writes: u64,
    pub recov_writes: u64,
    /// Read requests served at each level of the path, then by the disk; fractions of reads.
    pub served_at: Vec<u64>,
    pub hit_fractions: Vec<f64>,
    /// The same per block referenced.
    pub block_hit_fractions: Vec<f64>,
    pub mean_latency_ms: f64,
    pub latency: HistogramReport,
    /// Alone on the same hierarchy (with fairness on and two or more clients).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub alone_mean_latency_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub speedup: Option<f64>,
    /// In a sized run (a trace read as objects, with their sizes): the same in bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub bytes: Option<ClientBytes>,
}

/// One client's measured requests in bytes (a sized run).
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ClientBytes {
    /// Bytes its reads asked for, and bytes it wrote.
    pub read: u64,
    pub written: u64,
    /// Read bytes served at each level of its path, then by the disk (origin); and as
    /// fractions of `read` — the byte hit ratio of its own cache first.
    pub served_at: Vec<u64>,
    pub hit_fractions: Vec<f64>,
}

/// One cache's counts in bytes (a sized run).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CacheBytes {
    /// A cache counted in bytes: its capacity and the bytes it holds now (its `capacity` in
    /// blocks is then 0), and the objects it was asked to take that were larger than all of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub capacity: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub held: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub too_large: Option<u64>,
    /// Bytes of the read lookups it hit and missed.
    pub hits: u64,
    pub misses: u64,
    /// A root: the bytes it read from its disk (origin).
    pub from_disk: u64,
}

/// Totals in bytes over every client's measured requests (a sized run).
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ByteTotals {
    /// Bytes the reads asked for; served by the clients' own caches, by caches above them,
    /// and by the disks (origins); bytes written.
    pub read: u64,
    pub client_hits: u64,
    pub array_hits: u64,
    pub disk: u64,
    pub written: u64,
    /// The same as fractions of the read bytes: byte hit ratios.
    pub hit_fractions: HitFractions,
}

/// One cache.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CacheReport {
    pub name: String,
    /// Its policy's name ("lru", "mc2" under MC²).
    pub policy: String,
    pub parent: Option<usize>,
    /// 0 for a root, growing downwards.
    pub depth: u32,
    /// Whether it is a client's own cache.
    pub client: bool,
    pub capacity: u64,
    pub blocks: u64,
    #[serde(flatten)]
    pub counters: CacheCounters,
    /// What its admission filter let in and turned away, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub admission: Option<crate::policy::admission::AdmissionCounts>,
    /// What its prefetching fetched ahead, and how much of it was read, when it prefetches.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub prefetch: Option<crate::hierarchy::PrefetchCounts>,
    /// In a sized run: its counts in bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub bytes: Option<CacheBytes>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub phase: Phase,
    /// Requests served so far, warm-up included.
    pub processed: u64,
    pub total: u64,
    pub warmup_requests: u64,
    /// Totals of the measured phase (of the warm-up while it lasts).
    pub counters: Counters,
    pub hit_fractions: HitFractions,
    /// The same per block referenced (they differ only for multi-block requests, paper 001).
    pub block_hit_fractions: HitFractions,
    /// Mean latency per request of the measured phase, in milliseconds.
    pub mean_latency_ms: f64,
    pub latency: HistogramReport,
    pub path_costs: PathCosts,
    /// Blocks held at the end of the last batch by the clients' own caches, and by the others.
    pub client_blocks: u64,
    pub array_blocks: u64,
    /// In a sized run (a trace read as objects, with their sizes): the totals in bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub bytes: Option<ByteTotals>,
    pub clients: Vec<ClientReport>,
    pub caches: Vec<CacheReport>,
    /// Smallest speedup over largest (with fairness on and two or more clients).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub fairness: Option<f64>,
    /// Whether latencies come from the queueing model.
    pub queueing: bool,
    /// LRU stack-depth graphs, when the run tracks them ([`super::Run::track_depths`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub depth_curves: Option<Vec<DepthCurve>>,
    /// The counters at fixed request counts, when the run samples them
    /// ([`super::Run::track_timeline`]): the same scenario gives the same samples on any machine,
    /// however its steps are cut.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<TimelineSample>>", optional))]
    pub timeline: Vec<TimelineSample>,
}

/// The run's counters after its first `at` requests (warm-up included): totals since the last
/// reset — the counters restart when measuring starts, so a sample with fewer reads than the one
/// before it counts from there.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TimelineSample {
    /// Requests processed (warm-up included).
    pub at: u64,
    /// Whether `at` is still in the warm-up.
    pub warmup: bool,
    pub reads: u64,
    pub client_hits: u64,
    pub array_hits: u64,
    pub disk_reads: u64,
    /// DEMOTEs sent (one per demoted block).
    pub demotions: u64,
}

/// Fractions of `total` (zero when there is nothing to divide).
pub(crate) fn fractions(total: u64, client: u64, array: u64, disk: u64) -> HitFractions {
    let f = |n: u64| if total == 0 { 0.0 } else { n as f64 / total as f64 };
    HitFractions { client: f(client), array: f(array), disk: f(disk) }
}

pub(crate) fn mean_ms(sum_ns: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        sum_ns as f64 / n as f64 / 1e6
    }
}
