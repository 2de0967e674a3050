//! SIEVE (Zhang et al., "SIEVE is simpler than LRU", NSDI 2024). A FIFO queue with one
//! "visited" bit per block and a hand that sweeps from the oldest block towards the newest:
//! a hit only sets the bit (no reordering, so hits are cheap); to evict, the hand clears set
//! bits as it goes and takes the first unvisited block, then rests on the next newer block.
//! New blocks enter at the newest end, unvisited.
//!
//! Layout: an [`IdList`] whose front is the oldest block ("tail" in the paper) and whose back
//! is the newest ("head"); `hand == NIL` means "start at the oldest".
//! Open choices (the paper has no insertion-position control): "eject me next" puts a block,
//! unvisited, right at the hand; repositioning to "eject me last" moves it to the newest end
//! with its bit set. `contents` lists blocks in the hand's sweep order, starting at the hand.

use super::{End, Policy};
use crate::model::Block;
use crate::util::slab::{IdList, NIL};

#[derive(Clone, Debug)]
pub struct Sieve {
    capacity: usize,
    queue: IdList,
    visited: Vec<bool>,
    hand: u32,
}

impl Sieve {
    pub fn new(capacity: usize, universe: usize) -> Self {
        Self { capacity, queue: IdList::with_capacity(universe, capacity), visited: vec![false; universe], hand: NIL }
    }

    fn set_visited(&mut self, block: Block, v: bool) {
        let i = block as usize;
        if i >= self.visited.len() {
            self.visited.resize((i + 1).max(self.visited.len() * 2), false);
        }
        self.visited[i] = v;
    }

    fn unlink(&mut self, block: Block) -> bool {
        if self.hand == block {
            self.hand = self.queue.next_of(block).unwrap_or(NIL);
        }
        self.queue.remove(block)
    }

    fn place(&mut self, block: Block, end: End) {
        match end {
            End::EjectLast => self.queue.push_back(block),
            End::EjectNext if self.hand == NIL => self.queue.push_front(block),
            End::EjectNext => {
                self.queue.insert_before(block, self.hand);
                self.hand = block;
            }
        }
    }
}

impl Policy for Sieve {
    fn name(&self) -> &'static str {
        "sieve"
    }

    fn capacity(&self) -> usize {
        self.capacity
    }

    fn len(&self) -> usize {
        self.queue.len()
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        self.queue.contains(block)
    }

    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        if !self.queue.contains(block) {
            return false;
        }
        self.visited[block as usize] = true;
        true
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        while self.queue.len() >= self.capacity {
            match self.evict() {
                Some(v) => evicted.push(v),
                None => break,
            }
        }
        self.set_visited(block, false);
        self.place(block, end);
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        if !self.unlink(block) {
            return false;
        }
        self.visited[block as usize] = end == End::EjectLast;
        self.place(block, end);
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        self.unlink(block)
    }

    fn evict(&mut self) -> Option<Block> {
        let first = self.queue.front()?;
        let mut h = if self.hand == NIL { first } else { self.hand };
        // Each step clears one bit, so the sweep ends within len + 1 steps.
        while self.visited[h as usize] {
            self.visited[h as usize] = false;
            h = self.queue.next_of(h).unwrap_or(first);
        }
        self.hand = self.queue.next_of(h).unwrap_or(NIL);
        self.queue.remove(h);
        Some(h)
    }

    fn contents(&self, out: &mut Vec<Block>) {
        let start = out.len();
        out.extend(self.queue.iter());
        if self.hand != NIL {
            let k = out[start..].iter().position(|&b| b == self.hand).expect("hand is resident");
            out[start..].rotate_left(k);
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.queue.validate()?;
        if self.hand != NIL && !self.queue.contains(self.hand) {
            return Err(format!("hand {} is not resident", self.hand));
        }
        if self.queue.len() > self.capacity {
            return Err(format!("{} blocks in a cache of {}", self.queue.len(), self.capacity));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, Reference};

    /// SIEVE on a `Vec` of (block, visited), oldest first, with the hand as an index.
    struct NaiveSieve {
        cap: usize,
        q: Vec<(Block, bool)>,
        hand: Option<usize>,
    }

    impl NaiveSieve {
        fn evict(&mut self) -> Block {
            let mut h = self.hand.unwrap_or(0);
            while self.q[h].1 {
                self.q[h].1 = false;
                h = (h + 1) % self.q.len();
            }
            let (b, _) = self.q.remove(h);
            self.hand = (h < self.q.len()).then_some(h);
            b
        }
    }

    impl Reference for NaiveSieve {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if let Some(e) = self.q.iter_mut().find(|e| e.0 == b) {
                e.1 = true;
                return true;
            }
            while self.q.len() >= self.cap {
                ev.push(self.evict());
            }
            self.q.push((b, false));
            false
        }
        fn remove(&mut self, b: Block) -> bool {
            let Some(p) = self.q.iter().position(|e| e.0 == b) else { return false };
            self.q.remove(p);
            self.hand = match self.hand {
                Some(h) if h == p => (p < self.q.len()).then_some(p),
                Some(h) if h > p => Some(h - 1),
                h => h,
            };
            true
        }
        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            if !self.remove(b) {
                return Some(false);
            }
            match (end, self.hand) {
                (End::EjectLast, _) => self.q.push((b, true)),
                (End::EjectNext, None) => self.q.insert(0, (b, false)),
                (End::EjectNext, Some(h)) => self.q.insert(h, (b, false)),
            }
            Some(true)
        }
        fn contents(&self) -> Vec<Block> {
            let s = self.hand.unwrap_or(0);
            self.q[s..].iter().chain(&self.q[..s]).map(|e| e.0).collect()
        }
        fn capacity(&self) -> usize {
            self.cap
        }
    }

    #[test]
    fn hand_worked_sequence_from_the_paper_figure() {
        // Oldest first: [1, 2, 3, 4]; 1 and 3 visited.
        let mut p = Sieve::new(4, 8);
        let mut ev = Vec::new();
        for b in [1, 2, 3, 4] {
            p.access(b, &mut ev);
        }
        p.access(1, &mut ev);
        p.access(3, &mut ev);
        // 5: the hand clears 1, evicts 2, and rests on 3.
        assert!(!p.access(5, &mut ev));
        assert_eq!(ev, [2]);
        let mut c = Vec::new();
        p.contents(&mut c);
        // Queue oldest first is [1, 3, 4, 5]; listed from the hand: 3, 4, 5, then wrap to 1.
        assert_eq!(c, [3, 4, 5, 1], "sweep order from the hand");
        // 6: the hand clears 3, evicts 4 (unvisited) and rests on 5: queue [1, 3, 5, 6].
        ev.clear();
        p.access(6, &mut ev);
        assert_eq!(ev, [4]);
        // 7: 5 was never visited, so it goes although 1 is older; the hand moves on to 6.
        ev.clear();
        p.access(7, &mut ev);
        assert_eq!(ev, [5]);
        c.clear();
        p.contents(&mut c);
        assert_eq!(c, [6, 7, 1, 3]);
        p.check_invariants().unwrap();
    }

    #[test]
    fn agrees_with_naive_sieve_at_several_sizes() {
        for (cap, seed) in [(1, 41), (2, 42), (5, 43), (17, 44)] {
            agrees_with(Box::new(Sieve::new(cap, 4)), NaiveSieve { cap, q: vec![], hand: None }, seed);
        }
    }
}
