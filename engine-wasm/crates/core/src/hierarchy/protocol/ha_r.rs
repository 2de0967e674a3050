//! Paper 003's eviction-based placement (HA_R, after Chen et al.'s "eviction-based cache
//! placement"): hierarchy-aware, transparent to the client. The client's parent infers each
//! block the client evicts (it watches the client's buffer addresses being reused) and keeps
//! it at its "eject me last" end, as a DEMOTE would place it — but reloads it from the disk in
//! the background: no link transfer and no latency for the request, one extra disk read each
//! (counted as `reloads`, and occupying the disk in queueing mode). Fetched blocks are kept
//! inclusively, as in the baseline.

use super::inclusive::keep_inclusive;
use super::{Caches, Cooperation};
use crate::model::Block;

#[derive(Clone, Copy, Debug, Default)]
pub struct HaR;

impl Cooperation for HaR {
    #[inline(always)]
    fn make_room<C: Caches>(&mut self, caches: &mut C, path: &[usize], incoming: u32) -> u32 {
        let leaf = path[0];
        let mut reloads = 0;
        let limit = caches.room_for(leaf, incoming);
        while caches.room_short(leaf, limit) {
            let Some(v) = caches.evict(leaf) else { break };
            let Some(p) = caches.parent(leaf) else { continue };
            reloads += caches.reload(p, v) as u32;
        }
        reloads
    }

    #[inline(always)]
    fn place<C: Caches>(&mut self, caches: &mut C, path: &[usize], found: usize, _target: u8, b: Block) {
        keep_inclusive(caches, path, found, b);
    }
}
