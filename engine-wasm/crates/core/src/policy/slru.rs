//! SLRU, segmented LRU (Karedla, Love & Wherry, IEEE Computer 1994 — paper 001).
//!
//! Two LRU segments. Misses enter at the most-recently-used end of the *probationary*
//! segment; a hit moves a block to the MRU end of the *protected* segment; when the protected
//! segment exceeds its share, its LRU block drops back to the MRU end of the probationary
//! segment ("another chance"). Victims come from the LRU end of the probationary segment.
//!
//! Parameter: the protected share of the cache, default [`DEFAULT_PROTECTED_SHARE`] = 0.8
//! (paper 001 found 60–80 % best and swept 1/16 … 15/16). Open points and our choices: the
//! protected size is `floor(share × capacity)`, capped at `capacity − 1` so the probationary
//! segment is never empty when the cache is full (the paper's stated guarantee); "eject me
//! next" insertion goes to the probationary LRU end; repositioning to "eject me last" counts
//! as a hit. The paper keeps one list with a boundary pointer; two lists are equivalent.

use super::{End, Policy, Queue, TeachingViews};
use crate::model::Block;
use crate::util::list_set::ListSet;

const PROBATION: usize = 0;
const PROTECTED: usize = 1;

pub const DEFAULT_PROTECTED_SHARE: f64 = 0.8;

pub(crate) fn check_protected_share(share: f64) -> Result<(), String> {
    if share.is_finite() && share > 0.0 && share < 1.0 {
        Ok(())
    } else {
        Err(format!("protectedShare must be above 0 and below 1 (got {share})"))
    }
}

#[derive(Clone, Debug)]
pub struct Slru {
    capacity: usize,
    protected_capacity: usize,
    /// The probationary and protected segments, sharing one per-id index.
    lists: ListSet<2>,
}

impl Slru {
    pub fn new(capacity: usize, universe: usize, protected_share: f64) -> Result<Self, String> {
        check_protected_share(protected_share)?;
        let protected_capacity = ((protected_share * capacity as f64).floor() as usize).min(capacity - 1);
        Ok(Self { capacity, protected_capacity, lists: ListSet::with_capacity(universe, capacity) })
    }

    pub fn with_defaults(capacity: usize, universe: usize) -> Self {
        Self::new(capacity, universe, DEFAULT_PROTECTED_SHARE).expect("the default share is valid")
    }

    pub fn protected_capacity(&self) -> usize {
        self.protected_capacity
    }

    fn protect(&mut self, block: Block) {
        self.lists.push_back(PROTECTED, block);
        while self.lists.len(PROTECTED) > self.protected_capacity {
            let Some(b) = self.lists.pop_front(PROTECTED) else { break };
            self.lists.push_back(PROBATION, b);
        }
    }

    /// (probationary LRU → MRU, protected LRU → MRU), for tests and teaching views.
    pub fn segments(&self) -> (Vec<Block>, Vec<Block>) {
        (self.lists.iter(PROBATION).collect(), self.lists.iter(PROTECTED).collect())
    }
}

impl Policy for Slru {
    fn name(&self) -> &'static str {
        "slru"
    }

    fn capacity(&self) -> usize {
        self.capacity
    }

    fn len(&self) -> usize {
        self.lists.len(PROBATION) + self.lists.len(PROTECTED)
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        self.lists.list_of(block).is_some()
    }

    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        if self.lists.contains(PROTECTED, block) {
            self.lists.move_to_back(PROTECTED, block);
            true
        } else if self.lists.remove_from(PROBATION, block) {
            self.protect(block);
            true
        } else {
            false
        }
    }

    fn miss_end(&self) -> End {
        End::EjectLast
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        while self.len() >= self.capacity {
            match self.evict() {
                Some(v) => evicted.push(v),
                None => break,
            }
        }
        match end {
            End::EjectNext => self.lists.push_front(PROBATION, block),
            End::EjectLast => self.lists.push_back(PROBATION, block),
        }
    }

    fn reposition(&mut self, block: Block, end: End) -> bool {
        match end {
            End::EjectLast => self.on_hit(block),
            End::EjectNext => {
                if !(self.lists.remove_from(PROBATION, block) || self.lists.remove_from(PROTECTED, block)) {
                    return false;
                }
                self.lists.push_front(PROBATION, block);
                true
            }
        }
    }

    fn remove(&mut self, block: Block) -> bool {
        self.lists.remove_from(PROBATION, block) || self.lists.remove_from(PROTECTED, block)
    }

    fn evict(&mut self) -> Option<Block> {
        self.lists.pop_front(PROBATION).or_else(|| self.lists.pop_front(PROTECTED))
    }

    /// Probationary segment LRU → MRU, then protected segment LRU → MRU.
    fn contents(&self, out: &mut Vec<Block>) {
        out.extend(self.lists.iter(PROBATION));
        out.extend(self.lists.iter(PROTECTED));
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.lists.validate().map_err(|e| format!("probationary/protected (lists 0/1): {e}"))?;
        if self.lists.len(PROTECTED) > self.protected_capacity {
            return Err(format!("protected holds {} > {}", self.lists.len(PROTECTED), self.protected_capacity));
        }
        if self.len() > self.capacity {
            return Err(format!("{} blocks in a cache of {}", self.len(), self.capacity));
        }
        Ok(())
    }

    fn views(&self) -> Option<&dyn TeachingViews> {
        Some(self)
    }
}

impl TeachingViews for Slru {
    /// The probationary segment, then the protected one, each from its LRU end (victims come
    /// from the probationary segment; the protected one's LRU block is the next to drop back).
    fn queues(&self, out: &mut Vec<Queue>) {
        for (name, list) in [("probationary", PROBATION), ("protected", PROTECTED)] {
            out.push(Queue { name, ghost: false, blocks: self.lists.iter(list).collect() });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, queues_checked, resident, Reference};

    /// Paper 001's description, literally, on two `Vec`s (index 0 = LRU end).
    struct NaiveSlru {
        cap: usize,
        prot_cap: usize,
        prob: Vec<Block>,
        prot: Vec<Block>,
    }

    impl NaiveSlru {
        fn take(&mut self, b: Block) -> bool {
            let n = self.prob.len() + self.prot.len();
            self.prob.retain(|&x| x != b);
            self.prot.retain(|&x| x != b);
            n != self.prob.len() + self.prot.len()
        }
        fn hit(&mut self, b: Block) {
            self.take(b);
            self.prot.push(b);
            while self.prot.len() > self.prot_cap {
                let x = self.prot.remove(0);
                self.prob.push(x);
            }
        }
    }

    impl Reference for NaiveSlru {
        fn access(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            if self.prob.contains(&b) || self.prot.contains(&b) {
                self.hit(b);
                return true;
            }
            while self.prob.len() + self.prot.len() >= self.cap {
                ev.push(if self.prob.is_empty() { self.prot.remove(0) } else { self.prob.remove(0) });
            }
            self.prob.push(b);
            false
        }
        fn remove(&mut self, b: Block) -> bool {
            self.take(b)
        }
        fn reposition(&mut self, b: Block, end: End) -> Option<bool> {
            if !(self.prob.contains(&b) || self.prot.contains(&b)) {
                return Some(false);
            }
            match end {
                End::EjectLast => self.hit(b),
                End::EjectNext => {
                    self.take(b);
                    self.prob.insert(0, b);
                }
            }
            Some(true)
        }
        fn contents(&self) -> Vec<Block> {
            self.prob.iter().chain(&self.prot).copied().collect()
        }
        fn capacity(&self) -> usize {
            self.cap
        }
    }

    #[test]
    fn hand_worked_sequence() {
        // capacity 4, protected share 0.5 → protected holds at most 2.
        let mut p = Slru::new(4, 8, 0.5).unwrap();
        let mut ev = Vec::new();
        for b in [1, 2, 3] {
            p.access(b, &mut ev); // prob [1, 2, 3], prot []
        }
        p.access(1, &mut ev); // prob [2, 3], prot [1]
        p.access(2, &mut ev); // prob [3], prot [1, 2]
        assert_eq!(p.segments(), (vec![3], vec![1, 2]));
        p.access(3, &mut ev); // 3 protected; 1 drops back: prob [1], prot [2, 3]
        assert_eq!(p.segments(), (vec![1], vec![2, 3]));
        p.access(4, &mut ev); // prob [1, 4], prot [2, 3]
        p.access(5, &mut ev); // full: 1 goes from the probationary LRU end: prob [4, 5]
        assert_eq!((p.segments(), ev.as_slice()), ((vec![4, 5], vec![2, 3]), &[1][..]));
        // A one-time scan never touches the protected segment.
        for b in 10..20 {
            p.access(b, &mut ev);
        }
        assert_eq!(p.segments().1, [2, 3]);
        p.check_invariants().unwrap();
    }

    #[test]
    fn queues_show_both_segments() {
        // capacity 4, protected share 0.5 → protected holds at most 2.
        let mut p = Slru::new(4, 8, 0.5).unwrap();
        let mut ev = Vec::new();
        let segments = |prob: &[Block], prot: &[Block]| [resident("probationary", prob), resident("protected", prot)];
        for b in [1, 2, 3] {
            p.access(b, &mut ev);
        }
        assert_eq!(queues_checked(&p), segments(&[1, 2, 3], &[]));
        p.access(1, &mut ev); // a hit: to the protected segment's MRU end
        p.access(2, &mut ev);
        assert_eq!(queues_checked(&p), segments(&[3], &[1, 2]));
        p.access(3, &mut ev); // protected overflows: its LRU block 1 drops back to probation
        assert_eq!(queues_checked(&p), segments(&[1], &[2, 3]));
        p.access(4, &mut ev);
        p.access(5, &mut ev); // full: the probationary LRU block 1 goes
        assert_eq!((queues_checked(&p), ev), (segments(&[4, 5], &[2, 3]).to_vec(), vec![1]));
    }

    #[test]
    fn bad_shares_are_refused() {
        for share in [0.0, 1.0, -0.5, f64::NAN] {
            assert!(Slru::new(10, 10, share).is_err(), "{share}");
        }
        assert_eq!(Slru::with_defaults(10, 10).protected_capacity(), 8);
        assert_eq!(Slru::new(1, 1, 0.9).unwrap().protected_capacity(), 0);
    }

    #[test]
    fn agrees_with_naive_slru_at_several_sizes_and_shares() {
        for (cap, share, seed) in [(1, 0.8, 51), (2, 0.5, 52), (5, 0.8, 53), (17, 0.6, 54), (17, 1.0 / 16.0, 55)] {
            let p = Slru::new(cap, 4, share).unwrap();
            let prot_cap = p.protected_capacity();
            agrees_with(Box::new(p), NaiveSlru { cap, prot_cap, prob: vec![], prot: vec![] }, seed);
        }
    }
}
