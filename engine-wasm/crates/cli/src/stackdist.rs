//! `tiersim stackdist`: exact LRU stack distances of a trace's block references (paper 000 §3's
//! stack-depth graph): the hit fraction an LRU cache of every size would get. The file is
//! streamed (memory: the distances' state per distinct block, never the trace).

use std::time::Instant;

use serde::Serialize;
use std::sync::Arc;
use tiersim_core::analysis::stackdist::{SampledReport, Shards, StackDistances, StackReport};

use tiersim_core::trace::{Format, Trace};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub file: crate::trace_args::TraceArgs,
    /// Sample blocks at this rate (SHARDS, fixed rate) instead of tracking every one.
    #[arg(long, conflicts_with = "max_blocks")]
    pub sample: Option<f64>,
    /// Track at most this many sampled blocks (SHARDS, fixed size: the rate falls as needed).
    #[arg(long)]
    pub max_blocks: Option<usize>,
    /// Print the whole depth histogram as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Output<'a> {
    trace: &'a str,
    format: &'static str,
    #[serde(flatten)]
    report: &'a StackReport,
    references_per_sec: f64,
}

/// Feeds every block reference of each batch to `access`, timing only that.
fn timed<'a, F: FnMut(u32) + Send + 'a>(mut access: F, secs: &'a mut f64) -> impl FnMut(&Arc<Trace>) + Send + 'a {
    move |batch: &Arc<Trace>| {
        let start = Instant::now();
        for &b in &batch.refs {
            access(b);
        }
        *secs += start.elapsed().as_secs_f64();
    }
}

pub fn run(args: &Args) -> Result<(), String> {
    let sampler = match (args.sample, args.max_blocks) {
        (Some(rate), _) => Some(Shards::new(rate).map_err(|e| format!("--sample: {e}"))?),
        (None, Some(max)) => Some(Shards::fixed_size(max).map_err(|e| format!("--max-blocks: {e}"))?),
        (None, None) => None,
    };
    let mut secs = 0.0;
    if let Some(mut s) = sampler {
        let read = args.file.replay(&mut [timed(|b| s.access(b), &mut secs)])?;
        crate::trace_args::report_skipped(&args.file.trace, &read);
        return print_sampled(args, read.format, s, secs);
    }
    // The index grows with the blocks as they come: the file's distinct blocks are not known
    // before it is read.
    let mut s = StackDistances::new(0);
    let read = args.file.replay(&mut [timed(
        |b| {
            s.access(b);
        },
        &mut secs,
    )])?;
    crate::trace_args::report_skipped(&args.file.trace, &read);
    let format = read.format;
    let report = s.report();
    let rate = report.references as f64 / secs.max(1e-9);
    if args.json {
        let out = Output { trace: &args.file.trace, format: format.name(), report: &report, references_per_sec: rate };
        println!("{}", serde_json::to_string(&out).expect("serialises"));
        return Ok(());
    }
    println!(
        "{}: {} block references, {} distinct blocks, {} first references ({:.0} references/s)",
        args.file.trace, report.references, report.distinct, report.cold, rate
    );
    println!("  {:>12} {:>10}", "LRU blocks", "hit ratio");
    for i in 1..=10u64 {
        let size = (report.distinct * i / 10).max(1);
        println!("  {size:>12} {:>10.4}", report.hit_fractions(&[size])[0]);
    }
    Ok(())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SampledOutput<'a> {
    trace: &'a str,
    format: &'static str,
    #[serde(flatten)]
    report: &'a SampledReport,
    distinct_estimate: f64,
    /// (size, estimated LRU hit fraction) at tenths of the estimated distinct blocks.
    curve: Vec<(u64, f64)>,
    references_per_sec: f64,
}

fn print_sampled(args: &Args, format: Format, s: Shards, secs: f64) -> Result<(), String> {
    let secs = secs.max(1e-9);
    let report = s.report();
    let distinct = report.distinct_estimate();
    let sizes: Vec<u64> = (1..=10u64).map(|i| ((distinct * i as f64 / 10.0).round() as u64).max(1)).collect();
    let curve: Vec<(u64, f64)> = sizes.iter().copied().zip(report.hit_fractions(&sizes)).collect();
    let rate_per_sec = report.references as f64 / secs;
    if args.json {
        let out = SampledOutput {
            trace: &args.file.trace,
            format: format.name(),
            report: &report,
            distinct_estimate: distinct,
            curve,
            references_per_sec: rate_per_sec,
        };
        println!("{}", serde_json::to_string(&out).expect("serialises"));
        return Ok(());
    }
    println!(
        "{}: {} block references, ≈ {:.0} distinct blocks — sampled at {} ({} references tracked, {:.0} references/s)",
        args.file.trace, report.references, distinct, report.rate, report.sampled_references, rate_per_sec
    );
    println!("  {:>12} {:>10}", "LRU blocks", "hit ratio");
    for (size, f) in curve {
        println!("  {size:>12} {f:>10.4}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_inputs_say_what_is_wrong() {
        let args = |trace: &str| Args {
            file: crate::trace_args::TraceArgs::file(trace, None),
            sample: None,
            max_blocks: None,
            json: true,
        };
        assert!(run(&args("/nonexistent/t")).unwrap_err().starts_with("/nonexistent/t:"));
        let dir = std::env::temp_dir().join(format!("tiersim-sd-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("t.txt");
        std::fs::write(&file, "1\n2\n1\n").unwrap();
        assert!(run(&args(file.to_str().unwrap())).is_ok());
        let sampled = Args { sample: Some(0.5), ..args(file.to_str().unwrap()) };
        assert!(run(&sampled).is_ok());
        let bad = Args { sample: Some(2.0), ..args(file.to_str().unwrap()) };
        assert!(run(&bad).unwrap_err().starts_with("--sample: sample rate must be"));
        let sized = Args { max_blocks: Some(2), ..args(file.to_str().unwrap()) };
        assert!(run(&sized).is_ok());
        let bad = Args { max_blocks: Some(0), ..args(file.to_str().unwrap()) };
        assert!(run(&bad).unwrap_err().starts_with("--max-blocks: the sample must hold"));
    }
}
