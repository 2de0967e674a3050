//! Paper 004 (Li et al., "Second-tier cache management using write hints", FAST 2005): the
//! storage server's read hit ratio once its cache is warm (§5.1) under LRU, LRU+Hints, MQ,
//! MQ+Hints, TQ and read-OPT, fed by the TPC-C-like client at one warehouse with half the
//! database in its buffer pool (the baseline 300_400 trace's shape). MQ, MQ+Hints and TQ give
//! their out queue's space back, as in the paper's equal-space comparison. The server is a
//! single-cache scenario under the client's stream.

use tiersim_core::model::{Op, WriteHint};
use tiersim_core::workload::oltp::{database_pages, OltpModel};
use tiersim_core::workload::WorkloadConfig;
use tiersim_core::{Run, Scenario};

const POLICIES: [&str; 6] = ["lru", "lru+hints", "mq", "mq+hints", "tq", "read-opt"];

/// The server cache's warm read hit ratio for each of [`POLICIES`], with a server cache of
/// `server_share` of the initial database.
fn read_hit_ratios(pool_share: f64, softmax: u32, server_share: f64) -> [f64; 6] {
    let (initial, _) = database_pages(1);
    POLICIES.map(|policy| {
        let json = format!(
            r#"{{"version":5,"seed":1,
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

// --- The OLTP client's two models ------------------------------------------------------------

/// FNV-1a over every request's fields (block, length, op, hint, importance, client).
fn fingerprint(json: &str, seed: u64) -> (u64, u64) {
    let w: WorkloadConfig = serde_json::from_str(json).unwrap();
    w.validate().unwrap();
    let mut g = w.build(seed);
    let (mut h, mut n) = (0xcbf2_9ce4_8422_2325u64, 0u64);
    while let Some(r) = g.next_request() {
        let hint = r.write_hint.map_or(0, |h| h as u64 + 1);
        let op = matches!(r.op, Op::Write) as u64;
        for x in [r.block as u64, r.nblocks as u64, op, hint, r.importance.map_or(0, |i| i as u64 + 1), r.client as u64]
        {
            for b in x.to_le_bytes() {
                h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
            }
        }
        n += 1;
    }
    (h, n)
}

#[test]
fn model_1_streams_are_what_they_were() {
    // Recorded from the generator as it was before model 2 existed (commit 5016935): a document
    // without `model` must keep giving these streams, request for request.
    let recorded = [
        (
            r#"{"kind":"oltp","warehouses":1,"bufferPool":10000,"softmax":400,"warmupRequests":0,"measuredRequests":200000}"#,
            1,
            0x73eb_397f_46fc_852d,
            200_000,
        ),
        (
            r#"{"kind":"oltp","warehouses":2,"softmax":50,"warmupRequests":1000,"measuredRequests":150000}"#,
            7,
            0x8388_25aa_dfbc_5dd1,
            151_000,
        ),
        (
            r#"{"kind":"oltp","warehouses":1,"bufferPool":2000,"softmax":4000,"dirtyThreshold":0.3,"warmupRequests":0,"measuredRequests":150000}"#,
            3,
            0xd1bd_c655_bf8b_4eb4,
            150_000,
        ),
        (
            r#"{"kind":"oltp","warehouses":1,"stream":"buffer","warmupRequests":0,"measuredRequests":100000}"#,
            5,
            0x0071_1d10_f06e_1afd,
            100_000,
        ),
    ];
    for (json, seed, hash, n) in recorded {
        assert_eq!(fingerprint(json, seed), (hash, n), "{json}");
        // `model: 1` spelled out is the same generator, and it is not written back.
        let explicit = json.replacen('{', r#"{"model":1,"#, 1);
        assert_eq!(fingerprint(&explicit, seed), (hash, n), "{explicit}");
        let w: WorkloadConfig = serde_json::from_str(&explicit).unwrap();
        assert!(!serde_json::to_string(&w).unwrap().contains("model"));
    }
}

#[test]
fn the_model_is_1_or_2() {
    let w: WorkloadConfig = serde_json::from_str(r#"{"kind":"oltp","model":2}"#).unwrap();
    assert!(w.validate().is_ok());
    assert!(serde_json::to_string(&w).unwrap().contains(r#""model":2"#));
    for bad in [0, 3] {
        let w: WorkloadConfig = serde_json::from_str(&format!(r#"{{"kind":"oltp","model":{bad}}}"#)).unwrap();
        let (field, message) = w.validate().unwrap_err();
        assert_eq!(field, "model");
        assert!(message.contains("1 or 2"), "{message}");
    }
}

/// Model 2's shares in % (SYNCH, REPLACE, RECOV, reads) at 8 warehouses with `pool` of the
/// paper's blocks (of 606,317), after a warm-up of two database sizes, over four more — the
/// scale `tiersim reproduce --paper 004` runs.
fn model_2_mix(pool: f64, softmax: u32) -> [f64; 4] {
    let (initial, _) = OltpModel::V2.database_pages(8);
    let bp = (pool / 606_317.0 * initial as f64).round() as u64;
    let json = format!(
        r#"{{"kind":"oltp","model":2,"warehouses":8,"bufferPool":{bp},"softmax":{softmax},
            "warmupRequests":0,"measuredRequests":{}}}"#,
        initial * 6
    );
    let w: WorkloadConfig = serde_json::from_str(&json).unwrap();
    w.validate().unwrap();
    let mut g = w.build(1);
    for _ in 0..initial * 2 {
        g.next_request().unwrap();
    }
    let mut c = [0u64; 4];
    while let Some(r) = g.next_request() {
        c[match r.write_hint {
            Some(WriteHint::Synch) => 0,
            Some(WriteHint::Replace) => 1,
            Some(WriteHint::Recov) => 2,
            None => 3,
        }] += 1;
    }
    let n = (initial * 4) as f64;
    c.map(|x| x as f64 / n * 100.0)
}

#[test]
fn model_2_matches_table_2_where_it_does() {
    // Table 2's 300_4000 and 300_50, each share within 5 points. (300_400 is 5–6 points short
    // on REPLACE, 60_400 and 540_400 further off: see `tiersim reproduce --paper 004`.)
    for (name, softmax, paper) in
        [("300_4000", 4000, [0.01, 65.37, 0.11, 34.51]), ("300_50", 50, [0.00, 0.03, 74.33, 25.64])]
    {
        let ours = model_2_mix(300_000.0, softmax);
        println!("{name}: {ours:.2?} against Table 2's {paper:?}");
        assert!(ours.iter().zip(paper).all(|(o, p)| (o - p).abs() <= 5.0), "{name}: {ours:?} against {paper:?}");
    }
}
