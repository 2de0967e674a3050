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
//! The engine is composed of parts, each in a file of its own (the table in `core` lists
//! them): paper 003's DU (`du`) and SE (`se`), exclusivity (`exclusivity`), the DEMOTE
//! and its accounting (`demotion`), lookup recording (`lookups`), prefetching
//! (`prefetching`) and paper 004's warm read counters (`counters`). The protocols see the
//! caches only through `protocol::Caches`.
//!
//! | file | what lives there |
//! |---|---|
//! | `mod.rs` | [`Hierarchy`]: its accessors, serving a request, handing loops the protocol's type |
//! | `build` | [`Hierarchy::new`] and the `with_*` settings |
//! | `core` | the caches and the parts (`Core`), and their face to the protocols |
//! | `engine` | one request's steps, with the protocol's type known (`Engine`) |
//! | `read`, `write` | the engine's read and write |
//! | `stages` | the queueing model's servers of a request |
//! | `node`, `counters` | one cache; what is counted |

pub mod disk;
pub mod histogram;
pub mod no_cache;
pub mod prefetch;
pub mod protocol;
pub mod queueing;
pub mod timing;

// The engine: the caches (`core`, one `node` each) and their counters, how a hierarchy is
// built, one request's steps (`engine`), the read and the write, and the queueing view.
mod build;
mod core;
mod counters;
mod engine;
mod node;
mod read;
mod stages;
mod write;

// The parts the engine is composed of (see `core`).
mod demotion;
mod du;
mod exclusivity;
mod lookups;
mod prefetching;
mod se;

#[cfg(test)]
mod tests;

use serde::Serialize;

pub use counters::{CacheCounters, ClientCounters};
pub use demotion::{DemoteData, Demotions, MAX_DEMOTE_COMMAND_MS, PAPER000_DEMOTE_COMMAND_MS};
pub use disk::{Disk, DiskConfig, Mechanical};
pub use du::Du;
pub use histogram::{HistogramReport, LatencyHistogram};
pub use no_cache::NoCache;
pub use node::ByteCounters;
pub use prefetch::{BlockAddresses, PrefetchConfig, PrefetchCounts};
pub use protocol::{Protocol, DEFAULT_AC_CA_K};
pub use queueing::{Arrivals, Queueing};
pub use se::SeAt;
pub use stages::Stage;
pub use timing::LinkConfig;

pub(crate) use self::core::Core;
pub(crate) use engine::{Driver, Engine};

use crate::model::{Block, Op, WriteHint};
use crate::policy::Policy;
use engine::Last;
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

/// The cooperation protocol of a hierarchy, with its state.
pub(crate) enum Coop {
    Inclusive(Inclusive),
    Demote(Demote),
    HaR(HaR),
    AcCa(AcCa),
    AcCc(Box<AcCc>),
    Mc2(Box<Mc2>),
}

/// The caches, each client's path through them, and their protocol.
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
    /// The object's size in bytes, in a sized run ([`Hierarchy::with_sizes`]; ignored otherwise).
    pub bytes: u64,
}

impl Meta {
    pub fn of(r: &crate::model::Request) -> Self {
        Self { op: r.op, write_hint: r.write_hint, range: r.range, importance: r.importance, bytes: 0 }
    }

    pub fn op(op: Op) -> Self {
        Self { op, ..Self::default() }
    }
}

impl Hierarchy {
    /// What cache `i`'s prefetching did, when it prefetches.
    pub fn prefetch(&self, i: usize) -> Option<PrefetchCounts> {
        let node = &self.core.nodes[i];
        node.prefetch.as_ref().map(|p| p.counts(|b| node.policy.contains(b)))
    }

    /// The disk time of the last request's prefetches: a background read of its client's root
    /// disk, off the request's path (queueing mode lets it occupy the disk).
    pub fn last_prefetch_ns(&self) -> u64 {
        self.core.prefetching.disk_ns
    }

    /// MC²'s state, when it runs the caches.
    pub fn mc2(&self) -> Option<&Mc2> {
        match &self.coop {
            Coop::Mc2(m) => Some(m),
            _ => None,
        }
    }

    /// With [`Hierarchy::record_lookups`] on: the lookups of the last request in the caches
    /// above its client, in order, as (cache index, block).
    pub fn last_lookups(&self) -> &[(u32, Block)] {
        self.core.lookups.last()
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

    /// Cache i's counts in bytes (meaningful in a sized run, [`Hierarchy::with_sizes`]), and
    /// its byte budget if it is counted in bytes.
    pub fn cache_bytes(&self, i: usize) -> (ByteCounters, Option<crate::policy::sized::ByteBudget>) {
        let node = &self.core.nodes[i];
        (node.bytes, node.policy.bytes())
    }

    /// Whether requests carry their objects' sizes ([`Hierarchy::with_sizes`]).
    pub fn sized(&self) -> bool {
        self.core.sized
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
            n.bytes = ByteCounters::default();
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
            // In wasm, never inlined: each protocol's request is a function of its own, so a
            // caller serving one request at a time (`Run::issue`) stays small. Inlined, the six
            // protocols made it one 420 KB function that browsers take seconds to optimise,
            // running it unoptimised meanwhile. Natively inlined: ~4 % faster, compiled ahead.
            #[cfg_attr(target_arch = "wasm32", inline(never))]
            #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
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
