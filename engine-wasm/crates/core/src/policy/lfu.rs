//! LFU: evict the block referenced least often while cached; ties go to the block inserted
//! earliest. Frequencies count references since the block entered the cache (in-cache LFU,
//! no history of evicted blocks).
//!
//! Optional aging (as in the LFU-with-aging variants surveyed by paper 001's sources): every
//! `aging_period` references all frequencies are halved, rounding up, so old popularity fades.
//! Choices: a block inserted at "eject me next" gets frequency 0 (below every referenced
//! block); repositioning to "eject me last" counts as a reference. Priority is kept in an
//! indexed heap keyed by (frequency, insertion order): O(log n), no allocation, no hashing.

use super::heap_body::{heap_policy_body, make_room};
use super::{End, Policy};
use crate::model::Block;
use crate::util::heap::IndexedHeap;

/// No aging by default.
pub const DEFAULT_AGING_PERIOD: u64 = 0;

pub(crate) fn check_aging_period(aging_period: u64, capacity: usize) -> Result<(), String> {
    if aging_period != 0 && aging_period < capacity as u64 {
        return Err(format!("agingPeriod must be 0 (off) or at least the capacity ({capacity}) (got {aging_period})"));
    }
    Ok(())
}

#[derive(Clone, Debug)]
pub struct Lfu {
    capacity: usize,
    /// Key: (frequency, insertion sequence number).
    heap: IndexedHeap<(u64, u64)>,
    next_seq: u64,
    aging_period: u64,
    since_aging: u64,
}

impl Lfu {
    /// `aging_period` = 0 disables aging.
    pub fn new(capacity: usize, universe: usize, aging_period: u64) -> Result<Self, String> {
        check_aging_period(aging_period, capacity)?;
        Ok(Self { capacity, heap: IndexedHeap::new(capacity, universe), next_seq: 0, aging_period, since_aging: 0 })
    }

    pub fn with_defaults(capacity: usize, universe: usize) -> Self {
        Self::new(capacity, universe, DEFAULT_AGING_PERIOD).expect("defaults are valid")
    }

    /// A resident block's current frequency.
    pub fn frequency(&self, block: Block) -> Option<u64> {
        self.heap.key(block).map(|k| k.0)
    }

    fn tick(&mut self) {
        if self.aging_period == 0 {
            return;
        }
        self.since_aging += 1;
        if self.since_aging >= self.aging_period {
            self.since_aging = 0;
            self.heap.rekey_all(|(f, s)| (f - f / 2, s));
        }
    }
}

impl Policy for Lfu {
    fn name(&self) -> &'static str {
        "lfu"
    }

    heap_policy_body!();

    fn on_hit(&mut self, block: Block) -> bool {
        let Some((f, s)) = self.heap.key(block) else { return false };
        self.heap.set(block, (f + 1, s));
        self.tick();
        true
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        make_room!(self, evicted);
        let f = if end == End::EjectNext { 0 } else { 1 };
        self.heap.set(block, (f, self.next_seq));
        self.next_seq += 1;
        self.tick();
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        match end {
            End::EjectLast => self.on_hit(block),
            End::EjectNext => match self.heap.key(block) {
                Some((_, s)) => {
                    self.heap.set(block, (0, s));
                    true
                }
                None => false,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, Reference};

    /// (block, frequency, insertion order) in a `Vec`; the victim is found by a linear scan.
    struct NaiveLfu {
        cap: usize,
        v: Vec<(Block, u64, u64)>,
        seq: u64,
    }

    impl Reference for NaiveLfu {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if let Some(e) = self.v.iter_mut().find(|e| e.0 == b) {
                e.1 += 1;
                return true;
            }
            while self.v.len() >= self.cap {
                let i = (0..self.v.len()).min_by_key(|&i| (self.v[i].1, self.v[i].2)).unwrap();
                ev.push(self.v.remove(i).0);
            }
            self.v.push((b, 1, self.seq));
            self.seq += 1;
            false
        }
        fn remove(&mut self, b: Block) -> bool {
            let n = self.v.len();
            self.v.retain(|e| e.0 != b);
            n != self.v.len()
        }
        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            let Some(e) = self.v.iter_mut().find(|e| e.0 == b) else { return Some(false) };
            e.1 = if end == End::EjectNext { 0 } else { e.1 + 1 };
            Some(true)
        }
        fn contents(&self) -> Vec<Block> {
            let mut v = self.v.clone();
            v.sort_by_key(|e| (e.1, e.2));
            v.into_iter().map(|e| e.0).collect()
        }
        fn capacity(&self) -> usize {
            self.cap
        }
    }

    #[test]
    fn hand_worked_sequence() {
        let mut p = Lfu::with_defaults(3, 8);
        let mut ev = Vec::new();
        for b in [1, 2, 3, 1, 1, 2] {
            p.access(b, &mut ev); // freqs 1:3, 2:2, 3:1
        }
        p.access(4, &mut ev); // 3 is least frequent
        assert_eq!(ev, [3]);
        p.access(5, &mut ev); // 4 (freq 1) goes; 5 enters with freq 1
        assert_eq!(ev, [3, 4]);
        let mut c = Vec::new();
        p.contents(&mut c);
        assert_eq!(c, [5, 2, 1]);
        assert_eq!((p.frequency(1), p.frequency(5)), (Some(3), Some(1)));
    }

    #[test]
    fn aging_halves_frequencies() {
        let mut p = Lfu::new(2, 8, 4).unwrap();
        let mut ev = Vec::new();
        p.access(1, &mut ev); // tick 1
        for _ in 0..2 {
            p.access(1, &mut ev); // ticks 2, 3: freq(1) = 3
        }
        p.access(2, &mut ev); // tick 4 → aging: 1: 3 → 2, 2: 1 → 1
        assert_eq!((p.frequency(1), p.frequency(2)), (Some(2), Some(1)));
        assert!(Lfu::new(10, 10, 3).is_err(), "a period shorter than the cache is refused");
    }

    #[test]
    fn agrees_with_naive_lfu_at_several_sizes() {
        for (cap, seed) in [(1, 61), (2, 62), (5, 63), (17, 64)] {
            agrees_with(Box::new(Lfu::with_defaults(cap, 4)), NaiveLfu { cap, v: vec![], seq: 0 }, seed);
        }
    }
}
