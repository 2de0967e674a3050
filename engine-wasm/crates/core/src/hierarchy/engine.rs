//! The engine's loop body: one request served along its client's path, with the protocol's
//! type known ([`Engine`]), and the steps of a request — note which caches are warm, begin
//! (SE, lookups, prefetch marks), read or write, charge the links, count, prefetch.

use super::counters::ClientState;
use super::protocol::Cooperation;
use super::{Core, Meta};
use crate::model::{Block, Op};

/// The last request: its client, operation, disk time and HA_R reloads (for [`Hierarchy::stages`]).
#[derive(Clone, Copy)]
pub(crate) struct Last {
    pub(crate) client: usize,
    pub(crate) op: Op,
    pub(crate) deepest: usize,
    pub(crate) disk_ns: u64,
    pub(crate) reloads: u32,
}

/// The hierarchy with its protocol `P` known (see [`Hierarchy::drive`]).
pub(crate) struct Engine<'a, P: Cooperation> {
    pub(crate) core: &'a mut Core,
    pub(crate) paths: &'a [Box<[usize]>],
    pub(crate) p: &'a mut P,
    pub(crate) last: Option<&'a mut Last>,
}

/// A loop of requests compiled for each protocol (see [`Hierarchy::drive`]).
pub(crate) trait Driver {
    fn drive<P: Cooperation>(&mut self, engine: Engine<'_, P>);
}

impl<P: Cooperation> Engine<'_, P> {
    /// As [`Hierarchy::serve_blocks`].
    #[inline(always)]
    pub fn serve_blocks<I: Iterator<Item = Block> + Clone>(
        &mut self,
        client: usize,
        meta: Meta,
        blocks: I,
    ) -> (usize, u64) {
        match self.path_len(client) {
            1 => self.serve_on::<1, I>(client, meta, blocks),
            2 => self.serve_on::<2, I>(client, meta, blocks),
            _ => self.serve_on::<0, I>(client, meta, blocks),
        }
    }

    /// The length of client `client`'s path.
    #[inline(always)]
    pub fn path_len(&self, client: usize) -> usize {
        self.paths[client].len()
    }

    /// The specialised loop for short paths: [`Engine::serve_blocks`] for a client whose path
    /// is `L` caches long (1: a single cache, 2: two levels; 0: any length). A path of known
    /// length lets the compiler unroll the engine's walks along it and fold its length, and a
    /// loop of requests calling this for one `L` (see [`Driver`]) is compiled for it alone.
    #[inline(always)]
    pub fn serve_on<const L: usize, I: Iterator<Item = Block> + Clone>(
        &mut self,
        client: usize,
        meta: Meta,
        blocks: I,
    ) -> (usize, u64) {
        let path = &self.paths[client][..];
        let (deepest, latency, disk_ns, reloads) = if L == 0 {
            self.core.serve(self.p, client, path, meta, blocks)
        } else {
            let short: [usize; L] = path.try_into().expect("a path of the length asked for");
            self.core.serve(self.p, client, &short, meta, blocks)
        };
        if let Some(last) = &mut self.last {
            **last = Last { client, op: meta.op, deepest, disk_ns, reloads };
        }
        (deepest, latency)
    }
}

impl Core {
    /// One request through `p`: returns (deepest level, latency, disk time, HA_R reloads).
    #[inline(always)]
    fn serve<P: Cooperation, I: Iterator<Item = Block> + Clone>(
        &mut self,
        p: &mut P,
        client: usize,
        path: &[usize],
        meta: Meta,
        blocks: I,
    ) -> (usize, u64, u64, u32) {
        if self.sized {
            // A sized run's request is one object (the scenario's checks see to it).
            if let Some(b) = blocks.clone().next() {
                self.note_size(b, meta);
            }
        }
        self.warmth.note(&mut self.nodes, path);
        self.lookups.begin();
        self.se.begin(meta.importance);
        if self.prefetching.on {
            self.begin_prefetching(path, meta.op, blocks.clone());
        }
        // A one-block read's block is where the request was served (a protocol that runs the
        // caches counts its blocks itself).
        let one_block = blocks.size_hint() == (1, Some(1)) && !P::RUNS_CACHES;
        let (deepest, disk_ns, reloads) = match meta.op {
            Op::Read => self.read(p, client, path, meta.range, blocks),
            Op::Write => {
                for &c in path {
                    self.nodes[c].counters.count_write(meta.write_hint);
                }
                let (deepest, reloads) = self.write(p, path, meta.write_hint, blocks);
                (deepest, 0, reloads)
            }
        };
        // A read its client's cache served sent nothing over any link.
        let moved = deepest > 0 || meta.op == Op::Write;
        let latency = self.client_hit_ns + disk_ns + if moved { self.charge_links(path) } else { 0 };
        self.count_request(client, path.len(), meta, one_block, deepest, latency);
        if self.sized {
            self.clients[client].counters.count_bytes(meta.op, path.len(), deepest, self.incoming);
        }
        if self.prefetching.on {
            self.prefetch_after(client, path);
        }
        (deepest, latency, disk_ns, reloads)
    }

    /// The links' share of a request's latency (paper 000 eq. 1): on each link of `path`, the
    /// transfer of the blocks that crossed it in one batch, of the DEMOTEs that moved data (a
    /// second transfer) and the round trips of those that moved none, unless DEMOTEs are
    /// hidden; the bytes are counted either way.
    #[inline(always)]
    fn charge_links(&mut self, path: &[usize]) -> u64 {
        let (mut ns, sized) = (0, self.sized);
        for &c in path {
            let node = &mut self.nodes[c];
            ns += self.demotions.commands_ns(node.commands);
            let moved = node.crossing + node.demoted;
            if moved > 0 && sized {
                // Objects of any size: each transfer its own bytes.
                let (crossing, demoted) = (node.crossing_bytes, node.demoted_bytes);
                ns += node.link_ns_bytes(node.crossing, crossing);
                if self.demotions.charged() {
                    ns += node.link_ns_bytes(node.demoted, demoted);
                }
                if node.link.is_some() {
                    node.counters.link_bytes += crossing + demoted;
                }
            } else if moved > 0 {
                ns += node.link_ns(node.crossing, self.block_bytes);
                if self.demotions.charged() {
                    ns += node.link_ns(node.demoted, self.block_bytes);
                }
                if node.link.is_some() {
                    node.counters.link_bytes += moved as u64 * self.block_bytes;
                }
            }
        }
        ns
    }

    /// Counts the request for its client: where a read was served (`deepest`, the path's
    /// `levels` for the disk; its block too if `one_block`), a write's hint, the latency.
    #[inline(always)]
    fn count_request(
        &mut self,
        client: usize,
        levels: usize,
        meta: Meta,
        one_block: bool,
        deepest: usize,
        latency: u64,
    ) {
        let ClientState { counters: stats, histogram } = &mut self.clients[client];
        stats.requests += 1;
        stats.latency_sum_ns += latency;
        match meta.op {
            Op::Read => {
                stats.reads += 1;
                stats.block_reads += one_block as u64;
                if deepest == levels {
                    stats.disk_reads += 1;
                    stats.disk_blocks += one_block as u64;
                } else {
                    stats.served_at[deepest] += 1;
                    stats.blocks_served_at[deepest] += one_block as u64;
                }
            }
            Op::Write => stats.count_write(meta.write_hint),
        }
        histogram.record(latency);
    }
}
