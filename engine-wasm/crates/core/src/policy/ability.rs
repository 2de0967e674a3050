//! A policy's optional abilities: what some policies can do beyond the hot path every policy
//! has ([`Policy`]). Each ability is a trait of its own, and a policy declares one by answering
//! `Some(self)` from the matching accessor on [`Policy`] — as Caffeine's simulator declares a
//! policy's `Policy.Characteristic`s instead of widening its interface. Callers reach them
//! through the methods on `dyn Policy` below, which fall back to the plain behaviour for a
//! policy without the ability: no downcast, one call to the accessor.
//!
//! | ability | trait | accessor | declared by |
//! |---|---|---|---|
//! | paper 004's write hints | [`HintAware`] | [`Policy::hints`] | LRU+Hints, MQ+Hints, TQ |
//! | teaching views of its lists | [`TeachingViews`] | [`Policy::views`] | the policies of several lists; LIRS's stack; ARC's p; CLOCK's bits |
//! | its next victims, cheaply | [`VictimPreview`] | [`Policy::victims`] | LRU, MRU, FIFO, LRU+Hints, ARC, W-TinyLFU |
//! | admission counts | — | [`Policy::admission`] | admission filters ([`super::admission`]) |
//!
//! A wrapper (CO, an admission filter) has every ability of the policy it wraps: its plumbing
//! ([`super::wrapper`]) forwards the accessors, and makes it say how it takes a hinted write.

use serde::Serialize;

use super::Policy;
use crate::model::{Block, WriteHint};

/// A policy that reads paper 004's write hints (§3): LRU+Hints, MQ+Hints, TQ.
///
/// For such a policy a write without a hint is a REPLACE, and the read path is its own too:
/// [`Policy::on_hit`] is a READ hit, [`Policy::insert`] at [`Policy::miss_end`] a READ miss
/// (which it may decline by pushing the block itself into `evicted`, as read-OPT does), and
/// `insert` or `reposition` at [`super::End::EjectLast`] a block the client is letting go of (a
/// DEMOTE), which it treats as a SYNCH write.
pub trait HintAware {
    /// A write of `block` reaching this cache with its `hint`. Returns whether the block was
    /// resident; each block evicted is pushed into `evicted`.
    fn write(&mut self, block: Block, hint: Option<WriteHint>, evicted: &mut Vec<Block>) -> bool;
}

/// One of a cache's lists as a teaching view draws it ([`TeachingViews::queues`]): next victim
/// first, or for a ghost list, the next id to be forgotten first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Queue {
    /// The list's name as the policy's paper gives it ("T1", "A1out", "Q0", …).
    pub name: &'static str,
    /// Remembered ids, not cached data.
    pub ghost: bool,
    pub blocks: Vec<Block>,
}

/// One entry of a policy's recency stack ([`TeachingViews::stack`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct StackEntry {
    pub block: Block,
    pub status: StackStatus,
}

/// What a stack entry is (LIRS's terms): a LIR block, a resident HIR block (also in Q), or a
/// non-resident HIR block — remembered, not cached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum StackStatus {
    Lir,
    HirResident,
    HirNonResident,
}

/// A policy whose lists a teaching view draws one by one (a policy without it is drawn as one
/// list, "cache", in [`Policy::contents`] order). Not on any hot path.
pub trait TeachingViews {
    /// Appends the policy's lists to `out`: the resident ones first, then any ghost lists (ids
    /// remembered after eviction). The resident lists together hold exactly the blocks of
    /// [`Policy::contents`].
    fn queues(&self, out: &mut Vec<Queue>);
    /// A recency stack the policy orders blocks by beside its lists — LIRS's stack S — bottom
    /// first, each entry with its status. Returns whether the policy keeps one (the others
    /// leave `out` alone).
    fn stack(&self, out: &mut Vec<StackEntry>) -> bool {
        let _ = out;
        false
    }
    /// A policy that orders its blocks by a priority (GDSF's H): appends each of `blocks`'
    /// priority to `out` (resident blocks all) and returns the value they are measured against
    /// (GDSF's inflation L); `None`, leaving `out` alone, for a policy without priorities.
    fn priorities(&self, blocks: &[Block], out: &mut Vec<f64>) -> Option<f64> {
        let _ = (blocks, out);
        None
    }
    /// A cache counted in bytes: the bytes `block`'s cached copy takes; `None` in a cache
    /// counted in blocks.
    fn copy_bytes(&self, block: Block) -> Option<u64> {
        let _ = block;
        None
    }
    /// A number the policy steers by, with its name: ARC's target size p for T1. `None` for a
    /// policy without one.
    fn target(&self) -> Option<(&'static str, f64)> {
        None
    }
    /// A small per-block count the policy decides by — CLOCK's reference bit, S3-FIFO's
    /// frequency: appends each of `blocks`' (resident blocks all) to `out` and returns its name;
    /// `None`, leaving `out` alone, for a policy without one.
    fn marks(&self, blocks: &[Block], out: &mut Vec<u32>) -> Option<&'static str> {
        let _ = (blocks, out);
        None
    }
}

/// A policy that weighs objects by their size (GDSF): a cache counted in bytes
/// ([`super::sized::BySize`]) tells it the size of the object it is about to insert.
pub trait SizeAware {
    /// The next [`super::Policy::insert`] is of an object of `bytes` that takes `charge` bytes of
    /// the capacity: its size, except in a miniature cache, where an object taken with certainty
    /// stands for `charge / bytes` of itself ([`crate::analysis::minisim::bytes`]).
    fn admit_size(&mut self, bytes: u64, charge: u64);
    /// Whether a newcomer enters before the victims leave, and may be the first of them (its
    /// priority the lowest): GDSF's rule in libCacheSim. Otherwise victims leave first.
    fn enters_before_evicting(&self) -> bool {
        false
    }
    /// The cache holds `bytes` (told once, before any request, by a cache in bytes, whose policy
    /// is built unbounded): for a policy that spends a share of its capacity (LHD's explorers).
    fn capacity_in_bytes(&mut self, bytes: u64) {
        let _ = bytes;
    }
    /// The cache is a miniature of a full one, its objects sampled at `rate` (told once, before
    /// any request): an object charged its size stands for 1 / `rate` of the full cache's, one
    /// charged less (taken with certainty) for `charge / size / rate`. A policy whose decisions
    /// count references or objects (LHD's clock, tallies and age coarsening) counts them so, as
    /// the full cache would.
    fn miniature(&mut self, rate: f64) {
        let _ = rate;
    }
}

/// A policy that names its next victims without walking its whole contents.
pub trait VictimPreview {
    /// Appends up to `k` of the next victims, next first (paper 003's content-aware client
    /// picks among them).
    fn candidates(&self, k: usize, out: &mut Vec<Block>);
    /// The block a new block's insertion would evict now, when the policy can say in O(1)
    /// (`Some(None)`: it has room); `None` when it cannot, and [`VictimPreview::candidates`] is
    /// asked instead (TinyLFU's admission filter weighs the candidate against it).
    fn next_victim(&self) -> Option<Option<Block>> {
        None
    }
}

/// The abilities asked of any policy, each falling back to the plain behaviour where the
/// policy lacks it.
impl dyn Policy + '_ {
    /// A write of `block` with its `hint`: a hint-aware policy's own ([`HintAware::write`]);
    /// the others write-allocate, a write being a plain reference ([`Policy::access`]).
    /// Returns whether the block was resident.
    #[inline]
    pub fn write(&mut self, block: Block, hint: Option<WriteHint>, evicted: &mut Vec<Block>) -> bool {
        match self.hints() {
            Some(policy) => policy.write(block, hint, evicted),
            None => self.access(block, evicted),
        }
    }

    /// Whether this policy reads write hints (paper 004); the UI and reports say so.
    pub fn reads_hints(&mut self) -> bool {
        self.hints().is_some()
    }

    /// Appends the policy's lists as a teaching view draws them ([`TeachingViews::queues`]);
    /// one list named "cache", in [`Policy::contents`] order, for a policy without several.
    pub fn queues(&self, out: &mut Vec<Queue>) {
        match self.views() {
            Some(views) => views.queues(out),
            None => {
                let mut blocks = Vec::with_capacity(self.len());
                self.contents(&mut blocks);
                out.push(Queue { name: "cache", ghost: false, blocks });
            }
        }
    }

    /// The policy's recency stack, if it keeps one ([`TeachingViews::stack`]).
    pub fn stack(&self, out: &mut Vec<StackEntry>) -> bool {
        self.views().is_some_and(|views| views.stack(out))
    }

    /// Its blocks' priorities and what they are measured against, if it orders by priority
    /// ([`TeachingViews::priorities`]).
    pub fn priorities(&self, blocks: &[Block], out: &mut Vec<f64>) -> Option<f64> {
        self.views().and_then(|views| views.priorities(blocks, out))
    }

    /// The number it steers by, if it has one ([`TeachingViews::target`]).
    pub fn target(&self) -> Option<(&'static str, f64)> {
        self.views().and_then(|views| views.target())
    }

    /// Its per-block counts and their name, if it keeps some ([`TeachingViews::marks`]).
    pub fn marks(&self, blocks: &[Block], out: &mut Vec<u32>) -> Option<&'static str> {
        self.views().and_then(|views| views.marks(blocks, out))
    }

    /// The bytes `block`'s copy takes, in a cache counted in bytes ([`TeachingViews::copy_bytes`]).
    pub fn copy_bytes(&self, block: Block) -> Option<u64> {
        self.views().and_then(|views| views.copy_bytes(block))
    }

    /// Appends up to `k` of the next victims, next first ([`VictimPreview::candidates`]); for a
    /// policy that cannot name them cheaply, the first of a walk of its contents.
    pub fn candidates(&self, k: usize, out: &mut Vec<Block>) {
        match self.victims() {
            Some(victims) => victims.candidates(k, out),
            None => {
                let start = out.len();
                self.contents(out);
                out.truncate(start + k);
            }
        }
    }

    /// The block a new block's insertion would evict now, when the policy can say in O(1)
    /// ([`VictimPreview::next_victim`]).
    pub fn next_victim(&self) -> Option<Option<Block>> {
        self.victims().and_then(|victims| victims.next_victim())
    }
}
