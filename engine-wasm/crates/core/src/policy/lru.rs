//! LRU: least recently used. A hit or a fetched block moves to the "eject me last" end; the
//! victim is the block at the "eject me next" end. Callers may still insert at either end —
//! paper 000 §4.1's arrays place demoted blocks explicitly.

use super::{End, Policy, VictimPreview};
use crate::model::Block;
use crate::util::slab::IdList;

#[derive(Clone, Debug)]
pub struct Lru {
    capacity: usize,
    queue: IdList,
}

impl Lru {
    pub fn new(capacity: usize, universe: usize) -> Self {
        Self { capacity, queue: IdList::with_capacity(universe, capacity) }
    }
}

/// Shared body of the plain list policies (LRU, MRU, FIFO): only `on_hit` and the miss end differ.
macro_rules! list_policy_body {
    () => {
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

        fn miss_end(&self) -> End {
            Self::MISS_END
        }

        #[inline]
        fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
            debug_assert!(!self.queue.contains(block), "insert of resident block {block}");
            while self.queue.len() >= self.capacity {
                match self.queue.pop_front() {
                    Some(victim) => evicted.push(victim),
                    None => break,
                }
            }
            match end {
                End::EjectNext => self.queue.push_front(block),
                End::EjectLast => self.queue.push_back(block),
            }
        }

        #[inline]
        fn reposition(&mut self, block: Block, end: End) -> bool {
            match end {
                End::EjectNext => self.queue.try_move_to_front(block),
                End::EjectLast => self.queue.try_move_to_back(block),
            }
        }

        fn remove(&mut self, block: Block) -> bool {
            self.queue.remove(block)
        }

        fn evict(&mut self) -> Option<Block> {
            self.queue.pop_front()
        }

        fn contents(&self, out: &mut Vec<Block>) {
            out.extend(self.queue.iter());
        }

        fn victims(&self) -> Option<&dyn VictimPreview> {
            Some(self)
        }

        fn check_invariants(&self) -> Result<(), String> {
            self.queue.validate()?;
            if self.queue.len() > self.capacity {
                return Err(format!("{} blocks in a cache of {}", self.queue.len(), self.capacity));
            }
            Ok(())
        }
    };
}
pub(crate) use list_policy_body;

/// The plain list policies name their next victims from the front of their one list.
macro_rules! list_victim_preview {
    ($policy:ty) => {
        impl VictimPreview for $policy {
            fn candidates(&self, k: usize, out: &mut Vec<Block>) {
                out.extend(self.queue.iter().take(k));
            }
        }
    };
}
pub(crate) use list_victim_preview;

impl Lru {
    const MISS_END: End = End::EjectLast;
}

impl Policy for Lru {
    fn name(&self) -> &'static str {
        "lru"
    }

    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        self.reposition(block, End::EjectLast)
    }
    list_policy_body!();
}
list_victim_preview!(Lru);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, NaiveList};

    fn snap(p: &Lru) -> Vec<Block> {
        p.check_invariants().unwrap();
        let mut v = Vec::new();
        p.contents(&mut v);
        v
    }

    #[test]
    fn hand_worked_sequence() {
        let mut p = Lru::new(3, 8);
        let mut ev = Vec::new();
        assert!(!p.access(1, &mut ev)); // [1]
        assert!(!p.access(2, &mut ev)); // [1, 2]
        assert!(!p.access(3, &mut ev)); // [1, 2, 3]
        assert_eq!(snap(&p), [1, 2, 3]);
        assert!(p.access(1, &mut ev)); // hit moves 1 to the eject-last end: [2, 3, 1]
        assert_eq!(snap(&p), [2, 3, 1]);
        assert!(!p.access(4, &mut ev)); // evicts 2: [3, 1, 4]
        assert_eq!((snap(&p), ev.as_slice()), (vec![3, 1, 4], &[2][..]));
        ev.clear();
        p.insert(5, End::EjectNext, &mut ev); // evicts 3, 5 goes next in line: [5, 1, 4]
        assert_eq!((snap(&p), ev.as_slice()), (vec![5, 1, 4], &[3][..]));
        ev.clear();
        assert!(!p.access(6, &mut ev)); // 5 goes first: [1, 4, 6]
        assert_eq!((snap(&p), ev.as_slice()), (vec![1, 4, 6], &[5][..]));
        assert!(p.reposition(6, End::EjectNext)); // [6, 1, 4]
        assert!(p.remove(1)); // [6, 4]
        assert_eq!(snap(&p), [6, 4]);
        assert_eq!(p.evict(), Some(6));
        assert_eq!(snap(&p), [4]);
    }

    #[test]
    fn agrees_with_naive_lru_at_several_sizes() {
        for (cap, seed) in [(1, 1), (2, 2), (5, 3), (17, 4)] {
            agrees_with(Box::new(Lru::new(cap, 4)), NaiveList::new(cap, Some(End::EjectLast), End::EjectLast), seed);
        }
    }
}
