//! Paper 002 (Yadgar et al., "MC²: Multiple clients on a multilevel cache", ICDCS 2008), its
//! Figure 2 experiment and Tables 1–2 on our TPC-H-like client: two clients over one array,
//! one running Query 3 (its three table scans repeated: loops) and one Query 7 (index
//! lookups), on the same database (sharing fraction 1). Costs as §4: C1 = 1 µs, C2 = D2 =
//! 200 µs, C_disk = 10 ms; every cache of the same size, given as the aggregate one client sees
//! (its cache plus the array) over the data set, from 1/16 to 2 (Fig. 2's axis); each client's
//! warm-up and measured requests the workload's defaults (the data set's pages, and ten times
//! that), as the gallery runs it. The policies, as the gallery and the golden set build them:
//! LRU (inclusive, LRU at both levels), Demote (paper 000's LRU client over an MRU array, with
//! DEMOTE), ARC (at both levels), MultiQ (MQ at the array under an LRU client) and MC².
//!
//! MC² runs at revision 2 (the array's free space goes to whoever misses; see the `mc2`
//! module), a scenario's default; migrated version-1 documents run revision 1. [`mc2_at`]
//! drives either through the public hierarchy, to read the array's occupancy; a test checks
//! that at both revisions it gives a run's numbers to the last digit.
//!
//! Then where MC² runs: clients directly over one array, whatever the topology says.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use tiersim_core::hierarchy::protocol::mc2::{Mc2, Mc2Client, Revision};
use tiersim_core::hierarchy::{CacheSpec, DiskConfig, Hierarchy, LinkConfig, NoCache, Protocol};
use tiersim_core::policy::PolicyConfig;
use tiersim_core::scenario::{Source, Topology, TreeCache};
use tiersim_core::workload::{tpch, ClientStreams, Sharing, TpchQuery, WorkloadConfig};
use tiersim_core::{Report, Run, Scenario};

/// The baselines: name, client policy, array policy, protocol.
const BASELINES: [(&str, &str, &str, &str); 4] = [
    ("LRU", "lru", "lru", "none"),
    ("Demote", "lru", "mru", "demote"),
    ("ARC", "arc", "arc", "none"),
    ("MultiQ", "lru", "mq", "none"),
];

/// Fig. 2's aggregate cache sizes over the data set.
const SIZES: [f64; 8] = [1.0 / 16.0, 1.0 / 8.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0];

/// The scenario's seed.
const SEED: u64 = 1;

/// Each cache's blocks at an aggregate size.
fn cache_size(aggregate: f64) -> u64 {
    (tpch::database_pages(1.0) as f64 * aggregate / 2.0).round() as u64
}

/// The two clients' report, every cache `aggregate / 2` of the data set; `warmup`: each
/// client's warm-up requests, if not the default.
fn run(client: &str, array: &str, protocol: &str, aggregate: f64, warmup: Option<u64>) -> Report {
    let size = cache_size(aggregate);
    let phases = warmup.map_or(String::new(), |w| format!(r#","warmupRequests":{w}"#));
    // "mc2:1": MC² at revision 1.
    let protocol = match protocol.split_once(':') {
        Some((kind, revision)) => format!(r#"{{"kind":"{kind}","revision":{revision}}}"#),
        None => format!(r#"{{"kind":"{protocol}"}}"#),
    };
    let json = format!(
        r#"{{"version":5,"seed":{SEED},"clientHitMs":0.001,"protocol":{protocol},
            "topology":{{"kind":"tree","caches":[
              {{"name":"array","capacity":{size},"policy":{{"kind":"{array}"}},"disk":{{"kind":"constant","serviceMs":10}}}},
              {{"name":"q3","capacity":{size},"policy":{{"kind":"{client}"}},"parent":"array","link":{{"preset":"fc-1g"}}}},
              {{"name":"q7","capacity":{size},"policy":{{"kind":"{client}"}},"parent":"array","link":{{"preset":"fc-1g"}}}}
            ]}},
            "source":{{"kind":"workload","workload":{{"kind":"tpch","query":"q3"}},
              "sharing":{{"kind":"shared","fraction":1}},"clients":{{
                "q3":{{"kind":"tpch","query":"q3"{phases}}},
                "q7":{{"kind":"tpch","query":"q7"{phases}}}
            }}}}}}"#,
    );
    let s = Scenario::from_json(&json).unwrap_or_else(|e| panic!("{e}"));
    Run::new(s).unwrap().run_to_end()
}

/// Mean I/O time (ms) of q3 and q7, sharing the array and each alone with it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Means {
    shared: [f64; 2],
    alone: [f64; 2],
}

impl Means {
    fn of(r: &Report) -> Self {
        let c = &r.clients;
        assert_eq!(c[0].requests, c[1].requests, "both clients measure as many requests");
        Self {
            shared: [c[0].mean_latency_ms, c[1].mean_latency_ms],
            alone: [c[0].alone_mean_latency_ms.unwrap(), c[1].alone_mean_latency_ms.unwrap()],
        }
    }

    /// Over both clients' requests (they make as many).
    fn shared_mean(&self) -> f64 {
        (self.shared[0] + self.shared[1]) / 2.0
    }

    fn alone_mean(&self) -> f64 {
        (self.alone[0] + self.alone[1]) / 2.0
    }

    /// What sharing does to the mean I/O time: shared over alone, less 1 (< 0: it helps).
    fn sharing(&self) -> f64 {
        self.shared_mean() / self.alone_mean() - 1.0
    }
}

/// MC² at `revision` in [`run`]'s scenario, driven as a run drives it: the same generators
/// and seeds, the clients taking turns, each client's counters restarting when its warm-up
/// ends, and each client alone on a copy of its own. Returns the means and the shared array's
/// (blocks, capacity) at the end.
fn mc2_at(revision: Revision, aggregate: f64, warmup: Option<u64>) -> (Means, (usize, usize)) {
    let size = cache_size(aggregate) as usize;
    let q = |query| WorkloadConfig::Tpch {
        query,
        scale: 1.0,
        lookups: tpch::DEFAULT_LOOKUPS,
        skew: tpch::DEFAULT_SKEW,
        warmup_requests: warmup,
        measured_requests: None,
    };
    let configs = [q(TpchQuery::Q3), q(TpchQuery::Q7)];
    let (warm, measured) = configs[0].phases();
    assert_eq!(configs[1].phases(), (warm, measured));
    let mut streams = ClientStreams::new(&configs, Sharing::Shared { fraction: 1.0 }, SEED);
    let universe = streams.universe();
    let clients: Vec<Mc2Client> =
        configs.iter().map(|c| Mc2Client { capacity: size, hints: c.range_hints(), blocks: c.blocks() }).collect();
    let build = |alone: Option<usize>| {
        let cache = |parent: Option<usize>| CacheSpec {
            policy: Box::new(NoCache),
            parent,
            link: parent.map(|_| LinkConfig::Fc1g),
            disk: parent.is_none().then_some(DiskConfig::Constant { service_ms: 10.0 }),
        };
        Hierarchy::new(
            vec![cache(None), cache(Some(0)), cache(Some(0))],
            &[1, 2],
            Protocol::Mc2 { revision },
            0.001,
            4096,
        )
        .unwrap()
        .with_mc2(Mc2::with_revision(revision, &clients, size, universe, true, alone))
    };
    let mut shared = build(None);
    let mut alone = [build(Some(0)), build(Some(1))];
    for i in 0..warm + measured {
        for (c, alone) in alone.iter_mut().enumerate() {
            if i == warm {
                shared.reset_client(c);
                alone.reset_client(c);
            }
            let r = streams.next(c).expect("as long as its phases");
            shared.serve(c, &r);
            alone.serve(c, &r);
        }
    }
    let mean = |h: &Hierarchy, c: usize| {
        let cc = h.client_counters(c);
        cc.latency_sum_ns as f64 / cc.requests as f64 / 1e6
    };
    let m = shared.mc2().expect("MC² runs the caches");
    let means = Means { shared: [mean(&shared, 0), mean(&shared, 1)], alone: [mean(&alone[0], 0), mean(&alone[1], 1)] };
    (means, (m.array_len(), m.array_capacity()))
}

/// One size of Fig. 2: the baselines' means, then MC²'s (revision 2).
struct Row {
    aggregate: f64,
    means: [Means; 5],
}

const NAMES: [&str; 5] = ["LRU", "Demote", "ARC", "MultiQ", "MC²"];

/// Fig. 2 at every size (printed), with each client's warm-up the default or `warmup`.
fn sweep(warmup: Option<u64>) -> Vec<Row> {
    println!("aggregate | mean I/O time, ms: shared (alone) — {}", NAMES.join(", "));
    SIZES
        .iter()
        .map(|&aggregate| {
            let mut means = [Means { shared: [0.0; 2], alone: [0.0; 2] }; 5];
            for (m, &(_, client, array, protocol)) in means.iter_mut().zip(&BASELINES) {
                *m = Means::of(&run(client, array, protocol, aggregate, warmup));
            }
            means[4] = mc2_at(Revision::Two, aggregate, warmup).0;
            let cells: Vec<String> =
                means.iter().map(|m| format!("{:.4} ({:.4})", m.shared_mean(), m.alone_mean())).collect();
            println!("{aggregate:9.4} | {}", cells.join(", "));
            Row { aggregate, means }
        })
        .collect()
}

/// Fig. 2 at the gallery's phases, run once for all the tests below.
fn figure_2() -> &'static [Row] {
    static ROWS: OnceLock<Vec<Row>> = OnceLock::new();
    ROWS.get_or_init(|| sweep(None))
}

/// Table 1's and Table 2's cells for policy `i`: the largest reduction and the largest
/// increase of the mean I/O time that sharing brings over Fig. 2's sizes, as fractions
/// (`None`: sharing never reduces / never increases it — the paper's "N/A").
fn tables(i: usize) -> (Option<f64>, Option<f64>) {
    tables_of(figure_2(), i)
}

fn tables_of(rows: &[Row], i: usize) -> (Option<f64>, Option<f64>) {
    let effects = rows.iter().map(|r| r.means[i].sharing());
    let reduction = effects.clone().filter(|&e| e < 0.0).map(|e| -e).reduce(f64::max);
    let increase = effects.filter(|&e| e > 0.0).reduce(f64::max);
    (reduction, increase)
}

/// The paper's row of Tables 1–2 for this experiment ("TPCH Query 3"), in percent.
const PAPER_TABLE_1: [Option<f64>; 5] = [Some(29.75), Some(30.74), Some(30.44), Some(31.5), Some(25.09)];
const PAPER_TABLE_2: [Option<f64>; 5] = [None, Some(151.0), None, None, Some(4.97)];

fn print_tables(rows: &[Row]) {
    let pct = |v: Option<f64>| v.map_or("N/A".to_string(), |v| format!("{v:.2} %"));
    println!("policy  | Table 1: ours (paper) | Table 2: ours (paper)");
    for (i, name) in NAMES.iter().enumerate() {
        let (reduction, increase) = tables_of(rows, i);
        println!(
            "{name:7} | {} ({}) | {} ({})",
            pct(reduction.map(|v| 100.0 * v)),
            pct(PAPER_TABLE_1[i]),
            pct(increase.map(|v| 100.0 * v)),
            pct(PAPER_TABLE_2[i])
        );
    }
}

/// The driver is the engine: at either revision it gives [`run`]'s numbers exactly, alone
/// included; a scenario that names no revision runs revision 2.
#[test]
fn the_revision_driver_gives_the_engines_numbers() {
    for (revision, protocol) in [(Revision::One, "mc2:1"), (Revision::Two, "mc2:2")] {
        for aggregate in [1.0 / 16.0, 2.0] {
            let r = run("lru", "lru", protocol, aggregate, None);
            let (m, array) = mc2_at(revision, aggregate, None);
            assert_eq!(m, Means::of(&r), "{protocol} at aggregate {aggregate}");
            assert_eq!(array.0 as u64, r.caches[0].blocks, "{protocol} at aggregate {aggregate}");
        }
    }
    let latest = run("lru", "lru", "mc2", 2.0, None);
    assert_eq!(Means::of(&latest), Means::of(&run("lru", "lru", "mc2:2", 2.0, None)));
}

/// Issue 19's bug, pinned at revision 1 (which migrated version-1 documents keep), and gone at
/// revision 2: with large caches each client's own cache holds what Karma values, every
/// array partition is sized 0 or small, and revision 1 left the rest of the array idle while
/// q7 read from disk pages q3 had just read.
#[test]
fn revision_1_leaves_the_array_empty_at_large_caches_revision_2_fills_it() {
    let lru = Means::of(&run("lru", "lru", "none", 2.0, None)).shared_mean();
    let (one, array) = mc2_at(Revision::One, 2.0, None);
    assert_eq!(array, (0, 8_551));
    assert_eq!(((one.shared_mean() * 1000.0).round(), (lru * 1000.0).round()), (194.0, 26.0));
    assert_eq!(mc2_at(Revision::One, 1.5, None).1, (3_377, 6_413));
    // Revision 2: the array holds all of q3's tables (7,750 pages: what q7's lookups read
    // first) at 2 ×, and is full at 1.5 ×.
    let (two, array) = mc2_at(Revision::Two, 2.0, None);
    assert_eq!(array, (7_750, 8_551));
    assert!(two.shared_mean() <= lru * 1.02, "MC² {} ms, LRU {lru} ms", two.shared_mean());
    assert_eq!(mc2_at(Revision::Two, 1.5, None).1, (6_413, 6_413));
}

/// Fig. 2: MC² has the lowest mean I/O time of the five policies, or is within 2 % of it, at
/// every size from 1/16 to 2.
#[test]
fn figure_2_mc2_is_lowest_or_within_2_percent_at_every_size() {
    for row in figure_2() {
        let mc2 = row.means[4].shared_mean();
        let (best, name) =
            (0..4).map(|i| (row.means[i].shared_mean(), NAMES[i])).fold(
                (f64::MAX, ""),
                |a, b| {
                    if b.0 < a.0 {
                        b
                    } else {
                        a
                    }
                },
            );
        println!(
            "aggregate {}: MC² {mc2:.4} ms, best baseline {name} {best:.4} ms ({:+.2} %)",
            row.aggregate,
            100.0 * (mc2 / best - 1.0)
        );
        assert!(mc2 <= best * 1.02, "aggregate {}: MC² {mc2} ms, {name} {best} ms", row.aggregate);
    }
}

/// Tables 1–2, what holds: sharing lowers every policy's mean I/O time at some size (Table 1
/// has no N/A), never raises ARC's (Table 2's N/A), and raises Demote's and MC²'s at some size.
#[test]
fn tables_1_and_2_sharing_helps_every_policy_somewhere_never_hurts_arc_and_hurts_demote_and_mc2() {
    print_tables(figure_2());
    for (i, name) in NAMES.iter().enumerate() {
        assert!(tables(i).0.is_some(), "{name}: sharing never helps");
    }
    assert_eq!(tables(2).1, None, "ARC: sharing hurts");
    assert!(tables(1).1.is_some() && tables(4).1.is_some());
}

/// Why our Table 1 is not the paper's: at 2 × every policy keeps the whole data set in its
/// caches, and what is left is q7's first reads of pages it has never read, in the measured
/// window. Alone they come from disk; shared, q3's scans have just read them, and every
/// policy — MC² at revision 2 too — serves them from the array. So every policy's mean
/// shared and alone at 2 × is the same to 1 %, and Table 1's largest reduction, for every
/// policy, is that one (about 86 %).
#[test]
fn at_2x_every_policy_gives_the_same_shared_and_alone_means() {
    let row = figure_2().last().unwrap();
    assert_eq!(row.aggregate, 2.0);
    let lru = row.means[0];
    for (i, m) in row.means.iter().enumerate() {
        assert!((m.shared_mean() / lru.shared_mean() - 1.0).abs() < 0.01, "{}: {m:?} vs LRU {lru:?}", NAMES[i]);
        assert!((m.alone_mean() / lru.alone_mean() - 1.0).abs() < 0.01, "{}: {m:?} vs LRU {lru:?}", NAMES[i]);
        assert_eq!(tables(i).0, Some(-m.sharing()), "{}'s largest reduction is at 2 ×", NAMES[i]);
    }
}

/// Table 1: the paper's largest reductions are 25–32 %. Ours are all about 86 %, at 2 × (see
/// the test above: q7's first reads, which sharing serves from the array); below 2 × they run
/// from 5 % (LRU) to 52 % (MC²).
#[test]
#[ignore = "does not hold: every policy's largest reduction is q7's first reads at 2 × (about 86 %)"]
fn table_1_sharing_lowers_mean_io_time_by_at_most_25_to_32_percent() {
    for (i, name) in NAMES.iter().enumerate() {
        let r = 100.0 * tables(i).0.unwrap();
        assert!((25.0..=32.0).contains(&r), "{name}: {r:.2} %, paper {:?}", PAPER_TABLE_1[i]);
    }
}

/// Table 2: sharing never raises LRU's or MultiQ's mean I/O time. Ours: at 1/16 and 1/8 it
/// raises MultiQ's (about 3 %: q7's hot pages, which MQ keeps alone, lose the array's space to
/// q3's loop) and LRU's by 0.1 %.
#[test]
#[ignore = "does not hold: sharing raises MultiQ's mean I/O time by about 3 % at 1/16 (LRU's by 0.1 %)"]
fn table_2_sharing_never_raises_lrus_or_multiqs_mean_io_time() {
    assert_eq!(tables(0).1, None, "LRU");
    assert_eq!(tables(3).1, None, "MultiQ");
}

/// Table 2: sharing raises MC²'s mean I/O time by at most 4.97 %, and Demote's the most (151
/// %). Ours: MC²'s by up to about 15 % (at 1/2, where q3's loop and q7's lookups both want
/// more of the array than it has, and the global LRU of (partition, client) pairs splits it),
/// Demote's by under 4 %.
#[test]
#[ignore = "does not hold: sharing raises MC²'s mean I/O time by about 15 % at 1/2, Demote's by under 4 %"]
fn table_2_sharing_raises_mc2s_mean_io_time_by_at_most_5_percent_and_demotes_most() {
    let (demote, mc2) = (tables(1).1.unwrap(), tables(4).1.unwrap());
    assert!(mc2 <= 0.0497, "MC² {:.2} %", 100.0 * mc2);
    assert!(demote > mc2, "Demote {:.2} %, MC² {:.2} %", 100.0 * demote, 100.0 * mc2);
}

/// Tables 1–2 with q7's first reads mostly warmed away (a warm-up of 64 × the data set, about
/// 100 executions of q7; 4 % of its cold pages still unread), to tell the sharing effects
/// the paper discusses from that window effect. Prints; asserts nothing.
#[test]
#[ignore = "explanation, not a claim: prints Tables 1–2 after a long warm-up (about 5 s)"]
fn tables_1_and_2_after_a_long_warm_up() {
    let rows = sweep(Some(64 * tpch::database_pages(1.0)));
    print_tables(&rows);
    let below_2: Vec<Row> = rows.into_iter().filter(|r| r.aggregate < 2.0).collect();
    println!("below 2 ×:");
    print_tables(&below_2);
}

/// Paper 000's RANDOM setting with two clients of 4096 blocks over one MRU array of 8192,
/// sharing a fifth of their references (version 1's small multi-client example); `mid` puts a
/// middle tier of 4096 blocks between the clients and the array.
fn two_clients(mid: bool) -> Scenario {
    let cache = |name: &str, policy: PolicyConfig, parent: Option<&str>| TreeCache {
        name: name.into(),
        capacity: (if parent.is_none() { 8192 } else { 4096 }).into(),
        policy,
        co: false,
        admission: None,
        prefetch: None,
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
        protocol: Protocol::Mc2 { revision: Revision::LATEST },
        source: Source::Workload { workload, clients: BTreeMap::new(), sharing: Sharing::Shared { fraction: 0.2 } },
        ..Default::default()
    }
}

/// MC² manages clients directly over one array (paper 002 §4's testbed). Version 1 ran it in
/// trees only; version 2 runs it wherever the paths are client → array, two levels included.
#[test]
fn mc2_runs_clients_directly_over_one_array_only() {
    let s = Scenario { protocol: Protocol::Mc2 { revision: Revision::LATEST }, ..Scenario::default() };
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
