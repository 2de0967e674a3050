//! The scenario document's types, as serde reads and writes them (and ts-rs declares them for
//! the page), with the constructors and accessors the engine uses. What a document may hold is
//! checked in [`super::validate`]; how older versions are read, in [`super::read`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{err, ScenarioError, Shape, SCENARIO_VERSION};
use crate::hierarchy::{
    Arrivals, CoWrites, DemoteData, Demotions, DiskConfig, Du, LinkConfig, MultiBlock, PrefetchConfig, Protocol, SeAt,
};
use crate::model::Capacity;
use crate::policy::admission::AdmissionConfig;
use crate::policy::PolicyConfig;
use crate::workload::{Sharing, WorkloadConfig};

/// A cache's capacity as a document gives it: a number of blocks (objects, for a trace read as
/// objects) — `16384` — or bytes, a string with a unit — `"1GiB"`, `"512KB"`
/// ([`Capacity::parse`]'s units). A capacity in bytes keeps the text it was given, so a link
/// reads back as it was written.
///
/// Where the requests carry their sizes (a sized run, [`Scenario::sized`]) a cache in bytes holds
/// objects of any size up to its bytes; elsewhere every block is `blockSize` bytes, and a
/// capacity in bytes is the number of whole blocks it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CacheSize {
    Blocks(u64),
    Bytes { bytes: u64, text: String },
}

impl CacheSize {
    /// Bytes as typed, with a unit; the error says what is wrong with the text.
    pub fn parse_bytes(text: &str) -> Result<Self, String> {
        let bytes = Capacity::parse_capacity_bytes(text)?;
        Ok(Self::Bytes { bytes, text: text.trim().to_string() })
    }

    /// Its bytes, when it is given in bytes.
    pub fn bytes(&self) -> Option<u64> {
        match self {
            Self::Blocks(_) => None,
            Self::Bytes { bytes, .. } => Some(*bytes),
        }
    }

    /// `bytes`, written in the largest power-of-1024 unit that divides them (`"1536MiB"`), else
    /// in bytes (`"1000000B"`).
    pub fn from_bytes(bytes: u64) -> Self {
        let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
        let k = (1..units.len()).rev().find(|&k| bytes.is_multiple_of(1 << (10 * k))).unwrap_or(0);
        Self::Bytes { bytes, text: format!("{}{}", bytes >> (10 * k), units[k]) }
    }

    /// Its bytes, a capacity in blocks counted at `block_size` bytes each.
    pub fn as_bytes(&self, block_size: u32) -> u64 {
        match self {
            Self::Blocks(n) => n.saturating_mul(block_size as u64),
            Self::Bytes { bytes, .. } => *bytes,
        }
    }

    /// The blocks of `block_size` bytes it holds (a capacity in bytes rounds down to whole
    /// blocks).
    pub fn in_blocks(&self, block_size: u32) -> u64 {
        match self {
            Self::Blocks(n) => *n,
            Self::Bytes { bytes, .. } => bytes / block_size.max(1) as u64,
        }
    }
}

impl From<u64> for CacheSize {
    fn from(blocks: u64) -> Self {
        Self::Blocks(blocks)
    }
}

impl Serialize for CacheSize {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Blocks(n) => s.serialize_u64(*n),
            Self::Bytes { text, .. } => s.serialize_str(text),
        }
    }
}

impl<'de> Deserialize<'de> for CacheSize {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        const WANT: &str = "must be a number of blocks, or bytes with a unit (\"1GiB\", \"512KB\")";
        // An empty field, in a form's words as every number field says it.
        const EMPTY: &str = "must be a number";
        impl serde::de::Visitor<'_> for Visitor {
            type Value = CacheSize;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number of blocks, or bytes with a unit")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<CacheSize, E> {
                Ok(CacheSize::Blocks(n))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<CacheSize, E> {
                u64::try_from(n).map(CacheSize::Blocks).map_err(|_| E::custom(format!("must be 0 or more (got {n})")))
            }
            fn visit_f64<E: serde::de::Error>(self, x: f64) -> Result<CacheSize, E> {
                Err(E::custom(format!("must be a whole number of blocks, or bytes with a unit (got {x})")))
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<CacheSize, E> {
                CacheSize::parse_bytes(text).map_err(E::custom)
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<CacheSize, E> {
                Err(E::custom(EMPTY))
            }
            fn visit_bool<E: serde::de::Error>(self, b: bool) -> Result<CacheSize, E> {
                Err(E::custom(format!("{WANT} (got {b})")))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// One cache: its size and replacement policy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CacheConfig {
    /// Capacity: blocks (a number), or bytes (a string with a unit: [`CacheSize`]).
    #[cfg_attr(feature = "ts", ts(type = "number | string"))]
    pub capacity: CacheSize,
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
    /// A cache of `capacity` blocks.
    pub fn new(capacity: u64, policy: PolicyConfig) -> Self {
        Self { capacity: CacheSize::Blocks(capacity), policy, co: false, admission: None, prefetch: None }
    }
}

/// One cache of a tree. The leaves are the clients, in the order the caches are listed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TreeCache {
    pub name: String,
    /// Blocks (a number), or bytes (a string with a unit: [`CacheSize`]).
    #[cfg_attr(feature = "ts", ts(type = "number | string"))]
    pub capacity: CacheSize,
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
    #[cfg_attr(feature = "ts", ts(optional))]
    pub parent: Option<String>,
    /// The link to the parent (a root: to its disk); absent costs nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub link: Option<LinkConfig>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
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
    pub(crate) fn is_order(&self) -> bool {
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
    #[cfg_attr(feature = "ts", ts(type = "TraceFormat", optional))]
    pub format: Option<String>,
    /// The column map of format `columns`: which column holds each request's key, size, time,
    /// op and client (see [`crate::trace::columns`]); only with that format.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub columns: Option<crate::trace::columns::Columns>,
    /// Key each request by its start address, unsplit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub object_mode: bool,
    /// Read as objects, drop the sizes the trace records: each object is one block, as
    /// documents before version 5 ran (their migration sets it). Absent: each object moves,
    /// and takes room in a cache counted in bytes, at its own size.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ignore_sizes: bool,
    /// Skip malformed records (counting them) instead of refusing the file.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skip_bad: bool,
    /// Requests replayed before measuring starts; absent: the first tenth of the trace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
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
    /// Bytes per block: a power of two from 512 B to 1 MiB (absent: 4 KiB).
    #[serde(default = "default_block_size")]
    #[cfg_attr(feature = "ts", ts(as = "Option<u32>", optional))]
    pub block_size: u32,
    pub topology: Topology,
    /// How the caches cooperate (absent: the inclusive baseline).
    #[serde(default, skip_serializing_if = "is_none_protocol")]
    pub protocol: Protocol,
    /// Paper 003's DU at every cache above the clients: `drop` or `lru-end` what it sends up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub du: Option<Du>,
    /// Paper 003's SE: a request of importance 0 enters the client (and, under DEMOTE or
    /// AC_CC, which pass hints down, the cache that keeps it above) at the eviction end.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub se: bool,
    /// SE at one level only (absent: wherever the protocol lets it apply): `client`, or
    /// `above` — the hints DEMOTE or AC_CC pass up, the client keeping the blocks as any other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub se_at: Option<SeAt>,
    /// Cost of a client-cache hit, T_c (paper 000 uses 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub client_hit_ms: f64,
    /// Links, controllers and disks as FIFO servers; absent: the additive model (paper 000 eq. 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
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
    /// What a DEMOTE of a block the cache above holds sends: nothing (`when-absent`, paper 000
    /// §2's protocol) or the block anyway (`always`, a variant the paper does not use).
    #[serde(default, skip_serializing_if = "is_when_absent")]
    pub demote_data: DemoteData,
    /// The round trip of a DEMOTE that moves no data (the array held the block: it "returns
    /// 'success' immediately", paper 000 §2), in ms; absent: free, as every earlier document ran.
    /// Paper 000's Table 2 puts it at 0.02 ms ([`crate::hierarchy::PAPER000_DEMOTE_COMMAND_MS`]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub demote_command_ms: f64,
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
            se_at: None,
            client_hit_ms: 0.0,
            queueing: None,
            fairness: true,
            multi_block: MultiBlock::PerBlock,
            demotions: Demotions::Charged,
            demote_data: DemoteData::WhenAbsent,
            demote_command_ms: 0.0,
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
        // One cache sends no DEMOTEs: how they would be charged or what they carry means nothing.
        s.demotions = Demotions::Charged;
        s.demote_data = DemoteData::WhenAbsent;
        s.demote_command_ms = 0.0;
        if let Source::Workload { clients, sharing, .. } = &mut s.source {
            clients.clear();
            *sharing = Sharing::Disjoint;
        }
        if let Source::Trace(t) = &mut s.source {
            t.clients = TraceClients::Merged;
        }
        s
    }

    /// The floor of this scenario's miss-ratio curves, as a scenario: one LRU cache of `blocks`
    /// (every block its requests touch), which evicts nothing, so what it misses after the
    /// warm-up are first references: no cache of any size misses less.
    pub fn as_floor(&self, blocks: u64) -> Scenario {
        self.as_single(CacheConfig::new(blocks.max(1), crate::policy::PolicyConfig::Lru))
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

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a scenario always serialises")
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

    /// Whether the requests carry their objects' sizes: a trace read as objects, its sizes kept
    /// (every object moves at its size, and a cache in bytes holds objects of any size). A trace
    /// whose format records no size gives each object one block's bytes.
    pub fn sized(&self) -> bool {
        self.trace().is_some_and(|t| t.object_mode && !t.ignore_sizes)
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
}

impl TraceSource {
    /// The reader's options for a scenario of `block_size` bytes per block.
    pub fn options(&self, block_size: u32) -> crate::trace::Options {
        crate::trace::Options { block_size, object_mode: self.object_mode, columns: self.columns }
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
