//! Paper 002 (Yadgar et al., "MC²: Multiple clients on a multilevel cache", ICDCS 2008), its
//! Figure 2 experiment on our TPC-H-like client: two clients over one array, one running
//! Query 3 (its three table scans repeated: loops) and one Query 7 (index lookups), on the same
//! database. Costs as §4: C1 = 1 µs, C2 = D2 = 200 µs, C_disk = 10 ms; every cache of the same
//! size, given as the aggregate one client sees (its cache plus the array) over the data set.
//! The policies: LRU (inclusive, LRU at both levels), Demote (paper 000's LRU-MRU-demote), ARC
//! (at both levels), MultiQ (MQ at the array under an LRU client) and MC². Then where MC² runs:
//! clients directly over one array, whatever the topology says.

use std::collections::BTreeMap;

use tiersim_core::hierarchy::{DiskConfig, LinkConfig, Protocol};
use tiersim_core::policy::PolicyConfig;
use tiersim_core::scenario::{Source, Topology, TreeCache};
use tiersim_core::workload::{tpch, Sharing};
use tiersim_core::{Report, Run, Scenario};

const POLICIES: [(&str, &str, &str, &str); 5] = [
    ("LRU", "lru", "lru", "none"),
    ("Demote", "lru", "mru", "demote"),
    ("ARC", "arc", "arc", "none"),
    ("MultiQ", "lru", "mq", "none"),
    ("MC²", "lru", "lru", "mc2"),
];

/// The two clients' report with every cache `aggregate / 2` of the data set.
fn run(client: &str, array: &str, protocol: &str, aggregate: f64) -> Report {
    let data = tpch::database_pages(1.0);
    let size = (data as f64 * aggregate / 2.0).round() as u64;
    let json = format!(
        r#"{{"version":2,"seed":1,"clientHitMs":0.001,"protocol":{{"kind":"{protocol}"}},
            "topology":{{"kind":"tree","caches":[
              {{"name":"array","capacity":{size},"policy":{{"kind":"{array}"}},"disk":{{"kind":"constant","serviceMs":10}}}},
              {{"name":"q3","capacity":{size},"policy":{{"kind":"{client}"}},"parent":"array","link":{{"preset":"fc-1g"}}}},
              {{"name":"q7","capacity":{size},"policy":{{"kind":"{client}"}},"parent":"array","link":{{"preset":"fc-1g"}}}}
            ]}},
            "source":{{"kind":"workload","workload":{{"kind":"tpch","query":"q3"}},
              "sharing":{{"kind":"shared","fraction":1}},"clients":{{
                "q3":{{"kind":"tpch","query":"q3","warmupRequests":{warm},"measuredRequests":{measured}}},
                "q7":{{"kind":"tpch","query":"q7","warmupRequests":{warm},"measuredRequests":{measured}}}
            }}}}}}"#,
        warm = 2 * data,
        measured = 8 * data,
    );
    let s = Scenario::from_json(&json).unwrap_or_else(|e| panic!("{e}"));
    Run::new(s).unwrap().run_to_end()
}

/// Mean I/O response time over both clients' requests, shared and alone (ms).
fn mean(r: &Report) -> (f64, f64) {
    let n: u64 = r.clients.iter().map(|c| c.requests).sum();
    let shared: f64 = r.clients.iter().map(|c| c.mean_latency_ms * c.requests as f64).sum();
    let alone: f64 = r.clients.iter().map(|c| c.alone_mean_latency_ms.unwrap() * c.requests as f64).sum();
    (shared / n as f64, alone / n as f64)
}

#[test]
fn figure_2_mc2_has_the_lowest_mean_io_time_and_sharing_hurts_demote_more() {
    // Table 2's "TPCH Query 3" row: the largest increase, over cache sizes, of the looping
    // client's mean I/O time when it shares the array, over running alone.
    let (mut demote_hurt, mut mc2_hurt) = (f64::MIN, f64::MIN);
    for aggregate in [0.25, 0.5, 0.75, 1.0, 1.5] {
        let reports: Vec<_> = POLICIES.iter().map(|&(_, c, a, p)| run(c, a, p, aggregate)).collect();
        let means: Vec<(f64, f64)> = reports.iter().map(mean).collect();
        for ((name, ..), (r, (shared, alone))) in POLICIES.iter().zip(reports.iter().zip(&means)) {
            let per: Vec<_> = r
                .clients
                .iter()
                .map(|c| format!("{} {:.3} (alone {:.3})", c.name, c.mean_latency_ms, c.alone_mean_latency_ms.unwrap()))
                .collect();
            let fairness = r.fairness.expect("two clients report their fairness");
            assert!(fairness > 0.0 && fairness <= 1.0);
            println!(
                "aggregate {aggregate}: {name:7} {shared:.3} ms (alone {alone:.3}; {}), fairness {fairness:.2}",
                per.join(", ")
            );
        }
        let mc2 = means[4].0;
        for (i, (name, ..)) in POLICIES.iter().enumerate().take(4) {
            assert!(
                mc2 < means[i].0,
                "aggregate {aggregate}: MC² {mc2:.3} ms is not below {name} {:.3} ms",
                means[i].0
            );
        }
        let q3 = |r: &Report| r.clients[0].mean_latency_ms / r.clients[0].alone_mean_latency_ms.unwrap() - 1.0;
        demote_hurt = demote_hurt.max(q3(&reports[1]));
        mc2_hurt = mc2_hurt.max(q3(&reports[4]));
    }
    println!("sharing costs Query 3 at most: Demote {:+.1} %, MC² {:+.1} %", demote_hurt * 100.0, mc2_hurt * 100.0);
    assert!(demote_hurt > mc2_hurt, "sharing hurts Demote {demote_hurt:.3} no more than MC² {mc2_hurt:.3}");
}

/// Paper 000's RANDOM setting with two clients of 4096 blocks over one MRU array of 8192,
/// sharing a fifth of their references (version 1's small multi-client example); `mid` puts a
/// middle tier of 4096 blocks between the clients and the array.
fn two_clients(mid: bool) -> Scenario {
    let cache = |name: &str, policy: PolicyConfig, parent: Option<&str>| TreeCache {
        name: name.into(),
        capacity: if parent.is_none() { 8192 } else { 4096 },
        policy,
        co: false,
        parent: parent.map(Into::into),
        link: parent.map(|_| LinkConfig::Fc1g),
        disk: parent.is_none().then_some(DiskConfig::Constant { service_ms: 10.0 }),
    };
    let mut caches = vec![cache("array", PolicyConfig::Mru, None)];
    if mid {
        caches.push(cache("mid1", PolicyConfig::Mru, Some("array")));
    }
    let above = if mid { "mid1" } else { "array" };
    caches.push(cache("client1", PolicyConfig::Lru, Some(above)));
    caches.push(cache("client2", PolicyConfig::Lru, Some(above)));
    // Both clients run the default scenario's RANDOM generator.
    let workload = Scenario::default().workload().unwrap().clone();
    Scenario {
        topology: Topology::Tree { caches },
        protocol: Protocol::Mc2,
        source: Source::Workload { workload, clients: BTreeMap::new(), sharing: Sharing::Shared { fraction: 0.2 } },
        ..Default::default()
    }
}

/// MC² manages clients directly over one array (paper 002 §4's testbed). Version 1 ran it in
/// trees only; version 2 runs it wherever the paths are client → array, two levels included.
#[test]
fn mc2_runs_clients_directly_over_one_array_only() {
    let s = Scenario { protocol: Protocol::Mc2, ..Scenario::default() };
    let r = Run::new(s).unwrap_or_else(|e| panic!("two levels are one client over one array: {e}")).run_to_end();
    assert_eq!(r.caches.iter().map(|c| c.policy.as_str()).collect::<Vec<_>>(), ["mc2", "mc2"]);
    assert!(r.counters.array_hits > 0, "{:?}", r.counters);
    // A middle tier between a client and the array is refused, naming the cache.
    let e = Run::new(two_clients(true)).err().expect("a middle tier refuses MC²");
    assert_eq!(e.path, "topology.caches[2].parent");
    assert!(e.message.contains("\"client1\" sits below \"mid1\""), "{e}");
    // Clients without hints: each is one (80, 20) range; MC² runs and keeps its invariants.
    let mut run = Run::new(two_clients(false)).unwrap();
    while !run.step(5_000) {
        run.hierarchy().check_invariants().unwrap();
    }
    let r = run.report();
    assert!(r.caches[0].counters.hits > 0 && r.caches[0].counters.demotions_in > 0, "{:?}", r.caches[0]);
    assert!(r.caches.iter().all(|c| c.blocks <= c.capacity && c.blocks > 0));
}
