use super::*;
use crate::policy::{PolicyConfig, StackStatus};
use crate::scenario::{CacheConfig, TreeCache};
use serde_json::json;

const A: Block = 0;
const B: Block = 1;
const C: Block = 2;
const D: Block = 3;
const E: Block = 4;

pub(super) fn two_level(client: PolicyConfig, array: PolicyConfig, protocol: Protocol, capacity: u64) -> Scenario {
    let mut s = Scenario::paper000_random(client, array, protocol);
    s.topology.client_mut().unwrap().capacity = capacity.into();
    s.topology.array_mut().unwrap().capacity = capacity.into();
    s
}

pub(super) fn single(policy: PolicyConfig, capacity: u64) -> Scenario {
    Scenario::single(capacity, policy, Scenario::default().workload().unwrap().clone())
}

fn reads(blocks: &[Block]) -> Vec<TeachRequest> {
    blocks
        .iter()
        .map(|&block| TeachRequest { client: 0, block, op: Op::Read, hint: None, range: None, bytes: None })
        .collect()
}

fn start(caches: &[(&str, &[Block])]) -> Start {
    caches.iter().map(|(n, b)| (n.to_string(), b.to_vec())).collect()
}

fn blocks(step: &TeachStep, cache: usize) -> Vec<Vec<Block>> {
    step.caches[cache].queues.iter().map(|q| q.blocks.clone()).collect()
}

/// Paper 000 §4.5: LRU-LRU-demote, three blocks each. Start: client C D E, array D B E;
/// reading A: the client demotes C (the array ejects D), A comes from disk (the array ejects
/// B) — Final: client D E A, array E C A.
#[test]
fn paper_000_three_block_sequential_example() {
    let s = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, 3);
    let steps = teach(&s, &reads(&[A]), &start(&[("client", &[C, D, E]), ("array", &[D, B, E])])).unwrap();
    assert_eq!(steps.len(), 2);
    assert_eq!((blocks(&steps[0], 0), blocks(&steps[0], 1)), (vec![vec![C, D, E]], vec![vec![D, B, E]]));
    assert_eq!((steps[0].block, steps[0].level, steps[0].demotions, steps[0].disk_reads), (None, None, 0, 0));
    let last = &steps[1];
    assert_eq!((blocks(last, 0), blocks(last, 1)), (vec![vec![D, E, A]], vec![vec![E, C, A]]), "Final");
    assert_eq!((last.level, last.demotions, last.disk_reads), (Some(Level::Disk), 1, 1));
    // The shape a view reads: 0.2 ms fetch + 0.2 ms demotion transfer + 10 ms disk.
    assert_eq!(
        serde_json::to_value(last).unwrap(),
        json!({
            "block": 0,
            "op": "read",
            "hint": null,
            "client": 0,
            "level": "disk",
            "servedBy": "disk",
            "latencyMs": 10.4,
            "caches": [
                {"name": "client", "parent": 1, "policy": "lru", "queues": [{"name": "cache", "ghost": false, "blocks": [3, 4, 0], "partition": null}], "stack": null, "hits": 0, "misses": 1},
                {"name": "array", "parent": null, "policy": "lru", "queues": [{"name": "cache", "ghost": false, "blocks": [4, 2, 0], "partition": null}], "stack": null, "hits": 0, "misses": 1}
            ],
            "demotions": 1,
            "diskReads": 1,
            "miss": "cold",
            "distance": null,
            "pathCapacity": 6,
            "inBytes": false,
            // The client lets C go (down to the array) and takes A; the array lets D and B go.
            "events": [
                {"kind": "moved", "cache": 0, "block": 2, "from": "cache", "to": null, "fromGhost": false, "toGhost": false, "nextUse": null},
                {"kind": "moved", "cache": 0, "block": 0, "from": null, "to": "cache", "fromGhost": false, "toGhost": false, "nextUse": null},
                {"kind": "moved", "cache": 1, "block": 3, "from": "cache", "to": null, "fromGhost": false, "toGhost": false, "nextUse": null},
                {"kind": "moved", "cache": 1, "block": 1, "from": "cache", "to": null, "fromGhost": false, "toGhost": false, "nextUse": null},
                {"kind": "moved", "cache": 1, "block": 2, "from": null, "to": "cache", "fromGhost": false, "toGhost": false, "nextUse": null},
                {"kind": "moved", "cache": 1, "block": 0, "from": null, "to": "cache", "fromGhost": false, "toGhost": false, "nextUse": null}
            ]
        })
    );
    assert_eq!(serde_json::to_value(&steps[0]).unwrap()["level"], serde_json::Value::Null);
}

/// A single ARC cache of 2 over 0 1 0 2 3 1 (worked from the paper's Fig. 4 with p = 0):
/// ghosts appear in B1, and T1 ∪ T2 is the cache's contents at every step.
#[test]
fn a_single_arc_cache_shows_its_ghosts() {
    let refs = reads(&[0, 1, 0, 2, 3, 1]);
    let steps = teach(&single(PolicyConfig::Arc, 2), &refs, &Start::new()).unwrap();
    assert_eq!(steps.len(), refs.len() + 1);
    let mut arc = PolicyConfig::Arc.build(2, 4, 0).unwrap();
    let mut ev = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        if i > 0 {
            arc.access(refs[i - 1].block, &mut ev);
        }
        assert_eq!(step.caches.len(), 1, "a single cache");
        let names: Vec<_> = step.caches[0].queues.iter().map(|q| (q.name.as_str(), q.ghost)).collect();
        assert_eq!(names, [("T1", false), ("T2", false), ("B1", true), ("B2", true)]);
        let mut resident: Vec<Block> =
            step.caches[0].queues.iter().filter(|q| !q.ghost).flat_map(|q| q.blocks.clone()).collect();
        let mut contents = Vec::new();
        arc.contents(&mut contents);
        resident.sort_unstable();
        contents.sort_unstable();
        assert_eq!(resident, contents, "step {i}");
    }
    let levels: Vec<_> = steps[1..].iter().map(|s| s.level.unwrap()).collect();
    use Level::{Client, Disk};
    assert_eq!(levels, [Disk, Disk, Client, Disk, Disk, Disk]);
    assert_eq!(blocks(&steps[4], 0), [vec![2], vec![0], vec![1], vec![]]);
    assert_eq!(blocks(&steps[6], 0), [vec![1], vec![0], vec![3], vec![]]);
    assert_eq!((steps[6].disk_reads, steps[6].demotions), (5, 0));
    // The single cache's start may be called `client`, as the two-level one is.
    let s = teach(&single(PolicyConfig::Lru, 2), &[], &start(&[("client", &[5])])).unwrap();
    assert_eq!(blocks(&s[0], 0), [vec![5]]);
}

#[test]
fn writes_and_demotions_are_counted_as_they_happen() {
    // LRU-MRU-demote, two blocks each (paper 000 Fig. 6): the array keeps what the client lacks.
    let s = two_level(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote, 2);
    let refs = [(A, Op::Read), (B, Op::Write), (C, Op::Read), (A, Op::Read)].map(|(block, op)| TeachRequest {
        client: 0,
        block,
        op,
        hint: None,
        range: None,
        bytes: None,
    });
    let steps = teach(&s, &refs, &Start::new()).unwrap();
    let summary: Vec<_> = steps.iter().map(|s| (s.level, s.demotions, s.disk_reads)).collect();
    use Level::{Array, Disk};
    assert_eq!(
        summary,
        [(None, 0, 0), (Some(Disk), 0, 1), (Some(Array), 0, 1), (Some(Disk), 1, 2), (Some(Array), 2, 2)]
    );
    assert_eq!((blocks(&steps[4], 0), blocks(&steps[4], 1)), (vec![vec![C, A]], vec![vec![A, B]]));
}

/// A tree: two clients over a shared array; each step draws all three caches, and the
/// second client finds in the array what the first brought there.
#[test]
fn a_small_tree_is_drawn_cache_by_cache() {
    let mut s = Scenario::default();
    let cache = |name: &str, parent: Option<&str>, policy| TreeCache {
        name: name.into(),
        capacity: 2.into(),
        policy,
        co: false,
        admission: None,
        prefetch: None,
        parent: parent.map(Into::into),
        link: parent.map(|_| crate::hierarchy::LinkConfig::Fc1g),
        disk: parent.is_none().then_some(crate::hierarchy::DiskConfig::Constant { service_ms: 10.0 }),
    };
    s.topology = Topology::Tree {
        caches: vec![
            cache("array", None, PolicyConfig::Lru),
            cache("c1", Some("array"), PolicyConfig::Lru),
            cache("c2", Some("array"), PolicyConfig::Lru),
        ],
    };
    s.protocol = Protocol::None;
    let shape = s.shape().unwrap();
    let refs = requests_from_json(r#"[[7, "read", "c1"], {"block": 7, "client": 1}, [7, "read", 0]]"#, &shape).unwrap();
    let steps = teach(&s, &refs, &start(&[("c2", &[3])])).unwrap();
    assert_eq!(steps[0].caches.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["array", "c1", "c2"]);
    assert_eq!(blocks(&steps[0], 2), [vec![3]]);
    let served: Vec<_> = steps[1..].iter().map(|s| (s.client, s.served_by.clone())).collect();
    assert_eq!(served, [(Some(0), Some("disk".into())), (Some(1), Some("array".into())), (Some(0), Some("c1".into()))]);
    assert_eq!(blocks(&steps[2], 2), [vec![3, 7]]);
    let _ = CacheConfig::new(1, PolicyConfig::Lru);
}

pub(super) fn letters(text: &str) -> Vec<TeachRequest> {
    reads(&text.split(' ').map(|t| (t.as_bytes()[0] - b'A') as Block).collect::<Vec<_>>())
}

/// Paper 000's A–E, three blocks a level, read round twice. By hand (next victim first):
/// inclusive LRU-LRU fills both levels with the same C D E, so the second A misses both —
/// though its stack distance, 5, fits the 6 blocks the two levels hold between them: a
/// duplicate miss, and so are the four after it. LRU-LRU-demote does no better: each disk
/// read still leaves a copy in the array (§4.5's Final: client D E A, array E C A, A twice).
/// LRU-MRU-demote keeps in the array just what the client lacks (one cache of N_c + N_a − 1
/// = 5 blocks): after the five cold misses every read hits, and the duplicates are gone.
#[test]
fn misses_are_cold_duplicate_or_capacity_on_paper_000s_a_to_e() {
    use MissKind::{Capacity, Cold, Duplicate};
    let twice = letters("A B C D E A B C D E");
    let misses = |client, array, protocol, refs: &[TeachRequest]| {
        let steps = teach(&two_level(client, array, protocol, 3), refs, &Start::new()).unwrap();
        steps[1..].iter().map(|s| s.miss).collect::<Vec<_>>()
    };
    let cold5 = [Some(Cold); 5];
    let inclusive = misses(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::None, &twice);
    assert_eq!(inclusive[..5], cold5);
    assert_eq!(inclusive[5..], [Some(Duplicate); 5], "inclusive LRU-LRU");
    let demote = misses(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, &twice);
    assert_eq!(demote[5..], [Some(Duplicate); 5], "LRU-LRU-demote still holds A twice");
    let exclusive = misses(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote, &twice);
    assert_eq!(exclusive[..5], cold5);
    assert_eq!(exclusive[5..], [None; 5], "LRU-MRU-demote: no duplicate misses");
    // The steps say why: A's second read is 5 deep in a stack the 6 blocks of the path would hold.
    let steps =
        teach(&two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::None, 3), &twice, &Start::new()).unwrap();
    assert_eq!((steps[6].distance, steps[6].path_capacity, steps[6].level), (Some(5), Some(6), Some(Level::Disk)));
    assert_eq!((steps[1].distance, steps[0].path_capacity, steps[0].miss), (None, None, None));
    // Seven blocks round: A comes back 7 deep, more than the 6 the levels hold — a capacity miss.
    let seven = misses(PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote, &letters("A B C D E F G A"));
    assert_eq!(
        seven,
        [Some(Cold), Some(Cold), Some(Cold), Some(Cold), Some(Cold), Some(Cold), Some(Cold), Some(Capacity)]
    );
    // Start lists are earlier references (root's first): §4.5's start (client C D E, array
    // D B E) makes the stack B C D E, so reading B is 4 deep — in the array, a hit — and A is cold.
    let s = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, 3);
    let steps = teach(&s, &letters("B A"), &start(&[("client", &[C, D, E]), ("array", &[D, B, E])])).unwrap();
    assert_eq!((steps[1].distance, steps[1].level, steps[1].miss), (Some(4), Some(Level::Array), None));
    assert_eq!((steps[2].distance, steps[2].miss), (None, Some(Cold)));
    // Writes get no label.
    let w = [TeachRequest { client: 0, block: A, op: Op::Write, hint: None, range: None, bytes: None }];
    assert_eq!(teach(&s, &w, &Start::new()).unwrap()[1].miss, None);
}

/// Each cache's tally is the engine's counters, and equals what the steps' "served by" says
/// read by read: every cache on the path below the one that served it missed, that one hit.
#[test]
fn the_tally_per_cache_is_what_the_steps_served() {
    let mut tree = Scenario::default();
    let cache = |name: &str, parent: Option<&str>, capacity: u64| TreeCache {
        name: name.into(),
        capacity: capacity.into(),
        policy: PolicyConfig::Lru,
        co: false,
        admission: None,
        prefetch: None,
        parent: parent.map(Into::into),
        link: parent.map(|_| crate::hierarchy::LinkConfig::Fc1g),
        disk: parent.is_none().then_some(crate::hierarchy::DiskConfig::Constant { service_ms: 10.0 }),
    };
    tree.topology = Topology::Tree {
        caches: vec![cache("array", None, 4), cache("c1", Some("array"), 2), cache("c2", Some("array"), 2)],
    };
    let mut x = 12345u64;
    let refs: Vec<TeachRequest> = (0..200)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let op = if (x >> 60) == 0 { Op::Write } else { Op::Read };
            TeachRequest {
                client: ((x >> 40) & 1) as usize,
                block: ((x >> 33) % 7) as Block,
                op,
                hint: None,
                range: None,
                bytes: None,
            }
        })
        .collect();
    for (s, refs) in [
        (
            two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::None, 3),
            refs.iter().map(|r| TeachRequest { client: 0, ..*r }).collect::<Vec<_>>(),
        ),
        (
            two_level(PolicyConfig::Arc, PolicyConfig::Mru, Protocol::Demote, 3),
            refs.iter().map(|r| TeachRequest { client: 0, ..*r }).collect(),
        ),
        (tree, refs.clone()),
    ] {
        let steps = teach(&s, &refs, &Start::new()).unwrap();
        let shape = s.shape().unwrap();
        let mut tally = vec![(0u64, 0u64); shape.nodes.len()];
        for (r, step) in refs.iter().zip(&steps[1..]) {
            if r.op == Op::Write {
                continue;
            }
            for &c in &shape.paths[r.client] {
                if shape.nodes[c].name == *step.served_by.as_ref().unwrap() {
                    tally[c].0 += 1;
                    break;
                }
                tally[c].1 += 1;
            }
            let counted: Vec<_> = step.caches.iter().map(|c| (c.hits, c.misses)).collect();
            assert_eq!(counted, tally, "{:?}", s.topology);
        }
        let disk = steps.last().unwrap().disk_reads;
        let labelled = steps.iter().filter(|s| s.miss.is_some()).count() as u64;
        assert_eq!(labelled, disk, "every read from the disk has its label");
    }
}

/// Paper 004's TQ under an LRU client: reads put a block in Qlow (the client has just loaded
/// it); a REPLACE-hinted write (the client letting a dirty block go) moves it to Qhigh, where
/// the next read of it should find it — and so does any write but a RECOV one, hinted or not
/// (Algorithm 2 orders by the latest non-RECOV request).
#[test]
fn hinted_writes_reach_tq_with_their_hint() {
    let shape = Scenario::default().shape().unwrap();
    let refs =
        requests_from_json(r#"[0, 1, [0, "replace"], [1, "write"], [2, "synch"], [3, "recov"]]"#, &shape).unwrap();
    assert_eq!(
        refs.iter().map(|r| (r.op, r.hint)).collect::<Vec<_>>(),
        [
            (Op::Read, None),
            (Op::Read, None),
            (Op::Write, Some(WriteHint::Replace)),
            (Op::Write, None),
            (Op::Write, Some(WriteHint::Synch)),
            (Op::Write, Some(WriteHint::Recov)),
        ]
    );
    let s = two_level(PolicyConfig::Lru, PolicyConfig::Tq, Protocol::None, 4);
    let steps = teach(&s, &refs[..4], &Start::new()).unwrap();
    // Each step says which hint its write carried (the stepper's strip shows it).
    assert_eq!(steps.iter().map(|s| s.hint).collect::<Vec<_>>(), [None, None, None, Some(WriteHint::Replace), None]);
    let array = |n: usize| -> Vec<(&str, Vec<Block>)> {
        steps[n].caches[1].queues.iter().map(|q| (q.name.as_str(), q.blocks.clone())).collect()
    };
    let find = |n: usize, name: &str| array(n).into_iter().find(|(q, _)| *q == name).map(|(_, b)| b).unwrap();
    assert_eq!((find(2, "Qlow"), find(2, "Qhigh")), (vec![A, B], vec![]), "{:?}", array(2));
    assert_eq!((find(3, "Qlow"), find(3, "Qhigh")), (vec![B], vec![A]), "{:?}", array(3));
    assert_eq!((find(4, "Qlow"), find(4, "Qhigh")), (vec![], vec![A, B]), "an unhinted write: {:?}", array(4));
}

/// Paper 002's MC² over two clients, c1 running TPC-H query 3 (loops over CUSTOMER,
/// ORDERS, LINEITEM: ranges 2, 3, 4) and c2 query 7 (reads them at random, and its own
/// ranges 0, 1, 5–9), at scale 0.01 over a 4-block array and 2-block clients. Karma gives
/// c1's cache range 2, c2's range 5; in the array c1 gets ranges 2 (1 block) and 3 (3), c2
/// ranges 6 and 8 (2 each). Range 2 is shared, read at random by c2: the shared partition
/// is c2's, and c1's loop keeps copies below it (§3.3, revision 2). By hand, each partition
/// next victim first:
#[test]
fn mc2_partitions_show_blocks_moving_between_shared_and_own() {
    let json = r#"{"version": 5, "name": "mc2", "seed": 1,
      "topology": {"kind": "tree", "caches": [
        {"name": "array", "capacity": 4, "policy": {"kind": "lru"}, "disk": {"kind": "constant", "serviceMs": 10}},
        {"name": "c1", "capacity": 2, "policy": {"kind": "lru"}, "parent": "array", "link": {"preset": "fc-1g"}},
        {"name": "c2", "capacity": 2, "policy": {"kind": "lru"}, "parent": "array", "link": {"preset": "fc-1g"}}]},
      "protocol": {"kind": "mc2", "revision": 2},
      "source": {"kind": "workload", "workload": {"kind": "tpch", "query": "q3", "scale": 0.01},
                 "clients": {"c2": {"kind": "tpch", "query": "q7", "scale": 0.01}}}}"#;
    let s: Scenario = serde_json::from_str(json).unwrap();
    let shape = s.shape().unwrap();
    // c1:A@2 c1:B@2 c2:A@2 c1:C@2 c2:D@5 c2:E@5 c2:F@5 c2:B@2
    let refs = requests_from_json(
        r#"[[0, "read", "c1", 2], [1, "read", "c1", 2], [0, "read", "c2", 2], [2, "read", "c1", 2],
            [3, "read", "c2", 5], {"block": 4, "client": "c2", "range": 5}, [5, "read", 1, 5], [1, "read", "c2", 2]]"#,
        &shape,
    )
    .unwrap();
    assert_eq!((refs[5].range, refs[6].client), (Some(5), 1));
    let steps = teach(&s, &refs, &Start::new()).unwrap();
    let lists = |n: usize, cache: usize| -> Vec<String> {
        steps[n].caches[cache]
            .queues
            .iter()
            .map(|q| {
                let blocks: Vec<String> = q.blocks.iter().map(|&b| ((b as u8 + b'A') as char).to_string()).collect();
                format!("{}: {}", q.name, blocks.join(" "))
            })
            .collect()
    };
    let empty = ["range 2 · c1: ", "range 3 · c1: ", "range 6 · c2: ", "range 8 · c2: "];
    // Step 0: the partitions Karma sized, in the global stack's order (no pair used yet).
    assert_eq!(
        (lists(0, 0), lists(0, 1), lists(0, 2)),
        (empty.map(String::from).to_vec(), vec!["range 2: ".into()], vec!["range 5: ".into()])
    );
    // c1 reads A and B from disk: it keeps them (range 2 has 2 blocks in its cache; a loop
    // is MRU, so B goes next), and the array's free space keeps a copy of each below the
    // shared partition.
    assert_eq!(lists(2, 1), ["range 2: B A"]);
    assert_eq!(
        lists(2, 0),
        ["range 2 · c1: ", "range 2 · scan copies: B A", "range 3 · c1: ", "range 6 · c2: ", "range 8 · c2: "]
    );
    // c2 reads A at random: a hit in the array, and A joins the shared partition proper.
    assert_eq!(steps[3].served_by.as_deref(), Some("array"));
    assert_eq!(lists(3, 0)[1..3], ["range 2 · scan copies: B".to_string(), "range 2 · shared: A".into()]);
    // c1 reads C: its cache evicts B (its loop's MRU end) and demotes it — B leaves the
    // copies for c1's own partition of range 2.
    assert_eq!(lists(4, 1), ["range 2: C A"]);
    assert_eq!(
        lists(4, 0)[..3],
        ["range 2 · c1: B".to_string(), "range 2 · scan copies: C".into(), "range 2 · shared: A".into()]
    );
    assert_eq!(steps[4].demotions, 1);
    // c2's own range 5: the third block pushes D out of its cache, into free space.
    assert_eq!(lists(7, 2), ["range 5: E F"]);
    assert!(lists(7, 0).contains(&"range 5 · c2: D".to_string()), "{:?}", lists(7, 0));
    let d = steps[7].caches[0].queues.iter().find(|q| q.name == "range 5 · c2").unwrap();
    assert_eq!(d.partition, Some(PartitionView { range: Some(5), owner: Some("c2".into()), size: 0, copies: false }));
    // c2 reads B, in c1's own partition: served there, untouched (a READ-SAVE).
    assert_eq!(steps[8].served_by.as_deref(), Some("array"));
    assert_eq!(lists(8, 0), lists(7, 0));
    // The array never holds more than its 4 blocks, and no block sits in two partitions.
    for st in &steps {
        let mut all: Vec<Block> = st.caches[0].queues.iter().flat_map(|q| q.blocks.clone()).collect();
        assert!(all.len() <= 4);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), st.caches[0].queues.iter().map(|q| q.blocks.len()).sum::<usize>());
    }
    // The path capacity a miss is judged by is MC²'s (the caches' policies are placeholders).
    assert_eq!(steps[1].path_capacity, Some(6));
}

/// LIRS (c = 4: Llirs = 3, Lhirs = 1) shows its stack S beside Q: A B C become LIR, D is
/// resident HIR; E's miss evicts D (still in S, now non-resident); A's hit on S's bottom
/// prunes nothing below B. By hand, S bottom first.
#[test]
fn lirs_shows_its_stack_s_with_each_entry_marked() {
    use StackStatus::{HirNonResident as N, HirResident as H, Lir as L};
    let steps = teach(
        &single(PolicyConfig::Lirs { hir_share: crate::policy::lirs::DEFAULT_HIR_SHARE }, 4),
        &letters("A B C D E A"),
        &Start::new(),
    )
    .unwrap();
    let stack =
        |n: usize| steps[n].caches[0].stack.clone().unwrap().iter().map(|e| (e.block, e.status)).collect::<Vec<_>>();
    assert_eq!(stack(0), []);
    assert_eq!(stack(4), [(A, L), (B, L), (C, L), (D, H)]);
    assert_eq!(stack(5), [(A, L), (B, L), (C, L), (D, N), (E, H)]);
    assert_eq!(stack(6), [(B, L), (C, L), (D, N), (E, H), (A, L)]);
    let q = |n: usize| steps[n].caches[0].queues.iter().find(|q| q.name == "HIR resident").unwrap().blocks.clone();
    assert_eq!((q(4), q(5)), (vec![D], vec![E]));
    // Policies without a stack have none.
    let lru = teach(&single(PolicyConfig::Lru, 2), &letters("A"), &Start::new()).unwrap();
    assert_eq!(lru[1].caches[0].stack, None);
}

#[test]
fn refusals_name_the_field() {
    let lru = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, 3);
    let path = |s: &Scenario, refs: &[TeachRequest], start: &Start| teach(s, refs, start).unwrap_err().path;
    let none = Start::new();

    let many = reads(&vec![0; 2000]);
    let e = teach(&lru, &many, &none).unwrap_err();
    assert_eq!((e.path.as_str(), e.to_string().contains("at most 1000")), ("requests", true), "{e}");
    let mut big = lru.clone();
    big.topology.array_mut().unwrap().capacity = 100.into();
    let e = teach(&big, &[], &none).unwrap_err();
    assert_eq!((e.path.as_str(), e.message.contains("at most 64 blocks")), ("topology.array.capacity", true), "{e}");
    let e = teach(&two_level(PolicyConfig::Lru, PolicyConfig::Min, Protocol::Demote, 3), &[], &none).unwrap_err();
    assert_eq!((e.path.as_str(), e.message.contains("offline")), ("topology.array.policy", true), "{e}");

    assert_eq!(path(&lru, &reads(&[1, 1_000_000]), &none), "requests[1]");
    assert_eq!(path(&lru, &[], &start(&[("array", &[5, 1_000_000])])), "start.array[1]");
    assert_eq!(path(&lru, &[], &start(&[("client", &[1, 2, 1])])), "start.client[2]");
    assert_eq!(path(&lru, &[], &start(&[("client", &[1, 2, 3, 4])])), "start.client");
    assert_eq!(path(&lru, &[], &start(&[("disk", &[1])])), "start.disk");
    let mut bad = lru.clone();
    bad.topology.client_mut().unwrap().capacity = 0.into();
    assert_eq!(path(&bad, &[], &none), "topology.client.capacity", "the scenario's own checks run too");
}

#[test]
fn requests_and_start_parse_with_clear_errors() {
    let shape = Scenario::default().shape().unwrap();
    let r = |b, op| TeachRequest { client: 0, block: b, op, hint: None, range: None, bytes: None };
    assert_eq!(
        requests_from_json(r#"[1, [2, "write"], [3, "read"], 0]"#, &shape).unwrap(),
        [r(1, Op::Read), r(2, Op::Write), r(3, Op::Read), r(0, Op::Read)]
    );
    assert_eq!(requests_from_json("[]", &shape).unwrap(), []);
    for (text, says) in [
        ("[1, ", "not valid JSON"),
        (r#"{"requests": []}"#, "expected an array"),
        (r#"[1, "2"]"#, "[1]: expected a block id"),
        (r#"[[1, "erase"]]"#, r#"[0][1]: the operation must be "read", "write", or a hinted write"#),
        ("[-1]", "[0]: the block must be"),
        ("[2.5]", "[0]: the block must be"),
        ("[1000000]", "from 0 to 999999"),
        (r#"[[1]]"#, "[0]: expected"),
        (r#"[[1, "read", "c9"]]"#, r#"[0][2]: "c9" is not a client"#),
        (r#"[[1, "read", 3]]"#, "[0][2]: the topology has 1 clients"),
        (r#"[{"block": 1, "size": 2}]"#, "[0].size: unknown field"),
    ] {
        let e = requests_from_json(text, &shape).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    }
    assert_eq!(start_from_json(r#"{"client": [2, 3]}"#).unwrap(), start(&[("client", &[2, 3])]));
    assert_eq!(start_from_json("{}").unwrap(), Start::new());
    assert!(start_from_json(r#"{"client": [1, "x"]}"#).unwrap_err().starts_with("client[1]:"),);
    assert!(start_from_json(r#"{} x"#).unwrap_err().contains("not valid JSON"));
    assert!(start_from_json("nope").unwrap_err().contains("not valid JSON"));
    assert!(start_from_json("[]").unwrap_err().contains("expected an object"));
}

/// A single cache in bytes under `policy`.
fn single_bytes(policy: PolicyConfig, capacity: &str) -> Scenario {
    let mut s = single(policy, 1);
    s.topology.client_mut().unwrap().capacity = crate::scenario::CacheSize::parse_bytes(capacity).unwrap();
    s
}

fn sized(block: Block, bytes: Option<u64>) -> TeachRequest {
    TeachRequest { client: 0, block, op: Op::Read, hint: None, range: None, bytes }
}

/// GDSF over 16 KiB, by hand (H = L + frequency × 10⁶ / size; a newcomer enters, then the lowest
/// leave while over): A (4 KiB) gets H 244.1; B (8 KiB) 122.1; A's hit doubles its H to 488.3; C
/// (8 KiB, H 122.1) pushes out B, whose H was set earlier, and L rises to 122.1; B comes back at
/// 244.1 and pushes out C; D (16 KiB, H 183.1) is the lowest and leaves at once: the small
/// popular A and the smaller B stay, and L is D's H.
#[test]
fn gdsf_in_bytes_keeps_the_small_popular_objects_by_hand() {
    let s = single_bytes(PolicyConfig::Gdsf, "16K");
    let k = 1024;
    let refs = [
        sized(A, Some(4 * k)),
        sized(B, Some(8 * k)),
        sized(A, None),
        sized(C, Some(8 * k)),
        sized(B, None),
        sized(D, Some(16 * k)),
    ];
    let steps = teach(&s, &refs, &Start::new()).unwrap();
    let h = |x: f64| (x * 10.0).round() / 10.0;
    let view = |i: usize| {
        let c = &steps[i].caches[0];
        let q = &c.queues[0];
        (
            q.blocks.clone(),
            q.sizes.clone().unwrap(),
            q.priorities.clone().unwrap().into_iter().map(h).collect::<Vec<_>>(),
            h(c.inflation.unwrap()),
            c.bytes.unwrap().used,
        )
    };
    assert_eq!(steps[0].caches[0].queues[0].name, "by H");
    assert_eq!(view(1), (vec![A], vec![4 * k], vec![244.1], 0.0, 4 * k));
    assert_eq!(view(2), (vec![B, A], vec![8 * k, 4 * k], vec![122.1, 244.1], 0.0, 12 * k));
    assert_eq!(view(3), (vec![B, A], vec![8 * k, 4 * k], vec![122.1, 488.3], 0.0, 12 * k));
    assert_eq!(view(4), (vec![C, A], vec![8 * k, 4 * k], vec![122.1, 488.3], 122.1, 12 * k));
    assert_eq!(view(5), (vec![B, A], vec![8 * k, 4 * k], vec![244.1, 488.3], 122.1, 12 * k));
    assert_eq!(view(6), (vec![B, A], vec![8 * k, 4 * k], vec![244.1, 488.3], 183.1, 12 * k));
    assert_eq!(
        steps.iter().map(|s| s.bytes).collect::<Vec<_>>(),
        [None, Some(4 * k), Some(8 * k), Some(4 * k), Some(8 * k), Some(8 * k), Some(16 * k)]
    );
    assert_eq!(steps[6].level, Some(Level::Disk));
    assert_eq!((steps[6].caches[0].hits, steps[6].caches[0].misses), (1, 5));
    // In bytes: A's hit (4 KiB) against the misses' 4 + 8 + 8 + 8 + 16 KiB.
    assert_eq!((steps[6].caches[0].byte_hits, steps[6].caches[0].byte_misses), (Some(4 * k), Some(44 * k)));
}

/// LRU in bytes against a naive model (a list of (object, bytes), most recent last): an object
/// larger than the cache is not admitted; a hit keeps the size its copy was admitted with; the
/// least recent leave until a newcomer fits. Sizes change now and then.
#[test]
fn lru_in_bytes_steps_as_a_naive_byte_lru() {
    let s = single_bytes(PolicyConfig::Lru, "20K");
    let mut x = 99u64;
    let mut next = || {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        x >> 33
    };
    let refs: Vec<TeachRequest> = (0..300)
        .map(|_| {
            let block = (next() % 9) as Block;
            let size = [1, 2, 4, 6, 8, 24][(next() % 6) as usize] * 1024;
            sized(block, (next() % 3 > 0).then_some(size))
        })
        .collect();
    let steps = teach(&s, &refs, &Start::new()).unwrap();
    let mut model: Vec<(Block, u64)> = Vec::new();
    let mut now: BTreeMap<Block, u64> = BTreeMap::new();
    for r in &refs {
        if let Some(b) = r.bytes {
            now.entry(r.block).or_insert(b);
        }
    }
    for (i, r) in refs.iter().enumerate() {
        if let Some(b) = r.bytes {
            now.insert(r.block, b);
        }
        let size = now.get(&r.block).copied().unwrap_or(4096);
        let hit = match model.iter().position(|&(b, _)| b == r.block) {
            Some(at) => {
                let e = model.remove(at);
                model.push(e);
                true
            }
            None if size > 20 * 1024 => false,
            None => {
                while model.iter().map(|e| e.1).sum::<u64>() + size > 20 * 1024 {
                    model.remove(0);
                }
                model.push((r.block, size));
                false
            }
        };
        let step = &steps[i + 1];
        let q = &step.caches[0].queues[0];
        let want: (Vec<Block>, Vec<u64>) = model.iter().copied().unzip();
        assert_eq!((q.blocks.clone(), q.sizes.clone().unwrap()), want, "request {i}");
        assert_eq!(step.level == Some(Level::Client), hit, "request {i}");
        assert_eq!(step.caches[0].bytes.unwrap().used, want.1.iter().sum::<u64>(), "request {i}");
    }
    assert!(steps.last().unwrap().caches[0].bytes.unwrap().too_large > 0, "some 24 KiB objects were turned away");
}

/// A miss in bytes is judged against the bytes of the distinct objects since: A, B, C of 8 KiB
/// in 16 KiB, then A: 24 KiB since (C, B and A itself) > 16 KiB — capacity; B then: 24 KiB too;
/// a 4 KiB object read again after one 8 KiB object: 12 KiB — a hit.
#[test]
fn misses_in_bytes_are_judged_in_bytes() {
    let s = single_bytes(PolicyConfig::Lru, "16K");
    let k = 1024;
    let refs = [
        sized(A, Some(8 * k)),
        sized(B, Some(8 * k)),
        sized(C, Some(8 * k)),
        sized(A, None),
        sized(E, Some(4 * k)),
        sized(D, Some(8 * k)),
        sized(E, None),
    ];
    let steps = teach(&s, &refs, &Start::new()).unwrap();
    assert_eq!(steps[1].miss, Some(MissKind::Cold));
    assert_eq!(
        (steps[4].miss, steps[4].distance, steps[4].path_capacity, steps[4].in_bytes),
        (Some(MissKind::Capacity), Some(24 * k), Some(16 * k), true)
    );
    assert_eq!((steps[7].level, steps[7].distance), (Some(Level::Client), Some(12 * k)));
}

/// Two levels in bytes under DEMOTE: every step's copies add up to the bytes in use, within each
/// cache's capacity, and the start lists take their objects' sizes from the requests.
#[test]
fn two_levels_in_bytes_keep_their_budgets_under_demote() {
    let mut s = two_level(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::Demote, 1);
    s.topology.client_mut().unwrap().capacity = crate::scenario::CacheSize::parse_bytes("12K").unwrap();
    s.topology.array_mut().unwrap().capacity = crate::scenario::CacheSize::parse_bytes("16K").unwrap();
    let k = 1024;
    let refs: Vec<TeachRequest> = [(A, 4), (B, 8), (C, 2), (D, 6), (A, 4), (E, 8), (B, 8), (C, 2), (A, 4), (D, 6)]
        .map(|(b, size)| sized(b, Some(size * k)))
        .to_vec();
    let steps = teach(&s, &refs, &start(&[("client", &[C]), ("array", &[D, E])])).unwrap();
    assert_eq!(steps[0].caches[0].queues[0].sizes, Some(vec![2 * k]));
    assert_eq!(steps[0].caches[1].queues[0].sizes, Some(vec![6 * k, 8 * k]));
    for (i, step) in steps.iter().enumerate() {
        for c in &step.caches {
            let b = c.bytes.unwrap();
            let sum: u64 = c.queues.iter().filter(|q| !q.ghost).flat_map(|q| q.sizes.clone().unwrap()).sum();
            assert_eq!(sum, b.used, "step {i}, {}", c.name);
            assert!(b.used <= b.capacity, "step {i}, {}", c.name);
        }
    }
    assert!(steps.last().unwrap().demotions > 0);
}

#[test]
fn sized_walks_refuse_what_they_cannot_draw_or_count() {
    let at = |s: &Scenario, refs: &[TeachRequest], st: &Start| teach(s, refs, st).unwrap_err();
    let big = single_bytes(PolicyConfig::Lru, "256K");
    let e = at(&big, &[sized(A, Some(1024))], &Start::new());
    assert_eq!(e.path.to_string(), "topology.cache.capacity");
    assert!(e.message.contains("262144 bytes would hold 256 objects of 1024 bytes"), "{}", e.message);
    // The smallest object is the smallest a request asks for (here 2 KiB), not the block size.
    let e = at(&big, &[sized(A, Some(8192)), sized(B, None), sized(A, Some(2048))], &Start::new());
    assert!(e.message.contains("would hold 128 objects of 2048 bytes"), "{}", e.message);
    // Of 8 KiB and more, the same cache draws (32 objects at most).
    assert!(teach(&big, &[sized(A, Some(8192)), sized(B, Some(16384))], &Start::new()).is_ok());
    let lirs = single_bytes(PolicyConfig::Lirs { hir_share: 0.01 }, "16K");
    assert_eq!(at(&lirs, &[sized(A, Some(4096))], &Start::new()).path.to_string(), "topology.cache.policy");
    let e = at(
        &single_bytes(PolicyConfig::Lru, "8K"),
        &[sized(A, Some(4096)), sized(B, Some(8192))],
        &start(&[("cache", &[A, B])]),
    );
    assert_eq!((e.path.to_string(), e.message.contains("12288 bytes in all")), ("start.cache".into(), true));
    let mut mc2 = two_level(
        PolicyConfig::Lru,
        PolicyConfig::Lru,
        Protocol::Mc2 { revision: crate::hierarchy::protocol::mc2::Revision::LATEST },
        3,
    );
    mc2.topology.client_mut().unwrap().capacity = 3.into();
    assert_eq!(at(&mc2, &[sized(A, Some(4096))], &Start::new()).path.to_string(), "protocol");
    assert_eq!(
        at(&single_bytes(PolicyConfig::Lru, "16K"), &[sized(A, Some(0))], &Start::new()).path.to_string(),
        "requests[0].bytes"
    );
    // Without sizes the same cache is 4 blocks of 4 KiB, as before.
    let blocks = teach(&single_bytes(PolicyConfig::Lru, "16K"), &reads(&[A, B, C, D, E]), &Start::new()).unwrap();
    assert_eq!(blocks.last().unwrap().caches[0].bytes, None);
    assert_eq!(blocks.last().unwrap().caches[0].queues[0].blocks, [B, C, D, E]);
}

/// ARC in bytes steps with its four lists drawn, each cached copy's bytes beside it (the ghosts,
/// ids only, drawn without sizes): 12 KiB, A (4K) and B (8K) fill it; A's hit moves it to T2; C (4K)
/// needs room, so REPLACE sends T1's B to B1; B's return is a ghost hit (p rises to 1 byte) into
/// T2, and REPLACE sends T1's C (4 KiB > p) to B1 to make room.
#[test]
fn arc_in_bytes_steps_with_its_lists_in_bytes() {
    let s = single_bytes(PolicyConfig::Arc, "12K");
    let k = 1024;
    let refs = [sized(A, Some(4 * k)), sized(B, Some(8 * k)), sized(A, None), sized(C, Some(4 * k)), sized(B, None)];
    let steps = teach(&s, &refs, &Start::new()).unwrap();
    let lists = |i: usize| {
        steps[i].caches[0]
            .queues
            .iter()
            .map(|q| (q.name.as_str(), q.blocks.clone(), q.sizes.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        lists(4),
        [
            ("T1", vec![C], Some(vec![4 * k])),
            ("T2", vec![A], Some(vec![4 * k])),
            ("B1", vec![B], None),
            ("B2", vec![], None)
        ]
    );
    assert_eq!(
        lists(5),
        [
            ("T1", vec![], Some(vec![])),
            ("T2", vec![A, B], Some(vec![4 * k, 8 * k])),
            ("B1", vec![C], None),
            ("B2", vec![], None)
        ]
    );
    for step in &steps {
        let b = step.caches[0].bytes.unwrap();
        assert!(b.used <= b.capacity);
    }
}

/// A cache in bytes under one block steps a walk of small objects; without sizes it is refused
/// at its capacity, saying what would make it run.
#[test]
fn a_cache_in_bytes_under_one_block_steps_small_objects() {
    let s = single_bytes(PolicyConfig::Lru, "2K");
    let refs = [sized(A, Some(1024)), sized(B, Some(512)), sized(C, Some(1024)), sized(B, None)];
    let steps = teach(&s, &refs, &Start::new()).unwrap();
    assert_eq!(steps[4].caches[0].queues[0].blocks, [C, B]);
    assert_eq!((steps[4].caches[0].hits, steps[4].caches[0].bytes.unwrap().used), (1, 1536));
    assert!(check(&s).is_ok(), "the page's check as one types: the walk decides");
    let e = teach(&s, &reads(&[A, B]), &Start::new()).unwrap_err();
    assert_eq!(e.path.to_string(), "topology.cache.capacity");
    assert!(e.message.starts_with("2K holds no block of 4096 bytes: give the requests sizes (A:1K)"), "{}", e.message);
    // Outside the stepper the scenario's own check refuses it as before.
    assert!(s.validate().unwrap_err().message.starts_with("2K holds no block of 4096 bytes"));
}
