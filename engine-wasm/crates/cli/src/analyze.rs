//! `tiersim analyze`: what is in a trace before it is cached, in one streamed pass (memory: a
//! count and a size per distinct object, never the trace). The numbers and their meaning are
//! [`tiersim_core::analysis::profile`]'s.

use serde::Serialize;
use std::sync::Arc;
use tiersim_core::analysis::profile::{Profile, ProfileReport, DEFAULT_TOP, TIMES};
use tiersim_core::trace::Trace;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub file: crate::trace_args::TraceArgs,
    /// How many of the most referenced objects to list.
    #[arg(long, default_value_t = DEFAULT_TOP)]
    pub top: usize,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Output<'a> {
    trace: &'a str,
    format: &'static str,
    /// Whether requests were keyed by object (`--object`) or split into blocks.
    objects: bool,
    #[serde(flatten)]
    report: &'a ProfileReport,
}

pub fn run(args: &Args) -> Result<(), String> {
    let mut profile = Profile::new();
    let mut workers = [|batch: &Arc<Trace>| profile.feed(batch)];
    let read = args.file.replay(&mut workers)?;
    crate::trace_args::report_skipped(&args.file.trace, &read);
    let report = profile.report(args.top, &read.raw);
    if args.json {
        let out =
            Output { trace: &args.file.trace, format: read.format.name(), objects: args.file.object, report: &report };
        println!("{}", serde_json::to_string(&out).expect("serialises"));
        return Ok(());
    }
    print_page(args, read.format.name(), &report);
    Ok(())
}

fn print_page(args: &Args, format: &str, r: &ProfileReport) {
    let (refs, units) = if args.file.object { ("requests", "objects") } else { ("block references", "blocks") };
    let gib = |b: u64| b as f64 / (1u64 << 30) as f64;
    println!("{} ({format} trace, read as {units})", args.file.trace);
    println!("  requests                {} (reads {}, writes {})", r.requests, r.reads, r.writes);
    if r.references != r.requests {
        println!("  {refs:<23} {}", r.references);
    }
    println!("  distinct {units:<14} {}", r.distinct);
    if let (Some(b), Some(d)) = (r.bytes_requested, r.distinct_bytes) {
        println!("  bytes requested         {b} ({:.4} GiB)", gib(b));
        println!(
            "  distinct bytes          {d} ({:.4} GiB; each object at its first request's size, {} requests changed one)",
            gib(d),
            r.size_changes
        );
    }
    print!("  compulsory miss ratio   {:.4} by {refs}", r.compulsory_miss_ratio);
    if let Some(b) = r.compulsory_byte_miss_ratio {
        print!(", {b:.4} by bytes");
    }
    println!(": every first reference misses, so no cache of any size misses less");
    if let (Some(q), Some(o)) = (r.mean_size_by_requests, r.mean_size_by_objects) {
        println!("  mean object size        {q:.1} B by requests, {o:.1} B by objects");
    }
    println!("  frequency mean          {:.4} references per {}", r.frequency_mean, &units[..units.len() - 1]);
    if let Some(s) = r.time_span_secs {
        println!("  time span               {s:.0} s");
    }
    let times: Vec<String> = r.referenced_times.iter().map(u64::to_string).collect();
    println!("  referenced 1…{TIMES} times   {} (more: {})", times.join(", "), r.referenced_more);
    println!("  one-hit wonders         {:.2} % of the {units}", 100.0 * r.one_hit_wonders);
    if !r.top.is_empty() {
        println!("  most referenced         id: {refs} (share)");
        for p in &r.top {
            println!("    {:>20}: {} ({:.4})", p.id, p.references, p.share);
        }
    }
    match &r.zipf {
        Some(z) => println!(
            "  Zipf α                  {:.4} (least squares through ln rank, ln references of every one; R² {:.4})",
            z.alpha, z.r2
        ),
        None => println!("  Zipf α                  none (fewer than two different reference counts)"),
    }
}
