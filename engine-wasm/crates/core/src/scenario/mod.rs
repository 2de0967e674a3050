//! The scenario: one versioned JSON document describing a whole experiment — the hierarchy
//! (its caches, links and disks), how the caches cooperate, the latency model, and where the
//! requests come from (a seeded generator or a trace file). The URL, the worker, the CLI and
//! the Python package all carry exactly this document.
//!
//! Version 5 (this one):
//!
//! ```json
//! {
//!   "version": 5, "name": "RANDOM LRU-MRU-demote", "seed": 1, "blockSize": 4096,
//!   "topology": {"kind": "two-level",
//!                "client": {"capacity": 16384, "policy": {"kind": "lru"}},
//!                "array": {"capacity": 16384, "policy": {"kind": "mru"}},
//!                "link": {"preset": "fc-1g"}, "disk": {"kind": "constant", "serviceMs": 10}},
//!   "protocol": {"kind": "demote"},
//!   "source": {"kind": "workload", "workload": {"kind": "random", "blocks": 32768}}
//! }
//! ```
//!
//! The topology is a tagged value carrying its own caches: `single` (one cache over a link and
//! a disk), `two-level` (a client over an array) or `tree` (any forest: clients at the leaves,
//! each root on its own disk; see [`TreeCache`]). Whatever the shape, the engine sees caches
//! plus each client's path to its root ([`Shape`]). The source is a `workload` (one generator
//! for every client, per-client generators by leaf name, and how their block ranges relate)
//! or a `trace` (each of the file's clients drives a leaf). Nothing is kept but unused: a field
//! the run would ignore is refused with a reason, in [`Scenario::validate`], in one place.
//!
//! A cache's capacity is a number of blocks, or bytes with a unit (`"1GiB"`: [`CacheSize`]); a
//! trace read as objects carries each object's size through the hierarchy (a sized run,
//! [`Scenario::sized`]), where a cache in bytes holds objects of any size.
//!
//! Documents of versions 1 to 4 (every link shared before this version) are read by
//! [`Scenario::from_json`] and migrated ([`v1`], [`read`]) to give identical numbers; golden
//! sets of both (`tests/golden/`) prove it.
//!
//! The module's rooms: [`document`] (the types), [`read`] (any version in, with migration),
//! [`shape`] (caches and paths), [`validate`] (every rule, every issue), [`issue`] (where a
//! problem is), [`design`] (paper 003's design space), [`grid`] (paper 000's eight designs), [`source`] (requests in run order).

pub mod design;
mod document;
pub mod grid;
mod issue;
mod read;
mod shape;
pub mod source;
mod v1;
mod validate;

pub use document::{CacheConfig, CacheSize, Scenario, Source, Topology, TraceClients, TraceSource, TreeCache};
pub(crate) use issue::err;
pub use issue::{FieldPath, Issue, Issues, ScenarioError, Seg};
pub use read::{read_draft, Checked};
pub use shape::{Node, Shape, ShapeCheck, MAX_CACHE_NAME};

/// The schema version this engine writes (it reads this one and every earlier one).
pub const SCENARIO_VERSION: u32 = 5;
/// Largest cache, in blocks.
pub const MAX_CAPACITY: u64 = 1 << 25;
/// Seeds must survive a trip through a JavaScript number.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// Most block references an offline policy (MIN, read-OPT) may precompute: about 20 bytes
/// each while it is built.
pub const MAX_OFFLINE_REFS: u64 = 1 << 24;
/// Most caches in one tree, and most clients (leaves).
pub const MAX_CACHES: usize = 64;
pub const MAX_CLIENTS: usize = 32;
/// Longest scenario name, and longest trace file name, in bytes.
pub const MAX_NAME_LENGTH: usize = 200;

#[cfg(test)]
mod tests;
