//! The papers' results, reproduced on each paper's testbed — its parameters where it gives them,
//! stand-ins each check's note names where it does not — and judged honestly: each
//! [`Check`] holds what a paper reports, what tiersim gets, and a verdict against a tolerance
//! stated once, here — ✓ within it, ≈ within twice it, ✗ beyond (with one line of why, where we
//! know it). `tiersim reproduce` prints them; the gallery shows the same verdicts.
//!
//! Tolerances: each value carries its own — ±25 % on ratios by default ([`RATIO`]: hit-ratio
//! ratios, slow-down factors, improvements), tighter where the paper's numbers pin ours (paper
//! 000's Table 2: ±4 % on latencies, ±8 % on speed-ups); an ordering or a claim the paper
//! makes holds or not.

use serde::{Deserialize, Serialize};

use crate::hierarchy::{DiskConfig, LinkConfig, Protocol, PAPER000_DEMOTE_COMMAND_MS};
use crate::policy::PolicyConfig;
use crate::run::{Report, Run};
use crate::scenario::{Scenario, Topology};
use crate::workload::WorkloadConfig;

mod p000;
mod p001;
mod p002;
mod p003;
mod p004;

/// Relative tolerance on ratios.
pub const RATIO: f64 = 0.25;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// ✓ within the tolerance, or the claim holds.
    Pass,
    /// ≈ within twice the tolerance.
    Close,
    /// ✗ beyond it, or the claim fails.
    Fail,
}

impl Verdict {
    pub fn mark(self) -> &'static str {
        match self {
            Verdict::Pass => "✓",
            Verdict::Close => "≈",
            Verdict::Fail => "✗",
        }
    }
}

/// What the paper reports.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Expected {
    /// A number, judged within a relative tolerance.
    Value { value: f64, unit: String, tolerance: f64 },
    /// An ordering or a claim, in the paper's words; it holds or not.
    Claim { text: String },
}

/// One cell of a reproduction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Check {
    /// "000" … "004".
    pub paper: String,
    /// The table or figure ("Table 2", "Fig. 19").
    pub exhibit: String,
    pub label: String,
    pub expected: Expected,
    /// Ours: the number for a value, 1 or 0 for a claim that holds or not.
    pub ours: f64,
    /// Ours as the paper would write it.
    pub ours_text: String,
    /// Ours over the paper's value, less 1 (values only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub difference: Option<f64>,
    pub verdict: Verdict,
    /// Why ours differs, where we know; or how it was measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub note: Option<String>,
}

/// The verdict of a check from its numbers alone (the gallery recomputes it the same way).
pub fn judge(expected: &Expected, ours: f64) -> (Verdict, Option<f64>) {
    match expected {
        Expected::Value { value, tolerance, .. } => {
            let d = ours / value - 1.0;
            let v = if !d.is_finite() {
                Verdict::Fail
            } else if d.abs() <= *tolerance + 1e-12 {
                Verdict::Pass
            } else if d.abs() <= 2.0 * tolerance {
                Verdict::Close
            } else {
                Verdict::Fail
            };
            (v, Some(d))
        }
        Expected::Claim { .. } => (if ours >= 0.5 { Verdict::Pass } else { Verdict::Fail }, None),
    }
}

fn value(paper: &str, exhibit: &str, label: &str, v: f64, unit: &str, tolerance: f64, ours: f64) -> Check {
    let expected = Expected::Value { value: v, unit: unit.into(), tolerance };
    let (verdict, difference) = judge(&expected, ours);
    let digits = if unit == "ms" && v < 1.0 { 3 } else { 2 };
    Check {
        paper: paper.into(),
        exhibit: exhibit.into(),
        label: label.into(),
        expected,
        ours,
        ours_text: format!("{ours:.digits$}{}{unit}", if unit == "×" { "" } else { " " }),
        difference,
        verdict,
        note: None,
    }
}

fn claim(paper: &str, exhibit: &str, label: &str, text: &str, holds: bool, ours_text: String) -> Check {
    let expected = Expected::Claim { text: text.into() };
    let ours = if holds { 1.0 } else { 0.0 };
    Check {
        paper: paper.into(),
        exhibit: exhibit.into(),
        label: label.into(),
        verdict: judge(&expected, ours).0,
        expected,
        ours,
        ours_text,
        difference: None,
        note: None,
    }
}

impl Check {
    fn note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }

    /// `note` only when the check is not a ✓.
    fn note_unless_pass(self, note: impl Into<String>) -> Self {
        if self.verdict == Verdict::Pass {
            self
        } else {
            self.note(note)
        }
    }
}

/// `f` of every item, on up to `threads` threads (one: this thread, as in wasm); in order.
fn map_parallel<T: Sync, R: Send>(items: &[T], threads: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    if threads <= 1 || items.len() <= 1 {
        return items.iter().map(f).collect();
    }
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let out: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(items.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(item);
                out.lock().expect("no panics while held")[i] = Some(r);
            });
        }
    });
    out.into_inner().expect("no panics while held").into_iter().map(|r| r.expect("every item ran")).collect()
}

/// Runs `scenarios` to the end on up to `threads` threads; reports in the same order.
pub fn run_all(scenarios: &[Scenario], threads: usize) -> Vec<Report> {
    map_parallel(scenarios, threads, |s| Run::new(s.clone()).unwrap_or_else(|e| panic!("{}: {e}", s.name)).run_to_end())
}

/// The papers reproduced, with the exhibits each covers.
pub const PAPERS: [&str; 5] = ["000", "001", "002", "003", "004"];

/// One paper's reproduction, on up to so many threads.
type Paper = fn(usize) -> Vec<Check>;

/// Every paper's checks, or `paper`'s alone ("000" … "004"); `threads` runs at once (1 in wasm).
pub fn reproduce(paper: Option<&str>, threads: usize) -> Result<Vec<Check>, String> {
    let all: [(&str, Paper); 5] = [
        ("000", p000::paper000),
        ("001", p001::paper001),
        ("002", p002::paper002),
        ("003", p003::paper003),
        ("004", p004::paper004),
    ];
    if let Some(p) = paper {
        if !all.iter().any(|(n, _)| *n == p) {
            let names: Vec<&str> = all.iter().map(|(n, _)| *n).collect();
            return Err(format!("no reproduction of paper {p} (there are: {})", names.join(", ")));
        }
    }
    Ok(all.iter().filter(|(n, _)| paper.is_none_or(|p| p == *n)).flat_map(|(_, f)| f(threads)).collect())
}
