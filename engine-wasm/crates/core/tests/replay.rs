//! Scenarios replaying trace files: a generated workload written as a trace and replayed
//! gives exactly the generator's run; bad combinations are refused by name.

use std::sync::Arc;

use tiersim_core::depth::DepthMode;
use tiersim_core::policy::PolicyConfig;
use tiersim_core::scenario::{CacheConfig, TraceRef};
use tiersim_core::trace::{export, parse, Format, Options};
use tiersim_core::workload::WorkloadConfig;
use tiersim_core::{Request, Run, Scenario};

fn trace_ref(warmup: u64) -> TraceRef {
    TraceRef {
        name: "zipf.csv".into(),
        format: Some("csv".into()),
        object_mode: false,
        skip_bad: false,
        warmup_requests: Some(warmup),
    }
}

#[test]
fn a_written_workload_replays_exactly_as_generated() {
    for (client, array) in [(PolicyConfig::Lru, PolicyConfig::Mru), (PolicyConfig::Arc, PolicyConfig::Lru)] {
        let s = Scenario {
            client: CacheConfig { capacity: 300, policy: client, co: false },
            array: CacheConfig { capacity: 500, policy: array, co: false },
            workload: WorkloadConfig::Zipf {
                blocks: 2000,
                request_blocks: 2,
                alpha: 0.9,
                warmup_requests: Some(2000),
                measured_requests: Some(20_000),
            },
            ..Scenario::default()
        };
        let mut generated = Run::new(s.clone()).unwrap();
        generated.track_depths(DepthMode::Exact).unwrap();
        let generated = generated.run_to_end();

        let mut g = s.workload.build(s.seed);
        let requests: Vec<Request> = std::iter::from_fn(|| g.next_request()).collect();
        let mut csv = Vec::new();
        export::csv_header(&mut csv);
        requests.iter().for_each(|r| export::csv_line(&mut csv, r));
        let trace = Arc::new(parse(&csv, Format::Csv, &Options::default()).unwrap());

        let replay_scenario = Scenario { trace: Some(trace_ref(2000)), ..s.clone() };
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
        let pairs = [tiersim_core::upside::SizePair { client: 300, array: 500 }];
        let from_trace = tiersim_core::upside::estimate_trace(&replay_scenario, &pairs, &trace).unwrap();
        assert_eq!(from_trace.points, tiersim_core::upside::estimate(&s, &pairs).unwrap().points);
        assert!(tiersim_core::upside::estimate(&replay_scenario, &pairs).unwrap_err().message.contains("not loaded"));
    }
}

#[test]
fn trace_scenarios_are_checked() {
    let trace = Arc::new(parse(b"1\n2\n1\n", Format::Lines, &Options::default()).unwrap());
    let mut s = Scenario { trace: Some(trace_ref(3)), ..Scenario::default() };
    assert_eq!(Run::with_trace(s.clone(), trace.clone()).err().unwrap().path, "trace.warmupRequests");
    s.trace = Some(TraceRef { warmup_requests: None, ..trace_ref(0) });
    let r = Run::with_trace(s.clone(), trace.clone()).unwrap_or_else(|e| panic!("{e}")).run_to_end();
    assert_eq!((r.warmup_requests, r.counters.requests), (0, 3));
    s.trace = Some(TraceRef { format: Some("parquet".into()), ..trace_ref(0) });
    assert_eq!(s.validate().unwrap_err().path, "trace.format");
    s.trace = Some(trace_ref(0));
    s.topology = tiersim_core::hierarchy::Topology::Tree;
    assert!(s.validate().is_err());
    let plain = Scenario::default();
    assert!(Run::with_trace(plain, trace).err().unwrap().message.contains("names no trace"));
}
