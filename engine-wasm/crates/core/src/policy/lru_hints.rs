//! LRU+Hints, paper 004 §4.2 and Algorithm 1 (Li et al., "Second-tier cache management using
//! write hints", FAST 2005): LRU that caches what the client is letting go of and leaves the
//! rest alone.
//!
//! - SYNCH or REPLACE write of b (a write without a hint counts as REPLACE): on a hit, b moves
//!   to the MRU end; on a miss, b goes in at the MRU end, the LRU block leaving if need be.
//! - READ or RECOV of b: no change to the contents or the order — a READ hit is served but not
//!   reordered — except during cold start (cache not full), when a missing b goes in at the
//!   *LRU* end.
//!
//! Through the [`Policy`] contract: `on_hit` is a READ lookup, `insert` at
//! [`Policy::miss_end`] ([`End::EjectNext`]) the READ miss, and `insert`/`reposition` at
//! [`End::EjectLast`] a DEMOTE, a SYNCH write.
//!
//! Open points and our choices:
//! - The READ miss is the only insertion at [`End::EjectNext`], so `insert(b, EjectNext)`
//!   follows the READ rule: b goes in at the LRU end (the "eject me next" end) while the cache
//!   is not full, and is declined once it is full — pushed into `evicted` and left out, as
//!   read-OPT reports its declines. `reposition(b, EjectNext)` moves b to the LRU end.
//! - "Cache not full" means fewer than `capacity` blocks resident when the request arrives.
//! - `remove` forgets a block; `evict` takes the LRU block. Neither is a request.

use super::{End, HintAware, Lru, Policy, VictimPreview};
use crate::model::{Block, WriteHint};

/// An [`Lru`] whose reads and RECOV writes leave it alone once it is full: the list, its
/// victims and its checks are LRU's; only what enters, and when, is Algorithm 1's.
#[derive(Clone, Debug)]
pub struct LruHints {
    lru: Lru,
}

impl LruHints {
    pub fn new(capacity: usize, universe: usize) -> Result<Self, String> {
        if capacity == 0 {
            return Err("a cache must hold at least one block".into());
        }
        Ok(Self { lru: Lru::new(capacity, universe) })
    }

    fn is_full(&self) -> bool {
        self.lru.len() >= self.lru.capacity()
    }

    /// Algorithm 1 lines 2–5: a SYNCH or REPLACE write. Returns whether b was cached.
    fn cache_written(&mut self, block: Block, evicted: &mut Vec<Block>) -> bool {
        if self.lru.reposition(block, End::EjectLast) {
            return true;
        }
        self.lru.insert(block, End::EjectLast, evicted);
        false
    }

    /// Algorithm 1 lines 6–7: a READ or RECOV miss enters at the LRU end during cold start
    /// only; once the cache is full it is declined (pushed into `evicted`).
    fn cold_start(&mut self, block: Block, evicted: &mut Vec<Block>) {
        if self.is_full() {
            evicted.push(block);
        } else {
            self.lru.insert(block, End::EjectNext, evicted);
        }
    }
}

impl Policy for LruHints {
    fn name(&self) -> &'static str {
        "lru+hints"
    }

    fn capacity(&self) -> usize {
        self.lru.capacity()
    }

    fn len(&self) -> usize {
        self.lru.len()
    }

    #[inline]
    fn contains(&self, block: Block) -> bool {
        self.lru.contains(block)
    }

    /// A READ lookup: a hit is served but never reordered (Algorithm 1 line 2).
    #[inline]
    fn on_hit(&mut self, block: Block) -> bool {
        self.lru.contains(block)
    }

    fn miss_end(&self) -> End {
        End::EjectNext
    }

    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>) {
        debug_assert!(!self.lru.contains(block), "insert of resident block {block}");
        match end {
            // DEMOTE: a SYNCH write miss (line 5).
            End::EjectLast => {
                self.cache_written(block, evicted);
            }
            // READ miss (lines 6–7).
            End::EjectNext => self.cold_start(block, evicted),
        }
    }

    /// `EjectLast` is a DEMOTE of a cached block, a SYNCH write hit (line 3).
    fn reposition(&mut self, block: Block, end: End) -> bool {
        self.lru.reposition(block, end)
    }

    fn remove(&mut self, block: Block) -> bool {
        self.lru.remove(block)
    }

    fn evict(&mut self) -> Option<Block> {
        self.lru.evict()
    }

    fn contents(&self, out: &mut Vec<Block>) {
        self.lru.contents(out);
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.lru.check_invariants()
    }

    fn victims(&self) -> Option<&dyn VictimPreview> {
        Some(self)
    }

    fn hints(&mut self) -> Option<&mut dyn HintAware> {
        Some(self)
    }
}

impl VictimPreview for LruHints {
    fn candidates(&self, k: usize, out: &mut Vec<Block>) {
        self.lru.candidates(k, out);
    }
}

impl HintAware for LruHints {
    fn write(&mut self, block: Block, hint: Option<WriteHint>, evicted: &mut Vec<Block>) -> bool {
        match hint {
            Some(WriteHint::Synch | WriteHint::Replace) | None => self.cache_written(block, evicted),
            Some(WriteHint::Recov) => {
                let cached = self.lru.contains(block);
                if !cached && !self.is_full() {
                    self.lru.insert(block, End::EjectNext, evicted);
                }
                cached
            }
        }
    }
}

/// A driver shared by the hint-aware policies' tests (LRU+Hints, MQ+Hints, TQ): it plays random
/// READ, SYNCH, REPLACE, RECOV and unhinted writes, DEMOTEs, removals, evictions and moves to
/// "eject me next" against a policy and a naive model, through the calls a hierarchy makes.
#[cfg(test)]
pub(crate) mod testing {
    use crate::model::{Block, WriteHint};
    use crate::policy::{End, HintAware, Policy};
    use crate::util::rng::Rng;

    /// An obviously-correct (O(n) is fine) model of a hint-aware policy.
    pub trait HintReference {
        /// A READ: the lookup and, on a miss, the READ-miss rule (a decline pushes the block).
        fn read(&mut self, b: Block, evicted: &mut Vec<Block>) -> bool;
        fn write(&mut self, b: Block, hint: Option<WriteHint>, evicted: &mut Vec<Block>) -> bool;
        /// A DEMOTE of a block the client drops: a SYNCH write.
        fn demote(&mut self, b: Block, evicted: &mut Vec<Block>) -> bool {
            self.write(b, Some(WriteHint::Synch), evicted)
        }
        /// As [`Policy::reposition`] at [`End::EjectNext`].
        fn to_next(&mut self, b: Block) -> bool;
        fn remove(&mut self, b: Block) -> bool;
        fn evict(&mut self) -> Option<Block>;
        /// Next victim first.
        fn contents(&self) -> Vec<Block>;
    }

    /// A READ as a hierarchy level serves it: lookup, then on a miss the insertion at
    /// [`Policy::miss_end`].
    pub fn read(p: &mut dyn Policy, b: Block, evicted: &mut Vec<Block>) -> bool {
        if p.on_hit(b) {
            return true;
        }
        let end = p.miss_end();
        p.insert(b, end, evicted);
        false
    }

    /// A DEMOTE as a hierarchy level serves it: reposition if cached, else insert.
    pub fn demote(p: &mut dyn Policy, b: Block, evicted: &mut Vec<Block>) -> bool {
        if p.reposition(b, End::EjectLast) {
            return true;
        }
        p.insert(b, End::EjectLast, evicted);
        false
    }

    const HINTS: [Option<WriteHint>; 4] =
        [Some(WriteHint::Synch), Some(WriteHint::Replace), Some(WriteHint::Recov), None];

    /// `steps` random requests over blocks `0..n`; after each one, demands the same result,
    /// victims and contents from both, the policy's invariants, and whatever `also` checks.
    pub fn hints_agree<P: Policy + HintAware, M: HintReference>(
        policy: &mut P,
        model: &mut M,
        n: u64,
        steps: usize,
        seed: u64,
        mut also: impl FnMut(&P, &M, usize),
    ) {
        let mut rng = Rng::seeded(seed);
        let (mut ev_p, mut ev_m, mut got) = (Vec::new(), Vec::new(), Vec::new());
        for step in 0..steps {
            let b = rng.below(n) as Block;
            ev_p.clear();
            ev_m.clear();
            let what = match rng.below(24) {
                0 => {
                    assert_eq!(policy.remove(b), model.remove(b), "step {step}: remove {b}");
                    "remove"
                }
                1 => {
                    assert_eq!(policy.evict(), model.evict(), "step {step}: evict");
                    "evict"
                }
                2 => {
                    assert_eq!(policy.reposition(b, End::EjectNext), model.to_next(b), "step {step}: to next {b}");
                    "reposition"
                }
                3..=5 => {
                    let got = (demote(policy, b, &mut ev_p), &ev_p);
                    assert_eq!(got, (model.demote(b, &mut ev_m), &ev_m), "step {step}: demote {b}");
                    "demote"
                }
                6..=13 => {
                    let got = (read(policy, b, &mut ev_p), &ev_p);
                    assert_eq!(got, (model.read(b, &mut ev_m), &ev_m), "step {step}: read {b}");
                    "read"
                }
                _ => {
                    let hint = HINTS[rng.below(4) as usize];
                    let got = (policy.write(b, hint, &mut ev_p), &ev_p);
                    assert_eq!(got, (model.write(b, hint, &mut ev_m), &ev_m), "step {step}: write {b} {hint:?}");
                    "write"
                }
            };
            policy.check_invariants().unwrap_or_else(|e| panic!("step {step} ({what} {b}): {e}"));
            got.clear();
            policy.contents(&mut got);
            assert_eq!(got, model.contents(), "step {step}: contents after {what} {b}");
            assert_eq!(policy.len(), got.len());
            assert!(policy.len() <= policy.capacity());
            assert!(got.iter().all(|&x| policy.contains(x)));
            also(policy, model, step);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{demote, hints_agree, read, HintReference};
    use super::*;
    use crate::model::WriteHint::{Recov, Replace, Synch};

    fn snap(p: &LruHints) -> Vec<Block> {
        p.check_invariants().unwrap();
        let mut v = Vec::new();
        p.contents(&mut v);
        v
    }

    #[test]
    fn hand_worked_algorithm_1() {
        let mut p = LruHints::new(3, 8).unwrap();
        let mut ev = Vec::new();
        assert!((p.name(), p.hints().is_some(), p.miss_end()) == ("lru+hints", true, End::EjectNext));
        // Cold start: READ and RECOV misses go in at the LRU end, writes at the MRU end.
        assert!(!read(&mut p, 1, &mut ev)); // [1]
        assert!(!p.write(2, Some(Synch), &mut ev)); // [1, 2]
        assert!(!p.write(3, Some(Recov), &mut ev)); // [3, 1, 2]
        assert_eq!(snap(&p), [3, 1, 2]);
        // Full. A READ hit is served without reordering; a RECOV hit changes nothing.
        assert!(read(&mut p, 3, &mut ev)); // [3, 1, 2]
        assert!(p.write(3, Some(Recov), &mut ev)); // [3, 1, 2]
        assert_eq!(snap(&p), [3, 1, 2]);
        // READ and RECOV misses are not cached once full: the READ is declined.
        assert!(!read(&mut p, 4, &mut ev));
        assert_eq!(ev, [4], "the declined block is reported as its own victim");
        ev.clear();
        assert!(!p.write(5, Some(Recov), &mut ev));
        assert!(ev.is_empty());
        assert_eq!(snap(&p), [3, 1, 2]);
        // A REPLACE hit moves to MRU; an unhinted write is a REPLACE: a miss evicts the LRU block.
        assert!(p.write(3, Some(Replace), &mut ev)); // [1, 2, 3]
        assert!(!p.write(6, None, &mut ev)); // evicts 1: [2, 3, 6]
        assert_eq!((snap(&p), ev.as_slice()), (vec![2, 3, 6], &[1][..]));
        ev.clear();
        // DEMOTE = SYNCH: of a cached block, to MRU; of a new one, in at MRU evicting the LRU.
        assert!(demote(&mut p, 2, &mut ev)); // [3, 6, 2]
        assert!(!demote(&mut p, 7, &mut ev)); // evicts 3: [6, 2, 7]
        assert_eq!((snap(&p), ev.as_slice()), (vec![6, 2, 7], &[3][..]));
        ev.clear();
        // Not a request: moves, removal and eviction.
        assert!(p.reposition(7, End::EjectNext)); // [7, 6, 2]
        assert!(!p.reposition(3, End::EjectNext));
        assert!(p.remove(6)); // [7, 2]: cold start again
        assert!(!read(&mut p, 8, &mut ev)); // [8, 7, 2]
        assert_eq!(snap(&p), [8, 7, 2]);
        assert_eq!(p.evict(), Some(8));
        assert_eq!(snap(&p), [7, 2]);
        assert!(ev.is_empty());
        assert!(LruHints::new(0, 8).is_err());
    }

    /// Algorithm 1 on a `Vec`, LRU end first.
    struct NaiveLruHints {
        c: usize,
        order: Vec<Block>,
    }

    impl NaiveLruHints {
        fn pos(&self, b: Block) -> Option<usize> {
            self.order.iter().position(|&x| x == b)
        }
    }

    impl HintReference for NaiveLruHints {
        fn read(&mut self, b: Block, ev: &mut Vec<Block>) -> bool {
            self.write(b, Some(Recov), ev) || {
                if !self.order.contains(&b) {
                    ev.push(b);
                }
                false
            }
        }

        fn write(&mut self, b: Block, hint: Option<WriteHint>, ev: &mut Vec<Block>) -> bool {
            let hit = self.pos(b);
            match (hint, hit) {
                (Some(Recov), Some(_)) => {}
                (Some(Recov), None) if self.order.len() < self.c => self.order.insert(0, b),
                (Some(Recov), None) => {}
                (_, Some(i)) => {
                    self.order.remove(i);
                    self.order.push(b);
                }
                (_, None) => {
                    if self.order.len() == self.c {
                        ev.push(self.order.remove(0));
                    }
                    self.order.push(b);
                }
            }
            hit.is_some()
        }

        fn to_next(&mut self, b: Block) -> bool {
            self.pos(b).map(|i| self.order.remove(i)).inspect(|_| self.order.insert(0, b)).is_some()
        }

        fn remove(&mut self, b: Block) -> bool {
            self.pos(b).map(|i| self.order.remove(i)).is_some()
        }

        fn evict(&mut self) -> Option<Block> {
            (!self.order.is_empty()).then(|| self.order.remove(0))
        }

        fn contents(&self) -> Vec<Block> {
            self.order.clone()
        }
    }

    #[test]
    fn agrees_with_the_naive_model() {
        for c in 1..=8 {
            let mut p = LruHints::new(c, 4).unwrap();
            let mut m = NaiveLruHints { c, order: Vec::new() };
            hints_agree(&mut p, &mut m, 2 * c as u64 + 3, 20_000, 100 + c as u64, |_, _, _| {});
        }
    }
}
