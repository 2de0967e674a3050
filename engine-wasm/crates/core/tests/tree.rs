//! Several clients on the one hierarchy engine, driven request by request: paper 000 §6's
//! conjoint clients against its equations 2 and 3. (The engine's hand-worked examples — a
//! demoting MRU path as one LRU, clients sharing the levels above them, bad shapes — are its
//! unit tests, in `src/hierarchy/tests.rs`; the golden set, `golden.rs`, holds it to the two
//! engines it replaced.)

use tiersim_core::hierarchy::{CacheSpec, DiskConfig, Hierarchy, LinkConfig, Meta, Protocol};
use tiersim_core::policy::{Policy, PolicyConfig};

fn policy(kind: &str, cap: usize, universe: usize) -> Box<dyn Policy> {
    let c: PolicyConfig = serde_json::from_str(&format!(r#"{{"kind":"{kind}"}}"#)).unwrap();
    c.build(cap, universe, 7).unwrap()
}

/// Zeroes every client's counters and every cache's: the end of the warm-up.
fn reset_stats(h: &mut Hierarchy) {
    for c in 0..h.clients() {
        h.reset_client(c);
    }
    h.reset_caches();
}

/// Paper 000 §6, fully conjoint clients: C_n clients with equal caches issue the same reads in
/// lock-step over a shared array. The leader sees the single-client hit fractions, so (eq. 2,
/// T_c = 0) T_l = T_a·(h_a + h_d) + T_d·h_d — plus, for the exclusive design, T_a per DEMOTE
/// that moved data (eq. 1); every read a follower misses in its own cache was just brought to
/// the array by the leader, and its demotions find the leader's already there, so (eq. 3)
/// T_f = T_a·(1 − h_c); the mean is (T_l + (C_n − 1)·T_f) / C_n. The lock-step simulation must
/// agree within 5 %.
#[test]
fn conjoint_clients_follow_paper_000_eq_2_and_3() {
    use tiersim_core::workload::{Random, Workload, Zipf};
    const CN: usize = 4;
    let (ta, td) = (0.2, 10.0);
    let build = |clients: usize, client: &str, array: &str, protocol: Protocol| {
        let mut caches: Vec<CacheSpec> = (0..clients)
            .map(|_| CacheSpec {
                policy: policy(client, 2048, 8192),
                parent: Some(clients),
                link: Some(LinkConfig::Fc1g),
                disk: None,
            })
            .collect();
        caches.push(CacheSpec {
            policy: policy(array, 2048, 8192),
            parent: None,
            link: None,
            disk: Some(DiskConfig::default()),
        });
        Hierarchy::new(caches, &(0..clients).collect::<Vec<_>>(), protocol, 0.0, 4096).unwrap()
    };
    type MakeStream = Box<dyn Fn() -> Box<dyn Workload>>;
    let streams: [(&str, MakeStream); 2] = [
        ("RANDOM", Box::new(|| Box::new(Random::new(4096, 45_056, 11)))),
        ("ZIPF", Box::new(|| Box::new(Zipf::new(6144, 1.0, 67_584, 12)))),
    ];
    for (name, make) in &streams {
        for (client, array, protocol) in [("lru", "lru", Protocol::None), ("lru", "mru", Protocol::Demote)] {
            let warmup = 4096;
            // One client alone: its hit fractions.
            let mut single = build(1, client, array, protocol);
            let mut w = make();
            let mut i = 0;
            while let Some(r) = w.next_request() {
                if i == warmup {
                    reset_stats(&mut single);
                }
                single.serve_blocks(0, Meta::op(r.op), r.blocks());
                i += 1;
            }
            let s = single.client_counters(0);
            let n = s.reads as f64;
            let (hc, ha, hd) = (s.served_at[0] as f64 / n, s.served_at[1] as f64 / n, s.disk_reads as f64 / n);
            // Eq. 2, plus eq. 1's demotion transfers for the exclusive design (m per read).
            let m = single.cache_counters(1).demotions_moved_in as f64 / n;
            let t_leader = ta * (ha + hd) + td * hd + ta * m;
            let t_follower = ta * (1.0 - hc);
            let predicted = (t_leader + (CN - 1) as f64 * t_follower) / CN as f64;
            // The same stream, in lock-step.
            let mut tree = build(CN, client, array, protocol);
            let mut w = make();
            let mut i = 0;
            while let Some(r) = w.next_request() {
                if i == warmup {
                    reset_stats(&mut tree);
                }
                for c in 0..CN {
                    tree.serve_blocks(c, Meta::op(r.op), r.blocks());
                }
                i += 1;
            }
            tree.check_invariants().unwrap();
            let total: u64 = (0..CN).map(|c| tree.client_counters(c).latency_sum_ns).sum();
            let requests: u64 = (0..CN).map(|c| tree.client_counters(c).requests).sum();
            let simulated = total as f64 / requests as f64 / 1e6;
            println!("{name} {client}-{array}-{protocol:?}: eq. 2-3 {predicted:.4} ms, lock-step {simulated:.4} ms");
            assert!(
                (simulated - predicted).abs() <= 0.05 * predicted,
                "{name} {client}-{array}-{protocol:?}: predicted {predicted:.4} ms, simulated {simulated:.4} ms"
            );
        }
    }
}
