//! The engine's read (see [`super`]'s docs): the client looks every block up; what it lacks
//! is made room for as its protocol says, then fetched from the first level above that holds
//! it (else the disk) and placed by the protocol. A protocol that runs the caches itself (MC²)
//! reads by itself, and the engine counts what it did.

use super::protocol::{BlockRead, Cooperation};
use super::{Core, MultiBlock};
use crate::model::Block;

/// What a read's fetches added up to: the deepest level reached and the disk's time.
#[derive(Default)]
pub(crate) struct Fetch {
    deepest: usize,
    disk_ns: u64,
    from_disk: bool,
}

impl Core {
    /// The engine's read (see the module docs): returns the deepest level reached, the disk
    /// time and HA_R's reloads. A one-block read (most workloads' every request) takes a
    /// shorter way with the same steps, without collecting the blocks the client lacks.
    #[inline(always)]
    pub(crate) fn read<P: Cooperation, I: Iterator<Item = Block>>(
        &mut self,
        p: &mut P,
        client: usize,
        path: &[usize],
        range: Option<u32>,
        mut blocks: I,
    ) -> (usize, u64, u32) {
        if P::RUNS_CACHES {
            return self.read_by_protocol(p, client, path, range, blocks);
        }
        if blocks.size_hint() == (1, Some(1)) {
            let b = blocks.next().expect("one block");
            return self.read_one(p, client, path, b);
        }
        if self.multi == MultiBlock::PerBlock {
            return self.read_per_block(p, client, path, blocks);
        }
        let leaf = path[0];
        self.missing.clear();
        if P::PLACES {
            self.targets.clear();
        }
        let mut n = 0u64;
        for b in blocks {
            n += 1;
            let target = if P::PLACES { p.reference(client, path, b) } else { 0 };
            let hit = self.nodes[leaf].policy.on_hit(b);
            self.count_lookup_bytes(leaf, hit);
            self.saw(leaf, b, hit);
            if !hit {
                self.missing.push(b);
                if P::PLACES {
                    self.targets.push(target);
                }
            }
        }
        let n_missing = self.missing.len() as u64;
        self.count_client_lookups(client, leaf, n, n - n_missing);
        if n_missing == 0 {
            return (0, 0, 0);
        }
        self.clear_crossings(path);
        let missing = std::mem::take(&mut self.missing);
        let targets = if P::PLACES { std::mem::take(&mut self.targets) } else { Vec::new() };
        let incoming = if P::PLACES { targets.iter().filter(|&&t| t == 0).count() as u32 } else { n_missing as u32 };
        let reloads = p.make_room(self, path, incoming);
        let mut fetch = Fetch::default();
        for (k, &b) in missing.iter().enumerate() {
            let target = if P::PLACES { targets[k] } else { 0 };
            self.fetch::<P, true>(p, client, path, b, target, &mut fetch);
        }
        self.missing = missing;
        if P::PLACES {
            self.targets = targets;
        }
        (fetch.deepest, fetch.disk_ns, reloads)
    }

    /// [`Core::read`] block by block ([`MultiBlock::PerBlock`]): each block looked up, and if
    /// the client lacks it, room made for it, fetched and placed, before the next.
    #[inline(always)]
    fn read_per_block<P: Cooperation, I: Iterator<Item = Block>>(
        &mut self,
        p: &mut P,
        client: usize,
        path: &[usize],
        blocks: I,
    ) -> (usize, u64, u32) {
        let leaf = path[0];
        let (mut reloads, mut cleared) = (0, false);
        let mut fetch = Fetch::default();
        for b in blocks {
            let target = if P::PLACES { p.reference(client, path, b) } else { 0 };
            let hit = self.nodes[leaf].policy.on_hit(b);
            self.count_lookup_bytes(leaf, hit);
            self.saw(leaf, b, hit);
            self.count_client_lookups(client, leaf, 1, hit as u64);
            if hit {
                continue;
            }
            if !cleared {
                self.clear_crossings(path);
                cleared = true;
            }
            reloads += p.make_room(self, path, (target == 0) as u32);
            self.fetch::<P, true>(p, client, path, b, target, &mut fetch);
        }
        (fetch.deepest, fetch.disk_ns, reloads)
    }

    /// [`Core::read`] of one block.
    #[inline(always)]
    fn read_one<P: Cooperation>(&mut self, p: &mut P, client: usize, path: &[usize], b: Block) -> (usize, u64, u32) {
        let leaf = path[0];
        let target = if P::PLACES { p.reference(client, path, b) } else { 0 };
        let node = &mut self.nodes[leaf];
        let hit = node.policy.on_hit(b);
        node.counters.hits += hit as u64;
        node.counters.misses += !hit as u64;
        if node.warm {
            node.counters.warm_block_reads += 1;
            node.counters.warm_block_hits += hit as u64;
        }
        self.count_lookup_bytes(leaf, hit);
        self.saw(leaf, b, hit);
        if hit {
            return (0, 0, 0);
        }
        self.clear_crossings(path);
        let reloads = p.make_room(self, path, (target == 0) as u32);
        let mut fetch = Fetch::default();
        self.fetch::<P, false>(p, client, path, b, target, &mut fetch);
        (fetch.deepest, fetch.disk_ns, reloads)
    }

    /// Counts `n` block lookups of a read at client `client`'s own cache `leaf`, `hits` of them hits.
    #[inline(always)]
    fn count_client_lookups(&mut self, client: usize, leaf: usize, n: u64, hits: u64) {
        let node = &mut self.nodes[leaf];
        node.counters.hits += hits;
        node.counters.misses += n - hits;
        if node.warm {
            node.counters.warm_block_reads += n;
            node.counters.warm_block_hits += hits;
        }
        let stats = &mut self.clients[client].counters;
        stats.block_reads += n;
        stats.blocks_served_at[0] += hits;
    }

    /// Fetches block `b`, which the client lacked, from the first level above that holds it
    /// (else the disk), and has the protocol place it; with `COUNT`, counts where it was found
    /// for the client (a one-block read is counted whole, in [`Core::serve`]).
    #[inline(always)]
    fn fetch<P: Cooperation, const COUNT: bool>(
        &mut self,
        p: &mut P,
        client: usize,
        path: &[usize],
        b: Block,
        target: u8,
        f: &mut Fetch,
    ) {
        let mut found = path.len();
        for (level, &c) in path.iter().enumerate().skip(1) {
            if self.lookup(c, b) {
                found = level;
                break;
            }
        }
        if found == path.len() {
            let root = path[path.len() - 1];
            if self.sized {
                self.nodes[root].bytes.from_disk += self.incoming;
            }
            let disk = self.nodes[root].disk.as_mut().expect("roots have disks");
            if !f.from_disk {
                f.from_disk = true;
                f.disk_ns = disk.request_ns();
            }
            f.disk_ns += disk.block_ns(b);
            if COUNT {
                self.clients[client].counters.disk_blocks += 1;
            }
        } else if COUNT {
            self.clients[client].counters.blocks_served_at[found] += 1;
        }
        f.deepest = f.deepest.max(found);
        // It crosses every link below where it was found (a root's link to its disk too).
        for &c in &path[..found] {
            let node = &mut self.nodes[c];
            node.crossing += 1;
            if self.sized {
                node.crossing_bytes += self.incoming;
            }
        }
        p.place(self, path, found, target, b);
    }

    /// A read lookup of `b` at cache `c` above a client: recorded, counted, and reordered on a hit.
    #[inline(always)]
    fn lookup(&mut self, c: usize, b: Block) -> bool {
        self.lookups.record(c, b);
        let node = &mut self.nodes[c];
        let hit = node.policy.on_hit(b);
        if hit {
            node.counters.hits += 1;
        } else {
            node.counters.misses += 1;
        }
        if node.warm {
            node.counters.warm_block_reads += 1;
            node.counters.warm_block_hits += hit as u64;
        }
        self.count_lookup_bytes(c, hit);
        self.saw(c, b, hit);
        hit
    }

    /// The read of a protocol that runs the caches itself (MC², paths of a client and its
    /// array): the protocol reads each block ([`Cooperation::read_itself`]) and reports what it
    /// did; the engine counts it, lets it cross the links and times the disk.
    #[inline]
    fn read_by_protocol<P: Cooperation, I: Iterator<Item = Block>>(
        &mut self,
        p: &mut P,
        client: usize,
        path: &[usize],
        range: Option<u32>,
        blocks: I,
    ) -> (usize, u64, u32) {
        let (leaf, root) = (path[0], path[1]);
        self.clear_crossings(path);
        let mut fetch = Fetch::default();
        let mut n = 0;
        p.read_itself(client, range, blocks, |b, r| {
            n += 1;
            self.count_block_read(client, leaf, root, b, r, &mut fetch);
        });
        self.clients[client].counters.block_reads += n;
        (fetch.deepest, fetch.disk_ns, 0)
    }

    /// What reading `b` did ([`BlockRead`]), counted at the client's cache `leaf` and its array
    /// `root`: lookups, evictions, DEMOTEs, transfers and the disk.
    #[inline(always)]
    fn count_block_read(&mut self, client: usize, leaf: usize, root: usize, b: Block, r: BlockRead, f: &mut Fetch) {
        let level = r.level as usize;
        if level > 0 {
            self.lookups.record(root, b);
        }
        let l = &mut self.nodes[leaf];
        if level == 0 {
            l.counters.hits += 1;
        } else {
            l.counters.misses += 1;
            l.crossing += 1;
        }
        l.counters.evictions += r.client_evictions as u64;
        l.demoted += self.demotions.transfers(r.demotions, r.demotions_moved);
        l.commands += self.demotions.commands(r.demotions, r.demotions_moved);
        let array = &mut self.nodes[root];
        let rc = &mut array.counters;
        rc.demotions_in += r.demotions as u64;
        rc.demotions_moved_in += r.demotions_moved as u64;
        rc.evictions += r.array_evictions as u64;
        match level {
            0 => {}
            1 => rc.hits += 1,
            _ => {
                rc.misses += 1;
                array.crossing += 1;
                let disk = array.disk.as_mut().expect("roots have disks");
                if !f.from_disk {
                    f.from_disk = true;
                    f.disk_ns = disk.request_ns();
                }
                f.disk_ns += disk.block_ns(b);
            }
        }
        f.deepest = f.deepest.max(level);
        let stats = &mut self.clients[client].counters;
        match stats.blocks_served_at.get_mut(level) {
            Some(at) => *at += 1,
            None => stats.disk_blocks += 1,
        }
    }
}
