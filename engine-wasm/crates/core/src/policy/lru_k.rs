//! LRU-K with K = 2 (O'Neil, O'Neil & Weikum, SIGMOD 1993; paper 001 cites it as the more
//! sophisticated cousin of SLRU). The victim is the block whose K-th most recent reference is
//! oldest (largest backward K-distance). Blocks referenced fewer than K times have infinite
//! distance and go first, least recently used first (the paper's subsidiary policy).
//!
//! Open points and our choices: the Correlated Reference Period is 0 (every reference
//! counts); the Retained Information Period is unbounded — reference history is kept for
//! every block id ever seen, 16 bytes per id, so a block returning after eviction keeps its
//! history, as the paper recommends; an insertion counts as a reference (a DEMOTE is one);
//! "eject me next" places a block ahead of all others. Priority is an indexed heap keyed by
//! (class, time): O(log n), no allocation, no hashing.

use super::heap_body::{heap_policy_body, make_room};
use super::{End, Policy};
use crate::model::Block;
use crate::util::heap::IndexedHeap;

/// Key classes: forced next victim, infinite backward distance, finite distance.
const FORCED: u8 = 0;
const INFINITE: u8 = 1;
const FINITE: u8 = 2;

#[derive(Clone, Debug)]
pub struct LruK {
    capacity: usize,
    heap: IndexedHeap<(u8, u64)>,
    /// Per id: time of the last and second-last reference (0 = never).
    last: Vec<u64>,
    second_last: Vec<u64>,
    clock: u64,
}

impl LruK {
    pub fn new(capacity: usize, universe: usize) -> Self {
        Self {
            capacity,
            heap: IndexedHeap::new(capacity, universe),
            last: vec![0; universe],
            second_last: vec![0; universe],
            clock: 0,
        }
    }

    fn reference(&mut self, block: Block) -> (u8, u64) {
        let i = block as usize;
        if i >= self.last.len() {
            let n = (i + 1).max(self.last.len() * 2);
            self.last.resize(n, 0);
            self.second_last.resize(n, 0);
        }
        self.clock += 1;
        self.second_last[i] = self.last[i];
        self.last[i] = self.clock;
        if self.second_last[i] == 0 {
            (INFINITE, self.last[i])
        } else {
            (FINITE, self.second_last[i])
        }
    }
}

impl Policy for LruK {
    fn name(&self) -> &'static str {
        "lru-2"
    }

    heap_policy_body!();

    fn on_hit(&mut self, block: Block) -> bool {
        if !self.heap.contains(block) {
            return false;
        }
        let key = self.reference(block);
        self.heap.set(block, key);
        true
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        make_room!(self, evicted);
        let key = self.reference(block);
        self.heap.set(block, if end == End::EjectNext { (FORCED, self.clock) } else { key });
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        match end {
            End::EjectLast => self.on_hit(block),
            End::EjectNext if self.heap.contains(block) => {
                self.heap.set(block, (FORCED, self.clock));
                true
            }
            End::EjectNext => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, Reference};
    use std::collections::HashMap;

    /// LRU-2 by definition: keep every reference time; the victim maximises backward
    /// 2-distance, found by scanning.
    struct NaiveLru2 {
        cap: usize,
        resident: Vec<Block>,
        forced: HashMap<Block, u64>,
        history: HashMap<Block, Vec<u64>>,
        now: u64,
    }

    impl NaiveLru2 {
        fn touch(&mut self, b: Block) {
            self.now += 1;
            self.history.entry(b).or_default().push(self.now);
            self.forced.remove(&b);
        }
        fn rank(&self, b: Block) -> (u8, u64) {
            if let Some(&t) = self.forced.get(&b) {
                return (0, t);
            }
            let h = &self.history[&b];
            if h.len() < 2 {
                (1, h[h.len() - 1])
            } else {
                (2, h[h.len() - 2])
            }
        }
    }

    impl Reference for NaiveLru2 {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if self.resident.contains(&b) {
                self.touch(b);
                return true;
            }
            while self.resident.len() >= self.cap {
                let i =
                    (0..self.resident.len()).min_by_key(|&i| (self.rank(self.resident[i]), self.resident[i])).unwrap();
                ev.push(self.resident.remove(i));
            }
            self.touch(b);
            self.resident.push(b);
            false
        }
        fn remove(&mut self, b: Block) -> bool {
            let n = self.resident.len();
            self.resident.retain(|&x| x != b);
            self.forced.remove(&b);
            n != self.resident.len()
        }
        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            if !self.resident.contains(&b) {
                return Some(false);
            }
            match end {
                End::EjectLast => self.touch(b),
                End::EjectNext => {
                    self.forced.insert(b, self.now);
                }
            }
            Some(true)
        }
        fn contents(&self) -> Vec<Block> {
            let mut v = self.resident.clone();
            v.sort_by_key(|&b| (self.rank(b), b));
            v
        }
        fn capacity(&self) -> usize {
            self.cap
        }
    }

    #[test]
    fn hand_worked_sequence() {
        let mut p = LruK::new(3, 8);
        let mut ev = Vec::new();
        // t1: 1, t2: 2, t3: 1, t4: 3, t5: 2 → 1 (2nd-last t1), 2 (2nd-last t2), 3 (once).
        for b in [1, 2, 1, 3, 2] {
            p.access(b, &mut ev);
        }
        p.access(4, &mut ev); // 3 has infinite distance: it goes first
        assert_eq!(ev, [3]);
        p.access(5, &mut ev); // 4 was seen once (infinite): it goes
        assert_eq!(ev, [3, 4]);
        p.access(1, &mut ev); // t8: 1's 2nd-last is now t3
        p.access(6, &mut ev); // 5 is infinite → goes
        p.access(3, &mut ev); // 6 infinite → goes; 3 returns with history (t4, t10): 2nd-last t4
        assert_eq!(ev, [3, 4, 5, 6]);
        let mut c = Vec::new();
        p.contents(&mut c);
        // 2: 2nd-last t2; 1: t3; 3: t4.
        assert_eq!(c, [2, 1, 3]);
    }

    #[test]
    fn agrees_with_the_definition() {
        for (cap, seed) in [(1, 71), (2, 72), (5, 73), (17, 74)] {
            let naive = NaiveLru2 { cap, resident: vec![], forced: HashMap::new(), history: HashMap::new(), now: 0 };
            agrees_with(Box::new(LruK::new(cap, 4)), naive, seed);
        }
    }
}
