//! RR, random replacement (paper 001's baseline): the victim is a resident block chosen
//! uniformly at random by the run's seeded generator, so a scenario always replays the same.
//!
//! Residents live in a dense array (`slots`) with a per-id position index: O(1) insert,
//! remove and random pick by `swap_remove`. Choice: "eject me next" marks that block as the
//! next victim (one such mark at a time; a newer mark replaces an older one); repositioning
//! to "eject me last" clears the mark (RR has no notion of recency to express anything more).

use super::{End, Policy};
use crate::model::Block;
use crate::util::rng::Rng;
use crate::util::slab::NIL;

#[derive(Clone, Debug)]
pub struct RandomPolicy {
    capacity: usize,
    slots: Vec<Block>,
    pos: Vec<u32>,
    next_victim: u32,
    rng: Rng,
}

impl RandomPolicy {
    pub fn new(capacity: usize, universe: usize, seed: u64) -> Self {
        Self {
            capacity,
            slots: Vec::with_capacity(capacity),
            pos: vec![NIL; universe],
            next_victim: NIL,
            rng: Rng::seeded(seed),
        }
    }

    fn take(&mut self, block: Block) -> bool {
        let Some(&p) = self.pos.get(block as usize) else { return false };
        if p == NIL {
            return false;
        }
        self.slots.swap_remove(p as usize);
        if let Some(&moved) = self.slots.get(p as usize) {
            self.pos[moved as usize] = p;
        }
        self.pos[block as usize] = NIL;
        if self.next_victim == block {
            self.next_victim = NIL;
        }
        true
    }
}

impl Policy for RandomPolicy {
    fn name(&self) -> &'static str {
        "random"
    }

    fn capacity(&self) -> usize {
        self.capacity
    }

    fn len(&self) -> usize {
        self.slots.len()
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        self.pos.get(block as usize).is_some_and(|&p| p != NIL)
    }

    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        self.contains(block)
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        while self.slots.len() >= self.capacity {
            match self.evict() {
                Some(v) => evicted.push(v),
                None => break,
            }
        }
        let i = block as usize;
        if i >= self.pos.len() {
            self.pos.resize((i + 1).max(self.pos.len() * 2), NIL);
        }
        self.pos[i] = self.slots.len() as u32;
        self.slots.push(block);
        if end == End::EjectNext {
            self.next_victim = block;
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        if !self.contains(block) {
            return false;
        }
        match end {
            End::EjectNext => self.next_victim = block,
            End::EjectLast if self.next_victim == block => self.next_victim = NIL,
            End::EjectLast => {}
        }
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        self.take(block)
    }

    fn evict(&mut self) -> Option<Block> {
        if self.slots.is_empty() {
            return None;
        }
        let victim = if self.next_victim != NIL {
            self.next_victim
        } else {
            self.slots[self.rng.below(self.slots.len() as u64) as usize]
        };
        self.take(victim);
        Some(victim)
    }

    /// The marked next victim (if any) first, then the rest in slot order.
    fn contents(&self, out: &mut Vec<Block>) {
        if self.next_victim != NIL {
            out.push(self.next_victim);
        }
        out.extend(self.slots.iter().filter(|&&b| b != self.next_victim));
    }

    fn check_invariants(&self) -> Result<(), String> {
        for (p, &b) in self.slots.iter().enumerate() {
            if self.pos[b as usize] as usize != p {
                return Err(format!("block {b} in slot {p} but indexed at {}", self.pos[b as usize]));
            }
        }
        let indexed = self.pos.iter().filter(|&&p| p != NIL).count();
        if indexed != self.slots.len() {
            return Err(format!("{indexed} ids indexed but {} slots used", self.slots.len()));
        }
        if self.next_victim != NIL && !self.contains(self.next_victim) {
            return Err(format!("next victim {} not resident", self.next_victim));
        }
        if self.slots.len() > self.capacity {
            return Err(format!("{} blocks in a cache of {}", self.slots.len(), self.capacity));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_victims_replay_and_marks_are_honoured() {
        let victims = |seed| {
            let mut p = RandomPolicy::new(4, 16, seed);
            let mut ev = Vec::new();
            for b in 0..40 {
                p.access(b % 11, &mut ev);
                p.check_invariants().unwrap();
            }
            ev
        };
        assert_eq!(victims(1), victims(1));
        assert_ne!(victims(1), victims(2));

        let mut p = RandomPolicy::new(3, 8, 7);
        let mut ev = Vec::new();
        for b in [1, 2, 3] {
            p.access(b, &mut ev);
        }
        assert!(p.reposition(2, End::EjectNext));
        p.access(4, &mut ev);
        assert_eq!(ev, [2]);
        ev.clear();
        p.insert(5, End::EjectNext, &mut ev); // evicts someone random, then 5 is next
        let mut c = Vec::new();
        p.contents(&mut c);
        assert_eq!(c[0], 5);
        assert!(p.remove(5) && !p.contains(5));
        p.check_invariants().unwrap();
    }

    #[test]
    fn victims_are_uniform() {
        // With capacity 4 and each miss evicting one of 4 residents, every slot age is
        // equally likely to go: count how often the oldest resident is the victim.
        let mut p = RandomPolicy::new(4, 1 << 16, 9);
        let mut ev = Vec::new();
        for b in 0..4 {
            p.access(b, &mut ev);
        }
        let mut oldest_hits = 0;
        let mut order: std::collections::VecDeque<Block> = (0..4).collect();
        for b in 4..40_004u32 {
            ev.clear();
            p.access(b, &mut ev);
            let v = ev[0];
            if order[0] == v {
                oldest_hits += 1;
            }
            order.retain(|&x| x != v);
            order.push_back(b);
        }
        assert!((9_500..10_500).contains(&oldest_hits), "oldest evicted {oldest_hits} of 40000 times");
    }
}
