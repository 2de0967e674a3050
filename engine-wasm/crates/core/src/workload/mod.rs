//! Seeded, deterministic request generators (SPEC §4). Same config and seed → same requests
//! on every machine and build.

pub mod export;
pub mod flooded;
pub mod mix;
pub mod multi;
pub mod oltp;
pub mod random;
pub mod sequential;
pub mod tpch;
pub mod zipf;

use serde::{Deserialize, Serialize};

use crate::model::{Block, RangeHint, Request};
pub use multi::{ClientStreams, Sharing};
pub use random::Random;
pub use sequential::Sequential;
pub use tpch::TpchQuery;
pub use zipf::Zipf;

/// A finite stream of requests.
pub trait Workload: Send {
    fn next_request(&mut self) -> Option<Request>;
    /// Block ids are `0..universe()`; caches size their indices from it.
    fn universe(&self) -> usize;
}

/// A recorded stream played back (offline policies need the whole stream before the run).
pub struct Replay {
    requests: std::vec::IntoIter<Request>,
    universe: usize,
}

impl Replay {
    pub fn new(requests: Vec<Request>, universe: usize) -> Self {
        Self { requests: requests.into_iter(), universe }
    }
}

impl Workload for Replay {
    fn next_request(&mut self) -> Option<Request> {
        self.requests.next()
    }
    fn universe(&self) -> usize {
        self.universe
    }
}

/// Largest block universe a generator may use: each cache keeps an index slot per block id.
pub const MAX_BLOCKS: u64 = 1 << 25;
/// Zipf keeps a 12-byte alias-table entry per block.
pub const MAX_ZIPF_BLOCKS: u64 = 1 << 24;
/// Largest Zipf skew α (0 is uniform).
pub const MAX_ZIPF_ALPHA: f64 = 10.0;
/// Upper bound on the requests of one run (warm-up plus measured).
pub const MAX_REQUESTS: u64 = 100_000_000_000;

/// The closed set of generators a scenario may name. A field with a serde default may be left
/// out of a document, so TypeScript declares it optional (`ts(as = "Option<…>", optional)`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum WorkloadConfig {
    /// Paper 000 RANDOM: one-block reads, uniform over `blocks` (the paper uses client + array size).
    #[serde(rename_all = "camelCase")]
    Random {
        blocks: u64,
        /// Consecutive blocks per request (paper 001's multi-block requests); default 1.
        #[serde(default = "one", skip_serializing_if = "is_one")]
        request_blocks: u32,
        /// Requests before measuring starts; default `blocks` (paper 000 §4.4).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        warmup_requests: Option<u64>,
        /// Measured requests; default `10 × blocks`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        measured_requests: Option<u64>,
    },
    /// Paper 000 ZIPF: one-block reads, block i (0-based) with probability ∝ 1/(i+1)^alpha (the
    /// paper uses alpha = 1 over 1.5 × the aggregate cache size).
    #[serde(rename_all = "camelCase")]
    Zipf {
        blocks: u64,
        #[serde(default = "one", skip_serializing_if = "is_one")]
        request_blocks: u32,
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        #[serde(default = "default_alpha")]
        alpha: f64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        warmup_requests: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        measured_requests: Option<u64>,
    },
    /// Paper 000 SEQUENTIAL: one-block reads cycling through `0..blocks` (the paper uses
    /// client + array size − 1).
    #[serde(rename_all = "camelCase")]
    Sequential {
        blocks: u64,
        #[serde(default = "one", skip_serializing_if = "is_one")]
        request_blocks: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        warmup_requests: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        measured_requests: Option<u64>,
    },
    /// Scans, loops and random reads mixed (see [`mix`]): `scanShare` and `loopShare` of the
    /// segments (the rest random over the first `hotShare` of the blocks), segments of up to
    /// `segment` requests.
    #[serde(rename_all = "camelCase")]
    Mix {
        blocks: u64,
        #[serde(default = "one", skip_serializing_if = "is_one")]
        request_blocks: u32,
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        #[serde(default = "third")]
        scan_share: f64,
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        #[serde(default = "third")]
        loop_share: f64,
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        #[serde(default = "fifth")]
        hot_share: f64,
        #[cfg_attr(feature = "ts", ts(as = "Option<u64>", optional))]
        #[serde(default = "default_segment")]
        segment: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        warmup_requests: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        measured_requests: Option<u64>,
    },
    /// A TPC-C-like OLTP client behind a DBMS buffer pool whose page cleaners tag their writes
    /// SYNCH, REPLACE or RECOV (paper 004; see [`oltp`]). `blocks` is derived: the database's
    /// pages with its appending tables' slack.
    #[serde(rename_all = "camelCase")]
    Oltp {
        #[cfg_attr(feature = "ts", ts(as = "Option<u32>", optional))]
        #[serde(default = "default_warehouses")]
        warehouses: u32,
        /// Buffer pool pages; default half the initial database.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        buffer_pool: Option<u64>,
        /// Recovery bound in % of a log file (DB2's `softmax`).
        #[cfg_attr(feature = "ts", ts(as = "Option<u32>", optional))]
        #[serde(default = "default_softmax")]
        softmax: u32,
        /// Dirty share of the pool above which page cleaners write replacement candidates.
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        #[serde(default = "default_dirty_threshold")]
        dirty_threshold: f64,
        /// Log records per warehouse in one log file (DB2's `logfilsiz`, which `softmax` is a
        /// share of); absent: the model's own ([`oltp::LOG_FILE_RECORDS_PER_WAREHOUSE`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        log_file_records: Option<u64>,
        /// `storage` (default): what the pool sends the server; `buffer`: every page
        /// reference, importance-hinted (paper 003's database buffer trace).
        #[serde(default, skip_serializing_if = "OltpStream::is_storage")]
        stream: OltpStream,
        /// Which generator (see [`oltp::OltpModel`]): 1, the one every document shared before
        /// model 2 existed recorded — a document without `model` means it, always, so old links
        /// keep their numbers; 2, DB2's page cleaning and page sizing.
        #[serde(default = "default_oltp_model", skip_serializing_if = "is_default_oltp_model")]
        #[cfg_attr(feature = "ts", ts(type = "1 | 2"))]
        model: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        warmup_requests: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        measured_requests: Option<u64>,
    },
    /// A TPC-H-like decision-support client running query 3 or 7 back to back, every request
    /// tagged with its range, with paper 002's range hints (see [`tpch`] and
    /// [`WorkloadConfig::range_hints`]). `blocks` is derived: the database's pages at `scale`.
    #[serde(rename = "tpch", rename_all = "camelCase")]
    Tpch {
        query: TpchQuery,
        /// Multiplies the tables and index leaves (1 = 8,551 pages).
        #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
        #[serde(default = "default_scale")]
        scale: f64,
        /// Query 7's index lookups per execution.
        #[cfg_attr(feature = "ts", ts(as = "Option<u32>", optional))]
        #[serde(default = "default_lookups")]
        lookups: u32,
        /// Query 7's data-page skew `[x, y]`: x % of the reads go to y % of each table's pages.
        #[cfg_attr(feature = "ts", ts(as = "Option<[f64; 2]>", optional))]
        #[serde(default = "default_skew")]
        skew: [f64; 2],
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        warmup_requests: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        measured_requests: Option<u64>,
    },
    /// Phase changes: generators one after another, each for its `requests`, its blocks shifted
    /// by its `offset`. Warm-up: `warmupRequests` of the total (default: the first phase).
    #[serde(rename_all = "camelCase")]
    Phases {
        phases: Vec<Phase>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        warmup_requests: Option<u64>,
    },
}

/// Which stream the OLTP client emits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum OltpStream {
    #[default]
    Storage,
    Buffer,
}

impl OltpStream {
    fn is_storage(&self) -> bool {
        *self == OltpStream::Storage
    }
}

/// One phase of [`WorkloadConfig::Phases`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PhaseConfig"))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Phase {
    /// A generator (not phases again); its own warm-up and measured counts are not used.
    #[cfg_attr(feature = "ts", ts(type = "Exclude<WorkloadConfig, { kind: 'oltp' | 'tpch' | 'phases' }>"))]
    pub workload: WorkloadConfig,
    pub requests: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub offset: u64,
}

/// Most phases in one workload.
pub const MAX_PHASES: usize = 16;

fn default_warehouses() -> u32 {
    oltp::DEFAULT_WAREHOUSES
}

fn default_softmax() -> u32 {
    oltp::DEFAULT_SOFTMAX
}

fn default_dirty_threshold() -> f64 {
    oltp::DEFAULT_DIRTY_THRESHOLD
}

fn default_oltp_model() -> u32 {
    oltp::DEFAULT_MODEL
}

fn is_default_oltp_model(m: &u32) -> bool {
    *m == oltp::DEFAULT_MODEL
}

fn default_scale() -> f64 {
    tpch::DEFAULT_SCALE
}

fn default_lookups() -> u32 {
    tpch::DEFAULT_LOOKUPS
}

fn default_skew() -> [f64; 2] {
    tpch::DEFAULT_SKEW
}

/// Mix's defaults: a third of the segments scans, a third loops, the random rest over the first
/// fifth of the blocks, segments of up to 20,000 requests; its longest segment.
pub const DEFAULT_MIX_SHARE: f64 = 1.0 / 3.0;
pub const DEFAULT_HOT_SHARE: f64 = 0.2;
pub const DEFAULT_SEGMENT: u64 = 20_000;
pub const MAX_SEGMENT: u64 = 1 << 30;
/// Zipf's default skew α (paper 000's).
pub const DEFAULT_ZIPF_ALPHA: f64 = 1.0;

fn third() -> f64 {
    DEFAULT_MIX_SHARE
}

fn fifth() -> f64 {
    DEFAULT_HOT_SHARE
}

fn default_segment() -> u64 {
    DEFAULT_SEGMENT
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

fn default_alpha() -> f64 {
    DEFAULT_ZIPF_ALPHA
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

/// Most blocks one generated request may span.
pub const MAX_REQUEST_BLOCKS: u32 = 1024;

impl WorkloadConfig {
    /// Its `kind` in JSON ("random", "oltp", …).
    pub fn kind_name(&self) -> &'static str {
        match self {
            WorkloadConfig::Random { .. } => "random",
            WorkloadConfig::Zipf { .. } => "zipf",
            WorkloadConfig::Sequential { .. } => "sequential",
            WorkloadConfig::Mix { .. } => "mix",
            WorkloadConfig::Oltp { .. } => "oltp",
            WorkloadConfig::Tpch { .. } => "tpch",
            WorkloadConfig::Phases { .. } => "phases",
        }
    }

    fn parts(&self) -> (u64, Option<u64>, Option<u64>) {
        match self {
            WorkloadConfig::Random { blocks, warmup_requests, measured_requests, .. }
            | WorkloadConfig::Zipf { blocks, warmup_requests, measured_requests, .. }
            | WorkloadConfig::Sequential { blocks, warmup_requests, measured_requests, .. }
            | WorkloadConfig::Mix { blocks, warmup_requests, measured_requests, .. } => {
                (*blocks, *warmup_requests, *measured_requests)
            }
            WorkloadConfig::Oltp { warehouses, model, warmup_requests, measured_requests, .. } => {
                let w = (*warehouses).clamp(1, oltp::MAX_WAREHOUSES);
                let model = oltp::OltpModel::from_number(*model).unwrap_or(oltp::OltpModel::V1);
                (model.database_pages(w).1, *warmup_requests, *measured_requests)
            }
            WorkloadConfig::Tpch { scale, warmup_requests, measured_requests, .. } => {
                (tpch::database_pages(*scale), *warmup_requests, *measured_requests)
            }
            WorkloadConfig::Phases { phases, warmup_requests } => {
                let blocks = phases.iter().map(|p| p.offset.saturating_add(p.workload.blocks())).max().unwrap_or(0);
                let total = phases.iter().map(|p| p.requests).fold(0u64, u64::saturating_add);
                let w = warmup_requests.unwrap_or(phases.first().map_or(0, |p| p.requests)).min(total);
                (blocks, Some(w), Some(total - w))
            }
        }
    }

    /// Blocks per request (the most, over phases).
    pub fn request_blocks(&self) -> u32 {
        match self {
            WorkloadConfig::Random { request_blocks, .. }
            | WorkloadConfig::Zipf { request_blocks, .. }
            | WorkloadConfig::Sequential { request_blocks, .. }
            | WorkloadConfig::Mix { request_blocks, .. } => *request_blocks,
            WorkloadConfig::Oltp { .. } | WorkloadConfig::Tpch { .. } => 1,
            WorkloadConfig::Phases { phases, .. } => {
                phases.iter().map(|p| p.workload.request_blocks()).max().unwrap_or(1)
            }
        }
    }

    pub fn blocks(&self) -> u64 {
        self.parts().0
    }

    /// `(warm-up, measured)` request counts with the paper's defaults filled in.
    pub fn phases(&self) -> (u64, u64) {
        let (blocks, w, m) = self.parts();
        (w.unwrap_or(blocks), m.unwrap_or(blocks.saturating_mul(10)))
    }

    /// Checks the parameters: the first problem, its field named.
    pub fn validate(&self) -> Result<(), (String, String)> {
        match self.issues().into_iter().next() {
            Some(issue) => Err(issue),
            None => Ok(()),
        }
    }

    /// Every problem with the parameters, in order: (field, what is wanted there).
    pub fn issues(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if let WorkloadConfig::Phases { phases, .. } = self {
            if phases.is_empty() || phases.len() > MAX_PHASES {
                out.push(("phases".into(), format!("must list 1 to {MAX_PHASES} phases (got {})", phases.len())));
                return out;
            }
            for (i, p) in phases.iter().enumerate() {
                if let WorkloadConfig::Phases { .. } = p.workload {
                    out.push((format!("phases[{i}].workload"), "phases cannot nest".into()));
                    continue;
                }
                let inner = p.workload.generator_issues();
                out.extend(inner.into_iter().map(|(f, m)| (format!("phases[{i}].workload.{f}"), m)));
                if p.requests == 0 {
                    out.push((format!("phases[{i}].requests"), "must be at least 1".into()));
                }
                if p.offset.saturating_add(p.workload.blocks()) > MAX_BLOCKS {
                    out.push((
                        format!("phases[{i}].offset"),
                        format!("the phase's blocks must stay below {MAX_BLOCKS}"),
                    ));
                }
            }
            if !out.is_empty() {
                return out;
            }
            let (w, m) = self.phases();
            if m == 0 {
                out.push(("warmupRequests".into(), "leaves nothing to measure".into()));
            } else if w.saturating_add(m) > MAX_REQUESTS {
                out.push(("phases".into(), format!("the phases' requests must not exceed {MAX_REQUESTS}")));
            }
            return out;
        }
        self.generator_issues().into_iter().map(|(f, m)| (f.to_string(), m)).collect()
    }

    /// A generator's problems (not phases), in order.
    fn generator_issues(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if let WorkloadConfig::Oltp {
            warehouses, buffer_pool, softmax, dirty_threshold, model, log_file_records, ..
        } = *self
        {
            match oltp::OltpModel::from_number(model) {
                None => out.push(("model", format!("must be 1 or 2 (got {model})"))),
                Some(_) if !(1..=oltp::MAX_WAREHOUSES).contains(&warehouses) => out
                    .push(("warehouses", format!("must be between 1 and {} (got {warehouses})", oltp::MAX_WAREHOUSES))),
                Some(model) => {
                    let (initial, _) = model.database_pages(warehouses);
                    if let Some(b) = buffer_pool {
                        if !(1..=initial).contains(&b) {
                            out.push((
                                "bufferPool",
                                format!("must be between 1 and the database's {initial} pages (got {b})"),
                            ));
                        }
                    }
                }
            }
            if !(1..=100_000).contains(&softmax) {
                out.push(("softmax", format!("must be between 1 and 100000 % of a log file (got {softmax})")));
            }
            if !(dirty_threshold.is_finite() && dirty_threshold > 0.0 && dirty_threshold <= 1.0) {
                out.push(("dirtyThreshold", format!("must be above 0 and at most 1 (got {dirty_threshold})")));
            }
            if let Some(r) = log_file_records {
                if !(1..=oltp::MAX_LOG_FILE_RECORDS).contains(&r) {
                    let max = oltp::MAX_LOG_FILE_RECORDS;
                    out.push((
                        "logFileRecords",
                        format!("must be between 1 and {max} records per warehouse (got {r})"),
                    ));
                }
            }
            if !out.is_empty() {
                // The database's size, and so the checks below, need a valid model and warehouses.
                return out;
            }
        }
        if let WorkloadConfig::Tpch { scale, lookups, skew: [x, y], .. } = *self {
            if !(scale.is_finite() && (tpch::MIN_SCALE..=tpch::MAX_SCALE).contains(&scale)) {
                out.push((
                    "scale",
                    format!("must be between {} and {} (got {scale})", tpch::MIN_SCALE, tpch::MAX_SCALE),
                ));
                return out;
            }
            if !(1..=tpch::MAX_LOOKUPS).contains(&lookups) {
                out.push(("lookups", format!("must be between 1 and {} (got {lookups})", tpch::MAX_LOOKUPS)));
            }
            if !(x.is_finite() && x > 0.0 && x <= 100.0) {
                out.push(("skew", format!("x, the % of reads, must be above 0 and at most 100 (got {x})")));
            } else if !(y.is_finite() && y > 0.0 && y < 100.0) {
                out.push(("skew", format!("y, the % of pages, must be above 0 and below 100 (got {y})")));
            }
        }
        let blocks = self.blocks();
        if !(1..=MAX_BLOCKS).contains(&blocks) {
            out.push(("blocks", format!("must be between 1 and {MAX_BLOCKS} (got {blocks})")));
        }
        let n = self.request_blocks();
        if !(1..=MAX_REQUEST_BLOCKS).contains(&n) || n as u64 > blocks {
            out.push((
                "requestBlocks",
                format!("must be between 1 and {} (got {n})", (MAX_REQUEST_BLOCKS as u64).min(blocks.max(1))),
            ));
        }
        let (w, m) = self.phases();
        if m == 0 {
            out.push(("measuredRequests", "must be at least 1".into()));
        } else if w.saturating_add(m) > MAX_REQUESTS {
            out.push(("measuredRequests", format!("warm-up plus measured requests must not exceed {MAX_REQUESTS}")));
        }
        if let WorkloadConfig::Mix { scan_share, loop_share, hot_share, segment, .. } = *self {
            let share = |x: f64| x.is_finite() && (0.0..=1.0).contains(&x);
            if !share(scan_share) {
                out.push(("scanShare", format!("must be between 0 and 1 (got {scan_share})")));
            }
            if !share(loop_share) || scan_share + loop_share > 1.0 + 1e-9 {
                out.push(("loopShare", format!("must be between 0 and 1 − scanShare (got {loop_share})")));
            }
            if !(hot_share.is_finite() && hot_share > 0.0 && hot_share <= 1.0) {
                out.push(("hotShare", format!("must be above 0 and at most 1 (got {hot_share})")));
            }
            if !(1..=MAX_SEGMENT).contains(&segment) {
                out.push(("segment", format!("must be between 1 and {MAX_SEGMENT} requests (got {segment})")));
            }
        }
        if let WorkloadConfig::Zipf { alpha, .. } = *self {
            if !(alpha.is_finite() && (0.0..=MAX_ZIPF_ALPHA).contains(&alpha)) {
                out.push(("alpha", format!("must be between 0 and {MAX_ZIPF_ALPHA} (got {alpha})")));
            }
            if blocks > MAX_ZIPF_BLOCKS {
                out.push((
                    "blocks",
                    format!("a Zipf workload may span at most {MAX_ZIPF_BLOCKS} blocks (got {blocks})"),
                ));
            }
        }
        out
    }

    /// The client's application hints (paper 002 §3.1): one per range a TPC-H client reads (see
    /// [`tpch`]); none for the other generators, whose requests carry no range, nor for phases.
    pub fn range_hints(&self) -> Vec<RangeHint> {
        match *self {
            WorkloadConfig::Tpch { query, scale, lookups, skew, .. } => {
                tpch::TpchShape { query, scale, lookups, skew }.range_hints()
            }
            _ => Vec::new(),
        }
    }

    pub fn build(&self, seed: u64) -> Box<dyn Workload> {
        let (w, m) = self.phases();
        self.build_for(w + m, seed)
    }

    /// The generator for `requests` requests.
    fn build_for(&self, requests: u64, seed: u64) -> Box<dyn Workload> {
        let n = self.request_blocks();
        let inner: Box<dyn Workload> =
            match *self {
                WorkloadConfig::Random { blocks, .. } => Box::new(Random::new(blocks, requests, seed)),
                WorkloadConfig::Sequential { blocks, .. } => Box::new(Sequential::new(blocks, requests)),
                WorkloadConfig::Zipf { blocks, alpha, .. } => Box::new(Zipf::new(blocks, alpha, requests, seed)),
                WorkloadConfig::Mix { blocks, scan_share, loop_share, hot_share, segment, .. } => Box::new(
                    mix::Mix::new(mix::MixShape { blocks, scan_share, loop_share, hot_share, segment }, requests, seed),
                ),
                WorkloadConfig::Oltp {
                    warehouses,
                    buffer_pool,
                    softmax,
                    dirty_threshold,
                    log_file_records,
                    stream,
                    model,
                    ..
                } => {
                    let buffer_stream = stream == OltpStream::Buffer;
                    let model = oltp::OltpModel::from_number(model).expect("validated");
                    let shape = oltp::OltpShape {
                        warehouses,
                        buffer_pool,
                        softmax,
                        dirty_threshold,
                        log_file_records,
                        buffer_stream,
                        model,
                    };
                    Box::new(oltp::Oltp::new(shape, requests, seed))
                }
                WorkloadConfig::Tpch { query, scale, lookups, skew, .. } => {
                    Box::new(tpch::Tpch::new(tpch::TpchShape { query, scale, lookups, skew }, requests, seed))
                }
                WorkloadConfig::Phases { ref phases, .. } => {
                    let parts = phases
                        .iter()
                        .enumerate()
                        .map(|(i, p)| {
                            let seed = seed ^ crate::util::hash::splitmix64(0x9_4a5e + i as u64);
                            (p.workload.build_for(p.requests, seed), p.offset)
                        })
                        .collect();
                    return Box::new(mix::Phases::new(parts, self.blocks() as usize));
                }
            };
        if n == 1 {
            inner
        } else {
            Box::new(MultiBlock { inner, n, last_start: (self.blocks() - n as u64) as Block })
        }
    }
}

/// Widens each request of a one-block generator to `n` consecutive blocks starting at the
/// drawn block — moved back, if need be, so the request stays inside the working set.
/// SEQUENTIAL draws consecutive blocks, so its `n`-block requests overlap; the pattern is the
/// stride of one block, as a sequential reader with read-ahead would issue.
struct MultiBlock {
    inner: Box<dyn Workload>,
    n: u32,
    last_start: Block,
}

impl Workload for MultiBlock {
    #[inline]
    fn next_request(&mut self) -> Option<Request> {
        let r = self.inner.next_request()?;
        Some(Request { block: r.block.min(self.last_start), nblocks: self.n, ..r })
    }

    fn universe(&self) -> usize {
        self.inner.universe()
    }
}
