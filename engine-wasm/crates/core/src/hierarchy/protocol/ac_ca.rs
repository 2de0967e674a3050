//! Paper 003's content-aware caching (AC_CA): the client knows what its parent holds and,
//! to make room, evicts among its policy's next `k` victims the first one the parent also
//! holds — a later miss on it is then a hit there, not a disk read. If none is, its policy's
//! own victim goes. Victims are dropped and fetched blocks kept inclusively, as in the
//! baseline. Paper 003 tunes k per configuration; the default is [`super::DEFAULT_AC_CA_K`].

use super::Cooperation;
use crate::hierarchy::Core;
use crate::model::Block;

#[derive(Clone, Copy, Debug)]
pub struct AcCa {
    pub k: u32,
}

impl Cooperation for AcCa {
    #[inline(always)]
    fn make_room(&mut self, core: &mut Core, path: &[usize], incoming: u32) -> u32 {
        let leaf = path[0];
        let parent = core.nodes[leaf].parent;
        let mut candidates = std::mem::take(&mut core.candidates);
        let limit = core.room_for(leaf, incoming);
        while core.room_short(leaf, limit) {
            candidates.clear();
            core.nodes[leaf].policy.candidates(self.k as usize, &mut candidates);
            let Some(&first) = candidates.first() else { break };
            let victim = match parent {
                Some(p) => candidates.iter().copied().find(|&b| core.nodes[p].policy.contains(b)).unwrap_or(first),
                None => first,
            };
            core.nodes[leaf].policy.remove(victim);
            core.nodes[leaf].counters.evictions += 1;
        }
        core.candidates = candidates;
        0
    }

    #[inline(always)]
    fn place(&mut self, core: &mut Core, path: &[usize], found: usize, _target: u8, b: Block) {
        core.keep_inclusive(path, found, b);
    }
}
