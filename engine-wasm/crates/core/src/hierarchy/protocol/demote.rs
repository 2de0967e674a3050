//! DEMOTE (paper 000 §4.1), generalised to any path: exclusive caching. To make room the
//! client evicts and sends each victim one level up, where it goes to the "eject me last" end
//! (or just moves there, with no data sent, if that cache holds it already); a cache that must
//! evict to take it demotes its own victim further up, and a root's victims are dropped.
//!
//! A block the client lacks is looked up level by level. A middle tier that holds it hands it
//! down and forgets it (paper 002's READ); the root keeps what its policy says on a hit (paper
//! 000: an MRU array puts it next in line, so the next demotion pushes it out and the pair
//! stays exclusive); a block read from disk enters the root at its miss end — or, under DU, not
//! at all (`drop`) or next in line (`lru-end`) — and the client inserts it.
//!
//! With an LRU client and MRU insertion above, a whole path behaves as one LRU cache of the
//! summed sizes less one (paper 000 §4.1's N_c + N_a − 1).

use super::{Caches, Cooperation};
use crate::model::Block;

#[derive(Clone, Copy, Debug, Default)]
pub struct Demote;

impl Cooperation for Demote {
    const PASSES_HINTS: bool = true;

    #[inline(always)]
    fn make_room<C: Caches>(&mut self, caches: &mut C, path: &[usize], incoming: u32) -> u32 {
        let leaf = path[0];
        let limit = caches.room_for(leaf, incoming);
        while caches.room_short(leaf, limit) {
            let Some(v) = caches.evict(leaf) else { break };
            // A single cache's victims leave the hierarchy.
            if let Some(&p) = path.get(1) {
                caches.demote(leaf, p, v);
            }
        }
        0
    }

    #[inline(always)]
    fn place<C: Caches>(&mut self, caches: &mut C, path: &[usize], found: usize, _target: u8, b: Block) {
        let (last, root) = (path.len() - 1, path[path.len() - 1]);
        if found > 0 && found < last {
            // A middle tier hands the block down (READ moves it).
            caches.remove(path[found], b);
        } else if found == last && found > 0 {
            caches.let_go(root, b);
        }
        if found == path.len() && last > 0 {
            let end = caches.upper_end(root, Self::PASSES_HINTS);
            caches.keep_passing(root, b, end);
        }
        caches.insert_client(path[0], b);
    }
}
