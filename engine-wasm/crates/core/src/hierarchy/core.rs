//! The caches and the per-request scratch the engine works on ([`Core`]), composed of the
//! hierarchy's parts — each a small piece in a file of its own — and the one face the
//! protocols see of it ([`Caches`]).
//!
//! | part | file | what it decides |
//! |---|---|---|
//! | [`Duplicates`] | [`super::du`] | paper 003's DU: what a cache above does with a block it served up |
//! | [`Se`] | [`super::se`] | paper 003's SE: where an unimportant request's blocks enter |
//! | [`Exclusivity`] | [`super::exclusivity`] | whether victims above move up; one level per path (AC_CC) |
//! | [`DemotionAccounting`] | [`super::demotion`] | who pays for DEMOTEs, and what they send |
//! | [`LookupRecorder`] | [`super::lookups`] | the lookups above the clients, recorded |
//! | [`Prefetching`] | [`super::prefetching`] | the prefetches that follow each request |
//! | [`Warmth`] | [`super::counters`] | which caches have filled (paper 004's warm counters) |
//! | [`MultiBlock`] | [`super`] | a request of several blocks: block by block, or atomically |

use super::counters::{ClientState, Warmth};
use super::demotion::DemotionAccounting;
use super::du::Duplicates;
use super::exclusivity::Exclusivity;
use super::lookups::LookupRecorder;
use super::node::Node;
use super::prefetching::Prefetching;
use super::protocol::Caches;
use super::se::Se;
use super::MultiBlock;
use crate::model::{Block, WriteHint};
use crate::policy::End;

/// The caches and the per-request scratch the protocols work on.
pub struct Core {
    pub(crate) nodes: Vec<Node>,
    pub(crate) clients: Vec<ClientState>,
    pub(crate) client_hit_ns: u64,
    pub(crate) block_bytes: u64,
    pub(crate) multi: MultiBlock,
    // The parts.
    pub(crate) du: Duplicates,
    pub(crate) se: Se,
    pub(crate) exclusivity: Exclusivity,
    pub(crate) demotions: DemotionAccounting,
    pub(crate) lookups: LookupRecorder,
    pub(crate) prefetching: Prefetching,
    pub(crate) warmth: Warmth,
    /// Scratch: the blocks of the current read the client lacked at lookup, and where each
    /// belongs.
    pub(crate) missing: Vec<Block>,
    pub(crate) targets: Vec<u8>,
}

impl Core {
    /// Zeroes the transfers over `path`'s links before a request that may make some.
    #[inline(always)]
    pub(crate) fn clear_crossings(&mut self, path: &[usize]) {
        for &c in path {
            let node = &mut self.nodes[c];
            node.crossing = 0;
            node.demoted = 0;
            node.commands = 0;
        }
    }

    /// Inserts `b` into cache `i` at `end`; under an exclusive protocol its victims move up.
    #[inline]
    pub(crate) fn insert_at(&mut self, i: usize, b: Block, end: End) {
        self.settle_before_insert(i, b);
        let node = &mut self.nodes[i];
        node.insert(b, end);
        if self.exclusivity.victims_move_up && !node.victims.is_empty() && node.parent.is_some() {
            let victims = std::mem::take(&mut node.victims);
            for &v in &victims {
                self.demote(i, v);
            }
            self.nodes[i].victims = victims;
        }
    }

    /// Inserts `b` into cache `i` at `end`, dropping its victims.
    #[inline]
    pub(crate) fn insert_dropping(&mut self, i: usize, b: Block, end: End) {
        self.settle_before_insert(i, b);
        self.nodes[i].insert(b, end);
    }
}

impl Caches for Core {
    #[inline(always)]
    fn parent(&self, i: usize) -> Option<usize> {
        self.nodes[i].parent
    }

    #[inline(always)]
    fn contains(&self, i: usize, b: Block) -> bool {
        self.nodes[i].policy.contains(b)
    }

    #[inline(always)]
    fn miss_end(&self, i: usize) -> End {
        self.nodes[i].policy.miss_end()
    }

    #[inline(always)]
    fn candidates(&self, i: usize, k: usize, out: &mut Vec<Block>) {
        self.nodes[i].policy.candidates(k, out);
    }

    #[inline(always)]
    fn room_for(&self, i: usize, incoming: u32) -> usize {
        self.nodes[i].policy.capacity().saturating_sub(incoming as usize)
    }

    #[inline(always)]
    fn room_short(&self, i: usize, limit: usize) -> bool {
        self.nodes[i].policy.len() > limit
    }

    #[inline(always)]
    fn evict(&mut self, i: usize) -> Option<Block> {
        let node = &mut self.nodes[i];
        let v = node.policy.evict()?;
        node.counters.evictions += 1;
        Some(v)
    }

    #[inline(always)]
    fn evict_block(&mut self, i: usize, b: Block) {
        let node = &mut self.nodes[i];
        node.policy.remove(b);
        node.counters.evictions += 1;
    }

    #[inline(always)]
    fn remove(&mut self, i: usize, b: Block) {
        self.nodes[i].policy.remove(b);
    }

    #[inline(always)]
    fn demote(&mut self, from: usize, to: usize, v: Block) {
        self.demote_to(from, to, v);
    }

    #[inline(always)]
    fn reload(&mut self, i: usize, v: Block) -> bool {
        if self.nodes[i].policy.reposition(v, End::EjectLast) {
            return false;
        }
        self.insert_dropping(i, v, End::EjectLast);
        self.nodes[i].counters.reloads += 1;
        true
    }

    #[inline(always)]
    fn insert_client(&mut self, leaf: usize, b: Block) {
        let end = self.se.client_end(self.nodes[leaf].policy.as_ref());
        self.insert_at(leaf, b, end);
    }

    #[inline(always)]
    fn insert(&mut self, i: usize, b: Block, end: End) {
        self.insert_at(i, b, end);
    }

    #[inline(always)]
    fn upper_end(&self, i: usize, passes_hints: bool) -> End {
        self.se.upper_end(passes_hints, self.nodes[i].policy.as_ref())
    }

    #[inline]
    fn keep_passing(&mut self, i: usize, b: Block, end: End) {
        if let Some(end) = self.du.keeps_at(end) {
            self.insert_at(i, b, end);
        }
    }

    #[inline]
    fn let_go(&mut self, i: usize, b: Block) {
        self.du.let_go(self.nodes[i].policy.as_mut(), b);
    }

    #[inline(always)]
    fn held_below_elsewhere(&self, i: usize, path: &[usize], b: Block) -> bool {
        self.exclusivity.held_below_elsewhere(&self.nodes, i, path, b)
    }

    #[inline]
    fn write_allocate(&mut self, i: usize, b: Block, hint: Option<WriteHint>) {
        if self.nodes[i].hinted {
            self.write_hinted(i, b, hint);
        } else if !self.nodes[i].policy.on_hit(b) {
            let end = self.nodes[i].policy.miss_end();
            self.insert_at(i, b, end);
        }
    }
}
