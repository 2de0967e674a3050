//! Paper 000 §3's upside estimator: from the workload's LRU stack-depth graph alone, the hit
//! fractions and mean latency of an inclusive and of an exclusive client/array pair of given
//! sizes, and the miss-rate reduction exclusivity buys (paper 000 Figure 4).
//!
//! For a client of Nc blocks and an array of Na, with H(n) the fraction of references of
//! stack depth ≤ n:
//!
//! - **exclusive** (DEMOTE with an MRU-insertion array, a unified LRU of the aggregate size):
//!   the client hits H(Nc), the array H(Nc + Na) − H(Nc);
//! - **inclusive** (LRU client and LRU array, no cooperation): the client hits H(Nc), and the
//!   array is an LRU cache over the client's misses, so it hits H′(Na), H′ being the
//!   stack-depth graph of that miss stream — the references of depth > Nc. The paper's bound
//!   ("every client miss also misses the array", H′ = 0) is exact only when Na ≤ Nc *and* the
//!   array holds what the client holds; H′ counts the array hits the paper's bound leaves out
//!   (8 % of RANDOM's reads at Nc = Na, for instance).
//!
//! One pass over the scenario's requests (warm-up then measured, counting the measured phase
//! as a run does) computes H and one H′ per client size. Mean latencies follow paper 000's
//! eq. 1 with the first client's path — its lookup, its link, its root's disk — plus, for the
//! exclusive pair, one demotion per client miss (each eviction moves data up in steady state).
//! Too big a workload for exact tracking is sampled at a fixed SHARDS rate (every tracker
//! samples the same blocks), and the result says so.
//!
//! With several clients (a tree), the `points` treat every client's requests as one stream (as
//! if one client issued them all), and each client is also estimated on its own stream at its
//! own path's sizes: its cache as the client, the caches above it, summed, as the array.

use serde::{Deserialize, Serialize};

use crate::analysis::depth::EXACT_LIMIT;
use crate::analysis::stackdist::StackDistances;
use crate::hierarchy::Disk;
use crate::model::Block;
use crate::scenario::{err, Scenario, ScenarioError, Shape, Source};
use crate::trace::Trace;
use crate::util::hash::splitmix64;

/// Most size pairs per estimate.
pub const MAX_POINTS: usize = 64;

/// A client size and an array size, in blocks.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SizePair {
    pub client: u64,
    pub array: u64,
}

/// Predicted fractions of block reads served at each level, and the mean latency.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Prediction {
    pub client: f64,
    pub array: f64,
    pub disk: f64,
    pub mean_latency_ms: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct UpsidePoint {
    pub client: u64,
    pub array: u64,
    pub inclusive: Prediction,
    pub exclusive: Prediction,
    /// Paper 000 Figure 4's label: how much of the inclusive pair's miss rate (reads going to
    /// disk) exclusivity removes, in percent.
    pub miss_reduction_percent: f64,
    /// Inclusive mean latency over exclusive.
    pub speedup: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct UpsideReport {
    /// Block references counted (the measured phase).
    pub references: u64,
    pub distinct: u64,
    /// Absent when exact; else the SHARDS rate every stream was sampled at.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sampled_rate: Option<f64>,
    pub points: Vec<UpsidePoint>,
    /// With several clients: each client on its own stream, at its own path's sizes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clients: Vec<ClientUpside>,
}

/// One client of several, on its own requests: its cache as the client, the caches above it
/// (summed) as the array.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ClientUpside {
    pub name: String,
    pub references: u64,
    pub distinct: u64,
    pub point: UpsidePoint,
}

/// Equal client and array sizes for Figure 4's sweep: `n` sizes doubling up to the largest
/// power of two not above `distinct` (at least 1).
pub fn equal_sizes(distinct: u64, n: usize) -> Vec<SizePair> {
    let top = if distinct == 0 { 1 } else { 1u64 << (63 - distinct.leading_zeros()) };
    (0..n as u32).rev().map(|i| (top >> i).max(1)).map(|s| SizePair { client: s, array: s }).collect::<Vec<_>>()
}

/// Weighted depth histogram: `hist[d]` the weight of references at depth d (1-based).
#[derive(Default)]
struct Hist {
    hist: Vec<f64>,
}

impl Hist {
    #[inline]
    fn add(&mut self, depth: u64, w: f64) {
        let d = depth as usize;
        if self.hist.len() <= d {
            self.hist.resize((d + 1).max(self.hist.len() * 2), 0.0);
        }
        self.hist[d] += w;
    }

    /// Prefix sums: `cum[d]` the weight at depth ≤ d.
    fn cumulative(&self) -> Vec<f64> {
        let mut sum = 0.0;
        self.hist
            .iter()
            .map(|&w| {
                sum += w;
                sum
            })
            .collect()
    }

    fn clear(&mut self) {
        self.hist.fill(0.0);
    }
}

/// Client `c`'s own sizes in blocks of `block_size` bytes: its cache, and the caches above it
/// summed (a single cache: its own size again, as if an array as large stood above it).
pub fn path_sizes(shape: &Shape, c: usize, block_size: u32) -> SizePair {
    let path = &shape.paths[c];
    let client = shape.nodes[path[0]].cache.capacity.in_blocks(block_size);
    let above: u64 = path[1..].iter().map(|&i| shape.nodes[i].cache.capacity.in_blocks(block_size)).sum();
    SizePair { client, array: if above == 0 { client } else { above } }
}

/// One pass over the scenario's requests; `points` in any order.
pub fn estimate(s: &Scenario, points: &[SizePair]) -> Result<UpsideReport, ScenarioError> {
    estimate_within(s, points, EXACT_LIMIT)
}

/// [`estimate`], tracking every block while the references times the trackers (one per
/// four client sizes, plus one) stay within `budget`, else sampling down to it.
pub fn estimate_within(s: &Scenario, points: &[SizePair], budget: u64) -> Result<UpsideReport, ScenarioError> {
    estimate_source(s, points, budget, None)
}

/// [`estimate`] for a scenario replaying `trace` (its source names it).
pub fn estimate_trace(s: &Scenario, points: &[SizePair], trace: &Trace) -> Result<UpsideReport, ScenarioError> {
    estimate_source(s, points, EXACT_LIMIT, Some(trace))
}

/// A paper 000 §3 estimator over one stream: H, and H′ for each client size.
struct Estimator {
    full: StackDistances,
    hist: Hist,
    /// Client sizes, increasing, and the stack and histogram of each one's miss stream.
    clients: Vec<u64>,
    misses: Vec<(StackDistances, Hist)>,
    counted: u64,
    sampled_weight: f64,
}

impl Estimator {
    fn new(clients: Vec<u64>) -> Self {
        let misses = clients.iter().map(|_| (StackDistances::new(0), Hist::default())).collect();
        Self { full: StackDistances::new(0), hist: Hist::default(), clients, misses, counted: 0, sampled_weight: 0.0 }
    }

    fn start_measuring(&mut self) {
        self.hist.clear();
        self.misses.iter_mut().for_each(|m| m.1.clear());
        self.sampled_weight = 0.0;
    }

    #[inline]
    fn access(&mut self, id: Block, weight: f64, rate: f64) {
        self.sampled_weight += weight;
        let depth = self.full.access(id).map(|d| (d as f64 / rate).ceil() as u64);
        if let Some(d) = depth {
            self.hist.add(d, weight);
        }
        // The client of size Nc misses depth > Nc (and first references).
        for (k, &nc) in self.clients.iter().enumerate() {
            if depth.is_none_or(|d| d > nc) {
                let (t, h) = &mut self.misses[k];
                if let Some(d) = t.access(id) {
                    h.add((d as f64 / rate).ceil() as u64, weight);
                }
            }
        }
    }

    fn predict(&self, p: SizePair, sampled: bool, costs: (f64, f64, f64)) -> UpsidePoint {
        let n = self.counted as f64;
        // SHARDS_adj: the sample's weight should be the references; the difference goes to depth 1.
        let adjust = if sampled { n - self.sampled_weight } else { 0.0 };
        let upto = |cum: &[f64], size: u64| cum.get(size as usize).or(cum.last()).copied().unwrap_or(0.0);
        let full_cum = self.hist.cumulative();
        let h = |size: u64| if n == 0.0 { 0.0 } else { ((upto(&full_cum, size) + adjust) / n).clamp(0.0, 1.0) };
        let (tc, ta, td) = costs;
        let latency = |p: (f64, f64, f64), demote: bool| {
            let (c, a, d) = p;
            c * tc + a * (tc + ta) + d * (tc + ta + td) + if demote { (a + d) * ta } else { 0.0 }
        };
        let k = self.clients.binary_search(&p.client).expect("listed");
        let miss_cum = self.misses[k].1.cumulative();
        let hc = h(p.client);
        let inc_a = if n == 0.0 { 0.0 } else { (upto(&miss_cum, p.array) / n).clamp(0.0, 1.0 - hc) };
        let exc_a = (h(p.client.saturating_add(p.array)) - hc).max(0.0);
        let inc = (hc, inc_a, (1.0 - hc - inc_a).max(0.0));
        let exc = (hc, exc_a, (1.0 - hc - exc_a).max(0.0));
        let (li, le) = (latency(inc, false), latency(exc, true));
        UpsidePoint {
            client: p.client,
            array: p.array,
            inclusive: Prediction { client: inc.0, array: inc.1, disk: inc.2, mean_latency_ms: li },
            exclusive: Prediction { client: exc.0, array: exc.1, disk: exc.2, mean_latency_ms: le },
            miss_reduction_percent: if inc.2 > 0.0 { 100.0 * (inc.2 - exc.2) / inc.2 } else { 0.0 },
            speedup: if le > 0.0 { li / le } else { 1.0 },
        }
    }
}

/// Client c's path costs in ms: its lookup, one block over its link, its root's nominal disk read.
fn path_costs(s: &Scenario, shape: &Shape, c: usize) -> (f64, f64, f64) {
    let path = &shape.paths[c];
    let leaf = &shape.nodes[path[0]];
    let root = &shape.nodes[path[path.len() - 1]];
    let ms = |ns: u64| ns as f64 / 1e6;
    let link = leaf.link.map_or(0, |l| l.transfer_ns(s.block_size as u64));
    let disk = root.disk.map_or(0, |d| Disk::new(d, s.block_size).nominal_ns());
    (ms((s.client_hit_ms * 1e6).round() as u64), ms(link), ms(disk))
}

/// Request i's blocks into the buffer; returns its client.
type NextRequest<'a> = Box<dyn FnMut(u64, &mut Vec<Block>) -> usize + 'a>;

fn estimate_source(
    s: &Scenario,
    points: &[SizePair],
    budget: u64,
    trace: Option<&Trace>,
) -> Result<UpsideReport, ScenarioError> {
    let shape = s.validate_shape()?;
    if points.is_empty() || points.len() > MAX_POINTS {
        return Err(err("points", format!("give 1 to {MAX_POINTS} size pairs (got {})", points.len())));
    }
    for (i, p) in points.iter().enumerate() {
        if p.client == 0
            || p.array == 0
            || p.client > crate::workload::MAX_BLOCKS
            || p.array > crate::workload::MAX_BLOCKS
        {
            return Err(err(
                format!("points[{i}]"),
                format!(
                    "sizes must be between 1 and {} blocks (got {} and {})",
                    crate::workload::MAX_BLOCKS,
                    p.client,
                    p.array
                ),
            ));
        }
    }
    // The requests: the generators', or the trace's, each with its client.
    let mut blocks: Vec<Block> = Vec::with_capacity(64);
    let (warmup, measured, total_refs, universe, mut next_request): (u64, u64, u64, usize, NextRequest<'_>) =
        match (trace, &s.source) {
            (Some(t), Source::Trace(r)) => {
                let (client_of, _) = crate::scenario::source::assign_clients(t, &r.clients, &shape)?;
                let (w, m) = r.phases(t.records.len() as u64);
                let next = move |i: u64, blocks: &mut Vec<Block>| {
                    let rec = &t.records[i as usize];
                    blocks.extend_from_slice(t.blocks_of(rec));
                    client_of[rec.client as usize] as usize
                };
                (w, m, t.refs.len() as u64, t.distinct(), Box::new(next))
            }
            (None, Source::Workload { .. }) => {
                let r = crate::scenario::source::requests(s, &shape)?;
                let mut iter = r.iter;
                let next = move |_: u64, blocks: &mut Vec<Block>| {
                    let q = iter.next().expect("workload shorter than its declared length");
                    blocks.extend(q.blocks());
                    q.client as usize
                };
                (r.warmup, r.total - r.warmup, r.total * r.request_blocks as u64, r.universe, Box::new(next))
            }
            (None, Source::Trace(r)) => {
                return Err(err("source", format!("the trace file \"{}\" is not loaded: read it first", r.name)));
            }
            (Some(_), Source::Workload { .. }) => return Err(err("source", "the scenario names no trace to replay")),
        };
    // Every tracker samples the same blocks: those whose hash falls under the threshold.
    const MODULUS: u64 = 1 << 24;
    let mut sizes: Vec<u64> = points.iter().map(|p| p.client).collect();
    sizes.sort_unstable();
    sizes.dedup();
    // With several clients, each is also estimated on its own stream at its own path's sizes.
    let own: Vec<SizePair> = if shape.clients() > 1 {
        (0..shape.clients()).map(|c| path_sizes(&shape, c, s.block_size)).collect()
    } else {
        Vec::new()
    };
    let trackers = 1 + sizes.len() as u64 / 4 + own.len() as u64 / 2;
    let budget = budget / trackers;
    let threshold = if total_refs <= budget {
        MODULUS
    } else {
        ((budget as f64 / total_refs as f64) * MODULUS as f64).round().max(1.0) as u64
    };
    let sampled = threshold < MODULUS;
    let rate = threshold as f64 / MODULUS as f64;
    let weight = 1.0 / rate;

    let mut slot = vec![u32::MAX; universe];
    let mut next = 0u32;
    let mut all = Estimator::new(sizes);
    let mut per_client: Vec<Estimator> = own.iter().map(|p| Estimator::new(vec![p.client])).collect();
    for i in 0..warmup + measured {
        if i == warmup {
            all.start_measuring();
            per_client.iter_mut().for_each(Estimator::start_measuring);
        }
        blocks.clear();
        let c = next_request(i, &mut blocks);
        if i >= warmup {
            all.counted += blocks.len() as u64;
            if let Some(e) = per_client.get_mut(c) {
                e.counted += blocks.len() as u64;
            }
        }
        for &b in &blocks {
            if sampled && splitmix64(b as u64) % MODULUS >= threshold {
                continue;
            }
            if slot.len() <= b as usize {
                slot.resize(b as usize + 1, u32::MAX);
            }
            let id: &mut u32 = &mut slot[b as usize];
            if *id == u32::MAX {
                *id = next;
                next += 1;
            }
            let id: Block = *id;
            all.access(id, weight, rate);
            if let Some(e) = per_client.get_mut(c) {
                e.access(id, weight, rate);
            }
        }
    }
    let costs = path_costs(s, &shape, 0);
    let clients = per_client
        .iter()
        .enumerate()
        .map(|(c, e)| ClientUpside {
            name: shape.nodes[shape.leaves[c]].name.clone(),
            references: e.counted,
            distinct: (e.full.distinct() as f64 / rate).round() as u64,
            point: e.predict(own[c], sampled, path_costs(s, &shape, c)),
        })
        .collect();
    Ok(UpsideReport {
        references: all.counted,
        distinct: (next as f64 / rate).round() as u64,
        sampled_rate: sampled.then_some(rate),
        points: points.iter().map(|&p| all.predict(p, sampled, costs)).collect(),
        clients,
    })
}
