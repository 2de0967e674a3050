//! `tiersim reproduce`: every reproduced table and figure of the five papers at the papers'
//! parameters, each cell with the paper's value, ours, the difference and a verdict against a
//! tolerance stated once (see `tiersim_core::run::reproduce`).

use std::time::Instant;

use tiersim_core::run::reproduce::{reproduce, Check, Expected};

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
    /// Print the checks a run recorded with --json (e.g. public/reproduction.json) instead of
    /// running them.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "threads"])]
    pub from: Option<std::path::PathBuf>,
}

pub fn run(args: &Args) -> Result<(), String> {
    let threads =
        args.threads.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)).max(1);
    let paper = args.paper.as_deref().map(|p| format!("{:0>3}", p.trim_start_matches('0')));
    let start = Instant::now();
    let checks = match &args.from {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let all: Vec<Check> = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            all.into_iter().filter(|c| paper.as_ref().is_none_or(|p| &c.paper == p)).collect()
        }
        None => reproduce(paper.as_deref(), threads).map_err(|e| format!("--paper: {e}"))?,
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&checks).expect("checks serialise"));
        return Ok(());
    }
    // A blank line ends the Markdown table before the summary.
    println!("{}", table(&checks));
    let count = |m: &str| checks.iter().filter(|c| c.verdict.mark() == m).count();
    let took = match &args.from {
        Some(path) => format!("as recorded in {}", path.display()),
        None => format!("in {:.1} s", start.elapsed().as_secs_f64()),
    };
    println!(
        "{} checks: {} ✓, {} ≈, {} ✗ (✓ within each value's tolerance, ≈ within twice it) {took}",
        checks.len(),
        count("✓"),
        count("≈"),
        count("✗"),
    );
    Ok(())
}

/// The checks as a Markdown table (docs/papers.md carries it).
pub fn table(checks: &[Check]) -> String {
    let mut out = String::from(
        "| paper | exhibit | check | paper's | ours | difference | verdict |\n|---|---|---|---|---|---|---|\n",
    );
    for c in checks {
        let paper = match &c.expected {
            Expected::Value { value, unit, tolerance } => {
                let digits = if unit == "ms" && *value < 1.0 { 3 } else { 2 };
                format!("{value:.digits$}{}{unit} ± {:.0} %", if unit == "×" { "" } else { " " }, 100.0 * tolerance)
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
