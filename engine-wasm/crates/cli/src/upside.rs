//! `tiersim upside`: paper 000 §3's estimate of what exclusive caching would buy, from the
//! scenario's workload alone (see `tiersim_core::upside`).

use tiersim_core::analysis::upside::{equal_sizes, estimate, path_sizes, SizePair};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario (- reads standard input): its workload, link and disk.
    pub scenario: String,
    /// Client:array size pairs in blocks, e.g. 16384:16384,8192:24576 (default: the scenario's).
    #[arg(long, value_delimiter = ',')]
    pub sizes: Vec<String>,
    /// Also N equal client and array sizes doubling up to the distinct blocks (paper 000 Fig. 4).
    #[arg(long, default_value_t = 0)]
    pub sweep: usize,
    /// Print the estimate as JSON.
    #[arg(long)]
    pub json: bool,
}

fn parse_pair(text: &str) -> Result<SizePair, String> {
    let bad = || format!("--sizes: \"{text}\" is not CLIENT:ARRAY in blocks");
    let (c, a) = text.split_once(':').ok_or_else(bad)?;
    Ok(SizePair { client: c.trim().parse().map_err(|_| bad())?, array: a.trim().parse().map_err(|_| bad())? })
}

pub fn run(args: &Args) -> Result<(), String> {
    let scenario = crate::read_scenario(&args.scenario)?;
    let mut points: Vec<SizePair> = args.sizes.iter().map(|t| parse_pair(t)).collect::<Result<_, _>>()?;
    if points.is_empty() {
        let shape = scenario.shape().map_err(|e| format!("{}: {e}", args.scenario))?;
        points.push(path_sizes(&shape, 0, scenario.block_size));
    }
    if args.sweep > 0 {
        if args.sweep > 32 {
            return Err(format!("--sweep: at most 32 sizes (got {})", args.sweep));
        }
        let w = scenario.workload().ok_or(format!("{}: --sweep sizes a generated workload", args.scenario))?;
        points.extend(equal_sizes(w.blocks(), args.sweep));
    }
    let report = estimate(&scenario, &points).map_err(|e| format!("{}: {e}", args.scenario))?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report).expect("serialises"));
        return Ok(());
    }
    let show = |p: &tiersim_core::analysis::upside::UpsidePoint| {
        let f = |q: &tiersim_core::analysis::upside::Prediction| {
            format!("{:.3}/{:.3}/{:.3} {:>6.3}", q.client, q.array, q.disk, q.mean_latency_ms)
        };
        format!(
            "{:>9} {:>9}   {:>23}   {:>23}   {:>8.1}% {:>6.2}×",
            p.client,
            p.array,
            f(&p.inclusive),
            f(&p.exclusive),
            p.miss_reduction_percent,
            p.speedup
        )
    };
    let sampled = report.sampled_rate.map_or(String::new(), |r| format!(", sampled at {r:.4}"));
    println!("{} block references, {} distinct blocks{sampled}", report.references, report.distinct);
    println!(
        "  {:>9} {:>9}   {:>23}   {:>23}   {:>9} {:>7}",
        "client", "array", "inclusive c/a/disk, ms", "exclusive c/a/disk, ms", "miss −%", "speedup"
    );
    for p in &report.points {
        println!("  {}", show(p));
    }
    if !report.clients.is_empty() {
        println!("each client alone, at its own cache and the caches above it:");
        for c in &report.clients {
            println!("  {:<10} {}", c.name, show(&c.point));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_parse_and_bad_ones_are_named() {
        assert_eq!(parse_pair("10:20").unwrap(), SizePair { client: 10, array: 20 });
        assert!(parse_pair("10x20").unwrap_err().contains("\"10x20\" is not CLIENT:ARRAY"));
        assert!(parse_pair("a:1").is_err());
    }
}
