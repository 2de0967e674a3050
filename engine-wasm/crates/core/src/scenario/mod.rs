//! The scenario: one versioned JSON document describing a whole experiment — the hierarchy
//! (its caches, links and disks), how the caches cooperate, the latency model, and where the
//! requests come from (a seeded generator or a trace file). The URL, the worker, the CLI and
//! the Python package all carry exactly this document.
//!
//! Version 2 (this one):
//!
//! ```json
//! {
//!   "version": 4, "name": "RANDOM LRU-MRU-demote", "seed": 1, "blockSize": 4096,
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
//! Version 1 documents (every link shared before version 2) are read by [`Scenario::from_json`]
//! and migrated ([`v1`]) to give identical numbers.

pub mod design;
pub mod source;
mod v1;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::hierarchy::{
    Arrivals, CoWrites, DemoteData, Demotions, DiskConfig, Du, LinkConfig, MultiBlock, PrefetchConfig, Protocol,
};
use crate::policy::admission::AdmissionConfig;
use crate::policy::PolicyConfig;
use crate::workload::{multi, Sharing, WorkloadConfig, MAX_BLOCKS};

/// The schema version this engine writes (it reads this one and every earlier one).
pub const SCENARIO_VERSION: u32 = 4;
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

/// One cache: its size and replacement policy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CacheConfig {
    /// Capacity in blocks.
    pub capacity: u64,
    pub policy: PolicyConfig,
    /// Paper 003's CO: cold blocks (not in a history of the last `capacity` accesses) enter
    /// at the eviction end.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub co: bool,
    /// An admission filter in front of the policy: TinyLFU, probabilistic or second hit
    /// ([`AdmissionConfig`]); absent admits every block.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub admission: Option<AdmissionConfig>,
    /// Prefetching: one-block lookahead or sequential read-ahead ([`PrefetchConfig`]); absent
    /// fetches only what is read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub prefetch: Option<PrefetchConfig>,
}

impl CacheConfig {
    pub fn new(capacity: u64, policy: PolicyConfig) -> Self {
        Self { capacity, policy, co: false, admission: None, prefetch: None }
    }
}

/// One cache of a tree. The leaves are the clients, in the order the caches are listed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TreeCache {
    pub name: String,
    pub capacity: u64,
    pub policy: PolicyConfig,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub co: bool,
    /// An admission filter in front of the policy: TinyLFU, probabilistic or second hit
    /// ([`AdmissionConfig`]); absent admits every block.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub admission: Option<AdmissionConfig>,
    /// Prefetching: one-block lookahead or sequential read-ahead ([`PrefetchConfig`]); absent
    /// fetches only what is read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub prefetch: Option<PrefetchConfig>,
    /// The cache above (by name); absent for a root, which then needs a `disk`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// The link to the parent (a root: to its disk); absent costs nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<LinkConfig>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disk: Option<DiskConfig>,
}

/// The shape of the hierarchy, carrying its caches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Topology {
    /// One cache over a link to its disk.
    Single { cache: CacheConfig, link: LinkConfig, disk: DiskConfig },
    /// A client cache over an array cache over a disk (paper 000).
    TwoLevel { client: CacheConfig, array: CacheConfig, link: LinkConfig, disk: DiskConfig },
    /// Any forest of caches: clients at the leaves, optional middle tiers, roots on their own
    /// disks; every cache with its own policy, size and link.
    Tree { caches: Vec<TreeCache> },
}

/// Which leaf each of a trace's clients (volume, host, disk, CSV client column) drives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum TraceClients {
    /// The trace's clients in the order they first appear drive the leaves in order.
    #[default]
    Order,
    /// Every request goes to the first client, whatever the trace says (one stream).
    Merged,
    /// Trace client id (as a decimal string) → leaf name; a client not listed is refused.
    Map { map: BTreeMap<String, String> },
}

impl TraceClients {
    fn is_order(&self) -> bool {
        *self == TraceClients::Order
    }
}

/// A trace file a scenario replays. The data travels beside the scenario (a link cannot hold
/// a file): the run is given the parsed trace, and the name says which file it must be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TraceSource {
    pub name: String,
    /// The reader (`msr`, `vscsi`, …); absent: recognised from the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "TraceFormat | null"))]
    pub format: Option<String>,
    /// Key each request by its start address, unsplit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub object_mode: bool,
    /// Skip malformed records (counting them) instead of refusing the file.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skip_bad: bool,
    /// Requests replayed before measuring starts; absent: the first tenth of the trace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warmup_requests: Option<u64>,
    #[serde(default, skip_serializing_if = "TraceClients::is_order")]
    pub clients: TraceClients,
}

/// Where the requests come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Source {
    /// Seeded generators: `workload` for every client unless `clients` names its own (by leaf
    /// name); `sharing` relates the clients' block ranges (see [`Sharing`]).
    Workload {
        workload: WorkloadConfig,
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        clients: BTreeMap<String, WorkloadConfig>,
        #[serde(default, skip_serializing_if = "is_disjoint")]
        sharing: Sharing,
    },
    /// A trace file.
    Trace(TraceSource),
}

fn is_disjoint(s: &Sharing) -> bool {
    *s == Sharing::Disjoint
}

fn is_none_protocol(p: &Protocol) -> bool {
    *p == Protocol::None
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Scenario {
    #[cfg_attr(feature = "ts", ts(type = "typeof SCENARIO_VERSION"))]
    pub version: u32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    pub seed: u64,
    /// Bytes per block: a power of two from 512 B to 1 MiB.
    #[serde(default = "default_block_size")]
    pub block_size: u32,
    pub topology: Topology,
    /// How the caches cooperate (absent: the inclusive baseline).
    #[serde(default, skip_serializing_if = "is_none_protocol")]
    pub protocol: Protocol,
    /// Paper 003's DU at every cache above the clients: `drop` or `lru-end` what it sends up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub du: Option<Du>,
    /// Paper 003's SE: a request of importance 0 enters the client (and, under DEMOTE or
    /// AC_CC, which pass hints down, the cache that keeps it above) at the eviction end.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub se: bool,
    /// Cost of a client-cache hit, T_c (paper 000 uses 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub client_hit_ms: f64,
    /// Links, controllers and disks as FIFO servers; absent: the additive model (paper 000 eq. 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queueing: Option<Arrivals>,
    /// With two or more clients, time each client alone too, for speedups and fairness.
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub fairness: bool,
    /// How a request of several blocks is served: block by block (default) or all looked up
    /// first (`atomic`, version 1's way; version-1 documents keep it).
    #[serde(default, skip_serializing_if = "is_per_block")]
    pub multi_block: MultiBlock,
    /// Whether a request pays for its DEMOTEs (`charged`, paper 000) or not (`hidden`, paper 003
    /// §5's accounting).
    #[serde(default, skip_serializing_if = "is_charged")]
    pub demotions: Demotions,
    /// What a DEMOTE of a block the cache above holds sends: nothing (`when-absent`) or the block
    /// anyway (`always`, paper 000 §2's protocol).
    #[serde(default, skip_serializing_if = "is_when_absent")]
    pub demote_data: DemoteData,
    /// What a cache with CO tells a hint-aware policy of a write: the write and its hint
    /// (default), or a plain reference (`plain`, how versions 1 to 3 ran; their documents keep it).
    #[serde(default, skip_serializing_if = "is_hinted")]
    pub co_writes: CoWrites,
    pub source: Source,
}

fn is_hinted(c: &CoWrites) -> bool {
    *c == CoWrites::Hinted
}

fn is_charged(d: &Demotions) -> bool {
    *d == Demotions::Charged
}

fn is_when_absent(d: &DemoteData) -> bool {
    *d == DemoteData::WhenAbsent
}

fn is_per_block(m: &MultiBlock) -> bool {
    *m == MultiBlock::PerBlock
}

fn default_block_size() -> u32 {
    4096
}

/// A version-2 document as version 3 reads it, with the numbers it gave when it was shared:
/// version 3 serves a request of several blocks block by block and lends MC²'s free array space
/// to whoever misses (revision 2); a version-2 document that says neither keeps version 2's
/// ways, `"multiBlock": "atomic"` and MC² revision 1. Anything else reads as it did.
fn migrate_v2(mut value: serde_json::Value) -> serde_json::Value {
    let doc = value.as_object_mut().expect("checked to be an object");
    doc.entry("multiBlock").or_insert_with(|| "atomic".into());
    if let Some(protocol) = doc.get_mut("protocol").and_then(|p| p.as_object_mut()) {
        if protocol.get("kind").and_then(|k| k.as_str()) == Some("mc2") {
            protocol.entry("revision").or_insert_with(|| 1.into());
        }
    }
    migrate_v3(value)
}

/// A version-3 (or migrated version-2) document as version 4 reads it: only the version
/// changes here; what version 4 changed at CO is [`Scenario::keep_co_writes_plain`]'s.
fn migrate_v3(mut value: serde_json::Value) -> serde_json::Value {
    let doc = value.as_object_mut().expect("checked to be an object");
    doc.insert("version".into(), SCENARIO_VERSION.into());
    value
}

/// A scenario that could not be read or is not acceptable; `path` names the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    pub path: String,
    pub message: String,
}

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            write!(f, "scenario: {}", self.message)
        } else {
            write!(f, "scenario.{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for ScenarioError {}

pub(crate) fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError { path: path.into(), message: message.into() }
}

/// One cache as the engine builds it: its settings, its parent (by index) and its name.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub name: String,
    pub cache: CacheConfig,
    pub parent: Option<usize>,
    pub link: Option<LinkConfig>,
    pub disk: Option<DiskConfig>,
    /// Where its settings live in the document, for errors (`topology.client`).
    pub path: String,
}

/// A validated topology as the engine sees it: caches, parents, and the clients (leaves) in
/// order, each with its path of caches to its root.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub nodes: Vec<Node>,
    pub leaves: Vec<usize>,
    pub paths: Vec<Vec<usize>>,
}

impl Shape {
    pub fn clients(&self) -> usize {
        self.leaves.len()
    }

    /// The leaves below cache `i` (itself, if it is one).
    pub fn clients_below(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.leaves.len()).filter(move |&c| self.paths[c].contains(&i))
    }

    /// 0 for a root, growing downwards.
    pub fn depth(&self, mut i: usize) -> u32 {
        let mut d = 0;
        while let Some(p) = self.nodes[i].parent {
            i = p;
            d += 1;
        }
        d
    }

    pub fn leaf_named(&self, name: &str) -> Option<usize> {
        self.leaves.iter().position(|&l| self.nodes[l].name == name)
    }
}

impl Default for Scenario {
    /// Paper 000's RANDOM experiment with its proposed design, LRU-MRU-demote.
    fn default() -> Self {
        Self::paper000_random(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote)
    }
}

impl Topology {
    /// The single cache, or the client of two levels; `None` for a tree.
    pub fn client_mut(&mut self) -> Option<&mut CacheConfig> {
        match self {
            Topology::Single { cache, .. } => Some(cache),
            Topology::TwoLevel { client, .. } => Some(client),
            Topology::Tree { .. } => None,
        }
    }

    /// The array of two levels.
    pub fn array_mut(&mut self) -> Option<&mut CacheConfig> {
        match self {
            Topology::TwoLevel { array, .. } => Some(array),
            _ => None,
        }
    }

    pub fn is_tree(&self) -> bool {
        matches!(self, Topology::Tree { .. })
    }

    /// The caches as the engine sees them, unchecked (see [`Scenario::shape`]).
    fn nodes(&self) -> Result<Vec<Node>, ScenarioError> {
        Ok(match self {
            Topology::Single { cache, link, disk } => vec![Node {
                name: "cache".into(),
                cache: cache.clone(),
                parent: None,
                link: Some(*link),
                disk: Some(*disk),
                path: "topology.cache".into(),
            }],
            Topology::TwoLevel { client, array, link, disk } => vec![
                Node {
                    name: "client".into(),
                    cache: client.clone(),
                    parent: Some(1),
                    link: Some(*link),
                    disk: None,
                    path: "topology.client".into(),
                },
                Node {
                    name: "array".into(),
                    cache: array.clone(),
                    parent: None,
                    link: None,
                    disk: Some(*disk),
                    path: "topology.array".into(),
                },
            ],
            Topology::Tree { caches } => {
                let n = caches.len();
                if !(1..=MAX_CACHES).contains(&n) {
                    return Err(err("topology.caches", format!("must list 1 to {MAX_CACHES} caches (got {n})")));
                }
                let mut nodes = Vec::with_capacity(n);
                for (i, c) in caches.iter().enumerate() {
                    let at = |field: &str| format!("topology.caches[{i}].{field}");
                    if c.name.trim().is_empty() || c.name.len() > 40 {
                        return Err(err(at("name"), "must be 1 to 40 characters"));
                    }
                    if caches[..i].iter().any(|o| o.name == c.name) {
                        return Err(err(at("name"), format!("\"{}\" names two caches", c.name)));
                    }
                    let parent = match &c.parent {
                        None => None,
                        Some(p) => match caches.iter().position(|o| &o.name == p) {
                            Some(j) if j == i => return Err(err(at("parent"), "a cache cannot be its own parent")),
                            Some(j) => Some(j),
                            None => return Err(err(at("parent"), format!("no cache is named \"{p}\""))),
                        },
                    };
                    match (parent, &c.disk) {
                        (None, None) => {
                            return Err(err(at("disk"), format!("\"{}\" has no parent, so it needs a disk", c.name)))
                        }
                        (Some(_), Some(_)) => {
                            return Err(err(at("disk"), format!("only a root has a disk; \"{}\" has a parent", c.name)))
                        }
                        _ => {}
                    }
                    nodes.push(Node {
                        name: c.name.clone(),
                        cache: CacheConfig {
                            capacity: c.capacity,
                            policy: c.policy.clone(),
                            co: c.co,
                            admission: c.admission.clone(),
                            prefetch: c.prefetch.clone(),
                        },
                        parent,
                        link: c.link,
                        disk: c.disk,
                        path: format!("topology.caches[{i}]"),
                    });
                }
                nodes
            }
        })
    }
}

impl Scenario {
    /// Paper 000 §4.4: N_c = N_a = 16384 blocks of 4 KiB, RANDOM over 32768 blocks, warm-up
    /// 32768 requests then 327680 measured; T_c = 0, T_a = 0.2 ms (1 Gbit/s FC), T_d = 10 ms.
    pub fn paper000_random(client: PolicyConfig, array: PolicyConfig, protocol: Protocol) -> Self {
        let demote = if protocol == Protocol::Demote { "demote" } else { "none" };
        Self {
            version: SCENARIO_VERSION,
            name: format!("RANDOM {}-{}-{demote}", client.name().to_uppercase(), array.name().to_uppercase()),
            seed: 1,
            block_size: 4096,
            topology: Topology::TwoLevel {
                client: CacheConfig::new(16384, client),
                array: CacheConfig::new(16384, array),
                link: LinkConfig::Fc1g,
                disk: DiskConfig::Constant { service_ms: 10.0 },
            },
            protocol,
            du: None,
            se: false,
            client_hit_ms: 0.0,
            queueing: None,
            fairness: true,
            multi_block: MultiBlock::PerBlock,
            demotions: Demotions::Charged,
            demote_data: DemoteData::WhenAbsent,
            co_writes: CoWrites::Hinted,
            source: Source::Workload {
                workload: WorkloadConfig::Random {
                    blocks: 32768,
                    request_blocks: 1,
                    warmup_requests: None,
                    measured_requests: None,
                },
                clients: BTreeMap::new(),
                sharing: Sharing::Disjoint,
            },
        }
    }

    /// One cache of `capacity` blocks over paper 000's link and disk, running `workload`.
    pub fn single(capacity: u64, policy: PolicyConfig, workload: WorkloadConfig) -> Self {
        let mut s = Self::paper000_random(policy.clone(), PolicyConfig::Lru, Protocol::None);
        s.name = format!("{} {capacity}", policy.name().to_uppercase());
        s.topology = Topology::Single {
            cache: CacheConfig::new(capacity, policy),
            link: LinkConfig::Fc1g,
            disk: DiskConfig::Constant { service_ms: 10.0 },
        };
        s.source = Source::Workload { workload, clients: BTreeMap::new(), sharing: Sharing::Disjoint };
        s
    }

    /// The link and disk of the first client's path: its own link, its root's disk.
    pub fn first_link_and_disk(&self) -> (LinkConfig, DiskConfig) {
        match &self.topology {
            Topology::Single { link, disk, .. } | Topology::TwoLevel { link, disk, .. } => (*link, *disk),
            Topology::Tree { .. } => match self.shape() {
                Ok(shape) => {
                    let path = &shape.paths[0];
                    let link = shape.nodes[path[0]].link.unwrap_or_default();
                    (link, shape.nodes[path[path.len() - 1]].disk.unwrap_or_default())
                }
                Err(_) => (LinkConfig::default(), DiskConfig::default()),
            },
        }
    }

    /// This scenario's requests through one cache instead: the first client's link and root's
    /// disk, no protocol, and (of a tree's workload source) the scenario's generator alone —
    /// what a miss-ratio curve of the workload measures.
    pub fn as_single(&self, cache: CacheConfig) -> Scenario {
        let (link, disk) = self.first_link_and_disk();
        let mut s = self.clone();
        s.topology = Topology::Single { cache, link, disk };
        s.protocol = Protocol::None;
        s.du = None;
        if let Source::Workload { clients, sharing, .. } = &mut s.source {
            clients.clear();
            *sharing = Sharing::Disjoint;
        }
        if let Source::Trace(t) = &mut s.source {
            t.clients = TraceClients::Merged;
        }
        s
    }

    /// The scenario's generator (every client's, unless a client names its own); `None` for a trace.
    pub fn workload(&self) -> Option<&WorkloadConfig> {
        match &self.source {
            Source::Workload { workload, .. } => Some(workload),
            Source::Trace(_) => None,
        }
    }

    pub fn workload_mut(&mut self) -> Option<&mut WorkloadConfig> {
        match &mut self.source {
            Source::Workload { workload, .. } => Some(workload),
            Source::Trace(_) => None,
        }
    }

    pub fn trace(&self) -> Option<&TraceSource> {
        match &self.source {
            Source::Trace(t) => Some(t),
            Source::Workload { .. } => None,
        }
    }

    /// Parses and validates a scenario of this version or an earlier one (migrated: see
    /// [`v1`]). Errors name the field and what was expected; a scenario from a newer tiersim
    /// is refused with a message saying so.
    pub fn from_json(text: &str) -> Result<Self, ScenarioError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| err("", format!("not valid JSON: {e}")))?;
        if !value.is_object() {
            return Err(err("", format!("expected a JSON object, got {}", kind_of(&value))));
        }
        let version = value.get("version").ok_or_else(|| err("version", "missing"))?;
        let older = matches!(version.as_u64(), Some(v) if v < SCENARIO_VERSION as u64);
        let mut scenario = match version.as_u64() {
            Some(1) => {
                let old: v1::ScenarioV1 = from_value(value)?;
                old.migrate().map_err(|(path, message)| err(path, message))?
            }
            Some(2) => strict(migrate_v2(value))?,
            Some(3) => strict(migrate_v3(value))?,
            Some(v) if v == SCENARIO_VERSION as u64 => strict(value)?,
            Some(v) if v > SCENARIO_VERSION as u64 => {
                return Err(err(
                    "version",
                    format!(
                    "version {v} is newer than this tiersim understands (it reads versions 1 to {SCENARIO_VERSION})"
                ),
                ))
            }
            _ => return Err(err("version", format!("expected 1 to {SCENARIO_VERSION}, got {version}"))),
        };
        if older {
            scenario.keep_co_writes_plain();
        }
        scenario.validate()?;
        Ok(scenario)
    }

    /// A document from before version 4 with CO at any cache keeps that version's way there,
    /// `"coWrites": "plain"` (version 4 passes a write and its hint through CO to a hint-aware
    /// policy — LRU+Hints, MQ+Hints, TQ — where versions 1 to 3 dropped the hint), so it gives
    /// the numbers it gave when shared. Without CO the setting changes nothing and is left out.
    fn keep_co_writes_plain(&mut self) {
        let co = match &self.topology {
            Topology::Single { cache, .. } => cache.co,
            Topology::TwoLevel { client, array, .. } => client.co || array.co,
            Topology::Tree { caches } => caches.iter().any(|c| c.co),
        };
        if co {
            self.co_writes = CoWrites::Plain;
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a scenario always serialises")
    }

    /// The caches, each client's path and the leaves, checked; errors name the field.
    pub fn shape(&self) -> Result<Shape, ScenarioError> {
        let nodes = self.topology.nodes()?;
        let n = nodes.len();
        // Every walk upwards must reach a root (and so a disk) within n steps.
        for (i, node) in nodes.iter().enumerate() {
            let mut at = i;
            for _ in 0..=n {
                match nodes[at].parent {
                    Some(p) => at = p,
                    None => break,
                }
            }
            if nodes[at].parent.is_some() {
                return Err(err(
                    format!("{}.parent", node.path),
                    format!("the caches above \"{}\" form a cycle: it has no path to a disk", node.name),
                ));
            }
        }
        let leaves: Vec<usize> = (0..n).filter(|&i| !nodes.iter().any(|o| o.parent == Some(i))).collect();
        if leaves.len() > MAX_CLIENTS {
            return Err(err(
                "topology.caches",
                format!("at most {MAX_CLIENTS} clients (leaves), got {}", leaves.len()),
            ));
        }
        let paths = leaves
            .iter()
            .map(|&leaf| {
                let mut path = vec![leaf];
                while let Some(p) = nodes[*path.last().expect("non-empty")].parent {
                    path.push(p);
                }
                path
            })
            .collect();
        Ok(Shape { nodes, leaves, paths })
    }

    /// Each client's generator (for a workload source).
    pub fn client_workloads(&self, shape: &Shape) -> Option<Vec<WorkloadConfig>> {
        match &self.source {
            Source::Workload { workload, clients, .. } => Some(
                shape.leaves.iter().map(|&l| clients.get(&shape.nodes[l].name).unwrap_or(workload).clone()).collect(),
            ),
            Source::Trace(_) => None,
        }
    }

    /// Whether some cache prefetches (a streamed trace run then needs its blocks' addresses).
    pub fn prefetches(&self) -> bool {
        self.shape().is_ok_and(|s| s.nodes.iter().any(|n| n.cache.prefetch.is_some()))
    }

    /// Whether the clients draw their requests as a tree's do (seeded per client, related by
    /// the source's sharing), rather than as the one client of a single cache or two levels
    /// (seeded by the scenario's seed itself) — version 1's two engines, kept for its links.
    pub fn per_client_streams(&self) -> bool {
        self.topology.is_tree()
    }

    /// Range checks that types alone cannot express, and every combination the model cannot
    /// run, each refused here with the reason.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        self.validate_shape().map(|_| ())
    }

    /// [`Scenario::validate`], returning the shape it checked.
    pub fn validate_shape(&self) -> Result<Shape, ScenarioError> {
        if self.version != SCENARIO_VERSION {
            return Err(err("version", format!("expected {SCENARIO_VERSION}, got {}", self.version)));
        }
        if self.seed > MAX_SEED {
            return Err(err("seed", format!("must be at most {MAX_SEED} (got {})", self.seed)));
        }
        if !(self.block_size.is_power_of_two() && (512..=1 << 20).contains(&self.block_size)) {
            return Err(err(
                "blockSize",
                format!("must be a power of two from 512 to 1048576 bytes (got {})", self.block_size),
            ));
        }
        if self.name.len() > MAX_NAME_LENGTH {
            return Err(err("name", format!("must be at most {MAX_NAME_LENGTH} characters")));
        }
        let shape = self.shape()?;
        for node in &shape.nodes {
            let c = &node.cache;
            if !(1..=MAX_CAPACITY).contains(&c.capacity) {
                return Err(err(
                    format!("{}.capacity", node.path),
                    format!("must be between 1 and {MAX_CAPACITY} blocks (got {})", c.capacity),
                ));
            }
            c.policy.validate(c.capacity as usize).map_err(|m| err(format!("{}.policy", node.path), m))?;
            if let Some(a) = &c.admission {
                a.validate().map_err(|m| err(format!("{}.admission", node.path), m))?;
            }
            if let Some(p) = &c.prefetch {
                let path = format!("{}.prefetch", node.path);
                p.validate().map_err(|m| err(path.clone(), m))?;
                if c.policy.is_offline() {
                    return Err(err(
                        path,
                        format!(
                            "{} plans from the blocks it will be asked for; prefetched blocks are not among them",
                            c.policy.name()
                        ),
                    ));
                }
                let why = match self.protocol {
                    Protocol::Mc2 { .. } => Some("MC²'s partitions replace the caches' policies"),
                    Protocol::AcCc => Some("AC_CC chooses the one level each block lives in"),
                    _ => None,
                };
                if let Some(why) = why {
                    return Err(err(path, format!("{why}, so a cache cannot fetch blocks ahead on its own")));
                }
            }
            let link_path =
                if self.topology.is_tree() { format!("{}.link", node.path) } else { "topology.link".into() };
            let disk_path =
                if self.topology.is_tree() { format!("{}.disk", node.path) } else { "topology.disk".into() };
            if let Some(l) = node.link {
                l.validate().map_err(|m| err(link_path, m))?;
            }
            if let Some(d) = node.disk {
                d.validate().map_err(|m| err(disk_path, m))?;
            }
        }
        self.protocol.validate().map_err(|m| err("protocol", m))?;
        let single = matches!(self.topology, Topology::Single { .. });
        if single && self.protocol != Protocol::None {
            return Err(err(
                "protocol",
                format!(
                    "a single cache has no cache above it to cooperate with: {} needs two levels",
                    self.protocol.name()
                ),
            ));
        }
        if let Some(du) = self.du {
            let why = if single {
                Some("a single cache sends nothing up to a client")
            } else if self.protocol == Protocol::AcCc {
                Some("AC_CC keeps each block in one level already")
            } else if matches!(self.protocol, Protocol::Mc2 { .. }) {
                Some("MC²'s partitions decide what the array keeps")
            } else {
                None
            };
            if let Some(why) = why {
                return Err(err("du", format!("DU ({}) has nothing to do here: {why}", du.name())));
            }
        }
        if !matches!(self.protocol, Protocol::Demote | Protocol::AcCc | Protocol::Mc2 { .. }) {
            let why = format!("{} sends no DEMOTEs", self.protocol.name());
            if self.demotions != Demotions::Charged {
                return Err(err("demotions", why));
            }
            if self.demote_data != DemoteData::WhenAbsent {
                return Err(err("demoteData", why));
            }
        }
        if matches!(self.protocol, Protocol::Mc2 { .. }) {
            if let Some(node) = shape.nodes.iter().find(|n| n.cache.admission.is_some()) {
                return Err(err(
                    format!("{}.admission", node.path),
                    "MC²'s partitions replace the caches' policies, so there is no admission to filter",
                ));
            }
        }
        if self.se && matches!(self.protocol, Protocol::Mc2 { .. }) {
            return Err(err(
                "se",
                "MC²'s partitions replace the caches' policies, so there is no insertion end to choose",
            ));
        }
        if !(self.client_hit_ms.is_finite() && (0.0..=100_000.0).contains(&self.client_hit_ms)) {
            return Err(err("clientHitMs", format!("must be between 0 and 100000 ms (got {})", self.client_hit_ms)));
        }
        if let Some(a) = self.queueing {
            a.validate().map_err(|m| err("queueing", m))?;
        }
        self.validate_source(&shape)?;
        if matches!(self.protocol, Protocol::Mc2 { .. }) {
            self.validate_mc2(&shape)?;
        }
        self.validate_offline(&shape)?;
        Ok(shape)
    }

    fn validate_source(&self, shape: &Shape) -> Result<(), ScenarioError> {
        match &self.source {
            Source::Workload { workload, clients, sharing } => {
                workload.validate().map_err(|(field, m)| err(format!("source.workload.{field}"), m))?;
                sharing.validate().map_err(|m| err("source.sharing", m))?;
                if !self.topology.is_tree() {
                    if *sharing != Sharing::Disjoint {
                        return Err(err(
                            "source.sharing",
                            "sharing relates several clients' blocks: this topology has one client",
                        ));
                    }
                    if let Some(name) = clients.keys().next() {
                        return Err(err(
                            format!("source.clients.{name}"),
                            "this topology has one client: give its generator as source.workload",
                        ));
                    }
                }
                for (name, w) in clients {
                    let at = format!("source.clients.{name}");
                    match shape.nodes.iter().position(|n| &n.name == name) {
                        None => return Err(err(at, format!("no cache is named \"{name}\""))),
                        Some(i) if !shape.leaves.contains(&i) => {
                            return Err(err(
                                at,
                                format!("\"{name}\" is not a client (a leaf): only clients issue requests"),
                            ))
                        }
                        _ => {}
                    }
                    if *sharing == Sharing::Conjoint {
                        return Err(err(at, "conjoint clients issue one stream: give every client source.workload"));
                    }
                    w.validate().map_err(|(f, m)| err(format!("{at}.{f}"), m))?;
                }
                let workloads = self.client_workloads(shape).expect("a workload source");
                let universe = if self.per_client_streams() {
                    multi::universe_of(&workloads, *sharing)
                } else {
                    workload.blocks()
                };
                if universe > MAX_BLOCKS {
                    return Err(err(
                        "source",
                        format!("the clients' workloads span {universe} blocks together; at most {MAX_BLOCKS}"),
                    ));
                }
            }
            Source::Trace(t) => {
                if t.name.trim().is_empty() || t.name.len() > MAX_NAME_LENGTH {
                    return Err(err("source.name", format!("must be 1 to {MAX_NAME_LENGTH} characters")));
                }
                t.format()?;
                if let TraceClients::Map { map } = &t.clients {
                    if map.is_empty() {
                        return Err(err("source.clients.map", "maps no trace client to a leaf"));
                    }
                    for (id, leaf) in map {
                        let at = format!("source.clients.map.{id}");
                        if id.parse::<u16>().is_err() {
                            return Err(err(at, "a trace client id is a whole number from 0 to 65535"));
                        }
                        if shape.leaf_named(leaf).is_none() {
                            return Err(err(at, format!("\"{leaf}\" is not a client (a leaf) of the topology")));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn validate_mc2(&self, shape: &Shape) -> Result<(), ScenarioError> {
        let roots: Vec<usize> = (0..shape.nodes.len()).filter(|&i| shape.nodes[i].parent.is_none()).collect();
        if let Some(p) = shape.paths.iter().find(|p| p.len() > 2) {
            let (c, above) = (p[0], p[1]);
            return Err(err(
                format!("{}.parent", shape.nodes[c].path),
                format!(
                    "MC² manages clients directly over one array (paper 002 §4's testbed): \"{}\" sits below \"{}\", \
                     which is not a root",
                    shape.nodes[c].name, shape.nodes[above].name
                ),
            ));
        }
        if roots.len() != 1 || shape.paths.iter().any(|p| p.len() != 2) {
            return Err(err("protocol", "MC² needs exactly one array (root) with its clients directly below it"));
        }
        if let Some(workloads) = self.client_workloads(shape) {
            for (c, w) in workloads.iter().enumerate() {
                let name = &shape.nodes[shape.leaves[c]].name;
                crate::hierarchy::protocol::mc2::validate_hints(&w.range_hints()).map_err(|m| {
                    let at = match &self.source {
                        Source::Workload { clients, .. } if clients.contains_key(name) => {
                            format!("source.clients.{name}")
                        }
                        _ => "source.workload".into(),
                    };
                    err(at, m)
                })?;
            }
        }
        Ok(())
    }

    /// Offline policies (MIN, read-OPT) must know, before the run, every reference their cache
    /// will see: a client's are its own requests; a cache above the clients learns its stream in
    /// a first pass, which is exact only when that stream cannot depend on what the cache does.
    fn validate_offline(&self, shape: &Shape) -> Result<(), ScenarioError> {
        let offline: Vec<usize> =
            (0..shape.nodes.len()).filter(|&i| shape.nodes[i].cache.policy.is_offline()).collect();
        for &i in &offline {
            let node = &shape.nodes[i];
            let at = format!("{}.policy", node.path);
            let name = node.cache.policy.name();
            let leaf = shape.leaves.contains(&i);
            if matches!(self.protocol, Protocol::Mc2 { .. }) {
                return Err(err(at, format!("{name} is offline, and MC²'s partitions replace the caches' policies")));
            }
            if !leaf {
                let below = shape.clients_below(i).count();
                if matches!(self.protocol, Protocol::AcCa { .. }) {
                    return Err(err(
                        at,
                        format!(
                            "{name} is offline, but under AC_CA the clients pick their victims by what \"{}\" holds, \
                             so the stream reaching it depends on its own choices",
                            node.name
                        ),
                    ));
                }
                if self.queueing.is_some() && below > 1 {
                    return Err(err(
                        at,
                        format!(
                            "{name} is offline, but with queueing the order in which {below} clients reach \"{}\" \
                             depends on the latencies its own hits give them",
                            node.name
                        ),
                    ));
                }
                if let Some(&j) = offline.iter().find(|&&j| {
                    j != i
                        && shape.paths.iter().any(|p| {
                            let (pi, pj) = (p.iter().position(|&x| x == i), p.iter().position(|&x| x == j));
                            matches!((pi, pj), (Some(a), Some(b)) if b < a)
                        })
                }) {
                    return Err(err(
                        at,
                        format!(
                            "{name} is offline, but the stream reaching \"{}\" depends on the offline \"{}\" below it",
                            node.name, shape.nodes[j].name
                        ),
                    ));
                }
            }
            if let Some(workloads) = self.client_workloads(shape) {
                let refs: u64 = shape
                    .clients_below(i)
                    .map(|c| {
                        let (w, m) = workloads[c].phases();
                        (w + m).saturating_mul(workloads[c].request_blocks() as u64)
                    })
                    .fold(0, u64::saturating_add);
                if refs > MAX_OFFLINE_REFS {
                    return Err(err(
                        at,
                        format!("{name} precomputes the whole run: at most {MAX_OFFLINE_REFS} block references (got {refs})"),
                    ));
                }
            }
        }
        Ok(())
    }
}

impl TraceSource {
    /// The reader's options for a scenario of `block_size` bytes per block.
    pub fn options(&self, block_size: u32) -> crate::trace::Options {
        crate::trace::Options { block_size, object_mode: self.object_mode }
    }

    /// The format named, if any.
    pub fn format(&self) -> Result<Option<crate::trace::Format>, ScenarioError> {
        self.format
            .as_deref()
            .map(|f| crate::trace::Format::parse_name(f).map_err(|m| err("source.format", m)))
            .transpose()
    }

    /// `(warm-up, measured)` requests for a trace of `requests`.
    pub fn phases(&self, requests: u64) -> (u64, u64) {
        let warmup = self.warmup_requests.unwrap_or(requests / 10).min(requests);
        (warmup, requests - warmup)
    }
}

/// The fields of each tagged value's variants, to name a bad field inside one: serde stops its
/// path at a tagged value (`topology`, `source`), so the value is read again as its variant's
/// fields alone. Never built otherwise.
#[allow(dead_code)]
mod fields {
    use super::*;

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct Single {
        cache: CacheConfig,
        link: LinkConfig,
        disk: DiskConfig,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct TwoLevel {
        client: CacheConfig,
        array: CacheConfig,
        link: LinkConfig,
        disk: DiskConfig,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct Tree {
        caches: Vec<TreeCache>,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct Workload {
        workload: WorkloadConfig,
        #[serde(default)]
        clients: BTreeMap<String, WorkloadConfig>,
        #[serde(default)]
        sharing: Sharing,
    }
}

/// `e`, an error serde placed at a tagged value of `doc`, placed at the field inside it.
/// A version-2 or -3 document read, refusing any key the reader would ignore (see
/// [`crate::util::strict`]): nothing a user writes is silently dropped.
fn strict(doc: serde_json::Value) -> Result<Scenario, ScenarioError> {
    let scenario: Scenario = from_value(doc.clone()).map_err(|e| refine(&doc, e))?;
    match crate::util::strict::ignored_key(&doc, &scenario) {
        Some((path, message)) => Err(err(path, message)),
        None => Ok(scenario),
    }
}

fn refine(doc: &serde_json::Value, e: ScenarioError) -> ScenarioError {
    let Some(tagged) = doc.get(&e.path) else { return e };
    let Some(kind) = tagged.get("kind").and_then(|k| k.as_str()) else { return e };
    let mut rest = tagged.clone();
    rest.as_object_mut().expect("it has a kind").remove("kind");
    let inner = match (e.path.as_str(), kind) {
        ("topology", "single") => from_value::<fields::Single>(rest).err(),
        ("topology", "two-level") => from_value::<fields::TwoLevel>(rest).err(),
        ("topology", "tree") => from_value::<fields::Tree>(rest).err(),
        ("source", "workload") => from_value::<fields::Workload>(rest).err(),
        ("source", "trace") => from_value::<TraceSource>(rest).err(),
        _ => None,
    };
    match inner {
        Some(i) if !i.path.is_empty() => err(format!("{}.{}", e.path, i.path), i.message),
        _ => e,
    }
}

fn kind_of(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// Deserialises with the path of the first bad field.
fn from_value<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> Result<T, ScenarioError> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        err(if path == "." { String::new() } else { path }, e.into_inner().to_string())
    })
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_version_3_document_keeps_its_numbers_in_version_4() {
        // Shared before version 4: CO at a TQ cache fed paper 004's hinted writes, which CO then
        // passed on as plain references. Read now, it keeps that way (`coWrites: plain`) and runs
        // exactly as when it was shared; written as version 4, TQ gets the hints.
        let v3 = serde_json::json!({
            "version": 3, "name": "co over tq", "seed": 5,
            "topology": {"kind": "single", "cache": {"capacity": 2000, "policy": {"kind": "tq"}, "co": true},
                         "link": {"preset": "fc-1g"}, "disk": {"kind": "constant", "serviceMs": 10}},
            "protocol": {"kind": "none"},
            "source": {"kind": "workload", "workload": {"kind": "oltp", "warehouses": 1, "warmupRequests": 5000, "measuredRequests": 30000}}
        });
        let migrated = Scenario::from_json(&v3.to_string()).unwrap();
        assert_eq!((migrated.version, migrated.co_writes), (SCENARIO_VERSION, CoWrites::Plain));
        assert!(migrated.to_json().contains(r#""coWrites":"plain""#));
        let mut explicit = v3.clone();
        explicit["version"] = SCENARIO_VERSION.into();
        explicit["coWrites"] = "plain".into();
        let run = |s: Scenario| crate::Run::new(s).unwrap().run_to_end();
        let old = run(migrated);
        assert_eq!(old, run(Scenario::from_json(&explicit.to_string()).unwrap()));
        // Version 4 without the field: the hints reach TQ, and CO changes nothing TQ does.
        let mut now = v3.clone();
        now["version"] = SCENARIO_VERSION.into();
        let hinted = Scenario::from_json(&now.to_string()).unwrap();
        assert_eq!(hinted.co_writes, CoWrites::Hinted);
        assert!(!hinted.to_json().contains("coWrites"));
        let new = run(hinted);
        assert_ne!(old.counters, new.counters);
        let mut bare = now.clone();
        bare["topology"]["cache"]["co"] = false.into();
        assert_eq!(new.counters, run(Scenario::from_json(&bare.to_string()).unwrap()).counters);
        // Version 2 and 1 documents keep it too; an old document without CO, where the setting
        // changes nothing, is left without it.
        let mut v2 = v3.clone();
        v2["version"] = 2.into();
        assert_eq!(Scenario::from_json(&v2.to_string()).unwrap().co_writes, CoWrites::Plain);
        let v1 = r#"{"version": 1, "name": "old", "seed": 3, "client": {"capacity": 100, "policy": {"kind": "lru"}, "co": true},
                     "array": {"capacity": 200, "policy": {"kind": "tq"}}, "protocol": {"kind": "demote"},
                     "link": {"preset": "fc-1g"}, "disk": {"kind": "constant", "serviceMs": 10},
                     "workload": {"kind": "zipf", "blocks": 1000}}"#;
        assert_eq!(Scenario::from_json(v1).unwrap().co_writes, CoWrites::Plain);
        let mut no_co = v3.clone();
        no_co["topology"]["cache"]["co"] = false.into();
        let plain_free = Scenario::from_json(&no_co.to_string()).unwrap();
        assert_eq!(plain_free.co_writes, CoWrites::Hinted);
        assert!(!plain_free.to_json().contains("coWrites"));
        assert!(Scenario::from_json(r#"{"version":4,"coWrites":"loud"}"#).is_err());
    }

    #[test]
    fn a_version_2_document_keeps_its_numbers_in_version_3() {
        // Shared before version 3: requests of 4 blocks (then looked up all at once) and MC² (then
        // revision 1). Read now, it keeps both ways, and runs exactly as when it was shared.
        let v2 = |protocol: &str| {
            let mut s: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
            s["version"] = 2.into();
            s["protocol"] = serde_json::from_str(protocol).unwrap();
            let w = &mut s["source"]["workload"];
            w["requestBlocks"] = 4.into();
            w["measuredRequests"] = 20_000.into();
            s
        };
        let old = v2(r#"{"kind":"demote"}"#);
        let migrated = Scenario::from_json(&old.to_string()).unwrap();
        assert_eq!(migrated.version, SCENARIO_VERSION);
        assert_eq!(migrated.multi_block, MultiBlock::Atomic);
        // The same document written as version 3 says so explicitly, and runs the same.
        let mut explicit = old.clone();
        explicit["version"] = SCENARIO_VERSION.into();
        explicit["multiBlock"] = "atomic".into();
        let run = |s: Scenario| crate::Run::new(s).unwrap().run_to_end();
        assert_eq!(run(migrated.clone()), run(Scenario::from_json(&explicit.to_string()).unwrap()));
        // Version 3 without the field serves the blocks one by one: other numbers.
        let mut now = old.clone();
        now["version"] = SCENARIO_VERSION.into();
        let per_block = Scenario::from_json(&now.to_string()).unwrap();
        assert_eq!(per_block.multi_block, MultiBlock::PerBlock);
        assert_ne!(run(migrated).counters, run(per_block).counters);
        // A version-2 MC² document keeps revision 1; one that names its revision keeps it.
        let mut mc2 = Scenario::default().to_json();
        mc2 = mc2.replacen(&format!(r#""version":{SCENARIO_VERSION}"#), r#""version":2"#, 1);
        let mut doc: serde_json::Value = serde_json::from_str(&mc2).unwrap();
        doc["protocol"] = serde_json::json!({"kind": "mc2"});
        let read = |d: &serde_json::Value| {
            serde_json::to_value(Scenario::from_json(&d.to_string()).map(|s| s.protocol).ok()).unwrap()
        };
        let as_v2 = read(&doc);
        doc["protocol"]["revision"] = 2.into();
        let named = read(&doc);
        doc["version"] = SCENARIO_VERSION.into();
        doc["protocol"] = serde_json::json!({"kind": "mc2"});
        let as_v3 = read(&doc);
        assert_eq!(
            (as_v2, named, as_v3),
            (
                serde_json::json!({"kind": "mc2", "revision": 1}),
                serde_json::json!({"kind": "mc2"}),
                serde_json::json!({"kind": "mc2"})
            )
        );
    }

    use super::*;

    #[test]
    fn default_round_trips_through_json() {
        let s = Scenario::default();
        let back = Scenario::from_json(&s.to_json()).unwrap();
        assert_eq!(s, back);
        let json = s.to_json();
        assert!(json.contains(r#""protocol":{"kind":"demote"}"#), "{json}");
        assert!(json.contains(r#""topology":{"kind":"two-level""#), "{json}");
        assert!(json.contains(r#""link":{"preset":"fc-1g"}"#), "{json}");
        assert!(json.contains(r#""version":4"#), "{json}");
    }

    #[test]
    fn an_admission_filter_sits_at_any_cache_and_is_reported() {
        let with = |edit: &dyn Fn(&mut serde_json::Value)| {
            let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
            v["source"]["workload"] = serde_json::json!({"kind": "zipf", "blocks": 4000, "alpha": 0.9, "warmupRequests": 0, "measuredRequests": 40000});
            v["topology"]["client"]["capacity"] = serde_json::json!(200);
            v["topology"]["array"]["capacity"] = serde_json::json!(400);
            edit(&mut v);
            Scenario::from_json(&v.to_string())
        };
        let plain = crate::run::Run::new(with(&|_| {}).unwrap()).unwrap().run_to_end();
        assert!(plain.caches.iter().all(|c| c.admission.is_none()));
        let s = with(&|v| v["topology"]["array"]["admission"] = serde_json::json!({"kind": "second-hit"})).unwrap();
        assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s, "round trip");
        let filtered = crate::run::Run::new(s).unwrap().run_to_end();
        let array = filtered.caches.iter().find(|c| c.name == "array").unwrap();
        let counts = array.admission.expect("the array reports its filter");
        assert!(counts.admitted > 0 && counts.declined > 0, "{counts:?}");
        assert!(filtered.caches.iter().filter(|c| c.name != "array").all(|c| c.admission.is_none()));
        assert_ne!(filtered.caches, plain.caches, "the filter changes what the array keeps");
        // Refusals name the place.
        let e = with(&|v| {
            v["topology"]["client"]["admission"] = serde_json::json!({"kind": "probabilistic", "probability": 0})
        })
        .unwrap_err();
        assert_eq!(e.path, "topology.client.admission");
        assert!(e.message.contains("probability must be above 0"), "{}", e.message);
        let e = with(&|v| v["topology"]["client"]["admission"] = serde_json::json!({"kind": "tinylfu", "window": 3}))
            .unwrap_err();
        assert_eq!(e.path, "topology.client.admission.window");
        let e = with(&|v| v["topology"]["client"]["admission"] = serde_json::json!({"kind": "bloom"})).unwrap_err();
        assert!(e.path.starts_with("topology.client.admission"), "{e:?}");
    }

    #[test]
    fn prefetching_sits_at_any_cache_is_reported_and_refused_where_it_cannot_work() {
        let with = |edit: &dyn Fn(&mut serde_json::Value)| {
            let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
            // A cycle over 4000 blocks: a sequential stream, nearly all of it in nobody's cache.
            v["source"]["workload"] = serde_json::json!({"kind": "sequential", "blocks": 4000, "warmupRequests": 0, "measuredRequests": 20000});
            v["topology"]["client"]["capacity"] = serde_json::json!(200);
            v["topology"]["array"]["capacity"] = serde_json::json!(400);
            edit(&mut v);
            Scenario::from_json(&v.to_string())
        };
        let plain = crate::run::Run::new(with(&|_| {}).unwrap()).unwrap().run_to_end();
        assert!(plain.caches.iter().all(|c| c.prefetch.is_none()));
        let s = with(&|v| {
            v["topology"]["client"]["prefetch"] = serde_json::json!({"kind": "readahead", "trigger": 2, "window": 4})
        })
        .unwrap();
        assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s, "round trip");
        assert!(s.prefetches());
        let ahead = crate::run::Run::new(s).unwrap().run_to_end();
        let client = ahead.caches.iter().find(|c| c.name == "client").unwrap();
        let counts = client.prefetch.expect("the client reports its prefetching");
        assert_eq!(counts.prefetched, counts.hits + counts.wasted + counts.pending, "{counts:?}");
        // A sequential cycle over 4000 blocks: nearly every block comes ahead.
        assert!(counts.hits * 10 > client.counters.hits * 9, "{counts:?} {:?}", client.counters);
        assert!(ahead.caches.iter().filter(|c| c.name != "client").all(|c| c.prefetch.is_none()));
        assert!(
            ahead.hit_fractions.client > plain.hit_fractions.client + 0.5,
            "{:?} vs {:?}",
            ahead.hit_fractions,
            plain.hit_fractions
        );
        // Refusals name the place.
        let e = with(&|v| v["topology"]["array"]["prefetch"] = serde_json::json!({"kind": "readahead", "trigger": 0}))
            .unwrap_err();
        assert_eq!(e.path, "topology.array.prefetch");
        assert!(e.message.contains("trigger must be between 1 and 1024"), "{}", e.message);
        let e = with(&|v| v["topology"]["array"]["prefetch"] = serde_json::json!({"kind": "readahead", "window": 257}))
            .unwrap_err();
        assert!(e.message.contains("window must be between 1 and 256"), "{}", e.message);
        let e = with(&|v| v["topology"]["client"]["prefetch"] = serde_json::json!({"kind": "lookahead", "window": 3}))
            .unwrap_err();
        assert_eq!(e.path, "topology.client.prefetch.window");
        let e = with(&|v| {
            v["topology"]["client"]["prefetch"] = serde_json::json!({"kind": "lookahead"});
            v["protocol"] = serde_json::json!({"kind": "ac-cc"});
        })
        .unwrap_err();
        assert_eq!(e.path, "topology.client.prefetch");
        assert!(e.message.contains("AC_CC"), "{}", e.message);
        let e = with(&|v| {
            v["topology"]["array"]["prefetch"] = serde_json::json!({"kind": "lookahead"});
            v["protocol"] = serde_json::json!({"kind": "mc2"});
        })
        .unwrap_err();
        assert_eq!(e.path, "topology.array.prefetch");
        assert!(e.message.contains("MC²"), "{}", e.message);
    }

    #[test]
    fn a_key_nothing_reads_is_refused_with_its_path_at_any_depth() {
        let with = |edit: &dyn Fn(&mut serde_json::Value)| {
            let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
            edit(&mut v);
            Scenario::from_json(&v.to_string())
        };
        // serde alone reads each of these, dropping the key: a unit variant of a tagged enum.
        let e = with(&|v| v["protocol"] = serde_json::json!({"kind": "ha-r", "du": "drop"})).unwrap_err();
        assert_eq!(
            (e.path.as_str(), e.message.as_str()),
            ("protocol.du", "unknown field `du` (kind \"ha-r\" has no such setting)")
        );
        let e =
            with(&|v| v["topology"]["client"]["policy"] = serde_json::json!({"kind": "lru", "size": 3})).unwrap_err();
        assert_eq!(e.path, "topology.client.policy.size");
        let e = with(&|v| v["topology"]["link"] = serde_json::json!({"preset": "fc-1g", "latencyUs": 5})).unwrap_err();
        assert_eq!(e.path, "topology.link.latencyUs");
        let e =
            with(&|v| v["queueing"] = serde_json::json!({"arrivals": "closed", "meanInterarrivalMs": 2})).unwrap_err();
        assert_eq!(e.path, "queueing.meanInterarrivalMs");
        // Version 2 documents too (after their migration).
        let e = with(&|v| {
            v["version"] = 2.into();
            v["protocol"] = serde_json::json!({"kind": "demote", "k": 4});
        })
        .unwrap_err();
        assert_eq!(e.path, "protocol.k");
        // Keys that mean something stay accepted, a default written out included.
        let ok = with(&|v| {
            v["protocol"] = serde_json::json!({"kind": "ac-ca", "k": 4});
            v["topology"]["client"]["co"] = false.into();
            v["fairness"] = true.into();
            v["multiBlock"] = "per-block".into();
        });
        assert!(ok.is_ok(), "{ok:?}");
        assert_eq!(
            PolicyConfig::from_json(r#"{"kind":"lecar","learningRate":0.1}"#).unwrap_err(),
            "unknown field `learningRate` (kind \"lecar\" has no such setting)"
        );
        assert_eq!(
            PolicyConfig::from_json(r#"{"kind":"slru","protectedShare":0.7}"#),
            Ok(PolicyConfig::Slru { protected_share: 0.7 })
        );
    }

    #[test]
    fn errors_name_the_field() {
        let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
        v["topology"]["client"]["capacity"] = serde_json::json!(0);
        let e = Scenario::from_json(&v.to_string()).unwrap_err();
        assert_eq!(e.path, "topology.client.capacity");
        assert!(e.to_string().contains("between 1 and"), "{e}");

        v["topology"]["client"]["capacity"] = serde_json::json!(8);
        v["topology"]["array"]["policy"] = serde_json::json!({"kind": "slru", "protectedShare": 1.0});
        let e = Scenario::from_json(&v.to_string()).unwrap_err();
        assert_eq!(e.to_string(), "scenario.topology.array.policy: protectedShare must be above 0 and below 1 (got 1)");

        v["topology"]["array"]["policy"] = serde_json::json!({"kind": "lru"});
        v["source"]["workload"]["blocks"] = serde_json::json!(1u64 << 40);
        let e = Scenario::from_json(&v.to_string()).unwrap_err();
        assert_eq!(e.path, "source.workload.blocks", "{e}");

        // A bad type or an unknown field inside a tagged value is named, not just the value.
        v["source"]["workload"]["blocks"] = serde_json::json!(100);
        v["topology"]["client"]["capacity"] = serde_json::json!("big");
        let e = Scenario::from_json(&v.to_string()).unwrap_err();
        assert_eq!((e.path.as_str(), e.message.contains("expected u64")), ("topology.client.capacity", true), "{e}");
        v["topology"]["client"]["capacity"] = serde_json::json!(8);
        v["topology"]["lnk"] = serde_json::json!({});
        let e = Scenario::from_json(&v.to_string()).unwrap_err();
        assert!(e.path.starts_with("topology") && e.message.contains("lnk"), "{e}");
        v["topology"].as_object_mut().unwrap().remove("lnk");
        v["source"]["sharing"] = serde_json::json!({"kind": "shared", "fraction": "half"});
        let e = Scenario::from_json(&v.to_string()).unwrap_err();
        assert_eq!(e.path, "source.sharing", "{e}");
        v["source"].as_object_mut().unwrap().remove("sharing");
        v["surprise"] = serde_json::json!(1);
        assert!(Scenario::from_json(&v.to_string()).unwrap_err().message.contains("surprise"));
    }

    #[test]
    fn future_unknown_and_malformed_documents_are_refused_clearly() {
        let e = Scenario::from_json(r#"{"version": 5}"#).unwrap_err();
        assert_eq!(e.path, "version");
        assert!(e.to_string().contains("version 5 is newer than this tiersim"), "{e}");
        assert!(Scenario::from_json(r#"{"version": "one"}"#).is_err());
        assert!(Scenario::from_json("{").unwrap_err().to_string().contains("not valid JSON"));
        assert_eq!(Scenario::from_json("{}").unwrap_err().path, "version");
        assert!(Scenario::from_json("[]").unwrap_err().message.contains("expected a JSON object"));
        let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
        v["topology"]["kind"] = serde_json::json!("ring");
        let e = Scenario::from_json(&v.to_string()).unwrap_err();
        assert_eq!(e.path, "topology.kind", "{e}");
        assert!(e.message.contains("unknown variant `ring`, expected one of `single`, `two-level`, `tree`"), "{e}");
    }

    #[test]
    fn fields_a_run_would_ignore_are_refused_with_a_reason() {
        let mut s = Scenario::single(100, PolicyConfig::Lru, Scenario::default().workload().unwrap().clone());
        s.protocol = Protocol::Demote;
        assert_eq!(s.validate().unwrap_err().path, "protocol");
        s.protocol = Protocol::None;
        s.du = Some(Du::Drop);
        assert_eq!(s.validate().unwrap_err().path, "du");
        let mut s = Scenario::paper000_random(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::AcCc);
        s.du = Some(Du::Drop);
        let e = s.validate().unwrap_err();
        assert!(e.message.contains("AC_CC keeps each block in one level"), "{e}");
        let mut s = Scenario::default();
        if let Source::Workload { sharing, .. } = &mut s.source {
            *sharing = Sharing::Conjoint;
        }
        assert_eq!(s.validate().unwrap_err().path, "source.sharing");
    }

    #[test]
    fn offline_policies_run_wherever_their_stream_is_known() {
        let mut s = Scenario::paper000_random(PolicyConfig::Min, PolicyConfig::Lru, Protocol::Demote);
        s.validate().expect("MIN at a client: its own requests");
        s.topology.client_mut().unwrap().policy = PolicyConfig::Lru;
        s.topology.array_mut().unwrap().policy = PolicyConfig::ReadOpt;
        s.validate().expect("read-OPT at the array under DEMOTE: the client's misses, known from a first pass");
        s.protocol = Protocol::AcCa { k: 4 };
        let e = s.validate().unwrap_err();
        assert_eq!(e.path, "topology.array.policy");
        assert!(e.message.contains("depends on its own choices"), "{e}");
        s.protocol = Protocol::None;
        s.topology.client_mut().unwrap().policy = PolicyConfig::Min;
        let e = s.validate().unwrap_err();
        assert!(e.message.contains("depends on the offline \"client\""), "{e}");
    }
}
