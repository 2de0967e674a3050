//! Version 1 of the scenario document — every link shared before the hierarchy engines were
//! merged — read and migrated to the current version, with identical numbers.
//!
//! Version 1 described two levels with fixed fields (`client`, `array`, `link`, `disk`), kept
//! them while `topology` said `single` or `tree`, and carried a tree's caches, sharing,
//! per-client workloads, queueing and fairness in one `tree` object. Migration keeps what the
//! run used and drops what it ignored:
//!
//! - `two-level` → a two-level topology of `client`, `array`, `link` and `disk`;
//! - `single` → a single cache of `client` over `link` and `disk` (the `array`, `protocol` and
//!   `du` a single cache ignored are dropped);
//! - `tree` → a tree of `tree.caches`; their `workload`s and `tree.sharing` become the source's,
//!   `tree.queueing` and `tree.fairness` the scenario's (the unused `client`, `array`, `link`
//!   and `disk` are dropped);
//! - a `trace` becomes the source (the unused `workload` is dropped); one client replays every
//!   request of the file (`clients: merged`), as version 1 did;
//! - `du` under AC_CC or MC², and `se` under MC², which those protocols ignored, are dropped;
//! - a request of several blocks is served `atomic`ally, as version 1 served it;
//! - MC² runs its revision 1, whose array space no partition claims stays idle.
//!
//! Combinations version 1 refused only because its engines could not run them (a trace in a
//! tree, AC_CC or SE in a tree) migrate like the rest and now run.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{CacheConfig, Scenario, Source, TraceClients, TraceSource, TreeCache, SCENARIO_VERSION};
use crate::hierarchy::protocol::mc2::Revision;
use crate::hierarchy::{Arrivals, DiskConfig, Du, LinkConfig, Protocol};
use crate::policy::PolicyConfig;
use crate::workload::{Sharing, WorkloadConfig};

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Topology {
    TwoLevel,
    Single,
    Tree,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Cache {
    capacity: u64,
    policy: PolicyConfig,
    #[serde(default)]
    co: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Forest {
    caches: Vec<ForestCache>,
    #[serde(default)]
    sharing: Sharing,
    #[serde(default)]
    queueing: Option<Arrivals>,
    #[serde(default = "yes")]
    fairness: bool,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ForestCache {
    name: String,
    capacity: u64,
    policy: PolicyConfig,
    #[serde(default)]
    co: bool,
    #[serde(default)]
    parent: Option<String>,
    #[serde(default)]
    link: Option<LinkConfig>,
    #[serde(default)]
    disk: Option<DiskConfig>,
    #[serde(default)]
    workload: Option<WorkloadConfig>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Trace {
    name: String,
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    object_mode: bool,
    #[serde(default)]
    skip_bad: bool,
    #[serde(default)]
    warmup_requests: Option<u64>,
}

/// The version-1 document, field for field.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct ScenarioV1 {
    #[allow(dead_code)] // checked before deserialising
    version: u32,
    #[serde(default)]
    name: String,
    seed: u64,
    #[serde(default = "default_block_size")]
    block_size: u32,
    #[serde(default = "two_level")]
    topology: Topology,
    client: Cache,
    array: Cache,
    protocol: Protocol,
    #[serde(default)]
    du: Option<Du>,
    #[serde(default)]
    se: bool,
    link: LinkConfig,
    disk: DiskConfig,
    #[serde(default)]
    client_hit_ms: f64,
    workload: WorkloadConfig,
    #[serde(default)]
    tree: Option<Forest>,
    #[serde(default)]
    trace: Option<Trace>,
}

fn default_block_size() -> u32 {
    4096
}

fn two_level() -> Topology {
    Topology::TwoLevel
}

impl From<Cache> for CacheConfig {
    fn from(c: Cache) -> Self {
        CacheConfig { capacity: c.capacity.into(), policy: c.policy, co: c.co, admission: None, prefetch: None }
    }
}

impl ScenarioV1 {
    /// The same experiment as a current document (see the module docs). `Err` only for a tree
    /// topology without its `tree`, which version 1 refused too.
    pub(super) fn migrate(self) -> Result<Scenario, (&'static str, &'static str)> {
        let s = self;
        let mut sharing = Sharing::Disjoint;
        let mut per_client = BTreeMap::new();
        let (mut queueing, mut fairness) = (None, true);
        let topology = match s.topology {
            Topology::TwoLevel => {
                super::Topology::TwoLevel { client: s.client.into(), array: s.array.into(), link: s.link, disk: s.disk }
            }
            Topology::Single => super::Topology::Single { cache: s.client.into(), link: s.link, disk: s.disk },
            Topology::Tree => {
                let Some(f) = s.tree else {
                    return Err(("tree", "topology \"tree\" needs a tree: its caches, clients at the leaves"));
                };
                sharing = f.sharing;
                queueing = f.queueing;
                fairness = f.fairness;
                let caches = f
                    .caches
                    .into_iter()
                    .map(|c| {
                        if let Some(w) = c.workload {
                            per_client.insert(c.name.clone(), w);
                        }
                        TreeCache {
                            name: c.name,
                            capacity: c.capacity.into(),
                            policy: c.policy,
                            co: c.co,
                            admission: None,
                            prefetch: None,
                            parent: c.parent,
                            link: c.link,
                            disk: c.disk,
                        }
                    })
                    .collect();
                super::Topology::Tree { caches }
            }
        };
        let single = matches!(topology, super::Topology::Single { .. });
        let protocol = match s.protocol {
            _ if single => Protocol::None,
            // Version 1 ran MC²'s first revision, whose unclaimed array space stays idle.
            Protocol::Mc2 { .. } => Protocol::Mc2 { revision: Revision::One },
            p => p,
        };
        // What the run ignored: DU under a single cache, AC_CC (exclusive already) or MC², SE
        // under MC² (its partitions replace the caches' policies).
        let du = if single || matches!(protocol, Protocol::AcCc | Protocol::Mc2 { .. }) { None } else { s.du };
        let se = s.se && !matches!(protocol, Protocol::Mc2 { .. });
        let source = match s.trace {
            Some(t) => Source::Trace(TraceSource {
                name: t.name,
                format: t.format,
                columns: None,
                object_mode: t.object_mode,
                // Objects were one block each before version 5.
                ignore_sizes: t.object_mode,
                skip_bad: t.skip_bad,
                warmup_requests: t.warmup_requests,
                // Version 1 replayed every request through its one client.
                clients: if matches!(topology, super::Topology::Tree { .. }) {
                    TraceClients::Order
                } else {
                    TraceClients::Merged
                },
            }),
            None => Source::Workload { workload: s.workload, clients: per_client, sharing },
        };
        Ok(Scenario {
            version: SCENARIO_VERSION,
            name: s.name,
            seed: s.seed,
            block_size: s.block_size,
            topology,
            protocol,
            du,
            se,
            client_hit_ms: s.client_hit_ms,
            queueing,
            fairness,
            // Version 1 looked every block of a request up before fetching any.
            multi_block: crate::hierarchy::MultiBlock::Atomic,
            demotions: crate::hierarchy::Demotions::Charged,
            demote_data: crate::hierarchy::DemoteData::WhenAbsent,
            demote_command_ms: 0.0,
            se_at: None,
            // Version 1's way at CO, where it matters: `Scenario::from_json` (every old version).
            co_writes: crate::hierarchy::CoWrites::Hinted,
            source,
        })
    }
}
