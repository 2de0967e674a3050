//! What a workload or a generated source amounts to, with the engine's defaults filled in —
//! blocks spanned, warm-up and measured requests, blocks per request, a database client's
//! layout — the numbers a form shows beside its fields and sizes caches by, computed by the
//! code that generates the requests.

use serde::Serialize;

use crate::scenario::{Scenario, Source};
use crate::workload::{multi, oltp, tpch, WorkloadConfig};

/// One workload's size, with the engine's defaults.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct WorkloadFacts {
    /// Blocks the workload spans (phases: the highest phase's end; a database: its universe).
    pub blocks: u64,
    pub warmup_requests: u64,
    pub measured_requests: u64,
    /// Blocks per request (the most, over phases).
    pub request_blocks: u32,
    /// A database client's layout.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database: Option<Database>,
}

/// A database client's pages.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Database {
    /// The OLTP client's database: its pages at the start, and with the appending tables' slack
    /// (the block universe). Its buffer pool holds at most the initial pages.
    #[serde(rename_all = "camelCase")]
    Oltp { initial_pages: u64, universe: u64 },
    /// The TPC-H-like client's database: each range's pages, by range id.
    #[serde(rename_all = "camelCase")]
    Tpch { range_pages: Vec<u64> },
}

/// `w`'s size. A database's layout is left out where its parameters are out of range.
pub fn workload_facts(w: &WorkloadConfig) -> WorkloadFacts {
    let (warmup_requests, measured_requests) = w.phases();
    let database = match *w {
        WorkloadConfig::Oltp { warehouses, model, .. } if (1..=oltp::MAX_WAREHOUSES).contains(&warehouses) => {
            oltp::OltpModel::from_number(model).map(|m| {
                let (initial_pages, universe) = m.database_pages(warehouses);
                Database::Oltp { initial_pages, universe }
            })
        }
        WorkloadConfig::Tpch { scale, .. } => {
            let layout = tpch::TpchLayout::new(scale);
            Some(Database::Tpch { range_pages: layout.ranges.iter().map(|e| e.blocks).collect() })
        }
        _ => None,
    };
    WorkloadFacts {
        blocks: w.blocks(),
        warmup_requests,
        measured_requests,
        request_blocks: w.request_blocks(),
        database,
    }
}

/// A generated source's clients and what they issue together.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SourceFacts {
    /// Each client's workload, in client order.
    pub clients: Vec<ClientFacts>,
    /// Blocks the clients span together (a tree's side by side; one range when conjoint; plus
    /// the shared range).
    pub universe: u64,
    /// Requests of every client together.
    pub warmup_requests: u64,
    pub measured_requests: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ClientFacts {
    pub name: String,
    pub workload: WorkloadConfig,
    pub facts: WorkloadFacts,
}

/// The generated source of `s` (`None`: a trace, or a topology without a shape yet).
pub fn source_facts(s: &Scenario) -> Option<SourceFacts> {
    let Source::Workload { workload, sharing, .. } = &s.source else { return None };
    let shape = s.shape().ok()?;
    let configs = s.client_workloads(&shape)?;
    let clients: Vec<ClientFacts> = shape
        .leaves
        .iter()
        .zip(&configs)
        .map(|(&l, w)| ClientFacts { name: shape.nodes[l].name.clone(), workload: w.clone(), facts: workload_facts(w) })
        .collect();
    let (universe, warmup_requests, measured_requests) = if s.per_client_streams() {
        let sum = |f: fn(&WorkloadFacts) -> u64| clients.iter().map(|c| f(&c.facts)).fold(0u64, u64::saturating_add);
        (multi::universe_of(&configs, *sharing), sum(|f| f.warmup_requests), sum(|f| f.measured_requests))
    } else {
        // One client: the scenario's generator, seeded by the scenario itself.
        let f = workload_facts(workload);
        (f.blocks, f.warmup_requests, f.measured_requests)
    };
    Some(SourceFacts { clients, universe, warmup_requests, measured_requests })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workload(json: serde_json::Value) -> WorkloadConfig {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn defaults_are_the_generators_own() {
        let f = workload_facts(&workload(serde_json::json!({"kind": "random", "blocks": 1000})));
        assert_eq!((f.blocks, f.warmup_requests, f.measured_requests, f.request_blocks), (1000, 1000, 10_000, 1));
        let phases = workload(serde_json::json!({"kind": "phases", "phases": [
            {"workload": {"kind": "sequential", "blocks": 10, "requestBlocks": 4}, "requests": 5},
            {"workload": {"kind": "random", "blocks": 20}, "requests": 7, "offset": 100}]}));
        let f = workload_facts(&phases);
        assert_eq!((f.blocks, f.warmup_requests, f.measured_requests, f.request_blocks), (120, 5, 7, 4));
    }

    #[test]
    fn a_database_client_shows_its_layout() {
        let f = workload_facts(&workload(serde_json::json!({"kind": "oltp", "warehouses": 1})));
        let Some(Database::Oltp { initial_pages, universe }) = f.database else { panic!("{f:?}") };
        assert_eq!((initial_pages, universe), oltp::OltpModel::V1.database_pages(1));
        assert_eq!(f.blocks, universe);
        let f = workload_facts(&workload(serde_json::json!({"kind": "tpch", "query": "q3", "scale": 2})));
        let Some(Database::Tpch { range_pages }) = f.database else { panic!("{f:?}") };
        assert_eq!(range_pages.len(), tpch::RANGES);
        assert_eq!(range_pages.iter().sum::<u64>(), f.blocks);
        assert_eq!(f.blocks, tpch::database_pages(2.0));
        // Out of range: no layout to show, no panic.
        assert_eq!(workload_facts(&workload(serde_json::json!({"kind": "oltp", "warehouses": 0}))).database, None);
    }

    #[test]
    fn a_trees_clients_add_up_as_the_run_counts_them() {
        let s: Scenario = Scenario::from_json(
            r#"{"version": 4, "seed": 1, "topology": {"kind": "tree", "caches": [
                {"name": "a", "capacity": 10, "policy": {"kind": "lru"}, "parent": "r"},
                {"name": "b", "capacity": 10, "policy": {"kind": "lru"}, "parent": "r"},
                {"name": "r", "capacity": 10, "policy": {"kind": "lru"}, "disk": {"kind": "constant", "serviceMs": 1}}]},
              "source": {"kind": "workload", "workload": {"kind": "random", "blocks": 100},
                         "clients": {"b": {"kind": "zipf", "blocks": 50, "measuredRequests": 9}},
                         "sharing": {"kind": "shared", "fraction": 0.5}}}"#,
        )
        .unwrap();
        let f = source_facts(&s).unwrap();
        assert_eq!(f.clients.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["a", "b"]);
        // The shared range is as large as the largest client's, beside both private ones.
        assert_eq!(f.universe, 100 + 100 + 50);
        assert_eq!((f.warmup_requests, f.measured_requests), (100 + 50, 1000 + 9));
    }
}
