//! Paper 000 §3's upside estimator against simulated inclusive (LRU-LRU-none) and exclusive
//! (LRU-MRU-demote) two-level hierarchies, and on a hand-worked loop.

use tiersim_core::analysis::upside::{equal_sizes, estimate, estimate_within, Prediction, SizePair};
use tiersim_core::hierarchy::Protocol;
use tiersim_core::policy::PolicyConfig;
use tiersim_core::scenario::{CacheConfig, Topology};
use tiersim_core::workload::WorkloadConfig;
use tiersim_core::{Run, Scenario};

/// The client's and the array's sizes of a two-level scenario.
fn sizes(s: &Scenario) -> SizePair {
    let Topology::TwoLevel { client, array, .. } = &s.topology else { panic!("two levels") };
    SizePair { client: client.capacity.in_blocks(s.block_size), array: array.capacity.in_blocks(s.block_size) }
}

/// The two-level scenario `s` with these cache sizes.
fn with_sizes(mut s: Scenario, client: u64, array: u64) -> Scenario {
    s.topology.client_mut().unwrap().capacity = client.into();
    s.topology.array_mut().unwrap().capacity = array.into();
    s
}

fn simulate(s: &Scenario, array: PolicyConfig, protocol: Protocol) -> tiersim_core::Report {
    let mut s = Scenario { protocol, ..s.clone() };
    s.topology.array_mut().unwrap().policy = array;
    Run::new(s).unwrap().run_to_end()
}

fn close(p: &Prediction, r: &tiersim_core::Report, what: &str, latency_tolerance: f64) {
    let f = &r.block_hit_fractions;
    for (level, predicted, simulated) in
        [("client", p.client, f.client), ("array", p.array, f.array), ("disk", p.disk, f.disk)]
    {
        let pp = (predicted - simulated).abs() * 100.0;
        println!("{what} {level}: predicted {predicted:.4}, simulated {simulated:.4} ({pp:.2} pp)");
        assert!(pp <= 3.0, "{what} {level}: predicted {predicted:.4}, simulated {simulated:.4}");
    }
    let rel = (p.mean_latency_ms - r.mean_latency_ms).abs() / r.mean_latency_ms;
    println!("{what} latency: predicted {:.3} ms, simulated {:.3} ms", p.mean_latency_ms, r.mean_latency_ms);
    assert!(rel < latency_tolerance, "{what}: latency {} vs {}", p.mean_latency_ms, r.mean_latency_ms);
}

/// Hit fractions within 3 percentage points; latencies within `latency_tolerance` (the
/// estimate charges a demotion for every client miss; the simulation only when data moves).
fn check(s: &Scenario, latency_tolerance: f64) {
    let est = estimate(s, &[sizes(s)]).unwrap();
    assert_eq!(est.sampled_rate, None);
    assert!(est.clients.is_empty(), "one client: no per-client estimates");
    let p = &est.points[0];
    close(
        &p.inclusive,
        &simulate(s, PolicyConfig::Lru, Protocol::None),
        &format!("{} inclusive", s.name),
        latency_tolerance,
    );
    close(
        &p.exclusive,
        &simulate(s, PolicyConfig::Mru, Protocol::Demote),
        &format!("{} exclusive", s.name),
        latency_tolerance,
    );
    assert!(p.miss_reduction_percent > 0.0 && p.speedup > 1.0);
}

#[test]
fn random_predictions_match_the_simulated_hierarchies() {
    let s = Scenario::paper000_random(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote);
    check(&s, 0.05);
    // RANDOM over twice the client: the client hits half, an exclusive array nearly all the
    // rest; an inclusive LRU array still catches some of the client's misses (the paper's
    // bound, H′ = 0, would say none).
    let p = &estimate(&s, &[SizePair { client: 16384, array: 16384 }]).unwrap().points[0];
    assert!((p.exclusive.client - 0.5).abs() < 0.01 && p.exclusive.disk < 0.05);
    assert!(p.inclusive.array > 0.05 && p.inclusive.array < 0.12, "{}", p.inclusive.array);
}

#[test]
fn zipf_predictions_match_the_simulated_hierarchies() {
    let mut s = Scenario::paper000_random(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote);
    s.name = "ZIPF".into();
    *s.workload_mut().unwrap() = WorkloadConfig::Zipf {
        blocks: 49152,
        request_blocks: 1,
        alpha: 1.0,
        warmup_requests: None,
        measured_requests: None,
    };
    check(&s, 0.05);
    // Unequal sizes too.
    check(&with_sizes(s, 4096, 24576), 0.05);
}

#[test]
fn a_loop_fits_only_in_the_aggregate() {
    // 10 blocks in a loop; a client and an array of 6 each: every reference has depth 10.
    let mut s = Scenario::default();
    *s.topology.client_mut().unwrap() = CacheConfig::new(6, PolicyConfig::Lru);
    *s.topology.array_mut().unwrap() = CacheConfig::new(6, PolicyConfig::Lru);
    *s.workload_mut().unwrap() = WorkloadConfig::Sequential {
        blocks: 10,
        request_blocks: 1,
        warmup_requests: Some(10),
        measured_requests: Some(100),
    };
    let est = estimate(
        &s,
        &[SizePair { client: 6, array: 6 }, SizePair { client: 6, array: 3 }, SizePair { client: 12, array: 1 }],
    )
    .unwrap();
    assert_eq!((est.references, est.distinct), (100, 10));
    let [fits, short, client_alone] = &est.points[..] else { panic!() };
    assert_eq!((fits.inclusive.client, fits.inclusive.array, fits.inclusive.disk), (0.0, 0.0, 1.0));
    assert_eq!((fits.exclusive.client, fits.exclusive.array, fits.exclusive.disk), (0.0, 1.0, 0.0));
    assert_eq!(fits.miss_reduction_percent, 100.0);
    // T = 0.2 ms per array hit plus 0.2 ms for its demotion; 10.2 ms per disk read.
    assert!(
        (fits.exclusive.mean_latency_ms - 0.4).abs() < 1e-9 && (fits.inclusive.mean_latency_ms - 10.2).abs() < 1e-9
    );
    assert_eq!(short.exclusive.disk, 1.0);
    assert_eq!((client_alone.inclusive.client, client_alone.miss_reduction_percent), (1.0, 0.0));
    // And both simulated hierarchies agree (an LRU client's victim in a loop is sometimes
    // in the array already: fewer demotions move data than the estimate charges).
    check(&Scenario { name: "loop".into(), ..s }, 0.15);
}

#[test]
fn equal_sizes_double_up_to_the_distinct_blocks_and_bad_input_is_named() {
    assert_eq!(equal_sizes(1000, 4).iter().map(|p| p.client).collect::<Vec<_>>(), [64, 128, 256, 512]);
    assert_eq!(equal_sizes(1, 3).iter().map(|p| p.array).collect::<Vec<_>>(), [1, 1, 1]);
    let s = Scenario::default();
    let e = estimate(&s, &[SizePair { client: 0, array: 5 }]).unwrap_err();
    assert_eq!(e.path, "points[0]");
    assert!(estimate(&s, &[]).unwrap_err().message.contains("1 to 64"));
}

#[test]
fn big_workloads_are_sampled() {
    let mut s = Scenario::paper000_random(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote);
    *s.workload_mut().unwrap() = WorkloadConfig::Zipf {
        blocks: 400_000,
        request_blocks: 1,
        alpha: 1.0,
        warmup_requests: None,
        measured_requests: None,
    };
    let s = with_sizes(s, 50_000, 50_000);
    let est = estimate_within(&s, &[SizePair { client: 50_000, array: 50_000 }], 1 << 20).unwrap();
    let rate = est.sampled_rate.expect("4.4 M references over a budget of 1 M: sampled");
    assert!(rate < 1.0);
    let p = &est.points[0];
    let exclusive = simulate(&s, PolicyConfig::Mru, Protocol::Demote);
    let inclusive = simulate(&s, PolicyConfig::Lru, Protocol::None);
    println!("sampled at {rate}: {p:?}");
    for (predicted, simulated) in [
        (p.exclusive.disk, exclusive.block_hit_fractions.disk),
        (p.exclusive.client, exclusive.block_hit_fractions.client),
        (p.inclusive.array, inclusive.block_hit_fractions.array),
        (p.inclusive.disk, inclusive.block_hit_fractions.disk),
    ] {
        assert!((predicted - simulated).abs() < 0.03, "{predicted} vs {simulated}");
    }
}
