//! The forest-of-caches engine: with one client and two levels it is `TwoLevel` request for
//! request; with DEMOTE and MRU insertion above the client a whole path is one LRU; several
//! clients share what is above them; bad shapes are refused with a reason.

use tiersim_core::hierarchy::{CacheSpec, DiskConfig, Du, Level, LinkConfig, Protocol, Timing, Tree, TwoLevel};
use tiersim_core::model::{Op, Request};
use tiersim_core::policy::{Policy, PolicyConfig};
use tiersim_core::util::rng::Rng;
use tiersim_core::workload::zipf::ZipfTable;

fn policy(kind: &str, cap: usize, universe: usize) -> Box<dyn Policy> {
    let c: PolicyConfig = serde_json::from_str(&format!(r#"{{"kind":"{kind}"}}"#)).unwrap();
    c.build(cap, universe, 7).unwrap()
}

/// A skewed stream with some 1–3-block requests and 10 % writes.
fn stream(n: usize, blocks: u64, seed: u64) -> Vec<Request> {
    let table = ZipfTable::new(blocks, 0.9);
    let mut rng = Rng::seeded(seed);
    (0..n)
        .map(|_| {
            let nblocks = 1 + (rng.below(10) == 0) as u32 * rng.below(3) as u32;
            let block = table.sample(&mut rng).min((blocks - nblocks as u64) as u32);
            let op = if rng.below(10) == 0 { Op::Write } else { Op::Read };
            Request { nblocks, op, ..Request::read(block) }
        })
        .collect()
}

fn two_level_tree(
    client: &str,
    array: &str,
    protocol: Protocol,
    caps: (usize, usize),
    universe: usize,
    disk: DiskConfig,
) -> Tree {
    let caches = vec![
        CacheSpec {
            policy: policy(client, caps.0, universe),
            parent: Some(1),
            link: Some(LinkConfig::Fc1g),
            disk: None,
        },
        CacheSpec { policy: policy(array, caps.1, universe), parent: None, link: None, disk: Some(disk) },
    ];
    Tree::new(caches, &[0], protocol, 0.0, 4096).unwrap()
}

#[test]
fn one_client_two_levels_is_two_level_request_for_request() {
    let universe = 3000;
    let refs = stream(30_000, universe as u64, 1);
    let mut stages = Vec::new();
    for disk in [DiskConfig::Constant { service_ms: 10.0 }, DiskConfig::Mechanical(Default::default())] {
        for (client, array) in
            [("lru", "lru"), ("lru", "mru"), ("mru", "lru"), ("mru", "mru"), ("lru", "arc"), ("s3-fifo", "lru")]
        {
            for (protocol, du) in [
                (Protocol::None, None),
                (Protocol::Demote, None),
                (Protocol::HaR, None),
                (Protocol::AcCa { k: 3 }, None),
                (Protocol::None, Some(Du::Drop)),
                (Protocol::None, Some(Du::LruEnd)),
                (Protocol::Demote, Some(Du::LruEnd)),
            ] {
                let mut tree = two_level_tree(client, array, protocol, (400, 600), universe, disk).with_du(du);
                let timing = Timing::new(0.0, LinkConfig::Fc1g, disk, 4096);
                let mut two =
                    TwoLevel::new(policy(client, 400, universe), policy(array, 600, universe), protocol, timing)
                        .with_du(du);
                for (i, r) in refs.iter().enumerate() {
                    let s = two.serve(r);
                    let (level, ns) = tree.serve_blocks(0, r.op, r.blocks());
                    let want = match s.level {
                        Level::Client => 0,
                        Level::Array => 1,
                        Level::Disk => 2,
                    };
                    assert_eq!(
                        (level, ns),
                        (want, s.latency_ns),
                        "{client}-{array}-{protocol:?}-{du:?} {disk:?} request {i}: {r:?}"
                    );
                    tree.stages(&mut stages);
                    assert_eq!(stages.iter().map(|s| s.ns).sum::<u64>(), ns, "stages sum to the latency");
                }
                let (c, a) = two.contents();
                let mut got = Vec::new();
                tree.cache(0).contents(&mut got);
                assert_eq!(got, c);
                got.clear();
                tree.cache(1).contents(&mut got);
                assert_eq!(got, a);
                tree.check_invariants().unwrap();
                let cc = &tree.clients[0];
                assert_eq!(
                    (cc.served_at[0], cc.served_at[1], cc.disk_reads),
                    (two.counters.client_hits, two.counters.array_hits, two.counters.disk_reads)
                );
                assert_eq!(cc.latency_sum_ns, two.counters.latency_sum_ns);
                assert_eq!(tree.cache_counters(1).demotions_in, two.counters.demotions);
                assert_eq!(tree.cache_counters(1).demotions_moved_in, two.counters.demotions_moved);
                assert_eq!(tree.cache_counters(1).reloads, two.counters.reloads);
            }
        }
    }
}

/// Three levels, DEMOTE, MRU insertion at both upper levels: one LRU of the summed sizes less
/// one — the block just read from the root or the disk sits there as well as in the client until
/// the next demotion pushes it out (paper 000 §4.1's N_c + N_a − 1, one level up).
#[test]
fn a_demoting_mru_path_is_one_lru() {
    let universe = 5000usize;
    let table = ZipfTable::new(universe as u64, 0.8);
    let mut rng = Rng::seeded(3);
    let caches = vec![
        CacheSpec { policy: policy("lru", 500, universe), parent: Some(1), link: Some(LinkConfig::Fc1g), disk: None },
        CacheSpec { policy: policy("mru", 700, universe), parent: Some(2), link: Some(LinkConfig::Fc1g), disk: None },
        CacheSpec { policy: policy("mru", 900, universe), parent: None, link: None, disk: Some(DiskConfig::default()) },
    ];
    let mut tree = Tree::new(caches, &[0], Protocol::Demote, 0.0, 4096).unwrap();
    let mut unified = policy("lru", 500 + 700 + 900 - 1, universe);
    let (mut ev, mut hits_tree, mut hits_lru) = (Vec::new(), 0u64, 0u64);
    for _ in 0..100_000 {
        let b = table.sample(&mut rng);
        let (level, _) = tree.serve_blocks(0, Op::Read, b..b + 1);
        hits_tree += (level < 3) as u64;
        hits_lru += unified.access(b, &mut ev) as u64;
    }
    tree.check_invariants().unwrap();
    assert_eq!(hits_tree, hits_lru, "3-level demoting path vs one LRU of 2099 blocks");
    let c = &tree.clients[0];
    assert!(c.served_at[1] > 0 && c.served_at[2] > 0, "{c:?}");
}

#[test]
fn clients_share_the_levels_above_them() {
    // Two clients, each with its own cache, over one shared array.
    let universe = 2000usize;
    let caches = vec![
        CacheSpec { policy: policy("lru", 100, universe), parent: Some(2), link: Some(LinkConfig::Fc1g), disk: None },
        CacheSpec {
            policy: policy("lru", 100, universe),
            parent: Some(2),
            link: Some(LinkConfig::Eth100m),
            disk: None,
        },
        CacheSpec { policy: policy("lru", 300, universe), parent: None, link: None, disk: Some(DiskConfig::default()) },
    ];
    let mut tree = Tree::new(caches, &[0, 1], Protocol::None, 0.0, 4096).unwrap();
    // Client 0 reads block 5: disk. Client 1 reads it: the shared array has it.
    assert_eq!(tree.serve_blocks(0, Op::Read, 5..6), (2, 200_000 + 10_000_000));
    let (level, ns) = tree.serve_blocks(1, Op::Read, 5..6);
    assert_eq!((level, ns), (1, LinkConfig::Eth100m.transfer_ns(4096)), "array hit over client 1's slower link");
    assert_eq!(tree.serve_blocks(0, Op::Read, 5..6).0, 0);
    assert_eq!(tree.path(1), [1, 2]);
    assert_eq!((tree.clients[0].reads, tree.clients[1].reads), (2, 1));
    let refs = stream(20_000, universe as u64, 9);
    for (i, r) in refs.iter().enumerate() {
        tree.serve_blocks(i % 2, r.op, r.blocks());
    }
    tree.check_invariants().unwrap();
    let total: u64 = tree.clients.iter().map(|c| c.requests).sum();
    assert_eq!(total, 20_003);
}

#[test]
fn bad_shapes_are_refused_with_a_reason() {
    let spec = |parent, disk: bool| CacheSpec {
        policy: policy("lru", 10, 10),
        parent,
        link: None,
        disk: disk.then(DiskConfig::default),
    };
    let err = |caches, clients: &[usize]| Tree::new(caches, clients, Protocol::None, 0.0, 4096).err().unwrap();
    assert_eq!(
        err(vec![spec(Some(1), false), spec(Some(0), false)], &[0]),
        "client 0: the caches above it form a cycle through cache 0"
    );
    assert_eq!(err(vec![spec(None, false)], &[0]), "cache 0 has no parent and no disk");
    assert_eq!(err(vec![spec(Some(5), false)], &[0]), "cache 0: parent 5 does not exist");
    assert_eq!(err(vec![spec(Some(0), false)], &[0]), "cache 0 is its own parent");
    assert_eq!(err(vec![spec(None, true)], &[0, 0]), "client 1 shares cache 0 with another client");
    assert_eq!(err(vec![spec(None, true)], &[3]), "client 0: cache 3 does not exist");
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
        Tree::new(caches, &(0..clients).collect::<Vec<_>>(), protocol, 0.0, 4096).unwrap()
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
                    single.reset_stats();
                }
                single.serve_blocks(0, r.op, r.blocks());
                i += 1;
            }
            let s = &single.clients[0];
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
                    tree.reset_stats();
                }
                for c in 0..CN {
                    tree.serve_blocks(c, r.op, r.blocks());
                }
                i += 1;
            }
            tree.check_invariants().unwrap();
            let total: u64 = tree.clients.iter().map(|c| c.latency_sum_ns).sum();
            let requests: u64 = tree.clients.iter().map(|c| c.requests).sum();
            let simulated = total as f64 / requests as f64 / 1e6;
            println!("{name} {client}-{array}-{protocol:?}: eq. 2-3 {predicted:.4} ms, lock-step {simulated:.4} ms");
            assert!(
                (simulated - predicted).abs() <= 0.05 * predicted,
                "{name} {client}-{array}-{protocol:?}: predicted {predicted:.4} ms, simulated {simulated:.4} ms"
            );
        }
    }
}
