//! Scenarios replaying trace files: a generated workload written as a trace and replayed
//! gives exactly the generator's run; a trace's clients drive a tree's leaves; bad
//! combinations are refused by name.

use std::sync::Arc;

use tiersim_core::analysis::depth::DepthMode;
use tiersim_core::analysis::upside;
use tiersim_core::hierarchy::{DiskConfig, LinkConfig};
use tiersim_core::policy::PolicyConfig;
use tiersim_core::scenario::{CacheConfig, Source, Topology, TraceClients, TraceSource, TreeCache};
use tiersim_core::trace::{parse, Format, Options};
use tiersim_core::workload::{export, WorkloadConfig};
use tiersim_core::{Request, Run, Scenario};

/// The trace file as a one-client scenario replays it: every request through its one client,
/// as version 1 did.
fn trace_source(warmup: u64) -> TraceSource {
    TraceSource {
        name: "zipf.csv".into(),
        format: Some("csv".into()),
        columns: None,
        object_mode: false,
        ignore_sizes: false,
        skip_bad: false,
        warmup_requests: Some(warmup),
        clients: TraceClients::Merged,
    }
}

fn with_trace(s: &Scenario, t: TraceSource) -> Scenario {
    Scenario { source: Source::Trace(t), ..s.clone() }
}

#[test]
fn a_written_workload_replays_exactly_as_generated() {
    for (client, array) in [(PolicyConfig::Lru, PolicyConfig::Mru), (PolicyConfig::Arc, PolicyConfig::Lru)] {
        let mut s = Scenario::default();
        *s.topology.client_mut().unwrap() = CacheConfig::new(300, client);
        *s.topology.array_mut().unwrap() = CacheConfig::new(500, array);
        *s.workload_mut().unwrap() = WorkloadConfig::Zipf {
            blocks: 2000,
            request_blocks: 2,
            alpha: 0.9,
            warmup_requests: Some(2000),
            measured_requests: Some(20_000),
        };
        let mut generated = Run::new(s.clone()).unwrap();
        generated.track_depths(DepthMode::Exact).unwrap();
        let generated = generated.run_to_end();

        let mut g = s.workload().unwrap().build(s.seed);
        let requests: Vec<Request> = std::iter::from_fn(|| g.next_request()).collect();
        let mut csv = Vec::new();
        export::csv_header(&mut csv);
        requests.iter().for_each(|r| export::csv_line(&mut csv, r));
        let trace = Arc::new(parse(&csv, Format::Csv, &Options::default()).unwrap());

        let replay_scenario = with_trace(&s, trace_source(2000));
        assert!(Run::new(replay_scenario.clone()).err().unwrap().to_string().contains("is not loaded"));
        let mut replay = Run::with_trace(replay_scenario.clone(), trace.clone()).unwrap_or_else(|e| panic!("{e}"));
        replay.track_depths(DepthMode::Exact).unwrap();
        let replay = replay.run_to_end();
        // Block ids are renumbered by first appearance; these policies and a constant disk do
        // not care, so every number is the same.
        assert_eq!(replay.counters, generated.counters);
        assert_eq!(replay.latency, generated.latency);
        assert_eq!(replay.depth_curves, generated.depth_curves);
        assert_eq!((replay.processed, replay.warmup_requests), (22_000, 2000));
        // The upside estimator reads the trace as it reads the generator.
        let pairs = [upside::SizePair { client: 300, array: 500 }];
        let from_trace = upside::estimate_trace(&replay_scenario, &pairs, &trace).unwrap();
        assert_eq!(from_trace.points, upside::estimate(&s, &pairs).unwrap().points);
        assert!(upside::estimate(&replay_scenario, &pairs).unwrap_err().message.contains("not loaded"));
    }
}

#[test]
fn trace_scenarios_are_checked() {
    let trace = Arc::new(parse(b"1\n2\n1\n", Format::Lines, &Options::default()).unwrap());
    let mut s = with_trace(&Scenario::default(), trace_source(3));
    assert_eq!(Run::with_trace(s.clone(), trace.clone()).err().unwrap().path, "source.warmupRequests");
    s.source = Source::Trace(TraceSource { warmup_requests: None, ..trace_source(0) });
    let r = Run::with_trace(s.clone(), trace.clone()).unwrap_or_else(|e| panic!("{e}")).run_to_end();
    assert_eq!((r.warmup_requests, r.counters.requests), (0, 3));
    s.source = Source::Trace(TraceSource { format: Some("parquet".into()), ..trace_source(0) });
    assert_eq!(s.validate().unwrap_err().path, "source.format");
    let plain = Scenario::default();
    assert!(Run::with_trace(plain, trace).err().unwrap().message.contains("names no trace"));
}

/// Version 1 refused a trace in a tree (its tree engine had no trace feed). Version 2 replays
/// one there: each of the trace's clients, in the order they first appear, drives a leaf, and
/// the leaves share the caches above them (paper 002 §2's multiple clients).
#[test]
fn a_trace_in_a_tree_drives_its_leaves() {
    let csv = b"time,client,block,nblocks,op,hint\n,0,1,1,r,\n,1,1,1,r,\n,0,1,1,r,\n";
    let trace = Arc::new(parse(csv, Format::Csv, &Options::default()).unwrap());
    let cache = |name: &str, parent: Option<&str>| TreeCache {
        name: name.into(),
        capacity: 10.into(),
        policy: PolicyConfig::Lru,
        co: false,
        admission: None,
        prefetch: None,
        parent: parent.map(Into::into),
        link: Some(LinkConfig::Fc1g),
        disk: parent.is_none().then_some(DiskConfig::Constant { service_ms: 10.0 }),
    };
    let mut s = with_trace(&Scenario::default(), TraceSource { clients: TraceClients::Order, ..trace_source(0) });
    s.topology =
        Topology::Tree { caches: vec![cache("array", None), cache("c1", Some("array")), cache("c2", Some("array"))] };
    s.validate().unwrap_or_else(|e| panic!("{e}"));
    let r = Run::with_trace(s, trace).unwrap_or_else(|e| panic!("{e}")).run_to_end();
    let [c1, c2] = &r.clients[..] else { panic!("two clients: {:?}", r.clients) };
    assert_eq!((c1.name.as_str(), c1.requests, c2.name.as_str(), c2.requests), ("c1", 2, "c2", 1));
    // c1 reads block 1 from disk, c2 finds it in the shared array, c1 in its own cache.
    assert_eq!((c1.served_at.clone(), c2.served_at.clone()), (vec![1, 0, 1], vec![0, 1, 0]));
}
