//! CO, "quick eviction of cold blocks" (paper 003 §5.2, after ULC and Karma): a history buffer
//! remembers the ids of the last accesses, an LRU stack as large as the cache. A block that
//! misses and is not in the history is cold — seen for the first time in a while — and enters
//! the cache at its "eject me next" end instead of where the policy would put it; a warm block
//! (in the history) enters normally. Every reference, hit or miss, refreshes the history.
//!
//! A wrapper around any policy; insertions that already ask for "eject me next", and DEMOTEs
//! (which are not references), pass through unchanged.
//!
//! Around a hint-aware policy (paper 004: LRU+Hints, MQ+Hints, TQ) a write keeps its hint: it
//! refreshes the history, as any reference, and goes to the policy's own write, which places
//! the block as the hint says. CO then changes nothing those policies do — their read misses
//! already enter "eject me next" — only what they are told. Scenarios before version 4 passed
//! such a write on as a plain reference, its hint dropped (`hinted: false`), and keep doing so.

use super::wrapper::forward_to_inner;
use super::{End, HintAware, Policy};
use crate::model::{Block, WriteHint};
use crate::util::slab::IdList;

pub struct Co {
    inner: Box<dyn Policy>,
    history: IdList,
    history_len: usize,
    /// The block of the latest reference and whether the history knew it then.
    last: Option<(Block, bool)>,
    /// A hint-aware inner policy gets writes with their hints.
    hinted: bool,
}

impl Co {
    /// The history holds as many ids as the cache holds blocks (paper 003's setting). Writes
    /// reach a hint-aware `inner` with their hints.
    pub fn new(mut inner: Box<dyn Policy>, universe: usize) -> Self {
        let history_len = inner.capacity();
        let hinted = inner.reads_hints();
        Self { history: IdList::with_capacity(universe, history_len + 1), history_len, inner, last: None, hinted }
    }

    /// As before scenario version 4: every write a plain reference, its hint dropped.
    pub fn dropping_hints(mut self) -> Self {
        self.hinted = false;
        self
    }

    /// Where `block`, about to be inserted at `end`, goes: next in line if its latest
    /// reference found it cold.
    fn end_for(&self, block: Block, end: End) -> End {
        let warm = match self.last {
            Some((b, warm)) if b == block => warm,
            _ => true, // not a reference (e.g. a DEMOTE): no opinion
        };
        if warm {
            end
        } else {
            End::EjectNext
        }
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
        let end = self.end_for(block, end);
        self.inner.insert(block, end, evicted);
    }
    fn insert_sized(&mut self, block: Block, bytes: u64, end: End, evicted: &mut Vec<Block>) {
        let end = self.end_for(block, end);
        self.inner.insert_sized(block, bytes, end, evicted);
    }
    fn reposition(&mut self, block: Block, end: End) -> bool {
        self.inner.reposition(block, end)
    }
    fn remove(&mut self, block: Block) -> bool {
        self.inner.remove(block)
    }
    fn check_invariants(&self) -> Result<(), String> {
        self.history.validate().map_err(|e| format!("CO history: {e}"))?;
        if self.history.len() > self.history_len {
            return Err(format!("CO history holds {} > {}", self.history.len(), self.history_len));
        }
        self.inner.check_invariants()
    }
}

/// A hinted write (only when `hinted`; otherwise a write is a plain reference, CO's rule and all).
impl HintAware for Co {
    fn write(&mut self, block: Block, hint: Option<WriteHint>, evicted: &mut Vec<Block>) -> bool {
        debug_assert!(self.hinted, "reached only through `hints()`");
        self.remember(block);
        self.last = None; // the policy places it, by its hint
        self.inner.write(block, hint, evicted)
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
    fn a_write_keeps_its_hint_for_a_hint_aware_policy() {
        // Around a hint-aware policy CO changes nothing it does (its read misses already enter
        // next in line) and every write reaches it with its hint: the same hits, evictions and
        // contents, step by step, as the bare policy. Before version 4 (`dropping_hints`) a write
        // was a plain reference: different evictions, no hints said.
        use crate::util::rng::Rng;
        let hints = [None, Some(WriteHint::Synch), Some(WriteHint::Replace), Some(WriteHint::Recov)];
        for name in ["lru+hints", "mq+hints", "tq"] {
            let config = crate::policy::PolicyConfig::from_json(&format!(r#"{{"kind":"{name}"}}"#)).unwrap();
            let mut bare = config.build(64, 16, 1).unwrap();
            let mut co: Box<dyn Policy> = Box::new(Co::new(config.build(64, 16, 1).unwrap(), 16));
            let mut old: Box<dyn Policy> = Box::new(Co::new(config.build(64, 16, 1).unwrap(), 16).dropping_hints());
            assert!(co.reads_hints() && !old.reads_hints(), "{name}");
            let mut rng = Rng::seeded(7);
            let (mut e1, mut e2, mut e3) = (Vec::new(), Vec::new(), Vec::new());
            let (mut writes, mut hits, mut differ) = (0, 0, 0);
            for step in 0..20_000 {
                let b = rng.below(400).min(rng.below(400)) as Block;
                let write = rng.below(3) == 0;
                let (h1, h2, h3) = if write {
                    writes += 1;
                    let hint = hints[rng.below(4) as usize];
                    (bare.write(b, hint, &mut e1), co.write(b, hint, &mut e2), old.write(b, hint, &mut e3))
                } else {
                    (bare.access(b, &mut e1), co.access(b, &mut e2), old.access(b, &mut e3))
                };
                hits += h1 as usize;
                differ += ((h1, &e1) != (h3, &e3)) as usize;
                assert_eq!(
                    (h1, &e1),
                    (h2, &e2),
                    "{name}, step {step}: {} of block {b}",
                    ["read", "write"][write as usize]
                );
                e1.clear();
                e2.clear();
                e3.clear();
            }
            let (mut c1, mut c2) = (Vec::new(), Vec::new());
            bare.contents(&mut c1);
            co.contents(&mut c2);
            assert_eq!(c1, c2, "{name}");
            assert!(writes > 5_000 && hits > 1_000, "{name}: {writes} writes, {hits} hits");
            assert!(differ > 100, "{name}: dropping the hints changed {differ} steps only");
            co.check_invariants().unwrap();
        }
        // Hint-oblivious: a write is a reference, CO's rule and all (a cold block enters next in line).
        let mut p: Box<dyn Policy> = Box::new(Co::new(Box::new(Lru::new(3, 16)), 16));
        assert!(!p.reads_hints());
        let mut ev = Vec::new();
        for b in [1, 2, 3] {
            p.write(b, Some(WriteHint::Synch), &mut ev);
        }
        let mut got = Vec::new();
        p.contents(&mut got);
        assert_eq!(got, [3, 2, 1]);
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
