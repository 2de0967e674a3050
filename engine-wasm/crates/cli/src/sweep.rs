//! `tiersim sweep`: miss-ratio curves. Every (policy, cache size) point is the scenario's
//! workload through a single cache of that policy and size; points run on a pool of threads
//! and each is deterministic, so the output does not depend on the thread count. With
//! `--trace`, every point is `tiersim sim` over a trace file, streamed: all the online points
//! are fed the same batches of one pass over the file, shared among the threads; offline
//! ones (MIN, read-OPT) take more passes, which the run names on standard error.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use serde::Serialize;
use tiersim_core::hierarchy::MultiBlock;
use tiersim_core::model::Capacity;
use tiersim_core::policy::PolicyConfig;
use tiersim_core::scenario::CacheConfig;
use tiersim_core::{Run, Scenario};

use crate::options::{default_sizes, parse_policies, parse_sizes};
use crate::trace_args::TraceArgs;

#[derive(clap::Args, Debug)]
#[command(override_usage = "tiersim sweep [OPTIONS] <SCENARIO>\n       tiersim sweep [OPTIONS] --trace <TRACE>")]
pub struct Args {
    /// Scenario file whose workload, seed and costs are used (- reads standard input); or a
    /// trace file with --trace.
    #[arg(required_unless_present = "trace", conflicts_with = "trace")]
    pub scenario: Option<String>,
    /// Sweep a trace file instead: every point is `tiersim sim` at that policy and size, all of
    /// them fed from one streamed pass over the file where they can be.
    #[command(flatten)]
    pub file: Option<TraceArgs>,
    /// With --trace: how a request of several blocks is served (see `tiersim sim`).
    #[arg(long, default_value = "per-block", value_parser = crate::options::parse_multi_block, requires = "trace")]
    pub multi_block: MultiBlock,
    /// Comma-separated policies: kinds ("lru,arc,2q") or JSON objects with parameters
    /// separated by ';' ('{"kind":"slru","protectedShare":0.6};lru').
    #[arg(long, default_value = "lru,arc")]
    pub policies: String,
    /// Comma-separated cache sizes in blocks; default: `--points` sizes spaced geometrically
    /// from 1 % to 100 % of the workload's blocks.
    #[arg(long)]
    pub sizes: Option<String>,
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(2..=200))]
    pub points: u32,
    /// Worker threads (default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Curve {
    pub policy: PolicyConfig,
    /// Per size: a scenario's read requests that missed; a trace's requests that missed (reads
    /// and writes, as `tiersim sim` counts them).
    pub miss_ratio: Vec<f64>,
    /// Blocks that missed, per size (differs for multi-block requests).
    pub block_miss_ratio: Vec<f64>,
}

#[derive(Serialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Sweep {
    pub sizes: Vec<u64>,
    pub curves: Vec<Curve>,
    /// The floor of the block miss ratio: a trace's distinct blocks over its block references; a
    /// scenario's, the block reads that miss after its warm-up in one LRU cache holding every
    /// block of its workload ([`Scenario::as_floor`]). No cache misses less.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compulsory_block_miss_ratio: Option<f64>,
    /// A scenario's floor of the read miss ratio, from the same run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compulsory_miss_ratio: Option<f64>,
}

/// Runs every point; results are in policy-major order whatever the thread count. With the
/// workload's `blocks`, the floor too: an LRU point holding them all, or one more run of it
/// (none where the engine refuses that size).
pub fn sweep(
    base: &Scenario,
    policies: &[PolicyConfig],
    sizes: &[u64],
    blocks: Option<u64>,
    threads: usize,
) -> Result<Sweep, String> {
    let points: Vec<(usize, usize)> = (0..policies.len()).flat_map(|p| (0..sizes.len()).map(move |s| (p, s))).collect();
    // Validate every point before starting any.
    let mut scenarios: Vec<Scenario> = points
        .iter()
        .map(|&(p, s)| {
            let sc = base.as_single(CacheConfig::new(sizes[s], policies[p].clone()));
            sc.validate().map(|()| sc).map_err(|e| format!("{} at {} blocks: {e}", policies[p].name(), sizes[s]))
        })
        .collect::<Result<_, _>>()?;
    let own = |b: u64| points.iter().position(|&(p, s)| policies[p] == PolicyConfig::Lru && sizes[s] >= b);
    let floor_at = blocks.and_then(|b| {
        own(b).or_else(|| {
            let sc = base.as_floor(b);
            sc.validate().is_ok().then(|| {
                scenarios.push(sc);
                scenarios.len() - 1
            })
        })
    });
    let results = Mutex::new(vec![(0.0, 0.0); scenarios.len()]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, scenarios.len().max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(sc) = scenarios.get(i) else { break };
                let r = Run::new(sc.clone()).expect("validated").run_to_end();
                results.lock().unwrap()[i] = (r.hit_fractions.disk, r.block_hit_fractions.disk);
            });
        }
    });
    let results = results.into_inner().unwrap();
    let curves = policies
        .iter()
        .enumerate()
        .map(|(p, policy)| {
            let row = &results[p * sizes.len()..(p + 1) * sizes.len()];
            Curve {
                policy: policy.clone(),
                miss_ratio: row.iter().map(|r| r.0).collect(),
                block_miss_ratio: row.iter().map(|r| r.1).collect(),
            }
        })
        .collect();
    let floor = floor_at.map(|i| results[i]);
    Ok(Sweep {
        sizes: sizes.to_vec(),
        curves,
        compulsory_block_miss_ratio: floor.map(|f| f.1),
        compulsory_miss_ratio: floor.map(|f| f.0),
    })
}

/// Every (policy, size) point over a trace file, streamed (see [`crate::sim::run_points`]):
/// without sizes, a first pass counts the distinct blocks they are spread over.
pub fn sweep_trace(
    file: &TraceArgs,
    policies: &[PolicyConfig],
    sizes: Option<Vec<u64>>,
    points: u32,
    multi: MultiBlock,
    threads: usize,
) -> Result<Sweep, String> {
    let (sizes, counted) = match sizes {
        Some(s) => (s, None),
        None => {
            file.check_rereadable("a sweep without --sizes")?;
            eprintln!("{}: a first pass counts the distinct blocks to spread the sizes over", file.trace);
            let counted = crate::sim::count(file)?;
            (default_sizes(counted.distinct.max(1), points), Some(counted))
        }
    };
    let pairs: Vec<(PolicyConfig, Capacity)> =
        policies.iter().flat_map(|p| sizes.iter().map(move |&s| (p.clone(), Capacity::Blocks(s)))).collect();
    let counting = counted.is_some() as usize;
    let done = crate::sim::run_points(file, &pairs, multi, None, threads, counted).map_err(|e| {
        let field = |name: &str, option: &str| e.strip_prefix(name).map(|rest| format!("{option}{rest}"));
        field("policy:", "--policies:").or_else(|| field("size:", "--sizes:")).unwrap_or(e.clone())
    })?;
    crate::trace_args::report_skipped(&file.trace, &done.last);
    eprintln!(
        "{}: {} caches over {} of the file{}",
        file.trace,
        pairs.len(),
        crate::sim::passes(done.passes + counting),
        if done.passes + counting == 1 { " (all fed the same batches)" } else { "" }
    );
    let curves = policies
        .iter()
        .enumerate()
        .map(|(p, policy)| {
            let row = &done.results[p * sizes.len()..(p + 1) * sizes.len()];
            Curve {
                policy: policy.clone(),
                miss_ratio: row.iter().map(|r| r.miss_ratio).collect(),
                block_miss_ratio: row.iter().map(|r| r.block_miss_ratio).collect(),
            }
        })
        .collect();
    let floor = done.results.first().map(|r| r.compulsory_block_miss_ratio);
    Ok(Sweep { sizes, curves, compulsory_block_miss_ratio: floor, compulsory_miss_ratio: None })
}

pub fn run(args: &Args) -> Result<(), String> {
    let policies = parse_policies(&args.policies)?;
    let sizes = args.sizes.as_deref().map(parse_sizes).transpose()?;
    let threads = args
        .threads
        .map(|t| t as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    let result = match (&args.scenario, &args.file) {
        (_, Some(file)) => sweep_trace(file, &policies, sizes, args.points, args.multi_block, threads)?,
        (Some(path), None) => {
            let base = crate::read_scenario(path)?;
            let blocks = base.workload().map(|w| w.blocks());
            let sizes = match (sizes, blocks) {
                (Some(s), _) => s,
                (None, Some(blocks)) => default_sizes(blocks, args.points),
                (None, None) => {
                    return Err(format!("{path}: a sweep runs a generated workload: sweep a trace file with --trace"))
                }
            };
            sweep(&base, &policies, &sizes, blocks, threads)?
        }
        (None, None) => return Err("give a scenario file or --trace".into()),
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&result).expect("sweeps serialise"));
        return Ok(());
    }
    print!("{:>10}", "size");
    for c in &result.curves {
        print!(" {:>10}", c.policy.name());
    }
    println!("   ({}miss ratio)", if args.file.is_some() { "" } else { "read " });
    for (i, size) in result.sizes.iter().enumerate() {
        print!("{size:>10}");
        for c in &result.curves {
            print!(" {:>10.4}", c.miss_ratio[i]);
        }
        println!();
    }
    if let (Some(floor), Some(blocks)) = (result.compulsory_miss_ratio, result.compulsory_block_miss_ratio) {
        println!(
            "compulsory: {floor:.4} of the measured reads ({blocks:.4} of their blocks) miss in a cache of any size: \
             LRU holding every block of the workload, after the same warm-up"
        );
    } else if let Some(floor) = result.compulsory_block_miss_ratio {
        println!(
            "compulsory: {floor:.4} of the block references are first references, which miss in a cache of any size \
             (the floor of each point's block miss ratio, in --json)"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiersim_core::workload::WorkloadConfig;

    #[test]
    fn a_trace_sweep_is_sim_at_every_point_with_sizes_spread_over_its_blocks() {
        use tiersim_core::run::sim::simulate;
        let scratch = crate::sim::tests::Scratch::new("sweep");
        let (gz, whole) = crate::sim::tests::sample_csv(30_000);
        let file = TraceArgs::file(&scratch.file("t.csv.gz", &gz), None);
        let policies = parse_policies("lru,s3-fifo,min").unwrap();
        for (sizes, threads) in [(Some(vec![5, 50, 500]), 1), (None, 2)] {
            let got = sweep_trace(&file, &policies, sizes.clone(), 4, MultiBlock::PerBlock, threads).unwrap();
            let want_sizes = sizes.unwrap_or_else(|| default_sizes(whole.distinct() as u64, 4));
            assert_eq!(got.sizes, want_sizes);
            for (c, p) in got.curves.iter().zip(&policies) {
                for (i, &size) in want_sizes.iter().enumerate() {
                    let r = simulate(p, size, &whole, MultiBlock::PerBlock).unwrap().0;
                    assert_eq!((c.miss_ratio[i], c.block_miss_ratio[i]), (r.miss_ratio, r.block_miss_ratio));
                }
            }
        }
        let bad = sweep_trace(&file, &policies, Some(vec![1 << 40]), 4, MultiBlock::PerBlock, 1).unwrap_err();
        assert!(bad.starts_with("--sizes: must be from 1 to"), "{bad}");
    }

    #[test]
    fn thread_count_does_not_change_results_and_min_bounds_the_curves() {
        let workload = WorkloadConfig::Zipf {
            blocks: 2000,
            request_blocks: 1,
            alpha: 0.8,
            warmup_requests: Some(2000),
            measured_requests: Some(20_000),
        };
        let mut base = Scenario::default();
        *base.workload_mut().unwrap() = workload;
        let policies = parse_policies("lru,arc,min").unwrap();
        let sizes = [20, 200, 1000];
        let one = sweep(&base, &policies, &sizes, Some(2000), 1).unwrap();
        let three = sweep(&base, &policies, &sizes, Some(2000), 3).unwrap();
        assert_eq!(one, three);
        // The floor: LRU holding all 2,000 blocks, one more run (no point is it), below every point.
        let lone = Run::new(base.as_floor(2000)).unwrap().run_to_end();
        assert_eq!(
            (one.compulsory_miss_ratio, one.compulsory_block_miss_ratio),
            (Some(lone.hit_fractions.disk), Some(lone.block_hit_fractions.disk))
        );
        assert!(lone.hit_fractions.disk > 0.0, "a Zipf workload's measured reads meet blocks first");
        for c in &one.curves {
            assert!(c.miss_ratio.iter().all(|&m| m >= lone.hit_fractions.disk), "{} below the floor", c.policy.name());
        }
        // Where LRU at that size is a point, it is the floor.
        let at = sweep(&base, &policies[..1], &[20, 2000], Some(2000), 2).unwrap();
        assert_eq!(at.compulsory_miss_ratio, Some(at.curves[0].miss_ratio[1]));
        assert_eq!(at.compulsory_miss_ratio, one.compulsory_miss_ratio);
        for c in &one.curves {
            // LRU and MIN are stack algorithms: their curves never rise with size.
            if c.policy != PolicyConfig::Arc {
                assert!(c.miss_ratio.windows(2).all(|w| w[1] <= w[0]), "{:?} rises", c);
            }
            for (i, m) in c.miss_ratio.iter().enumerate() {
                assert!(*m >= one.curves[2].miss_ratio[i], "{} below MIN at {}", c.policy.name(), sizes[i]);
            }
        }
    }
}
