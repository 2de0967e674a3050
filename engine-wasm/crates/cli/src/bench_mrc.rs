//! `tiersim bench-mrc`: what a miniature-simulation curve costs next to full simulations, on
//! the policy benchmark's trace (`tiersim_core::bench`: seeded Zipf α = 1.0 over a million
//! block ids, 10 M requests by default). Per policy: the time of an 8-size curve (1 % to 100 %
//! of the distinct blocks) by `MiniSim` at the default sampling — as `tiersim mrc` computes it
//! (the trace read whole) and as a stream of unknown length would — of one full run at one size
//! (10 % of the distinct blocks, the policy benchmark's), and of the 8 full runs at the curve's
//! sizes; the curve's mean absolute error against those runs; the bytes each holds at its
//! peak; and the allocations during the curve's pass. Single-threaded throughout, in CPU
//! seconds of the thread (the machine may be shared), best of `--repeat` for the curve and the
//! one run (the 8 runs once). Targets (issue 22): the curve
//! within 2× one full run and at least 10× faster than the 8.

use serde::Serialize;
use tiersim_core::analysis::minisim::{Method, MiniReport, MiniSim};
use tiersim_core::bench::{PolicyBench, POLICY_SEED};
use tiersim_core::model::{Block, Op};
use tiersim_core::policy::PolicyConfig;

use crate::alloc_count;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(long, default_value_t = 10_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub requests: u64,
    #[arg(long, default_value = "lru,arc,lirs,s3-fifo,sieve,2q")]
    pub policies: String,
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub repeat: u32,
    /// The sampling, as `tiersim mrc` takes it (defaults: the engine's).
    #[command(flatten)]
    pub sampling: crate::mrc::SamplingArgs,
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Row {
    policy: &'static str,
    /// The curve of a trace read whole (its distinct blocks known: `MiniSim::for_blocks`).
    mini_seconds: f64,
    /// The same fed as a stream of unknown length (`MiniSim::new`: the rate ladder).
    streamed_seconds: f64,
    one_run_seconds: f64,
    eight_runs_seconds: f64,
    /// The curve's time over one full run's (target ≤ 2).
    mini_over_one_run: f64,
    /// The 8 full runs' time over the curve's (target ≥ 10).
    eight_runs_over_mini: f64,
    mae: f64,
    streamed_mae: f64,
    /// The sampling rate (streamed: the rung kept) and the blocks in its sample.
    rate: f64,
    streamed_rate: f64,
    sampled_blocks: u64,
    mini_peak_bytes: usize,
    one_run_peak_bytes: usize,
    /// Allocations and reallocations while the curve read the trace.
    mini_allocations: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Output {
    requests: usize,
    distinct: usize,
    sizes: Vec<u64>,
    one_run_size: usize,
    rows: Vec<Row>,
}

/// Seconds of CPU this thread has used: on a machine shared with other work, wall time
/// measures the neighbours as much as the code; falls back to wall time off Unix.
fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `t` is a valid timespec to write; CLOCK_THREAD_CPUTIME_ID is always available on Linux.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9;
        }
    }
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64()
}

/// Misses of a full-size cache of `config` at `size` over `trace`, and the peak bytes it held.
fn full_run(config: &PolicyConfig, size: u64, trace: &[Block], universe: usize) -> (u64, usize) {
    let base = alloc_count::reset_peak();
    let mut p = config.build(size as usize, universe, POLICY_SEED).expect("default parameters are valid");
    let mut evicted = Vec::with_capacity(16);
    let mut misses = 0;
    for &b in trace {
        if !p.access(b, &mut evicted) {
            misses += 1;
        }
        evicted.clear();
    }
    let peak = alloc_count::peak() - base;
    drop(p);
    (misses, peak)
}

pub fn run(args: &Args) -> Result<(), String> {
    let policies = crate::options::parse_policies(&args.policies)?;
    if let Some(p) = policies.iter().find(|p| p.is_offline()) {
        return Err(format!("--policies: {} is offline; miniature simulation needs online policies", p.name()));
    }
    let sampling = args.sampling.sampling()?;
    let bench = PolicyBench::zipf(args.requests as usize, 1_000_000, 1.0);
    let sizes = crate::options::default_sizes(bench.distinct as u64, 8);
    let one_size = bench.capacity();
    let n = bench.trace.len();
    if !args.json {
        println!(
            "mrc bench: Zipf α=1.0, {n} requests over 1000000 ids ({} distinct); curve at {sizes:?}; one run at {one_size} blocks; best of {}",
            bench.distinct, args.repeat
        );
        println!(
            "  sampling: rate at least {}, at least {} sampled blocks, mini-caches of at least {} blocks",
            sampling.rate, sampling.min_blocks, sampling.min_cache
        );
        println!(
            "  {:<8} {:>8} {:>8} {:>8} {:>11} {:>11} {:>7} {:>8} {:>8} {:>8} {:>8} {:>7} {:>7} {:>6}",
            "policy",
            "curve s",
            "1 run s",
            "8 runs s",
            "curve/1run",
            "8runs/curve",
            "MAE",
            "rate",
            "stream s",
            "/1 run",
            "s. MAE",
            "cur MiB",
            "1r MiB",
            "allocs"
        );
    }
    let mut rows = Vec::new();
    for config in &policies {
        // The curve as `tiersim mrc` runs it (the trace read whole: its distinct blocks known),
        // then as a stream of unknown length would (the rate ladder).
        let curve = |streamed: bool| -> Result<(f64, usize, usize, MiniReport), String> {
            let mut best = (f64::MAX, 0, 0, None);
            for _ in 0..args.repeat {
                let base = alloc_count::reset_peak();
                let mut m = if streamed {
                    let mut m = MiniSim::new(config, &sizes, Method::Mini(sampling))?;
                    m.reserve(bench.universe);
                    m
                } else {
                    MiniSim::for_blocks(config, &sizes, Method::Mini(sampling), bench.distinct as u64)?
                };
                let calls = alloc_count::calls();
                let start = cpu_seconds();
                for &b in &bench.trace {
                    m.access(b, Op::Read);
                }
                let secs = cpu_seconds() - start;
                let allocations = alloc_count::calls() - calls;
                if secs < best.0 {
                    best = (secs, alloc_count::peak() - base, allocations, Some(m.report()));
                }
            }
            Ok((best.0, best.1, best.2, best.3.expect("at least one repeat")))
        };
        let (mini_seconds, mini_peak, allocations, report) = curve(false)?;
        let (streamed_seconds, _, _, streamed) = curve(true)?;
        let (mut one_best, mut one_peak) = (f64::MAX, 0);
        for _ in 0..args.repeat {
            let start = cpu_seconds();
            one_peak = full_run(config, one_size as u64, &bench.trace, bench.universe).1;
            one_best = one_best.min(cpu_seconds() - start);
        }
        let start = cpu_seconds();
        let full: Vec<u64> = sizes.iter().map(|&s| full_run(config, s, &bench.trace, bench.universe).0).collect();
        let eight = cpu_seconds() - start;
        let mae = |r: &MiniReport| {
            r.points.iter().zip(&full).map(|(p, &m)| (p.miss_ratio - m as f64 / n as f64).abs()).sum::<f64>()
                / sizes.len() as f64
        };
        let row = Row {
            policy: config.name(),
            mini_seconds,
            streamed_seconds,
            one_run_seconds: one_best,
            eight_runs_seconds: eight,
            mini_over_one_run: mini_seconds / one_best,
            eight_runs_over_mini: eight / mini_seconds,
            mae: mae(&report),
            streamed_mae: mae(&streamed),
            rate: report.rate,
            streamed_rate: streamed.rate,
            sampled_blocks: report.sampled_blocks,
            mini_peak_bytes: mini_peak,
            one_run_peak_bytes: one_peak,
            mini_allocations: allocations,
        };
        if !args.json {
            let mib = |b: usize| b as f64 / (1 << 20) as f64;
            println!(
                "  {:<8} {:>8.3} {:>8.3} {:>8.3} {:>10.2}× {:>10.1}× {:>7.4} {:>7.4} {:>8.3} {:>8.3} {:>8.4} {:>7.1} {:>7.1} {:>6}",
                row.policy,
                row.mini_seconds,
                row.one_run_seconds,
                row.eight_runs_seconds,
                row.mini_over_one_run,
                row.eight_runs_over_mini,
                row.mae,
                row.rate,
                row.streamed_seconds,
                row.streamed_seconds / row.one_run_seconds,
                row.streamed_mae,
                mib(row.mini_peak_bytes),
                mib(row.one_run_peak_bytes),
                row.mini_allocations
            );
        }
        rows.push(row);
    }
    if args.json {
        let out = Output { requests: n, distinct: bench.distinct, sizes, one_run_size: one_size, rows };
        println!("{}", serde_json::to_string(&out).expect("serialises"));
    }
    Ok(())
}
