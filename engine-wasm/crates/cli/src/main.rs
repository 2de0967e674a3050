//! `tiersim`: run a scenario from the command line, simulate one cache over a trace, sweep
//! policies × cache sizes into miss-ratio curves, print the default scenario, or benchmark the
//! engine natively. Arguments are parsed by clap; every error names the file and field.

mod alloc_count;
mod analyze;
mod bench_mrc;
mod bench_parse;
mod bench_policies;
mod mrc;
mod options;
mod reproduce;
mod run_trace;
mod sim;
mod stackdist;
mod sweep;
mod trace_args;
mod upside;

use std::io::Read;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use tiersim_core::hierarchy::Protocol;
use tiersim_core::policy::PolicyConfig;
use tiersim_core::{Report, Run, Scenario, ENGINE_VERSION};

#[global_allocator]
static ALLOCATOR: alloc_count::Counting = alloc_count::Counting;

#[derive(Parser, Debug)]
#[command(name = "tiersim", version = ENGINE_VERSION, about = "Storage cache hierarchy simulator", arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run a scenario (- reads standard input).
    Run {
        scenario: String,
        /// Print the full report as JSON.
        #[arg(long)]
        json: bool,
        /// Also compute LRU stack-depth graphs: the workload's, each client's and each shared
        /// cache's (auto: exact up to 8 M block references, else SHARDS with 32 K blocks).
        #[arg(long)]
        curves: bool,
        /// The trace file the scenario's `trace` names (streamed, never held whole; read as the
        /// scenario says).
        #[arg(long)]
        trace: Option<String>,
    },
    /// Write a scenario's generated workload as a trace file (canonical CSV or oracleGeneral).
    Export {
        scenario: String,
        #[arg(long, default_value = "csv")]
        format: String,
        /// Output file (- for standard output).
        #[arg(long, short)]
        output: String,
    },
    /// Paper 000 §3's upside estimator: inclusive vs exclusive hit fractions and latency,
    /// predicted from the scenario's stack-depth graph.
    Upside(upside::Args),
    /// Simulate one cache over a trace file: misses, hits, requests and requests/s.
    Sim(sim::Args),
    /// Every reproduced table and figure of the five papers, on each paper's testbed (its
    /// parameters where given, stated stand-ins where not), with the paper's value, ours and a
    /// verdict (✓ within tolerance, ≈ close, ✗ with why).
    Reproduce(reproduce::Args),
    /// Exact LRU stack distances of a trace: the LRU hit ratio at every cache size.
    Stackdist(stackdist::Args),
    /// What is in a trace, in one pass: requests, objects and bytes, the compulsory miss ratio,
    /// how often objects are referenced, the most popular, the Zipf α, the time span.
    Analyze(analyze::Args),
    /// Miss-ratio curves: several policies × several cache sizes of one scenario's workload or
    /// of a trace file (streamed), each point a single cache, run on parallel threads.
    Sweep(sweep::Args),
    /// Miss-ratio curves of several policies over a trace, each in one pass by miniature
    /// simulation (spatially sampled, scaled-down caches); --exact or --compare for the full ones.
    Mrc(mrc::Args),
    /// Print the default scenario (paper 000 RANDOM, LRU-MRU-demote) as JSON.
    DefaultScenario,
    /// Print the TypeScript declarations of the engine's reports (web/generated/engine.ts).
    #[command(hide = true)]
    Typescript,
    /// Benchmark paper 000's RANDOM two-level run natively: requests/s and peak memory.
    Bench {
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
        repeat: u32,
    },
    /// Trace parsing throughput (MSR text, oracleGeneral), streamed in 1 MiB chunks.
    BenchParse {
        /// Megabytes of each sample trace.
        #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=8192))]
        megabytes: u64,
        /// Also stream this many gigabytes of MSR text, generated on the fly, counting only.
        #[arg(long, default_value_t = 0.0)]
        stream_gb: f64,
    },
    /// Write a synthetic trace (Zipf α = 1 over a million blocks, seeded) of any size, piece
    /// by piece, for streaming benchmarks.
    #[command(hide = true)]
    GenTrace {
        #[arg(long, default_value = "oracle-general")]
        format: String,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
        megabytes: u64,
        /// Output file (- for standard output).
        #[arg(long, short, default_value = "-")]
        output: String,
    },
    /// Fuzz every trace reader: random and mutated (also compressed) inputs, whole and streamed.
    Fuzz {
        #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
        cases: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Every policy on a 10 M-request Zipf trace: miss ratio, requests/s, bytes per cached block.
    BenchPolicies {
        #[arg(long, default_value_t = 10_000_000, value_parser = clap::value_parser!(u64).range(1..))]
        requests: u64,
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
        repeat: u32,
        /// Print the results as one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Miniature-simulation curves against full runs on a generated Zipf trace: the time of an
    /// 8-size curve, of one full run, and of the 8 full runs, and the curve's error.
    BenchMrc(bench_mrc::Args),
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match execute(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tiersim: {message}");
            ExitCode::from(2)
        }
    }
}

/// `tiersim … | head` ends quietly when the reader closes the pipe, as Unix tools do: Rust
/// ignores SIGPIPE, so a write to a closed pipe fails and `println!` panics; the default action
/// ends the process at that write instead.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called first thing, before any thread starts; SIG_DFL is a valid disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn execute(command: Command) -> Result<(), String> {
    match command {
        Command::Run { scenario: path, json, curves, trace } => {
            let scenario = read_scenario(&path)?;
            let report = match (scenario.trace(), trace) {
                (Some(_), Some(file)) => run_trace::run(&path, &scenario, &file, curves)?.report(),
                (Some(t), None) => {
                    return Err(format!(
                        "{path}: the scenario replays the trace \"{}\": give the file with --trace",
                        t.name
                    ))
                }
                (None, Some(_)) => {
                    return Err(format!("{path}: --trace: the scenario's source is a workload, not a trace"))
                }
                (None, None) => {
                    let mut run = Run::new(scenario.clone()).map_err(|e| format!("{path}: {e}"))?;
                    if curves {
                        run.track_depths(tiersim_core::analysis::depth::DepthMode::Auto)?;
                    }
                    run.run_to_end()
                }
            };
            if json {
                println!("{}", serde_json::to_string_pretty(&report).expect("reports serialise"));
            } else {
                print_human(&scenario, &report);
            }
            Ok(())
        }
        Command::Sim(args) => sim::run(&args),
        Command::Reproduce(args) => reproduce::run(&args),
        Command::Export { scenario: path, format, output } => export(&path, &format, &output),
        Command::Upside(args) => upside::run(&args),
        Command::Stackdist(args) => stackdist::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Sweep(args) => sweep::run(&args),
        Command::Mrc(args) => mrc::run(&args),
        Command::BenchMrc(args) => bench_mrc::run(&args),
        Command::Typescript => {
            print!("{}", tiersim_core::typescript::bindings());
            Ok(())
        }
        Command::DefaultScenario => {
            let v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
            println!("{}", serde_json::to_string_pretty(&v).unwrap());
            Ok(())
        }
        Command::Bench { repeat } => {
            bench(repeat);
            Ok(())
        }
        Command::BenchParse { megabytes, stream_gb } => {
            if !(stream_gb.is_finite() && (0.0..=1000.0).contains(&stream_gb)) {
                return Err(format!("--stream-gb: must be from 0 to 1000 (got {stream_gb})"));
            }
            bench_parse::run(&bench_parse::ParseBench { megabytes: megabytes as usize, stream_gigabytes: stream_gb });
            Ok(())
        }
        Command::GenTrace { format, megabytes, output } => {
            let format = tiersim_core::trace::Format::parse_name(&format).map_err(|e| format!("--format: {e}"))?;
            bench_parse::generate(format, megabytes, &output)
        }
        Command::Fuzz { cases, seed, json } => {
            let start = std::time::Instant::now();
            let r = tiersim_core::trace::fuzz::run(cases, seed);
            let secs = start.elapsed().as_secs_f64();
            if json {
                println!("{}", serde_json::to_string(&r).expect("serialises"));
            } else {
                println!(
                    "fuzz: {} cases, {} reader runs ({} accepted, {} refused), {} streaming mismatches, 0 panics, {:.1} s ({:.0} runs/s)",
                    r.cases, r.runs, r.accepted, r.refused, r.mismatches, secs, r.runs as f64 / secs
                );
            }
            match r.first_mismatch {
                Some(m) => Err(format!("streaming disagreed with whole-file parsing: {m}")),
                None => Ok(()),
            }
        }
        Command::BenchPolicies { requests, repeat, json } => {
            bench_policies::run(&bench_policies::Options {
                requests: requests as usize,
                blocks: 1_000_000,
                repeat,
                json,
            });
            Ok(())
        }
    }
}

/// `tiersim export`: the scenario's generated workload, warm-up and measured, as a trace.
fn export(path: &str, format: &str, output: &str) -> Result<(), String> {
    use std::io::Write;
    let scenario = read_scenario(path)?;
    let format = tiersim_core::trace::Format::parse_name(format).map_err(|e| format!("--format: {e}"))?;
    let bytes = tiersim_core::run::export::workload_file(&scenario, format).map_err(|e| format!("{path}: {e}"))?;
    if output == "-" {
        std::io::stdout().lock().write_all(&bytes).map_err(|e| format!("standard output: {e}"))
    } else {
        std::fs::write(output, bytes).map_err(|e| format!("{output}: {e}"))
    }
}

/// Reads and validates a scenario file; errors start with the file name.
pub(crate) fn read_scenario(path: &str) -> Result<Scenario, String> {
    let text = read_input(path)?;
    Scenario::from_json(&text).map_err(|e| format!("{path}: {e}"))
}

fn read_input(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(|e| format!("standard input: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
    }
}

fn print_human(s: &Scenario, r: &Report) {
    let c = &r.counters;
    println!("{}", if s.name.is_empty() { "(unnamed scenario)" } else { &s.name });
    println!("  measured requests  {}", c.requests);
    println!(
        "  hit fractions      client {:.4}  array {:.4}  disk {:.4}",
        r.hit_fractions.client, r.hit_fractions.array, r.hit_fractions.disk
    );
    if let Some(b) = &r.bytes {
        println!(
            "  byte hit fractions client {:.4}  array {:.4}  disk {:.4}  of {} bytes read ({} written)",
            b.hit_fractions.client, b.hit_fractions.array, b.hit_fractions.disk, b.read, b.written
        );
    }
    println!("  demotions          {} ({} moved data)", c.demotions, c.demotions_moved);
    println!("  mean latency       {:.4} ms{}", r.mean_latency_ms, if r.queueing { " (queueing)" } else { "" });
    if let Some(f) = r.fairness {
        println!("  fairness           {f:.3} (smallest speedup over largest)");
    }
    println!(
        "  clients            requests   hit fractions along the path, then disk      mean ms{}",
        if r.fairness.is_some() { "   speedup" } else { "" }
    );
    for cl in &r.clients {
        let fractions: Vec<String> = cl.hit_fractions.iter().map(|f| format!("{f:.4}")).collect();
        let speedup = cl.speedup.map_or(String::new(), |x| format!("   {x:.3}"));
        println!(
            "    {:<14} {:>10}   {:<44} {:>8.4}{speedup}",
            cl.name,
            cl.requests,
            fractions.join(" "),
            cl.mean_latency_ms
        );
    }
    println!("  caches             policy        blocks/capacity      hits    misses  demoted in  evictions");
    for cache in &r.caches {
        let k = &cache.counters;
        println!(
            "    {:<14} {:<12} {:>8}/{:<8} {:>10} {:>9} {:>11} {:>10}",
            cache.name, cache.policy, cache.blocks, cache.capacity, k.hits, k.misses, k.demotions_in, k.evictions
        );
        if let Some(b) = &cache.bytes {
            let held = match (b.held, b.capacity) {
                (Some(held), Some(capacity)) => format!("holds {held} of {capacity} bytes, "),
                _ => String::new(),
            };
            let lookups = (b.hits + b.misses).max(1) as f64;
            let refused = b.too_large.filter(|&n| n > 0).map_or(String::new(), |n| format!(", {n} objects too large"));
            println!(
                "      {held}byte hit ratio {:.4}, {} bytes from its disk{refused}",
                b.hits as f64 / lookups,
                b.from_disk
            );
        }
        if let Some(p) = &cache.prefetch {
            println!(
                "      prefetched {} blocks ahead: {} read (prefetch hits), {} left unread (wasted), {} still held unread",
                p.prefetched, p.hits, p.wasted, p.pending
            );
        }
    }
}

/// Peak resident set size of this process, from /proc (Linux); `None` elsewhere.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn bench(repeat: u32) {
    let designs = [
        ("LRU-LRU-none", PolicyConfig::Lru, PolicyConfig::Lru, Protocol::None),
        ("LRU-MRU-demote", PolicyConfig::Lru, PolicyConfig::Mru, Protocol::Demote),
    ];
    println!("native bench: paper 000 RANDOM, Nc = Na = 16384, 360448 requests per run, best of {repeat}");
    for (name, c, a, p) in designs {
        let scenario = Scenario::paper000_random(c, a, p);
        let mut best = f64::MAX;
        let mut mean = 0.0;
        let mut requests = 0;
        for _ in 0..repeat {
            let run = Run::new(scenario.clone()).expect("the paper scenario is valid");
            let start = Instant::now();
            let report = run.run_to_end();
            best = best.min(start.elapsed().as_secs_f64());
            mean = report.mean_latency_ms;
            requests = report.processed;
        }
        println!(
            "  {name:<16} {:>12.0} requests/s  ({requests} requests in {:.1} ms; mean latency {mean:.3} ms)",
            requests as f64 / best,
            best * 1e3
        );
    }
    match peak_rss_kib() {
        Some(kib) => println!("  peak memory      {:.1} MiB (VmHWM)", kib as f64 / 1024.0),
        None => println!("  peak memory      unavailable on this platform"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(a: &[&str]) -> Result<Command, String> {
        Cli::try_parse_from(std::iter::once("tiersim").chain(a.iter().copied()))
            .map(|c| c.command)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn bad_invocations_say_what_is_wrong() {
        assert!(parse(&["frobnicate"]).unwrap_err().contains("unrecognized subcommand 'frobnicate'"));
        assert!(parse(&["run"]).unwrap_err().contains("<SCENARIO>"));
        assert!(parse(&["bench", "--repeat", "0"]).unwrap_err().contains("--repeat"));
        let e = execute(parse(&["run", "/nonexistent/s.json"]).unwrap()).unwrap_err();
        assert!(e.starts_with("/nonexistent/s.json:"), "{e}");
    }

    #[test]
    fn invalid_scenario_files_name_the_file_and_field() {
        let dir = std::env::temp_dir().join(format!("tiersim-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("bad.json");
        let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
        v["topology"]["disk"]["serviceMs"] = serde_json::json!(-3);
        std::fs::write(&file, v.to_string()).unwrap();
        let e = execute(parse(&["run", file.to_str().unwrap(), "--json"]).unwrap()).unwrap_err();
        assert!(e.contains("bad.json: scenario.topology.disk.serviceMs: must be between"), "{e}");
        assert!(parse(&["run", file.to_str().unwrap(), "--yaml"]).unwrap_err().contains("--yaml"));
    }
}
