//! Hyperbolic caching (Blankstein, Sen & Freedman, "Hyperbolic Caching: Flexible Caching for Web
//! Applications", USENIX ATC 2017). A block's priority is its request rate since it entered the
//! cache, n / (t − t₀): n references (the one that brought it in included) over the time it has
//! been resident. The victim is the lowest-priority block of a random sample (§3: priorities
//! change with time, so no ordered structure can keep them sorted; sampling as in Redis).
//!
//! Open points and our choices:
//! - Time counts references to this cache (hits, insertions, repositions to "eject me last").
//!   At a victim search the clock has already moved past every resident's insertion, so
//!   t − t₀ ≥ 1 and priorities compare exactly: n_a·(t − t₀_b) < n_b·(t − t₀_a), in integers.
//! - The sample is `sampleSize` draws, with replacement, from the seeded generator (the run's
//!   seed); a cache holding no more than `sampleSize` blocks is searched whole, without drawing.
//!   Equal priorities go to the block that entered first, then the lower id.
//! - Only the basic hyperbolic function: no per-item cost weights or class-based expiry (§4),
//!   which need information a block trace lacks.
//! - "Eject me next" marks that block as the next victim (one mark at a time, as RR does);
//!   repositioning to "eject me last" counts as a reference and clears the mark.
//! - Residents live in a dense array with a per-id slot index: O(1) insert, remove and draw by
//!   `swap_remove`, 16 bytes per cached block plus 4 per id.
//! - `contents` lists the mark first, then the rest by priority now, lowest first.

use std::cmp::Ordering;

use super::{End, Policy};
use crate::model::Block;
use crate::util::rng::Rng;
use crate::util::slab::NIL;

/// Blocks drawn per eviction: the paper's Redis prototype samples 64.
pub const DEFAULT_SAMPLE_SIZE: u32 = 64;
pub const MAX_SAMPLE_SIZE: u32 = 1024;

pub(crate) fn check_sample_size(size: u32) -> Result<(), String> {
    if (1..=MAX_SAMPLE_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(format!("sampleSize must be a whole number from 1 to {MAX_SAMPLE_SIZE} (got {size})"))
    }
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    block: Block,
    /// References since the block entered the cache.
    hits: u32,
    /// When it entered.
    since: u64,
}

#[derive(Clone, Debug)]
pub struct Hyperbolic {
    capacity: usize,
    sample: usize,
    slots: Vec<Entry>,
    pos: Vec<u32>,
    next_victim: u32,
    clock: u64,
    rng: Rng,
}

/// Whether `a` should go before `b` at time `t`: lower rate, then earlier entry, then lower id.
fn before(a: &Entry, b: &Entry, t: u64) -> Ordering {
    let ra = a.hits as u128 * (t - b.since) as u128;
    let rb = b.hits as u128 * (t - a.since) as u128;
    ra.cmp(&rb).then(a.since.cmp(&b.since)).then(a.block.cmp(&b.block))
}

impl Hyperbolic {
    pub fn new(capacity: usize, universe: usize, sample_size: u32, seed: u64) -> Result<Self, String> {
        check_sample_size(sample_size)?;
        Ok(Self {
            capacity,
            sample: sample_size as usize,
            slots: Vec::with_capacity(capacity),
            pos: vec![NIL; universe],
            next_victim: NIL,
            clock: 0,
            rng: Rng::seeded(seed),
        })
    }

    fn slot(&self, block: Block) -> Option<usize> {
        self.pos.get(block as usize).filter(|&&p| p != NIL).map(|&p| p as usize)
    }

    fn take(&mut self, block: Block) -> bool {
        let Some(p) = self.slot(block) else { return false };
        self.slots.swap_remove(p);
        if let Some(moved) = self.slots.get(p) {
            self.pos[moved.block as usize] = p as u32;
        }
        self.pos[block as usize] = NIL;
        if self.next_victim == block {
            self.next_victim = NIL;
        }
        true
    }

    /// The victim at time `t`: the mark, else the lowest priority of the sample.
    fn victim(&mut self, t: u64) -> Option<Block> {
        if self.slots.is_empty() {
            return None;
        }
        if self.next_victim != NIL {
            return Some(self.next_victim);
        }
        let n = self.slots.len();
        let mut best = 0;
        if n <= self.sample {
            for i in 1..n {
                if before(&self.slots[i], &self.slots[best], t) == Ordering::Less {
                    best = i;
                }
            }
        } else {
            best = self.rng.below(n as u64) as usize;
            for _ in 1..self.sample {
                let i = self.rng.below(n as u64) as usize;
                if before(&self.slots[i], &self.slots[best], t) == Ordering::Less {
                    best = i;
                }
            }
        }
        Some(self.slots[best].block)
    }
}

impl Policy for Hyperbolic {
    fn name(&self) -> &'static str {
        "hyperbolic"
    }

    fn capacity(&self) -> usize {
        self.capacity
    }

    fn len(&self) -> usize {
        self.slots.len()
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        self.slot(block).is_some()
    }

    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        let Some(p) = self.slot(block) else { return false };
        self.clock += 1;
        let e = &mut self.slots[p];
        e.hits = e.hits.saturating_add(1);
        true
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        self.clock += 1;
        while self.slots.len() >= self.capacity {
            match self.victim(self.clock) {
                Some(v) => {
                    self.take(v);
                    evicted.push(v);
                }
                None => break,
            }
        }
        let i = block as usize;
        if i >= self.pos.len() {
            self.pos.resize((i + 1).max(self.pos.len() * 2), NIL);
        }
        self.pos[i] = self.slots.len() as u32;
        self.slots.push(Entry { block, hits: 1, since: self.clock });
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
            End::EjectLast => {
                if self.next_victim == block {
                    self.next_victim = NIL;
                }
                self.on_hit(block);
            }
        }
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        self.take(block)
    }

    fn evict(&mut self) -> Option<Block> {
        let v = self.victim(self.clock + 1)?;
        self.take(v);
        Some(v)
    }

    fn contents(&self, out: &mut Vec<Block>) {
        if self.next_victim != NIL {
            out.push(self.next_victim);
        }
        let t = self.clock + 1;
        let mut rest: Vec<Entry> = self.slots.iter().copied().filter(|e| e.block != self.next_victim).collect();
        rest.sort_by(|a, b| before(a, b, t));
        out.extend(rest.iter().map(|e| e.block));
    }

    fn check_invariants(&self) -> Result<(), String> {
        for (p, e) in self.slots.iter().enumerate() {
            if self.pos[e.block as usize] as usize != p {
                return Err(format!("block {} in slot {p} but indexed at {}", e.block, self.pos[e.block as usize]));
            }
            if e.hits == 0 || e.since > self.clock {
                return Err(format!("block {}: {} hits since {} (clock {})", e.block, e.hits, e.since, self.clock));
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
    use crate::policy::testing::{agrees_with, skewed_with_scans, Reference};
    use crate::policy::{Lru, RandomPolicy};

    /// Hyperbolic caching written plainly: rates as `f64` divisions, residents in a `Vec` kept in
    /// the same slot order (swap-remove) so that the same seeded draws name the same blocks.
    struct NaiveHyperbolic {
        cap: usize,
        sample: usize,
        /// (block, references since entry, entry time)
        slots: Vec<(Block, u32, u64)>,
        mark: Option<Block>,
        now: u64,
        rng: Rng,
    }

    impl NaiveHyperbolic {
        fn new(cap: usize, sample: usize, seed: u64) -> Self {
            Self { cap, sample, slots: vec![], mark: None, now: 0, rng: Rng::seeded(seed) }
        }
        fn rank(&self, i: usize, t: u64) -> (f64, u64, Block) {
            let (b, n, since) = self.slots[i];
            (n as f64 / (t - since) as f64, since, b)
        }
        fn victim(&mut self, t: u64) -> Option<usize> {
            if let Some(m) = self.mark {
                return self.slots.iter().position(|e| e.0 == m);
            }
            let n = self.slots.len();
            let drawn: Vec<usize> = if n == 0 {
                vec![]
            } else if n <= self.sample {
                (0..n).collect()
            } else {
                (0..self.sample).map(|_| self.rng.below(n as u64) as usize).collect()
            };
            drawn.into_iter().reduce(|best, i| if self.rank(i, t) < self.rank(best, t) { i } else { best })
        }
        fn drop_slot(&mut self, i: usize) -> Block {
            let b = self.slots.swap_remove(i).0;
            if self.mark == Some(b) {
                self.mark = None;
            }
            b
        }
    }

    impl Reference for NaiveHyperbolic {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            self.now += 1;
            if let Some(e) = self.slots.iter_mut().find(|e| e.0 == b) {
                e.1 += 1;
                return true;
            }
            while self.slots.len() >= self.cap {
                let i = self.victim(self.now).unwrap();
                ev.push(self.drop_slot(i));
            }
            self.slots.push((b, 1, self.now));
            false
        }
        fn remove(&mut self, b: Block) -> bool {
            self.slots.iter().position(|e| e.0 == b).map(|i| self.drop_slot(i)).is_some()
        }
        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            let Some(e) = self.slots.iter_mut().find(|e| e.0 == b) else { return Some(false) };
            match end {
                End::EjectNext => self.mark = Some(b),
                End::EjectLast => {
                    e.1 += 1;
                    self.now += 1;
                    if self.mark == Some(b) {
                        self.mark = None;
                    }
                }
            }
            Some(true)
        }
        fn evict(&mut self) -> Option<Option<Block>> {
            let v = self.victim(self.now + 1).map(|i| self.drop_slot(i));
            Some(v)
        }
        fn insert_next(&mut self, b: Block, ev: &mut Vec<Block>) -> Option<()> {
            self.access(b, ev);
            self.mark = Some(b);
            Some(())
        }
        fn contents(&self) -> Vec<Block> {
            let t = self.now + 1;
            let mut idx: Vec<usize> = (0..self.slots.len()).filter(|&i| Some(self.slots[i].0) != self.mark).collect();
            idx.sort_by(|&i, &j| self.rank(i, t).partial_cmp(&self.rank(j, t)).unwrap());
            self.mark.into_iter().chain(idx.into_iter().map(|i| self.slots[i].0)).collect()
        }
        fn capacity(&self) -> usize {
            self.cap
        }
    }

    #[test]
    fn hand_worked_rates() {
        // c = 3, searched whole (3 ≤ 64 samples).
        let mut p = Hyperbolic::new(3, 8, DEFAULT_SAMPLE_SIZE, 1).unwrap();
        let mut ev = Vec::new();
        // t1: 1 in, t2: 2 in, t3: 1 hit, t4: 3 in, t5: 1 hit, t6: 2 hit.
        for b in [1, 2, 1, 3, 1, 2] {
            p.access(b, &mut ev);
        }
        // t7: 4 misses. Rates: 1 = 3/6 = 0.5, 2 = 2/5 = 0.4, 3 = 1/3 ≈ 0.33 → 3 goes.
        p.access(4, &mut ev);
        assert_eq!(ev, [3]);
        // t8: 5 misses. 1 = 3/7 ≈ 0.43, 2 = 2/6 ≈ 0.33, 4 = 1/1 → 2 goes: a new block outranks
        // an older one hit twice.
        p.access(5, &mut ev);
        assert_eq!(ev, [3, 2]);
        // t9: 6 misses. 1 = 3/8 = 0.375, 4 = 1/2, 5 = 1/1 → 1 goes: its rate decays with age.
        p.access(6, &mut ev);
        assert_eq!(ev, [3, 2, 1]);
        // t10: 7 misses. 4 = 1/3, 5 = 1/2, 6 = 1/1 → 4.
        p.access(7, &mut ev);
        assert_eq!(ev, [3, 2, 1, 4]);
        let mut c = Vec::new();
        p.contents(&mut c);
        assert_eq!(c, [5, 6, 7]); // at t11: 1/3, 1/2, 1/1
        p.check_invariants().unwrap();
    }

    #[test]
    fn agrees_with_the_plain_model_whole_and_sampled() {
        // Searched whole (c ≤ sample) and sampled (c > sample), with several sample sizes.
        for (c, sample, seed) in [(1, 64, 51), (5, 64, 52), (17, 64, 53), (17, 4, 54), (40, 1, 55), (90, 8, 56)] {
            let p = Hyperbolic::new(c, 4, sample, seed).unwrap();
            agrees_with(Box::new(p), NaiveHyperbolic::new(c, sample as usize, seed), seed);
        }
    }

    #[test]
    fn seeded_and_better_than_lru_and_random_on_a_skewed_trace() {
        let refs = skewed_with_scans(500, 60_000, 57);
        let hits = |p: &mut dyn Policy| {
            let mut ev = Vec::new();
            refs.iter().filter(|&&b| p.access(b, &mut ev)).count()
        };
        let h = hits(&mut Hyperbolic::new(100, 2000, 16, 3).unwrap());
        assert_eq!(h, hits(&mut Hyperbolic::new(100, 2000, 16, 3).unwrap()), "same seed, same run");
        let (lru, rr) = (hits(&mut Lru::new(100, 2000)), hits(&mut RandomPolicy::new(100, 2000, 3)));
        assert!(h > lru && h > rr, "hyperbolic {h} vs LRU {lru}, RR {rr}");
        for bad in [0, MAX_SAMPLE_SIZE + 1] {
            assert!(Hyperbolic::new(4, 4, bad, 0).err().unwrap().contains("sampleSize"));
        }
    }
}
