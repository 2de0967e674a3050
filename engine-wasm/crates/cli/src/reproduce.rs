//! `tiersim reproduce`: every reproduced table and figure of the five papers at the papers'
//! parameters, each cell with the paper's value, ours, the difference and a verdict against a
//! tolerance stated once (see `tiersim_core::run::reproduce`).

use std::time::Instant;

use tiersim_core::run::reproduce::{reproduce, Check, Expected, LATENCY, RATIO};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// One paper only: 000, 001, 002, 003 or 004.
    #[arg(long)]
    pub paper: Option<String>,
    /// Print the checks as JSON.
    #[arg(long)]
    pub json: bool,
    /// Scenarios run at once (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
}

pub fn run(args: &Args) -> Result<(), String> {
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
        .max(1);
    let paper = args.paper.as_deref().map(|p| format!("{:0>3}", p.trim_start_matches('0')));
    let start = Instant::now();
    let checks = reproduce(paper.as_deref(), threads).map_err(|e| format!("--paper: {e}"))?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&checks).expect("checks serialise"));
        return Ok(());
    }
    print!("{}", table(&checks));
    let count = |m: &str| checks.iter().filter(|c| c.verdict.mark() == m).count();
    println!(
        "{} checks: {} ✓, {} ≈, {} ✗ (tolerances: ±{:.0} % on latencies, ±{:.0} % on ratios; ≈ within twice) in {:.1} s",
        checks.len(),
        count("✓"),
        count("≈"),
        count("✗"),
        100.0 * LATENCY,
        100.0 * RATIO,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The checks as a Markdown table (the README carries it).
pub fn table(checks: &[Check]) -> String {
    let mut out = String::from("| paper | exhibit | check | paper's | ours | difference | verdict |\n|---|---|---|---|---|---|---|\n");
    for c in checks {
        let paper = match &c.expected {
            Expected::Value { value, unit, .. } => {
                let digits = if unit == "ms" && *value < 1.0 { 3 } else { 2 };
                format!("{value:.digits$}{}{unit}", if unit == "×" { "" } else { " " })
            }
            Expected::Claim { text } => text.clone(),
        };
        let diff = c.difference.map_or(String::new(), |d| format!("{:+.1} %", 100.0 * d));
        let note = c.note.as_deref().map_or(String::new(), |n| format!(" — {n}"));
        out.push_str(&format!(
            "| {} | {} | {} | {paper} | {} | {diff} | {}{note} |\n",
            c.paper,
            c.exhibit,
            c.label,
            c.ours_text,
            c.verdict.mark()
        ));
    }
    out
}
