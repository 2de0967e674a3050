//! Tree scenarios: many clients, N levels, every protocol, queueing and fairness, end to end
//! through `Run`.

use tiersim_core::forest::{ForestCache, ForestConfig};
use tiersim_core::hierarchy::{Arrivals, DiskConfig, Du, LinkConfig, Protocol, Topology};
use tiersim_core::policy::PolicyConfig;
use tiersim_core::workload::{Sharing, WorkloadConfig};
use tiersim_core::{Report, Run, Scenario};

fn run(s: &Scenario) -> Report {
    Run::new(s.clone()).unwrap_or_else(|e| panic!("{e}")).run_to_end()
}

fn cache(name: &str, capacity: u64, policy: PolicyConfig, parent: Option<&str>) -> ForestCache {
    ForestCache {
        name: name.into(),
        capacity,
        policy,
        co: false,
        parent: parent.map(Into::into),
        link: parent.map(|_| LinkConfig::Fc1g),
        disk: parent.is_none().then_some(DiskConfig::Constant { service_ms: 10.0 }),
        workload: None,
    }
}

fn tree_scenario(caches: Vec<ForestCache>, sharing: Sharing, protocol: Protocol, workload: WorkloadConfig) -> Scenario {
    Scenario {
        topology: Topology::Tree,
        protocol,
        workload,
        tree: Some(ForestConfig { caches, sharing, queueing: None, fairness: true }),
        ..Default::default()
    }
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
    // of one client and one array must see the same hinted writes as the two-level engine.
    use PolicyConfig::*;
    for array in [Tq, MqHints { life_time: 0 }, LruHints] {
        let mut two = Scenario::paper000_random(Lru, array.clone(), Protocol::None);
        two.client.capacity = 2_000;
        two.array.capacity = 4_000;
        two.workload = WorkloadConfig::Oltp {
            warehouses: 1,
            buffer_pool: Some(6_000),
            // A low recovery bound: RECOV writes, which each policy treats apart.
            softmax: 50,
            dirty_threshold: 0.5,
            stream: Default::default(),
            warmup_requests: Some(10_000),
            measured_requests: Some(40_000),
        };
        let mut tree = two.clone();
        tree.topology = Topology::Tree;
        let mut caches = vec![cache("array", 4_000, array.clone(), None), cache("client", 2_000, Lru, Some("array"))];
        caches[0].disk = Some(two.disk);
        tree.tree = Some(ForestConfig { caches, sharing: Sharing::Conjoint, queueing: None, fairness: false });
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
        let mut tree = two.clone();
        tree.topology = Topology::Tree;
        let mut caches = vec![cache("array", 16384, array, None), cache("client", 16384, client, Some("array"))];
        caches[0].disk = Some(two.disk);
        tree.tree = Some(ForestConfig { caches, sharing: Sharing::Conjoint, queueing: None, fairness: true });
        let (a, b) = (run(&two), run(&tree));
        // Paper 004's warm read counts are kept by the two-level engine only.
        let cold = |c: &tiersim_core::hierarchy::Counters| tiersim_core::hierarchy::Counters {
            warm_block_reads: 0,
            warm_block_hits: 0,
            ..c.clone()
        };
        assert_eq!(cold(&a.counters), b.counters, "{protocol:?} {du:?}");
        assert_eq!(a.latency, b.latency);
        assert_eq!(a.mean_latency_ms, b.mean_latency_ms);
        let t = b.tree.unwrap();
        assert_eq!(t.clients.len(), 1);
        assert_eq!(t.fairness, None, "one client: no fairness");
        assert_eq!(
            t.clients[0].hit_fractions,
            vec![a.hit_fractions.client, a.hit_fractions.array, a.hit_fractions.disk]
        );
    }
}

#[test]
fn one_closed_loop_client_queues_behind_nobody() {
    let mut s = four_by_three(Protocol::Demote, Sharing::Disjoint);
    let caches = s.tree.as_ref().unwrap().caches.clone();
    // Keep c1's path only: array, mid1, c1.
    s.tree.as_mut().unwrap().caches = vec![caches[0].clone(), caches[1].clone(), caches[3].clone()];
    let additive = run(&s);
    s.tree.as_mut().unwrap().queueing = Some(Arrivals::Closed);
    let queued = run(&s);
    assert_eq!(additive.counters.requests, 20_000);
    assert_eq!(queued.counters, additive.counters);
    assert_eq!(queued.latency, additive.latency, "one outstanding request never waits");
    assert!(queued.tree.unwrap().queueing);
}

#[test]
fn four_clients_on_three_levels_report_per_client_and_per_cache() {
    for protocol in [Protocol::None, Protocol::Demote, Protocol::HaR, Protocol::AcCa { k: 4 }] {
        let s = four_by_three(protocol, Sharing::Shared { fraction: 0.3 });
        let r = run(&s);
        let t = r.tree.as_ref().unwrap();
        assert_eq!(t.clients.len(), 4);
        assert_eq!(t.caches.len(), 7);
        assert_eq!(t.caches.iter().map(|c| c.depth).collect::<Vec<_>>(), [0, 1, 1, 2, 2, 2, 2]);
        for (c, name) in t.clients.iter().zip(["c1", "c2", "c3", "c4"]) {
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
        assert_eq!(r.counters.client_hits, t.clients.iter().map(|c| c.served_at[0]).sum::<u64>());
        assert_eq!(r.counters.disk_reads, t.clients.iter().map(|c| c.served_at[3]).sum::<u64>());
        let mean = t.clients.iter().map(|c| c.mean_latency_ms).sum::<f64>() / 4.0;
        assert!((r.mean_latency_ms - mean).abs() < 1e-9);
        let fairness = t.fairness.unwrap();
        assert!(fairness > 0.0 && fairness <= 1.0, "{fairness}");
        // Every cache's occupancy within its capacity; the clients' caches are full.
        assert!(t.caches.iter().all(|c| c.blocks <= c.capacity));
        assert!(t.caches[3..].iter().all(|c| c.blocks == c.capacity), "{protocol:?}");
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
    s.tree.as_mut().unwrap().queueing = Some(Arrivals::Closed);
    let queued = run(&s);
    let t = queued.tree.as_ref().unwrap();
    assert!((additive.mean_latency_ms - 10.2).abs() < 0.05, "{}", additive.mean_latency_ms);
    // Every request: 10 ms on the disk behind the three others, plus its own transfer.
    assert!((queued.mean_latency_ms - 40.2).abs() < 0.5, "{}", queued.mean_latency_ms);
    for c in &t.clients {
        assert!((c.speedup.unwrap() - 0.25).abs() < 0.01, "{c:?}");
    }
    assert!(t.fairness.unwrap() > 0.97, "symmetric clients are treated alike");
    // Open loop at one request per 50 ms per client: the disk is 80 % busy, and queues form.
    s.tree.as_mut().unwrap().queueing = Some(Arrivals::Open { mean_interarrival_ms: 50.0 });
    let open = run(&s);
    assert!(open.mean_latency_ms > 15.0 && open.mean_latency_ms < 100.0, "{}", open.mean_latency_ms);
    assert_eq!(open.counters.requests, 8000);
}

#[test]
fn an_unfair_pairing_shows_in_fairness() {
    // A client with a cache big enough for its working set next to one thrashing through the
    // shared array: the thrashing one loses more to sharing.
    let mut caches = vec![cache("array", 2000, PolicyConfig::Lru, None)];
    caches.push(cache("small", 100, PolicyConfig::Lru, Some("array")));
    caches.push(cache("big", 100, PolicyConfig::Lru, Some("array")));
    caches[1].workload = Some(zipf(1500, 3000, 20_000));
    caches[2].workload = Some(WorkloadConfig::Random {
        blocks: 20_000,
        request_blocks: 1,
        warmup_requests: Some(3000),
        measured_requests: Some(20_000),
    });
    let s = tree_scenario(caches, Sharing::Disjoint, Protocol::None, zipf(10, 1, 1));
    let t = run(&s).tree.unwrap();
    let (a, b) = (t.clients[0].speedup.unwrap(), t.clients[1].speedup.unwrap());
    assert!(a < 0.9, "the Zipf client loses array space to the random one: {a}");
    assert!(b > 0.97, "the random client hardly cares: {b}");
    assert!((t.fairness.unwrap() - a / b).abs() < 1e-12);
}

#[test]
fn tree_runs_are_deterministic_and_batching_free() {
    let mut s = four_by_three(Protocol::Demote, Sharing::Shared { fraction: 0.2 });
    s.tree.as_mut().unwrap().queueing = Some(Arrivals::Closed);
    let whole = run(&s);
    let mut r = Run::new(s.clone()).unwrap();
    while !r.step(777) {}
    assert_eq!(r.report(), whole);
    assert_eq!(run(&s), whole);
}

#[test]
fn bad_trees_are_refused_with_the_place() {
    let base = four_by_three(Protocol::None, Sharing::Disjoint);
    let check = |edit: &dyn Fn(&mut ForestConfig), path: &str, words: &str| {
        let mut s = base.clone();
        edit(s.tree.as_mut().unwrap());
        let e = Scenario::from_json(&s.to_json()).unwrap_err();
        assert_eq!(e.path, path, "{e}");
        assert!(e.message.contains(words), "{e}");
    };
    check(&|t| t.caches[1].parent = Some("nowhere".into()), "tree.caches[1].parent", "no cache is named \"nowhere\"");
    check(&|t| t.caches[1].parent = Some("mid1".into()), "tree.caches[1].parent", "its own parent");
    check(
        &|t| {
            t.caches[0].parent = Some("mid1".into());
            t.caches[0].disk = None;
        },
        "tree.caches[0].parent",
        "cycle",
    );
    check(&|t| t.caches[1].parent = None, "tree.caches[1].disk", "needs a disk");
    check(&|t| t.caches[3].disk = Some(DiskConfig::default()), "tree.caches[3].disk", "only a root has a disk");
    check(&|t| t.caches[2].name = "mid1".into(), "tree.caches[2].name", "names two caches");
    check(&|t| t.caches[4].capacity = 0, "tree.caches[4].capacity", "between 1 and");
    check(&|t| t.caches[1].workload = Some(zipf(10, 1, 1)), "tree.caches[1].workload", "not a client");
    check(
        &|t| {
            t.sharing = Sharing::Conjoint;
            t.caches[3].workload = Some(zipf(10, 1, 1));
        },
        "tree.caches[3].workload",
        "conjoint",
    );
    check(&|t| t.sharing = Sharing::Shared { fraction: 2.0 }, "tree.sharing", "between 0 and 1");
    check(&|t| t.queueing = Some(Arrivals::Open { mean_interarrival_ms: -1.0 }), "tree.queueing", "above 0");
    check(&|t| t.caches[5].policy = PolicyConfig::Min, "tree.caches[5].policy", "offline");
    check(&|t| t.caches.clear(), "tree.caches", "1 to 64");
    let mut s = base.clone();
    s.protocol = Protocol::AcCc;
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap_err().path, "protocol");
    let mut s = base.clone();
    s.tree = None;
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap_err().path, "tree");
    // And a good one round-trips.
    assert_eq!(Scenario::from_json(&base.to_json()).unwrap(), base);
}

/// Randomised trees under every forest protocol: invariants after every request, occupancy
/// within capacity, and the per-client counts adding up.
#[test]
fn random_trees_keep_their_invariants() {
    use tiersim_core::hierarchy::{CacheSpec, Tree};
    use tiersim_core::model::Op;
    use tiersim_core::util::rng::Rng;
    let mut rng = Rng::seeded(99);
    let kinds = ["lru", "mru", "arc", "2q", "clock", "lirs", "s3-fifo", "fifo"];
    for round in 0..24 {
        let n = 2 + rng.below(6) as usize;
        let universe = 400;
        // Cache 0 is a root; each later cache hangs under an earlier one, or is a root itself.
        let parents: Vec<Option<usize>> = (0..n)
            .map(|i| if i == 0 || rng.below(6) == 0 { None } else { Some(rng.below(i as u64) as usize) })
            .collect();
        let leaves: Vec<usize> = (0..n).filter(|&i| !parents.contains(&Some(i))).collect();
        let protocol = [Protocol::None, Protocol::Demote, Protocol::HaR, Protocol::AcCa { k: 3 }][round % 4];
        let du = [None, Some(Du::Drop), Some(Du::LruEnd)][round % 3];
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
        let mut tree = Tree::new(caches, &leaves, protocol, 0.0, 4096).unwrap().with_du(du);
        for i in 0..3000 {
            let c = rng.below(leaves.len() as u64) as usize;
            let nblocks = 1 + rng.below(3) as u32;
            let block = rng.below(universe as u64 - 3) as u32;
            let op = if rng.below(8) == 0 { Op::Write } else { Op::Read };
            tree.serve_blocks(c, op, block..block + nblocks);
            tree.check_invariants().unwrap_or_else(|e| panic!("round {round} ({protocol:?}, {du:?}) request {i}: {e}"));
            for j in 0..n {
                assert!(tree.cache(j).len() <= tree.cache(j).capacity());
            }
        }
        for (c, cc) in tree.clients.iter().enumerate() {
            assert_eq!(cc.served_at.iter().sum::<u64>() + cc.disk_reads, cc.reads, "client {c}");
            assert_eq!(cc.blocks_served_at.iter().sum::<u64>() + cc.disk_blocks, cc.block_reads);
        }
    }
}
