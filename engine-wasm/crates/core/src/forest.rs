//! Scenarios with `topology: "tree"`: any number of clients, each with its own cache, optional
//! middle tiers, and one or more roots (arrays) on their own disks — every cache with its own
//! policy, size and link. The leaves are the clients, in the order the caches are listed.
//!
//! ```json
//! "topology": "tree",
//! "tree": {
//!   "caches": [
//!     {"name": "array", "capacity": 8192, "policy": {"kind": "mru"}, "disk": {"kind": "constant", "serviceMs": 10}},
//!     {"name": "c1", "capacity": 2048, "policy": {"kind": "lru"}, "parent": "array", "link": {"preset": "fc-1g"}},
//!     {"name": "c2", "capacity": 2048, "policy": {"kind": "lru"}, "parent": "array", "link": {"preset": "fc-1g"}}
//!   ],
//!   "sharing": {"kind": "shared", "fraction": 0.2},
//!   "queueing": {"arrivals": "closed"}
//! }
//! ```
//!
//! The scenario's `workload` is every client's generator unless a leaf names its own;
//! `sharing` relates their block ranges ([`Sharing`]). The scenario's `protocol` and `du`
//! apply at every level. A root's `link` (optional) is its bus to the disk. `queueing`
//! (absent: the additive model) turns links, controllers and disks into FIFO servers.
//!
//! Fairness (paper 002 §3): each client's speedup is its mean latency running alone on the same
//! hierarchy over its mean latency in the shared run — with one outstanding request, the ratio of
//! its completion times — and fairness is the smallest speedup over the largest. The run keeps
//! one private copy of the hierarchy per client to time it alone.

use serde::{Deserialize, Serialize};

use crate::hierarchy::mc2::{Mc2, Mc2Client};
use crate::hierarchy::no_cache::NoCache;
use crate::hierarchy::{
    Arrivals, CacheSpec, DiskConfig, HistogramReport, LatencyHistogram, LinkConfig, Protocol, Queueing, Stage, Tree,
};
use crate::model::Request;
use crate::policy::{Policy, PolicyConfig};
use crate::scenario::{Scenario, ScenarioError, MAX_CAPACITY};
use crate::workload::{multi, ClientStreams, Sharing, WorkloadConfig, MAX_BLOCKS};

/// Most caches in one tree, and most clients (leaves).
pub const MAX_CACHES: usize = 64;
pub const MAX_CLIENTS: usize = 32;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ForestConfig {
    pub caches: Vec<ForestCache>,
    #[serde(default, skip_serializing_if = "is_disjoint")]
    pub sharing: Sharing,
    /// Absent: the additive latency model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queueing: Option<Arrivals>,
    /// Time every client alone too, for speedups and fairness (default on).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub fairness: bool,
}

fn is_disjoint(s: &Sharing) -> bool {
    *s == Sharing::Disjoint
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ForestCache {
    pub name: String,
    pub capacity: u64,
    pub policy: PolicyConfig,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub co: bool,
    /// The cache above (by name); absent for a root, which then needs a `disk`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// The link to the parent (a root: to its disk); absent costs nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<LinkConfig>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disk: Option<DiskConfig>,
    /// A client's own generator (leaves only); absent: the scenario's `workload`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workload: Option<WorkloadConfig>,
}

fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError { path: path.into(), message: message.into() }
}

/// The shape of a validated tree: parents by index and the leaves (clients) in order.
pub struct Shape {
    pub parents: Vec<Option<usize>>,
    pub leaves: Vec<usize>,
}

impl ForestConfig {
    /// Paper 000's RANDOM setting with `clients` clients of 4096 blocks over one MRU array of
    /// 4096 × clients, DEMOTE, sharing a fifth of their references — a small multi-client
    /// example; `mid` adds a middle tier per pair of clients.
    pub fn example(clients: usize, mid: bool) -> Self {
        let lru = || PolicyConfig::Lru;
        let mut caches = vec![ForestCache {
            name: "array".into(),
            capacity: 4096 * clients as u64,
            policy: PolicyConfig::Mru,
            co: false,
            parent: None,
            link: None,
            disk: Some(DiskConfig::Constant { service_ms: 10.0 }),
            workload: None,
        }];
        let mids = if mid { clients.div_ceil(2) } else { 0 };
        for m in 0..mids {
            caches.push(ForestCache {
                name: format!("mid{}", m + 1),
                capacity: 4096,
                policy: PolicyConfig::Mru,
                co: false,
                parent: Some("array".into()),
                link: Some(LinkConfig::Fc1g),
                disk: None,
                workload: None,
            });
        }
        for c in 0..clients {
            caches.push(ForestCache {
                name: format!("client{}", c + 1),
                capacity: 4096,
                policy: lru(),
                co: false,
                parent: Some(if mid { format!("mid{}", c / 2 + 1) } else { "array".into() }),
                link: Some(LinkConfig::Fc1g),
                disk: None,
                workload: None,
            });
        }
        Self { caches, sharing: Sharing::Shared { fraction: 0.2 }, queueing: None, fairness: true }
    }

    /// Checks the tree against the scenario; errors name the field (`tree.caches[2].parent`).
    pub fn validate(&self, s: &Scenario) -> Result<Shape, ScenarioError> {
        let n = self.caches.len();
        if !(1..=MAX_CACHES).contains(&n) {
            return Err(err("tree.caches", format!("must list 1 to {MAX_CACHES} caches (got {n})")));
        }
        let mut parents = Vec::with_capacity(n);
        for (i, c) in self.caches.iter().enumerate() {
            let at = |field: &str| format!("tree.caches[{i}].{field}");
            if c.name.trim().is_empty() || c.name.len() > 40 {
                return Err(err(at("name"), "must be 1 to 40 characters"));
            }
            if self.caches[..i].iter().any(|o| o.name == c.name) {
                return Err(err(at("name"), format!("\"{}\" names two caches", c.name)));
            }
            if !(1..=MAX_CAPACITY).contains(&c.capacity) {
                return Err(err(
                    at("capacity"),
                    format!("must be between 1 and {MAX_CAPACITY} blocks (got {})", c.capacity),
                ));
            }
            c.policy.validate(c.capacity as usize).map_err(|m| err(at("policy"), m))?;
            if c.policy.is_offline() {
                return Err(err(
                    at("policy"),
                    format!("{} is offline: only a single cache (topology \"single\") can run it", c.policy.name()),
                ));
            }
            if let Some(l) = c.link {
                l.validate().map_err(|m| err(at("link"), m))?;
            }
            let parent = match &c.parent {
                None => None,
                Some(p) => match self.caches.iter().position(|o| &o.name == p) {
                    Some(j) if j == i => return Err(err(at("parent"), "a cache cannot be its own parent")),
                    Some(j) => Some(j),
                    None => return Err(err(at("parent"), format!("no cache is named \"{p}\""))),
                },
            };
            match (parent, &c.disk) {
                (None, None) => {
                    return Err(err(at("disk"), format!("\"{}\" has no parent, so it needs a disk", c.name)))
                }
                (Some(_), Some(_)) => {
                    return Err(err(at("disk"), format!("only a root has a disk; \"{}\" has a parent", c.name)))
                }
                (None, Some(d)) => d.validate().map_err(|m| err(at("disk"), m))?,
                _ => {}
            }
            parents.push(parent);
        }
        // Every walk upwards must reach a root (and so a disk) within n steps.
        for (i, c) in self.caches.iter().enumerate() {
            let mut at = i;
            for _ in 0..=n {
                match parents[at] {
                    Some(p) => at = p,
                    None => break,
                }
            }
            if parents[at].is_some() {
                return Err(err(
                    format!("tree.caches[{i}].parent"),
                    format!("the caches above \"{}\" form a cycle: it has no path to a disk", c.name),
                ));
            }
        }
        let leaves: Vec<usize> = (0..n).filter(|&i| !parents.contains(&Some(i))).collect();
        if leaves.len() > MAX_CLIENTS {
            return Err(err("tree.caches", format!("at most {MAX_CLIENTS} clients (leaves), got {}", leaves.len())));
        }
        for (i, c) in self.caches.iter().enumerate() {
            if let Some(w) = &c.workload {
                let at = format!("tree.caches[{i}].workload");
                if !leaves.contains(&i) {
                    return Err(err(
                        at,
                        format!("\"{}\" is not a client (a leaf): only clients issue requests", c.name),
                    ));
                }
                if self.sharing == Sharing::Conjoint {
                    return Err(err(
                        at,
                        "conjoint clients issue one stream: give every client the scenario's workload",
                    ));
                }
                w.validate().map_err(|(f, m)| err(format!("{at}.{f}"), m))?;
            }
        }
        self.sharing.validate().map_err(|m| err("tree.sharing", m))?;
        if let Some(a) = self.queueing {
            a.validate().map_err(|m| err("tree.queueing", m))?;
        }
        let universe = multi::universe_of(&self.workloads(s, &leaves), self.sharing);
        if universe > MAX_BLOCKS {
            return Err(err(
                "tree",
                format!("the clients' workloads span {universe} blocks together; at most {MAX_BLOCKS}"),
            ));
        }
        if s.protocol == Protocol::AcCc {
            return Err(err(
                "protocol",
                "AC_CC places blocks by one client's reuse distance over one array: use the two-level topology",
            ));
        }
        if s.protocol == Protocol::Mc2 {
            let roots = parents.iter().filter(|p| p.is_none()).count();
            if let Some(i) = (0..n).find(|&i| parents[i].is_some() && parents[parents[i].unwrap()].is_some()) {
                return Err(err(
                    format!("tree.caches[{i}].parent"),
                    format!(
                        "MC² manages clients directly over one array (paper 002 §4's testbed): \"{}\" sits below \"{}\", \
                         which is not a root",
                        self.caches[i].name,
                        self.caches[parents[i].unwrap()].name
                    ),
                ));
            }
            if roots != 1 || leaves.len() == n {
                return Err(err(
                    "tree.caches",
                    "MC² needs exactly one array (root) with its clients directly below it",
                ));
            }
            for (c, w) in self.workloads(s, &leaves).iter().enumerate() {
                crate::hierarchy::mc2::validate_hints(&w.range_hints())
                    .map_err(|m| err(format!("tree.caches[{}].workload", leaves[c]), m))?;
            }
        }
        Ok(Shape { parents, leaves })
    }

    /// Whether the clients address the same blocks, so that one range id names one range for
    /// all of them: conjoint streams, or every request from the shared range.
    pub fn shared_ids(&self) -> bool {
        match self.sharing {
            Sharing::Conjoint => true,
            Sharing::Shared { fraction } => fraction >= 1.0,
            Sharing::Disjoint => false,
        }
    }

    fn workloads(&self, s: &Scenario, leaves: &[usize]) -> Vec<WorkloadConfig> {
        leaves.iter().map(|&l| self.caches[l].workload.clone().unwrap_or_else(|| s.workload.clone())).collect()
    }
}

/// One hierarchy and its timing: the additive model or a queueing simulation.
struct Sim {
    tree: Tree,
    queueing: Option<Queueing>,
    stages: Vec<Stage>,
    background: Vec<Stage>,
}

impl Sim {
    /// Serves `r` for `client` in the caches and, in queueing mode, admits it to the servers.
    fn serve(&mut self, client: usize, r: &Request, measured: bool) {
        self.tree.serve_hinted(client, r.op, r.write_hint, r.range, r.blocks());
        if let Some(q) = &mut self.queueing {
            self.tree.stages(&mut self.stages);
            self.background.clear();
            let reloads = self.tree.last_reloads();
            if reloads > 0 {
                let root = *self.tree.path(client).last().expect("paths are non-empty");
                let ns = self.tree.nominal_disk_ns(root);
                let server = self.tree.disk_base() + root as u32;
                self.background.extend((0..reloads).map(|_| Stage { server, ns }));
            }
            q.admit(client, &self.stages, &self.background, measured);
            q.schedule_open(client, None);
        }
    }

    /// Mean latency (ms) and histogram of a client's measured requests.
    fn client_latency(&self, client: usize) -> (f64, &LatencyHistogram, u64) {
        match &self.queueing {
            Some(q) => {
                let c = &q.clients[client];
                (mean_ms(c.latency_sum_ns, c.completed), &c.histogram, c.latency_sum_ns)
            }
            None => {
                let c = &self.tree.clients[client];
                (mean_ms(c.latency_sum_ns, c.requests), &self.tree.histograms[client], c.latency_sum_ns)
            }
        }
    }
}

fn mean_ms(sum_ns: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        sum_ns as f64 / n as f64 / 1e6
    }
}

/// A tree scenario in progress.
pub struct ForestRun {
    main: Sim,
    /// Per client, a private copy of the hierarchy to time it alone (fairness).
    alone: Vec<Sim>,
    streams: ClientStreams,
    names: Vec<String>,
    parents: Vec<Option<usize>>,
    leaves: Vec<usize>,
    issued: Vec<u64>,
    totals: Vec<u64>,
    warmups: Vec<u64>,
    in_warmup: usize,
    next_client: usize,
    capacities: Vec<u64>,
    /// Request blocks per client (for sizing the depth curves).
    request_blocks: Vec<u32>,
    /// Stack-depth graphs, when asked for ([`ForestRun::track_depths`]).
    depths: Option<crate::depth::Depths>,
    pub processed: u64,
    pub total: u64,
    pub warmup: u64,
}

/// One client's measured requests.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ClientReport {
    pub name: String,
    /// Its path of caches, its own first, by index into `caches`.
    pub path: Vec<usize>,
    pub requests: u64,
    pub reads: u64,
    pub writes: u64,
    /// Read requests served at each level of the path, then by the disk; fractions of reads.
    pub served_at: Vec<u64>,
    pub hit_fractions: Vec<f64>,
    /// The same per block referenced.
    pub block_hit_fractions: Vec<f64>,
    pub mean_latency_ms: f64,
    pub latency: HistogramReport,
    /// Alone on the same hierarchy (with fairness on).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alone_mean_latency_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speedup: Option<f64>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CacheReport {
    pub name: String,
    pub parent: Option<usize>,
    /// 0 for a root, growing downwards.
    pub depth: u32,
    pub capacity: u64,
    pub blocks: u64,
    #[serde(flatten)]
    pub counters: crate::hierarchy::tree::CacheCounters,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ForestReport {
    pub clients: Vec<ClientReport>,
    pub caches: Vec<CacheReport>,
    /// Smallest speedup over largest (with fairness on and two or more clients).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fairness: Option<f64>,
    pub queueing: bool,
}

impl ForestRun {
    pub fn new(s: &Scenario, config: &ForestConfig) -> Result<Self, ScenarioError> {
        let shape = config.validate(s)?;
        let workloads = config.workloads(s, &shape.leaves);
        let streams = ClientStreams::new(&workloads, config.sharing, s.seed);
        let universe = streams.universe();
        let mc2 = s.protocol == Protocol::Mc2;
        // MC²'s view of each client (its cache and its workload's range hints).
        let mc2_clients: Vec<Mc2Client> = shape
            .leaves
            .iter()
            .zip(&workloads)
            .filter(|_| mc2)
            .map(|(&l, w)| Mc2Client {
                capacity: config.caches[l].capacity as usize,
                hints: w.range_hints(),
                blocks: w.blocks(),
            })
            .collect();
        let root_capacity = shape.parents.iter().position(|p| p.is_none()).map_or(0, |r| config.caches[r].capacity);
        // `alone`: the run of one client by itself, for its speedup.
        let build = |alone: Option<usize>| -> Result<Sim, ScenarioError> {
            let caches = config
                .caches
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let seed = s.seed ^ crate::util::hash::splitmix64(0xcac4e + i as u64);
                    if mc2 {
                        // MC²'s partitions replace the caches' policies.
                        let policy: Box<dyn Policy> = Box::new(NoCache);
                        return Ok(CacheSpec { policy, parent: shape.parents[i], link: c.link, disk: c.disk });
                    }
                    let policy = c
                        .policy
                        .build(c.policy.data_capacity(c.capacity, s.block_size as u64) as usize, universe, seed)
                        .map_err(|m| err(format!("tree.caches[{i}].policy"), m))?;
                    let policy: Box<dyn Policy> =
                        if c.co { Box::new(crate::policy::co::Co::new(policy, universe)) } else { policy };
                    Ok(CacheSpec { policy, parent: shape.parents[i], link: c.link, disk: c.disk })
                })
                .collect::<Result<Vec<_>, ScenarioError>>()?;
            let mut tree = Tree::new(caches, &shape.leaves, s.protocol, s.client_hit_ms, s.block_size)
                .map_err(|m| err("tree", m))?
                .with_du(s.du);
            if mc2 {
                let m = Mc2::new(&mc2_clients, root_capacity as usize, universe, config.shared_ids(), alone);
                tree = tree.with_mc2(m).map_err(|m| err("tree", m))?;
            }
            let queueing = config.queueing.map(|a| Queueing::new(tree.servers(), shape.leaves.len(), a, s.seed));
            Ok(Sim { tree, queueing, stages: Vec::with_capacity(16), background: Vec::new() })
        };
        let main = build(None)?;
        let alone = if config.fairness && shape.leaves.len() > 1 {
            (0..shape.leaves.len()).map(|c| build(Some(c))).collect::<Result<Vec<_>, _>>()?
        } else {
            Vec::new()
        };
        let phases: Vec<(u64, u64)> = (0..shape.leaves.len()).map(|c| streams.phases(c)).collect();
        let warmups: Vec<u64> = phases.iter().map(|p| p.0).collect();
        let totals: Vec<u64> = phases.iter().map(|p| p.0 + p.1).collect();
        let mut run = Self {
            main,
            alone,
            streams,
            names: config.caches.iter().map(|c| c.name.clone()).collect(),
            capacities: config.caches.iter().map(|c| c.capacity).collect(),
            parents: shape.parents,
            issued: vec![0; shape.leaves.len()],
            in_warmup: warmups.iter().filter(|&&w| w > 0).count(),
            warmup: warmups.iter().sum(),
            total: totals.iter().sum(),
            totals,
            warmups,
            leaves: shape.leaves,
            next_client: 0,
            request_blocks: workloads.iter().map(|w| w.request_blocks()).collect(),
            depths: None,
            processed: 0,
        };
        if run.in_warmup == 0 {
            run.main.tree.reset_caches();
        }
        Ok(run)
    }

    pub fn clients(&self) -> usize {
        self.leaves.len()
    }

    /// Computes stack-depth graphs from here on (call before the first step): the workload's,
    /// each client's and each shared cache's.
    pub fn track_depths(&mut self, mode: crate::depth::DepthMode) {
        let refs: u64 = self.totals.iter().zip(&self.request_blocks).map(|(&t, &b)| t * b as u64).sum();
        self.depths = Some(crate::depth::Depths::tree(mode, refs, &self.names, &self.capacities, &self.leaves));
        self.main.tree.record_lookups(true);
    }

    /// The stack-depth graphs so far, when tracked.
    pub fn depth_curves(&self) -> Option<Vec<crate::depth::DepthCurve>> {
        self.depths.as_ref().map(|d| d.report())
    }

    pub fn tree(&self) -> &Tree {
        &self.main.tree
    }

    pub fn is_done(&self) -> bool {
        self.processed >= self.total && self.main.queueing.as_ref().is_none_or(|q| q.is_idle())
    }

    /// Issues client `c`'s next request in the main run (and in its run alone).
    fn issue(&mut self, c: usize) -> bool {
        if self.issued[c] >= self.totals[c] {
            return false;
        }
        let Some(r) = self.streams.next(c) else {
            // A stream shorter than its declared length (not the generators'): stop there.
            self.total -= self.totals[c] - self.issued[c];
            self.totals[c] = self.issued[c];
            return false;
        };
        if self.issued[c] == self.warmups[c] && self.warmups[c] > 0 {
            self.main.tree.reset_client(c);
            if let Some(a) = self.alone.get_mut(c) {
                a.tree.reset_client(c);
            }
            if let Some(d) = &mut self.depths {
                d.reset_client(c);
            }
            self.in_warmup -= 1;
            if self.in_warmup == 0 {
                self.main.tree.reset_caches();
                if let Some(d) = &mut self.depths {
                    d.reset_shared();
                }
            }
        }
        let measured = self.issued[c] >= self.warmups[c];
        self.main.serve(c, &r, measured);
        if let Some(d) = &mut self.depths {
            d.on_tree(c, &r, self.main.tree.last_lookups());
        }
        if let Some(a) = self.alone.get_mut(c) {
            // Alone, the client's next issue is its own business: closed loop, it follows the
            // previous completion; open loop, its own seeded clock (the same gaps as shared).
            if let Some(q) = &mut a.queueing {
                while let Some(next) = q.next_issue() {
                    if next == c {
                        break;
                    }
                }
            }
            a.serve(c, &r, measured);
        }
        self.issued[c] += 1;
        self.processed += 1;
        true
    }

    /// Serves up to `max_requests` more requests; returns whether the run is finished.
    pub fn step(&mut self, max_requests: u64) -> bool {
        let mut left = max_requests;
        let n = self.leaves.len();
        while left > 0 && self.processed < self.total {
            if self.main.queueing.is_some() {
                let q = self.main.queueing.as_mut().expect("checked");
                let Some(c) = q.next_issue() else { break };
                if self.issue(c) {
                    left -= 1;
                }
            } else {
                // Additive: round-robin over the clients with requests left (lock-step).
                let c = self.next_client;
                self.next_client = (c + 1) % n;
                if self.issue(c) {
                    left -= 1;
                }
            }
        }
        if self.processed >= self.total {
            // Let every outstanding request complete.
            for sim in std::iter::once(&mut self.main).chain(self.alone.iter_mut()) {
                if let Some(q) = &mut sim.queueing {
                    while q.next_issue().is_some() {}
                }
            }
        }
        self.is_done()
    }

    pub fn report(&self) -> ForestReport {
        let t = &self.main.tree;
        let clients: Vec<ClientReport> = (0..self.leaves.len())
            .map(|c| {
                let cc = &t.clients[c];
                let mut served_at = cc.served_at.clone();
                served_at.push(cc.disk_reads);
                let mut blocks = cc.blocks_served_at.clone();
                blocks.push(cc.disk_blocks);
                let frac =
                    |v: &[u64], d: u64| v.iter().map(|&x| if d == 0 { 0.0 } else { x as f64 / d as f64 }).collect();
                let (mean, hist, _) = self.main.client_latency(c);
                let alone = self.alone.get(c).map(|a| a.client_latency(c).0);
                ClientReport {
                    name: self.names[self.leaves[c]].clone(),
                    path: t.path(c).to_vec(),
                    requests: cc.requests,
                    reads: cc.reads,
                    writes: cc.writes,
                    hit_fractions: frac(&served_at, cc.reads),
                    block_hit_fractions: frac(&blocks, cc.block_reads),
                    served_at,
                    mean_latency_ms: mean,
                    latency: hist.report(),
                    alone_mean_latency_ms: alone,
                    speedup: alone.map(|a| if mean > 0.0 { a / mean } else { 1.0 }),
                }
            })
            .collect();
        let speedups: Vec<f64> = clients.iter().filter_map(|c| c.speedup).collect();
        let fairness = (speedups.len() > 1).then(|| {
            let (lo, hi) = speedups.iter().fold((f64::MAX, 0f64), |(lo, hi), &s| (lo.min(s), hi.max(s)));
            if hi > 0.0 {
                lo / hi
            } else {
                1.0
            }
        });
        let depth = |mut i: usize| {
            let mut d = 0;
            while let Some(p) = self.parents[i] {
                i = p;
                d += 1;
            }
            d
        };
        ForestReport {
            caches: (0..t.caches())
                .map(|i| CacheReport {
                    name: self.names[i].clone(),
                    parent: self.parents[i],
                    depth: depth(i),
                    capacity: t.cache_size(i).1 as u64,
                    blocks: t.cache_size(i).0 as u64,
                    counters: t.cache_counters(i).clone(),
                })
                .collect(),
            clients,
            fairness,
            queueing: self.main.queueing.is_some(),
        }
    }

    /// The merged latency histogram and latency sum of every client's measured requests.
    pub fn total_latency(&self) -> (LatencyHistogram, u64) {
        let mut merged = LatencyHistogram::default();
        let mut sum = 0;
        for c in 0..self.leaves.len() {
            let (_, h, s) = self.main.client_latency(c);
            merged.add(h);
            sum += s;
        }
        (merged, sum)
    }
}
