//! The scenario: one versioned JSON document describing a whole experiment — topology,
//! policies, protocol, links, disk, workload and seed. The URL, the worker and the CLI all
//! carry exactly this document.

use serde::{Deserialize, Serialize};

use crate::forest::ForestConfig;
use crate::hierarchy::{DiskConfig, Du, LinkConfig, Protocol, Topology};
use crate::policy::PolicyConfig;
use crate::workload::WorkloadConfig;

/// The schema version this engine reads and writes.
pub const SCENARIO_VERSION: u32 = 1;
/// Largest cache, in blocks.
pub const MAX_CAPACITY: u64 = 1 << 25;
/// Seeds must survive a trip through a JavaScript number.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// Most block references an offline policy (MIN, read-OPT) may precompute: about 20 bytes
/// each while it is built.
pub const MAX_OFFLINE_REFS: u64 = 1 << 24;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CacheConfig {
    /// Capacity in blocks.
    pub capacity: u64,
    pub policy: PolicyConfig,
    /// Paper 003's CO: cold blocks (not in a history of the last `capacity` accesses) enter
    /// at the eviction end.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub co: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Scenario {
    pub version: u32,
    #[serde(default)]
    pub name: String,
    pub seed: u64,
    /// Bytes per block: a power of two from 512 B to 1 MiB.
    #[serde(default = "default_block_size")]
    pub block_size: u32,
    /// Two levels (default, omitted from JSON) or a single cache.
    #[serde(default, skip_serializing_if = "Topology::is_two_level")]
    pub topology: Topology,
    pub client: CacheConfig,
    pub array: CacheConfig,
    pub protocol: Protocol,
    /// Paper 003's DU at the array: `drop` or `lru-end` what it sends up (absent: keep it as
    /// its policy says).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub du: Option<Du>,
    /// Paper 003's SE: requests of importance 0 enter the client (and, under DEMOTE or AC_CC,
    /// the array) at the eviction end. Single cache and two levels.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub se: bool,
    pub link: LinkConfig,
    pub disk: DiskConfig,
    /// Cost of a client-cache hit, T_c (paper 000 uses 0).
    #[serde(default)]
    pub client_hit_ms: f64,
    pub workload: WorkloadConfig,
    /// The forest of caches when `topology` is `tree` (kept, unused, otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<ForestConfig>,
    /// A trace file to replay instead of the `workload` generator (kept, unused, then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<TraceRef>,
}

/// A trace file a scenario replays. The data travels beside the scenario (a link cannot hold
/// a file): the run is given the parsed trace, and the name says which file it must be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TraceRef {
    pub name: String,
    /// The reader (`msr`, `vscsi`, …); absent: recognised from the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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
}

impl TraceRef {
    /// The reader's options for a scenario of `block_size` bytes per block.
    pub fn options(&self, block_size: u32) -> crate::trace::Options {
        crate::trace::Options { block_size, object_mode: self.object_mode }
    }

    /// The format named, if any.
    pub fn format(&self) -> Result<Option<crate::trace::Format>, ScenarioError> {
        self.format
            .as_deref()
            .map(|f| crate::trace::Format::parse_name(f).map_err(|m| err("trace.format", m)))
            .transpose()
    }

    /// `(warm-up, measured)` requests for a trace of `requests`.
    pub fn phases(&self, requests: u64) -> (u64, u64) {
        let warmup = self.warmup_requests.unwrap_or(requests / 10).min(requests);
        (warmup, requests - warmup)
    }
}

fn default_block_size() -> u32 {
    4096
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

fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError { path: path.into(), message: message.into() }
}

impl Default for Scenario {
    /// Paper 000's RANDOM experiment with its proposed design, LRU-MRU-demote.
    fn default() -> Self {
        Self::paper000_random(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote)
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
            topology: Topology::TwoLevel,
            client: CacheConfig { capacity: 16384, policy: client, co: false },
            array: CacheConfig { capacity: 16384, policy: array, co: false },
            protocol,
            du: None,
            se: false,
            link: LinkConfig::Fc1g,
            disk: DiskConfig::Constant { service_ms: 10.0 },
            client_hit_ms: 0.0,
            workload: WorkloadConfig::Random {
                blocks: 32768,
                request_blocks: 1,
                warmup_requests: None,
                measured_requests: None,
            },
            tree: None,
            trace: None,
        }
    }

    /// Parses and validates a scenario. Errors name the field and what was expected; a
    /// scenario from a newer tiersim is refused with a message saying so.
    pub fn from_json(text: &str) -> Result<Self, ScenarioError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| err("", format!("not valid JSON: {e}")))?;
        let version = value.get("version").ok_or_else(|| err("version", "missing"))?;
        match version.as_u64() {
            Some(v) if v == SCENARIO_VERSION as u64 => {}
            Some(v) if v > SCENARIO_VERSION as u64 => {
                return Err(err(
                    "version",
                    format!("version {v} is newer than this tiersim understands (it reads version {SCENARIO_VERSION})"),
                ))
            }
            _ => return Err(err("version", format!("expected {SCENARIO_VERSION}, got {version}"))),
        }
        let scenario: Scenario = serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            err(if path == "." { String::new() } else { path }, e.into_inner().to_string())
        })?;
        scenario.validate()?;
        Ok(scenario)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a scenario always serialises")
    }

    /// Range checks that types alone cannot express.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        if self.seed > MAX_SEED {
            return Err(err("seed", format!("must be at most {MAX_SEED} (got {})", self.seed)));
        }
        if !(self.block_size.is_power_of_two() && (512..=1 << 20).contains(&self.block_size)) {
            return Err(err(
                "blockSize",
                format!("must be a power of two from 512 to 1048576 bytes (got {})", self.block_size),
            ));
        }
        for (name, cache) in [("client", &self.client), ("array", &self.array)] {
            if !(1..=MAX_CAPACITY).contains(&cache.capacity) {
                return Err(err(
                    format!("{name}.capacity"),
                    format!("must be between 1 and {MAX_CAPACITY} blocks (got {})", cache.capacity),
                ));
            }
            cache.policy.validate(cache.capacity as usize).map_err(|m| err(format!("{name}.policy"), m))?;
        }
        if self.topology == Topology::TwoLevel {
            for (name, cache) in [("client", &self.client), ("array", &self.array)] {
                if cache.policy.is_offline() {
                    return Err(err(
                        format!("{name}.policy"),
                        format!(
                            "{} is offline: it must know every reference in advance, which only a single cache \
                             (topology \"single\") does",
                            cache.policy.name()
                        ),
                    ));
                }
            }
        }
        self.protocol.validate().map_err(|m| err("protocol", m))?;
        if self.protocol == Protocol::Mc2 && self.topology != Topology::Tree {
            return Err(err(
                "protocol",
                "MC² shares an array among clients by their range hints: choose the tree topology (one client over \
                 an array works too)",
            ));
        }
        self.link.validate().map_err(|m| err("link", m))?;
        self.disk.validate().map_err(|m| err("disk", m))?;
        if !(self.client_hit_ms.is_finite() && (0.0..=100_000.0).contains(&self.client_hit_ms)) {
            return Err(err("clientHitMs", format!("must be between 0 and 100000 ms (got {})", self.client_hit_ms)));
        }
        self.workload.validate().map_err(|(field, m)| err(format!("workload.{field}"), m))?;
        if self.topology == Topology::Single && self.client.policy.is_offline() {
            let (w, m) = self.workload.phases();
            let refs = (w + m).saturating_mul(self.workload.request_blocks() as u64);
            if refs > MAX_OFFLINE_REFS {
                return Err(err(
                    "client.policy",
                    format!(
                        "{} precomputes the whole run: at most {MAX_OFFLINE_REFS} block references (got {refs})",
                        self.client.policy.name()
                    ),
                ));
            }
        }
        if self.topology == Topology::Tree {
            match &self.tree {
                Some(t) => {
                    t.validate(self)?;
                }
                None => return Err(err("tree", "topology \"tree\" needs a tree: its caches, clients at the leaves")),
            }
        }
        if let Some(t) = &self.trace {
            if t.name.trim().is_empty() || t.name.len() > 200 {
                return Err(err("trace.name", "must be 1 to 200 characters"));
            }
            t.format()?;
            if self.topology == Topology::Tree {
                return Err(err("trace", "a trace drives one client: use the single or two-level topology"));
            }
        }
        if self.se && self.topology == Topology::Tree {
            return Err(err(
                "se",
                "SE reads each request's importance in one client's hierarchy: use the single or \
                 two-level topology",
            ));
        }
        if self.name.len() > 200 {
            return Err(err("name", "must be at most 200 characters"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_round_trips_through_json() {
        let s = Scenario::default();
        let back = Scenario::from_json(&s.to_json()).unwrap();
        assert_eq!(s, back);
        assert!(s.to_json().contains(r#""protocol":{"kind":"demote"}"#));
        assert!(s.to_json().contains(r#""link":{"preset":"fc-1g"}"#));
    }

    #[test]
    fn errors_name_the_field() {
        let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
        v["client"]["capacity"] = serde_json::json!(0);
        let e = Scenario::from_json(&v.to_string()).unwrap_err();
        assert_eq!(e.path, "client.capacity");
        assert!(e.to_string().contains("between 1 and"), "{e}");

        v["client"]["capacity"] = serde_json::json!("big");
        let e = Scenario::from_json(&v.to_string()).unwrap_err();
        assert_eq!(e.path, "client.capacity", "{e}");

        v["client"]["capacity"] = serde_json::json!(8);
        v["array"]["policy"] = serde_json::json!({"kind": "clairvoyant"});
        let e = Scenario::from_json(&v.to_string()).unwrap_err();
        assert!(e.path.starts_with("array.policy"), "{e}");
        assert!(e.message.contains("clairvoyant"), "{e}");

        v["array"]["policy"] = serde_json::json!({"kind": "slru", "protectedShare": 1.0});
        let e = Scenario::from_json(&v.to_string()).unwrap_err();
        assert_eq!(e.to_string(), "scenario.array.policy: protectedShare must be above 0 and below 1 (got 1)");

        v["array"]["policy"] = serde_json::json!({"kind": "lru"});
        v["workload"]["blocks"] = serde_json::json!(1u64 << 40);
        let e = Scenario::from_json(&v.to_string()).unwrap_err();
        assert_eq!(e.path, "workload.blocks", "{e}");

        v["workload"]["blocks"] = serde_json::json!(100);
        v["surprise"] = serde_json::json!(1);
        assert!(Scenario::from_json(&v.to_string()).unwrap_err().message.contains("surprise"));
    }

    #[test]
    fn future_and_malformed_versions_are_refused_clearly() {
        let e = Scenario::from_json(r#"{"version": 9}"#).unwrap_err();
        assert!(e.to_string().contains("newer than this tiersim"), "{e}");
        assert!(Scenario::from_json(r#"{"version": "one"}"#).is_err());
        assert!(Scenario::from_json("{").unwrap_err().to_string().contains("not valid JSON"));
        assert!(Scenario::from_json("{}").unwrap_err().path == "version");
    }
}
