//! One cache of the hierarchy: its policy, where it sits (its parent, the link above it, a
//! root's disk), its counters, and the transfers over its link in the current request.

use super::counters::CacheCounters;
use super::disk::Disk;
use super::prefetch::Prefetcher;
use super::timing::LinkConfig;
use crate::model::Block;
use crate::policy::{End, Policy};

pub(crate) struct Node {
    pub(crate) policy: Box<dyn Policy>,
    pub(crate) parent: Option<usize>,
    /// The link above this cache (`None`: free), with the one-block cost precomputed.
    pub(crate) link: Option<LinkConfig>,
    pub(crate) one_block_ns: u64,
    pub(crate) disk: Option<Disk>,
    pub(crate) counters: CacheCounters,
    /// Its policy reads write hints (paper 004): writes are its to place.
    pub(crate) hinted: bool,
    /// Scratch: the victims of the last insertion (no allocation per insertion).
    pub(crate) victims: Vec<Block>,
    /// Has been full at the start of some request (paper 004's warm counters).
    pub(crate) warm: bool,
    /// Blocks crossing the link above this cache in the current request — fetched or written
    /// data — and DEMOTEs that moved data over it (two transfers, each with its own fixed
    /// cost, as paper 000's eq. 1 charges them), and the bytes of each: a block is the block
    /// size, an object of a sized run its own size.
    pub(crate) crossing: u32,
    pub(crate) demoted: u32,
    pub(crate) crossing_bytes: u64,
    pub(crate) demoted_bytes: u64,
    /// DEMOTEs sent over it in the current request that moved no data (a command's round
    /// trip each).
    pub(crate) commands: u32,
    /// Its prefetching, if any ([`super::prefetch`]).
    pub(crate) prefetch: Option<Box<Prefetcher>>,
    /// Its policy is counted in bytes ([`Policy::bytes`]): room is made by bytes.
    pub(crate) in_bytes: bool,
    /// What a sized run counts in bytes here.
    pub(crate) bytes: ByteCounters,
}

/// A cache's counts in bytes, in a run whose requests carry their sizes: the bytes of the
/// read lookups it hit and missed, and (a root) the bytes it read from its disk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByteCounters {
    pub hits: u64,
    pub misses: u64,
    pub from_disk: u64,
}

impl Node {
    /// A cache of `policy` under `parent`, with `link` above it and, for a root, its `disk`.
    pub(crate) fn new(
        mut policy: Box<dyn Policy>,
        parent: Option<usize>,
        link: Option<LinkConfig>,
        disk: Option<Disk>,
        block_bytes: u32,
    ) -> Self {
        Self {
            one_block_ns: link.map_or(0, |l| l.transfer_ns(block_bytes as u64)),
            link,
            disk: if parent.is_none() { disk } else { None },
            parent,
            hinted: policy.reads_hints(),
            in_bytes: policy.bytes().is_some(),
            bytes: ByteCounters::default(),
            policy,
            counters: CacheCounters::default(),
            victims: Vec::with_capacity(16),
            warm: false,
            crossing: 0,
            demoted: 0,
            crossing_bytes: 0,
            demoted_bytes: 0,
            commands: 0,
            prefetch: None,
        }
    }

    /// The time to move `blocks` blocks over the link above this cache in one transfer.
    #[inline(always)]
    pub(crate) fn link_ns(&self, blocks: u32, block_bytes: u64) -> u64 {
        match blocks {
            0 => 0,
            1 => self.one_block_ns,
            n => self.link.map_or(0, |l| l.transfer_ns(n as u64 * block_bytes)),
        }
    }

    /// The time to move `count` objects of `bytes` in all over the link in one transfer (a
    /// sized run; none: no time, however few bytes — an object of 0 bytes still pays the
    /// link's fixed cost).
    #[inline(always)]
    pub(crate) fn link_ns_bytes(&self, count: u32, bytes: u64) -> u64 {
        if count == 0 {
            0
        } else {
            self.link.map_or(0, |l| l.transfer_ns(bytes))
        }
    }

    /// Counts the bytes of a read lookup here.
    #[inline(always)]
    pub(crate) fn count_bytes(&mut self, hit: bool, bytes: u64) {
        if hit {
            self.bytes.hits += bytes;
        } else {
            self.bytes.misses += bytes;
        }
    }

    /// Whether it holds all it may: its capacity in blocks, or (in bytes) it has had to evict.
    pub(crate) fn is_full(&self) -> bool {
        if self.in_bytes {
            self.policy.bytes().is_some_and(|b| b.full)
        } else {
            self.policy.len() >= self.policy.capacity()
        }
    }

    /// Inserts `b` at `end` into a cache in blocks; its victims are left in `victims` and
    /// counted.
    #[inline(always)]
    pub(crate) fn insert(&mut self, b: Block, end: End) {
        self.victims.clear();
        self.policy.insert(b, end, &mut self.victims);
        self.counters.evictions += self.victims.len() as u64;
    }

    /// [`Node::insert`] into a cache in bytes of `b`, `bytes` long.
    #[inline(always)]
    pub(crate) fn insert_sized(&mut self, b: Block, bytes: u64, end: End) {
        self.victims.clear();
        self.policy.insert_sized(b, bytes, end, &mut self.victims);
        self.counters.evictions += self.victims.len() as u64;
    }
}
