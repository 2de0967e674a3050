//! Paper 000 (Wong & Wilkes, "My cache or yours?", USENIX ATC 2002) reproduced end to end on
//! two-level scenarios: §4.4 RANDOM against Table 2, the ordering of the eight designs, §4.5
//! SEQUENTIAL's analysis and §5's bandwidth crossover. The disk is the constant 10 ms the paper
//! observed on average; SEQUENTIAL's latencies (1.67 ms baseline) need the mechanical disk
//! model, so for it we check the hit fractions the paper's analysis predicts instead, and
//! Table 2's latencies on the drive separately. Then paper 003's protocols (DU, AC_CA, HA_R,
//! AC_CC) on the same two levels, and every protocol driven request by request through the one
//! hierarchy engine ([`Hierarchy`]) with its invariants checked after each request.

use tiersim_core::hierarchy::{CacheSpec, DiskConfig, Hierarchy, LinkConfig, Protocol};
use tiersim_core::policy::Policy;
use tiersim_core::policy::PolicyConfig::{self, Lru, Mru};
use tiersim_core::scenario::Topology;
use tiersim_core::workload::WorkloadConfig;
use tiersim_core::{Block, Report, Run, Scenario};

fn run(scenario: Scenario) -> Report {
    Run::new(scenario).expect("valid scenario").run_to_end()
}

/// The link and the disk of a two-level scenario.
fn link_and_disk(s: &mut Scenario) -> (&mut LinkConfig, &mut DiskConfig) {
    let Topology::TwoLevel { link, disk, .. } = &mut s.topology else { panic!("two levels") };
    (link, disk)
}

/// Paper 000's two levels with these cache sizes.
fn sized(mut s: Scenario, client: u64, array: u64) -> Scenario {
    s.topology.client_mut().unwrap().capacity = client.into();
    s.topology.array_mut().unwrap().capacity = array.into();
    s
}

/// A client over an array on a 1 Gbit/s FC link, over `disk`, driven request by request.
fn two_level(client: Box<dyn Policy>, array: Box<dyn Policy>, protocol: Protocol, disk: DiskConfig) -> Hierarchy {
    let caches = vec![
        CacheSpec { policy: client, parent: Some(1), link: Some(LinkConfig::Fc1g), disk: None },
        CacheSpec { policy: array, parent: None, link: None, disk: Some(disk) },
    ];
    Hierarchy::new(caches, &[0], protocol, 0.0, 4096).unwrap()
}

/// The client's and the array's contents.
fn contents(h: &Hierarchy) -> (Vec<Block>, Vec<Block>) {
    let (mut c, mut a) = (Vec::new(), Vec::new());
    h.cache(0).contents(&mut c);
    h.cache(1).contents(&mut a);
    (c, a)
}

fn random(client: PolicyConfig, array: PolicyConfig, protocol: Protocol) -> Report {
    run(Scenario::paper000_random(client, array, protocol))
}

fn sequential(client: PolicyConfig, array: PolicyConfig, protocol: Protocol) -> Report {
    let mut s = Scenario::paper000_random(client, array, protocol);
    // N_seq = N_c + N_a − 1 (§4.5), warm-up N_seq then 10 N_seq requests.
    *s.workload_mut().unwrap() =
        WorkloadConfig::Sequential { blocks: 32767, request_blocks: 1, warmup_requests: None, measured_requests: None };
    run(s)
}

fn within(actual: f64, expected: f64, tolerance: f64) -> bool {
    (actual - expected).abs() <= tolerance * expected
}

/// Table 2, RANDOM: baseline 4.77 ms → proposed 0.64 ms, a 7.5× speedup.
#[test]
fn random_table2_latencies_and_speedup() {
    let baseline = random(Lru, Lru, Protocol::None);
    let proposed = random(Lru, Mru, Protocol::Demote);
    assert_eq!(baseline.counters.requests, 327_680, "10 N measured requests");
    let (b, p) = (baseline.mean_latency_ms, proposed.mean_latency_ms);
    assert!(within(b, 4.77, 0.20), "baseline mean {b:.3} ms not within 20% of 4.77 ms");
    assert!(within(p, 0.64, 0.20), "proposed mean {p:.3} ms not within 20% of 0.64 ms");
    let speedup = b / p;
    assert!(within(speedup, 7.5, 0.20), "speedup {speedup:.2}× not within 20% of 7.5×");

    // §4.4: about half the reads hit in the client whatever the design.
    for r in [&baseline, &proposed] {
        assert!(within(r.hit_fractions.client, 0.5, 0.02), "client hits {}", r.hit_fractions.client);
    }
    // Fig. 10: the proposed design's array hits all pay a demotion (0.4 ms); the baseline's
    // cost 0.2 ms. Count them in the histogram.
    let count_at = |r: &Report, ms: f64| {
        let i = r.latency.edges_us.partition_point(|&e| e <= ms * 1000.0);
        r.latency.counts[i]
    };
    assert_eq!(count_at(&baseline, 0.2), baseline.counters.array_hits);
    let at_04 = count_at(&proposed, 0.4) as f64 / proposed.counters.requests as f64;
    assert!(at_04 > 0.40, "only {at_04:.3} of requests at 0.4 ms");
}

/// §4.4/Fig. 8–9: the two exclusive designs (x-MRU-demote) have the highest array hit
/// fractions and the lowest latencies and roughly tie; LRU-LRU-demote stays more inclusive
/// than LRU-MRU-demote (§4.4's double-caching argument); the baseline is worst.
#[test]
fn random_ordering_of_the_eight_designs() {
    let mut results = Vec::new();
    for c in [Lru, Mru] {
        for a in [Lru, Mru] {
            for p in [Protocol::None, Protocol::Demote] {
                let name = format!("{}-{}-{:?}", c.name(), a.name(), p);
                results.push((name, random(c.clone(), a.clone(), p)));
            }
        }
    }
    let get = |n: &str| &results.iter().find(|(name, _)| name == n).unwrap().1;
    let lmd = get("lru-mru-Demote");
    let mmd = get("mru-mru-Demote");
    let lld = get("lru-lru-Demote");
    let base = get("lru-lru-None");
    for (name, r) in &results {
        if !name.ends_with("mru-Demote") {
            assert!(
                r.mean_latency_ms > 2.0 * lmd.mean_latency_ms.max(mmd.mean_latency_ms),
                "{name} too close to the best"
            );
            assert!(r.hit_fractions.array < lmd.hit_fractions.array.min(mmd.hit_fractions.array), "{name}");
        }
        assert!(r.mean_latency_ms <= base.mean_latency_ms, "{name} worse than the baseline");
    }
    assert!(within(mmd.mean_latency_ms, lmd.mean_latency_ms, 0.15), "MRU-MRU-demote should tie LRU-MRU-demote");
    assert!(lld.hit_fractions.array < lmd.hit_fractions.array - 0.1, "LRU-LRU-demote must stay more inclusive");
    assert!(lld.hit_fractions.disk > lmd.hit_fractions.disk);
}

fn zipf(client: PolicyConfig, array: PolicyConfig, protocol: Protocol) -> Report {
    let mut s = Scenario::paper000_random(client, array, protocol);
    // §4.6: 1.5 × the aggregate cache, p(i) ∝ 1/i; warm-up N then 10 N requests.
    *s.workload_mut().unwrap() = WorkloadConfig::Zipf {
        blocks: 49152,
        request_blocks: 1,
        alpha: 1.0,
        warmup_requests: None,
        measured_requests: None,
    };
    run(s)
}

/// Table 2, ZIPF: baseline 1.41 ms → proposed 0.85 ms (1.7×), and LRU-MRU-demote is the best
/// of the eight designs.
#[test]
fn zipf_table2_latencies_and_best_design() {
    let baseline = zipf(Lru, Lru, Protocol::None);
    let proposed = zipf(Lru, Mru, Protocol::Demote);
    let (b, p) = (baseline.mean_latency_ms, proposed.mean_latency_ms);
    assert!(within(b, 1.41, 0.20), "baseline mean {b:.3} ms not within 20% of 1.41 ms");
    assert!(within(p, 0.85, 0.20), "proposed mean {p:.3} ms not within 20% of 0.85 ms");
    assert!(within(b / p, 1.7, 0.20), "speedup {:.2}× not within 20% of 1.7×", b / p);
    for c in [Lru, Mru] {
        for a in [Lru, Mru] {
            for proto in [Protocol::None, Protocol::Demote] {
                let r = zipf(c.clone(), a.clone(), proto);
                assert!(r.mean_latency_ms >= p, "{}-{}-{proto:?} beats LRU-MRU-demote", c.name(), a.name());
            }
        }
    }
}

/// §4.5's analysis of SEQUENTIAL (N_seq = N_c + N_a − 1).
#[test]
fn sequential_hit_fractions_follow_the_papers_analysis() {
    // LRU everywhere with no demotion: every block is evicted just before it is needed.
    let base = sequential(Lru, Lru, Protocol::None);
    assert_eq!(base.hit_fractions.disk, 1.0);
    // MRU-LRU-none, the best design: the first half hits in the client, the second half in
    // the array, and the disk is visited about once per N_seq requests.
    let best = sequential(Mru, Lru, Protocol::None);
    assert!(within(best.hit_fractions.client, 0.5, 0.01), "{:?}", best.hit_fractions);
    assert!(best.counters.disk_reads <= 11, "disk reads {}", best.counters.disk_reads);
    // LRU-MRU-demote keeps everything in the aggregate cache but all its hits are array hits.
    let lmd = sequential(Lru, Mru, Protocol::Demote);
    assert_eq!(lmd.hit_fractions.client, 0.0);
    assert!(lmd.hit_fractions.array > 0.999);
    // MRU-MRU-demote: demotions of blocks the array already holds move no data (§4.5).
    let mmd = sequential(Mru, Mru, Protocol::Demote);
    assert!(mmd.counters.demotions > 100_000);
    assert!(mmd.counters.demotions_moved <= 11, "moved {}", mmd.counters.demotions_moved);
    assert!(mmd.mean_latency_ms < 0.11);
}

/// Same scenario → identical numbers; the batch size does not change anything.
#[test]
fn runs_are_deterministic_and_independent_of_batching() {
    let s = Scenario::default();
    let whole = run(s.clone());
    assert_eq!(whole, run(s.clone()));
    let mut batched = Run::new(s.clone()).unwrap();
    let mut sizes = [1u64, 7, 4096, 32_767, 100_003].into_iter().cycle();
    while !batched.step(sizes.next().unwrap()) {}
    assert_eq!(whole, batched.report());
    let mut other = s;
    other.seed = 2;
    let r = run(other);
    assert_ne!(whole.counters, r.counters, "another seed gives another trace");
    assert!(within(r.mean_latency_ms, whole.mean_latency_ms, 0.05));
}

/// A single client with DEMOTE and an MRU-insertion array behaves as one unified LRU cache of
/// N_c + N_a − 1 blocks (§4.1: the most recently read block is cached twice): the same hits,
/// request for request, within 0.1 %.
#[test]
fn lru_mru_demote_is_one_lru_of_the_aggregate_size() {
    for workload in [
        WorkloadConfig::Random { blocks: 3000, request_blocks: 1, warmup_requests: None, measured_requests: None },
        WorkloadConfig::Zipf {
            blocks: 4500,
            request_blocks: 1,
            alpha: 1.0,
            warmup_requests: None,
            measured_requests: None,
        },
    ] {
        let mut s = sized(Scenario::paper000_random(Lru, Mru, Protocol::Demote), 1000, 1500);
        *s.workload_mut().unwrap() = workload;
        let r = run(s.clone());
        let (warmup, measured) = s.workload().unwrap().phases();
        let mut w = s.workload().unwrap().build(s.seed);
        let mut unified = tiersim_core::policy::Lru::new(1000 + 1500 - 1, w.universe());
        let mut ev = Vec::new();
        let mut hits = 0u64;
        for i in 0..warmup + measured {
            let hit = unified.access(w.next_request().unwrap().block, &mut ev);
            if i >= warmup && hit {
                hits += 1;
            }
        }
        let ours = r.counters.client_hits + r.counters.array_hits;
        let diff = (ours as f64 - hits as f64).abs() / hits as f64;
        println!("{:?}: hierarchy {ours} hits, unified LRU {hits}", s.workload().unwrap());
        assert!(diff <= 0.001, "{:?}: hierarchy {ours} hits, unified LRU {hits}", s.workload().unwrap());
    }
}

/// §5 / Fig. 19: slow the link down and demotion stops paying. In the additive model every
/// request's cost is linear in the link's per-block time T while the hit fractions do not depend
/// on it, so from eq. 1
///   baseline:  (a₀ + d₀)·T + d₀·T_d       proposed:  (a₁ + d₁ + m₁)·T + d₁·T_d
/// (a: array hits, d: disk reads, m: demotions that moved data, per request) cross at
///   T* = (d₀ − d₁)·T_d / ((a₁ + d₁ + m₁) − (a₀ + d₀)).
/// As in the paper, the whole link cost scales with the bandwidth: T = 0.2 ms × 1000 / B for a
/// nominal B Mbit/s. The sweep from 1 Gbit/s to 10 Mbit/s must find the crossover within 10 %
/// of the B* this predicts (the paper saw it below 50 Mbit/s).
#[test]
fn bandwidth_sweep_finds_the_analytic_crossover() {
    let design = |c: PolicyConfig, a: PolicyConfig, p: Protocol, nominal_mbit: f64| {
        let mut s = sized(Scenario::paper000_random(c, a, p), 2048, 2048);
        *s.workload_mut().unwrap() =
            WorkloadConfig::Random { blocks: 4096, request_blocks: 1, warmup_requests: None, measured_requests: None };
        // 4 KiB in 0.2 ms at 1 Gbit/s nominal: 163.84 Mbit/s of pure transfer, no fixed part.
        *link_and_disk(&mut s).0 =
            LinkConfig::Custom { latency_us: 0.0, bandwidth_mbit: 163.84 * nominal_mbit / 1000.0 };
        run(s)
    };
    let base = design(Lru, Lru, Protocol::None, 1000.0);
    let prop = design(Lru, Mru, Protocol::Demote, 1000.0);
    let per_req = |r: &Report, n: u64| n as f64 / r.counters.requests as f64;
    let (a0, d0) = (per_req(&base, base.counters.array_hits), per_req(&base, base.counters.disk_reads));
    let (a1, d1, m1) = (
        per_req(&prop, prop.counters.array_hits),
        per_req(&prop, prop.counters.disk_reads),
        per_req(&prop, prop.counters.demotions_moved),
    );
    let td = 10.0;
    let t_star = (d0 - d1) * td / ((a1 + d1 + m1) - (a0 + d0));
    let b_star = 0.2 * 1000.0 / t_star;
    assert!((10.0..50.0).contains(&b_star), "predicted crossover {b_star:.1} Mbit/s (paper: below 50)");

    // The sweep: 25 nominal bandwidths, log-spaced from 1000 down to 10 Mbit/s.
    let points: Vec<f64> = (0..25).map(|i| 1000.0 * 0.01f64.powf(i as f64 / 24.0)).collect();
    let gain: Vec<f64> = points
        .iter()
        .map(|&b| {
            design(Lru, Lru, Protocol::None, b).mean_latency_ms - design(Lru, Mru, Protocol::Demote, b).mean_latency_ms
        })
        .collect();
    assert!(gain[0] > 0.0 && gain[24] < 0.0, "demotion should pay at 1 Gbit/s and not at 10 Mbit/s: {gain:?}");
    let i = gain.iter().position(|&g| g < 0.0).unwrap();
    // Interpolate linearly in T (∝ 1/B), in which the gain is linear.
    let (t_hi, t_lo) = (1.0 / points[i - 1], 1.0 / points[i]);
    let t = t_hi + (t_lo - t_hi) * gain[i - 1] / (gain[i - 1] - gain[i]);
    let b_sim = 1.0 / t;
    println!("crossover: predicted {b_star:.2} Mbit/s (T* = {t_star:.3} ms), simulated {b_sim:.2} Mbit/s");
    assert!(within(b_sim, b_star, 0.10), "simulated crossover {b_sim:.1} Mbit/s vs predicted {b_star:.1}");
}

fn sequential_on_a_drive(client: PolicyConfig, array: PolicyConfig, protocol: Protocol) -> Report {
    let mut s = Scenario::paper000_random(client, array, protocol);
    *s.workload_mut().unwrap() =
        WorkloadConfig::Sequential { blocks: 32767, request_blocks: 1, warmup_requests: None, measured_requests: None };
    *link_and_disk(&mut s).1 = DiskConfig::Mechanical(Default::default());
    run(s)
}

/// Table 2, SEQUENTIAL, with the mechanical drive (its read-ahead is what makes a sequential
/// disk read cost ≈ 1.5 ms rather than 10): LRU client 1.67 → 0.48 ms (3.5×); MRU client,
/// MRU-LRU-none 0.12 ms; and MRU-LRU-none is the best of the eight designs (§4.5).
#[test]
fn sequential_table2_with_the_mechanical_drive() {
    let base = sequential_on_a_drive(Lru, Lru, Protocol::None);
    let prop = sequential_on_a_drive(Lru, Mru, Protocol::Demote);
    let (b, p) = (base.mean_latency_ms, prop.mean_latency_ms);
    println!("SEQ LRU client: {b:.3} → {p:.3} ms ({:.2}×)", b / p);
    assert!(within(b, 1.67, 0.20), "baseline {b:.3} ms not within 20% of 1.67 ms");
    assert!(within(p, 0.48, 0.20), "proposed {p:.3} ms not within 20% of 0.48 ms");
    assert!(within(b / p, 3.5, 0.20), "speedup {:.2}× not within 20% of 3.5×", b / p);

    let mrn = sequential_on_a_drive(Mru, Lru, Protocol::None);
    let mmd = sequential_on_a_drive(Mru, Mru, Protocol::Demote);
    println!("SEQ MRU client: {:.3} vs {:.3} ms", mrn.mean_latency_ms, mmd.mean_latency_ms);
    assert!(within(mrn.mean_latency_ms, 0.12, 0.20), "MRU-LRU-none {:.3} ms", mrn.mean_latency_ms);
    // The paper's 0.12 / 0.13 = 0.9×: demotions that move no data cost nearly nothing.
    assert!(within(mrn.mean_latency_ms / mmd.mean_latency_ms, 0.9, 0.20));
    for c in [Lru, Mru] {
        for a in [Lru, Mru] {
            for proto in [Protocol::None, Protocol::Demote] {
                // MRU-MRU-demote ties (within 0.3 %) here: this scenario leaves a DEMOTE that
                // moves no data free (`demoteCommandMs` absent); `tiersim reproduce` charges
                // Table 2's 0.02 ms round trip, which puts it behind (0.13 vs 0.12 ms).
                let r = sequential_on_a_drive(c.clone(), a.clone(), proto);
                assert!(
                    r.mean_latency_ms >= 0.99 * mrn.mean_latency_ms,
                    "{}-{}-{proto:?} beats MRU-LRU-none",
                    c.name(),
                    a.name()
                );
            }
        }
    }
}

/// The drive also keeps RANDOM where the constant T_d put it (Table 2: 4.77 → 0.64 ms).
#[test]
fn random_table2_holds_on_the_mechanical_drive() {
    let on_drive = |c, a, p| {
        let mut s = Scenario::paper000_random(c, a, p);
        *link_and_disk(&mut s).1 = DiskConfig::Mechanical(Default::default());
        run(s)
    };
    let (b, p) =
        (on_drive(Lru, Lru, Protocol::None).mean_latency_ms, on_drive(Lru, Mru, Protocol::Demote).mean_latency_ms);
    println!("RANDOM on the drive: {b:.3} → {p:.3} ms");
    assert!(within(b, 4.77, 0.20) && within(p, 0.64, 0.20) && within(b / p, 7.5, 0.20), "{b:.3} → {p:.3}");
}

/// Paper 003's DU at the array. `lru-end` makes an LRU array exactly paper 000's MRU array
/// (same report, design for design); `drop` with DEMOTE makes the pair strictly exclusive — one
/// LRU of N_c + N_a − 1 blocks, hit for hit (the client makes room before it knows the array
/// will free a slot by dropping what it sends up, so that slot waits for the next demotion).
#[test]
fn du_lru_end_is_the_mru_array_and_du_drop_is_exclusive() {
    use tiersim_core::hierarchy::Du;
    let workloads = [
        WorkloadConfig::Random { blocks: 3000, request_blocks: 1, warmup_requests: None, measured_requests: None },
        WorkloadConfig::Zipf {
            blocks: 4500,
            request_blocks: 1,
            alpha: 1.0,
            warmup_requests: None,
            measured_requests: None,
        },
    ];
    for workload in workloads {
        let scenario = |client: PolicyConfig, array: PolicyConfig, p: Protocol, du: Option<Du>| {
            let mut s = sized(Scenario::paper000_random(client, array, p), 1000, 1500);
            *s.workload_mut().unwrap() = workload.clone();
            s.du = du;
            s
        };
        for c in [Lru, Mru] {
            for p in [Protocol::None, Protocol::Demote] {
                let du = run(scenario(c.clone(), Lru, p, Some(Du::LruEnd)));
                let mru = run(scenario(c.clone(), Mru, p, None));
                // Every number the same; the report names each cache's policy, which differ.
                let numbers = |mut r: Report| {
                    r.caches.iter_mut().for_each(|c| c.policy.clear());
                    r
                };
                assert_eq!(
                    numbers(du),
                    numbers(mru),
                    "{}-LRU-{p:?} with DU lru-end vs {}-MRU-{p:?}",
                    c.name(),
                    c.name()
                );
            }
        }
        let s = scenario(Lru, Lru, Protocol::Demote, Some(Du::Drop));
        let r = run(s.clone());
        let (warmup, measured) = s.workload().unwrap().phases();
        let mut w = s.workload().unwrap().build(s.seed);
        let mut unified = tiersim_core::policy::Lru::new(1000 + 1500 - 1, w.universe());
        let (mut ev, mut hits) = (Vec::new(), 0u64);
        for i in 0..warmup + measured {
            let hit = unified.access(w.next_request().unwrap().block, &mut ev);
            hits += (i >= warmup && hit) as u64;
        }
        assert_eq!(r.counters.client_hits + r.counters.array_hits, hits, "{:?}", s.workload().unwrap());
        // Inclusive with DU drop: the array never keeps anything it sends up.
        let none = run(scenario(Lru, Lru, Protocol::None, Some(Du::Drop)));
        assert_eq!((none.counters.array_hits, none.array_blocks), (0, 0));
    }
    // The scenario carries it, and refuses anything else.
    let s = Scenario { du: Some(Du::LruEnd), ..Default::default() };
    assert!(s.to_json().contains(r#""du":"lru-end""#));
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
    let bad = s.to_json().replace("lru-end", "sometimes");
    assert_eq!(Scenario::from_json(&bad).unwrap_err().path, "du");
}

/// Paper 003's content-aware client (AC_CA): with k = 1 it is the inclusive baseline exactly;
/// with k = 4 it evicts what the array also holds, turning some disk reads into array hits (a
/// small gain with LRU at both levels, as paper 003 found AC_CA no better than the others).
#[test]
fn ac_ca_prefers_victims_the_array_holds() {
    let with = |protocol| {
        let mut s = sized(Scenario::paper000_random(Lru, Lru, protocol), 1000, 1500);
        *s.workload_mut().unwrap() = WorkloadConfig::Zipf {
            blocks: 4500,
            request_blocks: 1,
            alpha: 0.8,
            warmup_requests: None,
            measured_requests: None,
        };
        run(s)
    };
    let base = with(Protocol::None);
    assert_eq!(with(Protocol::AcCa { k: 1 }), base, "k = 1: the policy's own victim");
    let ca = with(Protocol::AcCa { k: 4 });
    println!(
        "AC_CA k=4: disk {:.4} vs {:.4}, mean {:.3} vs {:.3} ms",
        ca.hit_fractions.disk, base.hit_fractions.disk, ca.mean_latency_ms, base.mean_latency_ms
    );
    assert!(ca.hit_fractions.disk < base.hit_fractions.disk);
    assert!(ca.hit_fractions.array > base.hit_fractions.array);
    assert!(ca.mean_latency_ms < base.mean_latency_ms);
    let bad = Scenario { protocol: Protocol::AcCa { k: 0 }, ..Default::default() };
    assert_eq!(Run::new(bad).err().unwrap().to_string(), "scenario.protocol.k: must be between 1 and 1024 (got 0)");
}

/// Paper 003's HA_R: the array learns the client's evictions and reloads them from disk. Its
/// cache evolves exactly as under DEMOTE — same hits everywhere — but no data crosses the link
/// for it: every DEMOTE that moved data becomes a background disk reload instead.
#[test]
fn ha_r_is_demote_without_the_transfer() {
    let with = |protocol| {
        let mut s = sized(Scenario::paper000_random(Lru, Mru, protocol), 1000, 1500);
        *s.workload_mut().unwrap() = WorkloadConfig::Zipf {
            blocks: 4500,
            request_blocks: 1,
            alpha: 1.0,
            warmup_requests: None,
            measured_requests: None,
        };
        run(s)
    };
    let demote = with(Protocol::Demote);
    let ha_r = with(Protocol::HaR);
    assert_eq!(ha_r.hit_fractions, demote.hit_fractions);
    assert_eq!(ha_r.counters.reloads, demote.counters.demotions_moved);
    assert_eq!((ha_r.counters.demotions, ha_r.counters.demotions_moved), (0, 0));
    let saved = demote.counters.demotions_moved as f64 * 0.2 / demote.counters.requests as f64;
    assert!(
        (demote.mean_latency_ms - ha_r.mean_latency_ms - saved).abs() < 1e-9,
        "HA_R saves exactly the demotion transfers"
    );
}

/// Paper 003's client-controlled caching (AC_CC, ULC-style): no block is ever in both caches —
/// reads, multi-block reads and writes alike — and on a skewed stream the pair then caches more
/// distinct blocks than the inclusive baseline, so more reads hit somewhere.
#[test]
fn ac_cc_keeps_every_block_in_one_level() {
    use tiersim_core::model::{Op, Request};
    use tiersim_core::util::rng::Rng;
    use tiersim_core::workload::zipf::ZipfTable;
    let table = ZipfTable::new(600, 0.9);
    let mut rng = Rng::seeded(4);
    let mut h = two_level(
        Lru.build(50, 600, 1).unwrap(),
        Lru.build(80, 600, 2).unwrap(),
        Protocol::AcCc,
        DiskConfig::default(),
    );
    let (mut c, mut a) = (Vec::new(), Vec::new());
    for i in 0..30_000 {
        let nblocks = 1 + (rng.below(8) == 0) as u32 * 2;
        let block = table.sample(&mut rng).min(600 - nblocks);
        let op = if rng.below(10) == 0 { Op::Write } else { Op::Read };
        h.serve(0, &Request { nblocks, op, ..Request::read(block) });
        (c, a) = contents(&h);
        assert!(c.iter().all(|b| !a.contains(b)), "request {i}: a block in both levels");
        h.check_invariants().unwrap();
    }
    assert!(c.len() == 50 && a.len() > 70, "both levels in use: {} + {}", c.len(), a.len());

    let with = |protocol| {
        let mut s = sized(Scenario::paper000_random(Lru, Lru, protocol), 1000, 1500);
        *s.workload_mut().unwrap() = WorkloadConfig::Zipf {
            blocks: 4500,
            request_blocks: 1,
            alpha: 0.8,
            warmup_requests: None,
            measured_requests: None,
        };
        run(s)
    };
    let (base, cc) = (with(Protocol::None), with(Protocol::AcCc));
    println!("AC_CC: disk {:.4} vs inclusive {:.4}", cc.hit_fractions.disk, base.hit_fractions.disk);
    assert!(cc.hit_fractions.disk < base.hit_fractions.disk - 0.05);
}

/// Every protocol, with and without DU and CO, over several policies: randomized mixed streams
/// (multi-block reads, writes) with every cache's invariants checked after every request, the
/// protocol's own promise checked where it has one, and the counters adding up.
#[test]
fn every_protocol_survives_randomized_runs_with_invariants_after_every_request() {
    use tiersim_core::hierarchy::Du;
    use tiersim_core::model::{Op, Request};
    use tiersim_core::policy::co::Co;
    use tiersim_core::util::rng::Rng;
    let protocols = [Protocol::None, Protocol::Demote, Protocol::HaR, Protocol::AcCc, Protocol::AcCa { k: 3 }];
    let policies = ["lru", "mru", "arc", "s3-fifo", "lirs", "2q"];
    let mut rng = Rng::seeded(99);
    for &protocol in &protocols {
        for du in [None, Some(Du::Drop), Some(Du::LruEnd)] {
            for co in [false, true] {
                let pick = |r: &mut Rng| -> PolicyConfig {
                    serde_json::from_str(&format!(
                        r#"{{"kind":"{}"}}"#,
                        policies[r.below(policies.len() as u64) as usize]
                    ))
                    .unwrap()
                };
                let (pc, pa) = (pick(&mut rng), pick(&mut rng));
                let mut client = pc.build(20, 200, 1).unwrap();
                if co {
                    client = Box::new(Co::new(client, 200));
                }
                let array = pa.build(30, 200, 2).unwrap();
                let mut h = two_level(client, array, protocol, DiskConfig::Mechanical(Default::default())).with_du(du);
                for step in 0..3000 {
                    let nblocks = 1 + rng.below(3) as u32;
                    let block = rng.below(200 - nblocks as u64) as u32;
                    let op = if rng.below(8) == 0 { Op::Write } else { Op::Read };
                    h.serve(0, &Request { nblocks, op, ..Request::read(block) });
                    let ctx = format!("{protocol:?} du {du:?} co {co} {}-{} step {step}", pc.name(), pa.name());
                    h.check_invariants().unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    if protocol == Protocol::AcCc {
                        let (c, a) = contents(&h);
                        assert!(c.iter().all(|b| !a.contains(b)), "{ctx}: AC_CC block in both levels");
                    }
                }
                let c = h.client_counters(0);
                assert_eq!(c.reads + c.writes, c.requests);
                assert_eq!(c.served_at[0] + c.served_at[1] + c.disk_reads, c.reads, "{protocol:?} {du:?} {co}");
                assert!(c.blocks_served_at[0] + c.blocks_served_at[1] <= c.block_reads);
            }
        }
    }
}
