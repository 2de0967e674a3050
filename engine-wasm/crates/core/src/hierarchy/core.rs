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
use super::{Meta, MultiBlock};
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
    /// The requests carry their objects' sizes ([`Meta::bytes`]): each object moves, and a
    /// cache counted in bytes holds it, at its size; otherwise every block is `block_bytes`.
    pub(crate) sized: bool,
    /// Sized: per object id, the size its latest request gave it — what a copy of it takes
    /// wherever it is next admitted or sent (a DEMOTE, a reload).
    pub(crate) sizes: Vec<u64>,
    /// The bytes of the object being served: its size in a sized run, else a block's (a
    /// request of several blocks counts each block at a block's).
    pub(crate) incoming: u64,
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
        // Kept only in a sized run (see `transfer_bytes`).
        if self.sized {
            for &c in path {
                let node = &mut self.nodes[c];
                node.crossing_bytes = 0;
                node.demoted_bytes = 0;
            }
        }
    }

    /// The bytes of a transfer of `count` blocks: a sized run's own sum (`sized_bytes`, kept
    /// only there), else `count` blocks of the block size.
    #[inline(always)]
    pub(crate) fn transfer_bytes(&self, count: u32, sized_bytes: u64) -> u64 {
        if self.sized {
            sized_bytes
        } else {
            count as u64 * self.block_bytes
        }
    }

    /// A sized run: counts the bytes of a read lookup, at cache `i`, of the object being
    /// served.
    #[inline(always)]
    pub(crate) fn count_lookup_bytes(&mut self, i: usize, hit: bool) {
        if self.sized {
            let bytes = self.incoming;
            self.nodes[i].count_bytes(hit, bytes);
        }
    }

    /// The bytes a copy of `b` takes: its latest request's size in a sized run, else a block.
    #[inline(always)]
    pub(crate) fn bytes_of(&self, b: Block) -> u64 {
        if self.sized {
            self.sizes.get(b as usize).copied().unwrap_or(self.block_bytes)
        } else {
            self.block_bytes
        }
    }

    /// A sized run: the request for `b` about to be served gives its object its size.
    #[inline(always)]
    pub(crate) fn note_size(&mut self, b: Block, meta: Meta) {
        let i = b as usize;
        if i >= self.sizes.len() {
            self.sizes.resize((i + 1).max(self.sizes.len() * 2), self.block_bytes);
        }
        self.sizes[i] = meta.bytes;
        self.incoming = meta.bytes;
    }

    /// Inserts `b` into cache `i` at `end`; under an exclusive protocol its victims move up.
    #[inline]
    pub(crate) fn insert_at(&mut self, i: usize, b: Block, end: End) {
        self.settle_before_insert(i, b);
        self.insert_into(i, b, end);
        let node = &mut self.nodes[i];
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
        self.insert_into(i, b, end);
    }

    /// Cache `i`'s own insertion of `b` at `end` (victims left in its `victims`): a cache in
    /// bytes is told the copy's bytes.
    #[inline(always)]
    pub(crate) fn insert_into(&mut self, i: usize, b: Block, end: End) {
        if self.nodes[i].in_bytes {
            let bytes = self.bytes_of(b);
            self.nodes[i].insert_sized(b, bytes, end);
        } else {
            self.nodes[i].insert(b, end);
        }
    }

    /// The bytes of `incoming` more copies of the object being served (a sized run's one
    /// object, else blocks).
    #[inline(always)]
    fn incoming_bytes(&self, incoming: u32) -> u64 {
        incoming as u64 * if self.sized { self.incoming } else { self.block_bytes }
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

    /// A cache in bytes may hold its capacity less the newcomer's bytes — all it holds, if
    /// the newcomer could never fit (it will not be admitted, so nothing need leave for it).
    #[inline(always)]
    fn room_for(&self, i: usize, incoming: u32) -> u64 {
        let node = &self.nodes[i];
        if node.in_bytes {
            let budget = node.policy.bytes().expect("a cache in bytes");
            let need = self.incoming_bytes(incoming);
            return if need > budget.capacity { u64::MAX } else { budget.capacity - need };
        }
        (node.policy.capacity() as u64).saturating_sub(incoming as u64)
    }

    #[inline(always)]
    fn room_short(&self, i: usize, limit: u64) -> bool {
        let node = &self.nodes[i];
        if node.in_bytes {
            return node.policy.bytes().expect("a cache in bytes").used > limit;
        }
        node.policy.len() as u64 > limit
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
