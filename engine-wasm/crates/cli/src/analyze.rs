//! `tiersim analyze`: what is in a trace before it is cached, in one streamed pass (memory: a
//! count and a size per distinct object, never the trace). The numbers and their meaning are
//! [`tiersim_core::analysis::profile`]'s.

use serde::Serialize;
use std::sync::Arc;
use tiersim_core::analysis::profile::bins::Bin;
use tiersim_core::analysis::profile::{
    Profile, ProfileReport, WindowError, DEFAULT_TOP, DEFAULT_WINDOW_REQUESTS, DEFAULT_WINDOW_SECS, TIMES,
};
use tiersim_core::trace::pipeline::Settings;
use tiersim_core::trace::Trace;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub file: crate::trace_args::TraceArgs,
    /// How many of the most referenced objects to list.
    #[arg(long, default_value_t = DEFAULT_TOP)]
    pub top: usize,
    /// Seconds per window of the load over time (a trace with times).
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_WINDOW_SECS)]
    pub window: f64,
    /// Requests per window of the load over time (a trace without times).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_WINDOW_REQUESTS)]
    pub window_requests: u64,
    /// Print the report as JSON (every table in full).
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
    let profile = Profile::new().windows(args.window, args.window_requests).map_err(|e| match e {
        WindowError::Seconds(_) => format!("--window: {e}"),
        WindowError::Requests => format!("--window-requests: {e}"),
    })?;
    let mut profile = if args.file.object { profile } else { profile.for_blocks() };
    let mut workers = [|batch: &Arc<Trace>| profile.feed(batch)];
    let read = args.file.replay_with(Settings { addresses: true, ..Settings::default() }, &mut workers)?;
    crate::trace_args::report_skipped(&args.file.trace, &read);
    let report = profile.report(args.top);
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
    print_tables(args, r, units);
}

/// Rows a table prints before saying how many more `--json` has.
const ROWS: usize = 24;

/// The distributions and tables, each under a heading.
fn print_tables(args: &Args, r: &ProfileReport, units: &str) {
    let unit = &units[..units.len() - 1];
    let reuses = r.references - r.distinct;
    println!("\nreuse ({reuses} references after their {unit}'s first; power-of-two bins)");
    print_bins("  requests since the previous reference", &r.reuse.requests, reuses, count);
    print_bins("  seconds since it", &r.reuse.seconds, reuses, secs);
    let how = match r.reuse.distance_sample_rate {
        None => "exact".to_string(),
        Some(rate) => format!("estimated by a SHARDS sample, final rate {rate:.6}"),
    };
    print_bins(&format!("  LRU stack distance in {units} ({how})"), &r.reuse.distance, reuses, count);
    if !r.sizes.is_empty() {
        println!("\nsizes (each object at its first size)");
        println!("  {:>21} {:>12} {:>16} {:>10} {:>12}", "size", "requests", "bytes", units, "references");
        for b in &r.sizes {
            println!(
                "  {:>21} {:>12} {:>16} {:>10} {:>12}",
                format!("{}–{}", bytes(b.from), bytes(b.to)),
                b.requests,
                b.bytes,
                b.objects,
                b.references
            );
        }
    }
    println!("\npopularity ({units} by their references)");
    println!("  {:>21} {:>10} {:>12} {:>14}", "references", units, "references", "mean size");
    for b in &r.popularity {
        let size = b.mean_size.map_or("–".to_string(), |s| format!("{s:.1} B"));
        println!(
            "  {:>21} {:>10} {:>12} {size:>14}",
            if b.to - b.from > 1.0 { format!("{}–{}", b.from, b.to - 1.0) } else { b.from.to_string() },
            b.objects,
            b.references
        );
    }
    let w = &r.windows;
    println!("\nover time (windows of {} {}; the working set: distinct {units} in a window)", w.width, w.unit);
    println!(
        "  {:>14} {:>12} {:>14} {:>12} {:>12}",
        format!("start ({})", &w.unit[..1]),
        "requests",
        "bytes",
        "working set",
        "new"
    );
    for x in w.windows.iter().take(ROWS) {
        println!("  {:>14} {:>12} {:>14} {:>12} {:>12}", x.start, x.requests, x.bytes, x.distinct, x.new);
    }
    more(w.windows.len());
    if let Some(c) = &r.clients {
        println!("\nper client ({} {units} referenced by more than one)", c.shared);
        println!(
            "  {:>6} {:>12} {:>12} {:>12} {:>16} {:>12} {:>10}",
            "client", "requests", "reads", "writes", "bytes", units, "compulsory"
        );
        for x in c.clients.iter().take(ROWS) {
            println!(
                "  {:>6} {:>12} {:>12} {:>12} {:>16} {:>12} {:>10.4}",
                x.client, x.requests, x.reads, x.writes, x.bytes, x.distinct, x.compulsory_miss_ratio
            );
        }
        more(c.clients.len());
    }
    if let Some(b) = &r.blocks {
        println!("\nblocks");
        print_bins("  blocks per request", &b.request_blocks, r.requests, count);
        println!(
            "  sequential requests: {} ({:.2} % continue their client's run)",
            b.sequential_requests,
            100.0 * b.sequential_requests as f64 / r.requests.max(1) as f64
        );
        let runs = b.runs.iter().map(|x| x.count).sum();
        print_bins("  sequential runs by their blocks", &b.runs, runs, count);
        println!("  footprint by region (block numbers as the file gives them)");
        println!("  {:>21} {:>21} {:>12} {:>12}", "from", "to", "blocks", "references");
        for x in &b.regions {
            println!("  {:>21} {:>21} {:>12} {:>12}", x.from, x.to, x.blocks, x.references);
        }
    }
    if args.top > 0 {
        println!("\n(every table in full, with more precision: --json)");
    }
}

fn more(n: usize) {
    if n > ROWS {
        println!("  … {} more (--json lists them)", n - ROWS);
    }
}

/// A distribution as rows `from–to  count  share of total`.
fn print_bins(title: &str, bins: &[Bin], total: u64, edge: fn(f64) -> String) {
    if bins.is_empty() {
        return;
    }
    println!("{title}");
    for b in bins {
        println!(
            "  {:>27} {:>14} {:>8.2} %",
            format!("{} – {}", edge(b.from), edge(b.to)),
            b.count,
            100.0 * b.count as f64 / total.max(1) as f64
        );
    }
}

fn count(v: f64) -> String {
    format!("{v}")
}

fn secs(v: f64) -> String {
    if v == 0.0 {
        "0 s".into()
    } else if v < 1e-3 {
        format!("{:.0} µs", v * 1e6)
    } else if v < 1.0 {
        format!("{:.1} ms", v * 1e3)
    } else {
        format!("{v:.1} s")
    }
}

/// Power-of-two bytes in the largest unit that keeps them whole.
fn bytes(v: f64) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut k = 0;
    let mut x = v;
    while x >= 1024.0 && k + 1 < units.len() {
        x /= 1024.0;
        k += 1;
    }
    format!("{x} {}", units[k])
}
