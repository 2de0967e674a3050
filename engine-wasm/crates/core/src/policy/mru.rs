//! MRU: most recently used. A hit or a fetched block moves to the "eject me next" end, so the
//! block just used is the next victim — the right choice for a client scanning a loop larger
//! than its cache (paper 000 §4.5). Demoted blocks still go to the "eject me last" end when
//! the hierarchy says so (paper 000 Fig. 6).

use super::lru::{list_policy_body, list_victim_preview};
use super::{End, Policy, VictimPreview};
use crate::model::Block;
use crate::util::slab::IdList;

#[derive(Clone, Debug)]
pub struct Mru {
    capacity: usize,
    queue: IdList,
}

impl Mru {
    const MISS_END: End = End::EjectNext;

    pub fn new(capacity: usize, universe: usize) -> Self {
        Self { capacity, queue: IdList::with_capacity(universe, capacity) }
    }
}

impl Policy for Mru {
    fn name(&self) -> &'static str {
        "mru"
    }

    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        self.reposition(block, End::EjectNext)
    }
    list_policy_body!();
}
list_victim_preview!(Mru);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, NaiveList};

    fn snap(p: &Mru) -> Vec<Block> {
        p.check_invariants().unwrap();
        let mut v = Vec::new();
        p.contents(&mut v);
        v
    }

    #[test]
    fn hand_worked_sequence() {
        let mut p = Mru::new(3, 8);
        let mut ev = Vec::new();
        assert!(!p.access(1, &mut ev)); // [1]
        assert!(!p.access(2, &mut ev)); // [2, 1]
        assert!(!p.access(3, &mut ev)); // [3, 2, 1]
        assert_eq!(snap(&p), [3, 2, 1]);
        assert!(!p.access(4, &mut ev)); // the most recent (3) goes: [4, 2, 1]
        assert_eq!((snap(&p), ev.as_slice()), (vec![4, 2, 1], &[3][..]));
        assert!(p.access(1, &mut ev)); // hit moves 1 to eject-next: [1, 4, 2]
        assert_eq!(snap(&p), [1, 4, 2]);
        ev.clear();
        p.insert(7, End::EjectLast, &mut ev); // a demoted block: evicts 1, [4, 2, 7]
        assert_eq!((snap(&p), ev.as_slice()), (vec![4, 2, 7], &[1][..]));
    }

    #[test]
    fn a_loop_larger_than_the_cache_hits_under_mru_never_under_lru() {
        // Cycling 0..5 through 3-block caches: LRU always evicts the block needed next and never
        // hits; MRU keeps old blocks and hits on every pass (paper 000 §4.5's MRU client).
        let (mut mru, mut lru) = (Mru::new(3, 8), crate::policy::Lru::new(3, 8));
        let mut ev = Vec::new();
        let (mut mru_hits, mut lru_hits) = (0, 0);
        for round in 0..4 {
            let mut pass_hits = 0;
            for b in 0..5 {
                pass_hits += mru.access(b, &mut ev) as u32;
                lru_hits += lru.access(b, &mut ev) as u32;
            }
            if round > 0 {
                assert!(pass_hits >= 2, "pass {round}: MRU hit only {pass_hits} times");
            }
            mru_hits += pass_hits;
        }
        assert_eq!(lru_hits, 0);
        assert!(mru_hits >= 6);
        // Round 1 by hand, from [4, 1, 0]: 0 hits [0, 4, 1]; 1 hits [1, 0, 4]; 2 evicts 1
        // [2, 0, 4]; 3 evicts 2 [3, 0, 4]; 4 hits [4, 3, 0].
        let mut p = Mru::new(3, 8);
        for b in 0..5 {
            p.access(b, &mut ev);
        }
        assert_eq!(snap(&p), [4, 1, 0]);
        let hits: Vec<bool> = (0..5).map(|b| p.access(b, &mut ev)).collect();
        assert_eq!(hits, [true, true, false, false, true]);
        assert_eq!(snap(&p), [4, 3, 0]);
    }

    #[test]
    fn agrees_with_naive_mru_at_several_sizes() {
        for (cap, seed) in [(1, 11), (2, 12), (5, 13), (17, 14)] {
            agrees_with(Box::new(Mru::new(cap, 4)), NaiveList::new(cap, Some(End::EjectNext), End::EjectNext), seed);
        }
    }
}
