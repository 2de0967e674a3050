//! The engine's write: write-through, with write-allocate at every level of the path (blocks
//! stay clean, so any victim may be demoted). The client takes it first — a hint-aware cache as
//! its policy says (paper 004), the others making room as their protocol says — then every
//! level above as the protocol says; the root absorbs it. A protocol that runs the caches
//! itself (MC²) leaves writes uncached.

use super::protocol::Cooperation;
use super::{Core, MultiBlock};
use crate::model::{Block, WriteHint};

impl Core {
    /// The engine's write: the client takes it (a hint-aware cache as its policy says; others
    /// write-allocate, making room first), then every level above as the protocol says.
    /// Returns the root's level and HA_R's reloads.
    #[inline(always)]
    pub(crate) fn write<P: Cooperation, I: Iterator<Item = Block> + Clone>(
        &mut self,
        p: &mut P,
        path: &[usize],
        hint: Option<WriteHint>,
        blocks: I,
    ) -> (usize, u32) {
        if P::RUNS_CACHES {
            return self.write_uncached(path, blocks);
        }
        let leaf = path[0];
        self.clear_crossings(path);
        let mut n = 0u32;
        let mut reloads = 0;
        if self.nodes[leaf].hinted {
            for b in blocks.clone() {
                n += 1;
                self.write_hinted(leaf, b, hint);
            }
        } else if self.multi == MultiBlock::PerBlock {
            for b in blocks.clone() {
                n += 1;
                if !self.nodes[leaf].policy.on_hit(b) {
                    reloads += p.make_room(self, path, 1);
                    let end = self.nodes[leaf].policy.miss_end();
                    self.insert_at(leaf, b, end);
                }
            }
        } else {
            let mut missing = std::mem::take(&mut self.missing);
            missing.clear();
            for b in blocks.clone() {
                n += 1;
                if !self.nodes[leaf].policy.on_hit(b) {
                    missing.push(b);
                }
            }
            reloads = p.make_room(self, path, missing.len() as u32);
            for &b in &missing {
                let end = self.nodes[leaf].policy.miss_end();
                self.insert_at(leaf, b, end);
            }
            self.missing = missing;
        }
        for b in blocks {
            self.lookups.record_all(&path[1..], b);
            p.write_above(self, path, b, hint);
        }
        // Write-through: every link on the path carries it (a root's link to its disk too, if
        // it has one; a root whose disk time includes its bus has none). A sized run's write is
        // one object of its size.
        for &c in path {
            let node = &mut self.nodes[c];
            node.crossing += n;
            if self.sized {
                node.crossing_bytes += self.incoming;
            }
        }
        (path.len() - 1, reloads)
    }

    /// A write reaching a hint-aware cache: its policy decides (paper 004); what it evicts to
    /// make room leaves the hierarchy (a write is not a client's eviction to demote).
    pub(crate) fn write_hinted(&mut self, i: usize, b: Block, hint: Option<WriteHint>) {
        self.settle_before_insert(i, b);
        let node = &mut self.nodes[i];
        node.victims.clear();
        node.policy.write(b, hint, &mut node.victims);
        node.counters.evictions += node.victims.iter().filter(|&&v| v != b).count() as u64;
    }

    /// A write that passes through uncached (MC²: paper 002 §2's separate write cache), its
    /// blocks crossing every link of the path.
    fn write_uncached<I: Iterator<Item = Block>>(&mut self, path: &[usize], blocks: I) -> (usize, u32) {
        let n = blocks.count() as u32;
        self.clear_crossings(path);
        for &c in path {
            self.nodes[c].crossing += n;
        }
        (path.len() - 1, 0)
    }
}
