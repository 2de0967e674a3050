//! `tiersim sim`: one cache of one policy over a trace file — the quick policy check other
//! cache simulators offer. Prints misses, hits, requests and requests/s (simulation only;
//! reading and parsing the file are timed apart).

use std::time::Instant;

use tiersim_core::hierarchy::MultiBlock;
/// The simulation itself lives in the core, shared with the Python package.
use tiersim_core::run::sim::simulate;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Replacement policy: a kind ("arc") or a JSON object with parameters.
    #[arg(long)]
    pub policy: String,
    /// Cache size in blocks.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=(1u64 << 32)))]
    pub size: u64,
    #[command(flatten)]
    pub file: crate::trace_args::TraceArgs,
    /// How a request of several blocks is served: `per-block` (each block referenced in order,
    /// as peer simulators do; an LRU then matches the stack-depth curve) or `atomic` (all
    /// looked up first, then the missing fetched: scenario version 1's way).
    #[arg(long, default_value = "per-block", value_parser = parse_multi_block)]
    pub multi_block: MultiBlock,
    #[arg(long)]
    pub json: bool,
}

fn parse_multi_block(s: &str) -> Result<MultiBlock, String> {
    match s {
        "per-block" => Ok(MultiBlock::PerBlock),
        "atomic" => Ok(MultiBlock::Atomic),
        _ => Err(format!("expected per-block or atomic (got \"{s}\")")),
    }
}

pub fn run(args: &Args) -> Result<(), String> {
    let policy = crate::sweep::parse_policies(&args.policy)
        .map_err(|e| e.replace("--policies", "--policy"))?
        .into_iter()
        .next()
        .ok_or("--policy: no policy named")?;
    let start = Instant::now();
    let (parsed, format) = args.file.load()?;
    let parse_ms = start.elapsed().as_secs_f64() * 1e3;
    let (mut result, _) = simulate(&policy, args.size, &parsed, args.multi_block)
        .map_err(|e| e.strip_prefix("policy: ").map_or(e.clone(), |rest| format!("--policy: {rest}")))?;
    result.format = format.name();
    result.parse_ms = parse_ms;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&result).expect("results serialise"));
    } else {
        let r = &result;
        println!("{} at {} blocks over {} ({} trace)", r.policy, r.size, args.file.trace, r.format);
        println!(
            "  requests   {} ({} reads, {} writes), {} distinct blocks",
            r.requests, r.reads, r.writes, r.distinct_blocks
        );
        println!("  hits       {}  misses {}  miss ratio {:.4}", r.hits, r.misses, r.miss_ratio);
        println!("  blocks     {} referenced, miss ratio {:.4}", r.block_refs, r.block_miss_ratio);
        println!("  speed      {:.0} requests/s (parsing took {:.0} ms)", r.requests_per_sec, r.parse_ms);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiersim_core::policy::PolicyConfig;
    use tiersim_core::trace::{self, Trace};

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
            size: 10,
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
