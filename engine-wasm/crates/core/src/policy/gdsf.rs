//! GDSF, Greedy-Dual-Size-Frequency (Cherkasova, "Improving WWW Proxies Performance with
//! Greedy-Dual-Size-Frequency Caching Policy", HP Labs TR 98-69, 1998; after Cao and Irani's
//! Greedy-Dual-Size, USITS 1997). Each cached object has a priority
//!
//! `H = L + frequency × cost / size`,
//!
//! set when it enters and again at every hit; the victim is the object of lowest H, and L, the
//! cache's inflation value, becomes that victim's H — so objects not referenced for a long time
//! age relative to newcomers without any periodic pass. Small, popular objects stay; one large
//! object read once is the first to go. With every object the same size it is LFU with dynamic
//! aging (LFU-DA).
//!
//! As libCacheSim's GDSF (the peer users compare with; its `GDSF.cpp`), so both rank alike:
//! cost is 10⁶ per object (`H = L + freq × 10⁶ / size`, in `f64`, evaluated in that order),
//! frequency counts references while cached (1 on entry), an object keeps the size it was
//! admitted with, and equal priorities go to the object whose priority was set earliest. In a
//! cache counted in bytes a newcomer enters first and the lowest priorities leave while the
//! cache is over its capacity — the newcomer itself when its priority is the lowest, which
//! raises L to it ([`SizeAware::enters_before_evicting`]). In a cache counted in blocks every
//! object is one byte, and the victim leaves before the newcomer enters, as in every policy.
//!
//! **GDS** (Cao & Irani, "Cost-Aware WWW Proxy Caching Algorithms", USITS 1997) is the same
//! policy without the frequency: `H = L + cost / size` on entry and again at every hit, so a hit
//! only restores an object's priority to what a newcomer of its size gets. It is GDSF with the
//! frequency held at 1 ([`Gdsf::gds`]); with every object the same size it is LRU.
//!
//! Choices for the hierarchy's calls the paper does not consider: inserting at "eject me next"
//! gives priority L (the lowest a resident object can have), and repositioning to "eject me
//! last" counts as a reference.

use super::heap_body::{check_heap, heap_policy_body, make_room};
use super::{End, Policy, Queue, SizeAware, TeachingViews};
use crate::model::Block;
use crate::util::heap::IndexedHeap;

/// The cost of fetching an object, as libCacheSim's GDSF counts it.
pub const COST: f64 = 1.0e6;

#[derive(Clone, Debug)]
pub struct Gdsf {
    capacity: usize,
    /// Key: (H's bits — H is never negative, so its bits order as it does — and the sequence
    /// number of the reference that set it).
    heap: IndexedHeap<(u64, u64)>,
    /// Per block: references while cached, and the bytes it was admitted with.
    freq: Vec<u32>,
    size: Vec<u64>,
    /// The inflation value: the last victim's priority.
    l: f64,
    seq: u64,
    /// The size [`SizeAware::admit_size`] announced for the next insertion.
    next_size: u64,
    /// Whether hits count (GDSF), or the frequency stays 1 (GDS).
    frequency: bool,
}

impl Gdsf {
    pub fn new(capacity: usize, universe: usize) -> Self {
        Self {
            capacity,
            heap: IndexedHeap::new(capacity, universe),
            freq: vec![0; universe],
            size: vec![1; universe],
            l: 0.0,
            seq: 0,
            next_size: 1,
            frequency: true,
        }
    }

    /// GDS: GDSF without the frequency.
    pub fn gds(capacity: usize, universe: usize) -> Self {
        Self { frequency: false, ..Self::new(capacity, universe) }
    }

    /// A resident block's priority H.
    pub fn priority(&self, block: Block) -> Option<f64> {
        self.heap.key(block).map(|(bits, _)| f64::from_bits(bits))
    }

    /// The inflation value L.
    pub fn inflation(&self) -> f64 {
        self.l
    }

    fn set(&mut self, block: Block, h: f64) {
        self.heap.set(block, (h.to_bits(), self.seq));
        self.seq += 1;
    }

    fn grow(&mut self, block: Block) {
        let i = block as usize;
        if i >= self.freq.len() {
            let n = (i + 1).max(self.freq.len() * 2);
            self.freq.resize(n, 0);
            self.size.resize(n, 1);
        }
    }
}

impl Policy for Gdsf {
    fn name(&self) -> &'static str {
        if self.frequency {
            "gdsf"
        } else {
            "gds"
        }
    }

    heap_policy_body!(own evict);

    fn on_hit(&mut self, block: Block) -> bool {
        if !self.heap.contains(block) {
            return false;
        }
        let i = block as usize;
        self.freq[i] += u32::from(self.frequency);
        let h = self.l + self.freq[i] as f64 * COST / self.size[i] as f64;
        self.set(block, h);
        true
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        make_room!(self, evicted);
        self.grow(block);
        let i = block as usize;
        self.freq[i] = 1;
        self.size[i] = std::mem::replace(&mut self.next_size, 1);
        let h = match end {
            End::EjectLast => self.l + COST / self.size[i] as f64,
            End::EjectNext => self.l,
        };
        self.set(block, h);
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        match end {
            End::EjectLast => self.on_hit(block),
            End::EjectNext => {
                if !self.heap.contains(block) {
                    return false;
                }
                let l = self.l;
                self.set(block, l);
                true
            }
        }
    }

    /// The lowest priority leaves, and becomes the inflation value.
    fn evict(&mut self) -> Option<Block> {
        let victim = self.heap.peek()?;
        self.l = self.priority(victim).expect("resident");
        self.heap.pop()
    }

    fn check_invariants(&self) -> Result<(), String> {
        check_heap(&self.heap, self.capacity)?;
        for b in self.heap.ids() {
            let h = self.priority(b).expect("resident");
            if h < self.l {
                return Err(format!("block {b}'s priority {h} is below the inflation value {}", self.l));
            }
            if self.freq[b as usize] == 0 {
                return Err(format!("block {b} is cached with no reference counted"));
            }
        }
        Ok(())
    }

    fn sizes(&mut self) -> Option<&mut dyn SizeAware> {
        Some(self)
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }
}

/// One list, lowest priority (the next victim) first, and each block's H against L.
impl TeachingViews for Gdsf {
    fn queues(&self, out: &mut Vec<Queue>) {
        let mut blocks = Vec::with_capacity(self.heap.len());
        self.contents(&mut blocks);
        out.push(Queue { name: "by H", ghost: false, blocks });
    }

    fn priorities(&self, blocks: &[Block], out: &mut Vec<f64>) -> Option<f64> {
        out.extend(blocks.iter().map(|&b| self.priority(b).unwrap_or(self.l)));
        Some(self.l)
    }
}

impl SizeAware for Gdsf {
    fn admit_size(&mut self, bytes: u64, _charge: u64) {
        self.next_size = bytes.max(1);
    }

    fn enters_before_evicting(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::sized::ByteCache;
    use crate::policy::PolicyConfig;

    /// The naive model: (object, H, set at, size, freq) in a `Vec`, the victim by a linear scan
    /// of (H, set at); a newcomer enters, then the lowest leave while over the capacity — the
    /// rule that gives libcachesim 0.3.5's hits on 3,000 random small traces (probed).
    struct Naive {
        capacity: u64,
        v: Vec<(Block, f64, u64, u64, u32)>,
        l: f64,
        seq: u64,
        /// GDSF's; GDS holds every frequency at 1.
        frequency: bool,
    }

    impl Naive {
        fn access(&mut self, b: Block, size: u64) -> bool {
            self.seq += 1;
            if let Some(e) = self.v.iter_mut().find(|e| e.0 == b) {
                e.4 += u32::from(self.frequency);
                e.1 = self.l + e.4 as f64 * COST / e.3 as f64;
                e.2 = self.seq;
                return true;
            }
            if size > self.capacity {
                return false;
            }
            self.v.push((b, self.l + COST / size as f64, self.seq, size, 1));
            while self.v.iter().map(|e| e.3).sum::<u64>() > self.capacity {
                let i = (0..self.v.len())
                    .min_by(|&i, &j| self.v[i].1.total_cmp(&self.v[j].1).then(self.v[i].2.cmp(&self.v[j].2)))
                    .unwrap();
                self.l = self.v.remove(i).1;
            }
            false
        }
    }

    #[test]
    fn in_bytes_it_agrees_with_the_naive_model() {
        let mut rng = crate::util::rng::Rng::seeded(98);
        for (capacity, policy) in
            [1_000, 20_000, 150_000].into_iter().flat_map(|c| [(c, PolicyConfig::Gdsf), (c, PolicyConfig::Gds)])
        {
            let mut gdsf = ByteCache::new(&policy, capacity, 8, 1).unwrap();
            let frequency = policy == PolicyConfig::Gdsf;
            let mut naive = Naive { capacity, v: Vec::new(), l: 0.0, seq: 0, frequency };
            let mut ev = Vec::new();
            for step in 0..20_000 {
                let b = rng.below(400).min(rng.below(400)) as Block;
                // A few sizes per object over time (a hit keeps the admitted one).
                let size = 1 + (b as u64 * 7919 + rng.below(3) * 50) % 9_000;
                assert_eq!(
                    gdsf.access(b, size, &mut ev),
                    naive.access(b, size),
                    "{policy:?}: step {step} at {capacity}"
                );
                ev.clear();
            }
            gdsf.check_invariants().unwrap();
            let mut got = Vec::new();
            gdsf.contents(&mut got);
            let mut want = naive.v.clone();
            want.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.2.cmp(&b.2)));
            assert_eq!(got, want.iter().map(|e| e.0).collect::<Vec<_>>());
        }
    }

    #[test]
    fn hand_worked_small_popular_objects_stay() {
        // 100 bytes. a (10 B) read twice: H = 0 + 2·10⁶/10 = 200 000. b (80 B) once: H = 12 500.
        // c (30 B) enters at 0 + 10⁶/30 = 33 333.3: 120 bytes, so the lowest H goes — b, and
        // L = 12 500. Then d (90 B) enters at 12 500 + 11 111.1 = 23 611.1, the lowest: it
        // goes at once (L = 23 611.1) and a, c stay.
        let mut c = ByteCache::new(&PolicyConfig::Gdsf, 100, 0, 1).unwrap();
        let mut ev = Vec::new();
        for (b, size) in [(1, 10), (1, 10), (2, 80)] {
            c.access(b, size, &mut ev);
        }
        assert!(ev.is_empty());
        assert!(!c.access(3, 30, &mut ev));
        assert_eq!(ev, [2]);
        let mut order = Vec::new();
        c.contents(&mut order);
        assert_eq!(order, [3, 1], "c's H = 33 333.3 is below a's 200 000");
        assert!(!c.access(4, 90, &mut ev));
        assert_eq!((ev.as_slice(), c.used()), ([2].as_slice(), 40), "d never stays");
        assert!(c.access(3, 30, &mut ev), "c is still cached");
        // In blocks (every object one byte), it is LFU with aging: ties by the earlier priority.
        ev.clear();
        let mut p = Gdsf::new(2, 4);
        for b in [1, 2, 1, 3] {
            p.access(b, &mut ev);
        }
        assert_eq!(ev, [2], "2 (one reference) before 1 (two)");
        assert_eq!((p.inflation(), p.priority(3)), (COST, Some(2.0 * COST)));
        // GDS: the same references, but a's second reference only restores its 100 000; b
        // (12 500) goes for c as before, then d's 23 611.1 is still the lowest. In blocks it
        // is LRU: 1, 2, 1, 3 evicts 2 (its H was set before 1's last).
        let mut c = ByteCache::new(&PolicyConfig::Gds, 100, 0, 1).unwrap();
        ev.clear();
        for (b, size) in [(1, 10), (1, 10), (2, 80), (3, 30), (4, 90)] {
            c.access(b, size, &mut ev);
        }
        assert_eq!((ev.as_slice(), c.used()), ([2].as_slice(), 40));
        ev.clear();
        let mut p = Gdsf::gds(2, 4);
        for b in [1, 2, 1, 3] {
            p.access(b, &mut ev);
        }
        assert_eq!((ev.as_slice(), p.name()), ([2].as_slice(), "gds"));
        ev.clear();
        for b in [2, 1] {
            p.access(b, &mut ev);
        }
        assert_eq!(ev, [1, 3], "LRU: 2's reference puts 1 first, then 3 before 2");
    }
}
