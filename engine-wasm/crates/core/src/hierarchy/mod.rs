//! The one hierarchy engine: caches (nodes) plus each client's path from its own cache to its
//! root, which sits on a disk. A single cache is a path of one, two levels a path of two, and a
//! forest — many clients, middle tiers, several arrays — any set of paths sharing their upper
//! caches (paper 002 §2). How the caches of a path cooperate is a [`protocol`], one file each.
//!
//! A read from client c walks c's path:
//! 1. the client's cache looks every block up; if all are there, that is the hit;
//! 2. otherwise the client first makes room, as its protocol says (under DEMOTE its victims
//!    move up before the fetch: paper 000 §4.5's three-block example only comes out in that
//!    order);
//! 3. each block the client lacked at lookup is looked up level by level; the first level that
//!    holds it serves it (the root's disk if none does) and the protocol places it ([`protocol::
//!    Cooperation::place`]). Only what was missing at lookup is fetched: a block the client held
//!    served the read even if making room has pushed it out since.
//!
//! A request of several blocks is served at the deepest level any of its blocks reached (a
//! multi-block read hits a level only if every block is there, SPEC §1). Writes are write-through
//! with write-allocate at every level of the path (blocks stay clean, so any victim may be
//! demoted); a hint-aware cache takes a write as its policy says (paper 004); the root absorbs it.
//!
//! Latency (paper 000 eq. 1): the client's lookup cost, plus on each link the transfer of the
//! blocks that crossed it in one batch — fetched or written data, and DEMOTEs that moved data
//! (two transfers, each with its own fixed cost) — plus the disk when a block reached it. In
//! queueing mode [`Hierarchy::stages`] lists the same costs as FIFO servers.
//!
//! Paper 003's SE: a request of importance 0 enters the client at its "eject me next" end, and,
//! where the protocol passes hints up (DEMOTE, AC_CC), the cache above that keeps it too.
//! Paper 003's DU applies at every cache above the clients (see [`Du`]). Paper 004's warm read
//! counters are kept per cache: read lookups after the cache first filled, and their hits.

pub mod disk;
pub mod histogram;
pub mod no_cache;
pub mod prefetch;
pub mod protocol;
pub mod queueing;
pub mod timing;

#[cfg(test)]
mod tests;

use serde::Serialize;

pub use disk::{Disk, DiskConfig, Mechanical};
pub use histogram::{HistogramReport, LatencyHistogram};
pub use no_cache::NoCache;
pub use prefetch::{BlockAddresses, PrefetchConfig, PrefetchCounts};
pub use protocol::{Du, Protocol, DEFAULT_AC_CA_K};
pub use queueing::{Arrivals, Queueing};
pub use timing::LinkConfig;

use crate::model::{Block, Op, WriteHint};
use crate::policy::{End, Policy};
use protocol::mc2::Mc2;
use protocol::{ac_ca::AcCa, ac_cc::AcCc, demote::Demote, ha_r::HaR, inclusive::Inclusive, Cooperation};

/// How a request of several blocks is served. Either way it is served at the deepest level
/// any of its blocks reached (a multi-block read hits a level only if every block is there,
/// SPEC §1), its transfers over each link are one batch, and the disk is paid once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum MultiBlock {
    /// Each block is referenced in order, as if it were a request of its own — what peer
    /// simulators do, and what a stack-depth curve counts: an LRU cache then hits exactly the
    /// blocks of depth ≤ its size.
    #[default]
    PerBlock,
    /// The client looks every block up, then the blocks it lacked are fetched and placed
    /// (version 1's behaviour, which version-1 documents keep).
    Atomic,
}

/// Whether a request pays for the DEMOTEs it causes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Demotions {
    /// On the request's path: paper 000 eq. 1 charges each transfer to the request that caused it.
    #[default]
    Charged,
    /// Off it, overlapped with the reads: paper 003 §5 charges neither the demotions of the
    /// aggressively-collaborative schemes nor the reloads of HA_R (which tiersim never charges),
    /// so that every approach is compared at its best. They still occupy the links (bytes).
    Hidden,
}

/// What a cache with CO (paper 003's cold-block rule) tells a hint-aware policy behind it
/// (paper 004: LRU+Hints, MQ+Hints, TQ) of a write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum CoWrites {
    /// The write with its hint, as without CO.
    #[default]
    Hinted,
    /// A plain reference, the hint dropped — what CO did before scenario version 4, which
    /// earlier documents keep.
    Plain,
}

/// What a DEMOTE of a block the cache above already holds sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum DemoteData {
    /// Nothing: the client learns the block is there and sends only the command.
    #[default]
    WhenAbsent,
    /// The block anyway — paper 000 §2's protocol: the client cannot know what the array
    /// holds, so it sends the data and "the array simply discards the data if it has already
    /// cached the demoted block".
    Always,
}

/// One cache as the caller describes it.
pub struct CacheSpec {
    pub policy: Box<dyn Policy>,
    /// The cache above, or `None` for a root on its own disk.
    pub parent: Option<usize>,
    /// The link to the parent (or, for a root, to its disk); `None` costs nothing — e.g. a
    /// root whose disk service time already includes its bus.
    pub link: Option<LinkConfig>,
    /// A root's disk (ignored for the others).
    pub disk: Option<DiskConfig>,
}

/// Counts of one cache.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CacheCounters {
    /// Block lookups of reads answered here / not.
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
    /// Write requests that reached this cache, and those by paper 004 hint (the write mix).
    pub writes: u64,
    pub synch_writes: u64,
    pub replace_writes: u64,
    pub recov_writes: u64,
    /// Paper 004 §5.1's read hit ratio "once the cache is warm": read lookups here after the
    /// cache first filled, and those it hit.
    pub warm_block_reads: u64,
    pub warm_block_hits: u64,
}

impl CacheCounters {
    fn count_write(&mut self, hint: Option<WriteHint>) {
        self.writes += 1;
        match hint {
            Some(WriteHint::Synch) => self.synch_writes += 1,
            Some(WriteHint::Replace) => self.replace_writes += 1,
            Some(WriteHint::Recov) => self.recov_writes += 1,
            None => {}
        }
    }
}

/// Counts of one client's measured requests.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientCounters {
    pub requests: u64,
    pub reads: u64,
    pub writes: u64,
    /// Write requests by paper 004 hint (unhinted writes are the rest of `writes`).
    pub synch_writes: u64,
    pub replace_writes: u64,
    pub recov_writes: u64,
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

pub(crate) struct Node {
    pub(crate) policy: Box<dyn Policy>,
    pub(crate) parent: Option<usize>,
    /// The link above this cache (`None`: free), with the one-block cost precomputed.
    link: Option<LinkConfig>,
    one_block_ns: u64,
    disk: Option<Disk>,
    pub(crate) counters: CacheCounters,
    /// Its policy reads write hints (paper 004): writes are its to place.
    hinted: bool,
    victims: Vec<Block>,
    /// Has been full at the start of some request (paper 004's warm counters).
    warm: bool,
    /// Two or more clients below (AC_CC's placements here must check the others' caches).
    shared: bool,
    /// Blocks crossing the link above this cache in the current request — fetched or written
    /// data — and DEMOTEs that moved data over it (two transfers, each with its own fixed
    /// cost, as paper 000's eq. 1 charges them).
    crossing: u32,
    demoted: u32,
    /// Its prefetching, if any ([`prefetch`]).
    prefetch: Option<Box<prefetch::Prefetcher>>,
}

impl Node {
    /// The time to move `blocks` blocks over the link above this cache in one transfer.
    #[inline(always)]
    fn link_ns(&self, blocks: u32, block_bytes: u64) -> u64 {
        match blocks {
            0 => 0,
            1 => self.one_block_ns,
            n => self.link.map_or(0, |l| l.transfer_ns(n as u64 * block_bytes)),
        }
    }
}

/// One client's counters and latency histogram.
struct ClientState {
    counters: ClientCounters,
    histogram: LatencyHistogram,
}

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

/// The caches and the per-request scratch the protocols work on.
pub struct Core {
    pub(crate) nodes: Vec<Node>,
    du: Option<Du>,
    se: bool,
    /// The current request is unimportant (SE on, importance 0).
    cold: bool,
    /// Victims of insertions above the client move up (the protocol is exclusive).
    exclusive: bool,
    /// A request of several blocks references them one after another, each looked up, fetched
    /// and placed before the next (rather than all looked up, then all fetched).
    per_block: bool,
    /// DEMOTE transfers are off the request's path ([`Demotions::Hidden`]).
    demotions_hidden: bool,
    /// Every DEMOTE sends its block ([`DemoteData::Always`]).
    demote_always: bool,
    client_hit_ns: u64,
    block_bytes: u64,
    clients: Vec<ClientState>,
    /// The blocks of the current read the client lacked at lookup, and where each belongs.
    missing: Vec<Block>,
    targets: Vec<u8>,
    pub(crate) candidates: Vec<Block>,
    /// When on, each lookup above a client in the last request: (cache, block) — the stream
    /// each shared cache really sees, for its stack-depth graph and offline policies.
    record_lookups: bool,
    lookups: Vec<(u32, Block)>,
    /// Caches not yet warm (paper 004's counters): while any is, each request checks its path.
    cold_caches: usize,
    /// Every path holds a block at most once (AC_CC): placements and demotions into a cache
    /// shared by several clients check the others' caches below it.
    one_level: bool,
    /// Per cache: the caches below it (AC_CC's checks across clients).
    below: Vec<Vec<usize>>,
    /// Some cache prefetches: reads note what they looked up where (`seen`), prefetches follow
    /// each request ([`Core::prefetch_after`]), insertions settle prefetch marks.
    prefetching: bool,
    successors: prefetch::Successors,
    /// The current read's lookups at caches that prefetch: (cache, block, hit).
    seen: Vec<(u32, Block, bool)>,
    ahead: Vec<Block>,
    saved_moves: Vec<(u32, u32)>,
    /// The disk time of the last request's prefetches (a background read of its root's disk).
    prefetch_disk_ns: u64,
}

/// The cooperation protocol of a hierarchy, with its state.
enum Coop {
    Inclusive(Inclusive),
    Demote(Demote),
    HaR(HaR),
    AcCa(AcCa),
    AcCc(Box<AcCc>),
    Mc2(Box<Mc2>),
}

/// The last request: its client, operation, disk time and HA_R reloads (for [`Hierarchy::stages`]).
#[derive(Clone, Copy)]
struct Last {
    client: usize,
    op: Op,
    deepest: usize,
    disk_ns: u64,
    reloads: u32,
}

pub struct Hierarchy {
    core: Core,
    /// Per client: the path of cache indices from its own cache to its root.
    paths: Vec<Box<[usize]>>,
    coop: Coop,
    /// The last request, kept for [`Hierarchy::stages`] when `staged` (queueing mode).
    last: Last,
    staged: bool,
}

/// What a request carries besides its blocks.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Meta {
    pub op: Op,
    pub write_hint: Option<WriteHint>,
    /// Paper 002's range (MC² reads it).
    pub range: Option<u32>,
    /// Paper 003's semantic importance (SE reads it).
    pub importance: Option<u8>,
}

impl Meta {
    pub fn of(r: &crate::model::Request) -> Self {
        Self { op: r.op, write_hint: r.write_hint, range: r.range, importance: r.importance }
    }

    pub fn op(op: Op) -> Self {
        Self { op, ..Self::default() }
    }
}

impl Hierarchy {
    /// `clients[i]` is client i's own cache. Errors name the problem: a parent out of range,
    /// a cycle, a root without a disk, a client sharing another client's cache, or MC² over
    /// anything but clients directly on one array (`mc2` builds MC² from the paths).
    pub fn new(
        caches: Vec<CacheSpec>,
        clients: &[usize],
        protocol: Protocol,
        client_hit_ms: f64,
        block_bytes: u32,
    ) -> Result<Self, String> {
        let n = caches.len();
        for (i, c) in caches.iter().enumerate() {
            match c.parent {
                Some(p) if p >= n => return Err(format!("cache {i}: parent {p} does not exist")),
                Some(p) if p == i => return Err(format!("cache {i} is its own parent")),
                None if c.disk.is_none() => return Err(format!("cache {i} has no parent and no disk")),
                _ => {}
            }
        }
        let mut paths: Vec<Box<[usize]>> = Vec::with_capacity(clients.len());
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
            paths.push(path.into_boxed_slice());
        }
        let clients_below = |i: usize| paths.iter().filter(|p| p.contains(&i)).count();
        let below: Vec<Vec<usize>> = (0..n)
            .map(|i| {
                (0..n)
                    .filter(|&j| {
                        let mut at = j;
                        while let Some(p) = caches[at].parent {
                            if p == i {
                                return true;
                            }
                            at = p;
                            if at == j {
                                break;
                            }
                        }
                        false
                    })
                    .collect()
            })
            .collect();
        let nodes: Vec<Node> = caches
            .into_iter()
            .enumerate()
            .map(|(i, mut c)| Node {
                hinted: c.policy.reads_hints(),
                one_block_ns: c.link.map_or(0, |l| l.transfer_ns(block_bytes as u64)),
                link: c.link,
                disk: if c.parent.is_none() { c.disk.map(|d| Disk::new(d, block_bytes)) } else { None },
                parent: c.parent,
                policy: c.policy,
                counters: CacheCounters::default(),
                victims: Vec::with_capacity(16),
                warm: false,
                shared: clients_below(i) > 1,
                crossing: 0,
                demoted: 0,
                prefetch: None,
            })
            .collect();
        let capacities: Vec<usize> = nodes.iter().map(|n| n.policy.capacity()).collect();
        let coop = match protocol {
            Protocol::None => Coop::Inclusive(Inclusive),
            Protocol::Demote => Coop::Demote(Demote),
            Protocol::HaR => Coop::HaR(HaR),
            Protocol::AcCa { k } => Coop::AcCa(AcCa { k }),
            Protocol::AcCc => Coop::AcCc(Box::new(AcCc::new(&paths, &capacities))),
            Protocol::Mc2 { .. } => {
                let root = paths.first().map(|p| p[p.len() - 1]);
                if let Some(p) = paths.iter().find(|p| p.len() != 2 || Some(p[1]) != root) {
                    return Err(format!(
                        "MC² manages clients directly over one array: cache {} is not a client of the array",
                        p[0]
                    ));
                }
                // A placeholder until `with_mc2` hands the partitions in.
                Coop::Inclusive(Inclusive)
            }
        };
        let exclusive = matches!(protocol, Protocol::Demote | Protocol::AcCc);
        let core = Core {
            missing: Vec::with_capacity(64),
            targets: Vec::with_capacity(64),
            clients: paths
                .iter()
                .map(|p| ClientState { counters: ClientCounters::new(p.len()), histogram: LatencyHistogram::default() })
                .collect(),
            nodes,
            du: None,
            se: false,
            cold: false,
            exclusive,
            per_block: false,
            demotions_hidden: false,
            demote_always: false,
            client_hit_ns: (client_hit_ms * 1e6).round() as u64,
            block_bytes: block_bytes as u64,
            candidates: Vec::with_capacity(16),
            record_lookups: false,
            lookups: Vec::new(),
            cold_caches: n,
            one_level: protocol == Protocol::AcCc,
            below,
            prefetching: false,
            successors: prefetch::Successors::linear(0),
            seen: Vec::new(),
            ahead: Vec::new(),
            saved_moves: Vec::new(),
            prefetch_disk_ns: 0,
        };
        let last = Last { client: 0, op: Op::Read, deepest: 0, disk_ns: 0, reloads: 0 };
        Ok(Self { core, paths, coop, last, staged: false })
    }

    /// Paper 003's DU at every cache above the clients.
    pub fn with_du(mut self, du: Option<Du>) -> Self {
        self.core.du = du;
        self
    }

    /// Keeps what [`Hierarchy::stages`] and [`Hierarchy::last_reloads`] need of each request
    /// (the queueing model times requests by their stages).
    pub fn with_stages(mut self, on: bool) -> Self {
        self.staged = on;
        self
    }

    /// How DEMOTEs are paid for and what they send (see [`Demotions`], [`DemoteData`]).
    pub fn with_demotions(mut self, cost: Demotions, data: DemoteData) -> Self {
        self.core.demotions_hidden = cost == Demotions::Hidden;
        self.core.demote_always = data == DemoteData::Always;
        self
    }

    /// How a request of several blocks is served (see [`MultiBlock`]).
    pub fn with_multi_block(mut self, m: MultiBlock) -> Self {
        self.core.per_block = m == MultiBlock::PerBlock;
        self
    }

    /// Paper 003's SE (see the module docs).
    pub fn with_se(mut self, se: bool) -> Self {
        self.core.se = se;
        self
    }

    /// Each cache's prefetching (`configs[i]`, `None`: none) over the address space whose next
    /// blocks `successors` gives. Not under MC² or AC_CC, which place blocks themselves (the
    /// scenario's checks refuse those).
    pub(crate) fn with_prefetch(
        mut self,
        configs: &[Option<PrefetchConfig>],
        successors: prefetch::Successors,
        universe: usize,
    ) -> Self {
        let clients = self.paths.len();
        for (node, c) in self.core.nodes.iter_mut().zip(configs) {
            node.prefetch = c.as_ref().map(|c| Box::new(prefetch::Prefetcher::new(c, universe, clients)));
        }
        self.core.prefetching = configs.iter().any(Option::is_some);
        self.core.successors = successors;
        self
    }

    /// What cache `i`'s prefetching did, when it prefetches.
    pub fn prefetch(&self, i: usize) -> Option<PrefetchCounts> {
        let node = &self.core.nodes[i];
        node.prefetch.as_ref().map(|p| p.counts(|b| node.policy.contains(b)))
    }

    /// The disk time of the last request's prefetches: a background read of its client's root
    /// disk, off the request's path (queueing mode lets it occupy the disk).
    pub fn last_prefetch_ns(&self) -> u64 {
        self.core.prefetch_disk_ns
    }

    /// Hands the caches to MC² (protocol `mc2`), which must know each client in order.
    pub fn with_mc2(mut self, mc2: Mc2) -> Self {
        self.coop = Coop::Mc2(Box::new(mc2));
        self
    }

    /// MC²'s state, when it runs the caches.
    pub fn mc2(&self) -> Option<&Mc2> {
        match &self.coop {
            Coop::Mc2(m) => Some(m),
            _ => None,
        }
    }

    /// Records every lookup above the clients (see [`Hierarchy::last_lookups`]).
    pub fn record_lookups(&mut self, on: bool) {
        self.core.record_lookups = on;
        self.core.lookups.clear();
    }

    /// With [`Hierarchy::record_lookups`] on: the lookups of the last request in the caches
    /// above its client, in order, as (cache index, block).
    pub fn last_lookups(&self) -> &[(u32, Block)] {
        &self.core.lookups
    }

    pub fn clients(&self) -> usize {
        self.paths.len()
    }

    pub fn client_counters(&self, client: usize) -> &ClientCounters {
        &self.core.clients[client].counters
    }

    pub fn histogram(&self, client: usize) -> &LatencyHistogram {
        &self.core.clients[client].histogram
    }

    /// Cache i's (blocks held, capacity): its policy's, or under MC² its partitions'.
    pub fn cache_size(&self, i: usize) -> (usize, usize) {
        match &self.coop {
            Coop::Mc2(m) => match self.paths.iter().position(|p| p[0] == i) {
                Some(c) => (m.client_len(c), m.client_capacity(c)),
                None => (m.array_len(), m.array_capacity()),
            },
            _ => (self.core.nodes[i].policy.len(), self.core.nodes[i].policy.capacity()),
        }
    }

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

    pub fn caches(&self) -> usize {
        self.core.nodes.len()
    }

    pub fn parent(&self, i: usize) -> Option<usize> {
        self.core.nodes[i].parent
    }

    /// A representative one-block read of cache i's root disk (labels, HA_R's background reloads).
    pub fn nominal_disk_ns(&self, root: usize) -> u64 {
        self.core.nodes[root].disk.as_ref().map_or(0, |d| d.nominal_ns())
    }

    /// One block over the link above cache i (0 if it has none).
    pub fn one_block_link_ns(&self, i: usize) -> u64 {
        self.core.nodes[i].one_block_ns
    }

    pub fn client_hit_ns(&self) -> u64 {
        self.core.client_hit_ns
    }

    pub fn cache(&self, i: usize) -> &dyn Policy {
        self.core.nodes[i].policy.as_ref()
    }

    /// Cache i's policy, to set up a start state by hand (the teaching stepper).
    pub(crate) fn cache_mut(&mut self, i: usize) -> &mut dyn Policy {
        self.core.nodes[i].policy.as_mut()
    }

    pub fn cache_counters(&self, i: usize) -> &CacheCounters {
        &self.core.nodes[i].counters
    }

    /// What cache `i`'s admission filter let in and turned away, when it has one.
    pub fn admission(&self, i: usize) -> Option<crate::policy::admission::AdmissionCounts> {
        self.core.nodes[i].policy.admission()
    }

    pub fn path(&self, client: usize) -> &[usize] {
        &self.paths[client]
    }

    /// Zeroes one client's counters and histogram (the end of its warm-up).
    pub fn reset_client(&mut self, client: usize) {
        let state = &mut self.core.clients[client];
        state.counters = ClientCounters::new(state.counters.served_at.len());
        state.histogram.clear();
    }

    /// Zeroes every cache's counters.
    pub fn reset_caches(&mut self) {
        for n in &mut self.core.nodes {
            n.counters = CacheCounters::default();
            if let Some(p) = &mut n.prefetch {
                p.reset();
            }
        }
    }

    /// Serves one generated request (its blocks consecutive) from `client`; returns (the
    /// deepest level a block reached — the path's length for the disk; writes report the root
    /// — and the latency).
    #[inline(always)]
    pub fn serve(&mut self, client: usize, r: &crate::model::Request) -> (usize, u64) {
        self.serve_blocks(client, Meta::of(r), r.blocks())
    }

    /// Serves one request of `blocks` (not necessarily consecutive, as trace readers give them).
    #[inline(always)]
    pub fn serve_blocks<I: Iterator<Item = Block> + Clone>(
        &mut self,
        client: usize,
        meta: Meta,
        blocks: I,
    ) -> (usize, u64) {
        struct One<I> {
            client: usize,
            meta: Meta,
            blocks: Option<I>,
            out: (usize, u64),
        }
        impl<I: Iterator<Item = Block> + Clone> Driver for One<I> {
            #[inline(always)]
            fn drive<P: Cooperation>(&mut self, mut e: Engine<'_, P>) {
                let blocks = self.blocks.take().expect("driven once");
                self.out = e.serve_blocks(self.client, self.meta, blocks);
            }
        }
        let mut one = One { client, meta, blocks: Some(blocks), out: (0, 0) };
        self.drive(&mut one);
        one.out
    }

    /// Hands `driver` the hierarchy with its protocol's type known, so that a loop of requests
    /// inside [`Driver::drive`] is compiled for that protocol: no dispatch per request.
    #[inline(always)]
    pub(crate) fn drive<D: Driver>(&mut self, driver: &mut D) {
        let (core, paths) = (&mut self.core, &self.paths[..]);
        let last = self.staged.then_some(&mut self.last);
        match &mut self.coop {
            Coop::Inclusive(p) => driver.drive(Engine { core, paths, p, last }),
            Coop::Demote(p) => driver.drive(Engine { core, paths, p, last }),
            Coop::HaR(p) => driver.drive(Engine { core, paths, p, last }),
            Coop::AcCa(p) => driver.drive(Engine { core, paths, p, last }),
            Coop::AcCc(p) => driver.drive(Engine { core, paths, p: p.as_mut(), last }),
            Coop::Mc2(p) => driver.drive(Engine { core, paths, p: p.as_mut(), last }),
        }
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
        let transfer = |out: &mut Vec<Stage>, c: usize, blocks: u32| {
            let total = core.nodes[c].link_ns(blocks, core.block_bytes);
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
        if !core.demotions_hidden {
            for &c in path.iter() {
                transfer(out, c, core.nodes[c].demoted);
            }
        }
        match op {
            Op::Read => {
                if disk_ns > 0 {
                    let root = path[path.len() - 1];
                    out.push(Stage { server: self.disk_base() + root as u32, ns: disk_ns });
                }
                for &c in path.iter().rev() {
                    transfer(out, c, core.nodes[c].crossing);
                }
            }
            Op::Write => {
                for &c in path.iter() {
                    transfer(out, c, core.nodes[c].crossing);
                }
            }
        }
    }

    /// HA_R reloads of the last request (each a background read of the client's root disk;
    /// kept only [`Hierarchy::with_stages`]).
    pub fn last_reloads(&self) -> u32 {
        self.last.reloads
    }

    /// Every cache's invariants; under AC_CC also that no path holds a block twice.
    pub fn check_invariants(&self) -> Result<(), String> {
        if let Coop::Mc2(m) = &self.coop {
            return m.check_invariants().map_err(|e| format!("MC²: {e}"));
        }
        for (i, n) in self.core.nodes.iter().enumerate() {
            n.policy.check_invariants().map_err(|e| format!("cache {i}: {e}"))?;
        }
        if let Coop::AcCc(_) = &self.coop {
            self.check_one_level_per_path()?;
        }
        Ok(())
    }

    /// No block in two caches of one path (AC_CC's invariant).
    pub fn check_one_level_per_path(&self) -> Result<(), String> {
        let mut blocks = Vec::new();
        for (c, path) in self.paths.iter().enumerate() {
            let mut seen: Vec<(Block, usize)> = Vec::new();
            for &i in path.iter() {
                blocks.clear();
                self.core.nodes[i].policy.contents(&mut blocks);
                seen.extend(blocks.iter().map(|&b| (b, i)));
            }
            seen.sort_unstable();
            if let Some(w) = seen.windows(2).find(|w| w[0].0 == w[1].0) {
                return Err(format!("client {c}: block {} is in caches {} and {} of its path", w[0].0, w[0].1, w[1].1));
            }
        }
        Ok(())
    }
}

/// What a read's fetches added up to: the deepest level reached and the disk's time.
#[derive(Default)]
struct Fetch {
    deepest: usize,
    disk_ns: u64,
    from_disk: bool,
}

/// The hierarchy with its protocol `P` known (see [`Hierarchy::drive`]).
pub(crate) struct Engine<'a, P: Cooperation> {
    core: &'a mut Core,
    paths: &'a [Box<[usize]>],
    p: &'a mut P,
    last: Option<&'a mut Last>,
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
        if self.cold_caches > 0 {
            for &c in path {
                let node = &mut self.nodes[c];
                if !node.warm && node.policy.len() >= node.policy.capacity() {
                    node.warm = true;
                    self.cold_caches -= 1;
                }
            }
        }
        if self.record_lookups {
            self.lookups.clear();
        }
        if self.se {
            self.cold = meta.importance == Some(0);
        }
        let one_block = blocks.size_hint() == (1, Some(1));
        if self.prefetching {
            self.seen.clear();
            if meta.op == Op::Write {
                self.prefetch_overwritten(path, blocks.clone());
            }
        }
        let (deepest, disk_ns, reloads) = match meta.op {
            Op::Read => p.read(self, client, path, meta.range, blocks),
            Op::Write => {
                for &c in path {
                    self.nodes[c].counters.count_write(meta.write_hint);
                }
                let (deepest, reloads) = p.write(self, path, meta.write_hint, blocks);
                (deepest, 0, reloads)
            }
        };
        let mut latency = self.client_hit_ns + disk_ns;
        // A read its client's cache served sent nothing over any link.
        if deepest > 0 || meta.op == Op::Write {
            for &c in path {
                let node = &mut self.nodes[c];
                let moved = node.crossing + node.demoted;
                if moved > 0 {
                    latency += node.link_ns(node.crossing, self.block_bytes);
                    if !self.demotions_hidden {
                        latency += node.link_ns(node.demoted, self.block_bytes);
                    }
                    if node.link.is_some() {
                        node.counters.link_bytes += moved as u64 * self.block_bytes;
                    }
                }
            }
        }
        let ClientState { counters: stats, histogram } = &mut self.clients[client];
        stats.requests += 1;
        stats.latency_sum_ns += latency;
        match meta.op {
            Op::Read => {
                stats.reads += 1;
                // A one-block read's block is where the request was served.
                let counted = one_block && P::COUNTS_ONE_BLOCK;
                stats.block_reads += counted as u64;
                if deepest == path.len() {
                    stats.disk_reads += 1;
                    stats.disk_blocks += counted as u64;
                } else {
                    stats.served_at[deepest] += 1;
                    stats.blocks_served_at[deepest] += counted as u64;
                }
            }
            Op::Write => {
                stats.writes += 1;
                match meta.write_hint {
                    Some(WriteHint::Synch) => stats.synch_writes += 1,
                    Some(WriteHint::Replace) => stats.replace_writes += 1,
                    Some(WriteHint::Recov) => stats.recov_writes += 1,
                    None => {}
                }
            }
        }
        histogram.record(latency);
        if self.prefetching {
            self.prefetch_after(client, path);
        }
        (deepest, latency, disk_ns, reloads)
    }

    /// A read's lookup of `b` at cache `i`, noted for the prefetching that follows the request.
    #[inline(always)]
    fn saw(&mut self, i: usize, b: Block, hit: bool) {
        if self.prefetching && self.nodes[i].prefetch.is_some() {
            self.seen.push((i as u32, b, hit));
        }
    }

    /// Before `b` enters cache `i` other than by a prefetch: a prefetch mark on it is settled
    /// (it can only be there if the prefetched copy left unread).
    #[inline(always)]
    fn settle_before_insert(&mut self, i: usize, b: Block) {
        if self.prefetching {
            self.settle_mark(i, b);
        }
    }

    #[inline(never)]
    fn settle_mark(&mut self, i: usize, b: Block) {
        let node = &mut self.nodes[i];
        if let Some(p) = &mut node.prefetch {
            if p.is_marked(b) && !node.policy.contains(b) && p.unmark(b) {
                p.wasted += 1;
            }
        }
    }

    /// A write of `blocks` along `path`: a prefetched block it reaches was fetched for nothing.
    #[inline(never)]
    fn prefetch_overwritten<I: Iterator<Item = Block>>(&mut self, path: &[usize], blocks: I) {
        for b in blocks {
            for &c in path {
                if let Some(p) = &mut self.nodes[c].prefetch {
                    if p.unmark(b) {
                        p.wasted += 1;
                    }
                }
            }
        }
    }

    /// The prefetches the request just served triggers, in the order its lookups were made
    /// (see [`prefetch`]): each cache that looked a block up settles its mark, and fetches the
    /// blocks after it its kind asks for and it lacks. Their disk time is left in
    /// `prefetch_disk_ns`; the request's own transfers (`crossing`, `demoted`, which
    /// [`Hierarchy::stages`] reads) are kept as they were.
    #[inline(never)]
    fn prefetch_after(&mut self, client: usize, path: &[usize]) {
        self.prefetch_disk_ns = 0;
        if self.seen.is_empty() {
            return;
        }
        let seen = std::mem::take(&mut self.seen);
        let mut ahead = std::mem::take(&mut self.ahead);
        let mut saved = std::mem::take(&mut self.saved_moves);
        saved.clear();
        saved.extend(path.iter().map(|&c| (self.nodes[c].crossing, self.nodes[c].demoted)));
        let mut from_disk = false;
        for &(i, b, hit) in &seen {
            let i = i as usize;
            let p = self.nodes[i].prefetch.as_mut().expect("only caches that prefetch are seen");
            let next = if p.trigger > 0 { self.successors.referenced_next(b) } else { None };
            let n = p.on_read(client, b, hit, next);
            if n == 0 {
                continue;
            }
            self.successors.walk(b, n, &mut ahead);
            let level = path.iter().position(|&c| c == i).expect("a cache of the path");
            for &x in &ahead {
                if !self.nodes[i].policy.contains(x) {
                    self.prefetch_one(path, level, x, &mut from_disk);
                }
            }
        }
        for (s, &c) in saved.iter().zip(path) {
            (self.nodes[c].crossing, self.nodes[c].demoted) = *s;
        }
        self.saved_moves = saved;
        self.seen = seen;
        self.ahead = ahead;
    }

    /// Cache `path[level]` fetches `x` ahead: from the first cache above it that holds it (only
    /// looked at), else the root's disk; its bytes count on every link it crosses, and so do
    /// the DEMOTEs its insertion causes.
    fn prefetch_one(&mut self, path: &[usize], level: usize, x: Block, from_disk: &mut bool) {
        let i = path[level];
        let found = (level + 1..path.len()).find(|&l| self.nodes[path[l]].policy.contains(x)).unwrap_or(path.len());
        if found == path.len() {
            let disk = self.nodes[path[path.len() - 1]].disk.as_mut().expect("roots have disks");
            if !*from_disk {
                *from_disk = true;
                self.prefetch_disk_ns += disk.request_ns();
            }
            self.prefetch_disk_ns += disk.block_ns(x);
        }
        for &c in &path[level..found] {
            if self.nodes[c].link.is_some() {
                self.nodes[c].counters.link_bytes += self.block_bytes;
            }
        }
        for &c in path {
            self.nodes[c].demoted = 0;
        }
        let end = self.nodes[i].policy.miss_end();
        self.insert_at(i, x, end);
        for &c in path {
            let node = &mut self.nodes[c];
            if node.link.is_some() {
                node.counters.link_bytes += node.demoted as u64 * self.block_bytes;
            }
        }
        let node = &mut self.nodes[i];
        let p = node.prefetch.as_mut().expect("a cache that prefetches");
        p.prefetched += 1;
        if node.policy.contains(x) {
            p.mark(x);
        } else {
            p.wasted += 1; // its admission filter turned it away
        }
    }

    /// Zeroes the transfers over `path`'s links before a request that may make some.
    #[inline(always)]
    pub(crate) fn clear_crossings(&mut self, path: &[usize]) {
        for &c in path {
            let node = &mut self.nodes[c];
            node.crossing = 0;
            node.demoted = 0;
        }
    }

    /// How many blocks cache `i` may hold with room for `incoming` more (`room_short` compares
    /// its length with this).
    #[inline(always)]
    pub(crate) fn room_for(&self, i: usize, incoming: u32) -> usize {
        self.nodes[i].policy.capacity().saturating_sub(incoming as usize)
    }

    /// Whether cache `i` holds more than `limit` blocks (see [`Core::room_for`]).
    #[inline(always)]
    pub(crate) fn room_short(&self, i: usize, limit: usize) -> bool {
        self.nodes[i].policy.len() > limit
    }

    /// The engine's read (see the module docs): returns the deepest level reached, the disk
    /// time and HA_R's reloads. A one-block read (most workloads' every request) takes a
    /// shorter way with the same steps, without collecting the blocks the client lacks.
    #[inline(always)]
    pub(crate) fn read<P: Cooperation, I: Iterator<Item = Block>>(
        &mut self,
        p: &mut P,
        client: usize,
        path: &[usize],
        mut blocks: I,
    ) -> (usize, u64, u32) {
        if blocks.size_hint() == (1, Some(1)) {
            let b = blocks.next().expect("one block");
            return self.read_one(p, client, path, b);
        }
        if self.per_block {
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
            let target = if P::PLACES { p.reference(self, client, path, b) } else { 0 };
            let hit = self.nodes[leaf].policy.on_hit(b);
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
            let target = if P::PLACES { p.reference(self, client, path, b) } else { 0 };
            let hit = self.nodes[leaf].policy.on_hit(b);
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
        let target = if P::PLACES { p.reference(self, client, path, b) } else { 0 };
        let node = &mut self.nodes[leaf];
        let hit = node.policy.on_hit(b);
        node.counters.hits += hit as u64;
        node.counters.misses += !hit as u64;
        if node.warm {
            node.counters.warm_block_reads += 1;
            node.counters.warm_block_hits += hit as u64;
        }
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
            self.nodes[c].crossing += 1;
        }
        p.place(self, path, found, target, b);
    }

    /// A read lookup of `b` at cache `c` above a client: recorded, counted, and reordered on a hit.
    #[inline(always)]
    fn lookup(&mut self, c: usize, b: Block) -> bool {
        if self.record_lookups {
            self.lookups.push((c as u32, b));
        }
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
        self.saw(c, b, hit);
        hit
    }

    /// The engine's write: the client takes it (a hint-aware cache as its policy says; others
    /// write-allocate, making room first), then every level above as the protocol says.
    /// Returns the root's level and HA_R's reloads.
    #[inline(always)]
    pub(crate) fn write<P: Cooperation, I: Iterator<Item = Block> + Clone>(
        &mut self,
        p: &mut P,
        path: &[usize],
        hint: Option<WriteHint>,
        blocks: I,
    ) -> (usize, u32) {
        let leaf = path[0];
        self.clear_crossings(path);
        let mut n = 0u32;
        let mut reloads = 0;
        if self.nodes[leaf].hinted {
            for b in blocks.clone() {
                n += 1;
                self.write_hinted(leaf, b, hint);
            }
        } else if self.per_block {
            for b in blocks.clone() {
                n += 1;
                if !self.nodes[leaf].policy.on_hit(b) {
                    reloads += p.make_room(self, path, 1);
                    let end = self.nodes[leaf].policy.miss_end();
                    self.insert_at(leaf, b, end);
                }
            }
        } else {
            let mut missing = std::mem::take(&mut self.missing);
            missing.clear();
            for b in blocks.clone() {
                n += 1;
                if !self.nodes[leaf].policy.on_hit(b) {
                    missing.push(b);
                }
            }
            reloads = p.make_room(self, path, missing.len() as u32);
            for &b in &missing {
                let end = self.nodes[leaf].policy.miss_end();
                self.insert_at(leaf, b, end);
            }
            self.missing = missing;
        }
        for b in blocks {
            if self.record_lookups {
                for &c in &path[1..] {
                    self.lookups.push((c as u32, b));
                }
            }
            p.write_above(self, path, b, hint);
        }
        // Write-through: every link on the path carries it (a root's link to its disk too, if
        // it has one; a root whose disk time includes its bus has none).
        for &c in path {
            self.nodes[c].crossing += n;
        }
        (path.len() - 1, reloads)
    }

    /// Write-through with write-allocate at every level above the client.
    #[inline]
    pub(crate) fn write_through(&mut self, path: &[usize], b: Block, hint: Option<WriteHint>) {
        for &c in &path[1..] {
            if self.nodes[c].hinted {
                self.write_hinted(c, b, hint);
            } else if !self.nodes[c].policy.on_hit(b) {
                let end = self.nodes[c].policy.miss_end();
                self.insert_at(c, b, end);
            }
        }
    }

    /// A write reaching a hint-aware cache: its policy decides (paper 004); what it evicts to
    /// make room leaves the hierarchy (a write is not a client's eviction to demote).
    fn write_hinted(&mut self, i: usize, b: Block, hint: Option<WriteHint>) {
        self.settle_before_insert(i, b);
        let node = &mut self.nodes[i];
        node.victims.clear();
        node.policy.write(b, hint, &mut node.victims);
        node.counters.evictions += node.victims.iter().filter(|&&v| v != b).count() as u64;
    }

    /// Inserts `b` into cache `i` at `end`; under an exclusive protocol its victims move up.
    #[inline]
    pub(crate) fn insert_at(&mut self, i: usize, b: Block, end: End) {
        self.settle_before_insert(i, b);
        let node = &mut self.nodes[i];
        node.victims.clear();
        node.policy.insert(b, end, &mut node.victims);
        node.counters.evictions += node.victims.len() as u64;
        if self.exclusive && !node.victims.is_empty() && node.parent.is_some() {
            let victims = std::mem::take(&mut node.victims);
            for &v in &victims {
                self.demote(i, v);
            }
            self.nodes[i].victims = victims;
        }
    }

    /// Inserts `b` into cache `i` at `end`, dropping its victims.
    #[inline]
    pub(crate) fn insert_dropping(&mut self, i: usize, b: Block, end: End) {
        self.settle_before_insert(i, b);
        let node = &mut self.nodes[i];
        node.victims.clear();
        node.policy.insert(b, end, &mut node.victims);
        node.counters.evictions += node.victims.len() as u64;
    }

    /// The client inserts a fetched block: at its policy's miss end, or under SE, for an
    /// unimportant request, at its "eject me next" end.
    #[inline(always)]
    pub(crate) fn insert_client(&mut self, leaf: usize, b: Block) {
        let end = if self.cold { End::EjectNext } else { self.nodes[leaf].policy.miss_end() };
        self.insert_at(leaf, b, end);
    }

    /// Where a cache above the client keeps a block it takes in: its policy's miss end, or, for
    /// an unimportant request under SE with a protocol that passes hints up, "eject me next".
    #[inline(always)]
    pub(crate) fn upper_end<P: Cooperation>(&self, i: usize) -> End {
        if P::PASSES_HINTS && self.cold {
            End::EjectNext
        } else {
            self.nodes[i].policy.miss_end()
        }
    }

    /// A cache above the client keeps a block it passes on its way up at `end` — or, under DU,
    /// not at all (`drop`) or next in line (`lru-end`).
    #[inline]
    pub(crate) fn keep_passing(&mut self, i: usize, b: Block, end: End) {
        match self.du {
            None => self.insert_at(i, b, end),
            Some(Du::Drop) => {}
            Some(Du::LruEnd) => self.insert_at(i, b, End::EjectNext),
        }
    }

    /// Under DU, a cache above the client lets go of a block it has just served up.
    #[inline]
    pub(crate) fn let_go(&mut self, i: usize, b: Block) {
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

    /// Demotes `v` (evicted from `from`) to `from`'s parent, cascading: the parent's own
    /// victims go further up (depth-first; the recursion is as deep as the path is long); a
    /// root's are dropped. Under AC_CC a block another client below the parent holds
    /// is dropped instead, so that no path holds it twice.
    pub(crate) fn demote(&mut self, from: usize, v: Block) {
        let Some(p) = self.nodes[from].parent else { return };
        self.demote_to(from, p, v);
    }

    /// [`Core::demote`] to `from`'s parent `p`, inlined where the caller knows it (a client
    /// making room: its path's next cache).
    #[inline(always)]
    pub(crate) fn demote_to(&mut self, from: usize, p: usize, v: Block) {
        if self.one_level && self.nodes[p].shared && self.held_below_except(p, from, v) {
            return;
        }
        let node = &mut self.nodes[p];
        node.counters.demotions_in += 1;
        if node.policy.reposition(v, End::EjectLast) {
            if self.demote_always {
                self.nodes[from].demoted += 1; // the data was sent, and discarded
            }
            return;
        }
        node.counters.demotions_moved_in += 1;
        self.settle_before_insert(p, v);
        let node = &mut self.nodes[p];
        node.victims.clear();
        node.policy.insert(v, End::EjectLast, &mut node.victims);
        node.counters.evictions += node.victims.len() as u64;
        let cascades = node.parent.is_some() && !node.victims.is_empty();
        self.nodes[from].demoted += 1;
        if cascades {
            self.cascade(p);
        }
    }

    /// Demotes the victims cache `p` has just evicted, last victim first (as a stack of
    /// pending demotions would take them).
    #[inline(never)]
    fn cascade(&mut self, p: usize) {
        let victims = std::mem::take(&mut self.nodes[p].victims);
        for &w in victims.iter().rev() {
            self.demote(p, w);
        }
        self.nodes[p].victims = victims;
    }

    /// Whether a cache below `i`, outside the subtree of its child `child`, holds `b`.
    fn held_below_except(&self, i: usize, child: usize, b: Block) -> bool {
        self.below[i].iter().any(|&j| j != child && !self.below[child].contains(&j) && self.nodes[j].policy.contains(b))
    }

    /// Whether a cache below `i` but not on `path` holds `b` (AC_CC, placing `b` at `i`).
    pub(crate) fn held_below_elsewhere(&self, i: usize, path: &[usize], b: Block) -> bool {
        self.one_level
            && self.nodes[i].shared
            && self.below[i].iter().any(|&j| !path.contains(&j) && self.nodes[j].policy.contains(b))
    }
}
