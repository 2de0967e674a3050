//! ARC counted in bytes (Megiddo & Modha, "ARC: A Self-Tuning, Low Overhead Replacement Cache",
//! FAST 2003; the algorithm is summarised in `policy/arc.rs`), as libCacheSim counts it — the
//! peer users compare with (its `ARC.c`, probed request by request with libcachesim 0.3.5):
//!
//! - T1, T2, B1 and B2 are measured in bytes, each entry its object's size (a ghost keeps the
//!   size its object had), and the target `p` for T1 is bytes too, an `f64` from 0.
//! - A hit in T1 moves the object to T2's MRU end; in T2, to its MRU end.
//! - A ghost hit adapts `p` with the lists' bytes before the ghost leaves: B1, `p + max(B2/B1,
//!   1)` up to C; B2, `p − max(B1/B2, 1)` down to 0. The object then comes back into T2.
//! - A miss (ghost or not) is refused when the object is larger than the cache (`p` has moved
//!   all the same); otherwise victims leave one at a time while `T1 + T2 + size > C`:
//!   - after a ghost hit, REPLACE;
//!   - else when `T1 + B1 + size > C`: B1's LRU ghost is forgotten and REPLACE runs, or with B1
//!     empty T1's LRU object leaves without a ghost;
//!   - else B2's LRU ghost is forgotten when `T1 + B1 + T2 + B2 ≥ 2C`, and REPLACE runs.
//! - REPLACE moves T1's LRU object into B1 when T1 is not empty and `T1 > p` (or `T1 = p` and
//!   the last ghost hit was in B2), or T2 is empty; else T2's LRU object into B2.
//! - A newcomer without a ghost enters T1's MRU end.
//!
//! Ghosts are trimmed one per eviction and never on a ghost hit, so B1 + B2 may pass C for a
//! while, as in the peer. The block-counted ARC (`policy/arc.rs`) follows the paper's figure
//! instead and is unchanged.

use super::super::{End, Policy, Queue, TeachingViews, VictimPreview};
use super::ByteBudget;
use crate::model::Block;
use crate::util::list_set::ListSet;

const T1: usize = 0;
const T2: usize = 1;
const B1: usize = 2;
const B2: usize = 3;

pub struct ArcBytes {
    c: u64,
    p: f64,
    /// Each list LRU (front) to MRU (back), one index for all four.
    lists: ListSet<4>,
    /// Each list's bytes.
    bytes: [u64; 4],
    /// Per id: the bytes of its entry, cached or ghost (meaningful while listed).
    size: Vec<u64>,
    /// The last ghost hit's list, kept as the peer keeps its flags: cleared by a hit and by the
    /// insertion that follows a ghost hit, not by a plain miss.
    ghost_flag: Option<usize>,
    /// The id whose lookup was a ghost hit, until its insertion (or the next lookup).
    pending: Option<Block>,
    /// Objects larger than the whole cache it was asked to take; whether it has evicted yet.
    too_large: u64,
    full: bool,
}

impl ArcBytes {
    pub fn new(capacity: u64, universe: usize) -> Self {
        Self {
            c: capacity,
            p: 0.0,
            lists: ListSet::with_capacity(universe, universe),
            bytes: [0; 4],
            size: vec![0; universe],
            ghost_flag: None,
            pending: None,
            too_large: 0,
            full: false,
        }
    }

    pub fn capacity(&self) -> u64 {
        self.c
    }

    pub fn used(&self) -> u64 {
        self.bytes[T1] + self.bytes[T2]
    }

    pub fn len(&self) -> usize {
        self.lists.len(T1) + self.lists.len(T2)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, block: Block) -> bool {
        matches!(self.lists.list_of(block), Some(T1 | T2))
    }

    /// Whether it has evicted to make room.
    fn full(&self) -> bool {
        self.full
    }

    /// The target size of T1, bytes.
    pub fn p(&self) -> f64 {
        self.p
    }

    /// A reference to `block` of `size` bytes; `admit`: whether a miss may enter (a filter in
    /// front has its say after the lookup, as the peer's). Victims are pushed into `evicted`.
    pub fn access(&mut self, block: Block, size: u64, admit: bool, evicted: &mut Vec<Block>) -> bool {
        if self.lookup(block) {
            return true;
        }
        if admit && size <= self.c {
            self.admit(block, size, End::EjectLast, evicted);
        }
        false
    }

    /// The lookup: a hit moves the object to T2's MRU end; a ghost hit adapts `p` and forgets
    /// the ghost, the object then waiting for its insertion ([`ArcBytes::admit`]) into T2.
    #[inline]
    fn lookup(&mut self, block: Block) -> bool {
        self.pending = None;
        match self.lists.list_of(block) {
            Some(list @ (T1 | T2)) => {
                self.ghost_flag = None;
                let s = self.size[block as usize];
                self.bytes[list] -= s;
                self.bytes[T2] += s;
                self.lists.move_to_back(T2, block);
                true
            }
            Some(list) => {
                self.ghost_hit(block, list);
                false
            }
            None => false,
        }
    }

    fn ghost_hit(&mut self, block: Block, list: usize) {
        let (b1, b2) = (self.bytes[B1] as f64, self.bytes[B2] as f64);
        self.p = if list == B1 {
            (self.p + (b2 / b1).max(1.0)).min(self.c as f64)
        } else {
            (self.p - (b1 / b2).max(1.0)).max(0.0)
        };
        self.bytes[list] -= self.size[block as usize];
        self.lists.remove(block);
        self.ghost_flag = Some(list);
        self.pending = Some(block);
    }

    /// Admits `block` (`size` bytes, at most the capacity) at `end` of T1, or of T2 after a ghost
    /// hit, its victims leaving first. An object still a ghost (inserted without a lookup: a
    /// DEMOTE) is a ghost hit here.
    fn admit(&mut self, block: Block, size: u64, end: End, evicted: &mut Vec<Block>) {
        if self.pending != Some(block) {
            if let Some(list @ (B1 | B2)) = self.lists.list_of(block) {
                self.ghost_hit(block, list);
            }
        }
        let ghost = self.pending.take() == Some(block);
        while self.used() + size > self.c {
            self.evict_for(size, ghost, evicted);
            self.full = true;
        }
        let list = if ghost {
            self.ghost_flag = None;
            T2
        } else {
            T1
        };
        match end {
            End::EjectLast => self.lists.push_back(list, block),
            End::EjectNext => self.lists.push_front(list, block),
        }
        let i = block as usize;
        if i >= self.size.len() {
            self.size.resize((i + 1).max(self.size.len() * 2), 0);
        }
        self.size[i] = size;
        self.bytes[list] += size;
    }

    /// One victim for a newcomer of `size` bytes (`ghost`: it was a ghost hit).
    fn evict_for(&mut self, size: u64, ghost: bool, evicted: &mut Vec<Block>) {
        let [t1, t2, b1, b2] = self.bytes;
        if ghost {
            evicted.push(self.replace());
        } else if t1 + b1 + size > self.c {
            if b1 > 0 {
                self.forget(B1);
                evicted.push(self.replace());
            } else {
                let victim = self.lists.pop_front(T1).expect("T1 holds bytes when T1 + size passes C");
                self.bytes[T1] -= self.size[victim as usize];
                evicted.push(victim);
            }
        } else {
            if t1 + b1 + t2 + b2 >= 2 * self.c && b2 > 0 {
                self.forget(B2);
            }
            evicted.push(self.replace());
        }
    }

    /// Drops `ghosts`' LRU entry.
    fn forget(&mut self, ghosts: usize) {
        let id = self.lists.pop_front(ghosts).expect("a ghost list with bytes has an entry");
        self.bytes[ghosts] -= self.size[id as usize];
    }

    /// REPLACE: T1's or T2's LRU object becomes a ghost in B1 or B2; returns it.
    fn replace(&mut self) -> Block {
        let t1 = self.bytes[T1] as f64;
        let from_t1 = (!self.lists.is_empty(T1) && (t1 > self.p || (t1 == self.p && self.ghost_flag == Some(B2))))
            || self.lists.is_empty(T2);
        let (from, to) = if from_t1 { (T1, B1) } else { (T2, B2) };
        let victim = self.lists.front(from).expect("REPLACE runs with an object cached");
        let s = self.size[victim as usize];
        self.lists.move_to_back(to, victim);
        self.bytes[from] -= s;
        self.bytes[to] += s;
        victim
    }

    /// The cached objects: T1 then T2, each LRU first.
    pub fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.lists.iter(T1).chain(self.lists.iter(T2)));
    }

    pub fn check_invariants(&self) -> Result<(), String> {
        self.lists.validate()?;
        for (list, name) in [(T1, "T1"), (T2, "T2"), (B1, "B1"), (B2, "B2")] {
            let sum: u64 = self.lists.iter(list).map(|b| self.size[b as usize]).sum();
            if sum != self.bytes[list] {
                return Err(format!("{name} counts {} bytes, its entries take {sum}", self.bytes[list]));
            }
        }
        if self.used() > self.c || !(0.0..=self.c as f64).contains(&self.p) {
            return Err(format!("{} bytes cached, p = {}, in a cache of {}", self.used(), self.p, self.c));
        }
        Ok(())
    }
}

/// ARC in bytes as a cache of a scenario's hierarchy: the same lists and rules, opened up to
/// every operation a hierarchy makes. A lookup is [`ArcBytes::access`]'s (a ghost hit adapts
/// `p` there, whether or not the object is then admitted, as the peer's); an insertion at either
/// end is its admission; a victim asked for alone (a DEMOTE client making room) is REPLACE's
/// choice, the ghosts then trimmed so that T1 + B1 and the whole directory stay within C and 2C
/// bytes; a repositioning to the "eject last" end is a hit, to the "eject next" end moves the
/// object to its list's LRU end.
impl Policy for ArcBytes {
    own_lists_policy_body!("arc");

    fn reposition(&mut self, block: Block, end: End) -> bool {
        // Only a cached object moves: a ghost is not looked up (its hit would adapt `p`).
        match (end, self.lists.list_of(block)) {
            (End::EjectLast, Some(T1 | T2)) => self.lookup(block),
            (End::EjectNext, Some(list @ (T1 | T2))) => {
                self.lists.move_to_front(list, block);
                true
            }
            _ => false,
        }
    }

    fn remove(&mut self, block: Block) -> bool {
        match self.lists.list_of(block) {
            Some(list @ (T1 | T2)) => {
                self.bytes[list] -= self.size[block as usize];
                self.lists.remove(block);
                true
            }
            _ => false,
        }
    }

    fn evict(&mut self) -> Option<Block> {
        if ArcBytes::is_empty(self) {
            return None;
        }
        let victim = self.replace();
        while self.bytes[T1] + self.bytes[B1] > self.c && !self.lists.is_empty(B1) {
            self.forget(B1);
        }
        while self.bytes.iter().sum::<u64>() > 2 * self.c && !self.lists.is_empty(B2) {
            self.forget(B2);
        }
        self.full = true;
        Some(victim)
    }
}

/// T1, T2, then the ghosts B1, B2, each from its LRU end, and each entry's bytes.
impl TeachingViews for ArcBytes {
    fn queues(&self, out: &mut Vec<Queue>) {
        for (name, list, ghost) in [("T1", T1, false), ("T2", T2, false), ("B1", B1, true), ("B2", B2, true)] {
            out.push(Queue { name, ghost, blocks: self.lists.iter(list).collect() });
        }
    }

    fn copy_bytes(&self, block: Block) -> Option<u64> {
        self.lists.list_of(block).map(|_| self.size[block as usize])
    }
}

/// T1 then T2, each from its LRU end; which of them a newcomer pushes out depends on its size.
impl VictimPreview for ArcBytes {
    fn candidates(&self, k: usize, out: &mut Vec<Block>) {
        out.extend(self.lists.iter(T1).chain(self.lists.iter(T2)).take(k));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng::Rng;

    /// The naive model, read off the peer's code: four vectors of (id, size), LRU first, summed
    /// whenever a size is needed.
    struct Naive {
        c: u64,
        p: f64,
        l: [Vec<(Block, u64)>; 4],
        in_b2: bool,
    }

    impl Naive {
        fn b(&self, l: usize) -> u64 {
            self.l[l].iter().map(|e| e.1).sum()
        }

        fn find(&self, l: usize, id: Block) -> Option<usize> {
            self.l[l].iter().position(|e| e.0 == id)
        }

        fn replace(&mut self) {
            let t1 = self.b(T1) as f64;
            let from_t1 =
                (!self.l[T1].is_empty() && (t1 > self.p || (t1 == self.p && self.in_b2))) || self.l[T2].is_empty();
            let (from, to) = if from_t1 { (T1, B1) } else { (T2, B2) };
            let e = self.l[from].remove(0);
            self.l[to].push(e);
        }

        fn get(&mut self, id: Block, size: u64) -> bool {
            for l in [T1, T2] {
                if let Some(i) = self.find(l, id) {
                    self.in_b2 = false;
                    let e = self.l[l].remove(i);
                    self.l[T2].push(e);
                    return true;
                }
            }
            let mut ghost = false;
            if let Some(i) = self.find(B1, id) {
                self.p = (self.p + (self.b(B2) as f64 / self.b(B1) as f64).max(1.0)).min(self.c as f64);
                self.l[B1].remove(i);
                (ghost, self.in_b2) = (true, false);
            } else if let Some(i) = self.find(B2, id) {
                self.p = (self.p - (self.b(B1) as f64 / self.b(B2) as f64).max(1.0)).max(0.0);
                self.l[B2].remove(i);
                (ghost, self.in_b2) = (true, true);
            }
            if size > self.c {
                return false;
            }
            while self.b(T1) + self.b(T2) + size > self.c {
                if ghost {
                    self.replace();
                } else if self.b(T1) + self.b(B1) + size > self.c {
                    if self.b(B1) > 0 {
                        self.l[B1].remove(0);
                        self.replace();
                    } else {
                        self.l[T1].remove(0);
                    }
                } else {
                    if self.b(T1) + self.b(B1) + self.b(T2) + self.b(B2) >= 2 * self.c && self.b(B2) > 0 {
                        self.l[B2].remove(0);
                    }
                    self.replace();
                }
            }
            if ghost {
                self.in_b2 = false;
                self.l[T2].push((id, size));
            } else {
                self.l[T1].push((id, size));
            }
            false
        }
    }

    #[test]
    fn matches_the_naive_model_on_random_sizes_and_tiny_caches() {
        let mut rng = Rng::seeded(2);
        let mut adapted_at = Vec::new();
        for capacity in [1, 10, 100, 1_000, 4_000, 30_000] {
            let mut c = ArcBytes::new(capacity, 8);
            let mut naive = Naive { c: capacity, p: 0.0, l: Default::default(), in_b2: false };
            let mut ev = Vec::new();
            let mut adapted = false;
            for i in 0..4_000 {
                let b = rng.below(80).min(rng.below(80)) as Block;
                let size = if rng.below(10) == 0 { 1 + rng.below(900) } else { 1 + (b as u64 * 7919) % 400 };
                let got = c.access(b, size, true, &mut ev);
                assert_eq!(got, naive.get(b, size), "request {i} at {capacity} bytes");
                assert_eq!((c.used(), c.p()), (naive.b(T1) + naive.b(T2), naive.p), "request {i}");
                adapted |= c.p() > 0.0;
                ev.clear();
            }
            adapted_at.push(adapted);
            c.check_invariants().unwrap();
            let mut ours = Vec::new();
            c.contents(&mut ours);
            let theirs: Vec<Block> = naive.l[T1].iter().chain(&naive.l[T2]).map(|e| e.0).collect();
            assert_eq!(ours, theirs);
        }
        // Ghost hits happened (p moved) in the caches that evict and remember: the paths the
        // model checks were taken.
        assert!(adapted_at.iter().filter(|&&a| a).count() >= 3, "p moved at {adapted_at:?}");
    }

    #[test]
    fn worked_example_a_ghost_hit_in_b1_grows_t1s_target_by_bytes() {
        // 100 bytes. 1 (40) and 2 (40) enter T1; 2 is hit: T2.
        let mut c = ArcBytes::new(100, 0);
        let mut ev = Vec::new();
        assert!(!c.access(1, 40, true, &mut ev) && !c.access(2, 40, true, &mut ev));
        assert!(c.access(2, 40, true, &mut ev));
        // 3 (30) needs room: T1 + B1 + 30 = 70 ≤ 100, so REPLACE: T1 (40) > p (0), so 1 → B1.
        assert!(!c.access(3, 30, true, &mut ev));
        assert_eq!(ev, [1]);
        // 1 again: a B1 ghost hit, p += max(B2 / B1, 1) = 1; it returns into T2 after REPLACE
        // takes T1's 3 (30 > p = 1) into B1.
        ev.clear();
        assert!(!c.access(1, 40, true, &mut ev));
        assert_eq!((ev.as_slice(), c.p()), ([3].as_slice(), 1.0));
        let mut cached = Vec::new();
        c.contents(&mut cached);
        assert_eq!(cached, [2, 1], "T1 is empty, T2 holds 2 then 1");
        // Larger than the cache: a miss that moves nothing; the filter's refusal likewise.
        assert!(!c.access(9, 101, true, &mut ev) && !c.access(8, 5, false, &mut ev));
        assert_eq!((c.len(), c.used()), (2, 80));
        c.check_invariants().unwrap();
    }

    #[test]
    fn worked_example_as_a_hierarchys_cache() {
        // 100 bytes: 1 (40) and 2 (30) in T1, 2 hit into T2.
        let mut c = ArcBytes::new(100, 0);
        let mut ev = Vec::new();
        let p: &mut dyn Policy = &mut c;
        assert!(!p.on_hit(1));
        p.insert_sized(1, 40, End::EjectLast, &mut ev);
        assert!(!p.on_hit(2));
        p.insert_sized(2, 30, End::EjectLast, &mut ev);
        assert!(p.on_hit(2));
        // A DEMOTE client making room: REPLACE takes T1's 1 (40 > p = 0) into B1.
        assert_eq!(p.evict(), Some(1));
        assert_eq!(p.bytes().unwrap(), ByteBudget { capacity: 100, used: 30, full: true, too_large: 0 });
        // 1 DEMOTEd back without a lookup: still a ghost in B1, so a ghost hit (p += 1) into T2,
        // at the "eject next" end asked for: T2 is 1 then 2.
        p.insert_sized(1, 40, End::EjectNext, &mut ev);
        assert!(ev.is_empty());
        let mut order = Vec::new();
        p.contents(&mut order);
        assert_eq!(order, [1, 2]);
        // Moved to the "eject last" end: a hit. Removed: its bytes leave, no ghost is kept.
        assert!(p.reposition(1, End::EjectLast) && !p.reposition(9, End::EjectNext));
        assert!(p.remove(2) && !p.remove(2));
        assert_eq!(p.bytes().unwrap().used, 40);
        // Larger than the cache: counted, nothing moves.
        p.insert_sized(7, 101, End::EjectLast, &mut ev);
        assert_eq!((p.len(), p.bytes().unwrap().too_large), (1, 1));
        p.check_invariants().unwrap();
        assert_eq!(c.p(), 1.0);
        let mut queues = Vec::new();
        c.queues(&mut queues);
        assert_eq!(
            queues.iter().map(|q| (q.name, q.blocks.len())).collect::<Vec<_>>(),
            [("T1", 0), ("T2", 1), ("B1", 0), ("B2", 0)]
        );
        assert_eq!(c.copy_bytes(1), Some(40));
    }

    /// A ghost is not cached: repositioning it moves nothing, and it is not a ghost hit (`p`
    /// and the ghost stay, for the lookup or DEMOTE that may follow).
    #[test]
    fn repositioning_a_ghost_moves_nothing() {
        let mut c = ArcBytes::new(100, 0);
        let mut ev = Vec::new();
        // 1 (40), 2 (40), 2 hit into T2; 3 (30) needs room: REPLACE sends T1's 1 to B1.
        assert!(!c.access(1, 40, true, &mut ev) && !c.access(2, 40, true, &mut ev) && c.access(2, 40, true, &mut ev));
        assert!(!c.access(3, 30, true, &mut ev));
        assert_eq!(ev, [1]);
        for end in [End::EjectLast, End::EjectNext] {
            assert!(!Policy::reposition(&mut c, 1, end));
        }
        let mut queues = Vec::new();
        c.queues(&mut queues);
        assert_eq!((c.p(), queues[2].blocks.clone()), (0.0, vec![1]), "p unmoved, 1 still in B1");
        c.check_invariants().unwrap();
    }

    /// Victims asked for alone, between random accesses: the ghosts are trimmed so that T1 + B1
    /// stays within C and the whole directory within 2C bytes, and every invariant holds.
    #[test]
    fn victims_asked_for_alone_keep_the_directory_within_its_bounds() {
        let mut rng = Rng::seeded(4);
        for capacity in [100, 1_000, 5_000] {
            let mut c = ArcBytes::new(capacity, 8);
            let mut ev = Vec::new();
            for _ in 0..5_000 {
                let b = rng.below(60).min(rng.below(60)) as Block;
                let size = 1 + (b as u64 * 7919) % 400;
                if rng.below(5) == 0 {
                    if let Some(v) = Policy::evict(&mut c) {
                        assert!(!c.contains(v));
                        let [t1, t2, b1, b2] = c.bytes;
                        assert!(t1 + b1 <= capacity || b1 == 0, "{:?}", c.bytes);
                        assert!(t1 + t2 + b1 + b2 <= 2 * capacity || b2 == 0, "{:?}", c.bytes);
                    }
                } else if !c.on_hit(b) {
                    c.insert_sized(b, size, End::EjectLast, &mut ev);
                }
                c.check_invariants().unwrap();
            }
        }
    }
}
