//! LeCaR, Learning Cache Replacement (Vietri, Rodriguez, Martinez, Lyons, Liu, Rangaswami, Zhao
//! & Narasimhan, "Driving Cache Replacement with ML-based LeCaR", HotStorage 2018), Algorithm 1.
//!
//! Two experts, LRU and LFU, over the same resident blocks. Each eviction follows one of them,
//! drawn with probability given by its weight; the victim's id goes to that expert's history
//! (H_LRU or H_LFU, FIFOs as long as the cache). A miss on an id in an expert's history is that
//! expert's regret: the other expert's weight is multiplied by e^(λ·r), with r = d^(time since the
//! eviction), and the weights renormalised. λ = 0.45 and d = 0.005^(1/N) (N = cache size), the
//! paper's values.
//!
//! Open points and our choices:
//! - LFU counts references while cached (a block back from a history starts at 1), ties to the
//!   least recently used; time counts references to this cache.
//! - When LRU and LFU name the same victim it goes to neither history (the authors' code), but
//!   the draw is made anyway, so the generator's stream does not depend on that.
//! - The draw is the seeded generator's (`Rng::unit_f64` < w_LRU → LRU). e^x is computed from
//!   +, ×, ÷ only ([`exp`]), so a seed gives the same run natively and in wasm.
//! - "Eject me next" puts the block at LRU's end and gives it frequency 0, so both experts name
//!   it; repositioning to "eject me last" is a reference. `evict` evicts as a miss would;
//!   `remove` leaves no history.
//! - `contents` lists the residents in LRU order (the LFU order is in the heap).

use super::{End, Policy, Queue, TeachingViews};
use crate::model::Block;
use crate::util::heap::IndexedHeap;
use crate::util::list_set::ListSet;
use crate::util::rng::Rng;

/// The paper's learning rate λ.
pub const LEARNING_RATE: f64 = 0.45;
/// ln 0.005: the discount d = 0.005^(1/N) is e^(LN_DISCOUNT_BASE / N).
const LN_DISCOUNT_BASE: f64 = -5.298_317_366_548_036;

const R: usize = 0;
const HL: usize = 1;
const HF: usize = 2;

/// e^x using only correctly rounded operations (range reduction by ln 2, then a Taylor series),
/// so every target computes the same bits; within a few ulps of `f64::exp`.
pub(crate) fn exp(x: f64) -> f64 {
    // ln 2 in two parts (Cody & Waite): k·LN2_HI is exact for |k| < 2^11.
    const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
    const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
    if x < -700.0 {
        return 0.0;
    }
    let k = (x / std::f64::consts::LN_2).round();
    let r = (x - k * LN2_HI) - k * LN2_LO;
    let (mut term, mut sum) = (1.0, 1.0);
    for i in 1..=18 {
        term *= r / i as f64;
        sum += term;
    }
    sum * f64::from_bits(((k as i64 + 1023) as u64) << 52)
}

#[derive(Clone, Debug)]
pub struct LeCar {
    c: usize,
    /// The residents in LRU order (front: least recent), and the two histories (front: oldest).
    lists: ListSet<3>,
    /// The residents in LFU order: (references while cached, time of the latest).
    heap: IndexedHeap<(u64, u64)>,
    /// Per id: when it entered a history.
    evicted_at: Vec<u64>,
    w_lru: f64,
    ln_discount: f64,
    clock: u64,
    rng: Rng,
}

impl LeCar {
    pub fn new(capacity: usize, universe: usize, seed: u64) -> Self {
        Self {
            c: capacity,
            lists: ListSet::with_capacity(universe, 3 * capacity + 1),
            heap: IndexedHeap::new(capacity, universe),
            evicted_at: vec![0; universe],
            w_lru: 0.5,
            ln_discount: LN_DISCOUNT_BASE / capacity.max(1) as f64,
            clock: 0,
            rng: Rng::seeded(seed),
        }
    }

    /// The weight of the LRU expert (LFU's is 1 − this).
    pub fn w_lru(&self) -> f64 {
        self.w_lru
    }

    /// (residents in LRU order, H_LRU, H_LFU), for tests.
    pub fn lists(&self) -> (Vec<Block>, Vec<Block>, Vec<Block>) {
        (self.lists.iter(R).collect(), self.lists.iter(HL).collect(), self.lists.iter(HF).collect())
    }

    fn remember(&mut self, list: usize, block: Block, t: u64) {
        self.lists.push_back(list, block);
        if self.lists.len(list) > self.c {
            self.lists.pop_front(list);
        }
        let i = block as usize;
        if i >= self.evicted_at.len() {
            self.evicted_at.resize((i + 1).max(self.evicted_at.len() * 2), 0);
        }
        self.evicted_at[i] = t;
    }

    /// Algorithm 1's eviction at time `t`: draw an expert, evict its choice, note it in its
    /// history unless both experts agreed.
    fn evict_at(&mut self, t: u64) -> Option<Block> {
        let lru = self.lists.front(R)?;
        let lfu = self.heap.peek().expect("the heap holds the residents");
        let follow_lru = self.rng.unit_f64() < self.w_lru;
        let victim = if follow_lru { lru } else { lfu };
        self.lists.remove(victim);
        self.heap.remove(victim);
        if lru != lfu {
            self.remember(if follow_lru { HL } else { HF }, victim, t);
        }
        Some(victim)
    }

    fn reference(&mut self, block: Block) {
        self.clock += 1;
        self.lists.move_to_back(R, block);
        let (f, _) = self.heap.key(block).expect("resident");
        self.heap.set(block, (f + 1, self.clock));
    }
}

impl Policy for LeCar {
    fn name(&self) -> &'static str {
        "lecar"
    }

    fn capacity(&self) -> usize {
        self.c
    }

    fn len(&self) -> usize {
        self.lists.len(R)
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        self.lists.contains(R, block)
    }

    fn on_hit(&mut self, block: Block) -> bool {
        if !self.contains(block) {
            return false;
        }
        self.reference(block);
        true
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        self.clock += 1;
        let t = self.clock;
        if let Some(h @ (HL | HF)) = self.lists.list_of(block) {
            // The expert that evicted it was wrong: reward the other one.
            self.lists.remove(block);
            let r = exp((t - self.evicted_at[block as usize]) as f64 * self.ln_discount);
            let boost = exp(LEARNING_RATE * r);
            let (mut w_lru, mut w_lfu) = (self.w_lru, 1.0 - self.w_lru);
            if h == HL {
                w_lfu *= boost;
            } else {
                w_lru *= boost;
            }
            self.w_lru = w_lru / (w_lru + w_lfu);
        }
        while self.lists.len(R) >= self.c {
            match self.evict_at(t) {
                Some(v) => evicted.push(v),
                None => break,
            }
        }
        match end {
            End::EjectLast => {
                self.lists.push_back(R, block);
                self.heap.set(block, (1, t));
            }
            End::EjectNext => {
                self.lists.push_front(R, block);
                self.heap.set(block, (0, t));
            }
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        if !self.contains(block) {
            return false;
        }
        match end {
            End::EjectLast => self.reference(block),
            End::EjectNext => {
                self.lists.move_to_front(R, block);
                self.heap.set(block, (0, self.clock));
            }
        }
        true
    }

    fn remove(&mut self, block: Block) -> bool {
        self.heap.remove(block);
        self.lists.remove_from(R, block)
    }

    fn evict(&mut self) -> Option<Block> {
        self.evict_at(self.clock)
    }

    fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.lists.iter(R));
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.lists.validate().map_err(|e| format!("cache/H_LRU/H_LFU (lists 0-2): {e}"))?;
        self.heap.validate()?;
        if self.lists.len(R) > self.c {
            return Err(format!("{} blocks in a cache of {}", self.lists.len(R), self.c));
        }
        if self.heap.len() != self.lists.len(R) || self.lists.iter(R).any(|b| !self.heap.contains(b)) {
            return Err("the LFU heap and the LRU list hold different blocks".into());
        }
        if self.lists.len(HL) > self.c || self.lists.len(HF) > self.c {
            return Err(format!("histories of {} and {} > {}", self.lists.len(HL), self.lists.len(HF), self.c));
        }
        if !(0.0..=1.0).contains(&self.w_lru) {
            return Err(format!("w_LRU = {} outside [0, 1]", self.w_lru));
        }
        Ok(())
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }
}

impl TeachingViews for LeCar {
    /// The residents in LRU order, then the histories H_LRU and H_LFU, oldest first.
    fn queues(&self, out: &mut Vec<Queue>) {
        for (name, list, ghost) in [("cache (LRU order)", R, false), ("H_LRU", HL, true), ("H_LFU", HF, true)] {
            out.push(Queue { name, ghost, blocks: self.lists.iter(list).collect() });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, queues_checked, skewed_with_scans, Reference};
    use crate::policy::{Lfu, Lru};
    use std::collections::HashMap;

    /// Algorithm 1 on `Vec`s and maps: LRU order as a `Vec` (index 0 least recent), LFU by
    /// scanning, histories as `Vec`s of (id, eviction time).
    struct NaiveLeCar {
        c: usize,
        lru: Vec<Block>,
        freq: HashMap<Block, (u64, u64)>,
        h_lru: Vec<(Block, u64)>,
        h_lfu: Vec<(Block, u64)>,
        w_lru: f64,
        now: u64,
        rng: Rng,
    }

    impl NaiveLeCar {
        fn new(c: usize, seed: u64) -> Self {
            let (lru, freq, h_lru, h_lfu) = (vec![], HashMap::new(), vec![], vec![]);
            Self { c, lru, freq, h_lru, h_lfu, w_lru: 0.5, now: 0, rng: Rng::seeded(seed) }
        }
        fn evict_at(&mut self, t: u64) -> Option<Block> {
            let lru = *self.lru.first()?;
            let lfu = *self.lru.iter().min_by_key(|&&b| (self.freq[&b], b)).unwrap();
            let follow_lru = self.rng.unit_f64() < self.w_lru;
            let v = if follow_lru { lru } else { lfu };
            self.lru.retain(|&x| x != v);
            self.freq.remove(&v);
            if lru != lfu {
                let h = if follow_lru { &mut self.h_lru } else { &mut self.h_lfu };
                h.push((v, t));
                if h.len() > self.c {
                    h.remove(0);
                }
            }
            Some(v)
        }
        fn touch(&mut self, b: Block) {
            self.now += 1;
            self.lru.retain(|&x| x != b);
            self.lru.push(b);
            let f = self.freq[&b].0;
            self.freq.insert(b, (f + 1, self.now));
        }
    }

    impl Reference for NaiveLeCar {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if self.lru.contains(&b) {
                self.touch(b);
                return true;
            }
            self.now += 1;
            let t = self.now;
            let d = (LN_DISCOUNT_BASE / self.c as f64).exp(); // d = 0.005^(1/N)
            let (mut w_lru, mut w_lfu) = (self.w_lru, 1.0 - self.w_lru);
            if let Some(i) = self.h_lru.iter().position(|e| e.0 == b) {
                let r = d.powi((t - self.h_lru.remove(i).1) as i32);
                w_lfu *= exp(LEARNING_RATE * r);
                self.w_lru = w_lru / (w_lru + w_lfu);
            } else if let Some(i) = self.h_lfu.iter().position(|e| e.0 == b) {
                let r = d.powi((t - self.h_lfu.remove(i).1) as i32);
                w_lru *= exp(LEARNING_RATE * r);
                self.w_lru = w_lru / (w_lru + w_lfu);
            }
            while self.lru.len() >= self.c {
                ev.extend(self.evict_at(t));
            }
            self.lru.push(b);
            self.freq.insert(b, (1, t));
            false
        }
        fn remove(&mut self, b: Block) -> bool {
            self.freq.remove(&b);
            let n = self.lru.len();
            self.lru.retain(|&x| x != b);
            n != self.lru.len()
        }
        fn contents(&self) -> Vec<Block> {
            self.lru.clone()
        }
        fn capacity(&self) -> usize {
            self.c
        }
    }

    /// A naive model whose regret uses `powi` and `f64::exp` can differ from ours in the last
    /// bits, which may flip a draw only when it lands within an ulp of w_LRU: the comparison
    /// below passes on these seeds, and `exp` itself is checked against `f64::exp`.
    #[test]
    fn agrees_with_algorithm_1() {
        for (c, seed) in [(1, 21), (2, 22), (5, 23), (17, 24), (64, 25)] {
            agrees_with(Box::new(LeCar::new(c, 4, seed)), NaiveLeCar::new(c, seed), seed);
        }
    }

    #[test]
    fn exp_is_close_to_the_platforms() {
        for i in -2000..=2000 {
            let x = i as f64 * 0.35;
            let (ours, std) = (exp(x), x.exp());
            let tolerance = if std < 1e-300 { 1e-300 } else { 8.0 * f64::EPSILON * std };
            assert!((ours - std).abs() <= tolerance, "e^{x}: {ours} vs {std}");
        }
        assert_eq!(exp(0.0), 1.0);
    }

    #[test]
    fn hand_worked_regret_moves_the_weights() {
        // c = 2. Make LRU and LFU disagree: 1 hit twice, then 2 most recent.
        let mut p = LeCar::new(2, 8, 5);
        let mut ev = Vec::new();
        for b in [1, 1, 1, 2] {
            p.access(b, &mut ev);
        }
        // 3 misses: LRU names 1 (least recent), LFU names 2 (1 reference). Whichever the draw
        // follows, the victim goes to that expert's history.
        p.access(3, &mut ev);
        let (cache, h_lru, h_lfu) = p.lists();
        assert_eq!(ev.len(), 1);
        let v = ev[0];
        if v == 1 {
            assert_eq!((h_lru.as_slice(), h_lfu.as_slice()), (&[1][..], &[][..]));
        } else {
            assert_eq!((v, h_lru.as_slice(), h_lfu.as_slice()), (2, &[][..], &[2][..]));
        }
        assert!(!cache.contains(&v) && cache.contains(&3));
        // v comes back at once: r = d^1, so the other expert's weight grows by e^(0.45·d).
        let w0 = p.w_lru();
        p.access(v, &mut ev);
        let d = (LN_DISCOUNT_BASE / 2.0).exp();
        let boost = (LEARNING_RATE * d).exp();
        let expected = if v == 1 { w0 / (w0 + (1.0 - w0) * boost) } else { w0 * boost / (w0 * boost + 1.0 - w0) };
        assert!((p.w_lru() - expected).abs() < 1e-12, "{} vs {expected}", p.w_lru());
        assert!(if v == 1 { p.w_lru() < 0.5 } else { p.w_lru() > 0.5 });
        p.check_invariants().unwrap();
        let q = queues_checked(&p); // also: the resident list holds `contents`, ghosts are not resident
        let names: Vec<_> = q.iter().map(|q| (q.name, q.ghost)).collect();
        assert_eq!(names, [("cache (LRU order)", false), ("H_LRU", true), ("H_LFU", true)]);
    }

    #[test]
    fn regret_moves_the_weight_towards_lfu_when_lrus_victims_return() {
        // Each round: 50 hot blocks referenced twice each, then 100 fresh ids once (c = 100).
        // LFU's victims are scan ids that never return; LRU's are hot blocks that return next
        // round. Only LRU is ever regretted, so w_LRU can only fall, and LeCaR keeps more of
        // the hot set than LRU does.
        let mut refs = Vec::new();
        let mut fresh = 1000;
        for _ in 0..200 {
            for b in 0..50 {
                refs.extend([b, b]);
            }
            for _ in 0..100 {
                refs.push(fresh);
                fresh += 1;
            }
        }
        let hits = |p: &mut dyn Policy| {
            let mut ev = Vec::new();
            refs.iter().filter(|&&b| p.access(b, &mut ev)).count()
        };
        let mut l = LeCar::new(100, 1 << 16, 9);
        let (lecar, lru) = (hits(&mut l), hits(&mut Lru::new(100, 1 << 16)));
        assert!(l.w_lru() < 0.5, "w_LRU = {}", l.w_lru());
        assert!(lecar > lru, "LeCaR {lecar} vs LRU {lru}");
        // On a skewed trace with scans it is not worse than the weaker of its experts.
        let refs = skewed_with_scans(500, 60_000, 26);
        let hits = |p: &mut dyn Policy| {
            let mut ev = Vec::new();
            refs.iter().filter(|&&b| p.access(b, &mut ev)).count()
        };
        let (lecar, lru, lfu) = (
            hits(&mut LeCar::new(100, 2000, 9)),
            hits(&mut Lru::new(100, 2000)),
            hits(&mut Lfu::with_defaults(100, 2000)),
        );
        assert!(lecar >= lru.min(lfu), "LeCaR {lecar} vs LRU {lru}, LFU {lfu}");
    }
}
