//! The queueing model's view of a request: the FIFO servers it used, in order, with their
//! service times ([`Hierarchy::stages`]) — each link's wire and its upper cache's controller,
//! and a root's disk.

use super::engine::Last;
use super::Hierarchy;
use crate::model::Op;

/// A FIFO server of the queueing model: [`Hierarchy::stages`] lists, for the request just
/// served, which servers it used in order and for how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    /// `Hierarchy::WIRE + i`: the link above cache i (its bandwidth part; a root's link to its
    /// disk whole); the controller range: cache i's controller, which pays the fixed cost of
    /// every transfer over the links below it, so clients sharing a cache queue there; the
    /// disk range: a root's disk. [`Stage::DELAY`] is a pure delay (the client's own lookup).
    pub server: u32,
    pub ns: u64,
}

impl Stage {
    pub const DELAY: u32 = u32::MAX;
}

impl Hierarchy {
    pub const WIRE: u32 = 0;

    /// First controller server id (one per cache).
    pub fn controller_base(&self) -> u32 {
        self.core.nodes.len() as u32
    }

    /// First disk server id (one per cache; only roots use theirs).
    pub fn disk_base(&self) -> u32 {
        2 * self.core.nodes.len() as u32
    }

    /// How many server ids [`Hierarchy::stages`] may name.
    pub fn servers(&self) -> usize {
        3 * self.core.nodes.len()
    }

    /// The FIFO servers the last request used, in order, with their service times; their sum
    /// is the request's additive latency. A request first pays its client's lookup, then its
    /// DEMOTEs' transfers leaf upwards, then the disk, then the fetched data's transfers down
    /// to the client (writes go up). A transfer over the link above cache i is its parent's
    /// controller (the link's fixed cost) then the wire (the bandwidth part); over a root's
    /// link to its disk, the wire only. HA_R's background reloads are not stages: see
    /// [`Hierarchy::last_reloads`].
    pub fn stages(&self, out: &mut Vec<Stage>) {
        debug_assert!(self.staged, "stages are kept only with_stages(true)");
        let Last { client, op, deepest, disk_ns, .. } = self.last;
        let path = &self.paths[client];
        let core = &self.core;
        out.clear();
        out.push(Stage { server: Stage::DELAY, ns: core.client_hit_ns });
        if op == Op::Read && deepest == 0 {
            return; // its client's cache served it: nothing crossed a link
        }
        let transfer = |out: &mut Vec<Stage>, c: usize, blocks: u32, bytes: u64| {
            let total = if core.sized {
                core.nodes[c].link_ns_bytes(blocks, bytes)
            } else {
                core.nodes[c].link_ns(blocks, core.block_bytes)
            };
            if total == 0 {
                return;
            }
            match (core.nodes[c].parent, core.nodes[c].link) {
                (Some(p), Some(l)) => {
                    let fixed = ((l.parameters().0 * 1000.0).round() as u64).min(total);
                    out.push(Stage { server: self.controller_base() + p as u32, ns: fixed });
                    out.push(Stage { server: Self::WIRE + c as u32, ns: total - fixed });
                }
                _ => out.push(Stage { server: Self::WIRE + c as u32, ns: total }),
            }
        };
        if core.demotions.charged() {
            for &c in path.iter() {
                transfer(
                    out,
                    c,
                    core.nodes[c].demoted,
                    core.transfer_bytes(core.nodes[c].demoted, core.nodes[c].demoted_bytes),
                );
                // A DEMOTE that moved no data: its command's round trip, at the controller above.
                let ns = core.demotions.commands_ns(core.nodes[c].commands);
                if ns > 0 {
                    let server = match core.nodes[c].parent {
                        Some(p) => self.controller_base() + p as u32,
                        None => Self::WIRE + c as u32,
                    };
                    out.push(Stage { server, ns });
                }
            }
        }
        match op {
            Op::Read => {
                if disk_ns > 0 {
                    let root = path[path.len() - 1];
                    out.push(Stage { server: self.disk_base() + root as u32, ns: disk_ns });
                }
                for &c in path.iter().rev() {
                    transfer(
                        out,
                        c,
                        core.nodes[c].crossing,
                        core.transfer_bytes(core.nodes[c].crossing, core.nodes[c].crossing_bytes),
                    );
                }
            }
            Op::Write => {
                for &c in path.iter() {
                    transfer(
                        out,
                        c,
                        core.nodes[c].crossing,
                        core.transfer_bytes(core.nodes[c].crossing, core.nodes[c].crossing_bytes),
                    );
                }
            }
        }
    }

    /// HA_R reloads of the last request (each a background read of the client's root disk;
    /// kept only [`Hierarchy::with_stages`]).
    pub fn last_reloads(&self) -> u32 {
        self.last.reloads
    }
}
