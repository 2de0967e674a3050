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

use super::Cooperation;
use crate::hierarchy::Core;
use crate::model::Block;

#[derive(Clone, Copy, Debug, Default)]
pub struct Demote;

impl Cooperation for Demote {
    const PASSES_HINTS: bool = true;

    #[inline(always)]
    fn make_room(&mut self, core: &mut Core, path: &[usize], incoming: u32) -> u32 {
        let leaf = path[0];
        let limit = core.room_for(leaf, incoming);
        while core.room_short(leaf, limit) {
            let Some(v) = core.nodes[leaf].policy.evict() else { break };
            core.nodes[leaf].counters.evictions += 1;
            // A single cache's victims leave the hierarchy.
            if let Some(&p) = path.get(1) {
                core.demote_to(leaf, p, v);
            }
        }
        0
    }

    #[inline(always)]
    fn place(&mut self, core: &mut Core, path: &[usize], found: usize, _target: u8, b: Block) {
        let (last, root) = (path.len() - 1, path[path.len() - 1]);
        if found > 0 && found < last {
            // A middle tier hands the block down (READ moves it).
            core.nodes[path[found]].policy.remove(b);
        } else if found == last && found > 0 {
            core.let_go(root, b);
        }
        if found == path.len() && last > 0 {
            let end = core.upper_end::<Self>(root);
            core.keep_passing(root, b, end);
        }
        core.insert_client(path[0], b);
    }
}
