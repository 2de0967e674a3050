//! Tree scenarios: many clients, N levels, every protocol (AC_CC and the offline policies
//! included), queueing and fairness, end to end through `Run`; a tree of one client over one
//! array is the two-level run; bad trees are refused with the place; randomised trees keep the
//! hierarchy engine's invariants after every request.

use std::collections::BTreeMap;

use tiersim_core::hierarchy::{Arrivals, DiskConfig, Du, LinkConfig, Protocol};
use tiersim_core::policy::PolicyConfig;
use tiersim_core::scenario::{Source, Topology, TreeCache};
use tiersim_core::workload::{Sharing, WorkloadConfig};
use tiersim_core::{Report, Run, Scenario};

fn run(s: &Scenario) -> Report {
    Run::new(s.clone()).unwrap_or_else(|e| panic!("{e}")).run_to_end()
}

fn cache(name: &str, capacity: u64, policy: PolicyConfig, parent: Option<&str>) -> TreeCache {
    TreeCache {
        name: name.into(),
        capacity: capacity.into(),
        policy,
        co: false,
        admission: None,
        prefetch: None,
        parent: parent.map(Into::into),
        link: parent.map(|_| LinkConfig::Fc1g),
        disk: parent.is_none().then_some(DiskConfig::Constant { service_ms: 10.0 }),
    }
}

fn tree_scenario(caches: Vec<TreeCache>, sharing: Sharing, protocol: Protocol, workload: WorkloadConfig) -> Scenario {
    Scenario {
        topology: Topology::Tree { caches },
        protocol,
        fairness: true,
        source: Source::Workload { workload, clients: BTreeMap::new(), sharing },
        ..Default::default()
    }
}

/// The caches of a tree scenario.
fn caches(s: &mut Scenario) -> &mut Vec<TreeCache> {
    let Topology::Tree { caches } = &mut s.topology else { panic!("a tree") };
    caches
}

/// A workload source's per-client generators and sharing.
fn workload(s: &mut Scenario) -> (&mut BTreeMap<String, WorkloadConfig>, &mut Sharing) {
    let Source::Workload { clients, sharing, .. } = &mut s.source else { panic!("a workload") };
    (clients, sharing)
}

/// `s`'s topology as a tree of one client over one array (the same caches, link and disk), its
/// one client issuing the scenario's stream.
fn as_tree(s: &Scenario) -> Scenario {
    let Topology::TwoLevel { client, array, link, disk } = &s.topology else { panic!("two levels") };
    let mut root = cache("array", array.capacity.in_blocks(s.block_size), array.policy.clone(), None);
    root.disk = Some(*disk);
    let mut leaf = cache("client", client.capacity.in_blocks(s.block_size), client.policy.clone(), Some("array"));
    leaf.link = Some(*link);
    let mut tree = s.clone();
    tree.topology = Topology::Tree { caches: vec![root, leaf] };
    *workload(&mut tree).1 = Sharing::Conjoint;
    tree
}

fn zipf(blocks: u64, warmup: u64, measured: u64) -> WorkloadConfig {
    WorkloadConfig::Zipf {
        blocks,
        request_blocks: 1,
        alpha: 1.0,
        warmup_requests: Some(warmup),
        measured_requests: Some(measured),
    }
}

/// Four clients, two middle tiers, one array: 3 levels.
fn four_by_three(protocol: Protocol, sharing: Sharing) -> Scenario {
    use PolicyConfig::*;
    let caches = vec![
        cache("array", 3000, if protocol == Protocol::Demote { Mru } else { Lru }, None),
        cache("mid1", 1000, Lru, Some("array")),
        cache("mid2", 1000, Lru, Some("array")),
        cache("c1", 500, Lru, Some("mid1")),
        cache("c2", 500, Arc, Some("mid1")),
        cache("c3", 500, Lru, Some("mid2")),
        cache("c4", 500, S3Fifo { small_share: 0.1 }, Some("mid2")),
    ];
    tree_scenario(caches, sharing, protocol, zipf(4000, 4000, 20_000))
}

#[test]
fn write_hints_reach_the_caches_of_a_tree_as_of_two_levels() {
    // Paper 004's OLTP client over an LRU client cache and a TQ (or MQ+Hints) array: the tree
    // of one client and one array must see the same hinted writes as two levels.
    use PolicyConfig::*;
    for array in [Tq, MqHints { life_time: 0 }, LruHints] {
        let mut two = Scenario::paper000_random(Lru, array.clone(), Protocol::None);
        two.topology.client_mut().unwrap().capacity = 2_000.into();
        two.topology.array_mut().unwrap().capacity = 4_000.into();
        *two.workload_mut().unwrap() = WorkloadConfig::Oltp {
            warehouses: 1,
            buffer_pool: Some(6_000),
            // A low recovery bound: RECOV writes, which each policy treats apart.
            softmax: 50,
            dirty_threshold: 0.5,
            log_file_records: None,
            stream: Default::default(),
            model: tiersim_core::workload::oltp::DEFAULT_MODEL,
            warmup_requests: Some(10_000),
            measured_requests: Some(40_000),
        };
        let mut tree = as_tree(&two);
        tree.fairness = false;
        let (a, b) = (run(&two), run(&tree));
        assert!(a.counters.recov_writes > 5_000, "{:?}", a.counters);
        assert_eq!(a.hit_fractions, b.hit_fractions, "{array:?}");
        assert_eq!(a.mean_latency_ms, b.mean_latency_ms, "{array:?}");
        assert!(a.hit_fractions.array > 0.01, "{array:?}: the array hits nothing: {:?}", a.hit_fractions);
    }
}

#[test]
fn one_conjoint_client_over_one_array_is_the_two_level_run() {
    use PolicyConfig::*;
    for (client, array, protocol, du) in [
        (Lru, Mru, Protocol::Demote, None),
        (Lru, Lru, Protocol::None, None),
        (Lru, Lru, Protocol::HaR, None),
        (Lru, Lru, Protocol::AcCa { k: 4 }, None),
        (Lru, Lru, Protocol::None, Some(Du::Drop)),
    ] {
        let mut two = Scenario::paper000_random(client.clone(), array.clone(), protocol);
        two.du = du;
        let tree = as_tree(&two);
        assert!(tree.fairness);
        let (a, b) = (run(&two), run(&tree));
        // One engine: every count the same, paper 004's warm reads included.
        assert_eq!(a.counters, b.counters, "{protocol:?} {du:?}");
        assert_eq!(a.latency, b.latency);
        assert_eq!(a.mean_latency_ms, b.mean_latency_ms);
        assert_eq!(b.clients.len(), 1);
        assert_eq!(b.fairness, None, "one client: no fairness");
        assert_eq!(
            b.clients[0].hit_fractions,
            vec![a.hit_fractions.client, a.hit_fractions.array, a.hit_fractions.disk]
        );
    }
}

#[test]
fn one_closed_loop_client_queues_behind_nobody() {
    let mut s = four_by_three(Protocol::Demote, Sharing::Disjoint);
    let all = caches(&mut s).clone();
    // Keep c1's path only: array, mid1, c1.
    *caches(&mut s) = vec![all[0].clone(), all[1].clone(), all[3].clone()];
    let additive = run(&s);
    s.queueing = Some(Arrivals::Closed);
    let queued = run(&s);
    assert_eq!(additive.counters.requests, 20_000);
    assert_eq!(queued.counters, additive.counters);
    assert_eq!(queued.latency, additive.latency, "one outstanding request never waits");
    assert!(queued.queueing);
}

#[test]
fn four_clients_on_three_levels_report_per_client_and_per_cache() {
    for protocol in [Protocol::None, Protocol::Demote, Protocol::HaR, Protocol::AcCa { k: 4 }] {
        let s = four_by_three(protocol, Sharing::Shared { fraction: 0.3 });
        let r = run(&s);
        assert_eq!(r.clients.len(), 4);
        assert_eq!(r.caches.len(), 7);
        assert_eq!(r.caches.iter().map(|c| c.depth).collect::<Vec<_>>(), [0, 1, 1, 2, 2, 2, 2]);
        for (c, name) in r.clients.iter().zip(["c1", "c2", "c3", "c4"]) {
            assert_eq!(c.name, name);
            assert_eq!(c.path.len(), 3);
            assert_eq!(c.requests, 20_000);
            assert_eq!(c.served_at.len(), 4);
            assert_eq!(c.served_at.iter().sum::<u64>(), c.reads);
            assert!((c.hit_fractions.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert_eq!(c.latency.counts.iter().sum::<u64>(), 20_000);
            let speedup = c.speedup.unwrap();
            assert!(speedup > 0.0 && speedup.is_finite());
        }
        // The sums over the clients.
        assert_eq!(r.counters.requests, 80_000);
        assert_eq!(r.counters.client_hits, r.clients.iter().map(|c| c.served_at[0]).sum::<u64>());
        assert_eq!(r.counters.disk_reads, r.clients.iter().map(|c| c.served_at[3]).sum::<u64>());
        let mean = r.clients.iter().map(|c| c.mean_latency_ms).sum::<f64>() / 4.0;
        assert!((r.mean_latency_ms - mean).abs() < 1e-9);
        let fairness = r.fairness.unwrap();
        assert!(fairness > 0.0 && fairness <= 1.0, "{fairness}");
        // Every cache's occupancy within its capacity; the clients' caches are full.
        assert!(r.caches.iter().all(|c| c.blocks <= c.capacity));
        assert!(r.caches[3..].iter().all(|c| c.blocks == c.capacity), "{protocol:?}");
        match protocol {
            Protocol::Demote => assert!(r.counters.demotions > 0),
            Protocol::HaR => assert!(r.counters.reloads > 0),
            _ => assert_eq!(r.counters.demotions + r.counters.reloads, 0),
        }
    }
}

#[test]
fn sharing_helps_and_disjoint_clients_only_compete() {
    // The same four clients: sharing 60 % of their references makes the shared tiers hit more
    // than disjoint streams do (a block one client brought in serves the others).
    let disjoint = run(&four_by_three(Protocol::None, Sharing::Disjoint));
    let shared = run(&four_by_three(Protocol::None, Sharing::Shared { fraction: 0.6 }));
    assert!(shared.hit_fractions.array > disjoint.hit_fractions.array + 0.05);
    // Conjoint: every client the same stream, so the middle tiers and the array hold what the
    // first of each pair brought in.
    let conjoint = run(&four_by_three(Protocol::None, Sharing::Conjoint));
    assert!(conjoint.hit_fractions.disk < shared.hit_fractions.disk);
}

#[test]
fn queueing_shows_contention_and_costs_fairness() {
    // Four closed-loop clients with no caches to speak of share one disk: each waits for the
    // others, so their mean latency is about four disk times and each one's speedup about 1/4.
    let mut caches = vec![cache("array", 1, PolicyConfig::Lru, None)];
    for c in 1..=4 {
        caches.push(cache(&format!("c{c}"), 1, PolicyConfig::Lru, Some("array")));
    }
    let mut s = tree_scenario(
        caches,
        Sharing::Disjoint,
        Protocol::None,
        WorkloadConfig::Random {
            blocks: 100_000,
            request_blocks: 1,
            warmup_requests: Some(100),
            measured_requests: Some(2000),
        },
    );
    let additive = run(&s);
    s.queueing = Some(Arrivals::Closed);
    let queued = run(&s);
    assert!((additive.mean_latency_ms - 10.2).abs() < 0.05, "{}", additive.mean_latency_ms);
    // Every request: 10 ms on the disk behind the three others, plus its own transfer.
    assert!((queued.mean_latency_ms - 40.2).abs() < 0.5, "{}", queued.mean_latency_ms);
    for c in &queued.clients {
        assert!((c.speedup.unwrap() - 0.25).abs() < 0.01, "{c:?}");
    }
    assert!(queued.fairness.unwrap() > 0.97, "symmetric clients are treated alike");
    // Open loop at one request per 50 ms per client: the disk is 80 % busy, and queues form.
    s.queueing = Some(Arrivals::Open { mean_interarrival_ms: 50.0 });
    let open = run(&s);
    assert!(open.mean_latency_ms > 15.0 && open.mean_latency_ms < 100.0, "{}", open.mean_latency_ms);
    assert_eq!(open.counters.requests, 8000);
}

#[test]
fn an_unfair_pairing_shows_in_fairness() {
    // A client with a cache big enough for its working set next to one thrashing through the
    // shared array: the thrashing one loses more to sharing.
    let caches = vec![
        cache("array", 2000, PolicyConfig::Lru, None),
        cache("small", 100, PolicyConfig::Lru, Some("array")),
        cache("big", 100, PolicyConfig::Lru, Some("array")),
    ];
    let mut s = tree_scenario(caches, Sharing::Disjoint, Protocol::None, zipf(10, 1, 1));
    let clients = workload(&mut s).0;
    clients.insert("small".into(), zipf(1500, 3000, 20_000));
    clients.insert(
        "big".into(),
        WorkloadConfig::Random {
            blocks: 20_000,
            request_blocks: 1,
            warmup_requests: Some(3000),
            measured_requests: Some(20_000),
        },
    );
    let r = run(&s);
    let (a, b) = (r.clients[0].speedup.unwrap(), r.clients[1].speedup.unwrap());
    assert!(a < 0.9, "the Zipf client loses array space to the random one: {a}");
    assert!(b > 0.97, "the random client hardly cares: {b}");
    assert!((r.fairness.unwrap() - a / b).abs() < 1e-12);
}

#[test]
fn tree_runs_are_deterministic_and_batching_free() {
    let mut s = four_by_three(Protocol::Demote, Sharing::Shared { fraction: 0.2 });
    s.queueing = Some(Arrivals::Closed);
    let whole = run(&s);
    let mut r = Run::new(s.clone()).unwrap();
    while !r.step(777) {}
    assert_eq!(r.report(), whole);
    assert_eq!(run(&s), whole);
}

#[test]
fn bad_trees_are_refused_with_the_place() {
    let base = four_by_three(Protocol::None, Sharing::Disjoint);
    let check = |edit: &dyn Fn(&mut Scenario), path: &str, words: &str| {
        let mut s = base.clone();
        edit(&mut s);
        let e = Scenario::from_json(&s.to_json()).unwrap_err();
        assert_eq!(e.path, path, "{e}");
        assert!(e.message.contains(words), "{e}");
    };
    check(
        &|s| caches(s)[1].parent = Some("nowhere".into()),
        "topology.caches[1].parent",
        "no cache is named \"nowhere\"",
    );
    check(&|s| caches(s)[1].parent = Some("mid1".into()), "topology.caches[1].parent", "its own parent");
    check(
        &|s| {
            caches(s)[0].parent = Some("mid1".into());
            caches(s)[0].disk = None;
        },
        "topology.caches[0].parent",
        "cycle",
    );
    check(&|s| caches(s)[1].parent = None, "topology.caches[1].disk", "needs a disk");
    check(&|s| caches(s)[3].disk = Some(DiskConfig::default()), "topology.caches[3].disk", "only a root has a disk");
    check(&|s| caches(s)[2].name = "mid1".into(), "topology.caches[2].name", "names two caches");
    check(&|s| caches(s)[4].capacity = 0.into(), "topology.caches[4].capacity", "between 1 and");
    check(
        &|s| {
            workload(s).0.insert("mid1".into(), zipf(10, 1, 1));
        },
        "source.clients.mid1",
        "not a client",
    );
    check(
        &|s| {
            let (clients, sharing) = workload(s);
            *sharing = Sharing::Conjoint;
            clients.insert("c1".into(), zipf(10, 1, 1));
        },
        "source.clients.c1",
        "conjoint",
    );
    check(&|s| *workload(s).1 = Sharing::Shared { fraction: 2.0 }, "source.sharing.fraction", "between 0 and 1");
    check(
        &|s| s.queueing = Some(Arrivals::Open { mean_interarrival_ms: -1.0 }),
        "queueing.meanInterarrivalMs",
        "above 0",
    );
    // An offline policy where the stream reaching it depends on the run: a middle tier under
    // two clients whose order, with queueing, depends on its own hits.
    check(
        &|s| {
            caches(s)[1].policy = PolicyConfig::Min;
            s.queueing = Some(Arrivals::Closed);
        },
        "topology.caches[1].policy",
        "offline",
    );
    check(&|s| caches(s).clear(), "topology.caches", "1 to 64");
    // A version-1 document saying "tree" without its tree is refused where it was.
    let v1 = r#"{"version":1,"seed":1,"topology":"tree","client":{"capacity":8,"policy":{"kind":"lru"}},
        "array":{"capacity":8,"policy":{"kind":"lru"}},"protocol":{"kind":"none"},"link":{"preset":"fc-1g"},
        "disk":{"kind":"constant","serviceMs":10},"workload":{"kind":"random","blocks":100}}"#;
    assert_eq!(Scenario::from_json(v1).unwrap_err().path, "tree");
    // And a good one round-trips.
    assert_eq!(Scenario::from_json(&base.to_json()).unwrap(), base);
}

/// Version 1 refused AC_CC and offline policies in a tree (its tree engine had neither).
/// Version 2 runs them: AC_CC keeps every block in one cache of each client's path, even in
/// caches several clients share (a block another client below holds is not placed there); an
/// offline policy runs at a client (its own requests), and above the clients where their
/// stream cannot depend on it.
#[test]
fn ac_cc_and_offline_policies_run_in_trees() {
    let s = Scenario { protocol: Protocol::AcCc, ..four_by_three(Protocol::None, Sharing::Shared { fraction: 0.3 }) };
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
    let mut r = Run::new(s).unwrap();
    while !r.step(5_000) {
        r.hierarchy().check_invariants().unwrap();
    }
    let report = r.report();
    assert_eq!(report.counters.requests, 80_000);
    assert!(report.caches.iter().all(|c| c.blocks <= c.capacity));
    assert!(report.counters.array_hits > 0, "{:?}", report.counters);

    let mut s = four_by_three(Protocol::None, Sharing::Shared { fraction: 0.3 });
    caches(&mut s)[5].policy = PolicyConfig::Min;
    caches(&mut s)[1].policy = PolicyConfig::ReadOpt;
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
    let r = run(&s);
    assert_eq!(r.counters.requests, 80_000);
    assert_eq!((r.caches[1].policy.as_str(), r.caches[5].policy.as_str()), ("read-opt", "min"));
    // MIN at c3 hits at least what c3's LRU did: it sees the same requests.
    let lru = run(&four_by_three(Protocol::None, Sharing::Shared { fraction: 0.3 }));
    assert!(r.clients[2].served_at[0] >= lru.clients[2].served_at[0], "{:?} vs {:?}", r.clients[2], lru.clients[2]);
}

/// Randomised trees under every tree protocol: invariants after every request, occupancy
/// within capacity, and the per-client counts adding up.
#[test]
fn random_trees_keep_their_invariants() {
    use tiersim_core::hierarchy::{CacheSpec, Hierarchy, Meta};
    use tiersim_core::model::Op;
    use tiersim_core::util::rng::Rng;
    let mut rng = Rng::seeded(99);
    let kinds = ["lru", "mru", "arc", "2q", "clock", "lirs", "s3-fifo", "fifo"];
    // 24 rounds of the protocols version 1's trees ran, with and without DU; then AC_CC, which
    // version 2 runs in trees too (without DU: it keeps each block in one level already).
    for round in 0..32 {
        let n = 2 + rng.below(6) as usize;
        let universe = 400;
        // Cache 0 is a root; each later cache hangs under an earlier one, or is a root itself.
        let parents: Vec<Option<usize>> = (0..n)
            .map(|i| if i == 0 || rng.below(6) == 0 { None } else { Some(rng.below(i as u64) as usize) })
            .collect();
        let leaves: Vec<usize> = (0..n).filter(|&i| !parents.contains(&Some(i))).collect();
        let (protocol, du) = if round < 24 {
            (
                [Protocol::None, Protocol::Demote, Protocol::HaR, Protocol::AcCa { k: 3 }][round % 4],
                [None, Some(Du::Drop), Some(Du::LruEnd)][round % 3],
            )
        } else {
            (Protocol::AcCc, None)
        };
        let caches = parents
            .iter()
            .map(|&p| {
                let kind = kinds[rng.below(kinds.len() as u64) as usize];
                let c: PolicyConfig = serde_json::from_str(&format!(r#"{{"kind":"{kind}"}}"#)).unwrap();
                CacheSpec {
                    policy: c.build(5 + rng.below(60) as usize, universe, round as u64).unwrap(),
                    parent: p,
                    link: Some(LinkConfig::Fc1g),
                    disk: p.is_none().then_some(DiskConfig::default()),
                }
            })
            .collect();
        let mut tree = Hierarchy::new(caches, &leaves, protocol, 0.0, 4096).unwrap().with_du(du);
        for i in 0..3000 {
            let c = rng.below(leaves.len() as u64) as usize;
            let nblocks = 1 + rng.below(3) as u32;
            let block = rng.below(universe as u64 - 3) as u32;
            let op = if rng.below(8) == 0 { Op::Write } else { Op::Read };
            tree.serve_blocks(c, Meta::op(op), block..block + nblocks);
            tree.check_invariants().unwrap_or_else(|e| panic!("round {round} ({protocol:?}, {du:?}) request {i}: {e}"));
            for j in 0..n {
                assert!(tree.cache(j).len() <= tree.cache(j).capacity());
            }
        }
        for c in 0..leaves.len() {
            let cc = tree.client_counters(c);
            assert_eq!(cc.served_at.iter().sum::<u64>() + cc.disk_reads, cc.reads, "client {c}");
            assert_eq!(cc.blocks_served_at.iter().sum::<u64>() + cc.disk_blocks, cc.block_reads);
        }
    }
}
