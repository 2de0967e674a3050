//! `tiersim`: run a scenario from the command line, print the default scenario, or benchmark
//! the engine natively.
//!
//! ```text
//! tiersim run SCENARIO.json [--json]    run a scenario (use - for standard input)
//! tiersim default-scenario              print the default scenario (paper 000 RANDOM, LRU-MRU-demote)
//! tiersim bench [--repeat N]            paper 000 RANDOM two-level run: requests/s and peak memory
//! ```

mod alloc_count;
mod bench_policies;

use std::io::Read;
use std::process::ExitCode;
use std::time::Instant;

use tiersim_core::hierarchy::Protocol;
use tiersim_core::policy::PolicyConfig;
use tiersim_core::{Report, Run, Scenario, ENGINE_VERSION};

#[global_allocator]
static ALLOCATOR: alloc_count::Counting = alloc_count::Counting;

const USAGE: &str = "usage:
  tiersim run SCENARIO.json [--json]   run a scenario (- reads standard input)
  tiersim default-scenario             print the default scenario as JSON
  tiersim bench [--repeat N]           benchmark paper 000's RANDOM run natively
  tiersim bench-policies [--requests N] [--repeat N]
                                       every policy on a 10 M-request Zipf trace
  tiersim --version";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run_cli(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tiersim: {message}");
            ExitCode::from(2)
        }
    }
}

fn run_cli(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("run") => {
            let path = args.get(1).ok_or(format!("run needs a scenario file\n{USAGE}"))?;
            let json = args[2..].iter().any(|a| a == "--json");
            if let Some(bad) = args[2..].iter().find(|a| *a != "--json") {
                return Err(format!("unknown option {bad}\n{USAGE}"));
            }
            let text = read_input(path)?;
            let scenario = Scenario::from_json(&text).map_err(|e| format!("{path}: {e}"))?;
            let report = Run::new(scenario.clone()).map_err(|e| format!("{path}: {e}"))?.run_to_end();
            if json {
                println!("{}", serde_json::to_string_pretty(&report).expect("reports serialise"));
            } else {
                print_human(&scenario, &report);
            }
            Ok(())
        }
        Some("default-scenario") => {
            let v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
            println!("{}", serde_json::to_string_pretty(&v).unwrap());
            Ok(())
        }
        Some("bench") => {
            let repeat = match args.get(1).map(String::as_str) {
                None => 5,
                Some("--repeat") => args
                    .get(2)
                    .and_then(|n| n.parse::<u32>().ok())
                    .filter(|&n| n > 0)
                    .ok_or("--repeat needs a positive integer")?,
                Some(other) => return Err(format!("unknown option {other}\n{USAGE}")),
            };
            bench(repeat);
            Ok(())
        }
        Some("bench-policies") => {
            let mut opts = bench_policies::Options { requests: 10_000_000, blocks: 1_000_000, repeat: 3 };
            let mut rest = args[1..].iter();
            while let Some(flag) = rest.next() {
                let value = rest.next().and_then(|v| v.parse::<u64>().ok()).filter(|&v| v > 0);
                let value = value.ok_or(format!("{flag} needs a positive integer"))?;
                match flag.as_str() {
                    "--requests" => opts.requests = value as usize,
                    "--repeat" => opts.repeat = value as u32,
                    other => return Err(format!("unknown option {other}\n{USAGE}")),
                }
            }
            bench_policies::run(&opts);
            Ok(())
        }
        Some("--version") => {
            println!("tiersim {ENGINE_VERSION}");
            Ok(())
        }
        Some("--help") | Some("-h") | None => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command {other}\n{USAGE}")),
    }
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
    println!("  demotions          {} ({} moved data)", c.demotions, c.demotions_moved);
    println!("  mean latency       {:.4} ms", r.mean_latency_ms);
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

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn bad_invocations_say_what_is_wrong() {
        assert!(run_cli(&args(&["frobnicate"])).unwrap_err().contains("unknown command frobnicate"));
        assert!(run_cli(&args(&["run"])).unwrap_err().contains("needs a scenario file"));
        let e = run_cli(&args(&["run", "/nonexistent/s.json"])).unwrap_err();
        assert!(e.starts_with("/nonexistent/s.json:"), "{e}");
        assert!(run_cli(&args(&["bench", "--repeat", "0"])).is_err());
    }

    #[test]
    fn invalid_scenario_files_name_the_file_and_field() {
        let dir = std::env::temp_dir().join(format!("tiersim-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("bad.json");
        let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
        v["disk"]["serviceMs"] = serde_json::json!(-3);
        std::fs::write(&file, v.to_string()).unwrap();
        let e = run_cli(&args(&["run", file.to_str().unwrap(), "--json"])).unwrap_err();
        assert!(e.contains("bad.json: scenario.disk: serviceMs must be between"), "{e}");
        let e = run_cli(&args(&["run", file.to_str().unwrap(), "--yaml"])).unwrap_err();
        assert!(e.contains("unknown option --yaml"), "{e}");
    }
}
