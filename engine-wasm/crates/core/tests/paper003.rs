//! Paper 003 (Chen et al., "Empirical evaluation of multi-level buffer cache collaboration for
//! storage systems", SIGMETRICS 2005): its design space on our OLTP-like workload — the
//! TPC-C-like database's buffer access stream (every page reference, importance-hinted), a
//! client cache standing for the database's buffer pool, 1:1 with the array, the VI/FC SAN of
//! Table 3 (T_h = 0.125 ms; T_m = 6.352 ms, so 6.227 ms of disk). The paper's claim (§8.1): with
//! the right algorithm and optimizations — ARC and DU at the array — hierarchy-aware caching
//! comes within a few % of aggressively-collaborative caching; with plain LRU (Figure 10) the
//! gap is large.

use tiersim_core::scenario::design::{space, Algorithm, Design};
use tiersim_core::{Run, Scenario};

/// Two levels of `size` blocks each, plain LRU and no cooperation; each design applies its own.
fn base(size: u64) -> Scenario {
    let json = format!(
        r#"{{"version":2,"seed":1,
            "topology":{{"kind":"two-level",
              "client":{{"capacity":{size},"policy":{{"kind":"lru"}}}},"array":{{"capacity":{size},"policy":{{"kind":"lru"}}}},
              "link":{{"preset":"vi-fc"}},"disk":{{"kind":"constant","serviceMs":6.227}}}},
            "protocol":{{"kind":"none"}},
            "source":{{"kind":"workload","workload":
              {{"kind":"oltp","warehouses":1,"stream":"buffer","warmupRequests":50000,"measuredRequests":200000}}}}}}"#
    );
    Scenario::from_json(&json).unwrap_or_else(|e| panic!("{e}"))
}

fn mean(d: &Design, base: &Scenario) -> f64 {
    Run::new(d.apply(base)).unwrap().run_to_end().mean_latency_ms
}

/// (best hierarchy-aware, best aggressively-collaborative) over the designs `keep` admits.
fn best(base: &Scenario, keep: impl Fn(&Design) -> bool) -> ((f64, String), (f64, String)) {
    let (mut ha, mut ac) = ((f64::MAX, String::new()), (f64::MAX, String::new()));
    for d in space().iter().filter(|d| keep(d)) {
        let m = mean(d, base);
        let slot = if d.approach.is_hierarchy_aware() { &mut ha } else { &mut ac };
        if m < slot.0 {
            *slot = (m, d.name());
        }
    }
    (ha, ac)
}

fn check(size: u64) {
    let base = base(size);
    // Figure 10: plain LRU, each approach against HA_B.
    let plain: Vec<(String, f64)> =
        space().iter().filter(|d| d.is_plain()).map(|d| (d.name(), mean(d, &base))).collect();
    let ha_b = plain[0].1;
    let vs: Vec<String> =
        plain.iter().map(|(n, m)| format!("{n} {m:.4} ms ({:+.1} %)", (1.0 - m / ha_b) * 100.0)).collect();
    println!("{size}+{size} plain, improvement over HA_B: {}", vs.join(", "));
    // Hierarchy-aware with ARC and DU at the array; aggressively collaborative, any design.
    let (ha, ac) = best(&base, |d| !d.approach.is_hierarchy_aware() || (d.array == Algorithm::Arc && d.du));
    let gap = ha.0 / ac.0 - 1.0;
    println!(
        "{size}+{size}: best HA {} {:.4} ms, best AC {} {:.4} ms: gap {:+.1} %",
        ha.1,
        ha.0,
        ac.1,
        ac.0,
        gap * 100.0
    );
    let (plain_ha, plain_ac) = best(&base, Design::is_plain);
    let plain_gap = plain_ha.0 / plain_ac.0 - 1.0;
    println!(
        "{size}+{size} plain LRU: HA {} {:.4} ms, AC {} {:.4} ms: gap {:+.1} %",
        plain_ha.1,
        plain_ha.0,
        plain_ac.1,
        plain_ac.0,
        plain_gap * 100.0
    );
    assert!(gap < 0.05, "{size}: the best hierarchy-aware design is {:.1} % behind", gap * 100.0);
    assert!(plain_gap > 0.1 && plain_gap > gap + 0.1, "{size}: plain LRU's gap {plain_gap:.3} is not larger");
}

#[test]
fn arc_and_du_bring_hierarchy_aware_within_5_percent_2000() {
    check(2000);
}

#[test]
fn arc_and_du_bring_hierarchy_aware_within_5_percent_4000() {
    check(4000);
}
