//! Paper 004 (Li et al., "Second-tier cache management using write hints", FAST 2005): the
//! storage server's read hit ratio once its cache is warm (§5.1) under LRU, LRU+Hints, MQ,
//! MQ+Hints, TQ and read-OPT, fed by the TPC-C-like client at one warehouse with half the
//! database in its buffer pool (the baseline 300_400 trace's shape). MQ, MQ+Hints and TQ give
//! their out queue's space back, as in the paper's equal-space comparison. The server is a
//! single-cache scenario under the client's stream.

use tiersim_core::workload::oltp::database_pages;
use tiersim_core::{Run, Scenario};

const POLICIES: [&str; 6] = ["lru", "lru+hints", "mq", "mq+hints", "tq", "read-opt"];

/// The server cache's warm read hit ratio for each of [`POLICIES`], with a server cache of
/// `server_share` of the initial database.
fn read_hit_ratios(pool_share: f64, softmax: u32, server_share: f64) -> [f64; 6] {
    let (initial, _) = database_pages(1);
    POLICIES.map(|policy| {
        let json = format!(
            r#"{{"version":2,"seed":1,
                "topology":{{"kind":"single","cache":{{"capacity":{server},"policy":{{"kind":"{policy}"}}}},
                  "link":{{"preset":"fc-1g"}},"disk":{{"kind":"constant","serviceMs":10}}}},
                "source":{{"kind":"workload","workload":
                  {{"kind":"oltp","warehouses":1,"bufferPool":{pool},"softmax":{softmax},
                    "warmupRequests":0,"measuredRequests":{requests}}}}}}}"#,
            server = (initial as f64 * server_share) as u64,
            pool = (initial as f64 * pool_share) as u64,
            requests = initial * 15,
        );
        let s = Scenario::from_json(&json).unwrap_or_else(|e| panic!("{e}"));
        let c = Run::new(s).unwrap().run_to_end().counters;
        assert!(c.warm_block_reads > 10_000, "{policy}: {} warm reads", c.warm_block_reads);
        c.warm_block_hits as f64 / c.warm_block_reads as f64
    })
}

fn show(what: &str, h: &[f64; 6]) {
    let cells: Vec<_> = POLICIES.iter().zip(h).map(|(p, h)| format!("{p} {:.1} %", h * 100.0)).collect();
    println!("{what}: {}", cells.join(", "));
}

/// OPT above all; TQ ≥ MQ+Hints ≥ MQ; LRU+Hints ≥ LRU.
fn ordered(what: &str, h: &[f64; 6]) {
    let [lru, lru_hints, mq, mq_hints, tq, opt] = *h;
    assert!(h.iter().all(|&x| x <= opt), "{what}: read-OPT is not above all: {h:?}");
    assert!(tq >= mq_hints && mq_hints >= mq, "{what}: not TQ ≥ MQ+Hints ≥ MQ: {h:?}");
    assert!(lru_hints >= lru, "{what}: LRU+Hints below LRU: {h:?}");
}

#[test]
fn figure_4_baseline_hints_pay_and_tq_leads() {
    // Server cache 20 % of the database (the paper's 120 K blocks of 606 K).
    let h = read_hit_ratios(0.5, 400, 0.2);
    show("baseline", &h);
    ordered("baseline", &h);
    let [lru, lru_hints, mq, mq_hints, tq, opt] = h;
    assert!(tq >= 1.5 * mq, "TQ {tq} is not 1.5× MQ {mq}");
    assert!(lru_hints >= 2.0 * lru, "LRU+Hints {lru_hints} is not 2× LRU {lru}");
    assert!(mq_hints > mq);
    assert!(tq >= opt / 2.0, "TQ {tq} is not more than half of OPT {opt}");
}

#[test]
fn figure_5_the_orderings_hold_across_server_sizes() {
    // 60 K to 300 K blocks of 606 K in the paper; TQ's lead narrows at the largest.
    let mut tq_lead = Vec::new();
    for share in [0.1, 0.3, 0.5] {
        let h = read_hit_ratios(0.5, 400, share);
        show(&format!("server {share}"), &h);
        ordered(&format!("server {share}"), &h);
        tq_lead.push(h[4] / h[2]);
    }
    assert!(tq_lead[0] >= 1.5 && tq_lead[1] >= 1.5, "TQ over MQ: {tq_lead:?}");
    assert!(tq_lead[2] < tq_lead[1], "TQ's lead should narrow at the largest server cache: {tq_lead:?}");
}

#[test]
fn figures_6_and_7_client_size_and_softmax() {
    // A client pool of 90 % of the database leaves the server little: TQ stays far ahead of
    // every hint-oblivious policy (the paper: "more than five times"), all far below OPT.
    let h = read_hit_ratios(0.9, 400, 0.2);
    show("client 540_400", &h);
    assert!(h[4] >= 5.0 * h[0].max(h[2]), "{h:?}");
    assert!(h[4] < h[5] / 4.0, "{h:?}");
    // softmax 50: almost every write is RECOV; the hint-based policies are alike, above MQ,
    // far above LRU.
    let h = read_hit_ratios(0.5, 50, 0.2);
    show("softmax 300_50", &h);
    let [lru, lru_hints, mq, mq_hints, tq, _] = h;
    for x in [lru_hints, mq_hints, tq] {
        assert!(x > 1.5 * mq && x > 10.0 * lru, "{h:?}");
        assert!((x - tq).abs() < 0.02, "{h:?}");
    }
}
