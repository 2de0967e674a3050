use super::*;

fn hint(id: u32, blocks: u64, pattern: Pattern, frequency: f64) -> RangeHint {
    RangeHint { id, blocks, pattern, frequency }
}

fn one(capacity: usize, hints: Vec<RangeHint>, blocks: u64) -> Mc2Client {
    Mc2Client { capacity, hints, blocks }
}

/// Reads `blocks` of `range` for `client`; returns the level of each.
fn reads(m: &mut Mc2, client: usize, range: u32, blocks: &[Block]) -> Vec<u8> {
    let local = m.local(client, Some(range));
    blocks
        .iter()
        .map(|&b| {
            let r = m.read(client, local, b);
            m.check_invariants().unwrap();
            r.level
        })
        .collect()
}

#[test]
fn a_split_lru_range_is_one_exclusive_stack_over_both_levels() {
    // One uniform range of 6 blocks, client 2 + array 4: READ takes a block up, the client's
    // victim is demoted, so after the first pass nothing goes to disk.
    let mut m = Mc2::new(&[one(2, vec![hint(0, 6, Pattern::Uniform, 1.0)], 6)], 4, 6, false, None);
    assert_eq!(m.partitions(0)[0], (0, 2, 4, false));
    assert_eq!(reads(&mut m, 0, 0, &[0, 1, 2, 3, 4, 5]), [2; 6]);
    assert_eq!((m.client_len(0), m.array_len()), (2, 4));
    // An LRU stack of 6: 0 is its bottom (in the array), 5 its top (in the client).
    assert_eq!(reads(&mut m, 0, 0, &[0, 5, 3, 1, 2, 4, 0]), [1, 0, 1, 1, 1, 1, 1]);
    assert!(!m.array_contains(0) && m.client_contains(0, 0) && m.client_contains(0, 4));
}

#[test]
fn a_loop_under_mru_keeps_most_of_itself_in_the_aggregate() {
    // A loop of 10 over client 3 + array 4: LRU would miss every time; MRU partitions keep a
    // fixed part of the loop in each level.
    let mut m = Mc2::new(&[one(3, vec![hint(0, 10, Pattern::Loop, 1.0)], 10)], 4, 10, false, None);
    let pass: Vec<Block> = (0..10).collect();
    reads(&mut m, 0, 0, &pass);
    for _ in 0..5 {
        let levels = reads(&mut m, 0, 0, &pass);
        let disk = levels.iter().filter(|&&l| l == 2).count();
        assert!(disk <= 10 - 7 + 2, "{levels:?}");
        assert!(levels.contains(&0) && levels.contains(&1), "{levels:?}");
    }
}

#[test]
fn a_range_the_client_does_not_keep_is_read_saved_in_the_array() {
    // Range 0 is worth the client's whole cache; range 1 only fits the array.
    let hints = vec![hint(0, 2, Pattern::Uniform, 0.8), hint(1, 3, Pattern::Uniform, 0.2)];
    let mut m = Mc2::new(&[one(2, hints, 5)], 3, 5, false, None);
    assert_eq!(m.partitions(0)[1], (1, 0, 3, false));
    assert_eq!(reads(&mut m, 0, 1, &[2, 3, 4]), [2, 2, 2]);
    assert_eq!((m.client_len(0), m.array_len()), (0, 3));
    assert_eq!(reads(&mut m, 0, 1, &[2, 3, 4, 2]), [1, 1, 1, 1]);
}

#[test]
fn shared_ranges_are_inclusive_and_serve_every_client() {
    let clients =
        [one(2, vec![hint(0, 8, Pattern::Uniform, 1.0)], 8), one(2, vec![hint(0, 8, Pattern::Uniform, 1.0)], 8)];
    let mut m = Mc2::new(&clients, 4, 8, true, None);
    assert_eq!(m.partitions(1)[0], (0, 2, 4, true));
    // Client 0's READ from disk stays in the shared partition: client 1 finds it there.
    assert_eq!(reads(&mut m, 0, 0, &[5]), [2]);
    assert!(m.array_contains(5) && m.client_contains(0, 5));
    assert_eq!(reads(&mut m, 1, 0, &[5]), [1]);
    // Not shared (disjoint ids): the READ takes it from the array to client 0 alone.
    let mut m = Mc2::new(&clients, 4, 8, false, None);
    assert_eq!(reads(&mut m, 0, 0, &[5]), [2]);
    assert!(!m.array_contains(5));
    assert_eq!(reads(&mut m, 1, 0, &[5]), [2]);
    // Alone (the single-client baseline), nothing is shared.
    let m = Mc2::new(&clients, 4, 8, true, Some(0));
    assert_eq!(m.partitions(0)[0], (0, 2, 4, false));
    assert_eq!(m.partitions(1)[0], (0, 0, 0, false));
}

#[test]
fn scans_leave_a_shared_partition_read_at_random_alone() {
    let clients = [one(1, vec![hint(0, 8, Pattern::Loop, 1.0)], 8), one(1, vec![hint(0, 8, Pattern::Uniform, 1.0)], 8)];
    let mut m = Mc2::new(&clients, 3, 8, true, None);
    // The looping client's own part of the range is its own MRU partition (a loop of 8
    // over its cache of 1 and the array's 3: 3 blocks there); the random reader's shared
    // one takes all the array it may.
    assert_eq!(m.partitions(0)[0], (0, 1, 3, false));
    assert_eq!(m.partitions(1)[0], (0, 1, 3, true));
    reads(&mut m, 0, 0, &[0, 1, 2, 3]);
    assert_eq!((m.array_share(0), m.array_shared()), (3, 0));
    // The random reader's blocks take the array from the idle looping client.
    assert_eq!(reads(&mut m, 1, 0, &[4, 5, 6]), [2, 2, 2]);
    assert_eq!((m.array_share(0), m.array_shared()), (0, 3));
    // The looping client is served by what the random reader keeps, without reordering
    // it; it demotes its own victim (3) to its own partition, and the victim client (the
    // random reader, whose pair is older) gives up its least recently used block: 4 itself,
    // not reordered by the scan.
    assert_eq!(reads(&mut m, 0, 0, &[4]), [1]);
    assert!(m.client_contains(0, 4) && m.array_contains(3));
    assert!(!m.array_contains(4) && m.array_contains(5));
    assert_eq!((m.array_share(0), m.array_shared()), (1, 2));
    // Now the looping client's pair is the older: it gives the block back.
    assert_eq!(reads(&mut m, 1, 0, &[7]), [2]);
    assert_eq!((m.array_share(0), m.array_shared()), (0, 3));
}

#[test]
fn the_least_recently_active_client_gives_up_array_space() {
    let clients =
        [one(1, vec![hint(0, 10, Pattern::Uniform, 1.0)], 10), one(1, vec![hint(1, 10, Pattern::Uniform, 1.0)], 10)];
    let mut m = Mc2::new(&clients, 4, 20, false, None);
    reads(&mut m, 0, 0, &[0, 1, 2, 3, 4]);
    assert_eq!(m.array_share(0), 4);
    // Client 1 is now the active one: each of its demotions takes a block of client 0's.
    reads(&mut m, 1, 1, &[10, 11, 12]);
    assert_eq!((m.array_share(0), m.array_share(1)), (2, 2));
    reads(&mut m, 1, 1, &[13, 14, 15]);
    assert_eq!((m.array_share(0), m.array_share(1)), (0, 4));
    // Back to client 0: client 1's pair is now the older.
    reads(&mut m, 0, 0, &[5, 6]);
    assert_eq!((m.array_share(0), m.array_share(1)), (2, 2));
}

/// Reads block `b` of `range` for `client`, checking the invariants after.
fn read_one(m: &mut Mc2, client: usize, range: u32, b: Block) -> BlockRead {
    let local = m.local(client, Some(range));
    let r = m.read(client, local, b);
    m.check_invariants().unwrap();
    r
}

#[test]
fn revision_1_leaves_the_array_empty_while_a_client_misses_and_revision_2_fills_it() {
    // Paper 002's q3 + q7 at an aggregate cache of twice the data set, in small: a client
    // scanning a range (0) and one reading it at random (1), each cache holding the whole
    // range, over an array as large. Karma gives the range no array space in either client.
    let clients = [one(8, vec![hint(0, 8, Pattern::Loop, 1.0)], 8), one(8, vec![hint(0, 8, Pattern::Uniform, 1.0)], 8)];
    let scan: Vec<Block> = (0..8).collect();
    let mut m = Mc2::with_revision(Revision::One, &clients, 8, 8, true, None);
    assert_eq!(m.partitions(1)[0], (0, 8, 0, false));
    assert_eq!(reads(&mut m, 0, 0, &scan), [2; 8]);
    // Revision 1: no partition, so the array holds none of its 8 blocks while client 1
    // reads from disk each block client 0 has just read.
    assert_eq!(m.array_len(), 0);
    assert_eq!(reads(&mut m, 1, 0, &[5, 2, 7]), [2, 2, 2]);
    assert_eq!(m.array_len(), 0);
    // Revision 2: the range has a shared partition of size 0; the scan's READs are copied
    // into the free space below it, and client 1 finds them there.
    let mut m = Mc2::with_revision(Revision::Two, &clients, 8, 8, true, None);
    assert_eq!(m.partitions(1)[0], (0, 8, 0, true));
    assert_eq!(reads(&mut m, 0, 0, &scan), [2; 8]);
    assert_eq!((m.array_len(), m.array_shared()), (8, 8));
    assert_eq!(reads(&mut m, 1, 0, &[5, 2, 7]), [1, 1, 1]);
    // Inclusive: they stay for the next reader, and the scanner still hits in its cache.
    assert!([5, 2, 7].iter().all(|&b| m.array_contains(b) && m.client_contains(1, b)));
    assert_eq!(reads(&mut m, 0, 0, &scan), [0; 8]);
}

#[test]
fn revision_2_lends_free_space_beyond_partition_sizes_and_takes_it_back_first() {
    // Range 0 (4 blocks at random, half the references) is worth the client's 2 blocks and
    // 2 of the array's 6; range 1 is sequential (worth nothing): Karma sizes the array's
    // partitions at 2 of 6.
    let hints = vec![hint(0, 4, Pattern::Uniform, 0.5), hint(1, 20, Pattern::Sequential, 0.5)];
    let stream: Vec<Block> = (4..10).collect();
    let mut m = Mc2::with_revision(Revision::One, &[one(2, hints.clone(), 24)], 6, 24, false, None);
    assert_eq!(reads(&mut m, 0, 1, &stream), [2; 6]);
    assert_eq!(reads(&mut m, 0, 0, &[0, 1, 2, 3]), [2; 4]);
    // Revision 1: range 1 has no partition and range 0's stops at its size.
    assert_eq!((m.array_len(), m.array_share(0)), (2, 2));
    assert_eq!(reads(&mut m, 0, 1, &stream), [2; 6]);

    let mut m = Mc2::with_revision(Revision::Two, &[one(2, hints, 24)], 6, 24, false, None);
    assert_eq!(m.partitions(0), [(0, 2, 2, false), (1, 0, 0, false), (REST, 0, 0, false)]);
    // Free space takes the sequential blocks (READ-SAVEs of a partition of size 0).
    assert_eq!(reads(&mut m, 0, 1, &stream), [2; 6]);
    assert_eq!(m.array_len(), 6);
    // Range 0's demotions (0, then 1) take their partition's 2 blocks back from that
    // surplus: the sequential partition is ordered MRU, so 9, then 8, go.
    assert_eq!(reads(&mut m, 0, 0, &[0, 1, 2, 3]), [2; 4]);
    assert_eq!(m.array_len(), 6);
    assert!(m.array_contains(0) && m.array_contains(1) && !m.array_contains(9) && !m.array_contains(8));
    assert_eq!(reads(&mut m, 0, 1, &stream), [1, 1, 1, 1, 2, 2]);
    // The array full, a partition of size 0 takes nothing more.
    assert!(!m.array_contains(8) && !m.array_contains(9) && m.array_len() == 6);
}

#[test]
fn revision_2_drops_a_victim_with_no_space_below_once_the_array_is_full() {
    // Range 0's hot 2 blocks fill the client; range 1 is worth the array; range 0's cold
    // blocks are worth no space at all.
    let hints = vec![hint(0, 10, Pattern::PARETO, 0.8), hint(1, 2, Pattern::Uniform, 0.2)];
    let mut m = Mc2::with_revision(Revision::Two, &[one(2, hints, 12)], 2, 12, false, None);
    assert_eq!(m.partitions(0)[..2], [(0, 2, 0, false), (1, 0, 2, false)]);
    read_one(&mut m, 0, 0, 0);
    read_one(&mut m, 0, 0, 1);
    // The array has room: the client's victim (0) is demoted into it.
    let r = read_one(&mut m, 0, 0, 2);
    assert_eq!((r.level, r.client_evictions, r.demotions, r.demotions_moved), (2, 1, 1, 1));
    assert!(m.array_contains(0));
    // Range 1's READ-SAVEs take the array, 0 first (lent beyond its partition's size).
    read_one(&mut m, 0, 1, 10);
    let r = read_one(&mut m, 0, 1, 11);
    assert_eq!(r.array_evictions, 1);
    assert!(!m.array_contains(0) && m.array_len() == 2);
    // Now the client drops its victim (1): no DEMOTE, no transfer.
    let r = read_one(&mut m, 0, 0, 3);
    assert_eq!((r.client_evictions, r.demotions, r.demotions_moved), (1, 0, 0));
    assert!(!m.array_contains(1));
}

#[test]
fn revision_2_copies_of_a_scan_go_first_newest_first() {
    // Client 0 scans range 0 (6 blocks, all in its cache); client 1 reads it at random with
    // 1 block of cache, so the shared partition is its 3 blocks of the array.
    let clients = [one(6, vec![hint(0, 6, Pattern::Loop, 1.0)], 6), one(1, vec![hint(0, 6, Pattern::Uniform, 1.0)], 6)];
    let mut m = Mc2::with_revision(Revision::Two, &clients, 3, 6, true, None);
    assert_eq!(m.partitions(1)[0], (0, 1, 3, true));
    // The scan's READs are copied below the partition while the array has room.
    assert_eq!(reads(&mut m, 0, 0, &[0, 1, 2, 3, 4, 5]), [2; 6]);
    assert!([0, 1, 2].iter().all(|&b| m.array_contains(b)) && m.array_len() == 3);
    // A random reader's hit on a copy makes it the partition's own.
    assert_eq!(reads(&mut m, 1, 0, &[1]), [1]);
    // Its READs from disk push the copies out, the newest (2) first.
    assert_eq!(reads(&mut m, 1, 0, &[4]), [2]);
    assert!(m.array_contains(0) && !m.array_contains(2) && m.array_contains(1) && m.array_contains(4));
    assert_eq!(reads(&mut m, 1, 0, &[5]), [2]);
    assert!(!m.array_contains(0) && [1, 4, 5].iter().all(|&b| m.array_contains(b)));
    // The scanner, its cache holding the range, is not affected.
    assert_eq!(reads(&mut m, 0, 0, &[0, 1, 2, 3, 4, 5]), [0; 6]);
}

#[test]
fn revisions_are_numbers_1_and_2() {
    assert_eq!(serde_json::from_str::<Revision>("1").unwrap(), Revision::One);
    assert_eq!(serde_json::from_str::<Revision>("2").unwrap(), Revision::Two);
    assert_eq!(serde_json::to_string(&Revision::Two).unwrap(), "2");
    let e = serde_json::from_str::<Revision>("3").unwrap_err().to_string();
    assert!(e.contains("MC² has revisions 1 and 2 (got 3)"), "{e}");
    assert_eq!(Revision::LATEST, Revision::Two);
    let clients = [one(2, vec![hint(0, 6, Pattern::Uniform, 1.0)], 6)];
    assert_eq!(Mc2::new(&clients, 4, 6, false, None).revision(), Revision::One);
}

#[test]
fn invariants_hold_under_random_hints_and_reads() {
    let mut rng = crate::util::rng::Rng::seeded(11);
    let patterns = [Pattern::Loop, Pattern::Sequential, Pattern::Uniform, Pattern::PARETO];
    for round in 0..60 {
        let universe = 60;
        let clients: Vec<Mc2Client> = (0..1 + rng.below(3) as usize)
            .map(|_| {
                let hints = (0..rng.below(4) as u32)
                    .map(|id| hint(id, 1 + rng.below(15), patterns[rng.below(4) as usize], 0.2))
                    .collect();
                one(1 + rng.below(8) as usize, hints, universe)
            })
            .collect();
        let shared = round % 2 == 0;
        let active = (round % 5 == 4).then_some(0);
        let revision = if round % 3 == 0 { Revision::One } else { Revision::Two };
        let array = 1 + rng.below(12) as usize;
        let mut m = Mc2::with_revision(revision, &clients, array, universe as usize, shared, active);
        for _ in 0..400 {
            let c = if active.is_some() { 0 } else { rng.below(clients.len() as u64) as usize };
            let range = (rng.below(5) as u32).checked_sub(1);
            let local = m.local(c, range);
            m.read(c, local, rng.below(universe) as Block);
            m.check_invariants().unwrap_or_else(|e| panic!("round {round}: {e}"));
        }
    }
}
