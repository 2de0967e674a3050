//! Paper 003's content-aware caching (AC_CA): the client knows what its parent holds and,
//! to make room, evicts among its policy's next `k` victims the first one the parent also
//! holds — a later miss on it is then a hit there, not a disk read. If none is, its policy's
//! own victim goes. Victims are dropped and fetched blocks kept inclusively, as in the
//! baseline. Paper 003 tunes k per configuration; the default is [`super::DEFAULT_AC_CA_K`].

use super::inclusive::keep_inclusive;
use super::{Caches, Cooperation};
use crate::model::Block;

#[derive(Clone, Debug)]
pub struct AcCa {
    k: u32,
    /// Scratch for the victim candidates (no allocation per eviction).
    candidates: Vec<Block>,
}

impl AcCa {
    pub fn new(k: u32) -> Self {
        Self { k, candidates: Vec::with_capacity(16) }
    }
}

impl Cooperation for AcCa {
    #[inline(always)]
    fn make_room<C: Caches>(&mut self, caches: &mut C, path: &[usize], incoming: u32) -> u32 {
        let leaf = path[0];
        let parent = caches.parent(leaf);
        let limit = caches.room_for(leaf, incoming);
        while caches.room_short(leaf, limit) {
            self.candidates.clear();
            caches.candidates(leaf, self.k as usize, &mut self.candidates);
            let Some(&first) = self.candidates.first() else { break };
            let victim = match parent {
                Some(p) => self.candidates.iter().copied().find(|&b| caches.contains(p, b)).unwrap_or(first),
                None => first,
            };
            caches.evict_block(leaf, victim);
        }
        0
    }

    #[inline(always)]
    fn place<C: Caches>(&mut self, caches: &mut C, path: &[usize], found: usize, _target: u8, b: Block) {
        keep_inclusive(caches, path, found, b);
    }
}
