//! Live stack-depth graphs of runs: exactly the LRU hits of the run's own caches, for the
//! workload, the array's stream, each client's and each shared cache's stream in a tree.

use std::collections::BTreeMap;

use tiersim_core::analysis::depth::{DepthCurve, DepthMode, Scope};
use tiersim_core::hierarchy::{DiskConfig, LinkConfig, Protocol};
use tiersim_core::policy::PolicyConfig;
use tiersim_core::scenario::{Source, Topology, TreeCache};
use tiersim_core::workload::{Sharing, WorkloadConfig};
use tiersim_core::{Report, Run, Scenario};

fn run_with_depths(s: &Scenario, mode: DepthMode) -> Report {
    let mut run = Run::new(s.clone()).unwrap_or_else(|e| panic!("{e}"));
    run.track_depths(mode).unwrap();
    run.run_to_end()
}

fn run(s: &Scenario) -> Report {
    Run::new(s.clone()).unwrap_or_else(|e| panic!("{e}")).run_to_end()
}

fn zipf(blocks: u64, warmup: u64, measured: u64) -> WorkloadConfig {
    WorkloadConfig::Zipf {
        blocks,
        request_blocks: 1,
        alpha: 0.9,
        warmup_requests: Some(warmup),
        measured_requests: Some(measured),
    }
}

/// Hits the curve gives at `size`, which must be one of its sizes, in references.
fn hits_at(c: &DepthCurve, size: u64) -> u64 {
    let i = c.sizes.iter().position(|&s| s == size).unwrap_or_else(|| panic!("{} has no point at {size}", c.name));
    (c.hits[i] * c.references as f64).round() as u64
}

fn curve<'a>(r: &'a Report, name: &str) -> &'a DepthCurve {
    r.depth_curves.as_ref().unwrap().iter().find(|c| c.name == name).unwrap_or_else(|| panic!("no curve {name}"))
}

#[test]
fn the_workload_curve_is_every_lru_size_of_a_single_cache_exactly() {
    let base = Scenario::single(100, PolicyConfig::Lru, zipf(3000, 3000, 30_000));
    let r = run_with_depths(&base, DepthMode::Exact);
    let curves = r.depth_curves.as_ref().unwrap();
    assert_eq!(curves.len(), 1, "a single cache has the workload's curve only");
    let w = &curves[0];
    assert_eq!((w.scope, w.sampled_rate, w.references), (Scope::Workload, None, 30_000));
    // Tracking leaves the run's own numbers alone.
    assert_eq!(Report { depth_curves: None, ..r.clone() }, run(&base));
    let sizes: Vec<u64> = w.sizes.iter().copied().step_by(17).chain([1, 2, *w.sizes.last().unwrap()]).collect();
    for size in sizes {
        let mut s = base.clone();
        s.topology.client_mut().unwrap().capacity = size.into();
        let lru = run(&s);
        assert_eq!(hits_at(w, size), lru.counters.client_hits, "size {size}");
    }
}

#[test]
fn the_array_curve_is_the_stream_the_array_sees() {
    // Inclusive LRU-LRU: the array is an LRU cache over the client's misses, so its curve at
    // its own size is its hits, whatever that size.
    for array in [50u64, 400, 1500] {
        let mut s = Scenario::paper000_random(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::None);
        s.topology.client_mut().unwrap().capacity = 300.into();
        s.topology.array_mut().unwrap().capacity = array.into();
        *s.workload_mut().unwrap() = zipf(4000, 4000, 20_000);
        let mut run = Run::new(s).unwrap();
        run.track_depths(DepthMode::Exact).unwrap();
        let r = run.run_to_end();
        let a = curve(&r, "array");
        assert_eq!(a.scope, Scope::Cache);
        assert_eq!(a.references, r.counters.reads - r.counters.client_hits);
        assert_eq!(hits_at(a, array), r.counters.array_hits);
        // The workload's curve at the client's size is the client's hits.
        assert_eq!(hits_at(curve(&r, "workload"), 300), r.counters.client_hits);
    }
}

fn cache(name: &str, capacity: u64, parent: Option<&str>) -> TreeCache {
    TreeCache {
        name: name.into(),
        capacity: capacity.into(),
        policy: PolicyConfig::Lru,
        co: false,
        admission: None,
        prefetch: None,
        parent: parent.map(Into::into),
        link: parent.map(|_| LinkConfig::Fc1g),
        disk: parent.is_none().then_some(DiskConfig::Constant { service_ms: 10.0 }),
    }
}

#[test]
fn tree_curves_per_client_and_per_shared_cache_match_their_lru_caches() {
    let caches = vec![
        cache("array", 900, None),
        cache("mid1", 256, Some("array")),
        cache("mid2", 200, Some("array")),
        cache("c1", 128, Some("mid1")),
        cache("c2", 100, Some("mid1")),
        cache("c3", 64, Some("mid2")),
    ];
    let s = Scenario {
        topology: Topology::Tree { caches },
        protocol: Protocol::None,
        fairness: false,
        source: Source::Workload {
            workload: zipf(1500, 1500, 8000),
            clients: BTreeMap::new(),
            sharing: Sharing::Shared { fraction: 0.3 },
        },
        ..Default::default()
    };
    let r = run_with_depths(&s, DepthMode::Exact);
    let names: Vec<&str> = r.depth_curves.as_ref().unwrap().iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["workload", "c1", "c2", "c3", "array", "mid1", "mid2"]);
    for c in &r.clients {
        let own = curve(&r, &c.name);
        assert_eq!(own.scope, Scope::Client);
        assert_eq!(own.references, c.reads);
        let cap = r.caches[c.path[0]].capacity;
        assert_eq!(hits_at(own, cap), c.served_at[0], "{}", c.name);
    }
    for cache in r.caches.iter().filter(|c| c.name == "array" || c.name.starts_with("mid")) {
        let k = curve(&r, &cache.name);
        assert_eq!(k.scope, Scope::Cache);
        assert_eq!(k.references, cache.counters.hits + cache.counters.misses, "{}", cache.name);
        assert_eq!(hits_at(k, cache.capacity), cache.counters.hits, "{}", cache.name);
    }
    // The workload's (like the caches') count starts when the last client's warm-up ends; each
    // client's own, at its own: the others are a round or so ahead.
    let all: u64 = r.clients.iter().map(|c| c.reads).sum();
    let w = curve(&r, "workload").references;
    assert!(w <= all && w + r.clients.len() as u64 > all, "{w} of {all}");
}

#[test]
fn big_runs_are_sampled_and_say_so() {
    let s = Scenario::single(1000, PolicyConfig::Lru, zipf(200_000, 200_000, 9_000_000));
    let r = run_with_depths(&s, DepthMode::Auto);
    let w = &r.depth_curves.as_ref().unwrap()[0];
    let rate = w.sampled_rate.expect("9.2 M references: sampled");
    assert!(rate < 0.5 && rate > 0.05, "rate {rate}");
    assert_eq!(w.references, 9_000_000);
    assert!((w.distinct / 200_000.0 - 1.0).abs() < 0.1, "distinct ≈ {}", w.distinct);
    // At the run's own size the estimate is close to the run's hit fraction.
    let near = w.hits[w.sizes.iter().position(|&x| x == 1000).unwrap()];
    let f = r.hit_fractions.client;
    assert!((near - f).abs() < 0.02, "sampled {near} vs run {f}");

    let mut small = s.clone();
    *small.workload_mut().unwrap() = zipf(2000, 2000, 20_000);
    let r = run_with_depths(&small, DepthMode::Auto);
    assert_eq!(r.depth_curves.unwrap()[0].sampled_rate, None);
    let r = run_with_depths(&small, DepthMode::Rate { rate: 0.5 });
    assert_eq!(r.depth_curves.unwrap()[0].sampled_rate, Some(0.5));
    let mut bad = Run::new(small).unwrap();
    assert!(bad.track_depths(DepthMode::Rate { rate: 0.0 }).unwrap_err().contains("sample rate"));
    bad.step(10);
    assert!(bad.track_depths(DepthMode::Exact).unwrap_err().contains("before the run starts"));
}
