//! Cache hierarchies: topology, cooperation protocols and the latency model.

pub mod disk;
pub mod histogram;
pub mod mc2;
pub mod no_cache;
pub mod queueing;
pub mod timing;
pub mod tree;
pub mod two_level;

use serde::{Deserialize, Serialize};

pub use disk::{Disk, DiskConfig, Mechanical};
pub use histogram::{HistogramReport, LatencyHistogram};
pub use no_cache::NoCache;
pub use queueing::{Arrivals, Queueing};
pub use timing::{LinkConfig, Timing};
pub use tree::{CacheSpec, Stage, Tree};
pub use two_level::{Counters, Served, TwoLevel};

/// How the client and array caches cooperate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Protocol {
    /// Inclusive baseline: each level caches what passes through; client victims are dropped.
    #[default]
    None,
    /// Paper 000: the client sends each clean block it evicts to the array, which places it at
    /// the "eject me last" end; a DEMOTE of a block the array already holds moves no data.
    Demote,
    /// Paper 003's content-aware caching (AC_CA): to make room the client evicts, among its next
    /// `k` victims, the first one the array also holds (so a later miss on it is an array hit);
    /// if none is, its policy's own victim. Victims are dropped, as in the inclusive baseline.
    /// Paper 003's eviction-based placement (HA_R, after Chen et al.): the array infers each
    /// block the client evicts (it watches the client's buffer addresses being reused) and,
    /// like a DEMOTE, keeps it at its "eject me last" end — but fetches it from the disk, in
    /// the background: no link transfer, no latency, and every such reload is extra disk traffic.
    #[serde(rename = "ha-r")]
    HaR,
    /// Paper 003's client-controlled caching (AC_CC, after ULC): the client decides where each
    /// block lives by the distance between its last two references — within the client cache's
    /// size, in the client; farther, in the array only — and a block lives in exactly one level
    /// (an array hit the client keeps leaves the array; the client's victims are demoted).
    #[serde(rename = "ac-cc")]
    AcCc,
    /// Paper 002's MC² with Karma: per-range partitions chosen from the clients' range hints,
    /// exclusive READ / READ-SAVE / DEMOTE for a client's own ranges, inclusive LRU for shared
    /// ones, and a global LRU stack of (partition, client) pairs sharing the array (see
    /// [`mc2`]). It replaces the caches' own policies; trees of clients over one array only.
    Mc2,
    #[serde(rename = "ac-ca")]
    AcCa {
        #[serde(default = "default_ac_ca_k")]
        k: u32,
    },
}

/// Paper 003 leaves k open; four candidates is enough for the effect on LRU.
pub const DEFAULT_AC_CA_K: u32 = 4;

fn default_ac_ca_k() -> u32 {
    DEFAULT_AC_CA_K
}

impl Protocol {
    pub fn validate(&self) -> Result<(), String> {
        match *self {
            Protocol::AcCa { k } if !(1..=1024).contains(&k) => Err(format!("k must be between 1 and 1024 (got {k})")),
            _ => Ok(()),
        }
    }
}

/// Paper 003's DU ("quick eviction of duplicated blocks"): what the array does with a block
/// it has just sent up to the client, which will cache it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Du {
    /// Forget it at once.
    Drop,
    /// Move it to the "eject me next" end (an LRU array then behaves as paper 000's MRU array).
    LruEnd,
}

/// The shape of the hierarchy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Topology {
    /// A client cache over an array cache over a disk (paper 000).
    #[default]
    TwoLevel,
    /// One cache (the scenario's `client`) over the disk; `array` and `protocol` are kept in the
    /// scenario, so switching back restores them, but unused. Offline policies (MIN, read-OPT)
    /// run only here, where the cache sees the whole reference string.
    Single,
    /// Any forest of caches, described by the scenario's `tree` (see [`crate::forest`]); the
    /// scenario's `client`, `array`, `link` and `disk` are kept but unused.
    Tree,
}

impl Topology {
    pub fn is_two_level(&self) -> bool {
        *self == Topology::TwoLevel
    }
}

/// The level that served a request: the deepest level any of its blocks had to reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Client,
    Array,
    Disk,
}
