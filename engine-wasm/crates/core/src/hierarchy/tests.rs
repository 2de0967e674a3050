//! Hand-worked examples of the engine on one client over one array (paper 000 §4), a path of
//! three, and several clients: queue snapshots step by step, left = next to eject.

use super::protocol::{demote::Demote, Cooperation};
use super::*;
use crate::model::Request;
use crate::policy::End;
use crate::policy::PolicyConfig;

const A: Block = 0;
const B: Block = 1;
const C: Block = 2;
const D: Block = 3;
const E: Block = 4;

fn policy(c: &PolicyConfig, cap: usize) -> Box<dyn Policy> {
    c.build(cap, 8, 1).unwrap()
}

/// A client of `caps.0` blocks over an array of `caps.1` over a 10 ms disk, on 1 Gbit/s FC.
fn two_level(client: PolicyConfig, array: PolicyConfig, protocol: Protocol, caps: (usize, usize)) -> Hierarchy {
    let caches = vec![
        CacheSpec { policy: policy(&client, caps.0), parent: Some(1), link: Some(LinkConfig::Fc1g), disk: None },
        CacheSpec { policy: policy(&array, caps.1), parent: None, link: None, disk: Some(DiskConfig::default()) },
    ];
    Hierarchy::new(caches, &[0], protocol, 0.0, 4096).unwrap()
}

fn contents(h: &Hierarchy, i: usize) -> Vec<Block> {
    let mut out = Vec::new();
    h.cache(i).contents(&mut out);
    out
}

fn state(h: &Hierarchy) -> (Vec<Block>, Vec<Block>) {
    h.check_invariants().unwrap();
    (contents(h, 0), contents(h, 1))
}

fn fill(h: &mut Hierarchy, i: usize, blocks: &[Block]) {
    let mut ev = Vec::new();
    for &b in blocks {
        h.cache_mut(i).insert(b, End::EjectLast, &mut ev);
    }
}

fn read(h: &mut Hierarchy, b: Block) -> (usize, u64) {
    h.serve(0, &Request::read(b))
}

/// Paper 000 §4.5: LRU-LRU-demote does not behave as one unified LRU cache. Client and array
/// hold three blocks each; the workload cycles A–E. Start: client C D E, array D B E; reading A
/// gives Next (client D E -, array B E C) and then Final (client D E A, array E C A).
#[test]
fn paper_000_three_block_sequential_example() {
    let start = |h: &mut Hierarchy| {
        fill(h, 1, &[D, B, E]);
        fill(h, 0, &[C, D, E]);
    };
    let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, (3, 3));
    start(&mut h);
    assert_eq!(state(&h), (vec![C, D, E], vec![D, B, E]), "Start");
    // Next: the client demotes its LRU block C; the array puts it at the eject-me-last end,
    // ejecting D.
    Demote.make_room(&mut h.core, &[0, 1], 1);
    assert_eq!(h.core.nodes[0].demoted, 1, "C was not in the array, so its data moves");
    assert_eq!(state(&h), (vec![D, E], vec![B, E, C]), "Next");

    // Final: A misses in the array too; the array ejects B to make way for it.
    let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, (3, 3));
    start(&mut h);
    let (level, ns) = read(&mut h, A);
    assert_eq!(state(&h), (vec![D, E, A], vec![E, C, A]), "Final");
    assert_eq!(level, 2, "the disk");
    // 0.2 ms fetch + 0.2 ms demotion transfer + 10 ms disk.
    assert_eq!(ns, 200_000 + 200_000 + 10_000_000);
    let array = h.cache_counters(1);
    assert_eq!((array.demotions_in, array.demotions_moved_in), (1, 1));
    // ... "but must then retrieve B from disk on the next request".
    assert_eq!(read(&mut h, B).0, 2);
    assert_eq!(state(&h), (vec![E, A, B], vec![A, D, B]));
}

/// LRU-MRU-demote: the array keeps only what the client lacks (paper 000 Fig. 6, middle).
#[test]
fn lru_mru_demote_stays_exclusive_step_by_step() {
    let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote, (2, 2));
    assert_eq!(read(&mut h, A).0, 2); // client [A], array [A]
    assert_eq!(state(&h), (vec![A], vec![A]));
    assert_eq!(read(&mut h, B).0, 2); // client [A, B], array [B, A]
    assert_eq!(state(&h), (vec![A, B], vec![B, A]));
    // C: the client demotes A (already in the array: moved to eject-last, no data), then C
    // comes from disk to the array's eject-next end, ejecting B.
    assert_eq!(read(&mut h, C), (2, 200_000 + 10_000_000), "a DEMOTE of a held block moves no data");
    assert_eq!(state(&h), (vec![B, C], vec![C, A]));
    // A: array hit. The client demotes B (data moves, ejecting C from the array's eject-next
    // end), then A moves to the array's eject-next end.
    assert_eq!(read(&mut h, A), (1, 400_000));
    assert_eq!(state(&h), (vec![C, A], vec![A, B]));
    // D: the client demotes C, which pushes out A — the copy the client holds.
    assert_eq!(read(&mut h, D).0, 2);
    assert_eq!(state(&h), (vec![A, D], vec![D, C]));
    let array = h.cache_counters(1);
    assert_eq!((array.demotions_in, array.demotions_moved_in), (3, 2));
}

#[test]
fn inclusive_baseline_drops_client_victims() {
    let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::None, (2, 2));
    for b in [A, B, C] {
        read(&mut h, b);
    }
    // Both levels saw the same misses in the same order: fully inclusive.
    assert_eq!(state(&h), (vec![B, C], vec![B, C]));
    assert_eq!(read(&mut h, A).0, 2);
    assert_eq!(h.cache_counters(1).demotions_in, 0);
    let c = h.client_counters(0);
    assert_eq!((c.served_at.clone(), c.disk_reads), (vec![0, 0], 4));
}

#[test]
fn multi_block_reads_hit_only_when_every_block_is_there() {
    let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::None, (4, 4));
    read(&mut h, A);
    let two = Request { nblocks: 2, ..Request::read(A) }; // A and B
    let (level, ns) = h.serve(0, &two);
    assert_eq!(level, 2, "B is on disk, so the request is a disk read");
    assert_eq!(ns, 10_000_000 + LinkConfig::Fc1g.transfer_ns(4096), "one block fetched");
    assert_eq!(h.serve(0, &two).0, 0);
    // Requests: A (disk), AB (disk), AB (client) → 1 of 3 hits. Blocks: A miss; A hit, B
    // miss; A hit, B hit → 3 of 5 block hits.
    let c = h.client_counters(0);
    assert_eq!((c.reads, c.served_at[0], c.disk_reads), (3, 1, 2));
    assert_eq!((c.block_reads, c.blocks_served_at.clone()), (5, vec![3, 0]));
}

#[test]
fn ac_ca_evicts_the_first_candidate_the_array_holds() {
    let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::AcCa { k: 2 }, (3, 3));
    // Both caches hold A B C (fetched through the array).
    for b in [A, B, C] {
        read(&mut h, b);
    }
    // D: the client's candidates are A and B; A is in the array, so A goes. The array, full,
    // evicts A too to take D.
    read(&mut h, D);
    assert_eq!(state(&h), (vec![B, C, D], vec![B, C, D]));
    // Now make the array lose B: the client's first candidate is no longer the one to evict.
    h.cache_mut(1).remove(B);
    read(&mut h, A); // candidates B (not in the array) and C (in it): C goes
    assert_eq!(contents(&h, 0), vec![B, D, A]);
    h.check_invariants().unwrap();
}

#[test]
fn writes_go_through_to_the_array() {
    let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::None, (2, 2));
    let (level, ns) = h.serve(0, &Request::write(A));
    assert_eq!((level, ns), (1, 200_000), "written through to the array");
    assert_eq!(state(&h), (vec![A], vec![A]));
    assert_eq!(read(&mut h, A).0, 0);
    let c = h.client_counters(0);
    assert_eq!((c.writes, c.reads), (1, 1));
    assert_eq!((h.cache_counters(0).writes, h.cache_counters(1).writes), (1, 1));
}

/// Paper 003's SE: an unimportant block (importance 0) is the client's next victim, and,
/// where the protocol passes hints up (AC_HB's DEMOTE, AC_CC), the array's too; without SE,
/// or at an inclusive array, it is an ordinary block.
#[test]
fn se_puts_unimportant_blocks_next_in_line() {
    let read = |b: Block, imp: u8| Request { importance: Some(imp), ..Request::read(b) };
    for (se, client) in [(true, [A, C]), (false, [B, C])] {
        let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, (2, 3)).with_se(se);
        for r in [read(A, 1), read(B, 0), read(C, 1)] {
            h.serve(0, &r);
        }
        let (mut c, _) = state(&h);
        c.sort_unstable();
        assert_eq!(c, client, "SE {se}: the client keeps");
    }
    // First references under AC_CC go to the array only: E, then the unimportant D.
    for (protocol, se, first) in
        [(Protocol::AcCc, true, D), (Protocol::AcCc, false, E), (Protocol::Demote, true, D), (Protocol::None, true, E)]
    {
        let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Lru, protocol, (1, 3)).with_se(se);
        h.serve(0, &read(E, 1));
        h.serve(0, &read(D, 0));
        let mut next = Vec::new();
        h.cache(1).candidates(1, &mut next);
        assert_eq!(next, [first], "{protocol:?}, SE {se}: the array's next victim");
    }
    // SE at one level: the other keeps the unimportant block as any other.
    for (at, client, first) in [(SeAt::Client, [A, C], E), (SeAt::Above, [B, C], D)] {
        let mut h =
            two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, (2, 3)).with_se_at(true, Some(at));
        for r in [read(A, 1), read(B, 0), read(C, 1)] {
            h.serve(0, &r);
        }
        let (mut c, _) = state(&h);
        c.sort_unstable();
        assert_eq!(c, client, "SE at {at:?}: the client keeps");
        let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::AcCc, (1, 3)).with_se_at(true, Some(at));
        h.serve(0, &read(E, 1));
        h.serve(0, &read(D, 0));
        let mut next = Vec::new();
        h.cache(1).candidates(1, &mut next);
        assert_eq!(next, [first], "SE at {at:?}: the array's next victim");
    }
}

/// AC_CC on two levels: a block goes to the client when its last two references are within
/// the client's size, else to the array only; a block lives in one level.
#[test]
fn ac_cc_places_each_block_by_its_reuse_distance() {
    let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::AcCc, (2, 4));
    // First references: the array only.
    for b in [A, B, C] {
        assert_eq!(read(&mut h, b).0, 2);
    }
    assert_eq!(state(&h), (vec![], vec![A, B, C]));
    // C again at distance 1 (within 2): it moves up to the client, leaving the array.
    assert_eq!(read(&mut h, C).0, 1);
    assert_eq!(state(&h), (vec![C], vec![A, B]));
    // A at distance 4 (beyond 2): served by the array, stays there.
    assert_eq!(read(&mut h, A).0, 1);
    assert_eq!(state(&h), (vec![C], vec![B, A]));
    // B at distance 4, then B at distance 1: up to the client.
    read(&mut h, B);
    assert_eq!(read(&mut h, B).0, 1);
    assert_eq!(state(&h), (vec![C, B], vec![A]));
    // A at distance 3 → array; then D (new) → array; C at distance 5 → array (already client): a client hit.
    assert_eq!(read(&mut h, C).0, 0);
    h.check_one_level_per_path().unwrap();
}

/// Three levels, DEMOTE, MRU insertion at both upper levels: one LRU of the summed sizes less
/// one — the block just read from the root or the disk sits there as well as in the client until
/// the next demotion pushes it out (paper 000 §4.1's N_c + N_a − 1, one level up).
#[test]
fn a_demoting_mru_path_is_one_lru() {
    use crate::util::rng::Rng;
    use crate::workload::zipf::ZipfTable;
    let universe = 5000usize;
    let table = ZipfTable::new(universe as u64, 0.8);
    let mut rng = Rng::seeded(3);
    let build = |c: PolicyConfig, cap| c.build(cap, universe, 7).unwrap();
    let caches = vec![
        CacheSpec { policy: build(PolicyConfig::Lru, 500), parent: Some(1), link: Some(LinkConfig::Fc1g), disk: None },
        CacheSpec { policy: build(PolicyConfig::Mru, 700), parent: Some(2), link: Some(LinkConfig::Fc1g), disk: None },
        CacheSpec {
            policy: build(PolicyConfig::Mru, 900),
            parent: None,
            link: None,
            disk: Some(DiskConfig::default()),
        },
    ];
    let mut h = Hierarchy::new(caches, &[0], Protocol::Demote, 0.0, 4096).unwrap();
    let mut unified = build(PolicyConfig::Lru, 500 + 700 + 900 - 1);
    let (mut ev, mut hits_tree, mut hits_lru) = (Vec::new(), 0u64, 0u64);
    for _ in 0..100_000 {
        let b = table.sample(&mut rng);
        let (level, _) = h.serve(0, &Request::read(b));
        hits_tree += (level < 3) as u64;
        hits_lru += unified.access(b, &mut ev) as u64;
    }
    h.check_invariants().unwrap();
    assert_eq!(hits_tree, hits_lru, "3-level demoting path vs one LRU of 2099 blocks");
    let c = h.client_counters(0);
    assert!(c.served_at[1] > 0 && c.served_at[2] > 0, "{c:?}");
}

#[test]
fn clients_share_the_levels_above_them() {
    let spec = |cap, parent, link| CacheSpec {
        policy: policy(&PolicyConfig::Lru, cap),
        parent,
        link,
        disk: parent.is_none().then(DiskConfig::default),
    };
    let caches = vec![
        spec(100, Some(2), Some(LinkConfig::Fc1g)),
        spec(100, Some(2), Some(LinkConfig::Eth100m)),
        spec(300, None, None),
    ];
    let mut h = Hierarchy::new(caches, &[0, 1], Protocol::None, 0.0, 4096).unwrap();
    // Client 0 reads block 5: disk. Client 1 reads it: the shared array has it.
    assert_eq!(h.serve(0, &Request::read(5)), (2, 200_000 + 10_000_000));
    assert_eq!(
        h.serve(1, &Request::read(5)),
        (1, LinkConfig::Eth100m.transfer_ns(4096)),
        "over client 1's slower link"
    );
    assert_eq!(h.serve(0, &Request::read(5)).0, 0);
    assert_eq!(h.path(1), [1, 2]);
    assert_eq!((h.client_counters(0).reads, h.client_counters(1).reads), (2, 1));
}

#[test]
fn bad_shapes_are_refused_with_a_reason() {
    let spec = |parent, disk: bool| CacheSpec {
        policy: policy(&PolicyConfig::Lru, 10),
        parent,
        link: None,
        disk: disk.then(DiskConfig::default),
    };
    let err = |caches, clients: &[usize]| Hierarchy::new(caches, clients, Protocol::None, 0.0, 4096).err().unwrap();
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

/// In queueing mode a request is timed by its stages: they must add up to its additive
/// latency, whatever the protocol, path or request.
#[test]
fn stages_add_up_to_the_latency() {
    use crate::util::rng::Rng;
    let mut rng = Rng::seeded(5);
    let protocols = [Protocol::None, Protocol::Demote, Protocol::HaR, Protocol::AcCa { k: 3 }, Protocol::AcCc];
    for protocol in protocols {
        for disk in [DiskConfig::default(), DiskConfig::Mechanical(Default::default())] {
            // Two clients under a middle tier, one straight under the root; links everywhere.
            let spec = |cap, parent: Option<usize>| CacheSpec {
                policy: policy(&PolicyConfig::Lru, cap),
                parent,
                link: Some(if parent == Some(3) { LinkConfig::Eth100m } else { LinkConfig::Fc1g }),
                disk: parent.is_none().then_some(disk),
            };
            let caches = vec![spec(4, Some(3)), spec(4, Some(3)), spec(4, Some(4)), spec(6, Some(4)), spec(8, None)];
            let mut h = Hierarchy::new(caches, &[0, 1, 2], protocol, 0.05, 4096).unwrap().with_stages(true);
            let mut stages = Vec::new();
            for i in 0..3_000 {
                let n = 1 + (rng.below(4) == 0) as u32 * rng.below(3) as u32;
                let r = Request {
                    nblocks: n,
                    op: if rng.below(5) == 0 { Op::Write } else { Op::Read },
                    ..Request::read(rng.below(40) as Block)
                };
                let (_, ns) = h.serve(rng.below(3) as usize, &r);
                h.stages(&mut stages);
                assert_eq!(stages.iter().map(|s| s.ns).sum::<u64>(), ns, "{protocol:?} request {i}: {r:?}");
            }
            h.check_invariants().unwrap();
        }
    }
}

/// AC_CC with two clients over one array (ULC's multi-client form), their streams sharing
/// every block: after every request no path holds a block in two caches, both clients are
/// served by the shared array, and a block one client holds is never placed in the array.
#[test]
fn ac_cc_with_two_clients_keeps_one_level_per_path() {
    use crate::util::rng::Rng;
    use crate::workload::zipf::ZipfTable;
    let universe = 600usize;
    let table = ZipfTable::new(universe as u64, 0.9);
    let mut rng = Rng::seeded(17);
    for (client, array) in [(PolicyConfig::Lru, PolicyConfig::Lru), (PolicyConfig::Arc, PolicyConfig::Lru)] {
        let build = |c: &PolicyConfig, cap| c.build(cap, universe, 3).unwrap();
        let caches = vec![
            CacheSpec { policy: build(&client, 40), parent: Some(2), link: Some(LinkConfig::Fc1g), disk: None },
            CacheSpec { policy: build(&client, 40), parent: Some(2), link: Some(LinkConfig::Fc1g), disk: None },
            CacheSpec { policy: build(&array, 120), parent: None, link: None, disk: Some(DiskConfig::default()) },
        ];
        let mut h = Hierarchy::new(caches, &[0, 1], Protocol::AcCc, 0.0, 4096).unwrap();
        for i in 0..30_000 {
            let c = rng.below(2) as usize;
            let b = table.sample(&mut rng);
            let r = if rng.below(10) == 0 { Request::write(b) } else { Request::read(b) };
            h.serve(c, &r);
            h.check_invariants().unwrap_or_else(|e| panic!("{client:?} request {i}: {e}"));
        }
        for c in 0..2 {
            let cc = h.client_counters(c);
            assert!(cc.served_at[0] > 0 && cc.served_at[1] > 0 && cc.disk_reads > 0, "client {c}: {cc:?}");
        }
    }
}

/// Paper 003 §5 hides DEMOTE transfers from the request (`hidden`); a client that sends a demoted
/// block even when the array holds it (`always`) pays a whole transfer, which eq. 1 then charges;
/// paper 000 §2's DEMOTE of a held block moves no data but its command's round trip is charged.
#[test]
fn demotions_hidden_or_always_sent() {
    let steps = |cost: Demotions, data: DemoteData, command_ms: f64| {
        let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote, (2, 2))
            .with_demotions(cost, data, command_ms);
        [A, B, C, A].map(|b| read(&mut h, b).1)
    };
    const T: u64 = 200_000; // one 4 KiB block over 1 Gbit/s FC
    const D: u64 = 10_000_000;
    const K: u64 = 20_000; // a 0.02 ms command
                           // As in lru_mru_demote_stays_exclusive_step_by_step: C demotes A (held: no data), A demotes B (data).
    assert_eq!(steps(Demotions::Charged, DemoteData::WhenAbsent, 0.0), [T + D, T + D, T + D, T + T]);
    assert_eq!(steps(Demotions::Charged, DemoteData::WhenAbsent, 0.02), [T + D, T + D, T + D + K, T + T]);
    assert_eq!(steps(Demotions::Charged, DemoteData::Always, 0.02), [T + D, T + D, T + T + D, T + T]);
    assert_eq!(steps(Demotions::Hidden, DemoteData::Always, 0.0), [T + D, T + D, T + D, T]);
    assert_eq!(steps(Demotions::Hidden, DemoteData::WhenAbsent, 0.02), [T + D, T + D, T + D, T]);
    // Hidden, the transfers still cross the link.
    let mut h = two_level(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote, (2, 2)).with_demotions(
        Demotions::Hidden,
        DemoteData::Always,
        0.0,
    );
    for b in [A, B, C, A] {
        read(&mut h, b);
    }
    assert_eq!(h.cache_counters(0).link_bytes, (4 + 2) * 4096, "4 fetches and 2 demotions");
}
