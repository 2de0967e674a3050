//! LRU-K (O'Neil, O'Neil & Weikum, "The LRU-K Page Replacement Algorithm for Database Disk
//! Buffering", SIGMOD 1993; paper 001 cites it as the more sophisticated cousin of SLRU). The
//! victim is the block whose K-th most recent reference is oldest (largest backward
//! K-distance). Blocks referenced fewer than K times have infinite distance and go first, least
//! recently used first (the paper's subsidiary policy). `lru-2` is this with K = 2 and no
//! correlated-reference period; `lru-k` takes both as parameters.
//!
//! Open points and our choices:
//! - The Correlated Reference Period (§2.1.1; `correlatedPeriod`, in references to this cache,
//!   default 0 = every reference counts) follows the paper's Fig. 2.1: a reference to a resident
//!   block within the period of its LAST reference only moves LAST; an uncorrelated one closes
//!   the correlated burst — every HIST(p, i) shifts down one place plus the burst's length
//!   (LAST − HIST(p, 1)) — and opens a new one. Only blocks not referenced within the period are
//!   eligible victims; when none is, the block of largest backward K-distance goes anyway (the
//!   paper assumes some block is always eligible).
//! - The Retained Information Period is unbounded: history is kept for every block id ever seen,
//!   8·K bytes per id (plus 8 for LAST when the period is non-zero), so a block returning after
//!   eviction keeps its history, as the paper recommends.
//! - An insertion counts as a reference (a DEMOTE is one); "eject me next" places a block ahead
//!   of all others.
//! - Priority is an indexed heap keyed by (class, time): O(log n), no allocation, no hashing.
//!   Blocks skipped as ineligible during a victim search wait in a buffer reserved at build time.
//! - `contents` lists blocks by key (backward K-distance), ignoring the period's eligibility.

use super::{End, Policy};
use crate::model::Block;
use crate::util::heap::IndexedHeap;

/// Key classes: forced next victim, infinite backward distance, finite distance.
const FORCED: u8 = 0;
const INFINITE: u8 = 1;
const FINITE: u8 = 2;

/// Most references remembered per block: the history costs 8·K bytes for every id seen.
pub const MAX_K: u32 = 8;
/// LRU-1 is LRU.
pub const MIN_K: u32 = 2;
pub const DEFAULT_K: u32 = 2;

pub(crate) fn check_k(k: u32) -> Result<(), String> {
    if (MIN_K..=MAX_K).contains(&k) {
        Ok(())
    } else {
        Err(format!("k must be a whole number from 2 to {MAX_K} (LRU-1 is LRU) (got {k})"))
    }
}

#[derive(Clone, Debug)]
pub struct LruK {
    name: &'static str,
    capacity: usize,
    k: usize,
    /// Correlated Reference Period, in references; 0 = none.
    crp: u64,
    heap: IndexedHeap<(u8, u64)>,
    /// Per id, `k` slots: HIST(p, 1..=K), most recent first (0 = never).
    hist: Vec<u64>,
    /// Per id: LAST(p), the latest reference, correlated or not (only with a period).
    last: Vec<u64>,
    /// Ineligible blocks set aside during a victim search, with their keys.
    parked: Vec<((u8, u64), Block)>,
    clock: u64,
}

impl LruK {
    /// LRU-2 without a correlated-reference period (the `lru-2` kind).
    pub fn new(capacity: usize, universe: usize) -> Self {
        Self::build("lru-2", capacity, universe, 2, 0)
    }

    /// LRU-K with `k` ≥ 2 and a correlated-reference period of `correlated_period` references.
    pub fn with_k(capacity: usize, universe: usize, k: u32, correlated_period: u64) -> Result<Self, String> {
        check_k(k)?;
        Ok(Self::build("lru-k", capacity, universe, k as usize, correlated_period))
    }

    fn build(name: &'static str, capacity: usize, universe: usize, k: usize, crp: u64) -> Self {
        Self {
            name,
            capacity,
            k,
            crp,
            heap: IndexedHeap::new(capacity, universe),
            hist: vec![0; universe * k],
            last: if crp > 0 { vec![0; universe] } else { Vec::new() },
            parked: Vec::with_capacity(if crp > 0 { capacity } else { 0 }),
            clock: 0,
        }
    }

    fn reserve(&mut self, i: usize) {
        if (i + 1) * self.k > self.hist.len() {
            let n = (i + 1).max(self.hist.len() / self.k * 2);
            self.hist.resize(n * self.k, 0);
            if self.crp > 0 {
                self.last.resize(n, 0);
            }
        }
    }

    fn key_of(&self, i: usize) -> (u8, u64) {
        let h = &self.hist[i * self.k..(i + 1) * self.k];
        if h[self.k - 1] == 0 {
            (INFINITE, h[0])
        } else {
            (FINITE, h[self.k - 1])
        }
    }

    /// A reference at time `t` (Fig. 2.1): `resident` says whether the block was in the
    /// buffer (only then can it be correlated with its last reference). Returns its new key.
    fn record(&mut self, block: Block, t: u64, resident: bool) -> (u8, u64) {
        let i = block as usize;
        self.reserve(i);
        let h = &mut self.hist[i * self.k..(i + 1) * self.k];
        if self.crp == 0 {
            h.copy_within(..self.k - 1, 1);
            h[0] = t;
        } else if !resident {
            h.copy_within(..self.k - 1, 1);
            h[0] = t;
            self.last[i] = t;
        } else if t - self.last[i] > self.crp {
            // An uncorrelated reference: the burst that ended at LAST counts as one reference.
            let burst = self.last[i] - h[0];
            for j in (1..self.k).rev() {
                h[j] = if h[j - 1] == 0 { 0 } else { h[j - 1] + burst };
            }
            h[0] = t;
            self.last[i] = t;
        } else {
            // Correlated: only LAST moves, and with it nothing the key reads.
            self.last[i] = t;
        }
        self.key_of(i)
    }

    /// Whether a resident block with `key` may be evicted at time `t`: not referenced within
    /// the period, or placed to be ejected next ("eject me next" overrides the period).
    fn eligible(&self, block: Block, key: (u8, u64), t: u64) -> bool {
        self.crp == 0 || key.0 == FORCED || t - self.last[block as usize] > self.crp
    }

    /// Removes and returns the victim at time `t`: the eligible block of largest backward
    /// K-distance, or the largest overall when none is eligible.
    fn pop_victim(&mut self, t: u64) -> Option<Block> {
        if self.crp == 0 {
            return self.heap.pop();
        }
        let mut victim = None;
        while let Some(b) = self.heap.peek() {
            let key = self.heap.key(b).expect("peeked block is resident");
            self.heap.pop();
            if self.eligible(b, key, t) {
                victim = Some(b);
                break;
            }
            self.parked.push((key, b));
        }
        let mut parked = std::mem::take(&mut self.parked);
        if victim.is_none() && !parked.is_empty() {
            // Parked in key order: the first is the largest backward K-distance.
            victim = Some(parked.remove(0).1);
        }
        for &(key, b) in &parked {
            self.heap.set(b, key);
        }
        parked.clear();
        self.parked = parked;
        victim
    }
}

impl Policy for LruK {
    fn name(&self) -> &'static str {
        self.name
    }

    fn capacity(&self) -> usize {
        self.capacity
    }

    fn len(&self) -> usize {
        self.heap.len()
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        self.heap.contains(block)
    }

    fn on_hit(&mut self, block: Block) -> bool {
        if !self.heap.contains(block) {
            return false;
        }
        self.clock += 1;
        let key = self.record(block, self.clock, true);
        self.heap.set(block, key); // a forced block referenced again rejoins the order
        true
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        self.clock += 1;
        let t = self.clock;
        while self.heap.len() >= self.capacity {
            match self.pop_victim(t) {
                Some(v) => evicted.push(v),
                None => break,
            }
        }
        let key = self.record(block, t, false);
        self.heap.set(block, if end == End::EjectNext { (FORCED, t) } else { key });
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

    fn remove(&mut self, block: Block) -> bool {
        self.heap.remove(block)
    }

    fn evict(&mut self) -> Option<Block> {
        self.pop_victim(self.clock + 1)
    }

    /// Resident blocks by key (smallest first, ties by block id).
    fn contents(&self, out: &mut Vec<Block>) {
        let start = out.len();
        out.extend(self.heap.ids());
        out[start..].sort_by_key(|&b| (self.heap.key(b), b));
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.heap.validate()?;
        if self.heap.len() > self.capacity {
            return Err(format!("{} blocks in a cache of {}", self.heap.len(), self.capacity));
        }
        if !self.parked.is_empty() {
            return Err("blocks left parked after a victim search".into());
        }
        for b in self.heap.ids() {
            let i = b as usize;
            let h = &self.hist[i * self.k..(i + 1) * self.k];
            if h.windows(2).any(|w| w[1] != 0 && w[1] >= w[0]) {
                return Err(format!("block {b}: history {h:?} not strictly decreasing"));
            }
            if self.heap.key(b).is_some_and(|k| k.0 != FORCED && k != self.key_of(i)) {
                return Err(format!("block {b}: key {:?} but history {h:?}", self.heap.key(b)));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, Reference};
    use std::collections::HashMap;

    /// LRU-K by definition: keep every reference time; the victim maximises backward
    /// K-distance, found by scanning.
    struct NaiveLru2 {
        k: usize,
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
            if h.len() < self.k {
                (1, h[h.len() - 1])
            } else {
                (2, h[h.len() - self.k])
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
            let naive =
                NaiveLru2 { k: 2, cap, resident: vec![], forced: HashMap::new(), history: HashMap::new(), now: 0 };
            agrees_with(Box::new(LruK::new(cap, 4)), naive, seed);
        }
        for (k, cap, seed) in [(3, 1, 75), (3, 5, 76), (3, 17, 77), (4, 2, 78), (4, 40, 79), (8, 9, 80)] {
            let naive = NaiveLru2 { k, cap, resident: vec![], forced: HashMap::new(), history: HashMap::new(), now: 0 };
            let p = LruK::with_k(cap, 4, k as u32, 0).unwrap();
            assert_eq!(p.name(), "lru-k");
            agrees_with(Box::new(p), naive, seed);
        }
    }

    /// The paper's Fig. 2.1 with a Correlated Reference Period, literally: HIST(p, 1..=K) and
    /// LAST(p) per block, victims scanned for among the eligible blocks.
    struct NaiveCrp {
        k: usize,
        crp: u64,
        cap: usize,
        resident: Vec<Block>,
        forced: HashMap<Block, u64>,
        hist: HashMap<Block, Vec<u64>>,
        last: HashMap<Block, u64>,
        now: u64,
    }

    impl NaiveCrp {
        fn new(k: usize, crp: u64, cap: usize) -> Self {
            let (resident, forced, hist, last) = (vec![], HashMap::new(), HashMap::new(), HashMap::new());
            Self { k, crp, cap, resident, forced, hist, last, now: 0 }
        }
        fn rank(&self, b: Block) -> (u8, u64) {
            if let Some(&t) = self.forced.get(&b) {
                return (0, t);
            }
            let h = &self.hist[&b];
            if h[self.k - 1] == 0 {
                (1, h[0])
            } else {
                (2, h[self.k - 1])
            }
        }
        fn victim(&self, t: u64) -> Option<usize> {
            let by_rank = |&i: &usize| (self.rank(self.resident[i]), self.resident[i]);
            let eligible = |&i: &usize| {
                let b = self.resident[i];
                self.forced.contains_key(&b) || t - self.last[&b] > self.crp
            };
            let all = 0..self.resident.len();
            all.clone().filter(eligible).min_by_key(by_rank).or_else(|| all.min_by_key(by_rank))
        }
        fn hit(&mut self, b: Block) {
            self.now += 1;
            let t = self.now;
            self.forced.remove(&b);
            let last = self.last[&b];
            if t - last > self.crp {
                let h = self.hist.get_mut(&b).unwrap();
                let correl_period_of_refd_page = last - h[0];
                for i in (1..self.k).rev() {
                    h[i] = if h[i - 1] == 0 { 0 } else { h[i - 1] + correl_period_of_refd_page };
                }
                h[0] = t;
            }
            self.last.insert(b, t);
        }
        fn miss(&mut self, b: Block, ev: &mut Vec<Block>) {
            self.now += 1;
            let t = self.now;
            while self.resident.len() >= self.cap {
                let i = self.victim(t).unwrap();
                ev.push(self.resident.remove(i));
            }
            self.forced.remove(&b); // an evicted block's mark goes with it
            let h = self.hist.entry(b).or_insert_with(|| vec![0; self.k]);
            h.rotate_right(1);
            h[0] = t;
            self.last.insert(b, t);
            self.resident.push(b);
        }
    }

    impl Reference for NaiveCrp {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if self.resident.contains(&b) {
                self.hit(b);
                true
            } else {
                self.miss(b, ev);
                false
            }
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
                End::EjectLast => self.hit(b),
                End::EjectNext => {
                    self.forced.insert(b, self.now);
                }
            }
            Some(true)
        }
        fn evict(&mut self) -> Option<Option<Block>> {
            let v = self.victim(self.now + 1).map(|i| self.resident.remove(i));
            if let Some(b) = v {
                self.forced.remove(&b);
            }
            Some(v)
        }
        fn insert_next(&mut self, b: Block, ev: &mut Vec<Block>) -> Option<()> {
            self.miss(b, ev);
            self.forced.insert(b, self.now);
            Some(())
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
    fn agrees_with_the_papers_pseudo_code_with_a_correlated_period() {
        for (k, crp, cap, seed) in [(2, 1, 3, 61), (2, 4, 8, 62), (3, 2, 1, 63), (3, 6, 17, 64), (4, 30, 40, 65)] {
            let p = LruK::with_k(cap, 4, k as u32, crp).unwrap();
            agrees_with(Box::new(p), NaiveCrp::new(k, crp, cap), seed);
        }
        // With no period, the pseudo-code is the definition.
        for (k, cap, seed) in [(2, 5, 66), (3, 9, 67)] {
            agrees_with(Box::new(LruK::with_k(cap, 4, k, 0).unwrap()), NaiveCrp::new(k as usize, 0, cap), seed);
        }
    }

    #[test]
    fn correlated_references_count_once() {
        // K = 2, period 2, three blocks. t1: 1, t2: 1 (correlated: LAST = 2, HIST(1) = (1, 0)),
        // t3: 2, t4: 2 (correlated), t5: 3 — 1, 2 and 3 are all seen "once".
        let mut p = LruK::with_k(3, 8, 2, 2).unwrap();
        let mut ev = Vec::new();
        for b in [1, 1, 2, 2, 3] {
            p.access(b, &mut ev);
        }
        let mut c = Vec::new();
        p.contents(&mut c);
        assert_eq!(c, [1, 2, 3]); // all infinite distance, by HIST(1): t1, t3, t5
                                  // t6: 1 again, 4 after LAST = t2: uncorrelated. The burst t1..t2 lasted 1, so
                                  // HIST(2) = t1 + 1 = 2 and HIST(1) = 6: 1 now has a finite distance.
        p.access(1, &mut ev);
        assert_eq!(p.hist[2..4], [6, 2]);
        // t7: 4 misses. Eligible (t − LAST > 2): 2 (LAST t4) and 3 (LAST t5)? 7 − 5 = 2: not
        // 3. So 2 goes, though 3 was seen once too and later — its period shields it.
        p.access(4, &mut ev);
        assert_eq!(ev, [2]);
        // t8: 5 misses. Eligible: only 3 (LAST t5); 1 (t6) and 4 (t7) are within the period.
        p.access(5, &mut ev);
        assert_eq!(ev, [2, 3]);
        p.check_invariants().unwrap();
    }

    #[test]
    fn k_is_checked_and_named() {
        for bad in [0, 1, MAX_K + 1] {
            assert!(LruK::with_k(4, 4, bad, 0).err().unwrap().contains("k must be"), "k = {bad}");
        }
        assert!(LruK::with_k(4, 4, MAX_K, 100).is_ok());
    }
}
