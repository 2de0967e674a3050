//! CO, "quick eviction of cold blocks" (paper 003 §5.2, after ULC and Karma): a history buffer
//! remembers the ids of the last accesses, an LRU stack as large as the cache. A block that
//! misses and is not in the history is cold — seen for the first time in a while — and enters
//! the cache at its "eject me next" end instead of where the policy would put it; a warm block
//! (in the history) enters normally. Every reference, hit or miss, refreshes the history.
//!
//! A wrapper around any policy; insertions that already ask for "eject me next", and DEMOTEs
//! (which are not references), pass through unchanged.

use super::wrapper::forward_to_inner;
use super::{End, Policy, Queue};
use crate::model::Block;
use crate::util::slab::IdList;

pub struct Co {
    inner: Box<dyn Policy>,
    history: IdList,
    history_len: usize,
    /// The block of the latest reference and whether the history knew it then.
    last: Option<(Block, bool)>,
}

impl Co {
    /// The history holds as many ids as the cache holds blocks (paper 003's setting).
    pub fn new(inner: Box<dyn Policy>, universe: usize) -> Self {
        let history_len = inner.capacity();
        Self { history: IdList::with_capacity(universe, history_len + 1), history_len, inner, last: None }
    }

    fn remember(&mut self, block: Block) -> bool {
        let warm = self.history.contains(block);
        if warm {
            self.history.move_to_back(block);
        } else {
            self.history.push_back(block);
            if self.history.len() > self.history_len {
                self.history.pop_front();
            }
        }
        warm
    }
}

impl Policy for Co {
    forward_to_inner!();
    fn on_hit(&mut self, block: Block) -> bool {
        let warm = self.remember(block);
        self.last = Some((block, warm));
        self.inner.on_hit(block)
    }
    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        let warm = match self.last {
            Some((b, warm)) if b == block => warm,
            _ => true, // not a reference (e.g. a DEMOTE): no opinion
        };
        let end = if warm { end } else { End::EjectNext };
        self.inner.insert(block, end, evicted);
    }
    fn reposition(&mut self, block: Block, end: End) -> bool {
        self.inner.reposition(block, end)
    }
    fn remove(&mut self, block: Block) -> bool {
        self.inner.remove(block)
    }
    fn admission(&self) -> Option<super::admission::AdmissionCounts> {
        self.inner.admission()
    }
    fn check_invariants(&self) -> Result<(), String> {
        self.history.validate().map_err(|e| format!("CO history: {e}"))?;
        if self.history.len() > self.history_len {
            return Err(format!("CO history holds {} > {}", self.history.len(), self.history_len));
        }
        self.inner.check_invariants()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::testing::skewed_with_scans;
    use crate::policy::Lru;

    #[test]
    fn cold_blocks_enter_next_in_line_warm_ones_normally() {
        let mut p = Co::new(Box::new(Lru::new(3, 16)), 16);
        let mut ev = Vec::new();
        for b in [1, 2, 3] {
            p.access(b, &mut ev); // all cold: each enters at the eject-next end
        }
        let mut got = Vec::new();
        p.contents(&mut got);
        assert_eq!(got, [3, 2, 1], "cold blocks stack up at the victim end");
        assert!(p.access(1, &mut ev)); // a hit: LRU moves it to the safe end
        p.access(4, &mut ev); // cold: evicts 3 (next in line), enters next in line
        assert_eq!(ev, [3]);
        got.clear();
        p.contents(&mut got);
        assert_eq!(got, [4, 2, 1]);
        // 3 was seen (history: 1 2 3 … with 2 3 4 1 most recent); it comes back warm, normally.
        p.access(3, &mut ev);
        got.clear();
        p.contents(&mut got);
        assert_eq!(got, [2, 1, 3], "4 (cold, next in line) went; 3 entered at the LRU's safe end");
        p.check_invariants().unwrap();
    }

    #[test]
    fn protects_the_working_set_from_scans() {
        let refs = skewed_with_scans(500, 60_000, 3);
        let mut ev = Vec::new();
        let mut co = Co::new(Box::new(Lru::new(100, 2000)), 2000);
        let mut lru = Lru::new(100, 2000);
        let co_hits = refs.iter().filter(|&&b| co.access(b, &mut ev)).count();
        let lru_hits = refs.iter().filter(|&&b| lru.access(b, &mut ev)).count();
        assert!(co_hits as f64 > 1.1 * lru_hits as f64, "CO {co_hits} vs LRU {lru_hits}");
        co.check_invariants().unwrap();
    }
}
