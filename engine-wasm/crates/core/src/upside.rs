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
//! One pass over the scenario's workload (warm-up then measured, counting the measured phase
//! as a run does) computes H and one H′ per client size. Mean latencies follow paper 000's
//! eq. 1 with the scenario's link and disk, plus, for the exclusive pair, one demotion per
//! client miss (each eviction moves data to the array in steady state). Too big a workload
//! for exact tracking is sampled at a fixed SHARDS rate (every tracker samples the same
//! blocks), and the result says so.

use serde::{Deserialize, Serialize};

use crate::depth::EXACT_LIMIT;
use crate::hierarchy::{Timing, Topology};
use crate::model::Block;
use crate::scenario::{Scenario, ScenarioError};
use crate::stackdist::StackDistances;
use crate::trace::Trace;
use crate::util::hash::splitmix64;

/// Most size pairs per estimate.
pub const MAX_POINTS: usize = 64;

/// A client size and an array size, in blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SizePair {
    pub client: u64,
    pub array: u64,
}

/// Predicted fractions of block reads served at each level, and the mean latency.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Prediction {
    pub client: f64,
    pub array: f64,
    pub disk: f64,
    pub mean_latency_ms: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
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
#[serde(rename_all = "camelCase")]
pub struct UpsideReport {
    /// Block references counted (the measured phase).
    pub references: u64,
    pub distinct: u64,
    /// Absent when exact; else the SHARDS rate every stream was sampled at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sampled_rate: Option<f64>,
    pub points: Vec<UpsidePoint>,
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

/// One pass over the scenario's workload; `points` in any order.
pub fn estimate(s: &Scenario, points: &[SizePair]) -> Result<UpsideReport, ScenarioError> {
    estimate_within(s, points, EXACT_LIMIT)
}

/// [`estimate`], tracking every block while the references times the trackers (one per
/// four client sizes, plus one) stay within `budget`, else sampling down to it.
pub fn estimate_within(s: &Scenario, points: &[SizePair], budget: u64) -> Result<UpsideReport, ScenarioError> {
    estimate_source(s, points, budget, None)
}

/// [`estimate`] for a scenario replaying `trace` (its `trace` field names it).
pub fn estimate_trace(s: &Scenario, points: &[SizePair], trace: &Trace) -> Result<UpsideReport, ScenarioError> {
    estimate_source(s, points, EXACT_LIMIT, Some(trace))
}

fn estimate_source(
    s: &Scenario,
    points: &[SizePair],
    budget: u64,
    trace: Option<&Trace>,
) -> Result<UpsideReport, ScenarioError> {
    s.validate()?;
    let err = |path: &str, m: String| ScenarioError { path: path.into(), message: m };
    if s.topology == Topology::Tree {
        return Err(err(
            "topology",
            "the upside estimator is for one client over one array: use the two-level topology".into(),
        ));
    }
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
                &format!("points[{i}]"),
                format!(
                    "sizes must be between 1 and {} blocks (got {} and {})",
                    crate::workload::MAX_BLOCKS,
                    p.client,
                    p.array
                ),
            ));
        }
    }
    // The requests: the generator's, or the trace's.
    let mut workload = s.workload.build(s.seed);
    let (warmup, measured, total_refs, universe) = match (trace, &s.trace) {
        (Some(t), Some(r)) => {
            let (w, m) = r.phases(t.records.len() as u64);
            (w, m, t.refs.len() as u64, t.distinct())
        }
        (None, None) => {
            let (w, m) = s.workload.phases();
            (w, m, (w + m) * s.workload.request_blocks() as u64, workload.universe())
        }
        (None, Some(r)) => {
            return Err(err("trace", format!("the trace file \"{}\" is not loaded: read it first", r.name)));
        }
        (Some(_), None) => return Err(err("trace", "the scenario names no trace to replay".into())),
    };
    let mut blocks: Vec<Block> = Vec::with_capacity(64);
    let mut next_request = |i: u64, blocks: &mut Vec<Block>| {
        blocks.clear();
        match trace {
            Some(t) => blocks.extend_from_slice(t.blocks_of(&t.records[i as usize])),
            None => blocks.extend(workload.next_request().expect("workload shorter than its declared length").blocks()),
        }
    };
    // Every tracker samples the same blocks: those whose hash falls under the threshold.
    const MODULUS: u64 = 1 << 24;
    let mut clients: Vec<u64> = points.iter().map(|p| p.client).collect();
    clients.sort_unstable();
    clients.dedup();
    let budget = budget / (1 + clients.len() as u64 / 4);
    let threshold = if total_refs <= budget {
        MODULUS
    } else {
        ((budget as f64 / total_refs as f64) * MODULUS as f64).round().max(1.0) as u64
    };
    let rate = threshold as f64 / MODULUS as f64;
    let weight = 1.0 / rate;

    let mut slot = vec![u32::MAX; universe];
    let mut next = 0u32;
    let mut full = StackDistances::new(0);
    let mut full_hist = Hist::default();
    let mut misses: Vec<(StackDistances, Hist)> =
        clients.iter().map(|_| (StackDistances::new(0), Hist::default())).collect();
    let mut sampled_weight = 0.0;
    let mut counted = 0u64;
    for i in 0..warmup + measured {
        if i == warmup {
            full_hist.clear();
            misses.iter_mut().for_each(|m| m.1.clear());
            sampled_weight = 0.0;
        }
        next_request(i, &mut blocks);
        if i >= warmup {
            counted += blocks.len() as u64;
        }
        for &b in &blocks {
            if threshold < MODULUS && splitmix64(b as u64) % MODULUS >= threshold {
                continue;
            }
            let id: &mut u32 = &mut slot[b as usize];
            if *id == u32::MAX {
                *id = next;
                next += 1;
            }
            let id: Block = *id;
            sampled_weight += weight;
            let depth = full.access(id).map(|d| (d as f64 / rate).ceil() as u64);
            if let Some(d) = depth {
                full_hist.add(d, weight);
            }
            // The client of size Nc misses depth > Nc (and first references).
            for (k, &nc) in clients.iter().enumerate() {
                if depth.is_none_or(|d| d > nc) {
                    let (t, h) = &mut misses[k];
                    if let Some(d) = t.access(id) {
                        h.add((d as f64 / rate).ceil() as u64, weight);
                    }
                }
            }
        }
    }
    let n = counted as f64;
    // SHARDS_adj: the sample's weight should be the references; the difference goes to depth 1.
    let adjust = if threshold < MODULUS { n - sampled_weight } else { 0.0 };
    let upto = |cum: &[f64], size: u64| cum.get(size as usize).or(cum.last()).copied().unwrap_or(0.0);
    let full_cum = full_hist.cumulative();
    let miss_cum: Vec<Vec<f64>> = misses.iter().map(|m| m.1.cumulative()).collect();
    let h = |size: u64| if n == 0.0 { 0.0 } else { ((upto(&full_cum, size) + adjust) / n).clamp(0.0, 1.0) };

    let timing = Timing::new(s.client_hit_ms, s.link, s.disk, s.block_size);
    let ms = |ns: u64| ns as f64 / 1e6;
    let (tc, ta, td) = (ms(timing.client_hit_ns), ms(timing.link_ns(1)), ms(timing.disk_ns));
    let latency = |p: (f64, f64, f64), demote: bool| {
        let (c, a, d) = p;
        c * tc + a * (tc + ta) + d * (tc + ta + td) + if demote { (a + d) * ta } else { 0.0 }
    };
    let out = points
        .iter()
        .map(|p| {
            let k = clients.binary_search(&p.client).expect("listed");
            let hc = h(p.client);
            let inc_a = if n == 0.0 { 0.0 } else { (upto(&miss_cum[k], p.array) / n).clamp(0.0, 1.0 - hc) };
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
        })
        .collect();
    Ok(UpsideReport {
        references: counted,
        distinct: (next as f64 / rate).round() as u64,
        sampled_rate: (threshold < MODULUS).then_some(rate),
        points: out,
    })
}
