//! Paper 003's eviction-based placement (HA_R, after Chen et al.'s "eviction-based cache
//! placement"): hierarchy-aware, transparent to the client. The client's parent infers each
//! block the client evicts (it watches the client's buffer addresses being reused) and keeps
//! it at its "eject me last" end, as a DEMOTE would place it — but reloads it from the disk in
//! the background: no link transfer and no latency for the request, one extra disk read each
//! (counted as `reloads`, and occupying the disk in queueing mode). Fetched blocks are kept
//! inclusively, as in the baseline.

use super::Cooperation;
use crate::hierarchy::Core;
use crate::model::Block;
use crate::policy::End;

#[derive(Clone, Copy, Debug, Default)]
pub struct HaR;

impl Cooperation for HaR {
    #[inline(always)]
    fn make_room(&mut self, core: &mut Core, path: &[usize], incoming: u32) -> u32 {
        let leaf = path[0];
        let mut reloads = 0;
        let limit = core.room_for(leaf, incoming);
        while core.room_short(leaf, limit) {
            let Some(v) = core.nodes[leaf].policy.evict() else { break };
            core.nodes[leaf].counters.evictions += 1;
            let Some(p) = core.nodes[leaf].parent else { continue };
            if !core.nodes[p].policy.reposition(v, End::EjectLast) {
                core.insert_dropping(p, v, End::EjectLast);
                core.nodes[p].counters.reloads += 1;
                reloads += 1;
            }
        }
        reloads
    }

    #[inline(always)]
    fn place(&mut self, core: &mut Core, path: &[usize], found: usize, _target: u8, b: Block) {
        core.keep_inclusive(path, found, b);
    }
}
