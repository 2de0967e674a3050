//! CLOCK (Corbató 1968): FIFO with a one-bit second chance. Blocks sit in a circular order;
//! a hit sets the block's reference bit; to evict, the hand passes over blocks whose bit is
//! set (clearing it) and takes the first whose bit is clear.
//!
//! Kept as a queue whose front is the hand: passing a block moves it to the back, which is
//! the same circular order. Open choices: a new block enters behind the hand with its bit
//! clear (as in libCacheSim's Clock); "eject me next" insertion puts it at the hand with its
//! bit clear; repositioning to "eject me last" moves it behind the hand with its bit set.

use super::{End, Policy, Queue, TeachingViews};
use crate::model::Block;
use crate::util::slab::IdList;

#[derive(Clone, Debug)]
pub struct Clock {
    capacity: usize,
    ring: IdList,
    referenced: Vec<bool>,
}

impl Clock {
    pub fn new(capacity: usize, universe: usize) -> Self {
        Self { capacity, ring: IdList::with_capacity(universe, capacity), referenced: vec![false; universe] }
    }

    #[inline]
    fn set_bit(&mut self, block: Block, bit: bool) {
        let i = block as usize;
        if i >= self.referenced.len() {
            self.referenced.resize((i + 1).max(self.referenced.len() * 2), false);
        }
        self.referenced[i] = bit;
    }
}

impl Policy for Clock {
    fn name(&self) -> &'static str {
        "clock"
    }

    fn capacity(&self) -> usize {
        self.capacity
    }

    fn len(&self) -> usize {
        self.ring.len()
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        self.ring.contains(block)
    }

    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        if !self.ring.contains(block) {
            return false;
        }
        self.referenced[block as usize] = true;
        true
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        while self.ring.len() >= self.capacity {
            match self.evict() {
                Some(v) => evicted.push(v),
                None => break,
            }
        }
        self.set_bit(block, false);
        match end {
            End::EjectNext => self.ring.push_front(block),
            End::EjectLast => self.ring.push_back(block),
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        if !self.ring.contains(block) {
            return false;
        }
        match end {
            End::EjectNext => {
                self.ring.move_to_front(block);
                self.referenced[block as usize] = false;
            }
            End::EjectLast => {
                self.ring.move_to_back(block);
                self.referenced[block as usize] = true;
            }
        }
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        self.ring.remove(block)
    }

    fn evict(&mut self) -> Option<Block> {
        // Each pass clears one bit, so this ends within len + 1 steps.
        loop {
            let b = self.ring.pop_front()?;
            if self.referenced[b as usize] {
                self.referenced[b as usize] = false;
                self.ring.push_back(b);
            } else {
                return Some(b);
            }
        }
    }

    /// Resident blocks from the hand onwards (the hand's next candidate first).
    fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.ring.iter());
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.ring.validate()?;
        if self.ring.len() > self.capacity {
            return Err(format!("{} blocks in a cache of {}", self.ring.len(), self.capacity));
        }
        Ok(())
    }
}

impl TeachingViews for Clock {
    /// The ring from the hand onwards (the hand's next candidate first).
    fn queues(&self, out: &mut Vec<Queue>) {
        out.push(Queue { name: "cache", ghost: false, blocks: self.ring.iter().collect() });
    }

    /// Each block's reference bit (1: referenced since the hand last passed it).
    fn marks(&self, blocks: &[Block], out: &mut Vec<u32>) -> Option<&'static str> {
        out.extend(blocks.iter().map(|&b| u32::from(self.referenced.get(b as usize).copied().unwrap_or(false))));
        Some("ref")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, Reference};

    /// The textbook clock on a `Vec` of (block, bit), hand at index 0.
    struct NaiveClock {
        cap: usize,
        ring: Vec<(Block, bool)>,
    }

    impl Reference for NaiveClock {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if let Some(e) = self.ring.iter_mut().find(|e| e.0 == b) {
                e.1 = true;
                return true;
            }
            while self.ring.len() >= self.cap {
                let (x, bit) = self.ring.remove(0);
                if bit {
                    self.ring.push((x, false));
                } else {
                    ev.push(x);
                }
            }
            self.ring.push((b, false));
            false
        }
        fn remove(&mut self, b: Block) -> bool {
            let n = self.ring.len();
            self.ring.retain(|e| e.0 != b);
            n != self.ring.len()
        }
        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            if !self.remove(b) {
                return Some(false);
            }
            match end {
                End::EjectNext => self.ring.insert(0, (b, false)),
                End::EjectLast => self.ring.push((b, true)),
            }
            Some(true)
        }
        fn contents(&self) -> Vec<Block> {
            self.ring.iter().map(|e| e.0).collect()
        }
        fn capacity(&self) -> usize {
            self.cap
        }
    }

    #[test]
    fn hand_worked_sequence() {
        let mut p = Clock::new(3, 8);
        let mut ev = Vec::new();
        for b in [1, 2, 3] {
            p.access(b, &mut ev); // hand→[1, 2, 3], bits 0 0 0
        }
        assert!(p.access(1, &mut ev)); // bits 1 0 0
        assert!(p.access(2, &mut ev)); // bits 1 1 0
                                       // 4: the hand clears 1 and 2 and takes 3.
        assert!(!p.access(4, &mut ev));
        let mut c = Vec::new();
        p.contents(&mut c);
        assert_eq!((c, ev.clone()), (vec![1, 2, 4], vec![3]));
        // 5: all bits clear now, so 1 goes.
        ev.clear();
        p.access(5, &mut ev);
        assert_eq!(ev, [1]);
        p.check_invariants().unwrap();
    }

    #[test]
    fn agrees_with_naive_clock_at_several_sizes() {
        for (cap, seed) in [(1, 31), (2, 32), (5, 33), (17, 34)] {
            agrees_with(Box::new(Clock::new(cap, 4)), NaiveClock { cap, ring: vec![] }, seed);
        }
    }
}
