//! Replacement policies: one file per policy behind the [`Policy`] trait, and the closed,
//! serde-tagged [`PolicyConfig`] enum that names and builds them.
//!
//! Who guarantees what:
//! - The *caller* (a hierarchy level) decides what happens on a hit or a miss and, on insertion,
//!   at which end the block goes: paper 000 §4.1 needs demoted blocks at the "eject me last" end
//!   whatever the policy, and disk-read blocks where the policy says ([`Policy::miss_end`]).
//! - The *policy* keeps at most `capacity` blocks, picks victims, and reports every block it
//!   evicts by pushing it into the caller-owned `evicted` buffer (no allocation on the hot path).

use serde::{Deserialize, Serialize};

use crate::model::Block;

pub mod lru;
pub mod mru;

pub use lru::Lru;
pub use mru::Mru;

/// Where in a replacement queue a block is placed (paper 000 Fig. 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The block is the next victim unless it is referenced again.
    EjectNext,
    /// The block is the last to be ejected among those now resident.
    EjectLast,
}

/// A cache replacement policy over dense block ids.
pub trait Policy: Send {
    /// Short lower-case name, as in scenarios ("lru", "mru").
    fn name(&self) -> &'static str;
    /// Most blocks this cache holds.
    fn capacity(&self) -> usize;
    /// Blocks held now.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn contains(&self, block: Block) -> bool;
    /// A reference to a resident block: reorder it as the policy says. Returns `false` (and
    /// changes nothing) when the block is not resident.
    fn on_hit(&mut self, block: Block) -> bool;
    /// The end at which this policy places a block it has just fetched on a miss.
    fn miss_end(&self) -> End;
    /// Inserts a non-resident block at `end`, first evicting as many blocks as needed to stay
    /// within capacity; each victim is pushed into `evicted`.
    fn insert(&mut self, block: Block, end: End, evicted: &mut Vec<Block>);
    /// Moves a resident block to `end` (e.g. a DEMOTE of a block this cache already holds).
    /// Returns `false` when the block is not resident.
    fn reposition(&mut self, block: Block, end: End) -> bool;
    /// Drops a block without counting it as an eviction. Returns whether it was resident.
    fn remove(&mut self, block: Block) -> bool;
    /// Removes and returns the block the policy would evict next, if any.
    fn evict(&mut self) -> Option<Block>;
    /// Appends the resident blocks to `out`, next victim first (teaching views, tests).
    fn contents(&self, out: &mut Vec<Block>);
    /// Walks every internal structure; `Err` names the broken invariant. Tests call it after
    /// every step; it is not on any hot path.
    fn check_invariants(&self) -> Result<(), String>;

    /// The plain cache access: a hit reorders, a miss inserts at [`Policy::miss_end`].
    /// Returns whether it was a hit.
    fn access(&mut self, block: Block, evicted: &mut Vec<Block>) -> bool {
        if self.on_hit(block) {
            true
        } else {
            let end = self.miss_end();
            self.insert(block, end, evicted);
            false
        }
    }
}

/// The closed set of policies a scenario may name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum PolicyConfig {
    /// Least recently used: hits and fetched blocks go to the "eject me last" end.
    #[default]
    Lru,
    /// Most recently used: hits and fetched blocks go to the "eject me next" end.
    Mru,
}

impl PolicyConfig {
    /// Builds a policy holding at most `capacity` blocks, with its index sized for block ids
    /// `0..universe` (larger ids still work, at the cost of a one-off reallocation).
    pub fn build(&self, capacity: usize, universe: usize) -> Result<Box<dyn Policy>, String> {
        if capacity == 0 {
            return Err("a cache must hold at least one block".into());
        }
        Ok(match self {
            PolicyConfig::Lru => Box::new(Lru::new(capacity, universe)),
            PolicyConfig::Mru => Box::new(Mru::new(capacity, universe)),
        })
    }

    pub fn name(&self) -> &'static str {
        match self {
            PolicyConfig::Lru => "lru",
            PolicyConfig::Mru => "mru",
        }
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! A naive reference model shared by the policies' tests: a `Vec` in eviction order.
    use super::*;

    /// Naive list cache: `order[0]` is the next victim. `hit_end`/`miss_end` say where a hit
    /// and a fetched block go — the whole definition of LRU and MRU.
    pub struct NaiveList {
        pub capacity: usize,
        pub order: Vec<Block>,
        pub hit_end: End,
        pub miss_end: End,
    }

    impl NaiveList {
        fn place(&mut self, b: Block, end: End) {
            match end {
                End::EjectNext => self.order.insert(0, b),
                End::EjectLast => self.order.push(b),
            }
        }

        pub fn access(&mut self, b: Block, evicted: &mut Vec<Block>) -> bool {
            if let Some(p) = self.order.iter().position(|&x| x == b) {
                self.order.remove(p);
                self.place(b, self.hit_end);
                true
            } else {
                while self.order.len() >= self.capacity {
                    evicted.push(self.order.remove(0));
                }
                self.place(b, self.miss_end);
                false
            }
        }
    }

    /// Drives `policy` and the naive model with the same random accesses (and occasional
    /// removals / repositions) and demands identical hits, victims and contents at every step.
    pub fn agrees_with_naive(mut policy: Box<dyn Policy>, mut naive: NaiveList, seed: u64) {
        use crate::util::rng::Rng;
        let mut rng = Rng::seeded(seed);
        let (mut ev_p, mut ev_n, mut got) = (Vec::new(), Vec::new(), Vec::new());
        for step in 0..20_000 {
            let b = rng.below(3 * naive.capacity as u64 + 2) as Block;
            match rng.below(10) {
                0 => {
                    let was = naive.order.iter().position(|&x| x == b).map(|p| naive.order.remove(p));
                    assert_eq!(policy.remove(b), was.is_some(), "step {step}: remove {b}");
                }
                1 => {
                    let end = if rng.below(2) == 0 { End::EjectNext } else { End::EjectLast };
                    let was = naive.order.iter().position(|&x| x == b).map(|p| naive.order.remove(p));
                    if was.is_some() {
                        naive.place(b, end);
                    }
                    assert_eq!(policy.reposition(b, end), was.is_some(), "step {step}: reposition {b}");
                }
                _ => {
                    ev_p.clear();
                    ev_n.clear();
                    let hp = policy.access(b, &mut ev_p);
                    let hn = naive.access(b, &mut ev_n);
                    assert_eq!((hp, &ev_p), (hn, &ev_n), "step {step}: access {b}");
                }
            }
            policy.check_invariants().unwrap_or_else(|e| panic!("step {step}: {e}"));
            got.clear();
            policy.contents(&mut got);
            assert_eq!(got, naive.order, "step {step}: contents");
            assert_eq!(policy.len(), naive.order.len());
        }
    }
}
