//! S3-FIFO counted in bytes (Yang et al., "FIFO queues are all you need for cache eviction",
//! SOSP 2023; the algorithm is summarised in `policy/s3fifo.rs`), as libCacheSim counts it — the
//! peer users compare with (its `S3FIFO.c`, probed request by request with libcachesim 0.3.5):
//!
//! - The small queue S holds `⌊C × share⌋` bytes (share 0.1 by default), the main queue M the
//!   rest, and the ghost queue G remembers `⌊C × 0.9⌋` bytes of ids, each its object's size.
//! - A hit adds one to the object's counter (2 bits, saturating: the peer's uncapped counter is
//!   only ever compared with 1 and 2, and capped at 3 when read); nothing moves.
//! - A miss first takes the id out of G. An object larger than S (or the cache) is refused.
//!   Victims leave one at a time while the cache is over C: from M when M is over its share or
//!   S is empty, else from S. Then a ghost hit enters M; an object of exactly S's size is not
//!   kept after all (the peer's check `size >= S` after its evictions); before the first
//!   eviction, a newcomer enters M once S is full (the peer's warm-up); else it enters S.
//! - S's eviction takes its oldest object: with a counter of at least 2 it moves to M's head,
//!   counter 0, and the next is taken; else it leaves for G (unless larger than G; G drops its
//!   oldest ids until it fits) and the eviction is done. M's eviction takes its oldest: a
//!   non-zero counter reinserts it at the head with `min(counter, 3) − 1`, and the next is
//!   taken; else it leaves. One eviction may thus only move S into M: the loop goes on.

use super::super::{End, Policy, Queue, TeachingViews, VictimPreview};
use super::ByteBudget;
use crate::model::Block;
use crate::util::list_set::ListSet;

/// The ghost queue's share of the cache, in bytes (the peer's `ghost_size_ratio`).
pub const GHOST_SHARE: f64 = 0.9;
/// Hits in S that earn M (the peer's `move_to_main_threshold`).
const PROMOTE_AT: u8 = 2;

const S: usize = 0;
const M: usize = 1;
const G: usize = 2;

pub struct S3FifoBytes {
    c: u64,
    /// Each queue's capacity and bytes.
    cap: [u64; 3],
    bytes: [u64; 3],
    /// Oldest (front) to newest (back); a listed id's spare bits are its counter.
    queues: ListSet<3>,
    /// Per id: its entry's bytes (meaningful while listed).
    size: Vec<u64>,
    /// Whether anything was evicted yet (the peer's warm-up rule).
    has_evicted: bool,
    /// The id whose lookup found it in G, until its insertion (or the next lookup).
    pending: Option<Block>,
    /// Objects larger than the whole cache it was asked to take.
    too_large: u64,
}

impl S3FifoBytes {
    pub fn new(capacity: u64, universe: usize, small_share: f64) -> Result<Self, String> {
        if !(small_share > 0.0 && small_share < 1.0) {
            return Err(format!("S3-FIFO's small share must be between 0 and 1 (got {small_share})"));
        }
        let small = (capacity as f64 * small_share) as u64;
        if small == 0 {
            return Err(format!(
                "S3-FIFO's small queue would hold no byte ({capacity} bytes × {small_share}): give the cache more bytes"
            ));
        }
        let ghost = (capacity as f64 * GHOST_SHARE) as u64;
        Ok(Self {
            c: capacity,
            cap: [small, capacity - small, ghost],
            bytes: [0; 3],
            queues: ListSet::with_capacity(universe, universe),
            size: vec![0; universe],
            has_evicted: false,
            pending: None,
            too_large: 0,
        })
    }

    pub fn capacity(&self) -> u64 {
        self.c
    }

    pub fn used(&self) -> u64 {
        self.bytes[S] + self.bytes[M]
    }

    pub fn len(&self) -> usize {
        self.queues.len(S) + self.queues.len(M)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, block: Block) -> bool {
        matches!(self.queues.list_of(block), Some(S | M))
    }

    /// Whether it has evicted (or promoted) to make room: full, for the hierarchy's counters.
    fn full(&self) -> bool {
        self.has_evicted
    }

    /// A reference to `block` of `size` bytes; `admit`: whether a miss may enter (a filter in
    /// front has its say after the lookup). Victims are pushed into `evicted`.
    pub fn access(&mut self, block: Block, size: u64, admit: bool, evicted: &mut Vec<Block>) -> bool {
        if self.lookup(block) {
            return true;
        }
        if admit {
            self.admit(block, size, End::EjectLast, evicted);
        }
        false
    }

    /// The lookup: a hit counts; an id found in G leaves it, the object then waiting for its
    /// insertion ([`S3FifoBytes::admit`]) into M.
    #[inline]
    fn lookup(&mut self, block: Block) -> bool {
        self.pending = None;
        match self.queues.list_of(block) {
            Some(S | M) => {
                let f = self.queues.aux(block);
                self.queues.set_aux(block, (f + 1).min(3));
                true
            }
            Some(_) => {
                self.forget(block);
                false
            }
            None => false,
        }
    }

    fn forget(&mut self, block: Block) {
        self.bytes[G] -= self.size[block as usize];
        self.queues.remove(block);
        self.pending = Some(block);
    }

    /// Admits `block` (`size` bytes) at `end` of its queue, victims leaving first, unless it is
    /// larger than S or the cache (or exactly S's size, found after the evictions: the peer's
    /// order). An id still in G (inserted without a lookup: a DEMOTE) is a ghost hit here.
    fn admit(&mut self, block: Block, size: u64, end: End, evicted: &mut Vec<Block>) {
        if self.pending != Some(block) && self.queues.list_of(block) == Some(G) {
            self.forget(block);
        }
        let ghost = self.pending.take() == Some(block);
        if size > self.cap[S] || size > self.c {
            return;
        }
        while self.used() + size > self.c {
            if let Some(victim) = self.evict_one() {
                evicted.push(victim);
            }
        }
        let queue = if ghost {
            M
        } else if size >= self.cap[S] {
            return;
        } else if !self.has_evicted && self.bytes[S] >= self.cap[S] {
            M
        } else {
            S
        };
        self.enter(queue, block, size, end);
    }

    fn enter(&mut self, queue: usize, block: Block, size: u64, end: End) {
        match end {
            End::EjectLast => self.queues.push_back(queue, block),
            End::EjectNext => self.queues.push_front(queue, block),
        }
        let i = block as usize;
        if i >= self.size.len() {
            self.size.resize((i + 1).max(self.size.len() * 2), 0);
        }
        self.size[i] = size;
        self.bytes[queue] += size;
    }

    /// One eviction: from M when it is over its share or S is empty, else from S. It may only
    /// move S's objects into M (`None`), as the peer's.
    fn evict_one(&mut self) -> Option<Block> {
        self.has_evicted = true;
        if self.bytes[M] > self.cap[M] || self.queues.is_empty(S) {
            self.evict_main()
        } else {
            self.evict_small()
        }
    }

    fn evict_small(&mut self) -> Option<Block> {
        while let Some(id) = self.queues.front(S) {
            let s = self.size[id as usize];
            self.bytes[S] -= s;
            if self.queues.aux(id) >= PROMOTE_AT {
                self.queues.move_to_back(M, id);
                self.queues.set_aux(id, 0);
                self.bytes[M] += s;
                continue;
            }
            self.queues.remove(id);
            self.remember(id, s);
            return Some(id);
        }
        None
    }

    fn evict_main(&mut self) -> Option<Block> {
        while let Some(id) = self.queues.front(M) {
            let f = self.queues.aux(id);
            if f >= 1 {
                self.queues.move_to_back(M, id);
                self.queues.set_aux(id, f - 1);
                continue;
            }
            self.queues.remove(id);
            self.bytes[M] -= self.size[id as usize];
            return Some(id);
        }
        None
    }

    /// S's victim's id into G, the oldest ids leaving until it fits.
    fn remember(&mut self, id: Block, size: u64) {
        if size > self.cap[G] {
            return;
        }
        while self.bytes[G] + size > self.cap[G] {
            let old = self.queues.pop_front(G).expect("G holds bytes");
            self.bytes[G] -= self.size[old as usize];
        }
        self.queues.push_back(G, id);
        self.bytes[G] += size;
    }

    /// The cached objects: S then M, each oldest first.
    pub fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.queues.iter(S).chain(self.queues.iter(M)));
    }

    pub fn check_invariants(&self) -> Result<(), String> {
        self.queues.validate()?;
        for (q, name) in [(S, "S"), (M, "M"), (G, "G")] {
            let sum: u64 = self.queues.iter(q).map(|b| self.size[b as usize]).sum();
            if sum != self.bytes[q] {
                return Err(format!("{name} counts {} bytes, its entries take {sum}", self.bytes[q]));
            }
        }
        if self.used() > self.c || self.bytes[G] > self.cap[G] {
            return Err(format!(
                "{} bytes cached of {}, {} remembered of {}",
                self.used(),
                self.c,
                self.bytes[G],
                self.cap[G]
            ));
        }
        Ok(())
    }
}

/// S3-FIFO in bytes as a cache of a scenario's hierarchy: the same queues and rules, opened up
/// to every operation a hierarchy makes. A lookup is [`S3FifoBytes::access`]'s (an id found in G
/// leaves it, whether or not the object is then admitted, as the peer's); an insertion at either
/// end is its admission; a victim asked for alone (a DEMOTE client making room) is the next
/// object an eviction lets go, S's promotions into M on the way; a repositioning to the "eject
/// last" end moves the object to M's newest end, to the "eject next" end to its queue's oldest
/// end with its counter cleared (as the block version's).
impl Policy for S3FifoBytes {
    own_lists_policy_body!("s3-fifo");

    fn reposition(&mut self, block: Block, end: End) -> bool {
        let Some(queue) = self.queues.list_of(block).filter(|&q| q != G) else { return false };
        let s = self.size[block as usize];
        match end {
            End::EjectNext => {
                self.queues.move_to_front(queue, block);
                self.queues.set_aux(block, 0);
            }
            End::EjectLast => {
                self.bytes[queue] -= s;
                self.bytes[M] += s;
                self.queues.move_to_back(M, block);
            }
        }
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        match self.queues.list_of(block) {
            Some(q @ (S | M)) => {
                self.bytes[q] -= self.size[block as usize];
                self.queues.remove(block);
                true
            }
            _ => false,
        }
    }

    fn evict(&mut self) -> Option<Block> {
        while !S3FifoBytes::is_empty(self) {
            if let Some(victim) = self.evict_one() {
                return Some(victim);
            }
        }
        None
    }
}

/// S and M, then the ghost G (the paper's names), each oldest first, and each entry's bytes.
impl TeachingViews for S3FifoBytes {
    fn queues(&self, out: &mut Vec<Queue>) {
        for (name, q, ghost) in [("S", S, false), ("M", M, false), ("G", G, true)] {
            out.push(Queue { name, ghost, blocks: self.queues.iter(q).collect() });
        }
    }

    fn copy_bytes(&self, block: Block) -> Option<u64> {
        self.queues.list_of(block).map(|_| self.size[block as usize])
    }
}

/// S then M, each oldest first; which of them an eviction lets go depends on the counters.
impl VictimPreview for S3FifoBytes {
    fn candidates(&self, k: usize, out: &mut Vec<Block>) {
        out.extend(self.queues.iter(S).chain(self.queues.iter(M)).take(k));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng::Rng;

    /// The naive model, read off the peer's code: three vectors of (id, size, counter), oldest
    /// first, summed whenever a size is needed.
    struct Naive {
        c: u64,
        cap: [u64; 3],
        q: [Vec<(Block, u64, u8)>; 3],
        has_evicted: bool,
        ghost_hits: u32,
    }

    impl Naive {
        fn bytes(&self, q: usize) -> u64 {
            self.q[q].iter().map(|e| e.1).sum()
        }

        fn get(&mut self, b: Block, size: u64) -> bool {
            for q in [S, M] {
                if let Some(e) = self.q[q].iter_mut().find(|e| e.0 == b) {
                    e.2 = e.2.saturating_add(1);
                    return true;
                }
            }
            let ghost = match self.q[G].iter().position(|e| e.0 == b) {
                Some(i) => {
                    self.q[G].remove(i);
                    self.ghost_hits += 1;
                    true
                }
                None => false,
            };
            if size > self.cap[S] || size > self.c {
                return false;
            }
            while self.bytes(S) + self.bytes(M) + size > self.c {
                self.has_evicted = true;
                if self.bytes(M) > self.cap[M] || self.q[S].is_empty() {
                    while !self.q[M].is_empty() {
                        let (id, s, f) = self.q[M].remove(0);
                        if f >= 1 {
                            self.q[M].push((id, s, f.min(3) - 1));
                        } else {
                            break;
                        }
                    }
                } else {
                    while !self.q[S].is_empty() {
                        let (id, s, f) = self.q[S].remove(0);
                        if f >= 2 {
                            self.q[M].push((id, s, 0));
                        } else {
                            if s <= self.cap[G] {
                                while self.bytes(G) + s > self.cap[G] {
                                    self.q[G].remove(0);
                                }
                                self.q[G].push((id, s, 0));
                            }
                            break;
                        }
                    }
                }
            }
            if ghost {
                self.q[M].push((b, size, 0));
            } else if size < self.cap[S] {
                let q = if !self.has_evicted && self.bytes(S) >= self.cap[S] { M } else { S };
                self.q[q].push((b, size, 0));
            }
            false
        }
    }

    #[test]
    fn matches_the_naive_model_on_random_sizes_and_tiny_caches() {
        let mut rng = Rng::seeded(3);
        let mut ghost_hits = 0;
        for capacity in [10, 100, 1_000, 4_000, 30_000] {
            for share in [0.1, 0.25] {
                let mut c = S3FifoBytes::new(capacity, 8, share).unwrap();
                let small = (capacity as f64 * share) as u64;
                let mut naive = Naive {
                    c: capacity,
                    cap: [small, capacity - small, (capacity as f64 * 0.9) as u64],
                    q: [Vec::new(), Vec::new(), Vec::new()],
                    has_evicted: false,
                    ghost_hits: 0,
                };
                let mut ev = Vec::new();
                for i in 0..4_000 {
                    let b = rng.below(80).min(rng.below(80)) as Block;
                    let size = if rng.below(10) == 0 { 1 + rng.below(900) } else { 1 + (b as u64 * 7919) % 400 };
                    let got = c.access(b, size, true, &mut ev);
                    assert_eq!(got, naive.get(b, size), "request {i} at {capacity} bytes, share {share}");
                    assert_eq!(c.used(), naive.bytes(S) + naive.bytes(M));
                    ev.clear();
                }
                c.check_invariants().unwrap();
                ghost_hits += naive.ghost_hits;
                let mut ours = Vec::new();
                c.contents(&mut ours);
                let theirs: Vec<Block> = naive.q[S].iter().chain(&naive.q[M]).map(|e| e.0).collect();
                assert_eq!(ours, theirs);
            }
        }
        // Ghost hits happened: the path back from G into M was taken, not only the queues.
        assert!(ghost_hits > 100, "{ghost_hits} ghost hits");
    }

    #[test]
    fn worked_example_one_hit_wonders_leave_through_the_small_queue() {
        // 100 bytes, half for S: S 50, M 50, G remembers 90.
        let mut c = S3FifoBytes::new(100, 0, 0.5).unwrap();
        let mut ev = Vec::new();
        // Before any eviction S fills (1, 2), and then newcomers go to M (3, 4).
        for (b, s) in [(1, 30), (2, 20), (3, 25), (4, 25)] {
            assert!(!c.access(b, s, true, &mut ev));
        }
        assert_eq!((c.used(), ev.len()), (100, 0));
        // 1 is hit twice in S, so it earns M. 5 needs 30 bytes: M is not over its share, so S
        // evicts: 1 moves to M, then 2 (never hit) leaves for G; M is then over its share
        // (80 > 50), and its oldest, 3, never hit, leaves.
        assert!(c.access(1, 30, true, &mut ev) && c.access(1, 30, true, &mut ev));
        assert!(!c.access(5, 30, true, &mut ev));
        assert_eq!(ev, [2, 3]);
        // 2 comes back: G remembers it, so it enters M, after M's oldest, 4, leaves.
        ev.clear();
        assert!(!c.access(2, 20, true, &mut ev));
        assert_eq!(ev, [4]);
        let mut cached = Vec::new();
        c.contents(&mut cached);
        assert_eq!(cached, [5, 1, 2]);
        // An object of exactly S's size passes the first check and makes room (5 leaves), then
        // is not kept: the peer's order. One larger is refused outright, as is one the filter
        // in front refuses.
        ev.clear();
        assert!(!c.access(7, 50, true, &mut ev) && !c.contains(7));
        assert_eq!((ev.as_slice(), c.used()), ([5].as_slice(), 50));
        assert!(!c.access(8, 51, true, &mut ev) && !c.contains(8));
        assert!(!c.access(9, 10, false, &mut ev) && !c.contains(9));
        c.check_invariants().unwrap();
        assert!(S3FifoBytes::new(9, 0, 0.1).err().unwrap().contains("small queue would hold no byte"));
    }

    #[test]
    fn worked_example_as_a_hierarchys_cache() {
        // 100 bytes, half for S: 1 (30) and 2 (20) fill S, 3 (25) goes to M (the warm-up rule).
        let mut c = S3FifoBytes::new(100, 0, 0.5).unwrap();
        let mut ev = Vec::new();
        let p: &mut dyn Policy = &mut c;
        for (b, s) in [(1, 30), (2, 20), (3, 25)] {
            assert!(!p.on_hit(b));
            p.insert_sized(b, s, End::EjectLast, &mut ev);
        }
        // 1 hit twice: it earns M when S next evicts. A victim asked for alone: M is within its
        // share, so S evicts: 1 moves to M, 2 leaves for G.
        assert!(p.on_hit(1) && p.on_hit(1));
        assert_eq!(p.evict(), Some(2));
        assert_eq!(p.bytes().unwrap(), ByteBudget { capacity: 100, used: 55, full: true, too_large: 0 });
        // 2 DEMOTEd back without a lookup: G remembers it, so it enters M (at the front asked for).
        p.insert_sized(2, 20, End::EjectNext, &mut ev);
        assert!(ev.is_empty());
        let mut order = Vec::new();
        p.contents(&mut order);
        assert_eq!(order, [2, 3, 1], "S is empty; M from its oldest");
        // To the "eject last" end: M's newest. Removed: its bytes leave.
        assert!(p.reposition(2, End::EjectLast) && !p.reposition(9, End::EjectLast));
        assert!(p.remove(3) && !p.remove(3));
        assert_eq!(p.bytes().unwrap().used, 50);
        p.insert_sized(7, 101, End::EjectLast, &mut ev);
        assert_eq!((p.len(), p.bytes().unwrap().too_large), (2, 1));
        p.check_invariants().unwrap();
        let mut queues = Vec::new();
        c.queues(&mut queues);
        assert_eq!(
            queues.iter().map(|q| (q.name, q.blocks.clone())).collect::<Vec<_>>(),
            [("S", vec![]), ("M", vec![1, 2]), ("G", vec![])]
        );
        assert_eq!(c.copy_bytes(2), Some(20));
    }

    /// Victims asked for alone, between random accesses, until the cache is empty: each is an
    /// object that was cached, and every invariant holds.
    #[test]
    fn victims_asked_for_alone_leave_until_the_cache_is_empty() {
        let mut rng = Rng::seeded(5);
        let mut c = S3FifoBytes::new(2_000, 8, 0.1).unwrap();
        let mut ev = Vec::new();
        for _ in 0..5_000 {
            let b = rng.below(60).min(rng.below(60)) as Block;
            if rng.below(4) == 0 {
                if let Some(v) = Policy::evict(&mut c) {
                    assert!(!c.contains(v));
                }
            } else if !c.on_hit(b) {
                c.insert_sized(b, 1 + (b as u64 * 7919) % 150, End::EjectLast, &mut ev);
            }
            c.check_invariants().unwrap();
        }
        while Policy::evict(&mut c).is_some() {}
        assert_eq!((c.len(), c.used()), (0, 0));
    }
}
