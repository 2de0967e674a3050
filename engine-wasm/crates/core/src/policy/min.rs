//! Belady's MIN (Belady 1966; Mattson et al. 1970): on a miss with a full cache, evict the
//! resident block whose next reference lies furthest in the future (never-again first).
//! Always admits the missing block, so it is the hit-ratio optimum among demand-paging
//! policies — the lower bound every other policy is tested against.
//!
//! Offline: built from the whole reference string, whose next uses [`Future`] precomputes.
//! Every `on_hit` call is one reference and advances a cursor through that string, so the cache
//! must see exactly the string it was built from (a single-cache topology does). Should it see
//! another block, that reference is treated as never used again rather than failing.
//! Choices: "eject me next" puts a block ahead of all others; repositioning to "eject me
//! last" gives it the latest possible next use. Ties (equal next use, e.g. never again) are
//! broken by block id.

use super::future::{Future, NEVER};
use super::heap_body::{heap_policy_body, make_room};
use super::{End, Policy};
use crate::model::Block;
use crate::util::heap::IndexedHeap;

#[derive(Clone, Debug)]
pub struct Min {
    capacity: usize,
    /// Key (class, NEVER − next use): class 0 = forced next victim, 1 = by next use.
    heap: IndexedHeap<(u8, u32)>,
    future: Future,
}

impl Min {
    /// `refs` is the whole reference string this cache will see, block by block (fewer than
    /// 2^32 − 1 references; later ones count as never used again).
    pub fn new(capacity: usize, universe: usize, refs: Vec<Block>) -> Self {
        let n = refs.len().min(NEVER as usize - 1);
        let future = Future::new(universe, refs[..n].iter().map(|&b| (b, true))).expect("length bounded above");
        let universe = universe.max(refs.iter().map(|&b| b as usize + 1).max().unwrap_or(0));
        Self { capacity, heap: IndexedHeap::new(capacity, universe), future }
    }

    fn key(next: u32) -> (u8, u32) {
        (1, NEVER - next)
    }
}

impl Policy for Min {
    fn name(&self) -> &'static str {
        "min"
    }

    heap_policy_body!();

    /// One reference: advances the cursor and records the block's next use.
    fn on_hit(&mut self, block: Block) -> bool {
        let next = self.future.advance(block);
        if self.heap.contains(block) {
            self.heap.set(block, Self::key(next));
            true
        } else {
            false
        }
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        make_room!(self, evicted);
        let next = self.future.next_use(block);
        self.heap.set(block, if end == End::EjectNext { (0, 0) } else { Self::key(next) });
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        if !self.heap.contains(block) {
            return false;
        }
        self.heap.set(block, if end == End::EjectNext { (0, 0) } else { (1, NEVER) });
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::skewed_with_scans;
    use crate::policy::{Clock, Fifo, Lfu, Lru, LruK, Mru, Sieve, Slru};
    use crate::util::rng::Rng;

    fn misses(p: &mut dyn Policy, refs: &[Block]) -> usize {
        let mut ev = Vec::new();
        refs.iter().filter(|&&b| !p.access(b, &mut ev)).count()
    }

    /// MIN by definition: scan the future for each resident block at every eviction.
    fn naive_min_misses(cap: usize, refs: &[Block]) -> usize {
        let mut cache: Vec<Block> = Vec::new();
        let mut misses = 0;
        for (i, &b) in refs.iter().enumerate() {
            if cache.contains(&b) {
                continue;
            }
            misses += 1;
            if cache.len() >= cap {
                let next = |x: Block| refs[i + 1..].iter().position(|&y| y == x).unwrap_or(usize::MAX);
                let victim = (0..cache.len()).max_by_key(|&j| (next(cache[j]), std::cmp::Reverse(cache[j]))).unwrap();
                cache.remove(victim);
            }
            cache.push(b);
        }
        misses
    }

    #[test]
    fn hand_worked_sequence() {
        // The classic example: 7 0 1 2 0 3 0 4 2 3 0 3 2 with 3 frames → 7 misses.
        let refs = vec![7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2];
        let mut p = Min::new(3, 8, refs.clone());
        let mut ev = Vec::new();
        let hits: Vec<bool> = refs.iter().map(|&b| p.access(b, &mut ev)).collect();
        assert_eq!(hits.iter().filter(|h| !**h).count(), 7);
        // 2: 7 and 1 are never used again — the tie goes to the lower id, 1; 3 evicts 7;
        // 4 evicts 0 (next use at position 10, the furthest).
        assert_eq!(&ev[..3], [1, 7, 0]);
        p.check_invariants().unwrap();
    }

    #[test]
    fn matches_the_definition_and_bounds_every_other_policy() {
        let mut rng = Rng::seeded(81);
        let uniform: Vec<Block> = (0..3000).map(|_| rng.below(60) as Block).collect();
        let skewed = skewed_with_scans(60, 3000, 82);
        for refs in [&uniform, &skewed] {
            let rereferences = refs.len() - refs.iter().collect::<std::collections::BTreeSet<_>>().len();
            for cap in [1, 2, 7, 20, 45] {
                let min = misses(&mut Min::new(cap, 64, refs.clone()), refs);
                assert_eq!(min, naive_min_misses(cap, refs), "cap {cap}");
                let others: Vec<Box<dyn Policy>> = vec![
                    Box::new(Lru::new(cap, 64)),
                    Box::new(Mru::new(cap, 64)),
                    Box::new(Fifo::new(cap, 64)),
                    Box::new(Clock::new(cap, 64)),
                    Box::new(Sieve::new(cap, 64)),
                    Box::new(Slru::with_defaults(cap, 64)),
                    Box::new(Lfu::with_defaults(cap, 64)),
                    Box::new(LruK::new(cap, 64)),
                    Box::new(crate::policy::arc::Arc::new(cap, 64)),
                    Box::new(crate::policy::two_q::TwoQ::new(cap, 64)),
                    Box::new(crate::policy::S3Fifo::with_defaults(cap, 64)),
                    Box::new(crate::policy::Mq::with_defaults(cap, 64)),
                    Box::new(crate::policy::Lirs::with_defaults(cap, 64)),
                    Box::new(crate::policy::WTinyLfu::with_defaults(cap, 64)),
                ];
                for mut p in others {
                    let m = misses(p.as_mut(), refs);
                    assert!(min <= m, "MIN {min} > {} {m} at cap {cap}", p.name());
                    assert!(refs.len() - m <= rereferences, "{} hits more than re-references", p.name());
                }
            }
        }
    }
}
