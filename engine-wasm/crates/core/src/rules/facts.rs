//! What a workload or a generated source amounts to, with the engine's defaults filled in —
//! blocks spanned, warm-up and measured requests, blocks per request, a database client's
//! layout — the numbers a form shows beside its fields and sizes caches by, computed by the
//! code that generates the requests.

use serde::Serialize;

use crate::scenario::source::assign_clients_in_order;
use crate::scenario::{CacheSize, Issue, Scenario, Source, TraceClients};
use crate::workload::{multi, oltp, tpch, WorkloadConfig};

/// A cache's capacity as a form shows and sums it: its bytes when given in bytes, and the whole
/// blocks of the scenario's block size it holds (what it is where the requests carry no sizes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CapacityFacts {
    pub blocks: u64,
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
}

/// [`CapacityFacts`] of `capacity` with blocks of `block_size` bytes.
pub fn capacity_facts(capacity: &CacheSize, block_size: u32) -> CapacityFacts {
    CapacityFacts { blocks: capacity.in_blocks(block_size), bytes: capacity.bytes() }
}

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
    /// Its buffer pool's pages: as the document asks, or the generator's default.
    #[serde(rename_all = "camelCase")]
    Oltp { initial_pages: u64, universe: u64, buffer_pool: u64 },
    /// The TPC-H-like client's database: each range's pages, by range id.
    #[serde(rename_all = "camelCase")]
    Tpch { range_pages: Vec<u64> },
}

/// `w`'s size. A database's layout is left out where its parameters are out of range.
pub fn workload_facts(w: &WorkloadConfig) -> WorkloadFacts {
    let (warmup_requests, measured_requests) = w.phases();
    let database = match *w {
        WorkloadConfig::Oltp { warehouses, model, buffer_pool, .. }
            if (1..=oltp::MAX_WAREHOUSES).contains(&warehouses) =>
        {
            oltp::OltpModel::from_number(model).map(|m| {
                let (initial_pages, universe) = m.database_pages(warehouses);
                let buffer_pool = oltp::buffer_pool_pages(buffer_pool, initial_pages, universe);
                Database::Oltp { initial_pages, universe, buffer_pool }
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

/// Which client of the topology each of a trace's clients drives, once the trace is read.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TraceAssignment {
    /// Per trace client (in the order given): the leaf it drives, or none.
    pub drives: Vec<Option<String>>,
    /// Why the run would be refused: more trace clients than leaves in order of appearance, or
    /// one the map leaves out (what the run itself says, at its field).
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issue: Option<Issue>,
}

/// How `s`'s trace source assigns the trace's clients `ids` (in the order they appear) to its
/// leaves; `None` for a generated source. Only the topology need be valid: a map entry naming
/// no leaf drives none (the scenario's own checks say why).
pub fn trace_assignment(s: &Scenario, ids: &[u16]) -> Option<TraceAssignment> {
    let Source::Trace(t) = &s.source else { return None };
    let check = s.topology.shape_check();
    let shape = &check.shape;
    let leaves: Vec<&str> = shape.client_names().collect();
    let drives = match &t.clients {
        TraceClients::Merged => ids.iter().map(|_| leaves.first().map(|l| l.to_string())).collect(),
        TraceClients::Order => (0..ids.len()).map(|k| leaves.get(k).map(|l| l.to_string())).collect(),
        TraceClients::Map { map } => ids
            .iter()
            .map(|id| map.get(&id.to_string()).filter(|leaf| leaves.contains(&leaf.as_str())).cloned())
            .collect(),
    };
    let map_valid = match &t.clients {
        TraceClients::Map { map } => {
            map.iter().all(|(id, leaf)| id.parse::<u16>().is_ok() && shape.leaf_named(leaf).is_some())
        }
        _ => true,
    };
    let issue = (check.issues.is_empty() && map_valid)
        .then(|| assign_clients_in_order(ids, &t.clients, shape).err())
        .flatten()
        .map(|e| Issue::new(e.path, e.message));
    Some(TraceAssignment { drives, issue })
}

/// The warm-up, in requests, that `s`'s trace source gives a trace of `requests`: its own, or
/// the engine's default, the first tenth (what a run of it measures after); `None` for a
/// generated source.
pub fn trace_warmup(s: &Scenario, requests: u64) -> Option<u64> {
    s.trace().map(|t| t.phases(requests).0)
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
        let Some(Database::Oltp { initial_pages, universe, buffer_pool }) = f.database else { panic!("{f:?}") };
        assert_eq!((initial_pages, universe), oltp::OltpModel::V1.database_pages(1));
        assert_eq!(buffer_pool, initial_pages / 2);
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
            r#"{"version": 5, "seed": 1, "topology": {"kind": "tree", "caches": [
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

    #[test]
    fn a_traces_clients_drive_leaves_as_the_run_assigns_them() {
        let mut s = Scenario::from_json(
            r#"{"version": 5, "seed": 1, "topology": {"kind": "tree", "caches": [
                {"name": "a", "capacity": 10, "policy": {"kind": "lru"}, "parent": "r"},
                {"name": "b", "capacity": 10, "policy": {"kind": "lru"}, "parent": "r"},
                {"name": "r", "capacity": 10, "policy": {"kind": "lru"}, "disk": {"kind": "constant", "serviceMs": 1}}]},
              "source": {"kind": "trace", "name": "t.csv"}}"#,
        )
        .unwrap();
        let a = trace_assignment(&s, &[7, 3]).unwrap();
        assert_eq!(a.drives, [Some("a".to_string()), Some("b".to_string())]);
        assert_eq!(a.issue, None);
        let a = trace_assignment(&s, &[7, 3, 9]).unwrap();
        assert_eq!(a.drives[2], None);
        let issue = a.issue.unwrap();
        assert_eq!(issue.at, "source.clients");
        assert!(
            issue.message.starts_with("the trace has 3 clients (7, 3, 9) but the topology has 2 (a, b)"),
            "{issue:?}"
        );
        if let Source::Trace(t) = &mut s.source {
            t.clients = TraceClients::Map { map: [("3".to_string(), "b".to_string())].into() };
        }
        let a = trace_assignment(&s, &[7, 3]).unwrap();
        assert_eq!(a.drives, [None, Some("b".to_string())]);
        assert_eq!(a.issue.unwrap().message, "the trace's client 7 is not mapped to a client of the topology");
        if let Source::Trace(t) = &mut s.source {
            t.clients = TraceClients::Merged;
        }
        assert_eq!(trace_assignment(&s, &[1, 2]).unwrap().drives, [Some("a".to_string()), Some("a".to_string())]);
    }

    #[test]
    fn a_traces_warm_up_is_its_own_or_the_first_tenth() {
        let trace = Source::Trace(serde_json::from_value(serde_json::json!({"name": "t.csv"})).unwrap());
        let mut s = Scenario { source: trace, ..Scenario::default() };
        assert_eq!(trace_warmup(&s, 10_009), Some(1_000));
        if let Source::Trace(t) = &mut s.source {
            t.warmup_requests = Some(50_000);
        }
        // Never more than the trace has.
        assert_eq!(trace_warmup(&s, 10_009), Some(10_009));
        assert_eq!(trace_warmup(&Scenario::default(), 10), None);
    }

    #[test]
    fn a_workload_kind_is_its_json_kind() {
        for w in [
            serde_json::json!({"kind": "random", "blocks": 1}),
            serde_json::json!({"kind": "zipf", "blocks": 1}),
            serde_json::json!({"kind": "sequential", "blocks": 1}),
            serde_json::json!({"kind": "mix", "blocks": 1}),
            serde_json::json!({"kind": "oltp"}),
            serde_json::json!({"kind": "tpch", "query": "q7"}),
            serde_json::json!({"kind": "phases", "phases": []}),
        ] {
            assert_eq!(workload(w.clone()).kind_name(), w["kind"]);
        }
    }
}
