//! `tiersim mrc`: miss-ratio curves of several policies over a trace file, each in one pass by
//! miniature simulation (`tiersim_core::analysis::minisim`; the trace is read whole, so its
//! distinct blocks set the sampling rate: `MiniSim::for_blocks`); `--exact` computes them exactly
//! instead (LRU by stack distances, the others by a full simulation per size), `--compare`
//! both, with each policy's mean absolute error. The miniature curves take one pass per thread
//! (the policies grouped, each group sharing one sample), each exact curve a pass of its own, on
//! a pool of threads; every curve is deterministic and the same however the policies group, so
//! the output does not depend on the thread count.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use serde::Serialize;
use tiersim_core::analysis::minisim::bytes::{self as byte_curves, ByteCurves, ByteReport};
use tiersim_core::analysis::minisim::{Method, MiniReport, MiniSim, Sampling};
use tiersim_core::model::Capacity;
use tiersim_core::policy::PolicyConfig;
use tiersim_core::trace::Trace;

use crate::options::{default_sizes, parse_policies, parse_sizes};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub file: crate::trace_args::TraceArgs,
    /// Comma-separated online policies: kinds ("lru,arc,2q") or JSON objects with parameters
    /// separated by ';' ('{"kind":"slru","protectedShare":0.6};lru').
    #[arg(long, default_value = "lru,arc")]
    pub policies: String,
    /// Comma-separated cache sizes in blocks; default: `--points` sizes spaced geometrically
    /// from 1 % to 100 % of the trace's distinct blocks. With units (128MiB,1GiB): capacities in
    /// bytes, for an object trace with sizes, each curve with request and byte miss ratios.
    #[arg(long)]
    pub sizes: Option<String>,
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(2..=200))]
    pub points: u32,
    #[command(flatten)]
    pub sampling: SamplingArgs,
    /// Exact curves instead: LRU by stack distances, the others by a full simulation per size.
    #[arg(long, conflicts_with = "compare")]
    pub exact: bool,
    /// Also the exact curves, and each policy's mean absolute error.
    #[arg(long)]
    pub compare: bool,
    /// Worker threads (default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Curve {
    policy: PolicyConfig,
    #[serde(skip_serializing_if = "Option::is_none")]
    mini: Option<MiniReport>,
    /// Seconds of the pass that computed the miniature curve (shared by the policies grouped
    /// in that pass: one per thread).
    #[serde(skip_serializing_if = "Option::is_none")]
    mini_seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<MiniReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact_seconds: Option<f64>,
    /// Mean absolute error of the miniature curve against the exact one (`--compare`).
    #[serde(skip_serializing_if = "Option::is_none")]
    mae: Option<f64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Output<'a> {
    trace: &'a str,
    format: &'static str,
    references: u64,
    distinct_blocks: u64,
    /// The curves' floor: distinct blocks over references (no cache of any size misses less).
    compulsory_miss_ratio: f64,
    sizes: &'a [u64],
    /// The sampling asked for (absent with `--exact`).
    #[serde(skip_serializing_if = "Option::is_none")]
    sampling: Option<Sampling>,
    curves: Vec<Curve>,
}

/// The curves' floor, as the engine's reports give it (the same for every policy).
fn floor(curves: &[Curve]) -> f64 {
    curves.first().and_then(|c| c.mini.as_ref().or(c.exact.as_ref())).map_or(0.0, |r| r.compulsory_miss_ratio)
}

/// Mean absolute difference of two curves over the same sizes.
pub fn mean_absolute_error(a: &MiniReport, b: &MiniReport) -> f64 {
    let n = a.points.len().max(1) as f64;
    a.points.iter().zip(&b.points).map(|(x, y)| (x.miss_ratio - y.miss_ratio).abs()).sum::<f64>() / n
}

/// Feeds `trace` to every pass, on `threads` threads; per pass its reports (one per policy)
/// and seconds, in the order given.
fn run_all(trace: &Trace, sims: Vec<MiniSim>, threads: usize) -> Vec<(Vec<MiniReport>, f64)> {
    let sims: Vec<Mutex<Option<MiniSim>>> = sims.into_iter().map(|s| Mutex::new(Some(s))).collect();
    let results = Mutex::new(vec![None; sims.len()]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, sims.len().max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(slot) = sims.get(i) else { break };
                let mut sim = slot.lock().unwrap().take().expect("each pass runs once");
                let start = Instant::now();
                sim.feed_trace(trace);
                let secs = start.elapsed().as_secs_f64();
                results.lock().unwrap()[i] = Some((sim.reports(), secs));
            });
        }
    });
    results.into_inner().unwrap().into_iter().map(|r| r.expect("every pass ran")).collect()
}

/// The policies' passes: the miniature curves in one pass per thread, the policies split in
/// contiguous groups that share a sample (a reference is hashed and counted once per group, not
/// once per policy); each exact curve in a pass of its own (full simulations: nothing to
/// share). Each pass with the policies' indices; every curve is the same however they group.
fn passes(
    policies: &[PolicyConfig],
    sizes: &[u64],
    method: Method,
    distinct: u64,
    threads: usize,
) -> Result<Vec<(Vec<usize>, MiniSim)>, String> {
    let n = policies.len();
    let groups = match method {
        Method::Mini(_) => threads.clamp(1, n.max(1)),
        Method::Exact => n,
    };
    // As even as they go: sizes differing by at most one policy.
    (0..groups)
        .map(|g| (g * n / groups..(g + 1) * n / groups).collect::<Vec<usize>>())
        .map(|group| {
            let configs: Vec<PolicyConfig> = group.iter().map(|&i| policies[i].clone()).collect();
            MiniSim::many(&configs, sizes, method, Some(distinct)).map(|sim| (group, sim)).map_err(|e| {
                if e.message.starts_with("sizes[") {
                    format!("--{}", e.message)
                } else {
                    format!("--policies: {}", e.message)
                }
            })
        })
        .collect()
}

/// How miniature simulations sample, as `tiersim mrc` and `tiersim bench-mrc` take it.
#[derive(clap::Args, Debug, Default)]
pub struct SamplingArgs {
    /// Lowest sampling rate (default 0.01); the rate is raised while the sample holds fewer than
    /// --min-blocks blocks, and for sizes whose mini-cache would hold fewer than --min-cache.
    #[arg(long)]
    pub sample: Option<f64>,
    /// Distinct blocks the sample must hold before the rate falls to --sample (default 32768;
    /// 0: --sample from the start).
    #[arg(long)]
    pub min_blocks: Option<u64>,
    /// Fewest blocks a mini-cache holds (default 100).
    #[arg(long)]
    pub min_cache: Option<u64>,
    /// Seeds the sampling hash: another seed, another sample.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

impl SamplingArgs {
    /// The sampling asked for, the engine's defaults where nothing is said; errors name the flag.
    pub fn sampling(&self) -> Result<Sampling, String> {
        let sampling = Sampling::default().overriding(self.sample, self.min_blocks, self.min_cache, self.seed);
        sampling.validate().map_err(|e| {
            if e.starts_with("minCache") {
                e.replace("minCache", "--min-cache:")
            } else {
                format!("--sample: {e}")
            }
        })?;
        Ok(sampling)
    }
}

pub fn run(args: &Args) -> Result<(), String> {
    // Capacities in bytes as soon as one size has a unit.
    let in_bytes = |t: &&str| t.split(',').any(|item| matches!(Capacity::parse(item), Ok(Capacity::Bytes(_))));
    if let Some(text) = args.sizes.as_deref().filter(in_bytes) {
        let sizes = Capacity::parse_byte_list(text).map_err(|e| format!("--sizes: {e}"))?;
        return run_bytes(args, &sizes);
    }
    let policies = parse_policies(&args.policies)?;
    let sampling = args.sampling.sampling()?;
    if let Some(p) = policies.iter().find(|p| p.is_offline()) {
        let e = MiniSim::new(p, &[1], Method::Exact).err().expect("offline policies are refused");
        return Err(format!("--policies: {e}"));
    }
    let (trace, format) = args.file.load()?;
    let distinct = trace.distinct() as u64;
    let sizes = match &args.sizes {
        Some(s) => parse_sizes(s)?,
        None => default_sizes(distinct.max(1), args.points),
    };
    let methods: Vec<Method> = match (args.exact, args.compare) {
        (true, _) => vec![Method::Exact],
        (false, true) => vec![Method::Mini(sampling), Method::Exact],
        (false, false) => vec![Method::Mini(sampling)],
    };
    let sizes = &sizes[..];
    let threads = args
        .threads
        .map(|t| t as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    let mut curves: Vec<Curve> = policies
        .iter()
        .map(|p| Curve {
            policy: p.clone(),
            mini: None,
            mini_seconds: None,
            exact: None,
            exact_seconds: None,
            mae: None,
        })
        .collect();
    let mut jobs = Vec::new();
    for &m in &methods {
        jobs.extend(passes(&policies, sizes, m, distinct, threads)?.into_iter().map(|(group, sim)| (m, group, sim)));
    }
    let (done, sims): (Vec<(Method, Vec<usize>)>, Vec<MiniSim>) =
        jobs.into_iter().map(|(m, group, sim)| ((m, group), sim)).unzip();
    for ((m, group), (reports, secs)) in done.into_iter().zip(run_all(&trace, sims, threads)) {
        for (i, report) in group.into_iter().zip(reports) {
            let c = &mut curves[i];
            match m {
                Method::Mini(_) => (c.mini, c.mini_seconds) = (Some(report), Some(secs)),
                Method::Exact => (c.exact, c.exact_seconds) = (Some(report), Some(secs)),
            }
        }
    }
    for c in &mut curves {
        if let (Some(mini), Some(exact)) = (&c.mini, &c.exact) {
            c.mae = Some(mean_absolute_error(mini, exact));
        }
    }
    let references = trace.block_refs() as u64;
    if args.json {
        let out = Output {
            trace: &args.file.trace,
            format: format.name(),
            references,
            distinct_blocks: distinct,
            compulsory_miss_ratio: floor(&curves),
            sizes,
            sampling: (!args.exact).then_some(sampling),
            curves,
        };
        println!("{}", serde_json::to_string_pretty(&out).expect("curves serialise"));
        return Ok(());
    }
    print_table(args, format.name(), references, distinct, sizes, &sampling, &curves);
    Ok(())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ByteCurve {
    policy: PolicyConfig,
    #[serde(skip_serializing_if = "Option::is_none")]
    mini: Option<ByteReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<ByteReport>,
    /// Mean absolute error of the miniature byte miss ratios against the exact ones (`--compare`).
    #[serde(skip_serializing_if = "Option::is_none")]
    mae: Option<f64>,
}

/// `--sizes` in bytes: every policy's curve by miniature simulation in bytes (its own defaults:
/// `minisim::bytes`), exactly (a full byte cache per size), or both; a job per (policy, method)
/// on the threads.
fn run_bytes(args: &Args, sizes: &[u64]) -> Result<(), String> {
    let policies = parse_policies(&args.policies)?;
    let s = &args.sampling;
    let sampling = byte_curves::byte_sampling().overriding(s.sample, s.min_blocks, s.min_cache, s.seed);
    let (trace, format) = args.file.load()?;
    let methods: Vec<Option<Sampling>> = match (args.exact, args.compare) {
        (true, _) => vec![None],
        (false, true) => vec![Some(sampling), None],
        (false, false) => vec![Some(sampling)],
    };
    let mut jobs = Vec::new();
    for (i, p) in policies.iter().enumerate() {
        for &m in &methods {
            let curve = ByteCurves::new(p, sizes, m, &trace).map_err(|e| {
                if e.starts_with("sizes[") || e.starts_with("sample:") {
                    format!("--{e}")
                } else if let Some(rest) = e.strip_prefix("min_cache:") {
                    format!("--min-cache:{rest}")
                } else if e.starts_with("the trace") {
                    format!(
                        "{}: {e} (--object on oracleGeneral or a byte-addressed trace, or a CSV with a size column)",
                        args.file.trace
                    )
                } else {
                    format!("--policies: {e}")
                }
            })?;
            jobs.push((i, m.is_some(), Mutex::new(curve)));
        }
    }
    let threads = args
        .threads
        .map(|t| t as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, jobs.len().max(1)) {
            scope.spawn(|| {
                while let Some((_, _, c)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    c.lock().unwrap().feed(&trace);
                }
            });
        }
    });
    let mut curves: Vec<ByteCurve> =
        policies.iter().map(|p| ByteCurve { policy: p.clone(), mini: None, exact: None, mae: None }).collect();
    for (i, mini, c) in jobs {
        let report = c.into_inner().unwrap().report();
        if mini {
            curves[i].mini = Some(report);
        } else {
            curves[i].exact = Some(report);
        }
    }
    for c in &mut curves {
        if let (Some(m), Some(e)) = (&c.mini, &c.exact) {
            let n = m.points.len().max(1) as f64;
            c.mae = Some(
                m.points.iter().zip(&e.points).map(|(a, b)| (a.byte_miss_ratio - b.byte_miss_ratio).abs()).sum::<f64>()
                    / n,
            );
        }
    }
    let first = curves[0].mini.as_ref().or(curves[0].exact.as_ref()).expect("a curve per policy");
    if args.json {
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Out<'a> {
            trace: &'a str,
            format: &'static str,
            references: u64,
            bytes_requested: u64,
            distinct_objects: u64,
            distinct_bytes: u64,
            /// The curves' floor, by requests and by bytes.
            compulsory_miss_ratio: f64,
            compulsory_byte_miss_ratio: f64,
            sizes: &'a [u64],
            #[serde(skip_serializing_if = "Option::is_none")]
            sampling: Option<Sampling>,
            curves: &'a [ByteCurve],
        }
        let out = Out {
            trace: &args.file.trace,
            format: format.name(),
            references: first.references,
            bytes_requested: first.bytes_requested,
            distinct_objects: first.distinct_objects,
            distinct_bytes: first.distinct_bytes,
            compulsory_miss_ratio: first.compulsory_miss_ratio,
            compulsory_byte_miss_ratio: first.compulsory_byte_miss_ratio,
            sizes,
            sampling: (!args.exact).then_some(sampling),
            curves: &curves,
        };
        println!("{}", serde_json::to_string_pretty(&out).expect("curves serialise"));
        return Ok(());
    }
    println!(
        "{} ({} trace): {} requests of {} objects, {} bytes requested, {} distinct bytes",
        args.file.trace,
        format.name(),
        first.references,
        first.distinct_objects,
        first.bytes_requested,
        first.distinct_bytes
    );
    if let Some(m) = curves[0].mini.as_ref() {
        println!(
            "miniature simulation in bytes: lowest rate {:.4} (asked: at least {}, a sample of at least {} objects, mini-caches of at least {} objects of the mean size), seed {}",
            m.rate, sampling.rate, sampling.min_blocks, sampling.min_cache, sampling.seed
        );
    }
    print!("{:>14}", "bytes");
    for c in &curves {
        for (r, tag) in [(&c.mini, ""), (&c.exact, " exact")] {
            if r.is_some() {
                let name = format!("{}{tag}", c.policy.name());
                print!(" {:>22}", format!("{name} (req / bytes)"));
            }
        }
    }
    println!();
    for (i, size) in sizes.iter().enumerate() {
        print!("{size:>14}");
        for c in &curves {
            for r in [&c.mini, &c.exact].into_iter().flatten() {
                let p = &r.points[i];
                print!(" {:>22}", format!("{:.4} / {:.4}", p.miss_ratio, p.byte_miss_ratio));
            }
        }
        println!();
    }
    print!("{:>14}", "compulsory");
    for c in &curves {
        for _ in [&c.mini, &c.exact].into_iter().flatten() {
            print!(" {:>22}", format!("{:.4} / {:.4}", first.compulsory_miss_ratio, first.compulsory_byte_miss_ratio));
        }
    }
    println!("   (the floor: first references miss in a cache of any size)");
    if curves.iter().any(|c| c.mae.is_some()) {
        print!("{:>14}", "MAE (bytes)");
        for c in &curves {
            print!(" {:>22} {:>22}", format!("{:.4}", c.mae.unwrap_or(f64::NAN)), "");
        }
        println!();
    }
    Ok(())
}

fn print_table(
    args: &Args,
    format: &str,
    references: u64,
    distinct: u64,
    sizes: &[u64],
    sampling: &Sampling,
    curves: &[Curve],
) {
    println!("{} ({format} trace): {references} block references, {distinct} distinct blocks", args.file.trace);
    if let Some(mini) = curves[0].mini.as_ref() {
        println!(
            "miniature simulation: rate {:.4} ({} sampled blocks; asked: at least {}, at least {} blocks, mini-caches of at least {} blocks), seed {}",
            mini.rate, mini.sampled_blocks, sampling.rate, sampling.min_blocks, sampling.min_cache, sampling.seed
        );
    }
    let ratio = |r: &MiniReport, i: usize| {
        let m = r.points[i].miss_ratio;
        if m.is_nan() {
            format!("{:>10}", "n/a")
        } else {
            format!("{m:>10.4}")
        }
    };
    print!("{:>10}", "size");
    for c in curves {
        if c.mini.is_some() {
            print!(" {:>10}", c.policy.name());
        }
        if c.exact.is_some() {
            let name = if c.mini.is_some() { "exact".to_string() } else { c.policy.name().to_string() };
            print!(" {name:>10}");
        }
    }
    println!("   (block miss ratio{})", if args.exact { ", exact" } else { "" });
    for (i, size) in sizes.iter().enumerate() {
        print!("{size:>10}");
        for c in curves {
            for r in [&c.mini, &c.exact].into_iter().flatten() {
                print!(" {}", ratio(r, i));
            }
        }
        println!();
    }
    let floor = floor(curves);
    print!("{:>10}", "compulsory");
    for c in curves {
        for _ in [&c.mini, &c.exact].into_iter().flatten() {
            print!(" {floor:>10.4}");
        }
    }
    println!("   (the floor: first references miss in a cache of any size)");
    if curves.iter().any(|c| c.mae.is_some()) {
        print!("{:>10}", "MAE");
        for c in curves {
            print!(" {:>10.4} {:>10}", c.mae.unwrap_or(f64::NAN), "");
        }
        println!();
    }
    print!("{:>10}", "seconds");
    for c in curves {
        for s in [c.mini_seconds, c.exact_seconds].into_iter().flatten() {
            print!(" {s:>10.3}");
        }
    }
    println!();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(trace: &str) -> Args {
        Args {
            file: crate::trace_args::TraceArgs::file(trace, None),
            policies: "lru,arc".into(),
            sizes: None,
            points: 4,
            sampling: SamplingArgs::default(),
            exact: false,
            compare: false,
            threads: Some(2),
            json: true,
        }
    }

    fn trace_file(name: &str, text: &str) -> String {
        let dir = std::env::temp_dir().join(format!("tiersim-mrc-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        file.to_str().unwrap().to_string()
    }

    #[test]
    fn bad_inputs_say_what_is_wrong() {
        assert!(run(&args("/nonexistent/t")).unwrap_err().starts_with("/nonexistent/t:"));
        let path = trace_file("bad.txt", "1\n2\n1\n");
        let with = |f: &dyn Fn(&mut Args)| {
            let mut a = args(&path);
            f(&mut a);
            run(&a).unwrap_err()
        };
        assert!(with(&|a| a.policies = "lru,min".into()).starts_with("--policies: min is offline"));
        assert!(with(&|a| a.policies = "lru,belady".into()).starts_with("--policies: belady"));
        assert!(with(&|a| a.sampling.sample = Some(0.0)).starts_with("--sample: sample rate must be above 0"));
        assert_eq!(with(&|a| a.sampling.min_cache = Some(0)), "--min-cache: must be at least 1 block");
        assert!(with(&|a| a.sizes = Some("4,x".into())).starts_with("--sizes: \"x\""));
        assert!(with(&|a| a.sizes = Some("4,99999999999".into())).starts_with("--sizes[1]: must be from 1 to"));
        let lfu = with(&|a| {
            a.policies = r#"{"kind":"lfu","agingPeriod":3}"#.into();
            a.sizes = Some("2,10".into());
        });
        assert!(lfu.starts_with("--policies: lfu at 10 blocks: agingPeriod must be"), "{lfu}");
        // Capacities in bytes: one size with a unit makes them all bytes.
        assert_eq!(
            with(&|a| a.sizes = Some("1MiB,4".into())),
            "--sizes: \"4\": a capacity in bytes needs a unit (128MiB, 1GiB, 4096B)"
        );
        let unsized_trace = with(&|a| a.sizes = Some("1MiB".into()));
        assert!(unsized_trace.contains("carries no sizes as read"), "{unsized_trace}");
        let sized = trace_file("sized.csv", "time,client,block,nblocks,op,hint,size\n0,0,1,1,R,,100\n1,0,2,1,R,,50\n");
        let mut a = args(&sized);
        a.file.object = true;
        a.sizes = Some("1KiB".into());
        a.policies = "lirs".into();
        assert!(run(&a).unwrap_err().starts_with("--policies: lirs does not take a capacity in bytes"));
        a.policies = "lru".into();
        a.sampling.min_cache = Some(0);
        assert_eq!(run(&a).unwrap_err(), "--min-cache: must be at least 1 block");
        a.sampling.min_cache = None;
        a.compare = true;
        assert!(run(&a).is_ok());
    }

    #[test]
    fn a_small_trace_is_simulated_in_full_and_agrees_with_its_exact_curve() {
        // 300 blocks, fewer than the minimum sample: every size runs at rate 1.
        let text: String = (0..6000u32).map(|i| format!("{}\n", (i * 7919) % 300 * (i % 3 + 1) % 300)).collect();
        let path = trace_file("small.txt", &text);
        let trace = crate::trace_args::TraceArgs::file(&path, None).load().unwrap().0;
        let sizes = [10, 50, 200];
        for p in parse_policies("lru,arc,s3-fifo,2q").unwrap() {
            let d = trace.distinct() as u64;
            let sims = vec![
                MiniSim::for_blocks(&p, &sizes, Method::Mini(Sampling::default()), d).unwrap(),
                MiniSim::for_blocks(&p, &sizes, Method::Exact, d).unwrap(),
            ];
            let out = run_all(&trace, sims, 2);
            let (mini, exact) = (&out[0].0[0], &out[1].0[0]);
            assert_eq!(mean_absolute_error(mini, exact), 0.0, "{}", p.name());
            assert_eq!((mini.method.as_str(), mini.rate), ("exact", 1.0));
            for (i, &size) in sizes.iter().enumerate() {
                let (r, _) = tiersim_core::run::sim::simulate(&p, size, &trace, Default::default()).unwrap();
                assert_eq!(exact.points[i].misses, r.block_refs - r.block_hits, "{} at {size}", p.name());
            }
        }
        let mut a = args(&path);
        a.compare = true;
        assert!(run(&a).is_ok());
        a.json = false;
        assert!(run(&a).is_ok());
    }

    #[test]
    fn the_curves_do_not_depend_on_how_the_policies_group() {
        // 3,000 blocks (rate 1 below 32,768 sampled: a smaller minimum so that this is sampled).
        let text: String = (0..40_000u64)
            .map(|i| format!("{}\n", ((i * 2_654_435_761) % 3_001).min((i * 40_503 + 17) % 2_999)))
            .collect();
        let path = trace_file("group.txt", &text);
        let trace = crate::trace_args::TraceArgs::file(&path, None).load().unwrap().0;
        let policies = parse_policies("lru,arc,lirs,s3-fifo,sieve").unwrap();
        let sizes = [30, 300, 1_500];
        let s = Sampling { min_blocks: 300, min_cache: 10, ..Sampling::default() };
        assert!(trace.distinct() > 2_000, "{}", trace.distinct());
        let d = trace.distinct() as u64;
        let curves = |threads: usize, method: Method| {
            let (groups, sims): (Vec<Vec<usize>>, Vec<MiniSim>) =
                passes(&policies, &sizes, method, d, threads).unwrap().into_iter().unzip();
            let out = run_all(&trace, sims, threads);
            let mut by_policy = vec![None; policies.len()];
            for (group, (reports, _)) in groups.iter().zip(out) {
                for (&i, r) in group.iter().zip(reports) {
                    by_policy[i] = Some(r);
                }
            }
            (groups, by_policy.into_iter().map(Option::unwrap).collect::<Vec<_>>())
        };
        let (one_group, alone) = curves(1, Method::Mini(s));
        assert_eq!(one_group, vec![vec![0, 1, 2, 3, 4]]);
        assert_eq!(alone[0].method, "mini");
        for threads in [2, 3, 4, 8] {
            let (groups, grouped) = curves(threads, Method::Mini(s));
            assert_eq!(groups.len(), threads.min(5), "{threads} threads");
            assert_eq!(grouped, alone, "{threads} threads");
        }
        // Exact curves: a pass each.
        assert_eq!(curves(2, Method::Exact).0.len(), 5);
    }
}
