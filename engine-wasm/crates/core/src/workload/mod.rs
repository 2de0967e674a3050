//! Seeded, deterministic request generators (SPEC §4). Same config and seed → same requests
//! on every machine and build.

pub mod multi;
pub mod random;
pub mod sequential;
pub mod zipf;

use serde::{Deserialize, Serialize};

use crate::model::{Block, Request};
pub use multi::{ClientStreams, Sharing};
pub use random::Random;
pub use sequential::Sequential;
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
/// Upper bound on the requests of one run (warm-up plus measured).
pub const MAX_REQUESTS: u64 = 100_000_000_000;

/// The closed set of generators a scenario may name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
        warmup_requests: Option<u64>,
        /// Measured requests; default `10 × blocks`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        measured_requests: Option<u64>,
    },
    /// Paper 000 ZIPF: one-block reads, block i (0-based) with probability ∝ 1/(i+1)^alpha (the
    /// paper uses alpha = 1 over 1.5 × the aggregate cache size).
    #[serde(rename_all = "camelCase")]
    Zipf {
        blocks: u64,
        #[serde(default = "one", skip_serializing_if = "is_one")]
        request_blocks: u32,
        #[serde(default = "default_alpha")]
        alpha: f64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        warmup_requests: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
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
        warmup_requests: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        measured_requests: Option<u64>,
    },
}

fn default_alpha() -> f64 {
    1.0
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
    fn parts(&self) -> (u64, Option<u64>, Option<u64>) {
        match *self {
            WorkloadConfig::Random { blocks, warmup_requests, measured_requests, .. }
            | WorkloadConfig::Zipf { blocks, warmup_requests, measured_requests, .. }
            | WorkloadConfig::Sequential { blocks, warmup_requests, measured_requests, .. } => {
                (blocks, warmup_requests, measured_requests)
            }
        }
    }

    /// Blocks per request.
    pub fn request_blocks(&self) -> u32 {
        match *self {
            WorkloadConfig::Random { request_blocks, .. }
            | WorkloadConfig::Zipf { request_blocks, .. }
            | WorkloadConfig::Sequential { request_blocks, .. } => request_blocks,
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

    /// Checks the parameters; the message names the field.
    pub fn validate(&self) -> Result<(), (&'static str, String)> {
        let blocks = self.blocks();
        if !(1..=MAX_BLOCKS).contains(&blocks) {
            return Err(("blocks", format!("must be between 1 and {MAX_BLOCKS} (got {blocks})")));
        }
        let n = self.request_blocks();
        if !(1..=MAX_REQUEST_BLOCKS).contains(&n) || n as u64 > blocks {
            return Err((
                "requestBlocks",
                format!("must be between 1 and {} (got {n})", (MAX_REQUEST_BLOCKS as u64).min(blocks)),
            ));
        }
        let (w, m) = self.phases();
        if m == 0 {
            return Err(("measuredRequests", "must be at least 1".into()));
        }
        if w.saturating_add(m) > MAX_REQUESTS {
            return Err(("measuredRequests", format!("warm-up plus measured requests must not exceed {MAX_REQUESTS}")));
        }
        if let WorkloadConfig::Zipf { alpha, .. } = *self {
            if !(alpha.is_finite() && (0.0..=10.0).contains(&alpha)) {
                return Err(("alpha", format!("must be between 0 and 10 (got {alpha})")));
            }
            if blocks > MAX_ZIPF_BLOCKS {
                return Err((
                    "blocks",
                    format!("a Zipf workload may span at most {MAX_ZIPF_BLOCKS} blocks (got {blocks})"),
                ));
            }
        }
        Ok(())
    }

    pub fn build(&self, seed: u64) -> Box<dyn Workload> {
        let (w, m) = self.phases();
        let n = self.request_blocks();
        let inner: Box<dyn Workload> = match *self {
            WorkloadConfig::Random { blocks, .. } => Box::new(Random::new(blocks, w + m, seed)),
            WorkloadConfig::Sequential { blocks, .. } => Box::new(Sequential::new(blocks, w + m)),
            WorkloadConfig::Zipf { blocks, alpha, .. } => Box::new(Zipf::new(blocks, alpha, w + m, seed)),
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
