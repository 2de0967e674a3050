//! `tiersim stackdist`: exact LRU stack distances of a trace's block references (paper 000 §3's
//! stack-depth graph): the hit fraction an LRU cache of every size would get. The file is
//! streamed (memory: the distances' state per distinct block, never the trace).

use std::time::Instant;

use serde::Serialize;
use std::sync::Arc;
use tiersim_core::analysis::stackbytes::{self, ByteShards, ByteStack, ByteStackReport, SampledByteReport};
use tiersim_core::analysis::stackdist::{SampledReport, Shards, StackDistances, StackReport};
use tiersim_core::model::Capacity;

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
    /// Capacities in bytes (128MiB,1GiB) the byte curve of a trace with sizes is counted at;
    /// default: eight per doubling.
    #[arg(long)]
    pub sizes: Option<String>,
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
    /// LRU's curve in bytes, when the trace carries sizes.
    #[serde(skip_serializing_if = "Option::is_none")]
    bytes: Option<&'a ByteStackReport>,
    references_per_sec: f64,
}

/// LRU's byte curve, exact or sampled, beside the block (object) curve when the trace has sizes.
enum Bytes {
    Exact(ByteStack),
    Sampled(ByteShards),
}

impl Bytes {
    fn feed(&mut self, batch: &Trace) {
        match self {
            Self::Exact(s) => s.feed(batch),
            Self::Sampled(s) => s.feed(batch),
        }
    }
}

/// A worker of the replay: sees every batch, in order.
type Worker<'a> = Box<dyn FnMut(&Arc<Trace>) + Send + 'a>;

/// Feeds every block reference of each batch to `access`, timing only that.
fn timed<'a, F: FnMut(u32) + Send + 'a>(mut access: F, secs: &'a mut f64) -> Worker<'a> {
    Box::new(move |batch: &Arc<Trace>| {
        let start = Instant::now();
        for &b in &batch.refs {
            access(b);
        }
        *secs += start.elapsed().as_secs_f64();
    })
}

/// Feeds each batch's requests with their sizes to `bytes` while the batches carry sizes
/// (`sized` turns false at the first that does not): a second worker, so the byte curve is
/// counted on its own thread beside the block (object) one.
fn by_bytes<'a>(bytes: &'a mut Bytes, sized: &'a mut bool) -> Worker<'a> {
    Box::new(move |batch: &Arc<Trace>| {
        *sized &= stackbytes::sized(batch);
        if *sized {
            bytes.feed(batch);
        }
    })
}

/// Replays the file through `blocks`, and through the byte curve when there is one.
fn replay<'a>(
    args: &Args,
    blocks: Worker<'a>,
    bytes: &'a mut Option<Bytes>,
    sized: &'a mut bool,
) -> Result<tiersim_core::trace::pipeline::Replayed, String> {
    let mut workers = vec![blocks];
    if let Some(b) = bytes.as_mut() {
        workers.push(by_bytes(b, sized));
    }
    args.file.replay(&mut workers)
}

pub fn run(args: &Args) -> Result<(), String> {
    let points = match &args.sizes {
        Some(text) => Capacity::parse_byte_list(text).map_err(|e| format!("--sizes: {e}"))?,
        None => stackbytes::default_points(),
    };
    let sampler = match (args.sample, args.max_blocks) {
        (Some(rate), _) => Some(Shards::new(rate).map_err(|e| format!("--sample: {e}"))?),
        (None, Some(max)) => Some(Shards::fixed_size(max).map_err(|e| format!("--max-blocks: {e}"))?),
        (None, None) => None,
    };
    // Only a trace read as objects carries sizes.
    if args.sizes.is_some() && !args.file.object {
        return Err("--sizes: a byte curve is of an object trace with sizes: add --object".into());
    }
    let mut bytes = match (args.sample, args.max_blocks) {
        _ if !args.file.object => None,
        (Some(rate), _) => Some(Bytes::Sampled(ByteShards::new(rate, points).map_err(|e| format!("--sample: {e}"))?)),
        (None, Some(_)) if args.sizes.is_some() => {
            return Err(
                "--sizes: a byte curve is exact, or sampled at a fixed rate (--sample), not by --max-blocks".into()
            )
        }
        (None, Some(_)) => None,
        (None, None) => Some(Bytes::Exact(ByteStack::new(points, 0))),
    };
    let (mut secs, mut sized) = (0.0, true);
    if let Some(mut s) = sampler {
        let read = replay(args, timed(|b| s.access(b), &mut secs), &mut bytes, &mut sized)?;
        crate::trace_args::report_skipped(&args.file.trace, &read);
        let bytes = check_sized(args, sized, bytes)?;
        return print_sampled(args, read.format, s, bytes, secs);
    }
    // The index grows with the blocks as they come: the file's distinct blocks are not known
    // before it is read.
    let mut s = StackDistances::new(0);
    let read = replay(
        args,
        timed(
            |b| {
                s.access(b);
            },
            &mut secs,
        ),
        &mut bytes,
        &mut sized,
    )?;
    crate::trace_args::report_skipped(&args.file.trace, &read);
    let bytes = match check_sized(args, sized, bytes)? {
        Some(Bytes::Exact(b)) => Some(b.report(args.sizes.is_none())),
        _ => None,
    };
    let format = read.format;
    let report = s.report();
    let rate = report.references as f64 / secs.max(1e-9);
    if args.json {
        let out = Output {
            trace: &args.file.trace,
            format: format.name(),
            report: &report,
            bytes: bytes.as_ref(),
            references_per_sec: rate,
        };
        println!("{}", serde_json::to_string(&out).expect("serialises"));
        return Ok(());
    }
    let (refs, units) = words(args);
    println!(
        "{}: {} {refs}, {} distinct {units}, {} first references ({:.0} references/s)",
        args.file.trace, report.references, report.distinct, report.cold, rate
    );
    println!("  {:>12} {:>10}", format!("LRU {units}"), "hit ratio");
    for i in 1..=10u64 {
        let size = (report.distinct * i / 10).max(1);
        println!("  {size:>12} {:>10.4}", report.hit_fractions(&[size])[0]);
    }
    if let Some(b) = &bytes {
        print_bytes(args, b);
    }
    Ok(())
}

/// What the references and their units are called: a trace read as objects has requests for
/// objects, a block trace block references.
fn words(args: &Args) -> (&'static str, &'static str) {
    if args.file.object {
        ("requests", "objects")
    } else {
        ("block references", "blocks")
    }
}

/// The byte curve, if the trace carried sizes; asking for one of a trace without is an error.
fn check_sized(args: &Args, sized: bool, bytes: Option<Bytes>) -> Result<Option<Bytes>, String> {
    match (sized, &args.sizes) {
        (true, _) => Ok(bytes),
        (false, None) => Ok(None),
        (false, Some(_)) => Err(format!(
            "--sizes: {} carries no sizes as read: a byte curve needs an object trace with sizes (--object on oracleGeneral or a byte-addressed trace, or a CSV with a size column)",
            args.file.trace
        )),
    }
}

/// The byte curve's table: the capacities asked, or each power of two up to the one that holds everything.
fn print_bytes(args: &Args, b: &ByteStackReport) {
    println!(
        "  in bytes: {} bytes requested, {} distinct bytes, {} bytes in first references; the largest object {} bytes",
        b.bytes_requested, b.distinct_bytes, b.cold_bytes, b.largest_object
    );
    println!("  {:>16} {:>10} {:>15}", "LRU bytes", "miss ratio", "byte miss ratio");
    let shown = b.points.iter().filter(|p| args.sizes.is_some() || p.bytes.is_power_of_two());
    for p in shown {
        let mark = if p.exact { " " } else { "*" };
        println!("  {:>16}{mark}{:>10.4} {:>15.4}", p.bytes, p.miss_ratio, p.byte_miss_ratio);
    }
    if b.points.iter().any(|p| !p.exact) {
        if b.size_changes > 0 {
            println!(
                "  * {} requests changed their object's size: the one-pass curve weighs each object at its latest size, a cache keeps a hit's first size",
                b.size_changes
            );
        } else {
            println!(
                "  * below the largest object ({} bytes), which a cache that small does not admit: an upper bound on the miss ratios",
                b.largest_object
            );
        }
    }
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
    /// LRU's estimated curve in bytes, when the trace carries sizes.
    #[serde(skip_serializing_if = "Option::is_none")]
    bytes: Option<&'a SampledByteReport>,
    references_per_sec: f64,
}

fn print_sampled(args: &Args, format: Format, s: Shards, bytes: Option<Bytes>, secs: f64) -> Result<(), String> {
    let bytes = match bytes {
        Some(Bytes::Sampled(b)) => Some(b.report()),
        _ => None,
    };
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
            bytes: bytes.as_ref(),
            references_per_sec: rate_per_sec,
        };
        println!("{}", serde_json::to_string(&out).expect("serialises"));
        return Ok(());
    }
    let (refs, units) = words(args);
    println!(
        "{}: {} {refs}, ≈ {:.0} distinct {units} — sampled at {} ({} references tracked, {:.0} references/s)",
        args.file.trace, report.references, distinct, report.rate, report.sampled_references, rate_per_sec
    );
    println!("  {:>12} {:>10}", format!("LRU {units}"), "hit ratio");
    for (size, f) in curve {
        println!("  {size:>12} {f:>10.4}");
    }
    if let Some(b) = &bytes {
        println!(
            "  in bytes: {} bytes requested, ≈ {:.0} distinct bytes; the largest object {} bytes",
            b.bytes_requested, b.distinct_bytes_estimate, b.largest_object
        );
        println!("  {:>16} {:>10} {:>15}", "LRU bytes", "miss ratio", "byte miss ratio");
        let all = args.sizes.is_some();
        for p in b.points.iter().filter(|p| all || p.bytes.is_power_of_two()) {
            println!("  {:>16} {:>10.4} {:>15.4}", p.bytes, p.miss_ratio, p.byte_miss_ratio);
            // Without named capacities, up to the first that holds the estimated bytes.
            if !all && p.bytes as f64 >= b.distinct_bytes_estimate {
                break;
            }
        }
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
            sizes: None,
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
        // A byte curve: capacities with units, of a trace that carries sizes.
        let bad = Args { sizes: Some("1MiB,12".into()), ..args(file.to_str().unwrap()) };
        assert_eq!(run(&bad).unwrap_err(), "--sizes: \"12\": a capacity in bytes needs a unit (128MiB, 1GiB, 4096B)");
        let blocks = Args { sizes: Some("1MiB".into()), ..args(file.to_str().unwrap()) };
        assert_eq!(run(&blocks).unwrap_err(), "--sizes: a byte curve is of an object trace with sizes: add --object");
        let mut unsized_trace = Args { sizes: Some("1MiB".into()), ..args(file.to_str().unwrap()) };
        unsized_trace.file.object = true;
        assert!(run(&unsized_trace).unwrap_err().contains("carries no sizes as read"), "{:?}", run(&unsized_trace));
        let mut fixed = Args { sizes: Some("1MiB".into()), max_blocks: Some(2), ..args(file.to_str().unwrap()) };
        fixed.file.object = true;
        assert!(run(&fixed).unwrap_err().contains("not by --max-blocks"));
        let csv = dir.join("t.csv");
        std::fs::write(&csv, "time,client,block,nblocks,op,hint,size\n0,0,1,1,R,,100\n1,0,2,1,R,,50\n2,0,1,1,R,,100\n")
            .unwrap();
        let mut sized = Args { sizes: Some("150B,149B".into()), ..args(csv.to_str().unwrap()) };
        sized.file.object = true;
        assert!(run(&sized).is_ok());
        assert!(run(&Args { json: false, ..sized }).is_ok());
    }
}
