//! The inclusive baseline (protocol `none`): every cache keeps what passes through it — paper
//! 002's READ-SAVE at each level — and what a client evicts is simply dropped. Paper 000's
//! LRU-LRU-none: both levels see the same misses, so the array mostly duplicates the client.

use super::{Caches, Cooperation};
use crate::model::Block;

#[derive(Clone, Copy, Debug, Default)]
pub struct Inclusive;

impl Cooperation for Inclusive {
    #[inline(always)]
    fn make_room<C: Caches>(&mut self, _caches: &mut C, _path: &[usize], _incoming: u32) -> u32 {
        0 // the client's own insertions evict, and its victims are dropped
    }

    #[inline(always)]
    fn place<C: Caches>(&mut self, caches: &mut C, path: &[usize], found: usize, _target: u8, b: Block) {
        keep_inclusive(caches, path, found, b);
    }
}

/// The inclusive placement, shared by HA_R and AC_CA (which differ only in making room): the
/// cache that served the block lets go of it if DU says so, every level below it keeps a copy
/// (from the top down), and the client inserts it.
#[inline(always)]
pub(super) fn keep_inclusive<C: Caches>(caches: &mut C, path: &[usize], found: usize, b: Block) {
    if (1..path.len()).contains(&found) {
        caches.let_go(path[found], b);
    }
    // A block from the disk (found = the path's length) passes every level above the client.
    for level in (1..found).rev() {
        let end = caches.miss_end(path[level]);
        caches.keep_passing(path[level], b, end);
    }
    caches.insert_client(path[0], b);
}
