//! A run: one scenario driven through warm-up and measurement in caller-sized batches, with a
//! report available at any point (the worker streams these as progress snapshots).
//!
//! Every topology runs through the one [`Hierarchy`]; a run feeds it each client's requests —
//! from the scenario's generators or a trace — times them (additively, or through the queueing
//! model), and, with fairness on and two or more clients, serves each client again on a
//! private copy of the hierarchy to time it alone (paper 002 §3: a client's speedup is its mean
//! latency alone over its mean latency shared; fairness is the smallest speedup over the
//! largest).
//!
//! Clients take turns request by request (lock-step) in the additive model; a trace is replayed
//! in its own order; in queueing mode the simulated clock decides who issues next. Each client's
//! counters restart at the end of its own warm-up, the caches' once every client's has ended.
//!
//! Offline policies (MIN, read-OPT) learn their cache's whole reference string first: a run with
//! one of them makes a first pass with LRU in its place, recording what that cache is asked (a
//! client: its own requests; a cache above: the lookups that reach it, which the scenario's
//! checks guarantee do not depend on its own choices), then runs again with the policy built
//! from that string.

mod build;
pub mod census;
pub mod export;
mod feed;
pub mod report;
pub mod reproduce;
pub mod sim;
mod step;
pub mod teach;

use std::sync::Arc;

pub use report::{
    ByteTotals, CacheBytes, CacheReport, ClientBytes, ClientReport, Counters, HitFractions, PathCosts, Phase, Report,
};

use crate::analysis::depth::{DepthCurve, DepthMode, Depths};
use crate::hierarchy::protocol::mc2::{Mc2, Mc2Client};
use crate::hierarchy::protocol::Cooperation;
use crate::hierarchy::{
    CacheSpec, Driver, Engine, Hierarchy, LatencyHistogram, Meta, NoCache, Protocol, Queueing, Stage,
};
use crate::model::{Block, Op};
use crate::policy::{Policy, PolicyConfig};
use crate::scenario::{err, Scenario, ScenarioError, Shape, Source, MAX_OFFLINE_REFS};
use crate::trace::Trace;
use build::{build_hierarchy, hierarchy};
pub use census::TraceCensus;
use feed::Feed;
use feed::TraceInput;
use report::{fractions, mean_ms};

/// One hierarchy and its timing: the additive model or a queueing simulation.
struct Sim {
    h: Hierarchy,
    queueing: Option<Queueing>,
    stages: Vec<Stage>,
    background: Vec<Stage>,
}

impl Sim {
    /// Serves a request of `client` in the caches and, in queueing mode, admits it to the servers.
    #[inline(always)]
    fn serve<I: Iterator<Item = Block> + Clone>(
        &mut self,
        client: usize,
        meta: Meta,
        time_us: Option<f64>,
        blocks: I,
        measured: bool,
    ) {
        self.h.serve_blocks(client, meta, blocks);
        if let Some(q) = &mut self.queueing {
            self.h.stages(&mut self.stages);
            self.background.clear();
            let reloads = self.h.last_reloads();
            if reloads > 0 {
                let root = *self.h.path(client).last().expect("paths are non-empty");
                let ns = self.h.nominal_disk_ns(root);
                let server = self.h.disk_base() + root as u32;
                self.background.extend((0..reloads).map(|_| Stage { server, ns }));
            }
            let prefetch_ns = self.h.last_prefetch_ns();
            if prefetch_ns > 0 {
                let root = *self.h.path(client).last().expect("paths are non-empty");
                self.background.push(Stage { server: self.h.disk_base() + root as u32, ns: prefetch_ns });
            }
            q.admit(client, &self.stages, &self.background, measured);
            q.schedule_open(client, time_us);
        }
    }

    /// Mean latency (ms), histogram and latency sum of a client's measured requests.
    fn client_latency(&self, client: usize) -> (f64, &LatencyHistogram, u64) {
        match &self.queueing {
            Some(q) => {
                let c = &q.clients[client];
                (mean_ms(c.latency_sum_ns, c.completed), &c.histogram, c.latency_sum_ns)
            }
            None => {
                let c = self.h.client_counters(client);
                (mean_ms(c.latency_sum_ns, c.requests), self.h.histogram(client), c.latency_sum_ns)
            }
        }
    }
}

/// The first pass of a run with offline policies: what each of their caches is asked.
struct Recorder {
    /// Per cache: whether its policy is offline.
    offline: Vec<bool>,
    /// Per simulation (the shared one, then each client alone), per cache: the references.
    refs: Vec<Vec<Vec<(Block, Op)>>>,
}

/// Per simulation, per cache: the reference string an offline policy is built from.
type OfflineRefs = Vec<Vec<Vec<(Block, Op)>>>;

pub struct Run {
    scenario: Scenario,
    shape: Shape,
    main: Sim,
    /// Per client, a private copy of the hierarchy to time it alone (fairness).
    alone: Vec<Sim>,
    feed: Feed,
    issued: Vec<u64>,
    totals: Vec<u64>,
    warmups: Vec<u64>,
    /// Clients still in their warm-up.
    in_warmup: usize,
    next_client: usize,
    /// Block references the whole run will make (sizes the stack-depth trackers).
    references: u64,
    depths: Option<Depths>,
    /// Samples asked for by [`Run::track_timeline`] (0: none), and those taken so far.
    timeline_points: u64,
    timeline: Vec<report::TimelineSample>,
    recorder: Option<Recorder>,
    /// The batch of requests [`Run::step_lockstep`] serves (kept to reuse its allocation).
    batch: Vec<crate::model::Request>,
    processed: u64,
    total: u64,
    warmup: u64,
}

impl Run {
    /// A run of a scenario whose source is a workload.
    pub fn new(scenario: Scenario) -> Result<Self, ScenarioError> {
        let shape = scenario.validate_shape()?;
        if let Source::Trace(t) = &scenario.source {
            return Err(err("source", format!("the trace file \"{}\" is not loaded: read it first", t.name)));
        }
        Self::two_pass(scenario, shape, None)
    }

    /// A run of `scenario` (whose source names a trace) replaying `trace`, parsed from that file.
    pub fn with_trace(scenario: Scenario, trace: Arc<Trace>) -> Result<Self, ScenarioError> {
        let shape = scenario.validate_shape()?;
        if scenario.trace().is_none() {
            return Err(err("source", "the scenario names no trace to replay"));
        }
        Self::two_pass(scenario, shape, Some(TraceInput::Whole(trace)))
    }

    /// A run of `scenario` (whose source names a trace) replaying the trace streamed, batch by
    /// batch ([`Run::replay`]), never held whole: `census` is what a first pass over the file
    /// counted, its warm-up boundary [`Run::census_boundary`]. With offline policies this is
    /// their recording pass ([`Run::is_recording`]): replay the trace through it, then
    /// [`Run::next_pass`] gives the run proper, to replay the trace through again.
    pub fn streamed(scenario: Scenario, census: TraceCensus) -> Result<Self, ScenarioError> {
        let shape = scenario.validate_shape()?;
        if scenario.trace().is_none() {
            return Err(err("source", "the scenario names no trace to replay"));
        }
        Self::two_pass(scenario, shape, Some(TraceInput::Streamed(census)))
    }

    /// Whether `scenario`'s trace can be streamed: replayed in the file's order (not by several
    /// clients in queueing mode, each at its own pace, which needs the whole trace at hand).
    pub fn streams(scenario: &Scenario) -> Result<bool, ScenarioError> {
        let shape = scenario.validate_shape()?;
        Ok(!(scenario.queueing.is_some() && shape.clients() > 1))
    }

    /// The warm-up boundary a streamed run's census counts each trace client's requests up to
    /// (see [`TraceCensus::new`]). `None` when it depends on the trace's length and the run has
    /// several clients: count the trace's requests first and ask again with them.
    pub fn census_boundary(scenario: &Scenario, requests: Option<u64>) -> Result<Option<u64>, ScenarioError> {
        let shape = scenario.validate_shape()?;
        let Some(t) = scenario.trace() else {
            return Err(err("source", "the scenario names no trace to replay"));
        };
        Ok(match (t.warmup_requests, requests) {
            (Some(w), _) => Some(w),
            // One client: its warm-up is the trace's, whatever the census counts.
            _ if shape.clients() == 1 => Some(0),
            (None, Some(r)) => Some(t.phases(r).0),
            (None, None) => None,
        })
    }

    /// Serves the next batch of a streamed trace ([`Run::streamed`]), all its requests in order.
    pub fn replay(&mut self, batch: &Arc<Trace>) {
        self.feed.trace_mut().expect("a trace run").begin_batch(batch);
        self.step(batch.records.len() as u64);
        self.feed.trace_mut().expect("a trace run").end_batch();
    }

    /// Whether this is the recording pass of a streamed run with offline policies.
    pub fn is_recording(&self) -> bool {
        self.recorder.is_some()
    }

    /// After the recording pass, the run proper, its offline policies built from what their
    /// caches were asked; any other run as it is.
    pub fn next_pass(mut self) -> Result<Self, ScenarioError> {
        let Some(recorder) = self.recorder.take() else {
            return Ok(self);
        };
        let input = self.feed.input();
        Self::build(self.scenario, self.shape, input, Some(recorder.refs), false)
    }

    /// Builds the run; with offline policies, first runs it with LRU in their place to record
    /// their caches' reference strings (a streamed trace's recording pass is left to the caller).
    fn two_pass(scenario: Scenario, shape: Shape, trace: Option<TraceInput>) -> Result<Self, ScenarioError> {
        let offline: Vec<bool> = shape.nodes.iter().map(|n| n.cache.policy.is_offline()).collect();
        if !offline.contains(&true) {
            return Self::build(scenario, shape, trace, None, false);
        }
        let streamed = matches!(trace, Some(TraceInput::Streamed(_)));
        let mut first = Self::build(scenario, shape, trace, None, true)?;
        let sims = 1 + first.alone.len();
        first.recorder = Some(Recorder { offline, refs: vec![vec![Vec::new(); first.shape.nodes.len()]; sims] });
        for sim in std::iter::once(&mut first.main).chain(first.alone.iter_mut()) {
            sim.h.record_lookups(true);
        }
        if streamed {
            return Ok(first);
        }
        first.step(u64::MAX);
        first.next_pass()
    }

    fn build(
        scenario: Scenario,
        shape: Shape,
        trace: Option<TraceInput>,
        offline_refs: Option<OfflineRefs>,
        first_pass: bool,
    ) -> Result<Self, ScenarioError> {
        let feed = Feed::new(&scenario, &shape, trace)?;
        let clients = shape.clients();
        let phases: Vec<(u64, u64)> = (0..clients).map(|c| feed.phases(c)).collect();
        if let Source::Trace(t) = &scenario.source {
            if phases.iter().all(|p| p.1 == 0) {
                let requests: u64 = phases.iter().map(|p| p.0).sum();
                return Err(err(
                    "source.warmupRequests",
                    format!(
                        "leaves nothing to measure: the trace has {requests} requests ({} as warm-up)",
                        t.warmup_requests.unwrap_or(requests / 10)
                    ),
                ));
            }
        }
        let references = feed.references(&phases);
        if let Some(i) = shape.nodes.iter().position(|n| n.cache.policy.is_offline()) {
            let refs: u64 = shape.clients_below(i).map(|c| feed.client_references(c, &phases)).sum();
            if refs > MAX_OFFLINE_REFS {
                let node = &shape.nodes[i];
                return Err(err(
                    format!("{}.policy", node.path),
                    format!(
                        "{} precomputes the whole run: at most {MAX_OFFLINE_REFS} block references (the run makes {refs})",
                        node.cache.policy.name()
                    ),
                ));
            }
        }
        let build = |sim: usize, alone: Option<usize>| -> Result<Sim, ScenarioError> {
            let refs = offline_refs.as_ref().map(|r| &r[sim]);
            let h =
                hierarchy(&scenario, &shape, &feed, refs, first_pass, alone)?.with_stages(scenario.queueing.is_some());
            let queueing = scenario.queueing.map(|a| Queueing::new(h.servers(), clients, a, scenario.seed));
            Ok(Sim { h, queueing, stages: Vec::with_capacity(16), background: Vec::new() })
        };
        let main = build(0, None)?;
        let alone = if scenario.fairness && clients > 1 {
            (0..clients).map(|c| build(1 + c, Some(c))).collect::<Result<Vec<_>, _>>()?
        } else {
            Vec::new()
        };
        let warmups: Vec<u64> = phases.iter().map(|p| p.0).collect();
        let totals: Vec<u64> = phases.iter().map(|p| p.0 + p.1).collect();
        let mut run = Self {
            main,
            alone,
            feed,
            issued: vec![0; clients],
            // A client whose every request is warm-up (a trace's) measures nothing.
            in_warmup: (0..clients).filter(|&c| warmups[c] > 0 && warmups[c] < phases[c].0 + phases[c].1).count(),
            warmup: warmups.iter().sum(),
            total: totals.iter().sum(),
            totals,
            warmups,
            next_client: 0,
            references,
            depths: None,
            timeline_points: 0,
            timeline: Vec::new(),
            recorder: None,
            batch: Vec::new(),
            processed: 0,
            scenario,
            shape,
        };
        if run.in_warmup == 0 {
            run.main.h.reset_caches();
        }
        Ok(run)
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    pub fn hierarchy(&self) -> &Hierarchy {
        &self.main.h
    }

    pub fn clients(&self) -> usize {
        self.shape.clients()
    }

    /// Computes LRU stack-depth graphs as the run goes (see [`crate::analysis::depth`]): the
    /// workload's, each client's and each shared cache's; reports then carry them. Only before
    /// the first step.
    pub fn track_depths(&mut self, mode: DepthMode) -> Result<(), String> {
        mode.validate()?;
        if self.processed > 0 {
            return Err("stack-depth graphs must be asked for before the run starts".into());
        }
        let names: Vec<String> = self.shape.nodes.iter().map(|n| n.name.clone()).collect();
        let block_size = self.scenario.block_size;
        let capacities: Vec<u64> = self.shape.nodes.iter().map(|n| n.cache.capacity.in_blocks(block_size)).collect();
        self.depths = Some(Depths::new(mode, self.references, &names, &capacities, &self.shape.leaves));
        self.main.h.record_lookups(true);
        Ok(())
    }

    /// Samples the counters after every `points`-th part of the run's requests — request
    /// `ceil(k × total / points)` for k = 1 … `points` — whatever the steps asked for: reports
    /// then carry them (`timeline`), the same on every machine. Only before the first step.
    pub fn track_timeline(&mut self, points: u64) -> Result<(), String> {
        if self.processed > 0 {
            return Err("the timeline must be asked for before the run starts".into());
        }
        if points == 0 || points > 100_000 {
            return Err(format!("timeline points: from 1 to 100000, got {points}"));
        }
        self.timeline_points = points;
        self.timeline = Vec::with_capacity(points.min(self.total) as usize);
        Ok(())
    }

    /// The request count at which the next timeline sample is due (past `processed`).
    fn next_sample(&self) -> u64 {
        let (p, total) = (self.timeline_points as u128, self.total as u128);
        // The first k with ceil(k × total / p) > processed.
        let k = (self.processed as u128 * p / total.max(1)) + 1;
        let mut at = (k * total).div_ceil(p);
        if at <= self.processed as u128 {
            at = ((k + 1) * total).div_ceil(p);
        }
        at.min(total) as u64
    }

    /// The counters now, as a timeline sample.
    fn sample(&self) -> report::TimelineSample {
        let h = &self.main.h;
        let mut s = report::TimelineSample {
            at: self.processed,
            warmup: self.processed <= self.warmup && self.warmup > 0,
            reads: 0,
            client_hits: 0,
            array_hits: 0,
            disk_reads: 0,
            demotions: 0,
        };
        for c in 0..self.shape.clients() {
            let cc = h.client_counters(c);
            s.reads += cc.reads;
            s.client_hits += cc.served_at[0];
            s.array_hits += cc.served_at[1..].iter().sum::<u64>();
            s.disk_reads += cc.disk_reads;
        }
        for i in 0..h.caches() {
            s.demotions += h.cache_counters(i).demotions_in;
        }
        s
    }

    /// The stack-depth graphs so far, when tracked.
    pub fn depth_curves(&self) -> Option<Vec<DepthCurve>> {
        self.depths.as_ref().map(|d| d.report())
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

    /// Requests served so far, warm-up included.
    pub fn processed(&self) -> u64 {
        self.processed
    }

    pub fn total(&self) -> u64 {
        self.total
    }

    pub fn is_done(&self) -> bool {
        self.processed >= self.total && self.main.queueing.as_ref().is_none_or(|q| q.is_idle())
    }

    pub fn run_to_end(mut self) -> Report {
        self.step(u64::MAX);
        self.report()
    }

    pub fn report(&self) -> Report {
        let h = &self.main.h;
        let shape = &self.shape;
        let clients: Vec<ClientReport> = (0..shape.clients())
            .map(|c| {
                let cc = h.client_counters(c);
                let mut served_at = cc.served_at.clone();
                served_at.push(cc.disk_reads);
                let mut blocks = cc.blocks_served_at.clone();
                blocks.push(cc.disk_blocks);
                let frac =
                    |v: &[u64], d: u64| v.iter().map(|&x| if d == 0 { 0.0 } else { x as f64 / d as f64 }).collect();
                let (mean, hist, _) = self.main.client_latency(c);
                let alone = self.alone.get(c).map(|a| a.client_latency(c).0);
                ClientReport {
                    name: shape.nodes[shape.leaves[c]].name.clone(),
                    path: h.path(c).to_vec(),
                    requests: cc.requests,
                    reads: cc.reads,
                    writes: cc.writes,
                    synch_writes: cc.synch_writes,
                    replace_writes: cc.replace_writes,
                    recov_writes: cc.recov_writes,
                    hit_fractions: frac(&served_at, cc.reads),
                    block_hit_fractions: frac(&blocks, cc.block_reads),
                    served_at,
                    mean_latency_ms: mean,
                    latency: hist.report(),
                    alone_mean_latency_ms: alone,
                    speedup: alone.map(|a| if mean > 0.0 { a / mean } else { 1.0 }),
                    bytes: h.sized().then(|| {
                        let mut served_at = cc.bytes_served_at.clone();
                        served_at.push(cc.disk_bytes);
                        ClientBytes {
                            read: cc.read_bytes,
                            written: cc.write_bytes,
                            hit_fractions: frac(&served_at, cc.read_bytes),
                            served_at,
                        }
                    }),
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
        let mc2 = matches!(self.scenario.protocol, Protocol::Mc2 { .. });
        let caches: Vec<CacheReport> = (0..h.caches())
            .map(|i| {
                let (counts, budget) = h.cache_bytes(i);
                CacheReport {
                    name: shape.nodes[i].name.clone(),
                    policy: if mc2 { "mc2".into() } else { shape.nodes[i].cache.policy.name().into() },
                    parent: shape.nodes[i].parent,
                    depth: shape.depth(i),
                    client: shape.leaves.contains(&i),
                    capacity: if budget.is_some() { 0 } else { h.cache_size(i).1 as u64 },
                    blocks: h.cache_size(i).0 as u64,
                    counters: h.cache_counters(i).clone(),
                    admission: h.admission(i),
                    prefetch: h.prefetch(i),
                    bytes: h.sized().then_some(CacheBytes {
                        capacity: budget.map(|b| b.capacity),
                        held: budget.map(|b| b.used),
                        too_large: budget.map(|b| b.too_large),
                        hits: counts.hits,
                        misses: counts.misses,
                        from_disk: counts.from_disk,
                    }),
                }
            })
            .collect();

        let mut c = Counters::default();
        let mut histogram = LatencyHistogram::default();
        let bytes = h.sized().then(|| {
            let (mut read, mut written, mut at_client, mut above, mut disk) = (0, 0, 0, 0, 0);
            for i in 0..clients.len() {
                let cc = h.client_counters(i);
                (read, written, disk) = (read + cc.read_bytes, written + cc.write_bytes, disk + cc.disk_bytes);
                at_client += cc.bytes_served_at[0];
                above += cc.bytes_served_at[1..].iter().sum::<u64>();
            }
            let hit_fractions = fractions(read, at_client, above, disk);
            ByteTotals { read, client_hits: at_client, array_hits: above, disk, written, hit_fractions }
        });
        for i in 0..clients.len() {
            let cc = h.client_counters(i);
            c.requests += cc.requests;
            c.reads += cc.reads;
            c.writes += cc.writes;
            c.synch_writes += cc.synch_writes;
            c.replace_writes += cc.replace_writes;
            c.recov_writes += cc.recov_writes;
            c.client_hits += cc.served_at[0];
            c.array_hits += cc.served_at[1..].iter().sum::<u64>();
            c.disk_reads += cc.disk_reads;
            c.block_reads += cc.block_reads;
            c.client_block_hits += cc.blocks_served_at[0];
            c.array_block_hits += cc.blocks_served_at[1..].iter().sum::<u64>();
            let (_, hist, sum) = self.main.client_latency(i);
            histogram.add(hist);
            c.latency_sum_ns += sum;
        }
        let (mut client_blocks, mut array_blocks) = (0, 0);
        for cache in &caches {
            c.demotions += cache.counters.demotions_in;
            c.demotions_moved += cache.counters.demotions_moved_in;
            c.reloads += cache.counters.reloads;
            c.link_bytes += cache.counters.link_bytes;
            if cache.parent.is_none() {
                c.warm_block_reads += cache.counters.warm_block_reads;
                c.warm_block_hits += cache.counters.warm_block_hits;
            }
            if cache.client {
                client_blocks += cache.blocks;
            } else {
                array_blocks += cache.blocks;
            }
        }
        // Labels for charts, from the first client's path: its lookup, one block over its link,
        // and its root's nominal disk read.
        let path = h.path(0);
        let ms = |ns: u64| ns as f64 / 1e6;
        let hit_ns = h.client_hit_ns();
        let links: u64 = path.iter().map(|&i| h.one_block_link_ns(i)).sum();
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
            mean_latency_ms: mean_ms(c.latency_sum_ns, histogram.total()),
            latency: histogram.report(),
            path_costs: PathCosts {
                client_hit_ms: ms(hit_ns),
                array_hit_ms: ms(hit_ns + h.one_block_link_ns(path[0])),
                disk_read_ms: ms(hit_ns + links + h.nominal_disk_ns(root)),
                demotion_ms: ms(h.one_block_link_ns(path[0])),
            },
            counters: c,
            client_blocks,
            array_blocks,
            bytes,
            clients,
            caches,
            fairness,
            queueing: self.main.queueing.is_some(),
            depth_curves: self.depth_curves(),
            timeline: self.timeline.clone(),
        }
    }
}
