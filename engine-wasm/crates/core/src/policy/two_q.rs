//! 2Q, full version (Johnson & Shasha, "2Q: A Low Overhead High Performance Buffer Management
//! Replacement Algorithm", VLDB 1994, Fig. "Full 2Q").
//!
//! A1in is a FIFO of blocks seen once. A1out is a FIFO of ids only, remembering blocks pushed
//! out of A1in. Am is an LRU of blocks re-referenced after leaving A1in. A hit in A1in changes
//! nothing (correlated references); a miss found in A1out goes straight to Am.
//! Parameters follow the paper's recommendation: Kin = 25 % and Kout = 50 % of the capacity
//! ([`DEFAULT_KIN`], [`DEFAULT_KOUT`]), each at least one block.
//!
//! Open points and our choices:
//! - `reclaimfor` takes from Am's LRU end unless A1in is above Kin. If Am is empty (possible
//!   for tiny caches) it takes from A1in instead, so a full cache can always admit.
//! - "Eject me next" insertion puts the block at the eviction end of the queue it joins.
//! - Repositioning to "eject me last" counts as a re-reference: to Am's MRU end.
//! - `evict` frees one slot as `reclaimfor` would.
//! - `contents` lists A1in (oldest first), then Am (LRU first).

use super::{End, Policy, Queue, TeachingViews};
use crate::model::Block;
use crate::util::list_set::ListSet;

const A1IN: usize = 0;
const A1OUT: usize = 1;
const AM: usize = 2;

pub const DEFAULT_KIN: f64 = 0.25;
pub const DEFAULT_KOUT: f64 = 0.5;

#[derive(Clone, Debug)]
pub struct TwoQ {
    c: usize,
    kin: usize,
    kout: usize,
    /// A1in, A1out, Am sharing one per-id index.
    lists: ListSet<3>,
}

impl TwoQ {
    pub fn new(capacity: usize, universe: usize) -> Self {
        let kin = ((capacity as f64 * DEFAULT_KIN) as usize).max(1);
        let kout = ((capacity as f64 * DEFAULT_KOUT) as usize).max(1);
        Self { c: capacity, kin, kout, lists: ListSet::with_capacity(universe, capacity + kout + 1) }
    }

    /// (A1in, A1out, Am), oldest / LRU first.
    pub fn queues(&self) -> (Vec<Block>, Vec<Block>, Vec<Block>) {
        (self.lists.iter(A1IN).collect(), self.lists.iter(A1OUT).collect(), self.lists.iter(AM).collect())
    }

    /// The paper's `reclaimfor`: frees one slot; a block leaving A1in is remembered in A1out.
    fn reclaim(&mut self) -> Option<Block> {
        if self.lists.len(A1IN) > self.kin || (self.lists.is_empty(AM) && !self.lists.is_empty(A1IN)) {
            let v = self.lists.pop_front(A1IN)?;
            self.lists.push_back(A1OUT, v);
            if self.lists.len(A1OUT) > self.kout {
                self.lists.pop_front(A1OUT);
            }
            Some(v)
        } else {
            self.lists.pop_front(AM)
        }
    }
}

impl Policy for TwoQ {
    fn name(&self) -> &'static str {
        "2q"
    }

    fn capacity(&self) -> usize {
        self.c
    }

    fn len(&self) -> usize {
        self.lists.len(A1IN) + self.lists.len(AM)
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        matches!(self.lists.list_of(block), Some(A1IN | AM))
    }

    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        if self.lists.contains(AM, block) {
            self.lists.move_to_back(AM, block);
            true
        } else {
            self.lists.contains(A1IN, block)
        }
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        // The paper tests A1out membership before reclaimfor, which may push ids out of A1out.
        let remembered = self.lists.remove_from(A1OUT, block);
        while self.len() >= self.c {
            match self.reclaim() {
                Some(v) => evicted.push(v),
                None => break,
            }
        }
        let target = if remembered { AM } else { A1IN };
        match end {
            End::EjectNext => self.lists.push_front(target, block),
            End::EjectLast => self.lists.push_back(target, block),
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        match end {
            End::EjectLast => {
                if self.lists.remove_from(A1IN, block) {
                    self.lists.push_back(AM, block);
                    true
                } else {
                    self.on_hit(block)
                }
            }
            End::EjectNext if self.lists.contains(A1IN, block) => {
                self.lists.move_to_front(A1IN, block);
                true
            }
            End::EjectNext if self.lists.contains(AM, block) => {
                self.lists.move_to_front(AM, block);
                true
            }
            End::EjectNext => false,
        }
    }

    fn remove(&mut self, block: Block) -> bool {
        self.lists.remove_from(A1IN, block) || self.lists.remove_from(AM, block)
    }

    fn evict(&mut self) -> Option<Block> {
        self.reclaim()
    }

    fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.lists.iter(A1IN));
        out.extend(self.lists.iter(AM));
    }

    fn check_invariants(&self) -> Result<(), String> {
        // One index for the three queues: a block is in at most one by construction.
        self.lists.validate().map_err(|e| format!("A1in/A1out/Am (lists 0-2): {e}"))?;
        if self.len() > self.c {
            return Err(format!("{} blocks in a cache of {}", self.len(), self.c));
        }
        if self.lists.len(A1OUT) > self.kout {
            return Err(format!("A1out holds {} > Kout = {}", self.lists.len(A1OUT), self.kout));
        }
        Ok(())
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }
}

impl TeachingViews for TwoQ {
    /// A1in (oldest first), Am (LRU first), then the ghost A1out (oldest, the next forgotten,
    /// first): the paper's names.
    fn queues(&self, out: &mut Vec<Queue>) {
        for (name, list, ghost) in [("A1in", A1IN, false), ("Am", AM, false), ("A1out", A1OUT, true)] {
            out.push(Queue { name, ghost, blocks: self.lists.iter(list).collect() });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, ghost, queues_checked, resident, skewed_with_scans, Reference};
    use crate::policy::Lru;

    /// The paper's Full 2Q on three `Vec`s (index 0 = the end blocks leave from).
    struct Naive2Q {
        c: usize,
        kin: usize,
        kout: usize,
        a1in: Vec<Block>,
        a1out: Vec<Block>,
        am: Vec<Block>,
    }

    fn take(v: &mut Vec<Block>, x: Block) -> bool {
        v.iter().position(|&y| y == x).map(|i| v.remove(i)).is_some()
    }

    impl Reference for Naive2Q {
        fn access(&mut self, x: Block, ev: &mut Vec<Block>) -> bool {
            if take(&mut self.am, x) {
                self.am.push(x);
                return true;
            }
            if self.a1in.contains(&x) {
                return true;
            }
            let remembered = take(&mut self.a1out, x);
            while self.a1in.len() + self.am.len() >= self.c {
                if self.a1in.len() > self.kin || self.am.is_empty() {
                    let y = self.a1in.remove(0);
                    self.a1out.push(y);
                    if self.a1out.len() > self.kout {
                        self.a1out.remove(0);
                    }
                    ev.push(y);
                } else {
                    ev.push(self.am.remove(0));
                }
            }
            if remembered {
                self.am.push(x);
            } else {
                self.a1in.push(x);
            }
            false
        }
        fn remove(&mut self, x: Block) -> bool {
            take(&mut self.a1in, x) || take(&mut self.am, x)
        }
        fn contents(&self) -> Vec<Block> {
            self.a1in.iter().chain(&self.am).copied().collect()
        }
        fn capacity(&self) -> usize {
            self.c
        }
    }

    #[test]
    fn hand_worked_sequence() {
        // c = 4: Kin = 1, Kout = 2.
        let mut q = TwoQ::new(4, 16);
        let mut ev = Vec::new();
        for b in [1, 2, 3, 4] {
            q.access(b, &mut ev); // A1in [1, 2, 3, 4]
        }
        assert!(q.access(2, &mut ev), "a hit in A1in changes nothing");
        q.access(5, &mut ev); // A1in > Kin: 1 → A1out; A1in [2, 3, 4, 5]
        q.access(6, &mut ev); // 2 → A1out; A1out [1, 2]
        q.access(7, &mut ev); // 3 → A1out, which drops 1 (Kout = 2)
        assert_eq!(q.queues(), (vec![4, 5, 6, 7], vec![2, 3], vec![]));
        assert_eq!(ev, [1, 2, 3]);
        q.access(2, &mut ev); // A1out hit: 2 leaves A1out; reclaim moves 4 → A1out; 2 → Am
        assert_eq!(q.queues(), (vec![5, 6, 7], vec![3, 4], vec![2]));
        q.access(3, &mut ev); // A1out hit again: 5 → A1out; 3 → Am
        assert_eq!(q.queues(), (vec![6, 7], vec![4, 5], vec![2, 3]));
        assert!(q.access(2, &mut ev)); // an Am hit moves 2 to Am's MRU end
        q.access(5, &mut ev); // A1out hit: 6 → A1out; 5 → Am
        assert_eq!(q.queues(), (vec![7], vec![4, 6], vec![3, 2, 5]));
        q.access(8, &mut ev); // A1in at Kin, so Am's LRU block 3 goes (not remembered)
        assert_eq!(q.queues(), (vec![7, 8], vec![4, 6], vec![2, 5]));
        assert_eq!(ev, [1, 2, 3, 4, 5, 6, 3]);
        q.check_invariants().unwrap();
    }

    #[test]
    fn queues_show_a1in_am_and_the_a1out_ghosts() {
        // c = 4: Kin = 1, Kout = 2.
        let mut q = TwoQ::new(4, 16);
        let mut ev = Vec::new();
        for b in 1..=6 {
            q.access(b, &mut ev); // 5 and 6 push 1 and 2 out of A1in (above Kin) into A1out
        }
        let a1in = |b: &[Block]| resident("A1in", b);
        let am = |b: &[Block]| resident("Am", b);
        let a1out = |b: &[Block]| ghost("A1out", b);
        assert_eq!(queues_checked(&q), [a1in(&[3, 4, 5, 6]), am(&[]), a1out(&[1, 2])]);
        // 1 is remembered: A1out lets it go, reclaim pushes 3 out of A1in, and 1 enters Am.
        q.access(1, &mut ev);
        assert_eq!(queues_checked(&q), [a1in(&[4, 5, 6]), am(&[1]), a1out(&[2, 3])]);
        // Hits: in Am (1 stays its only block), in A1in (no change at all).
        assert!(q.access(1, &mut ev) && q.access(4, &mut ev));
        assert_eq!(queues_checked(&q), [a1in(&[4, 5, 6]), am(&[1]), a1out(&[2, 3])]);
        // 7: A1in above Kin gives up 4, and A1out, now above Kout, forgets its oldest, 2.
        q.access(7, &mut ev);
        assert_eq!(queues_checked(&q), [a1in(&[5, 6, 7]), am(&[1]), a1out(&[3, 4])]);
        assert_eq!(ev, [1, 2, 3, 4]);
    }

    #[test]
    fn agrees_with_a_naive_2q_on_uniform_and_skewed_traces() {
        for (c, seed) in [(1, 101), (2, 102), (5, 103), (17, 104), (100, 105)] {
            let q = TwoQ::new(c, 4);
            let naive = Naive2Q { c, kin: q.kin, kout: q.kout, a1in: vec![], a1out: vec![], am: vec![] };
            agrees_with(Box::new(q), naive, seed);
        }
    }

    #[test]
    fn beats_lru_on_a_skewed_trace_with_scans() {
        let refs = skewed_with_scans(500, 60_000, 106);
        let hits = |p: &mut dyn Policy| {
            let mut ev = Vec::new();
            refs.iter().filter(|&&b| p.access(b, &mut ev)).count()
        };
        let (q, lru) = (hits(&mut TwoQ::new(100, 2000)), hits(&mut Lru::new(100, 2000)));
        assert!(q > lru, "2Q {q} hits vs LRU {lru}");
    }
}
