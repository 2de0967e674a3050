//! A run: one scenario driven through warm-up and measurement in caller-sized batches, with
//! a report available at any point (the worker streams these as progress snapshots).

use serde::Serialize;

use crate::hierarchy::{Counters, HistogramReport, Level, NoCache, Protocol, Timing, Topology, TwoLevel};
use crate::model::Op;
use crate::scenario::{Scenario, ScenarioError};
use crate::workload::{Replay, Workload};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Warmup,
    Measured,
    Done,
}

pub struct Run {
    scenario: Scenario,
    hierarchy: TwoLevel,
    workload: Box<dyn Workload>,
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
    /// Blocks held at the end of the last batch.
    pub client_blocks: u64,
    pub array_blocks: u64,
}

impl Run {
    pub fn new(scenario: Scenario) -> Result<Self, ScenarioError> {
        scenario.validate()?;
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
        // Each level draws its own random stream, derived from the scenario's seed.
        let build = |name: &str, c: &crate::scenario::CacheConfig, refs: &[(crate::Block, Op)]| {
            let level_seed = scenario.seed ^ if name == "client" { 0x00c1_1e47 } else { 0x00a2_4a40 };
            let policy = c
                .policy
                .build_offline(c.capacity as usize, universe, level_seed, refs)
                .map_err(|m| ScenarioError { path: format!("{name}.policy"), message: m })?;
            Ok::<Box<dyn crate::policy::Policy>, ScenarioError>(if c.co {
                Box::new(crate::policy::co::Co::new(policy, universe))
            } else {
                policy
            })
        };
        let client = build("client", &scenario.client, &refs)?;
        drop(refs);
        let (array, protocol): (Box<dyn crate::policy::Policy>, _) = match scenario.topology {
            Topology::TwoLevel => (build("array", &scenario.array, &[])?, scenario.protocol),
            Topology::Single => (Box::new(NoCache), Protocol::None),
        };
        let timing = Timing::new(scenario.client_hit_ms, scenario.link, scenario.disk, scenario.block_size);
        Ok(Self {
            hierarchy: TwoLevel::new(client, array, protocol, timing).with_du(match scenario.topology {
                Topology::TwoLevel => scenario.du,
                Topology::Single => None,
            }),
            workload,
            warmup,
            total: warmup + measured,
            processed: 0,
            scenario,
        })
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    pub fn hierarchy(&self) -> &TwoLevel {
        &self.hierarchy
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
        self.phase() == Phase::Done
    }

    /// Serves up to `max_requests` more requests; returns whether the run is finished.
    pub fn step(&mut self, max_requests: u64) -> bool {
        let mut left = max_requests;
        while left > 0 && self.processed < self.total {
            // Stop exactly at the warm-up boundary so the counters can be reset there.
            let phase_end = if self.processed < self.warmup { self.warmup } else { self.total };
            let n = left.min(phase_end - self.processed);
            for _ in 0..n {
                let req = self.workload.next_request().expect("workload shorter than its declared length");
                self.hierarchy.serve(&req);
            }
            self.processed += n;
            left -= n;
            if self.processed == self.warmup {
                self.hierarchy.reset_stats();
            }
        }
        self.is_done()
    }

    /// Serves one request and says where it went (the teaching stepper and tests).
    pub fn step_one(&mut self) -> Option<(crate::model::Request, Level, u64)> {
        if self.is_done() {
            return None;
        }
        let req = self.workload.next_request()?;
        let s = self.hierarchy.serve(&req);
        self.processed += 1;
        if self.processed == self.warmup {
            self.hierarchy.reset_stats();
        }
        Some((req, s.level, s.latency_ns))
    }

    pub fn run_to_end(mut self) -> Report {
        self.step(u64::MAX);
        self.report()
    }

    pub fn report(&self) -> Report {
        let c = &self.hierarchy.counters;
        let t = self.hierarchy.timing();
        let frac = |n: u64| if c.reads == 0 { 0.0 } else { n as f64 / c.reads as f64 };
        let ms = |ns: u64| ns as f64 / 1e6;
        Report {
            phase: self.phase(),
            processed: self.processed,
            total: self.total,
            warmup_requests: self.warmup,
            counters: c.clone(),
            hit_fractions: HitFractions {
                client: frac(c.client_hits),
                array: frac(c.array_hits),
                disk: frac(c.disk_reads),
            },
            block_hit_fractions: {
                let f = |n: u64| if c.block_reads == 0 { 0.0 } else { n as f64 / c.block_reads as f64 };
                HitFractions {
                    client: f(c.client_block_hits),
                    array: f(c.array_block_hits),
                    disk: f(c.block_reads - c.client_block_hits - c.array_block_hits),
                }
            },
            mean_latency_ms: if c.requests == 0 { 0.0 } else { c.latency_sum_ns as f64 / c.requests as f64 / 1e6 },
            latency: self.hierarchy.histogram.report(),
            path_costs: PathCosts {
                client_hit_ms: ms(t.client_hit_ns),
                array_hit_ms: ms(t.client_hit_ns + t.link_ns(1)),
                disk_read_ms: ms(t.client_hit_ns + t.link_ns(1) + t.disk_ns),
                demotion_ms: ms(t.link_ns(1)),
            },
            client_blocks: self.hierarchy.client().len() as u64,
            array_blocks: self.hierarchy.array().len() as u64,
        }
    }
}
