//! Prefetching as the hierarchy runs it: after each request, the caches that prefetch fetch
//! the blocks after those its reads looked up there, as each one's kind says ([`super::prefetch`]
//! has the kinds, the per-cache state and the address space's successors). Reads note what they
//! looked up where; a write reaching a prefetched block marks the prefetch wasted; an insertion
//! other than a prefetch settles a block's mark.

use super::prefetch::Successors;
use super::Core;
use crate::model::{Block, Op};

/// The hierarchy's prefetching part: whether any cache prefetches, the successors of each
/// block, and the per-request scratch.
pub(crate) struct Prefetching {
    /// Some cache prefetches: reads note what they looked up where (`seen`), prefetches follow
    /// each request ([`Core::prefetch_after`]), insertions settle prefetch marks.
    pub(crate) on: bool,
    pub(crate) successors: Successors,
    /// The current read's lookups at caches that prefetch: (cache, block, hit).
    seen: Vec<(u32, Block, bool)>,
    ahead: Vec<Block>,
    saved_moves: Vec<(u32, u32, u32, u64, u64)>,
    /// The disk time of the last request's prefetches (a background read of its root's disk).
    pub(crate) disk_ns: u64,
}

impl Default for Prefetching {
    fn default() -> Self {
        Self {
            on: false,
            successors: Successors::linear(0),
            seen: Vec::new(),
            ahead: Vec::new(),
            saved_moves: Vec::new(),
            disk_ns: 0,
        }
    }
}

impl Core {
    /// A request of `op` on `blocks` along `path` starts (only when some cache prefetches): a
    /// write makes any prefetch of its blocks wasted.
    #[inline(never)]
    pub(crate) fn begin_prefetching<I: Iterator<Item = Block>>(&mut self, path: &[usize], op: Op, blocks: I) {
        self.prefetching.seen.clear();
        if op == Op::Write {
            self.prefetch_overwritten(path, blocks);
        }
    }

    /// A read's lookup of `b` at cache `i`, noted for the prefetching that follows the request.
    #[inline(always)]
    pub(crate) fn saw(&mut self, i: usize, b: Block, hit: bool) {
        if self.prefetching.on && self.nodes[i].prefetch.is_some() {
            self.prefetching.seen.push((i as u32, b, hit));
        }
    }

    /// Before `b` enters cache `i` other than by a prefetch: a prefetch mark on it is settled
    /// (it can only be there if the prefetched copy left unread).
    #[inline(always)]
    pub(crate) fn settle_before_insert(&mut self, i: usize, b: Block) {
        if self.prefetching.on {
            self.settle_mark(i, b);
        }
    }

    #[inline(never)]
    fn settle_mark(&mut self, i: usize, b: Block) {
        let node = &mut self.nodes[i];
        if let Some(p) = &mut node.prefetch {
            if p.is_marked(b) && !node.policy.contains(b) && p.unmark(b) {
                p.wasted += 1;
            }
        }
    }

    /// A write of `blocks` along `path`: a prefetched block it reaches was fetched for nothing.
    #[inline(never)]
    fn prefetch_overwritten<I: Iterator<Item = Block>>(&mut self, path: &[usize], blocks: I) {
        for b in blocks {
            for &c in path {
                if let Some(p) = &mut self.nodes[c].prefetch {
                    if p.unmark(b) {
                        p.wasted += 1;
                    }
                }
            }
        }
    }

    /// The prefetches the request just served triggers, in the order its lookups were made
    /// (see [`prefetch`]): each cache that looked a block up settles its mark, and fetches the
    /// blocks after it its kind asks for and it lacks. Their disk time is left in
    /// `prefetch_disk_ns`; the request's own transfers (`crossing`, `demoted`, which
    /// [`Hierarchy::stages`] reads) are kept as they were.
    #[inline(never)]
    pub(crate) fn prefetch_after(&mut self, client: usize, path: &[usize]) {
        self.prefetching.disk_ns = 0;
        if self.prefetching.seen.is_empty() {
            return;
        }
        let seen = std::mem::take(&mut self.prefetching.seen);
        let mut ahead = std::mem::take(&mut self.prefetching.ahead);
        let mut saved = std::mem::take(&mut self.prefetching.saved_moves);
        saved.clear();
        saved.extend(path.iter().map(|&c| {
            let n = &self.nodes[c];
            (n.crossing, n.demoted, n.commands, n.crossing_bytes, n.demoted_bytes)
        }));
        let mut from_disk = false;
        for &(i, b, hit) in &seen {
            let i = i as usize;
            let p = self.nodes[i].prefetch.as_mut().expect("only caches that prefetch are seen");
            let next = if p.trigger > 0 { self.prefetching.successors.referenced_next(b) } else { None };
            let n = p.on_read(client, b, hit, next);
            if n == 0 {
                continue;
            }
            self.prefetching.successors.walk(b, n, &mut ahead);
            let level = path.iter().position(|&c| c == i).expect("a cache of the path");
            for &x in &ahead {
                if !self.nodes[i].policy.contains(x) {
                    self.prefetch_one(path, level, x, &mut from_disk);
                }
            }
        }
        for (s, &c) in saved.iter().zip(path) {
            let n = &mut self.nodes[c];
            (n.crossing, n.demoted, n.commands, n.crossing_bytes, n.demoted_bytes) = *s;
        }
        self.prefetching.saved_moves = saved;
        self.prefetching.seen = seen;
        self.prefetching.ahead = ahead;
    }

    /// Cache `path[level]` fetches `x` ahead: from the first cache above it that holds it (only
    /// looked at), else the root's disk; its bytes count on every link it crosses, and so do
    /// the DEMOTEs its insertion causes.
    fn prefetch_one(&mut self, path: &[usize], level: usize, x: Block, from_disk: &mut bool) {
        let i = path[level];
        let found = (level + 1..path.len()).find(|&l| self.nodes[path[l]].policy.contains(x)).unwrap_or(path.len());
        if found == path.len() {
            let disk = self.nodes[path[path.len() - 1]].disk.as_mut().expect("roots have disks");
            if !*from_disk {
                *from_disk = true;
                self.prefetching.disk_ns += disk.request_ns();
            }
            self.prefetching.disk_ns += disk.block_ns(x);
        }
        for &c in &path[level..found] {
            if self.nodes[c].link.is_some() {
                self.nodes[c].counters.link_bytes += self.block_bytes;
            }
        }
        for &c in path {
            let n = &mut self.nodes[c];
            n.demoted = 0;
            n.demoted_bytes = 0;
            n.commands = 0;
        }
        let end = self.nodes[i].policy.miss_end();
        self.insert_at(i, x, end);
        let (sized, block_bytes) = (self.sized, self.block_bytes);
        for &c in path {
            let node = &mut self.nodes[c];
            if node.link.is_some() {
                node.counters.link_bytes += if sized { node.demoted_bytes } else { node.demoted as u64 * block_bytes };
            }
        }
        let node = &mut self.nodes[i];
        let p = node.prefetch.as_mut().expect("a cache that prefetches");
        p.prefetched += 1;
        if node.policy.contains(x) {
            p.mark(x);
        } else {
            p.wasted += 1; // its admission filter turned it away
        }
    }
}
