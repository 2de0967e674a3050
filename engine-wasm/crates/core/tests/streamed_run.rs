//! A scenario replaying a trace streamed — a census pass, then the trace batch by batch, never
//! held whole — gives exactly the report of the same run over the whole parsed trace: every
//! counter, latency, depth curve and client, in single caches, two levels and trees, with the
//! default warm-up (a share of the trace) or a given one, fairness, queueing with one client,
//! offline policies (a recording pass first) and multi-block requests served either way,
//! however the file is cut into reads, pushes and batches.

use std::io::Write;
use std::sync::Arc;

use tiersim_core::analysis::depth::DepthMode;
use tiersim_core::hierarchy::{Arrivals, DiskConfig, LinkConfig, MultiBlock, PrefetchConfig, Protocol};
use tiersim_core::policy::PolicyConfig;
use tiersim_core::run::TraceCensus;
use tiersim_core::scenario::{CacheConfig, Source, Topology, TraceClients, TraceSource, TreeCache};
use tiersim_core::trace::pipeline::{replay_from, Replayed, Settings};
use tiersim_core::trace::{parse, Format, Options, Trace};
use tiersim_core::util::rng::Rng;
use tiersim_core::{Report, Run, Scenario};

/// A trace of three clients: reads and hinted writes, multi-block requests, a skewed block space.
fn trace_file(rng: &mut Rng, n: usize) -> Vec<u8> {
    let mut csv = String::from("time,client,block,nblocks,op,hint\n");
    for i in 0..n {
        let write = rng.below(5) == 0;
        let hint = if write { ["", "synch", "replace", "recov"][rng.below(4) as usize] } else { "" };
        let block = rng.below(3000).min(rng.below(3000));
        let blocks = 1 + rng.below(3) * rng.below(2);
        let client = [0, 0, 0, 1, 1, 2][rng.below(6) as usize];
        csv.push_str(&format!("{},{client},{block},{blocks},{},{hint}\n", i * 100, if write { "w" } else { "r" }));
    }
    csv.into_bytes()
}

fn source(warmup: Option<u64>, clients: TraceClients) -> Source {
    Source::Trace(TraceSource {
        name: "t.csv".into(),
        format: Some("csv".into()),
        columns: None,
        object_mode: false,
        ignore_sizes: false,
        skip_bad: false,
        warmup_requests: warmup,
        clients,
    })
}

fn tree(policies: [PolicyConfig; 4]) -> Topology {
    let [array, c1, c2, c3] = policies;
    let cache = |name: &str, capacity: u64, policy: PolicyConfig, parent: Option<&str>| TreeCache {
        name: name.into(),
        capacity: capacity.into(),
        policy,
        co: false,
        admission: None,
        prefetch: None,
        parent: parent.map(Into::into),
        link: Some(LinkConfig::Fc1g),
        disk: parent.is_none().then_some(DiskConfig::Constant { service_ms: 10.0 }),
    };
    Topology::Tree {
        caches: vec![
            cache("array", 400, array, None),
            cache("c1", 100, c1, Some("array")),
            cache("c2", 80, c2, Some("array")),
            cache("c3", 60, c3, Some("array")),
        ],
    }
}

/// The scenarios: (what, scenario, track depth curves).
fn scenarios() -> Vec<(&'static str, Scenario, bool)> {
    let base = Scenario::default(); // two levels, LRU over MRU, DEMOTE
    let mut out = Vec::new();
    out.push((
        "two levels, merged, default warm-up",
        Scenario { source: source(None, TraceClients::Merged), ..base.clone() },
        true,
    ));
    let mut s = Scenario { source: source(Some(700), TraceClients::Merged), ..base.clone() };
    s.multi_block = MultiBlock::Atomic;
    *s.topology.client_mut().unwrap() = CacheConfig::new(120, PolicyConfig::Arc);
    out.push(("two levels, atomic, ARC client, warm-up 700", s, false));
    let mut s = Scenario { source: source(None, TraceClients::Order), ..base.clone() };
    s.topology = tree([PolicyConfig::Lru, PolicyConfig::Lru, PolicyConfig::Arc, PolicyConfig::Mru]);
    s.fairness = true;
    out.push(("tree of three clients, default warm-up, fairness", s, true));
    let mut s = Scenario { source: source(Some(350), TraceClients::Order), ..base.clone() };
    s.topology = tree([PolicyConfig::Arc, PolicyConfig::Lru, PolicyConfig::Lru, PolicyConfig::Lru]);
    s.protocol = Protocol::None;
    out.push(("tree of three clients, warm-up 350", s, false));
    let s = Scenario::single(150, PolicyConfig::Min, base.workload().unwrap().clone());
    out.push((
        "single MIN cache (offline: a recording pass)",
        Scenario { source: source(None, TraceClients::Merged), ..s },
        false,
    ));
    let s = Scenario::single(150, PolicyConfig::ReadOpt, base.workload().unwrap().clone());
    out.push(("single read-OPT cache", Scenario { source: source(Some(100), TraceClients::Merged), ..s }, false));
    let mut s = Scenario { source: source(None, TraceClients::Merged), ..base.clone() };
    s.queueing = Some(Arrivals::Closed);
    out.push(("two levels, queueing, one client", s, false));
    let mut s = Scenario { source: source(None, TraceClients::Merged), ..base.clone() };
    s.queueing = Some(Arrivals::Open { mean_interarrival_ms: 0.5 });
    out.push(("two levels, open-loop queueing from the trace's times", s, false));
    // Prefetching: successors through the trace's addresses, blocks it never references
    // numbered as the run asks — the same whole or streamed.
    let mut s = Scenario { source: source(None, TraceClients::Merged), ..base.clone() };
    s.topology.client_mut().unwrap().prefetch = Some(PrefetchConfig::Lookahead);
    if let Topology::TwoLevel { array, .. } = &mut s.topology {
        array.prefetch = Some(PrefetchConfig::Readahead { trigger: 2, window: 6 });
    }
    s.queueing = Some(Arrivals::Closed);
    out.push(("two levels, lookahead over read-ahead, queueing", s, false));
    let mut s = Scenario { source: source(Some(350), TraceClients::Order), ..base };
    s.topology =
        tree([PolicyConfig::Arc, PolicyConfig::Lru, PolicyConfig::S3Fifo { small_share: 0.1 }, PolicyConfig::Lru]);
    s.protocol = Protocol::None;
    if let Topology::Tree { caches } = &mut s.topology {
        caches[0].prefetch = Some(PrefetchConfig::Readahead { trigger: 3, window: 16 });
        caches[1].prefetch = Some(PrefetchConfig::Lookahead);
        caches[2].prefetch = Some(PrefetchConfig::Readahead { trigger: 1, window: 2 });
    }
    out.push(("tree of three clients prefetching, warm-up 350", s, true));
    out
}

fn reader(bytes: &[u8]) -> Box<dyn std::io::Read + Send> {
    Box::new(std::io::Cursor::new(bytes.to_vec()))
}

fn pass<W: FnMut(&Arc<Trace>) + Send>(bytes: &[u8], settings: Settings, workers: &mut [W]) -> Replayed {
    replay_from(reader(bytes), "t.csv", Some(Format::Csv), Options::default(), false, settings, workers).unwrap()
}

/// The run over `bytes` streamed as the CLI streams it: a count when the census needs it, the
/// census, then the replay (after a recording pass for offline policies).
fn streamed(s: &Scenario, bytes: &[u8], settings: Settings, curves: bool) -> Report {
    let boundary = match Run::census_boundary(s, None).unwrap() {
        Some(b) => b,
        None => {
            let read = pass(bytes, settings, &mut [|_: &Arc<Trace>| {}]);
            Run::census_boundary(s, Some(read.requests)).unwrap().expect("known once counted")
        }
    };
    let mut census = TraceCensus::new(boundary);
    let read = pass(bytes, settings, &mut [|b: &Arc<Trace>| census.add(b)]);
    let mut census = census.finish(read.distinct);
    if s.prefetches() {
        census = census.with_addresses(&read.raw);
    }
    let mut run = Run::streamed(s.clone(), census).unwrap();
    let recording = run.is_recording();
    loop {
        if curves && !run.is_recording() {
            run.track_depths(DepthMode::Exact).unwrap();
        }
        pass(bytes, settings, &mut [|b: &Arc<Trace>| run.replay(b)]);
        if !run.is_recording() {
            break;
        }
        run = run.next_pass().unwrap();
    }
    let mut topology = s.topology.clone();
    assert_eq!(recording, topology.client_mut().is_some_and(|c| c.policy.is_offline()));
    run.report()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

#[test]
fn a_streamed_run_reports_exactly_as_over_the_whole_trace() {
    let mut rng = Rng::seeded(2222);
    let bytes = trace_file(&mut rng, 3500);
    let trace = Arc::new(parse(&bytes, Format::Csv, &Options::default()).unwrap());
    for (what, s, curves) in scenarios() {
        s.validate().unwrap_or_else(|e| panic!("{what}: {e}"));
        let mut whole = Run::with_trace(s.clone(), trace.clone()).unwrap_or_else(|e| panic!("{what}: {e}"));
        if curves {
            whole.track_depths(DepthMode::Exact).unwrap();
        }
        let whole = whole.run_to_end();
        assert!(whole.counters.requests > 0, "{what}: measures something");
        for round in 0..3 {
            let settings = if round == 0 {
                Settings::default()
            } else {
                Settings {
                    read_bytes: 1 + rng.below(3000) as usize,
                    push_bytes: 1 + rng.below(1000) as usize,
                    batch_requests: 1 + rng.below(400) as usize,
                    buffers: 2 + rng.below(3) as usize,
                    ..Settings::default()
                }
            };
            let file = if round == 2 { gzip(&bytes) } else { bytes.clone() };
            let got = streamed(&s, &file, settings, curves);
            assert_eq!(got, whole, "{what}, {settings:?}");
        }
    }
}

#[test]
fn a_streamed_run_that_prefetches_needs_the_addresses_and_says_so() {
    let mut rng = Rng::seeded(11);
    let bytes = trace_file(&mut rng, 300);
    let trace = Arc::new(parse(&bytes, Format::Csv, &Options::default()).unwrap());
    let mut s = Scenario { source: source(None, TraceClients::Merged), ..Scenario::default() };
    if let Topology::TwoLevel { array, .. } = &mut s.topology {
        array.prefetch = Some(PrefetchConfig::Lookahead);
    }
    let e = Run::streamed(s.clone(), TraceCensus::of(&trace, 0)).err().unwrap();
    assert_eq!(e.path, "topology.array.prefetch");
    assert!(e.message.contains("block addresses"), "{}", e.message);
    let whole = Run::with_trace(s.clone(), trace.clone()).unwrap().run_to_end();
    let array = whole.caches.iter().find(|c| c.name == "array").unwrap().prefetch.unwrap();
    assert!(array.hits > 0 && array.prefetched == array.hits + array.wasted + array.pending, "{array:?}");
    let census = TraceCensus::of(&trace, 0).with_addresses(&trace.raw);
    assert_eq!(Run::streamed(s, census).unwrap().next_pass().unwrap().report().caches.len(), 2);
}

#[test]
fn several_clients_queueing_need_the_whole_trace_and_the_census_its_boundary() {
    let mut rng = Rng::seeded(7);
    let bytes = trace_file(&mut rng, 500);
    let trace = Arc::new(parse(&bytes, Format::Csv, &Options::default()).unwrap());
    let mut s = Scenario { source: source(None, TraceClients::Order), ..Scenario::default() };
    s.topology = tree([PolicyConfig::Lru, PolicyConfig::Lru, PolicyConfig::Lru, PolicyConfig::Lru]);
    assert!(Run::streams(&s).unwrap());
    // A census counted at another boundary than the trace's tenth is refused, not misread.
    assert_eq!(Run::census_boundary(&s, None).unwrap(), None);
    assert_eq!(Run::census_boundary(&s, Some(trace.records.len() as u64)).unwrap(), Some(50));
    let e = Run::streamed(s.clone(), TraceCensus::of(&trace, 40)).err().unwrap();
    assert_eq!(e.path, "source.warmupRequests");
    assert!(Run::streamed(s.clone(), TraceCensus::of(&trace, 50)).is_ok());
    s.queueing = Some(Arrivals::Closed);
    assert!(!Run::streams(&s).unwrap());
    let e = Run::streamed(s.clone(), TraceCensus::of(&trace, 50)).err().unwrap();
    assert_eq!(e.path, "queueing");
    assert!(Run::with_trace(s, trace).is_ok());
}
