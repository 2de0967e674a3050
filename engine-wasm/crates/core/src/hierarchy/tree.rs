//! A forest of caches (paper 002 §2): clients at the leaves, each with its own cache, optional
//! middle tiers, and roots (arrays) that sit on their own disks. Every cache has its own policy
//! and size, and the link to its parent (or, for a root, to its disk) its own cost.
//!
//! A read from client c walks the path from c's cache to its root:
//! 1. the client cache looks every block up; if all are there, that is the hit;
//! 2. otherwise the client first makes room — under DEMOTE each victim goes one level up, to
//!    that cache's "eject me last" end (or is just moved there if the parent holds it already;
//!    no data moves); a parent that must evict to take it demotes its own victim further up,
//!    and a root's victims are dropped;
//! 3. each block the client lacked at lookup is looked up level by level; the first level
//!    holding it serves it (the disk if none does). Then
//!    - inclusive (protocol none): every level below it keeps a copy at its policy's miss end
//!      (paper 002's READ-SAVE), dropping its victims;
//!    - DEMOTE (exclusive): a middle tier hands the block down and forgets it (paper 002's
//!      READ); the root treats a hit as its policy says (paper 000: an MRU array puts it next in
//!      line); a block read from disk enters the root at its miss end; the client inserts it.
//!      Every victim is demoted one level up, as in step 2.
//!
//! With one client and two levels this is exactly [`TwoLevel`](super::TwoLevel) — the tests
//! check it request for request — and with DEMOTE and MRU insertion above an LRU client a whole
//! path is one LRU of the summed sizes less one (paper 000 §4.1's N_c + N_a − 1, generalised).
//!
//! Latency: the client's lookup cost, plus on each link the transfer of the blocks that crossed
//! it in one batch (fetches, and DEMOTEs that moved data), plus the disk when a block reached it.

use serde::Serialize;

use super::mc2::Mc2;
use super::{Disk, Du, LatencyHistogram, LinkConfig, Protocol};
use crate::model::{Block, Op, WriteHint};
use crate::policy::{End, Policy};

/// One cache of the forest as the caller describes it.
pub struct CacheSpec {
    pub policy: Box<dyn Policy>,
    /// The cache above, or `None` for a root on its own disk.
    pub parent: Option<usize>,
    /// The link to the parent (or, for a root, to its disk); `None` costs nothing — e.g. a
    /// root whose disk service time already includes its bus.
    pub link: Option<LinkConfig>,
    /// A root's disk (ignored for the others).
    pub disk: Option<super::DiskConfig>,
}

/// Counts of one cache.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CacheCounters {
    /// Block lookups answered here / not.
    pub hits: u64,
    pub misses: u64,
    /// DEMOTEs received, and those that moved data.
    pub demotions_in: u64,
    pub demotions_moved_in: u64,
    pub evictions: u64,
    /// HA_R: evictions of the caches below that this cache reloaded from its root's disk.
    pub reloads: u64,
    /// Bytes over the link above this cache (fetches, writes and DEMOTEs that moved data).
    pub link_bytes: u64,
}

/// Counts of one client's measured requests.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientCounters {
    pub requests: u64,
    pub reads: u64,
    pub writes: u64,
    /// Read requests served at each level of the client's path (0 = its own cache)…
    pub served_at: Vec<u64>,
    /// …and by the disk.
    pub disk_reads: u64,
    /// Blocks referenced by reads, and where each was found (a request of n blocks counts n).
    pub block_reads: u64,
    pub blocks_served_at: Vec<u64>,
    pub disk_blocks: u64,
    pub latency_sum_ns: u64,
}

impl ClientCounters {
    fn new(levels: usize) -> Self {
        Self { served_at: vec![0; levels], blocks_served_at: vec![0; levels], ..Default::default() }
    }
}

struct Node {
    policy: Box<dyn Policy>,
    parent: Option<usize>,
    /// The link above this cache (`None`: free), with the one-block cost precomputed.
    link: Option<LinkConfig>,
    one_block_ns: u64,
    disk: Option<Disk>,
    counters: CacheCounters,
    victims: Vec<Block>,
}

/// A FIFO server of the queueing model: [`Tree::stages`] lists, for the request just served,
/// which servers it used in order and for how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    /// `Tree::WIRE + i`: the link above cache i (its bandwidth part; a root's link to its disk
    /// whole); `Tree::CONTROLLER`-range: cache i's controller, which pays the fixed cost of
    /// every transfer over the links below it, so clients sharing a cache queue there;
    /// `Tree::DISK`-range: a root's disk. [`Stage::DELAY`] is a pure delay (the client's own
    /// lookup), no server.
    pub server: u32,
    pub ns: u64,
}

impl Stage {
    pub const DELAY: u32 = u32::MAX;
}

pub struct Tree {
    nodes: Vec<Node>,
    /// Per client: the path of cache indices from its own cache to its root.
    paths: Vec<Vec<usize>>,
    protocol: Protocol,
    du: Option<Du>,
    client_hit_ns: u64,
    block_bytes: u64,
    pub clients: Vec<ClientCounters>,
    pub histograms: Vec<LatencyHistogram>,
    /// Scratch, per cache index: blocks crossing its upward link in the current request —
    /// fetched or written data, and DEMOTEs that moved data (two transfers, each with its own
    /// fixed cost, as paper 000's eq. 1 charges them).
    crossing: Vec<u32>,
    demoted: Vec<u32>,
    /// Scratch: the blocks of the current request the client did not hold at lookup.
    missing: Vec<Block>,
    pending: Vec<(usize, Block)>,
    /// AC_CA's victim candidates.
    candidates: Vec<Block>,
    /// The last request: its client, operation, disk time and HA_R reloads (for [`Tree::stages`]).
    last: (usize, Op, u64, u32),
    /// When on, each lookup above a client of the last request: (cache, block) — the stream
    /// each shared cache really sees, for its stack-depth graph.
    record_lookups: bool,
    lookups: Vec<(u32, Block)>,
    /// Under MC², the partitions of every client cache and the array (the caches' own
    /// policies are then unused).
    mc2: Option<Box<Mc2>>,
}

impl Tree {
    /// `clients[i]` is client i's own cache. Errors name the problem: a parent out of range,
    /// a cycle, a root without a disk, a client sharing another client's cache.
    pub fn new(
        caches: Vec<CacheSpec>,
        clients: &[usize],
        protocol: Protocol,
        client_hit_ms: f64,
        block_bytes: u32,
    ) -> Result<Self, String> {
        if protocol == Protocol::AcCc {
            return Err("AC_CC places each block by one client's reuse distance over one array: use the \
                 two-level topology"
                .into());
        }
        let n = caches.len();
        for (i, c) in caches.iter().enumerate() {
            match c.parent {
                Some(p) if p >= n => return Err(format!("cache {i}: parent {p} does not exist")),
                Some(p) if p == i => return Err(format!("cache {i} is its own parent")),
                None if c.disk.is_none() => return Err(format!("cache {i} has no parent and no disk")),
                _ => {}
            }
        }
        let mut paths = Vec::with_capacity(clients.len());
        for (ci, &leaf) in clients.iter().enumerate() {
            if leaf >= n {
                return Err(format!("client {ci}: cache {leaf} does not exist"));
            }
            if clients[..ci].contains(&leaf) {
                return Err(format!("client {ci} shares cache {leaf} with another client"));
            }
            let mut path = vec![leaf];
            while let Some(p) = caches[*path.last().expect("non-empty")].parent {
                if path.contains(&p) {
                    return Err(format!("client {ci}: the caches above it form a cycle through cache {p}"));
                }
                path.push(p);
            }
            paths.push(path);
        }
        let nodes = caches
            .into_iter()
            .map(|c| Node {
                one_block_ns: c.link.map_or(0, |l| l.transfer_ns(block_bytes as u64)),
                link: c.link,
                disk: if c.parent.is_none() { c.disk.map(|d| Disk::new(d, block_bytes)) } else { None },
                parent: c.parent,
                policy: c.policy,
                counters: CacheCounters::default(),
                victims: Vec::with_capacity(16),
            })
            .collect::<Vec<_>>();
        let clients_counters = paths.iter().map(|p| ClientCounters::new(p.len())).collect();
        Ok(Self {
            crossing: vec![0; nodes.len()],
            demoted: vec![0; nodes.len()],
            missing: Vec::with_capacity(64),
            nodes,
            histograms: (0..paths.len()).map(|_| LatencyHistogram::default()).collect(),
            paths,
            protocol,
            du: None,
            client_hit_ns: (client_hit_ms * 1e6).round() as u64,
            block_bytes: block_bytes as u64,
            clients: clients_counters,
            pending: Vec::with_capacity(16),
            candidates: Vec::with_capacity(16),
            last: (0, Op::Read, 0, 0),
            record_lookups: false,
            lookups: Vec::new(),
            mc2: None,
        })
    }

    /// Paper 003's DU at every cache above the clients: what a cache sends up it drops, or
    /// keeps next in line for eviction.
    /// Records every lookup above the clients (see [`Tree::last_lookups`]).
    pub fn record_lookups(&mut self, on: bool) {
        self.record_lookups = on;
        self.lookups.clear();
    }

    /// With [`Tree::record_lookups`] on: the lookups of the last request in the caches above
    /// its client, in order, as (cache index, block).
    pub fn last_lookups(&self) -> &[(u32, Block)] {
        &self.lookups
    }

    /// Hands the caches to MC² (protocol `mc2`): every client's cache must sit directly on
    /// the same root, and `mc2` must know each client in order.
    pub fn with_mc2(mut self, mc2: Mc2) -> Result<Self, String> {
        let root = self.paths.first().map(|p| p[p.len() - 1]);
        if let Some(p) = self.paths.iter().find(|p| p.len() != 2 || Some(p[1]) != root) {
            return Err(format!(
                "MC² manages clients directly over one array: cache {} is not a client of the array",
                p[0]
            ));
        }
        self.mc2 = Some(Box::new(mc2));
        Ok(self)
    }

    /// MC²'s state, when it runs the caches.
    pub fn mc2(&self) -> Option<&Mc2> {
        self.mc2.as_deref()
    }

    /// Cache i's (blocks held, capacity): its policy's, or under MC² its partitions'.
    pub fn cache_size(&self, i: usize) -> (usize, usize) {
        match &self.mc2 {
            Some(m) => match self.paths.iter().position(|p| p[0] == i) {
                Some(c) => (m.client_len(c), m.client_capacity(c)),
                None => (m.array_len(), m.array_capacity()),
            },
            None => (self.nodes[i].policy.len(), self.nodes[i].policy.capacity()),
        }
    }

    pub fn with_du(mut self, du: Option<Du>) -> Self {
        self.du = du;
        self
    }

    pub const WIRE: u32 = 0;

    /// First controller server id (one per cache).
    pub fn controller_base(&self) -> u32 {
        self.nodes.len() as u32
    }

    /// First disk server id (one per cache; only roots use theirs).
    pub fn disk_base(&self) -> u32 {
        2 * self.nodes.len() as u32
    }

    /// How many server ids [`Tree::stages`] may name.
    pub fn servers(&self) -> usize {
        3 * self.nodes.len()
    }

    pub fn caches(&self) -> usize {
        self.nodes.len()
    }

    pub fn parent(&self, i: usize) -> Option<usize> {
        self.nodes[i].parent
    }

    /// A representative one-block read of cache i's root disk (HA_R's background reloads).
    pub fn nominal_disk_ns(&self, root: usize) -> u64 {
        self.nodes[root].disk.as_ref().map_or(0, |d| d.nominal_ns())
    }

    pub fn cache(&self, i: usize) -> &dyn Policy {
        self.nodes[i].policy.as_ref()
    }

    pub fn cache_counters(&self, i: usize) -> &CacheCounters {
        &self.nodes[i].counters
    }

    pub fn path(&self, client: usize) -> &[usize] {
        &self.paths[client]
    }

    /// Zeroes one client's counters and histogram (the end of its warm-up).
    pub fn reset_client(&mut self, client: usize) {
        let levels = self.clients[client].served_at.len();
        self.clients[client] = ClientCounters::new(levels);
        self.histograms[client].clear();
    }

    /// Zeroes every cache's counters.
    pub fn reset_caches(&mut self) {
        for n in &mut self.nodes {
            n.counters = CacheCounters::default();
        }
    }

    /// Zeroes every counter and histogram (end of warm-up); contents and disk state stay.
    pub fn reset_stats(&mut self) {
        for n in &mut self.nodes {
            n.counters = CacheCounters::default();
        }
        for c in &mut self.clients {
            *c = ClientCounters::new(c.served_at.len());
        }
        for h in &mut self.histograms {
            h.clear();
        }
    }

    fn link_ns(&self, node: usize, blocks: u32) -> u64 {
        match (blocks, self.nodes[node].link) {
            (0, _) | (_, None) => 0,
            (1, _) => self.nodes[node].one_block_ns,
            (n, Some(l)) => l.transfer_ns(n as u64 * self.block_bytes),
        }
    }

    /// Makes room in `leaf` for `incoming` more blocks before they are fetched: under DEMOTE
    /// each victim is demoted; under HA_R the parent reloads it from disk in the background;
    /// under AC_CA the victim is the first of the policy's next `k` the parent holds. The
    /// inclusive baseline lets the leaf's own insertions evict. Returns HA_R's reloads.
    fn make_room(&mut self, leaf: usize, incoming: u32) -> u32 {
        let cap = self.nodes[leaf].policy.capacity();
        let mut reloads = 0;
        match self.protocol {
            Protocol::None | Protocol::AcCc | Protocol::Mc2 => {}
            Protocol::Demote => {
                while self.nodes[leaf].policy.len() + incoming as usize > cap {
                    let Some(v) = self.nodes[leaf].policy.evict() else { break };
                    self.nodes[leaf].counters.evictions += 1;
                    self.demote(leaf, v);
                }
            }
            Protocol::HaR => {
                while self.nodes[leaf].policy.len() + incoming as usize > cap {
                    let Some(v) = self.nodes[leaf].policy.evict() else { break };
                    self.nodes[leaf].counters.evictions += 1;
                    let Some(p) = self.nodes[leaf].parent else { continue };
                    let node = &mut self.nodes[p];
                    if !node.policy.reposition(v, End::EjectLast) {
                        node.victims.clear();
                        node.policy.insert(v, End::EjectLast, &mut node.victims);
                        node.counters.evictions += node.victims.len() as u64;
                        node.counters.reloads += 1;
                        reloads += 1;
                    }
                }
            }
            Protocol::AcCa { k } => {
                let parent = self.nodes[leaf].parent;
                while self.nodes[leaf].policy.len() + incoming as usize > cap {
                    self.candidates.clear();
                    self.nodes[leaf].policy.candidates(k as usize, &mut self.candidates);
                    let Some(&first) = self.candidates.first() else { break };
                    let victim = match parent {
                        Some(p) => {
                            self.candidates.iter().copied().find(|&b| self.nodes[p].policy.contains(b)).unwrap_or(first)
                        }
                        None => first,
                    };
                    self.nodes[leaf].policy.remove(victim);
                    self.nodes[leaf].counters.evictions += 1;
                }
            }
        }
        reloads
    }

    /// Demotes `v` (evicted from `from`) to `from`'s parent, cascading: the parent's own
    /// victims go further up; a root's are dropped.
    fn demote(&mut self, from: usize, v: Block) {
        self.pending.clear();
        self.pending.push((from, v));
        while let Some((child, b)) = self.pending.pop() {
            let Some(p) = self.nodes[child].parent else { continue };
            self.nodes[p].counters.demotions_in += 1;
            if self.nodes[p].policy.reposition(b, End::EjectLast) {
                continue;
            }
            self.nodes[p].counters.demotions_moved_in += 1;
            self.demoted[child] += 1;
            let node = &mut self.nodes[p];
            node.victims.clear();
            node.policy.insert(b, End::EjectLast, &mut node.victims);
            node.counters.evictions += node.victims.len() as u64;
            let victims = std::mem::take(&mut node.victims);
            for &w in &victims {
                self.pending.push((p, w));
            }
            self.nodes[p].victims = victims;
        }
    }

    /// Inserts `b` into cache `i` at its miss end; its victims are demoted or dropped.
    /// A write reaching a hint-aware cache: its policy decides (paper 004); what it evicts to
    /// make room leaves the tree (a write is not a client's eviction to demote).
    fn write_hinted(&mut self, i: usize, b: Block, hint: Option<WriteHint>) {
        let node = &mut self.nodes[i];
        node.victims.clear();
        node.policy.write(b, hint, &mut node.victims);
        node.counters.evictions += node.victims.iter().filter(|&&v| v != b).count() as u64;
    }

    fn insert(&mut self, i: usize, b: Block) {
        let end = self.nodes[i].policy.miss_end();
        self.insert_at(i, b, end);
    }

    fn insert_at(&mut self, i: usize, b: Block, end: End) {
        let node = &mut self.nodes[i];
        node.victims.clear();
        node.policy.insert(b, end, &mut node.victims);
        node.counters.evictions += node.victims.len() as u64;
        if self.protocol == Protocol::Demote && !self.nodes[i].victims.is_empty() {
            let victims = std::mem::take(&mut self.nodes[i].victims);
            for &v in &victims {
                self.demote(i, v);
            }
            self.nodes[i].victims = victims;
        }
    }

    /// A cache above the client keeps a block it receives on the way up at its miss end — or,
    /// under DU, not at all (`drop`) or next in line (`lru-end`).
    fn keep_passing(&mut self, i: usize, b: Block) {
        match self.du {
            None => self.insert(i, b),
            Some(Du::Drop) => {}
            Some(Du::LruEnd) => self.insert_at(i, b, End::EjectNext),
        }
    }

    /// Under DU, a cache above the client lets go of a block it has just served up.
    fn let_go(&mut self, i: usize, b: Block) {
        match self.du {
            None => {}
            Some(Du::Drop) => {
                self.nodes[i].policy.remove(b);
            }
            Some(Du::LruEnd) => {
                self.nodes[i].policy.reposition(b, End::EjectNext);
            }
        }
    }

    /// Serves one request from `client`; returns (the deepest level a block reached — the path
    /// length for the disk; writes report the root — and the latency).
    pub fn serve_blocks<I: Iterator<Item = Block> + Clone>(
        &mut self,
        client: usize,
        op: Op,
        blocks: I,
    ) -> (usize, u64) {
        self.serve_hinted(client, op, None, None, blocks)
    }

    /// [`Tree::serve_blocks`] for a request that may carry a paper 004 write hint — the caches
    /// whose policy reads hints take each write through [`Policy::write`] — and a paper 002
    /// range, which MC² reads.
    pub fn serve_hinted<I: Iterator<Item = Block> + Clone>(
        &mut self,
        client: usize,
        op: Op,
        hint: Option<WriteHint>,
        range: Option<u32>,
        blocks: I,
    ) -> (usize, u64) {
        let path = std::mem::take(&mut self.paths[client]);
        for &c in &path {
            self.crossing[c] = 0;
            self.demoted[c] = 0;
        }
        self.lookups.clear();
        let (deepest, disk_ns, reloads) = match op {
            Op::Read if self.mc2.is_some() => self.read_mc2(client, &path, range, blocks),
            Op::Read => self.read(client, &path, blocks),
            Op::Write => self.write(&path, blocks, hint),
        };
        self.last = (client, op, disk_ns, reloads);
        let mut latency = self.client_hit_ns + disk_ns;
        for &c in &path {
            latency += self.link_ns(c, self.crossing[c]) + self.link_ns(c, self.demoted[c]);
            if self.nodes[c].link.is_some() {
                self.nodes[c].counters.link_bytes += (self.crossing[c] + self.demoted[c]) as u64 * self.block_bytes;
            }
        }
        let stats = &mut self.clients[client];
        stats.requests += 1;
        stats.latency_sum_ns += latency;
        match op {
            Op::Read if deepest == path.len() => stats.disk_reads += 1,
            Op::Read => stats.served_at[deepest] += 1,
            Op::Write => {}
        }
        match op {
            Op::Read => stats.reads += 1,
            Op::Write => stats.writes += 1,
        }
        self.histograms[client].record(latency);
        self.paths[client] = path;
        (deepest, latency)
    }

    fn read<I: Iterator<Item = Block>>(&mut self, client: usize, path: &[usize], blocks: I) -> (usize, u64, u32) {
        let leaf = path[0];
        let root = path[path.len() - 1];
        let mut missing = std::mem::take(&mut self.missing);
        missing.clear();
        let mut n = 0u64;
        for b in blocks {
            n += 1;
            if self.nodes[leaf].policy.on_hit(b) {
                self.nodes[leaf].counters.hits += 1;
            } else {
                self.nodes[leaf].counters.misses += 1;
                missing.push(b);
            }
        }
        let stats = &mut self.clients[client];
        stats.block_reads += n;
        stats.blocks_served_at[0] += n - missing.len() as u64;
        if missing.is_empty() {
            self.missing = missing;
            return (0, 0, 0);
        }
        // Room first (paper 000 §4.5): the demotions happen before the fetch.
        let reloads = self.make_room(leaf, missing.len() as u32);
        let (mut deepest, mut disk_ns) = (0, 0);
        // Only what was missing at lookup is fetched: a block the client held was served by it
        // even if making room has pushed it out since.
        for &b in &missing {
            // The first level above that holds it, else the disk.
            let mut found = path.len();
            for (level, &c) in path.iter().enumerate().skip(1) {
                if self.record_lookups {
                    self.lookups.push((c as u32, b));
                }
                if self.nodes[c].policy.on_hit(b) {
                    self.nodes[c].counters.hits += 1;
                    found = level;
                    break;
                }
                self.nodes[c].counters.misses += 1;
            }
            if found == path.len() {
                let disk = self.nodes[root].disk.as_mut().expect("roots have disks");
                if disk_ns == 0 {
                    disk_ns = disk.request_ns();
                }
                disk_ns += disk.block_ns(b);
            }
            deepest = deepest.max(found);
            match self.clients[client].blocks_served_at.get_mut(found) {
                Some(at) => *at += 1,
                None => self.clients[client].disk_blocks += 1,
            }
            // It crosses every link below where it was found (a root's link to its disk too).
            for &c in &path[..found] {
                self.crossing[c] += 1;
            }
            if self.protocol == Protocol::Demote {
                // Exclusive: a middle tier hands the block down (paper 002's READ moves it);
                // the root keeps what its policy says (paper 000: an MRU array puts it next in
                // line), and a block read from disk enters the root at its miss end.
                if found < path.len() - 1 && found > 0 {
                    self.nodes[path[found]].policy.remove(b);
                } else if found == path.len() - 1 && found > 0 {
                    self.let_go(root, b);
                }
                if found == path.len() && root != leaf {
                    self.keep_passing(root, b);
                }
                self.insert(leaf, b);
            } else {
                // Inclusive: every level below keeps a copy (READ-SAVE), from the top down.
                if (1..path.len()).contains(&found) {
                    self.let_go(path[found], b);
                }
                for level in (1..found).rev() {
                    self.keep_passing(path[level], b);
                }
                self.insert(leaf, b);
            }
        }
        self.missing = missing;
        (deepest, disk_ns, reloads)
    }

    /// MC²'s read: each block the client lacks comes from the array (READ or READ-SAVE, as
    /// its range's partitions say) or the disk; the client's victims are demoted.
    fn read_mc2<I: Iterator<Item = Block>>(
        &mut self,
        client: usize,
        path: &[usize],
        range: Option<u32>,
        blocks: I,
    ) -> (usize, u64, u32) {
        let (leaf, root) = (path[0], path[1]);
        let mut mc2 = self.mc2.take().expect("read_mc2 runs under MC²");
        let local = mc2.local(client, range);
        let (mut deepest, mut disk_ns, mut n) = (0, 0, 0);
        for b in blocks {
            n += 1;
            let r = mc2.read(client, local, b);
            let level = r.level as usize;
            let l = &mut self.nodes[leaf].counters;
            if level == 0 {
                l.hits += 1;
            } else {
                l.misses += 1;
                self.crossing[leaf] += 1;
                if self.record_lookups {
                    self.lookups.push((root as u32, b));
                }
            }
            l.evictions += r.client_evictions as u64;
            self.demoted[leaf] += r.demotions_moved;
            let rc = &mut self.nodes[root].counters;
            rc.demotions_in += r.demotions as u64;
            rc.demotions_moved_in += r.demotions_moved as u64;
            rc.evictions += r.array_evictions as u64;
            match level {
                0 => {}
                1 => rc.hits += 1,
                _ => {
                    rc.misses += 1;
                    self.crossing[root] += 1;
                    let disk = self.nodes[root].disk.as_mut().expect("roots have disks");
                    if disk_ns == 0 {
                        disk_ns = disk.request_ns();
                    }
                    disk_ns += disk.block_ns(b);
                }
            }
            deepest = deepest.max(level);
            match self.clients[client].blocks_served_at.get_mut(level) {
                Some(at) => *at += 1,
                None => self.clients[client].disk_blocks += 1,
            }
        }
        self.clients[client].block_reads += n;
        self.mc2 = Some(mc2);
        (deepest, disk_ns, 0)
    }

    /// Write-through with write-allocate at every level on the path; the root's cache absorbs
    /// it (no disk time). Returns the root's level.
    fn write<I: Iterator<Item = Block> + Clone>(
        &mut self,
        path: &[usize],
        blocks: I,
        hint: Option<WriteHint>,
    ) -> (usize, u64, u32) {
        let leaf = path[0];
        let mut missing = std::mem::take(&mut self.missing);
        missing.clear();
        let n = blocks.clone().count() as u32;
        let mut reloads = 0;
        // MC² leaves writes to a separate write cache (paper 002 §2): they pass through.
        if self.mc2.is_none() {
            if self.nodes[leaf].policy.uses_hints() {
                for b in blocks.clone() {
                    self.write_hinted(leaf, b, hint);
                }
            } else {
                missing.extend(blocks.clone().filter(|&b| !self.nodes[leaf].policy.on_hit(b)));
                reloads = self.make_room(leaf, missing.len() as u32);
                for &b in &missing {
                    self.insert(leaf, b);
                }
            }
            for b in blocks {
                for &c in &path[1..] {
                    if self.record_lookups {
                        self.lookups.push((c as u32, b));
                    }
                    if self.nodes[c].policy.uses_hints() {
                        self.write_hinted(c, b, hint);
                    } else if !self.nodes[c].policy.on_hit(b) {
                        self.insert(c, b);
                    }
                }
            }
        }
        self.missing = missing;
        // Write-through: every link on the path carries it (a root's link to its disk too, if
        // it has one; a root whose disk time includes its bus has none).
        for &c in path {
            self.crossing[c] += n;
        }
        (path.len() - 1, 0, reloads)
    }

    /// The FIFO servers the last request used, in order, with their service times; their sum
    /// is the request's additive latency. A request first pays its client's lookup, then its
    /// DEMOTEs' transfers leaf upwards, then the disk, then the fetched data's transfers down
    /// to the client (writes go up). A transfer over the link above cache i is its parent's
    /// controller (the link's fixed cost) then the wire (the bandwidth part); over a root's
    /// link to its disk, the wire only. HA_R's background reloads are not stages: see
    /// [`Tree::last_reloads`].
    pub fn stages(&self, out: &mut Vec<Stage>) {
        let (client, op, disk_ns, _) = self.last;
        let path = &self.paths[client];
        out.clear();
        out.push(Stage { server: Stage::DELAY, ns: self.client_hit_ns });
        let transfer = |out: &mut Vec<Stage>, c: usize, blocks: u32| {
            let total = self.link_ns(c, blocks);
            if total == 0 {
                return;
            }
            match (self.nodes[c].parent, self.nodes[c].link) {
                (Some(p), Some(l)) => {
                    let fixed = ((l.parameters().0 * 1000.0).round() as u64).min(total);
                    out.push(Stage { server: self.controller_base() + p as u32, ns: fixed });
                    out.push(Stage { server: Self::WIRE + c as u32, ns: total - fixed });
                }
                _ => out.push(Stage { server: Self::WIRE + c as u32, ns: total }),
            }
        };
        for &c in path.iter() {
            transfer(out, c, self.demoted[c]);
        }
        match op {
            Op::Read => {
                if disk_ns > 0 {
                    let root = path[path.len() - 1];
                    out.push(Stage { server: self.disk_base() + root as u32, ns: disk_ns });
                }
                for &c in path.iter().rev() {
                    transfer(out, c, self.crossing[c]);
                }
            }
            Op::Write => {
                for &c in path.iter() {
                    transfer(out, c, self.crossing[c]);
                }
            }
        }
    }

    /// HA_R reloads of the last request (each a background read of the client's root disk).
    pub fn last_reloads(&self) -> u32 {
        self.last.3
    }

    /// Every cache's invariants.
    pub fn check_invariants(&self) -> Result<(), String> {
        if let Some(m) = &self.mc2 {
            return m.check_invariants().map_err(|e| format!("MC²: {e}"));
        }
        for (i, n) in self.nodes.iter().enumerate() {
            n.policy.check_invariants().map_err(|e| format!("cache {i}: {e}"))?;
        }
        Ok(())
    }
}
