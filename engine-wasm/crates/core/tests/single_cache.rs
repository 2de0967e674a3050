//! The single-cache topology: one cache over its link and disk, any policy including the
//! offline ones, with request and block hit ratios; and where else the offline policies run.

use tiersim_core::hierarchy::MultiBlock;
use tiersim_core::hierarchy::Protocol;
use tiersim_core::policy::PolicyConfig;
use tiersim_core::scenario::{CacheConfig, Topology};
use tiersim_core::workload::WorkloadConfig;
use tiersim_core::{Report, Run, Scenario};

fn single(policy: PolicyConfig, capacity: u64, workload: WorkloadConfig) -> Scenario {
    Scenario::single(capacity, policy, workload)
}

fn zipf() -> WorkloadConfig {
    WorkloadConfig::Zipf {
        blocks: 5000,
        request_blocks: 1,
        alpha: 0.9,
        warmup_requests: Some(5000),
        measured_requests: Some(50_000),
    }
}

fn run(s: Scenario) -> Report {
    Run::new(s).expect("valid scenario").run_to_end()
}

#[test]
fn a_single_cache_is_exactly_its_policy_over_the_stream() {
    let scenario = single(PolicyConfig::Arc, 500, zipf());
    let report = run(scenario.clone());
    // The same stream straight through the policy.
    let mut workload = scenario.workload().unwrap().build(scenario.seed);
    let mut policy = PolicyConfig::Arc.build(500, workload.universe(), 0).unwrap();
    let mut ev = Vec::new();
    let mut hits = 0u64;
    for i in 0..55_000 {
        let r = workload.next_request().unwrap();
        let hit = policy.access(r.block, &mut ev);
        if i >= 5000 && hit {
            hits += 1;
        }
    }
    assert_eq!(report.counters.client_hits, hits);
    assert_eq!(report.counters.array_hits, 0, "no array in a single cache");
    assert_eq!(report.counters.client_hits + report.counters.disk_reads, 50_000);
    assert_eq!(report.hit_fractions, report.block_hit_fractions, "one-block requests");
    assert_eq!(report.array_blocks, 0);
    assert_eq!((report.clients.len(), report.caches.len()), (1, 1), "one client, one cache");
    // Hit: T_c = 0; miss: one link transfer plus the disk.
    let miss_ms = report.path_costs.disk_read_ms;
    let expected = report.hit_fractions.disk * miss_ms;
    assert!((report.mean_latency_ms - expected).abs() < 1e-9, "{} vs {expected}", report.mean_latency_ms);
}

#[test]
fn min_and_read_opt_bound_every_online_policy() {
    let min = run(single(PolicyConfig::Min, 500, zipf())).counters.client_hits;
    let ropt = run(single(PolicyConfig::ReadOpt, 500, zipf())).counters.client_hits;
    // All reads: read-OPT is MIN with bypass, which can only help.
    assert!(ropt >= min, "read-OPT {ropt} < MIN {min}");
    for kind in ["lru", "fifo", "clock", "sieve", "lfu", "slru", "lru-2", "arc", "2q", "random"] {
        let p: PolicyConfig = serde_json::from_str(&format!(r#"{{"kind":"{kind}"}}"#)).unwrap();
        let hits = run(single(p, 500, zipf())).counters.client_hits;
        assert!(hits <= min, "{kind} {hits} hits > MIN {min}");
    }
}

#[test]
fn multi_block_requests_hit_only_when_every_block_is_cached() {
    let workload = WorkloadConfig::Random {
        blocks: 4096,
        request_blocks: 4,
        warmup_requests: Some(4096),
        measured_requests: Some(40_000),
    };
    for multi in [MultiBlock::PerBlock, MultiBlock::Atomic] {
        let mut scenario = single(PolicyConfig::Lru, 1024, workload.clone());
        scenario.multi_block = multi;
        let report = run(scenario.clone());
        let c = &report.counters;
        assert_eq!(c.block_reads, 4 * c.reads);
        // Straight through an LRU. Per block: each block looked up and, if missing, fetched
        // before the next. Atomic: every block looked up (and a present one refreshed) first,
        // then the missing ones fetched. A request hits when all four blocks were there.
        let mut w = scenario.workload().unwrap().build(scenario.seed);
        let mut lru = PolicyConfig::Lru.build(1024, 4096, 0).unwrap();
        let (mut ev, mut req_hits, mut block_hits) = (Vec::new(), 0, 0);
        for i in 0..44_096 {
            let r = w.next_request().unwrap();
            assert_eq!(r.nblocks, 4);
            assert!(r.block + 4 <= 4096, "requests stay inside the working set");
            let hits = match multi {
                MultiBlock::PerBlock => r.blocks().filter(|&b| lru.access(b, &mut ev)).count(),
                MultiBlock::Atomic => {
                    let missing: Vec<_> = r.blocks().filter(|&b| !lru.on_hit(b)).collect();
                    for &b in &missing {
                        lru.insert(b, tiersim_core::policy::End::EjectLast, &mut ev);
                    }
                    4 - missing.len()
                }
            };
            if i >= 4096 {
                req_hits += (hits == 4) as u64;
                block_hits += hits as u64;
            }
        }
        assert_eq!((c.client_hits, c.client_block_hits), (req_hits, block_hits), "{multi:?}");
        let (req, blk) = (report.hit_fractions.client, report.block_hit_fractions.client);
        assert!(req < blk, "request hit ratio {req} should trail the block hit ratio {blk}");
    }

    let mut bad = single(PolicyConfig::Lru, 1024, workload);
    *bad.workload_mut().unwrap() =
        WorkloadConfig::Random { blocks: 3, request_blocks: 4, warmup_requests: None, measured_requests: None };
    let e = Run::new(bad).err().unwrap();
    assert_eq!(e.to_string(), "scenario.source.workload.requestBlocks: must be between 1 and 3 (got 4)");
}

/// Version 1 ran the offline policies (MIN, read-OPT) in a single cache only. Version 2 runs
/// them wherever their cache's reference string is known before the run: at a client (its own
/// requests), or above it when the stream reaching it cannot depend on its own choices (a first
/// pass records it); it refuses the rest, naming the cache.
#[test]
fn offline_policies_run_wherever_their_stream_is_known() {
    let mut s = Scenario::paper000_random(PolicyConfig::Min, PolicyConfig::Lru, Protocol::Demote);
    *s.workload_mut().unwrap() = zipf();
    s.topology.client_mut().unwrap().capacity = 100.into();
    s.topology.array_mut().unwrap().capacity = 100.into();
    let two = run(s.clone());
    // MIN at the client sees the client's own requests, as a single MIN cache does; under
    // DEMOTE the client's contents do not depend on the array, so its hits are the same.
    let alone = run(single(PolicyConfig::Min, 100, zipf()));
    assert_eq!(two.counters.client_hits, alone.counters.client_hits);
    // read-OPT at the array under DEMOTE: the client's misses, recorded in a first pass.
    s.topology.client_mut().unwrap().policy = PolicyConfig::Lru;
    s.topology.array_mut().unwrap().policy = PolicyConfig::ReadOpt;
    let r = run(s.clone());
    assert_eq!(r.counters.requests, 50_000);
    // Under AC_CA the client picks its victims by what the array holds: refused at the array.
    s.protocol = Protocol::AcCa { k: 4 };
    let e = Run::new(s.clone()).err().unwrap();
    assert_eq!(e.path, "topology.array.policy");
    assert!(e.message.contains("depends on its own choices"), "{e}");
    // An offline array over an offline client: the array's stream depends on the client's choices.
    s.protocol = Protocol::Demote;
    s.topology.client_mut().unwrap().policy = PolicyConfig::Min;
    let e = Run::new(s.clone()).err().unwrap();
    assert_eq!(e.path, "topology.array.policy");
    assert!(e.message.contains("offline"), "{e}");

    let mut big = single(PolicyConfig::Min, 100, zipf());
    *big.workload_mut().unwrap() = WorkloadConfig::Random {
        blocks: 100,
        request_blocks: 1,
        warmup_requests: None,
        measured_requests: Some(1 << 25),
    };
    let e = Run::new(big).err().unwrap();
    assert!(e.message.contains("at most"), "{e}");
}

#[test]
fn topology_round_trips_and_names_its_kind() {
    let s = single(PolicyConfig::ReadOpt, 100, zipf());
    assert!(
        matches!(s.topology, Topology::Single { ref cache, .. } if *cache == CacheConfig::new(100, PolicyConfig::ReadOpt))
    );
    let json = s.to_json();
    assert!(json.contains(r#""topology":{"kind":"single""#), "{json}");
    assert!(json.contains(r#""kind":"read-opt""#), "{json}");
    assert_eq!(Scenario::from_json(&json).unwrap(), s);
    assert!(Scenario::default().to_json().contains(r#""topology":{"kind":"two-level""#));
    let bad = json.replace(r#""topology":{"kind":"single""#, r#""topology":{"kind":"ring""#);
    assert_eq!(Scenario::from_json(&bad).unwrap_err().path, "topology.kind");
}

#[test]
fn co_keeps_cold_blocks_next_in_line() {
    let plain = run(single(PolicyConfig::Lru, 500, zipf()));
    let mut s = single(PolicyConfig::Lru, 500, zipf());
    s.topology.client_mut().unwrap().co = true;
    assert!(s.to_json().contains(r#""co":true"#));
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
    let co = run(s);
    println!("LRU {:.4} vs LRU+CO {:.4} hits", plain.hit_fractions.client, co.hit_fractions.client);
    assert!(co.hit_fractions.client > plain.hit_fractions.client, "one-timers no longer push the Zipf head out");
    assert!(!Scenario::default().to_json().contains("\"co\""));
}
