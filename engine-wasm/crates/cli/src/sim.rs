//! `tiersim sim`: one cache of one policy over a trace file — the quick policy check other
//! cache simulators offer. Prints misses, hits, requests and requests/s (simulation only;
//! reading and parsing the file, overlapped with it on a thread of their own, are timed apart).
//!
//! The file is streamed (see [`tiersim_core::trace::pipeline`]): memory is the cache's state
//! and the block numbering's, per distinct block, whatever the file's length. Offline policies
//! (MIN, read-OPT) need the whole reference string first: a pass counts it, the run says how
//! much memory the policy will take, a second pass collects the string (exactly its size) and
//! a third simulates. [`run_points`] runs several caches over the same passes (`tiersim sweep`).

use std::time::Instant;

use std::sync::Arc;
use tiersim_core::hierarchy::MultiBlock;
use tiersim_core::model::Capacity;
use tiersim_core::policy::PolicyConfig;
use tiersim_core::run::sim::{offline_build_bytes, offline_bytes, Admission, ReferenceString, SimResult, Simulator};
use tiersim_core::trace::pipeline::Replayed;

use tiersim_core::trace::Trace;

use crate::trace_args::TraceArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Replacement policy: a kind ("arc") or a JSON object with parameters.
    #[arg(long)]
    pub policy: String,
    /// Cache size: a number of blocks (objects, with --object), or bytes with a unit —
    /// 128MiB, 1GiB, 4K (powers of 1024), 512KB, 1GB (powers of 1000), 4096B. Read as objects
    /// from an oracleGeneral trace, each request takes its object's size.
    #[arg(long, value_parser = parse_capacity)]
    pub size: Capacity,
    /// A size-threshold admission filter in front of the policy: objects of this size or more
    /// are never cached (a cache in bytes; libCacheSim's SizeAdmissioner) — 64KiB, 1MB, 4096B.
    #[arg(long, value_parser = Capacity::parse_bytes, conflicts_with = "adaptsize")]
    pub admit_below: Option<u64>,
    /// AdaptSize in front of the policy (NSDI 2017; libCacheSim's AdaptSizeAdmissioner): a missed
    /// object of s bytes is admitted with probability e^(−s/c), c tuned every 30,000 requests by
    /// its model of the cache (a cache in bytes).
    #[arg(long)]
    pub adaptsize: bool,
    #[command(flatten)]
    pub file: TraceArgs,
    /// How a request of several blocks is served: `per-block` (each block referenced in order,
    /// as peer simulators do; an LRU then matches the stack-depth curve) or `atomic` (all
    /// looked up first, then the missing fetched: scenario version 1's way).
    #[arg(long, default_value = "per-block", value_parser = crate::options::parse_multi_block)]
    pub multi_block: MultiBlock,
    #[arg(long)]
    pub json: bool,
}

fn parse_capacity(text: &str) -> Result<Capacity, String> {
    Capacity::parse(text)
}

pub fn run(args: &Args) -> Result<(), String> {
    let policy = crate::options::parse_policies(&args.policy)
        .map_err(|e| e.replace("--policies", "--policy"))?
        .into_iter()
        .next()
        .ok_or("--policy: no policy named")?;
    let start = Instant::now();
    let admission = match (args.admit_below, args.adaptsize) {
        (Some(bytes), _) => Some(Admission::Below(bytes)),
        (None, true) => Some(Admission::AdaptSize),
        (None, false) => None,
    };
    let points = run_points(&args.file, &[(policy, args.size)], args.multi_block, admission, 1, None)
        .map_err(|e| e.strip_prefix("policy: ").map_or(e.clone(), |rest| format!("--policy: {rest}")))?;
    let wall = start.elapsed().as_secs_f64();
    let read = &points.last;
    crate::trace_args::report_skipped(&args.file.trace, read);
    let mut result = points.results.into_iter().next().expect("one point");
    result.format = read.format.name();
    result.parse_ms = read.read_secs * 1e3;
    if let Some(n) = result.too_large.filter(|&n| n > 0 && n == result.requests) {
        eprintln!(
            "--size: {} holds no object this trace requests ({n} requests, each larger): every request misses",
            args.size
        );
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&result).expect("results serialise"));
    } else {
        let r = &result;
        println!("{} at {} over {} ({} trace)", r.policy, args.size, args.file.trace, r.format);
        println!(
            "  requests   {} ({} reads, {} writes), {} distinct {}",
            r.requests,
            r.reads,
            r.writes,
            r.distinct_blocks,
            if args.file.object { "objects" } else { "blocks" }
        );
        println!("  hits       {}  misses {}  miss ratio {:.4}", r.hits, r.misses, r.miss_ratio);
        if !args.file.object {
            println!("  blocks     {} referenced, miss ratio {:.4}", r.block_refs, r.block_miss_ratio);
        }
        if let (Some(all), Some(missed), Some(ratio)) = (r.bytes_requested, r.bytes_missed, r.byte_miss_ratio) {
            println!("  bytes      {all} requested, {missed} missed, byte miss ratio {ratio:.4}");
        }
        if let Some(n) = r.too_large.filter(|&n| n > 0) {
            println!("  too large  {n} requests for objects larger than the whole cache (never admitted)");
        }
        println!(
            "  speed      {:.0} requests/s (reading and parsing took {:.0} ms on their own thread; {:.0} ms in all, {})",
            r.requests_per_sec,
            r.parse_ms,
            wall * 1e3,
            passes(points.passes)
        );
    }
    Ok(())
}

pub fn passes(n: usize) -> String {
    if n == 1 {
        "1 pass".into()
    } else {
        format!("{n} passes")
    }
}

/// A pass that only counts the trace (its requests, block references and distinct blocks).
pub fn count(file: &TraceArgs) -> Result<Replayed, String> {
    pass(file, &mut [Share::default()])
}

/// Caches simulated over a streamed trace: each point's counts, the last pass's reading
/// totals, and how many passes over the file it took.
pub struct Points {
    pub results: Vec<SimResult>,
    pub last: Replayed,
    pub passes: usize,
}

/// One worker's share of a pass: caches to feed and reference strings to collect.
#[derive(Default)]
struct Share {
    sims: Vec<(usize, Simulator)>,
    strings: Vec<ReferenceString>,
}

impl Share {
    fn feed(&mut self, batch: &Trace) {
        for (_, s) in &mut self.sims {
            s.feed(batch);
        }
        for r in &mut self.strings {
            r.push_batch(batch);
        }
    }
}

/// Streams the trace once through the shares, each a worker (the first on this thread).
fn pass(file: &TraceArgs, shares: &mut [Share]) -> Result<Replayed, String> {
    let mut workers: Vec<_> = shares.iter_mut().map(|share| move |b: &Arc<Trace>| share.feed(b)).collect();
    file.replay(&mut workers)
}

/// Deals `sims` and `strings` over at most `threads` shares (none empty, at least one).
fn deal(sims: Vec<(usize, Simulator)>, strings: Vec<ReferenceString>, threads: usize) -> Vec<Share> {
    let n = threads.clamp(1, (sims.len() + strings.len()).max(1));
    let mut shares: Vec<Share> = (0..n).map(|_| Share::default()).collect();
    for (i, s) in sims.into_iter().enumerate() {
        shares[i % n].sims.push(s);
    }
    for (i, r) in strings.into_iter().enumerate() {
        shares[(n - 1 - i % n) % n].strings.push(r);
    }
    shares
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1u64 << 20) as f64)
}

/// Whether two reference strings are of the same kind (MIN's and read-OPT's differ).
fn same_kind(a: &ReferenceString, b: &ReferenceString) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// Runs every (policy, size) point as one cache over the trace, streamed: the online ones
/// together, fed the same batches by one pass over the file (spread over `threads` workers).
/// Offline ones need their reference string first: a pass counts it (unless `counted` already
/// did), the plan and the memory the policies will take are printed on standard error, the
/// next pass collects the strings beside the online caches, and a last pass runs the offline
/// caches together. Errors name the point's field (`size: …`, `policy: …`) or the file.
pub fn run_points(
    file: &TraceArgs,
    points: &[(PolicyConfig, Capacity)],
    multi: MultiBlock,
    admission: Option<Admission>,
    threads: usize,
    counted: Option<Replayed>,
) -> Result<Points, String> {
    let universe = counted.as_ref().map_or(0, |c| c.distinct as usize);
    let mut online = Vec::new();
    let mut offline = Vec::new();
    for (i, (policy, size)) in points.iter().enumerate() {
        match ReferenceString::for_policy(policy) {
            // Checked now, before any pass: the size, and that it builds.
            Some(empty) => {
                let mut sim = match size {
                    Capacity::Bytes(b) => Simulator::offline_in_bytes(policy, *b, 0, file.block_size, empty, &[])?,
                    Capacity::Blocks(n) => Simulator::offline(policy, *n, multi, 0, empty)?,
                };
                if let Some(a) = admission {
                    sim.admit(a)?;
                }
                offline.push(i);
            }
            None => {
                let mut sim = Simulator::with_capacity(policy, *size, multi, universe, file.block_size)?;
                if let Some(a) = admission {
                    sim.admit(a)?;
                }
                online.push((i, sim));
            }
        }
    }
    let mut results: Vec<Option<SimResult>> = points.iter().map(|_| None).collect();
    let mut passes = 0;
    let mut strings: Vec<ReferenceString> = Vec::new();
    let counted = if offline.is_empty() {
        counted
    } else {
        let mut names: Vec<&str> = offline.iter().map(|&i| points[i].0.name()).collect();
        names.dedup();
        let what = names.join(" and ");
        file.check_rereadable(&what)?;
        let c = match counted {
            Some(c) => c,
            None => {
                eprintln!("{what}: offline, built from the whole reference string: a first pass counts it");
                passes += 1;
                count(file)?
            }
        };
        for &i in &offline {
            let r = ReferenceString::for_policy(&points[i].0).expect("offline");
            if !strings.iter().any(|k| same_kind(k, &r)) {
                strings.push(r);
            }
        }
        let (refs, distinct) = (c.block_refs, c.distinct);
        let string: u64 = strings.iter().map(|k| k.bytes_per_ref() * refs).sum();
        let built: u64 = offline.iter().map(|&i| offline_bytes(refs, distinct, points[i].1.amount())).sum();
        // Reading beside them: the block numbering's table and ids (under 32 bytes a block).
        let reading = 32 * distinct;
        eprintln!(
            "{what}: {refs} block references over {distinct} distinct blocks; {} to collect the reference string{}, \
             {} for {} once built, {} at most with reading the file",
            mib(string),
            if strings.len() > 1 { "s" } else { "" },
            mib(built),
            if offline.len() > 1 { format!("the {} offline caches", offline.len()) } else { "the cache".into() },
            mib(string + built + offline_build_bytes(refs) + reading),
        );
        eprintln!(
            "{what}: a pass collects {}, then a pass simulates {}",
            if online.is_empty() {
                "the reference string".to_string()
            } else {
                format!("the reference string beside the {} online cache{}", online.len(), plural(online.len()))
            },
            if offline.len() > 1 { "the offline caches" } else { "the cache" }
        );
        for s in &mut strings {
            s.reserve(refs as usize);
        }
        Some(c)
    };
    let mut last = None;
    if !online.is_empty() || !strings.is_empty() {
        let mut shares = deal(online, std::mem::take(&mut strings), threads);
        last = Some(pass(file, &mut shares)?);
        passes += 1;
        let distinct = last.as_ref().expect("read").distinct;
        for share in shares {
            for (i, s) in share.sims {
                results[i] = Some(s.result(distinct));
            }
            strings.extend(share.strings);
        }
    }
    if let Some(c) = &counted.filter(|_| !offline.is_empty()) {
        let mut sims = Vec::new();
        let kind_of = |i: usize| ReferenceString::for_policy(&points[i].0).expect("offline");
        for (k, &i) in offline.iter().enumerate() {
            let (policy, size) = &points[i];
            let kind = kind_of(i);
            let at = strings.iter().position(|s| same_kind(s, &kind)).expect("collected above");
            // The last point built from a string takes it; the others a copy.
            let last_user = offline[k + 1..].iter().all(|&j| !same_kind(&kind_of(j), &kind));
            let string = if last_user { strings.swap_remove(at) } else { strings[at].clone() };
            let mut sim = match size {
                Capacity::Bytes(b) => {
                    // The pass that collected the string numbered the file's ids as every pass does.
                    let raw = last.as_ref().map_or(&[][..], |r: &Replayed| &r.raw);
                    Simulator::offline_in_bytes(policy, *b, c.distinct as usize, file.block_size, string, raw)?
                }
                Capacity::Blocks(n) => Simulator::offline(policy, *n, multi, c.distinct as usize, string)?,
            };
            if let Some(a) = admission {
                sim.admit(a)?;
            }
            sims.push((i, sim));
        }
        let mut shares = deal(sims, Vec::new(), threads);
        last = Some(pass(file, &mut shares)?);
        passes += 1;
        let distinct = last.as_ref().expect("read").distinct;
        for share in shares {
            for (i, s) in share.sims {
                results[i] = Some(s.result(distinct));
            }
        }
    }
    Ok(Points {
        results: results.into_iter().map(|r| r.expect("every point ran")).collect(),
        last: last.expect("at least one pass"),
        passes,
    })
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use tiersim_core::run::sim::simulate;
    use tiersim_core::trace;

    /// A scratch directory for test files, removed when dropped.
    pub(crate) struct Scratch(pub std::path::PathBuf);

    impl Scratch {
        pub(crate) fn new(name: &str) -> Self {
            let dir = std::env::temp_dir().join(format!("tiersim-{name}-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            Self(dir)
        }

        pub(crate) fn file(&self, name: &str, bytes: &[u8]) -> String {
            let path = self.0.join(name);
            std::fs::write(&path, bytes).unwrap();
            path.to_str().unwrap().to_string()
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A gzip'd CSV trace of reads and hinted writes, some of several blocks.
    pub(crate) fn sample_csv(requests: usize) -> (Vec<u8>, Trace) {
        use std::io::Write;
        let mut rng = tiersim_core::util::rng::Rng::seeded(5);
        let mut text = String::from("time,client,block,nblocks,op,hint\n");
        for _ in 0..requests {
            let write = rng.below(4) == 0;
            let hint = if write { ["", "synch", "replace"][rng.below(3) as usize] } else { "" };
            let block = rng.below(2000).min(rng.below(2000));
            text.push_str(&format!(",0,{block},{},{},{hint}\n", 1 + rng.below(2), if write { "w" } else { "r" }));
        }
        let whole = trace::parse(text.as_bytes(), trace::Format::Csv, &trace::Options::default()).unwrap();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(text.as_bytes()).unwrap();
        (gz.finish().unwrap(), whole)
    }

    #[test]
    fn streamed_points_count_as_the_whole_file_and_offline_ones_take_more_passes() {
        let scratch = Scratch::new("points");
        let (gz, whole) = sample_csv(60_000);
        let file = TraceArgs::file(&scratch.file("t.csv.gz", &gz), None);
        let points = [
            (PolicyConfig::Lru, 10),
            (PolicyConfig::Arc, 300),
            (PolicyConfig::Min, 10),
            (PolicyConfig::ReadOpt, 300),
            (PolicyConfig::Min, 300),
            (PolicyConfig::Tq, 300),
        ]
        .map(|(p, n)| (p, Capacity::Blocks(n)));
        for multi in [MultiBlock::PerBlock, MultiBlock::Atomic] {
            for threads in [1, 3] {
                let got = run_points(&file, &points, multi, None, threads, None).unwrap();
                assert_eq!(
                    got.passes, 3,
                    "a count, a pass collecting the strings beside the online caches, the offline ones"
                );
                assert_eq!((got.last.requests, got.last.distinct), (60_000, whole.distinct() as u64));
                for ((p, size), r) in points.iter().zip(got.results) {
                    let mut want = simulate(p, size.amount(), &whole, multi).unwrap().0;
                    want.requests_per_sec = r.requests_per_sec;
                    assert_eq!(r, want, "{} at {size}", p.name());
                }
            }
        }
        let online = run_points(&file, &points[..2], MultiBlock::PerBlock, None, 2, None).unwrap();
        assert_eq!(online.passes, 1, "online caches fed the same batches");
        // Standard input cannot be read again.
        let e = run_points(&TraceArgs::file("-", None), &points[2..3], MultiBlock::PerBlock, None, 1, None);
        assert_eq!(
            e.err().unwrap(),
            "-: min reads the trace more than once: give a file, not a pipe or standard input"
        );
    }

    fn trace(text: &str) -> Trace {
        let format = trace::detect(text.as_bytes()).unwrap();
        trace::parse(text.as_bytes(), format, &trace::Options::default()).unwrap()
    }

    #[test]
    fn hand_worked_multi_block_requests_and_writes() {
        // LRU of 3 blocks. Requests: r 0-1 (miss), w 2 (miss), r 0-1 (hit), r 1-2-3 (miss:
        // 3 absent; 1 and 2 hit; 3 evicts 0), r 0 (miss).
        let t = trace("time,client,block,nblocks,op,hint\n,0,0,2,r,\n,0,2,1,w,\n,0,0,2,r,\n,0,1,3,r,\n,0,0,1,r,\n");
        for multi in [MultiBlock::PerBlock, MultiBlock::Atomic] {
            let (r, _) = simulate(&PolicyConfig::Lru, 3, &t, multi).unwrap();
            assert_eq!((r.requests, r.reads, r.writes), (5, 4, 1));
            assert_eq!((r.hits, r.misses, r.read_hits), (1, 4, 1));
            assert_eq!((r.block_refs, r.block_hits), (9, 4));
            assert_eq!(r.distinct_blocks, 4);
        }
        // Where the two differ: LRU of 2 holding 1 2 (1 next to go), then r 0-1. Per block, 0
        // evicts 1 before 1 is referenced (no hit); atomically 1 is looked up (a hit, and
        // refreshed) before 0 is fetched, which then evicts 2.
        let t = trace("time,client,block,nblocks,op,hint\n,0,1,1,r,\n,0,2,1,r,\n,0,0,2,r,\n");
        let block_hits = |m| simulate(&PolicyConfig::Lru, 2, &t, m).unwrap().0.block_hits;
        assert_eq!((block_hits(MultiBlock::PerBlock), block_hits(MultiBlock::Atomic)), (0, 1));
    }

    #[test]
    fn every_policy_runs_min_bounds_the_demand_policies_and_read_opt_bounds_min() {
        let mut rng = tiersim_core::util::rng::Rng::seeded(9);
        let text: String = (0..4000).map(|_| format!("{}\n", rng.below(300).min(rng.below(300)))).collect();
        let t = trace(&text);
        let min = simulate(&PolicyConfig::Min, 50, &t, MultiBlock::PerBlock).unwrap().0;
        for p in PolicyConfig::every_kind() {
            let (r, _) = simulate(&p, 50, &t, MultiBlock::PerBlock).unwrap();
            assert_eq!(r.hits + r.misses, 4000, "{}", r.policy);
            if p == PolicyConfig::ReadOpt {
                // It may decline to cache, which MIN (always admitting) cannot: on reads, it does better.
                assert!(r.misses <= min.misses, "read-OPT {} > MIN {}", r.misses, min.misses);
            } else {
                assert!(r.misses >= min.misses, "{} misses {} < MIN {}", r.policy, r.misses, min.misses);
            }
        }
    }

    #[test]
    fn bad_files_and_options_say_what_is_wrong() {
        let args = |trace: &str, format: Option<&str>, policy: &str| Args {
            policy: policy.into(),
            size: Capacity::Blocks(10),
            admit_below: None,
            adaptsize: false,
            file: crate::trace_args::TraceArgs::file(trace, format),
            multi_block: MultiBlock::PerBlock,
            json: true,
        };
        assert!(run(&args("/nonexistent/t.csv", None, "lru")).unwrap_err().starts_with("/nonexistent/t.csv:"));
        let dir = std::env::temp_dir().join(format!("tiersim-sim-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("t.txt");
        std::fs::write(&file, "1\n2\nx3\n").unwrap();
        let path = file.to_str().unwrap();
        assert_eq!(
            run(&args(path, Some("lines"), "lru")).unwrap_err(),
            format!("{path}: line 3: expected a block number, got \"x3\"")
        );
        assert!(run(&args(path, Some("parquet"), "lru")).unwrap_err().starts_with("--format: unknown trace format"));
        assert!(run(&args(path, Some("lines"), "belady")).unwrap_err().starts_with("--policy: belady"));
        std::fs::write(&file, "1\n2\n1\n").unwrap();
        assert!(run(&args(path, None, r#"{"kind":"s3-fifo","smallShare":0.5}"#)).is_ok());
    }
}
