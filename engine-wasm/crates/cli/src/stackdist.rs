//! `tiersim stackdist`: exact LRU stack distances of a trace's block references (paper 000 §3's
//! stack-depth graph): the hit fraction an LRU cache of every size would get.

use std::time::Instant;

use serde::Serialize;
use tiersim_core::stackdist::{StackDistances, StackReport};
use tiersim_core::trace::{self, Format};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(long)]
    pub trace: String,
    /// lines, csv, vscsi or oracle-general; detected from the content when left out.
    #[arg(long)]
    pub format: Option<String>,
    #[arg(long, default_value_t = 4096)]
    pub block_size: u32,
    /// Key each request by its start address, without splitting it into blocks.
    #[arg(long)]
    pub object: bool,
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

pub fn run(args: &Args) -> Result<(), String> {
    let bytes = std::fs::read(&args.trace).map_err(|e| format!("{}: {e}", args.trace))?;
    let format = match &args.format {
        Some(name) => Format::parse_name(name).map_err(|e| format!("--format: {e}"))?,
        None => trace::detect(&bytes)
            .ok_or(format!("{}: cannot tell the trace format; name it with --format", args.trace))?,
    };
    let opts = trace::Options { block_size: args.block_size, object_mode: args.object };
    let parsed = trace::parse(&bytes, format, &opts).map_err(|e| format!("{}: {e}", args.trace))?;
    drop(bytes);
    let mut s = StackDistances::new(parsed.distinct());
    let start = Instant::now();
    for &b in &parsed.refs {
        s.access(b);
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let report = s.report();
    let rate = report.references as f64 / secs;
    if args.json {
        let out = Output { trace: &args.trace, format: format.name(), report: &report, references_per_sec: rate };
        println!("{}", serde_json::to_string(&out).expect("serialises"));
        return Ok(());
    }
    println!(
        "{}: {} block references, {} distinct blocks, {} first references ({:.0} references/s)",
        args.trace, report.references, report.distinct, report.cold, rate
    );
    println!("  {:>12} {:>10}", "LRU blocks", "hit ratio");
    for i in 1..=10u64 {
        let size = (report.distinct * i / 10).max(1);
        println!("  {size:>12} {:>10.4}", report.hit_fractions(&[size])[0]);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_inputs_say_what_is_wrong() {
        let args =
            |trace: &str| Args { trace: trace.into(), format: None, block_size: 4096, object: false, json: true };
        assert!(run(&args("/nonexistent/t")).unwrap_err().starts_with("/nonexistent/t:"));
        let dir = std::env::temp_dir().join(format!("tiersim-sd-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("t.txt");
        std::fs::write(&file, "1\n2\n1\n").unwrap();
        assert!(run(&args(file.to_str().unwrap())).is_ok());
    }
}
