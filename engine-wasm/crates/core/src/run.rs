//! A run: one scenario driven through warm-up and measurement in caller-sized batches, with
//! a report available at any point (the worker streams these as progress snapshots).

use serde::Serialize;

use crate::forest::{ForestReport, ForestRun};
use crate::hierarchy::{Counters, HistogramReport, NoCache, Protocol, Timing, Topology, TwoLevel};
use crate::model::Op;
use crate::scenario::{Scenario, ScenarioError};
use crate::trace::Trace;
use crate::workload::{Replay, Workload};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Warmup,
    Measured,
    Done,
}

/// The engine behind a run: the fast one-client path (two levels or a single cache, every
/// protocol), or a forest of caches with several clients. One per run: the hot two-level
/// path keeps its hierarchy inline rather than behind a pointer.
#[allow(clippy::large_enum_variant)]
enum Engine {
    Levels {
        hierarchy: TwoLevel,
        workload: Box<dyn Workload>,
    },
    /// Two levels or a single cache replaying a parsed trace, request by request.
    Replay {
        hierarchy: TwoLevel,
        trace: Arc<Trace>,
        next: usize,
    },
    Forest(Box<ForestRun>),
}

pub struct Run {
    scenario: Scenario,
    engine: Engine,
    /// Stack-depth graphs of a single cache or two levels, when asked for.
    depths: Option<crate::depth::Depths>,
    warmup: u64,
    total: u64,
    processed: u64,
}

/// Hit fractions of the measured read requests at each level; they sum to 1.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HitFractions {
    pub client: f64,
    pub array: f64,
    pub disk: f64,
}

/// The costs of the three basic paths, for labelling charts (e.g. the CDF's array-hit step).
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PathCosts {
    pub client_hit_ms: f64,
    pub array_hit_ms: f64,
    pub disk_read_ms: f64,
    pub demotion_ms: f64,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub phase: Phase,
    /// Requests served so far, warm-up included.
    pub processed: u64,
    pub total: u64,
    pub warmup_requests: u64,
    /// Counters of the measured phase (of the warm-up while it lasts).
    pub counters: Counters,
    pub hit_fractions: HitFractions,
    /// The same per block referenced (they differ only for multi-block requests, paper 001).
    pub block_hit_fractions: HitFractions,
    /// Mean latency per request of the measured phase, in milliseconds.
    pub mean_latency_ms: f64,
    pub latency: HistogramReport,
    pub path_costs: PathCosts,
    /// Blocks held at the end of the last batch (in a tree: by all clients' caches, and by
    /// all the others).
    pub client_blocks: u64,
    pub array_blocks: u64,
    /// Per client and per cache, for `topology: "tree"`; the fields above then sum over the
    /// clients ("array" meaning any cache above a client).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<ForestReport>,
    /// LRU stack-depth graphs, when the run tracks them ([`Run::track_depths`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth_curves: Option<Vec<crate::depth::DepthCurve>>,
}

impl Run {
    pub fn new(scenario: Scenario) -> Result<Self, ScenarioError> {
        scenario.validate()?;
        if scenario.topology == Topology::Tree {
            let config = scenario.tree.as_ref().expect("validated: a tree topology has its tree");
            let forest = ForestRun::new(&scenario, config)?;
            return Ok(Self {
                depths: None,
                warmup: forest.warmup,
                total: forest.total,
                processed: 0,
                engine: Engine::Forest(Box::new(forest)),
                scenario,
            });
        }
        if let Some(t) = &scenario.trace {
            return Err(ScenarioError {
                path: "trace".into(),
                message: format!("the trace file \"{}\" is not loaded: read it first", t.name),
            });
        }
        let mut workload = scenario.workload.build(scenario.seed);
        let universe = workload.universe();
        let (warmup, measured) = scenario.workload.phases();
        // An offline policy learns the whole stream first; the run then replays it.
        let mut refs: Vec<(crate::Block, Op)> = Vec::new();
        if scenario.client.policy.is_offline() {
            let requests: Vec<_> = (0..warmup + measured).map_while(|_| workload.next_request()).collect();
            refs = requests.iter().flat_map(|r| r.blocks().map(move |b| (b, r.op))).collect();
            workload = Box::new(Replay::new(requests, universe));
        }
        let hierarchy = Self::levels(&scenario, universe, &refs)?;
        drop(refs);
        Ok(Self {
            engine: Engine::Levels { hierarchy, workload },
            depths: None,
            warmup,
            total: warmup + measured,
            processed: 0,
            scenario,
        })
    }

    /// A run of `scenario` (single cache or two levels, with its `trace` named) replaying
    /// `trace`, parsed from that file.
    pub fn with_trace(scenario: Scenario, trace: Arc<Trace>) -> Result<Self, ScenarioError> {
        scenario.validate()?;
        let Some(t) = &scenario.trace else {
            return Err(ScenarioError {
                path: "trace".into(),
                message: "the scenario names no trace to replay".into(),
            });
        };
        let requests = trace.records.len() as u64;
        let (warmup, measured) = t.phases(requests);
        if measured == 0 {
            return Err(ScenarioError {
                path: "trace.warmupRequests".into(),
                message: format!("leaves nothing to measure: the trace has {requests} requests"),
            });
        }
        let refs: Vec<(crate::Block, Op)> = if scenario.client.policy.is_offline() {
            if trace.refs.len() as u64 > crate::scenario::MAX_OFFLINE_REFS {
                return Err(ScenarioError {
                    path: "client.policy".into(),
                    message: format!(
                        "{} precomputes the whole run: at most {} block references (the trace has {})",
                        scenario.client.policy.name(),
                        crate::scenario::MAX_OFFLINE_REFS,
                        trace.refs.len()
                    ),
                });
            }
            trace.records.iter().flat_map(|r| trace.blocks_of(r).iter().map(move |&b| (b, r.op))).collect()
        } else {
            Vec::new()
        };
        let hierarchy = Self::levels(&scenario, trace.distinct().max(1), &refs)?;
        drop(refs);
        Ok(Self {
            engine: Engine::Replay { hierarchy, trace, next: 0 },
            depths: None,
            warmup,
            total: warmup + measured,
            processed: 0,
            scenario,
        })
    }

    /// The client and array (or, for a single cache, nothing) of `scenario` over `universe`
    /// block ids; `refs`, every reference in order, for an offline client policy.
    pub(crate) fn levels(
        scenario: &Scenario,
        universe: usize,
        refs: &[(crate::Block, Op)],
    ) -> Result<TwoLevel, ScenarioError> {
        // Each level draws its own random stream, derived from the scenario's seed.
        let build = |name: &str, c: &crate::scenario::CacheConfig, refs: &[(crate::Block, Op)]| {
            let level_seed = scenario.seed ^ if name == "client" { 0x00c1_1e47 } else { 0x00a2_4a40 };
            let policy = c
                .policy
                .build_offline(
                    c.policy.data_capacity(c.capacity, scenario.block_size as u64) as usize,
                    universe,
                    level_seed,
                    refs,
                )
                .map_err(|m| ScenarioError { path: format!("{name}.policy"), message: m })?;
            Ok::<Box<dyn crate::policy::Policy>, ScenarioError>(if c.co {
                Box::new(crate::policy::co::Co::new(policy, universe))
            } else {
                policy
            })
        };
        let client = build("client", &scenario.client, refs)?;
        let (array, protocol): (Box<dyn crate::policy::Policy>, _) = match scenario.topology {
            Topology::Single => (Box::new(NoCache), Protocol::None),
            _ => (build("array", &scenario.array, &[])?, scenario.protocol),
        };
        let timing = Timing::new(scenario.client_hit_ms, scenario.link, scenario.disk, scenario.block_size);
        Ok(TwoLevel::new(client, array, protocol, timing)
            .with_du(match scenario.topology {
                Topology::Single => None,
                _ => scenario.du,
            })
            .with_se(scenario.se))
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// Computes LRU stack-depth graphs as the run goes (see [`crate::depth`]); reports then
    /// carry them. Only before the first step.
    pub fn track_depths(&mut self, mode: crate::depth::DepthMode) -> Result<(), String> {
        mode.validate()?;
        if self.processed > 0 {
            return Err("stack-depth graphs must be asked for before the run starts".into());
        }
        match &mut self.engine {
            Engine::Forest(f) => f.track_depths(mode),
            Engine::Replay { trace, .. } => {
                let refs = trace.refs.len() as u64;
                let array = (self.scenario.topology != Topology::Single).then_some(self.scenario.array.capacity);
                self.depths = Some(crate::depth::Depths::levels(mode, refs, self.scenario.client.capacity, array));
            }
            Engine::Levels { .. } => {
                let refs = self.total * self.scenario.workload.request_blocks() as u64;
                let array = (self.scenario.topology != Topology::Single).then_some(self.scenario.array.capacity);
                self.depths = Some(crate::depth::Depths::levels(mode, refs, self.scenario.client.capacity, array));
            }
        }
        Ok(())
    }

    /// The two-level (or single-cache) hierarchy; `None` for a tree.
    pub fn hierarchy(&self) -> Option<&TwoLevel> {
        match &self.engine {
            Engine::Levels { hierarchy, .. } | Engine::Replay { hierarchy, .. } => Some(hierarchy),
            Engine::Forest(_) => None,
        }
    }

    /// The forest run of a tree scenario.
    pub fn forest(&self) -> Option<&ForestRun> {
        match &self.engine {
            Engine::Forest(f) => Some(f),
            _ => None,
        }
    }

    pub fn phase(&self) -> Phase {
        if self.processed >= self.total {
            Phase::Done
        } else if self.processed < self.warmup {
            Phase::Warmup
        } else {
            Phase::Measured
        }
    }

    pub fn report_processed(&self) -> u64 {
        self.processed
    }

    pub fn is_done(&self) -> bool {
        match &self.engine {
            Engine::Forest(f) => f.is_done(),
            _ => self.phase() == Phase::Done,
        }
    }

    /// Serves up to `max_requests` more requests; returns whether the run is finished.
    pub fn step(&mut self, max_requests: u64) -> bool {
        if self.depths.is_some() || matches!(self.engine, Engine::Replay { .. }) {
            return self.step_tracked(max_requests);
        }
        let (hierarchy, workload) = match &mut self.engine {
            Engine::Forest(f) => {
                let done = f.step(max_requests);
                self.processed = f.processed;
                return done;
            }
            Engine::Levels { hierarchy, workload } => (hierarchy, workload),
            Engine::Replay { .. } => unreachable!("stepped above"),
        };
        let mut left = max_requests;
        while left > 0 && self.processed < self.total {
            // Stop exactly at the warm-up boundary so the counters can be reset there.
            let phase_end = if self.processed < self.warmup { self.warmup } else { self.total };
            let n = left.min(phase_end - self.processed);
            for _ in 0..n {
                let req = workload.next_request().expect("workload shorter than its declared length");
                hierarchy.serve(&req);
            }
            self.processed += n;
            left -= n;
            if self.processed == self.warmup {
                hierarchy.reset_stats();
            }
        }
        self.is_done()
    }

    /// [`Run::step`] with stack-depth graphs, or replaying a trace (two levels or a single
    /// cache; a tree's forest tracks its own curves). Apart, so the plain loop — the hot path —
    /// compiles as it did.
    #[inline(never)]
    fn step_tracked(&mut self, max_requests: u64) -> bool {
        if let Engine::Forest(f) = &mut self.engine {
            let done = f.step(max_requests);
            self.processed = f.processed;
            return done;
        }
        let mut left = max_requests;
        while left > 0 && self.processed < self.total {
            let phase_end = if self.processed < self.warmup { self.warmup } else { self.total };
            let n = left.min(phase_end - self.processed);
            match &mut self.engine {
                Engine::Levels { hierarchy, workload } => {
                    for _ in 0..n {
                        let req = workload.next_request().expect("workload shorter than its declared length");
                        hierarchy.serve(&req);
                        if let Some(d) = &mut self.depths {
                            d.on_blocks(req.op, req.blocks(), hierarchy.last_missing());
                        }
                    }
                }
                Engine::Replay { hierarchy, trace, next } => {
                    for r in &trace.records[*next..*next + n as usize] {
                        let blocks = trace.blocks_of(r);
                        hierarchy.serve_blocks(r.op, r.write_hint, blocks.iter().copied(), r.len);
                        if let Some(d) = &mut self.depths {
                            d.on_blocks(r.op, blocks.iter().copied(), hierarchy.last_missing());
                        }
                    }
                    *next += n as usize;
                }
                Engine::Forest(_) => unreachable!("stepped above"),
            }
            self.processed += n;
            left -= n;
            if self.processed == self.warmup {
                if let Some(h) = self.hierarchy_mut() {
                    h.reset_stats();
                }
                if let Some(d) = &mut self.depths {
                    d.reset_shared();
                }
            }
        }
        self.is_done()
    }

    fn hierarchy_mut(&mut self) -> Option<&mut TwoLevel> {
        match &mut self.engine {
            Engine::Levels { hierarchy, .. } | Engine::Replay { hierarchy, .. } => Some(hierarchy),
            Engine::Forest(_) => None,
        }
    }

    pub fn run_to_end(mut self) -> Report {
        self.step(u64::MAX);
        self.report()
    }

    pub fn report(&self) -> Report {
        match &self.engine {
            Engine::Levels { hierarchy, .. } | Engine::Replay { hierarchy, .. } => self.levels_report(hierarchy),
            Engine::Forest(f) => self.forest_report(f),
        }
    }

    fn levels_report(&self, hierarchy: &TwoLevel) -> Report {
        let c = &hierarchy.counters;
        let t = hierarchy.timing();
        let ms = |ns: u64| ns as f64 / 1e6;
        Report {
            phase: self.phase(),
            processed: self.processed,
            total: self.total,
            warmup_requests: self.warmup,
            counters: c.clone(),
            hit_fractions: fractions(c.reads, c.client_hits, c.array_hits, c.disk_reads),
            block_hit_fractions: fractions(
                c.block_reads,
                c.client_block_hits,
                c.array_block_hits,
                c.block_reads - c.client_block_hits - c.array_block_hits,
            ),
            mean_latency_ms: if c.requests == 0 { 0.0 } else { c.latency_sum_ns as f64 / c.requests as f64 / 1e6 },
            latency: hierarchy.histogram.report(),
            path_costs: PathCosts {
                client_hit_ms: ms(t.client_hit_ns),
                array_hit_ms: ms(t.client_hit_ns + t.link_ns(1)),
                disk_read_ms: ms(t.client_hit_ns + t.link_ns(1) + t.disk_ns),
                demotion_ms: ms(t.link_ns(1)),
            },
            client_blocks: hierarchy.client().len() as u64,
            array_blocks: hierarchy.array().len() as u64,
            tree: None,
            depth_curves: self.depths.as_ref().map(|d| d.report()),
        }
    }

    /// A tree's report: per client and per cache, and the sums over the clients.
    fn forest_report(&self, f: &ForestRun) -> Report {
        let tree = f.report();
        let t = f.tree();
        let mut c = Counters::default();
        for cc in &t.clients {
            c.requests += cc.requests;
            c.reads += cc.reads;
            c.writes += cc.writes;
            c.client_hits += cc.served_at[0];
            c.array_hits += cc.served_at[1..].iter().sum::<u64>();
            c.disk_reads += cc.disk_reads;
            c.block_reads += cc.block_reads;
            c.client_block_hits += cc.blocks_served_at[0];
            c.array_block_hits += cc.blocks_served_at[1..].iter().sum::<u64>();
        }
        let leaves: Vec<usize> = tree.clients.iter().map(|cl| cl.path[0]).collect();
        let (mut client_blocks, mut array_blocks) = (0, 0);
        for (i, cache) in tree.caches.iter().enumerate() {
            c.demotions += cache.counters.demotions_in;
            c.demotions_moved += cache.counters.demotions_moved_in;
            c.reloads += cache.counters.reloads;
            c.link_bytes += cache.counters.link_bytes;
            if leaves.contains(&i) {
                client_blocks += cache.blocks;
            } else {
                array_blocks += cache.blocks;
            }
        }
        let (histogram, latency_sum) = f.total_latency();
        c.latency_sum_ns = latency_sum;
        let timed = histogram.total();
        // Labels for charts, from the first client's path: its lookup, one block over its
        // link, and its root's nominal disk read.
        let path = t.path(0);
        let s = &self.scenario;
        let ms = |ns: u64| ns as f64 / 1e6;
        let link_ms = |i: usize| {
            s.tree.as_ref().and_then(|tc| tc.caches[i].link).map_or(0.0, |l| ms(l.transfer_ns(s.block_size as u64)))
        };
        let root = path[path.len() - 1];
        Report {
            phase: self.phase(),
            processed: self.processed,
            total: self.total,
            warmup_requests: self.warmup,
            hit_fractions: fractions(c.reads, c.client_hits, c.array_hits, c.disk_reads),
            block_hit_fractions: fractions(
                c.block_reads,
                c.client_block_hits,
                c.array_block_hits,
                c.block_reads - c.client_block_hits - c.array_block_hits,
            ),
            mean_latency_ms: if timed == 0 { 0.0 } else { latency_sum as f64 / timed as f64 / 1e6 },
            latency: histogram.report(),
            path_costs: PathCosts {
                client_hit_ms: s.client_hit_ms,
                array_hit_ms: s.client_hit_ms + link_ms(path[0]),
                disk_read_ms: s.client_hit_ms
                    + path.iter().map(|&i| link_ms(i)).sum::<f64>()
                    + ms(t.nominal_disk_ns(root)),
                demotion_ms: link_ms(path[0]),
            },
            counters: c,
            client_blocks,
            array_blocks,
            tree: Some(tree),
            depth_curves: f.depth_curves(),
        }
    }
}

/// Fractions of `total` (zero when there is nothing to divide).
fn fractions(total: u64, client: u64, array: u64, disk: u64) -> HitFractions {
    let f = |n: u64| if total == 0 { 0.0 } else { n as f64 / total as f64 };
    HitFractions { client: f(client), array: f(array), disk: f(disk) }
}
