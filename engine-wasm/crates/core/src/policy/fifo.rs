//! FIFO: blocks leave in the order they arrived; a hit changes nothing.

use super::lru::{list_policy_body, list_victim_preview};
use super::{End, Policy, VictimPreview};
use crate::model::Block;
use crate::util::slab::IdList;

#[derive(Clone, Debug)]
pub struct Fifo {
    capacity: usize,
    queue: IdList,
}

impl Fifo {
    const MISS_END: End = End::EjectLast;

    pub fn new(capacity: usize, universe: usize) -> Self {
        Self { capacity, queue: IdList::with_capacity(universe, capacity) }
    }
}

impl Policy for Fifo {
    fn name(&self) -> &'static str {
        "fifo"
    }

    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        self.queue.contains(block)
    }

    list_policy_body!();
}
list_victim_preview!(Fifo);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::{agrees_with, NaiveList};

    #[test]
    fn hand_worked_sequence() {
        let mut p = Fifo::new(3, 8);
        let mut ev = Vec::new();
        for b in [1, 2, 3] {
            assert!(!p.access(b, &mut ev)); // [1, 2, 3]
        }
        assert!(p.access(1, &mut ev)); // a hit does not reorder: [1, 2, 3]
        assert!(!p.access(4, &mut ev)); // 1 leaves first anyway: [2, 3, 4]
        let mut c = Vec::new();
        p.contents(&mut c);
        assert_eq!((c, ev), (vec![2, 3, 4], vec![1]));
    }

    #[test]
    fn agrees_with_naive_fifo_at_several_sizes() {
        for (cap, seed) in [(1, 21), (2, 22), (5, 23), (17, 24)] {
            agrees_with(Box::new(Fifo::new(cap, 4)), NaiveList::new(cap, None, End::EjectLast), seed);
        }
    }
}
