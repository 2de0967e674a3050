//! How a hierarchy is built: its caches and each client's path checked and laid out, its
//! protocol chosen, and its parts (DU, SE, the demotions' accounting, how a request of several
//! blocks is served, prefetching, lookup recording) set.

use super::core::Core;
use super::counters::{ClientCounters, ClientState, Warmth};
use super::demotion::{DemoteData, DemotionAccounting, Demotions};
use super::disk::Disk;
use super::du::{Du, Duplicates};
use super::engine::Last;
use super::exclusivity::Exclusivity;
use super::histogram::LatencyHistogram;
use super::lookups::LookupRecorder;
use super::node::Node;
use super::prefetch::{PrefetchConfig, Prefetcher, Successors};
use super::prefetching::Prefetching;
use super::protocol::mc2::Mc2;
use super::protocol::{ac_ca::AcCa, ac_cc::AcCc, demote::Demote, ha_r::HaR, inclusive::Inclusive, Protocol};
use super::se::{Se, SeAt};
use super::{CacheSpec, Coop, Hierarchy, MultiBlock};
use crate::model::Op;

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
        let parents: Vec<Option<usize>> = caches.iter().map(|c| c.parent).collect();
        let clients_below: Vec<usize> = (0..n).map(|i| paths.iter().filter(|p| p.contains(&i)).count()).collect();
        let nodes: Vec<Node> = caches
            .into_iter()
            .map(|c| {
                let disk = c.disk.map(|d| Disk::new(d, block_bytes));
                Node::new(c.policy, c.parent, c.link, disk, block_bytes)
            })
            .collect();
        let capacities: Vec<usize> = nodes.iter().map(|n| n.policy.capacity()).collect();
        let coop = match protocol {
            Protocol::None => Coop::Inclusive(Inclusive),
            Protocol::Demote => Coop::Demote(Demote),
            Protocol::HaR => Coop::HaR(HaR),
            Protocol::AcCa { k } => Coop::AcCa(AcCa::new(k)),
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
        let core = Core {
            clients: paths
                .iter()
                .map(|p| ClientState { counters: ClientCounters::new(p.len()), histogram: LatencyHistogram::default() })
                .collect(),
            nodes,
            client_hit_ns: (client_hit_ms * 1e6).round() as u64,
            block_bytes: block_bytes as u64,
            multi: MultiBlock::Atomic,
            du: Duplicates::default(),
            se: Se::default(),
            exclusivity: Exclusivity::new(protocol, &parents, &clients_below),
            demotions: DemotionAccounting::default(),
            lookups: LookupRecorder::default(),
            prefetching: Prefetching::default(),
            warmth: Warmth::new(n),
            missing: Vec::with_capacity(64),
            targets: Vec::with_capacity(64),
            sized: false,
            sizes: Vec::new(),
            incoming: block_bytes as u64,
        };
        let last = Last { client: 0, op: Op::Read, deepest: 0, disk_ns: 0, reloads: 0 };
        Ok(Self { core, paths, coop, last, staged: false })
    }

    /// Requests carry their objects' sizes ([`super::Meta::bytes`]): each object moves over the links
    /// at its size, and a cache counted in bytes ([`crate::policy::sized::InBytes`]) holds it
    /// at its size. Every request must then be of one block (object).
    pub fn with_sizes(mut self, on: bool) -> Self {
        self.core.sized = on;
        self
    }

    /// Paper 003's DU at every cache above the clients.
    pub fn with_du(mut self, du: Option<Du>) -> Self {
        self.core.du = Duplicates(du);
        self
    }

    /// Keeps what [`Hierarchy::stages`] and [`Hierarchy::last_reloads`] need of each request
    /// (the queueing model times requests by their stages).
    pub fn with_stages(mut self, on: bool) -> Self {
        self.staged = on;
        self
    }

    /// How DEMOTEs are paid for, what they send (see [`Demotions`], [`DemoteData`]) and what
    /// the command of one that moves no data costs, in milliseconds.
    pub fn with_demotions(mut self, cost: Demotions, data: DemoteData, command_ms: f64) -> Self {
        self.core.demotions = DemotionAccounting::new(cost, data, command_ms);
        self
    }

    /// How a request of several blocks is served (see [`MultiBlock`]).
    pub fn with_multi_block(mut self, m: MultiBlock) -> Self {
        self.core.multi = m;
        self
    }

    /// Paper 003's SE (see the module docs).
    pub fn with_se(self, se: bool) -> Self {
        self.with_se_at(se, None)
    }

    /// Paper 003's SE, at both levels or only `at` one.
    pub fn with_se_at(mut self, se: bool, at: Option<SeAt>) -> Self {
        self.core.se = Se::new(se, at);
        self
    }

    /// Each cache's prefetching (`configs[i]`, `None`: none) over the address space whose next
    /// blocks `successors` gives. Not under MC² or AC_CC, which place blocks themselves (the
    /// scenario's checks refuse those).
    pub(crate) fn with_prefetch(
        mut self,
        configs: &[Option<PrefetchConfig>],
        successors: Successors,
        universe: usize,
    ) -> Self {
        let clients = self.paths.len();
        for (node, c) in self.core.nodes.iter_mut().zip(configs) {
            node.prefetch = c.as_ref().map(|c| Box::new(Prefetcher::new(c, universe, clients)));
        }
        self.core.prefetching.on = configs.iter().any(Option::is_some);
        self.core.prefetching.successors = successors;
        self
    }

    /// Hands the caches to MC² (protocol `mc2`), which must know each client in order.
    pub fn with_mc2(mut self, mc2: Mc2) -> Self {
        self.coop = Coop::Mc2(Box::new(mc2));
        self
    }

    /// Records every lookup above the clients (see [`Hierarchy::last_lookups`]).
    pub fn record_lookups(&mut self, on: bool) {
        self.core.lookups.set(on);
    }
}
