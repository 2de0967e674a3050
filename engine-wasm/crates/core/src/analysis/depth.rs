//! A run's LRU stack-depth graphs (paper 000 §3 and §6, Figures 3, 20 and 22): for the whole
//! workload (every request, as one unified cache would see them), for each client of a tree
//! (its own stream) and for each cache above the clients (the lookups that reach it — the
//! stream it really sees). They follow the run: the stack warms up with the run's warm-up and
//! counts the measured phase only, so an LRU cache of size C in the run hits exactly the
//! references of depth ≤ C; a report can be taken at any point (live curves).
//!
//! Exact (a Fenwick tree, [`StackDistances`]) when the run is small enough, else fixed-size
//! SHARDS ([`Shards`]) with [`AUTO_SAMPLE_BLOCKS`] blocks per curve; reports say which.

use serde::{Deserialize, Serialize};

use crate::analysis::stackdist::{Shards, StackDistances, AUTO_SAMPLE_BLOCKS};
use crate::model::Block;

/// Above this many block references in all (warm-up included), `auto` samples.
pub const EXACT_LIMIT: u64 = 1 << 23;

/// Points per reported curve, at most (linear and logarithmic steps merged).
const CURVE_POINTS: usize = 256;

/// How to compute the curves.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "camelCase", deny_unknown_fields)]
pub enum DepthMode {
    /// Exact up to [`EXACT_LIMIT`] block references, else fixed-size SHARDS.
    #[default]
    Auto,
    Exact,
    /// SHARDS at a fixed rate in (0, 1].
    Rate {
        rate: f64,
    },
    /// SHARDS with at most `blocks` blocks tracked per curve.
    Size {
        blocks: usize,
    },
}

impl DepthMode {
    pub fn validate(&self) -> Result<(), String> {
        match *self {
            DepthMode::Rate { rate } => Shards::new(rate).map(|_| ()),
            DepthMode::Size { blocks } => Shards::fixed_size(blocks).map(|_| ()),
            _ => Ok(()),
        }
    }
}

enum Tracker {
    Exact(StackDistances),
    Sampled(Box<Shards>),
}

impl Tracker {
    fn new(mode: DepthMode, references: u64) -> Self {
        match mode {
            DepthMode::Exact => Tracker::Exact(StackDistances::new(0)),
            DepthMode::Auto if references <= EXACT_LIMIT => Tracker::Exact(StackDistances::new(0)),
            DepthMode::Auto => Tracker::Sampled(Box::new(Shards::fixed_size(AUTO_SAMPLE_BLOCKS).expect("valid"))),
            DepthMode::Rate { rate } => Tracker::Sampled(Box::new(Shards::new(rate).expect("validated"))),
            DepthMode::Size { blocks } => Tracker::Sampled(Box::new(Shards::fixed_size(blocks).expect("validated"))),
        }
    }

    #[inline]
    fn access(&mut self, b: Block) {
        match self {
            Tracker::Exact(s) => {
                s.access(b);
            }
            Tracker::Sampled(s) => s.access(b),
        }
    }

    fn reset_counts(&mut self) {
        match self {
            Tracker::Exact(s) => s.reset_counts(),
            Tracker::Sampled(s) => s.reset_counts(),
        }
    }
}

/// Whose stream a curve describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// Every request of the run, as one unified cache would see them.
    Workload,
    /// One client's own requests.
    Client,
    /// The lookups reaching a cache above the clients.
    Cache,
}

/// One stack-depth graph: the LRU hit fraction at each cache size.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DepthCurve {
    pub name: String,
    pub scope: Scope,
    /// Absent when exact; else SHARDS' rate at the end.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sampled_rate: Option<f64>,
    /// Block references counted (the measured phase, once it has begun).
    pub references: u64,
    /// Distinct blocks seen (estimated when sampled), warm-up included.
    pub distinct: f64,
    /// Cache sizes in blocks, increasing, up to the deepest reuse (or the distinct blocks).
    pub sizes: Vec<u64>,
    /// The fraction of references an LRU cache of each size hits.
    pub hits: Vec<f64>,
}

/// Sizes to report: every size up to [`CURVE_POINTS`], else linear and logarithmic steps;
/// and the `marks` (the sizes of the run's own caches), wherever they fall.
fn curve_sizes(max: u64, marks: &[u64]) -> Vec<u64> {
    let max = max.max(1);
    let mut sizes: Vec<u64> = if max as usize <= CURVE_POINTS {
        (1..=max).collect()
    } else {
        let linear = CURVE_POINTS * 5 / 8;
        let log = CURVE_POINTS - linear;
        let mut s: Vec<u64> = (1..=linear as u64).map(|i| (max * i).div_ceil(linear as u64)).collect();
        s.extend((0..log).map(|i| (max as f64).powf(i as f64 / log as f64).round() as u64));
        s
    };
    sizes.extend(marks.iter().filter(|&&m| m > 0));
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

struct Curve {
    name: String,
    scope: Scope,
    tracker: Tracker,
    /// Sizes always reported exactly: the caches this stream meets.
    marks: Vec<u64>,
}

impl Curve {
    fn report(&self) -> DepthCurve {
        let (sampled_rate, references, distinct, sizes, hits) = match &self.tracker {
            Tracker::Exact(s) => {
                let n = s.references();
                let sizes = curve_sizes(s.max_depth().max(s.distinct()), &self.marks);
                let hits = s
                    .hits_at_sizes(&sizes)
                    .into_iter()
                    .map(|h| if n == 0 { 0.0 } else { h as f64 / n as f64 })
                    .collect();
                (None, n, s.distinct() as f64, sizes, hits)
            }
            Tracker::Sampled(s) => {
                let r = s.report();
                let deepest = r.depths.last().map_or(0, |d| d.0);
                let sizes = curve_sizes(deepest.max(r.distinct_estimate().round() as u64), &self.marks);
                let hits = r.hit_fractions(&sizes);
                (Some(r.rate), r.references, r.distinct_estimate(), sizes, hits)
            }
        };
        DepthCurve { name: self.name.clone(), scope: self.scope, sampled_rate, references, distinct, sizes, hits }
    }
}

/// The curves of one run.
pub struct Depths {
    curves: Vec<Curve>,
    /// Per cache index of a tree: its curve, if it is above the clients.
    at_cache: Vec<Option<usize>>,
    /// Per client of a tree: its curve (none for a lone client: the workload's is its own).
    at_client: Vec<Option<usize>>,
}

impl Depths {
    /// The curves of a hierarchy (cache names, capacities and which caches are the clients'):
    /// the workload, each client (when there are several), each cache above the clients; each
    /// marked at the sizes of the caches it meets (the workload: every cache's, and the sum of
    /// all of them — an exclusive hierarchy's aggregate).
    pub fn new(mode: DepthMode, references: u64, names: &[String], capacities: &[u64], leaves: &[usize]) -> Self {
        let curve = |name: &str, scope, marks| Curve {
            name: name.into(),
            scope,
            tracker: Tracker::new(mode, references),
            marks,
        };
        let mut all = capacities.to_vec();
        all.push(capacities.iter().sum());
        let mut curves = vec![curve("workload", Scope::Workload, all)];
        let mut at_client = vec![None; leaves.len()];
        if leaves.len() > 1 {
            for (c, &leaf) in leaves.iter().enumerate() {
                at_client[c] = Some(curves.len());
                curves.push(curve(&names[leaf], Scope::Client, vec![capacities[leaf]]));
            }
        }
        let mut at_cache = vec![None; names.len()];
        for (i, name) in names.iter().enumerate() {
            if !leaves.contains(&i) {
                at_cache[i] = Some(curves.len());
                curves.push(curve(name, Scope::Cache, vec![capacities[i]]));
            }
        }
        Self { curves, at_cache, at_client }
    }

    /// A request of client `c` over `blocks`, after the hierarchy served it; `lookups` are the
    /// hierarchy's [`crate::hierarchy::Hierarchy::last_lookups`].
    #[inline]
    pub fn on_request(&mut self, c: usize, blocks: impl Iterator<Item = Block>, lookups: &[(u32, Block)]) {
        let own = self.at_client[c];
        for b in blocks {
            self.curves[0].tracker.access(b);
            if let Some(i) = own {
                self.curves[i].tracker.access(b);
            }
        }
        for &(cache, b) in lookups {
            if let Some(i) = self.at_cache[cache as usize] {
                self.curves[i].tracker.access(b);
            }
        }
    }

    /// End of client `c`'s warm-up in a tree.
    pub fn reset_client(&mut self, c: usize) {
        if let Some(i) = self.at_client.get(c).copied().flatten() {
            self.curves[i].tracker.reset_counts();
        }
    }

    /// End of the run's warm-up: the workload's and the caches' counts restart.
    pub fn reset_shared(&mut self) {
        for (i, curve) in self.curves.iter_mut().enumerate() {
            if !self.at_client.contains(&Some(i)) {
                curve.tracker.reset_counts();
            }
        }
    }

    pub fn report(&self) -> Vec<DepthCurve> {
        self.curves.iter().map(Curve::report).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curve_sizes_are_increasing_and_end_at_the_deepest() {
        assert_eq!(curve_sizes(0, &[]), [1]);
        assert_eq!(curve_sizes(5, &[3, 9]), [1, 2, 3, 4, 5, 9]);
        assert!(curve_sizes(1_000_000, &[777]).contains(&777));
        let s = curve_sizes(1_000_000, &[]);
        assert!(s.len() <= CURVE_POINTS && s.len() > CURVE_POINTS / 2);
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert_eq!((s[0], *s.last().unwrap()), (1, 1_000_000));
    }
}
