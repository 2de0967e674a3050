//! The request model of SPEC §1.

pub mod capacity;

pub use capacity::{Capacity, MAX_BYTES};

use serde::{Deserialize, Serialize};

/// A dense block id. Generators produce dense ids directly; trace readers remap raw addresses
/// to dense ids once, at the edge, so nothing on the hot path hashes.
pub type Block = u32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Op {
    #[default]
    Read,
    Write,
}

/// Paper 004's write hints, carried by writes that a client's buffer pool issues.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum WriteHint {
    Synch,
    Replace,
    Recov,
}

/// One request from a client: `nblocks` consecutive blocks starting at `block`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Request {
    /// Issue time in microseconds, when the source has one (traces); generators leave it `None`.
    pub time_us: Option<f64>,
    pub client: u16,
    pub block: Block,
    pub nblocks: u32,
    pub op: Op,
    pub write_hint: Option<WriteHint>,
    /// Application hint: the range (paper 002) this request belongs to.
    pub range: Option<u32>,
    /// Semantic importance (paper 003 "SE"); larger is more important.
    pub importance: Option<u8>,
}

impl Request {
    /// A one-block read from client 0 — what paper 000's synthetic workloads issue.
    pub const fn read(block: Block) -> Self {
        Self {
            time_us: None,
            client: 0,
            block,
            nblocks: 1,
            op: Op::Read,
            write_hint: None,
            range: None,
            importance: None,
        }
    }

    pub const fn write(block: Block) -> Self {
        Self { op: Op::Write, ..Self::read(block) }
    }

    /// The blocks this request covers.
    pub fn blocks(&self) -> std::ops::Range<Block> {
        self.block..self.block + self.nblocks
    }
}

/// Paper 002's access pattern of a hinted range.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Pattern {
    /// Read round and round, in the same order (a repeated scan).
    Loop,
    /// Read once, in order: no block is read again, so caching it gains nothing.
    Sequential,
    /// Random, every block alike.
    Uniform,
    /// Random, `x` % of the accesses to `y` % of the blocks (which blocks is not said).
    Skewed { x: f64, y: f64 },
}

impl Pattern {
    /// Paper 002 §3.1's default skew when nothing better is known: Pareto's (80, 20).
    pub const PARETO: Pattern = Pattern::Skewed { x: 80.0, y: 20.0 };

    /// Read in a fixed order (a loop or a scan) rather than at random.
    pub fn is_scan(&self) -> bool {
        matches!(self, Pattern::Loop | Pattern::Sequential)
    }
}

/// A client's application hint about one range of blocks (paper 002 §3.1, after Karma): its
/// size, how it is read, and how often.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RangeHint {
    /// The id the client's requests carry in [`Request::range`]; the same id names the same
    /// range in every client's hints.
    pub id: u32,
    /// Distinct blocks in the range.
    pub blocks: u64,
    pub pattern: Pattern,
    /// The share of the client's block references that fall in the range (0 to 1).
    pub frequency: f64,
}
